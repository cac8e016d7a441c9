// RFC 3986 §3 (URI, hier-part), §4.1 (URI-reference), §4.2 (relative-ref), §4.3 (absolute-URI).
import { alt, lit, opt, ref, seq } from "../abnf/expr.js";
import type { AbsoluteUri, RelativeRef, Uri, UriReference } from "../ast/nodes.js";
import { authority, ipv4address } from "./authority.js";
import { buildHierPart, buildReference, splitReference, type HierPart } from "./build.js";
import { nodeRule } from "./define.js";
import { pathAbempty, pathAbsolute, pathEmpty, pathNoscheme, pathRootless } from "./path.js";
import { fragment, query } from "./query-fragment.js";
import { scheme } from "./scheme.js";

let ipv4: RegExp | undefined;
/** The fast path's splitter for the URI-reference family (RFC 3986 Appendix B; see build.ts). */
const split = (input: string) => splitReference(input, (ipv4 ??= new RegExp(`^(?:${ipv4address.pattern})$`)));

/**
 * RFC 3986 §3
 * ```abnf
 * hier-part     = "//" authority path-abempty
 *               / path-absolute
 *               / path-rootless
 *               / path-empty
 * ```
 */
export const hierPart = nodeRule<HierPart>(
  "hier-part",
  alt(seq(lit("//"), ref(authority), ref(pathAbempty)), ref(pathAbsolute), ref(pathRootless), ref(pathEmpty)),
  {},
  (c, _text, start) => buildHierPart(c, start),
);

/**
 * RFC 3986 §3
 * ```abnf
 * URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 * ```
 */
export const uri = nodeRule(
  "URI",
  seq(ref(scheme), lit(":"), ref(hierPart), opt(seq(lit("?"), ref(query))), opt(seq(lit("#"), ref(fragment)))),
  { split },
  (c, text, start) => buildReference(c, text, start) as Uri,
);

/**
 * RFC 3986 §4.2
 * ```abnf
 * relative-part = "//" authority path-abempty
 *               / path-absolute
 *               / path-noscheme
 *               / path-empty
 * ```
 */
export const relativePart = nodeRule<HierPart>(
  "relative-part",
  alt(seq(lit("//"), ref(authority), ref(pathAbempty)), ref(pathAbsolute), ref(pathNoscheme), ref(pathEmpty)),
  {},
  (c, _text, start) => buildHierPart(c, start),
);

/**
 * RFC 3986 §4.2
 * ```abnf
 * relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
 * ```
 */
export const relativeRef = nodeRule(
  "relative-ref",
  seq(ref(relativePart), opt(seq(lit("?"), ref(query))), opt(seq(lit("#"), ref(fragment)))),
  { split },
  (c, text, start) => buildReference(c, text, start) as RelativeRef,
);

/**
 * RFC 3986 §4.1
 * ```abnf
 * URI-reference = URI / relative-ref
 * ```
 */
export const uriReference = nodeRule<UriReference>(
  "URI-reference",
  alt(ref(uri), ref(relativeRef)),
  { split },
  (c, text, start) => buildReference(c, text, start),
);

/**
 * RFC 3986 §4.3
 * ```abnf
 * absolute-URI  = scheme ":" hier-part [ "?" query ]
 * ```
 */
export const absoluteUri = nodeRule(
  "absolute-URI",
  seq(ref(scheme), lit(":"), ref(hierPart), opt(seq(lit("?"), ref(query)))),
  { split },
  (c, text, start) => buildReference(c, text, start) as AbsoluteUri,
);
