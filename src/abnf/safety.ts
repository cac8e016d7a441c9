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
import { ACCEPT, type Automaton } from "./automaton.js";
import { hasCodePoint } from "./charset.js";

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

  const start = new Map<number, number>();
  for (const e of a.start) if (e.to !== ACCEPT) start.set(e.to, (start.get(e.to) ?? 0) + 1);
  const keyOf = (v: ReadonlyMap<number, number>): string =>
    [...v].sort((x, y) => x[0] - y[0]).map(([p, k]) => `${p}:${k}`).join(",");
  const seen = new Set<string>([keyOf(start)]);
  const queue: Map<number, number>[] = [start];
  let most = 0;
  let work = 0;
  const tooComplex: Safety = { safe: false, reason: "the rule is too complex to analyse" };
  while (queue.length > 0) {
    const v = queue.pop() as Map<number, number>;
    let total = 0;
    for (const k of v.values()) total += k;
    if (total > most) most = total;
    if (total > AMBIGUITY_LIMIT) {
      return {
        safe: false,
        reason: `some prefix can be read in more than ${AMBIGUITY_LIMIT} ways (a backtracking regex would take exponential or polynomial time)`,
      };
    }
    for (const cp of representatives) {
      work += v.size + 1;
      if (counter !== undefined) counter.steps = work;
      if (work > limit) return tooComplex;
      const next = new Map<number, number>();
      for (const [p, k] of v) {
        const pos = a.positions[p];
        if (pos === undefined || !hasCodePoint(pos.set, cp)) continue;
        for (const e of a.follow[p] ?? []) {
          if (e.to !== ACCEPT) next.set(e.to, Math.min(AMBIGUITY_LIMIT + 1, (next.get(e.to) ?? 0) + k));
        }
      }
      if (next.size === 0) continue;
      const key = keyOf(next);
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > STATE_LIMIT) return tooComplex;
      queue.push(next);
    }
  }
  return { safe: true, ambiguity: most };
}
