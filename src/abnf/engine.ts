// The exact engine. For a rule without recursive references, one lazy DFA over its position
// automaton answers whole-string and longest-prefix matches in one pass, linear in the input.
// For rules that call recursive ones, matching follows the positions of each called rule at
// every offset, memoized by (rule, offset): exact for every grammar without left recursion, and
// polynomial. Either way the failure offset is the end of the longest prefix of the input that
// some string of the rule begins with, and "expected" lists what could stand there.
//
// A derivation (which alternative, how many repetitions, where each rule occurrence begins
// and ends) is extracted in a second pass for the semantics: backward, the positions from which
// the match can still be completed; forward, at each step the first such edge in priority order,
// which is the derivation a backtracking matcher would find first.
import type { Analysis } from "./analysis.js";
import { ACCEPT, buildAutomaton, chainBelow, optionLabel, type Automaton, type Edge, type Position } from "./automaton.js";
import { codePointAt, hasCodePoint } from "./charset.js";
import { Dfa, STUB, type DfaState } from "./dfa.js";
import { syntaxError, type UriSyntaxError } from "../errors.js";

/** Where a match failed: the offset (UTF-16) and what could have stood there. */
export interface Failure {
  readonly offset: number;
  readonly expected: readonly string[];
  /** When the rule matches no string at all: why (Analysis.whyNothing). */
  readonly nothing?: string | undefined;
}

/**
 * The UriSyntaxError of a failed whole-input match of rule `rule` (as its definition spells it),
 * `start` being where the matched text begins in `input`: what was expected at the offset, or,
 * for a rule that matches no string, that and why (there is nothing to expect).
 */
export function failureError(input: string, rule: string, failure: Failure, start = 0): UriSyntaxError {
  const offset = start + failure.offset;
  const short = failure.nothing === undefined ? undefined : `Invalid ${rule} at offset ${offset}: rule ${rule} matches no string (${failure.nothing})`;
  return syntaxError(input, rule, offset, failure.expected, short);
}

/** The longest prefix match from a start offset. */
export interface Longest {
  /** The end of the longest match, or -1 when there is none. */
  readonly end: number;
  /** How far the input could be read as the beginning of a match. */
  readonly furthest: number;
  /** What could have continued the input at `furthest`. */
  readonly expected: readonly string[];
}

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

/** The compiled forms of one grammar's rules, made on first use and kept. */
export class Compiled {
  readonly #automata = new Map<string, Automaton>();
  readonly #dfas = new Map<string, Dfa | null>();
  readonly #reduced = new Map<string, Dfa | null>();

  constructor(
    readonly analysis: Analysis,
    /** Lowercase names of the grammar's rare rules (see GrammarOptions.rare). */
    readonly rare: readonly string[] = [],
  ) {}

  /** The automaton of a rule (lowercase name). */
  automaton(key: string): Automaton {
    let a = this.#automata.get(key);
    if (a === undefined) {
      a = buildAutomaton(this.analysis.rule(key), this.analysis, this.analysis.recursiveRules());
      this.#automata.set(key, a);
    }
    return a;
  }

  /**
   * The lazy DFA of a rule with the grammar's rare rules (the `rare` hint) as stubs, which is
   * much smaller when a rare rule is large (RFC 3986's IP-literal); `null` when the rule calls
   * a recursive one. Runs that read a stub's character start over on {@link dfa}.
   */
  reducedDfa(key: string): Dfa | null {
    let d = this.#reduced.get(key);
    if (d === undefined) {
      const stubs = new Set(this.rare.filter((r) => r !== key && !this.analysis.nullable(this.analysis.rule(r).expr)));
      if (stubs.size === 0) d = this.dfa(key);
      else {
        const a = buildAutomaton(this.analysis.rule(key), this.analysis, this.analysis.recursiveRules(), { stubs });
        d = a.hasCalls ? null : a.hasStubs ? new Dfa(a) : this.dfa(key);
      }
      this.#reduced.set(key, d);
    }
    return d;
  }

