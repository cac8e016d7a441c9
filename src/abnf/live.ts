// The backward pass of a derivation, memoized (issue 30): at each offset of a match, the "live
// set", the positions from which the rest of the input can still be read to the end of the
// match, made by a lazy DFA that reads the input backward. Its states are live sets, interned;
// its row for a character class gives the live set before a character of that class from the
// live set after it (the positions that read the class and have an edge into the set after,
// and the joins that lead to them). Rows are made on first need and kept, so that the backward
// pass costs one table lookup per character on the live sets a rule's inputs keep coming back to
// (the derivations of a grammar's semantics, engine.ts), where derivation.ts's pass works out
// each live set anew.
// Its states take cells from the grammar's DFA budget (dfa.ts DfaBudget) and forget with it.
//
// A live set is not cut down to the positions a forward run reaches: the forward walk that reads
// a derivation off the pass starts at the rule's start and only ever asks about the targets of
// the edges it stands on, which are reached. Rules with counted repetitions (automaton.ts COUNTS)
// keep derivation.ts's pass (a count is read forward), and so does a pass whose live sets would
// fill the grammar's DFA budget on their own: derivation.ts keeps O(√n) of them, where this pass
// keeps one reference per offset to interned sets, so it gives up rather than hold them all.
import type { Automaton, Edge } from "./automaton.js";
import { codePointAt, hasCodePoint } from "./charset.js";
import type { Compiled } from "./compiled.js";
import type { Derivation, Step } from "./derivation.js";
import { deriveByDfa } from "./dfa-engine.js";
import type { Dfa } from "./dfa.js";
import { BITS_LIMIT, bitsOf, hashOf, hasMember, reverseEdges, sameInts, STATE_CELLS, StateTable } from "./state-sets.js";

/**
 * A live set: the character positions that read this offset's character and can go on to the
 * end, the joins that lead to them, and (at the end of the match) the rule's end, whose slot is
 * the number of positions; sorted. `start`: the rule's start edges reach one of them (the match
 * may begin here).
 */
export class LiveSet {
  /** By character class: the live set before a character of the class, `null` for none, `undefined` until made. */
  readonly before: (LiveSet | null | undefined)[];
  sameHash: LiveSet | undefined = undefined;
  constructor(
    readonly members: Int32Array,
    readonly start: boolean,
    /** The members as bits, in an automaton of at most {@link BITS_LIMIT} positions. */
    readonly bits: Uint32Array | undefined,
    classes: number,
    readonly hash: number,
  ) {
    this.before = new Array<LiveSet | null | undefined>(classes).fill(undefined);
  }

  /** Whether position `p` (the rule's end: the number of positions) is in the set. */
  has(p: number): boolean {
    return hasMember(this.members, this.bits, p);
  }
}

/** The live sets of one match: `sets[j]` at `offsets[j]` (the offset of the j-th code point; the last is the end). */
export interface LivePass {
  readonly offsets: Int32Array;
  readonly sets: readonly LiveSet[];
}

/** What {@link LiveDfa.pass} answers when its sets would not fit the grammar's DFA budget: derivation.ts's pass serves. */
export const TOO_LARGE = "too-large";

/** The memoized backward pass of a rule's lazy DFA (whose classes and edges it shares); see the module comment. */
export class LiveDfa {
  readonly #n: number;
  /** Per target (the end's slot: the number of positions), the sources of the edges to it: `#rev[#revStart[t] .. #revStart[t + 1])`, the start as the number of positions. */
  readonly #revStart: Int32Array;
  readonly #rev: Int32Array;
  readonly #join: Uint8Array;
  readonly #words: number;
  readonly #mark: Uint32Array;
  #stamp = 0;
  #table = new StateTable<LiveSet>();
  /** The live set at the end of a match: the rule's end, and the joins that lead to it. */
  readonly end: LiveSet;
  #made = 0;
  /** Set once a pass filled the budget: every pass of this rule is left to derivation.ts from then on. */
  #tooLarge = false;

