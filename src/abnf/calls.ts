// Rules that call recursive ones: the positions of each called rule are followed at every
// offset, and each call's result (where the rule can end, how far it read, what it expected
// there) is memoized by (rule, offset), so that the match is exact for every grammar without
// left recursion, in polynomial time (see Grammar.isLinear for the bounds). Calls nest on an
// explicit stack, never on JavaScript's.
import { ACCEPT, type Automaton, type Edge, type Position } from "./automaton.js";
import { codePointAt, hasCodePoint, type CodePointSet } from "./charset.js";
import type { Compiled } from "./compiled.js";
import { Dfa, type DfaState } from "./dfa.js";
import { firstChars, type Analysis, type RuleCheck } from "./analysis.js";
import { edgeLabels, edgeLabelsOf, tokenEntered, uniquePush } from "./labels.js";
import { matchLimitError, type MatchBudgets } from "./match-limit.js";
import { GrammarError } from "./grammar-errors.js";
import { CHUNK, getCount, INTS, NO_PARKED, Parked, putCount, REFS } from "./parked.js";
import { describeValue } from "../describe.js";

export type { MatchBudgets } from "./match-limit.js";

/**
 * The work one match by memoized calls may do, in steps (a position followed, or an end of a
 * call read): {@link WORK_BASE} plus {@link WORK_PER_CHARACTER} for each character of the input.
 * The memory a match keeps grows with its steps (each step adds at most an end or the positions
 * of one edge list), and is also capped apart from the input's length by
 * {@link KEPT_ENDS_LIMIT} and {@link CALL_DEPTH_LIMIT}. Real grammars take a few
 * dozen steps per character at most (RFC 8259 JSON: 4.49 on the bench's flat array, 11.00 on
 * arrays nested 10,000 deep, counted by `CallRun.work`); ambiguous recursion takes more (`a = "x" a "x" / "x"`: n²/2 steps on n characters) and
 * past the limit the match stops with a {@link MatchLimitError}, neither matched nor refused.
 */
export const WORK_BASE = 2_000_000;
/** See {@link WORK_BASE}. */
export const WORK_PER_CHARACTER = 64;

/**
 * The most ends of calls a match by memoized calls may keep beyond the first of each call: a
 * bound on its memory that does not grow with the input. Calls that end at one offset each (an
 * unambiguous grammar's, RFC 8259 JSON's: none kept beyond the first on 2 MiB) cost steps only;
 * ambiguous recursion keeps many ends per call (`a = "x" a "x" / "x"`: about n²/4 on n
 * characters), which the step budget alone would let grow to ~130 million numbers (gigabytes)
 * on an input of the default `maxLength` (2 MiB). Kept in the memo's typed arrays,
 * {@link END_BYTES} each (16 MB at this budget, 32 while grown: see {@link MATCH_HEAP_BYTES}).
 * Past it the match stops with a {@link MatchLimitError} whose `budget` is `"ends"`.
 */
export const KEPT_ENDS_LIMIT = 4_000_000;

/**
 * The most calls a match by memoized calls may have waiting at once (nested, each waiting on the
 * next): a bound on the memory of its explicit stack, {@link WAITING_CALL_BYTES} at most per
 * waiting call, that does not grow with the input. `a = "x" a "x" / "x"` nests a call at every
 * character, and on 1,000,000 characters the stack alone passed a 512 MB heap before the step
 * budget stopped it; at 500,000 (this budget until 2026-12) a match held 200 MB of waiting
 * calls, and aborted the process under a 200 MB heap (on 499,999 characters, where the ends
 * budget then adds its own). RFC 8259 JSON nests one call per level of arrays (only `value` is
 * called, cycle-cuts.ts: 200,000 levels match, 100,000 as the issue asks), and
 * `e = t *( "+" t )`, `t = "x" / "(" e ")"` one per parenthesis. Past it the match stops with
 * a {@link MatchLimitError} whose `budget` is `"depth"`.
 */
export const CALL_DEPTH_LIMIT = 200_000;

/**
 * The memory a call waiting costs at most: its record (parked.ts: RECORD_BYTES in typed arrays
 * and references, made in chunks) and what it follows. Measured on a small rule as the heap and
 * the array buffers together, 240-265 bytes with labels and 220-230 without (the heap alone
 * 120-125 and 108-110, test/abnf-match-memory.test.ts; both, test/abnf-parked-frames.test.ts);
 * with an object per waiting call, until 2026-12, 510-545 and 360-372 (the heap alone 490-497
 * and 342-345).
 */
export const WAITING_CALL_BYTES = 512;

/**
 * What a match by memoized calls may hold by its budgets: {@link CALL_DEPTH_LIMIT} calls waiting
 * ({@link WAITING_CALL_BYTES} each) and {@link KEPT_ENDS_LIMIT} ends kept (END_BYTES each, twice
 * while grown), 134 MB; with node's own (about 60 MB) a process stays under 256 MB of RSS
 * (measured under a 200 MB heap, docs/guide/abnf.md). Besides, what grows with the input: the
 * memo's index (4 bytes an offset per rule called) and {@link RESULT_BYTES} per call kept in full.
 */
export const MATCH_HEAP_BYTES = 144 * 2 ** 20;

/** The most steps a match by memoized calls may take on an input of `length` characters ({@link WORK_BASE}). */
export const workLimit = (length: number, budgets: MatchBudgets = {}): number => (budgets.steps ?? WORK_BASE) + (budgets.stepsPerCharacter ?? WORK_PER_CHARACTER) * length;

/** The `budgets` option, checked: an object of non-negative integers by the names of {@link MatchBudgets}. */
export function checkBudgets(value: unknown, where: string): MatchBudgets {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new TypeError(`${where}: options.budgets must be an object ({ steps, stepsPerCharacter, ends, depth })`);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!["steps", "stepsPerCharacter", "ends", "depth"].includes(k)) throw new TypeError(`${where}: options.budgets.${k} is not a budget (steps, stepsPerCharacter, ends, depth)`);
    if (v === undefined) continue;
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) throw new TypeError(`${where}: options.budgets.${k} must be a non-negative integer`);
    out[k] = v;
  }
  return Object.freeze(out);
}

/** What a call of a rule from an offset gives. */
export interface CallResult {
  /** Every offset the rule can end at, ascending. */
  readonly ends: readonly number[];
  /** Shared between results: never changed once made. */
  readonly furthest: number;
  readonly expected: readonly string[];
}

/** A result of {@link CallRun}'s kept in short in its memo, as read (refilled at each read). */
interface Scratch {
  readonly ends: readonly number[];
  furthest: number;
  expected: readonly string[];
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
 * The positions alive at one offset not yet followed, the order the offset was first reached
 * in, and (once the list is long) a bit set to keep them unique. Reached by one step of the DFA
 * alone, they are that step's state (`state`), and a list only once more are added.
 */
interface Pending {
  k: number;
  list: number[] | undefined;
  state: DfaState | undefined;
  order: number;
  /** Once the list is long: a bit per position of the rule's automaton ({@link BITS_LIMIT}), or a Set. */
  seen: Uint32Array | Set<number> | undefined;
}

/**
 * What a frame keeps aside, made on first need (Frame.#many): the offsets pending once there
 * are two or more, while few ({@link FEW}) in two lists in ascending order of offset (`ks`, and
 * their Pending in `ps`) from `head` on (those before it taken out), then in a map and a heap;
 * and the set that keeps a long list of ends unique.
 */
interface Aside {
  ks: number[] | undefined;
  ps: Pending[] | undefined;
  head: number;
  /** How far the lists are used (never shortened: a list's length set to 0 let its store go, made again at the next push). */
  n: number;
  /** True once the frame keeps its offsets pending in the lists (an Aside reused from another frame, or made for `endSet`, holds lists unused). */
  lists: boolean;
  pending: Map<number, Pending> | undefined;
  heap: OffsetHeap | undefined;
  endSet: Set<number> | undefined;
}

/**
 * The most offsets a frame keeps pending in lists (Aside), looked through one by one, before a
 * map and a heap. A Map per frame with two offsets pending or more (a call ending at several,
 * as a JSON number's `value` does at each digit) grew and shrank its table at each set and
 * delete: 25 of the 60 MB a warm pass over the bench's flat JSON array of 1 MB allocated.
 */
const FEW = 32;

/** The most followed Pending objects kept for reuse ({@link CallRun.spare}), and as many Asides ({@link CallRun.asides}). */
const SPARE = 64;

/** What the lists of an Aside hold where an offset was taken out (so that they keep no Pending another frame reuses). */
const TAKEN: Pending = { k: -1, list: undefined, state: undefined, order: -1, seen: undefined };

/**
 * The levels of a completion (CallRun.complete) whose waiting frames stay objects; past them a
 * waiting frame is parked in a record (parked.ts). A grammar that nests a few calls (flat JSON:
 * an object's values) parks none, and reuses its frame objects; one nested as deep as its input
 * keeps 512 objects (200-250 KB, what a frame per level held at that depth before) and a record
 * per level past them. Parking from level 64 on cost 1 KB of the abnf-nested-brackets family
 * (512 levels) about a tenth more CPU than an object per level (132 against 119 ns a character,
 * paired); from 512 on it costs what that did (114 against 116).
 */
const LIVE_LEVELS = 512;

/** What a run's store of parked records is made with, before NO_PARKED (see the CallRun constructor): never read. */
const NOT_PARKED = new Parked();

/** The Asides of frames that completed, kept for reuse, their lists emptied (see {@link SPARE_PENDING}). */
const SPARE_ASIDES: Aside[] = [];

/**
 * The followed Pending objects kept for reuse, one list for every run (each object is taken
 * out before it is used, so runs nested by a check in code share it safely): a list made per
 * run started empty of another elements kind, and the frame code optimized on one run
 * deoptimized on the next.
 */
const SPARE_PENDING: Pending[] = [];

/** The positions of a pending offset as a list, made from its state on first need. */
function listOf(pend: Pending): number[] {
  let list = pend.list;
  if (list === undefined) {
    // (copied by index: Array.from read the typed array through its iterator, an object per
    // position, a tenth of what a compiled pass over RFC 5322's inputs allocated)
    const positions = (pend.state as DfaState).positions;
    list = new Array<number>(positions.length);
    for (let i = 0; i < positions.length; i++) list[i] = positions[i] as number;
    pend.list = list;
    pend.state = undefined;
  }
  return list;
}

/** Past this many items, a list kept unique gets a set beside it (of bits for a pending offset's positions, a Set for ends). */
const SHORT = 16;

/**
 * The most positions of an automaton whose pending offsets keep their positions unique with a
 * bit per position (1 KB at most, what a Set of a few dozen costs), not a Set: on RFC 5322's
 * rules (up to 4,400 positions) the Sets were most of what a compiled pass allocated. Past it a
 * Set, so that what a pending offset keeps stays within a constant of its list's length.
 */
const BITS_LIMIT = 8192;

const NO_LABELS: readonly string[] = Object.freeze([]);
const NO_ENDS: readonly number[] = Object.freeze([]);
const NO_INTS = new Int32Array(0);

/** `a` copied into an array of at least `least` numbers, doubling (a memo's results or ends, {@link Memo}). */
function grownInts(a: Int32Array, least: number): Int32Array {
  const grown = new Int32Array(Math.max(least, 2 * a.length, 16));
  grown.set(a);
  return grown;
}

/**
 * What a parked frame (Frame.descend) holds besides numbers and its rule, states and labels, made
 * only when some is there: the lists of the offset it follows once positions were added to it,
 * its other offsets pending, the list of its ends once two or more, and its landings' lists
 * while they hold two landings or more. An LL(1) grammar's frame, waiting, has none.
 */
interface Rare {
  curList: number[] | undefined;
  curSeen: Uint32Array | Set<number> | undefined;
  slot: Pending | undefined;
  many: Aside | undefined;
  endList: number[] | undefined;
  /** The largest end, with the list (without, the only one: Frame.end0). */
  maxEnd: number;
  more: number[] | undefined;
  states: DfaState[] | undefined;
  codes: number[] | undefined;
}

/**
 * What a frame keeps for its result's `furthest` and `expected`, made only when the run wants
 * labels ({@link CallRun.labels}).
 *
 * The furthest offset reached from an earlier one (by a character or a call), and the
 * positions whose edges led there, with the order in which their own offset was first
 * reached: the first one, then the others in pairs. A position `-2 - i` stands for those of
 * the i-th state that read a code point to get there (a step of the DFA, see Frame.#fast):
 * the first in `state0`, `cp0`, `cls0`, the others in lists emptied, not dropped, when a
 * further offset is reached, so that reading on allocates nothing per character. And what the
 * callees expected at the furthest offset any of them reached.
 */
class Landings {
  landed = -1;
  count = 0;
  p0 = -1;
  order0 = -1;
  more: number[] | undefined;
  state0: DfaState | undefined;
  cp0 = -1;
  cls0 = -1;
  #states: DfaState[] | undefined;
  #codes: number[] | undefined;
  /** How many states landed at `#statesAt` (those of another offset are stale). */
  #stateCount = 0;
  #statesAt = -1;
  calleeFurthest = -1;
  calleeExpected: readonly string[] = NO_LABELS;

