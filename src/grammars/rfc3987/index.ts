// RFC 3987 §2.2 as a grammar value derived from RFC 3986's: differing rules are renamed copies (iunreserved adds ucschar, iquery iprivate: both new);
// those "the same as those in [RFC3986]" are RFC 3986's own. The value holds both, so it answers for URI and IRI rule names alike.
import { alt, lit, prose, range, ref, rep } from "../../abnf/expr.js";
import { markRegexVerified } from "../../abnf/fast-path.js";
import { Grammar, type RuleInputs } from "../../abnf/grammar.js";
import { uriGrammar } from "../../compiled/index.js";
import { rfc3986 } from "../rfc3986/index.js";

/** The RFC 3986 rule each RFC 3987 rule of §2.2's first block is a copy of (name, then copy name). */
export const iriCopies = {
  /**
   * RFC 3987 §2.2
   * ```abnf
   * IRI            = scheme ":" ihier-part [ "?" iquery ]
   *                       [ "#" ifragment ]
   * ```
   */
  URI: "IRI",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ihier-part     = "//" iauthority ipath-abempty
   *                / ipath-absolute
   *                / ipath-rootless
   *                / ipath-empty
   * ```
   */
  "hier-part": "ihier-part",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * IRI-reference  = IRI / irelative-ref
   * ```
   */
  "URI-reference": "IRI-reference",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * absolute-IRI   = scheme ":" ihier-part [ "?" iquery ]
   * ```
   */
  "absolute-URI": "absolute-IRI",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * irelative-ref  = irelative-part [ "?" iquery ] [ "#" ifragment ]
   * ```
   */
  "relative-ref": "irelative-ref",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * irelative-part = "//" iauthority ipath-abempty
   *                     / ipath-absolute
   *                / ipath-noscheme
   *                / ipath-empty
   * ```
   */
  "relative-part": "irelative-part",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * iauthority     = [ iuserinfo "@" ] ihost [ ":" port ]
   * ```
   */
  authority: "iauthority",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * iuserinfo      = *( iunreserved / pct-encoded / sub-delims / ":" )
   * ```
   */
  userinfo: "iuserinfo",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ihost          = IP-literal / IPv4address / ireg-name
   * ```
   */
  host: "ihost",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ireg-name      = *( iunreserved / pct-encoded / sub-delims )
   * ```
   */
  "reg-name": "ireg-name",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ipath          = ipath-abempty   ; begins with "/" or is empty
   *                / ipath-absolute  ; begins with "/" but not "//"
   *                / ipath-noscheme  ; begins with a non-colon segment
   *                / ipath-rootless  ; begins with a segment
   *                / ipath-empty     ; zero characters
   * ```
   */
  path: "ipath",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ipath-abempty  = *( "/" isegment )
   * ```
   */
  "path-abempty": "ipath-abempty",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
   * ```
   */
  "path-absolute": "ipath-absolute",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ipath-noscheme = isegment-nz-nc *( "/" isegment )
   * ```
   */
  "path-noscheme": "ipath-noscheme",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ipath-rootless = isegment-nz *( "/" isegment )
   * ```
   */
  "path-rootless": "ipath-rootless",
  "path-empty": "ipath-empty",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * isegment       = *ipchar
   * ```
   */
  segment: "isegment",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * isegment-nz    = 1*ipchar
   * ```
   */
  "segment-nz": "isegment-nz",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims
   *                      / "@" )
   *                ; non-zero-length segment without any colon ":"
   * ```
   */
  "segment-nz-nc": "isegment-nz-nc",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ipchar         = iunreserved / pct-encoded / sub-delims / ":"
   *                / "@"
   * ```
   */
  pchar: "ipchar",
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ifragment      = *( ipchar / "/" / "?" )
   * ```
   */
  fragment: "ifragment",
  query: "iquery",
  unreserved: "iunreserved",
} as const satisfies Readonly<Record<string, string>>;

/**
 * The rules of RFC 3987 §2.2 that are not plain copies: two widened copies (iquery, iunreserved),
 * two new rules (ucschar, iprivate), and ipath-empty, whose prose names ipchar (a prose value is
 * no reference, so copying cannot rename it; `0<...>` matches the empty string either way).
 */
export const iriRules = {
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ipath-empty    = 0<ipchar>
   * ```
   */
  "ipath-empty": rep(0, 0, prose("ipchar")),
  /**
   * RFC 3987 §2.2
   * ```abnf
   * iquery         = *( ipchar / iprivate / "/" / "?" )
   * ```
   */
  iquery: rep(0, Infinity, alt(ref("ipchar"), ref("iprivate"), lit("/"), lit("?"))),
  /**
   * RFC 3987 §2.2
   * ```abnf
   * iunreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
   * ```
   */
  iunreserved: alt(ref("ALPHA"), ref("DIGIT"), lit("-"), lit("."), lit("_"), lit("~"), ref("ucschar")),
  /**
   * RFC 3987 §2.2
   * ```abnf
   * ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
   *                / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
   *                / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
   *                / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
   *                / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
   *                / %xD0000-DFFFD / %xE1000-EFFFD
   * ```
   */
  ucschar: {
    expr: alt(
      range(0xa0, 0xd7ff), range(0xf900, 0xfdcf), range(0xfdf0, 0xffef),
      range(0x10000, 0x1fffd), range(0x20000, 0x2fffd), range(0x30000, 0x3fffd),
      range(0x40000, 0x4fffd), range(0x50000, 0x5fffd), range(0x60000, 0x6fffd),
      range(0x70000, 0x7fffd), range(0x80000, 0x8fffd), range(0x90000, 0x9fffd),
      range(0xa0000, 0xafffd), range(0xb0000, 0xbfffd), range(0xc0000, 0xcfffd),
      range(0xd0000, 0xdfffd), range(0xe1000, 0xefffd),
    ),
    token: true,
  },
  /**
   * RFC 3987 §2.2
   * ```abnf
   * iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
   *
   * ; "The following rules are the same as those in [RFC3986]:"
   * ```
   */
  iprivate: { expr: alt(range(0xe000, 0xf8ff), range(0xf0000, 0xffffd), range(0x100000, 0x10fffd)), token: true },
} as const satisfies RuleInputs;

/**
 * RFC 3987 (IRIs), with RFC 3986's rules (URI, scheme, host, ...) beside the IRI ones (IRI,
 * ihost, ipchar, ...): `rfc3987.isValid("http://ö.example/", "IRI")`.
 */
export const rfc3987: Grammar = Grammar.lazy("RFC 3987", () => {
  const g = rfc3986.derive({ name: "RFC 3987", copy: iriCopies, rules: iriRules });
  markRegexVerified(g); // test/regex-safety.test.ts proves every rule linear
  return g;
});
// its rules as the build compiled them (test/compiled.test.ts holds them to these definitions)
Grammar.useCompiled(rfc3987, uriGrammar, true);
