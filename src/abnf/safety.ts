// Decides whether a backtracking regex derived from a rule can take more than linear time.
//
// A backtracking matcher that fails explores every path of the expression that reads a prefix
// of the input, each once: its work is the sum, over the prefixes of the input, of the number
// of paths that read that prefix. That is linear in the input exactly when the number of paths
// per prefix is bounded (Weideman, van der Merwe, Berglund, Watson, "Analyzing matching time
// behavior of backtracking regular expression matchers by using ambiguity of NFA", CIAA 2016,
// relate unbounded growth to exponential and polynomial ambiguity). This file computes that
// bound directly on the rule's position automaton with every path kept (keepAll in
// automaton.ts: a second way to the same position is a second path): a breadth-first search over
// vectors "how many paths end at each position after reading some prefix", which are finitely
// many when the bound exists. A bound above LIMIT is refused, whether the growth comes from a
// cycle (`*( "a" / "a" "b"? )`) or from a bounded repetition (`0*40( "a" ( ["b"] / ["c"] ) )`,
// 2^40 paths), so the regex is used only where its work is at most LIMIT steps per character.
import { ACCEPT, type Automaton, type Position } from "./automaton.js";

/** The most ways one prefix may be read before the regex counts as unsafe. */
export const AMBIGUITY_LIMIT = 64;

/** The most path-count vectors explored before the rule counts as too complex to analyse. */
const STATE_LIMIT = 100_000;
/**
 * The most steps (a vector's entries read for one representative code point) before the rule
 * counts as too complex to analyse: the vectors are few, but a large alphabet multiplies each by
 * its representatives (up to twice the positions).
 */
export const SAFETY_WORK_LIMIT = 4_000_000;


export type Safety =
  /** `ambiguity`: the most ways a prefix can be read (undefined for a verdict recorded for a built-in grammar). */
  | { readonly safe: true; readonly ambiguity: number | undefined }
  | { readonly safe: false; readonly reason: string };

/**
 * Whether the backtracking regex of an automaton (built with every path kept) runs in linear
 * time. The analysis takes at most `limit` steps (`counter.steps` says how many it took); a
 * rule that needs more is "too complex to analyse", and gets no regex (the DFA answers).
 */
