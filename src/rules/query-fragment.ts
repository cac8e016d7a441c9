// RFC 3986 §3.4 and §3.5: query and fragment.
import { alt, lit, ref, rep } from "../abnf/expr.js";
import { textRule } from "./define.js";
import { pchar } from "./path.js";

/**
 * RFC 3986 §3.4
 * ```abnf
 * query         = *( pchar / "/" / "?" )
 * ```
 */
export const query = textRule("query", rep(0, Infinity, alt(ref(pchar), lit("/"), lit("?"))), { role: "leaf" });

/**
 * RFC 3986 §3.5
 * ```abnf
 * fragment      = *( pchar / "/" / "?" )
 * ```
 */
export const fragment = textRule("fragment", rep(0, Infinity, alt(ref(pchar), lit("/"), lit("?"))), { role: "leaf" });
