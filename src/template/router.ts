// Many templates matched at once (an MCP server's resource templates, a REST API's routes): the
// automata of every template read the URI together, in one pass, through one lazily built DFA
// (its states are sets of the templates' states, made when first reached and kept), which ends
// knowing every template whose language holds the URI; the most specific of them then reads its
// variables (RFC 6570 §3 run backwards, as UriTemplate.match). Specificity, as route tables
// rank routes: more literal characters first, then fewer varspecs with "+" or "#" (they match
// reserved characters too), then fewer varspecs, then the template added first.
import { describeTemplateValue } from "../describe.js";
import type { Result } from "../result.js";
import { ACCEPT, EPS, newMark, stamps, TOO_LARGE, UNIT, unitClasses, unitsAt, WORK_LIMIT, type Nfa } from "./automaton.js";
import { throwFrom, type TemplateError } from "./errors.js";
import type { TemplatePart } from "./parse.js";
import { expectUri, templateOf, UriTemplate, type Budget } from "./template.js";
import type { MatchedValue, MatchOf } from "./types.js";
import { toUnits, type UnitSet } from "./units.js";

/** A template in a router, with its value and its specificity. */
export interface Route<V> {
  readonly template: UriTemplate<string>;
  readonly value: V;
  /** Its position among the routes added (0 for the first). */
  readonly index: number;
  /** Characters of the template's literal text (the first key of specificity). */
  readonly literals: number;
  /** Varspecs with the `+` or `#` operator (the second key, fewer first). */
  readonly reserved: number;
  /** Varspecs (the third key, fewer first). */
  readonly varspecs: number;
}

/**
 * What {@link TemplateRouter.match} gives: the route that won, and the URI's variables under its
 * template. For a router made from literal templates (`createRouter([["/users/{id}", 1]])`, or
 * with `T` given), a union by route: narrowing on `template` types `variables` as
 * {@link MatchOf} that template, and `value` as that route's value (`R`, its routes as
 * [template, value] pairs; by default any value of `V` with any template of `T`).
 */
export type RouteMatch<V, T extends string = string, R extends readonly [T, V] = readonly [T, V]> = string extends T
  ? { readonly template: string; readonly value: V; readonly variables: Readonly<Record<string, MatchedValue>> }
  : R extends readonly [infer U extends string, infer W]
    ? U extends string
      ? { readonly template: U; readonly value: W; readonly variables: MatchOf<U> }
      : never
    : never;

/**
 * The value {@link TemplateRouter.add} takes with template `U`: on a router typed by its routes,
 * the value of the route (or routes) with that template; otherwise any `V`.
 */
export type RouteValue<V, T extends string, R extends readonly [T, V], U extends string> = string extends T
  ? V
  : R extends readonly [infer A extends string, infer W]
    ? U extends A
      ? W
      : never
    : never;

/** What {@link TemplateRouter.add} reports: the route, and the routes that win every URI it matches. */
export interface RouteAdded<V> {
  readonly route: Route<V>;
  /**
   * Empty when the route can win some URI. Otherwise the templates that together match every URI
   * it matches and rank above it, so it never wins ({@link TemplateRouter.unreachable}).
   */
  readonly shadowedBy: readonly string[];
}

/** A route that can never win, and the templates that win its URIs (never none): {@link TemplateRouter.unreachable} lists them. */
export type UnreachableRoute<V> = RouteAdded<V>;

/** True when `a` ranks above `b` (wins a URI both match). */
function beats<V>(a: Route<V>, b: Route<V>): boolean {
  if (a.literals !== b.literals) return a.literals > b.literals;
  if (a.reserved !== b.reserved) return a.reserved < b.reserved;
  if (a.varspecs !== b.varspecs) return a.varspecs < b.varspecs;
  return a.index < b.index;
}

/**
 * A route whose structural language is its exact language: no variable named twice (one value
 * per variable is no regular constraint), no prefix modifier (the router's automata ignore
 * max-lengths) and no explode (a repeated name has no associative array). Only such routes count
 * as shadowing others.
 */
const exact = (t: UriTemplate<string>): boolean => !t.repeatsVariables && t.expressions.every((x) => x.varspecs.every((v) => v.prefix === undefined && !v.explode));

/** A template's literal expansion before its first expression and after its last (a template without one is one literal, or none). */
function ends(t: UriTemplate<string>): [string, string] {
  const text = (p: TemplatePart | undefined): string => (p?.kind === "literal" ? p.expansion : "");
  return [text(t.parts[0]), text(t.parts.at(-1))];
}

