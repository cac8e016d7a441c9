// Random strings that a rule matches, derived from the same definitions as the matchers: for
// property tests and fuzzing. Characters are code points (never a lone surrogate); unbounded
// repetitions stop after a few items; recursion is bounded by steering towards the shortest
// derivations once a depth budget is spent.
import { whyNothing, type Analysis, type RuleDefinition } from "./analysis.js";
import { codePoints, setSize, type CodePointSet } from "./charset.js";
import type { Expr } from "./expr.js";
import { describeValue, expectOptions } from "../describe.js";
import { GrammarError } from "./grammar-errors.js";

/** A source of randomness: a whole number in `[0, n)`. */
export type Random = (n: number) => number;

/** A small seeded generator (mulberry32), so that a failing case replays from its seed. */
export function seededRandom(seed: number): Random {
  if (typeof seed !== "number") throw new TypeError(`seededRandom: the argument "seed" must be a number, got ${describeValue(seed)}`);
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

export interface GenerateOptions {
  /** The most items an unbounded repetition adds beyond its minimum; 6 when left out. */
  readonly maxRepeat?: number | undefined;
  /** How many rule references deep the generator goes before it takes the shortest ways out; 40 when left out. */
  readonly maxDepth?: number | undefined;
  /**
   * How many expressions the generator expands before it takes the shortest ways out
   * everywhere; 2,000 when left out. Keeps the output small when a rule recurses inside a
   * repetition (`p = "(" *p ")"`), where each level could multiply the work.
   */
  readonly budget?: number | undefined;
}

/** A random code point of a set, each one equally likely. */
export function pickCodePoint(set: CodePointSet, random: Random): number {
  let k = random(setSize(set));
  for (const [lo, hi] of set) {
    if (k <= hi - lo) return lo + k;
    k -= hi - lo + 1;
  }
  return set[0]?.[0] ?? 0x20;
}

/**
 * The least of a measure over each expression's derivations (Infinity for none): `measure`
 * gives an expression's from its parts' (`of`) and the rules' (`rule`), which are found as a
 * fixed point, from Infinity down.
 */
function least(analysis: Analysis, measure: (e: Expr, of: (x: Expr) => number, rule: (name: string) => number) => number): (e: Expr) => number {
  const rules = new Map<string, number>(analysis.ruleKeys.map((k) => [k, Infinity]));
  const rule = (name: string): number => rules.get(name.toLowerCase()) ?? Infinity;
  // each object's value while `rules` stays as it is (one rule's question, then after the fixed
  // point): an object used twice (`seq(e, e)`, built in code) is measured once
  let memo = new Map<Expr, number>();
  const of = (e: Expr): number => {
    let h = memo.get(e);
    if (h === undefined) memo.set(e, (h = measure(e, of, rule)));
    return h;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const k of analysis.ruleKeys) {
      memo = new Map();
      const h = of(analysis.rule(k).expr);
      if (h < (rules.get(k) ?? Infinity)) {
        rules.set(k, h);
        changed = true;
      }
    }
  }
  memo = new Map();
  return of;
}

/** How many rule references the shortest derivation of each expression needs (Infinity for none). */
function heights(analysis: Analysis): (e: Expr) => number {
  return least(analysis, (e, of, rule) => {
    switch (e.type) {
      case "lit":
        return 0;
      case "range":
        return analysis.matchesNothing(e) ? Infinity : 0;
      case "prose":
        return Infinity;
      case "seq":
        return e.items.reduce((m, x) => Math.max(m, of(x)), 0);
      case "alt":
        return e.items.reduce((m, x) => Math.min(m, of(x)), Infinity);
      case "rep":
        return e.min === 0 ? 0 : of(e.item);
      case "ref":
        return 1 + rule(e.name);
    }
  });
}

/**
 * How many expressions generating a string of each expression expands at least (the calls of
 * generateRule's `go`: one for an expression of one character, one more for each part it
 * expands), whatever the choices: a rule past GENERATE_LIMIT is refused before any is expanded.
 */
function leastWork(analysis: Analysis): (e: Expr) => number {
  return least(analysis, (e, of, rule) => {
    if (analysis.charSet(e) !== null) return 1;
    switch (e.type) {
      case "lit":
      case "range":
        return 1;
      case "prose":
        return Infinity;
      case "seq":
        return e.items.reduce((m, x) => m + of(x), 1);
      case "alt":
        return 1 + e.items.reduce((m, x) => Math.min(m, of(x)), Infinity);
      case "rep":
        return e.min === 0 ? 1 : 1 + e.min * of(e.item);
      case "ref":
        return 1 + rule(e.name);
    }
  });
}