export function regexSafety(a: Automaton, limit = SAFETY_WORK_LIMIT, counter?: { steps: number }): Safety {
  if (a.hasCalls) return { safe: false, reason: "the rule is recursive" };
  // (joins are made only in rules whose direct edges would be many: too large to analyse)
  if (a.hasJoins) return { safe: false, reason: "the rule is too large to analyse" };
  // One representative code point per class of code points that every position treats alike.
  const cuts = new Set<number>([0]);
  for (const p of a.positions) for (const [lo, hi] of p.set) cuts.add(lo).add(hi + 1);
  const representatives = [...cuts].filter((c) => c <= 0x10ffff).sort((x, y) => x - y);
  const reps = representatives.length;
  const n = a.positions.length;
  // Each position's set as half-open ranges of representatives' indices (each range of the set
  // starts at a representative and ends before one, or at the end), and the positions it goes to.
  const index = new Map<number, number>();
  representatives.forEach((c, i) => index.set(c, i));
  const ranges: Int32Array[] = [];
  const targets: Int32Array[] = [];
  for (let p = 0; p < n; p++) {
    const set = (a.positions[p] as Position).set;
    const r = new Int32Array(2 * set.length);
    set.forEach(([lo, hi], i) => {
      r[2 * i] = index.get(lo) as number;
      r[2 * i + 1] = index.get(hi + 1) ?? reps;
    });
    ranges.push(r);
    targets.push(Int32Array.from((a.follow[p] ?? []).filter((e) => e.to !== ACCEPT), (e) => e.to));
  }
  const none = new Int32Array(0);

  // A vector: the positions some prefix's paths end at (ascending) and how many paths end at each.
  interface Vector {
    readonly at: Int32Array;
    readonly paths: Int32Array;
  }
  const keyOf = (v: Vector): string => {
    let key = "";
    for (let i = 0; i < v.at.length; i++) key += `${v.at[i] as number}:${v.paths[i] as number},`;
    return key;
  };
  const first = new Map<number, number>();
  for (const e of a.start) if (e.to !== ACCEPT) first.set(e.to, (first.get(e.to) ?? 0) + 1);
  const startAt = Int32Array.from(first.keys()).sort();
  const start: Vector = { at: startAt, paths: startAt.map((p) => first.get(p) as number) };
  const seen = new Set<string>([keyOf(start)]);
  const queue: Vector[] = [start];
  let most = 0;
  let work = 0;
  const tooComplex = (steps: number): Safety => {
    if (counter !== undefined) counter.steps = steps;
    return { safe: false, reason: "the rule is too complex to analyse" };
  };
  // scratch: the paths to each position of the vector being made, and the positions it has
  const sum = new Int32Array(n);
  const made: number[] = [];
  // scratch: whether each position of the vector read has the representative being tried
  const has = new Uint8Array(n);
  const cuts2: number[] = [];
  while (queue.length > 0) {
    const v = queue.pop() as Vector;
    let total = 0;
    for (const k of v.paths) total += k;
    if (total > most) most = total;
    if (total > AMBIGUITY_LIMIT) {
      return {
        safe: false,
        reason: `some prefix can be read in more than ${AMBIGUITY_LIMIT} ways (a backtracking regex would take exponential or polynomial time)`,
      };
    }
    // Each representative costs v's size + 1 steps; the one that would pass the limit is never
    // read (the limit is checked before it).
    const per = v.at.length + 1;
    const stop = Math.min(reps, Math.floor((limit - work) / per));
    // Representatives between two consecutive ends of v's positions' ranges lead to the same
    // vector: only the first of each run is read (the others would find it seen).
    cuts2.length = 0;
    cuts2.push(0);
    for (const p of v.at) for (const c of ranges[p] ?? none) cuts2.push(c);
    cuts2.sort((x, y) => x - y);
    // Each position's ranges are sorted and the representatives read in ascending order, so a
    // pointer per position walks its ranges once for the whole vector: scanning them all for each
    // representative cost ranges × representatives uncounted (one rule of 150,000 alternatives
    // of one character each, 4.5e10 steps: fuzz round 18).
    const walked = new Int32Array(v.at.length);
    for (let c = 0; c < cuts2.length; c++) {
      const r = cuts2[c] as number;
      if (r >= stop) break;
      if (c > 0 && r === cuts2[c - 1]) continue;
      for (let j = 0; j < v.at.length; j++) {
        const p = v.at[j] as number;
        const rs = ranges[p] ?? none;
        let i = walked[j] as number;
        while (i < rs.length && (rs[i + 1] as number) <= r) i += 2;
        walked[j] = i;
        has[p] = i < rs.length && (rs[i] as number) <= r ? 1 : 0;
      }
      for (let j = 0; j < v.at.length; j++) {
        const p = v.at[j] as number;
        if (has[p] === 0) continue;
        const k = v.paths[j] as number;
        for (const t of targets[p] ?? none) {
          if (sum[t] === 0) made.push(t);
          sum[t] = Math.min(AMBIGUITY_LIMIT + 1, (sum[t] as number) + k);
        }
      }
      if (made.length === 0) continue;
      const at = Int32Array.from(made).sort();
      const paths = at.map((p) => sum[p] as number);
      for (const t of made) sum[t] = 0;
      made.length = 0;
      const next: Vector = { at, paths };
      const key = keyOf(next);
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > STATE_LIMIT) return tooComplex(work + (r + 1) * per);
      queue.push(next);
    }
    if (stop < reps) return tooComplex(work + (stop + 1) * per);
    work += reps * per;
    if (counter !== undefined) counter.steps = work;
  }
  return { safe: true, ambiguity: most };
}
