// The position automaton of a rule (Glushkov's construction over an ABNF expression with every
// non-recursive reference expanded in place). A position is one character of the expanded
// expression, or a call to a recursive rule; an edge says which position may follow which.
// Matching over positions is exact ABNF: alternation is unordered and a repetition explores
// every count, because the matcher follows every edge at once (engine.ts, dfa.ts).
//
// Edges are kept in the order a backtracking matcher would try them (alternatives left to
// right, repetitions greedy), so that when a match has several derivations the engine can pick
// one by that order, and each edge records which rule occurrences ("instances") it leaves,
// enters, or passes through while they match the empty string: that is all the semantics need
// to rebuild a derivation (semantics.ts).
import type { Analysis, RuleDefinition } from "./analysis.js";
import { codePoints, EMPTY_SET, intersects, literalCharSet, union, type CodePointSet } from "./charset.js";
import { referencedNames, type Expr } from "./expr.js";
import { GrammarError } from "./grammar-errors.js";

/** The target of an edge that ends the match. */
export const ACCEPT = -1;

/** One occurrence of a rule in the expanded expression. Instance 0 is the rule the automaton is for. */
export interface Instance {
  /** The rule's name as its definition spells it. */
  readonly rule: string;
  readonly parent: number;
  readonly token: boolean;
}

/** One way a character position can match: a leaf range or literal character, under some rule occurrences. */
export interface Option {
  readonly set: CodePointSet;
  /** Instances entered between the position's own instance and the leaf, outermost first. */
  readonly chain: readonly number[];
  /** The leaf: a range, or a literal of which this position is character `index` (for its label). */
  readonly leaf: Expr;
  readonly index: number;
}

export interface Position {
  /** Every code point the position matches (the union of its options); empty for a call. */
  readonly set: CodePointSet;
  /** For a character position: its options, in the order a backtracking matcher tries them. */
  readonly options: readonly Option[];
  /** The instance whose expression holds the position (for a call: the instance of the called rule). */
  readonly instance: number;
  /** For a call position: the lowercase name of the recursive rule it calls. */
  readonly call: string | undefined;
  /**
   * For a stub: the lowercase name of the rare rule it stands for. A stub matches the first
   * characters of its rule; reading one means the rule is in use, and the matcher switches to
   * the automaton without stubs. `labels` name what the rule can start with.
   */
  readonly stub?: string | undefined;
  readonly labels?: readonly string[] | undefined;
  /**
   * True for a join: a point between two parts of a concatenation that reads nothing (an
   * ε-position). Its edges are followed at once, in their order, as if they stood in place of
   * the edge to it: the edges out of the last positions of `a` go to it, and it goes on to the
   * first positions of `b`, so that `a b` costs |lasts(a)| + |firsts(b)| edges, not their
   * product (see {@link JOIN_COST}).
   */
  readonly join?: boolean | undefined;
}

/**
 * An edge to a position (or to {@link ACCEPT}). `context` is the instance in which the edge was
 * made: the edge leaves the instances of its source below `context` and enters those of its
 * target below `context`. `before` are instances that match the empty string between the two,
 * recorded before leaving the source's instances; `after`, after entering the target's.
 */
export interface Edge {
  readonly to: number;
  readonly context: number;
  readonly before: readonly number[];
  readonly after: readonly number[];
  /**
   * For an edge of a counted repetition (see {@link COUNTS}): `counter << 2 | kind`, where kind
   * {@link ENTER} starts the count at 1, {@link AGAIN} begins one more iteration (only while the
   * count is below the maximum) and {@link LEAVE} ends the repetition (only once the count has
   * reached the minimum). Absent on every other edge, which keeps the count.
   */
  readonly count?: number | undefined;
}

/** Kinds of a counted repetition's edges (Edge.count). */
export const ENTER = 1;
export const AGAIN = 2;
export const LEAVE = 3;

/**
 * The count after following an edge whose Edge.count is `op` with count `c` (0 outside counted
 * repetitions), or -1 when the edge may not be followed: AGAIN at the maximum, LEAVE below the
 * minimum. Past an unbounded repetition's minimum the count stays there (all larger counts
 * behave alike), so that a configuration's count is at most the larger bound.
 */
export function countAfter(counters: readonly Counter[], op: number | undefined, c: number): number {
  if (op === undefined || op === 0) return c;
  const kind = op & 3;
  if (kind === ENTER) return 1;
  const k = counters[op >> 2] as Counter;
  if (kind === LEAVE) return c >= k.min ? 0 : -1;
  if (k.max === Infinity) return Math.min(c + 1, Math.max(k.min, 1));
  return c < k.max ? c + 1 : -1;
}

/** The bounds of one counted repetition (Automaton.counters). */
export interface Counter {
  readonly min: number;
  /** Infinity for `min*` (the count then stops at `min`: every larger count behaves alike). */
  readonly max: number;
  /** The positions of its element: `from` to `to`, not included (built one after another). */
  readonly from: number;
  readonly to: number;
}

/** The automaton of one rule. */
export interface Automaton {
  readonly rule: RuleDefinition;
  readonly instances: readonly Instance[];
  readonly positions: readonly Position[];
  /** The edges out of each position, in priority order, one per target. */
  readonly follow: readonly (readonly Edge[])[];
  /** The edges into the first position, from instance 0; an edge to ACCEPT when the rule matches "". */
  readonly start: readonly Edge[];
  /** True when some position is a call (the lazy DFA then does not apply). */
  readonly hasCalls: boolean;
  /** True when some position is a stub. */
  readonly hasStubs: boolean;
  /** True when some position is a join (an ε-position, see {@link Position.join}). */
  readonly hasJoins: boolean;
  /** The counted repetitions (see {@link COUNTS}), by counter id; empty when none. */
  readonly counters: readonly Counter[];
  /** What the builder counted against its limits (see {@link automatonSize}, which counts it beforehand). */
  readonly counted: AutomatonSize;
}

/** The most positions one automaton may have. */
export const POSITION_LIMIT = 200_000;
/** The most edges one automaton may have (counted as the builder makes and remakes them). */
export const EDGE_LIMIT = 4_000_000;
/** The most rule occurrences (instances) one automaton may have: a rule that matches only "" has no position, but each copy is one. */
export const INSTANCE_LIMIT = 1_000_000;
/** The most expressions the builder may expand for one automaton: every copy of a repetition counts, even one that makes nothing. */
export const STEP_LIMIT = 4_000_000;
/**
 * The most rule occurrences the builder may copy into the lists of those that match the empty
 * string between two positions (Edge.before, Edge.after): a chain of N occurrences that can all
 * match "" (`a = 5000( e ) "x"`, `e = ""`) copies N²/2.
 */
export const COPY_LIMIT = 4_000_000;

