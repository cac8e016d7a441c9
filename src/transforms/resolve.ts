// RFC 3986 §5.2 reference resolution (§5.2.1 base checks, §5.2.2 transform, §5.2.3 merge, §5.2.4 remove_dot_segments) on texts and part offsets
// (a node's, or those a string argument was read at): the target's text is written once (§5.3 recomposition) and made a node by make.referenceAt.
import * as make from "../ast/make.js";
import type { Uri, UriReference } from "../ast/nodes.js";
import type { ReferenceOffsets } from "../ast/make.js";
import type { Result } from "../result.js";
import { ResolveError } from "./errors.js";
import { dotSegmentsRemoved, guardPath } from "./remove-dot-segments.js";

/** Options of {@link resolveReference}. */
export interface ResolveOptions {
  /**
   * `true` (the default) for a strict parser. With `false`, a reference whose scheme equals the
   * base's (compared case-insensitively, §3.1) is treated as if it had no scheme (§5.2.2, §5.4.2:
   * `"http:g"` against `"http://a/b/c/d;p?q"` gives `"http://a/b/c/g"`).
   */
  readonly strict?: boolean | undefined;
  /**
   * What to do with a base that has a fragment. `"ignore"` (the default): §5.2.2 never reads the
   * base's fragment, so it makes no difference (a crawler's base is usually a page URL with its
   * `#section`). `"error"`: refuse it with a `ResolveError` `"base-has-fragment"`, as §5.1's
   * "absolute-URI" base strictly requires.
   */
  readonly baseFragment?: "ignore" | "error" | undefined;
}

/** Whether a dot segment can begin in `[from, to)` of `s` (a path, or a run of its segments starting at `from`): a "." at `from` or after a "/". */
function mayHoldDotSegment(s: string, from: number, to: number): boolean {
  for (let i = s.indexOf(".", from); i >= 0 && i < to; i = s.indexOf(".", i + 1)) if (i === from || s.charCodeAt(i - 1) === 0x2f) return true;
  return false;
}

/** The part `[from, to)` of `s`, or `undefined` for an absent part (`from` -1). */
const part = (s: string, from: number, to: number): string | undefined => (from < 0 ? undefined : s.slice(from, to));

/** Where the path of the reference `[start, end)` at offsets `o` begins (RFC 3986 §3: after the authority, or the scheme's ":"). */
const pathStartOf = (o: ReferenceOffsets, start: number): number => (o.authorityStart >= 0 ? o.authorityEnd : o.schemeEnd >= 0 ? o.schemeEnd + 1 : start);
/** Where it ends: at the "?" of the query, the "#" of the fragment, or the end. */
const pathEndOf = (o: ReferenceOffsets, end: number): number => (o.queryStart >= 0 ? o.queryStart : o.fragmentStart >= 0 ? o.fragmentStart : end);
/** An offset moved by `d`, or -1 for an absent part. */
// `| 0`: a shift by -0 (`-bStart` of a reference at 0) made `at + d` a heap number, which the
// node then kept (see make.ts referenceNode: its offsets became boxed doubles for every parse)
const moved = (at: number, d: number): number => (at < 0 ? -1 : (at + d) | 0);

/**
 * Resolves a URI reference against a base URI (RFC 3986 §5.2.2) and returns the target URI.
 *
 * The base must be a URI with a scheme (§5.1): a relative-ref base gives a {@link ResolveError}
 * with code `"base-not-absolute"` (resolve it against its own base first, §5.1.1–§5.1.4). A
 * base's fragment is ignored, as §5.2.2 never reads it, unless `baseFragment: "error"` asks for
 * §5.1's strict absolute-URI (then it is `"base-has-fragment"`). The base is not normalized (§5.2.1 makes that optional): a
 * reference with an empty path keeps the base's path as it is.
 *
 * One result cannot be written as RFC 3986 says: when the target has no authority and its path
 * would begin with "//" (base `"foo:"`, reference `".///bar"` gives the path `"//bar"`), the
 * path is given a `"/."` prefix, `"foo:/.//bar"`, which has the same segments once dot segments
 * are removed and does not read as an authority (the choice WHATWG URL and iri-string make).
 * Every result thus serializes to a string matching `URI`.
 *
 * The target is written once, from the texts of the parts of the base and the reference (their
 * nodes are views: no part node is made).
 *
 * @example
 * const base = parseOrThrow("http://a/b/c/d;p?q", { rule: "URI" });
 * const r = resolveReference(base, parseOrThrow("../g"));
 * if (r.ok) serialize(r.value); // "http://a/b/g"
 */
