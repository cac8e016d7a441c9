// RFC 3986 §3.2: authority, userinfo, host (IP literals, IPv4, reg-name) and port.
import { alt, lit, opt, range, ref, rep, seq, type Expr } from "../../abnf/expr.js";
import type { RuleInputs } from "../../abnf/grammar.js";

/** `N( h16 ":" )` */
const pieces = (n: number): Expr => rep(n, n, seq(ref("h16"), lit(":")));
/** `[ *N( h16 ":" ) h16 ]` */
const head = (n: number): Expr => opt(seq(rep(0, n, seq(ref("h16"), lit(":"))), ref("h16")));

/** The rules of this section as data; `src/grammars/rfc3986/index.ts` makes them a grammar. */
export const authorityRules = {
  /**
   * RFC 3986 §3.2
   * ```abnf
   * authority     = [ userinfo "@" ] host [ ":" port ]
   * ```
   */
  authority: seq(opt(seq(ref("userinfo"), lit("@"))), ref("host"), opt(seq(lit(":"), ref("port")))),
  /**
   * RFC 3986 §3.2.1
   * ```abnf
   * userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
   * ```
   */
  userinfo: rep(0, Infinity, alt(ref("unreserved"), ref("pct-encoded"), ref("sub-delims"), lit(":"))),
  /**
   * RFC 3986 §3.2.2. A host that matches IPv4address is an IPv4 address, not a reg-name ("first-match-wins").
   * ```abnf
   * host          = IP-literal / IPv4address / reg-name
   * ```
   */
  host: alt(ref("IP-literal"), ref("IPv4address"), ref("reg-name")),
  /**
   * RFC 3986 §3.2.3
   * ```abnf
   * port          = *DIGIT
   * ```
   */
  port: rep(0, Infinity, ref("DIGIT")),
  /**
   * RFC 3986 §3.2.2
   * ```abnf
   * IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
   * ```
   */
  "IP-literal": seq(lit("["), alt(ref("IPv6address"), ref("IPvFuture")), lit("]")),
  /**
   * RFC 3986 §3.2.2. The "v" is case-insensitive (RFC 5234 §2.3).
   * ```abnf
   * IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
   * ```
   */
  IPvFuture: {
    expr: seq(lit("v"), rep(1, Infinity, ref("HEXDIG")), lit("."), rep(1, Infinity, alt(ref("unreserved"), ref("sub-delims"), lit(":")))),
    token: true,
  },
  /**
   * RFC 3986 §3.2.2
   * ```abnf
   * IPv6address   =                            6( h16 ":" ) ls32
   *               /                       "::" 5( h16 ":" ) ls32
   *               / [               h16 ] "::" 4( h16 ":" ) ls32
   *               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
   *               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
   *               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
   *               / [ *4( h16 ":" ) h16 ] "::"              ls32
   *               / [ *5( h16 ":" ) h16 ] "::"              h16
   *               / [ *6( h16 ":" ) h16 ] "::"
   * ```
   */
  "IPv6address": {
    expr: alt(
      seq(pieces(6), ref("ls32")),
      seq(lit("::"), pieces(5), ref("ls32")),
      seq(opt(ref("h16")), lit("::"), pieces(4), ref("ls32")),
      seq(head(1), lit("::"), pieces(3), ref("ls32")),
      seq(head(2), lit("::"), pieces(2), ref("ls32")),
      seq(head(3), lit("::"), ref("h16"), lit(":"), ref("ls32")),
      seq(head(4), lit("::"), ref("ls32")),
      seq(head(5), lit("::"), ref("h16")),
      seq(head(6), lit("::")),
    ),
    token: true,
  },
  /**
   * RFC 3986 §3.2.2
   * ```abnf
   * h16           = 1*4HEXDIG
   * ```
   */
  "h16": { expr: rep(1, 4, ref("HEXDIG")), token: true },
  /**
   * RFC 3986 §3.2.2
   * ```abnf
   * ls32          = ( h16 ":" h16 ) / IPv4address
   * ```
   */
  "ls32": alt(seq(ref("h16"), lit(":"), ref("h16")), ref("IPv4address")),
  /**
   * RFC 3986 §3.2.2
   * ```abnf
   * IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
   * ```
   */
  "IPv4address": seq(ref("dec-octet"), lit("."), ref("dec-octet"), lit("."), ref("dec-octet"), lit("."), ref("dec-octet")),
  /**
   * RFC 3986 §3.2.2
   * ```abnf
   * dec-octet     = DIGIT                 ; 0-9
   *               / %x31-39 DIGIT         ; 10-99
   *               / "1" 2DIGIT            ; 100-199
   *               / "2" %x30-34 DIGIT     ; 200-249
   *               / "25" %x30-35          ; 250-255
   * ```
   */
  "dec-octet": {
    expr: alt(
      ref("DIGIT"),
      seq(range(0x31, 0x39), ref("DIGIT")),
      seq(lit("1"), rep(2, 2, ref("DIGIT"))),
      seq(lit("2"), range(0x30, 0x34), ref("DIGIT")),
      seq(lit("25"), range(0x30, 0x35)),
    ),
    token: true,
  },
  /**
   * RFC 3986 §3.2.2
   * ```abnf
   * reg-name      = *( unreserved / pct-encoded / sub-delims )
   * ```
   */
  "reg-name": rep(0, Infinity, alt(ref("unreserved"), ref("pct-encoded"), ref("sub-delims"))),
} as const satisfies RuleInputs;
