// A template's language (language.ts) as expressions of the ABNF engine (src/abnf/expr.ts), in
// two alphabets: characters, for grammarOf's grammar (grammar.ts), and "unit code points", for
// the engine's automaton core alone (src/abnf/dfa-engine.ts): each unit of units.ts (an ASCII
// character, or a triplet with its octet and the case of its hex digits, codes below 0x500)
// read as the code point of its code, so that the core recognizes a URI given as the string of
// its units (issue 30: the template matcher on the one engine). The matcher's form carries the
// reading too: each tag (a span's open and close, a mark) is a marker rule, a rule that matches
// only "" and whose occurrences the automaton lists on the edges that cross them (captures.ts),
// and the template's preferences among readings (a span's yieldAt, a list's yieldFirst) are the
// engine's Preferences.
import { Analysis, type RuleDefinition } from "../abnf/analysis.js";
import type { Preference } from "../abnf/captures.js";
import { codePointSet } from "../abnf/charset.js";
import { Compiled } from "../abnf/compiled.js";
import { DfaBudget } from "../abnf/dfa.js";
import { alt, lit, many, many1, range, ref, rep, seq, type Expr } from "../abnf/expr.js";
import type { Lang, TemplateLanguage } from "./language.js";
import { R_ANY, U_SINGLE, UNIT_COUNT, unitsOf, upperTriplets, UTF8_SEQUENCES, type Units, type UnitSet } from "./units.js";

/** What the matcher's form writes besides the language (see the module's comment). */
export interface Marks {
  /** The marker of tag `i` (language.ts TemplateLanguage.tags). */
  tag(i: number): Expr;
  /** `min*max( item )` (max undefined: unbounded) that stops rather than take another copy when the next unit is one of `when`'s characters. */
  yielding(item: Expr, min: number, max: number | undefined, when: string): Expr;
}

/**
 * The expression of `x`, a span's character being rule `value-char` (U, RFC 6570 §3.2.1) or
 * `reserved-char` (U+R), and a literal `literal(text)`. A prefix's span (§2.4.1) is written with
 * its max-length when that is at most `prefixLimit`, else unbounded (a superset), a "+" or "#"
 * one's character being rule `reservedPrefix`. With `marks`, the tags and preferences too.
 */
