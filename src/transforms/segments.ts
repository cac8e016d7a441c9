// Path segments (RFC 3986 §3.3): the path split on "/", each segment decoded on request (§2.4:
// only after splitting, so a "%2F" inside a segment stays inside it).
import type { Path, UriReference } from "../ast/nodes.js";
import { charsets, inTable } from "../charsets.js";
import { syntaxError } from "../errors.js";
import { percentDecode } from "./percent.js";
import { octetAt } from "../percent-encoding.js";
import { isIntactNode, isReferenceNode, segmentsOf } from "../ast/make.js";
import { describeValue, expectOptions } from "../describe.js";

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
export function pathSegments(path: string | Path | UriReference, options: SegmentOptions = {}): string[] {
  const text = pathText(path, "pathSegments");
  expectOptions(options, "pathSegments");
  const parts = segmentsOf(text); // the parser's split (a path node's `segments`), frozen: copied
  return options.decode === true ? parts.map(decodeSegment) : parts.slice();
}

/**
 * The text of a path argument: a path's text (RFC 3986 §3.3 `path`, or RFC 3987's `ipath`), a path
 * node, or a URI reference node (its path). Text that is no path (a "?" or "#", a space, a "%"
 * not followed by two hex digits, a lone surrogate) is the UriSyntaxError of the `path` rule:
 * a whole URI given as text would otherwise split at its "//" and keep its query.
 */
function pathText(path: unknown, caller: string): string {
  if (typeof path === "string") {
    const bad = firstNonPathChar(path);
    if (bad >= 0) throw syntaxError(path, "path", bad, ["pchar", '"/"']);
    return path;
  }
  // (intact: a property a program defines on a node would shadow the getters read here)
  if (isIntactNode(path) && path.kind.startsWith("path-")) return (path as Path).text;
  if (isReferenceNode(path)) return path.path.text;
  throw new TypeError(`${caller}: the argument "path" must be a path's text, a path node or a URI reference node, got ${describeValue(path)}`);
}

/** The offset of the first character no `path` (or `ipath`) holds, or -1. */
function firstNonPathChar(text: string): number {
  const pchar = charsets.pchar;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2f || inTable(pchar, c)) continue;
    if (c === 0x25) {
      if (octetAt(text, i) < 0) return i;
      i += 2;
      continue;
    }
    if (c < 0x80) return i;
    if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) return i;
  }
  return -1;
}

/**
 * The last segment of a path (a "slug"): `""` after a trailing "/", `undefined` for an empty path.
 *
 * @example
 * lastSegment("/over/there");            // "there"
 * lastSegment("/caf%C3%A9", { decode: true }); // "café"
 */
export function lastSegment(path: string | Path | UriReference, options: SegmentOptions = {}): string | undefined {
  const text = pathText(path, "lastSegment");
  expectOptions(options, "lastSegment");
  if (text === "") return undefined;
  const s = text.slice(text.lastIndexOf("/") + 1);
  return options.decode === true ? decodeSegment(s) : s;
}