/** A copy of `a` in an array of `n` entries, the new ones -1. */
function grown(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n).fill(-1);
  b.set(a);
  return b;
}

/** Past this many DFA states, the router forgets them and builds again as URIs come. */
const DFA_LIMIT = 200_000;
/**
 * The work one URI may cost a router (its pass, and the matches of the routes it tries, summed
 * in states of sets as WORK_LIMIT counts them): past it, the routes not yet tried count as not
 * matching. Real routes cost a few hundred per URI.
 */
export const ROUTER_WORK_LIMIT = 2 * WORK_LIMIT;
/**
 * The budget of one {@link TemplateRouter.unreachable} call, in ROUTER_WORK_LIMIT's units (its
 * checks' sets counted with their keys' characters): 10,000 routes `/r0000/{x}`, … and 2,000 that
 * they shadow need some 2^24 to be all listed (about 1.1 s); the hostile shapes measured stop
 * within 0.5-0.8 s.
 */
export const UNREACHABLE_LIMIT = 1 << 25;
/**
 * What the router's DFA keeps between URIs, in entries of four bytes (16 MB); past it after a URI,
 * it is let go. Its states were counted at a third of their heap under 2^20 (some 12-14 MB kept).
 */
const ROUTER_MEMO_LIMIT = 1 << 22;
/** Product states the shadowing check of one route explores before it gives up (the route then counts as reachable). */
const CHECK_LIMIT = 50_000;
/** States of the route and the routes that rank above it (and could match its URIs) past which the shadowing check is not made. */
const SHADOW_LIMIT = 1 << 14;

/**
 * The routes' automata numbered as one: route r's states are a block from its offset on. Nothing
 * of the automata is copied (10,000 routes of ~130 states kept ~15 KB each when their kinds and
 * edges were), nor anything kept per state: a state's block is found by a binary search of the
 * offsets, from the block found last (a set's states are sorted, and a closure stays in a block
 * for most of its steps); a block number per state was 4 to 8 bytes a state.
 */
export class Union {
  readonly nfas: Nfa[] = [];
  /** Per block and one more: its offset (the last: {@link size}). A block's index is its route's (routes are added in order). */
  offs = new Int32Array(16);
  size = 0;
  #last = 0;
  #classes: ReturnType<typeof unitClasses> | undefined;
  readonly #sets = new Set<UnitSet>();

  /** Appends the next route's automaton. */
  add(nfa: Nfa): void {
    const n = this.nfas.push(nfa);
    if (n >= this.offs.length) this.offs = grown(this.offs, 2 * n);
    this.offs[n] = this.size += nfa.size;
    for (const set of nfa.sets) {
      if (set && !this.#sets.has(set)) {
        this.#sets.add(set);
        this.#classes = undefined;
      }
    }
  }

  /** The block of state `g`. */
  blockOf(g: number): number {
    const offs = this.offs;
    let b = this.#last;
    // else the last block whose offset is at most g
    if (g < (offs[b] as number) || g >= (offs[b + 1] as number)) this.#last = b = prefixOf(this.nfas.length, (m) => (offs[m] as number) <= g) - 1;
    return b;
  }

  /** The state after state `g` reads unit `code`, or -1. */
  next(g: number, code: number): number {
    const b = this.blockOf(g);
    const nfa = this.nfas[b] as Nfa;
    const off = this.offs[b] as number;
    return unitsAt(nfa, g - off)?.[code] === 1 ? off + (nfa.unitNext[g - off] as number) : -1;
  }