const heightCache = new WeakMap<Analysis, (e: Expr) => number>();
const workCache = new WeakMap<Analysis, (e: Expr) => number>();

/** The most expressions one call expands, whatever the options (the engine's bound, as printExpr's). */
const GENERATE_LIMIT = 4_000_000;

/** A random string that rule `def` of the grammar analysed by `analysis` matches. */
export function generateRule(analysis: Analysis, def: RuleDefinition, given: Random, options: GenerateOptions = {}): string {
  if (typeof given !== "function") throw new TypeError(`generate: the argument "random" must be a function (n) => a whole number in [0, n), got ${describeValue(given)}`);
  expectOptions(options, "generate");
  const count = (name: "maxRepeat" | "maxDepth" | "budget", fallback: number): number => {
    const v = options[name];
    if (v === undefined) return fallback;
    if (typeof v !== "number" || !(Number.isInteger(v) || v === Infinity) || v < 0) {
      throw new RangeError(`generate: options.${name} must be a whole number, 0 or more, got ${describeValue(v)}`);
    }
    return v;
  };
  const maxRepeat = count("maxRepeat", 6);
  const maxDepth = count("maxDepth", 40);
  const budget = count("budget", 2000);
  const random: Random = (n) => {
    const k = given(n);
    if (typeof k !== "number" || !Number.isInteger(k) || k < 0 || k >= n) {
      throw new RangeError(`generate: random(${n}) must return a whole number in [0, ${n}), got ${describeValue(k)}`);
    }
    return k;
  };
  let work = 0;
  let height = heightCache.get(analysis);
  if (height === undefined) {
    height = heights(analysis);
    heightCache.set(analysis, height);
  }
  const h = height;
  if (h(def.expr) === Infinity) throw new RangeError(`generate: rule ${def.name} matches no string: ${whyNothing(analysis, def.expr)}`);
  let least = workCache.get(analysis);
  if (least === undefined) {
    least = leastWork(analysis);
    workCache.set(analysis, least);
  }
  const tooLarge = (): GrammarError => new GrammarError("too-large", `generate: rule ${def.name} expands to more than ${GENERATE_LIMIT.toLocaleString("en-US")} expressions`, def.name);
  // (every string of the rule takes at least this many: refused before any is expanded)
  if (least(def.expr) > GENERATE_LIMIT) throw tooLarge();
  const go = (x: Expr, depth: number): string => {
    // a shortest derivation can be truly long (`seq(e, e)` forty times over, built in code, is
    // 2^40 characters): past the engine's bound on expressions to expand, the typed refusal
    if (++work > GENERATE_LIMIT) throw tooLarge();
    const short = depth >= maxDepth || work > budget;
    const set = analysis.charSet(x);
    if (set !== null) return String.fromCodePoint(pickCodePoint(set, random));
    switch (x.type) {
      case "lit":
        return x.caseSensitive
          ? x.text
          : codePoints(x.text)
              .map((c) => String.fromCodePoint((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a && random(2) === 1 ? c ^ 0x20 : c))
              .join(""); // (not fromCodePoint(...list): past about 120,000 arguments, a RangeError)
      case "range":
        return ""; // unreachable: a range that holds a character has a character set
      case "seq":
        return x.items.map((i) => go(i, depth)).join("");
      case "alt": {
        const usable = x.items.filter((i) => h(i) !== Infinity);
        // the shortest, by a least height found once (not once per alternative, nor by spreading
        // every height into Math.min's arguments: a RangeError past about 120,000)
        const least = short ? usable.reduce((m, i) => Math.min(m, h(i)), Infinity) : 0;
        const pool = short ? usable.filter((i) => h(i) === least) : usable;
        const item = pool[random(pool.length)];
        return item === undefined ? "" : go(item, depth);
      }
      case "rep": {
        const possible = h(x.item) !== Infinity;
        const max = possible ? Math.min(x.max, x.min + (short ? 0 : maxRepeat)) : x.min;
        const n = x.min + random(max - x.min + 1);
        let out = "";
        // past the budget, only the items the minimum requires: the work stays bounded
        for (let k = 0; k < n && (k < x.min || work <= budget); k++) out += go(x.item, depth);
        return out;
      }
      case "ref":
        return go(analysis.rule(x.name).expr, depth + 1);
      case "prose":
        return "";
    }
  };
  return go(def.expr, 0);
}