  /** Position `p`, alive at an offset first reached in `order`, leads to `k2`, further on. */
  land(k2: number, p: number, order: number): void {
    if (k2 < this.landed) return;
    if (k2 > this.landed) {
      this.landed = k2;
      this.count = 0;
    }
    if (this.count === 0) {
      this.p0 = p;
      this.order0 = order;
    } else {
      if (this.more === undefined) this.more = [];
      if (this.count === 1) this.more.length = 0;
      this.more.push(p, order);
    }
    this.count++;
  }

  /** The positions of `state` that read `cp` lead to `k2`, further on (see {@link land}). */
  landState(k2: number, state: DfaState, cp: number, cls: number, order: number): void {
    if (k2 < this.landed) return;
    if (this.#statesAt !== k2) {
      this.#statesAt = k2;
      this.#stateCount = 0;
    }
    const i = this.#stateCount++;
    if (i === 0) {
      this.state0 = state;
      this.cp0 = cp;
      this.cls0 = cls;
    } else {
      const states = (this.#states ??= []);
      const codes = (this.#codes ??= []);
      states.length = i - 1;
      codes.length = 2 * (i - 1);
      states.push(state);
      codes.push(cp, cls);
    }
    this.land(k2, -2 - i, order);
  }

  /** The state of the `i`-th step of the DFA that landed at `landed` (see {@link landState}). */
  state(i: number): DfaState {
    return (i === 0 ? this.state0 : (this.#states as DfaState[])[i - 1]) as DfaState;
  }

  /** The code point (`cls` false) or its class (`cls` true) that the `i`-th step landing at `landed` read. */
  read(i: number, cls: boolean): number {
    if (i === 0) return cls ? this.cls0 : this.cp0;
    return (this.#codes as number[])[2 * (i - 1) + (cls ? 1 : 0)] as number;
  }

  /** Empties the landings, for a frame reused ({@link Frame.reuse}); the lists are kept to be filled again. */
  reset(): void {
    this.landed = -1;
    this.count = 0;
    this.p0 = -1;
    this.order0 = -1;
    this.state0 = undefined;
    this.cp0 = -1;
    this.cls0 = -1;
    this.#stateCount = 0;
    this.#statesAt = -1;
    this.calleeFurthest = -1;
    this.calleeExpected = NO_LABELS;
  }

  /**
   * Writes the landings into a parked frame's record (Frame.descend: 11 integers from `io`, two
   * of them for each count, and 2 references from `ro`) and returns its rare references, with the lists
   * when what they hold is read later (two landings or more); else the lists stay here, to be
   * filled again. Then empties the landings.
   */
  park(ints: Int32Array, io: number, refs: unknown[], ro: number, rare: Rare | undefined): Rare | undefined {
    ints[io] = this.landed;
    ints[io + 1] = this.p0;
    ints[io + 2] = this.cp0;
    ints[io + 3] = this.cls0;
    ints[io + 4] = this.#stateCount;
    ints[io + 5] = this.#statesAt;
    ints[io + 6] = this.calleeFurthest;
    putCount(ints, io + 7, this.order0);
    putCount(ints, io + 9, this.count);
    refs[ro] = this.state0;
    refs[ro + 1] = this.calleeExpected;
    let out = rare;
    if (this.count > 1 || this.#stateCount > 1) {
      out ??= { curList: undefined, curSeen: undefined, slot: undefined, many: undefined, endList: undefined, maxEnd: -1, more: undefined, states: undefined, codes: undefined };
      out.more = this.more;
      out.states = this.#states;
      out.codes = this.#codes;
      this.more = undefined;
      this.#states = undefined;
      this.#codes = undefined;
    }
    this.reset();
    return out;
  }

  /** Reads the landings back from a parked frame's record ({@link park}), emptying its references. */
  unpark(ints: Int32Array, io: number, refs: unknown[], ro: number, rare: Rare | undefined): void {
    this.landed = ints[io] as number;
    this.p0 = ints[io + 1] as number;
    this.cp0 = ints[io + 2] as number;
    this.cls0 = ints[io + 3] as number;
    this.#stateCount = ints[io + 4] as number;
    this.#statesAt = ints[io + 5] as number;
    this.calleeFurthest = ints[io + 6] as number;
    this.order0 = getCount(ints, io + 7);
    this.count = getCount(ints, io + 9);
    this.state0 = refs[ro] as DfaState | undefined;
    this.calleeExpected = refs[ro + 1] as readonly string[];
    refs[ro] = undefined;
    refs[ro + 1] = undefined;
    if (rare !== undefined && (rare.more !== undefined || rare.states !== undefined || rare.codes !== undefined)) {
      this.more = rare.more;
      this.#states = rare.states;
      this.#codes = rare.codes;
    }
  }

  /** Keeps what a callee expected at the furthest offset any callee reached (shared until merged: {@link mergeLabels}). */
  callee(r: CallResult): void {
    if (r.furthest > this.calleeFurthest) {
      this.calleeFurthest = r.furthest;
      this.calleeExpected = r.expected;
    } else if (r.furthest === this.calleeFurthest) this.calleeExpected = mergeLabels(this.calleeExpected, r.expected);
  }
}

/**
 * One rule's simulation from one offset: the positions alive at each offset, followed in order
 * of offset. It runs until it needs the result of a call that is not known yet (then the run's
 * `wantKey` and `wantStart` name it), to be resumed once the call is done: calls nest on an explicit
 * stack, never on JavaScript's, so that deeply nested input cannot overflow it.
 *
 * A frame keeps only what its result needs: the offsets not yet followed, its ends, and the
 * positions whose edges lead to the furthest offset reached (for "expected"). An offset's
 * positions are dropped once followed, and while one offset at a time is pending (an LL(1)
 * grammar's case) there is no map or heap of them. A frame waiting on a call (on nested input,
 * one per level) is parked, its state written into a record of typed arrays (CallRun.complete,
 * {@link descend}), and the object reused for the call. A frame made for a derivation
 * (`keep`) keeps every offset's positions.
 */
export class Frame {
  /** What the frame reads of its rule (one object per rule, shared: see {@link RuleInfo}). */
  #info: RuleInfo;
  /** For derivations: the positions alive at each offset, and the offsets in the order followed. */
  readonly #kept: { readonly byOffset: Map<number, number[]>; readonly offsets: number[] } | undefined;
  /** The one offset pending, while there is one at most (else `#many`). */
  #slot: Pending | undefined;
  /**
   * Made on first need (or one a completed frame kept, CallRun.asides): the offsets pending
   * once there are two or more (in lists while few, then by offset in a map, and a heap of
   * them: see {@link Aside}), and the set that keeps a long list of ends unique. Kept aside so that a
   * frame on nested input (one per level, all alive at the deepest) is two fields smaller.
   */
  #many: Aside | undefined;
  #order = 0;
  /** The offset being followed. */
  #cur: Pending | undefined;
  #j = 0;
  /**
   * While an offset is followed in a frame that steps (see {@link #follow}): the DFA state of
   * its positions as they were when it was taken up, how many they were, the next of that
   * state's call positions to visit, how many positions the work counter has counted, and the
   * first position whose characters are not read yet.
   */
  #curState: DfaState | undefined;
  #curLength = 0;
  #ci = 0;
  #counted = 0;
  #read = 0;
  /**
   * The first offset the rule can end at (-1: none yet), and once it can end at a second, the
   * list of them all, unique (in no order): a call that ends at one offset (an unambiguous
   * grammar's, each level of nested JSON) makes no list.
   */
  end0 = -1;
  endList: number[] | undefined;
  #maxEnd = -1;
  /** The furthest offset followed, and the furthest one a position was added at. */
  furthest: number;
  addedMax = -1;
  /** What the result's `furthest` and `expected` need (none when the run wants no labels: see {@link CallRun.labels}). */
  readonly lands: Landings | undefined;
  readonly #run: CallRun;

  /** The rule called. */
  key: string;
  /** The offset it is called at. */
  start: number;

  constructor(run: CallRun, key: string, start: number, keep = false) {
    this.#run = run;
    this.key = key;
    this.start = start;
    this.#info = run.ruleInfo(key);
    this.lands = run.labels ? new Landings() : undefined;
    this.furthest = start;
    this.#kept = keep ? { byOffset: new Map(), offsets: [] } : undefined;
    if (keep) this.#fromStart(start);
    else this.#begin();
  }

  /** Takes up the positions the rule starts with, at `start` (a frame that steps). */
  #begin(): void {
    const start = this.start;
    // the positions the rule starts with, as one state of its DFA (as they would be added one by one, joins followed)
    const s0 = this.#info.dfa.start;
    if (s0.accept) this.#end(start);
    if (s0.positions.length === 0) return;
    if (stateCalls(s0, this.#info.a)) this.#pend(start, undefined, s0);
    else {
      // no call among them: read at once, as run would take them up first (one pending
      // offset fewer made per call: a frame per level of nested input)
      this.addedMax = start;
      this.#fast(s0, start, this.#order++);
    }
  }

  /**
   * Makes this frame, one that completed or whose state is parked ({@link descend}), a new call of
   * rule `key` at `start`, as a new Frame would be (not one kept for a derivation).
   */
  reuse(key: string, start: number): void {
    this.key = key;
    this.start = start;
    this.#info = this.#run.ruleInfo(key);
    this.#slot = undefined;
    this.#many = undefined;
    this.#order = 0;
    this.#cur = undefined;
    this.#j = 0;
    this.#curState = undefined;
    this.#curLength = 0;
    this.#ci = 0;
    this.#counted = 0;
    this.#read = 0;
    this.end0 = -1;
    this.endList = undefined;
    this.#maxEnd = -1;
    this.furthest = start;
    this.addedMax = -1;
    this.lands?.reset();
    this.#begin();
  }

  /**
   * The frame for the call this one, waiting at `level` of a completion (run returned true),
   * waits for: `key` at `start`. Below {@link LIVE_LEVELS}, a new one (CallRun.complete reuses
   * a completed frame when it has one, and calls this when it has none, so that every run calls
   * it); past them this frame, its state parked: written into the next record of the run's
   * store ({@link CallRun.parked}, made on first need) for {@link ascend} to read back, and the
   * frame reused for the call ({@link reuse}). The offset it follows goes back to the run's spare
   * ones, its fields copied. A frame kept for a derivation is never parked. Not written, as they
   * follow from what is: how many positions were counted (`#j`: #follow sets both before it
   * waits), how many the state followed has, the state of the offset followed (that state,
   * unless its positions were copied into a list), and the largest end (the only one, unless
   * there is a list).
   *
   * (One function with the parking written out in it, called from complete on shallow runs too:
   * too long for V8 to inline into complete (more than 460 bytes of bytecode), so that what it
   * meets first on a deep run, with no type feedback yet, deoptimizes this function alone, not
   * complete, which an engine warmed on shallow input had optimized without these paths: the
   * first deep pass recompiled complete twice, RFC 8259 JSON nested 10,000 deep 17 -> 33 ms.
   * test/abnf-parked-frames.test.ts holds complete optimized through a first deep match.)
   */
  descend(key: string, start: number, level: number): Frame {
    const run = this.#run;
    if (level < LIVE_LEVELS) return new Frame(run, key, start);
    let store = run.parked;
    if (store === NO_PARKED) run.parked = store = new Parked();
    const i = store.top++;
    const c = store.chunk(i);
    const o = i & (CHUNK - 1);
    const ints = c.ints;
    const refs = c.refs;
    const io = o * INTS;
    const ro = o * REFS;
    const cur = this.#cur as Pending;
    ints[io] = this.start;
    ints[io + 1] = this.#j;
    ints[io + 2] = this.#ci;
    ints[io + 3] = this.#read;
    ints[io + 4] = this.end0;
    ints[io + 5] = this.furthest;
    ints[io + 6] = this.addedMax;
    ints[io + 7] = cur.k;
    putCount(ints, io + 8, this.#order);
    putCount(ints, io + 10, cur.order);
    refs[ro] = this.#info;
    refs[ro + 1] = this.#curState;
    let rare: Rare | undefined;
    if (cur.list !== undefined || this.#slot !== undefined || this.#many !== undefined || this.endList !== undefined) {
      rare = { curList: cur.list, curSeen: cur.seen, slot: this.#slot, many: this.#many, endList: this.endList, maxEnd: this.#maxEnd, more: undefined, states: undefined, codes: undefined };
    }
    const lands = this.lands;
    if (lands !== undefined) rare = lands.park(ints, io + 12, refs, ro + 2, rare);
    refs[ro + 4] = rare;
    this.#cur = undefined;
    this.#slot = undefined;
    this.#many = undefined;
    this.endList = undefined;
    run.spareOf(cur);
    this.reuse(key, start);
    return this;
  }

  /**
   * After the call this frame ran completed at `level` + 1 of a completion: past
   * {@link LIVE_LEVELS}, makes this frame the one that waited for it, parked in the last record
   * of the run's store ({@link descend}), emptying the record's references; at level -1 (the
   * completion's bottom done), nothing. (Called from complete at the end of every completion, so
   * that complete has met the call, and not inlined there, as {@link descend} is. The store's
   * chunks are given back by the run's call, not here: this function's code, optimized on runs
   * that parked nothing, was deoptimized at the first deep run's end by the giving back, and a
   * second deep pass ran it unoptimized.)
   */
  ascend(level: number): void {
    if (level < 0) return;
    const store = this.#run.parked;
    const i = --store.top;
    const c = store.chunk(i);
    const o = i & (CHUNK - 1);
    const ints = c.ints;
    const refs = c.refs;
    const io = o * INTS;
    const ro = o * REFS;
    const info = refs[ro] as RuleInfo;
    const curState = refs[ro + 1] as DfaState;
    const rare = refs[ro + 4] as Rare | undefined;
    this.#info = info;
    this.key = info.key;
    this.start = ints[io] as number;
    const j = ints[io + 1] as number;
    this.#j = j;
    this.#counted = j;
    this.#ci = ints[io + 2] as number;
    this.#read = ints[io + 3] as number;
    const end0 = ints[io + 4] as number;
    this.end0 = end0;
    this.furthest = ints[io + 5] as number;
    this.addedMax = ints[io + 6] as number;
    this.#order = getCount(ints, io + 8);
    this.#curState = curState;
    this.#curLength = curState.positions.length;
    const k = ints[io + 7] as number;
    const order = getCount(ints, io + 10);
    const list = rare?.curList;
    const state = list === undefined ? curState : undefined;
    const seen = rare?.curSeen;
    let cur = this.#run.spare.pop();
    if (cur === undefined) cur = { k, list, state, order, seen };
    else {
      cur.k = k;
      cur.list = list;
      cur.state = state;
      cur.order = order;
      cur.seen = seen;
    }
    this.#cur = cur;
    if (rare === undefined) {
      this.#slot = undefined;
      this.#many = undefined;
      this.endList = undefined;
      this.#maxEnd = end0;
    } else {
      this.#slot = rare.slot;
      this.#many = rare.many;
      this.endList = rare.endList;
      this.#maxEnd = rare.maxEnd;
    }
    this.lands?.unpark(ints, io + 12, refs, ro + 2, rare);
    refs[ro] = undefined;
    refs[ro + 1] = undefined;
    refs[ro + 4] = undefined;
  }

  /** The rule's first positions added at `k` (the rule ends there where one is ACCEPT). */
  #fromStart(k: number): void {
    const first = this.a.start;
    for (let i = 0; i < first.length; i++) {
      const to = (first[i] as Edge).to;
      if (to === ACCEPT) this.#end(k);
      else this.#add(k, to);
    }
  }

  /** The offsets the rule can end at, unique (in no order); undefined when none. */
  get ends(): number[] | undefined {
    return this.end0 < 0 ? undefined : (this.endList ?? [this.end0]);
  }

  /** The rule's automaton. */
  get a(): Automaton {
    return this.#info.a;
  }

  /** For derivations: the positions alive at each offset. */
  get byOffset(): Map<number, number[]> | undefined {
    return this.#kept?.byOffset;
  }

  /** For derivations: the offsets in the order followed. */
  get offsets(): number[] | undefined {
    return this.#kept?.offsets;
  }

  /**
   * The rule's DFA with its calls (an `ordered` Dfa), whose steps follow the offsets where no
   * call is alive (not in a frame kept for a derivation, which records every offset's
   * positions), and whose tables the frame reads positions with.
   */
  get #dfa(): Dfa {
    return this.#info.dfa;
  }

  /** Self calls read as loops (selfLoops); none in a frame kept for a derivation, which records each call. */
  get #loops(): Uint8Array | undefined {
    return this.#kept === undefined ? this.#info.loops : undefined;
  }

  /** The fields kept aside (`#many`), made on first need. */
  #aside(): Aside {
    let many = this.#many;
    if (many === undefined) {
      // one a frame that completed kept, if any (CallRun.spareAside): a frame per call with two offsets pending or more
      many = this.#run.asides.pop() ?? { ks: undefined, ps: undefined, head: 0, n: 0, lists: false, pending: undefined, heap: undefined, endSet: undefined };
      this.#many = many;
    }
    return many;
  }

  /** What the frame kept aside (its lists emptied, for another frame: CallRun.spareAside), taken from it: called once it completed. */
  takeAside(): Aside | undefined {
    const many = this.#many;
    this.#many = undefined;
    return many;
  }

  #find(k: number): Pending | undefined {
    if (this.#cur?.k === k) return this.#cur;
    const many = this.#many;
    if (many !== undefined) {
      if (many.lists) {
        const ks = many.ks as number[];
        for (let i = many.head; i < many.n; i++) if (ks[i] === k) return (many.ps as Pending[])[i];
        return undefined;
      }
      if (many.pending !== undefined) return many.pending.get(k);
    }
    return this.#slot?.k === k ? this.#slot : undefined;
  }

  /** Puts offset `k` and its Pending `p` at the end of the lists of `many` (Aside.n). */
  #putLast(many: Aside, k: number, p: Pending): void {
    const ks = many.ks as number[];
    const ps = many.ps as Pending[];
    const n = many.n;
    if (n < ks.length) {
      ks[n] = k;
      ps[n] = p;
    } else {
      ks.push(k);
      ps.push(p);
    }
    many.n = n + 1;
  }

  /** True when some offset is pending besides the slot's (Aside). */
  #morePending(): boolean {
    const many = this.#many;
    if (many === undefined) return false;
    if (many.lists) return many.n > many.head;
    return many.heap !== undefined && many.heap.size > 0;
  }

  /** Makes offset `k` pending, with the positions `list` or those of `state`. */
  #pend(k: number, list: number[] | undefined, state: DfaState | undefined): void {
    // a Pending another frame (or this one) has followed, if any: on nested input each
    // level's offset after its call reuses the one its callee followed (one object per level, not two)
    let made = this.#run.spare.pop();
    if (made === undefined) made = { k, list, state, order: this.#order++, seen: undefined };
    else {
      made.k = k;
      made.list = list;
      made.state = state;
      made.order = this.#order++;
    }
    if (list !== undefined) this.#kept?.byOffset.set(k, list);
    if (k > this.addedMax) this.addedMax = k;
    let many = this.#many;
    if (many?.pending !== undefined) {
      many.pending.set(k, made);
      (many.heap as OffsetHeap).push(k);
      return;
    }
    if (many?.lists !== true) {
      const slot = this.#slot;
      if (slot === undefined) {
        this.#slot = made;
        return;
      }
      // a second offset pending: from now on the lists (then a map and a heap)
      many = this.#aside();
      many.ks ??= [];
      many.ps ??= [];
      many.head = 0;
      many.n = 0;
      many.lists = true;
      this.#putLast(many, slot.k, slot);
      this.#slot = undefined;
    }
    const ks = many.ks as number[];
    const ps = many.ps as Pending[];
    const n = many.n;
    // in ascending order: mostly after the last
    let i = n;
    while (i > many.head && (ks[i - 1] as number) > k) i--;
    this.#putLast(many, k, made);
    if (i < n) {
      for (let j = n; j > i; j--) {
        ks[j] = ks[j - 1] as number;
        ps[j] = ps[j - 1] as Pending;
      }
      ks[i] = k;
      ps[i] = made;
    }
    if (n + 1 - many.head > FEW) {
      // many: a map and a heap from now on
      const pending = new Map<number, Pending>();
      const heap = new OffsetHeap();
      for (let j = many.head; j < many.n; j++) {
        pending.set(ks[j] as number, ps[j] as Pending);
        heap.push(ks[j] as number);
      }
      many.pending = pending;
      many.heap = heap;
      many.lists = false;
      many.ks = undefined;
      many.ps = undefined;
    }
  }

  #add(k: number, q: number): void {
    const pend = this.#find(k);
    if (pend === undefined) this.#pend(k, [q], undefined);
    else if (!this.#push(pend, q)) return;
    if (this.a.positions[q]?.join === true) this.#through(k, q);
  }

  /**
   * A join (automaton.ts) added at `k`, kept in the list (for derivations, derive-calls.ts):
   * the positions its edges reach are added at `k` too, depth first in their order, each once,
   * and the rule ends at `k` where one is ACCEPT. A walk, not a recursion (joins chain).
   */
  #through(k: number, j: number): void {
    const pend = this.#find(k) as Pending;
    const a = this.a;
    const stack: { readonly edges: readonly Edge[]; i: number }[] = [{ edges: a.follow[j] ?? [], i: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { readonly edges: readonly Edge[]; i: number };
      const e = top.edges[top.i++];
      if (e === undefined) {
        stack.pop();
        continue;
      }
      if (e.to === ACCEPT) this.#end(k);
      else if (this.#push(pend, e.to) && a.positions[e.to]?.join === true) stack.push({ edges: a.follow[e.to] ?? [], i: 0 });
    }
  }

  /** Adds position `q` to a pending offset's, unless there; true when it was not. */
  #push(pend: Pending, q: number): boolean {
    const list = listOf(pend);
    const seen = pend.seen;
    const bit = 1 << (q & 31);
    if (seen instanceof Uint32Array) {
      if (((seen[q >> 5] as number) & bit) !== 0) return false;
      seen[q >> 5] = (seen[q >> 5] as number) | bit;
    } else if (seen !== undefined) {
      if (seen.has(q)) return false;
      seen.add(q);
    } else {
      if (list.includes(q)) return false;
      if (list.length >= SHORT) {
        const n = this.#info.a.positions.length;
        if (n <= BITS_LIMIT) {
          const bits = new Uint32Array((n + 31) >> 5);
          for (let i = 0; i < list.length; i++) {
            const p = list[i] as number;
            bits[p >> 5] = (bits[p >> 5] as number) | (1 << (p & 31));
          }
          bits[q >> 5] = (bits[q >> 5] as number) | bit;
          pend.seen = bits;
        } else pend.seen = new Set([...list, q]);
      }
    }
    list.push(q);
    return true;
  }

  /** The next offset to follow (the smallest pending), taken out of the pending ones. */
  #next(): Pending | undefined {
    const many = this.#many;
    if (many?.lists === true) {
      const m = many;
      const ks = m.ks as number[];
      const head = m.head;
      const n = m.n;
      if (head >= n) return undefined;
      const ps = m.ps as Pending[];
      const pend = ps[head] as Pending;
      ps[head] = TAKEN;
      if (head + 1 === n) {
        m.n = 0;
        m.head = 0;
      } else if (head >= FEW && 2 * head >= n) {
        // the offsets taken out dropped once they are half the lists
        ks.copyWithin(0, head + 1, n);
        ps.copyWithin(0, head + 1, n);
        m.n = n - head - 1;
        m.head = 0;
      } else m.head = head + 1;
      return pend;
    }
    if (many?.pending === undefined) {
      const slot = this.#slot;
      this.#slot = undefined;
      return slot;
    }
    const heap = many.heap as OffsetHeap;
    if (heap.size === 0) return undefined;
    const k = heap.pop();
    const pend = many.pending.get(k) as Pending;
    many.pending.delete(k);
    return pend;
  }

  /**
   * Records that the rule can end at `k`. Offsets are followed in ascending order, so ends
   * mostly come in ascending order too: one past the largest so far is new without a lookup,
   * and the set that keeps the list unique is made only once an end comes out of order (from a
   * call, or an empty match) on a long list.
   */
  #end(k: number): void {
    if (this.end0 < 0) {
      this.end0 = k;
      this.#maxEnd = k;
      return;
    }
    if (k === this.#maxEnd) return;
    let ends = this.endList;
    if (ends === undefined) {
      ends = [this.end0];
      this.endList = ends;
    }
    if (k > this.#maxEnd) {
      this.#maxEnd = k;
      this.#many?.endSet?.add(k);
      ends.push(k);
      return;
    }
    let endSet = this.#many?.endSet;
    if (endSet === undefined) {
      if (ends.length < SHORT) {
        if (!ends.includes(k)) ends.push(k);
        return;
      }
      endSet = new Set(ends);
      this.#aside().endSet = endSet;
    }
    if (endSet.has(k)) return;
    endSet.add(k);
    ends.push(k);
  }

  /** Position `p`, alive at an offset first reached in `order`, leads to `k2`, further on. */
  #land(k2: number, p: number, order: number): void {
    this.lands?.land(k2, p, order);
  }

