// RFC 5234 Appendix B.1: the core rules, as data (core.ts makes them a grammar).
import { alt, lit, range, ref, rep, seq } from "../abnf/expr.js";
import type { RuleInputs } from "../abnf/grammar.js";

/** The sixteen core rules of RFC 5234 Appendix B.1, as data. */
export const coreRules = {
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
   * ```
   */
  ALPHA: { expr: alt(range(0x41, 0x5a), range(0x61, 0x7a)), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * BIT            =  "0" / "1"
   * ```
   */
  BIT: { expr: alt(lit("0"), lit("1")), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * CHAR           =  %x01-7F
   *                        ; any 7-bit US-ASCII character,
   *                        ;  excluding NUL
   * ```
   */
  CHAR: { expr: range(0x01, 0x7f), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * CR             =  %x0D
   *                        ; carriage return
   * ```
   */
  CR: { expr: range(0x0d), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * CRLF           =  CR LF
   *                        ; Internet standard newline
   * ```
   */
  CRLF: { expr: seq(ref("CR"), ref("LF")), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * CTL            =  %x00-1F / %x7F
   *                        ; controls
   * ```
   */
  CTL: { expr: alt(range(0x00, 0x1f), range(0x7f)), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * DIGIT          =  %x30-39
   *                        ; 0-9
   * ```
   */
  DIGIT: { expr: range(0x30, 0x39), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * DQUOTE         =  %x22
   *                        ; " (Double Quote)
   * ```
   */
  DQUOTE: { expr: range(0x22), token: true },
  /**
   * RFC 5234 Appendix B.1. Quoted strings are case-insensitive (RFC 5234 §2.3), so `a`–`f` match too.
   * ```abnf
   * HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
   * ```
   */
  HEXDIG: { expr: alt(ref("DIGIT"), lit("A"), lit("B"), lit("C"), lit("D"), lit("E"), lit("F")), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * HTAB           =  %x09
   *                        ; horizontal tab
   * ```
   */
  HTAB: { expr: range(0x09), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * LF             =  %x0A
   *                        ; linefeed
   * ```
   */
  LF: { expr: range(0x0a), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * LWSP           =  *(WSP / CRLF WSP)
   *                        ; Use of this linear-white-space rule
   *                        ;  permits lines containing only white
   *                        ;  space that are no longer legal in
   *                        ;  mail headers and have caused
   *                        ;  interoperability problems in other
   *                        ;  contexts.
   *                        ; Do not use when defining mail
   *                        ;  headers and use with caution in
   *                        ;  other contexts.
   * ```
   */
  LWSP: { expr: rep(0, Infinity, alt(ref("WSP"), seq(ref("CRLF"), ref("WSP")))), token: false },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * OCTET          =  %x00-FF
   *                        ; 8 bits of data
   * ```
   */
  OCTET: { expr: range(0x00, 0xff), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * SP             =  %x20
   * ```
   */
  SP: { expr: range(0x20), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * VCHAR          =  %x21-7E
   *                        ; visible (printing) characters
   * ```
   */
  VCHAR: { expr: range(0x21, 0x7e), token: true },
  /**
   * RFC 5234 Appendix B.1
   * ```abnf
   * WSP            =  SP / HTAB
   *                        ; white space
   * ```
   */
  WSP: { expr: alt(ref("SP"), ref("HTAB")), token: true },
} as const satisfies RuleInputs;
