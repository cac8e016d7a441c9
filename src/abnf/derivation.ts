// Derivations for the semantics (semantics.ts): which alternative, how many repetitions, where
// each rule occurrence begins and ends. Extracted in a second pass over a match: backward, the
// positions from which the match can still be completed; forward, at each step the first such
// edge in priority order, which is the derivation a backtracking matcher would find first. This
// module derives over a rule's lazy DFA (the automaton core, dfa-engine.ts); derive-calls.ts
// does it for rules that call recursive ones.
import { ACCEPT, countAfter, type Automaton, type Edge } from "./automaton.js";
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

  // Membership of a live set; `atEnd` when the step is the end, where only ACCEPT is live (`live`
  // undefined). A live set holds configurations, `count × width + position` (automaton.ts
  // COUNTS), which are positions where nothing is counted. A join (automaton.ts) is live when an
  // edge out of it is, followed at once: worked out once per live set and configuration
  // (`joinMemo`), by a walk (joins chain as deep as the rule is long, and form no cycle).
  const counters = a.counters;
  const width = a.positions.length + 1;
  const counted = counters.length > 0;
  const liveKeys = new Set<number>();
  const joinMemo = new Map<number, boolean>();
  let atEnd = false;
  const setLive = (live: Float64Array | undefined): void => {
    atEnd = live === undefined;
    liveKeys.clear();
    joinMemo.clear();
    if (live !== undefined) for (let i = 0; i < live.length; i++) liveKeys.add(live[i] as number);
  };
  const marked = (t: number, c: number): boolean => liveKeys.has(c * width + t);
  const joins = a.hasJoins ? a.positions.map((p) => p.join === true) : undefined;
  const seenAt = (u: number, c: number): boolean | undefined => joinMemo.get(c * width + u);
  const remember = (u: number, c: number, live: boolean): void => void joinMemo.set(c * width + u, live);
  const liveJoin = (j: number, cj: number): boolean => {
    const done = seenAt(j, cj);
    if (done !== undefined) return done;
    const stack: number[] = [j, cj];
    while (stack.length > 0) {
      const c = stack[stack.length - 1] as number;
      const u = stack[stack.length - 2] as number;
      if (seenAt(u, c) !== undefined) {
        stack.length -= 2;
        continue;
      }
      let pending = false;
      let live = false;
      for (const e of a.follow[u] ?? []) {
        const ct = counted ? countAfter(counters, e.count, c) : 0;
        if (ct < 0) continue;
        const t = e.to;
        if (t === ACCEPT) live ||= atEnd;
        else if ((joins as boolean[])[t] === true) {
          const v = seenAt(t, ct);
          if (v !== undefined) live ||= v;
          else {
            stack.push(t, ct);
            pending = true;
          }
        } else live ||= !atEnd && marked(t, ct);
      }
      if (pending) continue;
      remember(u, c, live);
      stack.length -= 2;
    }
    return seenAt(j, cj) === true;
  };
  /** The count after edge `e` from count `c`, -1 when it may not be followed (always `c` when nothing is counted). */
  const after = (e: Edge, c: number): number => (counted ? countAfter(counters, e.count, c) : c);
  /** Whether edge `x`, followed from count `c`, leads to a configuration live at the step of the live set last set. */
  const liveFrom = (x: Edge, c: number): boolean => isLive(x.to, after(x, c));
  /** Whether the target of an edge, with count `c`, is live at the step of the live set last set. */
  const isLive = (t: number, c: number): boolean => {
    if (c < 0) return false;
    if (t === ACCEPT) return atEnd;
    if (joins?.[t] === true) return liveJoin(t, c);
    return !atEnd && marked(t, c);
  };

  /**
   * The live configurations of each step of a segment, backward from `after`, the live set of
   * the step after it (undefined: the step after it is the end, where only ACCEPT is live).
   */
  const liveOf = (seg: number, states: readonly DfaState[], next: Float64Array | undefined): Float64Array[] => {
    const from = seg * K;
    const out: Float64Array[] = new Array<Float64Array>(states.length);
    for (let i = states.length - 1; i >= 0; i--) {
      const cp = cpAt(from + i);
      setLive(next);
      const found: number[] = [];
      const state = states[i] as DfaState;
      const positions = state.positions;
      for (let q = 0; q < positions.length; q++) {
        const p = positions[q] as number;
        const c = state.counts?.[q] ?? 0;
        const pos = a.positions[p];
        if (pos === undefined || !hasCodePoint(pos.set, cp)) continue;
        for (const e of a.follow[p] ?? []) {
          if (isLive(e.to, after(e, c))) {
            found.push(c * width + p);
            break;
          }
        }
      }
      next = Float64Array.from(found);
      out[i] = next;
    }
    return out;
  };

  // Backward over the segments, last first: the live set at each segment's first step.
  const liveStart: Float64Array[] = new Array<Float64Array>(segments);
  for (let seg = segments - 1; seg >= 0; seg--) {
    liveStart[seg] = liveOf(seg, statesOf(seg), seg + 1 < segments ? liveStart[seg + 1] : undefined)[0] as Float64Array;
  }

  // Forward: the first live edge at each step.
  const steps: Step[] = [];
  /**
   * The first of `edges` to a position live at step `j` (`live`, undefined at the end, where
   * ACCEPT is). An edge to a join is a step of its own, at the same offset, and the walk goes
   * on from the join: the edge returned leads to a character position (or ACCEPT).
   */
  /** The count of the configuration `pick` last reached. */
  let count = 0;
  const pick = (edges: readonly Edge[], j: number, live: Float64Array | undefined): Edge => {
    setLive(j === m ? undefined : live);
    for (;;) {
      const c = count;
      const e = edges.find((x) => liveFrom(x, c));
      if (e === undefined) throw new Error("internal: derivation lost its way");
      count = after(e, c);
      if (joins?.[e.to] !== true) return e;
      const at = offsets[j] as number;
      steps.push({ edge: e, at, end: at, option: -1, sub: undefined });
      edges = a.follow[e.to] ?? [];
    }
  };
  let edge = pick(a.start, 0, m === 0 ? undefined : liveStart[0]);
  for (let seg = 0; seg < segments; seg++) {
    const from = seg * K;
    const next = seg + 1 < segments ? liveStart[seg + 1] : undefined;
    const live = liveOf(seg, statesOf(seg), next);
    for (let i = 0; i < live.length; i++) {
      const j = from + i;
      const at = offsets[j] as number;
      const cp = cpAt(j);
      const pos = a.positions[edge.to];
      const option = pos === undefined ? -1 : pos.options.findIndex((o) => hasCodePoint(o.set, cp));
      steps.push({ edge, at, end: offsets[j + 1] as number, option, sub: undefined });
      edge = pick(a.follow[edge.to] ?? [], j + 1, i + 1 < live.length ? live[i + 1] : next);
    }
  }
  steps.push({ edge, at: end, end, option: -1, sub: undefined });
  return { automaton: a, input, start, end, steps };
}
