// A template's language (language.ts) as expressions of the ABNF engine (src/abnf/expr.ts), in
// two alphabets: characters, for grammarOf's grammar (grammar.ts), and "unit code points", for
// the engine's automaton core alone (src/abnf/dfa-engine.ts): each unit of units.ts (an ASCII
// character, or a triplet with its octet and the case of its hex digits, codes below 0x500)
// read as the code point of its code, so that the core recognizes a URI given as the string of
// its units (the ambiguity search, ambiguity.ts; and test/template/match.test.ts, which holds the
// matcher's automaton to the engine's).
import { Analysis, deepestNesting, MAX_DEPTH, type RuleDefinition } from "../abnf/analysis.js";
import { GrammarError } from "../abnf/grammar-errors.js";
import { Compiled } from "../abnf/compiled.js";
import { alt, many, many1, range, ref, rep, seq, type Expr } from "../abnf/expr.js";
import type { Lang, TemplateLanguage } from "./language.js";
import { R_ANY, U_SINGLE, UNIT_COUNT, unitsOf, upperTriplets, UTF8_SEQUENCES, type UnitSet } from "./units.js";

/**
 * The expression of `x`, a span's character being rule `value-char` (U, RFC 6570 §3.2.1) or
 * `reserved-char` (U+R), and a literal `literal(text)`. A prefix's span (§2.4.1) is written with
 * its max-length when that is at most `prefixLimit`, else unbounded (a superset), a "+" or "#"
 * one's character being rule `reservedPrefix`.
 */
export function langExpr(x: Lang, literal: (text: string) => Expr, prefixLimit: number, reservedPrefix = "reserved-char"): Expr {
  const to = (y: Lang): Expr => langExpr(y, literal, prefixLimit, reservedPrefix);
  switch (x.t) {
    case "lit":
      return literal(x.text);
    case "span": {
      const max = x.max !== undefined && x.max <= prefixLimit ? x.max : undefined;
      // a prefix counts characters (§2.4.1): a "+" or "#" value's UTF-8 sequence is one
      const c = ref(!x.reserved ? "value-char" : max !== undefined ? reservedPrefix : "reserved-char");
      return max !== undefined ? rep(x.min1 ? 1 : 0, max, c) : x.min1 ? many1(c) : many(c);
    }
    case "seq":
      return x.items.length === 1 ? to(x.items[0] as Lang) : seq(...x.items.map(to));
    case "alt":
      return alt(...x.items.map(to));
    case "star":
      return many(to(x.item));
    case "mark":
      return seq();
    case "ref":
      return ref(x.name);
    case "item":
      return to(x.body);
  }
}

/** A set of units as an alternation of code point ranges. */
function setExpr(set: UnitSet): Expr {
  const parts: Expr[] = [];
  for (let c = 0; c < UNIT_COUNT; c++) {
    if (set[c] !== 1) continue;
    let d = c;
    while (d + 1 < UNIT_COUNT && set[d + 1] === 1) d++;
    parts.push(range(c, d));
    c = d;
  }
  return parts.length === 1 ? (parts[0] as Expr) : alt(...parts);
}

type Range = readonly [number, number];

/**
 * The UTF-8 sequences of more than one octet (RFC 3629 §4, units.ts's UTF8_SEQUENCES) as one
 * expression with shared suffixes, read from the end, `triplets(ranges)` being the triplets of
 * the octets in the ranges: every sequence ends in a continuation octet, so an automaton has one
 * place for it instead of one per form, and lead octets that share what follows them are one set
 * (E1-EC and EE-EF). Over units, U's character has 15 positions instead of 27.
 */
export function utf8Expr(triplets: (ranges: readonly Range[]) => Expr, sequences: readonly (readonly Range[])[] = UTF8_SEQUENCES): Expr {
  const groups = new Map<string, Range[][]>();
  const leads: Range[] = [];
  for (const q of sequences) {
    const last = q[q.length - 1] as Range;
    if (q.length === 1) {
      leads.push(last);
      continue;
    }
    const k = `${last[0]}-${last[1]}`;
    const g = groups.get(k);
    if (g === undefined) groups.set(k, [q.slice(0, -1)]);
    else g.push(q.slice(0, -1));
  }
  const parts: Expr[] = leads.length > 0 ? [triplets(leads)] : [];
  for (const [k, rest] of groups) parts.push(seq(utf8Expr(triplets, rest), triplets([k.split("-").map(Number) as unknown as Range])));
  return parts.length === 1 ? (parts[0] as Expr) : alt(...parts);
}

/** Uppercase triplet units of the octets in `ranges`. */
function upperUnits(ranges: readonly Range[]): Expr {
  const set = upperTriplets(ranges[0] as Range).slice();
  for (const r of ranges.slice(1)) upperTriplets(r).forEach((v, c) => (set[c] = (set[c] as number) | v));
  return setExpr(set);
}

/** Triplet units of the octets in `ranges`, any case. */
function anyCaseUnits(ranges: readonly Range[]): Expr {
  const set = new Uint8Array(UNIT_COUNT);
  for (let c = 0x100; c < UNIT_COUNT; c++) if (ranges.some((r) => (c & 0xff) >= r[0] && (c & 0xff) <= r[1])) set[c] = 1;
  return setExpr(set);
}

/** The value characters over units, made once: U's single unit or uppercase UTF-8 sequence, U+R's any unit, and U+R's character in a prefix, a UTF-8 sequence of triplets in any case or any unit (RFC 6570 §3.2.1, §2.4.1). */
let charRules: readonly RuleDefinition[] | undefined;

/** A literal's units, one position each (the engine names a position of a literal by the rest of it: here, by its unit). */
const unitLiteral = (text: string): Expr => {
  const items = unitsOf(text).map((c) => range(c));
  if (items.length === 1) return items[0] as Expr;
  // a long literal (128 KiB) as sequences of 4,096: one call's arguments are bounded by the stack
  const chunks: Expr[] = [];
  for (let i = 0; i < items.length; i += 4096) chunks.push(seq(...items.slice(i, i + 4096)));
  return chunks.length === 1 ? (chunks[0] as Expr) : seq(...chunks);
};

/**
 * The language's rules over unit code points (`template` the whole URI), analysed and compiled
 * for the engine's core. With `unbounded`, prefixes are read as unbounded (what the "no-match"
 * explanation reads, as template.ts's unboundedNfa).
 */
export function unitAutomata(lang: TemplateLanguage, unbounded = false): Compiled {
  charRules ??= [
    { name: "value-char", expr: alt(setExpr(U_SINGLE), utf8Expr(upperUnits)), token: true },
    { name: "reserved-char", expr: setExpr(R_ANY), token: true },
    { name: "reserved-prefix-char", expr: alt(utf8Expr(anyCaseUnits), setExpr(R_ANY)), token: true },
  ];
  const defs = new Map<string, RuleDefinition>(charRules.map((d) => [d.name, d]));
  for (const [name, x] of lang.rules) defs.set(name, { name, expr: langExpr(x, unitLiteral, unbounded ? -1 : Infinity, "reserved-prefix-char"), token: false });
  // the analyses and the builder recurse as deep as the rules nest (an exploded query of 1,000
  // varspecs nests an alternative per varspec): refused as the loader refuses such a grammar
  const deep = deepestNesting(defs, MAX_DEPTH);
  if (deep !== undefined) throw new GrammarError("too-deep", `rule ${deep.rule} nests more than ${MAX_DEPTH} levels deep`, deep.rule);
  return new Compiled(new Analysis((n) => defs.get(n.toLowerCase()), [...defs.keys()]));
}
