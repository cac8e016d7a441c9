// The engine's first tier: a rule's first inputs are matched by reading its expressions as
// they are written (RFC 5234 §2–§4, the sets of offsets each one can end at), with nothing
// built ahead, so that the first use of a rule does not wait for its automaton (compiled.ts),
// whose build costs far more than a short input's match (RFC 5322's `address`: most of a
// second). Exact like every tier: an expression's ends are every offset some string it matches
// ends at (alternation unordered, a repetition stopping at any count), a rule's memoized by
// offset, so that the answer is the ABNF's whatever the grammar's order. It answers only
// whether the whole input matches (no labels, no derivation), within a number of steps it is
// given; past them, on nesting deeper than {@link MAX_REF_DEPTH} rules, or on a rule checked
// in code, it gives up and the compiled tier answers (matcher.ts decides when to stop trying).

import { firstChars, type Analysis } from "./analysis.js";
import { codePointAt, hasCodePoint, type CodePointSet } from "./charset.js";
import type { Expr } from "./expr.js";

/**
 * Where an expression can end, from one offset: a single offset (most matches), `-1` for
 * none, else an ascending array of two or more offsets without repeats.
 */
type Ends = number | readonly number[];

/** An expression as a function from an offset to its ends ({@link Ends}). */
type Reader = (at: number) => Ends;

/** How many rules a match may nest before this tier gives up (the compiled tier nests on an explicit stack). */
export const MAX_REF_DEPTH = 200;

/** Thrown inside a run to give up (caught by {@link Interpreter.test}). */
const GIVE_UP = new Error("first tier: gave up");

/** What a rule's memo holds at an offset while its call is running there: met again, the rule would loop. */
const RUNNING = -2;

/** The longest memo kept from one match to the next, per rule (offsets). */
const KEPT_MEMO = 4096;

const NO_MEMO = new Int32Array(0);

/**
 * A rule as this tier reads it: its reader, and its memo by offset: at an offset whose `stamp`
 * is the current run's, `value` is an end, -1 (none), {@link RUNNING}, or -3 - k for the k-th
 * of `lists`.
 */
interface Rule {
  read: Reader | undefined;
  /** What the rule can start with ({@link Interpreter.guard}), once `read` is made. */
  guard: Uint8Array | undefined;
  stamp: Int32Array;
  value: Int32Array;
  readonly lists: (readonly number[])[];
  listsRun?: number;
}

/**
 * One grammar's first tier: each rule's expression read as a tree of functions, made when a
 * match first reaches the rule, and kept. Not reentrant (one match at a time; the engine is
 * synchronous).
 */
export class Interpreter {
  readonly #rules = new Map<string, Rule>();
  readonly #tops = new Map<string, Reader>();
  #input = "";
  /** The number of the current match: memo entries of other runs are stale. */
  #run = 0;
  #depth = 0;
  #depthLimit = MAX_REF_DEPTH;
  #limit = 0;
  /** The steps the last {@link test} took (an expression entered, or an offset merged). */
  steps = 0;

  constructor(private readonly analysis: Analysis) {}

  /**
   * True when the whole `input` matches rule `key` (lowercase), false when it does not, and
   * `undefined` when this tier gave up: past `limit` steps, past `depthLimit` nested rules (at
   * most {@link MAX_REF_DEPTH}), or where a rule is checked in code (which the compiled tier runs).
   */
  test(key: string, input: string, limit: number, depthLimit = MAX_REF_DEPTH): boolean | undefined {
    if (this.analysis.checks.size > 0) return undefined;
    this.#input = input;
    this.#run++;
    this.#depth = 0;
    this.#limit = limit;
    this.#depthLimit = Math.min(depthLimit, MAX_REF_DEPTH);
    this.steps = 0;
    try {
      let top = this.#tops.get(key);
      if (top === undefined) this.#tops.set(key, (top = this.#ref(key)));
      const ends = top(0);
      const n = input.length;
      return typeof ends === "number" ? ends === n : ends[ends.length - 1] === n;
    } catch (e) {
      // (a RangeError: JavaScript's stack ran out first, on a deep nesting of expressions)
      if (e === GIVE_UP || e instanceof RangeError) return undefined;
      throw e;
    } finally {
      this.#input = "";
      // (a long input's memos are not kept for the next)
      if (input.length > KEPT_MEMO)
        for (const r of this.#rules.values()) {
          if (r.stamp.length > KEPT_MEMO) r.stamp = r.value = NO_MEMO;
          r.lists.length = 0;
        }
    }
  }

  /** Counts `n` steps; gives up past the limit. */
  #step(n: number): void {
    this.steps += n;
    if (this.steps > this.#limit) throw GIVE_UP;
  }

