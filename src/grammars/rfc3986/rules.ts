// RFC 3986 Appendix A as data: every rule defined once, in the appendix's order, with its section. index.ts makes it a grammar; src/charsets.ts
// reads it without importing any parser.
import { alt, lit, opt, prose, range, ref, rep, seq, type Expr } from "../../abnf/expr.js";
import type { RuleInputs } from "../../abnf/grammar.js";

/** `N( h16 ":" )` */
const pieces = (n: number): Expr => rep(n, n, seq(ref("h16"), lit(":")));
/** `[ *N( h16 ":" ) h16 ]` */
const head = (n: number): Expr => opt(seq(rep(0, n, seq(ref("h16"), lit(":"))), ref("h16")));
/** `*( "/" segment )` */
const slashSegments = rep(0, Infinity, seq(lit("/"), ref("segment")));

/** The rules of RFC 3986 Appendix A, in the order of the appendix. */
export const rfc3986Rules = {
  // §3 (URI, hier-part), §4.1 (URI-reference), §4.2 (relative-ref), §4.3 (absolute-URI).
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
  // §3.1: scheme.
  /**
   * RFC 3986 §3.1
   * ```abnf
   * scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
   * ```
   */
  scheme: { expr: seq(ref("ALPHA"), rep(0, Infinity, alt(ref("ALPHA"), ref("DIGIT"), lit("+"), lit("-"), lit(".")))), token: true },
  // §3.2: authority, userinfo, host (IP literals, IPv4, reg-name) and port.
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
  // §3.3: path, its five kinds, segments and pchar.
  /**
   * RFC 3986 §3.3. The value's `kind` is the first alternative that matches the whole path
   * (`""` is a path-abempty, `"/a"` a path-abempty, `"a"` a path-noscheme).
   * ```abnf
   * path          = path-abempty    ; begins with "/" or is empty
   *               / path-absolute   ; begins with "/" but not "//"
   *               / path-noscheme   ; begins with a non-colon segment
   *               / path-rootless   ; begins with a segment
   *               / path-empty      ; zero characters
   * ```
   */
  path: alt(ref("path-abempty"), ref("path-absolute"), ref("path-noscheme"), ref("path-rootless"), ref("path-empty")),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * path-abempty  = *( "/" segment )
   * ```
   */
  "path-abempty": slashSegments,
  /**
   * RFC 3986 §3.3
   * ```abnf
   * path-absolute = "/" [ segment-nz *( "/" segment ) ]
   * ```
   */
  "path-absolute": seq(lit("/"), opt(seq(ref("segment-nz"), slashSegments))),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * path-noscheme = segment-nz-nc *( "/" segment )
   * ```
   */
  "path-noscheme": seq(ref("segment-nz-nc"), slashSegments),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * path-rootless = segment-nz *( "/" segment )
   * ```
   */
  "path-rootless": seq(ref("segment-nz"), slashSegments),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * path-empty    = 0<pchar>
   * ```
   */
  "path-empty": rep(0, 0, prose("pchar")),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * segment       = *pchar
   * ```
   */
  segment: rep(0, Infinity, ref("pchar")),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * segment-nz    = 1*pchar
   * ```
   */
  "segment-nz": rep(1, Infinity, ref("pchar")),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
   *               ; non-zero-length segment without any colon ":"
   * ```
   */
  "segment-nz-nc": rep(1, Infinity, alt(ref("unreserved"), ref("pct-encoded"), ref("sub-delims"), lit("@"))),
  /**
   * RFC 3986 §3.3
   * ```abnf
   * pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
   * ```
   */
  pchar: { expr: alt(ref("unreserved"), ref("pct-encoded"), ref("sub-delims"), lit(":"), lit("@")), token: true },
  // §3.4 and §3.5: query and fragment.
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
  // §2: characters, percent-encoding, reserved and unreserved sets.
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
