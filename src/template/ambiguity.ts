// Where a template is ambiguous (RFC 6570 §1.4: "Variable matching only works well if the
// template expressions are delimited by the beginning or end of the URI or by characters that
// cannot be part of the expansion"): a URI with two readings that give a character of a value to
// different varspecs (or to a varspec in one, to the template's own text in the other). Found by a
// breadth-first search of pairs of positions of the template's automaton on the ABNF engine
// (src/abnf/automaton.ts: its language over units, unit-expr.ts), two paths reading the same
// characters, so the example is a shortest one. Each varspec's expansion is a rule occurrence of
// its own (which owns its characters), each span's ends and each mark a marker rule (a tag,
// src/abnf/captures.ts) from which the readings are read back. Values of varspecs without explode
// are taken as strings (a list's comma is not counted as a second reading), exploded ones as
// lists or associative arrays; prefix lengths are ignored by the search and honoured by the check:
// every example is matched again, and both readings expand to it.
import { ACCEPT, type Automaton, type Edge } from "../abnf/automaton.js";
import { automatonSize } from "../abnf/automaton-size.js";
import { tagsOfInstances } from "../abnf/captures.js";
import { intersects, type CodePointSet } from "../abnf/charset.js";
import { GrammarError } from "../abnf/grammar-errors.js";
import { quoted, throwFrom } from "./errors.js";
import { expandParts, OPERATOR_ROWS } from "./expand.js";
import { maskPassword } from "../password.js";
import { templateLanguage, type Lang, type TemplateLanguage } from "./language.js";
import { itemsOf, readingsOf } from "./match.js";
import type { TemplateExpression } from "./parse.js";
import { templateOf, type Budget, type TemplateInput, type UriTemplate } from "./template.js";
import { WORK_LIMIT } from "./automaton.js";
import type { MatchedValue } from "./types.js";
import { unitAutomata } from "./unit-expr.js";
import { toUnits } from "./units.js";

/** A varspec (or an expression's own operator and separators) that competes for characters of the example. */
export interface AmbiguousVarSpec {
  /** The variable's name; undefined for the expression's operator and separators. */
  readonly name: string | undefined;
  /** The expression's text, and where it stands in the template. */
  readonly expression: string;
  readonly start: number;
}

/** An ambiguity of a template: a URI, and two readings of it that share its characters out differently. */
export interface TemplateAmbiguity {
  /** True: the template is ambiguous, and this is a URI that shows it. */
  readonly decided: true;
  /** The ambiguity in words, with the example and both readings. */
  readonly message: string;
  /** A URI (a shortest one) with two readings. */
  readonly example: string;
  /** Where in the example the two readings first give a character to different varspecs. */
  readonly offset: number;
  /** The varspecs the two readings give characters of the example to differently. */
  readonly varspecs: readonly AmbiguousVarSpec[];
  /** Two readings: the first is match's. */
  readonly readings: readonly [Readonly<Record<string, MatchedValue>>, Readonly<Record<string, MatchedValue>>];
}

/**
 * What {@link findAmbiguity} gives when its search passed its bounds before it could tell
 * (a template of hundreds of expressions that can all be empty, say): not "unambiguous", which
 * it never answers without having searched every pair of readings.
 */
export interface UndecidedAmbiguity {
  /** False: the search stopped at its bounds, the template may or may not be ambiguous. */
  readonly decided: false;
  /** Why, in words. */
  readonly message: string;
  readonly example?: undefined;
  readonly offset?: undefined;
  readonly varspecs?: undefined;
  readonly readings?: undefined;
}

/** Pairs of positions searched before the analysis gives up (and says it could not decide). */
const NODE_LIMIT = 300_000;
/** Varspecs past which the search is not made (its automaton alone, about 17 positions a varspec, took 250 MB at 8,000 and 770 MB with the search). */
const VARSPEC_LIMIT = 3000;
/**
 * Positions of the template's automaton past which it is not built, counted beforehand (a
 * least count on its language, positionsOf, then automaton-size.ts's exact one): each holds about 1 KB of heap, and the search to its bounds up to 120 MB
 * more. An exploded or list varspec is 65 to 500 positions, not 17: under the varspec limit,
 * "{?a*}{&b*}" x 1,500 (300,000 positions) went to the engine's 200,000 before refusing, 297 to
 * 324 MB of peak RSS, past SECURITY.md's 256 MB (fuzz round 15); 50,000 keep the search under
 * 180 MB, and every template of up to 3,000 simple varspecs ({v}: 16 positions) is searched.
 */
