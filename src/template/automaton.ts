// The matcher's automaton: a template's language (language.ts) compiled to a Thompson automaton
// over units (units.ts). Matching a URI is two linear passes: backward, the set of states from
// which the rest of the URI can be read is computed at every offset (the sets are interned and
// each step is memoized by set and unit class: a lazily built reverse DFA, one table lookup per
// unit once warm); forward, the path is read off by preference, never entering a dead state. A
// value span with a prefix modifier (at most max-length characters, RFC 6570 §2.4.1) is not
// unrolled into states: it is one edge whose condition, "a live end within max-length
// characters", the backward pass keeps as a count per offset.
import { BITS_LIMIT, bitsOf, hasMember, reverseEdges } from "../abnf/state-sets.js";
import type { Lang, Tag, TemplateLanguage } from "./language.js";
import { triplet } from "../percent-encoding.js";
import { charLength, R_ANY, single, U_SINGLE, UNIT_COUNT, unitAt, unitsOf, upperTriplets, UTF8_SEQUENCES, type Units, type UnitSet } from "./units.js";

export const EPS = 0;
export const UNIT = 1;
export const ACCEPT = 2;
export const BOUNDED = 3;

/** A value span with a prefix modifier, as one edge from `state` to `exit`. */
export interface Bounded {
  readonly state: number;
  readonly exit: number;
  readonly max: number;
  readonly min1: boolean;
  readonly reserved: boolean;
  readonly open: number;
  readonly close: number;
  /** The units of the separators at which the span stops when it can (empty: none). */
  readonly yieldAt: readonly number[];
}

/**
 * A template's automaton, in flat typed arrays (a router holds one per route, and a state of
 * each literal character: 9 to 13 bytes a state here, where an array of pointers per field and
 * a typed array per state's edges made it some 50).
 */
export interface Nfa {
  readonly size: number;
  readonly kind: Uint8Array;
  /**
   * The empty edges, one array for all: EPS state s's are `epsEdge[epsStart[s]]` to
   * `epsEdge[epsStart[s + 1] - 1]`, target, tag (or -1), target, tag, ... in order of preference.
   */
  readonly epsStart: Int32Array;
  readonly epsEdge: Int32Array;
  /** The unit sets the automaton reads, each once (index 0: none). */
  readonly sets: readonly (UnitSet | undefined)[];
  /** Per state: the index in `sets` of the unit set it reads (UNIT states; 0 for others). */
  readonly unitOf: Uint16Array;
  /** UNIT states: the state after the unit; BOUNDED states: their index in `bounded`; others -1. */
  readonly unitNext: Int32Array;
  readonly bounded: readonly Bounded[];
  readonly start: number;
  readonly accept: number;
  readonly tags: readonly Tag[];
  /** EPS states that are a span's head: the units (ASCII) of the separators at which it stops when it can (its last edge, the exit, comes first then). */
  readonly yieldAt: ReadonlyMap<number, readonly number[]>;
  /**
   * What the automaton keeps, in entries of four bytes (V8 on 64 bits, as measured): its typed
   * arrays (11 bytes a state and its empty edges) and 5 bytes a state more (its unit sets'
   * places, span heads' yieldAt), 96 bytes a tag, 160 a bounded span, and 4 KB for its objects
   * (a typed array with its buffer is some 320 bytes before its elements; a map, an array).
   */
  readonly retained: number;
}

/** The unit set state `s` of `nfa` reads (undefined: none). */
export const unitsAt = (nfa: Nfa, s: number): UnitSet | undefined => nfa.sets[nfa.unitOf[s] as number];

/** The text of unit `code` (units.ts): its character, or its triplet with the case of its hex digits (case bit 1 the first, 2 the second). */
export const unitText = (code: number): string => (code < 0x80 ? String.fromCharCode(code) : triplet(code & 0xff).replace(/./g, (d, i: number) => (((code >> 8) - 1) & i ? d.toLowerCase() : d)));

/** The empty edges of state `s` of `nfa` (target, tag, ...; a view of its one array). */
export const edgesOf = (nfa: Nfa, s: number): Int32Array => nfa.epsEdge.subarray(nfa.epsStart[s], nfa.epsStart[s + 1]);

/** `make`, each answer kept in `cache` by its argument (unit sets are made once and shared: units.ts, and these). */
function memoized<K, V>(cache: { get(k: K): V | undefined; set(k: K, v: V): unknown }, make: (k: K) => V): (k: K) => V {
  return (k) => {
    let v = cache.get(k);
    if (v === undefined) cache.set(k, (v = make(k)));
    return v;
  };
}
const upper = /* @__PURE__ */ memoized(new Map<readonly number[], UnitSet>(), (r) => upperTriplets(r as readonly [number, number]));
const unitSetOf = /* @__PURE__ */ memoized(new Map<number, UnitSet>(), single);

/**
 * The most states a template's automaton may have (about 60 per varspec, one per literal
 * character; some 300 bytes each with the matcher's tables): 4,000 varspecs or so. A larger
 * template is not compiled: matching it is the TemplateError "match-limit".
 */
export const STATE_LIMIT = 1 << 18;

/** The edges of a state that has no empty edge (while the automaton is built). */
const NO_EDGES: number[] = [];

/** What {@link buildNfa} throws past {@link STATE_LIMIT} (told apart by identity). */
export const TOO_LARGE: object = {};

/**
 * Compiles a template's language (throws {@link TOO_LARGE} past {@link STATE_LIMIT} states). With `unbounded`, a prefix's span is compiled as if it had no
 * max-length (a superset, for the router's forward pass; the template's own matcher checks).
 */
