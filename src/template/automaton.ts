// The matcher's automaton: a template's language (language.ts) compiled to a Thompson automaton
// over units (units.ts). Matching a URI is two linear passes: backward, the set of states from
// which the rest of the URI can be read is computed at every offset (the sets are interned and
// each step is memoized by set and unit class: a lazily built reverse DFA, one table lookup per
// unit once warm); forward, the path is read off by preference, never entering a dead state. A
// value span with a prefix modifier (at most max-length characters, RFC 6570 §2.4.1) is not
// unrolled into states: it is one edge whose condition, "a live end within max-length
// characters", the backward pass keeps as a count per offset.
import type { Lang, Tag, TemplateLanguage } from "./language.js";
import { charLength, R_ANY, single, U_SINGLE, UNIT_COUNT, unitsOf, upperTriplets, UTF8_SEQUENCES, type Units, type UnitSet } from "./units.js";

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

export interface Nfa {
  readonly size: number;
  readonly kind: Uint8Array;
  /** EPS states: target, tag (or -1), target, tag, ... in order of preference. */
  readonly eps: readonly (Int32Array | undefined)[];
  readonly unitSet: readonly (UnitSet | undefined)[];
  readonly unitNext: Int32Array;
  readonly bounded: readonly Bounded[];
  /** BOUNDED states: their index in `bounded`. */
  readonly boundedOf: Int32Array;
  readonly start: number;
  readonly accept: number;
  readonly tags: readonly Tag[];
  /** EPS states that are a span's head: the units (ASCII) of the separators at which it stops when it can (its last edge, the exit, comes first then). */
  readonly yieldAt: readonly (readonly number[] | undefined)[];
}

const upperCache = new Map<readonly number[], UnitSet>();
const upper = (r: readonly number[]): UnitSet => {
  let s = upperCache.get(r);
  if (s === undefined) upperCache.set(r, (s = upperTriplets(r as readonly [number, number])));
  return s;
};
const singleCache = new Map<number, UnitSet>();
const unitSetOf = (code: number): UnitSet => {
  let s = singleCache.get(code);
  if (s === undefined) singleCache.set(code, (s = single(code)));
  return s;
};

/**
 * The most states a template's automaton may have (about 60 per varspec, one per literal
 * character; some 300 bytes each with the matcher's tables): 4,000 varspecs or so. A larger
 * template is not compiled: matching it is the TemplateError "match-limit".
 */
export const STATE_LIMIT = 1 << 18;

/** What {@link buildNfa} throws past {@link STATE_LIMIT}. */
export class AutomatonTooLarge {}
export const TOO_LARGE = new AutomatonTooLarge();

/**
 * Compiles a template's language (throws {@link TOO_LARGE} past {@link STATE_LIMIT} states). With `unbounded`, a prefix's span is compiled as if it had no
 * max-length (a superset, for the router's forward pass; the template's own matcher checks).
 */
