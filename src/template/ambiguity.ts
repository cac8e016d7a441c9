// Where a template is ambiguous (RFC 6570 §1.4: "Variable matching only works well if the
// template expressions are delimited by the beginning or end of the URI or by characters that
// cannot be part of the expansion"): a URI with two readings that give a character of a value to
// different varspecs (or to a varspec in one, to the template's own text in the other). Found by a
// breadth-first search of the automaton run against itself, so the example is a shortest one.
// Values of varspecs without explode are taken as strings (a list's comma is not counted as a
// second reading), exploded ones as lists or associative arrays; prefix lengths are ignored by the
// search and honoured by the check: every example is matched again, and both readings expand to it.
import { buildNfa, ACCEPT, EPS, EXPRESSION_OWNER, STATE_LIMIT, TOO_LARGE, UNIT, unitClasses, type Nfa } from "./automaton.js";
import { quoted, throwFrom } from "./errors.js";
import { maskPassword } from "../password.js";
import { templateLanguage } from "./language.js";
import { itemsOf, readingsOf } from "./match.js";
import type { TemplateExpression } from "./parse.js";
import { templateOf, type TemplateInput, type UriTemplate } from "./template.js";

import type { MatchedValue } from "./types.js";
import { toUnits, UNIT_COUNT, type UnitSet } from "./units.js";

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

/** Product states searched before the analysis gives up (and says it could not decide). */
const NODE_LIMIT = 300_000;
/** Tags held by the paths of the empty-edge closures, summed, before the analysis gives up. */
const CLOSURE_LIMIT = 1 << 21;
/** Examples checked before the analysis gives up (a template repeating a variable can need several). */
const EXAMPLE_LIMIT = 16;
/** The most nodes (pairs of states, twice) the search keeps a bit for instead of asking its map (8 MB). */
const REACHED_BITS = 1 << 26;

/** Thrown when the search passes its bounds; caught in ambiguityOf. */
class Undecided {}
const UNDECIDED = /* @__PURE__ */ new Undecided();

/** The nicest unit of each class to write in an example: a letter, a digit, other ASCII, then triplets. */
function representatives(classOf: Uint16Array, count: number): Int32Array {
  const rank = (c: number): number => (c >= 0x61 && c <= 0x7a ? 0 : c >= 0x30 && c <= 0x39 ? 1 : c >= 0x41 && c <= 0x5a ? 2 : c < 0x80 ? 3 : c < 0x200 ? 4 : 5);
  const rep = new Int32Array(count).fill(-1);
  for (let c = 0; c < UNIT_COUNT; c++) {
    const k = classOf[c] as number;
    const r = rep[k] as number;
    if (r < 0 || rank(c) < rank(r)) rep[k] = c;
  }
  return rep;
}

const HEX = "0123456789ABCDEF";
const hex = "0123456789abcdef";
const writeUnit = (code: number): string => {
  if (code < 0x80) return String.fromCharCode(code);
  const o = code & 0xff;
  const cases = (code >> 8) - 1;
  return `%${(cases & 1 ? hex : HEX)[o >> 4]}${(cases & 2 ? hex : HEX)[o & 15]}`;
};