/**
 * A concatenation `a b` whose direct edges and copies would cost more than this goes through a
 * join position (see {@link Position.join}): a chain of N elements that can each match "" (`e e
 * e … e "x"`, `e = [ "a" ]`; every expression of a URI template) links every last position to
 * every later first one, N²/2 edges, and copies every earlier element's empty match into each
 * later first entry. Through joins it is linear. Below this cost the edges are made directly,
 * so small automata (RFC 3986's) have no join. Internal: a test sets it to 0 to check that
 * joins change no answer, label or derivation.
 */
export const JOINS = { cost: 16 };

/**
 * A bounded repetition `m*n item` with n ≥ `from` (or `m*item` with m ≥ `from`) whose item is
 * `item` positions or more, or whose n copies would be more than `positions` positions, is
 * built once, as a counted repetition, when the builder is asked to (`counted`), `item` cannot
 * match "" and no counted repetition encloses it: `E item` with three joins, E (its edges start
 * the count), A (one more iteration: its edge in checks and adds to the count) and X (the way
 * out: its edge in checks the minimum). A configuration of the lazy DFA (dfa.ts) is then a
 * position and a count, so that the automaton's size does not grow with the count (a URI
 * template's prefix `{x:300}`, whose element is 190 positions, 57,301 written out and 0.9 s to
 * build; `1*1000000ALPHA`), and the answers are those of the unrolled copies (RFC 5234 §3.6).
 * Repetitions of a small element are written out up to `positions`: a DFA step over positions
 * costs less than over configurations (`x = *( "a" / "b" ) "a" 20000( "a" / "b" )`, 20,002
 * positions, whose states hold thousands of them, reads its input about 1.3× faster written
 * out). Internal: a test sets them to compare with unrolling.
 */
export const COUNTS = { from: 32, item: 16, positions: 65_536 };

/**
 * Whether `min*max item` is built as a counted repetition (see {@link COUNTS}), `size` giving
 * item's positions written out, none of its own repetitions counted (automatonSize, outside any
 * loop); the builder and automatonSize decide alike.
 */
function countHere(enabled: boolean, counting: boolean, min: number, max: number, itemNullable: boolean, size: () => number): boolean {
  const n = max === Infinity ? min : max;
  if (!enabled || counting || itemNullable || n < Math.max(2, COUNTS.from)) return false;
  const item = size();
  return item >= COUNTS.item || n * item > COUNTS.positions;
}

/**
 * What concatenating a fragment (its last positions, whether it matches "" and the length of
 * its empty match's list of occurrences) with one (its first positions, the same) costs in
 * edges and copies when made directly, the measure {@link JOINS} is compared with. The builder
 * and {@link automatonSize} decide alike from it.
 */
function directCost(aLasts: number, aNullable: boolean, aEmpties: number, bFirsts: number, bNullable: boolean, bEmpties: number): number {
  const cont = bFirsts + (bNullable ? 1 : 0);
  return aLasts * cont + (aNullable ? cont * (1 + aEmpties) : 0) + (bNullable ? aLasts * bEmpties : 0);
}

/**
 * Whether `a b` goes through a join: it costs more than {@link JOINS} directly, there are
 * positions to link (a chain of rules that match only "" has none), and, inside the body of an
 * unbounded repetition (`loop`), `a` cannot match "" (so that the join is no first position of
 * the body: every iteration reads a character, and no cycle of the automaton reads none).
 */
function joinHere(joins: boolean, loop: boolean, aLasts: number, aNullable: boolean, aEmpties: number, bFirsts: number, bNullable: boolean, bEmpties: number): boolean {
  if (!joins || (loop && aNullable)) return false;
  if (aLasts === 0 && bFirsts === 0) return false;
  return directCost(aLasts, aNullable, aEmpties, bFirsts, bNullable, bEmpties) > JOINS.cost;
}

type FirstEntry = { readonly pos: number; readonly lead: readonly number[] } | { readonly pos: -1; readonly empties: readonly number[] };
type FollowEntry = Edge | { readonly to: -2; readonly before: readonly number[] };
const EXIT = -2;

interface Frag {
  readonly first: readonly FirstEntry[];
  /** Positions whose follow list still holds an exit entry (the fragment can end after them). */
  readonly lasts: readonly number[];
}

const DEAD: Frag = { first: [], lasts: [] };
const NONE: readonly number[] = Object.freeze([]);

/** `a` then `b`, without allocating when either is empty. */
const cat = (a: readonly number[], b: readonly number[]): readonly number[] => (a.length === 0 ? b : b.length === 0 ? a : [...a, ...b]);

/** Keeps the first entry for each position and the first "may end" entry: later ones are never preferred. */
function firstOnce(entries: readonly FirstEntry[]): FirstEntry[] {
  const seen = new Set<number>();
  const out: FirstEntry[] = [];
  for (const f of entries) {
    if (seen.has(f.pos)) continue;
    seen.add(f.pos);
    out.push(f);
  }
  return out;
}
const EMPTY: Frag = { first: [{ pos: -1, empties: [] }], lasts: [] };

const quote = (s: string): string => JSON.stringify(s);
const hex = (n: number): string => n.toString(16).toUpperCase().padStart(2, "0");

/** How an option is named in "expected" lists: a literal by what is left of it (`"//"`, then `"/"`), a range by its bounds. */
export function optionLabel(o: Option): string {
  const e = o.leaf;
  if (e.type === "range") return rangeLabel(e.lo, e.hi);
  if (e.type === "lit") return quote(o.index === 0 ? e.text : String.fromCodePoint(...codePoints(e.text).slice(o.index)));
  return "?";
}

/** How a range is named in "expected" lists: `"0"-"5"` when printable ASCII, `%xLO-HI` otherwise. */
export function rangeLabel(lo: number, hi: number): string {
  const printable = (c: number): boolean => c >= 0x21 && c <= 0x7e;
  if (printable(lo) && printable(hi)) {
    return lo === hi ? quote(String.fromCharCode(lo)) : `${quote(String.fromCharCode(lo))}-${quote(String.fromCharCode(hi))}`;
  }
  return lo === hi ? `%x${hex(lo)}` : `%x${hex(lo)}-${hex(hi)}`;
}

/**
 * Builds the automaton of `rule`. References to rules in `calls` (the recursive ones) become
 * call positions; every other reference is expanded in place.
 */
