// Helpers the transforms share for building result nodes (RFC 3986 §3, §3.3, §4.2).
import * as make from "../ast/make.js";
import type { Authority, Path, PathKind } from "../ast/nodes.js";

/**
 * The kind a path of `text` has in a reference with or without a scheme and an authority: the
 * alternative of `hier-part` (§3) or `relative-part` (§4.2) that matches it, as the parser names it.
 */
export function pathKindFor(hasScheme: boolean, hasAuthority: boolean, text: string): PathKind {
  if (hasAuthority) return "path-abempty";
  if (text === "") return "path-empty";
  if (text.charCodeAt(0) === 0x2f) return "path-absolute";
  return hasScheme ? "path-rootless" : "path-noscheme";
}

/** A path node of the right kind, without a span. */
export const pathFor = (hasScheme: boolean, hasAuthority: boolean, text: string): Path =>
  make.path(pathKindFor(hasScheme, hasAuthority, text), text);

/**
 * §3.3: without an authority a path cannot begin with "//". A "/." prefix keeps such a path's
 * meaning ("/." + "//bar" has the segments "." "" "bar", and "." is removed again by §5.2.4).
 */
export const guardPath = (hasAuthority: boolean, text: string): string =>
  !hasAuthority && text.startsWith("//") ? `/.${text}` : text;

const unlocatedCache = new WeakMap<Authority, Authority>();

/**
 * The authority without spans (spans point into the text it was parsed from, not the new one).
 * Nodes are immutable, so the copy is kept for the next call with the same node.
 */
export function unlocated(a: Authority): Authority {
  if (a.span === undefined && a.host.span === undefined) return a;
  let copy = unlocatedCache.get(a);
  if (copy === undefined) {
    copy = make.authority(a.userinfo, make.host(a.host.kind, a.host.text), a.port);
    unlocatedCache.set(a, copy);
  }
  return copy;
}
