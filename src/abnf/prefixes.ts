// What the first few characters of a rule's matches can be: FIRST_k of the rule (the strings of
// up to k characters that begin one of its matches), each string written as a sequence of
// character sets so that `ALPHA 3DIGIT` is one sequence, not 52 000 strings. Computed as the
// least fixed point over the rules (recursive rules included), bounded in size and work: a set
// that grows past its bound is "many", which a caller reads as "could begin with anything".
// defineScheme asks it whether a top rule can begin with its scheme's name and ":" (RFC 3986 §3.1).
import type { Analysis } from "./analysis.js";
import { codePoints, codePointSet, literalCharSet, printRange, setSize, type CodePointSet } from "./charset.js";
import type { Expr } from "./expr.js";

/** One way a match can begin: the sets its first characters come from, in order. */
export type Prefix = readonly CodePointSet[];

/**
 * The beginnings of a rule's matches, up to `k` characters: a prefix shorter than `k` is a
 * whole match; one of length `k` begins at least one match. `"many"`: more than the bound.
 */
export type Prefixes = readonly Prefix[] | "many";

/** At most this many prefixes per expression; past it, "many". */
const MAX_PREFIXES = 256;
/** At most this many steps (prefixes made) per analysis; past it, every answer is "many". */
const MAX_STEPS = 200_000;
/** At most this many passes of the fixed point over recursive rules. */
const MAX_PASSES = 64;

const setKey = (s: CodePointSet): string => s.map(([lo, hi]) => (lo === hi ? `${lo}` : `${lo}-${hi}`)).join(",");
const prefixKey = (p: Prefix): string => p.map(setKey).join("|");

class OutOfSteps {}

/** The code points in both sets. */
export function intersection(a: CodePointSet, b: CodePointSet): CodePointSet {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as readonly [number, number];
    const y = b[j] as readonly [number, number];
    const lo = Math.max(x[0], y[0]);
    const hi = Math.min(x[1], y[1]);
    if (lo <= hi) out.push([lo, hi]);
    if (x[1] < y[1]) i++;
    else j++;
  }
  return codePointSet(out);
}

/** A set of prefixes without repeats (by content). */
class PrefixBag {
  readonly items: Prefix[] = [];
  readonly #keys = new Set<string>();
  add(p: Prefix): boolean {
    const key = prefixKey(p);
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    this.items.push(p);
    return true;
  }
  has(p: Prefix): boolean {
    return this.#keys.has(prefixKey(p));
  }
  get size(): number {
    return this.items.length;
  }
}

/**
 * FIRST_k of the rule `rule` (its name, any case) in the grammar `analysis` describes, with
 * every prefix's sets as the grammar has them (an ASCII letter of a quoted string in both cases
 * unless it is `%s`, RFC 5234 §2.3, RFC 7405). Only productive matches count: a part that
 * matches nothing (prose, RFC 5234 §4) contributes no prefix. With `within` (k sets), only the
 * prefixes whose i-th character can be in `within[i]`, each set cut down to it: the question
 * "can a match begin with this text?" then stays small however general the rule is.
 */