export function buildNfa(lang: TemplateLanguage, unbounded = false): Nfa {
  const kind: number[] = [];
  const eps: number[][] = [];
  const unitOf: number[] = [];
  const unitNext: number[] = [];
  const bounded: Bounded[] = [];
  const yieldAt = new Map<number, number[]>();
  const sets: (UnitSet | undefined)[] = [undefined];
  const setIndex = new Map<UnitSet, number>();
  /** A new state of kind `k`: its empty edges, its unit set's index and the state after its unit. */
  const add = (k: number, edges = NO_EDGES, set = 0, next = -1): number => {
    if (kind.length >= STATE_LIMIT) throw TOO_LARGE;
    eps.push(edges);
    unitOf.push(set);
    unitNext.push(next);
    return kind.push(k) - 1;
  };
  const epsState = (edges: number[]): number => add(EPS, edges);
  const unit = (set: UnitSet, next: number): number => {
    let i = setIndex.get(set);
    if (i === undefined) setIndex.set(set, (i = sets.push(set) - 1));
    return add(UNIT, NO_EDGES, i, next);
  };
  const litCache = new Map<string, number[]>();
  const memo = new Map<string, number>();

  const span = (x: Extract<Lang, { t: "span" }>, next: number): number => {
    // the units of the separators at which the span stops when it can
    const y = [...(x.yieldAt ?? "")].map((c) => c.charCodeAt(0));
    if (x.max !== undefined && !unbounded) {
      const s = add(BOUNDED);
      unitNext[s] = bounded.length;
      // (the span's max, min1, reserved, open and close; its yieldAt as units)
      bounded.push({ state: s, exit: next, ...x, yieldAt: y } as Bounded);
      return s;
    }
    const head = epsState([]);
    const starters: number[] = [];
    if (x.reserved) starters.push(unit(R_ANY, head));
    else {
      starters.push(unit(U_SINGLE, head));
      for (const q of UTF8_SEQUENCES) {
        let s = head;
        for (let i = q.length - 1; i >= 0; i--) s = unit(upper(q[i] as readonly number[]), s);
        starters.push(s);
      }
    }
    const edges = starters.flatMap((s) => [s, -1]);
    eps[head] = [...edges, next, x.close];
    if (y.length > 0) yieldAt.set(head, y);
    return epsState([x.min1 ? epsState(edges) : head, x.open]);
  };

  const build = (x: Lang, next: number): number => {
    switch (x.t) {
      case "lit": {
        let codes = litCache.get(x.text);
        if (codes === undefined) litCache.set(x.text, (codes = unitsOf(x.text)));
        for (let i = codes.length - 1; i >= 0; i--) next = unit(unitSetOf(codes[i] as number), next);
        return next;
      }
      case "seq":
        for (let i = x.items.length - 1; i >= 0; i--) next = build(x.items[i] as Lang, next);
        return next;
      case "alt":
        return epsState(x.items.flatMap((it) => [build(it, next), -1]));
      case "star": {
        const head = epsState([]);
        const body = build(x.item, head);
        const after = eps[next] as number[];
        // yieldFirst: the continuation's first alternative, then another round, then the others
        eps[head] = x.yieldFirst !== undefined && kind[next] === EPS && after.length > 2 ? [after[0] as number, after[1] as number, body, -1, ...after.slice(2)] : [body, -1, next, -1];
        return head;
      }
      case "item":
        return build(x.body, next);
      case "mark":
        return epsState([next, x.tag]);
      case "span":
        return span(x, next);
      case "ref": {
        const key = `${x.name}@${next}`;
        const known = memo.get(key);
        if (known !== undefined) return known;
        // an expression's chain rules refer to the next one: build them last to first, so that
        // no recursion grows with the number of varspecs
        const m = /^expression-(\d+)$/.exec(x.name);
        if (m !== null) for (let v = lang.expressions[Number(m[1]) - 1]?.varspecs.length ?? 0; v >= 2; v--) build({ t: "ref", name: `${x.name}-${v}` }, next);
        const entry = build(lang.rules.get(x.name) as Lang, next);
        memo.set(key, entry);
        return entry;
      }
    }
  };

  const accept = add(ACCEPT);
  const start = build({ t: "ref", name: "template" }, accept);
  const size = kind.length;
  const epsStart = new Int32Array(size + 1);
  eps.forEach((e, q) => (epsStart[q + 1] = (epsStart[q] as number) + e.length));
  const epsEdge = Int32Array.from(eps.flat());
  return {
    size,
    kind: Uint8Array.from(kind),
    epsStart,
    epsEdge,
    sets,
    unitOf: Uint16Array.from(unitOf),
    unitNext: Int32Array.from(unitNext),
    bounded,
    start,
    accept,
    tags: lang.tags,
    yieldAt,
    retained: 4 * size + epsEdge.length + 24 * lang.tags.length + 40 * bounded.length + 1024,
  };
}

/** The units of each set. */
const membersOf = /* @__PURE__ */ memoized(new WeakMap<UnitSet, Int32Array>(), (set) => {
  const out: number[] = [];
  for (let c = 0; c < UNIT_COUNT; c++) if (set[c] === 1) out.push(c);
  return Int32Array.from(out);
});

/**
 * Unit codes grouped into classes that every unit set of the given ones treats alike, numbered
 * in the order of their lowest unit. Partition refinement: each set moves its units out of the
 * classes they were in, one new class per class it cuts; then the classes are numbered by lowest
 * unit. The work is the units the sets hold, plus one pass over all units. `rep[k]`: the lowest
 * unit of class k (one unit tells whether a set holds the class). Kept by the list: an
 * automaton's list of sets is made once and never changed, so its classes are shared by its
 * matchers (the router's list is made anew when a route brings new sets).
 */
export const unitClasses = /* @__PURE__ */ memoized(new WeakMap<readonly (UnitSet | undefined)[], ReturnType<typeof partition>>(), partition);
function partition(sets: readonly (UnitSet | undefined)[]): { classOf: Uint16Array; count: number; rep: Int32Array } {
  const unique: Int32Array[] = [];
  for (const set of new Set(sets)) if (set !== undefined) unique.push(membersOf(set));
  let size = 1;
  for (const m of unique) size += m.length;
  // class numbers are never reused: at most one new number per unit a set holds
  const cls = new Int32Array(UNIT_COUNT);
  const stamp = new Int32Array(size).fill(-1);
  const moved = new Int32Array(size);
  let next = 1;
  for (let i = 0; i < unique.length; i++) {
    const m = unique[i] as Int32Array;
    for (let j = 0; j < m.length; j++) {
      const c = m[j] as number;
      const k = cls[c] as number;
      if (stamp[k] !== i) {
        stamp[k] = i;
        moved[k] = next++;
      }
      cls[c] = moved[k] as number;
    }
  }
  const order = new Int32Array(next).fill(-1);
  const classOf = new Uint16Array(UNIT_COUNT);
  const rep: number[] = [];
  for (let c = 0; c < UNIT_COUNT; c++) {
    const k = cls[c] as number;
    if ((order[k] as number) < 0) order[k] = rep.push(c) - 1;
    classOf[c] = order[k] as number;
  }
  return { classOf, count: rep.length, rep: Int32Array.from(rep) };
}

/** A backward pass over one URI: the live set at every offset, and the counts of bounded spans. */
export interface Pass {
  readonly units: Units;
  readonly setAt: Int32Array;
  /** Per bounded span: the fewest characters from each offset to a live end (max + 1: too far). */
  readonly need: readonly Uint16Array[];
}

/** Past this many interned sets, a matcher forgets them (and its memo) before its next run. */
const SET_LIMIT = 20_000;
/**
 * What one template's automata keep between calls (the sets and tables their lazy DFAs have
 * built), in entries of about four bytes: after a call that leaves more in one of them (the
 * matcher's backward DFA, the forward DFA of the walk and the explanation), that one forgets it all. The bound is
 * this plus 64 per state of the automaton ({@link memoLimit}). Real templates keep a few hundred;
 * a hostile one (a long literal repeating itself) would keep megabytes per call.
 */
export const MEMO_LIMIT = 1 << 15;

/**
 * What a matcher or a forward automaton keeps besides the arrays it counts, in entries of four
 * bytes (V8 on 64 bits, as measured): the classes of the 1,280 units (2.5 KB, one copy for the
 * two) and 3.5 KB of objects (typed arrays, some 320 bytes each with their buffers before their
 * elements; maps, arrays).
 */
