// The exact engine's entry points. For a rule without recursive references, one lazy DFA over
// its position automaton answers whole-string and longest-prefix matches in one pass, linear in
// the input (dfa.ts, dfa-run.ts). For rules that call recursive ones, matching follows the
// positions of each called rule at every offset, memoized by (rule, offset): exact for every
// grammar without left recursion, and polynomial (calls.ts). Either way the failure offset is
// the end of the longest prefix of the input that some string of the rule begins with, and
// "expected" lists what could stand there (labels.ts). Derivations for the semantics are made in
// a second pass (derivation.ts).
import type { Failure, Longest } from "../core/match.js";
import { CallRun } from "./calls.js";
import type { Compiled } from "./compiled.js";
import { deriveCalls, deriveDfa, type Derivation } from "./derivation.js";
import { runBest } from "./dfa-run.js";
import { dfaLabels, END_OF_INPUT, uniquePush } from "./labels.js";

export { Compiled } from "./compiled.js";
export type { Derivation, Step } from "./derivation.js";
export { dfaLabels, END_OF_INPUT } from "./labels.js";

/** Matches the whole input against rule `key`: `undefined` when it matches, else where and why it fails. */
export function matchWhole(c: Compiled, key: string, input: string): Failure | undefined {
  const expr = c.analysis.rule(key).expr;
  const checked = c.analysis.checks.has(key);
  if (!checked && c.analysis.matchesNothing(expr)) return { offset: 0, expected: [], nothing: c.analysis.whyNothing(expr) };
  const best = checked ? null : runBest(c, key, input, 0);
  const n = input.length;
  if (best !== null) {
    const { run, dfa } = best;
    if (run.stop === n && run.state.accept) return undefined;
    const expected = dfaLabels(dfa.automaton, run.prev, run.prevCp);
    if (run.state.accept && run.stop < n) uniquePush(expected, END_OF_INPUT);
    return { offset: run.stop, expected };
  }
  const r = new CallRun(c, input).call(key, 0);
  if (r.ends.includes(n)) return undefined;
  const last = r.ends.length > 0 ? (r.ends[r.ends.length - 1] as number) : -1;
  const expected = [...r.expected];
  if (last === r.furthest && last < n) uniquePush(expected, END_OF_INPUT);
  return { offset: r.furthest, expected };
}

/** True when the whole input matches rule `key`. */
export function isWholeMatch(c: Compiled, key: string, input: string): boolean {
  const best = c.analysis.checks.has(key) ? null : runBest(c, key, input, 0);
  if (best === null) return new CallRun(c, input).call(key, 0).ends.includes(input.length);
  return best.run.stop === input.length && best.run.state.accept;
}

/** The longest match of rule `key` starting at `start` (what the rule's parsimmon parser consumes). */
export function matchLongest(c: Compiled, key: string, input: string, start: number): Longest {
  const best = c.analysis.checks.has(key) ? null : runBest(c, key, input, start);
  if (best !== null) {
    const { run, dfa } = best;
    return { end: run.lastAccept, furthest: run.stop, expected: dfaLabels(dfa.automaton, run.prev, run.prevCp) };
  }
  const r = new CallRun(c, input).call(key, start);
  const end = r.ends.length > 0 ? (r.ends[r.ends.length - 1] as number) : -1;
  return { end, furthest: r.furthest, expected: r.expected };
}

/** The preferred derivation of rule `key` over `input.slice(start, end)`, which must match it. */
export function derive(c: Compiled, key: string, input: string, start: number, end: number): Derivation {
  // a rule checked in code without ABNF (a prose rule) is a leaf: its text is its derivation
  if (c.analysis.checks.has(key) && c.analysis.rule(key).expr.type === "prose") return { automaton: c.automaton(key), input, start, end, steps: [] };
  const dfa = c.dfa(key);
  return dfa === null ? deriveCalls(c, key, input, start, end) : deriveDfa(dfa, input, start, end);
}
