// The exact engine's entry points. For a rule without recursive references, one lazy DFA over
// its position automaton answers whole-string and longest-prefix matches in one pass, linear in
// the input: the automaton core (dfa-engine.ts, dfa.ts, dfa-run.ts), which imports nothing of
// what follows. For rules that call recursive ones, matching follows the positions of each
// called rule at every offset, memoized by (rule, offset): exact for every grammar without left
// recursion, and polynomial (calls.ts). Either way the failure offset is the end of the longest
// prefix of the input that some string of the rule begins with, and "expected" lists what could
// stand there, in the one order of automaton-size.ts inOneOrder, whichever tier found them.
// Derivations for the semantics are made in a second pass (derivation.ts over the DFA,
// derive-calls.ts over the calls).
import type { Failure, Longest } from "../core/match.js";
import { whyNothing } from "./analysis.js";
import { inOneOrder } from "./automaton-size.js";
import { CallRun } from "./calls.js";
import type { Compiled } from "./compiled.js";
import type { Derivation } from "./derivation.js";
import { deriveCalls } from "./derive-calls.js";
import { longestByDfa, testByDfa, wholeByDfa } from "./dfa-engine.js";
import { END_OF_INPUT, uniquePush } from "./labels.js";
import { deriveByLive } from "./live.js";

export { Compiled } from "./compiled.js";
export type { Derivation, Step } from "./derivation.js";
export { dfaLabels, END_OF_INPUT } from "./labels.js";

/** Matches the whole input against rule `key`: `undefined` when it matches, else where and why it fails. */
export function matchWhole(c: Compiled, key: string, input: string): Failure | undefined {
  const expr = c.analysis.rule(key).expr;
  if (!c.analysis.checks.has(key) && c.analysis.matchesNothing(expr)) return { offset: 0, expected: [], nothing: whyNothing(c.analysis, expr) };
  const byDfa = wholeByDfa(c, key, input);
  if (byDfa !== null) return byDfa === undefined ? undefined : { offset: byDfa.offset, expected: inOneOrder(byDfa.expected) };
  const n = input.length;
  const run = new CallRun(c, input);
  const r = run.call(key, 0);
  run.release();
  if (r.ends.includes(n)) return undefined;
  const last = r.ends.length > 0 ? (r.ends[r.ends.length - 1] as number) : -1;
  const expected = inOneOrder(r.expected);
  if (last === r.furthest && last < n) uniquePush(expected, END_OF_INPUT);
  return { offset: r.furthest, expected };
}

/** True when the whole input matches rule `key`. */
export function isWholeMatch(c: Compiled, key: string, input: string): boolean {
  const byDfa = testByDfa(c, key, input);
  if (byDfa !== null) return byDfa;
  const run = new CallRun(c, input);
  run.labels = false; // (only the ends are read)
  const matched = run.call(key, 0).ends.includes(input.length);
  run.release();
  return matched;
}

/** The longest match of rule `key` starting at `start` (what the rule's parsimmon parser consumes). */
export function matchLongest(c: Compiled, key: string, input: string, start: number): Longest {
  const byDfa = longestByDfa(c, key, input, start);
  if (byDfa !== null) return { end: byDfa.end, furthest: byDfa.furthest, expected: inOneOrder(byDfa.expected) };
  const run = new CallRun(c, input);
  const r = run.call(key, start);
  run.release();
  const end = r.ends.length > 0 ? (r.ends[r.ends.length - 1] as number) : -1;
  return { end, furthest: r.furthest, expected: inOneOrder(r.expected) };
}

/** The preferred derivation of rule `key` over `input.slice(start, end)`, which must match it. */
export function derive(c: Compiled, key: string, input: string, start: number, end: number): Derivation {
  return deriveByLive(c, key, input, start, end) ?? deriveCalls(c, key, input, start, end);
}