export function buildAutomaton(
  rule: RuleDefinition,
  analysis: Analysis,
  calls: ReadonlySet<string>,
  settings: { readonly keepAll?: boolean | undefined; readonly stubs?: ReadonlySet<string> | undefined; readonly counted?: boolean | undefined } = {},
): Automaton {
  const counts = settings.counted === true && settings.keepAll !== true;
  const counters: Counter[] = [];
  /** Inside a counted repetition's body (they do not nest). */
  let counting = false;
  const stubs = settings.stubs ?? new Set<string>();
  let hasStubs = false;
  // keepAll: keep every edge, also a second one to the same target by another way through the
  // expression (a backtracking regex tries both); used to analyse the regex fast path.
  const keepAll = settings.keepAll === true;
  const once = (entries: readonly FirstEntry[]): FirstEntry[] => (keepAll ? [...entries] : firstOnce(entries));
  /** The sizes the builder will make (the rule's, and a repetition's item's for {@link countHere}). */
  const measure = automatonSize(analysis, calls, stubs, !keepAll, counts);
  const instances: Instance[] = [{ rule: rule.name, parent: -1, token: rule.token }];
  const positions: Position[] = [];
  const follow: FollowEntry[][] = [];
  let hasCalls = false;
  let hasJoins = false;
  /** Inside the body of an unbounded repetition (see joinHere). */
  let loops = 0;
  let edgeCount = 0;
  let steps = 0;
  let copies = 0;
  const over = (what: string): GrammarError => new GrammarError("too-large", `rule ${rule.name} has more than ${what}; it cannot be compiled`, rule.name);
  /** {@link cat}, counting the instances it copies. */
  const join = (a: readonly number[], b: readonly number[]): readonly number[] => {
    if (a.length > 0 && b.length > 0) {
      copies += a.length + b.length;
      if (copies > COPY_LIMIT) throw over(`${COPY_LIMIT.toLocaleString("en-US")} rule occurrences to copy`);
    }
    return cat(a, b);
  };

  const newInstance = (def: RuleDefinition, parent: number): number => {
    if (instances.length > INSTANCE_LIMIT) throw over(`${INSTANCE_LIMIT.toLocaleString("en-US")} rule occurrences`);
    instances.push({ rule: def.name, parent, token: def.token });
    return instances.length - 1;
  };

  const newPosition = (p: Position): number => {
    if (positions.length >= POSITION_LIMIT) {
      throw new GrammarError(
        "too-large",
        `rule ${rule.name} expands to more than ${POSITION_LIMIT} character positions and joins (a large bounded repetition?); it cannot be compiled`,
        rule.name,
      );
    }
    positions.push(p);
    follow.push([{ to: EXIT, before: NONE }]);
    return positions.length - 1;
  };

  /** The leaf options of a single-character expression, with the instances its references open. */
  const options = (e: Expr, chain: readonly number[], parent: number, out: Option[]): void => {
    switch (e.type) {
      case "lit": {
        const cp = codePoints(e.text)[0] as number;
        out.push({ set: literalCharSet(cp, e.caseSensitive), chain, leaf: e, index: 0 });
        return;
      }
      case "range":
        out.push({ set: analysis.charSet(e) ?? EMPTY_SET, chain, leaf: e, index: 0 });
        return;
      case "alt":
        // an alternative that matches nothing (a range of surrogates only) is no option, nor a label
        for (const item of e.items) if (!analysis.matchesNothing(item)) options(item, chain, parent, out);
        return;
      case "ref": {
        const def = analysis.rule(e.name);
        const inst = newInstance(def, parent);
        options(def.expr, [...chain, inst], inst, out);
        return;
      }
      default:
        throw new Error(`internal: ${e.type} is not a single-character expression`);
    }
  };

  const charPosition = (e: Expr, ctx: number): Frag => {
    const opts: Option[] = [];
    options(e, NONE, ctx, opts);
    const id = newPosition({ set: analysis.charSet(e) ?? union(...opts.map((o) => o.set)), options: opts, instance: ctx, call: undefined });
    return { first: [{ pos: id, lead: [] }], lasts: [id] };
  };

  /** Replaces the exit entries of each of `lasts` by `cont` (edges made in `ctx`); returns the positions that can still end. */
  const resolve = (lasts: readonly number[], cont: readonly FirstEntry[], ctx: number): number[] => {
    const still: number[] = [];
    for (const p of lasts) {
      const list = follow[p] as FollowEntry[];
      const next: FollowEntry[] = [];
      let ends = false;
      for (const entry of list) {
        if (entry.to !== EXIT) {
          next.push(entry);
          continue;
        }
        for (const f of cont) {
          if (f.pos >= 0) next.push({ to: f.pos, context: ctx, before: entry.before, after: "lead" in f ? f.lead : NONE });
          else {
            next.push({ to: EXIT, before: "empties" in f ? join(entry.before, f.empties) : entry.before });
            ends = true;
          }
        }
      }
      const seen = new Set<number>();
      follow[p] = keepAll ? next : next.filter((entry) => (seen.has(entry.to) ? false : (seen.add(entry.to), true)));
      edgeCount += next.length;
      if (edgeCount > EDGE_LIMIT) throw over(`${EDGE_LIMIT.toLocaleString("en-US")} edges`);
      if (ends) still.push(p);
    }
    return still;
  };

  /** Whether the fragment matches "" without a position (its first empty entry), and that entry's occurrences. */
  const emptyOf = (x: Frag): readonly number[] | undefined => {
    for (const f of x.first) if (f.pos < 0) return "empties" in f ? f.empties : NONE;
    return undefined;
  };

  /** `a b`, made in `ctx`; through a join where joinHere says so, unless `direct`. */
  const concat = (a: Frag, b: Frag, ctx: number, direct?: boolean): Frag => {
    if (a.first.length === 0 || b.first.length === 0) return DEAD;
    const aEmpty = emptyOf(a);
    const bEmpty = emptyOf(b);
    if (direct !== true && joinHere(!keepAll, loops > 0, a.lasts.length, aEmpty !== undefined, aEmpty?.length ?? 0, b.first.filter((g) => g.pos >= 0).length, bEmpty !== undefined, bEmpty?.length ?? 0)) {
      // `a j b`, j a join: a's lasts go to it, it goes on to b's firsts (or ends where b matches
      // ""); it is a first after a's empty match, and a last before b's
      const j = newPosition({ set: EMPTY_SET, options: [], instance: ctx, call: undefined, join: true });
      hasJoins = true;
      return concat(concat(a, { first: [{ pos: j, lead: NONE }], lasts: [j] }, ctx, true), b, ctx, true);
    }
    const first: FirstEntry[] = [];
    for (const f of a.first) {
      if (f.pos >= 0) first.push(f);
      else {
        const empties = "empties" in f ? f.empties : NONE;
        for (const g of b.first) {
          if (g.pos >= 0) first.push({ pos: g.pos, lead: join(empties, "lead" in g ? g.lead : NONE) });
          else first.push({ pos: -1, empties: join(empties, "empties" in g ? g.empties : NONE) });
        }
      }
    }
    const aStill = resolve(a.lasts, b.first, ctx);
    return { first: once(first), lasts: joinLasts(b.lasts, aStill) };
  };

  const build = (e: Expr, ctx: number): Frag => {
    if (++steps > STEP_LIMIT) throw over(`${STEP_LIMIT.toLocaleString("en-US")} expressions to expand`);
    if (analysis.matchesNothing(e)) return DEAD;
    if (analysis.charSet(e) !== null && !(e.type === "ref" && calls.has(e.name.toLowerCase()))) return charPosition(e, ctx);
    switch (e.type) {
      case "lit": {
        const cps = codePoints(e.text);
        if (cps.length === 0) return EMPTY;
        let frag: Frag | undefined;
        cps.forEach((cp, k) => {
          const set = literalCharSet(cp, e.caseSensitive);
          const id = newPosition({
            set,
            options: [{ set, chain: NONE, leaf: e, index: k }],
            instance: ctx,
            call: undefined,
          });
          const one: Frag = { first: [{ pos: id, lead: [] }], lasts: [id] };
          frag = frag === undefined ? one : concat(frag, one, ctx);
        });
        return frag ?? EMPTY;
      }
      case "range":
      case "prose":
        return DEAD; // a range always has a character set; prose matches nothing
      case "seq": {
        let frag: Frag = EMPTY;
        for (const item of e.items) {
          frag = concat(frag, build(item, ctx), ctx);
          if (frag.first.length === 0) return DEAD;
        }
        return frag;
      }
      case "alt":
        return alternation(e, ctx);
      case "rep":
        return repetition(e.min, e.max, e.item, ctx);
      case "ref": {
        const def = analysis.rule(e.name);
        const key = def.name.toLowerCase();
        const inst = newInstance(def, ctx);
        if (stubs.has(key)) {
          hasStubs = true;
          const id = newPosition({
            set: analysis.firstChars(def.expr),
            options: [],
            instance: inst,
            call: undefined,
            stub: key,
            labels: startLabels(def.expr, analysis),
          });
          return { first: [{ pos: id, lead: NONE }], lasts: [id] };
        }
        if (calls.has(key)) {
          hasCalls = true;
          const id = newPosition({ set: EMPTY_SET, options: [], instance: inst, call: key });
          return { first: [{ pos: id, lead: [] }], lasts: [id] };
        }
        const body = build(def.expr, inst);
        // An empty match of the body is an empty match of this occurrence of the rule.
        return {
          first: body.first.map((f) => (f.pos >= 0 ? f : { pos: -1, empties: join([inst], "empties" in f ? f.empties : NONE) })),
          lasts: body.lasts,
        };
      }
    }
  };

  /**
   * Alternatives in order; neighbouring single-character alternatives share one position (and
   * so do ones further apart when no alternative between them can start with their characters,
   * which keeps the priority order).
   */
  const alternation = (e: Expr & { readonly items: readonly Expr[] }, ctx: number): Frag => {
    const plan = alternativePlan(e, analysis, calls);
    const first: FirstEntry[] = [];
    const lasts: number[] = [];
    for (const item of plan) {
      const frag = build(item, ctx);
      first.push(...frag.first);
      lasts.push(...frag.lasts);
    }
    return { first: once(first), lasts: [...new Set(lasts)] };
  };

  /**
   * `min*max item` built once, counted (see {@link COUNTS}): `body` is item's fragment, made
   * inside a loop. E → item's firsts (the count starts at 1); item's lasts → A (one more, while
   * below max) → item's firsts, and → X (out, once at least min), whose exit is the fragment's.
   */
  const countedRepetition = (min: number, max: number, body: Frag, ctx: number, from: number): Frag => {
    const id = counters.length;
    counters.push({ min, max, from, to: positions.length });
    const joinAt = (): number => newPosition({ set: EMPTY_SET, options: [], instance: ctx, call: undefined, join: true });
    hasJoins = true;
    const E = joinAt();
    const A = joinAt();
    const X = joinAt();
    const into = (kind: number): Edge[] =>
      body.first.map((f) => ({ to: f.pos, context: ctx, before: NONE, after: "lead" in f ? f.lead : NONE, ...(kind === 0 ? {} : { count: (id << 2) | kind }) }));
    follow[E] = into(ENTER);
    follow[A] = into(0);
    for (const p of body.lasts) {
      const next: FollowEntry[] = [];
      for (const entry of follow[p] as FollowEntry[]) {
        if (entry.to !== EXIT) next.push(entry);
        else {
          next.push({ to: A, context: ctx, before: entry.before, after: NONE, count: (id << 2) | AGAIN });
          next.push({ to: X, context: ctx, before: entry.before, after: NONE, count: (id << 2) | LEAVE });
        }
      }
      follow[p] = next;
    }
    edgeCount += 2 * body.first.length + 2 * body.lasts.length;
    if (edgeCount > EDGE_LIMIT) throw over(`${EDGE_LIMIT.toLocaleString("en-US")} edges`);
    return { first: min === 0 ? [{ pos: E, lead: NONE }, { pos: -1, empties: [] }] : [{ pos: E, lead: NONE }], lasts: [X] };
  };

  /** `min*max item`: `min` copies, then nested optional copies, or one looping copy when unbounded (or counted: {@link COUNTS}). */
  const repetition = (min: number, max: number, item: Expr, ctx: number): Frag => {
    if (max === 0) return EMPTY;
    if (countHere(counts, counting, min, max, analysis.nullable(item), () => measure(item, true).positions)) {
      counting = true;
      loops++;
      const from = positions.length;
      const body = build(item, ctx);
      loops--;
      counting = false;
      if (body.first.length === 0) return min === 0 ? EMPTY : DEAD;
      return countedRepetition(min, max, body, ctx, from);
    }
    let frag: Frag = EMPTY;
    for (let k = 0; k < min; k++) {
      frag = concat(frag, build(item, ctx), ctx);
      if (frag.first.length === 0) return DEAD;
    }
    let tail: Frag;
    if (max === Infinity) {
      loops++;
      const body = build(item, ctx);
      loops--;
      const entries = body.first.filter((f) => f.pos >= 0); // an iteration that matches nothing adds nothing
      if (entries.length === 0) tail = EMPTY;
      else {
        // greedy: another iteration before leaving the loop
        const lasts = resolve(body.lasts, [...entries, { pos: -1, empties: [] }], ctx);
        tail = { first: [...entries, { pos: -1, empties: [] }], lasts };
      }
    } else {
      tail = EMPTY;
      for (let k = min; k < max; k++) {
        const one = concat(build(item, ctx), tail, ctx);
        tail = { first: once([...one.first, { pos: -1, empties: [] }]), lasts: one.lasts };
      }
    }
    return concat(frag, tail, ctx);
  };

  // refused before any work that grows with the size (the checks below stay, as a backstop)
  const large = tooLarge(rule, measure(rule.expr));
  if (large !== undefined) throw large;
  const top = build(rule.expr, 0);
  resolveTop(top, follow);
  const finish = (edges: Edge[]): Edge[] => (keepAll ? edges : dedupe(edges));
  const start: Edge[] = finish(
    top.first.map((f) => (f.pos >= 0 ? { to: f.pos, context: 0, before: [], after: "lead" in f ? f.lead : [] } : { to: ACCEPT, context: 0, before: "empties" in f ? f.empties : [], after: [] })),
  );
  const edges = follow.map((list) => finish(list.filter((e): e is Edge => e.to !== EXIT)));
  const counted: AutomatonSize = { positions: positions.length, instances: instances.length, steps, edges: edgeCount, copies };
  return Object.freeze({ rule, instances, positions, follow: edges, start, hasCalls, hasStubs, hasJoins, counters, counted });
}

