// Derivations for the semantics (semantics.ts): which alternative, how many repetitions, where
// each rule occurrence begins and ends. Extracted in a second pass over a match: backward, the
// positions from which the match can still be completed; forward, at each step the first such
// edge in priority order, which is the derivation a backtracking matcher would find first.
import { ACCEPT, type Automaton, type Edge, type Position } from "./automaton.js";
import { CallRun, Frame } from "./calls.js";
import { codePointAt, hasCodePoint } from "./charset.js";
import type { Compiled } from "./compiled.js";
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

/** A derivation while its steps are being filled in. */
interface MutableDerivation {
  readonly automaton: Automaton;
  readonly input: string;
  readonly start: number;
  readonly end: number;
  readonly steps: Step[];
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

  // Membership of a live set, by a stamp per position.
  const mark = new Uint32Array(a.positions.length);
  let stamp = 0;
  const markLive = (live: Int32Array): void => {
    stamp++;
    for (let i = 0; i < live.length; i++) mark[live[i] as number] = stamp;
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
      if (next !== undefined) markLive(next);
      const found: number[] = [];
      const positions = (states[i] as DfaState).positions;
      for (let q = 0; q < positions.length; q++) {
        const p = positions[q] as number;
        const pos = a.positions[p];
        if (pos === undefined || !hasCodePoint(pos.set, cp)) continue;
        for (const e of a.follow[p] ?? []) {
          if (next === undefined ? e.to === ACCEPT : e.to !== ACCEPT && mark[e.to] === stamp) {
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
  /** The first of `edges` to a position live at step `j` (to ACCEPT at the end). */
  const pick = (edges: readonly Edge[], j: number, live: Int32Array | undefined): Edge => {
    if (live !== undefined) markLive(live);
    const e = edges.find((x) => (j === m ? x.to === ACCEPT : x.to !== ACCEPT && mark[x.to] === stamp));
    if (e === undefined) throw new Error("internal: derivation lost its way");
    return e;
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

/**
 * The preferred derivation of rule `key`, which calls recursive rules, over exactly
 * `[start, end)`, which must match. The derivations of the calls inside are made on a work list,
 * not by recursion.
 */
export function deriveCalls(c: Compiled, key: string, input: string, start: number, end: number): Derivation {
  const run = new CallRun(c, input);
  run.begin(start, key);
  const root: MutableDerivation = { automaton: c.automaton(key), input, start, end, steps: [] };
  const work: { d: MutableDerivation; key: string }[] = [{ d: root, key }];
  while (work.length > 0) {
    const { d, key: k } = work.pop() as { d: MutableDerivation; key: string };
    fillSteps(run, d, k, work);
  }
  return root;
}

/**
 * Fills the steps of one derivation; queues the derivations of its calls.
 *
 * A call that matches the empty string leaves the offset where it is, and a repetition can
 * take it again and again: ABNF's answer is the same whatever the number of such empty
 * iterations (RFC 5234 §3.6), but a derivation must stop somewhere. The walk takes each
 * position of the automaton at most once at each offset (a repetition whose element matched
 * the empty string moves on, as Perl and PCRE do), and among such walks the first in priority
 * order.
 */
function fillSteps(run: CallRun, d: MutableDerivation, key: string, work: { d: MutableDerivation; key: string }[]): void {
  const { start, end } = d;
  const frame = run.complete(new Frame(run, key, start, true));
  const a = frame.a;
  const input = run.input;
  const byOffset = frame.byOffset as Map<number, number[]>;
  // Backward: live (offset, position) pairs, from which the match can reach ACCEPT at `end`.
  const live = new Map<number, Set<number>>();
  const isLive = (k: number, q: number): boolean => live.get(k)?.has(q) === true;
  /** True when position `p`, at offset `k`, can go on from `k2` (after its character or call). */
  const goesOn = (p: number, k2: number): boolean => (a.follow[p] ?? []).some((e) => (e.to === ACCEPT ? k2 === end : isLive(k2, e.to)));
  /** True when position `p` at `k` matches and goes on from a later offset (or is a character: it always moves on). */
  const leaves = (p: number, k: number): boolean => {
    const pos = a.positions[p] as Position;
    if (pos.call === undefined) {
      const cp = codePointAt(input, k);
      return cp >= 0 && hasCodePoint(pos.set, cp) && goesOn(p, k + (cp > 0xffff ? 2 : 1));
    }
    for (const k2 of run.call(pos.call, k).ends) {
      if (k2 > end) break;
      if (k2 > k && goesOn(p, k2)) return true;
    }
    return false;
  };
  /** True when position `p` is a call that can match the empty string at `k`. */
  const emptyAt = (p: number, k: number): boolean => {
    const call = a.positions[p]?.call;
    return call !== undefined && run.call(call, k).ends[0] === k;
  };
  const offsets = frame.offsets as number[]; // ascending: followed in order of offset
  for (let i = offsets.length - 1; i >= 0; i--) {
    const k = offsets[i] as number;
    if (k > end) continue;
    const list = byOffset.get(k) as number[];
    const set = new Set<number>();
    live.set(k, set);
    // positions live by what follows at later offsets (or ACCEPT), then those that reach them
    // through calls matching the empty string at k (in any order: such calls can form cycles)
    let reachedBy: Map<number, number[]> | undefined;
    for (const p of list) {
      let ok = leaves(p, k);
      if (!ok && emptyAt(p, k)) {
        for (const e of a.follow[p] ?? []) {
          if (e.to === ACCEPT) ok ||= k === end;
          else {
            reachedBy ??= new Map();
            const by = reachedBy.get(e.to);
            if (by === undefined) reachedBy.set(e.to, [p]);
            else by.push(p);
          }
        }
      }
      if (ok) set.add(p);
    }
    if (reachedBy === undefined) continue;
    const found = [...set];
    while (found.length > 0) {
      for (const p of reachedBy.get(found.pop() as number) ?? []) {
        if (!set.has(p)) {
          set.add(p);
          found.push(p);
        }
      }
    }
  }
  /** True when live position `from` at `k` can go on without coming back to a position in `taken`. */
  const canGoOn = (k: number, from: number, taken: ReadonlySet<number>): boolean => {
    const seen = new Set<number>([from]);
    const stack = [from];
    while (stack.length > 0) {
      const q = stack.pop() as number;
      if (leaves(q, k)) return true;
      if (!emptyAt(q, k)) continue;
      for (const e of a.follow[q] ?? []) {
        if (e.to === ACCEPT) {
          if (k === end) return true;
        } else if (!taken.has(e.to) && !seen.has(e.to) && isLive(k, e.to)) {
          seen.add(e.to);
          stack.push(e.to);
        }
      }
    }
    return false;
  };
  // Forward: the first live edge at each step, never to a position already taken at this offset.
  const pickStart = a.start.find((e) => (e.to === ACCEPT ? start === end : isLive(start, e.to)));
  if (pickStart === undefined) throw new Error("internal: derive called on a non-match");
  let edge: Edge = pickStart;
  let at = start;
  let taken = new Set<number>();
  let takenAt = start;
  for (;;) {
    if (edge.to === ACCEPT) {
      d.steps.push({ edge, at, end: at, option: -1, sub: undefined });
      break;
    }
    if (takenAt !== at) {
      taken = new Set<number>();
      takenAt = at;
    }
    taken.add(edge.to);
    const pos = a.positions[edge.to];
    if (pos === undefined) throw new Error("internal: bad position");
    const follows = a.follow[edge.to] ?? [];
    const choose = (k2: number): Edge | undefined => follows.find((e) => (e.to === ACCEPT ? k2 === end : isLive(k2, e.to)));
    if (pos.call === undefined) {
      const cp = codePointAt(input, at);
      const k2 = at + (cp > 0xffff ? 2 : 1);
      d.steps.push({ edge, at, end: k2, option: pos.options.findIndex((o) => hasCodePoint(o.set, cp)), sub: undefined });
      const next = choose(k2);
      if (next === undefined) throw new Error("internal: derivation lost its way");
      edge = next;
      at = k2;
    } else {
      const ends = run.call(pos.call, at).ends;
      let chosen: { k2: number; next: Edge } | undefined;
      for (let i = ends.length - 1; i >= 0 && chosen === undefined; i--) {
        const k2 = ends[i] as number; // longest first
        if (k2 > end) continue;
        const next =
          k2 > at
            ? choose(k2)
            : follows.find((e) => (e.to === ACCEPT ? at === end : !taken.has(e.to) && isLive(at, e.to) && canGoOn(at, e.to, taken)));
        if (next !== undefined) chosen = { k2, next };
      }
      if (chosen === undefined) throw new Error("internal: derivation lost its way in a call");
      const sub: MutableDerivation = { automaton: run.compiled.automaton(pos.call), input, start: at, end: chosen.k2, steps: [] };
      // a rule checked in code without ABNF (a prose rule) is a leaf
      if (!(run.compiled.analysis.checks.has(pos.call) && run.compiled.analysis.rule(pos.call).expr.type === "prose")) work.push({ d: sub, key: pos.call });
      d.steps.push({ edge, at, end: chosen.k2, option: -1, sub });
      edge = chosen.next;
      at = chosen.k2;
    }
  }
}
