// Derivations for the semantics (semantics.ts): which alternative, how many repetitions, where
// each rule occurrence begins and ends. Extracted in a second pass over a match: backward, the
// positions from which the match can still be completed; forward, at each step the first such
// edge in priority order, which is the derivation a backtracking matcher would find first. This
// module derives over a rule's lazy DFA (the automaton core, dfa-engine.ts); derive-calls.ts
// does it for rules that call recursive ones.
import { ACCEPT, type Automaton, type Edge } from "./automaton.js";
import { codePointAt, hasCodePoint } from "./charset.js";
import { STUB, type Dfa, type DfaState } from "./dfa.js";
import { runDfa } from "./dfa-run.js";

/** One step of a derivation: the edge taken, and the character or call it leads to. */
export interface Step {
  readonly edge: Edge;
  /** Where the target position starts matching (for an edge to ACCEPT: the end of the match). */
  readonly at: number;
  /** Where it stops: after the character, or where the call ends. */
  readonly end: number;
  /** For a character position: which of its options matched. */
  readonly option: number;
  /** For a call position: the derivation of the called rule. */
  readonly sub: Derivation | undefined;
}

/** How a rule matched `input.slice(start, end)`; the last step's edge goes to ACCEPT. */
export interface Derivation {
  readonly automaton: Automaton;
  readonly input: string;
  readonly start: number;
  readonly end: number;
  readonly steps: readonly Step[];
}

/** Past this many steps, a DFA derivation keeps states and live sets only at checkpoints. */
const SHORT_RUN = 4096;

/**
 * The preferred derivation of a rule without calls over `input.slice(start, end)`, which must
 * match it. Forward, the DFA's run gives the state at each step; backward, the live positions
 * at each step (those from which the match can still end at `end`); forward again, the first
 * live edge at each step, in priority order.
 *
 * A state can hold as many positions as the rule's automaton has (20,001 for `*( "a" / "b" )
 * "a" 20000( "a" / "b" )`), so a long run does not keep one per step: it keeps the state and
 * the live set at every K-th step (K about the square root of the steps), and remakes those in
 * between, one stretch of K steps at a time, when the backward and the forward passes need them
 * (transitions are deterministic). Memory: O(√n) states and live sets instead of O(n), for
 * about twice the time.
 */
