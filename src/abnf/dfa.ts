// A lazily built deterministic automaton over the positions of an automaton without calls: each
// state is the set of positions that may match the next character, plus whether the rule may
// end here. States and transitions are made on first need and kept, so that matching costs one
// table lookup per character on the states a grammar's inputs keep coming back to, with the
// exact ABNF answer (every alternative and every repetition count is followed at once).
//
// What is kept is bounded in memory, not in states: a state costs its positions and its
// transitions, and a state of a large rule can hold tens of thousands of positions
// (`x = *( "a" / "b" ) "a" 20000( "a" / "b" )` has a state for every set of the last 20,001
// characters that were "a"). The DFAs of one grammar share a budget of cells (DfaBudget); when a
// new state would pass it, every one of them forgets its states and transitions (their links
// too, so that nothing forgotten stays reachable) and goes on making new ones. A step that makes
// a state costs time linear in the positions of the state it leaves and the edges out of them
// (a mark array instead of a set, no string keys), so that a match is linear in the input times
// the automaton's size whatever the input, and the memory kept is the budget whatever the input.
import { ACCEPT, AGAIN, doubled, ENTER, LEAVE, type Automaton, type Edge, type Position } from "./automaton.js";
import { hasCodePoint } from "./charset.js";
import { hashOf, sameInts, STATE_CELLS } from "./state-sets.js";

/** A state: positions (sorted ids) that may match next, whether the rule may end here, and its transitions by character class. */
export class DfaState {
  /** By character class: the next state, `null` for none (the match is over), `undefined` until computed. */
  readonly next: (DfaState | null | undefined)[];
  /** The next kept state with the same hash (the DFA's table chains them). */
  sameHash: DfaState | undefined = undefined;
  /** For memoized calls (calls.ts): 1 when some position is a call, 0 when none, -1 until known. */
  calls = -1;
  /** For memoized calls (calls.ts callIndicesAt): its answers by ASCII code, and the budget's resets when they were kept. A field, not a WeakMap entry: read at every offset a frame follows. */
  callsByCode: { readonly resets: number; readonly byCode: (Int32Array | undefined)[] } | undefined = undefined;
  constructor(
    readonly positions: Int32Array,
    readonly accept: boolean,
    classes: number,
    readonly hash: number,
    /**
     * In an automaton with counted repetitions (automaton.ts COUNTS): the count of each of
     * `positions` (a configuration is a position and a count; 0 outside them; a position may
     * appear with several counts). Undefined in every other automaton.
     */
    readonly counts?: Int32Array,
  ) {
    this.next = new Array<DfaState | null | undefined>(classes).fill(undefined);
  }
}

/** The state reached when a stub position reads a character (automaton.ts): the caller switches to the full automaton. */
export const STUB = new DfaState(new Int32Array(0), false, 0, 0);

/**
 * The most cells the lazy DFAs of one grammar keep: a cell is a position of a state or one of
 * its transitions (4 to 8 bytes), and each state counts {@link STATE_CELLS} more for itself.
 * 2,097,152 cells are 8 to 16 MB.
 */
export const CELL_LIMIT = 1 << 21;
/** Flags of a position for a step: its code points are more than two intervals; it is a stub. */
const WIDE_POSITION = 1;
const STUB_POSITION = 2;
/** A join (automaton.ts): its edges are followed at once, and it is never in a state. */
const JOIN_POSITION = 4;

export { STATE_CELLS };

/**
 * The memory the lazy DFAs of one grammar may keep, in cells (see {@link CELL_LIMIT}). The
 * start states are not counted: each DFA always keeps its own.
 */
export class DfaBudget {
  /**
   * Set by the whole engine (counter-leap.ts): reads at once a run of the one class of a counted
   * repetition (runDfa, dfa-run.ts), where the DFA would make a state per count. The automaton
   * core alone (a URI template's matcher) steps.
   */
  declare leap?: Leap;
  /**
   * Set by the whole engine (counter-leap.ts): told, after each step a run makes anew, the
   * {@link work} the run has done; throws past the match's work budget. A state over counted
   * repetitions may hold a configuration per count, as many as the characters read, which no
   * automaton size bounds.
   */
  declare spend?: (dfa: Dfa, input: string, k: number, spent: number) => void;
  /** The configurations the steps over counted repetitions read and made, in all (a step's cost). */
  work = 0;
  #used = 0;
  #resets = 0;
  readonly #dfas: { forget(): void }[] = [];

