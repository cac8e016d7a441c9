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
import { codePoints, EMPTY_SET, literalCharSet, printRange, union, type CodePointSet } from "./charset.js";
import type { Expr } from "./expr.js";
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
  /** What the builder counted against its limits (automaton-size.ts automatonSize counts it beforehand). */
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
 * Whether `min*max item` is built as a counted repetition (see {@link COUNTS}). `size(cap)`
 * gives item's positions written out, none of its own repetitions counted, outside any loop, or
 * any number from `cap` up once it has that many: the builder stops its trial build of the item
 * there (a handful of positions), automatonSize measures it whole; they decide alike.
 */
export function countHere(enabled: boolean, counting: boolean, min: number, max: number, itemNullable: boolean, size: (cap: number) => number): boolean {
  const n = max === Infinity ? min : max;
  if (!enabled || counting || itemNullable || n < Math.max(2, COUNTS.from)) return false;
  // item >= COUNTS.item, or n * item > COUNTS.positions
  const cap = Math.min(COUNTS.item, Math.floor(COUNTS.positions / n) + 1);
  return size(cap) >= cap;
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
export function joinHere(joins: boolean, loop: boolean, aLasts: number, aNullable: boolean, aEmpties: number, bFirsts: number, bNullable: boolean, bEmpties: number): boolean {
  if (!joins || (loop && aNullable)) return false;
  if (aLasts === 0 && bFirsts === 0) return false;
  return directCost(aLasts, aNullable, aEmpties, bFirsts, bNullable, bEmpties) > JOINS.cost;
}

/**
 * A first position of a fragment and the occurrences entered (matching "") before it, or, with
 * pos -1, the fragment's empty match and its occurrences.
 */
interface FirstEntry {
  readonly pos: number;
  readonly occ: readonly number[];
  /** What an exit that holds no occurrence becomes, made in that edge's context: shared by every list it goes in. */
  edge: Edge | undefined;
}
const fe = (pos: number, occ: readonly number[]): FirstEntry => ({ pos, occ, edge: undefined });
/** An edge, or with `to` EXIT, where the fragment may end (a later concatenation replaces it). */
type FollowEntry = Edge;
const EXIT = -2;
/** Thrown by a trial build at its cap (see buildAutomaton's trial). */
const STOP: unique symbol = Symbol();

interface Frag {
  readonly first: readonly FirstEntry[];
  /** Positions whose follow list still holds an exit entry (the fragment can end after them). */
  readonly lasts: readonly number[];
}

const DEAD: Frag = { first: [], lasts: [] };
const NONE: readonly number[] = Object.freeze([]);
const EXIT_ENTRY: FollowEntry = { to: EXIT, context: 0, before: NONE, after: NONE };

/** `a` then `b`, without allocating when either is empty. */
const cat = (a: readonly number[], b: readonly number[]): readonly number[] => (a.length === 0 ? b : b.length === 0 ? a : [...a, ...b]);

/** A copy of `a` twice as long, for a typed array that grows. */
export function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The empty match with no occurrence. */
const END: FirstEntry = fe(-1, NONE);
const EMPTY: Frag = { first: [END], lasts: [] };

const quote = (s: string): string => JSON.stringify(s);

/** How an option is named in "expected" lists: a literal by what is left of it (`"//"`, then `"/"`), a range by its bounds. */
export function optionLabel(o: Option): string {
  const e = o.leaf;
  if (e.type === "range") return rangeLabel(e.lo, e.hi);
  if (e.type === "lit") return quote(o.index === 0 ? e.text : [...e.text].slice(o.index).join(""));
  return "?";
}

/** How a range is named in "expected" lists: `"0"-"5"` when printable ASCII, `%xLO-HI` otherwise. */
export function rangeLabel(lo: number, hi: number): string {
  const printable = (c: number): boolean => c >= 0x21 && c <= 0x7e;
  if (printable(lo) && printable(hi)) {
    return lo === hi ? quote(String.fromCharCode(lo)) : `${quote(String.fromCharCode(lo))}-${quote(String.fromCharCode(hi))}`;
  }
  return printRange(lo, hi);
}

/**
 * What the whole engine's builds add (automaton-size.ts WHOLE_HOOKS), which the automaton core
 * leaves out so as not to bundle them: stubs for rare rules (Compiled.reducedDfa), and merging
 * single-character alternatives past a multi-character one (see {@link alternativePlan}).
 * Without them a rare rule is built in full, and only neighbouring single-character
 * alternatives share a position: the same language and derivations, in a few more positions.
 */
export interface BuildHooks {
  /** A stub's set (what its rule can start with) and labels (how "expected" lists name them). */
  stub(def: RuleDefinition, analysis: Analysis): { readonly set: CodePointSet; readonly labels: readonly string[] };
  /** Whether single-character alternatives of `set` may share a position past `head`, a multi-character alternative between them. */
  past(head: Expr, set: CodePointSet, analysis: Analysis): boolean;
}

/**
 * Builds the automaton of `rule`. References to rules in `calls` (the recursive ones) become
 * call positions, and so does a reference to a rule being expanded (a cycle, when `calls` does
 * not hold every recursive rule: the core's); every other reference is expanded in place.
 */
export function buildAutomaton(
  rule: RuleDefinition,
  analysis: Analysis,
  calls: ReadonlySet<string>,
  settings: {
    readonly keepAll?: boolean | undefined;
    readonly stubs?: ReadonlySet<string> | undefined;
    readonly counted?: boolean | undefined;
    readonly hooks?: BuildHooks | undefined;
  } = {},
): Automaton {
  const hooks = settings.hooks;
  const counts = settings.counted === true && settings.keepAll !== true;
  const counters: Counter[] = [];
  /** Inside a counted repetition's body (they do not nest). */
  let counting = false;
  const stubs = settings.stubs ?? new Set<string>();
  let hasStubs = false;
  // keepAll: keep every edge, also a second one to the same target by another way through the
  // expression (a backtracking regex tries both); used to analyse the regex fast path.
  const keepAll = settings.keepAll === true;
  /**
   * Marks for the lists being deduplicated (positions, shifted by 2 so that EXIT and ACCEPT
   * fit): `marks[x + 2] === stamp` for those met since the stamp was taken (one array for the
   * whole build, not a set per list). `fresh(x)` marks x and says whether it was not yet.
   */
  let marks = new Int32Array(64);
  let stamp = 0;
  const fresh = (x: number): boolean => marks[x + 2] !== stamp && (marks[x + 2] = stamp) > 0;
  /** Keeps the first entry for each position and the first empty match: later ones are never preferred. */
  const once = (entries: readonly FirstEntry[]): readonly FirstEntry[] => (stamp++, keepAll ? entries : entries.filter((f) => fresh(f.pos)));
  const instances: Instance[] = [{ rule: rule.name, parent: -1, token: rule.token }];
  const positions: Position[] = [];
  const follow: FollowEntry[][] = [];
  let hasCalls = false;
  let hasJoins = false;
  /** The rules being expanded in place, from the top (see build's references). */
  const open = new Set([rule.name.toLowerCase()]);
  /** Inside the body of an unbounded repetition (see joinHere). */
  let loops = 0;
  let edgeCount = 0;
  let steps = 0;
  let copies = 0;
  /** Where newPosition stops a trial build (see {@link trial}). */
  let stopAt = Infinity;
  /**
   * The GrammarError "too-large" as a limit is passed, while building: the builder counts what
   * it makes and refuses at the limit, so that no work grows past it (the whole engine also
   * measures a rule before building it, automaton-size.ts, to refuse at once naming its size).
   */
  const over = (what: string, limit: number): GrammarError =>
    new GrammarError("too-large", `rule ${rule.name} ${what.replace("#", `more than ${limit.toLocaleString("en-US")}`)}, the engine's limit; it cannot be compiled`, rule.name);
  /** {@link cat}, counting the instances it copies. */
  const join = (a: readonly number[], b: readonly number[]): readonly number[] => {
    if (a.length > 0 && b.length > 0) {
      copies += a.length + b.length;
      if (copies > COPY_LIMIT) throw tooManyCopies();
    }
    return cat(a, b);
  };

  const newInstance = (def: RuleDefinition, parent: number): number => {
    if (instances.length > INSTANCE_LIMIT) throw over("expands to # rule occurrences", INSTANCE_LIMIT);
    instances.push({ rule: def.name, parent, token: def.token });
    return instances.length - 1;
  };

  const newPosition = (p: Position): number => {
    if (positions.length >= stopAt) throw STOP;
    if (positions.length >= POSITION_LIMIT) throw over("expands to # character positions and joins", POSITION_LIMIT);
    // (the marks hold every position, EXIT and ACCEPT)
    if (positions.length + 3 > marks.length) marks = doubled(marks);
    positions.push(p);
    follow.push([EXIT_ENTRY]);
    return positions.length - 1;
  };

  /** The leaf options of a single-character expression, with the instances its references open. */
  // (`seen`: the objects read under the outermost alternation of this rule's expression; one
  // used twice, `alt(e, e)` built in code, gives the same options again, so it is read once;
  // only an alternation can reach an object twice, so none is made above one)
  const options = (e: Expr, chain: readonly number[], parent: number, out: Option[], seen?: Set<Expr>): void => {
    if (seen !== undefined) {
      if (seen.has(e)) return;
      seen.add(e);
    }
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
        seen ??= new Set([e]);
        for (const item of e.items) if (!analysis.matchesNothing(item)) options(item, chain, parent, out, seen);
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
    const id = newPosition({ set: analysis.charSet(e) ?? union(opts.map((o) => o.set)), options: opts, instance: ctx, call: undefined });
    return { first: [fe(id, NONE)], lasts: [id] };
  };

  // (the whole engine measures a rule first and says why it is large: automaton-size.ts)
  const tooManySteps = (): GrammarError => over("expands to # expressions", STEP_LIMIT);
  const tooManyCopies = (): GrammarError => over("copies # rule occurrences into the lists of those that match the empty string", COPY_LIMIT);
  const tooManyEdges = (): GrammarError => over("has # edges", EDGE_LIMIT);

  /**
   * Replaces the exit entries of each of `lasts` by `cont` (edges made in `ctx`), keeping the
   * first entry to each target; returns the positions that can still end. An exit that holds
   * no occurrence (most) becomes edges made once per first entry and context, shared by every
   * list (they are read only).
   */
  const resolve = (lasts: readonly number[], cont: readonly FirstEntry[], ctx: number): number[] => {
    // every last has an exit entry, which becomes `cont`: past the limit, refuse before making them
    if (edgeCount + lasts.length * cont.length > EDGE_LIMIT) throw tooManyEdges();
    const still: number[] = [];
    for (const p of lasts) {
      const list: FollowEntry[] = [];
      let ends = false;
      stamp++;
      for (const entry of follow[p] as FollowEntry[]) {
        const { to, before } = entry;
        if (to !== EXIT) {
          edgeCount++;
          if (keepAll || fresh(to)) list.push(entry);
          continue;
        }
        edgeCount += cont.length;
        for (const f of cont) {
          const exit = f.pos < 0;
          let e = f.edge;
          if (before !== NONE || e?.context !== ctx) {
            e = { to: exit ? EXIT : f.pos, context: ctx, before: exit ? join(before, f.occ) : before, after: exit ? NONE : f.occ };
            if (before === NONE) f.edge = e;
          }
          ends ||= exit;
          if (keepAll || fresh(e.to)) list.push(e);
        }
      }
      follow[p] = list;
      if (edgeCount > EDGE_LIMIT) throw tooManyEdges();
      if (ends) still.push(p);
    }
    return still;
  };

  /** Whether the fragment matches "" without a position (its first empty entry), and that entry's occurrences. */
  const emptyOf = (x: Frag): readonly number[] | undefined => {
    for (const f of x.first) if (f.pos < 0) return f.occ;
    return undefined;
  };

  /** `a b`, made in `ctx`; through a join where joinHere says so, unless `direct`. */
  const concat = (a: Frag, b: Frag, ctx: number, direct?: boolean): Frag => {
    if (a.first.length === 0 || b.first.length === 0) return DEAD;
    const aEmpty = emptyOf(a);
    const bEmpty = emptyOf(b);
    if (
      direct !== true &&
      joinHere(!keepAll, loops > 0, a.lasts.length, aEmpty !== undefined, aEmpty?.length ?? 0, b.first.length - (bEmpty === undefined ? 0 : 1), bEmpty !== undefined, bEmpty?.length ?? 0)
    ) {
      // `a j b`, j a join: a's lasts go to it, it goes on to b's firsts (or ends where b matches
      // ""); it is a first after a's empty match, and a last before b's
      const j = newPosition({ set: EMPTY_SET, options: [], instance: ctx, call: undefined, join: true });
      hasJoins = true;
      return concat(concat(a, { first: [fe(j, NONE)], lasts: [j] }, ctx, true), b, ctx, true);
    }
    // (nothing before b: b as it is, which the steps below would copy; a sequence starts so)
    if (a === EMPTY) return b;
    let first = a.first;
    if (aEmpty !== undefined) {
      // (a's and b's positions differ and each list holds one empty match: no entry twice)
      const out: FirstEntry[] = [];
      for (const f of a.first) {
        if (f.pos >= 0) out.push(f);
        else for (const g of b.first) out.push(f.occ.length === 0 ? g : fe(g.pos, join(f.occ, g.occ)));
      }
      first = out;
    }
    const aStill = resolve(a.lasts, b.first, ctx);
    return { first, lasts: joinLasts(b.lasts, aStill) };
  };

  const build = (e: Expr, ctx: number): Frag => {
    if (++steps > STEP_LIMIT) throw tooManySteps();
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
          const one: Frag = { first: [fe(id, NONE)], lasts: [id] };
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
        if (hooks !== undefined && stubs.has(key)) {
          hasStubs = true;
          const { set, labels } = hooks.stub(def, analysis);
          const id = newPosition({ set, options: [], instance: inst, call: undefined, stub: key, labels });
          return { first: [fe(id, NONE)], lasts: [id] };
        }
        // a rule being expanded met again is recursive: called, as those in `calls` (the core
        // calls none, and so finds the cycles it meets: a rule with a call has no lazy DFA)
        if (calls.has(key) || open.has(key)) {
          hasCalls = true;
          const id = newPosition({ set: EMPTY_SET, options: [], instance: inst, call: key });
          return { first: [fe(id, NONE)], lasts: [id] };
        }
        open.add(key);
        const body = build(def.expr, inst);
        open.delete(key);
        // An empty match of the body is an empty match of this occurrence of the rule.
        return body.first.some((f) => f.pos < 0) ? { first: body.first.map((f) => (f.pos >= 0 ? f : fe(-1, join([inst], f.occ)))), lasts: body.lasts } : body;
      }
    }
  };

  /**
   * Alternatives in order; neighbouring single-character alternatives share one position (and
   * so do ones further apart when no alternative between them can start with their characters,
   * which keeps the priority order).
   */
  const alternation = (e: Expr & { readonly items: readonly Expr[] }, ctx: number): Frag => {
    const plan = alternativePlan(e, analysis, calls, hooks?.past);
    const first: FirstEntry[] = [];
    const lasts: number[] = [];
    for (const item of plan) {
      const frag = build(item, ctx);
      for (const f of frag.first) first.push(f);
      for (const p of frag.lasts) lasts.push(p);
    }
    const once1 = once(first);
    stamp++;
    return { first: once1, lasts: lasts.filter(fresh) };
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
      body.first.map((f) => ({ to: f.pos, context: ctx, before: NONE, after: f.occ, ...(kind === 0 ? {} : { count: (id << 2) | kind }) }));
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
    if (edgeCount > EDGE_LIMIT) throw tooManyEdges();
    return { first: min === 0 ? [fe(E, NONE), END] : [fe(E, NONE)], lasts: [X] };
  };

  /**
   * The positions of `item` written out (none of its repetitions counted, outside any loop), or
   * `cap` once it has that many: built on trial and undone, stopping at `cap` positions, so that
   * deciding to count a repetition costs a few positions, not a measure of the whole rule.
   */
  const trial = (item: Expr, ctx: number, cap: number): number => {
    const p0 = positions.length;
    const i0 = instances.length;
    const was = [steps, edgeCount, copies, loops] as const;
    const flags = [hasCalls, hasStubs, hasJoins] as const;
    const opened = [...open];
    counting = true;
    loops = 0;
    stopAt = p0 + cap;
    try {
      build(item, ctx);
    } catch (e) {
      if (e !== STOP) throw e;
    } finally {
      counting = false;
      stopAt = Infinity;
      [steps, edgeCount, copies, loops] = was;
      [hasCalls, hasStubs, hasJoins] = flags;
      open.clear();
      for (const k of opened) open.add(k);
    }
    const n = positions.length - p0;
    positions.length = p0;
    follow.length = p0;
    instances.length = i0;
    return n;
  };

  /** `min*max item`: `min` copies, then nested optional copies, or one looping copy when unbounded (or counted: {@link COUNTS}). */
  const repetition = (min: number, max: number, item: Expr, ctx: number): Frag => {
    if (max === 0) return EMPTY;
    if (countHere(counts, counting, min, max, analysis.nullable(item), (cap) => trial(item, ctx, cap))) {
      counting = true;
      loops++;
      const from = positions.length;
      const body = build(item, ctx);
      loops--;
      counting = false;
      if (body.first.length === 0) return min === 0 ? EMPTY : DEAD;
      return countedRepetition(min, max, body, ctx, from);
    }
    /**
     * One copy of item; `undefined` when it made nothing at all (no position, no occurrence, only
     * the empty match: `1000000000( "" )`), and then `left` more copies would only add as many
     * steps each, which are counted at once.
     */
    const copy = (left: number): Frag | undefined => {
      const p0 = positions.length;
      const i0 = instances.length;
      const s0 = steps;
      const one = build(item, ctx);
      if (positions.length > p0 || instances.length > i0 || one.lasts.length > 0 || one.first.length !== 1 || (one.first[0] as FirstEntry).pos >= 0) return one;
      steps += left * (steps - s0);
      if (steps > STEP_LIMIT) throw tooManySteps();
      return undefined;
    };
    let frag: Frag = EMPTY;
    for (let k = 0; k < min; k++) {
      const one = copy(min - k - 1);
      if (one === undefined) break;
      frag = concat(frag, one, ctx);
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
        const first = [...entries, END];
        tail = { first, lasts: resolve(body.lasts, first, ctx) };
      }
    } else {
      tail = EMPTY;
      for (let k = min; k < max; k++) {
        const item1 = copy(max - k - 1);
        if (item1 === undefined) break;
        const one = concat(item1, tail, ctx);
        // (the way with no copy is never preferred to one copy's empty match)
        tail = { first: keepAll || emptyOf(one) === undefined ? [...one.first, END] : one.first, lasts: one.lasts };
        // inside a loop, a copy that can match "" is linked to the firsts of every later one
        // directly (joinHere): each copy left makes at least as many edges as this one did, so
        // that `*( 0*5000[ "x" ] )` is refused a fifth of the way, not at the limit
        if (loops > 0 && emptyOf(item1) !== undefined && edgeCount + (max - k - 1) * item1.lasts.length * tail.first.length > EDGE_LIMIT) throw tooManyEdges();
      }
    }
    return concat(frag, tail, ctx);
  };

  const top = build(rule.expr, 0);
  resolveTop(top, follow);
  /** The list without its exit entries, and (unless keepAll) with the first edge to each target only: a later one is never preferred. */
  const finish = (list: readonly FollowEntry[]): Edge[] => (stamp++, list.filter((e) => e.to !== EXIT && (keepAll || fresh(e.to))));
  const start = finish(top.first.map((f) => (f.pos >= 0 ? { to: f.pos, context: 0, before: [], after: f.occ } : { to: ACCEPT, context: 0, before: f.occ, after: [] })));
  const edges = follow.map(finish);
  const counted: AutomatonSize = { positions: positions.length, instances: instances.length, steps, edges: edgeCount, copies };
  return Object.freeze({ rule, instances, positions, follow: edges, start, hasCalls, hasStubs, hasJoins, counters, counted });
}