  /** The reader of a reference to rule `key`: its expression's, memoized by offset. */
  #ref(key: string): Reader {
    let rule = this.#rules.get(key);
    if (rule === undefined) {
      rule = { read: undefined, guard: undefined, stamp: NO_MEMO, value: NO_MEMO, lists: [] };
      this.#rules.set(key, rule);
    }
    const r = rule;
    return (at) => {
      this.#step(1);
      if (r.read === undefined) {
        const def = this.analysis.rule(key);
        r.guard = this.#guard(def.expr);
        r.read = this.#reader(def.expr);
      }
      const guard = r.guard;
      if (guard !== undefined && !starts(guard, this.#input.charCodeAt(at))) return -1;
      const run = this.#run;
      if (at < r.stamp.length && r.stamp[at] === run) {
        const v = r.value[at] as number;
        if (v >= -1) return v;
        if (v === RUNNING) throw GIVE_UP; // (left recursion: the loader refuses it)
        return r.lists[-3 - v] as readonly number[];
      }
      if (++this.#depth > this.#depthLimit) throw GIVE_UP;
      if (at >= r.stamp.length) this.#grow(r, at);
      r.stamp[at] = run;
      r.value[at] = RUNNING;
      const ends = r.read(at);
      if (typeof ends === "number") r.value[at] = ends;
      else {
        if (r.listsRun !== run) {
          r.lists.length = 0;
          r.listsRun = run;
        }
        r.value[at] = -3 - r.lists.length;
        r.lists.push(ends);
      }
      this.#depth--;
      return ends;
    };
  }

  /** Grows the memo of `r` to hold offset `at` (doubling, never past the input's end). */
  #grow(r: Rule, at: number): void {
    const size = Math.min(Math.max(2 * r.stamp.length, at + 1, 64), this.#input.length + 1);
    const stamp = new Int32Array(size);
    const value = new Int32Array(size);
    stamp.set(r.stamp);
    value.set(r.value);
    r.stamp = stamp;
    r.value = value;
  }

  /** The reader of an expression. */
  #reader(e: Expr): Reader {
    const set = e.type === "prose" ? null : this.analysis.charSet(e);
    if (set !== null) return this.#charReader(set);
    switch (e.type) {
      case "lit":
        return this.#litReader(e.text, e.caseSensitive);
      case "range":
        return this.#charReader([[e.lo, e.hi]]);
      case "prose":
        return () => -1; // (prose no import supplies matches nothing)
      case "ref":
        return this.#ref(e.name.toLowerCase());
      case "alt": {
        const items = e.items.map((x) => this.#reader(x));
        const guards = e.items.map((x) => (x.type === "ref" ? undefined : this.#guard(x)));
        return (at) => {
          this.#step(1);
          const c = this.#input.charCodeAt(at);
          let out: Ends = -1;
          for (let k = 0; k < items.length; k++) {
            const guard = guards[k];
            if (guard === undefined || starts(guard, c)) out = this.#union(out, (items[k] as Reader)(at));
          }
          return out;
        };
      }
      case "seq": {
        const items = e.items.map((x) => this.#reader(x));
        return (at) => {
          this.#step(1);
          let cur: Ends = at;
          for (let k = 0; k < items.length; k++) {
            const item = items[k] as Reader;
            cur = typeof cur === "number" ? item(cur) : this.#each(item, cur);
            if (cur === -1) return -1;
          }
          return cur;
        };
      }
      case "rep": {
        const item = this.#reader(e.item);
        const { min, max } = e;
        return this.analysis.nullable(e.item) ? (at) => this.#nullableRep(item, max, at) : (at) => this.#rep(item, min, max, at);
      }
    }
  }

  /**
   * The characters a match of `e` can start with, as a table of the ASCII ones and, at 128,
   * whether any other can; `undefined` when `e` can match "" (then nothing is ruled out).
   */
  #guard(e: Expr): Uint8Array | undefined {
    if (this.analysis.nullable(e)) return undefined;
    const table = new Uint8Array(129);
    for (const [lo, hi] of firstChars(this.analysis, e)) {
      for (let c = lo; c <= Math.min(hi, 127); c++) table[c] = 1;
      if (hi >= 128) table[128] = 1;
    }
    return table;
  }

  /** One character of `set`. */
  #charReader(set: CodePointSet): Reader {
    const ascii = new Uint8Array(128);
    for (const [lo, hi] of set) for (let c = lo; c <= Math.min(hi, 127); c++) ascii[c] = 1;
    return (at) => {
      const c = this.#input.charCodeAt(at);
      if (c < 128) return ascii[c] === 1 ? at + 1 : -1;
      // (the end of the input, a lone surrogate: no code point, no match)
      const cp = codePointAt(this.#input, at);
      return cp >= 0 && hasCodePoint(set, cp) ? at + (cp > 0xffff ? 2 : 1) : -1;
    };
  }

  /** A quoted string: ASCII letters in either case unless `caseSensitive` (RFC 5234 §2.3, RFC 7405). */
  #litReader(text: string, caseSensitive: boolean): Reader {
    const n = text.length;
    if (caseSensitive || !/[A-Za-z]/.test(text)) return (at) => (this.#input.startsWith(text, at) ? at + n : -1);
    const lower = text.toLowerCase(); // (only ASCII letters differ: a literal is checked for them alone below)
    const codes = Array.from({ length: n }, (_, k) => text.charCodeAt(k));
    const folded = codes.map((c, k) => ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? lower.charCodeAt(k) : -1));
    return (at) => {
      const input = this.#input;
      if (at + n > input.length) return -1;
      for (let k = 0; k < n; k++) {
        const c = input.charCodeAt(at + k);
        const f = folded[k] as number;
        if (f < 0 ? c !== codes[k] : (c | 0x20) !== f) return -1;
      }
      return at + n;
    };
  }

  /** The ends of `item` from each of `starts`, merged. */
  #each(item: Reader, starts: readonly number[]): Ends {
    this.#step(starts.length);
    // (gathered, then sorted once: merging each into the last would copy the list each time)
    const all: number[] = [];
    for (let k = 0; k < starts.length; k++) {
      const ends = item(starts[k] as number);
      if (typeof ends !== "number") {
        this.#step(ends.length);
        for (let i = 0; i < ends.length; i++) all.push(ends[i] as number);
      } else if (ends >= 0) all.push(ends);
    }
    if (all.length < 2) return all.length === 0 ? -1 : (all[0] as number);
    all.sort((x, y) => x - y);
    let n = 1;
    for (let i = 1; i < all.length; i++) if (all[i] !== all[n - 1]) all[n++] = all[i] as number;
    all.length = n;
    return n === 1 ? (all[0] as number) : all;
  }

  /** The union of two {@link Ends}. */
  #union(a: Ends, b: Ends): Ends {
    if (typeof b === "number") {
      if (b < 0 || a === b) return a;
      if (typeof a === "number") return a < 0 ? b : a < b ? [a, b] : [b, a];
      return insert(a, b);
    }
    if (typeof a === "number") return a < 0 ? b : insert(b, a);
    this.#step(a.length + b.length);
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      const x = i < a.length ? (a[i] as number) : Infinity;
      const y = j < b.length ? (b[j] as number) : Infinity;
      if (x <= y) {
        out.push(x);
        i++;
        if (x === y) j++;
      } else {
        out.push(y);
        j++;
      }
    }
    return out;
  }