  /**
   * Follows the positions of `state` (no call among them) at offset `k` with one step of the
   * DFA, as they would be followed one by one (the same steps counted, ends, landings, and
   * positions pending after, in the same order), and reads on so while nothing else is
   * pending and no call is alive. Leaves what it reached pending for {@link run}.
   */
  #fast(state: DfaState, k: number, order: number): void {
    const dfa = this.#info.dfa;
    const ascii = dfa.ascii;
    const input = this.#run.input;
    const n = input.length;
    const run = this.#run;
    let s = state;
    for (;;) {
      if (k > this.furthest) this.furthest = k;
      const count = s.positions.length;
      if (run.work + count > run.limit) {
        run.work = run.limit + 1;
        run.exceeded(k);
      }
      run.work += count;
      if (k >= n) return;
      const c = input.charCodeAt(k);
      let cp = c;
      let len = 1;
      let cls: number;
      if (c < 128) cls = ascii[c] as number;
      else {
        cp = codePointAt(input, k);
        if (cp < 0) return; // a lone surrogate is no character
        if (cp > 0xffff) len = 2;
        cls = dfa.classOf(cp);
      }
      let next = s.next[cls];
      if (next === undefined) next = dfa.step(s, cls, cp);
      if (next === null) return;
      const k2 = k + len;
      this.lands?.landState(k2, s, cp, cls, order);
      if (next.accept) this.#end(k2);
      const positions = next.positions;
      if (positions.length === 0) return;
      if (this.#slot !== undefined || this.#morePending() || stateCalls(next, this.#info.a)) {
        const pend = this.#find(k2);
        if (pend === undefined) this.#pend(k2, undefined, next);
        else for (let i = 0; i < positions.length; i++) this.#push(pend, positions[i] as number);
        return;
      }
      if (k2 > this.addedMax) this.addedMax = k2;
      order = this.#order++;
      s = next;
      k = k2;
    }
  }