export function resolveReference(base: Uri, ref: UriReference, options: ResolveOptions = {}): Result<Uri, ResolveError> {
  // §5.1 / §5.2.1: only an absolute-URI can be a base.
  if (base.kind !== "URI") return { ok: false, error: new ResolveError("base-not-absolute") };
  const b = make.layoutOf(base);
  const r = make.layoutOf(ref);
  return resolveOffsets(b.input, b.start, b.end, b, r.input, r.start, r.end, r, options);
}

/**
 * {@link resolveReference} on the texts of a base and a reference and the offsets of their parts
 * (RFC 3986 Appendix B): the base is `[bStart, bEnd)` of `bs`, at offsets `b` into `bs`; the
 * reference `[rStart, rEnd)` of `rs`, at `r`. The §5.1 checks of the base, then
 * {@link resolveAt}. No node of the base or the reference is needed.
 */
export function resolveOffsets(
  bs: string, bStart: number, bEnd: number, b: ReferenceOffsets,
  rs: string, rStart: number, rEnd: number, r: ReferenceOffsets,
  options: ResolveOptions,
): Result<Uri, ResolveError> {
  if (b.schemeEnd < 0) return { ok: false, error: new ResolveError("base-not-absolute") };
  if (b.fragmentStart >= 0 && options.baseFragment === "error") return { ok: false, error: new ResolveError("base-has-fragment") };
  return { ok: true, value: resolveAt(bs, bStart, bEnd, b, rs, rStart, rEnd, r, options.strict !== false) };
}

/** §5.2.2: whether the reference's scheme counts (a non-strict parser ignores one identical to the base's, compared case-insensitively, §3.1). */
function refHasScheme(bs: string, bStart: number, b: ReferenceOffsets, rs: string, rStart: number, r: ReferenceOffsets, strict: boolean): boolean {
  if (r.schemeEnd < 0) return false;
  return strict || rs.slice(rStart, r.schemeEnd).toLowerCase() !== bs.slice(bStart, b.schemeEnd).toLowerCase();
}

/**
 * The target of §5.2.2, written once as one or two slices of the inputs where that is the whole
 * work, else by {@link resolveGeneral}. With the base a URI `[bStart, bEnd)` of `bs` and the
 * reference `[rStart, rEnd)` of `rs`:
 *
 * - a reference with a scheme whose path holds no dot segment is the target (§5.2.2: T = R,
 *   and remove_dot_segments, §5.2.4, leaves such a path as it is);
 * - otherwise the target is the base up to some point (its scheme, authority, and the part of its
 *   path or query §5.2.2 keeps) followed by the reference from some point, when no dot segment
 *   is there to remove; this includes the §5.2.3 merge with a base path whose kept part (all but
 *   its last segment) holds no dot segment;
 * - a merge with a reference path that begins with "./" and "../" segments and holds no other dot
 *   segment: §5.2.4 removes one segment of the base's kept path for each "..", down to the root.
 *
 * The target's offsets are worked out from the inputs' (the result is not read again); its host
 * kind is the input's, or worked out when its host is read.
 */