const POSITION_LIMIT = 50_000;
/** Ways and tags of the closures through joins, summed, before the analysis gives up. */
const CLOSURE_LIMIT = 1 << 21;
/** Examples checked before the analysis gives up (a template repeating a variable can need several). */
const EXAMPLE_LIMIT = 16;
/** The most nodes (pairs of positions, twice) the search keeps a bit for instead of asking its map (8 MB). */
const REACHED_BITS = 1 << 26;

/**
 * About the least number of positions the automaton of a language (unit-expr.ts, prefixes
 * unbounded) has, counted on the language before the engine analyses it: a literal's units, and
 * for each span the positions of its character (a U value's: one set and the uppercase UTF-8
 * sequences, 15; U+R's: one set). The builder copies parts that can be empty, so the automaton
 * has up to 2.5 times more (measured on 20 shapes of varspec: this count is 0.40 to 1.00 of it).
 */
function positionsOf(lang: TemplateLanguage): number {
  const count = (x: Lang): number => {
    switch (x.t) {
      case "lit":
        return x.text.length;
      case "span":
        return x.reserved ? 1 : 15;
      case "seq":
      case "alt":
        return x.items.reduce((k, y) => k + count(y), 0);
      case "star":
        return count(x.item);
      case "item":
        return count(x.body);
      default:
        return 0;
    }
  };
  let n = 0;
  for (const x of lang.rules.values()) n += count(x);
  return n;
}

/** Thrown when the search passes its bounds (told apart by identity); caught in ambiguityOf. */
const UNDECIDED: object = {};
/** Thrown when the search ends after a candidate example that did not hold (it may hide others); caught in ambiguityOf. */
const UNHELD: object = {};

/** The varspec index of an owner that is an expression's own text (its operator and separators). */
const EXPRESSION_OWNER = 65535;

/** How nice a unit is to write in an example: a letter, a digit, other ASCII, then triplets. */
const rank = (c: number): number => (c >= 0x61 && c <= 0x7a ? 0 : c >= 0x30 && c <= 0x39 ? 1 : c >= 0x41 && c <= 0x5a ? 2 : c < 0x80 ? 3 : c < 0x200 ? 4 : 5);

/** The nicest unit both sets hold, or -1 when they share none. */
function shared(a: CodePointSet, b: CodePointSet): number {
  let best = -1;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const [alo, ahi] = a[i] as readonly [number, number];
    const [blo, bhi] = b[j] as readonly [number, number];
    for (let c = Math.max(alo, blo); c <= Math.min(ahi, bhi) && c < 0x500; c++) if (best < 0 || rank(c) < rank(best)) best = c;
    if (ahi < bhi) i++;
    else j++;
  }
  return best;
}

const HEX = "0123456789ABCDEF";
const hex = "0123456789abcdef";
const writeUnit = (code: number): string => {
  if (code < 0x80) return String.fromCharCode(code);
  const o = code & 0xff;
  const cases = (code >> 8) - 1;
  return `%${(cases & 1 ? hex : HEX)[o >> 4]}${(cases & 2 ? hex : HEX)[o & 15]}`;
};

/**
 * The template's language with each varspec's expansion a rule of its own (`item-E-V`, whose
 * occurrence owns the characters it reads) and each tag a marker rule (`tag-K`, matching only
 * ""): a span is written between its open and close tags, a mark as its tag.
 */
function ownedLanguage(lang: TemplateLanguage): TemplateLanguage {
  const rules = new Map<string, Lang>();
  const marker = (k: number): Lang => ({ t: "ref", name: `tag-${k}` });
  const walk = (x: Lang): Lang => {
    switch (x.t) {
      case "span":
        return { t: "seq", items: [marker(x.open), x, marker(x.close)] };
      case "mark":
        return marker(x.tag);
      case "seq":
      case "alt":
        return { t: x.t, items: x.items.map(walk) };
      case "star":
        return { ...x, item: walk(x.item) };
      case "item": {
        const name = `item-${x.expression}-${x.varspec}`;
        rules.set(name, walk(x.body));
        return { t: "ref", name };
      }
      default:
        return x;
    }
  };
  for (const [name, x] of lang.rules) rules.set(name, walk(x));
  lang.tags.forEach((_, k) => rules.set(`tag-${k}`, { t: "seq", items: [] }));
  return { ...lang, rules };
}