export function langExpr(x: Lang, literal: (text: string) => Expr, prefixLimit: number, marks?: Marks, reservedPrefix = "reserved-char"): Expr {
  const to = (y: Lang): Expr => langExpr(y, literal, prefixLimit, marks, reservedPrefix);
  switch (x.t) {
    case "lit":
      return literal(x.text);
    case "span": {
      const max = x.max !== undefined && x.max <= prefixLimit ? x.max : undefined;
      // a prefix counts characters (§2.4.1): a "+" or "#" value's UTF-8 sequence is one
      const c = ref(!x.reserved ? "value-char" : max !== undefined ? reservedPrefix : "reserved-char");
      const min = x.min1 ? 1 : 0;
      if (marks === undefined) return max !== undefined ? rep(min, max, c) : x.min1 ? many1(c) : many(c);
      const body = x.yieldAt !== undefined ? marks.yielding(c, min, max, x.yieldAt) : max !== undefined ? rep(min, max, c) : x.min1 ? many1(c) : many(c);
      return seq(marks.tag(x.open), body, marks.tag(x.close));
    }
    case "seq":
      return x.items.length === 1 ? to(x.items[0] as Lang) : seq(...x.items.map(to));
    case "alt":
      return alt(...x.items.map(to));
    case "star":
      return marks !== undefined && x.yieldFirst !== undefined ? marks.yielding(to(x.item), 0, undefined, x.yieldFirst) : many(to(x.item));
    case "mark":
      return marks === undefined ? seq() : marks.tag(x.tag);
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
 * explanation reads, as template.ts's unboundedNfa). `extra` rules (over unit code points) may
 * be referred to by the language's `ref`s (the router's character sets).
 */
export function unitAutomata(lang: TemplateLanguage, unbounded = false, extra: readonly RuleDefinition[] = [], budget?: DfaBudget): Compiled {
  return unitsCompiled(lang, unbounded ? -1 : Infinity, undefined, [], budget, extra);
}

/** The rules of `lang` over units (with `marks`, the marker rules `more` and the `extra` rules), compiled. */
function unitsCompiled(lang: TemplateLanguage, prefixLimit: number, marks: Marks | undefined, more: readonly string[], budget: DfaBudget | undefined, extra: readonly RuleDefinition[] = []): Compiled {
  charRules ??= [
    { name: "value-char", expr: alt(setExpr(U_SINGLE), utf8Expr(upperUnits)), token: true },
    { name: "reserved-char", expr: setExpr(R_ANY), token: true },
    { name: "reserved-prefix-char", expr: alt(utf8Expr(anyCaseUnits), setExpr(R_ANY)), token: true },
  ];
  const defs = new Map<string, RuleDefinition>([...charRules, ...extra].map((d) => [d.name, d]));
  for (const [name, x] of lang.rules) defs.set(name, { name, expr: langExpr(x, unitLiteral, prefixLimit, marks, "reserved-prefix-char"), token: false });
  // (written after the rules: writing them makes the preferences' markers)
  for (const name of more) defs.set(name, { name, expr: lit(""), token: false });
  return new Compiled(new Analysis((n) => defs.get(n.toLowerCase()), [...defs.keys()]), [], budget);
}

/** The matcher's form of a template's language over units: its rules, and what captures.ts is asked for. */
export interface TaggedUnits {
  readonly compiled: Compiled;
  /** The marker rule of each tag of the language, by tag index. */
  readonly tags: readonly string[];
  readonly prefer: readonly Preference[];
}

/**
 * The language over units with its tags as marker rules and its preferences (see the module's
 * comment); the lazy DFAs keep at most `budget`'s cells. Every prefix is written with its
 * max-length (the engine counts the large ones: automaton.ts COUNTS).
 */
export function taggedUnits(lang: TemplateLanguage, budget?: DfaBudget): TaggedUnits {
  const tags = lang.tags.map((_, i) => `tag-${i}`);
  const prefer: Preference[] = [];
  const markers: string[] = tags.slice();
  const marks: Marks = {
    tag: (i) => ref(tags[i] as string),
    yielding(item, min, max, when) {
      const k = prefer.length;
      prefer.push({ iterate: `more-${k}`, stop: `stop-${k}`, when: codePointSet([...when].map((ch) => [ch.charCodeAt(0), ch.charCodeAt(0)] as const)) });
      markers.push(`more-${k}`, `stop-${k}`);
      // `*( more item ) stop`: captures.ts's form of a repetition with a preference
      const copy = seq(ref(`more-${k}`), item);
      const loop = max !== undefined ? rep(min, max, copy) : min > 0 ? seq(item, many(copy)) : many(copy);
      return seq(loop, ref(`stop-${k}`));
    },
  };
  const c = unitsCompiled(lang, Infinity, marks, markers, budget);
  return { compiled: c, tags, prefer };
}

/** The units of a URI as the string the unit automata read (one UTF-16 code unit per unit: offsets are unit indexes). */
export function unitString(units: Units): string {
  let s = "";
  for (let k = 0; k < units.n; k++) s += String.fromCharCode(units.codes[k] as number);
  return s;
}

/**
 * The engine's labels of positions over units as the template's messages name them: a triplet
 * unit (`%x12F`) as the triplet (`"%2F"`, upper case), and a range of triplets, which only a
 * value character's UTF-8 sequence reads past its lead, as `value-char`.
 */
export function unitLabel(label: string): string {
  const m = /^%x([0-9A-F]{3})(-[0-9A-F]+)?$/.exec(label);
  if (m === null) return label;
  if (m[2] !== undefined) return "value-char";
  return JSON.stringify(`%${(parseInt(m[1] as string, 16) & 0xff).toString(16).toUpperCase().padStart(2, "0")}`);
}
