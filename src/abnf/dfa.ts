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
import { ACCEPT, type Automaton, type Edge, type Position } from "./automaton.js";
import { hasCodePoint } from "./charset.js";

/** A state: positions (sorted ids) that may match next, whether the rule may end here, and its transitions by character class. */
export class DfaState {
  /** By character class: the next state, `null` for none (the match is over), `undefined` until computed. */
  readonly next: (DfaState | null | undefined)[];
  /** The next kept state with the same hash (the DFA's table chains them). */
  sameHash: DfaState | undefined = undefined;
  /** For memoized calls (calls.ts): 1 when some position is a call, 0 when none, -1 until known. */
  calls = -1;
  constructor(
    readonly positions: Int32Array,
    readonly accept: boolean,
    classes: number,
    readonly hash: number,
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

/** What a state costs besides its positions and transitions, in cells. */
export const STATE_CELLS = 16;

/**
 * The memory the lazy DFAs of one grammar may keep, in cells (see {@link CELL_LIMIT}). The
 * start states are not counted: each DFA always keeps its own.
 */
export class DfaBudget {
  #used = 0;
  #resets = 0;
  readonly #dfas: Dfa[] = [];

  constructor(readonly limit: number = CELL_LIMIT) {}

  /** The cells kept now. */
  get used(): number {
    return this.#used;
  }

  /** How many times the DFAs forgot their states to stay within the limit. */
  get resets(): number {
    return this.#resets;
  }

  /** Adds a DFA that shares the budget. */
  join(d: Dfa): void {
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
  ) {
    // Alphabet compression: code points that every position treats alike share a class.
    const cuts = new Set<number>([0, 128]);
    for (const p of automaton.positions) for (const [lo, hi] of p.set) cuts.add(lo).add(hi + 1);
    const sorted = [...cuts].sort((a, b) => a - b);
    const ascii = new Uint16Array(128);
    let cls = 0;
    let next = 1;
    for (let c = 0; c < 128; c++) {
      if (c > 0 && cuts.has(c)) cls = next++;
      ascii[c] = cls;
    }
    this.ascii = ascii;
    const wide = sorted.filter((c) => c >= 128);
    this.#bounds = Int32Array.from(wide);
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
      const [a, b] = set;
      if (a !== undefined) [this.#lo1[p], this.#hi1[p]] = a;
      if (b !== undefined) [this.#lo2[p], this.#hi2[p]] = b;
    });
    this.#mark = new Uint32Array(n);
    this.#targets = new Int32Array(n);
    this.#walk = new Int32Array(automaton.hasJoins ? n + 1 : 1);
    this.#walkEdge = new Int32Array(this.#walk.length);

    this.budget = budget ?? new DfaBudget();
    this.budget.join(this);
    this.#accept = false;
    const positions = this.#sorted(this.#targets.slice(0, this.#reach(n, ++this.#stamp, 0)));
    this.#start = new DfaState(positions, this.#accept, this.classes, hashOf(positions, this.#accept));
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
    const next = count > 0 || this.#accept ? this.#intern(this.#sorted(this.#targets.slice(0, count)), this.#accept) : null;
    s.next[cls] = next;
    return next;
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
   * The kept state of these positions (unique; sorted unless the DFA is {@link ordered}), made
   * when there is none.
   */
  stateOf(positions: readonly number[], accept: boolean): DfaState {
    const hash = hashOf(positions, accept);
    for (let s = this.#table.get(hash); s !== undefined; s = s.sameHash) {
      if (s.accept === accept && sameInts(s.positions, positions)) return s;
    }
    return this.#intern(Int32Array.from(positions), accept);
  }

  /** The kept state of these positions (sorted, unique), made when there is none. */
  #intern(positions: Int32Array, accept: boolean): DfaState {
    const hash = hashOf(positions, accept);
    for (let s = this.#table.get(hash); s !== undefined; s = s.sameHash) {
      if (s.accept === accept && sameInts(s.positions, positions)) return s;
    }
    // may make every DFA of the budget forget its states, this one's too
    this.budget.take(positions.length + this.classes + STATE_CELLS);
    const s = new DfaState(positions, accept, this.classes, hash);
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

/** A hash of a sorted position set and its accept flag (h × 31 + id, in 32 bits; plain arithmetic, which every engine inlines). */
function hashOf(positions: Int32Array | readonly number[], accept: boolean): number {
  let h = accept ? 1 : 0;
  for (let i = 0; i < positions.length; i++) h = ((h << 5) - h + (positions[i] as number)) | 0;
  return h;
}

function sameInts(a: Int32Array, b: Int32Array | readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
