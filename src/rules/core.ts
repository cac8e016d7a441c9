// RFC 5234 Appendix B.1: the core rules RFC 3986 uses.
import { alt, lit, range, ref } from "../abnf/expr.js";
import { textRule } from "./define.js";

/**
 * RFC 5234 Appendix B.1
 * ```abnf
 * ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
 * ```
 */
export const alpha = textRule("ALPHA", alt(range(0x41, 0x5a), range(0x61, 0x7a)), { token: true });

/**
 * RFC 5234 Appendix B.1
 * ```abnf
 * DIGIT          =  %x30-39
 *                        ; 0-9
 * ```
 */
export const digit = textRule("DIGIT", range(0x30, 0x39), { token: true });

/**
 * RFC 5234 Appendix B.1. Quoted strings are case-insensitive (RFC 5234 §2.3), so `a`–`f` match too.
 * ```abnf
 * HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
 * ```
 */
export const hexdig = textRule("HEXDIG", alt(ref(digit), lit("A"), lit("B"), lit("C"), lit("D"), lit("E"), lit("F")), {
  token: true,
});
