// RFC 3986 §3.2: authority, userinfo, host (IP literals, IPv4, reg-name) and port.
import { alt, guard, lit, opt, range, ref, rep, seq, type Expr } from "../abnf/expr.js";
import type { Authority, Host, IPv4Host, IPv6Host, IPvFutureHost, RegNameHost } from "../ast/nodes.js";
import { buildAuthority, buildHost } from "./build.js";
import { pctEncoded, subDelims, unreserved } from "./characters.js";
import { digit, hexdig } from "./core.js";
import { nodeRule, textRule } from "./define.js";

/**
 * RFC 3986 §3.2.1
 * ```abnf
 * userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
 * ```
 */
export const userinfo = textRule(
  "userinfo",
  rep(0, Infinity, alt(ref(unreserved), ref(pctEncoded), ref(subDelims), lit(":"))),
  { role: "leaf" },
);

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
export const decOctet = textRule(
  "dec-octet",
  alt(
    ref(digit),
    seq(range(0x31, 0x39), ref(digit)),
    seq(lit("1"), rep(2, 2, ref(digit))),
    seq(lit("2"), range(0x30, 0x34), ref(digit)),
    seq(lit("25"), range(0x30, 0x35)),
  ),
  { token: true },
);

/**
 * RFC 3986 §3.2.2
 * ```abnf
 * IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
 * ```
 */
export const ipv4address = nodeRule(
  "IPv4address",
  seq(ref(decOctet), lit("."), ref(decOctet), lit("."), ref(decOctet), lit("."), ref(decOctet)),
  { role: "leaf" },
  (c, text, start) => buildHost(c, text, start, "IPv4address") as IPv4Host,
);

/**
 * RFC 3986 §3.2.2
 * ```abnf
 * h16           = 1*4HEXDIG
 * ```
 */
export const h16 = textRule("h16", rep(1, 4, ref(hexdig)), { token: true });

/**
 * RFC 3986 §3.2.2
 * ```abnf
 * ls32          = ( h16 ":" h16 ) / IPv4address
 * ```
 */
export const ls32 = textRule("ls32", alt(seq(ref(h16), lit(":"), ref(h16)), ref(ipv4address)));

/** `h16 ":"` where the ":" does not begin a "::" (deviation "IPv6address" in grammar/deviations.json). */
const h16Colon: Expr = guard(seq(ref(h16), lit(":")), lit(":"), "IPv6address");
const pieces = (min: number, max: number): Expr => rep(min, max, h16Colon);
const head = (max: number): Expr => opt(seq(pieces(0, max), ref(h16)));

/**
 * RFC 3986 §3.2.2. Deviation "IPv6address": in the combinators, `h16 ":"` does not take a ":"
 * that begins "::" (grammar/deviations.json).
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
export const ipv6address = nodeRule(
  "IPv6address",
  alt(
    seq(pieces(6, 6), ref(ls32)),
    seq(lit("::"), pieces(5, 5), ref(ls32)),
    seq(opt(ref(h16)), lit("::"), pieces(4, 4), ref(ls32)),
    seq(head(1), lit("::"), pieces(3, 3), ref(ls32)),
    seq(head(2), lit("::"), pieces(2, 2), ref(ls32)),
    seq(head(3), lit("::"), ref(h16), lit(":"), ref(ls32)),
    seq(head(4), lit("::"), ref(ls32)),
    seq(head(5), lit("::"), ref(h16)),
    seq(head(6), lit("::")),
  ),
  { role: "leaf", token: true },
  (c, text, start) => buildHost(c, text, start, "IPv6address") as IPv6Host,
);

/**
 * RFC 3986 §3.2.2. The "v" is case-insensitive (RFC 5234 §2.3).
 * ```abnf
 * IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
 * ```
 */
export const ipvfuture = nodeRule(
  "IPvFuture",
  seq(lit("v"), rep(1, Infinity, ref(hexdig)), lit("."), rep(1, Infinity, alt(ref(unreserved), ref(subDelims), lit(":")))),
  { role: "leaf", token: true },
  (c, text, start) => buildHost(c, text, start, "IPvFuture") as IPvFutureHost,
);

/**
 * RFC 3986 §3.2.2
 * ```abnf
 * IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
 * ```
 */
export const ipLiteral = nodeRule(
  "IP-literal",
  seq(lit("["), alt(ref(ipv6address), ref(ipvfuture)), lit("]")),
  {},
  (c, text, start) => buildHost(c, text, start) as IPv6Host | IPvFutureHost,
);

/**
 * RFC 3986 §3.2.2
 * ```abnf
 * reg-name      = *( unreserved / pct-encoded / sub-delims )
 * ```
 */
export const regName = nodeRule(
  "reg-name",
  rep(0, Infinity, alt(ref(unreserved), ref(pctEncoded), ref(subDelims))),
  { role: "leaf" },
  (c, text, start) => buildHost(c, text, start, "reg-name") as RegNameHost,
);

/**
 * RFC 3986 §3.2.2. A host that matches IPv4address is an IPv4 address, not a reg-name ("first-match-wins").
 * ```abnf
 * host          = IP-literal / IPv4address / reg-name
 * ```
 */
export const host = nodeRule<Host>(
  "host",
  alt(ref(ipLiteral), ref(ipv4address), ref(regName)),
  { role: "container" },
  (c, text, start) => buildHost(c, text, start),
);

/**
 * RFC 3986 §3.2.3
 * ```abnf
 * port          = *DIGIT
 * ```
 */
export const port = textRule("port", rep(0, Infinity, ref(digit)), { role: "leaf" });

/**
 * RFC 3986 §3.2
 * ```abnf
 * authority     = [ userinfo "@" ] host [ ":" port ]
 * ```
 */
export const authority = nodeRule<Authority>(
  "authority",
  seq(opt(seq(ref(userinfo), lit("@"))), ref(host), opt(seq(lit(":"), ref(port)))),
  { role: "container" },
  (c, text, start) => buildAuthority(c, text, start),
);