export function buildNfa(lang: TemplateLanguage, unbounded = false): Nfa {
  const kind: number[] = [];
  const eps: (number[] | undefined)[] = [];
  const unitSet: (UnitSet | undefined)[] = [];
  const unitNext: number[] = [];
  const bounded: Bounded[] = [];
  const boundedOf: number[] = [];
  const yieldAt: (number[] | undefined)[] = [];
  const add = (k: number): number => {
    if (kind.length >= STATE_LIMIT) throw TOO_LARGE;
    yieldAt.push(undefined);
    kind.push(k);
    eps.push(undefined);
    unitSet.push(undefined);
    unitNext.push(-1);
    boundedOf.push(-1);
    return kind.length - 1;
  };
  const epsState = (edges: number[]): number => {
    const s = add(EPS);
    eps[s] = edges;
    return s;
  };
  const unit = (set: UnitSet, next: number): number => {
    const s = add(UNIT);
    unitSet[s] = set;
    unitNext[s] = next;
    return s;
  };
  const litCache = new Map<string, number[]>();
  const memo = new Map<string, number>();

  const span = (x: Extract<Lang, { t: "span" }>, next: number): number => {
    if (x.max !== undefined && !unbounded) {
      const s = add(BOUNDED);
      boundedOf[s] = bounded.length;
      bounded.push({ state: s, exit: next, max: x.max, min1: x.min1, reserved: x.reserved, open: x.open, close: x.close, yieldAt: [...(x.yieldAt ?? "")].map((c) => c.charCodeAt(0)) });
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
    if (x.yieldAt !== undefined && x.yieldAt !== "") yieldAt[head] = [...x.yieldAt].map((c) => c.charCodeAt(0));
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
        const after = eps[next];
        // yieldFirst: the continuation's first alternative, then another round, then the others
        eps[head] = x.yieldFirst !== undefined && kind[next] === EPS && after !== undefined && after.length > 2 ? [after[0] as number, after[1] as number, body, -1, ...after.slice(2)] : [body, -1, next, -1];
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
        if (m !== null) {
          for (let v = lang.expressions[Number(m[1]) - 1]?.varspecs.length ?? 0; v >= 2; v--) build({ t: "ref", name: `${x.name}-${v}` }, next);
        }
        const entry = build(lang.rules.get(x.name) as Lang, next);
        memo.set(key, entry);
        return entry;
      }
    }
  };

  const accept = add(ACCEPT);
  const start = build({ t: "ref", name: "template" }, accept);
  return {
    size: kind.length,
    kind: Uint8Array.from(kind),
    eps: eps.map((e) => (e === undefined ? undefined : Int32Array.from(e))),
    unitSet,
    unitNext: Int32Array.from(unitNext),
    bounded,
    boundedOf: Int32Array.from(boundedOf),
    start,
    accept,
    tags: lang.tags,
    yieldAt,
  };
}

/** The units of each set (unit sets are made once and shared: units.ts, and the caches above). */
const membersCache = new WeakMap<UnitSet, Int32Array>();
const membersOf = (set: UnitSet): Int32Array => {
  let m = membersCache.get(set);
  if (m === undefined) {
    const out: number[] = [];
    for (let c = 0; c < UNIT_COUNT; c++) if (set[c] === 1) out.push(c);
    membersCache.set(set, (m = Int32Array.from(out)));
  }
  return m;
};

/**
 * Unit codes grouped into classes that every unit set of the given ones treats alike, numbered
 * in the order of their lowest unit. Partition refinement: each set moves its units out of the
 * classes they were in, one new class per class it cuts; then the classes are numbered by lowest
 * unit. The work is the units the sets hold, plus one pass over all units.
 */