  /** The unit classes of every route's unit sets, and one code of each. */
  get classes(): ReturnType<typeof unitClasses> {
    return (this.#classes ??= unitClasses([...this.#sets]));
  }

  /**
   * The unit and accepting states reachable from `from` over empty edges, sorted (marked in the
   * process's one stamp array, automaton.ts's: a router's DFA kept one of 4 bytes a state of
   * all its routes, 1.1 MB for 1,000 API routes).
   */
  close(from: Iterable<number>): Int32Array {
    const mark = newMark(this.size);
    const stamp = stamps;
    const out: number[] = [];
    const stack = [...from];
    while (stack.length > 0) {
      const g = stack.pop() as number;
      if (stamp[g] === mark) continue;
      stamp[g] = mark;
      const b = this.blockOf(g);
      const nfa = this.nfas[b] as Nfa;
      const off = this.offs[b] as number;
      const k = nfa.kind[g - off];
      if (k === UNIT || k === ACCEPT) {
        out.push(g);
        continue;
      }
      if (k !== EPS) continue;
      for (let i = nfa.epsStart[g - off] as number, end = nfa.epsStart[g - off + 1] as number; i < end; i += 2) stack.push(off + (nfa.epsEdge[i] as number));
    }
    return Int32Array.from(out).sort();
  }
}


/** The length of the run of 0, 1, …, n - 1 that `f` holds for, when it holds for a run from 0 (a binary search). */
function prefixOf(n: number, f: (i: number) => boolean): number {
  let lo = 0;
  for (let hi = n; lo < hi; ) {
    const m = (lo + hi) >> 1;
    if (f(m)) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/**
 * Routes by a string key (their literal head, or reversed tail), to find those whose key is a
 * prefix of a given string or starts with it, without reading the others. The keys are sorted:
 * those that start with a string are one run from where it would sort, and those it starts with
 * are ancestors of the key just before that run (each key keeps its nearest).
 */
class Prefixes<V> {
  readonly keys: string[];
  /** Per key, its routes, in the order given (most specific first). */
  readonly groups: Route<V>[][];
  /** Per key: the position of its nearest ancestor (the longest other key it starts with), or -1. */
  readonly #up: number[] = [];

  constructor(routes: readonly Route<V>[], key: (r: Route<V>) => string) {
    const by = new Map<string, Route<V>[]>();
    for (const r of routes) {
      const k = key(r);
      const g = by.get(k);
      if (!g) by.set(k, [r]);
      else g.push(r);
    }
    this.keys = [...by.keys()].sort();
    this.groups = this.keys.map((k) => by.get(k) as Route<V>[]);
    const stack: number[] = [];
    for (const k of this.keys) {
      while (stack.length > 0 && !k.startsWith(this.keys[stack.at(-1) as number] as string)) stack.pop();
      stack.push(this.#up.push(stack.at(-1) ?? -1) - 1);
    }
  }

  /**
   * The positions of the keys that are a prefix of `k` or start with it and hold a route that
   * ranks above `route`, with `budget` charged a unit per 16 keys read.
   */
  *comparable(k: string, route: Route<V>, budget: Budget): Generator<number> {
    const { keys, groups } = this;
    const from = prefixOf(keys.length, (m) => (keys[m] as string) < k);
    const to = prefixOf(keys.length, (m) => (keys[m] as string) < k || (keys[m] as string).startsWith(k));
    budget.left -= (to - from) / 16;
    for (let g = from; g < to; g++) if (beats((groups[g] as Route<V>[])[0] as Route<V>, route)) yield g;
    for (let g = from - 1; g >= 0; g = this.#up[g] as number) if (k.startsWith(keys[g] as string) && beats((groups[g] as Route<V>[])[0] as Route<V>, route)) yield g;
  }
}

/** A SubsetDfa's state of the empty set (no route reads on from it): interned first. */
const DEAD = 0;

/** A lazily built DFA over some routes of a union: sets of their states, by unit class. */
export class SubsetDfa {
  readonly states: Int32Array[] = [];
  /** Per state: the routes whose accepting state it holds. */
  readonly accepting: number[][] = [];
  /** Per accepting state reached: its routes, most specific first (the router's; warm matches sort nothing). */
  readonly ranked: (readonly unknown[] | undefined)[] = [];
  readonly start: number;
  readonly #index = new Map<string, number>();
  readonly #count: number;
  /**
   * Per state, three entries: the class of the first transition made from it, its target (-1:
   * none yet), and where the state's row of every class begins in {@link #rows} (-1: none). Most
   * states of a router's DFA lie inside one route's literal and are left by one class, which the
   * first entry answers; a state left by a second class (a value's characters) gets a row, read
   * by index. A step reads one or two cells of typed arrays, where a hash of every transition
   * (whose cells, for 1,000 routes, do not stay in the processor's caches) read several.
   */
  #one = new Int32Array(3 * 64).fill(-1);
  /** Rows of the states that have one: per class, the target (-1: not made yet). */
  #rows = new Int32Array(0);
  #rowsUsed = 0;
  /** The states of the sets this DFA has built and read, summed (see WORK_LIMIT). */
  work = 0;
  /** Entries its sets and transitions hold (see ROUTER_MEMO_LIMIT). */
  retained = 0;

  constructor(readonly union: Union, routes: readonly number[]) {
    this.#count = union.classes.count;
    this.#intern(new Int32Array(0)); // DEAD
    this.start = this.#intern(union.close(routes.map((r) => (union.offs[r] as number) + (union.nfas[r] as Nfa).start)));
  }

  #intern(set: Int32Array): number {
    const key = set.join(",");
    // the key's characters count too (some n log n of the set's n states, as its closing and
    // sorting cost): 200 routes {+a}/…/{b} keep ~13,000 states in each set on "/"×3000, and the
    // router's pass spent 1.0-4.5 s within WORK_LIMIT counting the sets alone (fuzz round 7)
    this.work += key.length;
    let id = this.#index.get(key);
    if (id === undefined) {
      id = this.states.length;
      this.states.push(set);
      this.#index.set(key, id);
      // its set (a typed array: 184 bytes with its buffer before its states), its key, a map's
      // entry, its list of accepting routes, its places in the arrays and #one: 426-456 bytes a
      // state measured (1,000 API routes; 2,000 "/r{i}/{a}/x{i}/{b}"), 133-144 counted before
      this.retained += set.length + (key.length >> 2) + 96;
      const acc: number[] = [];
      // the routes whose accepting state the set holds (a block's index is its route's)
      const u = this.union;
      for (const g of set) {
        const b = u.blockOf(g);
        if ((u.nfas[b] as Nfa).kind[g - (u.offs[b] as number)] === ACCEPT) acc.push(b);
      }
      this.accepting.push(acc);
      if (3 * id + 3 > this.#one.length) this.#one = grown(this.#one, 6 * id);
    }
    return id;
  }

  /** The state after reading a unit of class `c` from state `d`. */
  step(d: number, c: number): number {
    const one = this.#one;
    const o = 3 * d;
    if (one[o] === c) return one[o + 1] as number;
    const row = one[o + 2] as number;
    if (row >= 0) {
      const next = this.#rows[row + c] as number;
      if (next >= 0) return next;
    }
    return this.#make(d, c);
  }

  #make(d: number, c: number): number {
    const u = this.union;
    const code = u.classes.rep[c] as number;
    const nexts: number[] = [];
    this.work += (this.states[d] as Int32Array).length;
    for (const g of this.states[d] as Int32Array) {
      const n = u.next(g, code);
      if (n >= 0) nexts.push(n);
    }
    const set = u.close(nexts);
    this.work += set.length;
    const id = this.#intern(set);
    // (interning may have grown #one: read it again)
    const one = this.#one;
    const o = 3 * d;
    const k = this.#count;
    if ((one[o + 1] as number) < 0) {
      one[o] = c;
      one[o + 1] = id;
    } else {
      if ((one[o + 2] as number) < 0) {
        if (this.#rowsUsed + k > this.#rows.length) this.#rows = grown(this.#rows, 2 * this.#rowsUsed + 16 * k);
        one[o + 2] = this.#rowsUsed;
        this.#rowsUsed += k;
        this.retained += k;
      }
      this.#rows[(one[o + 2] as number) + c] = id;
    }
    return id;
  }
}

/**
 * A set of URI templates matched against a URI all at once. Make one with {@link createRouter}.
 *
 * @example
 * const router = createRouter<string>();
 * router.add("file:///{+path}", "file");
 * router.add("users://{id}/profile", "profile");
 * router.match("users://42/profile") // { template: "users://{id}/profile", value: "profile", variables: { id: "42" } }
 */
export class TemplateRouter<V, T extends string = string, R extends readonly [T, V] = readonly [T, V]> {
  readonly #routes: Route<V>[] = [];
  readonly #union = new Union();
  #dfa: SubsetDfa | undefined;

  /** The routes, in the order they were added. */
  get routes(): readonly Route<V>[] {
    return this.#routes;
  }

  /**
   * Adds a template (text or value) with its value. The TemplateError of a template that does
   * not parse; otherwise the route, and the templates that shadow it when it can never win (every
   * URI it matches is matched by routes that rank above it: `shadowedBy` lists them).
   *
   * A router made from literal templates ({@link createRouter} with a list) takes only its own
   * routes again: its type names its templates, and a new one would make {@link match}'s type
   * untrue. To add routes later, make it with `createRouter<V>()` (or type the list's templates as
   * `string`).
   */
  add<U extends T>(template: U | UriTemplate<U>, value: RouteValue<V, T, R, U>): Result<RouteAdded<V>, TemplateError> {
    const r = templateOf<string>(template, "TemplateRouter.add");
    if (!r.ok) return r;
    const t = r.value;
    let nfa: Nfa;
    try {
      nfa = t.unboundedNfa;
    } catch (e) {
      if (e !== TOO_LARGE) throw e;
      return { ok: false, error: t.tooLarge("") };
    }
    const varspecs = t.expressions.flatMap((x) => x.varspecs.map(() => x.operator));
    const route: Route<V> = Object.freeze({
      template: t,
      value,
      index: this.#routes.length,
      literals: t.parts.reduce((n, p) => (p.kind === "literal" ? n + [...p.text].length : n), 0),
      reserved: varspecs.filter((o) => o === "+" || o === "#").length,
      varspecs: varspecs.length,
    });
    this.#routes.push(route);
    this.#union.add(nfa);
    this.#dfa = undefined;
    // worked out when read (adding routes stays linear): against the routes added before it
    let shadowed: readonly string[] | undefined;
    const compute = (): readonly string[] => (shadowed ??= Object.freeze(this.#shadowedBy(route, this.#routes.slice(0, route.index))));
    return { ok: true, value: Object.freeze({ route, get shadowedBy(): readonly string[] { return compute(); } }) };
  }

  /** {@link add}, throwing its TemplateError. */
  addOrThrow<U extends T>(template: U | UriTemplate<U>, value: RouteValue<V, T, R, U>): RouteAdded<V> {
    const r = this.add(template, value);
    if (!r.ok) throwFrom(r.error, this.addOrThrow);
    return r.value;
  }

  /**
   * The most specific route whose template matches `uri`, with its variables; undefined when
   * none does. One pass over the URI finds every template whose language holds it (a lazily
   * built DFA of all of them); the first of those by specificity whose match succeeds wins (a
   * template that repeats a variable, or has a prefix modifier, can hold the URI in its
   * language and still not match it). Linear in the URI's length. When the route to try goes past
   * the matcher's work limit (a long literal that repeats itself) or the router's, or past its
   * readings' limits, this throws that TemplateError ("match-limit", "reading-limit"): the URI is
   * neither matched nor refused, and no less specific route is tried in its place.
   */
  match(uri: string): RouteMatch<V, T, R> | undefined {
    expectUri(uri, "TemplateRouter.match");
    return this.#matches(uri, true)[0];
  }

  /**
   * Every route whose template matches `uri`, most specific first, with its variables. Within
   * the same work limit as {@link match}: when a route it tries runs out of work or readings, this
   * throws that TemplateError ("match-limit", "reading-limit") rather than return a list that
   * leaves routes out.
   */
  matchAll(uri: string): readonly RouteMatch<V, T, R>[] {
    expectUri(uri, "TemplateRouter.matchAll");
    return this.#matches(uri, false);
  }

  #matches(uri: string, first: boolean): RouteMatch<V, T, R>[] {
    const out: RouteMatch<V, T, R>[] = [];
    // one work limit for the pass and every route's own match: a URI costs at most ROUTER_WORK_LIMIT
    const budget: Budget = { left: ROUTER_WORK_LIMIT };
    try {
      for (const r of this.#candidates(uri, budget)) {
        // the route's own match says whether what is left of the budget is enough; past it,
        // neither this route nor a less specific one, but the typed error
        const m = r.template.matchWithin(uri, budget);
        if (m instanceof Error) throwFrom(m, first ? this.match : this.matchAll);
        if (m !== undefined) {
          out.push(Object.freeze({ template: r.template.text, value: r.value, variables: m }) as unknown as RouteMatch<V, T, R>);
          if (first) break;
        }
      }
    } finally {
      // the DFA's memo is let go when it holds more than its bound
      if (this.#dfa !== undefined && this.#dfa.retained > ROUTER_MEMO_LIMIT) this.#dfa = undefined;
    }
    return out;
  }

  /**
   * The routes whose language holds `uri`, most specific first (one pass of the DFA). Should the
   * pass build or read more than WORK_LIMIT states of sets (routes whose literals repeat
   * themselves at length), every route is a candidate, and each route's own match decides.
   */
  #candidates(uri: string, budget: Budget): readonly Route<V>[] {
    // none without routes, or for a URI with a character no template reads (toUnits gives its offset)
    const units = this.#routes.length ? toUnits(uri) : 0;
    if (typeof units === "number") return [];
    let dfa = this.#dfa;
    if (!dfa || dfa.states.length > DFA_LIMIT || dfa.work > WORK_LIMIT) dfa = this.#dfa = new SubsetDfa(this.#union, this.#routes.map((r) => r.index));
    const { classOf } = this.#union.classes;
    const before = dfa.work;
    let d = dfa.start;
    for (let k = 0; k < units.n; k++) {
      d = dfa.step(d, classOf[units.codes[k] as number] as number);
      if (d === DEAD) return [];
      if (dfa.work - before > WORK_LIMIT) {
        this.#dfa = undefined;
        budget.left -= dfa.work - before;
        return this.#ranked(this.#routes);
      }
    }
    budget.left -= dfa.work - before;
    // the ranked routes of each accepting state, kept with the DFA that reached it (warm matches sort nothing)
    let ranked = dfa.ranked[d] as readonly Route<V>[] | undefined;
    if (!ranked) {
      ranked = dfa.ranked[d] = this.#ranked((dfa.accepting[d] as number[]).map((i) => this.#routes[i] as Route<V>));
      dfa.retained += ranked.length + 4;
    }
    return ranked;
  }


  /** Routes, most specific first. */
  #ranked(routes: readonly Route<V>[]): Route<V>[] {
    return [...routes].sort((a, b) => (beats(a, b) ? -1 : beats(b, a) ? 1 : 0));
  }

  /**
   * Every route that can never win, with the templates that win its URIs. The routes a route is
   * checked against are found through an index of the literal heads and tails (see
   * {@link Prefixes}), most specific first, so a check reads only the routes that can win its URIs.
   * The whole call spends one budget (UNREACHABLE_LIMIT: a unit per 16 routes or groups of them
   * each check reads, and the states its searches build and read): past it, the routes not yet
   * checked count as reachable, as a route whose own search is too large does (the answer then
   * leaves out routes; it never lists a reachable one).
   */
  unreachable(): readonly UnreachableRoute<V>[] {
    const out: UnreachableRoute<V>[] = [];
    const budget: Budget = { left: UNREACHABLE_LIMIT };
    // (literal expansions are ASCII: percent-encoded UTF-8)
    const reversed = (s: string): string => [...s].reverse().join("");
    // the exact routes, most specific first, by head, then by reversed tail
    const heads = new Prefixes(this.#ranked(this.#routes.filter((r) => exact(r.template))), (r) => ends(r.template)[0]);
    const tails = heads.groups.map((g) => new Prefixes(g, (r) => reversed(ends(r.template)[1])));
    for (const route of this.#routes) {
      if (budget.left <= 0) break;
      const [head, tail] = ends(route.template);
      const above = function* (): Generator<Route<V>> {
        for (const h of heads.comparable(head, route, budget)) {
          const t = tails[h] as Prefixes<V>;
          for (const g of t.comparable(reversed(tail), route, budget))
            for (const r of t.groups[g] as Route<V>[]) {
              if (!beats(r, route)) break;
              yield r;
            }
        }
      };
      const by = this.#shadowedBy(route, above(), budget);
      if (by.length > 0) out.push(Object.freeze({ route, shadowedBy: by }));
    }
    return out;
  }

  /**
   * The exact routes among `candidates` that rank above `route` and together match every URI it
   * matches, or [] when some URI goes to it (or when the search is too large to finish). A
   * breadth-first search of the route's DFA against the DFA of those routes, for a URI the first
   * accepts and the second does not.
   */
  #shadowedBy(route: Route<V>, candidates: Iterable<Route<V>>, budget: Budget = { left: WORK_LIMIT }): string[] {
    // only routes whose literal text before the first and after the last expression agrees with
    // the route's can match one of its URIs; past SHADOW_LIMIT states of them the check is not
    // made (the route counts as reachable). A candidate read, some 30 ns, is charged a sixteenth
    // of a unit (a unit of the searches' work is some 0.3-1 µs)
    const [head, tail] = ends(route.template);
    const above: Route<V>[] = [];
    let states = (this.#union.nfas[route.index] as Nfa).size;
    for (const r of candidates) {
      if ((budget.left -= 1 / 16) < 0) return [];
      const [h, t] = ends(r.template);
      if ((h.startsWith(head) || head.startsWith(h)) && (t.endsWith(tail) || tail.endsWith(t)) && beats(r, route) && exact(r.template)) {
        above.push(r);
        if ((states += (this.#union.nfas[r.index] as Nfa).size) > SHADOW_LIMIT) return [];
      }
    }
    if (above.length === 0) return [];
    // a union of the route and those, numbered on their own
    const union = new Union();
    union.add(this.#union.nfas[route.index] as Nfa);
    for (const r of above) union.add(this.#union.nfas[r.index] as Nfa);
    const own = new SubsetDfa(union, [0]);
    const others = new SubsetDfa(union, above.map((_, i) => i + 1));
    const { count, rep } = union.classes;
    const seen = new Set<number>();
    const winners = new Set<number>();
    const queue: [number, number][] = [[own.start, others.start]];
    seen.add(own.start * 1e6 + others.start);
    // the union's states, and what the search built and read, are charged to the budget, however it ends
    try {
      for (let q = 0; q < queue.length; q++) {
        if (seen.size > CHECK_LIMIT || own.work + others.work > budget.left) return [];
        const [a, b] = queue[q] as [number, number];
        if ((own.accepting[a] as number[]).length > 0) {
          const acc = others.accepting[b] as number[];
          if (acc.length === 0) return [];
          for (const i of acc) winners.add(i);
        }
        if ((own.states[a] as Int32Array).length === 0) continue;
        for (let c = 0; c < count; c++) {
          // only classes the route itself reads
          own.work += (own.states[a] as Int32Array).length;
          if (!(own.states[a] as Int32Array).some((g) => union.next(g, rep[c] as number) >= 0)) continue;
          const na = own.step(a, c);
          if ((own.states[na] as Int32Array).length === 0) continue;
          const nb = others.step(b, c);
          const key = na * 1e6 + nb;
          if (!seen.has(key)) {
            seen.add(key);
            queue.push([na, nb]);
          }
        }
      }
    } finally {
      budget.left -= own.work + others.work + states;
    }
    return [...winners].map((i) => above[i - 1] as Route<V>).sort((x, y) => x.index - y.index).map((r) => r.template.text);
  }
}

/**
 * A value's type as a router that takes more routes reads it: a string, number, boolean or bigint
 * literal widened to its primitive (the list's `const` type parameter reads `1` as `1`).
 */
export type WidenedValue<V> = V extends string ? string : V extends number ? number : V extends boolean ? boolean : V extends bigint ? bigint : V;

/**
 * A router for URI templates (RFC 6570): add templates with values, then match URIs against all
 * of them at once (see {@link TemplateRouter}).
 *
 * @example
 * const router = createRouter<string>();
 * router.add("/users/{id}", "user");
 * router.add("/users/me", "me");
 * router.match("/users/me")?.value // "me": more literal characters win
 */
export function createRouter<V = unknown>(): TemplateRouter<V>;
/**
 * A router with these routes (template, value), added in order ({@link TemplateRouter.addOrThrow}:
 * a template that does not parse throws its TemplateError). Written as a literal (`as const`),
 * the templates type what {@link TemplateRouter.match} gives, route by route; templates typed
 * `string` make a router that takes any template, its values' literals widened (`1` as `number`).
 *
 * @example
 * const router = createRouter([["/users/{id}", "user"], ["/posts/{post}{?page}", "post"]] as const);
 * const m = router.match("/posts/7?page=2");
 * if (m?.template === "/posts/{post}{?page}") m.variables.page; // typed: MatchedValue | undefined
 */
export function createRouter<const R extends readonly (readonly [string, unknown])[]>(
  routes: R,
): string extends R[number][0] ? TemplateRouter<WidenedValue<R[number][1]>> : TemplateRouter<R[number][1], R[number][0], R[number]>;
export function createRouter(routes?: readonly (readonly [string, unknown])[]): TemplateRouter<unknown> {
  const router = new TemplateRouter<unknown>();
  if (routes === undefined) return router;
  if (!Array.isArray(routes)) throw new TypeError(`createRouter: the argument "routes" must be an array of [template, value] pairs, got ${describeTemplateValue(routes)}`);
  for (const route of routes) {
    if (!Array.isArray(route) || route.length !== 2) throw new TypeError(`createRouter: each route must be a [template, value] pair, got ${describeTemplateValue(route)}`);
    router.addOrThrow(route[0] as string, route[1]);
  }
  return router;
}