/** From a state, the states that read a unit (or accept) reachable by empty edges, first path first, with the tags on the way. */
function closures(nfa: Nfa): (s: number) => readonly { readonly to: number; readonly tags: readonly number[] }[] {
  const cache = new Map<number, { to: number; tags: number[] }[]>();
  let held = 0;
  return (s0) => {
    const known = cache.get(s0);
    if (known !== undefined) return known;
    const out: { to: number; tags: number[] }[] = [];
    const seen = new Set<number>();
    const stack: { s: number; tags: number[] }[] = [{ s: s0, tags: [] }];
    while (stack.length > 0) {
      const { s, tags } = stack.pop() as { s: number; tags: number[] };
      if (seen.has(s)) continue;
      seen.add(s);
      if (nfa.kind[s] !== EPS) {
        out.push({ to: s, tags });
        if ((held += 1 + tags.length) > CLOSURE_LIMIT) throw UNDECIDED;
        continue;
      }
      const e = nfa.eps[s] as Int32Array;
      for (let i = e.length - 2; i >= 0; i -= 2) {
        const tag = e[i + 1] as number;
        stack.push({ s: e[i] as number, tags: tag >= 0 ? [...tags, tag] : tags });
      }
    }
    cache.set(s0, out);
    return out;
  };
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
  if (t.expressions.length === 0) return undefined;
  try {
    return search(t);
  } catch (e) {
    if (e !== UNDECIDED && e !== TOO_LARGE) throw e;
    return Object.freeze({
      decided: false,
      message: `Whether the template ${quoted(t.text)} is ambiguous is not decided: the search passed its bounds (${STATE_LIMIT} states of the template's automaton, ${NODE_LIMIT} pairs of them searched, ${EXAMPLE_LIMIT} candidate examples)`,
    });
  }
}

function search(t: UriTemplate<string>): TemplateAmbiguity | undefined {
  const lang = templateLanguage(t.parts, { stringsOnly: true });
  const nfa = buildNfa(lang, true);
  const sets: UnitSet[] = [];
  for (const s of nfa.unitSet) if (s !== undefined) sets.push(s);
  const { classOf, count } = unitClasses(sets);
  const rep = representatives(classOf, count);
  const classesOf = new Map<number, number[]>();
  for (let s = 0; s < nfa.size; s++) {
    const set = nfa.unitSet[s];
    if (set === undefined) continue;
    const list: number[] = [];
    for (let k = 0; k < count; k++) if (set[rep[k] as number] === 1) list.push(k);
    classesOf.set(s, list);
  }
  const close = closures(nfa);
  const M = nfa.size;
  interface Parent {
    readonly prev: number;
    readonly cls: number;
    readonly ia: number;
    readonly ib: number;
  }
  const parents = new Map<number, Parent>();
  const queue: number[] = [];
  const node = (a: number, b: number, d: number): number => (a * M + b) * 2 + d;
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
  const starts = close(nfa.start);
  starts.forEach((x, ia) =>
    starts.forEach((y, ib) => {
      const id = node(x.to, y.to, 0);
      if (!reached(id)) {
        parents.set(id, { prev: -1, cls: -1, ia, ib });
        queue.push(id);
        if (parents.size > NODE_LIMIT) throw UNDECIDED;
      }
    }),
  );
  let examples = 0;
  const followed = new Set<number>();
  for (let q = 0; q < queue.length; q++) {
    const id = queue[q] as number;
    const d = id % 2;
    const ab = (id - d) / 2;
    const a = Math.floor(ab / M);
    const b = ab % M;
    if (nfa.kind[a] === ACCEPT && nfa.kind[b] === ACCEPT) {
      if (d === 1) {
        const found = verify(t, nfa, id, parents, close, rep, M);
        if (found !== undefined) return found;
        if (++examples >= EXAMPLE_LIMIT) throw UNDECIDED;
      }
      continue;
    }
    if (nfa.kind[a] !== UNIT || nfa.kind[b] !== UNIT) continue;
    const cb = new Set(classesOf.get(b));
    // the readings part where a character of a value goes to different owners
    const d2 = d === 1 || (nfa.owner[a] !== nfa.owner[b] && (nfa.value[a] === 1 || nfa.value[b] === 1)) ? 1 : 0;
    const na = close(nfa.unitNext[a] as number);
    const nb = close(nfa.unitNext[b] as number);
    // the pairs reached do not depend on the class read: the first class both read reaches them
    // all (the others would find every pair seen); nor on a and b beyond the states they go to,
    // so a pair of those already followed with the same d has nothing new
    const c = (classesOf.get(a) as number[]).find((k) => cb.has(k));
    if (c === undefined) continue;
    const from = node(nfa.unitNext[a] as number, nfa.unitNext[b] as number, d2);
    if (followed.has(from)) continue;
    followed.add(from);
    for (let ia = 0; ia < na.length; ia++) {
      const x = (na[ia] as { readonly to: number }).to;
      for (let ib = 0; ib < nb.length; ib++) {
        const next = node(x, (nb[ib] as { readonly to: number }).to, d2);
        if (!reached(next)) {
          parents.set(next, { prev: id, cls: c, ia, ib });
          queue.push(next);
          if (parents.size > NODE_LIMIT) throw UNDECIDED;
        }
      }
    }
  }
  return undefined;
}