export function unitClasses(sets: Iterable<UnitSet>): { classOf: Uint16Array; count: number } {
  const unique = [...new Set(sets)].map(membersOf);
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
  let count = 0;
  for (let c = 0; c < UNIT_COUNT; c++) {
    const k = cls[c] as number;
    if ((order[k] as number) < 0) order[k] = count++;
    classOf[c] = order[k] as number;
  }
  return { classOf, count };
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
 * matcher's backward DFA, the forward DFA, the explainer), that one forgets it all. The bound is
 * this plus 64 per state of the automaton ({@link memoLimit}). Real templates keep a few hundred;
 * a hostile one (a long literal repeating itself) would keep megabytes per call.
 */
export const MEMO_LIMIT = 1 << 15;

/** What the lazy DFAs of `nfa` may keep between calls, in entries ({@link MEMO_LIMIT}). */
export const memoLimit = (nfa: Nfa): number => MEMO_LIMIT + 64 * nfa.size;
/** Steps that depend on more bounded spans than this are not memoized (their keys would not fit a double). */
const MASKED_MEMO_LIMIT = 20;
/** Automata up to this many states keep a bitset of each set beside its sorted list (for membership tests). */
const BITSET_LIMIT = 4096;

/**
 * The most state-set work one match, one explanation or one construction may do: the states of
 * the sets it builds and reads, summed (about 0.3 s, and at most about 40 MB held). Sets of states
 * stay small on real templates; a long literal that repeats itself ("aaaa...{x}", "{x}abab...")
 * makes them grow with the literal, and the work with its square: past this, the answer is
 * "over the limit" (template.ts: the TemplateError "match-limit"), not a process out of memory.
 */
export const WORK_LIMIT = 1 << 22;

/** What a pass throws when it goes past {@link WORK_LIMIT}; caught where the pass began. */
class OverLimit {}
const OVER_LIMIT = new OverLimit();

/** What {@link Matcher.run} answers past {@link WORK_LIMIT}. */
export const OVER_WORK_LIMIT = "over-limit";

/** Adds one to `a[i]`. */
const bump = (a: Int32Array, i: number): void => {
  a[i] = (a[i] as number) + 1;
};

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
  /** Interned sets: sorted state lists, and (small automata) bitsets. */
  #sets: Int32Array[] = [];
  #bits: (Uint32Array | undefined)[] = [];
  #index = new Map<string, number>();
  #trans: Int32Array[] = [];
  #transMasked = new Map<number, number>();
  #end = -1;
  readonly #stamp: Int32Array;
  #mark = 0;
  /** The state-set work of the current pass (see {@link WORK_LIMIT}). */
  #work = 0;
  /** Entries the memo holds (see {@link MEMO_LIMIT}). */
  #retained = 0;
  /** The work limit of the current pass. */
  #limit = WORK_LIMIT;

  /** The state-set work of the last pass. */
  get work(): number {
    return this.#work;
  }

  constructor(nfa: Nfa) {
    this.nfa = nfa;
    const sets: UnitSet[] = [];
    for (const s of nfa.unitSet) if (s !== undefined) sets.push(s);
    const { classOf, count } = unitClasses(sets);
    this.#classOf = classOf;
    this.#classes = count;
    // one code per class tells whether a unit state reads the class
    const rep = new Int32Array(count).fill(-1);
    for (let c = 0; c < UNIT_COUNT; c++) if ((rep[classOf[c] as number] as number) < 0) rep[classOf[c] as number] = c;
    this.#rep = rep;
    // the reverse edges as one array each, rows in state order (a template of a million
    // characters would otherwise make millions of small arrays)
    const size = nfa.size;
    const unitStart = new Int32Array(size + 1);
    for (let s = 0; s < size; s++) if (nfa.kind[s] === UNIT) bump(unitStart, (nfa.unitNext[s] as number) + 1);
    for (let s = 0; s < size; s++) unitStart[s + 1] = (unitStart[s + 1] as number) + (unitStart[s] as number);
    const unitList = new Int32Array(unitStart[size] as number);
    const unitAt = unitStart.slice(0, size);
    for (let s = 0; s < size; s++) if (nfa.kind[s] === UNIT) unitList[(unitAt[nfa.unitNext[s] as number] as number)++] = s;
    this.#revUnitStart = unitStart;
    this.#revUnit = unitList;
    const revStart = new Int32Array(size + 1);
    for (let s = 0; s < size; s++) {
      const e = nfa.eps[s];
      if (e !== undefined) for (let i = 0; i < e.length; i += 2) bump(revStart, (e[i] as number) + 1);
    }
    for (const b of nfa.bounded) if (!b.min1) bump(revStart, b.exit + 1);
    for (let s = 0; s < size; s++) revStart[s + 1] = (revStart[s + 1] as number) + (revStart[s] as number);
    const rev = new Int32Array(revStart[size] as number);
    const at = revStart.slice(0, size);
    for (let s = 0; s < size; s++) {
      const e = nfa.eps[s];
      if (e !== undefined) for (let i = 0; i < e.length; i += 2) rev[(at[e[i] as number] as number)++] = s;
    }
    for (const b of nfa.bounded) if (!b.min1) rev[(at[b.exit] as number)++] = b.state;
    this.#revStart = revStart;
    this.#rev = rev;
    this.#words = nfa.size <= BITSET_LIMIT ? (nfa.size + 31) >>> 5 : 0;
    this.#stamp = new Int32Array(nfa.size);
  }

  /** Forgets the memo when it holds more than {@link MEMO_LIMIT} entries (a pass's sets are read before this is called). */
  trim(): void {
    if (this.#sets.length > SET_LIMIT || this.#retained > memoLimit(this.nfa)) this.#reset();
  }

  /** Entries the memo holds. */
  get retained(): number {
    return this.#retained;
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
    const b = this.#bits[id];
    if (b !== undefined) return ((b[s >>> 5] as number) >>> (s & 31) & 1) === 1;
    const set = this.#sets[id] as Int32Array;
    let lo = 0;
    let hi = set.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = set[mid] as number;
      if (v === s) return true;
      if (v < s) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  #intern(list: number[]): number {
    list.sort((x, y) => x - y);
    const key = list.join(",");
    let id = this.#index.get(key);
    if (id === undefined) {
      id = this.#sets.length;
      const set = Int32Array.from(list);
      this.#sets.push(set);
      if (this.#words > 0) {
        const b = new Uint32Array(this.#words);
        for (const s of set) b[s >>> 5] = (b[s >>> 5] as number) | (1 << (s & 31));
        this.#bits.push(b);
      } else this.#bits.push(undefined);
      this.#index.set(key, id);
      this.#trans.push(new Int32Array(this.#classes).fill(-1));
      this.#retained += set.length + this.#words + this.#classes + (key.length >> 2) + 16;
    }
    return id;
  }

  /** The set of states from which the rest can be read, from seed states, closed backward over empty edges. */
  #close(seeds: readonly number[]): number {
    const mark = ++this.#mark;
    const stamp = this.#stamp;
    const out: number[] = [];
    const stack: number[] = [];
    for (const s of seeds) {
      if (stamp[s] === mark) continue;
      stamp[s] = mark;
      out.push(s);
      stack.push(s);
    }
    while (stack.length > 0) {
      const x = stack.pop() as number;
      const rev = this.#rev;
      for (let i = this.#revStart[x] as number, end = this.#revStart[x + 1] as number; i < end; i++) {
        const s = rev[i] as number;
        if (stamp[s] === mark) continue;
        stamp[s] = mark;
        out.push(s);
        stack.push(s);
      }
    }
    if ((this.#work += out.length) > this.#limit) throw OVER_LIMIT;
    return this.#intern(out);
  }

  /**
   * The live set before unit class `c`, given the live set after it and the bounded spans whose
   * condition holds: `active` lists them, and `mask` has bit r set for each when there are at
   * most {@link MASKED_MEMO_LIMIT} spans (0 otherwise: such steps are not memoized).
   */
  #step(after: number, c: number, mask: number, active: readonly number[]): number {
    const memo = active.length === 0 || this.nfa.bounded.length <= MASKED_MEMO_LIMIT;
    if (active.length === 0) {
      const known = (this.#trans[after] as Int32Array)[c] as number;
      if (known >= 0) return known;
    } else if (memo) {
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
        if ((this.nfa.unitSet[u] as UnitSet)[code] === 1) seeds.push(u);
      }
    }
    for (const r of active) seeds.push((this.nfa.bounded[r] as Bounded).state);
    const id = this.#close(seeds);
    if (active.length === 0) (this.#trans[after] as Int32Array)[c] = id;
    else if (memo) {
      this.#transMasked.set((after * this.#classes + c) * (1 << MASKED_MEMO_LIMIT) + mask, id);
      this.#retained += 8;
    }
    return id;
  }

  /**
   * The backward pass over `units`, or undefined when no path reads them all (the URI is not in
   * the language), or {@link OVER_WORK_LIMIT}. One memoized step per unit, plus per bounded span
   * one count: a step not seen before costs the size of its sets, which on real templates is a
   * few states; the steps of one pass together build and read at most {@link WORK_LIMIT} states.
   */
  run(units: Units, limit = WORK_LIMIT): Pass | undefined | typeof OVER_WORK_LIMIT {
    this.trim();
    this.#work = 0;
    this.#limit = limit;
    try {
      return this.#run(units);
    } catch (e) {
      if (e !== OVER_LIMIT) throw e;
      // what the pass interned may be large: let it go
      this.#reset();
      return OVER_WORK_LIMIT;
    }
  }

  #run(units: Units): Pass | undefined {
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
    const need: Uint16Array[] = [];
    const caps: number[] = [];
    for (const b of nfa.bounded) {
      const cap = b.max + 1;
      const a = new Uint16Array(n + 1);
      a[n] = this.#has(this.#end, b.exit) ? 0 : cap;
      need.push(a);
      caps.push(cap);
    }
    const charBased = R > 0 ? new Int32Array(R) : undefined;
    const active: number[] = [];
    const small = R <= MASKED_MEMO_LIMIT;
    for (let k = n - 1; k >= 0; k--) {
      let mask = 0;
      active.length = 0;
      if (charBased !== undefined) {
        for (let r = 0; r < R; r++) {
          const b = nfa.bounded[r] as Bounded;
          const cap = caps[r] as number;
          const tok = charLength(codes, k, n, b.reserved);
          const cb = tok > 0 ? Math.min(cap, 1 + ((need[r] as Uint16Array)[k + tok] as number)) : cap;
          charBased[r] = cb;
          if (cb <= b.max) {
            active.push(r);
            if (small) mask |= 1 << r;
          }
        }
      }
      const c = this.#classOf[codes[k] as number] as number;
      let id = active.length === 0 ? ((this.#trans[setAt[k + 1] as number] as Int32Array)[c] as number) : -1;
      if (id < 0) id = this.#step(setAt[k + 1] as number, c, mask, active);
      setAt[k] = id;
      if (charBased !== undefined) {
        for (let r = 0; r < R; r++) {
          const b = nfa.bounded[r] as Bounded;
          (need[r] as Uint16Array)[k] = this.#has(id, b.exit) ? 0 : (charBased[r] as number);
        }
      }
      // nothing live here: nothing before either (unless a bounded span jumps over this offset)
      if (R === 0 && (this.#sets[id] as Int32Array).length === 0) return undefined;
    }
    if (!this.#has(setAt[0] as number, nfa.start)) return undefined;
    return { units, setAt, need };
  }

  #live(pass: Pass, k: number, s: number): boolean {
    return this.#has(pass.setAt[k] as number, s);
  }

  /** The ends of bounded span `b` entered at `k`, furthest first: within max characters, at a live exit. */
  #ends(pass: Pass, b: Bounded, k: number): number[] {
    const out: number[] = [];
    const { codes, n } = pass.units;
    if (!b.min1 && this.#live(pass, k, b.exit)) out.push(k);
    let j = k;
    for (let count = 1; count <= b.max; count++) {
      const tok = charLength(codes, j, n, b.reserved);
      if (tok === 0) break;
      j += tok;
      if (this.#live(pass, j, b.exit)) out.push(j);
    }
    out.reverse();
    if (b.yieldAt.length === 0) return out;
    // the ends before a separator first, the nearest first; then the others, the furthest first
    const before = out.filter((e) => b.yieldAt.includes(codes[e] as number)).reverse();
    return before.length === 0 ? out : [...before, ...out.filter((e) => !b.yieldAt.includes(codes[e] as number))];
  }

  /** The preferred path: tags and the offsets (in units) where they stand, as a flat list. */
  first(pass: Pass): number[] {
    const nfa = this.nfa;
    const events: number[] = [];
    let s = nfa.start;
    let k = 0;
    for (;;) {
      switch (nfa.kind[s]) {
        case ACCEPT:
          return events;
        case UNIT:
          s = nfa.unitNext[s] as number;
          k++;
          break;
        case BOUNDED: {
          const b = nfa.bounded[nfa.boundedOf[s] as number] as Bounded;
          const j = this.#ends(pass, b, k)[0] as number;
          events.push(b.open, k, b.close, j);
          s = b.exit;
          k = j;
          break;
        }
        default: {
          const e = nfa.eps[s] as Int32Array;
          const set = pass.setAt[k] as number;
          const y = nfa.yieldAt[s];
          if (y !== undefined && y.includes(pass.units.codes[k] as number) && this.#has(set, e[e.length - 2] as number)) {
            // a span's head before its separator: stop here
            events.push(e[e.length - 1] as number, k);
            s = e[e.length - 2] as number;
            break;
          }
          for (let i = 0; i < e.length; i += 2) {
            const t = e[i] as number;
            if (this.#has(set, t)) {
              const tag = e[i + 1] as number;
              if (tag >= 0) events.push(tag, k);
              s = t;
              break;
            }
          }
        }
      }
    }
  }

  /**
   * Every path, in order of preference (the first is {@link first}'s), as flat tag lists. Given a
   * unit offset back (`next(k)`), the enumeration skips the paths that differ from the last one
   * only after offset k (backjumping: a reading that failed on text before k fails on them too).
   */
  *paths(pass: Pass): Generator<number[], void, number | undefined> {
    const nfa = this.nfa;
    interface Frame {
      readonly k: number;
      /** target state, tag, end offset, ... */
      readonly options: readonly number[];
      i: number;
      readonly length: number;
    }
    const events: number[] = [];
    const stack: Frame[] = [];
    const options = (s: number, k: number): number[] => {
      const out: number[] = [];
      if (nfa.kind[s] === BOUNDED) {
        const b = nfa.bounded[nfa.boundedOf[s] as number] as Bounded;
        for (const j of this.#ends(pass, b, k)) out.push(b.exit, -1, j);
        return out;
      }
      const e = nfa.eps[s] as Int32Array;
      const y = nfa.yieldAt[s];
      const exitFirst = y !== undefined && y.includes(pass.units.codes[k] as number);
      if (exitFirst && this.#live(pass, k, e[e.length - 2] as number)) out.push(e[e.length - 2] as number, e[e.length - 1] as number, k);
      for (let i = 0; i < e.length; i += 2) {
        if (exitFirst && i === e.length - 2) break;
        if (this.#live(pass, k, e[i] as number)) out.push(e[i] as number, e[i + 1] as number, k);
      }
      return out;
    };
    const take = (s: number, k: number, o: readonly number[], i: number): [number, number] => {
      if (nfa.kind[s] === BOUNDED) {
        const b = nfa.bounded[nfa.boundedOf[s] as number] as Bounded;
        events.push(b.open, k, b.close, o[i + 2] as number);
      } else if ((o[i + 1] as number) >= 0) events.push(o[i + 1] as number, k);
      return [o[i] as number, o[i + 2] as number];
    };
    const at: number[] = []; // the state of each frame
    let s = nfa.start;
    let k = 0;
    for (;;) {
      // descend along first options
      let done = false;
      while (!done) {
        const kind = nfa.kind[s];
        if (kind === ACCEPT) {
          const jump = yield events.slice();
          if (jump !== undefined) {
            while (stack.length > 0 && (stack[stack.length - 1] as Frame).k > jump) {
              stack.pop();
              at.pop();
            }
          }
          done = true;
        } else if (kind === UNIT) {
          s = nfa.unitNext[s] as number;
          k++;
        } else {
          const o = options(s, k);
          if (o.length > 3) {
            stack.push({ k, options: o, i: 0, length: events.length });
            at.push(s);
          }
          [s, k] = take(s, k, o, 0);
        }
      }
      // backtrack to the last choice with an option left
      for (;;) {
        const f = stack[stack.length - 1];
        if (f === undefined) return;
        f.i += 3;
        if (f.i < f.options.length) {
          events.length = f.length;
          [s, k] = take(at[at.length - 1] as number, f.k, f.options, f.i);
          break;
        }
        stack.pop();
        at.pop();
      }
    }
  }
}
