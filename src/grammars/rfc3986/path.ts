// RFC 3986 §3.3: path, its five kinds, segments and pchar.
import { alt, lit, opt, prose, ref, rep, seq } from "../../abnf/expr.js";
import type { RuleInputs } from "../../abnf/grammar.js";

/** `*( "/" segment )` */
const slashSegments = rep(0, Infinity, seq(lit("/"), ref("segment")));

/** The rules of this section as data; `src/grammars/rfc3986/index.ts` makes them a grammar. */
export const pathRules = {
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
} as const satisfies RuleInputs;
