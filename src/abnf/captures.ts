// Captures: where the occurrences of chosen rules that match only the empty string (markers,
// "tags") stand in the preferred derivation of a whole match, found in one forward pass of a
// tagged lazy DFA when the input lets it decide, else read off the derivation: the live
// positions of each offset backward (live.ts, a memoized reverse lazy DFA; derivation.ts's pass
// for rules that count a repetition), then the first live edge forward.
//
// A marker rule (`open-id = ""`) matches no character, so the automaton's builder lists each of
// its occurrences on the edges that cross it (automaton.ts Edge.before, Edge.after): a tag is
// such an occurrence, and every other form of the grammar (its ABNF, regex, parsimmon parser)
// treats it as the empty rule it is. The tagged DFA's states are the sets of positions that
// have just read a character (the "sources"; the start is a source of its own). Its entry for a
// state and a character class follows the edges out of the sources, through joins, to the
// positions that read the class, with the tags on the way: when every such path carries the
// same tags, the entry holds them (emitted at the offset before the character) and the set of
// those positions is the next state; when two carry different tags it says "two ways", and the
// run is undecided. So every path a decided run keeps has emitted the same tags, those of the
// preferred derivation among them. Where one source reaches a position by several paths, the
// first (the builder's order: alternatives left to right, repetitions greedy) is the one the
// derivation takes, and the only one kept, as the lazy DFA does (dfa.ts #reach).
//
// This module is apart from the automaton core (dfa-engine.ts) so that a matcher that takes no
// captures does not bundle it. Its states share the grammar's DFA budget of cells (dfa.ts).
import { ACCEPT, buildAutomaton, countAfter, type Automaton, type Edge, type Instance, type Ways } from "./automaton.js";
import { codePointAt, hasCodePoint, type CodePointSet } from "./charset.js";
import type { Compiled } from "./compiled.js";
import { deriveDfa, type Choose, type Derivation } from "./derivation.js";
import { Dfa } from "./dfa.js";
import { hashOf, sameInts, STATE_CELLS, StateTable } from "./state-sets.js";
import { runDfa } from "./dfa-run.js";
import { GrammarError } from "./grammar-errors.js";
import { liveDfaOf, livePaths, TOO_LARGE, walkLive, type LiveDfa } from "./live.js";

/** What a tagged run answers when two paths with different tags read the input: the derivation decides. */
export const UNDECIDED = "undecided";

/**
 * The tags of a match, in the order they stand: tag, offset, tag, offset, … (a tag is the index
 * of its rule in the list of marker rules asked for; an offset is a UTF-16 index of the input).
 */
export type TagEvents = number[];

/** A state of the tagged DFA: the positions that have just read a character (sorted). */
class TagState {
  /** By character class: the entry (the next state and the tags before the class), `null` for none, `undefined` until made. */
  readonly next: (TagStep | null | undefined)[];
  /** The tags on the way to the end of the match, `null` when the match cannot end here, {@link TWO_ENDS} when it can two ways; `undefined` until made. */
  end: Int32Array | null | undefined = undefined;
  sameHash: TagState | undefined = undefined;
  constructor(
    readonly sources: Int32Array,
    classes: number,
    readonly hash: number,
  ) {
    this.next = new Array<TagStep | null | undefined>(classes).fill(undefined);
  }
}

/** An entry of a state's row: the next state, and the tags emitted before the character (none: undefined). */
interface TagStep {
  readonly to: TagState;
  readonly tags: Int32Array | undefined;
}

const NO_STATE = new TagState(new Int32Array(0), 0, 0);
/** The entry of a class two paths with different tags read. */
const TWO_WAYS: TagStep = { to: NO_STATE, tags: undefined };
/** The end entry of a state two paths with different tags end in. */
const TWO_ENDS = new Int32Array(0);
const NO_TAGS = new Int32Array(0);

/**
 * The tagged DFA over a rule's lazy DFA (whose classes, reading tables and edges it shares),
 * for the marker rules `tags` (names, any case). The rule's automaton must have no counted
 * repetition (automaton.ts COUNTS): {@link TaggedDfa.of} gives none then.
 */