export function resolveAt(bs: string, bStart: number, bEnd: number, b: ReferenceOffsets, rs: string, rStart: number, rEnd: number, r: ReferenceOffsets, strict: boolean): Uri {
  const rPathStart = pathStartOf(r, rStart);
  const rPathEnd = pathEndOf(r, rEnd);
  if (refHasScheme(bs, bStart, b, rs, rStart, r, strict)) {
    // T = R (§5.2.2) when remove_dot_segments has nothing to do
    if (mayHoldDotSegment(rs, rPathStart, rPathEnd)) return resolveGeneral(bs, bStart, bEnd, b, rs, rStart, rEnd, r, strict);
    if (rStart === 0 && rEnd === rs.length) return make.referenceAt(rs, r) as Uri;
    const d = -rStart;
    return make.referenceAt(rs.slice(rStart, rEnd), {
      schemeEnd: (r.schemeEnd + d) | 0, authorityStart: moved(r.authorityStart, d), authorityEnd: moved(r.authorityEnd, d), hostKind: r.hostKind,
      queryStart: moved(r.queryStart, d), fragmentStart: moved(r.fragmentStart, d),
    }) as Uri;
  }
  if (r.authorityStart >= 0) {
    // the base's scheme, then the reference from its "//" (T.authority, path and query are R's)
    if (mayHoldDotSegment(rs, rPathStart, rPathEnd)) return resolveGeneral(bs, bStart, bEnd, b, rs, rStart, rEnd, r, strict);
    const head = bs.slice(bStart, b.schemeEnd + 1);
    const from = r.authorityStart - 2;
    const d = head.length - from;
    return make.referenceAt(head + rs.slice(from, rEnd), {
      schemeEnd: (b.schemeEnd - bStart) | 0, authorityStart: r.authorityStart + d, authorityEnd: r.authorityEnd + d, hostKind: r.hostKind,
      queryStart: moved(r.queryStart, d), fragmentStart: moved(r.fragmentStart, d),
    }) as Uri;
  }
  const bPathStart = pathStartOf(b, bStart);
  if (rPathStart === rPathEnd) {
    // §5.2.2, an empty reference path: the base's path, R's query or else the base's; R's fragment
    if (r.queryStart >= 0) return joined(bs.slice(bStart, pathEndOf(b, bEnd)), bStart, b, false, rs, rPathEnd, rEnd, r);
    return joined(bs.slice(bStart, b.fragmentStart >= 0 ? b.fragmentStart : bEnd), bStart, b, true, rs, rPathEnd, rEnd, r);
  }
  if (rs.charCodeAt(rPathStart) === 0x2f) {
    // an absolute path: the base's scheme and authority, then R's path, query and fragment
    if (mayHoldDotSegment(rs, rPathStart, rPathEnd)) return resolveGeneral(bs, bStart, bEnd, b, rs, rStart, rEnd, r, strict);
    return joined(bs.slice(bStart, bPathStart), bStart, b, false, rs, rPathStart, rEnd, r);
  }
  // §5.2.3 merge: all but the last segment of the base's path (`dirEnd`: after its last "/"), then R's path
  const bPathEnd = pathEndOf(b, bEnd);
  const slash = bs.lastIndexOf("/", bPathEnd - 1);
  const dirEnd = slash >= bPathStart ? slash + 1 : bPathStart;
  const rootOnly = b.authorityStart >= 0 && bPathStart === bPathEnd; // the merge gives "/" and R's path
  if (mayHoldDotSegment(bs, bPathStart, dirEnd)) return resolveGeneral(bs, bStart, bEnd, b, rs, rStart, rEnd, r, strict);
  if (!mayHoldDotSegment(rs, rPathStart, rPathEnd)) {
    return joined(rootOnly ? `${bs.slice(bStart, bPathStart)}/` : bs.slice(bStart, dirEnd), bStart, b, false, rs, rPathStart, rEnd, r);
  }
  // R's path begins with "." and ".." segments: step over them, counting the ".."s
  if (dirEnd === bPathStart && !rootOnly) return resolveGeneral(bs, bStart, bEnd, b, rs, rStart, rEnd, r, strict);
  let i = rPathStart;
  let up = 0;
  while (i < rPathEnd && rs.charCodeAt(i) === 0x2e) {
    if (i + 1 === rPathEnd) {
      i += 1; // a last "." segment
      break;
    }
    const c = rs.charCodeAt(i + 1);
    if (c === 0x2f) {
      i += 2; // "./"
      continue;
    }
    if (c !== 0x2e || (i + 2 < rPathEnd && rs.charCodeAt(i + 2) !== 0x2f)) break; // a segment such as ".x" or "..x"
    up++;
    i = i + 2 === rPathEnd ? i + 2 : i + 3; // "..", last, or "../"
  }
  if (mayHoldDotSegment(rs, i, rPathEnd)) return resolveGeneral(bs, bStart, bEnd, b, rs, rStart, rEnd, r, strict);
  // The base's kept path less its trailing "/" is a run of segments each with its "/" before
  // (or a first one without, for a rootless path); §5.2.4 step 2C removes one of them for each
  // "..", never going above the root, and the "/" of the last "/.." or "/." stays (steps 2B, 2C).
  let end = rootOnly ? bPathStart : dirEnd - 1;
  for (; up > 0 && end > bPathStart; up--) {
    const s = bs.lastIndexOf("/", end - 1);
    end = s >= bPathStart ? s : bPathStart;
  }
  // §5.3: without an authority, the path cannot begin with "//"
  if (b.authorityStart < 0 && end === bPathStart && rs.charCodeAt(i) === 0x2f) return resolveGeneral(bs, bStart, bEnd, b, rs, rStart, rEnd, r, strict);
  return joined(`${bs.slice(bStart, end)}/`, bStart, b, false, rs, i, rEnd, r);
}