const FIXED = 1536;

/** What the lazy DFAs of `nfa` may keep between calls, in entries ({@link MEMO_LIMIT}). */
export const memoLimit = (nfa: Nfa): number => MEMO_LIMIT + 64 * nfa.size;
/** Steps that depend on more bounded spans than this are not memoized (their keys would not fit a double). */
const MASKED_MEMO_LIMIT = 20;

/**
 * The most state-set work one explanation, one forward walk or one router pass may do: the
 * states of the sets it builds and reads, summed, and the characters of each new set's key
 * (the set written out to intern it: writing, hashing and keeping it cost about half a state a
 * character; about 0.3 s, and at most about 40 MB held). The backward pass has twice this
 * ({@link PASS_LIMIT}). Sets of states
 * stay small on real templates; a long literal that repeats itself ("aaaa...{x}", "{x}abab...")
 * makes them grow with the literal, and the work with its square: past this, the answer is
 * "over the limit" (template.ts: the TemplateError "match-limit"), not a process out of memory.
 */
export const WORK_LIMIT = 1 << 22;

/**
 * The most work one backward pass may do ({@link Matcher.run}), in {@link WORK_LIMIT}'s units,
 * its sets' keys included. It counted no keys within 2^22 before: "{y}" + 2,000 "a" + "{x}" +
 * 20,000 "q" wrote 12.2 million key characters within 4.1 million states (0.5-0.7 s);
 * counted, "{x:1}"×1,024 on 1,024 "b" (a round trip) takes 3.15 million states and 5.0 million
 * key characters, hence twice the others' limit.
 */
export const PASS_LIMIT = 2 * WORK_LIMIT;

/** What a pass throws when it goes past {@link WORK_LIMIT} (told apart by identity); caught where the pass began. */
const OVER_LIMIT: object = {};

/** What {@link Matcher.run} answers past its limit ({@link PASS_LIMIT}). */
export const OVER_WORK_LIMIT = "over-limit";

/**
 * The stamps of every matcher's, forward automaton's and router DFA's closures (one is made to its end before
 * another begins): a state is in the closure being made when its stamp is {@link mark}. One
 * array for the process, as long as the largest automaton, not one per automaton (4 bytes a
 * state of each template matched).
 */
export let stamps = new Int32Array(0);
let mark = 0;

/** A mark no state of an automaton of `size` states has in {@link stamps} yet (the array may be made anew: read it after). */
export function newMark(size: number): number {
  if (stamps.length < size || mark > 1 << 30) (stamps = new Int32Array(Math.max(size, 2 * stamps.length))), (mark = 0);
  return ++mark;
}

/** The buffer of live sets a backward pass reuses (its paths are read before the next pass). */
let scratchSetAt = new Int32Array(256);

/** The matcher of one template's automaton: the backward pass, and paths read off it. */
export class Matcher {
  readonly nfa: Nfa;
  readonly #classOf: Uint16Array;
  readonly #classes: number;
  /** Per state s: the states with an empty edge to it, `#rev[#revStart[s]]` to `#rev[#revStart[s + 1] - 1]`. */
  readonly #revStart: Int32Array;
  readonly #rev: Int32Array;
  /** Per state: the unit states whose unit edge leads to it (the same layout). */
  readonly #revUnitStart: Int32Array;
  readonly #revUnit: Int32Array;
  readonly #rep: Int32Array;
  readonly #words: number;
  /** Interned sets: sorted state lists, and bit sets where they hold no more than the lists (every set of a small automaton). (The memo's fields are set by #reset.) */
  #sets!: Int32Array[];
  #bits!: (Uint32Array | undefined)[];
  #index!: Map<string, number>;
  #trans!: Int32Array[];
  #transMasked!: Map<number, number>;
  #end!: number;
  /** The state-set work of the current pass (see {@link WORK_LIMIT}). */
  #work = 0;
  /** Entries the memo holds (see {@link MEMO_LIMIT}). */
  #retained!: number;
  /** The work limit of the current pass (set by run). */
  #limit = 0;

  constructor(nfa: Nfa) {
    this.nfa = nfa;
    ({ classOf: this.#classOf, count: this.#classes, rep: this.#rep } = unitClasses(nfa.sets));
    // the reverse edges as one array each, rows in state order (a template of a million
    // characters would otherwise make millions of small arrays)
    const size = nfa.size;
    [this.#revUnitStart, this.#revUnit] = reverseEdges(size, (add) => {
      for (let s = 0; s < size; s++) if (nfa.kind[s] === UNIT) add(s, nfa.unitNext[s] as number);
    });
    [this.#revStart, this.#rev] = reverseEdges(size, (add) => {
      for (let s = 0; s < size; s++) for (let i = nfa.epsStart[s] as number, end = nfa.epsStart[s + 1] as number; i < end; i += 2) add(s, nfa.epsEdge[i] as number);
      for (const b of nfa.bounded) if (!b.min1) add(b.state, b.exit);
    });
    this.#words = (nfa.size + 31) >>> 5;
    this.#reset();
  }

  /** Forgets the memo when it holds more than {@link MEMO_LIMIT} entries (a pass's sets are read before this is called). */
  trim(): void {
    if (this.#sets.length > SET_LIMIT || this.#retained > memoLimit(this.nfa)) this.#reset();
  }

  /**
   * What the matcher keeps, in entries of four bytes: its fixed arrays (reverse edges: two
   * offsets a state, a unit state's source, an empty edge's; the classes) and its memo (per set,
   * its states, bits, row of classes and key, and 1 KB for three typed arrays and a map's entry).
   */
  get retained(): number {
    return 3 * this.nfa.size + this.nfa.epsEdge.length + this.#classes + FIXED + this.#retained;
  }

  #reset(): void {
    this.#sets = [];
    this.#bits = [];
    this.#index = new Map();
    this.#trans = [];
    this.#transMasked = new Map();
    this.#end = -1;
    this.#retained = 0;
  }

  /** Whether state `s` is in interned set `id`. */
  #has(id: number, s: number): boolean {
    return hasMember(this.#sets[id] as Int32Array, this.#bits[id], s);
  }