  /** Runs on; returns true when it waits for a call (the run's wantKey, wantStart), false when the simulation is complete. */
  run(known: (key: string, start: number) => CallResult | undefined): boolean {
    const a = this.#info.a;
    const run = this.#run;
    const input = run.input;
    const steps = this.#kept === undefined;
    for (;;) {
      if (this.#cur === undefined) {
        const next = this.#next();
        if (next === undefined) return false;
        if (steps) {
          // where no call is alive, the DFA reads on
          const state = next.state ?? this.#info.dfa.stateOf(next.list as number[], false);
          if (!stateCalls(state, a)) {
            this.#fast(state, next.k, next.order);
            run.spareOf(next);
            continue;
          }
          // followed from the state's positions, copied to a list only if one is added here
          if (next.list === undefined) next.state = state;
          this.#curState = state;
          this.#curLength = state.positions.length;
          this.#ci = 0;
          this.#counted = 0;
          this.#read = 0;
        }
        this.#cur = next;
        this.#j = 0;
        this.#kept?.offsets.push(next.k);
        if (next.k > this.furthest) this.furthest = next.k;
      }
      const cur = this.#cur;
      if (steps) {
        if (this.#follow(cur, known)) return true;
        this.#cur = undefined;
        run.spareOf(cur);
        continue;
      }
      const k = cur.k;
      const dfa = this.#dfa;
      const { succStart, succ } = dfa;
      const cp = codePointAt(input, k);
      const k2 = k + (cp > 0xffff ? 2 : 1);
      for (;;) {
        // (re-read: adding a position at this offset turns the state's positions into a list)
        const list = cur.list ?? (cur.state as DfaState).positions;
        if (this.#j >= list.length) break;
        const p = list[this.#j] as number;
        if (++run.work > run.limit) run.exceeded(k);
        const pos = a.positions[p] as Position;
        if (pos.call === undefined) {
          if (cp >= 0 && dfa.reads(p, cp)) {
            this.#land(k2, p, cur.order);
            const end = succStart[p + 1] as number;
            for (let i = succStart[p] as number; i < end; i++) {
              const t = succ[i] as number;
              if (t === ACCEPT) this.#end(k2);
              else this.#add(k2, t);
            }
          }
        } else if (this.#loops !== undefined && this.#loops[p] === 1) {
          // A call of the rule itself that is read as a loop (see selfLoops): the frame goes
          // on from the rule's start here instead of waiting for the call, and one frame reads
          // a right-recursive list (a = "x" [ a ], a = "x" *a) in time linear in the input.
          this.#fromStart(k);
        } else {
          const r = known(pos.call, k);
          if (r === undefined) {
            run.wantKey = pos.call;
            run.wantStart = k;
            return true;
          }
          this.#callee(r);
          run.work += r.ends.length;
          if (run.work > run.limit) run.exceeded(k);
          const from = succStart[p] as number;
          const to = succStart[p + 1] as number;
          const ends = r.ends;
          for (let e = 0; e < ends.length; e++) {
            const end = ends[e] as number;
            if (end > k) this.#land(end, p, cur.order);
            for (let i = from; i < to; i++) {
              const t = succ[i] as number;
              if (t === ACCEPT) this.#end(end);
              else this.#add(end, t);
            }
          }
        }
        this.#j++;
      }
      this.#cur = undefined;
      run.spareOf(cur);
    }
  }

  /**
   * Follows the positions alive at the offset `cur` (a frame that steps): the calls among them
   * one by one, in order, and the others, which read a character, by steps of the DFA over
   * runs of them (#readUpTo), as they would be followed one by one: the same steps counted, the
   * same ends, landings and positions pending after, in the same order (a run is read before a
   * call that adds positions one character on, and at the end). Returns true when it waits for
   * a call (the run's wantKey, wantStart), to be resumed at that call.
   */
  #follow(cur: Pending, known: (key: string, start: number) => CallResult | undefined): boolean {
    const a = this.#info.a;
    const run = this.#run;
    const k = cur.k;
    const isCall = this.#info.isCall;
    const cp = codePointAt(run.input, k);
    // without labels, the calls that cannot start with the character here are passed over
    const calls = this.lands === undefined && cp >= 0 && cp < 128 ? callIndicesAt(this.#curState as DfaState, this.#info, run.compiled.analysis, cp) : callIndices(this.#curState as DfaState, a);
    // where a character read here leads (none at the end of the input or on a lone surrogate)
    const k2 = cp < 0 ? k : k + (cp > 0xffff ? 2 : 1);
    for (;;) {
      // (re-read: adding a position at this offset turns the state's positions into a list)
      const list = cur.list ?? (cur.state as DfaState).positions;
      // the next call at #j or after: among the state's first, then in what was added since
      let i = this.#j;
      if (i < this.#curLength) {
        while (this.#ci < calls.length && (calls[this.#ci] as number) < i) this.#ci++;
        i = this.#ci < calls.length ? (calls[this.#ci] as number) : this.#curLength;
      }
      if (i >= this.#curLength) while (i < list.length && isCall[list[i] as number] === 0) i++;
      // the positions up to it (and it) count as steps, as one by one
      const upto = i < list.length ? i + 1 : list.length;
      run.work += upto - this.#counted;
      this.#counted = upto;
      if (run.work > run.limit) run.exceeded(k);
      if (i >= list.length) break;
      const p = list[i] as number;
      if (this.#info.loops[p] === 1) {
        // a call of the rule itself read as a loop (see selfLoops and run)
        this.#fromStart(k);
      } else {
        const call = (a.positions[p] as Position).call as string;
        const r = known(call, k);
        if (r === undefined) {
          run.wantKey = call;
          run.wantStart = k;
          this.#j = i;
          this.#counted = i; // (counted again when resumed, as one by one)
          return true;
        }
        this.lands?.callee(r);
        run.work += r.ends.length;
        if (run.work > run.limit) run.exceeded(k);
        const ends = r.ends;
        if (ends.length > 0) {
          // where the call's edges lead, wherever it ends: one state, added as #add would add them one by one
          const after = afterCall(this.#info, p);
          const positions = after.positions;
          // (true until the first end past k: ends are ascending, so that only it can be within
          // k2 before the characters at k are read)
          let first = true;
          for (let e = 0; e < ends.length; e++) {
            const end = ends[e] as number;
            if (end > k) {
              // The characters before this call are read first when it also leads one on: up to
              // i when it ends one character on (from #read, when some are unread), else up to 0,
              // nothing. Called at the first end past k in every grammar, and the test of #read
              // is #readUpTo's, so that this code, optimized on a grammar where no call ended one
              // character on after a character still unread (RFC 5322), has met it: it was
              // deoptimized at the first such call (RFC 8259 JSON's first number) and recompiled
              // in 24-35 ms.
              if (first) {
                first = false;
                this.#readUpTo(cur, list, end <= k2 ? i : 0, cp, k2);
              }
              this.lands?.land(end, p, cur.order);
            }
            if (after.accept) this.#end(end);
            if (positions.length === 0) continue;
            const pend = this.#find(end);
            if (pend === undefined) this.#pend(end, undefined, after);
            else for (let t = 0; t < positions.length; t++) this.#push(pend, positions[t] as number);
          }
        }
      }
      this.#j = i + 1;
    }
    const list = cur.list ?? (cur.state as DfaState).positions;
    if (k2 > k) this.#readUpTo(cur, list, list.length, cp, k2);
    return false;
  }

  /**
   * Reads code point `cp` at offset `cur.k` from the positions `list[#read .. j)` that read
   * characters (the calls among them read none) with one step of the DFA, leading to `k2`:
   * landings, ends and the positions added there as if followed one by one, in their order.
   * Nothing when `j` is not past #read (see #follow).
   */
  #readUpTo(cur: Pending, list: ArrayLike<number>, j: number, cp: number, k2: number): void {
    const from = this.#read;
    if (from >= j) return;
    const dfa = this.#info.dfa;
    this.#read = j;
    const state =
      from === 0 && j === this.#curLength
        ? (this.#curState as DfaState)
        : j <= this.#curLength
          ? runState(dfa, this.#curState as DfaState, from, j)
          : dfa.stateOf(Array.prototype.slice.call(list, from, j) as number[], false);
    const cls = cp < 128 ? (dfa.ascii[cp] as number) : dfa.classOf(cp);
    let next = state.next[cls];
    if (next === undefined) next = dfa.step(state, cls, cp);
    if (next === null) return;
    this.lands?.landState(k2, state, cp, cls, cur.order);
    if (next.accept) this.#end(k2);
    const positions = next.positions;
    if (positions.length === 0) return;
    const pend = this.#find(k2);
    if (pend === undefined) this.#pend(k2, undefined, next);
    else for (let i = 0; i < positions.length; i++) this.#push(pend, positions[i] as number);
  }

  /** Keeps what a callee expected at the furthest offset any callee reached (see {@link Landings.callee}). */
  #callee(r: CallResult): void {
    this.lands?.callee(r);
  }
}

/**
 * `ends` in ascending order: sorted in place only when one came out of order, which is rare
 * (see Frame.#end), since a sort allocates its work space (on a flat JSON array of 1 MB, a
 * number's call ends at each of its digits: 22 of the 117 MB a match allocated).
 */
function ascending(ends: number[]): number[] {
  for (let i = 1; i < ends.length; i++) if ((ends[i - 1] as number) > (ends[i] as number)) return ends.sort((x, y) => x - y);
  return ends;
}

/** The labels of the positions a step of a DFA leads to, when none is a call: the same wherever the step is taken. */
const stepLabels = new WeakMap<DfaState, (readonly string[] | undefined)[]>();

/** The labels of the edges of one position of an automaton (index p + 1; 0 for its start edges), when none leads to a call or a join. */
const edgesLabels = new WeakMap<Automaton, (readonly string[] | undefined)[]>();

/** Per grammar and rule: the code points the rule can start with, when that can decide a call (see Memo.first). */
const firstCache = new WeakMap<Analysis, Map<string, { readonly first: CodePointSet | undefined; readonly ascii: Uint8Array | undefined }>>();

function firstOf(analysis: Analysis, key: string): { readonly first: CodePointSet | undefined; readonly ascii: Uint8Array | undefined } {
  let byKey = firstCache.get(analysis);
  if (byKey === undefined) {
    byKey = new Map();
    firstCache.set(analysis, byKey);
  }
  let known = byKey.get(key);
  if (known === undefined) {
    const expr = analysis.rule(key).expr;
    known = { first: undefined, ascii: undefined };
    if (analysis.checks.size === 0 && !analysis.nullable(expr)) {
      const first = firstChars(analysis, expr);
      const ascii = new Uint8Array(128);
      for (let c = 0; c < 128; c++) if (hasCodePoint(first, c)) ascii[c] = 1;
      known = { first, ascii };
    }
    byKey.set(key, known);
  }
  return known;
}

/** True when some position of a state of `a`'s call DFA is a call (kept on the state). */
function stateCalls(state: DfaState, a: Automaton): boolean {
  if (state.calls < 0) {
    state.calls = 0;
    const positions = state.positions;
    for (let i = 0; i < positions.length; i++) {
      if ((a.positions[positions[i] as number] as Position).call !== undefined) {
        state.calls = 1;
        break;
      }
    }
  }
  return state.calls === 1;
}

/**
 * What a frame reads of its rule, made once per grammar and rule: its automaton, its DFA with
 * its calls (an `ordered` Dfa), which of its positions are calls, and which calls of the rule
 * itself a frame reads as loops (selfLoops).
 */
export interface RuleInfo {
  /** The rule's key (what a parked frame's rule is read back by: Frame.ascend). */
  readonly key: string;
  readonly a: Automaton;
  readonly dfa: Dfa;
  readonly isCall: Uint8Array;
  readonly loops: Uint8Array;
  /** By call position: the state of the positions its edges lead to (see {@link afterCall}), and the budget's resets when it was made. */
  readonly after: (DfaState | undefined)[];
  readonly afterResets: number[];
}

/**
 * The state of call DFA `info.dfa` whose positions are those the edges out of call position `p`
 * reach, in their order, an edge to a join followed at once, depth first (as #add and #through
 * would add them one by one, the joins left out as in every state), and which accepts when one
 * of them is to ACCEPT. Kept per position until the DFAs forget their states (dfa.ts: then
 * nothing forgotten may stay reachable).
 */
function afterCall(info: RuleInfo, p: number): DfaState {
  const dfa = info.dfa;
  const resets = dfa.budget.resets;
  const known = info.after[p];
  if (known !== undefined && info.afterResets[p] === resets) return known;
  const a = info.a;
  const out: number[] = [];
  const seen = new Set<number>();
  let accept = false;
  const stack: { readonly edges: readonly Edge[]; i: number }[] = [{ edges: a.follow[p] ?? [], i: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { readonly edges: readonly Edge[]; i: number };
    const e = top.edges[top.i++];
    if (e === undefined) {
      stack.pop();
      continue;
    }
    if (e.to === ACCEPT) accept = true;
    else if (!seen.has(e.to)) {
      seen.add(e.to);
      if (a.positions[e.to]?.join === true) stack.push({ edges: a.follow[e.to] ?? [], i: 0 });
      else out.push(e.to);
    }
  }
  const state = dfa.stateOf(out, accept);
  // (stateOf may have made the DFAs forget: then this state is kept from the new count on)
  info.after[p] = state;
  info.afterResets[p] = dfa.budget.resets;
  return state;
}

const ruleInfos = new WeakMap<Compiled, Map<string, RuleInfo>>();

/** Per automaton: which positions are calls (1). */
const callCache = new WeakMap<Automaton, Uint8Array>();

function callPositions(a: Automaton): Uint8Array {
  let calls = callCache.get(a);
  if (calls === undefined) {
    calls = new Uint8Array(a.positions.length);
    for (let p = 0; p < a.positions.length; p++) if ((a.positions[p] as Position).call !== undefined) calls[p] = 1;
    callCache.set(a, calls);
  }
  return calls;
}

/** Per state of a call DFA: the indices of its positions that are calls, ascending. */
const callIndexCache = new WeakMap<DfaState, Int32Array>();

function callIndices(state: DfaState, a: Automaton): Int32Array {
  let known = callIndexCache.get(state);
  if (known === undefined) {
    const calls = callPositions(a);
    const out: number[] = [];
    const positions = state.positions;
    for (let i = 0; i < positions.length; i++) if (calls[positions[i] as number] === 1) out.push(i);
    known = Int32Array.from(out);
    callIndexCache.set(state, known);
  }
  return known;
}

/** Per state of a call DFA: the states of runs of its positions ({@link runState}), and the budget's resets when they were made. */
const runStates = new WeakMap<DfaState, { readonly resets: number; readonly byRun: Map<number, DfaState> }>();

/**
 * The state of `dfa` whose positions are those of `state` from index `from` to `to` (not
 * included). Kept per state as two cells of the DFAs' budget (dfa.ts), and so forgotten with
 * their states: the memory of these caches is the budget's.
 */
function runState(dfa: Dfa, state: DfaState, from: number, to: number): DfaState {
  const key = from * (state.positions.length + 1) + to;
  const before = dfa.budget.resets;
  const known = runStates.get(state);
  if (known !== undefined && known.resets === before) {
    const s = known.byRun.get(key);
    if (s !== undefined) return s;
  }
  const s = dfa.stateOf(Array.prototype.slice.call(state.positions, from, to) as number[], false);
  dfa.budget.take(2);
  // (when that made the DFAs forget their states, neither state is kept)
  if (dfa.budget.resets !== before) return s;
  if (known !== undefined && known.resets === before) known.byRun.set(key, s);
  else runStates.set(state, { resets: before, byRun: new Map([[key, s]]) });
  return s;
}

/**
 * The indices of the positions of `state` (of `info`'s call DFA) that are calls and may match
 * where the next character is the ASCII `c`: all but those of rules that cannot match "" and
 * whose first characters exclude `c` (Memo.first: such a call ends nowhere), a self call read
 * as a loop always kept. Skipping the others changes no end; it changes what the results say
 * they expected and how far they read, so it is only for runs without labels. Kept per state
 * and code as cells of the DFAs' budget (as {@link runState}).
 */
function callIndicesAt(state: DfaState, info: RuleInfo, analysis: Analysis, c: number): Int32Array {
  const budget = info.dfa.budget;
  const before = budget.resets;
  const known = state.callsByCode;
  if (known !== undefined && known.resets === before) {
    const kept = known.byCode[c];
    if (kept !== undefined) return kept;
  }
  const all = callIndices(state, info.a);
  const out: number[] = [];
  for (let j = 0; j < all.length; j++) {
    const i = all[j] as number;
    const p = state.positions[i] as number;
    const ascii = info.loops[p] === 1 ? undefined : firstOf(analysis, (info.a.positions[p] as Position).call as string).ascii;
    if (ascii === undefined || ascii[c] === 1) out.push(i);
  }
  const some = out.length === all.length ? all : Int32Array.from(out);
  budget.take(out.length === all.length ? 1 : out.length + 1);
  if (budget.resets !== before) return some;
  if (known !== undefined && known.resets === before) known.byCode[c] = some;
  else {
    // (all 128 cells at once: a read past the end of a shorter list deoptimized the optimized frame code)
    const byCode: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(128).fill(undefined);
    byCode[c] = some;
    state.callsByCode = { resets: before, byCode };
  }
  return some;
}

/**
 * Labels merged by {@link mergeLabels}, by the two lists when both are kept by a grammar's
 * caches (frozen: see #labelsAt), so that what is kept here is bounded by those caches and no
 * merged list (never frozen) is a key in turn.
 */
const merges = new WeakMap<readonly string[], WeakMap<readonly string[], readonly string[]>>();

/** `labels` and then those of `more` not among them: `labels` itself when there are none, else a new list (made once per pair of kept lists). */
function mergeLabels(labels: readonly string[], more: readonly string[]): readonly string[] {
  if (labels === more) return labels;
  const kept = Object.isFrozen(labels) && Object.isFrozen(more);
  let byMore: WeakMap<readonly string[], readonly string[]> | undefined;
  if (kept) {
    byMore = merges.get(labels);
    const known = byMore?.get(more);
    if (known !== undefined) return known;
  }
  let merged = labels;
  for (let i = 0; i < more.length; i++) {
    const l = more[i] as string;
    if (merged.includes(l)) continue;
    if (merged === labels) merged = labels.slice();
    (merged as string[]).push(l);
  }
  if (kept) {
    if (byMore === undefined) {
      byMore = new WeakMap();
      merges.set(labels, byMore);
    }
    byMore.set(more, merged);
  }
  return merged;
}

/**
 * No self call read as a loop: a rule checked in code (Analysis.checks) makes each of its calls,
 * since the callee's text is checked too (docs/guide/abnf.md: the rule matches only where its
 * check holds, wherever it is used). Read as a loop, `s = "a" s / "b"` refusing "ab" matched
 * "aab" (fuzz round 16: fixtures/engine/checks-self-calls.json).
 */
const NO_LOOPS = new Uint8Array(0);

/** Per automaton: which positions are calls of the rule itself that a frame reads as a loop (1). */
const loopCache = new WeakMap<Automaton, Uint8Array>();

/**
 * The positions of `a` that are calls of its own rule S and that a frame of S may read as a
 * loop, going on from S's start where the call is instead of making it: those after which S
 * may end (an edge to ACCEPT), and whose other edges (to positions T) every way of ending S
 * has too (each source of an edge to ACCEPT, the start included, also has edges to all of T).
 *
 * Then the two readings have the same ends. Made, the call at offset j ends where S from j
 * ends, and at each such end e the frame goes on to T and may end at e. Read as a loop, S's
 * positions from j run in the frame itself, and wherever they reach ACCEPT at some e, the
 * frame ends at e; by the condition the source of that edge also leads to T at e. Conversely,
 * wherever the frame's own positions reach ACCEPT they reach T too, with either reading. So
 * `a = "x" [ a ]` (no T), `a = "x" *a` (T: the call itself) and `list = item *( "," list )`
 * (T: the ","), whose calls would otherwise each end at every later offset (a frame per
 * offset, each reading to the end: cubic time), are read in time linear in the input.
 */
function selfLoops(a: Automaton): Uint8Array {
  let loops = loopCache.get(a);
  if (loops !== undefined) return loops;
  loops = new Uint8Array(a.positions.length);
  if (a.hasJoins) {
    // (ends reached through joins are not edges to ACCEPT: no call is read as a loop)
    loopCache.set(a, loops);
    return loops;
  }
  const self = a.rule.name.toLowerCase();
  // the targets every way of ending S has: the intersection of the sources' targets
  let common: Set<number> | undefined;
  const meet = (edges: readonly Edge[]): void => {
    if (!edges.some((e) => e.to === ACCEPT)) return;
    const targets = new Set(edges.filter((e) => e.to !== ACCEPT).map((e) => e.to));
    common = common === undefined ? targets : new Set([...common].filter((t) => targets.has(t)));
  };
  meet(a.start);
  a.follow.forEach(meet);
  a.positions.forEach((pos, p) => {
    if (pos.call !== self) return;
    const follows = a.follow[p] ?? [];
    if (!follows.some((e) => e.to === ACCEPT)) return;
    if (follows.every((e) => e.to === ACCEPT || common?.has(e.to) === true)) (loops as Uint8Array)[p] = 1;
  });
  loopCache.set(a, loops);
  return loops;
}

/**
 * The calls of one rule made in one run, by offset: results, and an index from offset to result.
 * A result kept in full is three numbers of `res` (where its ends start in `ends`, how many, how
 * far the call read) and its `expected` (shared labels), its ends in `ends`: typed arrays grown
 * by doubling, not an object and an array per call, which cost 250-300 bytes a call (a list
 * pushed onto grows its store to 19 numbers) and let a match keeping 2,000,000 ends of calls of
 * two ends each take 700 MB (`t = *w`, `w = "x" [ "x" ] / "(" w ")"` on 2 MiB). Now
 * {@link RESULT_BYTES} a result and {@link END_BYTES} an end, twice that at most while grown.
 */
interface Memo {
  /** For offset `base + i`: 0 when unknown, > 0 the result's number in `res` plus one, < 0 a short result ({@link CallRun.#index}). */
  index: Int32Array;
  /** How far `index` is written (past the last offset set). */
  top: number;
  /** Per result kept in full: where its ends start in `ends`, how many, its `furthest`. */
  res: Int32Array;
  /** Per result kept in full: its `expected`. */
  readonly expected: (readonly string[])[];
  /** The results kept in full, and the ends written in `ends`. */
  resTop: number;
  ends: Int32Array;
  endsTop: number;
  /**
   * The code points the rule can start with (`ascii` for those below 128), when the rule
   * cannot match "" and the grammar checks no rule in code: then a call where the next code
   * point is none of them fails there, with the same `expected` wherever it is made (`failed`,
   * once one such call has run): every position alive at that offset is one of the rule's
   * first, and every rule it calls there fails too or ends there. Such calls are answered
   * without a frame.
   */
  readonly first: CodePointSet | undefined;
  readonly ascii: Uint8Array | undefined;
  failed: readonly string[] | undefined;
}

/**
 * The bytes a call's result kept in full costs in a memo (three numbers of four bytes and a
 * reference of eight, Memo), besides {@link END_BYTES} for each of its ends: what bounds a
 * match's memory with {@link KEPT_ENDS_LIMIT} and the input's length (a result per rule and
 * offset called at most). Twice that at most, the arrays being grown by doubling.
 */
export const RESULT_BYTES = 20;
/** The bytes an end of a call costs in a memo (see {@link RESULT_BYTES}). */
export const END_BYTES = 4;

/** The most results and ends a memo keeps its arrays for, for the next run (see {@link CallRun.release}). */
const SPARE_RESULTS = 1024;

/** Per grammar: the memos of a run that ended ({@link CallRun.release}), for the next run. */
const spareMemos = new WeakMap<Compiled, Map<string, Memo>>();

/** The longest memo index kept for the next run (offsets from where a run began). */
const SPARE_INDEX = 4096;

/**
 * One input's memo of calls: (rule, offset) -> ends. Per rule a typed array indexed by offset
 * from where the run began, grown by doubling as far as calls reach (never further than the
 * input read): on deeply nested input there is a call at almost every offset, and completed
 * innermost first, so a map, or an array filled from its far end, spent most of the time
 * outside the collector hashing.
 */
export class CallRun {
  /** The memos by rule: taken from the grammar's spare ones ({@link release}) on first need. */
  #memo: Map<string, Memo> | undefined;
  /** The offset of the run's first call: no call is made before it. */
  #base = -1;
  /** The frames completed, and the steps taken (positions followed, ends of calls read): what a match costs, counted. */
  frames = 0;
  /** The call the frame that stopped last waits for (set by Frame.run; kept here, not in each frame). */
  wantKey = "";
  wantStart = -1;
  work = 0;
  /** The ends kept in the memo beyond the first of each call, against {@link KEPT_ENDS_LIMIT}. */
  kept = 0;
  /** The rule of the run's first call, for the error past the limit. */
  #rule = "";
  constructor(
    readonly compiled: Compiled,
    readonly input: string,
    /** The most steps the run may take ({@link workLimit} of the input's length and the grammar's budgets by default). */
    readonly limit: number = workLimit(input.length, compiled.budgets),
    /** The most ends the run may keep beyond the first of each call (the grammar's budget, {@link KEPT_ENDS_LIMIT} by default). */
    readonly keptLimit: number = compiled.budgets.ends ?? KEPT_ENDS_LIMIT,
    /** The most calls the run may have waiting at once (the grammar's budget, {@link CALL_DEPTH_LIMIT} by default). */
    readonly depthLimit: number = compiled.budgets.depth ?? CALL_DEPTH_LIMIT,
  ) {
    // (the field written a second time, with another value, from the first run on: a field
    // written once is held constant by V8, and the first deep run's store deoptimized the code
    // that made runs)
    this.parked = NO_PARKED;
  }
  /** The most calls that were waiting at once. */
  deepest = 0;
  /**
   * False when only the ends of calls are wanted (a whole-input test): then no result lists
   * what it expected, nor says how far it read (`furthest` may be short of it), which saves
   * finding the labels of every call's furthest offset, and the frames keep no landings.
   * Set before the first call.
   */
  labels = true;
  #infos: Map<string, RuleInfo> | undefined;
  /** Pending offsets followed and no longer referenced, for frames to reuse (at most {@link SPARE}; shared by all runs). */
  readonly spare: Pending[] = SPARE_PENDING;

  /** Asides of frames that completed, for frames to reuse (at most {@link SPARE}; shared by all runs). */
  readonly asides: Aside[] = SPARE_ASIDES;

  /** Keeps what a completed frame kept aside for reuse, when it holds lists of pending offsets (emptied). */
  spareAside(many: Aside | undefined): void {
    if (many === undefined || many.ks === undefined || this.asides.length >= SPARE) return;
    const ps = many.ps as Pending[];
    for (let i = 0; i < many.n; i++) ps[i] = TAKEN;
    many.n = 0;
    many.head = 0;
    many.lists = false;
    many.pending = undefined;
    many.heap = undefined;
    many.endSet = undefined;
    this.asides.push(many);
  }

  /** Keeps a followed Pending for reuse, its lists dropped. */
  spareOf(pend: Pending): void {
    if (this.spare.length >= SPARE) return;
    pend.list = undefined;
    pend.state = undefined;
    pend.seen = undefined;
    this.spare.push(pend);
  }

  /** What a frame reads of rule `key` (see {@link RuleInfo}). */
  ruleInfo(key: string): RuleInfo {
    const last = this.#lastInfo;
    if (last !== undefined && last.key === key) return last;
    let infos = this.#infos;
    if (infos === undefined) {
      infos = ruleInfos.get(this.compiled);
      if (infos === undefined) {
        infos = new Map();
        ruleInfos.set(this.compiled, infos);
      }
      this.#infos = infos;
    }
    let info = infos.get(key);
    if (info === undefined) {
      const a = this.compiled.automaton(key);
      // (after and afterResets a cell per position at once, as their elements stay one kind)
      const n = a.positions.length;
      info = { key, a, dfa: new Dfa(a, this.compiled.budget, true), isCall: callPositions(a), loops: this.compiled.analysis.checks.has(key) ? NO_LOOPS : selfLoops(a), after: new Array<DfaState | undefined>(n).fill(undefined), afterResets: new Array<number>(n).fill(-1) };
      infos.set(key, info);
    }
    this.#lastInfo = info;
    return info;
  }

  /** What {@link ruleInfo} gave last (a frame per call asks: on nested input, for the same rule). */
  #lastInfo: RuleInfo | undefined;

  /** Stops the run: its work passed the limit while reading at `offset`. */
  exceeded(offset: number): never {
    throw matchLimitError(this.input, this.#rule, offset, this.limit);
  }

  /** Counts the ends a result keeps beyond its first; stops the run past {@link KEPT_ENDS_LIMIT}. */
  #keep(r: CallResult, offset: number): void {
    this.#keepEnds(r.ends.length, offset);
  }

  #keepEnds(count: number, offset: number): void {
    if (count < 2) return;
    this.kept += count - 1;
    if (this.kept > this.keptLimit) throw matchLimitError(this.input, this.#rule, offset, this.keptLimit, "ends");
  }

  /** The memo of rule `key`, made empty on first need. */
  #memoOf(key: string): Memo {
    // (the rule of the last memo asked for, at once: on nested input the same rule, twice a call)
    if (key === this.#lastKey) return this.#lastMemo as Memo;
    let memo = this.#memo;
    if (memo === undefined) {
      memo = spareMemos.get(this.compiled) ?? new Map();
      spareMemos.delete(this.compiled);
      this.#memo = memo;
    }
    let m = memo.get(key);
    if (m === undefined) {
      const { first, ascii } = firstOf(this.compiled.analysis, key);
      // (the size of a short input's offsets at once; the index grows no further than the input)
      m = { index: new Int32Array(Math.min(this.input.length - Math.max(this.#base, 0) + 1, 256)), top: 0, res: NO_INTS, expected: [], resTop: 0, ends: NO_INTS, endsTop: 0, first, ascii, failed: undefined };
      memo.set(key, m);
    }
    this.#lastKey = key;
    this.#lastMemo = m;
    return m;
  }

  /** The rule {@link #memoOf} gave the memo of last, and that memo (none once released). */
  #lastKey = "";
  #lastMemo: Memo | undefined;

  /**
   * Ends the run: its memos, emptied, are kept for the grammar's next run (one set per
   * grammar, and only while each is short), so that a test of a short input allocates none.
   * The run must not be used after.
   */
  release(): void {
    const memo = this.#memo;
    if (memo === undefined) return;
    this.#memo = undefined;
    this.#lastKey = "";
    this.#lastMemo = undefined;
    // (every loop run to its end, and every field written, whatever the memos' sizes: leaving a
    // loop over an iterator early closes it, which short inputs never did, and that code, with no
    // type feedback, deoptimized release and isWholeMatch at the end of a first deep match)
    let short = true;
    for (const m of memo.values()) short = short && m.index.length <= SPARE_INDEX;
    if (!short) return;
    for (const m of memo.values()) {
      m.index.fill(0, 0, m.top);
      m.top = 0;
      m.expected.length = 0;
      m.resTop = 0;
      m.endsTop = 0;
      m.res = m.res.length > 3 * SPARE_RESULTS ? NO_INTS : m.res;
      m.ends = m.ends.length > SPARE_RESULTS ? NO_INTS : m.ends;
      m.failed = undefined;
    }
    spareMemos.set(this.compiled, memo);
  }

  /** False when the rule of `m` cannot start at `start` (see Memo.first); true when it can, or when that is not known. */
  #canStart(m: Memo, start: number): boolean {
    const ascii = m.ascii;
    if (ascii === undefined) return true;
    const c = this.input.charCodeAt(start);
    if (c < 128) return ascii[c] === 1;
    if (c !== c) return false; // the end of the input
    const cp = codePointAt(this.input, start);
    return cp >= 0 && hasCodePoint(m.first as CodePointSet, cp);
  }

  /**
   * The results read from the memo that are kept there in short (see {@link #remember}): one
   * object of each kind per run, refilled at each read. The frames read them at once and keep
   * nothing of them but `expected` (shared anyway); what leaves the run is a copy ({@link #own}).
   */
  readonly #none: Scratch = { ends: NO_ENDS, furthest: 0, expected: NO_LABELS };
  readonly #one: Scratch = { ends: [0], furthest: 0, expected: NO_LABELS };
  /** A result of two ends or more, read from the memo: its ends copied into one list, reused. */
  readonly #list: Scratch = { ends: [0, 0], furthest: 0, expected: NO_LABELS };

  #known = (key: string, start: number): CallResult | undefined => {
    const m = this.#memoOf(key);
    const i = start - this.#base;
    const at = i >= 0 && i < m.index.length ? (m.index[i] as number) : 0;
    if (at > 0) return this.#read(m, at - 1);
    if (at === -1) return this.#failedAt(start, NO_LABELS);
    if (at < 0) {
      const one = this.#one;
      const end = start - 2 - at;
      (one.ends as number[])[0] = end;
      one.furthest = end;
      return one;
    }
    if (m.failed !== undefined && !this.#canStart(m, start)) return this.#failedAt(start, m.failed);
    return undefined;
  };

  /** Result `id` of memo `m`, in the scratch result of its number of ends. */
  #read(m: Memo, id: number): CallResult {
    const res = m.res;
    const from = res[3 * id] as number;
    const count = res[3 * id + 1] as number;
    const r = count === 0 ? this.#none : count === 1 ? this.#one : this.#list;
    const out = r.ends as number[];
    if (count > 0) {
      // (pushed past the list's length, never set longer: a length set past its store makes it holey, or a dictionary)
      const ends = m.ends;
      const had = out.length;
      const n = count < had ? count : had;
      for (let j = 0; j < n; j++) out[j] = ends[from + j] as number;
      for (let j = had; j < count; j++) out.push(ends[from + j] as number);
      if (count < had) out.length = count;
    }
    r.furthest = res[3 * id + 2] as number;
    r.expected = m.expected[id] as readonly string[];
    return r;
  }

  /** A call at `start` that ends nowhere and read nothing further, having expected `expected` (a short result: see {@link #none}). */
  #failedAt(start: number, expected: readonly string[]): CallResult {
    const none = this.#none;
    none.furthest = start;
    none.expected = expected;
    return none;
  }

  /** `r` itself, or a copy of it when it is one of the run's short results (refilled at the next read). */
  #own(r: CallResult): CallResult {
    if (r === this.#none) return { ends: NO_ENDS, furthest: r.furthest, expected: r.expected };
    if (r === this.#one) return { ends: [r.ends[0] as number], furthest: r.furthest, expected: r.expected };
    if (r === this.#list) return { ends: r.ends.slice(), furthest: r.furthest, expected: r.expected };
    return r;
  }

  /** Drops what is remembered for (key, start): the ABNF ends of a checked rule, before its checked result. */
  #forget(key: string, start: number): void {
    const m = this.#memo?.get(key);
    const i = start - this.#base;
    if (m !== undefined && i >= 0 && i < m.index.length) m.index[i] = 0;
  }

  #remember(key: string, start: number, r: CallResult): void {
    this.#store(key, start, r.ends, r.furthest, r.expected);
  }

  /** Keeps in the memo of `key` at `start` a result in full: its ends (ascending), `furthest` and `expected` (see {@link Memo}). */
  #store(key: string, start: number, ends: readonly number[], furthest: number, expected: readonly string[]): void {
    const m = this.#memoOf(key);
    const id = m.resTop;
    if (3 * id + 3 > m.res.length) m.res = grownInts(m.res, 3 * id + 3);
    const from = m.endsTop;
    const count = ends.length;
    if (from + count > m.ends.length) m.ends = grownInts(m.ends, from + count);
    const store = m.ends;
    for (let j = 0; j < count; j++) store[from + j] = ends[j] as number;
    m.endsTop = from + count;
    const res = m.res;
    res[3 * id] = from;
    res[3 * id + 1] = count;
    res[3 * id + 2] = furthest;
    m.expected.push(expected);
    m.resTop = id + 1;
    this.#index(key, start, id + 1);
  }

  /**
   * Records in the memo of `key` at `start` the result `r`, or (`r` undefined) the short one
   * `at`: -1 for a call that ends nowhere and read nothing past `start`, -2 - (e - start) for
   * one that ends at e alone and read nothing past it, neither expecting anything. Kept so, the
   * results of an unambiguous grammar's calls when no labels are wanted (isValid: each level
   * of nested JSON) cost no object that outlives the call. `at` > 0: the memo's result `at` - 1 ({@link #store}).
   */
  #index(key: string, start: number, at: number): void {
    const i = start - this.#base;
    // matching only moves forward, so no call starts before the run's first (call, derive);
    // one that did would only go unremembered
    if (i < 0) return;
    const m = this.#memoOf(key);
    if (i >= m.index.length) {
      const grown = new Int32Array(Math.max(Math.min(2 * m.index.length, this.input.length - this.#base + 1), i + 1));
      grown.set(m.index);
      m.index = grown;
    }
    if (i >= m.top) m.top = i + 1;
    m.index[i] = at;
  }

  call(key: string, start: number): CallResult {
    this.begin(start, key);
    const known = this.#known(key, start);
    if (known !== undefined) return this.#own(known);
    try {
      if (this.compiled.analysis.checks.has(key)) return this.#checked(key, start);
      this.complete(new Frame(this, key, start));
      this.parked.release();
    } catch (e) {
      throw this.#stackOut(e, start);
    }
    return this.#own(this.#known(key, start) as CallResult);
  }

  /**
   * The frame of rule `key` at `start` with what a derivation reads (Frame's `derive`), run to
   * completion (derive-calls.ts), ending as {@link call} ends where JavaScript's stack runs out.
   */
  completeForDerivation(key: string, start: number): Frame {
    try {
      const frame = this.complete(new Frame(this, key, start, true));
      this.parked.release();
      return frame;
    } catch (e) {
      throw this.#stackOut(e, start);
    }
  }

  /**
   * What a run that threw `e` from a call at `start` throws. A rule checked in code runs its own
   * stack of calls inside the one that waits for it (#checked), so checked rules nested in each
   * other nest JavaScript calls: where the stack runs out first, the match ends in the depth
   * budget's MatchLimitError, as one nested past CALL_DEPTH_LIMIT does, counting the calls that
   * were waiting. Anything else is thrown as it is.
   */
  #stackOut(e: unknown, start: number): unknown {
    return e instanceof RangeError && this.#checkedDeepest > 0 ? matchLimitError(this.input, this.#rule, start, this.#checkedDeepest, "depth") : e;
  }

  /** How many checked rules' calls ({@link #checked}) wait inside each other now, and at most in this run. */
  #checkedNesting = 0;
  #checkedDeepest = 0;

  /** Sets where the run begins, and its rule, once, before its first call: no call is made before it. */
  begin(start: number, key: string): void {
    if (this.#base >= 0) return;
    this.#base = start;
    this.#rule = this.compiled.analysis.rule(key).name;
  }

  /**
   * Frames that completed, for the next calls to reuse (Frame.reuse): {@link LIVE_LEVELS} at
   * most. Made with its first frame: a list made empty per run starts as one of small integers,
   * and the code of complete optimized on one run's deoptimized at the next run's first push.
   */
  #pool: Frame[] | undefined;

  /**
   * The records of the calls waiting past the first {@link LIVE_LEVELS} levels of the run's
   * completions (Frame.descend): NO_PARKED until one is parked (see the constructor; a field
   * that held undefined in every run until a deep one changed kind there, and deoptimized the
   * code that made runs),
   * then a store of the run's own, whose chunks {@link call} gives back when it ends. A
   * completion nested in another (a check in code, #checked) parks its records above the
   * other's and reads them back before it ends.
   */
  parked: Parked = NOT_PARKED;

  /**
   * Runs `bottom` to completion, running the calls it waits for on an explicit stack; returns
   * it. The frames of the first {@link LIVE_LEVELS} levels are objects (reused from the run's
   * pool); past them only the one that runs is: each one that starts waiting there is parked
   * (Frame.descend), the same object is reused for the call it waits for, and made the waiting
   * one again when that call is done (Frame.ascend).
   */
  complete(bottom: Frame): Frame {
    /** The frames of the levels below LIVE_LEVELS, by level (the bottom's is 0; past the top's, stale). */
    const live: Frame[] = [bottom];
    /** How many frames this completion has: the top's level is one less. */
    let depth = 1;
    let top = bottom;
    for (;;) {
      if (!top.run(this.#known)) {
        this.frames++;
        this.#result(top);
        this.spareAside(top.takeAside());
        depth--;
        // the frame that waited for this call: an object of the levels below LIVE_LEVELS, or
        // parked (Frame.ascend, also where the bottom is done: see Frame.descend)
        const level = depth - 1;
        if (level >= 0 && level < LIVE_LEVELS) {
          const pool = this.#pool;
          if (pool === undefined) this.#pool = [top];
          else if (pool.length < LIVE_LEVELS) pool.push(top);
          top = live[level] as Frame;
          continue;
        }
        top.ascend(level);
        if (level < 0) break;
        continue;
      }
      if (this.compiled.analysis.checks.has(this.wantKey)) this.#checked(this.wantKey, this.wantStart);
      else {
        if (depth >= this.depthLimit) throw matchLimitError(this.input, this.#rule, this.wantStart, this.depthLimit, "depth");
        const key = this.wantKey;
        const start = this.wantStart;
        const level = depth - 1;
        // a completed frame reused below LIVE_LEVELS; else a new one, or past them this one
        // with its state parked (Frame.descend)
        const spare = level < LIVE_LEVELS ? this.#pool?.pop() : undefined;
        if (spare === undefined) top = top.descend(key, start, level);
        else {
          spare.reuse(key, start);
          top = spare;
        }
        if (depth < LIVE_LEVELS) live[depth] = top;
        depth++;
        if (depth > this.deepest) this.deepest = depth;
      }
    }
    return bottom;
  }

  /**
   * The result of a rule checked in code (Analysis.checks) called at `start`: a parser's end,
   * or the ends of the rule's ABNF (every offset on, for a rule that is only prose) where the
   * predicate holds on the text. Each predicate call counts the length of its text against the
   * work limit. Where nothing matches, the rule is what was expected at `start`, by its name.
   */
  #checked(key: string, start: number): CallResult {
    const analysis = this.compiled.analysis;
    const check = analysis.checks.get(key) as RuleCheck;
    const def = analysis.rule(key);
    const input = this.input;
    let ends: number[] = [];
    if (typeof check === "function") {
      let candidates: readonly number[];
      if (def.expr.type === "prose") {
        const all: number[] = [];
        for (let k = start; k <= input.length; k++) all.push(k);
        candidates = all;
      } else {
        if (++this.#checkedNesting > this.#checkedDeepest) this.#checkedDeepest = this.#checkedNesting;
        try {
          candidates = this.complete(new Frame(this, key, start)).ends ?? NO_ENDS;
        } finally {
          this.#checkedNesting--;
        }
      }
      for (const end of [...candidates].sort((x, y) => x - y)) {
        this.work += end - start + 1;
        if (this.work > this.limit) this.exceeded(start);
        let holds: unknown;
        try {
          holds = check(input.slice(start, end));
        } catch (e) {
          throw checkThrew(def.name, e);
        }
        if (holds === true) ends.push(end);
        else if (holds !== false) throw new TypeError(`the check of rule ${def.name} must return true or false, got ${describeValue(holds)}`);
      }
    } else {
      this.work += 1;
      // parsimmon's action at an offset (every parser has one: Parsimmon(action) stores it as _);
      // its reply is read inside the try (a getter may throw), and a success counts only at a
      // whole offset from `start` to the end (7.5 was read as 7: fuzz round 18)
      let reply: unknown;
      let status: unknown;
      let index: unknown;
      try {
        reply = (check as unknown as { _: (input: string, i: number) => unknown })._(input, start);
        if (typeof reply === "object" && reply !== null) ({ status, index } = reply as { status?: unknown; index?: unknown });
      } catch (e) {
        throw checkThrew(def.name, e);
      }
      if (typeof status !== "boolean") throw new TypeError(`the check of rule ${def.name} must be a parsimmon parser, whose action returns a reply; got ${describeValue(reply)}`);
      if (status && Number.isInteger(index) && (index as number) >= start && (index as number) <= input.length) ends = [index as number];
    }
    const r: CallResult = ends.length > 0 ? { ends, furthest: ends[ends.length - 1] as number, expected: NO_LABELS } : { ends: NO_ENDS, furthest: start, expected: [def.name] };
    this.#forget(key, start);
    this.#keep(r, start);
    this.#remember(key, start, r);
    return r;
  }

  readonly #last = [0];
  /** A list of the one end `end`, reused (copied by {@link #store}). */
  #lastOnly(end: number): readonly number[] {
    this.#last[0] = end;
    return this.#last;
  }

  /** Keeps the result of a completed frame in the memo (unless known already). */
  #result(f: Frame): void {
    if (this.#known(f.key, f.start) !== undefined) return;
    const list = f.endList;
    const lastEnd = list === undefined ? f.end0 : (ascending(list)[list.length - 1] as number);
    const ownFurthest = Math.max(f.furthest, lastEnd);
    let expected: readonly string[] = NO_LABELS;
    let at = ownFurthest;
    // labels only where positions are alive at the furthest offset (not where the rule merely ends)
    const lands = f.lands;
    if (lands !== undefined) {
      if (f.addedMax === ownFurthest) expected = this.#labelsAt(f, lands, ownFurthest);
      if (lands.calleeFurthest > at) {
        at = lands.calleeFurthest;
        expected = lands.calleeExpected;
      } else if (lands.calleeFurthest === at && lands.calleeExpected.length > 0) expected = mergeLabels(expected, lands.calleeExpected);
    }
    if (lastEnd < 0 && at === f.start) {
      const m = this.#memoOf(f.key);
      if (m.failed === undefined && !this.#canStart(m, f.start)) m.failed = expected;
    }
    // (without labels, how far a call read is not kept: see labels)
    if (list === undefined && expected.length === 0 && (lands === undefined || at === (lastEnd < 0 ? f.start : lastEnd))) {
      this.#index(f.key, f.start, lastEnd < 0 ? -1 : -2 - (lastEnd - f.start));
      return;
    }
    const ends = list ?? (lastEnd < 0 ? NO_ENDS : this.#lastOnly(lastEnd));
    this.#keepEnds(ends.length, f.start);
    this.#store(f.key, f.start, ends, at, expected);
  }

  /**
   * `edges` and, behind each edge to a call that can end where it starts (at `target`), the
   * edges out of the call: what follows a call that matched "" could stand at `target` too
   * (`r = s "x"` with `s` recursive and nullable expects `"x"` where `s` starts). A join stands
   * for the edges out of it (automaton.ts), so the calls behind joins are looked past as well
   * (`r = "a" n "b"` with a join between "a" and n); the join's own edges are not added, its
   * walk names them (labels.ts edgeLabels), and not behind an edge that enters a token rule,
   * which names them all.
   */
  #pastEmptyCalls(a: Automaton, edges: readonly Edge[], target: number): readonly Edge[] {
    let out: Edge[] | undefined;
    let seen: Set<number> | undefined;
    /** Edges behind joins, looked at for calls (not labelled). */
    let behind: Edge[] | undefined;
    for (let i = 0; i < (out ?? edges).length || (behind !== undefined && behind.length > 0); ) {
      const list = out ?? edges;
      const e = i < list.length ? (list[i++] as Edge) : ((behind as Edge[]).pop() as Edge);
      const pos = e.to === ACCEPT ? undefined : a.positions[e.to];
      if (pos === undefined || (pos.call === undefined && pos.join !== true) || seen?.has(e.to) === true) continue;
      (seen ??= new Set()).add(e.to);
      if (pos.join === true) {
        if (tokenEntered(a, pos.instance, e.context) === undefined) (behind ??= []).push(...(a.follow[e.to] ?? []));
        continue;
      }
      if (!this.call(pos.call as string, target).ends.includes(target)) continue;
      out ??= [...edges];
      out.push(...(a.follow[e.to] ?? []));
    }
    return out ?? edges;
  }

  /**
   * What a call of `key` at `target` expected there: `undefined` (named by the rule) when it read
   * further or expected nothing yet matched nothing; none when it can only match "" there.
   */
  #calleeStart(key: string, target: number): readonly string[] | undefined {
    const r = this.call(key, target);
    return r.furthest === target && (r.expected.length > 0 || r.ends.includes(target)) ? r.expected : undefined;
  }

  /**
   * The labels of the positions alive at `target` (the frame's furthest offset), by the edges
   * that led there: from the start, or out of the positions that landed there, taken in the
   * order their offsets were first reached. The labels of one edge to a character position are
   * made once (edgeLabelsOf) and shared when they are all there is.
   */
  #labelsAt(f: Frame, l: Landings, target: number): readonly string[] {
    const a = f.a;
    let edges: readonly Edge[] = [];
    // where the labels are kept when no call or join is among the edges' targets: by state and
    // class for a step of the DFA, by position for the edges of one position (0: the start)
    let cache: (readonly string[] | undefined)[] | undefined;
    let cls = -1;
    if (target === f.start) {
      edges = a.start;
      cls = 0;
    } else if (l.landed === target && l.count > 0) {
      if (l.count === 1 && l.p0 < 0) {
        // one step of the DFA led here: its labels are kept when no call is among its targets
        const i = -2 - l.p0;
        const state = l.state(i);
        const stepCls = l.read(i, true);
        const next = state.next[stepCls];
        if (next !== undefined && next !== null && !stateCalls(next, a)) {
          cls = stepCls;
          cache = stepLabels.get(state);
          if (cache === undefined) {
            cache = [];
            stepLabels.set(state, cache);
          }
          const known = cache[cls];
          if (known !== undefined) return known;
        }
      }
      if (l.count === 1 && l.p0 >= 0) {
        edges = a.follow[l.p0] ?? [];
        cls = l.p0 + 1;
      } else {
        const more = l.more ?? [];
        const landings: { p: number; order: number }[] = [];
        const landing = (p: number, order: number): void => {
          if (p >= 0) {
            landings.push({ p, order });
            return;
          }
          // the positions of a state that read its code point, in the state's order
          const i = -2 - p;
          const state = l.state(i);
          const cp = l.read(i, false);
          for (const q of state.positions) if (hasCodePoint((a.positions[q] as Position).set, cp)) landings.push({ p: q, order });
        };
        landing(l.p0, l.order0);
        // (the list holds landings of earlier offsets past the first landCount - 1: emptied, not dropped)
        for (let i = 0; i < 2 * (l.count - 1); i += 2) landing(more[i] as number, more[i + 1] as number);
        // stable: in the order landed among those of one order
        landings.sort((x, y) => x.order - y.order);
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
    edges = this.#pastEmptyCalls(a, edges, target);
    if (cache === undefined && cls >= 0) {
      cache = edgesLabels.get(a);
      if (cache === undefined) {
        cache = [];
        edgesLabels.set(a, cache);
      }
      const known = cache[cls];
      if (known !== undefined) return known;
    }
    let out: string[] | undefined;
    let shared: readonly string[] = NO_LABELS;
    let met: Set<number> | undefined;
    let pure = true;
    for (let i = 0; i < edges.length; i++) {
      const e = edges[i] as Edge;
      const pos = e.to === ACCEPT ? undefined : a.positions[e.to];
      if (pos === undefined) continue;
      // (a join may lead to a call: walked with the callees' labels)
      if (pos.call === undefined && pos.join !== true) {
        const labels = edgeLabelsOf(a, e);
        if (labels.length === 0) continue;
        if (out === undefined && shared.length === 0) {
          shared = labels;
          continue;
        }
        out ??= [...shared];
        for (const l of labels) uniquePush(out, l);
      } else {
        pure = false;
        out ??= [...shared];
        edgeLabels(a, e, out, (key) => this.#calleeStart(key, target), (met ??= new Set()));
      }
    }
    const labels = out ?? shared;
    if (cache !== undefined && pure) cache[cls] = Object.isFrozen(labels) ? labels : Object.freeze(labels);
    return labels;
  }
}

/**
 * What a match throws when a rule's check in code threw: the GrammarError "check-threw" naming
 * the rule, with what it threw as its `cause` (so a match throws only the engine's typed errors;
 * the check's own message is not repeated, as it may quote the input).
 */
function checkThrew(rule: string, e: unknown): GrammarError {
  return new GrammarError("check-threw", `the check of rule ${rule} threw (what it threw is this error's cause)`, rule, [], e);
}
