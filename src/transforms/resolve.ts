// RFC 3986 §5.2: reference resolution (§5.2.1 base checks, §5.2.2 transform, §5.2.3 merge,
// §5.2.4 remove_dot_segments), on nodes; the result is recomposed by serialize (§5.3).
import * as make from "../ast/make.js";
import type { Uri, UriReference } from "../ast/nodes.js";
import type { Result } from "../result.js";
import { guardPath } from "./components.js";
import { ResolveError } from "./errors.js";
import { removeDotSegments } from "./remove-dot-segments.js";

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

/** Whether a dot segment can begin in `text`: at its start, or after a "/". */
function mayHoldDotSegment(text: string): boolean {
  for (let i = text.indexOf("."); i >= 0; i = text.indexOf(".", i + 1)) if (i === 0 || text.charCodeAt(i - 1) === 0x2f) return true;
  return false;
}

/** The part `[from, to)` of `s`, or `undefined` for an absent part (`from` -1). */
const part = (s: string, from: number, to: number): string | undefined => (from < 0 ? undefined : s.slice(from, to));

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
  const bs = b.input;
  const rs = r.input;
  if (b.fragmentStart >= 0 && options.baseFragment === "error") return { ok: false, error: new ResolveError("base-has-fragment") };

  const baseScheme = bs.slice(b.start, b.schemeEnd);
  // §5.2.2: a non-strict parser ignores a reference scheme identical to the base's.
  let refHasScheme = r.schemeEnd >= 0;
  if (refHasScheme && options.strict === false && rs.slice(r.start, r.schemeEnd).toLowerCase() === baseScheme.toLowerCase()) refHasScheme = false;

  const refPath = rs.slice(r.pathStart, r.pathEnd);
  const refQuery = part(rs, r.queryStart < 0 ? -1 : r.queryStart + 1, r.fragmentStart >= 0 ? r.fragmentStart : r.end);
  let scheme: string;
  let authority: string | undefined;
  let hostKind: number;
  let path: string;
  let query: string | undefined;
  if (refHasScheme) {
    scheme = rs.slice(r.start, r.schemeEnd);
    authority = part(rs, r.authorityStart, r.authorityEnd);
    hostKind = r.hostKind;
    path = removeDotSegments(refPath);
    query = refQuery;
  } else {
    if (r.authorityStart >= 0) {
      authority = rs.slice(r.authorityStart, r.authorityEnd);
      hostKind = r.hostKind;
      path = removeDotSegments(refPath);
      query = refQuery;
    } else {
      const basePath = bs.slice(b.pathStart, b.pathEnd);
      if (refPath === "") {
        path = basePath;
        query = r.queryStart >= 0 ? refQuery : part(bs, b.queryStart < 0 ? -1 : b.queryStart + 1, b.fragmentStart >= 0 ? b.fragmentStart : b.end);
      } else {
        if (refPath.charCodeAt(0) === 0x2f) {
          path = removeDotSegments(refPath);
        } else {
          // §5.2.3 merge: the reference's path after all but the last segment of the base's path
          path = b.authorityStart >= 0 && basePath === "" ? `/${refPath}` : basePath.slice(0, basePath.lastIndexOf("/") + 1) + refPath;
          // (Skipping remove_dot_segments when neither part can hold a dot segment gives the
          // same path, without scanning the joined string.)
          if (mayHoldDotSegment(basePath) || mayHoldDotSegment(refPath)) path = removeDotSegments(path);
        }
        query = refQuery;
      }
      authority = part(bs, b.authorityStart, b.authorityEnd);
      hostKind = b.hostKind;
    }
    scheme = baseScheme;
  }
  const fragment = part(rs, r.fragmentStart < 0 ? -1 : r.fragmentStart + 1, r.end);

  // §5.3 must be able to write the result back: no "//" path without an authority.
  path = guardPath(authority !== undefined, path);
  return { ok: true, value: make.referenceOf(scheme, authority, make.HOST_KINDS[hostKind] ?? "reg-name", path, query, fragment) as Uri };
}
