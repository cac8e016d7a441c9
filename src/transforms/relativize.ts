// RFC 3986 §4.2 (relative references) and §5.2 (the resolution relativize inverts): the shortest
// reference that resolves back to a target (operations.ts normalizes first, on request).
import * as make from "../ast/make.js";
import type { Authority, Uri, UriReference } from "../ast/nodes.js";
import { pathKindOf } from "../ast/path-kind.js";
import type { Result } from "../result.js";
import { dotSegmentsRemoved } from "./remove-dot-segments.js";
import { resolveReference } from "./resolve.js";
import { serializeNode, withoutFragment } from "./serialize.js";

/** Why {@link relativizeNodes} has no reference to give. */
export type RelativizeErrorCode = "base-not-absolute" | "target-not-absolute" | "unreachable-target";

/**
 * A base or target that {@link relativizeNodes} cannot work with: a base without a scheme
 * (`"base-not-absolute"`, RFC 3986 §5.1), a target without one (`"target-not-absolute"`; resolve
 * it first), or a target no reference resolves to (`"unreachable-target"`): its path has dot
 * segments, which §5.2.4 removes from every resolved path but one inherited unchanged from the
 * base (§5.2.2). Normalize it first, or pass `{ normalize: true }`.
 */
export class RelativizeError extends Error {
  override readonly name = "RelativizeError";
  readonly code: RelativizeErrorCode;

  constructor(code: RelativizeErrorCode) {
    super();
    this.message =
      code === "base-not-absolute"
        ? "Invalid base URI (the first argument): it has no scheme; resolve it against an absolute base first (RFC 3986 §5.1)"
        : code === "target-not-absolute"
          ? "Invalid target URI: it has no scheme; resolve it against its base first (RFC 3986 §5.2)"
          : "Unreachable target: no reference resolves to it, as its path has dot segments that remove_dot_segments would remove (RFC 3986 §5.2.4); normalize it first";
    this.code = code;
  }
}

/** The §4.2 forms a candidate takes; on a tie in length and in kept text, the lower rank wins. */
const RANK = { "relative-path": 0, "absolute-path": 1, "network-path": 2, URI: 3 } as const;
type Form = keyof typeof RANK;

interface Candidate {
  readonly ref: UriReference;
  readonly text: string;
  /** How many characters at its end it shares with the target's text. */
  readonly kept: number;
  readonly form: Form;
}

const commonSuffix = (a: string, b: string): number => {
  let n = 0;
  const max = Math.min(a.length, b.length);
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
};

const authorityText = (a: Authority | undefined): string | undefined => (a === undefined ? undefined : serializeNode(a));

/**
 * Whether a relative reference with this path (and an authority or not) reads back as written
 * (§4.2): with an authority, the path is empty or begins with "/"; without one, it does not
 * begin with "//" (that would be an authority), and a first segment with a ":" only after a "/"
 * (it would be a scheme).
 */
function readsBack(path: string, hasAuthority: boolean): boolean {
  if (hasAuthority) return path === "" || path.charCodeAt(0) === 0x2f;
  if (path.startsWith("//")) return false;
  if (path.charCodeAt(0) === 0x2f) return true;
  const slash = path.indexOf("/");
  return !(slash < 0 ? path : path.slice(0, slash)).includes(":");
}

/** How many of the directories a relative path reaches are tried (see {@link relativePaths}). */
const REACHED_TRIED = 4;

/**
 * The relative-path texts (§4.2) worth trying for the target path `tp`, from the base directory
 * `dir` (the base's directory with its dot segments removed; §5.2.4 on the merged path gives the
 * same result). For u = 0, 1, … "../" steps, §5.2.3 merge and §5.2.4 leave the merged path in a
 * directory that is a prefix of `dir` (its first segments), or "/" once every segment is gone
 * (§5.2.4 step 2C: "a/../x" is "/x"); a reference with u steps exists when the target path
 * begins with that directory.
 *
 * Each step up adds "../" and gives back at least one segment and its "/", so a candidate with
 * more steps is always longer (by 4 or more) than one with fewer: only the first few reachable
 * directories are tried, which keeps the work linear in the length of the paths (a base path of n
 * segments reaches n directories).
 */
function relativePaths(dir: string, tp: string): string[] {
  const rooted = dir.charCodeAt(0) === 0x2f;
  // ends[k]: the length of the directory that keeps k segments (rooted: ends[0] is the root "/")
  const ends: number[] = [];
  for (let i = dir.indexOf("/"); i >= 0; i = dir.indexOf("/", i + 1)) ends.push(i + 1);
  const segments = rooted ? ends.length - 1 : ends.length;
  let common = 0;
  const max = Math.min(dir.length, tp.length);
  while (common < max && dir.charCodeAt(common) === tp.charCodeAt(common)) common++;
  const out: string[] = [];
  let tried = 0;
  for (let u = 0; u <= segments && tried < REACHED_TRIED; u++) {
    const k = segments - u;
    let length: number;
    if (dir === "") length = 0; // the merged path is the reference's path alone
    else if (rooted) length = ends[k] ?? 1;
    else if (k > 0) length = ends[k - 1] ?? 0;
    else length = -1; // "/", reached from a rootless directory once every segment is gone
    if (length >= 0 ? length > common : tp.charCodeAt(0) !== 0x2f) continue;
    tried++;
    const rest = tp.slice(length < 0 ? 1 : length);
    if (u === 0) {
      // §4.2: "./" before a first segment with a ":", and before a path that would begin with
      // "/" (an absolute-path, or with "//" a network-path); "." for the directory itself, as
      // the empty path would keep the base's path (§5.2.2).
      if (rest === "") out.push(".", "./");
      else if (rest.charCodeAt(0) === 0x2f || !readsBack(rest, false)) out.push(`./${rest}`);
      else out.push(rest);
    } else {
      const ups = "../".repeat(u);
      // "../.." reaches the same directory as "../../" (§5.2.4 step 2C at the end of the input).
      if (rest === "") out.push(ups.slice(0, -1), ups);
      else out.push(ups + rest);
    }
  }
  return out;
}

