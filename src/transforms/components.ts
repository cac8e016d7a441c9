// Helpers the transforms share for building result nodes (RFC 3986 §3, §3.3, §4.2).
import * as make from "../ast/make.js";
import type { Authority, Path } from "../ast/nodes.js";
import { pathKindOf } from "../ast/path-kind.js";

/** A path node of the kind §3.3 gives `text` (see {@link pathKindOf}), without a span. */
export const pathFor = (hasScheme: boolean, hasAuthority: boolean, text: string): Path =>
  make.path(pathKindOf(hasScheme, hasAuthority, text), text);

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