export class TaggedDfa {
  readonly #dfa: Dfa;
  /** Per edge, in the DFA's order (dfa.ts succ): the tags it crosses, in order, or undefined. */
  readonly #edgeTags: (Int32Array | undefined)[];
  readonly #join: Uint8Array;
  #table = new StateTable<TagState>();
  readonly #start: TagState;
  // the walk of #entry: per position, the stamp of the entry that reached it, from which source,
  // and (a join) with which tags and whether a position reading the class is behind it
  readonly #mark: Uint32Array;
  readonly #from: Int32Array;
  readonly #joinTags: (Int32Array | undefined)[];
  readonly #behind: Uint8Array;
  #stamp = 0;
  readonly #walk: Int32Array;
  readonly #walkEdge: Int32Array;
  readonly #walkPath: Int32Array;
  readonly #path: number[] = [];
  #made = 0;

  private constructor(
    dfa: Dfa,
    tagOf: Int32Array,
    /**
     * Whether a source's second path to a position counts as well as its first: with
     * preferences (see {@link Preference}) the derivation may take it, so that when its tags
     * differ the run is undecided.
     */
    readonly strict: boolean,
  ) {
    this.#dfa = dfa;
    const a = dfa.automaton;
    const n = a.positions.length;
    this.#edgeTags = edgeTagsOf(a, tagOf);
    this.#join = Uint8Array.from(a.positions, (p) => (p.join === true ? 1 : 0));
    this.#mark = new Uint32Array(n + 1);
    this.#from = new Int32Array(n + 1);
    this.#joinTags = new Array<Int32Array | undefined>(n).fill(undefined);
    this.#behind = new Uint8Array(n);
    this.#walk = new Int32Array(n + 1);
    this.#walkEdge = new Int32Array(n + 1);
    this.#walkPath = new Int32Array(n + 1);
    this.#start = new TagState(Int32Array.of(n), dfa.classes, hashOf(Int32Array.of(n), false));
    this.#table.keep(this.#start);
    dfa.budget.join(this);
  }

  /**
   * The tagged DFA of `dfa`'s rule for the marker rules `tags`; `undefined` when the rule's
   * automaton counts a repetition (the derivation reads those). A GrammarError
   * "bad-definition" when a marker rule can read a character (it must match only "").
   */
  static of(dfa: Dfa, tags: readonly string[], tagOf: Int32Array = tagsOfInstances(dfa.automaton, tags), strict = false): TaggedDfa | undefined {
    return dfa.automaton.counters.length > 0 ? undefined : new TaggedDfa(dfa, tagOf, strict);
  }

  /**
   * The tags of the match of the whole of `input` from `start`: the events, `undefined` when the
   * input does not match, {@link UNDECIDED} when two paths with different tags read it.
   */
  run(input: string, start = 0): TagEvents | undefined | typeof UNDECIDED {
    const dfa = this.#dfa;
    const ascii = dfa.ascii;
    const n = input.length;
    const events: TagEvents = [];
    let s = this.#start;
    let k = start;
    while (k < n) {
      let cp = input.charCodeAt(k);
      let cls: number;
      let len = 1;
      if (cp < 128) cls = ascii[cp] as number;
      else {
        cp = codePointAt(input, k);
        if (cp < 0) return undefined; // a lone surrogate is no character
        cls = dfa.classOf(cp);
        if (cp > 0xffff) len = 2;
      }
      let step = s.next[cls];
      if (step === undefined) step = this.#stepOf(s, cls, cp);
      if (step === null) return undefined;
      if (step === TWO_WAYS) return UNDECIDED;
      const t = step.tags;
      if (t !== undefined) for (let i = 0; i < t.length; i++) events.push(t[i] as number, k);
      s = step.to;
      k += len;
    }
    let end = s.end;
    if (end === undefined) end = s.end = this.#endOf(s);
    if (end === null) return undefined;
    if (end === TWO_ENDS) return UNDECIDED;
    for (let i = 0; i < end.length; i++) events.push(end[i] as number, n);
    return events;
  }

  /** The number of states made so far, the start not included (for tests). */
  get made(): number {
    return this.#made;
  }