  constructor(readonly dfa: Dfa) {
    const a = dfa.automaton;
    const n = (this.#n = a.positions.length);
    const { succStart, succ } = dfa;
    [this.#revStart, this.#rev] = reverseEdges(n + 1, (add) => {
      for (let u = 0; u <= n; u++) {
        for (let i = succStart[u] as number; i < (succStart[u + 1] as number); i++) {
          const t = succ[i] as number;
          add(u, t < 0 ? n : t);
        }
      }
    });
    this.#join = Uint8Array.from(a.positions, (p) => (p.join === true ? 1 : 0));
    this.#words = n < BITS_LIMIT ? (n + 32) >>> 5 : 0;
    this.#mark = new Uint32Array(n + 1);
    this.#next();
    this.#mark[n] = this.#stamp;
    this.end = this.#close([n]);
    dfa.budget.join(this);
  }

  /** The number of live sets made so far, the end not included (for tests). */
  get made(): number {
    return this.#made;
  }

  /**
   * The live sets of the match of rule over `input.slice(start, end)`, read backward from its
   * end; `undefined` when that slice does not match the rule (a lone surrogate is no
   * character), {@link TOO_LARGE} when the sets would not fit the grammar's DFA budget.
   */
  pass(input: string, start: number, end: number): LivePass | undefined | typeof TOO_LARGE {
    if (this.#tooLarge) return TOO_LARGE;
    const dfa = this.dfa;
    const ascii = dfa.ascii;
    const resets = dfa.budget.resets;
    const sets: LiveSet[] = [this.end];
    const offsets: number[] = [end];
    let s = this.end;
    let k = end;
    while (k > start) {
      let cp = input.charCodeAt(k - 1);
      let len = 1;
      if (cp >= 0xd800 && cp <= 0xdfff) {
        // a low surrogate after a high one is one character; any other surrogate is none
        const hi = k - 2 >= start ? input.charCodeAt(k - 2) : 0;
        if (cp < 0xdc00 || hi < 0xd800 || hi > 0xdbff) return undefined;
        cp = 0x10000 + ((hi - 0xd800) << 10) + (cp - 0xdc00);
        len = 2;
      }
      const cls = cp < 128 ? (ascii[cp] as number) : dfa.classOf(cp);
      let b = s.before[cls];
      if (b === undefined) {
        b = this.#before(s, cls, cp);
        if (dfa.budget.resets !== resets) {
          this.#tooLarge = true;
          return TOO_LARGE;
        }
      }
      if (b === null) return undefined;
      s = b;
      k -= len;
      sets.push(s);
      offsets.push(k);
    }
    if (!s.start) return undefined;
    sets.reverse();
    offsets.reverse();
    return { offsets: Int32Array.from(offsets), sets };
  }

  /** Forgets every live set but the end, and every row (the grammar's DFA budget asks it: dfa.ts DfaBudget). */
  forget(): void {
    this.#table.forget((s) => s.before.fill(undefined));
    this.#table.keep(this.end);
  }

  #next(): number {
    if (this.#stamp === 0xffffffff) {
      this.#mark.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }

  /** The live set before a character `cp` (of class `cls`) from the live set `s` after it, kept in `s`'s row. */
  #before(s: LiveSet, cls: number, cp: number): LiveSet | null {
    const n = this.#n;
    const dfa = this.dfa;
    const join = this.#join;
    const revStart = this.#revStart;
    const rev = this.#rev;
    const mark = this.#mark;
    const stamp = this.#next();
    const chars: number[] = [];
    const members = s.members;
    for (let q = 0; q < members.length; q++) {
      const t = members[q] as number;
      for (let i = revStart[t] as number; i < (revStart[t + 1] as number); i++) {
        const u = rev[i] as number;
        if (u === n || join[u] === 1 || mark[u] === stamp) continue;
        mark[u] = stamp;
        if (dfa.reads(u, cp)) chars.push(u);
      }
    }
    // (interning may make every DFA of the budget forget, this one too: the row is set after)
    const made = chars.length === 0 ? null : this.#close(chars);
    s.before[cls] = made;
    return made;
  }

  /**
   * The live set of `members` (marked with the current stamp) and the joins that lead to them,
   * through joins: a walk backward over the edges into joins.
   */
  #close(members: number[]): LiveSet {
    const n = this.#n;
    const join = this.#join;
    const revStart = this.#revStart;
    const rev = this.#rev;
    const mark = this.#mark;
    const stamp = this.#stamp;
    let start = false;
    for (let q = 0; q < members.length; q++) {
      const t = members[q] as number;
      for (let i = revStart[t] as number; i < (revStart[t + 1] as number); i++) {
        const u = rev[i] as number;
        if (u === n) start = true;
        else if (join[u] === 1 && mark[u] !== stamp) {
          mark[u] = stamp;
          members.push(u);
        }
      }
    }
    const sorted = Int32Array.from(members).sort();
    const hash = hashOf(sorted, start);
    for (let s = this.#table.get(hash); s !== undefined; s = s.sameHash) if (s.start === start && sameInts(s.members, sorted)) return s;
    const words = this.#words;
    // may make every DFA of the budget forget its states, this one's too
    this.dfa.budget.take(sorted.length + words + this.dfa.classes + STATE_CELLS);
    const s = new LiveSet(sorted, start, bitsOf(sorted, words), this.dfa.classes, hash);
    this.#table.keep(s);
    this.#made++;
    return s;
  }
}

/** The memoized backward pass of each lazy DFA, made on first need. */
const passes = new WeakMap<Dfa, LiveDfa>();

/** The memoized backward pass of `dfa`'s rule; `undefined` when it counts a repetition (derivation.ts's pass serves). */
export function liveDfaOf(dfa: Dfa): LiveDfa | undefined {
  if (dfa.automaton.counters.length > 0) return undefined;
  let live = passes.get(dfa);
  if (live === undefined) passes.set(dfa, (live = new LiveDfa(dfa)));
  return live;
}

/**
 * The preferred derivation of a rule without counted repetitions over `input.slice(start,
 * end)`, as derivation.ts deriveDfa gives it, read forward off the memoized pass: from the
 * rule's start, at each step the first edge (in the builder's order) whose target is live; an
 * edge to a join is a step of its own at the same offset. `undefined` when the slice does not
 * match, {@link TOO_LARGE} when the pass gives up (see {@link LiveDfa.pass}).
 */
export function deriveLive(live: LiveDfa, input: string, start: number, end: number): Derivation | undefined | typeof TOO_LARGE {
  const pass = live.pass(input, start, end);
  if (pass === undefined || pass === TOO_LARGE) return pass;
  const { dfa } = live;
  const a: Automaton = dfa.automaton;
  const n = a.positions.length;
  const { succStart, succ } = dfa;
  const { sets, offsets } = pass;
  const steps: Step[] = [];
  // `u`: the position the walk stands on (n: the start); `j` indexes the pass's offsets (an
  // edge leads to the position that reads the j-th code point, to a join before it, or at the
  // end to the rule's end)
  let u = n;
  let j = 0;
  for (;;) {
    const set = sets[j] as LiveSet;
    const lo = succStart[u] as number;
    const hi = succStart[u + 1] as number;
    let i = lo;
    for (; i < hi; i++) {
      const t = succ[i] as number;
      if (set.has(t < 0 ? n : t)) break;
    }
    if (i === hi) throw new Error("internal: derivation lost its way");
    const edge = (u === n ? a.start : (a.follow[u] as readonly Edge[]))[i - lo] as Edge;
    const at = offsets[j] as number;
    const t = succ[i] as number;
    const pos = t < 0 ? undefined : a.positions[t];
    if (pos === undefined || pos.join === true) steps.push({ edge, at, end: at, option: -1, sub: undefined });
    else {
      const cp = codePointAt(input, at);
      steps.push({ edge, at, end: offsets[j + 1] as number, option: pos.options.findIndex((o) => hasCodePoint(o.set, cp)), sub: undefined });
    }
    if (t < 0) return { automaton: a, input, start, end, steps };
    u = t;
    if (pos?.join !== true) j++;
  }
}

/**
 * The preferred derivation of rule `key` over `input.slice(start, end)`, which must match it,
 * as dfa-engine.ts deriveByDfa gives it, its backward pass memoized (see the module comment) for
 * a rule without counted repetitions whose live sets fit the DFA budget; `null` when the rule
 * calls a recursive one. The whole engine's derivations (engine.ts) read it: about 5× faster on
 * RFC 3986's URI-reference over the hard corpus once its live sets are made.
 */
export function deriveByLive(c: Compiled, key: string, input: string, start: number, end: number): Derivation | null {
  const dfa = c.analysis.checks.has(key) ? undefined : c.derivationDfa(key);
  if (dfa === null) return null;
  const live = dfa === undefined ? undefined : liveDfaOf(dfa);
  const d = live === undefined ? undefined : deriveLive(live, input, start, end);
  return d === undefined || d === TOO_LARGE ? deriveByDfa(c, key, input, start, end) : d;
}