export function deriveDfa(dfa: Dfa, input: string, start: number, end: number): Derivation {
  const a = dfa.automaton;
  // Read exactly up to `end`: a prefix of the input, so the run cannot read past it.
  const text = input.slice(0, end);
  const K = Math.max(SHORT_RUN, Math.ceil(Math.sqrt(end - start)));
  const offsets: number[] = [];
  const checkpoints: DfaState[] = [];
  /** Every state while the run is short (then nothing is remade). */
  let all: DfaState[] | undefined = [];
  let last: DfaState | undefined;
  runDfa(dfa, text, start, (s, k) => {
    if (offsets.length % K === 0) checkpoints.push(s);
    if (all !== undefined) {
      if (all.length <= K) all.push(s);
      else all = undefined;
    }
    offsets.push(k);
    last = s;
  });
  const m = offsets.length - 1;
  if (offsets[m] !== end || last === undefined || !last.accept) throw new Error("internal: derive called on a non-match");
  const segments = Math.ceil(m / K);
  const cpAt = (j: number): number => codePointAt(input, offsets[j] as number);

  /** The states of the steps of segment `seg` (steps seg·K to its end, m excluded). */
  const statesOf = (seg: number): DfaState[] => {
    const from = seg * K;
    const to = Math.min(m, from + K);
    if (all !== undefined) return all.slice(from, to);
    const out: DfaState[] = [checkpoints[seg] as DfaState];
    for (let j = from; j < to - 1; j++) {
      const s = out[out.length - 1] as DfaState;
      const cp = cpAt(j);
      const cls = cp < 128 ? (dfa.ascii[cp] as number) : dfa.classOf(cp);
      const next = s.next[cls] ?? dfa.step(s, cls, cp);
      if (next === null || next === STUB) throw new Error("internal: derivation lost its way");
      out.push(next);
    }
    return out;
  };

  // Membership of a live set, by a stamp per position; `atEnd` when the step is the end, where
  // only ACCEPT is live (`live` undefined).
  const mark = new Uint32Array(a.positions.length);
  let stamp = 0;
  let atEnd = false;
  const setLive = (live: Int32Array | undefined): void => {
    stamp++;
    atEnd = live === undefined;
    if (live !== undefined) for (let i = 0; i < live.length; i++) mark[live[i] as number] = stamp;
  };
  // A join (automaton.ts) is live when an edge out of it is, followed at once: worked out once
  // per live set (`known`, by stamp), by a walk (joins chain as deep as the rule is long, and
  // form no cycle).
  const joins = a.hasJoins ? a.positions.map((p) => p.join === true) : undefined;
  const known = joins === undefined ? undefined : new Uint32Array(a.positions.length);
  const joinLive = joins === undefined ? undefined : new Uint8Array(a.positions.length);
  const liveJoin = (j: number): boolean => {
    const seen = known as Uint32Array;
    const value = joinLive as Uint8Array;
    if (seen[j] === stamp) return value[j] === 1;
    const stack: number[] = [j];
    while (stack.length > 0) {
      const u = stack[stack.length - 1] as number;
      if (seen[u] === stamp) {
        stack.pop();
        continue;
      }
      let pending = false;
      let live = false;
      for (const e of a.follow[u] ?? []) {
        const t = e.to;
        if (t === ACCEPT) live ||= atEnd;
        else if ((joins as boolean[])[t] === true) {
          if (seen[t] === stamp) live ||= value[t] === 1;
          else {
            stack.push(t);
            pending = true;
          }
        } else live ||= !atEnd && mark[t] === stamp;
      }
      if (pending) continue;
      seen[u] = stamp;
      value[u] = live ? 1 : 0;
      stack.pop();
    }
    return value[j] === 1;
  };
  /** Whether the target of an edge is live at the step of the live set last set. */
  const isLive = (t: number): boolean => {
    if (t === ACCEPT) return atEnd;
    if (joins?.[t] === true) return liveJoin(t);
    return !atEnd && mark[t] === stamp;
  };

  /**
   * The live positions of each step of a segment, backward from `after`, the live set of the
   * step after it (undefined: the step after it is the end, where only ACCEPT is live).
   */
  const liveOf = (seg: number, states: readonly DfaState[], after: Int32Array | undefined): Int32Array[] => {
    const from = seg * K;
    const out: Int32Array[] = new Array<Int32Array>(states.length);
    let next = after;
    for (let i = states.length - 1; i >= 0; i--) {
      const cp = cpAt(from + i);
      setLive(next);
      const found: number[] = [];
      const positions = (states[i] as DfaState).positions;
      for (let q = 0; q < positions.length; q++) {
        const p = positions[q] as number;
        const pos = a.positions[p];
        if (pos === undefined || !hasCodePoint(pos.set, cp)) continue;
        for (const e of a.follow[p] ?? []) {
          if (isLive(e.to)) {
            found.push(p);
            break;
          }
        }
      }
      next = Int32Array.from(found);
      out[i] = next;
    }
    return out;
  };

  // Backward over the segments, last first: the live set at each segment's first step.
  const liveStart: Int32Array[] = new Array<Int32Array>(segments);
  for (let seg = segments - 1; seg >= 0; seg--) {
    liveStart[seg] = liveOf(seg, statesOf(seg), seg + 1 < segments ? liveStart[seg + 1] : undefined)[0] as Int32Array;
  }

  // Forward: the first live edge at each step.
  const steps: Step[] = [];
  /**
   * The first of `edges` to a position live at step `j` (`live`, undefined at the end, where
   * ACCEPT is). An edge to a join is a step of its own, at the same offset, and the walk goes
   * on from the join: the edge returned leads to a character position (or ACCEPT).
   */
  const pick = (edges: readonly Edge[], j: number, live: Int32Array | undefined): Edge => {
    setLive(j === m ? undefined : live);
    for (;;) {
      const e = edges.find((x) => isLive(x.to));
      if (e === undefined) throw new Error("internal: derivation lost its way");
      if (joins?.[e.to] !== true) return e;
      const at = offsets[j] as number;
      steps.push({ edge: e, at, end: at, option: -1, sub: undefined });
      edges = a.follow[e.to] ?? [];
    }
  };
  let edge = pick(a.start, 0, m === 0 ? undefined : liveStart[0]);
  for (let seg = 0; seg < segments; seg++) {
    const from = seg * K;
    const after = seg + 1 < segments ? liveStart[seg + 1] : undefined;
    const live = liveOf(seg, statesOf(seg), after);
    for (let i = 0; i < live.length; i++) {
      const j = from + i;
      const at = offsets[j] as number;
      const cp = cpAt(j);
      const pos = a.positions[edge.to];
      const option = pos === undefined ? -1 : pos.options.findIndex((o) => hasCodePoint(o.set, cp));
      steps.push({ edge, at, end: offsets[j + 1] as number, option, sub: undefined });
      edge = pick(a.follow[edge.to] ?? [], j + 1, i + 1 < live.length ? live[i + 1] : after);
    }
  }
  steps.push({ edge, at: end, end, option: -1, sub: undefined });
  return { automaton: a, input, start, end, steps };
}