  /** Forgets every state but the start, and every entry (the grammar's DFA budget asks it: dfa.ts DfaBudget). */
  forget(): void {
    this.#table.forget((s) => {
      s.next.fill(undefined);
      s.end = undefined;
    });
    this.#table.keep(this.#start);
  }

  #stepOf(s: TagState, cls: number, cp: number): TagStep | null {
    const found = this.#entry(s, cp);
    let step: TagStep | null;
    if (found === null) step = null;
    else if (found === UNDECIDED) step = TWO_WAYS;
    else step = { to: this.#intern(found.targets), tags: found.tags.length === 0 ? undefined : found.tags };
    s.next[cls] = step;
    return step;
  }

  #endOf(s: TagState): Int32Array | null {
    const found = this.#entry(s, -1);
    return found === null ? null : found === UNDECIDED ? TWO_ENDS : found.tags;
  }

  /**
   * Follows the edges out of `s`'s sources, through joins, to the positions that read `cp` (to
   * ACCEPT when `cp` is -1): those positions (sorted) and the tags on the way, `null` when there
   * is none, {@link UNDECIDED} when two paths carry different tags. A source's first path to a
   * position is its only one (the derivation's, in the builder's order); paths from different
   * sources must agree. A join is walked once per entry: met again from another source with
   * other tags, it is a disagreement when some position behind it reads `cp`.
   */
  #entry(s: TagState, cp: number): { readonly targets: Int32Array; readonly tags: Int32Array } | null | typeof UNDECIDED {
    const dfa = this.#dfa;
    const { succStart, succ } = dfa;
    const edgeTags = this.#edgeTags;
    const isJoin = this.#join;
    const mark = this.#mark;
    const from = this.#from;
    const joinTags = this.#joinTags;
    const behind = this.#behind;
    const walk = this.#walk;
    const walkEdge = this.#walkEdge;
    const walkPath = this.#walkPath;
    const path = this.#path;
    const accept = this.#join.length; // ACCEPT's slot in mark and from
    const strict = this.strict;
    if (this.#stamp === 0xffffffff) {
      mark.fill(0);
      this.#stamp = 0;
    }
    const stamp = ++this.#stamp;
    let first: Int32Array | undefined;
    const targets: number[] = [];
    const sources = s.sources;
    for (let si = 0; si < sources.length; si++) {
      path.length = 0;
      let depth = 0;
      walk[0] = sources[si] as number;
      walkEdge[0] = succStart[walk[0] as number] as number;
      while (depth >= 0) {
        const u = walk[depth] as number;
        const i = walkEdge[depth] as number;
        if (i >= (succStart[u + 1] as number)) {
          // a join done: what is behind it is behind the one before it
          if (depth > 1 && behind[u] === 1) behind[walk[depth - 1] as number] = 1;
          path.length = walkPath[depth] as number;
          depth--;
          continue;
        }
        walkEdge[depth] = i + 1;
        const t = succ[i] as number;
        const et = edgeTags[i];
        if (t >= 0 && isJoin[t] === 1) {
          if (mark[t] === stamp) {
            if (behind[t] === 1) {
              if ((strict || from[t] !== si) && !sameTags(joinTags[t], path, et)) return UNDECIDED;
              if (depth > 0) behind[u] = 1;
            }
            from[t] = si;
            continue;
          }
          mark[t] = stamp;
          from[t] = si;
          behind[t] = 0;
          walkPath[depth + 1] = path.length;
          if (et !== undefined) for (let j = 0; j < et.length; j++) path.push(et[j] as number);
          joinTags[t] = path.length === 0 ? undefined : Int32Array.from(path);
          walk[++depth] = t;
          walkEdge[depth] = succStart[t] as number;
          continue;
        }
        if (cp < 0 ? t !== ACCEPT : t < 0 || !dfa.reads(t, cp)) continue;
        const slot = t < 0 ? accept : t;
        if (!strict && mark[slot] === stamp && from[slot] === si) continue; // the source's first path is its one
        if (first === undefined) first = concatTags(path, et);
        else if (!sameTags(first, path, et)) return UNDECIDED;
        if (depth > 0) behind[u] = 1;
        if (mark[slot] !== stamp) {
          mark[slot] = stamp;
          if (t >= 0) targets.push(t);
        }
        from[slot] = si;
      }
    }
    if (first === undefined) return null;
    return { targets: Int32Array.from(targets).sort(), tags: first };
  }

  /** The kept state of these sources (sorted), made when there is none. */
  #intern(sources: Int32Array): TagState {
    const hash = hashOf(sources, false);
    for (let s = this.#table.get(hash); s !== undefined; s = s.sameHash) if (sameInts(s.sources, sources)) return s;
    // may make every DFA of the budget forget its states, this one's too
    this.#dfa.budget.take(sources.length + this.#dfa.classes + STATE_CELLS);
    const s = new TagState(sources, this.#dfa.classes, hash);
    this.#table.keep(s);
    this.#made++;
    return s;
  }
}

