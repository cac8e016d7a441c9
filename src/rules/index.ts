// The "uri-grammar/rules" entry point: one parsimmon parser per rule of RFC 3986 Appendix A and
// the RFC 5234 core rules it uses, under the mechanical camelCase of its ABNF name, and `rule()`
// to reach any of them by that name.
import type { RuleParser } from "../abnf/to-parser.js";
import type {
  AbsoluteUri, Authority, Host, IPv4Host, IPv6Host, IPvFutureHost, Path, RegNameHost, RelativeRef, Uri, UriReference,
} from "../ast/nodes.js";
import * as authorityRules from "./authority.js";
import type { HierPart } from "./build.js";
import * as characterRules from "./characters.js";
import * as coreRules from "./core.js";
import * as pathRules from "./path.js";
import * as queryRules from "./query-fragment.js";
import * as referenceRules from "./reference.js";
import * as schemeRules from "./scheme.js";

export { alpha, digit, hexdig } from "./core.js";
export { genDelims, pctEncoded, reserved, subDelims, unreserved } from "./characters.js";
export { scheme } from "./scheme.js";
export {
  authority, decOctet, h16, host, ipLiteral, ipv4address, ipv6address, ipvfuture, ls32, port, regName, userinfo,
} from "./authority.js";
export {
  path, pathAbempty, pathAbsolute, pathEmpty, pathNoscheme, pathRootless, pchar, segment, segmentNz, segmentNzNc,
} from "./path.js";
export { fragment, query } from "./query-fragment.js";
export { absoluteUri, hierPart, relativePart, relativeRef, uri, uriReference } from "./reference.js";
export type { HierPart } from "./build.js";
export type { RuleParser } from "../abnf/to-parser.js";
export type { Expr, RuleDefinition } from "../abnf/expr.js";

/** The value each rule's parser yields, by ABNF name. */
export interface RuleValues {
  "URI": Uri;
  "hier-part": HierPart;
  "URI-reference": UriReference;
  "absolute-URI": AbsoluteUri;
  "relative-ref": RelativeRef;
  "relative-part": HierPart;
  "scheme": string;
  "authority": Authority;
  "userinfo": string;
  "host": Host;
  "port": string;
  "IP-literal": IPv6Host | IPvFutureHost;
  "IPvFuture": IPvFutureHost;
  "IPv6address": IPv6Host;
  "h16": string;
  "ls32": string;
  "IPv4address": IPv4Host;
  "dec-octet": string;
  "reg-name": RegNameHost;
  "path": Path;
  "path-abempty": Path;
  "path-absolute": Path;
  "path-noscheme": Path;
  "path-rootless": Path;
  "path-empty": Path;
  "segment": string;
  "segment-nz": string;
  "segment-nz-nc": string;
  "pchar": string;
  "query": string;
  "fragment": string;
  "pct-encoded": string;
  "unreserved": string;
  "reserved": string;
  "gen-delims": string;
  "sub-delims": string;
  "ALPHA": string;
  "DIGIT": string;
  "HEXDIG": string;
}

/** Every ABNF rule name this package has a parser for, as the RFCs spell them. */
export type RuleName = keyof RuleValues;

const all: readonly RuleParser<unknown>[] = [
  referenceRules, schemeRules, authorityRules, pathRules, queryRules, characterRules, coreRules,
].flatMap((m) => Object.values(m) as RuleParser<unknown>[]);

const byName: ReadonlyMap<string, RuleParser<unknown>> = new Map(all.map((p) => [p.abnfName.toLowerCase(), p]));

/** Every rule's ABNF name, RFC 3986 rules first in the order of its Appendix A, then the core rules. */
export const ruleNames: readonly RuleName[] = Object.freeze([
  "URI", "hier-part", "URI-reference", "absolute-URI", "relative-ref", "relative-part", "scheme", "authority",
  "userinfo", "host", "port", "IP-literal", "IPvFuture", "IPv6address", "h16", "ls32", "IPv4address", "dec-octet",
  "reg-name", "path", "path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty", "segment",
  "segment-nz", "segment-nz-nc", "pchar", "query", "fragment", "pct-encoded", "unreserved", "reserved", "gen-delims",
  "sub-delims", "ALPHA", "DIGIT", "HEXDIG",
] satisfies RuleName[]);

/** True when `name` is a rule name this package knows (case-insensitive, RFC 5234 §2.1). */
export const isRuleName = (name: string): boolean => byName.has(name.toLowerCase());

/**
 * The parser of a rule, by its ABNF name (case-insensitive, RFC 5234 §2.1).
 *
 * @example
 * rule("segment-nz-nc").tryParse("a@b") // "a@b"
 */
export function rule<N extends RuleName>(name: N): RuleParser<RuleValues[N]>;
export function rule(name: string): RuleParser<unknown> | undefined;
export function rule(name: string): RuleParser<unknown> | undefined {
  return byName.get(name.toLowerCase());
}