/**
 * The shortest URI reference that resolves back to `target` against `base` (RFC 3986 §5.2): for
 * every absolute `target` that some reference reaches,
 * `serialize(resolveReference(base, relativize(base, target).value).value) === serialize(target)`.
 *
 * Every form of §4.2 and §4.4 is tried: the same-document reference (`""`, `"#f"`), a query-only
 * one (`"?q"`), relative paths (`"g"`, `"../g"`, `"./g:h"` when a first segment has a ":",
 * `"."` and `".."` for directories, `".//g"` for a path that would begin with "//"), the
 * absolute path (`"/g"`), the network path (`"//h/g"`) and the target itself. Each one is
 * resolved against the base, and the shortest that gives the target's text back is returned;
 * on a tie in length the one that keeps more of the target's text at its end, then a
 * relative-path over an absolute-path over a network-path over a URI. Components are compared as
 * written: `"%7e"` and `"%7E"` differ, and so do `"HTTP"` and `"http"` (the public `relativize`
 * normalizes both first on request, §6.2).
 *
 * The base must be a URI (§5.1; a relative-ref is a {@link RelativizeError} `"base-not-absolute"`);
 * its fragment is ignored (§5.2.2 never reads it). The arguments are nodes of this library
 * (operations.ts `relativize` reads them and throws the TypeError for anything else).
 * The target is relativized as given: its dot segments are not removed (§5.2.4 would remove them
 * from any reference but an empty-path one, so such a target is only reached when its path is
 * the base's path; otherwise the result is a {@link RelativizeError} `"unreachable-target"`).
 *
 * @example
 * const base = parseRuleOrThrow("http://example.com/docs/guide/intro.html", "URI");
 * const r = relativizeNodes(base, parseRuleOrThrow("http://example.com/docs/api.html?v=2#top", "URI"));
 * if (r.ok) serialize(r.value); // "../api.html?v=2#top"
 */
export function relativizeNodes(base: Uri, t: Uri): Result<UriReference, RelativizeError> {
  // §5.1: only an absolute URI can be a base; the target must be a URI too.
  if (base.kind !== "URI") return { ok: false, error: new RelativizeError("base-not-absolute") };
  if (t.kind !== "URI") return { ok: false, error: new RelativizeError("target-not-absolute") };
  const b = withoutFragment(base); // §5.2.2 never reads the base's fragment

  const goal = serializeNode(t);
  const tAuthority = t.authority === undefined ? undefined : make.withoutSpans(t.authority);
  const tp = t.path.text;
  const { query, fragment } = t;
  const candidates: Candidate[] = [];
  const add = (form: Form, hasScheme: boolean, authority: Authority | undefined, path: string, q: string | undefined): void => {
    if (!hasScheme && !readsBack(path, authority !== undefined)) return;
    const ref = make.uriReference({
      scheme: hasScheme ? t.scheme : undefined,
      authority,
      path: make.path(pathKindOf(hasScheme, authority !== undefined, path), path),
      query: q,
      fragment,
    });
    const text = serializeNode(ref);
    candidates.push({ ref, text, kept: commonSuffix(text, goal), form });
  };

  // §4.4 same-document ("" or "#f") and query-only ("?q") references: §5.2.2 keeps the base's
  // path, and its query when the reference has none.
  add("relative-path", false, undefined, "", undefined);
  if (query !== undefined) add("relative-path", false, undefined, "", query);

  const sameScheme = t.scheme === b.scheme;
  const sameAuthority = sameScheme && authorityText(tAuthority) === authorityText(b.authority);
  if (sameAuthority) {
    // §4.2 relative-path: §5.2.3 merges it with the base's directory ("/" for an empty path
    // under an authority), then §5.2.4 removes its dot segments.
    const bp = b.path.text;
    const dir = b.authority !== undefined && bp === "" ? "/" : bp.slice(0, bp.lastIndexOf("/") + 1);
    // Without an authority, resolveReference writes a path "//x" as "/.//x": match what it guards.
    const unguarded = b.authority === undefined && tp.startsWith("/.//") ? tp.slice(2) : tp;
    for (const p of relativePaths(dotSegmentsRemoved(dir), unguarded)) add("relative-path", false, undefined, p, query);
    // §4.2 absolute-path: "/." keeps a path that begins with "//" from reading as an authority.
    if (tp.charCodeAt(0) === 0x2f) add("absolute-path", false, undefined, tp.startsWith("//") ? `/.${tp}` : tp, query);
  }
  // §4.2 network-path, under the same scheme.
  if (sameScheme && tAuthority !== undefined) add("network-path", false, tAuthority, tp, query);
  // §4.3 / §3: the target itself.
  add("URI", true, tAuthority, tp, query);

  candidates.sort((x, y) => x.text.length - y.text.length || y.kept - x.kept || RANK[x.form] - RANK[y.form]);
  for (const c of candidates) {
    // §5.2: never give a reference that does not resolve back to the target.
    const r = resolveReference(b, c.ref);
    if (r.ok && serializeNode(r.value) === goal) return { ok: true, value: c.ref };
  }
  return { ok: false, error: new RelativizeError("unreachable-target") };
}