/** Per edge, in the DFA's order (dfa.ts succ: the edges out of each position, then the start's), the tags it crosses, in order, or undefined. */
function edgeTagsOf(a: Automaton, tagOf: Int32Array): (Int32Array | undefined)[] {
  const out: (Int32Array | undefined)[] = [];
  for (const list of [...a.follow, a.start]) {
    for (const e of list) {
      let tags: number[] | undefined;
      for (const i of e.before) if ((tagOf[i] as number) >= 0) (tags ??= []).push(tagOf[i] as number);
      for (const i of e.after) if ((tagOf[i] as number) >= 0) (tags ??= []).push(tagOf[i] as number);
      out.push(tags === undefined ? undefined : Int32Array.from(tags));
    }
  }
  return out;
}

/**
 * Per instance of the automaton, the index in `tags` of its rule (-1 for none; the first index
 * when a name is given twice). Throws the GrammarError "bad-definition" when an occurrence of a
 * marker rule holds a position: a marker must match only "".
 */
export function tagsOfInstances(a: Automaton, tags: readonly string[]): Int32Array {
  const ids = new Map<string, number>();
  tags.forEach((t, i) => {
    if (!ids.has(t.toLowerCase())) ids.set(t.toLowerCase(), i);
  });
  const tagOf = Int32Array.from(a.instances, (inst) => ids.get(inst.rule.toLowerCase()) ?? -1);
  // an instance is under a marker when it or one of its parents is one (parents come first)
  const under = new Uint8Array(a.instances.length);
  a.instances.forEach((inst, i) => {
    under[i] = (tagOf[i] as number) >= 0 || (inst.parent >= 0 && under[inst.parent] === 1) ? 1 : 0;
  });
  for (const p of a.positions) {
    const inside = under[p.instance] === 1 ? p.instance : p.options.flatMap((o) => o.chain).find((i) => under[i] === 1);
    if (inside === undefined || p.join === true) continue;
    let rule = inside;
    while (tagOf[rule] === -1) rule = (a.instances[rule] as { parent: number }).parent;
    const name = (a.instances[rule] as { rule: string }).rule;
    throw new GrammarError("bad-definition", `rule ${name} is asked for as a capture, but it can read a character: a capture is a rule that matches only the empty string`, name);
  }
  return tagOf;
}

/** The events of a derivation's marker occurrences (`tagOf` per instance, as {@link tagsOfInstances} gives it). */
export function derivationTags(d: Derivation, tagOf: Int32Array): TagEvents {
  const out: TagEvents = [];
  for (const step of d.steps) {
    const e: Edge = step.edge;
    for (const i of e.before) if ((tagOf[i] as number) >= 0) out.push(tagOf[i] as number, step.at);
    for (const i of e.after) if ((tagOf[i] as number) >= 0) out.push(tagOf[i] as number, step.at);
  }
  return out;
}

/**
 * A preference among readings that is not the builder's order (issue 30 ask 3, a URI template's
 * span that stops before a separator it could read): a repetition each of whose copies begins
 * with the marker rule `iterate`, and that the marker rule `stop` follows at once
 * (`*( iterate item ) stop`), stops where it may rather than take another copy when the next
 * code point is in `when`. A choice is made along the path as the markers stand on it: a
 * reading is preferred over another by the first such repetition where they part; a counted
 * repetition (automaton.ts COUNTS: a template's prefix `{x:9999}`) too, its copies counted. Not
 * applied between two ways to one position that the builder merged (it keeps the first).
 *
 * With `then` (a URI template's yieldFirst: another round of a list only after the next
 * varspec), a stop that the marker rule `then` follows at once (before any character: the
 * first alternative of what follows the repetition begins with it) is preferred to another
 * copy, and another copy to any other stop: `*( iterate item ) stop ( then A / B )` tries the
 * stop into A, then another copy, then the stop into B.
 */
