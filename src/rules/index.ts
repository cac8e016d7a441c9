// "uri-grammar/rules": one parsimmon parser per rule of RFC 3986 Appendix A, its RFC 5234 core rules and RFC 3987 §2.2, by camelCase ABNF name, and
// `rule()` by name; each from its one definition (src/grammars/rfc3986/) with the AST semantics. Grammars as values are uri-grammar/abnf's.
import type { RuleParser } from "../abnf/grammar.js";
import { expectString } from "../describe.js";
import { suggest, UnknownRuleError } from "../abnf/unknown-rule.js";
import { rfcOfRule } from "../grammars/rfc-of-rule.js";
import type { ValueOf } from "../abnf/semantics.js";
import { rfc3986 } from "../grammars/rfc3986/index.js";
import type { rfc3986Rules } from "../grammars/rfc3986/rules.js";
import { rfc3987, type iriCopies, type iriRules } from "../grammars/rfc3987/index.js";
import { rfc3986Semantics } from "../grammars/rfc3986/semantics.js";
import { uriSemantics, type uriActions } from "../grammars/rfc3987/semantics.js";

export type { HierPart } from "../grammars/rfc3986/semantics.js";
export type { RuleParser } from "../abnf/grammar.js";
export { parseWith } from "../abnf/parser.js";

/** The rules RFC 3987 §2.2 adds for IRIs (the i-rules, ucschar, iprivate), as its grammar defines them. */
export type IriRuleName = (typeof iriCopies)[keyof typeof iriCopies] | keyof typeof iriRules;

/**
 * A rule name as TypeScript can check it: as the RFC spells it, all lowercase or all uppercase
 * (`"host"`, `"HOST"`, `"uri-reference"`). Any other spelling works at run time too (RFC 5234
 * §2.1: case does not matter); narrow a `string` with {@link isRuleName} first.
 */
export type RuleNameAnyCase = RuleName | Lowercase<RuleName> | Uppercase<RuleName>;

/**
 * What TypeScript takes as a rule name: a literal that spells a rule in any case (RFC 5234 §2.1:
 * `"segment-nz-nc"`, `"SEGMENT-NZ-NC"`, `"Segment-NZ-NC"`), or a `string` that is no literal
 * (checked at run time); a literal that names no rule, such as `"segmnt"`, does not compile.
 */
export type KnownRuleName<S extends string> = string extends S ? S : [CanonicalRuleName<S>] extends [never] ? never : S;

/** The rule a spelling names, e.g. `"URI"` for `"uri"`. */
export type CanonicalRuleName<S extends string> = { [K in RuleName]: Lowercase<K> extends Lowercase<S> ? K : never }[RuleName];

/** Every ABNF rule name this package has a parser for, as RFC 3986, RFC 3987 and RFC 5234 spell them. */
export type RuleName = UriRuleName | IriRuleName;

/** The rules of RFC 3986 Appendix A and the RFC 5234 core rules it uses, as its grammar defines them. */
export type UriRuleName = keyof typeof rfc3986Rules | "ALPHA" | "DIGIT" | "HEXDIG";

/** The value each rule's parser yields, by ABNF name: an AST node for the structural rules, else the matched text. */
export type RuleValues = { readonly [N in RuleName]: ValueOf<typeof uriActions, N> };

const p = <N extends UriRuleName>(name: N): RuleParser<RuleValues[N]> => rfc3986Semantics.rule(name) as RuleParser<RuleValues[N]>;
const i = <N extends IriRuleName>(name: N): RuleParser<RuleValues[N]> => uriSemantics.rule(name) as RuleParser<RuleValues[N]>;