/** Per grammar: how the alternatives of each alternation group into positions, without and with {@link BuildHooks.past}. */
const groupCaches = [new WeakMap<Analysis, WeakMap<Expr, Expr[]>>(), new WeakMap<Analysis, WeakMap<Expr, Expr[]>>()] as const;

/**
 * The alternatives of `e` as the automaton builds them, in order: neighbouring single-character
 * alternatives share one position (an alternation of them), and, where `past` says so, ones
 * further apart too (the whole engine's: when no alternative between them can start with their
 * characters, which keeps the priority order).
 */
export function alternativePlan(e: Expr & { readonly items: readonly Expr[] }, analysis: Analysis, calls: ReadonlySet<string>, past?: BuildHooks["past"]): Expr[] {
  const caches = groupCaches[past === undefined ? 0 : 1];
  let cache = caches.get(analysis);
  if (cache === undefined) {
    cache = new WeakMap<Expr, Expr[]>();
    caches.set(analysis, cache);
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
        if (past === undefined || !past(head, set, analysis)) break;
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

/**
 * The instances from `inst` up to, not including, `stop`, innermost first (the instances an
 * edge made in `stop` leaves, or, reversed, enters).
 */
export function chainBelow(instances: readonly Instance[], inst: number, stop: number): number[] {
  const out: number[] = [];
  for (let i = inst; i !== stop && i >= 0; i = (instances[i] as Instance).parent) out.push(i);
  return out;
}
