// RFC 3986 §3 (URI, hier-part), §4.1 (URI-reference), §4.2 (relative-ref), §4.3 (absolute-URI).
import { alt, lit, opt, ref, seq } from "../../abnf/expr.js";
import type { RuleInputs } from "../../abnf/grammar.js";

/** The rules of this section as data; `src/grammars/rfc3986/index.ts` makes them a grammar. */
export const referenceRules = {
  /**
   * RFC 3986 §3
   * ```abnf
   * URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
   * ```
   */
  URI: seq(ref("scheme"), lit(":"), ref("hier-part"), opt(seq(lit("?"), ref("query"))), opt(seq(lit("#"), ref("fragment")))),
  /**
   * RFC 3986 §3
   * ```abnf
   * hier-part     = "//" authority path-abempty
   *               / path-absolute
   *               / path-rootless
   *               / path-empty
   * ```
   */
  "hier-part": alt(seq(lit("//"), ref("authority"), ref("path-abempty")), ref("path-absolute"), ref("path-rootless"), ref("path-empty")),
  /**
   * RFC 3986 §4.1
   * ```abnf
   * URI-reference = URI / relative-ref
   * ```
   */
  "URI-reference": alt(ref("URI"), ref("relative-ref")),
  /**
   * RFC 3986 §4.3
   * ```abnf
   * absolute-URI  = scheme ":" hier-part [ "?" query ]
   * ```
   */
  "absolute-URI": seq(ref("scheme"), lit(":"), ref("hier-part"), opt(seq(lit("?"), ref("query")))),
  /**
   * RFC 3986 §4.2
   * ```abnf
   * relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
   * ```
   */
  "relative-ref": seq(ref("relative-part"), opt(seq(lit("?"), ref("query"))), opt(seq(lit("#"), ref("fragment")))),
  /**
   * RFC 3986 §4.2
   * ```abnf
   * relative-part = "//" authority path-abempty
   *               / path-absolute
   *               / path-noscheme
   *               / path-empty
   * ```
   */
  "relative-part": alt(seq(lit("//"), ref("authority"), ref("path-abempty")), ref("path-absolute"), ref("path-noscheme"), ref("path-empty")),
} as const satisfies RuleInputs;