export interface Preference {
  readonly iterate: string;
  readonly stop: string;
  /** The code points before which a stop is preferred (none: `[]`). */
  readonly when: CodePointSet;
  readonly then?: string | undefined;
}

/** The kinds of decision: the `iterate` marker's is 0. */
const STOP = 1;
const THEN = 2;

/**
 * The choice of derivations under `prefer` (see {@link Preference}), for derivation.ts and
 * live.ts; undefined when there is none to make. A decision is a pair (repetition, kind): the
 * repetition is the preference's index and the occurrence the markers stand in (they are its
 * children). In an automaton with counted repetitions, the ways through joins are followed with
 * their counts (a join is met once per count).
 */
function chooser(a: Automaton, prefer: readonly Preference[]): Choose | undefined {
  if (prefer.length === 0) return undefined;
  const markOf = tagsOfInstances(a, prefer.flatMap((p) => [p.iterate, p.stop, p.then ?? ""]));
  const width = a.instances.length;
  const slots = a.positions.length + 1;
  const decisions = (e: Edge): number[] => {
    const out: number[] = [];
    for (const list of [e.before, e.after]) {
      for (const i of list) {
        const m = markOf[i] as number;
        if (m >= 0) out.push(Math.floor(m / 3) * width + (a.instances[i] as { parent: number }).parent, m % 3);
      }
    }
    return out;
  };
  const after = (e: Edge, c: number): number => (a.counters.length > 0 ? countAfter(a.counters, e.count, c) : c);
  return (edges, isLive, cp, count = 0) => {
    const live = edges.filter((e) => isLive(e, count));
    if (live.length < 2) return live[0];
    /** Whether decisions `s` are preferred over `t` (which comes first in the builder's order). */
    const preferred = (s: readonly number[], t: readonly number[]): boolean => {
      for (let i = 0; i < s.length && i < t.length; i += 2) {
        if (s[i] !== t[i]) return false; // parted before any repetition: the builder's order
        if (s[i + 1] === t[i + 1]) continue;
        if (s[i + 1] === THEN || t[i + 1] === THEN) return false;
        const p = Math.floor((s[i] as number) / width);
        const stops = s[i + 1] === STOP ? s : t;
        // a stop is preferred before one of `when`'s code points, or into the `then` marker's way
        const early = hasCodePoint((prefer[p] as Preference).when, cp) || (stops[i + 3] === THEN && Math.floor((stops[i + 2] as number) / width) === p);
        return (s[i + 1] === STOP) === early;
      }
      return false;
    };
    // the decisions of the preferred way through each join met (with its count), worked out last
    // join first (a walk, not a recursion: joins chain as deep as the rule is long)
    const through = new Map<number, number[]>();
    const isJoin = (t: number): boolean => t >= 0 && a.positions[t]?.join === true;
    const seqOf = (e: Edge, c: number): number[] => (isJoin(e.to) ? decisions(e).concat(through.get(after(e, c) * slots + e.to) as number[]) : decisions(e));
    const best = (edges: readonly Edge[], c: number): number[] => {
      let b = seqOf(edges[0] as Edge, c);
      let at = 0;
      for (let i = 1; i < edges.length; i++) {
        const s = seqOf(edges[i] as Edge, c);
        if (preferred(s, b)) [b, at] = [s, i];
      }
      chosen = edges[at] as Edge;
      return b;
    };
    let chosen: Edge = live[0] as Edge;
    /** Joins to work out, each with its count, as `count × slots + join`. */
    const stack: number[] = [];
    for (const e of live) if (isJoin(e.to)) stack.push(after(e, count) * slots + e.to);
    while (stack.length > 0) {
      const key = stack[stack.length - 1] as number;
      if (through.has(key)) {
        stack.pop();
        continue;
      }
      const u = key % slots;
      const c = (key - u) / slots;
      const out = (a.follow[u] ?? []).filter((x) => isLive(x, c));
      const pending = out.filter((x) => isJoin(x.to) && !through.has(after(x, c) * slots + x.to)).map((x) => after(x, c) * slots + x.to);
      if (pending.length > 0) {
        stack.push(...pending);
        continue;
      }
      through.set(key, out.length === 0 ? [] : best(out, c));
      stack.pop();
    }
    best(live, count);
    return chosen;
  };
}

