// RFC 3986 §2: characters, percent-encoding, reserved and unreserved sets.
import { alt, lit, ref, seq } from "../../abnf/expr.js";
import type { RuleInputs } from "../../abnf/grammar.js";

/** The rules of this section as data; `src/grammars/rfc3986/index.ts` makes them a grammar. */
export const characterRules = {
  /**
   * RFC 3986 §2.1
   * ```abnf
   * pct-encoded   = "%" HEXDIG HEXDIG
   * ```
   */
  "pct-encoded": { expr: seq(lit("%"), ref("HEXDIG"), ref("HEXDIG")), token: true },
  /**
   * RFC 3986 §2.3
   * ```abnf
   * unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
   * ```
   */
  unreserved: { expr: alt(ref("ALPHA"), ref("DIGIT"), lit("-"), lit("."), lit("_"), lit("~")), token: true },
  /**
   * RFC 3986 §2.2
   * ```abnf
   * reserved      = gen-delims / sub-delims
   * ```
   */
  reserved: { expr: alt(ref("gen-delims"), ref("sub-delims")), token: true },
  /**
   * RFC 3986 §2.2
   * ```abnf
   * gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
   * ```
   */
  "gen-delims": { expr: alt(lit(":"), lit("/"), lit("?"), lit("#"), lit("["), lit("]"), lit("@")), token: true },
  /**
   * RFC 3986 §2.2
   * ```abnf
   * sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
   *               / "*" / "+" / "," / ";" / "="
   * ```
   */
  "sub-delims": {
    expr: alt(lit("!"), lit("$"), lit("&"), lit("'"), lit("("), lit(")"), lit("*"), lit("+"), lit(","), lit(";"), lit("=")),
    token: true,
  },
} as const satisfies RuleInputs;