  /** The lazy DFA of a rule, or `null` when the rule calls a recursive one. */
  dfa(key: string): Dfa | null {
    let d = this.#dfas.get(key);
    if (d === undefined) {
      const a = this.automaton(key);
      d = a.hasCalls ? null : new Dfa(a);
      this.#dfas.set(key, d);
    }
    return d;
  }
}

// ---------------------------------------------------------------------------------------------
// Labels: what was expected

const uniquePush = (out: string[], label: string): void => {
  if (!out.includes(label)) out.push(label);
};

/**
 * The labels of the target of `edge`: the outermost token rule the edge enters (e.g. `HEXDIG`,
 * `pchar`), else for each option of the target the outermost token under it or its literal.
 */
function edgeLabels(a: Automaton, edge: Edge, out: string[], calleeLabels?: (key: string) => readonly string[]): void {
  if (edge.to === ACCEPT) return;
  const pos = a.positions[edge.to];
  if (pos === undefined) return;
  const chain = chainBelow(a.instances, pos.instance, edge.context);
  for (let i = chain.length - 1; i >= 0; i--) {
    const inst = a.instances[chain[i] as number];
    if (inst?.token) {
      uniquePush(out, inst.rule);
      return;
    }
  }
  if (pos.stub !== undefined) {
    for (const l of pos.labels ?? []) uniquePush(out, l);
    return;
  }
  if (pos.call !== undefined) {
    const inner = calleeLabels?.(pos.call);
    if (inner && inner.length > 0) for (const l of inner) uniquePush(out, l);
    else uniquePush(out, a.instances[pos.instance]?.rule ?? pos.call);
    return;
  }
  for (const o of pos.options) {
    let label = optionLabel(o);
    for (const i of o.chain) {
      const inst = a.instances[i];
      if (inst?.token) {
        label = inst.rule;
        break;
      }
    }
    uniquePush(out, label);
  }
}

/** Labels of the positions of DFA state `s`, entered from `prev` by code point `cp` (or from the start). */
function dfaLabels(a: Automaton, prev: DfaState | null, cp: number): string[] {
  const out: string[] = [];
  if (prev === null) {
    for (const e of a.start) edgeLabels(a, e, out);
    return out;
  }
  for (const p of prev.positions) {
    const pos = a.positions[p];
    if (pos === undefined || !hasCodePoint(pos.set, cp)) continue;
    for (const e of a.follow[p] ?? []) edgeLabels(a, e, out);
  }
  return out;
}

/** The label the engine gives the end of the input in `expected`. */
export const END_OF_INPUT = "end of input";

// ---------------------------------------------------------------------------------------------
// Rules without calls: the DFA

