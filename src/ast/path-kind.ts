// RFC 3986 §3, §3.3, §4.2: which path rule a path's text matches, given the other components.
import type { PathKind } from "./nodes.js";

/**
 * The kind of a path of `text` in a reference with or without a scheme and an authority: the
 * alternative of `hier-part` (RFC 3986 §3) or `relative-part` (§4.2) that holds it, as the
 * parser names it. With an authority, `path-abempty`; without one (§3.3), `path-empty` for "",
 * `path-absolute` for a path that begins with "/", else `path-rootless` after a scheme and
 * `path-noscheme` in a relative reference. Only the kind is decided: whether `text` matches that
 * rule is the caller's to know or check.
 */
export function pathKindOf(hasScheme: boolean, hasAuthority: boolean, text: string): PathKind {
  if (hasAuthority) return "path-abempty";
  if (text === "") return "path-empty";
  if (text.charCodeAt(0) === 0x2f) return "path-absolute";
  return hasScheme ? "path-rootless" : "path-noscheme";
}
