// RFC 3986 §2.2–§2.3 character classes and the characters each component allows (§3.1–§3.5),
// derived from the rule definitions (src/grammars/rfc3986/), never restated. This module reads
// the grammar as data and imports no parser, so the transforms may use it.
import { Analysis, type RuleDefinition } from "./abnf/analysis.js";
import { RegexCompiler } from "./abnf/regex.js";
import type { CodePointSet } from "./abnf/charset.js";
import type { Expr } from "./abnf/expr.js";
import type { RuleInput } from "./abnf/grammar.js";
import { coreRules } from "./grammars/core-rules.js";
import { rfc3986Rules } from "./grammars/rfc3986/rules.js";

/**
 * `table[c]` is `true` when the US-ASCII character with code `c` is in the class. Length 128,
 * frozen; a code of 128 or more is in no RFC 3986 class (read it as `table[c] === true`).
 */
export type CharTable = readonly boolean[];

/** The rules that have a table: the character classes, and the components (besides `pct-encoded`). */
const TABLE_RULES = [
  "ALPHA", "DIGIT", "HEXDIG", "unreserved", "sub-delims", "gen-delims", "reserved", "scheme", "userinfo", "reg-name", "port",
  "pchar", "segment", "segment-nz", "segment-nz-nc", "path", "query", "fragment",
] as const;

/** The name of a table in {@link charsets}. */
export type CharsetName = (typeof TABLE_RULES)[number];

const definitions = new Map<string, RuleDefinition>();
for (const [name, input] of Object.entries({ ...rfc3986Rules, ...coreRules } as Record<string, RuleInput>)) {
  const expr = (typeof (input as Expr).type === "string" ? input : (input as { expr: Expr }).expr) as Expr;
  definitions.set(name.toLowerCase(), { name, expr, token: false });
}
const analysis = new Analysis((n) => definitions.get(n.toLowerCase()), [...definitions.keys()]);
const PCT = new Set(["pct-encoded"]);

const toTable = (set: CodePointSet): CharTable => {
  const t = new Array<boolean>(128).fill(false);
  for (const [lo, hi] of set) for (let c = lo; c <= Math.min(hi, 127); c++) t[c] = true;
  return Object.freeze(t);
};

/**
 * The code points of each class, by ABNF rule name. For a component rule (`userinfo`, `query`,
 * `path`, …) the set holds the single characters it allows besides `pct-encoded` triplets;
 * `scheme` holds the characters it allows anywhere (its first must also be an ALPHA).
 */
export const codePointSets: Readonly<Record<CharsetName, CodePointSet>> = Object.freeze(
  Object.fromEntries(TABLE_RULES.map((name) => [name, analysis.charsInside({ type: "ref", name }, PCT)])) as Record<CharsetName, CodePointSet>,
);

/** The same classes as 128-entry tables indexed by US-ASCII code (RFC 3986 allows no other character). */
export const charsets: Readonly<Record<CharsetName, CharTable>> = Object.freeze(
  Object.fromEntries(TABLE_RULES.map((name) => [name, toTable(codePointSets[name])])) as Record<CharsetName, CharTable>,
);

/** `true` when the UTF-16 code unit `code` is in `t`. */
export const inTable = (t: CharTable, code: number): boolean => code < 128 && t[code] === true;

/** The rules {@link charsets} has a table for and that take percent-encoded octets: what `percentEncode` encodes for. */
export const ENCODE_RULES = ["segment", "segment-nz", "segment-nz-nc", "pchar", "path", "query", "fragment", "userinfo", "reg-name", "unreserved"] as const;

let ipv4: RegExp | undefined;

/**
 * True when `text` is an `IPv4address` (RFC 3986 §3.2.2), by the regex derived from that rule's
 * definition: a transform that changes a reg-name's text (normalization decodes `%31`) uses it
 * to give the host the kind its new text parses to.
 */
export function isIPv4address(text: string): boolean {
  ipv4 ??= new RegExp(`^(?:${new RegexCompiler(analysis).rule("ipv4address")})$`);
  return ipv4.test(text);
}