interface DfaRun {
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

/** Runs the reduced DFA, and the full one when a stub is read. */
function runBest(c: Compiled, key: string, input: string, start: number): { run: DfaRun; dfa: Dfa } | null {
  const reduced = c.reducedDfa(key);
  if (reduced === null) return null;
  const run = runDfa(reduced, input, start);
  if (!run.stub) return { run, dfa: reduced };
  const full = c.dfa(key) as Dfa;
  return { run: runDfa(full, input, start), dfa: full };
}

function runDfa(dfa: Dfa, input: string, start: number, trace?: { states: DfaState[]; offsets: number[] }): DfaRun {
  if (trace !== undefined) return traceDfa(dfa, input, start, trace);
  const n = input.length;
  const ascii = dfa.ascii;
  let s = dfa.start;
  let prev: DfaState | null = null;
  let prevCp = -1;
  let k = start;
  let lastAccept = s.accept ? start : -1;
  while (k < n) {
    const c = input.charCodeAt(k);
    if (c < 128) {
      // the common case: an ASCII character whose transition is known
      const known = s.next[ascii[c] as number];
      if (known !== undefined && known !== null && known !== STUB) {
        prev = s;
        prevCp = c;
        s = known;
        k++;
        if (s.accept) lastAccept = k;
        continue;
      }
    }
    let cp = c;
    let cls: number;
    let len = 1;
    if (c < 128) cls = ascii[c] as number;
    else {
      cp = codePointAt(input, k);
      if (cp < 0) break; // a lone surrogate is no character
      cls = dfa.classOf(cp);
      if (cp > 0xffff) len = 2;
    }
    let next = s.next[cls];
    if (next === undefined) next = dfa.step(s, cls, cp);
    if (next === null) break;
    if (next === STUB) return { stop: k, state: s, prev, prevCp, lastAccept, stub: true };
    prev = s;
    prevCp = cp;
    s = next;
    k += len;
    if (s.accept) lastAccept = k;
  }
  return { stop: k, state: s, prev, prevCp, lastAccept, stub: false };
}

/** {@link runDfa}, keeping every state and offset on the way (for derivations). */
function traceDfa(dfa: Dfa, input: string, start: number, trace: { states: DfaState[]; offsets: number[] }): DfaRun {
  const n = input.length;
  let s = dfa.start;
  let prev: DfaState | null = null;
  let prevCp = -1;
  let k = start;
  let lastAccept = s.accept ? start : -1;
  trace.states.push(s);
  trace.offsets.push(k);
  while (k < n) {
    const cp = codePointAt(input, k);
    if (cp < 0) break; // a lone surrogate is no character
    const cls = cp < 128 ? (dfa.ascii[cp] as number) : dfa.classOf(cp);
    let next = s.next[cls];
    if (next === undefined) next = dfa.step(s, cls, cp);
    if (next === null) break;
    if (next === STUB) return { stop: k, state: s, prev, prevCp, lastAccept, stub: true };
    prev = s;
    prevCp = cp;
    s = next;
    k += cp > 0xffff ? 2 : 1;
    if (s.accept) lastAccept = k;
    trace.states.push(s);
    trace.offsets.push(k);
  }
  return { stop: k, state: s, prev, prevCp, lastAccept, stub: false };
}

// ---------------------------------------------------------------------------------------------
// Rules with calls: memoized simulation

interface CallResult {
  /** Every offset the rule can end at, ascending. */
  readonly ends: readonly number[];
  readonly furthest: number;
  readonly expected: readonly string[];
}

/** The positions alive at each offset of one simulation, kept for derivations. */
interface Buckets {
  readonly offsets: number[];
  readonly byOffset: Map<number, number[]>;
  readonly ends: Set<number>;
}

/** Min-heap of offsets. */
class OffsetHeap {
  readonly #h: number[] = [];
  get size(): number {
    return this.#h.length;
  }
  push(x: number): void {
    const h = this.#h;
    h.push(x);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((h[p] as number) <= x) break;
      h[i] = h[p] as number;
      i = p;
    }
    h[i] = x;
  }
  pop(): number {
    const h = this.#h;
    const top = h[0] as number;
    const last = h.pop() as number;
    if (h.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let v = last;
        if (l < h.length && (h[l] as number) < v) {
          m = l;
          v = h[l] as number;
        }
        if (r < h.length && (h[r] as number) < v) m = r;
        if (m === i) break;
        h[i] = h[m] as number;
        i = m;
      }
      h[i] = last;
    }
    return top;
  }
}

/**
 * One rule's simulation from one offset: the positions alive at each offset, followed in order
 * of offset. It runs until it needs the result of a call that is not known yet, and then
 * returns that call, to be resumed once the call is done: calls nest on an explicit stack, never
 * on JavaScript's, so that deeply nested input cannot overflow it.
 */
class Frame {
  readonly a: Automaton;
  readonly byOffset = new Map<number, number[]>();
  readonly #seen = new Map<number, Set<number>>();
  readonly #heap = new OffsetHeap();
  readonly ends = new Set<number>();
  readonly offsets: number[] = [];
  furthest: number;
  calleeFurthest = -1;
  calleeExpected: string[] = [];
  #k = -1;
  #list: number[] | undefined;
  #j = 0;