/** The labels of what an expression can start with: token rules by name, literals, ranges. */
export function startLabels(e: Expr, analysis: Analysis): string[] {
  const out = new Set<string>();
  const walk = (x: Expr): void => {
    switch (x.type) {
      case "lit":
        if (x.text !== "") out.add(quote(x.text));
        return;
      case "range":
        out.add(rangeLabel(x.lo, x.hi));
        return;
      case "ref": {
        const def = analysis.rule(x.name);
        if (def.token) out.add(def.name);
        else walk(def.expr);
        return;
      }
      case "alt":
        for (const item of x.items) walk(item);
        return;
      case "seq":
        for (const item of x.items) {
          walk(item);
          if (!analysis.nullable(item)) return;
        }
        return;
      case "rep":
        if (x.max > 0) walk(x.item);
        return;
      case "prose":
        return;
    }
  };
  walk(e);
  return [...out];
}

/** Per grammar: how the alternatives of each alternation group into positions. */
const groupCaches = new WeakMap<Analysis, WeakMap<Expr, Expr[]>>();

/**
 * The alternatives of `e` as the automaton builds them, in order: neighbouring single-character
 * alternatives share one position (an alternation of them), and so do ones further apart when
 * no alternative between them can start with their characters, which keeps the priority order.
 */
