// RFC 3986 §3.4 and §3.5: query and fragment.
import { alt, lit, ref, rep } from "../../abnf/expr.js";
import type { RuleInputs } from "../../abnf/grammar.js";

/** The rules of this section as data; `src/grammars/rfc3986/index.ts` makes them a grammar. */
export const queryFragmentRules = {
  /**
   * RFC 3986 §3.4
   * ```abnf
   * query         = *( pchar / "/" / "?" )
   * ```
   */
  query: rep(0, Infinity, alt(ref("pchar"), lit("/"), lit("?"))),
  /**
   * RFC 3986 §3.5
   * ```abnf
   * fragment      = *( pchar / "/" / "?" )
   * ```
   */
  fragment: rep(0, Infinity, alt(ref("pchar"), lit("/"), lit("?"))),
} as const satisfies RuleInputs;