export function rulePrefixes(analysis: Analysis, rule: string, k: number, within?: Prefix): Prefixes {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`rulePrefixes: k must be a whole number, got ${String(k)}`);
  if (within !== undefined && within.length < k) throw new RangeError(`rulePrefixes: within must have k (${k}) sets, got ${within.length}`);
  let steps = 0;
  // a part matched from `j` characters before the end of the prefix starts at position k - j
  const keep = (sets: readonly CodePointSet[], j: number): Prefix | undefined => {
    if (within === undefined) return sets;
    const out: CodePointSet[] = [];
    for (let i = 0; i < sets.length; i++) {
      const s = intersection(sets[i] as CodePointSet, within[k - j + i] as CodePointSet);
      if (s.length === 0) return undefined;
      out.push(s);
    }
    return out;
  };
  const one = (sets: readonly CodePointSet[], j: number): Prefixes => {
    const p = keep(sets, j);
    return p === undefined ? [] : [p];
  };
  // rule approximations by "rule|j", growing to the least fixed point
  const approx = new Map<string, readonly Prefix[] | "many">();
  let changed = false;
  let done = new Set<string>();
  let open = new Set<string>();
  let memo = new Map<Expr, Map<number, Prefixes>>();

  const tick = (n = 1): void => {
    steps += n;
    if (steps > MAX_STEPS) throw new OutOfSteps();
  };

  const finish = (bag: PrefixBag): Prefixes => (bag.size > MAX_PREFIXES ? "many" : bag.items);

  /** `acc` followed by `e`, each prefix cut to j characters. */
  const then = (acc: Prefixes, e: Expr, j: number): Prefixes => {
    if (acc === "many") return "many";
    const out = new PrefixBag();
    let nonEmpty: boolean | undefined;
    for (const p of acc) {
      tick();
      if (p.length >= j) {
        // the prefix is full: `e` only needs to match something
        nonEmpty ??= !analysis.matchesNothing(e);
        if (nonEmpty) out.add(p);
        continue;
      }
      const rest = of(e, j - p.length);
      if (rest === "many") return "many";
      for (const q of rest) {
        tick();
        out.add(q.length === 0 ? p : [...p, ...q]);
        if (out.size > MAX_PREFIXES) return "many";
      }
    }
    return finish(out);
  };

  const union = (parts: Prefixes[]): Prefixes => {
    const out = new PrefixBag();
    for (const part of parts) {
      if (part === "many") return "many";
      for (const p of part) {
        tick();
        out.add(p);
        if (out.size > MAX_PREFIXES) return "many";
      }
    }
    return finish(out);
  };

  const sameSet = (a: Prefixes, b: Prefixes): boolean => {
    if (a === "many" || b === "many") return a === b;
    if (a.length !== b.length) return false;
    const keys = new Set(a.map(prefixKey));
    return b.every((p) => keys.has(prefixKey(p)));
  };

  const compute = (e: Expr, j: number): Prefixes => {
    if (analysis.matchesNothing(e)) return [];
    if (j === 0) return [[]];
    const single = analysis.charSet(e);
    if (single !== null) return single.length === 0 ? [] : one([single], j);
    switch (e.type) {
      case "lit":
        return one(codePoints(e.text).slice(0, j).map((cp) => literalCharSet(cp, e.caseSensitive)), j);
      case "range":
      case "prose":
        return []; // a range always has a character set; prose matches nothing
      case "seq": {
        let acc: Prefixes = [[]];
        for (const item of e.items) {
          acc = then(acc, item, j);
          if (acc === "many" || acc.length === 0) return acc;
        }
        return acc;
      }
      case "alt":
        return union(e.items.map((x) => of(x, j)));
      case "rep": {
        if (e.max === 0) return [[]];
        // item^n for n = 0, 1, ...: once a count adds nothing new, no later count does
        let acc: Prefixes = [[]];
        const result = new PrefixBag();
        if (e.min === 0) result.add([]);
        for (let n = 1; n <= e.max; n++) {
          const next = then(acc, e.item, j);
          if (next === "many") return "many";
          if (n < e.min) {
            // below min: jump ahead once the counts stop changing the prefixes
            if (sameSet(next, acc)) n = e.min - 1;
            acc = next;
            continue;
          }
          let added = false;
          for (const p of next) if (result.add(p)) added = true;
          if (result.size > MAX_PREFIXES) return "many";
          if (!added && n > e.min) break;
          acc = next;
          if (next.length === 0) break;
        }
        return finish(result);
      }
      case "ref": {
        const def = analysis.rule(e.name);
        const key = `${e.name.toLowerCase()}|${j}`;
        const known = approx.get(key);
        if (open.has(key) || done.has(key)) return known ?? [];
        open.add(key);
        const value = of(def.expr, j);
        open.delete(key);
        done.add(key);
        const merged = known === undefined ? value : union([known, value]);
        if (known === undefined || !sameSet(known, merged)) {
          changed = true;
          approx.set(key, merged);
        }
        return merged;
      }
    }
  };

  const of = (e: Expr, j: number): Prefixes => {
    let byJ = memo.get(e);
    const hit = byJ?.get(j);
    if (hit !== undefined) return hit;
    const r = compute(e, j);
    if (byJ === undefined) memo.set(e, (byJ = new Map()));
    byJ.set(j, r);
    return r;
  };

  try {
    const top = analysis.rule(rule);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      changed = false;
      done = new Set();
      open = new Set();
      memo = new Map();
      const r = of(top.expr, k);
      if (!changed) return r;
    }
    return "many";
  } catch (e) {
    if (e instanceof OutOfSteps) return "many";
    throw e;
  }
}

/** True when `s` is exactly an ASCII letter in both cases (`lower` being the lowercase one). */
const isCasePair = (s: CodePointSet, lower: number): boolean => s.length === 2 && s[0]?.[0] === (lower & ~0x20) && s[0]?.[1] === (lower & ~0x20) && s[1]?.[0] === lower && s[1]?.[1] === lower;

/**
 * A prefix in ABNF-like words, for messages: runs of characters quoted (`%s"..."` when a letter
 * is taken in one case only), any other set as `%xLO-HI` or `<one of N characters>`.
 */
export function describePrefix(p: Prefix): string {
  const parts: string[] = [];
  let run = "";
  let sensitive = false;
  const flush = (): void => {
    if (run !== "") parts.push(`${sensitive ? "%s" : ""}${JSON.stringify(run)}`);
    run = "";
    sensitive = false;
  };
  for (const s of p) {
    const only = s.length === 1 && s[0]?.[0] === s[0]?.[1] ? (s[0]?.[0] as number) : undefined;
    const lower = only !== undefined ? only | 0x20 : (s[1]?.[0] ?? -1);
    if (only !== undefined && only >= 0x20 && only < 0x7f && only !== 0x22) {
      run += String.fromCharCode(only);
      if (lower >= 0x61 && lower <= 0x7a) sensitive = true;
    } else if (lower >= 0x61 && lower <= 0x7a && isCasePair(s, lower)) {
      run += String.fromCharCode(lower);
    } else {
      flush();
      parts.push(s.length === 1 ? printRange(s[0]?.[0] ?? 0, s[0]?.[1] ?? 0) : `<one of ${setSize(s)} characters>`);
    }
  }
  flush();
  return parts.length === 0 ? '""' : parts.join(" ");
}

