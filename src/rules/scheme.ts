// RFC 3986 §3.1: scheme.
import { alt, lit, ref, rep, seq } from "../abnf/expr.js";
import { alpha, digit } from "./core.js";
import { textRule } from "./define.js";

/**
 * RFC 3986 §3.1
 * ```abnf
 * scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
 * ```
 */
export const scheme = textRule(
  "scheme",
  seq(ref(alpha), rep(0, Infinity, alt(ref(alpha), ref(digit), lit("+"), lit("-"), lit(".")))),
  { role: "leaf", token: true },
);