  /**
   * `min*max item` for an item that cannot match "" (RFC 5234 §3.6): the offsets reached after
   * each count of iterations, from `min` on; an offset reached again at a higher count is not
   * followed again (the lower count can do all the higher one can).
   */
  #rep(item: Reader, min: number, max: number, at: number): Ends {
    const out: number[] = min === 0 ? [at] : [];
    let frontier: Ends = at;
    // the offsets reached at a count from the minimum on, once two paths may meet (while every
    // count reached one offset, each further than the last, none was reached twice)
    let seen: Set<number> | undefined;
    for (let count = 1; count <= max; count++) {
      this.#step(1);
      let next: Ends = typeof frontier === "number" ? item(frontier) : this.#each(item, frontier);
      if (next === -1) break;
      if (count >= min) {
        if (seen === undefined && typeof next !== "number") seen = new Set(out);
        if (seen !== undefined) {
          const fresh = typeof next === "number" ? (seen.has(next) ? [] : [next]) : next.filter((x) => !seen?.has(x));
          if (fresh.length === 0) break;
          for (const x of fresh) seen.add(x);
          next = unEnds(fresh);
        }
        if (typeof next === "number") out.push(next);
        else out.push(...next);
      }
      frontier = next;
    }
    if (seen !== undefined) out.sort((x, y) => x - y);
    return unEnds(out);
  }

  /**
   * `min*max item` for an item that can match "": any count up to `max` can be padded with
   * empty iterations, so the ends are every offset reached in at most `max` iterations.
   */
  #nullableRep(item: Reader, max: number, at: number): Ends {
    const seen = new Set<number>([at]);
    let frontier: number[] = [at];
    for (let count = 1; count <= max && frontier.length > 0; count++) {
      this.#step(frontier.length);
      const next: number[] = [];
      for (const start of frontier) {
        const ends = item(start);
        if (typeof ends === "number") {
          if (ends >= 0 && !seen.has(ends)) {
            seen.add(ends);
            next.push(ends);
          }
        } else
          for (const x of ends)
            if (!seen.has(x)) {
              seen.add(x);
              next.push(x);
            }
      }
      frontier = next;
    }
    return unEnds([...seen].sort((x, y) => x - y));
  }
}

/** False when no match guarded by `guard` (Interpreter.guard) can start with code unit `c` (NaN: the end of the input). */
function starts(guard: Uint8Array, c: number): boolean {
  return c < 128 ? guard[c] === 1 : c === c && guard[128] === 1;
}

/** `xs` (ascending, no repeats) as {@link Ends}. */
function unEnds(xs: readonly number[]): Ends {
  return xs.length === 0 ? -1 : xs.length === 1 ? (xs[0] as number) : xs;
}

/** `xs` (ascending, no repeats, two or more) with `x` (not negative) added. */
function insert(xs: readonly number[], x: number): readonly number[] {
  let i = 0;
  while (i < xs.length && (xs[i] as number) < x) i++;
  if (xs[i] === x) return xs;
  const out = xs.slice();
  out.splice(i, 0, x);
  return out;
}