/** The example of a goal node, checked: two readings that expand to it, or undefined. */
function verify(
  t: UriTemplate<string>,
  nfa: Nfa,
  goal: number,
  parents: ReadonlyMap<number, { readonly prev: number; readonly cls: number; readonly ia: number; readonly ib: number }>,
  close: (s: number) => readonly { readonly to: number; readonly tags: readonly number[] }[],
  rep: Int32Array,
  M: number,
): TemplateAmbiguity | undefined {
  // the steps from the start to the goal
  const chain: { id: number; cls: number; ia: number; ib: number }[] = [];
  for (let id = goal; id >= 0; ) {
    const p = parents.get(id) as { prev: number; cls: number; ia: number; ib: number };
    chain.push({ id, cls: p.cls, ia: p.ia, ib: p.ib });
    id = p.prev;
  }
  chain.reverse();
  const codes: number[] = [];
  const sides = [0, 1].map(() => ({ events: [] as number[], owners: [] as number[] }));
  let prevA = -1;
  let prevB = -1;
  chain.forEach((step, i) => {
    const ab = (step.id - (step.id % 2)) / 2;
    const a = Math.floor(ab / M);
    const b = ab % M;
    if (i > 0) codes.push(rep[step.cls] as number);
    const fromA = i === 0 ? close(nfa.start) : close(nfa.unitNext[prevA] as number);
    const fromB = i === 0 ? close(nfa.start) : close(nfa.unitNext[prevB] as number);
    for (const tag of (fromA[step.ia] as { tags: readonly number[] }).tags) sides[0]?.events.push(tag, i);
    for (const tag of (fromB[step.ib] as { tags: readonly number[] }).tags) sides[1]?.events.push(tag, i);
    if (nfa.kind[a] === UNIT) (sides[0] as { owners: number[] }).owners.push(nfa.owner[a] as number);
    if (nfa.kind[b] === UNIT) (sides[1] as { owners: number[] }).owners.push(nfa.owner[b] as number);
    prevA = a;
    prevB = b;
  });
  const example = codes.map(writeUnit).join("");
  const units = toUnits(example, true);
  if (typeof units === "number") return undefined;
  const readingOf = (events: readonly number[]): Readonly<Record<string, MatchedValue>> | undefined => {
    const r = readingsOf(itemsOf(events, nfa.tags, t.expressions, units), t.expressions, t.parts, example, 1);
    return Array.isArray(r) ? r[0] : undefined;
  };
  const ra = readingOf((sides[0] as { events: number[] }).events);
  const rb = readingOf((sides[1] as { events: number[] }).events);
  const first = t.match(example);
  if (ra === undefined || rb === undefined || !first.ok) return undefined;
  const key = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x instanceof Map ? [...(x as Map<string, string>)] : x));
  const preferred = first.value as Readonly<Record<string, MatchedValue>>;
  const other = key(ra) === key(preferred) ? rb : ra;
  if (key(other) === key(preferred)) return undefined;
  // the varspecs the two readings share characters out between
  const oa = (sides[0] as { owners: number[] }).owners;
  const ob = (sides[1] as { owners: number[] }).owners;
  let at = -1;
  const owners = new Set<number>();
  oa.forEach((o, k) => {
    if (o === ob[k]) return;
    if (at < 0) at = k;
    if (o >= 0) owners.add(o);
    if ((ob[k] as number) >= 0) owners.add(ob[k] as number);
  });
  const varspecs = [...owners].sort((x, y) => x - y).map((o) => {
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