  constructor(readonly limit: number = CELL_LIMIT) {}

  /** The cells kept now. */
  get used(): number {
    return this.#used;
  }

  /** How many times the DFAs forgot their states to stay within the limit. */
  get resets(): number {
    return this.#resets;
  }

  /** Adds a DFA that shares the budget (a lazy DFA, or its memoized backward pass, live.ts). */
  join(d: { forget(): void }): void {
    this.#dfas.push(d);
  }

  /** Takes `cells` for a new state; first, when they would pass the limit, every DFA forgets its states. */
  take(cells: number): void {
    if (this.#used > 0 && this.#used + cells > this.limit) {
      for (const d of this.#dfas) d.forget();
      this.#used = 0;
      this.#resets++;
    }
    this.#used += cells;
  }
}

/**
 * A run of characters read at once from state `s` at offset `k` (whose code point is `cp`): the
 * state and offset reached, exactly those the steps would reach, and no offset between at which
 * the rule could end that the state reached does not end at; `undefined` to step instead.
 */
export type Leap = (dfa: Dfa, s: DfaState, input: string, k: number, cp: number) => { readonly state: DfaState; readonly end: number } | undefined;

export class Dfa {
  /** The class of each ASCII code point. */
  readonly ascii: Uint16Array;
  /** Class boundaries above ASCII: class `k + FIRST_WIDE` covers `[bounds[k], bounds[k + 1])`. */
  readonly #bounds: Int32Array;
  readonly #firstWide: number;
  readonly classes: number;
  readonly budget: DfaBudget;
  /** The targets of the edges out of position `p`: `succ[succStart[p] .. succStart[p + 1])`, ACCEPT as -1 (and for p = the number of positions, of the start edges). */
  readonly succStart: Int32Array;
  readonly succ: Int32Array;
  /**
   * Per position, its code points when they are at most two intervals (`[lo1, hi1]`, `[lo2,
   * hi2]`: a range, or a letter in both cases), read without a search; `wide` marks the others
   * (more intervals: searched) and `stub` the stubs.
   */
  readonly #lo1: Int32Array;
  readonly #hi1: Int32Array;
  readonly #lo2: Int32Array;
  readonly #hi2: Int32Array;
  readonly #kind: Uint8Array;
  /** Per position, the step that last collected it (so that a step keeps each target once), and that step's targets. */
  readonly #mark: Uint32Array;
  #stamp = 0;
  readonly #targets: Int32Array;
  /** The walk of #reach: the positions whose edges it follows (one, and the joins on the way), and the next edge of each. */
  readonly #walk: Int32Array;
  readonly #walkEdge: Int32Array;
  /** Set by #reach when an edge it follows is to ACCEPT. */
  #accept = false;
  /** In an automaton with counted repetitions: the tables and buffers of #follow (see {@link Counted}). */
  #counted: Counted | undefined = undefined;
  /** The states kept, by hash (chained through sameHash). */
  #table = new Map<number, DfaState>();
  #kept = 0;
  #made = 0;
  readonly #start: DfaState;

