// Derivations of rules that call recursive ones (engine.ts's derive): the same two passes as
// derivation.ts's over a DFA, over the memoized calls of calls.ts, each call's own derivation
// made on a work list.
import { ACCEPT, type Automaton, type Edge, type Position } from "./automaton.js";
import { CallRun } from "./calls.js";
import { codePointAt, hasCodePoint } from "./charset.js";
import type { Compiled } from "./compiled.js";
import type { Derivation, Step } from "./derivation.js";

/** A derivation while its steps are being filled in. */
interface MutableDerivation {
  readonly automaton: Automaton;
  readonly input: string;
  readonly start: number;
  readonly end: number;
  readonly steps: Step[];
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
  const frame = run.completeForDerivation(key, start);
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
  /** True when position `p` is a call that can match the empty string at `k`, or a join (which reads nothing: automaton.ts). */
  const emptyAt = (p: number, k: number): boolean => {
    const pos = a.positions[p];
    if (pos?.join === true) return true;
    const call = pos?.call;
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
    const pos = a.positions[edge.to];
    if (pos === undefined) throw new Error("internal: bad position");
    // (a join is no position of the rule's own: it stands for the edges out of it, and is
    // never taken, so that the walk takes the same positions with joins as without)
    if (pos.join !== true) taken.add(edge.to);
    const follows = a.follow[edge.to] ?? [];
    const choose = (k2: number): Edge | undefined => follows.find((e) => (e.to === ACCEPT ? k2 === end : isLive(k2, e.to)));
    if (pos.join === true) {
      // a join reads nothing: a step of its own, on to the first live edge out of it
      d.steps.push({ edge, at, end: at, option: -1, sub: undefined });
      const next = follows.find((e) => (e.to === ACCEPT ? at === end : !taken.has(e.to) && isLive(at, e.to) && canGoOn(at, e.to, taken)));
      if (next === undefined) throw new Error("internal: derivation lost its way at a join");
      edge = next;
    } else if (pos.call === undefined) {
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