function alternativePlan(e: Expr & { readonly items: readonly Expr[] }, analysis: Analysis, calls: ReadonlySet<string>): Expr[] {
  let cache = groupCaches.get(analysis);
  if (cache === undefined) {
    cache = new WeakMap<Expr, Expr[]>();
    groupCaches.set(analysis, cache);
  }
  const known = cache.get(e);
  if (known !== undefined) return known;
  const isChar = (x: Expr): boolean => analysis.charSet(x) !== null && !(x.type === "ref" && calls.has(x.name.toLowerCase()));
  const groups: Expr[][] = [];
  for (const item of e.items) {
    if (analysis.matchesNothing(item)) continue;
    if (isChar(item)) {
      const set = analysis.charSet(item) as CodePointSet;
      let placed = false;
      for (let g = groups.length - 1; g >= 0; g--) {
        const group = groups[g] as Expr[];
        const head = group[0] as Expr;
        if (isChar(head)) {
          group.push(item);
          placed = true;
          break;
        }
        // a multi-character alternative stands between: only merge past it when it cannot start with these characters
        if (analysis.nullable(head) || intersects(analysis.firstChars(head), set)) break;
      }
      if (!placed) groups.push([item]);
    } else groups.push([item]);
  }
  const plan = groups.map((g) => (g.length === 1 ? (g[0] as Expr) : ({ type: "alt", items: g } as Expr)));
  cache.set(e, plan);
  return plan;
}

/** How large an automaton is: what its builder counts against its limits. */
export interface AutomatonSize {
  /** The positions ({@link POSITION_LIMIT}). */
  readonly positions: number;
  /** The rule occurrences ({@link INSTANCE_LIMIT}). */
  readonly instances: number;
  /** The expressions expanded, every copy of a repetition one each ({@link STEP_LIMIT}). */
  readonly steps: number;
  /**
   * The edges, counted as the builder makes and remakes them ({@link EDGE_LIMIT}): each time
   * an expression is joined to what follows it, every position that can end it gets its list
   * of edges again, with one edge to each position that can start what follows.
   */
  readonly edges: number;
  /** The rule occurrences copied into lists of occurrences that match "" ({@link COPY_LIMIT}). */
  readonly copies: number;
}

/**
 * The shape of a fragment as the builder makes it, in numbers: its size so far (what the
 * builder counts), how many positions can start it (`firsts`, not counting the empty match),
 * whether it matches "", how many positions can end it and how many edges those hold (each
 * still has one exit entry); and the lists of occurrences that match "" it holds: its empty
 * match's length (`empties`), its firsts' (`leads`: their total length, `leaders`: how many
 * are not empty) and its lasts' exit entries' (`befores`, `beforers`). All are exact but for
 * `firsts`, `edges` and what depends on them, upper bounds (the builder drops a second entry
 * to the same position).
 */
interface Shape {
  readonly positions: number;
  readonly instances: number;
  readonly steps: number;
  readonly edges: number;
  readonly copies: number;
  readonly firsts: number;
  readonly nullable: boolean;
  readonly lasts: number;
  readonly lastEdges: number;
  readonly empties: number;
  readonly leads: number;
  readonly leaders: number;
  readonly befores: number;
  readonly beforers: number;
}

/** A shape, its fields always in this order (the counting makes many: one object layout keeps it fast). */
function shapeOf(
  positions: number,
  instances: number,
  steps: number,
  edges: number,
  copies: number,
  firsts: number,
  nullable: boolean,
  lasts: number,
  lastEdges: number,
  empties: number,
  leads: number,
  leaders: number,
  befores: number,
  beforers: number,
): Shape {
  return { positions, instances, steps, edges, copies, firsts, nullable, lasts, lastEdges, empties, leads, leaders, befores, beforers };
}

/** `x` with other counts and ends (what a repetition's loop changes). */
const reshape = (x: Shape, nullable: boolean, empties: number): Shape =>
  shapeOf(x.positions, x.instances, x.steps, x.edges, x.copies, x.firsts, nullable, x.lasts, x.lastEdges, empties, x.leads, x.leaders, x.befores, x.beforers);

const EMPTY_SHAPE: Shape = {
  positions: 0,
  instances: 0,
  steps: 0,
  edges: 0,
  copies: 0,
  firsts: 0,
  nullable: true,
  lasts: 0,
  lastEdges: 0,
  empties: 0,
  leads: 0,
  leaders: 0,
  befores: 0,
  beforers: 0,
};
/** A join's fragment (automaton.ts concat). */
const JOIN_SHAPE = shapeOf(1, 0, 0, 0, 0, 1, false, 1, 1, 0, 0, 0, 0, 0);
/** A fragment that matches nothing, with what was counted making it. */
const deadShape = (x: { readonly positions: number; readonly instances: number; readonly steps: number; readonly edges: number; readonly copies: number }): Shape =>
  shapeOf(x.positions, x.instances, x.steps, x.edges, x.copies, 0, false, 0, 0, 0, 0, 0, 0, 0);
const isDead = (x: Shape): boolean => x.firsts === 0 && !x.nullable;