/** Tags crossed, last first (shared by the ways that cross the same ones first). */
interface Tags {
  readonly tag: number;
  readonly up: Tags | undefined;
}

/** The tags of a list, first first. */
function tagList(t: Tags | undefined): number[] {
  const out: number[] = [];
  for (let c = t; c !== undefined; c = c.up) out.push(c.tag);
  return out.reverse();
}

/** A way from a position (or the start) through joins to a position that reads, or to ACCEPT, with the tags crossed. */
interface Way {
  readonly to: number;
  readonly tags: Tags | undefined;
}

/** From a position (the number of positions: the start), the ways to the positions that read next (or ACCEPT), first path first. */
function closures(a: Automaton, tagOf: Int32Array): (s: number) => readonly Way[] {
  const n = a.positions.length;
  const cache: (Way[] | undefined)[] = [];
  let held = 0;
  return (s0) => {
    const known = cache[s0];
    if (known !== undefined) return known;
    const out: Way[] = [];
    const seen = new Set<number>();
    // depth first, first edge first, on a stack of its own: a join leads to a join once per
    // expression that may be empty (2,000 of them overflowed the call stack)
    const stack: { edges: readonly Edge[]; i: number; tags: Tags | undefined }[] = [{ edges: s0 === n ? a.start : (a.follow[s0] as readonly Edge[]), i: 0, tags: undefined }];
    while (stack.length > 0) {
      const f = stack[stack.length - 1] as (typeof stack)[number];
      const e = f.edges[f.i++];
      if (e === undefined) {
        stack.pop();
        continue;
      }
      if (seen.has(e.to)) continue;
      seen.add(e.to);
      let more = f.tags;
      for (const list of [e.before, e.after]) {
        for (const i of list) {
          if ((tagOf[i] as number) < 0) continue;
          more = { tag: tagOf[i] as number, up: more };
          held++;
        }
      }
      if (e.to !== ACCEPT && a.positions[e.to]?.join === true) stack.push({ edges: a.follow[e.to] as readonly Edge[], i: 0, tags: more });
      else out.push({ to: e.to, tags: more });
      if (++held > CLOSURE_LIMIT) throw UNDECIDED;
    }
    cache[s0] = out;
    return out;
  };
}

/** Per position: the varspec (expression × 65536 + varspec) or expression that owns it (-1: the template's own text), and whether it reads a value's character. */
function owners(a: Automaton): { owner: Int32Array; value: Uint8Array } {
  const io = new Int32Array(a.instances.length);
  const iv = new Uint8Array(a.instances.length);
  a.instances.forEach((inst, i) => {
    const up = inst.parent >= 0 ? (io[inst.parent] as number) : -1;
    const item = /^item-(\d+)-(\d+)$/.exec(inst.rule);
    const x = /^expression-(\d+)/.exec(inst.rule);
    io[i] = item !== null ? Number(item[1]) * 65536 + Number(item[2]) : x !== null && up < 0 ? (Number(x[1]) - 1) * 65536 + EXPRESSION_OWNER : up;
    iv[i] = inst.rule === "value-char" || inst.rule === "reserved-char" || (inst.parent >= 0 && iv[inst.parent] === 1) ? 1 : 0;
  });
  const owner = new Int32Array(a.positions.length);
  const value = new Uint8Array(a.positions.length);
  a.positions.forEach((p, k) => {
    const chain = p.options[0]?.chain;
    const deepest = chain !== undefined && chain.length > 0 ? (chain[chain.length - 1] as number) : p.instance;
    owner[k] = io[deepest] as number;
    value[k] = iv[deepest] as number;
  });
  return { owner, value };
}

const show = (v: Readonly<Record<string, MatchedValue>>): string => {
  const parts = Object.entries(v).map(([k, x]) => `${k} = ${JSON.stringify(x instanceof Map ? Object.fromEntries(x) : x)}`);
  return parts.length === 0 ? "no variable defined" : parts.join(", ");
};

const found = new WeakMap<UriTemplate<string>, { readonly value: TemplateAmbiguity | UndecidedAmbiguity | undefined }>();