/**
 * The target `head` + `[from, rEnd)` of `rs`, where `head` is the base from `bStart` up to where
 * R's part begins: the base's scheme and authority (and, with `baseQuery`, its query), R's query
 * and fragment after.
 */
function joined(head: string, bStart: number, b: ReferenceOffsets, baseQuery: boolean, rs: string, from: number, rEnd: number, r: ReferenceOffsets): Uri {
  const d = head.length - from;
  const text = from === rEnd ? head : head + rs.slice(from, rEnd);
  return make.referenceAt(text, {
    schemeEnd: (b.schemeEnd - bStart) | 0, authorityStart: moved(b.authorityStart, -bStart), authorityEnd: moved(b.authorityEnd, -bStart), hostKind: b.hostKind,
    queryStart: baseQuery ? moved(b.queryStart, -bStart) : moved(r.queryStart, d), fragmentStart: moved(r.fragmentStart, d),
  }) as Uri;
}

/**
 * §5.2.2 step by step, with §5.2.3 merge and §5.2.4 remove_dot_segments: the five components of
 * the target as texts, then recomposed (§5.3). {@link resolveAt} gives the same target without
 * this work where none is needed.
 */
export function resolveGeneral(bs: string, bStart: number, bEnd: number, b: ReferenceOffsets, rs: string, rStart: number, rEnd: number, r: ReferenceOffsets, strict: boolean): Uri {
  const bPathStart = pathStartOf(b, bStart);
  const bPathEnd = pathEndOf(b, bEnd);
  const rPathStart = pathStartOf(r, rStart);
  const rPathEnd = pathEndOf(r, rEnd);
  const baseScheme = bs.slice(bStart, b.schemeEnd);
  const refPath = rs.slice(rPathStart, rPathEnd);
  const refQuery = part(rs, r.queryStart < 0 ? -1 : r.queryStart + 1, r.fragmentStart >= 0 ? r.fragmentStart : rEnd);
  let scheme: string;
  let authority: string | undefined;
  let hostKind: number;
  let path: string;
  let query: string | undefined;
  if (refHasScheme(bs, bStart, b, rs, rStart, r, strict)) {
    scheme = rs.slice(rStart, r.schemeEnd);
    authority = part(rs, r.authorityStart, r.authorityEnd);
    hostKind = r.hostKind;
    path = dotSegmentsRemoved(refPath);
    query = refQuery;
  } else {
    if (r.authorityStart >= 0) {
      authority = rs.slice(r.authorityStart, r.authorityEnd);
      hostKind = r.hostKind;
      path = dotSegmentsRemoved(refPath);
      query = refQuery;
    } else {
      const basePath = bs.slice(bPathStart, bPathEnd);
      if (refPath === "") {
        path = basePath;
        query = r.queryStart >= 0 ? refQuery : part(bs, b.queryStart < 0 ? -1 : b.queryStart + 1, b.fragmentStart >= 0 ? b.fragmentStart : bEnd);
      } else {
        if (refPath.charCodeAt(0) === 0x2f) {
          path = dotSegmentsRemoved(refPath);
        } else {
          // §5.2.3 merge: the reference's path after all but the last segment of the base's path
          path = b.authorityStart >= 0 && basePath === "" ? `/${refPath}` : basePath.slice(0, basePath.lastIndexOf("/") + 1) + refPath;
          path = dotSegmentsRemoved(path);
        }
        query = refQuery;
      }
      authority = part(bs, b.authorityStart, b.authorityEnd);
      hostKind = b.hostKind;
    }
    scheme = baseScheme;
  }
  const fragment = part(rs, r.fragmentStart < 0 ? -1 : r.fragmentStart + 1, rEnd);
  // §5.3 must be able to write the result back: no "//" path without an authority.
  path = guardPath(authority !== undefined, path);
  return make.referenceFromParts(scheme, authority, authority === undefined ? -1 : hostKind, path, query, fragment) as Uri; // §5.3
}