/**
 * `a b` as the builder's concat makes it (a dead side makes the whole dead, with what was built
 * so far); `loop`: inside an unbounded repetition's body; `joins`: a join may be made.
 */
function concatShape(a: Shape, b: Shape, loop: boolean, joins: boolean): Shape {
  const positions = a.positions + b.positions;
  const instances = a.instances + b.instances;
  const steps = a.steps + b.steps;
  const edges = a.edges + b.edges;
  if (isDead(a) || isDead(b)) return shapeOf(positions, instances, steps, edges, a.copies + b.copies, 0, false, 0, 0, 0, 0, 0, 0, 0);
  // `a j b`, j a join (one position, its exit entry its list)
  if (joinHere(joins, loop, a.lasts, a.nullable, a.empties, b.firsts, b.nullable, b.empties)) return concatShape(concatShape(a, JOIN_SHAPE, loop, false), b, loop, false);
  // each of a's lasts: its list without the exit entry, and one entry per first of b (the empty one included)
  const cont = b.firsts + (b.nullable ? 1 : 0);
  const remade = a.lastEdges - a.lasts + a.lasts * cont;
  // cat copies two lists when neither is empty: a's empty match joins each first of b's (and
  // b's empty match), b's empty match the exit entry of each last of a's
  let copies = a.copies + b.copies;
  if (a.nullable && a.empties > 0) copies += b.leaders * a.empties + b.leads + (b.nullable && b.empties > 0 ? a.empties + b.empties : 0);
  if (b.nullable && b.empties > 0) copies += a.beforers * b.empties + a.befores;
  return shapeOf(
    positions,
    instances,
    steps,
    edges + remade,
    copies,
    a.firsts + (a.nullable ? b.firsts : 0),
    a.nullable && b.nullable,
    b.lasts + (b.nullable ? a.lasts : 0),
    b.lastEdges + (b.nullable ? remade : 0),
    a.nullable && b.nullable ? a.empties + b.empties : 0,
    a.leads + (a.nullable ? b.firsts * a.empties + b.leads : 0),
    a.leaders + (a.nullable ? (a.empties > 0 ? b.firsts : b.leaders) : 0),
    b.befores + (b.nullable ? a.befores + a.lasts * b.empties : 0),
    b.beforers + (b.nullable ? (b.empties > 0 ? a.lasts : a.beforers) : 0),
  );
}

/** Larger than any limit: the counting stops there. */
const tooMany = (x: Shape): boolean =>
  x.positions > POSITION_LIMIT || x.instances > INSTANCE_LIMIT || x.steps > STEP_LIMIT || x.edges > EDGE_LIMIT || x.copies > COPY_LIMIT;

/**
 * The size of the automaton of a rule, from its definition or expression, without building it: what
 * {@link buildAutomaton} counts against its limits, step for step (references to `calls` and
 * `stubs` are one position each, other references are counted in place): positions,
 * instances and steps exactly, edges and copies as upper bounds (the builder drops an entry
 * that a list already holds). So a rule too large to compile is refused when its grammar is
 * made, before any work that grows with its size, and a rule that passes never reaches the
 * builder's limits. Sizes are kept per expression: measuring every rule of a grammar costs
 * time linear in the size of its definitions (a repetition's copies are counted one by one
 * only while they change the shape, see iterateShape).
 */