/**
 * What captures keep per lazy DFA, list of marker rules and preferences: the tagged DFA and the
 * memoized backward pass (none when the rule counts), the tag of each instance and of each edge,
 * the choice of derivations.
 */
interface Kept {
  readonly dfa: TaggedDfa | undefined;
  readonly live: LiveDfa | undefined;
  readonly tagOf: Int32Array;
  readonly edgeTags: readonly (Int32Array | undefined)[];
  readonly choose: Choose | undefined;
}
const tagged = new WeakMap<Dfa, Map<string, Kept>>();

/**
 * The captures of rule `key` over the whole of `input`: where each occurrence of the marker
 * rules `tags` (rules that match only "", by name) stands in the match's preferred derivation,
 * as events (see {@link TagEvents}); `undefined` when the input does not match; `null` when the
 * rule calls a recursive one or is checked in code (the automaton core serves neither). The
 * preferred derivation is the first in the builder's order (alternatives left to right,
 * repetitions greedy) but where `prefer` says otherwise (see {@link Preference}). One forward
 * pass of the tagged DFA when it decides (every path that reads the input carries the same
 * tags: no preference can change them), else the derivation's two passes; both linear in the
 * input. A GrammarError "undefined-rule" for a name that is no rule of the grammar,
 * "bad-definition" for a marker that can read a character.
 *
 * @example
 * // host-start = "", host-end = "", authority = [ userinfo "@" ] host-start host host-end [ ":" port ]
 * capturesByDfa(c, "authority", "a@b.c:80", ["host-start", "host-end"]) // [0, 2, 1, 5]
 */
export function capturesByDfa(c: Compiled, key: string, input: string, tags: readonly string[], prefer: readonly Preference[] = []): TagEvents | undefined | null {
  const got = keptFor(c, key, tags, prefer);
  if (got === null) return null;
  const [dfa, kept] = got;
  const r = kept.dfa?.run(input) ?? UNDECIDED;
  if (r !== UNDECIDED) return r;
  const pass = kept.live?.pass(input, 0, input.length) ?? TOO_LARGE;
  if (pass === undefined) return undefined;
  if (pass !== TOO_LARGE) {
    const events: TagEvents = [];
    const { edgeTags } = kept;
    const { offsets } = pass;
    walkLive(
      dfa,
      pass,
      input,
      (_e, i, j) => {
        const t = edgeTags[i];
        if (t !== undefined) for (let x = 0; x < t.length; x++) events.push(t[x] as number, offsets[j] as number);
      },
      kept.choose,
    );
    return events;
  }
  const run = runDfa(dfa, input, 0);
  if (run.stop !== input.length || !run.state.accept) return undefined;
  return derivationTags(deriveDfa(c.derivationDfa(key) as Dfa, input, 0, input.length, kept.choose), kept.tagOf);
}

/**
 * The captures of every reading of the whole of `input` by rule `key` (issue 30 ask 4: a URI
 * template's matchAll, and its variables read more than once), in order of preference (the
 * first is {@link capturesByDfa}'s; the others in the depth-first order of the choices, each
 * choice's live ways as `prefer` and the builder's order rank them), at most `limit` readings,
 * each as events (see {@link TagEvents}; two readings may have the same events when they part
 * where no marker stands). Backjumping: given an offset `k` (`next(k)`), the enumeration skips
 * every reading that differs from the last one only in choices made after offset `k`. Each
 * reading costs its own length (every way it tries ends in a whole match).
 *
 * A rule with counted repetitions (automaton.ts COUNTS: a template's `{x:100}`) is enumerated
 * on its automaton with them written out, built on first need, up to 65,536 positions written
 * out (a template's `{x:4000}` at most, its character being 15 positions).
 *
 * `undefined` when the input does not match; `null` when the rule calls a recursive one or is
 * checked in code. The GrammarError "too-large" when the live sets of the input would not fit
 * the grammar's DFA budget, or the rule written out would pass that size; the errors
 * of {@link capturesByDfa} for the names.
 */
