// RFC 3986 §3.3: path, its five kinds, segments and pchar.
import { alt, lit, opt, prose, ref, rep, seq } from "../abnf/expr.js";
import type { Path, PathKind } from "../ast/nodes.js";
import { buildPath, type Components } from "./build.js";
import { pctEncoded, subDelims, unreserved } from "./characters.js";
import { nodeRule, textRule } from "./define.js";

/**
 * RFC 3986 §3.3
 * ```abnf
 * pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
 * ```
 */
export const pchar = textRule("pchar", alt(ref(unreserved), ref(pctEncoded), ref(subDelims), lit(":"), lit("@")), {
  token: true,
});

/**
 * RFC 3986 §3.3
 * ```abnf
 * segment       = *pchar
 * ```
 */
export const segment = textRule("segment", rep(0, Infinity, ref(pchar)));

/**
 * RFC 3986 §3.3
 * ```abnf
 * segment-nz    = 1*pchar
 * ```
 */
export const segmentNz = textRule("segment-nz", rep(1, Infinity, ref(pchar)));

/**
 * RFC 3986 §3.3
 * ```abnf
 * segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
 *               ; non-zero-length segment without any colon ":"
 * ```
 */
export const segmentNzNc = textRule(
  "segment-nz-nc",
  rep(1, Infinity, alt(ref(unreserved), ref(pctEncoded), ref(subDelims), lit("@"))),
);

const slashSegments = rep(0, Infinity, seq(lit("/"), ref(segment)));
const pathOf = (kind: PathKind) => (c: Components, text: string, start: number): Path => buildPath(c, start, kind, text);

/**
 * RFC 3986 §3.3
 * ```abnf
 * path-abempty  = *( "/" segment )
 * ```
 */
export const pathAbempty = nodeRule("path-abempty", slashSegments, { role: "leaf" }, pathOf("path-abempty"));

/**
 * RFC 3986 §3.3
 * ```abnf
 * path-absolute = "/" [ segment-nz *( "/" segment ) ]
 * ```
 */
export const pathAbsolute = nodeRule(
  "path-absolute",
  seq(lit("/"), opt(seq(ref(segmentNz), slashSegments))),
  { role: "leaf" },
  pathOf("path-absolute"),
);

/**
 * RFC 3986 §3.3
 * ```abnf
 * path-noscheme = segment-nz-nc *( "/" segment )
 * ```
 */
export const pathNoscheme = nodeRule(
  "path-noscheme",
  seq(ref(segmentNzNc), slashSegments),
  { role: "leaf" },
  pathOf("path-noscheme"),
);

/**
 * RFC 3986 §3.3
 * ```abnf
 * path-rootless = segment-nz *( "/" segment )
 * ```
 */
export const pathRootless = nodeRule(
  "path-rootless",
  seq(ref(segmentNz), slashSegments),
  { role: "leaf" },
  pathOf("path-rootless"),
);

/**
 * RFC 3986 §3.3
 * ```abnf
 * path-empty    = 0<pchar>
 * ```
 */
export const pathEmpty = nodeRule("path-empty", rep(0, 0, prose("pchar")), { role: "leaf" }, pathOf("path-empty"));

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
export const path = nodeRule(
  "path",
  alt(ref(pathAbempty), ref(pathAbsolute), ref(pathNoscheme), ref(pathRootless), ref(pathEmpty)),
  {},
  (c, _text, start) => buildPath(c, start),
);