export function automatonSize(
  analysis: Analysis,
  calls: ReadonlySet<string>,
  stubs: ReadonlySet<string> = new Set(),
  /** Whether the builder makes joins (not when it keeps every path: keepAll). */
  joins = true,
  /** Whether the builder counts large repetitions (its `counted` setting, see {@link COUNTS}). */
  counts = false,
): (rule: RuleDefinition | Expr, written?: boolean) => AutomatonSize {
  /** Shapes by expression, outside and inside an unbounded repetition's body (see joinHere), outside and inside a counted one's. */
  const memo = [new Map<Expr, Shape>(), new Map<Expr, Shape>(), new Map<Expr, Shape>(), new Map<Expr, Shape>()] as const;
  const optionInstances = new Map<Expr, number>();
  const isCall = (e: Expr): boolean => e.type === "ref" && calls.has(e.name.toLowerCase());
  /** One character position (of `positions` characters, for a literal), opening `instances` occurrences. */
  const chars = (positions: number, instances: number): Shape => shapeOf(positions, instances, 1, positions - 1, 0, 1, false, 1, 1, 0, 0, 0, 0, 0);
  const NOTHING = deadShape({ positions: 0, instances: 0, steps: 1, edges: 0, copies: 0 });
  const EMPTY_STEP = shapeOf(0, 0, 1, 0, 0, 0, true, 0, 0, 0, 0, 0, 0, 0);
  /** The instances a character position's options open (automaton.ts options()). */
  const optionsOf = (e: Expr): number => {
    const known = optionInstances.get(e);
    if (known !== undefined) return known;
    let n = 0;
    if (e.type === "ref") n = 1 + optionsOf(analysis.rule(e.name).expr);
    else if (e.type === "alt") for (const item of e.items) if (!analysis.matchesNothing(item)) n += optionsOf(item);
    optionInstances.set(e, n);
    return n;
  };
  const step = (x: Shape): Shape =>
    shapeOf(x.positions, x.instances, x.steps + 1, x.edges, x.copies, x.firsts, x.nullable, x.lasts, x.lastEdges, x.empties, x.leads, x.leaders, x.befores, x.beforers);
  const shape = (e: Expr, loop: boolean, counting = false): Shape => {
    const slot = (loop ? 1 : 0) + (counting ? 2 : 0);
    const known = (memo[slot] as Map<Expr, Shape>).get(e);
    if (known !== undefined) return known;
    let n: Shape;
    if (analysis.matchesNothing(e)) n = NOTHING;
    else if (analysis.charSet(e) !== null && !isCall(e)) n = chars(1, optionsOf(e));
    else {
      switch (e.type) {
        case "lit": {
          const k = codePoints(e.text).length;
          n = k === 0 ? EMPTY_STEP : chars(k, 0);
          break;
        }
        case "range":
        case "prose":
          n = NOTHING;
          break;
        case "seq": {
          let x = EMPTY_SHAPE;
          for (const item of e.items) {
            x = concatShape(x, shape(item, loop, counting), loop, joins);
            if (isDead(x)) break;
          }
          n = step(x);
          break;
        }
        case "alt": {
          // the first entries of every alternative, the first empty match kept
          let x = deadShape(EMPTY_SHAPE);
          for (const item of alternativePlan(e, analysis, calls)) {
            const y = shape(item, loop, counting);
            x = shapeOf(
              x.positions + y.positions,
              x.instances + y.instances,
              x.steps + y.steps,
              x.edges + y.edges,
              x.copies + y.copies,
              x.firsts + y.firsts,
              x.nullable || y.nullable,
              x.lasts + y.lasts,
              x.lastEdges + y.lastEdges,
              x.nullable ? x.empties : y.empties,
              x.leads + y.leads,
              x.leaders + y.leaders,
              x.befores + y.befores,
              x.beforers + y.beforers,
            );
          }
          n = step(x);
          break;
        }
        case "rep":
          // the body of an unbounded repetition is built as one (joinHere)
          if (countHere(counts, counting, e.min, e.max, analysis.nullable(e.item), () => shape(e.item, false, true).positions)) {
            // built once inside a loop, with three joins (automaton.ts countedRepetition)
            const x = shape(e.item, true, true);
            n = isDead(x)
              ? e.min === 0
                ? shapeOf(x.positions, x.instances, x.steps + 1, x.edges, x.copies, 0, true, 0, 0, 0, 0, 0, 0, 0)
                : step(x)
              : shapeOf(x.positions + 3, x.instances, x.steps + 1, x.edges + 2 * x.firsts + x.lastEdges + x.lasts, x.copies, 1, e.min === 0, 1, 1, 0, 0, 0, 0, 0);
          } else n = step(repetitionShape(e.min, e.max, shape(e.item, loop, counting), e.max === Infinity ? shape(e.item, true, counting) : undefined, loop, joins));
          break;
        case "ref": {
          const key = e.name.toLowerCase();
          if (stubs.has(key) || calls.has(key)) n = chars(1, 1);
          else {
            // the occurrence opens an instance; its empty match lists the instance first
            const b = ruleShape(analysis.rule(e.name), loop, counting);
            const copies = b.copies + (b.nullable && b.empties > 0 ? 1 + b.empties : 0);
            const empties = b.nullable ? b.empties + 1 : 0;
            n = shapeOf(b.positions, b.instances + 1, b.steps + 1, b.edges, copies, b.firsts, b.nullable, b.lasts, b.lastEdges, empties, b.leads, b.leaders, b.befores, b.beforers);
          }
          break;
        }
      }
    }
    (memo[slot] as Map<Expr, Shape>).set(e, n);
    return n;
  };
  /**
   * The shape of a rule's expression, kept per definition across grammars when nothing is a
   * stub: a definition refers to rules by name, and every grammar that holds the same
   * definition object holds the same definitions for all the rules it reaches (grammar()
   * takes imported definitions as they are, with the rules they reach, and refuses a rule of
   * its own by an imported name; derive() and the loader make new definitions), so its shape
   * is the same in all of them: a grammar that imports RFC 3986's rules measures its own.
   */
  const ruleShape = (def: RuleDefinition, loop: boolean, counting: boolean): Shape => {
    if (stubs.size > 0 || !(calls === calledCache.get(analysis) || building.has(calls))) return shape(def.expr, loop, counting);
    // (kept by where the rule is built and by the join and count thresholds, which tests change)
    const key = `${loop ? 1 : 0} ${joins ? JOINS.cost : -1} ${counts ? (counting ? -2 : `${COUNTS.from} ${COUNTS.item} ${COUNTS.positions}`) : -1}`;
    let kept = ruleShapes.get(def);
    if (kept === undefined) {
      kept = new Map();
      ruleShapes.set(def, kept);
    }
    let x = kept.get(key);
    if (x === undefined) {
      x = shape(def.expr, loop, counting);
      kept.set(key, x);
    }
    return x;
  };
  // (the automaton of a rule whose expression is `e`: instance 0 is the rule itself)
  // (`written`: an expression's size with none of its repetitions counted, for countHere)
  return (rule, written = false) => {
    const x = "expr" in rule ? ruleShape(rule, false, false) : shape(rule, false, written);
    return { positions: x.positions, instances: x.instances + 1, steps: x.steps, edges: x.edges, copies: x.copies };
  };
}

/** Shapes of rule definitions, for any grammar that holds them (see automatonSize's ruleShape). */
const ruleShapes = new WeakMap<RuleDefinition, Map<string, Shape>>();

/**
 * `next` applied `count` times from `x`, stopping at a dead shape or one past a limit. Once an
 * application leaves unchanged all that the next one depends on (the shape but its counts),
 * every further one adds the same amounts, which are added at once: copies of an element
 * without positions (`3000000( e )`, `e = ""`) are counted in constant time, and other copies
 * add a position each, so that the loop ends at the position limit.
 */
function iterateShape(count: number, x: Shape, next: (x: Shape) => Shape): Shape {
  for (let k = 0; k < count; k++) {
    const y = next(x);
    if (isDead(y)) return y;
    if (tooMany(y)) {
      // past a limit: the copies left add as many positions, occurrences and expressions again
      // (exact), and at least as many edges and copies
      const left = count - k - 1;
      return shapeOf(
        y.positions + left * (y.positions - x.positions),
        y.instances + left * (y.instances - x.instances),
        y.steps + left * (y.steps - x.steps),
        y.edges + left * (y.edges - x.edges),
        y.copies + left * (y.copies - x.copies),
        y.firsts,
        y.nullable,
        y.lasts,
        y.lastEdges,
        y.empties,
        y.leads,
        y.leaders,
        y.befores,
        y.beforers,
      );
    }
    if (
      y.firsts === x.firsts &&
      y.nullable === x.nullable &&
      y.lasts === x.lasts &&
      y.lastEdges === x.lastEdges &&
      y.empties === x.empties &&
      y.leads === x.leads &&
      y.leaders === x.leaders &&
      y.befores === x.befores &&
      y.beforers === x.beforers
    ) {
      const left = count - k - 1;
      return shapeOf(
        y.positions + left * (y.positions - x.positions),
        y.instances + left * (y.instances - x.instances),
        y.steps + left * (y.steps - x.steps),
        y.edges + left * (y.edges - x.edges),
        y.copies + left * (y.copies - x.copies),
        y.firsts,
        y.nullable,
        y.lasts,
        y.lastEdges,
        y.empties,
        y.leads,
        y.leaders,
        y.befores,
        y.beforers,
      );
    }
    x = y;
  }
  return x;
}

/** `min*max item` as the builder's repetition makes it: `min` copies, then nested optional copies, or one looping copy. */
function repetitionShape(min: number, max: number, item: Shape, body: Shape | undefined, loop: boolean, joins: boolean): Shape {
  if (max === 0) return EMPTY_SHAPE;
  const frag = iterateShape(min, EMPTY_SHAPE, (x) => concatShape(x, item, loop, joins));
  if (isDead(frag)) return frag;
  let tail: Shape;
  if (max === Infinity) {
    const x = body ?? item;
    if (x.firsts === 0) tail = shapeOf(x.positions, x.instances, x.steps, x.edges, x.copies, 0, true, 0, 0, 0, 0, 0, 0, 0);
    else {
      // the copy's lasts go on to its firsts or end (an empty continuation: nothing copied)
      const remade = x.lastEdges - x.lasts + x.lasts * (x.firsts + 1);
      tail = shapeOf(x.positions, x.instances, x.steps, x.edges + remade, x.copies, x.firsts, true, x.lasts, remade, 0, x.leads, x.leaders, x.befores, x.beforers);
    }
  } else {
    // each optional copy before the rest, which may be empty; the first empty match is the copy's
    tail = iterateShape(max - min, EMPTY_SHAPE, (x) => {
      const one = concatShape(item, x, loop, joins);
      return reshape(one, true, one.nullable ? one.empties : 0);
    });
  }
  return concatShape(frag, tail, loop, joins);
}

