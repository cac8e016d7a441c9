// A lazily built deterministic automaton over the positions of an automaton without calls: each
// state is the set of positions that may match the next character, plus whether the rule may
// end here. States and transitions are made on first need and kept (up to a limit, after which
// the cache starts over), so matching costs one table lookup per character: linear in the
// input whatever the grammar, with the exact ABNF answer (every alternative and every
// repetition count is followed at once).
import { ACCEPT, type Automaton } from "./automaton.js";
import { hasCodePoint } from "./charset.js";

/** A state: positions (sorted ids) that may match next, whether the rule may end here, and its transitions by character class. */
export class DfaState {
  /** By character class: the next state, `null` for none (the match is over), `undefined` until computed. */
  readonly next: (DfaState | null | undefined)[];
  constructor(
    readonly positions: Int32Array,
    readonly accept: boolean,
    classes: number,
  ) {
    this.next = new Array<DfaState | null | undefined>(classes).fill(undefined);
  }
}

/** The state reached when a stub position reads a character (automaton.ts): the caller switches to the full automaton. */
export const STUB = new DfaState(new Int32Array(0), false, 0);

/** The most states kept before the cache starts over. */
const STATE_LIMIT = 10_000;

export class Dfa {
  /** The class of each ASCII code point. */
  readonly ascii: Uint16Array;
  /** Class boundaries above ASCII: class `k + FIRST_WIDE` covers `[bounds[k], bounds[k + 1])`. */
  readonly #bounds: Int32Array;
  readonly #firstWide: number;
  readonly classes: number;
  #states = new Map<string, DfaState>();
  #start: DfaState;

  constructor(readonly automaton: Automaton) {
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
    this.#start = this.#intern(
      automaton.start.filter((e) => e.to !== ACCEPT).map((e) => e.to),
      automaton.start.some((e) => e.to === ACCEPT),
    );
  }

  get start(): DfaState {
    return this.#start;
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

  #intern(targets: readonly number[] | Int32Array, accept: boolean): DfaState {
    const sorted = Int32Array.from(new Set(targets)).sort();
    const key = `${accept ? "+" : "-"}${sorted.join(",")}`;
    let s = this.#states.get(key);
    if (s === undefined) {
      if (this.#states.size >= STATE_LIMIT) this.#states = new Map();
      s = new DfaState(sorted, accept, this.classes);
      this.#states.set(key, s);
    }
    return s;
  }

  /** The state after `s` reads code point `cp` of class `cls` (computed and kept on first need). */
  step(s: DfaState, cls: number, cp: number): DfaState | null {
    // (returns STUB when a stub position reads `cp`)
    const known = s.next[cls];
    if (known !== undefined) return known;
    const { positions, follow } = this.automaton;
    const targets: number[] = [];
    let accept = false;
    for (const p of s.positions) {
      const pos = positions[p];
      if (pos === undefined || !hasCodePoint(pos.set, cp)) continue;
      if (pos.stub !== undefined) {
        s.next[cls] = STUB;
        return STUB;
      }
      for (const e of follow[p] ?? []) {
        if (e.to === ACCEPT) accept = true;
        else targets.push(e.to);
      }
    }
    const next = targets.length === 0 && !accept ? null : this.#intern(targets, accept);
    s.next[cls] = next;
    return next;
  }

  /** The number of states currently kept (for tests and the benchmark). */
  get size(): number {
    return this.#states.size;
  }
}