  /** The interned set of states from which the rest can be read, from seed states (`stack`, emptied), closed backward over empty edges. */
  #close(stack: number[]): number {
    const mark = newMark(this.nfa.size);
    const stamp = stamps;
    const out: number[] = [];
    const rev = this.#rev;
    while (stack.length > 0) {
      const x = stack.pop() as number;
      if (stamp[x] === mark) continue;
      stamp[x] = mark;
      out.push(x);
      for (let i = this.#revStart[x] as number, end = this.#revStart[x + 1] as number; i < end; i++) stack.push(rev[i] as number);
    }
    // interned (the same states, the same id; a typed array sorts its numbers by value)
    const set = Int32Array.from(out).sort();
    const key = set.join(",");
    // the set's states and its key, which writing, hashing and keeping cost
    if ((this.#work += out.length + key.length) > this.#limit) throw OVER_LIMIT;
    let id = this.#index.get(key);
    if (id === undefined) {
      id = this.#sets.length;
      this.#sets.push(set);
      const words = this.nfa.size <= BITS_LIMIT || set.length >= this.#words ? this.#words : 0;
      this.#bits.push(bitsOf(set, words));
      this.#index.set(key, id);
      this.#trans.push(new Int32Array(this.#classes).fill(-1));
      this.#retained += set.length + words + this.#classes + (key.length >> 2) + 256;
    }
    return id;
  }

  /**
   * The live set before unit class `c`, given the live set after it and the bounded spans whose
   * condition holds: `active` lists them, and `mask` has bit r set for each when there are at
   * most {@link MASKED_MEMO_LIMIT} spans (0 otherwise: such steps are not memoized).
   */
  #step(after: number, c: number, mask: number, active: readonly number[]): number {
    const memo = active.length === 0 || this.nfa.bounded.length <= MASKED_MEMO_LIMIT;
    // (with no span active, #run has read the step's memo: it is not made yet)
    if (active.length > 0 && memo) {
      const known = this.#transMasked.get((after * this.#classes + c) * (1 << MASKED_MEMO_LIMIT) + mask);
      if (known !== undefined) return known;
    }
    // the unit states that read class c into a state of the set after it
    const seeds: number[] = [];
    const code = this.#rep[c] as number;
    const next = this.#sets[after] as Int32Array;
    this.#work += next.length;
    const from = this.#revUnit;
    for (let i = 0; i < next.length; i++) {
      const t = next[i] as number;
      for (let j = this.#revUnitStart[t] as number, end = this.#revUnitStart[t + 1] as number; j < end; j++) {
        const u = from[j] as number;
        if ((unitsAt(this.nfa, u) as UnitSet)[code] === 1) seeds.push(u);
      }
    }
    for (const r of active) seeds.push((this.nfa.bounded[r] as Bounded).state);
    const id = this.#close(seeds);
    if (active.length === 0) (this.#trans[after] as Int32Array)[c] = id;
    else if (memo) {
      this.#transMasked.set((after * this.#classes + c) * (1 << MASKED_MEMO_LIMIT) + mask, id);
      this.#retained += 16;
    }
    return id;
  }

  /**
   * The backward pass over `units`, or undefined when no path reads them all (the URI is not in
   * the language), or {@link OVER_WORK_LIMIT}. One memoized step per unit, plus per bounded span
   * one count: a step not seen before costs the size of its sets, which on real templates is a
   * few states; the steps of one pass together build, read and key at most what is left of
   * `budget` (never more than {@link PASS_LIMIT}), which pays the pass's work.
   */
  run(units: Units, budget?: { left: number }): Pass | undefined | typeof OVER_WORK_LIMIT {
    this.trim();
    this.#work = 0;
    this.#limit = Math.min(PASS_LIMIT, budget?.left ?? PASS_LIMIT);
    try {
      const nfa = this.nfa;
      const n = units.n;
      const codes = units.codes;
      const R = nfa.bounded.length;
      if (this.#end < 0) this.#end = this.#close([nfa.accept]);
      if (scratchSetAt.length < n + 1) scratchSetAt = new Int32Array(Math.max(n + 1, 2 * scratchSetAt.length));
      const setAt = scratchSetAt;
      setAt[n] = this.#end;
      // the counts of bounded spans: one per span and offset, paid for up front
      if ((this.#work += R * (n + 1)) > this.#limit) throw OVER_LIMIT;
      const need = nfa.bounded.map((b) => {
        const a = new Uint16Array(n + 1);
        a[n] = this.#has(this.#end, b.exit) ? 0 : b.max + 1;
        return a;
      });
      const active: number[] = [];
      for (let k = n - 1; k >= 0; k--) {
        // (bit r for span r: read only with at most MASKED_MEMO_LIMIT spans, #step)
        let mask = 0;
        if (R > 0) {
          // (only bounded spans fill it: a template without any skips the builtin call)
          active.length = 0;
          for (let r = 0; r < R; r++) {
            const b = nfa.bounded[r] as Bounded;
            const tok = charLength(codes, k, n, b.reserved);
            // the count by characters, made 0 below where the span's exit is live
            const cb = ((need[r] as Uint16Array)[k] = tok > 0 ? Math.min(b.max + 1, 1 + ((need[r] as Uint16Array)[k + tok] as number)) : b.max + 1);
            if (cb <= b.max) {
              active.push(r);
              mask |= 1 << r;
            }
          }
        }
        const c = this.#classOf[codes[k] as number] as number;
        let id = active.length === 0 ? ((this.#trans[setAt[k + 1] as number] as Int32Array)[c] as number) : -1;
        if (id < 0) id = this.#step(setAt[k + 1] as number, c, mask, active);
        setAt[k] = id;
        for (let r = 0; r < R; r++) if (this.#has(id, (nfa.bounded[r] as Bounded).exit)) (need[r] as Uint16Array)[k] = 0;
        // nothing live here: nothing before either (unless a bounded span jumps over this offset)
        if (R === 0 && (this.#sets[id] as Int32Array).length === 0) return undefined;
      }
      if (!this.#has(setAt[0] as number, nfa.start)) return undefined;
      return { units, setAt, need };
    } catch (e) {
      if (e !== OVER_LIMIT) throw e;
      // what the pass interned may be large: let it go
      this.#reset();
      return OVER_WORK_LIMIT;
    } finally {
      // (a router's budget pays the pass's work)
      if (budget) budget.left -= this.#work;
    }
  }

    /** The ends of bounded span `b` entered at `k`, furthest first: within max characters, at a live exit. */
  #ends(pass: Pass, b: Bounded, k: number): number[] {
    const out: number[] = [];
    const { codes, n } = pass.units;
    if (!b.min1 && this.#has(pass.setAt[k] as number, b.exit)) out.push(k);
    let j = k;
    for (let count = 1; count <= b.max; count++) {
      const tok = charLength(codes, j, n, b.reserved);
      if (tok === 0) break;
      j += tok;
      if (this.#has(pass.setAt[j] as number, b.exit)) out.push(j);
    }
    // the ends before a separator first, the nearest first; then the others, the furthest first
    const at = (e: number): boolean => b.yieldAt.includes(codes[e] as number);
    return [...out.filter(at), ...out.reverse().filter((e) => !at(e))];
  }

  /**
   * Every path, in order of preference (the first is the preferred one), as flat tag lists (each
   * read before the next is asked for: the list is reused). The reader of a path that gives no
   * reading says why as `next([lo, hi, end])`, indexes in the path's tag list and a unit offset:
   * every path that keeps the choices up to hi, or up to offset end, fails the same way, and is
   * skipped (backjumping); and the failure reads
   * nothing before lo, so a choice made after lo whose every path failed so fails whatever came
   * before it: its state and offset are not tried again (a no-good, kept for the call). At each
   * state, the options are its empty edges in order of preference, but a span's head before its
   * separator takes its exit first; a bounded span's ends, furthest first.
   */
  *paths(pass: Pass): Generator<number[], void, readonly [number, number, number] | undefined> {
    const nfa = this.nfa;
    const events: number[] = [];
    /** The choices: state, unit offset, next option, length of `events`, `low` before it, ... */
    const stack: number[] = [];
    /** The choices (state and offset) under which every path failed by what it read after them. */
    const failed = new Set<number>();
    const width = pass.units.n + 1;
    /** The lowest `lo` of the failures since the last choice (-1 after a reading). */
    let low = Infinity;
    let s = nfa.start;
    let k = 0;
    /** The option of state `s` to try first. */
    let j = 0;
    /** `low` before the choice at `s`, when it is one come back to (else NaN). */
    let before = NaN;
    for (;;) {
      const kind = nfa.kind[s];
      if (kind === UNIT) {
        s = nfa.unitNext[s] as number;
        k++;
        continue;
      }
      const length = events.length;
      let count = 0;
      const from = s;
      const at = k;
      if (kind === ACCEPT) {
        const why = yield events;
        low = Math.min(low, why?.[0] ?? -1);
        while (why !== undefined && stack.length > 0 && ((stack[stack.length - 2] as number) > why[1] || (stack[stack.length - 4] as number) > why[2])) {
          low = Math.min(low, stack.pop() as number);
          for (let i = 0; i < 4; i++) stack.pop();
        }
      } else if (j > 0 || !failed.has(s * width + k)) {
        if (kind === BOUNDED) {
          const b = nfa.bounded[nfa.unitNext[s] as number] as Bounded;
          const ends = this.#ends(pass, b, k);
          count = ends.length;
          if (j < count) {
            events.push(b.open, k, b.close, ends[j] as number);
            s = b.exit;
            k = ends[j] as number;
          }
        } else {
          const e = nfa.epsEdge;
          const o = nfa.epsStart[s] as number;
          const set = pass.setAt[k] as number;
          const exitFirst = nfa.yieldAt.get(s)?.includes(pass.units.codes[k] as number);
          count = ((nfa.epsStart[s + 1] as number) - o) >> 1;
          for (; j < count; j++) {
            const i = o + 2 * (exitFirst ? (j || count) - 1 : j);
            if (this.#has(set, e[i] as number)) {
              if ((e[i + 1] as number) >= 0) events.push(e[i + 1] as number, k);
              s = e[i] as number;
              break;
            }
          }
        }
      }
      if (j < count) {
        if (count > 1) {
          // a choice: come back to it after the paths through this option
          stack.push(from, at, j + 1, length, before === before ? before : low);
          if (before !== before) low = Infinity;
        }
        j = 0;
        before = NaN;
        continue;
      }
      if (before === before) {
        // a choice come back to with no option left: its paths are all read
        if (low >= length) failed.add(from * width + at);
        low = Math.min(low, before);
      }
      // back to the last choice
      if (stack.length === 0) return;
      before = stack.pop() as number;
      events.length = stack.pop() as number;
      j = stack.pop() as number;
      k = stack.pop() as number;
      s = stack.pop() as number;
    }
  }
}

/**
 * The forward automaton of a template, made as URIs are read: its states are sets of the template
 * automaton's states, and a unit leads from one to the next by table lookup, with the tags on the
 * way precomputed (the preferred empty path to each state, the path {@link Matcher.paths} takes first).
 * Its sets are lists in order of preference (a state reached again by a later path is left out:
 * what follows it is the same), so a unit read two ways with different tags (`{+path}{?ref}`
 * before a "?", a list's comma) gives the ways in that order: the walk takes the first and comes
 * back to the next when the URI leaves it (so it returns {@link Matcher.paths}'s first path: the
 * preferred of those that read the whole URI). Where a span's head stops before a separator
 * (its yieldAt), the order is the one for that unit. A template with a prefix modifier does not
 * walk. The same tables tell
 * where a URI leaves the language, and what could have stood there ({@link Deterministic.explain}):
 * a template without a prefix modifier has one forward automaton for both.
 */
const NO_TAGS: number[] = [];
/** Past this many states, the walks give the template's URIs to its general matcher. */
const DETERMINISTIC_LIMIT = 200_000;
/**
 * A set of more states than this, made by a walk, makes the walk give up for good (its tables are
 * let go): sets grow so only when a literal repeats itself or many expressions can be empty, where
 * walking would cost the square of the template's length; the general matcher reads those URIs.
 * An explanation has no such cap (only its work is bounded): it keeps working on long templates.
 */
const DETERMINISTIC_SET_LIMIT = 256;
/** An entry of a row: no state reads the class. */
const NO_ENTRY = -1;
/**
 * An entry of a row at most this: the unit leads to set `PLAIN - entry`, with no tag on the way
 * and no other way (most of a URI's characters: the walk reads nothing else for them).
 */
const PLAIN = -8;

/** What {@link Deterministic.walkText} answers when the URI makes the walk guess (or a limit is reached): the general matcher decides. */
export const UNDECIDED = "undecided";

export class Deterministic {
  readonly #nfa: Nfa;
  readonly #classOf: Uint16Array;
  readonly #classes: number;
  /** Per class, one unit code of it. */
  readonly #rep: Int32Array;
  /** Per unit state, the classes it reads (made when first needed). */
  readonly #classesOfUnit = new Map<number, readonly number[]>();
  /** The sets: one state's by its number, others by their list in order of preference. */
  #states!: number[][];
  readonly #singleId: Int32Array;
  #index!: Map<string, number>;
  /**
   * Per set and class, by `set * classes + class`: the entry's offset in {@link #entries}, or the
   * set after the unit (at most PLAIN), or NO_ENTRY; UNMADE until the set is first reached. Grown
   * as sets are made.
   */
  #table!: Int32Array;
  /** The row being made (#make), before it goes into the table. */
  readonly #scratch: Int32Array;
  /**
   * The entries (an entry is its offset here): the set after the unit, the next way to read the
   * unit (another entry, tried when the URI leaves this one; -1: none), how many tags the empty
   * path taken before the unit has, and those tags. One array of numbers, not an object or a
   * typed array per entry: a router's walks read the entries of many templates, and each object
   * more is a cache miss more.
   */
  #entries!: number[];
  /** Per set with a row: the tags on the preferred empty path to acceptance, NO_ACCEPT when the URI cannot end there. */
  #accept!: (readonly number[])[];
  /** The state-set work done (see WORK_LIMIT; an explanation starts from 0); past it, or past DETERMINISTIC_LIMIT sets, the tables are let go. */
  #work!: number;
  /** True once a walk has passed its limits: every walk is then UNDECIDED. */
  #walkOff!: boolean;
  /** Entries the tables hold (see {@link MEMO_LIMIT}). */
  #retained!: number;
  /** The classes of the units at which a span's head stops when it can (its yieldAt): one unit each. */
  readonly #yieldClasses: number[];

  /** Per set, what {@link explain} says it expects (made on first need). */
  #expected!: (string[] | undefined)[];
  /** Sets (and empty paths from one state) of more states than this pass the current call's limits: a walk's DETERMINISTIC_SET_LIMIT, no cap for an explanation. */
  #cap = Infinity;

  constructor(nfa: Nfa) {
    this.#nfa = nfa;
    ({ classOf: this.#classOf, count: this.#classes, rep: this.#rep } = unitClasses(nfa.sets));
    // (each is a character of the template's own text: one unit set holds it alone, so it is a class alone)
    this.#yieldClasses = [...new Set([...nfa.yieldAt.values()].flat().map((y) => this.#classOf[y] as number))];
    this.#scratch = new Int32Array(this.#classes);
    this.#singleId = new Int32Array(nfa.size);
    this.#giveUp();
  }

  /**
   * What the forward automaton keeps, in entries of four bytes: its fixed arrays (a set id a
   * state, the classes) and its tables (the rows, the sets, the entries, the lists).
   */
  get retained(): number {
    return this.#nfa.size + 2 * this.#classes + FIXED + this.#retained;
  }

  /** Lets the tables go (and starts them afresh: the start state's set alone); a walk past its limits gives up for good. */
  #giveUp(): void {
    if (this.#cap < Infinity) this.#walkOff = true;
    this.#expected = [];
    this.#runs = [];
    this.#runEnds = [];
    this.#states = [[this.#nfa.start]];
    this.#singleId.fill(-1)[this.#nfa.start] = 0;
    this.#index = new Map();
    this.#table = new Int32Array(4 * this.#classes).fill(UNMADE);
    this.#entries = [];
    this.#accept = [NO_ACCEPT];
    this.#work = 0;
    this.#retained = this.#table.length;
  }

  #classesOf(u: number): readonly number[] {
    const key = this.#nfa.unitOf[u] as number;
    let cs = this.#classesOfUnit.get(key);
    if (cs === undefined) {
      const set = unitsAt(this.#nfa, u) as UnitSet;
      const out: number[] = [];
      for (let c = 0; c < this.#classes; c++) if (set[this.#rep[c] as number] === 1) out.push(c);
      this.#classesOfUnit.set(key, (cs = out));
      this.#retained += 46 + 2 * out.length;
    }
    return cs;
  }

  /**
   * From state `src`, the unit (and accepting) states its empty edges reach, each by its preferred
   * path, in order of preference; before unit `y` (-1: any other), a span's head that stops at
   * `y` takes its exit first. Made afresh for each row that needs it, not kept: a template's rows
   * rarely share a state's paths (none did on the bench's first matches), and kept, they were a
   * third of what a matched template holds (about 23 of 64 KB).
   */
  #closure(src: number, y = -1): [number, number[]][] {
    const nfa = this.#nfa;
    const paths: [number, number[]][] = [];
    if (nfa.kind[src] === UNIT || nfa.kind[src] === ACCEPT) paths.push([src, NO_TAGS]);
    else {
      const stack: [number, number[]][] = [[src, []]];
      const mark = newMark(nfa.size);
      const stamp = stamps;
      while (stack.length > 0) {
        const [s, t] = stack.pop() as [number, number[]];
        if (stamp[s] === mark) continue;
        stamp[s] = mark;
        const k = nfa.kind[s];
        if (k === UNIT || k === ACCEPT) {
          paths.push([s, t]);
          // a path's tags count (many expressions that can be empty make them long)
          if ((this.#work += 1 + t.length) > WORK_LIMIT || paths.length > this.#cap) throw OVER_LIMIT;
          continue;
        }
        const e = edgesOf(nfa, s);
        // the edges, the first taken first; a head that stops before `y` has its exit (its last
        // edge) pushed once more, last: taken first (and the other copy then skipped)
        for (let j = e.length - 2, end = nfa.yieldAt.get(s)?.includes(y) ? -2 : 0; j >= end; j -= 2) {
          const i = (j + e.length) % e.length;
          stack.push([e[i] as number, (e[i + 1] as number) >= 0 ? [...t, e[i + 1] as number] : t]);
        }
        if ((this.#work += stack.length) > WORK_LIMIT) throw OVER_LIMIT;
      }
    }
    this.#work += paths.length;
    return paths;
  }

  #internOne(s: number): number {
    let id = this.#singleId[s] as number;
    if (id < 0) {
      this.#singleId[s] = id = this.#states.length;
      this.#states.push([s]);
      this.#accept.push(NO_ACCEPT);
      this.#grow();
      this.#retained += 24;
    }
    return id;
  }

  /** The set of the states of `list`, in its order. */
  #intern(list: number[]): number {
    const sorted = [...new Set(list)];
    this.#work += sorted.length;
    if (sorted.length > this.#cap) throw OVER_LIMIT;
    if (sorted.length === 1) return this.#internOne(sorted[0] as number);
    const key = sorted.join(",");
    this.#work += key.length;
    let id = this.#index.get(key);
    if (id === undefined) {
      id = this.#states.length;
      this.#states.push(sorted);
      this.#accept.push(NO_ACCEPT);
      this.#grow();
      this.#index.set(key, id);
      this.#retained += 2 * sorted.length + (key.length >> 2) + 40;
    }
    return id;
  }

  /**
   * Room in the table for every set made so far, and a quarter more (grown by doubling, a
   * template's table was 1.7 times its rows on the bench's API routes: 4 KB a matched route).
   */
  #grow(): void {
    const need = this.#states.length * this.#classes;
    if (need <= this.#table.length) return;
    const bigger = new Int32Array(need + (need >> 2)).fill(UNMADE);
    bigger.set(this.#table);
    this.#retained += bigger.length - this.#table.length;
    this.#table = bigger;
  }

  /**
   * Where `codes` (units) leaves the language, read forwards, and what the set there expects
   * (quoted characters, value-char, reserved-char, end of input); undefined past its limits
   * (the tables are then let go, and the next call starts afresh). Each call may do
   * {@link WORK_LIMIT} work, with no cap on a set's size. Where a unit is read two ways (an entry
   * with another way), the set after it (all the ways) is made here, outside the row.
   */
  explain(codes: Int32Array, n: number): { readonly at: number; readonly st: number; readonly expected: readonly string[] } | undefined {
    const k = this.#classes;
    this.#cap = Infinity;
    this.#trim();
    this.#work = 0;
    let st = 0;
    let at = 0;
    try {
      for (; at <= n; at++) {
        if (!this.#make(st)) return undefined;
        if (at === n) break;
        const c = this.#classOf[codes[at] as number] as number;
        const e = this.#table[st * k + c] as number;
        if (e === NO_ENTRY) break;
        const entries = this.#entries;
        if (e <= PLAIN) st = PLAIN - e;
        else if ((entries[e + 1] as number) < 0) st = entries[e] as number;
        else {
          // the set after it, all its ways, made once and kept on the set's array at index ~c
          // (-1 - c): made at every such unit, it would cost the square of the template's length
          // a unit
          const set = this.#states[st] as number[];
          if (set[~c] === undefined) {
            const next: number[] = [];
            for (let a = e; a >= 0; a = entries[a + 1] as number) next.push(...(this.#states[entries[a] as number] as number[]));
            set[~c] = this.#intern(next);
          }
          st = set[~c] as number;
        }
      }
      return { at, st, expected: (this.#expected[st] ??= this.#expectedOf(st)) };
    } catch (e) {
      if (e !== OVER_LIMIT) throw e;
      this.#giveUp();
      return undefined;
    }
  }

  /** True when set `st` (whose row {@link explain} made) reads the unit `code`. */
  reads(st: number, code: number): boolean {
    return this.#table[st * this.#classes + (this.#classOf[code] as number)] !== NO_ENTRY;
  }

  /**
   * What set `st` reads, in words: quoted units as the template writes them (a literal's triplet
   * in its own case, RFC 6570 §3.1), a range of UTF-8 continuation triplets (`"%80"-"%BF"`, RFC
   * 3629 §4), value-char, reserved-char, end of input.
   */
  #expectedOf(st: number): string[] {
    const nfa = this.#nfa;
    const out: string[] = [];
    for (const src of this.#states[st] as number[]) {
      for (const [u] of this.#closure(src)) {
        const units = unitsAt(nfa, u);
        const code = units?.indexOf(1) ?? -1;
        // a value's unit set: U's or U+R's characters, or the triplets of one octet of a UTF-8
        // sequence, named value-char from its lead on (0xC2..), a continuation (0x80..0xBF) by its
        // range; a literal's is its one unit's set, made once (unitSetOf), which no value's is
        const value = units !== unitSetOf(code);
        const label = units === undefined ? "" : units === R_ANY ? "reserved-char" : value && code >> 6 !== 6 ? "value-char" : JSON.stringify(unitText(code)) + (value ? `-${JSON.stringify(unitText(units.lastIndexOf(1)))}` : "");
        if (!out.includes(label)) out.push(label);
      }
    }
    // in the engine's one order (src/abnf/automaton-size.ts inOneOrder): names, then quoted
    // characters by character (a literal holds no '"' or "\\" to escape), then the end ("")
    out.sort((a, b) => +(a === "") - +(b === "") || +(a[0] === '"') - +(b[0] === '"') || (a < b ? -1 : +(a > b)));
    if (out[out.length - 1] === "") out[out.length - 1] = "end of input";
    this.#retained += 12 + 6 * out.length;
    return out;
  }

  /**
   * Forgets the tables when they hold more than {@link memoLimit}, at the start of a call: what
   * one explanation may make past it (up to 16 × {@link MEMO_LIMIT} entries more, 2 MB, within its
   * {@link WORK_LIMIT}) is kept until the next call, which starts afresh. An explanation of a
   * 28-character URI may need more than the bound kept between calls: refused midway by it, a
   * no-match was told at offset 0 with nothing expected, and whether it was depended on the calls
   * before it (fuzz round 16).
   */
  #trim(): void {
    if (this.#retained > memoLimit(this.#nfa)) this.#giveUp();
  }

  /** Makes the row of set `d` unless it has one; false once the limits are passed (a walk's tables past {@link memoLimit}, an explanation's past 16 × MEMO_LIMIT more). */
  #make(d: number): boolean {
    if (this.#table[d * this.#classes] !== UNMADE) return true;
    if (this.#states.length > DETERMINISTIC_LIMIT || this.#work > WORK_LIMIT || this.#retained > memoLimit(this.#nfa) + (this.#cap < Infinity ? 0 : MEMO_LIMIT << 4)) {
      this.#giveUp();
      return false;
    }
    try {
      this.#makeRow(d);
      return true;
    } catch (e) {
      if (e !== OVER_LIMIT) throw e;
      this.#giveUp();
      return false;
    }
  }

  #makeRow(d: number): void {
    const nfa = this.#nfa;
    const row = this.#scratch.fill(NO_ENTRY);
    // per class, the unit states that read it with their tags, in order of preference
    const ways: [number, number[]][][] = [];
    let accepts: number[] | undefined;
    const set = this.#states[d] as number[];
    const yc = this.#yieldClasses;
    this.#work += set.length;
    for (const src of set) {
      for (const [u, t] of this.#closure(src)) {
        if (nfa.kind[u] === ACCEPT) accepts ??= t;
        else for (const c of this.#classesOf(u)) if (!yc.includes(c)) (ways[c] ??= []).push([u, t]);
      }
      for (const c of yc) {
        const code = this.#rep[c] as number;
        for (const [u, t] of this.#closure(src, code)) if (nfa.kind[u] === UNIT && (unitsAt(nfa, u) as UnitSet)[code] === 1) (ways[c] ??= []).push([u, t]);
      }
    }
    ways.forEach((list, c) => {
      // runs of the same tags, each one entry (a state already reached by an earlier one is left
      // out), chained in order of preference
      const seen = new Set<number>();
      let prev = -1;
      for (let i = 0; i < list.length; ) {
        const t = (list[i] as [number, number[]])[1];
        const next: number[] = [];
        for (; i < list.length && String((list[i] as [number, number[]])[1]) === String(t); i++) {
          const n = nfa.unitNext[(list[i] as [number, number[]])[0]] as number;
          if (!seen.has(n)) next.push(n), seen.add(n);
        }
        if (next.length === 0) continue;
        const to = this.#intern(next);
        if (prev < 0 && i === list.length && t.length === 0) {
          row[c] = PLAIN - to;
          break;
        }
        const e = this.#entries.length;
        this.#entries.push(to, -1, t.length, ...t);
        if (prev < 0) row[c] = e;
        else this.#entries[prev + 1] = e;
        prev = e;
        this.#retained += 12 + 3 * t.length;
      }
    });
    this.#accept[d] = accepts ?? NO_ACCEPT;
    // interning above may have grown the table: the row goes in last
    this.#table.set(row, d * this.#classes);
  }

  /**
   * Per set, its literal run (made when first reached): when the set is one state that reads one
   * ASCII character (a literal's), that character and those of the states after it that do too,
   * read off the automaton (no tag on the way, no end of input before the last); null when there
   * is none of two or more. The walk compares the URI with the run at once, and makes no row nor
   * set for the states inside it: most of a new template's first walk is its literal text (rows
   * of many templates do not stay in the processor's caches either: a router of 1,000 routes).
   */
  #runs!: (string | null | undefined)[];
  /** Per set with a run: the set after it. */
  #runEnds!: number[];

  /** The literal run of set `d` (see {@link #runs}), read off the automaton: no row is made for it. */
  #runOf(d: number): string | null {
    const nfa = this.#nfa;
    const set = this.#states[d] as number[];
    let text = "";
    let u = set[0] as number;
    // a set of one state that reads one ASCII character (a literal's), and the states after it
    for (let m; set.length === 1 && nfa.kind[u] === UNIT && (m = membersOf(unitsAt(nfa, u) as UnitSet)).length === 1 && (m[0] as number) < 0x80 && text.length < RUN_LIMIT; u = nfa.unitNext[u] as number) text += String.fromCharCode(m[0] as number);
    const run = text.length >= 2 ? text : null;
    this.#runs[d] = run;
    if (run !== null) this.#runEnds[d] = this.#internOne(u);
    this.#retained += 2 + (text.length >> 1);
    return run;
  }

  /** {@link walk}'s path in an array of its own (Array.from: some 70 bytes a number, for tests). */
  walkText(text: string): number[] | undefined | typeof UNDECIDED {
    const w = this.walk(text);
    return typeof w === "object" ? Array.from(w) : w;
  }

  /**
   * The tags of the preferred path reading `text` ({@link Matcher.paths}'s first; flat: tag, string
   * offset, ...), valid until the next walk; undefined when none does; {@link UNDECIDED} when the
   * limits are passed, or the walk would come back to read more than four times the URI's length
   * again. The units are read off the string as the walk goes (units.ts's toUnits, inline).
   */
  walk(text: string): Int32Array | undefined | typeof UNDECIDED {
    if (this.#walkOff) return UNDECIDED;
    this.#trim();
    this.#cap = DETERMINISTIC_SET_LIMIT;
    const len = text.length;
    // (a buffer a longer URI grew is let go when a walk begins)
    const keep = WALK_KEEP + 8 * len;
    if (walkEvents.length > keep) walkEvents = new Int32Array(256);
    if (walkForks.length > keep) walkForks = new Int32Array(256);
    /** The path's tags so far, the first `ne` entries (flat: tag, offset, ...). */
    let events = walkEvents;
    let ne = 0;
    /** The ways not taken yet, the first `nf` entries: entry, offset, width of its unit, `ne` then, ... */
    let forks = walkForks;
    let nf = 0;
    const classOf = this.#classOf;
    const k = this.#classes;
    const entries = this.#entries;
    let table = this.#table;
    const runs = this.#runs;
    /**
     * The entries and offsets where a unit was read two ways (a later path that reaches one again
     * has been there: none of its ways reads the URI): the first entry at each offset, plus one,
     * by offset (an ambiguous template forks at every offset: a Set of every (entry, offset) key
     * grew past the cache, and past 2^31 its keys were heap numbers, 83 -> 518 ns a character from
     * 1 KB to 1 MB on `{a}{b}`), and any other in `seen`.
     */
    let firstAt: Int32Array | undefined;
    let seen: Set<number> | undefined;
    let st = 0;
    let p = 0;
    /** The entry to take next, come back to (-1: read the next unit). */
    let back = -1;
    let width = 1;
    /** Units read again after coming back: at most four times the URI's length and 64; past it, the general matcher (linear) reads the URI. */
    let again = 4 * len + 64;
    for (;;) {
      fail: {
        let i = back;
        back = -1;
        if (i < 0) {
          if (p === len) {
            if (!this.#make(st)) return UNDECIDED;
            const a = this.#accept[st] as readonly number[];
            if (a === NO_ACCEPT) break fail;
            if (ne + 2 * a.length > events.length) walkEvents = events = grown(events, ne + 2 * a.length);
            for (let j = 0; j < a.length; j++) (events[ne++] = a[j] as number), (events[ne++] = len);
            return events.subarray(0, ne);
          }
          let run = runs[st];
          if (run === undefined) {
            run = this.#runOf(st);
            table = this.#table;
          }
          if (run !== null) {
            // the only text the set can read: all of it, or no path from it reads the URI
            if (!text.startsWith(run, p)) break fail;
            p += run.length;
            st = this.#runEnds[st] as number;
            continue;
          }
          const code = unitAt(text, p);
          if (code < 0) break fail;
          width = code > 0xff ? 3 : 1;
          const cell = st * k + (classOf[code] as number);
          i = table[cell] as number;
          if (i === UNMADE) {
            if (!this.#make(st)) return UNDECIDED;
            table = this.#table;
            i = table[cell] as number;
          }
          if (i < 0) {
            if (i > PLAIN) break fail;
            st = PLAIN - i;
            p += width;
            continue;
          }
        }
        if ((entries[i + 1] as number) >= 0) {
          // (an entry is of one set and class: the set was here at this offset before)
          const first = (firstAt ??= new Int32Array(len + 1))[p] as number;
          if (first === 0) firstAt[p] = i + 1;
          else if (first === i + 1) break fail;
          else {
            const key = i * (len + 1) + p;
            if ((seen ??= new Set()).has(key)) break fail;
            seen.add(key);
          }
          if (nf === forks.length) walkForks = forks = grown(forks, nf);
          forks[nf++] = entries[i + 1] as number;
          forks[nf++] = p;
          forks[nf++] = width;
          forks[nf++] = ne;
        }
        const tags = entries[i + 2] as number;
        if (ne + 2 * tags > events.length) walkEvents = events = grown(events, ne + 2 * tags);
        for (let j = i + 3, end = j + tags; j < end; j++) (events[ne++] = entries[j] as number), (events[ne++] = p);
        st = entries[i] as number;
        p += width;
        continue;
      }
      // no path from here reads the URI: back to the last way not taken
      if (nf === 0) return undefined;
      ne = forks[--nf] as number;
      width = forks[--nf] as number;
      const at = forks[--nf] as number;
      if ((again -= p - at) < 0) return UNDECIDED;
      p = at;
      back = forks[--nf] as number;
    }
  }
}

/**
 * The forward walk's tags and forks (one walk runs to its end before another begins, and its path
 * is read before the next), grown by doubling and kept for the next walk up to WALK_KEEP entries,
 * and eight a character of the next walk's URI (a fork every character has four).
 * As JS arrays that grew with the URI (a fork every character or two on `{a}{b}`, `{x}-{y}` or
 * `{/path*}{/x}`, an event a character on the last), each growth a copy left as garbage past the
 * cache, the walk allocated 52 to 152 bytes a character, and its ns a character doubled or
 * tripled from 1 KB to 1 MB; grown afresh by each walk (a new ArrayBuffer each time), they took
 * some 14 µs of a 1 KB match of `{/path*}{/x}`; grown afresh by each walk of 1 MB, 16 MB of new
 * memory each time, `{a}{b}`'s match went 22 -> 48 ns a character from 100 KB to 1 MB.
 */
let walkEvents: Int32Array = new Int32Array(256);
let walkForks: Int32Array = new Int32Array(256);
/** The entries of a walk's buffer kept for the next one whatever its length (256 KB). */
const WALK_KEEP = 1 << 16;

/** @internal The entries the walk's buffers hold now (for tests: SECURITY.md "memory kept between calls"). */
export const walkKept = (): number => walkEvents.length + walkForks.length;

/** A copy of `a` with room for `need` entries (twice its length at least). */
function grown(a: Int32Array, need: number): Int32Array {
  const b = new Int32Array(Math.max(need, 2 * a.length));
  b.set(a);
  return b;
}

/** The longest literal run the walk compares at once (a longer literal is several runs). */
const RUN_LIMIT = 256;
/** A set's accept entry: the URI cannot end there. */
const NO_ACCEPT: readonly number[] = [];
/** A cell of the table whose set has no row yet. */
const UNMADE = -4;

