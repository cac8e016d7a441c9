// Helpers the transforms share for building result nodes (RFC 3986 §3, §3.3, §4.2).
import * as make from "../ast/make.js";
import type { Path } from "../ast/nodes.js";
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