  constructor(
    readonly automaton: Automaton,
    budget?: DfaBudget,
    /**
     * Keep each state's positions in the order the edges reach them (first reached first), not
     * sorted: memoized calls (calls.ts) follow a state's positions in that order, as they follow
     * a list of positions, so that what they report (expected labels) is the same either way.
     * A call position never reads a character.
     */
    readonly ordered = false,
    /**
     * In an automaton with counted repetitions: keep, of a position's counts that have reached
     * its repetition's minimum, only the smallest (it can do all that the larger ones can:
     * leave, and iterate as often or more), so that a state holds one configuration per
     * position where the minimum is 0 or 1, and the answers and "expected" lists are the same.
     * Derivations need every count (the preferred reading may hold a larger one): their DFA
     * keeps them all (compiled.ts).
     */
    readonly prune = true,
  ) {
    // Alphabet compression: code points that every position treats alike share a class.
    // (the bounds sorted in a typed array, a set's intervals read by index: for-of over its frozen
    // arrays and the sort of a copied Set cost a template's automaton a quarter of this constructor)
    const cuts = new Set<number>([0, 128]);
    for (const p of automaton.positions) for (let i = 0; i < p.set.length; i++) cuts.add((p.set[i] as readonly [number, number])[0]).add((p.set[i] as readonly [number, number])[1] + 1);
    const sorted = Int32Array.from(cuts).sort();
    const ascii = new Uint16Array(128);
    let cls = 0;
    let next = 1;
    for (let c = 0; c < 128; c++) {
      if (c > 0 && cuts.has(c)) cls = next++;
      ascii[c] = cls;
    }
    this.ascii = ascii;
    const wide = (this.#bounds = sorted.filter((c) => c >= 128));
    this.#firstWide = next;
    this.classes = next + wide.length;

    const n = automaton.positions.length;
    const lists = [...automaton.follow, automaton.start];
    const succStart = new Int32Array(n + 2);
    for (let p = 0; p <= n; p++) succStart[p + 1] = (succStart[p] as number) + (lists[p] as readonly Edge[]).length;
    const succ = new Int32Array(succStart[n + 1] as number);
    for (let p = 0, j = 0; p <= n; p++) for (const e of lists[p] as readonly Edge[]) succ[j++] = e.to === ACCEPT ? -1 : e.to;
    this.succStart = succStart;
    this.succ = succ;
    this.#lo1 = new Int32Array(n).fill(-1);
    this.#hi1 = new Int32Array(n).fill(-2);
    this.#lo2 = new Int32Array(n).fill(-1);
    this.#hi2 = new Int32Array(n).fill(-2);
    this.#kind = new Uint8Array(n);
    automaton.positions.forEach((pos, p) => {
      const set = pos.set;
      this.#kind[p] = (pos.stub !== undefined ? STUB_POSITION : 0) | (set.length > 2 ? WIDE_POSITION : 0) | (pos.join === true ? JOIN_POSITION : 0);
      const a = set[0];
      const b = set[1];
      if (a) (this.#lo1[p] = a[0]), (this.#hi1[p] = a[1]);
      if (b) (this.#lo2[p] = b[0]), (this.#hi2[p] = b[1]);
    });
    this.#mark = new Uint32Array(n);
    this.#targets = new Int32Array(n);
    this.#walk = new Int32Array(automaton.hasJoins ? n + 1 : 1);
    this.#walkEdge = new Int32Array(this.#walk.length);

    this.budget = budget ?? new DfaBudget();
    this.budget.join(this);
    this.#accept = false;
    if (automaton.counters.length > 0) {
      const k = (this.#counted = new Counted(automaton, lists));
      this.#begin();
      this.#follow(k, Int32Array.of(n), Int32Array.of(0), -1);
      const [positions, counts] = this.#configs(k);
      this.#start = new DfaState(positions, this.#accept, this.classes, hashOf(positions, this.#accept, counts), counts);
    } else {
      const positions = this.#sorted(this.#targets.slice(0, this.#reach(n, ++this.#stamp, 0)));
      this.#start = new DfaState(positions, this.#accept, this.classes, hashOf(positions, this.#accept));
    }
    this.#keep(this.#start);
  }

  get start(): DfaState {
    return this.#start;
  }

  /** True when position `p` reads code point `cp` (a call position reads none). */
  reads(p: number, cp: number): boolean {
    if (((this.#kind[p] as number) & WIDE_POSITION) !== 0) return hasCodePoint((this.automaton.positions[p] as Position).set, cp);
    return (cp >= (this.#lo1[p] as number) && cp <= (this.#hi1[p] as number)) || (cp >= (this.#lo2[p] as number) && cp <= (this.#hi2[p] as number));
  }

  /** The class of a code point of 128 or more. */
  classOf(cp: number): number {
    const b = this.#bounds;
    let lo = 0;
    let hi = b.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((b[mid] as number) <= cp) lo = mid;
      else hi = mid - 1;
    }
    return this.#firstWide + lo;
  }

  /** The state after `s` reads code point `cp` of class `cls` (computed and kept on first need). */
  step(s: DfaState, cls: number, cp: number): DfaState | null {
    // (returns STUB when a stub position reads `cp`)
    const known = s.next[cls];
    if (known !== undefined) return known;
    if (s.counts !== undefined) return this.#stepCounted(s, cls, cp);
    const positions = this.automaton.positions;
    const lo1 = this.#lo1;
    const hi1 = this.#hi1;
    const lo2 = this.#lo2;
    const hi2 = this.#hi2;
    const kind = this.#kind;
    if (this.#stamp === 0xffffffff) {
      this.#mark.fill(0);
      this.#stamp = 0;
    }
    const stamp = ++this.#stamp;
    let count = 0;
    this.#accept = false;
    const from = s.positions;
    for (let i = 0; i < from.length; i++) {
      const p = from[i] as number;
      const k = kind[p] as number;
      if ((k & WIDE_POSITION) !== 0) {
        if (!hasCodePoint((positions[p] as Position).set, cp)) continue;
      } else if (!((cp >= (lo1[p] as number) && cp <= (hi1[p] as number)) || (cp >= (lo2[p] as number) && cp <= (hi2[p] as number)))) continue;
      if ((k & STUB_POSITION) !== 0) {
        s.next[cls] = STUB;
        return STUB;
      }
      count = this.#reach(p, stamp, count);
    }
    const next = count > 0 || this.#accept ? this.stateOf(this.#sorted(this.#targets.slice(0, count)), this.#accept) : null;
    s.next[cls] = next;
    return next;
  }

  /** {@link step} in an automaton with counted repetitions: over configurations (a position and its count). */
  #stepCounted(s: DfaState, cls: number, cp: number): DfaState | null {
    const k = this.#counted as Counted;
    this.#begin();
    if (!this.#follow(k, s.positions, s.counts as Int32Array, cp)) {
      s.next[cls] = STUB;
      return STUB;
    }
    const [positions, next] = this.#configs(k);
    this.budget.work += s.positions.length + positions.length;
    const made = positions.length > 0 || this.#accept ? this.stateOf(positions, this.#accept, next) : null;
    s.next[cls] = made;
    return made;
  }

  /** Begins a step over configurations: a new stamp, no target yet. */
  #begin(): void {
    // (a step over configurations takes two stamps: #follow's, then #configs')
    if (this.#stamp >= 0xfffffffe) {
      this.#mark.fill(0);
      (this.#counted as Counted).clear();
      this.#stamp = 0;
    }
    this.#accept = false;
    ++this.#stamp;
  }

  /**
   * Appends to the step's targets the configurations that the edges out of the configurations
   * (`from`, `counts`) reading `cp` reach (`cp` -1: all of them, for the start), the joins
   * followed at once (as #reach does), each edge's count applied (as automaton.ts countAfter
   * does); sets #accept when an edge to ACCEPT is followed. False when a stub reads `cp`. A
   * position is kept with its last two counts of the step (#mark and `k.mark2`), which is every
   * count it meets while the step reads the state in order (count c gives c and c + 1); a
   * target met again past them is appended again, and #configs drops it.
   */
  #follow(k: Counted, from: Int32Array, counts: Int32Array, cp: number): boolean {
    const { succStart, succ } = this;
    const { kind: ops, min, max, markC, mark2, markC2, stack } = k;
    const mark = this.#mark;
    const kinds = this.#kind;
    const stamp = this.#stamp;
    const width = k.width;
    let outP = k.outP;
    let outC = k.outC;
    let n = 0;
    let last = -1;
    let sorted = true;
    for (let q = 0; q < from.length; q++) {
      const p = from[q] as number;
      if (cp >= 0) {
        if (!this.reads(p, cp)) continue;
        if (((kinds[p] as number) & STUB_POSITION) !== 0) return false;
      }
      stack.push(p, counts[q] as number);
      while (stack.length > 0) {
        const cu = stack.pop() as number;
        const u = stack.pop() as number;
        for (let i = succStart[u] as number; i < (succStart[u + 1] as number); i++) {
          let ct = cu;
          const op = ops[i] as number;
          if (op === ENTER) ct = 1;
          else if (op === LEAVE) {
            if (cu < (min[i] as number)) continue;
            ct = 0;
          } else if (op === AGAIN) {
            const most = max[i] as number;
            if (most === Infinity) ct = Math.min(cu + 1, Math.max(min[i] as number, 1));
            else if (cu < most) ct = cu + 1;
            else continue;
          }
          const t = succ[i] as number;
          if (t < 0) {
            this.#accept = true;
            continue;
          }
          if ((mark[t] === stamp && markC[t] === ct) || (mark2[t] === stamp && markC2[t] === ct)) continue;
          mark2[t] = mark[t] as number;
          markC2[t] = markC[t] as number;
          mark[t] = stamp;
          markC[t] = ct;
          if (((kinds[t] as number) & JOIN_POSITION) !== 0) stack.push(t, ct);
          else {
            if (n === outP.length) [outP, outC] = k.grow();
            const key = ct * width + t;
            sorted &&= key > last;
            last = key;
            outP[n] = t;
            outC[n++] = ct;
          }
        }
      }
    }
    k.n = n;
    k.sorted = sorted;
    return true;
  }

  /**
   * The step's configurations as a state keeps them: each once, sorted by count then position
   * (a step keeps that order from the state it reads: count c gives c and c + 1), and pruned
   * (see {@link prune}): of a position's counts at or past its repetition's minimum, the first
   * (smallest) stands for the others.
   */
  #configs(k: Counted): [Int32Array, Int32Array] {
    const n = k.n;
    const outP = k.outP;
    const outC = k.outC;
    if (!k.sorted) {
      // a native sort of the packed keys `count × width + position` (below 2^53), then each once
      const width = k.width;
      const keys = new Float64Array(n);
      for (let j = 0; j < n; j++) keys[j] = (outC[j] as number) * width + (outP[j] as number);
      keys.sort();
      for (let j = 0; j < n; j++) {
        const key = keys[j] as number;
        const c = Math.floor(key / width);
        outC[j] = c;
        outP[j] = key - c * width;
      }
    }
    const stamp = ++this.#stamp;
    const mark = this.#mark;
    const minOf = k.minOf;
    const prune = this.prune;
    let m = 0;
    for (let j = 0; j < n; j++) {
      const p = outP[j] as number;
      const c = outC[j] as number;
      if (m > 0 && outP[m - 1] === p && outC[m - 1] === c) continue;
      if (prune && c >= (minOf[p] as number)) {
        if (mark[p] === stamp) continue;
        mark[p] = stamp;
      }
      outP[m] = p;
      outC[m++] = c;
    }
    return [outP.slice(0, m), outC.slice(0, m)];
  }

  /** A state's positions as kept: sorted, unless the DFA is {@link ordered} (most steps reach them sorted already). */
  #sorted(made: Int32Array): Int32Array {
    if (this.ordered) return made;
    for (let i = 1; i < made.length; i++) if ((made[i] as number) < (made[i - 1] as number)) return made.sort();
    return made;
  }

  /**
   * Appends to the step's targets, from `count` on, the positions the edges out of position `p`
   * reach (marked with `stamp`, each once), in their order; an edge to a join is followed at
   * once, depth first, as if its edges stood in its place (automaton.ts). Sets #accept when an
   * edge is to ACCEPT. Returns the new count. A walk, not a recursion: joins chain as deep as
   * the rule is long; no cycle reads nothing, and each join is followed once a step.
   */
  #reach(p: number, stamp: number, count: number): number {
    const { succStart, succ } = this;
    const mark = this.#mark;
    const walk = this.#walk;
    const edge = this.#walkEdge;
    let depth = 0;
    walk[0] = p;
    edge[0] = succStart[p] as number;
    while (depth >= 0) {
      const i = edge[depth] as number;
      if (i >= (succStart[(walk[depth] as number) + 1] as number)) {
        depth--;
        continue;
      }
      edge[depth] = i + 1;
      const t = succ[i] as number;
      if (t < 0) this.#accept = true;
      else if (mark[t] !== stamp) {
        mark[t] = stamp;
        if (((this.#kind[t] as number) & JOIN_POSITION) !== 0) {
          walk[++depth] = t;
          edge[depth] = succStart[t] as number;
        } else this.#targets[count++] = t;
      }
    }
    return count;
  }

  /**
   * The kept state of these positions (unique; sorted unless the DFA is {@link ordered}) and, in
   * an automaton with counted repetitions, their counts, made when there is none (a copy of
   * `positions`: the caller may reuse its array).
   */
  stateOf(positions: Int32Array | readonly number[], accept: boolean, counts?: Int32Array): DfaState {
    const hash = hashOf(positions, accept, counts);
    for (let s = this.#table.get(hash); s !== undefined; s = s.sameHash) {
      if (s.accept === accept && sameInts(s.positions, positions) && (counts === undefined || sameInts(s.counts as Int32Array, counts))) return s;
    }
    // may make every DFA of the budget forget its states, this one's too
    this.budget.take(positions.length * (counts === undefined ? 1 : 2) + this.classes + STATE_CELLS);
    const s = new DfaState(Int32Array.from(positions), accept, this.classes, hash, counts);
    this.#keep(s);
    this.#made++;
    return s;
  }

  #keep(s: DfaState): void {
    s.sameHash = this.#table.get(s.hash);
    this.#table.set(s.hash, s);
    this.#kept++;
  }

  /**
   * Forgets every state but the start, and every transition, the start's too: nothing
   * forgotten stays reachable from what is kept (a run in progress goes on from the state it
   * holds, making its next state anew).
   */
  forget(): void {
    for (const head of this.#table.values()) {
      for (let s: DfaState | undefined = head; s !== undefined; ) {
        const after: DfaState | undefined = s.sameHash;
        s.next.fill(undefined);
        s.sameHash = undefined;
        s = after;
      }
    }
    this.#table = new Map();
    this.#kept = 0;
    this.#keep(this.#start);
  }

  /** The number of states kept now, the start included (for tests and the benchmark). */
  get size(): number {
    return this.#kept;
  }

  /** The number of states made so far, the start not included (for tests and the benchmark). */
  get made(): number {
    return this.#made;
  }
}

/**
 * What the lazy DFA of an automaton with counted repetitions (automaton.ts COUNTS) keeps to
 * make a state's configurations (a position and its count) as cheaply as it makes positions:
 * typed tables per edge, marks per position, and the step's targets, packed as `count × width +
 * position` for a native sort.
 */
class Counted {
  /** Per edge: its kind (ENTER, AGAIN, LEAVE; 0 keeps the count) and its repetition's bounds. */
  readonly kind: Uint8Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  /** Per position: its repetition's minimum (Infinity outside one), for pruning. */
  readonly minOf: Float64Array;
  /** Per position: the count of the step's last mark (Dfa #mark), and the mark and count before it. */
  readonly markC: Int32Array;
  readonly mark2: Uint32Array;
  readonly markC2: Int32Array;
  readonly width: number;
  /** The walk of #follow: positions and counts, in pairs. */
  readonly stack: number[] = [];
  /** The step's targets (`n` of them), and whether they came in increasing order of count then position. */
  outP: Int32Array = new Int32Array(64);
  outC: Int32Array = new Int32Array(64);
  n = 0;
  sorted = true;

  constructor(a: Automaton, lists: readonly (readonly Edge[])[]) {
    const n = a.positions.length;
    const edges = lists.flat();
    this.kind = Uint8Array.from(edges, (e) => (e.count ?? 0) & 3);
    this.min = Float64Array.from(edges, (e) => a.counters[(e.count ?? 0) >> 2]?.min ?? 0);
    this.max = Float64Array.from(edges, (e) => a.counters[(e.count ?? 0) >> 2]?.max ?? 0);
    this.minOf = new Float64Array(n).fill(Infinity);
    for (const k of a.counters) this.minOf.fill(k.min, k.from, k.to);
    this.markC = new Int32Array(n);
    this.mark2 = new Uint32Array(n);
    this.markC2 = new Int32Array(n);
    this.width = n + 1;
  }

  /** Forgets the marks (the stamps start over). */
  clear(): void {
    this.mark2.fill(0);
  }

  grow(): [Int32Array, Int32Array] {
    return [(this.outP = doubled(this.outP)), (this.outC = doubled(this.outC))];
  }
}