/** RFC 3986 §3 `URI`: yields a `Uri` node. */
export const uri = p("URI");
/** RFC 3986 §3 `hier-part`: yields its authority and path. */
export const hierPart = p("hier-part");
/** RFC 3986 §4.1 `URI-reference`: yields a `Uri` or `RelativeRef` node. */
export const uriReference = p("URI-reference");
/** RFC 3986 §4.3 `absolute-URI`: yields a `Uri` node without a fragment. */
export const absoluteUri = p("absolute-URI");
/** RFC 3986 §4.2 `relative-ref`: yields a `RelativeRef` node. */
export const relativeRef = p("relative-ref");
/** RFC 3986 §4.2 `relative-part`: yields its authority and path. */
export const relativePart = p("relative-part");
/** RFC 3986 §3.1 `scheme`. */
export const scheme = p("scheme");
/** RFC 3986 §3.2 `authority`: yields an `Authority` node. */
export const authority = p("authority");
/** RFC 3986 §3.2.1 `userinfo`. */
export const userinfo = p("userinfo");
/** RFC 3986 §3.2.2 `host`: yields a `Host` node (a valid IPv4 address is an `IPv4address`, not a `reg-name`). */
export const host = p("host");
/** RFC 3986 §3.2.3 `port`. */
export const port = p("port");
/** RFC 3986 §3.2.2 `IP-literal`: yields an IPv6 or IPvFuture host node. */
export const ipLiteral = p("IP-literal");
/** RFC 3986 §3.2.2 `IPvFuture`: yields an `IPvFutureHost`. */
export const ipvfuture = p("IPvFuture");
/** RFC 3986 §3.2.2 `IPv6address`: yields an `IPv6Host` with its eight pieces. */
export const ipv6address = p("IPv6address");
/** RFC 3986 §3.2.2 `h16`. */
export const h16 = p("h16");
/** RFC 3986 §3.2.2 `ls32`. */
export const ls32 = p("ls32");
/** RFC 3986 §3.2.2 `IPv4address`: yields an `IPv4Host` with its four octets. */
export const ipv4address = p("IPv4address");
/** RFC 3986 §3.2.2 `dec-octet`. */
export const decOctet = p("dec-octet");
/** RFC 3986 §3.2.2 `reg-name`: yields a `RegNameHost`. */
export const regName = p("reg-name");
/** RFC 3986 §3.3 `path`: yields a `Path` of the first of the five kinds that matches. */
export const path = p("path");
/** RFC 3986 §3.3 `path-abempty`: yields a `Path`. */
export const pathAbempty = p("path-abempty");
/** RFC 3986 §3.3 `path-absolute`: yields a `Path`. */
export const pathAbsolute = p("path-absolute");
/** RFC 3986 §3.3 `path-noscheme`: yields a `Path`. */
export const pathNoscheme = p("path-noscheme");
/** RFC 3986 §3.3 `path-rootless`: yields a `Path`. */
export const pathRootless = p("path-rootless");
/** RFC 3986 §3.3 `path-empty`: yields a `Path`. */
export const pathEmpty = p("path-empty");
/** RFC 3986 §3.3 `segment`. */
export const segment = p("segment");
/** RFC 3986 §3.3 `segment-nz`. */
export const segmentNz = p("segment-nz");
/** RFC 3986 §3.3 `segment-nz-nc`. */
export const segmentNzNc = p("segment-nz-nc");
/** RFC 3986 §3.3 `pchar`. */
export const pchar = p("pchar");
/** RFC 3986 §3.4 `query`. */
export const query = p("query");
/** RFC 3986 §3.5 `fragment`. */
export const fragment = p("fragment");
/** RFC 3986 §2.1 `pct-encoded`. */
export const pctEncoded = p("pct-encoded");
/** RFC 3986 §2.3 `unreserved`. */
export const unreserved = p("unreserved");
/** RFC 3986 §2.2 `reserved`. */
export const reserved = p("reserved");
/** RFC 3986 §2.2 `gen-delims`. */
export const genDelims = p("gen-delims");
/** RFC 3986 §2.2 `sub-delims`. */
export const subDelims = p("sub-delims");
/** RFC 5234 Appendix B.1 `ALPHA`. */
export const alpha = p("ALPHA");
/** RFC 5234 Appendix B.1 `DIGIT`. */
export const digit = p("DIGIT");
/** RFC 5234 Appendix B.1 `HEXDIG`. */
export const hexdig = p("HEXDIG");