/**
 * Where the template is ambiguous: two expressions (or two varspecs of one) that can share a
 * character of some URI, with such a URI and two of its readings; `undefined` when every URI has
 * at most one reading of its characters; {@link UndecidedAmbiguity} (`decided: false`) when the
 * search passed its bounds first, never a false "not ambiguous". Computed on first use and kept
 * with the template. A template text that does not parse throws its TemplateError.
 *
 * @example
 * findAmbiguity("{a}{b}")?.example // "a": a = "a", or b = "a"
 */
export function findAmbiguity(template: TemplateInput<string>): TemplateAmbiguity | UndecidedAmbiguity | undefined {
  const t = templateOf(template, "findAmbiguity");
  if (!t.ok) throwFrom(t.error, findAmbiguity);
  let known = found.get(t.value);
  if (known === undefined) found.set(t.value, (known = { value: ambiguityOf(t.value) }));
  return known.value;
}

/**
 * The template's ambiguity; undefined when no URI has two readings that share its characters out
 * differently; {@link UndecidedAmbiguity} when the search passed its bounds first.
 */
function ambiguityOf(t: UriTemplate<string>): TemplateAmbiguity | UndecidedAmbiguity | undefined {
  // (and a template that names one variable, written one way: no URI reads it two ways, though
  // the search, which reads its varspecs apart, would find candidates that do not hold)
  if (t.expressions.length === 0 || oneValueOneWay(t)) return undefined;
  try {
    return search(t);
  } catch (e) {
    if (e !== UNDECIDED && e !== UNHELD && !(e instanceof GrammarError && (e.code === "too-large" || e.code === "too-deep"))) throw e;
    return Object.freeze({
      decided: false,
      message: `Whether the template ${quoted(t.text)} is ambiguous is not decided: ${
        e === UNHELD
          ? "a candidate example of the search did not hold (it reads neither a repeated variable's one value nor a prefix's length), and may hide others"
          : `the search passed its bounds (${VARSPEC_LIMIT} varspecs, ${POSITION_LIMIT} positions of the template's automaton, the engine's limits on the template's automaton, ${NODE_LIMIT} pairs of its positions searched, ${EXAMPLE_LIMIT} candidate examples)`
      }`,
    });
  }
}

/** A node of the search: a pair of positions that read the same characters (or the start), and whether the two paths parted. */
interface Parent {
  readonly prev: number;
  /** Indexes of the ways taken, among those out of the previous node's positions. */
  readonly ia: number;
  readonly ib: number;
}

function search(t: UriTemplate<string>): TemplateAmbiguity | undefined {
  if (t.expressions.reduce((k, x) => k + x.varspecs.length, 0) > VARSPEC_LIMIT) throw UNDECIDED;
  const lang = ownedLanguage(templateLanguage(t.parts, { stringsOnly: true }));
  // refused before the engine analyses it when its least count is past the limit (the engine's
  // count of 300,000 positions itself took 220 MB), else counted exactly before it is built
  if (positionsOf(lang) > POSITION_LIMIT) throw UNDECIDED;
  const compiled = unitAutomata(lang, true);
  if (automatonSize(compiled.analysis, compiled.called, new Set(), true, true)(compiled.analysis.rule("template")).positions > POSITION_LIMIT) throw UNDECIDED;
  const a = compiled.automaton("template");
  const tagOf = tagsOfInstances(
    a,
    lang.tags.map((_, k) => `tag-${k}`),
  );
  const { owner, value } = owners(a);
  const close = closures(a, tagOf);
  const n = a.positions.length;
  const M = n + 1;
  const accepts = (s: number): boolean => close(s).some((w) => w.to === ACCEPT);
  const parents = new Map<number, Parent>();
  const queue: number[] = [];
  const node = (x: number, y: number, d: number): number => (x * M + y) * 2 + d;
  // Whether a node is in parents, and marks it if not: a bit per node where they fit in
  // REACHED_BITS (the search asks this for each pair of two closures, most of them reached)
  const bits = 2 * M * M <= REACHED_BITS ? new Int32Array(((2 * M * M) >>> 5) + 1) : undefined;
  const reached = (id: number): boolean => {
    if (bits === undefined) return parents.has(id);
    const bit = 1 << (id & 31);
    const word = bits[id >>> 5] as number;
    bits[id >>> 5] = word | bit;
    return (word & bit) !== 0;
  };
  const start = node(n, n, 0);
  reached(start);
  parents.set(start, { prev: -1, ia: -1, ib: -1 });
  queue.push(start);
  let examples = 0;
  // one budget for the matches of every candidate example (twice a match's: a variable in
  // hundreds of varspecs made each of sixteen examples spend a whole one, 37 s in all)
  const budget: Budget = { left: 2 * WORK_LIMIT };
  for (let q = 0; q < queue.length; q++) {
    const id = queue[q] as number;
    const d = id % 2;
    const ab = (id - d) / 2;
    const sa = Math.floor(ab / M);
    const sb = ab % M;
    const na = close(sa);
    const nb = close(sb);
    for (let ia = 0; ia < na.length; ia++) {
      const x = (na[ia] as Way).to;
      if (x === ACCEPT) continue;
      const px = a.positions[x] as { readonly set: CodePointSet };
      for (let ib = 0; ib < nb.length; ib++) {
        const y = (nb[ib] as Way).to;
        if (y === ACCEPT || !intersects(px.set, (a.positions[y] as { readonly set: CodePointSet }).set)) continue;
        // the readings part where a character of a value goes to different owners
        const d2 = d === 1 || (owner[x] !== owner[y] && (value[x] === 1 || value[y] === 1)) ? 1 : 0;
        const next = node(x, y, d2);
        if (reached(next)) continue;
        parents.set(next, { prev: id, ia, ib });
        if (parents.size > NODE_LIMIT) throw UNDECIDED;
        if (d2 === 1 && accepts(x) && accepts(y)) {
          const found = verify(t, lang, a, next, parents, close, owner, M, budget);
          if (found !== undefined) return found;
          if (++examples >= EXAMPLE_LIMIT) throw UNDECIDED;
        }
        queue.push(next);
      }
    }
  }
  // each pair of positions is searched once: a candidate that did not hold hid the examples
  // through its pairs, so "not ambiguous" only when there was none (fuzz round 11)
  if (examples > 0) throw UNHELD;
  return undefined;
}

/**
 * Whether no URI has two readings that share it out differently, whatever the search's
 * candidates (which read a repeated variable's varspecs apart): every varspec names one variable,
 * without explode, and either each is in an expression that encodes U mode (RFC 6570 §3.2.1: not
 * "+" or "#"), or each is a "+" or "#" varspec without a prefix. Two readings of one URI are two
 * values v1 and v2 (a value undefined writes nothing, where a defined one writes the expression's
 * first character or nothing at all: the same share). Everything before the first varspec whose
 * text differs in length is the same, so both texts start at one offset, v1's (say) shorter.
 * U mode: the text (the name and "=" first, for ";", "?" and "&", "=" once the value is not
 * empty) of v1 begins that of v2; U mode writes each character as itself or as triplets, and no
 * character's code begins another's, so v1 (or its prefix) begins v2 (or its prefix), and v1 is
 * shorter than the prefix's length if it has one: v1 begins v2. Then each varspec writes v2 at
 * least as long as v1 (a prefix of v1 begins that of v2), this one longer: the URIs' lengths
 * differ. "+" and "#" without prefixes: every varspec writes the same text of v, the longer one
 * for v2 everywhere: the URIs' lengths differ.
 */
function oneValueOneWay(t: UriTemplate<string>): boolean {
  const specs = t.expressions.flatMap((x) => x.varspecs.map((v) => ({ reserved: OPERATOR_ROWS[x.operator].reserved, ...v })));
  const u = specs.every((v) => !v.reserved);
  return new Set(specs.map((v) => v.name)).size === 1 && specs.every((v) => !v.explode && (u || (v.reserved && v.prefix === undefined)));
}

/** The example of a goal node, checked: two readings that expand to it, or undefined. */
function verify(
  t: UriTemplate<string>,
  lang: TemplateLanguage,
  a: Automaton,
  goal: number,
  parents: ReadonlyMap<number, Parent>,
  close: (s: number) => readonly Way[],
  owner: Int32Array,
  M: number,
  budget: Budget,
): TemplateAmbiguity | undefined {
  // the nodes from the start to the goal
  const chain: { x: number; y: number; ia: number; ib: number }[] = [];
  for (let id = goal; id >= 0; ) {
    const p = parents.get(id) as Parent;
    const ab = (id - (id % 2)) / 2;
    chain.push({ x: Math.floor(ab / M), y: ab % M, ia: p.ia, ib: p.ib });
    id = p.prev;
  }
  chain.reverse();
  const codes: number[] = [];
  const sides = [0, 1].map(() => ({ events: [] as number[], owners: [] as number[] }));
  const [sa, sb] = sides as [{ events: number[]; owners: number[] }, { events: number[]; owners: number[] }];
  for (let k = 1; k < chain.length; k++) {
    const from = chain[k - 1] as { x: number; y: number };
    const step = chain[k] as { x: number; y: number; ia: number; ib: number };
    for (const tag of tagList((close(from.x)[step.ia] as Way).tags)) sa.events.push(tag, k - 1);
    for (const tag of tagList((close(from.y)[step.ib] as Way).tags)) sb.events.push(tag, k - 1);
    codes.push(shared((a.positions[step.x] as { set: CodePointSet }).set, (a.positions[step.y] as { set: CodePointSet }).set));
    sa.owners.push(owner[step.x] as number);
    sb.owners.push(owner[step.y] as number);
  }
  const last = chain[chain.length - 1] as { x: number; y: number };
  for (const tag of tagList((close(last.x).find((w) => w.to === ACCEPT) as Way).tags)) sa.events.push(tag, codes.length);
  for (const tag of tagList((close(last.y).find((w) => w.to === ACCEPT) as Way).tags)) sb.events.push(tag, codes.length);
  const example = codes.map(writeUnit).join("");
  const units = toUnits(example, true);
  if (typeof units === "number") return undefined;
  const readingOf = (events: readonly number[]): Readonly<Record<string, MatchedValue>> | undefined => {
    const r = readingsOf(itemsOf(events, lang.tags, t.expressions, units), t.parts, example, 1);
    return Array.isArray(r) ? r[0] : undefined;
  };
  const ra = readingOf(sa.events);
  const rb = readingOf(sb.events);
  // the preferred reading, within what is left of the budget; past it, not decided
  if (ra === undefined || rb === undefined) return undefined;
  const first = t.matchWithin(example, budget);
  if (first instanceof Error || budget.left < 0) throw UNDECIDED;
  if (first === undefined) return undefined;
  // a reading's share of the example: each varspec's text, expanded alone (match's reading may be
  // neither side's, a list where the search read a string: fuzz round 11 showed x = ["", ""] beside
  // x = "," for "{+x},{+y:2}" on ",,", one share; the other is y = ",")
  const share = (v: Readonly<Record<string, MatchedValue>>): string =>
    JSON.stringify(
      t.expressions.flatMap((x) =>
        x.varspecs.map((spec) => {
          const r = expandParts([{ ...x, varspecs: [spec] }], (n) => (Object.hasOwn(v, n) ? v[n] : undefined), "", "findAmbiguity");
          return r.ok ? r.value : null;
        }),
      ),
    );
  const preferred = first as Readonly<Record<string, MatchedValue>>;
  const other = share(ra) === share(preferred) ? rb : ra;
  if (share(other) === share(preferred)) return undefined;
  // the varspecs the two readings share characters out between
  let at = -1;
  const shares = new Set<number>();
  sa.owners.forEach((o, k) => {
    const p = sb.owners[k] as number;
    if (o === p) return;
    if (at < 0) at = k;
    if (o >= 0) shares.add(o);
    if (p >= 0) shares.add(p);
  });
  const varspecs = [...shares].sort((x, y) => x - y).map((o) => {
    const x = t.expressions[Math.floor(o / 65536)] as TemplateExpression;
    const v = o % 65536;
    return Object.freeze({ name: v === EXPRESSION_OWNER ? undefined : (x.varspecs[v] as { name: string }).name, expression: x.text, start: x.start });
  });
  const offset = at < 0 ? 0 : (units.offsets[at] as number);
  // per expression: its varspecs by name, or the expression itself when only its own text competes
  const withNames = new Set(varspecs.filter((v) => v.name !== undefined).map((v) => v.start));
  const shown = varspecs.filter((v) => v.name !== undefined || !withNames.has(v.start));
  const names = shown.map((v) => (v.name === undefined || v.expression === `{${v.name}}` ? v.expression : `${v.name} in ${v.expression}`)).join(" and ");
  return Object.freeze({
    decided: true as const,
    message: `The template ${quoted(t.text)} is ambiguous (${names}): ${JSON.stringify(maskPassword(example))} reads as ${show(preferred)}, or as ${show(other)}`,
    example,
    offset,
    varspecs: Object.freeze(varspecs),
    readings: Object.freeze([preferred, other]) as unknown as readonly [Readonly<Record<string, MatchedValue>>, Readonly<Record<string, MatchedValue>>],
  });
}