  constructor(
    compiled: Compiled,
    readonly key: string,
    readonly start: number,
    private readonly input: string,
  ) {
    this.a = compiled.automaton(key);
    this.furthest = start;
    for (const e of this.a.start) {
      if (e.to === ACCEPT) this.ends.add(start);
      else this.#add(start, e.to);
    }
  }

  #add(k: number, q: number): void {
    let s = this.#seen.get(k);
    if (s === undefined) {
      s = new Set();
      this.#seen.set(k, s);
      this.byOffset.set(k, []);
      this.#heap.push(k);
    }
    if (!s.has(q)) {
      s.add(q);
      (this.byOffset.get(k) as number[]).push(q);
    }
  }

  /** Runs on; returns the call it waits for, or `undefined` when the simulation is complete. */
  run(known: (key: string, start: number) => CallResult | undefined): { key: string; start: number } | undefined {
    const { a, input } = this;
    for (;;) {
      if (this.#list === undefined) {
        if (this.#heap.size === 0) return undefined;
        this.#k = this.#heap.pop();
        this.offsets.push(this.#k);
        this.#list = this.byOffset.get(this.#k) as number[];
        this.#j = 0;
        if (this.#k > this.furthest) this.furthest = this.#k;
      }
      const k = this.#k;
      const list = this.#list;
      while (this.#j < list.length) {
        const p = list[this.#j] as number;
        const pos = a.positions[p];
        if (pos !== undefined && pos.call === undefined) {
          const cp = codePointAt(input, k);
          if (cp >= 0 && hasCodePoint(pos.set, cp)) {
            const k2 = k + (cp > 0xffff ? 2 : 1);
            for (const e of a.follow[p] ?? []) {
              if (e.to === ACCEPT) this.ends.add(k2);
              else this.#add(k2, e.to);
            }
          }
        } else if (pos !== undefined && pos.call !== undefined) {
          const r = known(pos.call, k);
          if (r === undefined) return { key: pos.call, start: k };
          if (r.furthest > this.calleeFurthest) {
            this.calleeFurthest = r.furthest;
            this.calleeExpected = [...r.expected];
          } else if (r.furthest === this.calleeFurthest) for (const l of r.expected) uniquePush(this.calleeExpected, l);
          for (const end of r.ends) {
            for (const e of a.follow[p] ?? []) {
              if (e.to === ACCEPT) this.ends.add(end);
              else this.#add(end, e.to);
            }
          }
        }
        this.#j++;
      }
      this.#list = undefined;
    }
  }
}

/** One input's memo of calls: (rule, offset) -> ends. */
class CallRun {
  readonly #memo = new Map<string, Map<number, CallResult>>();
  constructor(
    readonly compiled: Compiled,
    readonly input: string,
  ) {}

  #known = (key: string, start: number): CallResult | undefined => this.#memo.get(key)?.get(start);

  #remember(key: string, start: number, r: CallResult): void {
    let byStart = this.#memo.get(key);
    if (byStart === undefined) {
      byStart = new Map();
      this.#memo.set(key, byStart);
    }
    byStart.set(start, r);
  }

  call(key: string, start: number): CallResult {
    const known = this.#known(key, start);
    if (known !== undefined) return known;
    return this.#result(this.#complete(new Frame(this.compiled, key, start, this.input)));
  }

  /** Runs `bottom` to completion, running the calls it waits for on an explicit stack; returns it. */
  #complete(bottom: Frame): Frame {
    const stack: Frame[] = [bottom];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Frame;
      const wanted = top.run(this.#known);
      if (wanted === undefined) {
        stack.pop();
        if (stack.length > 0 || top === bottom) this.#remember(top.key, top.start, this.#result(top));
        continue;
      }
      stack.push(new Frame(this.compiled, wanted.key, wanted.start, this.input));
    }
    return bottom;
  }

  /** The result of a completed frame (kept in the memo). */
  #result(f: Frame): CallResult {
    const known = this.#known(f.key, f.start);
    if (known !== undefined) return known;
    const sortedEnds = [...f.ends].sort((x, y) => x - y);
    const lastEnd = sortedEnds.length > 0 ? (sortedEnds[sortedEnds.length - 1] as number) : -1;
    const ownFurthest = Math.max(f.furthest, lastEnd);
    let expected: string[] = [];
    let at = ownFurthest;
    if (f.byOffset.has(ownFurthest)) expected = this.#labelsAt(f.a, f.start, ownFurthest, f.byOffset);
    if (f.calleeFurthest > at) {
      at = f.calleeFurthest;
      expected = f.calleeExpected;
    } else if (f.calleeFurthest === at) for (const l of f.calleeExpected) uniquePush(expected, l);
    const r: CallResult = { ends: sortedEnds, furthest: at, expected };
    this.#remember(f.key, f.start, r);
    return r;
  }

  /** The labels of the positions alive at `target`, by the edges that led there. */
  #labelsAt(a: Automaton, start: number, target: number, byOffset: Map<number, number[]>): string[] {
    const out: string[] = [];
    const calleeStart = (key: string): readonly string[] => {
      const r = this.call(key, target);
      return r.furthest === target ? r.expected : [];
    };
    if (target === start) for (const e of a.start) edgeLabels(a, e, out, calleeStart);
    for (const [k, list] of byOffset) {
      if (k >= target) continue;
      for (const p of list) {
        const pos = a.positions[p];
        if (pos === undefined) continue;
        let lands = false;
        if (pos.call === undefined) {
          const cp = codePointAt(this.input, k);
          lands = cp >= 0 && hasCodePoint(pos.set, cp) && k + (cp > 0xffff ? 2 : 1) === target;
        } else lands = this.call(pos.call, k).ends.includes(target);
        if (lands) for (const e of a.follow[p] ?? []) edgeLabels(a, e, out, calleeStart);
      }
    }
    return out;
  }

  /**
   * The preferred derivation of `key` over exactly `[start, end)`, which must match. The
   * derivations of the calls inside are made on a work list, not by recursion.
   */
  derive(key: string, start: number, end: number): Derivation {
    const root: MutableDerivation = { automaton: this.compiled.automaton(key), input: this.input, start, end, steps: [] };
    const work: { d: MutableDerivation; key: string }[] = [{ d: root, key }];
    while (work.length > 0) {
      const { d, key: k } = work.pop() as { d: MutableDerivation; key: string };
      this.#steps(d, k, work);
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
  #steps(d: MutableDerivation, key: string, work: { d: MutableDerivation; key: string }[]): void {
    const { start, end } = d;
    const frame = this.#complete(new Frame(this.compiled, key, start, this.input));
    const a = frame.a;
    const input = this.input;
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
      for (const k2 of this.call(pos.call, k).ends) {
        if (k2 > end) break;
        if (k2 > k && goesOn(p, k2)) return true;
      }
      return false;
    };
    /** True when position `p` is a call that can match the empty string at `k`. */
    const emptyAt = (p: number, k: number): boolean => {
      const call = a.positions[p]?.call;
      return call !== undefined && this.call(call, k).ends[0] === k;
    };
    const offsets = [...frame.offsets].sort((x, y) => y - x);
    for (const k of offsets) {
      if (k > end) continue;
      const list = frame.byOffset.get(k) as number[];
      const set = new Set<number>();
      live.set(k, set);
      // positions live by what follows at later offsets (or ACCEPT), then those that reach them
      // through calls matching the empty string at k (in any order: such calls can form cycles)
      const reachedBy = new Map<number, number[]>();
      const found: number[] = [];
      for (const p of list) {
        let ok = leaves(p, k);
        if (!ok && emptyAt(p, k)) {
          for (const e of a.follow[p] ?? []) {
            if (e.to === ACCEPT) ok ||= k === end;
            else {
              const by = reachedBy.get(e.to);
              if (by === undefined) reachedBy.set(e.to, [p]);
              else by.push(p);
            }
          }
        }
        if (ok) {
          set.add(p);
          found.push(p);
        }
      }
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
        const ends = this.call(pos.call, at).ends;
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
        const sub: MutableDerivation = { automaton: this.compiled.automaton(pos.call), input, start: at, end: chosen.k2, steps: [] };
        work.push({ d: sub, key: pos.call });
        d.steps.push({ edge, at, end: chosen.k2, option: -1, sub });
        edge = chosen.next;
        at = chosen.k2;
      }
    }
  }
}