/** RFC 3987 §2.2 `IRI`: yields a `Uri` node whose components may hold non-ASCII characters. */
export const iri = i("IRI");
/** RFC 3987 §2.2 `ihier-part`. */
export const ihierPart = i("ihier-part");
/** RFC 3987 §2.2 `IRI-reference`: yields a `Uri` or `RelativeRef` node. */
export const iriReference = i("IRI-reference");
/** RFC 3987 §2.2 `absolute-IRI`. */
export const absoluteIri = i("absolute-IRI");
/** RFC 3987 §2.2 `irelative-ref`. */
export const irelativeRef = i("irelative-ref");
/** RFC 3987 §2.2 `irelative-part`. */
export const irelativePart = i("irelative-part");
/** RFC 3987 §2.2 `iauthority`: yields an `Authority` node. */
export const iauthority = i("iauthority");
/** RFC 3987 §2.2 `iuserinfo`. */
export const iuserinfo = i("iuserinfo");
/** RFC 3987 §2.2 `ihost`: yields a `Host` node. */
export const ihost = i("ihost");
/** RFC 3987 §2.2 `ireg-name`: yields a `RegNameHost`. */
export const iregName = i("ireg-name");
/** RFC 3987 §2.2 `ipath`: yields a `Path`. */
export const ipath = i("ipath");
/** RFC 3987 §2.2 `ipath-abempty`. */
export const ipathAbempty = i("ipath-abempty");
/** RFC 3987 §2.2 `ipath-absolute`. */
export const ipathAbsolute = i("ipath-absolute");
/** RFC 3987 §2.2 `ipath-noscheme`. */
export const ipathNoscheme = i("ipath-noscheme");
/** RFC 3987 §2.2 `ipath-rootless`. */
export const ipathRootless = i("ipath-rootless");
/** RFC 3987 §2.2 `ipath-empty`. */
export const ipathEmpty = i("ipath-empty");
/** RFC 3987 §2.2 `isegment`. */
export const isegment = i("isegment");
/** RFC 3987 §2.2 `isegment-nz`. */
export const isegmentNz = i("isegment-nz");
/** RFC 3987 §2.2 `isegment-nz-nc`. */
export const isegmentNzNc = i("isegment-nz-nc");
/** RFC 3987 §2.2 `ipchar`. */
export const ipchar = i("ipchar");
/** RFC 3987 §2.2 `iquery` (allows iprivate, unlike ifragment). */
export const iquery = i("iquery");
/** RFC 3987 §2.2 `ifragment`. */
export const ifragment = i("ifragment");
/** RFC 3987 §2.2 `iunreserved`. */
export const iunreserved = i("iunreserved");
/** RFC 3987 §2.2 `ucschar`. */
export const ucschar = i("ucschar");
/** RFC 3987 §2.2 `iprivate`. */
export const iprivate = i("iprivate");

/** Every rule's ABNF name: RFC 3986's in the order of its Appendix A, the core rules, then RFC 3987's. */
export const ruleNames: readonly RuleName[] = Object.freeze([...rfc3987.ruleNames] as RuleName[]);

/** The names of RFC 3986's rules (Appendix A and the core rules it uses). */
export const uriRuleNames: readonly UriRuleName[] = Object.freeze([...rfc3986.ruleNames] as UriRuleName[]);

/** True when `name` is a rule name this package knows (case-insensitive, RFC 5234 §2.1). */
export const isRuleName = (name: string): name is RuleName => rfc3987.has(name);

/**
 * The parser of a rule, by its ABNF name (case-insensitive, RFC 5234 §2.1), typed by the rule for
 * every spelling (`"host"`, `"HOST"`, `"Host"`). A name neither RFC 3986 nor RFC 3987 defines is
 * an {@link UnknownRuleError} (a TypeError) that names the rule probably meant, as `validate`'s;
 * in TypeScript, such a name written as a literal does not compile. A name that is not a string
 * is a TypeError.
 *
 * @example
 * rule("segment-nz-nc").tryParse("a@b") // "a@b"
 */
export function rule<S extends string>(name: S & KnownRuleName<S>): string extends S ? RuleParser<unknown> : RuleParser<RuleValues[CanonicalRuleName<S>]>;
export function rule(name: string): RuleParser<unknown> {
  expectString(name, "name", "rule");
  if (rfc3986.has(name)) return rfc3986Semantics.rule(name);
  const def = rfc3987.definition(name);
  if (def !== undefined) return uriSemantics.rule(def.name);
  // an unknown name is an UnknownRuleError (a TypeError) that names the rule probably meant, and
  // RFC 3986 unless that rule is one RFC 3987 adds (as parse's)
  const suggestion = suggest(name, rfc3987.ruleNames);
  throw new UnknownRuleError(name, rfcOfRule(suggestion), "rule", suggestion);
}