export function capturesEach(
  c: Compiled,
  key: string,
  input: string,
  tags: readonly string[],
  prefer: readonly Preference[] = [],
  limit = 1000,
): Generator<TagEvents, void, number | undefined> | undefined | null {
  const got = keptFor(c, key, tags, prefer);
  if (got === null) return null;
  let [dfa, kept] = got;
  if (kept.live === undefined || dfa.automaton.merged) {
    // counted repetitions, or ways the builder merged: the readings of the automaton with the
    // repetitions written out and every way kept
    dfa = readingsDfa(c, key, dfa);
    kept = keptOf(dfa, tags, prefer);
  }
  const pass = (kept.live as LiveDfa).pass(input, 0, input.length);
  if (pass === undefined) return undefined;
  if (pass === TOO_LARGE) throw new GrammarError("too-large", `the readings of rule ${key} over an input of ${input.length} characters are not enumerated: their live sets would not fit the grammar's DFA budget`, key);
  return readings(livePaths(dfa, pass, input, limit, kept.choose), kept.edgeTags, pass.offsets);
}

/** The events of each path of `paths`, passing the offsets to backjump to back to it. */
function* readings(paths: Generator<number[], void, number | undefined>, edgeTags: readonly (Int32Array | undefined)[], offsets: Int32Array): Generator<TagEvents, void, number | undefined> {
  for (let step = paths.next(); step.done !== true; ) {
    const path = step.value;
    const events: TagEvents = [];
    for (let x = 0; x < path.length; x += 2) {
      const t = edgeTags[path[x] as number];
      if (t !== undefined) for (let y = 0; y < t.length; y++) events.push(t[y] as number, offsets[path[x + 1] as number] as number);
    }
    step = paths.next(yield events);
  }
}

/**
 * The rule's lazy DFA and what captures keep for it and this list of marker rules and
 * preferences, made on first need; `null` when the rule calls a recursive one or is checked in
 * code. The GrammarErrors of {@link capturesByDfa}.
 */
function keptFor(c: Compiled, key: string, tags: readonly string[], prefer: readonly Preference[]): [Dfa, Kept] | null {
  if (c.analysis.checks.has(key)) return null;
  const dfa = c.dfa(key);
  if (dfa === null) return null;
  const name = keyOf(tags, prefer);
  if (tagged.get(dfa)?.has(name) !== true) {
    const keys = new Set(c.analysis.ruleKeys.map((k) => k.toLowerCase()));
    const unknown = [...tags, ...prefer.flatMap((p) => [p.iterate, p.stop, ...(p.then === undefined ? [] : [p.then])])].find((t) => !keys.has(t.toLowerCase()));
    if (unknown !== undefined) throw new GrammarError("undefined-rule", `no rule ${unknown} in the grammar, asked for as a capture`, undefined, [unknown]);
  }
  return [dfa, keptOf(dfa, tags, prefer)];
}

/** The key of a list of marker rules and preferences in what captures keep. */
const keyOf = (tags: readonly string[], prefer: readonly Preference[]): string => [...tags, "", ...prefer.map((p) => `${p.iterate} ${p.stop} ${p.then ?? ""} ${JSON.stringify(p.when)}`)].join("\n");

/** What captures keep for a lazy DFA and this list of marker rules and preferences (whose names are the grammar's), made on first need. */
function keptOf(dfa: Dfa, tags: readonly string[], prefer: readonly Preference[]): Kept {
  let byTags = tagged.get(dfa);
  if (byTags === undefined) tagged.set(dfa, (byTags = new Map()));
  const name = keyOf(tags, prefer);
  let kept = byTags.get(name);
  if (kept === undefined) {
    const tagOf = tagsOfInstances(dfa.automaton, tags);
    const choose = chooser(dfa.automaton, prefer);
    const counted = dfa.automaton.counters.length > 0;
    // the live pass and the tags per edge on first need: a match the tagged run decides reads neither
    let edgeTags: readonly (Int32Array | undefined)[] | undefined;
    kept = {
      dfa: TaggedDfa.of(dfa, tags, tagOf, choose !== undefined),
      get live(): LiveDfa | undefined {
        return counted ? undefined : liveDfaOf(dfa);
      },
      tagOf,
      get edgeTags(): readonly (Int32Array | undefined)[] {
        return (edgeTags ??= counted ? [] : edgeTagsOf(dfa.automaton, tagOf));
      },
      choose,
    };
    byTags.set(name, kept);
  }
  return kept;
}

