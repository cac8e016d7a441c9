// RFC 3986 §3.1: scheme.
import { alt, lit, ref, rep, seq } from "../../abnf/expr.js";
import type { RuleInputs } from "../../abnf/grammar.js";

/** The rules of this section as data; `src/grammars/rfc3986/index.ts` makes them a grammar. */
export const schemeRules = {
  /**
   * RFC 3986 §3.1
   * ```abnf
   * scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
   * ```
   */
  scheme: { expr: seq(ref("ALPHA"), rep(0, Infinity, alt(ref("ALPHA"), ref("DIGIT"), lit("+"), lit("-"), lit(".")))), token: true },
} as const satisfies RuleInputs;