/**
 * Past this many positions (or {@link CALL_EDGES} edges), a rule is matched by call wherever it
 * is referenced instead of being expanded in place: RFC 5322's `fields` expanded every rule it
 * reaches to 838,446 positions, though none of them holds more than 27,146 (`address`) once the
 * large ones are called. Small rules stay expanded, so that rules such as RFC 3986's (1,591
 * positions for URI-reference, all of it expanded) keep one DFA and a regex.
 */
export const CALL_POSITIONS = 4096;
/** See {@link CALL_POSITIONS}. */
export const CALL_EDGES = 262_144;

/** Per grammar: the rules matched by call (see {@link calledRules}). */
const calledCache = new WeakMap<Analysis, ReadonlySet<string>>();
/** The sets calledRules is deciding: their measures, too, hold in every grammar (see automatonSize's ruleShape). */
const building = new WeakSet<ReadonlySet<string>>();

/**
 * The rules (lowercase names) that the automata call instead of expanding in place: the
 * recursive ones (which cannot be expanded), and every rule whose own automaton, with the rules
 * it refers to decided first (callees before callers), would pass {@link CALL_POSITIONS} or
 * {@link CALL_EDGES}, so that no automaton grows with the product of a grammar's layers. A
 * rule's status depends only on the rules it reaches (so the measures kept per definition hold
 * in every grammar that holds it); a rule of one character is never called.
 */
export function calledRules(analysis: Analysis): ReadonlySet<string> {
  const known = calledCache.get(analysis);
  if (known !== undefined) return known;
  const called = new Set([...analysis.recursiveRules(), ...analysis.checks.keys()]);
  building.add(called);
  const size = automatonSize(analysis, called, new Set(), true, true);
  const decided = new Set<string>();
  // callees before callers: an iterative post-order walk of the references
  for (const root of analysis.ruleKeys) {
    if (decided.has(root)) continue;
    const stack: { key: string; refs: string[]; i: number }[] = [{ key: root, refs: referencedNames(analysis.rule(root).expr).map((n) => n.toLowerCase()), i: 0 }];
    const open = new Set([root]);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { key: string; refs: string[]; i: number };
      if (top.i < top.refs.length) {
        const next = top.refs[top.i++] as string;
        if (decided.has(next) || open.has(next) || called.has(next)) continue;
        open.add(next);
        stack.push({ key: next, refs: referencedNames(analysis.rule(next).expr).map((n) => n.toLowerCase()), i: 0 });
        continue;
      }
      stack.pop();
      open.delete(top.key);
      decided.add(top.key);
      if (called.has(top.key)) continue;
      const def = analysis.rule(top.key);
      if (analysis.charSet(def.expr) !== null) continue;
      const n = size(def);
      if (n.positions > CALL_POSITIONS || n.edges > CALL_EDGES || tooLarge(def, n) !== undefined) called.add(top.key);
    }
  }
  calledCache.set(analysis, called);
  return called;
}

/** The GrammarError "too-large" for a rule whose automaton would pass one of the builder's limits, or undefined. */
export function tooLarge(rule: RuleDefinition, size: AutomatonSize): GrammarError | undefined {
  const many = (n: number): string => (n === Infinity ? "too many" : n.toLocaleString("en-US"));
  const refuse = (detail: string): GrammarError => new GrammarError("too-large", `rule ${rule.name} ${detail}; it cannot be compiled`, rule.name);
  if (size.positions > POSITION_LIMIT) {
    return refuse(
      `expands to ${many(size.positions)} character positions and joins, more than the engine's limit of ${many(POSITION_LIMIT)}, in its own definition (a long string or a large bounded repetition; the rules it refers to that are large are called, not expanded)`,
    );
  }
  if (size.instances > INSTANCE_LIMIT) {
    return refuse(`expands to ${many(size.instances)} rule occurrences, more than the engine's limit of ${many(INSTANCE_LIMIT)} (a large bounded repetition of a rule that matches only the empty string?)`);
  }
  if (size.steps > STEP_LIMIT) {
    return refuse(`expands to ${many(size.steps)} expressions, more than the engine's limit of ${many(STEP_LIMIT)} (a large bounded repetition, even of something that matches nothing or only the empty string?)`);
  }
  if (size.copies > COPY_LIMIT) {
    return refuse(`copies more than ${many(COPY_LIMIT)} rule occurrences into the lists of those that match the empty string (a long chain of rules that can all match it, such as 5000( e ) with e = "")`);
  }
  if (size.edges > EDGE_LIMIT) {
    return refuse(`has more than ${many(EDGE_LIMIT)} edges (inside an unbounded repetition, a bounded repetition of an element that can match the empty string, such as *( 0*3000[ "x" ] ), links every copy to every later one)`);
  }
  return undefined;
}

/**
 * `b`'s positions that can still end, then `a`'s (the fragments are disjoint): appended in place
 * to `b`'s list, which only `b` held, so that a long chain of concatenations (a bounded
 * repetition: `0*100000"x"`) does not copy the list each time.
 */
function joinLasts(b: readonly number[], a: readonly number[]): readonly number[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = b as number[];
  for (const p of a) out.push(p);
  return out;
}

/** The exits left at the top end the match. */
function resolveTop(top: Frag, follow: FollowEntry[][]): void {
  for (const p of top.lasts) {
    follow[p] = (follow[p] as FollowEntry[]).map((entry) =>
      entry.to === EXIT ? { to: ACCEPT, context: 0, before: entry.before, after: [] } : entry,
    );
  }
}

/** Keeps the first edge to each target: a later one is never preferred over it. */
function dedupe(edges: readonly Edge[]): Edge[] {
  const seen = new Set<number>();
  const out: Edge[] = [];
  for (const e of edges) {
    if (seen.has(e.to)) continue;
    seen.add(e.to);
    out.push(e);
  }
  return out;
}

/**
 * The instances from `inst` up to, not including, `stop`, innermost first (the instances an
 * edge made in `stop` leaves, or, reversed, enters).
 */
export function chainBelow(instances: readonly Instance[], inst: number, stop: number): number[] {
  const out: number[] = [];
  for (let i = inst; i !== stop && i >= 0; i = (instances[i] as Instance).parent) out.push(i);
  return out;
}
