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

/** The labels of an edge to a position that is no call, made once per edge and shared (frozen). */
const edgeLabelCache = new WeakMap<Edge, readonly string[]>();
function edgeLabelsOf(a: Automaton, edge: Edge): readonly string[] {
  let labels = edgeLabelCache.get(edge);
  if (labels === undefined) {
    const out: string[] = [];
    edgeLabels(a, edge, out);
    labels = Object.freeze(out);
    edgeLabelCache.set(edge, labels);
  }
  return labels;
}

/** Labels of the positions of DFA state `s`, entered from `prev` by code point `cp` (or from the start). */
export function dfaLabels(a: Automaton, prev: DfaState | null, cp: number): string[] {
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
  /** Shared between results: never changed once made. */
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

/** The positions alive at one offset not yet followed, the order the offset was first reached in, and (once the list is long) a set to keep them unique. */
interface Pending {
  readonly k: number;
  readonly list: number[];
  readonly order: number;
  seen: Set<number> | undefined;
}

/** Past this many items, a list kept unique gets a set beside it. */
const SHORT = 16;

const NO_LABELS: readonly string[] = Object.freeze([]);
const NO_ENDS: readonly number[] = Object.freeze([]);

/**
 * One rule's simulation from one offset: the positions alive at each offset, followed in order
 * of offset. It runs until it needs the result of a call that is not known yet (then `wantKey`
 * and `wantStart` name it), to be resumed once the call is done: calls nest on an explicit
 * stack, never on JavaScript's, so that deeply nested input cannot overflow it.
 *
 * A frame keeps only what its result needs: the offsets not yet followed, its ends, and the
 * positions whose edges lead to the furthest offset reached (for "expected"). An offset's
 * positions are dropped once followed, and while one offset at a time is pending (an LL(1)
 * grammar's case) there is no map or heap of them, so that a frame waiting on a call (on
 * nested input, one per level) costs a few small objects. A frame made for a derivation
 * (`keep`) keeps every offset's positions.
 */
class Frame {
  readonly a: Automaton;
  /** For derivations: the positions alive at each offset, and the offsets in the order followed. */
  readonly byOffset: Map<number, number[]> | undefined;
  readonly offsets: number[] | undefined;
  /** The one offset pending, while there is one at most; else all of them, by offset, and a heap of them. */
  #slot: Pending | undefined;
  #pending: Map<number, Pending> | undefined;
  #heap: OffsetHeap | undefined;
  #order = 0;
  /** The offset being followed. */
  #cur: Pending | undefined;
  #j = 0;
  /** The offsets the rule can end at, unique (in no order). */
  ends: number[] | undefined;
  #endSet: Set<number> | undefined;
  #maxEnd = -1;
  /** The furthest offset followed, and the furthest one a position was added at. */
  furthest: number;
  addedMax = -1;
  /**
   * The furthest offset reached from an earlier one (by a character or a call), and the
   * positions whose edges led there, with the order in which their own offset was first
   * reached: the first one, then the others in pairs.
   */
  landed = -1;
  landCount = 0;
  landP0 = -1;
  landOrder0 = -1;
  landMore: number[] | undefined;
  calleeFurthest = -1;
  calleeExpected: readonly string[] = NO_LABELS;
  #calleeOwned = false;
  /** The call the frame waits for. */
  wantKey = "";
  wantStart = -1;

  constructor(
    compiled: Compiled,
    readonly key: string,
    readonly start: number,
    private readonly input: string,
    keep = false,
  ) {
    this.a = compiled.automaton(key);
    this.furthest = start;
    this.byOffset = keep ? new Map() : undefined;
    this.offsets = keep ? [] : undefined;
    for (const e of this.a.start) {
      if (e.to === ACCEPT) this.#end(start);
      else this.#add(start, e.to);
    }
  }

  #find(k: number): Pending | undefined {
    if (this.#cur?.k === k) return this.#cur;
    if (this.#pending !== undefined) return this.#pending.get(k);
    return this.#slot?.k === k ? this.#slot : undefined;
  }

  #add(k: number, q: number): void {
    const pend = this.#find(k);
    if (pend === undefined) {
      const made: Pending = { k, list: [q], order: this.#order++, seen: undefined };
      this.byOffset?.set(k, made.list);
      if (k > this.addedMax) this.addedMax = k;
      if (this.#pending === undefined && this.#slot === undefined) {
        this.#slot = made;
        return;
      }
      if (this.#pending === undefined) {
        // a second offset pending: from now on a map and a heap
        const slot = this.#slot as Pending;
        this.#pending = new Map([[slot.k, slot]]);
        this.#heap = new OffsetHeap();
        this.#heap.push(slot.k);
        this.#slot = undefined;
      }
      this.#pending.set(k, made);
      (this.#heap as OffsetHeap).push(k);
      return;
    }
    const list = pend.list;
    if (pend.seen !== undefined) {
      if (pend.seen.has(q)) return;
      pend.seen.add(q);
    } else {
      if (list.includes(q)) return;
      if (list.length >= SHORT) pend.seen = new Set([...list, q]);
    }
    list.push(q);
  }

  /** The next offset to follow (the smallest pending), taken out of the pending ones. */
  #next(): Pending | undefined {
    if (this.#pending === undefined) {
      const slot = this.#slot;
      this.#slot = undefined;
      return slot;
    }
    const heap = this.#heap as OffsetHeap;
    if (heap.size === 0) return undefined;
    const k = heap.pop();
    const pend = this.#pending.get(k) as Pending;
    this.#pending.delete(k);
    return pend;
  }

  /**
   * Records that the rule can end at `k`. Offsets are followed in ascending order, so ends
   * mostly come in ascending order too: one past the largest so far is new without a lookup,
   * and the set that keeps the list unique is made only once an end comes out of order (from a
   * call, or an empty match) on a long list.
   */
  #end(k: number): void {
    const ends = this.ends;
    if (ends === undefined) {
      this.ends = [k];
      this.#maxEnd = k;
      return;
    }
    if (k > this.#maxEnd) {
      this.#maxEnd = k;
      this.#endSet?.add(k);
      ends.push(k);
      return;
    }
    if (k === this.#maxEnd) return;
    if (this.#endSet === undefined) {
      if (ends.length < SHORT) {
        if (!ends.includes(k)) ends.push(k);
        return;
      }
      this.#endSet = new Set(ends);
    }
    if (this.#endSet.has(k)) return;
    this.#endSet.add(k);
    ends.push(k);
  }

  /** Position `p`, alive at an offset first reached in `order`, leads to `k2`, further on. */
  #land(k2: number, p: number, order: number): void {
    if (k2 < this.landed) return;
    if (k2 > this.landed) {
      this.landed = k2;
      this.landCount = 0;
    }
    if (this.landCount === 0) {
      this.landP0 = p;
      this.landOrder0 = order;
    } else {
      if (this.landMore === undefined) this.landMore = [];
      if (this.landCount === 1) this.landMore.length = 0;
      this.landMore.push(p, order);
    }
    this.landCount++;
  }

  /** Runs on; returns true when it waits for a call (wantKey, wantStart), false when the simulation is complete. */
  run(known: (key: string, start: number) => CallResult | undefined): boolean {
    const { a, input } = this;
    for (;;) {
      if (this.#cur === undefined) {
        const next = this.#next();
        if (next === undefined) return false;
        this.#cur = next;
        this.#j = 0;
        this.offsets?.push(next.k);
        if (next.k > this.furthest) this.furthest = next.k;
      }
      const cur = this.#cur;
      const k = cur.k;
      const list = cur.list;
      while (this.#j < list.length) {
        const p = list[this.#j] as number;
        const pos = a.positions[p] as Position;
        const follows = a.follow[p] as readonly Edge[];
        if (pos.call === undefined) {
          const cp = codePointAt(input, k);
          if (cp >= 0 && hasCodePoint(pos.set, cp)) {
            const k2 = k + (cp > 0xffff ? 2 : 1);
            this.#land(k2, p, cur.order);
            for (const e of follows) {
              if (e.to === ACCEPT) this.#end(k2);
              else this.#add(k2, e.to);
            }
          }
        } else if (pos.call === this.key && this.byOffset === undefined && isTailOnly(follows)) {
          // A call of the rule itself with nothing after it (a = "x" [ a ]): its ends are this
          // frame's ends, so the frame goes on from the rule's start here instead of waiting
          // for the call, and one frame reads a right-recursive list in linear time. A frame
          // kept for a derivation still makes the call, whose derivation it records.
          for (const e of a.start) {
            if (e.to === ACCEPT) this.#end(k);
            else this.#add(k, e.to);
          }
        } else {
          const r = known(pos.call, k);
          if (r === undefined) {
            this.wantKey = pos.call;
            this.wantStart = k;
            return true;
          }
          this.#callee(r);
          for (const end of r.ends) {
            if (end > k) this.#land(end, p, cur.order);
            for (const e of follows) {
              if (e.to === ACCEPT) this.#end(end);
              else this.#add(end, e.to);
            }
          }
        }
        this.#j++;
      }
      this.#cur = undefined;
    }
  }

  /** Keeps what a callee expected at the furthest offset any callee reached (shared until merged). */
  #callee(r: CallResult): void {
    if (r.furthest > this.calleeFurthest) {
      this.calleeFurthest = r.furthest;
      this.calleeExpected = r.expected;
      this.#calleeOwned = false;
    } else if (r.furthest === this.calleeFurthest && r.expected !== this.calleeExpected) {
      for (const l of r.expected) {
        if (this.calleeExpected.includes(l)) continue;
        if (!this.#calleeOwned) {
          this.calleeExpected = [...this.calleeExpected];
          this.#calleeOwned = true;
        }
        (this.calleeExpected as string[]).push(l);
      }
    }
  }
}

/** True when the only edge out of a position ends the rule (the position is in tail position). */
function isTailOnly(follows: readonly Edge[]): boolean {
  return follows.length === 1 && (follows[0] as Edge).to === ACCEPT;
}

/** The calls of one rule made in one run, by offset: results, and an index from offset to result. */
interface Memo {
  /** For offset `base + i`: 0 when unknown, else the result's index in `results` plus one. */
  index: Int32Array;
  readonly results: CallResult[];
}

/**
 * One input's memo of calls: (rule, offset) -> ends. Per rule a typed array indexed by offset
 * from where the run began, grown by doubling as far as calls reach (never further than the
 * input read): on deeply nested input there is a call at almost every offset, and completed
 * innermost first, so a map, or an array filled from its far end, spent most of the time
 * outside the collector hashing.
 */
class CallRun {
  readonly #memo = new Map<string, Memo>();
  /** The offset of the run's first call: no call is made before it. */
  #base = -1;
  constructor(
    readonly compiled: Compiled,
    readonly input: string,
  ) {}

  #known = (key: string, start: number): CallResult | undefined => {
    const m = this.#memo.get(key);
    if (m === undefined) return undefined;
    const i = start - this.#base;
    const at = i >= 0 && i < m.index.length ? (m.index[i] as number) : 0;
    return at === 0 ? undefined : m.results[at - 1];
  };

  #remember(key: string, start: number, r: CallResult): void {
    const i = start - this.#base;
    // matching only moves forward, so no call starts before the run's first (call, derive);
    // one that did would only go unremembered
    if (i < 0) return;
    let m = this.#memo.get(key);
    if (m === undefined) {
      m = { index: new Int32Array(Math.max(16, i + 1)), results: [] };
      this.#memo.set(key, m);
    } else if (i >= m.index.length) {
      const grown = new Int32Array(Math.max(2 * m.index.length, i + 1));
      grown.set(m.index);
      m.index = grown;
    }
    m.results.push(r);
    m.index[i] = m.results.length;
  }

  call(key: string, start: number): CallResult {
    if (this.#base < 0) this.#base = start;
    const known = this.#known(key, start);
    if (known !== undefined) return known;
    return this.#result(this.#complete(new Frame(this.compiled, key, start, this.input)));
  }

  /** Runs `bottom` to completion, running the calls it waits for on an explicit stack; returns it. */
  #complete(bottom: Frame): Frame {
    const stack: Frame[] = [bottom];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Frame;
      if (!top.run(this.#known)) {
        stack.pop();
        if (stack.length > 0 || top === bottom) this.#remember(top.key, top.start, this.#result(top));
        continue;
      }
      stack.push(new Frame(this.compiled, top.wantKey, top.wantStart, this.input));
    }
    return bottom;
  }

  /** The result of a completed frame (kept in the memo). */
  #result(f: Frame): CallResult {
    const known = this.#known(f.key, f.start);
    if (known !== undefined) return known;
    const ends = f.ends;
    const sortedEnds = ends === undefined ? NO_ENDS : ends.length < 2 ? ends : ends.sort((x, y) => x - y);
    const lastEnd = sortedEnds.length > 0 ? (sortedEnds[sortedEnds.length - 1] as number) : -1;
    const ownFurthest = Math.max(f.furthest, lastEnd);
    let expected: readonly string[] = NO_LABELS;
    let at = ownFurthest;
    // labels only where positions are alive at the furthest offset (not where the rule merely ends)
    if (f.addedMax === ownFurthest) expected = this.#labelsAt(f, ownFurthest);
    if (f.calleeFurthest > at) {
      at = f.calleeFurthest;
      expected = f.calleeExpected;
    } else if (f.calleeFurthest === at && f.calleeExpected.length > 0) {
      const merged = [...expected];
      for (const l of f.calleeExpected) uniquePush(merged, l);
      expected = merged;
    }
    const r: CallResult = { ends: sortedEnds, furthest: at, expected };
    this.#remember(f.key, f.start, r);
    return r;
  }

  /**
   * The labels of the positions alive at `target` (the frame's furthest offset), by the edges
   * that led there: from the start, or out of the positions that landed there, taken in the
   * order their offsets were first reached. The labels of one edge to a character position are
   * made once (edgeLabelsOf) and shared when they are all there is.
   */
  #labelsAt(f: Frame, target: number): readonly string[] {
    const a = f.a;
    const calleeStart = (key: string): readonly string[] => {
      const r = this.call(key, target);
      return r.furthest === target ? r.expected : [];
    };
    let edges: readonly Edge[] = [];
    if (target === f.start) edges = a.start;
    else if (f.landed === target && f.landCount > 0) {
      if (f.landCount === 1) edges = a.follow[f.landP0] ?? [];
      else {
        const more = f.landMore as number[];
        const landings: { p: number; order: number; i: number }[] = [{ p: f.landP0, order: f.landOrder0, i: 0 }];
        for (let i = 0; i < more.length; i += 2) landings.push({ p: more[i] as number, order: more[i + 1] as number, i: i + 1 });
        landings.sort((x, y) => x.order - y.order || x.i - y.i);
        const all: Edge[] = [];
        const done = new Set<number>();
        for (const { p } of landings) {
          if (done.has(p)) continue;
          done.add(p);
          all.push(...(a.follow[p] ?? []));
        }
        edges = all;
      }
    }
    let out: string[] | undefined;
    let shared: readonly string[] = NO_LABELS;
    for (const e of edges) {
      const pos = e.to === ACCEPT ? undefined : a.positions[e.to];
      if (pos === undefined) continue;
      if (pos.call === undefined) {
        const labels = edgeLabelsOf(a, e);
        if (labels.length === 0) continue;
        if (out === undefined && shared.length === 0) {
          shared = labels;
          continue;
        }
        out ??= [...shared];
        for (const l of labels) uniquePush(out, l);
      } else {
        out ??= [...shared];
        edgeLabels(a, e, out, calleeStart);
      }
    }
    return out ?? shared;
  }

  /**
   * The preferred derivation of `key` over exactly `[start, end)`, which must match. The
   * derivations of the calls inside are made on a work list, not by recursion.
   */
  derive(key: string, start: number, end: number): Derivation {
    if (this.#base < 0) this.#base = start;
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
    const frame = this.#complete(new Frame(this.compiled, key, start, this.input, true));
    const a = frame.a;
    const input = this.input;
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
