// The engine's automaton core: an ABNF expression form (expr.ts) compiled to a rule's position
// automaton (automaton.ts) and lazy DFA (dfa.ts), which answers whole-string and longest-prefix
// matches in one pass, linear in the input (dfa-run.ts), and gives the preferred derivation of a
// match (derivation.ts). It serves every rule that calls no recursive rule and is not checked in
// code. It imports none of the ABNF reader, the memoized calls for recursive rules (calls.ts),
// the parsimmon and regex derivations or the error messages: those layer on top (engine.ts,
// fast-path.ts, grammar.ts) and import it, never the reverse, so that a matcher built on the
// automata alone (issue 30: URI templates) bundles only this. Each function answers `null` for a
// rule it cannot serve, and engine.ts then asks the memoized calls.
import type { Failure, Longest } from "../core/match.js";
import type { Compiled } from "./compiled.js";
import { deriveDfa, type Derivation } from "./derivation.js";
import { runBest } from "./dfa-run.js";
import { dfaLabels, END_OF_INPUT, uniquePush } from "./labels.js";

/**
 * Whether the whole input matches rule `key`: `undefined` when it does, else where and why it
 * fails (the offset is the end of the longest prefix some string of the rule begins with);
 * `null` when the rule calls a recursive one or is checked in code.
 */
export function wholeByDfa(c: Compiled, key: string, input: string): Failure | undefined | null {
  if (c.analysis.checks.has(key)) return null;
  // (why a rule matches nothing is the whole engine's message: engine.ts matchWhole)
  if (c.analysis.matchesNothing(c.analysis.rule(key).expr)) return { offset: 0, expected: [] };
  const best = runBest(c, key, input, 0);
  if (best === null) return null;
  const { run, dfa } = best;
  if (run.stop === input.length && run.state.accept) return undefined;
  const expected = dfaLabels(dfa.automaton, run.prev, run.prevCp);
  if (run.state.accept && run.stop < input.length) uniquePush(expected, END_OF_INPUT);
  return { offset: run.stop, expected };
}

/** True when the whole input matches rule `key`; `null` when the rule calls a recursive one or is checked in code. */
export function testByDfa(c: Compiled, key: string, input: string): boolean | null {
  const best = c.analysis.checks.has(key) ? null : runBest(c, key, input, 0);
  if (best === null) return null;
  return best.run.stop === input.length && best.run.state.accept;
}

/** The longest match of rule `key` starting at `start`; `null` when the rule calls a recursive one or is checked in code. */
export function longestByDfa(c: Compiled, key: string, input: string, start: number): Longest | null {
  const best = c.analysis.checks.has(key) ? null : runBest(c, key, input, start);
  if (best === null) return null;
  const { run, dfa } = best;
  return { end: run.lastAccept, furthest: run.stop, expected: dfaLabels(dfa.automaton, run.prev, run.prevCp) };
}

/**
 * The preferred derivation of rule `key` over `input.slice(start, end)`, which must match it;
 * `null` when the rule calls a recursive one.
 */
export function deriveByDfa(c: Compiled, key: string, input: string, start: number, end: number): Derivation | null {
  // a rule checked in code without ABNF (a prose rule) is a leaf: its text is its derivation
  if (c.analysis.checks.has(key) && c.analysis.rule(key).expr.type === "prose") return { automaton: c.automaton(key), input, start, end, steps: [] };
  const dfa = c.derivationDfa(key);
  return dfa === null ? null : deriveDfa(dfa, input, start, end);
}
