// RFC 3986 §2: characters, percent-encoding, reserved and unreserved sets.
import { alt, lit, ref, seq } from "../abnf/expr.js";
import { alpha, digit, hexdig } from "./core.js";
import { textRule } from "./define.js";

/**
 * RFC 3986 §2.1
 * ```abnf
 * pct-encoded   = "%" HEXDIG HEXDIG
 * ```
 */
export const pctEncoded = textRule("pct-encoded", seq(lit("%"), ref(hexdig), ref(hexdig)), { token: true });

/**
 * RFC 3986 §2.3
 * ```abnf
 * unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
 * ```
 */
export const unreserved = textRule("unreserved", alt(ref(alpha), ref(digit), lit("-"), lit("."), lit("_"), lit("~")), {
  token: true,
});

/**
 * RFC 3986 §2.2
 * ```abnf
 * gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
 * ```
 */
export const genDelims = textRule("gen-delims", alt(lit(":"), lit("/"), lit("?"), lit("#"), lit("["), lit("]"), lit("@")), {
  token: true,
});

/**
 * RFC 3986 §2.2
 * ```abnf
 * sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
 *               / "*" / "+" / "," / ";" / "="
 * ```
 */
export const subDelims = textRule(
  "sub-delims",
  alt(lit("!"), lit("$"), lit("&"), lit("'"), lit("("), lit(")"), lit("*"), lit("+"), lit(","), lit(";"), lit("=")),
  { token: true },
);

/**
 * RFC 3986 §2.2
 * ```abnf
 * reserved      = gen-delims / sub-delims
 * ```
 */
export const reserved = textRule("reserved", alt(ref(genDelims), ref(subDelims)), { token: true });