/**
 * The most positions a rule's counted repetitions are written out to for enumerating its
 * readings: as many as the builder writes out a repetition to uncounted (automaton.ts COUNTS, as
 * built), about 0.1 s of building.
 */
const UNROLL_LIMIT = 65_536;

/** The lazy DFA {@link capturesEach} enumerates for a rule whose `dfa` counts or merged ways, made on first need and kept. */
const unrolled = new WeakMap<Dfa, Dfa>();

/**
 * The lazy DFA of rule `key` with its counted repetitions written out (automaton.ts COUNTS:
 * `{x:100}`'s span is then 100 copies) and every way kept that crosses other occurrences than
 * one before it (automaton.ts `distinct`: `[ m0 ]` on "" is then two readings), in the grammar's
 * DFA budget: what {@link capturesEach} enumerates for a rule that counts (live.ts's sets hold
 * positions, not counts) or whose automaton merged ways. The builder's limits bound it: past
 * them, its GrammarError "too-large".
 */
function readingsDfa(c: Compiled, key: string, dfa: Dfa): Dfa {
  let u = unrolled.get(dfa);
  if (u === undefined) {
    // refused before it is built past the positions a repetition is written out to uncounted
    const a = dfa.automaton;
    const size = a.counters.reduce((n, k) => n + (k.to - k.from) * ((k.max === Infinity ? k.min : k.max) - 1), a.positions.length);
    if (size > UNROLL_LIMIT) {
      throw new GrammarError("too-large", `the readings of rule ${key} are not enumerated: its counted repetitions written out would be about ${size} positions, more than ${UNROLL_LIMIT}`, key);
    }
    const rule = c.analysis.rule(key);
    c.policy.check?.(rule, c.analysis, c.called, new Set(), false);
    unrolled.set(dfa, (u = new Dfa(buildAutomaton(rule, c.analysis, c.called, { counted: false, hooks: c.policy.hooks, distinct: byNames }), c.budget)));
  }
  return u;
}

/**
 * The most ways to one target a list keeps in the automaton {@link capturesEach} enumerates:
 * ways that read nothing multiply where the builder cannot put a join between them (inside a
 * repetition, `*( [ m0 ] [ m1 ] … "x" )`), and past this many the later ones are merged, so that
 * the automaton is at most this many times the size of the one matches run on.
 */
const WAYS = 16;

/** Keeps, of the ways to one list's targets, the first per target and names of the occurrences crossed, at most {@link WAYS} per target (automaton.ts Ways). */
function byNames(instances: readonly Instance[]): Ways {
  const seen = new Set<string>();
  const per = new Map<number, number>();
  const names = (list: readonly number[]): string => list.map((i) => (instances[i] as Instance).rule.toLowerCase()).join();
  return (x, a, b) => {
    const key = `${x} ${names(a)} ${names(b)}`;
    const n = per.get(x) ?? 0;
    if (seen.has(key) || n >= WAYS) return false;
    seen.add(key);
    per.set(x, n + 1);
    return true;
  };
}

/** `path` then `more`, as one list. */
function concatTags(path: readonly number[], more: Int32Array | undefined): Int32Array {
  if (more === undefined) return path.length === 0 ? NO_TAGS : Int32Array.from(path);
  const out = new Int32Array(path.length + more.length);
  out.set(path);
  out.set(more, path.length);
  return out;
}

/** Whether `a` (undefined: none) is `path` then `more`. */
function sameTags(a: Int32Array | undefined, path: readonly number[], more: Int32Array | undefined): boolean {
  const m = more === undefined ? 0 : more.length;
  const len = a === undefined ? 0 : a.length;
  if (len !== path.length + m) return false;
  for (let i = 0; i < path.length; i++) if ((a as Int32Array)[i] !== path[i]) return false;
  for (let i = 0; i < m; i++) if ((a as Int32Array)[path.length + i] !== (more as Int32Array)[i]) return false;
  return true;
}
