// Helpers the transforms share for building result nodes (RFC 3986 §3, §3.3, §4.2).
import * as make from "../ast/make.js";
import type { Path } from "../ast/nodes.js";
import { pathKindOf } from "../ast/path-kind.js";

/** A path node of the kind §3.3 gives `text` (see {@link pathKindOf}), without a span. */
export const pathFor = (hasScheme: boolean, hasAuthority: boolean, text: string): Path =>
  make.path(pathKindOf(hasScheme, hasAuthority, text), text);
