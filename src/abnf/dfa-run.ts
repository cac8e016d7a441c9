// Rules without calls: one pass of the lazy DFA (dfa.ts) over the input, linear in its length.
// The same loop answers whole-string and longest-prefix matches and, keeping every state on the
// way, gives derivations (derivation.ts) their trace.
import { codePointAt } from "./charset.js";
import type { Compiled } from "./compiled.js";
import { STUB, type Dfa, type DfaState } from "./dfa.js";

/** Where one run of a DFA stopped. */
export interface DfaRun {
  /** Where reading stopped: the input's end, or the first code point no state could take. */
  readonly stop: number;
  readonly state: DfaState;
  readonly prev: DfaState | null;
  readonly prevCp: number;
  /** The last offset at which the rule could end, or -1. */
  readonly lastAccept: number;
  /** True when a stub read a character: the run must start over on the full automaton. */
  readonly stub: boolean;
}

/** Told every state a run goes through, and the offset at which it was entered (for derivations). */
export type DfaTrace = (state: DfaState, offset: number) => void;

/** Runs the reduced DFA, and the full one when a stub is read; `null` when the rule calls a recursive one. */
export function runBest(c: Compiled, key: string, input: string, start: number): { run: DfaRun; dfa: Dfa } | null {
  const reduced = c.reducedDfa(key);
  if (reduced === null) return null;
  const run = runDfa(reduced, input, start);
  if (!run.stub) return { run, dfa: reduced };
  const full = c.dfa(key) as Dfa;
  return { run: runDfa(full, input, start), dfa: full };
}

/**
 * Reads `input` from `start` with `dfa` until the input ends or no state can take the next code
 * point (a lone surrogate is no character). With `trace`, tells it every state and its offset.
 */
export function runDfa(dfa: Dfa, input: string, start: number, trace?: DfaTrace): DfaRun {
  const n = input.length;
  const ascii = dfa.ascii;
  let s = dfa.start;
  let prev: DfaState | null = null;
  let prevCp = -1;
  let k = start;
  let lastAccept = s.accept ? start : -1;
  const budget = dfa.budget;
  const work = budget.work;
  trace?.(s, k);
  while (k < n) {
    const c = input.charCodeAt(k);
    let next: DfaState | null | undefined;
    let cp = c;
    let len = 1;
    // the common case: an ASCII character whose transition is known
    if (c >= 128 || (next = s.next[ascii[c] as number]) === undefined || next === null || next === STUB) {
      let cls: number;
      if (c < 128) cls = ascii[c] as number;
      else {
        cp = codePointAt(input, k);
        if (cp < 0) break; // a lone surrogate is no character
        cls = dfa.classOf(cp);
        if (cp > 0xffff) len = 2;
      }
      next = s.next[cls];
      if (next === undefined) {
        // a run of a counted repetition's one class, read at once where the whole engine can (counter-leap.ts)
        const leap = trace ? undefined : budget.leap?.(dfa, s, input, k, cp);
        if (leap) {
          s = leap.state;
          k = leap.end;
          if (s.accept) lastAccept = k;
          continue;
        }
        next = dfa.step(s, cls, cp);
        budget.spend?.(dfa, input, k, budget.work - work);
      }
      if (next === null) break;
      if (next === STUB) return { stop: k, state: s, prev, prevCp, lastAccept, stub: true };
    }
    prev = s;
    prevCp = cp;
    s = next;
    k += len;
    if (s.accept) lastAccept = k;
    if (trace !== undefined) trace(s, k);
  }
  return { stop: k, state: s, prev, prevCp, lastAccept, stub: false };
}