/** A derivation while its steps are being filled in. */
interface MutableDerivation {
  readonly automaton: Automaton;
  readonly input: string;
  readonly start: number;
  readonly end: number;
  readonly steps: Step[];
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** Matches the whole input against rule `key`: `undefined` when it matches, else where and why it fails. */
export function matchWhole(c: Compiled, key: string, input: string): Failure | undefined {
  const expr = c.analysis.rule(key).expr;
  if (c.analysis.matchesNothing(expr)) return { offset: 0, expected: [], nothing: c.analysis.whyNothing(expr) };
  const best = runBest(c, key, input, 0);
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
  const best = runBest(c, key, input, 0);
  if (best === null) return new CallRun(c, input).call(key, 0).ends.includes(input.length);
  return best.run.stop === input.length && best.run.state.accept;
}

/** The longest match of rule `key` starting at `start` (what the rule's parsimmon parser consumes). */
export function matchLongest(c: Compiled, key: string, input: string, start: number): Longest {
  const best = runBest(c, key, input, start);
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
  const dfa = c.dfa(key);
  if (dfa === null) return new CallRun(c, input).derive(key, start, end);
  const a = dfa.automaton;
  const trace = { states: [] as DfaState[], offsets: [] as number[] };
  // Read exactly up to `end`: a prefix of the input, so the run cannot read past it.
  runDfa(dfa, input.slice(0, end), start, trace);
  const { states, offsets } = trace;
  const m = offsets.length - 1;
  if (offsets[m] !== end || !(states[m] as DfaState).accept) throw new Error("internal: derive called on a non-match");
  // Backward: live positions at each step.
  const live: Set<number>[] = new Array<Set<number>>(m);
  for (let j = m - 1; j >= 0; j--) {
    const cp = codePointAt(input, offsets[j] as number);
    const set = new Set<number>();
    const nextLive = j === m - 1 ? undefined : live[j + 1];
    for (const p of (states[j] as DfaState).positions) {
      const pos = a.positions[p];
      if (pos === undefined || !hasCodePoint(pos.set, cp)) continue;
      const follows = a.follow[p] ?? [];
      if (follows.some((e) => (nextLive === undefined ? e.to === ACCEPT : e.to !== ACCEPT && nextLive.has(e.to)))) set.add(p);
    }
    live[j] = set;
  }
  const steps: Step[] = [];
  const pick = (edges: readonly Edge[], j: number): Edge => {
    const e = edges.find((x) => (j === m ? x.to === ACCEPT : x.to !== ACCEPT && (live[j] as Set<number>).has(x.to)));
    if (e === undefined) throw new Error("internal: derivation lost its way");
    return e;
  };
  let edge = pick(a.start, 0);
  for (let j = 0; j < m; j++) {
    const at = offsets[j] as number;
    const cp = codePointAt(input, at);
    const pos = a.positions[edge.to];
    const option = pos === undefined ? -1 : pos.options.findIndex((o) => hasCodePoint(o.set, cp));
    steps.push({ edge, at, end: offsets[j + 1] as number, option, sub: undefined });
    edge = pick(a.follow[edge.to] ?? [], j + 1);
  }
  steps.push({ edge, at: end, end, option: -1, sub: undefined });
  return { automaton: a, input, start, end, steps };
}
