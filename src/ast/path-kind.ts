// RFC 3986 §3.3: which of the five path kinds a path is, given the rest of the reference.
import type { PathKind } from "./nodes.js";

/**
 * The kind a path of `text` has in a reference with or without a scheme and an authority: the
 * alternative of `hier-part` (RFC 3986 §3) or `relative-part` (§4.2) that matches it. With an
 * authority, path-abempty; otherwise path-empty, path-absolute (begins with "/"), and
 * path-rootless in a URI or path-noscheme in a relative reference (§3.3).
 */
export function pathKindOf(hasScheme: boolean, hasAuthority: boolean, text: string): PathKind {
  if (hasAuthority) return "path-abempty";
  if (text === "") return "path-empty";
  if (text.charCodeAt(0) === 0x2f) return "path-absolute";
  return hasScheme ? "path-rootless" : "path-noscheme";
}
