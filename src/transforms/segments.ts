// Path segments (RFC 3986 §3.3): the path split on "/", each segment decoded on request (§2.4:
// only after splitting, so a "%2F" inside a segment stays inside it).
import type { Path } from "../ast/nodes.js";
import { percentDecode } from "./percent.js";
import { isNode } from "../ast/make.js";
import { describeArgument, expectOptions } from "./arguments.js";

/** Options of {@link pathSegments} and {@link lastSegment}. */
export interface SegmentOptions {
  /** `true`: percent-decode each segment as UTF-8, a malformed sequence becoming U+FFFD. */
  readonly decode?: boolean | undefined;
}

const decodeSegment = (s: string): string => {
  const r = percentDecode(s, { replacement: true });
  return r.ok ? r.value : s;
};

/**
 * The segments of a path (RFC 3986 §3.3): split on "/", without the empty segment before a
 * leading "/"; `""` has none, a trailing "/" gives a last segment `""`.
 *
 * @example
 * pathSegments("/b/c/d;p");                         // ["b", "c", "d;p"]
 * pathSegments("/a%2Fb/caf%C3%A9", { decode: true }); // ["a/b", "café"]
 */
export function pathSegments(path: string | Path, options: SegmentOptions = {}): string[] {
  const text = pathText(path, "pathSegments");
  expectOptions(options, "pathSegments");
  if (text === "") return [];
  const parts = text.split("/");
  if (text.charCodeAt(0) === 0x2f) parts.shift();
  return options.decode === true ? parts.map(decodeSegment) : parts;
}

/** The text of a path argument: a string, or a path node made by this library. */
function pathText(path: unknown, caller: string): string {
  if (typeof path === "string") return path;
  if (isNode(path) && path.kind.startsWith("path-")) return (path as Path).text;
  throw new TypeError(`${caller}: the argument "path" must be a path's text or a path node, got ${describeArgument(path)}`);
}

/**
 * The last segment of a path (a "slug"): `""` after a trailing "/", `undefined` for an empty path.
 *
 * @example
 * lastSegment("/over/there");            // "there"
 * lastSegment("/caf%C3%A9", { decode: true }); // "café"
 */
export function lastSegment(path: string | Path, options: SegmentOptions = {}): string | undefined {
  pathText(path, "lastSegment");
  expectOptions(options, "lastSegment");
  const text = typeof path === "string" ? path : path.text;
  if (text === "") return undefined;
  const s = text.slice(text.lastIndexOf("/") + 1);
  return options.decode === true ? decodeSegment(s) : s;
}
