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
}

/** The most positions one automaton may have. */
export const POSITION_LIMIT = 200_000;
/** The most edges one automaton may have (counted as the builder makes and remakes them). */
export const EDGE_LIMIT = 4_000_000;

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
  settings: { readonly keepAll?: boolean | undefined; readonly stubs?: ReadonlySet<string> | undefined } = {},
): Automaton {
  const stubs = settings.stubs ?? new Set<string>();
  let hasStubs = false;
  // keepAll: keep every edge, also a second one to the same target by another way through the
  // expression (a backtracking regex tries both); used to analyse the regex fast path.
  const keepAll = settings.keepAll === true;
  const once = (entries: readonly FirstEntry[]): FirstEntry[] => (keepAll ? [...entries] : firstOnce(entries));
  const instances: Instance[] = [{ rule: rule.name, parent: -1, token: rule.token }];
  const positions: Position[] = [];
  const follow: FollowEntry[][] = [];
  let hasCalls = false;
  let edgeCount = 0;

  const newInstance = (def: RuleDefinition, parent: number): number => {
    instances.push({ rule: def.name, parent, token: def.token });
    return instances.length - 1;
  };

  const newPosition = (p: Position): number => {
    if (positions.length >= POSITION_LIMIT) {
      throw new GrammarError(
        "too-large",
        `rule ${rule.name} expands to more than ${POSITION_LIMIT} character positions (a large bounded repetition?); it cannot be compiled`,
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
            next.push({ to: EXIT, before: "empties" in f ? cat(entry.before, f.empties) : entry.before });
            ends = true;
          }
        }
      }
      const seen = new Set<number>();
      follow[p] = keepAll ? next : next.filter((entry) => (seen.has(entry.to) ? false : (seen.add(entry.to), true)));
      edgeCount += next.length;
      if (edgeCount > EDGE_LIMIT) {
        throw new GrammarError("too-large", `rule ${rule.name} has more than ${EDGE_LIMIT.toLocaleString("en-US")} edges; it cannot be compiled`, rule.name);
      }
      if (ends) still.push(p);
    }
    return still;
  };

  /** `a b`, made in `ctx`. */
  const concat = (a: Frag, b: Frag, ctx: number): Frag => {
    if (a.first.length === 0 || b.first.length === 0) return DEAD;
    const first: FirstEntry[] = [];
    for (const f of a.first) {
      if (f.pos >= 0) first.push(f);
      else {
        const empties = "empties" in f ? f.empties : NONE;
        for (const g of b.first) {
          if (g.pos >= 0) first.push({ pos: g.pos, lead: cat(empties, "lead" in g ? g.lead : NONE) });
          else first.push({ pos: -1, empties: cat(empties, "empties" in g ? g.empties : NONE) });
        }
      }
    }
    const aStill = resolve(a.lasts, b.first, ctx);
    return { first: once(first), lasts: joinLasts(b.lasts, aStill) };
  };

  const build = (e: Expr, ctx: number): Frag => {
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
          first: body.first.map((f) => (f.pos >= 0 ? f : { pos: -1, empties: [inst, ...("empties" in f ? f.empties : [])] })),
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

  /** `min*max item`: `min` copies, then nested optional copies, or one looping copy when unbounded. */
  const repetition = (min: number, max: number, item: Expr, ctx: number): Frag => {
    if (max === 0) return EMPTY;
    let frag: Frag = EMPTY;
    for (let k = 0; k < min; k++) {
      frag = concat(frag, build(item, ctx), ctx);
      if (frag.first.length === 0) return DEAD;
    }
    let tail: Frag;
    if (max === Infinity) {
      const body = build(item, ctx);
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
  const large = tooLarge(rule, automatonSize(analysis, calls, stubs)(rule.expr));
  if (large !== undefined) throw large;
  const top = build(rule.expr, 0);
  resolveTop(top, follow);
  const finish = (edges: Edge[]): Edge[] => (keepAll ? edges : dedupe(edges));
  const start: Edge[] = finish(
    top.first.map((f) => (f.pos >= 0 ? { to: f.pos, context: 0, before: [], after: "lead" in f ? f.lead : [] } : { to: ACCEPT, context: 0, before: "empties" in f ? f.empties : [], after: [] })),
  );
  const edges = follow.map((list) => finish(list.filter((e): e is Edge => e.to !== EXIT)));
  return Object.freeze({ rule, instances, positions, follow: edges, start, hasCalls, hasStubs });
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

/** How large an automaton is, counted before it is built (see {@link automatonSize}). */
export interface AutomatonSize {
  /** The positions, exactly. */
  readonly positions: number;
  /**
   * A floor under the edge work the builder counts against its limit: the edges by which a
   * bounded repetition of an element that can match the empty string (`0*3000[ "x" ]`) links
   * each copy to every later one, which grow with the square of the count.
   */
  readonly edges: number;
}

/**
 * The size of the automaton of an expression, without building it: its positions are what
 * {@link buildAutomaton} makes, position for position (references to `calls` and `stubs` are
 * one position each, other references are counted in place), so that a rule too large to
 * compile is refused before any work that grows with its size. Sizes are kept per expression:
 * measuring every rule of a grammar is linear in the size of its definitions.
 */
export function automatonSize(analysis: Analysis, calls: ReadonlySet<string>, stubs: ReadonlySet<string> = new Set()): (e: Expr) => AutomatonSize {
  const memo = new Map<Expr, AutomatonSize>();
  const ZERO: AutomatonSize = { positions: 0, edges: 0 };
  const sum = (items: readonly Expr[]): AutomatonSize => {
    let positions = 0;
    let edges = 0;
    for (const x of items) {
      const n = size(x);
      positions += n.positions;
      edges += n.edges;
    }
    return { positions, edges };
  };
  const size = (e: Expr): AutomatonSize => {
    const known = memo.get(e);
    if (known !== undefined) return known;
    let n: AutomatonSize;
    if (analysis.matchesNothing(e)) n = ZERO;
    else if (analysis.charSet(e) !== null && !(e.type === "ref" && calls.has(e.name.toLowerCase()))) n = { positions: 1, edges: 0 };
    else {
      switch (e.type) {
        case "lit":
          n = { positions: codePoints(e.text).length, edges: 0 };
          break;
        case "range":
        case "prose":
          n = ZERO;
          break;
        case "seq":
          n = sum(e.items);
          break;
        case "alt":
          n = sum(alternativePlan(e, analysis, calls));
          break;
        case "rep": {
          // min copies and a loop, or max copies (see buildAutomaton's repetition)
          const one = e.max === 0 ? ZERO : size(e.item);
          if (one.positions === 0) n = ZERO;
          else {
            const copies = e.max === Infinity ? e.min + 1 : e.max;
            // optional copies of a nullable element: each one's last positions link to the first of every later copy
            const optional = e.max === Infinity ? 0 : e.max - e.min;
            const square = analysis.nullable(e.item) ? (optional * (optional - 1)) / 2 : 0;
            n = { positions: copies * one.positions, edges: copies * one.edges + square };
          }
          break;
        }
        case "ref": {
          const key = e.name.toLowerCase();
          n = stubs.has(key) || calls.has(key) ? { positions: 1, edges: 0 } : size(analysis.rule(e.name).expr);
          break;
        }
      }
    }
    memo.set(e, n);
    return n;
  };
  return size;
}

/** The GrammarError "too-large" for a rule whose automaton would be larger than the limits, or undefined. */
export function tooLarge(rule: RuleDefinition, size: AutomatonSize): GrammarError | undefined {
  const many = (n: number): string => (n === Infinity ? "too many" : n.toLocaleString("en-US"));
  if (size.positions > POSITION_LIMIT) {
    return new GrammarError(
      "too-large",
      `rule ${rule.name} expands to ${many(size.positions)} character positions, more than the engine's limit of ${many(POSITION_LIMIT)} (a large bounded repetition?); it cannot be compiled`,
      rule.name,
    );
  }
  if (size.edges > EDGE_LIMIT) {
    return new GrammarError(
      "too-large",
      `rule ${rule.name} has more than ${many(EDGE_LIMIT)} edges (a bounded repetition of an element that can match the empty string, such as 0*3000[ "x" ], links every copy to every later one); it cannot be compiled`,
      rule.name,
    );
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
