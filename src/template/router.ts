// Many templates matched at once (an MCP server's resource templates, a REST API's routes): one
// automaton of the ABNF engine (src/abnf: positions, lazy DFA) reads the URI for all of them, in
// one pass, and ends knowing every route whose language may hold it; the most specific of those
// then reads its variables (RFC 6570 §3 run backwards, as UriTemplate.match). The routes' union
// is of their skeletons: each literal as it expands, each expression as its operator's first
// character and any URI characters (a superset of its expansions, one position of the engine's
// automaton instead of some thirty per varspec), so that a route costs a handful of positions
// and the route's own match is what decides. Which routes end where the URI ends is read from the
// last character's positions (each belongs to one route), kept per DFA state and class.
// Specificity, as route tables rank routes: more literal characters first, then fewer varspecs
// with "+" or "#" (they match reserved characters too), then fewer varspecs, then the template
// added first.
import type { RuleDefinition } from "../abnf/analysis.js";
import { ACCEPT, type Automaton, type Edge, type Position } from "../abnf/automaton.js";
import { hasCodePoint, type CodePointSet } from "../abnf/charset.js";
import type { Compiled } from "../abnf/compiled.js";
import type { Dfa, DfaState } from "../abnf/dfa.js";
import { alt, range, type Expr } from "../abnf/expr.js";
import { GrammarError } from "../abnf/grammar-errors.js";
import { describeValue } from "../describe.js";
import type { Result } from "../result.js";
import { throwFrom, type TemplateError } from "./errors.js";
import { RESERVED, UNRESERVED } from "./encode.js";
import { OPERATOR_ROWS } from "./expand.js";
import type { Lang, TemplateLanguage } from "./language.js";
import { parseTemplate, UriTemplate, type Budget } from "./template.js";
import type { MatchedValue, MatchOf } from "./types.js";
import { unitAutomata } from "./unit-expr.js";
import { toUnits } from "./units.js";

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
 * template. For a router made from literal templates (`createRouter([["/users/{id}", 1]] as const)`
 * or with `T` given), a union by template: narrowing on `template` types `variables` as
 * {@link MatchOf} that template.
 */
export type RouteMatch<V, T extends string = string> = string extends T
  ? { readonly template: string; readonly value: V; readonly variables: Readonly<Record<string, MatchedValue>> }
  : T extends string
    ? { readonly template: T; readonly value: V; readonly variables: MatchOf<T> }
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

/** A route that can never win, and the templates that win its URIs. */
export interface UnreachableRoute<V> {
  readonly route: Route<V>;
  readonly shadowedBy: readonly string[];
}

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

/** A template's literal expansion before its first expression and after its last. */
function ends(t: UriTemplate<string>): [string, string] {
  const first = t.parts[0];
  const last = t.parts[t.parts.length - 1];
  if (t.expressions.length === 0) {
    const all = first?.kind === "literal" ? first.expansion : "";
    return [all, all];
  }
  return [first?.kind === "literal" ? first.expansion : "", last?.kind === "literal" ? last.expansion : ""];
}

/**
 * The work one URI may cost a router (its pass, in positions of the states it steps from for the
 * first time, and the matches of the routes it tries): past it, the routes not yet tried count as
 * not matching. Real routes cost a few hundred per URI.
 */
export const ROUTER_WORK_LIMIT = 1 << 23;
/** Estimated positions (characters of the templates) of one group of routes compiled together: the engine's automaton takes at most 200,000. */
const GROUP_POSITIONS = 100_000;
/** Product states the shadowing check of one route explores before it gives up (the route then counts as reachable). */
const CHECK_LIMIT = 50_000;
/** Positions of the route and the routes that rank above it (and could match its URIs) past which the shadowing check is not made. */
const SHADOW_LIMIT = 1 << 14;

/**
 * Per operator (RFC 6570 Appendix A), the characters any expansion of its expressions can hold
 * past the first, as one rule over units (unit-expr.ts): U+R's any unit for "+" and "#"; else
 * unreserved characters, any triplet (values' encodings and varnames' pct-encoded), the list
 * comma, the operator's separator, and "=" for the named ones. One position of the engine's
 * automaton per expression.
 */
const OPERATORS = ["", "+", "#", ".", "/", ";", "?", "&"] as const;
let skeletonRules: readonly RuleDefinition[] | undefined;
function skeletonChars(): readonly RuleDefinition[] {
  return (skeletonRules ??= OPERATORS.map((op, k): RuleDefinition => {
    const row = OPERATOR_ROWS[op];
    const extra = `,${row.sep}${row.named ? "=" : ""}`;
    const ranges: Expr[] = [];
    const ascii = (c: number): boolean => UNRESERVED[c] === 1 || (row.reserved && RESERVED[c] === 1) || extra.includes(String.fromCharCode(c));
    for (let c = 0; c < 128; c++) {
      if (!ascii(c)) continue;
      let d = c;
      while (d + 1 < 128 && ascii(d + 1)) d++;
      ranges.push(range(c, d));
      c = d;
    }
    // the triplets: units 0x100 to 0x4FF (units.ts)
    ranges.push(range(0x100, 0x4ff));
    return { name: `skeleton-${k}`, expr: alt(...ranges), token: true };
  }));
}
const EMPTY: Lang = { t: "seq", items: [] };

/** A route's skeleton: its literals as they expand, each expression its operator's first character and any characters of its expansions, or nothing. */
function skeleton(t: UriTemplate<string>): Lang {
  return {
    t: "seq",
    items: t.parts.map((p): Lang => {
      if (p.kind === "literal") return { t: "lit", text: p.expansion };
      const first = OPERATOR_ROWS[p.operator].first;
      const rest: Lang = { t: "star", item: { t: "ref", name: `skeleton-${OPERATORS.indexOf(p.operator)}` } };
      return first === "" ? rest : { t: "alt", items: [{ t: "seq", items: [{ t: "lit", text: first }, rest] }, EMPTY] };
    }),
  };
}

/** A language's rules renamed with a prefix (refs too, but the character rules'), for a union of several. */
function prefixed(lang: TemplateLanguage, prefix: string, into: Map<string, Lang>): void {
  const walk = (x: Lang): Lang => {
    switch (x.t) {
      case "ref":
        return { t: "ref", name: prefix + x.name };
      case "seq":
      case "alt":
        return { t: x.t, items: x.items.map(walk) };
      case "star":
        return { ...x, item: walk(x.item) };
      case "item":
        return { ...x, body: walk(x.body) };
      default:
        return x;
    }
  };
  for (const [name, x] of lang.rules) into.set(prefix + name, walk(x));
}

/**
 * The automaton of a union whose top rule is an alternation of `r<i>` rules: a function that
 * adds to `out` the routes `i` that may end once position `p` has read code point `cp` (an edge
 * to ACCEPT, through joins). A position belongs to one route (its r<i> occurrence), but for one
 * that stands for single-character routes, which the builder makes one position of the
 * alternation: its options then say which route reads which characters.
 */
function routesOf(a: Automaton): (p: number, cp: number, out: Set<number>) => boolean {
  const inst = new Int32Array(a.instances.length).fill(-1);
  a.instances.forEach((x, i) => {
    const m = x.parent === 0 ? /^r(\d+)$/.exec(x.rule) : null;
    inst[i] = m !== null ? Number(m[1]) : x.parent > 0 ? (inst[x.parent] as number) : -1;
  });
  const n = a.positions.length;
  const routeOf = new Int32Array(n);
  const ends = new Uint8Array(n);
  const byOption: (readonly (readonly [CodePointSet, number])[] | undefined)[] = [];
  // 0 unknown, 1 reaches ACCEPT, 2 does not: per join, so that each is walked once
  const joinEnds = new Uint8Array(n);
  const reaches = (edges: readonly Edge[]): boolean => {
    for (const e of edges) {
      if (e.to === ACCEPT) return true;
      if (a.positions[e.to]?.join !== true) continue;
      if (joinEnds[e.to] === 0) {
        joinEnds[e.to] = 2;
        if (reaches(a.follow[e.to] as readonly Edge[])) joinEnds[e.to] = 1;
      }
      if (joinEnds[e.to] === 1) return true;
    }
    return false;
  };
  for (let p = 0; p < n; p++) {
    const pos = a.positions[p] as Position;
    routeOf[p] = inst[pos.instance] as number;
    ends[p] = reaches(a.follow[p] as readonly Edge[]) ? 1 : 0;
    if (routeOf[p] === -1) {
      const options: [CodePointSet, number][] = [];
      for (const o of pos.options) {
        const r = o.chain.map((i) => inst[i] as number).find((r) => r >= 0);
        if (r !== undefined) options.push([o.set, r]);
      }
      byOption[p] = options;
    }
  }
  // (true when the answer depends on the code point, not only on its class: a position of several routes)
  return (p, cp, out) => {
    if (ends[p] !== 1) return false;
    const r = routeOf[p] as number;
    if (r >= 0) {
      out.add(r);
      return false;
    }
    for (const [set, route] of byOption[p] ?? []) if (hasCodePoint(set, cp)) out.add(route);
    return true;
  };
}

/** Routes compiled together: the union of their skeletons on the engine. */
class Group {
  /** The lazy DFA of the union, or undefined when it passes the engine's limits (every route of the group is then a candidate). */
  readonly dfa: Dfa | undefined;
  /** Adds the routes that may end once a position has read a code point (see routesOf). */
  readonly #endsAfter: (p: number, cp: number, out: Set<number>) => boolean = () => false;
  /** The routes that match the empty URI. */
  readonly nullable: number[] = [];
  /** Per state read last, per class of the last character: the routes that end there, most specific first (as `rank` gives them). */
  readonly #ending = new WeakMap<DfaState, (readonly unknown[] | undefined)[]>();

  constructor(
    readonly routes: readonly number[],
    skeletons: readonly Lang[],
  ) {
    const rules = new Map<string, Lang>([["template", { t: "alt", items: routes.map((r) => ({ t: "ref", name: `r${r}` })) }]]);
    for (const r of routes) rules.set(`r${r}`, skeletons[r] as Lang);
    let c: Compiled;
    try {
      c = unitAutomata({ rules, tags: [], expressions: [] }, true, skeletonChars());
      this.dfa = c.dfa("template") ?? undefined;
    } catch (e) {
      if (!(e instanceof GrammarError && e.code === "too-large")) throw e;
      this.dfa = undefined;
      return;
    }
    this.#endsAfter = routesOf(c.automaton("template"));
    for (const r of routes) if (c.analysis.nullable(c.analysis.rule(`r${r}`).expr)) this.nullable.push(r);
  }

  /** The routes that end after state `prev` reads code point `cp` of class `cls`, ranked by `rank`. */
  ending<R>(prev: DfaState, cls: number, cp: number, rank: (routes: readonly number[]) => readonly R[]): readonly R[] {
    let row = this.#ending.get(prev);
    if (row === undefined) this.#ending.set(prev, (row = []));
    let out = row[cls] as readonly R[] | undefined;
    if (out === undefined) {
      const dfa = this.dfa as Dfa;
      const seen = new Set<number>();
      let byCodePoint = false;
      for (const p of prev.positions) if (dfa.reads(p, cp) && this.#endsAfter(p, cp, seen)) byCodePoint = true;
      out = rank([...seen]);
      // kept per class, unless single-character routes share a position (then per code point: not kept)
      if (!byCodePoint) row[cls] = out;
    }
    return out;
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
export class TemplateRouter<V, T extends string = string> {
  readonly #routes: Route<V>[] = [];
  readonly #skeletons: Lang[] = [];
  readonly #ends: [string, string][] = [];
  /**
   * The routes compiled so far, in groups; the routes added since wait for the next match. Each
   * new group is merged with the last while it is at least half as large, so that a route is
   * compiled again only a logarithmic number of times when adds and matches alternate, and
   * routes added all at once are one group.
   */
  readonly #groups: Group[] = [];
  #compiled = 0;

  /** The routes, in the order they were added. */
  get routes(): readonly Route<V>[] {
    return this.#routes;
  }

  /**
   * Adds a template (text or value) with its value. The TemplateError of a template that does
   * not parse; otherwise the route, and the templates that shadow it when it can never win (every
   * URI it matches is matched by routes that rank above it: `shadowedBy` lists them).
   */
  add<T extends string>(template: T | UriTemplate<T>, value: V): Result<RouteAdded<V>, TemplateError> {
    let t: UriTemplate<string>;
    if (template instanceof UriTemplate) t = template as unknown as UriTemplate<string>;
    else {
      if (typeof template !== "string") throw new TypeError(`TemplateRouter.add: the argument "template" must be a template string or a value of parseTemplate, got ${describeValue(template)}`);
      const r = parseTemplate(template);
      if (!r.ok) return r;
      t = r.value as unknown as UriTemplate<string>;
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
    this.#skeletons.push(skeleton(t));
    this.#ends.push(ends(t));
    // worked out when read (adding routes stays linear): against the routes added before it
    let shadowed: readonly string[] | undefined;
    const compute = (): readonly string[] => (shadowed ??= Object.freeze(this.#shadowedBy(route, route.index)));
    return { ok: true, value: Object.freeze({ route, get shadowedBy(): readonly string[] { return compute(); } }) };
  }

  /** {@link add}, throwing its TemplateError. */
  addOrThrow<T extends string>(template: T | UriTemplate<T>, value: V): RouteAdded<V> {
    const r = this.add(template, value);
    if (!r.ok) throwFrom(r.error, this.addOrThrow);
    return r.value;
  }

  /**
   * The most specific route whose template matches `uri`, with its variables; undefined when
   * none does. One pass over the URI finds every template whose language holds it (a lazily
   * built DFA of all of them); the first of those by specificity whose match succeeds wins (a
   * template that repeats a variable, or has a prefix modifier, can hold the URI in its
   * language and still not match it). Linear in the URI's length. A route whose match goes past
   * the matcher's work limit (the TemplateError "match-limit": a long literal that repeats
   * itself) counts as not matching.
   */
  match(uri: string): RouteMatch<V, T> | undefined {
    if (typeof uri !== "string") throw new TypeError(`TemplateRouter.match: the argument "uri" must be a string, got ${describeValue(uri)}`);
    return this.#matches(uri, true)[0];
  }

  /**
   * Every route whose template matches `uri`, most specific first, with its variables (within
   * the same work limit as {@link match}: past it, the routes not yet tried count as not matching).
   */
  matchAll(uri: string): readonly RouteMatch<V, T>[] {
    if (typeof uri !== "string") throw new TypeError(`TemplateRouter.matchAll: the argument "uri" must be a string, got ${describeValue(uri)}`);
    return this.#matches(uri, false);
  }

  #matches(uri: string, first: boolean): RouteMatch<V, T>[] {
    const out: RouteMatch<V, T>[] = [];
    // one work limit for the pass and every route's own match: a URI costs at most ROUTER_WORK_LIMIT
    // (what the engine's lazy DFAs keep stays within their budget of cells, dfa.ts)
    const budget: Budget = { left: ROUTER_WORK_LIMIT };
    for (const r of this.#candidates(uri, budget)) {
      if (budget.left <= 0) break;
      const m = r.template.matchWithin(uri, budget);
      if (m === "over-limit") break;
      if (m !== undefined) {
        out.push(Object.freeze({ template: r.template.text, value: r.value, variables: m }) as unknown as RouteMatch<V, T>);
        if (first) break;
      }
    }
    return out;
  }

  /** The groups of routes, every route compiled: the routes added since the last match as a new group, merged with the last ones while they are no more than twice as large. */
  #grouped(): readonly Group[] {
    const n = this.#routes.length;
    for (let from = this.#compiled; from < n; ) {
      // the next routes, up to GROUP_POSITIONS of them (a longer route alone)
      let routes: number[] = [];
      let size = 0;
      for (; from < n && (routes.length === 0 || size + this.#positions([from]) <= GROUP_POSITIONS); from++) {
        routes.push(from);
        size += this.#positions([from]);
      }
      for (let last = this.#groups[this.#groups.length - 1]; last !== undefined; last = this.#groups[this.#groups.length - 1]) {
        const lastSize = this.#positions(last.routes);
        if (2 * size < lastSize || size + lastSize > GROUP_POSITIONS) break;
        this.#groups.pop();
        routes = [...last.routes, ...routes];
        size += lastSize;
      }
      this.#groups.push(new Group(routes, this.#skeletons));
      this.#compiled = from;
    }
    return this.#groups;
  }

  /** The estimated positions of routes' skeletons: their templates' characters. */
  #positions(routes: readonly number[]): number {
    let n = 0;
    for (const r of routes) n += (this.#routes[r] as Route<V>).template.text.length + 1;
    return n;
  }

  /**
   * The routes whose skeleton holds `uri`, most specific first (one pass of each group's lazy
   * DFA). Should a pass build more than the work limit allows (routes whose literals repeat
   * themselves at length), or a group pass the engine's limits, its routes are all candidates,
   * and each route's own match decides.
   */
  #candidates(uri: string, budget: Budget): readonly Route<V>[] {
    if (this.#routes.length === 0) return [];
    const units = toUnits(uri);
    if (typeof units === "number") return [];
    const { codes, n } = units;
    let found: readonly Route<V>[] | undefined;
    let more: Route<V>[] | undefined;
    // the passes take at most half the URI's work limit: the routes' own matches have the rest
    let passLeft = ROUTER_WORK_LIMIT / 2;
    for (const g of this.#grouped()) {
      let hits: readonly Route<V>[];
      const dfa = g.dfa;
      if (dfa === undefined) hits = this.#rank(g.routes);
      else {
        let s: DfaState | null = dfa.start;
        let prev: DfaState | undefined;
        let cls = 0;
        let cp = 0;
        for (let k = 0; k < n && s !== null; k++) {
          cp = codes[k] as number;
          cls = cp < 128 ? (dfa.ascii[cp] as number) : dfa.classOf(cp);
          let next: DfaState | null | undefined = s.next[cls];
          if (next === undefined) {
            passLeft -= s.positions.length;
            budget.left -= s.positions.length;
            if (passLeft < 0) break;
            next = dfa.step(s, cls, cp);
          }
          prev = s;
          s = next;
        }
        if (passLeft < 0) hits = this.#rank(g.routes);
        else if (s === null) continue;
        else hits = prev === undefined ? this.#rank(g.nullable) : g.ending(prev, cls, cp, this.#rank);
      }
      if (hits.length === 0) continue;
      if (found === undefined) found = hits;
      else (more ??= [...found]).push(...hits);
    }
    if (more !== undefined) return this.#ranked(more);
    return found ?? [];
  }

  /** Routes by index, most specific first. */
  readonly #rank = (routes: readonly number[]): readonly Route<V>[] => this.#ranked(routes.map((i) => this.#routes[i] as Route<V>));

  /** Routes, most specific first. */
  #ranked(routes: readonly Route<V>[]): Route<V>[] {
    return [...routes].sort((a, b) => (beats(a, b) ? -1 : beats(b, a) ? 1 : 0));
  }

  /** Every route that can never win, with the templates that win its URIs. */
  unreachable(): readonly UnreachableRoute<V>[] {
    const out: UnreachableRoute<V>[] = [];
    for (const route of this.#routes) {
      const by = this.#shadowedBy(route, this.#routes.length);
      if (by.length > 0) out.push(Object.freeze({ route, shadowedBy: by }));
    }
    return out;
  }

  /**
   * The exact routes that rank above `route` and together match every URI it matches, or []
   * when some URI goes to it (or when the search is too large to finish). A breadth-first search
   * of the route's DFA against the DFA of those routes, for a URI the first accepts and the
   * second does not.
   */
  #shadowedBy(route: Route<V>, upTo: number): string[] {
    // only routes whose literal text before the first and after the last expression agrees with
    // the route's can match one of its URIs
    const [head, tail] = this.#ends[route.index] as [string, string];
    const above = this.#routes.slice(0, upTo).filter((r) => {
      const [h, t] = this.#ends[r.index] as [string, string];
      if (!(h.startsWith(head) || head.startsWith(h)) || r === route || !beats(r, route) || !exact(r.template)) return false;
      return (h.startsWith(head) || head.startsWith(h)) && (t.endsWith(tail) || tail.endsWith(t));
    });
    if (above.length === 0) return [];
    // past these bounds the check is not made (the route counts as reachable): SHADOW_LIMIT
    // positions, estimated (some 32 a varspec, one a literal character) and then counted
    const estimate = (r: Route<V>): number => 32 * r.varspecs + r.literals;
    let positions = estimate(route);
    for (const r of above) positions += estimate(r);
    if (positions > SHADOW_LIMIT) return [];
    // the exact languages of the route ("own") and of the routes above it ("others": r0, r1, …)
    const rules = new Map<string, Lang>([
      ["own", { t: "ref", name: "o-template" }],
      ["others", { t: "alt", items: above.map((_, i) => ({ t: "ref", name: `r${i}` })) }],
    ]);
    prefixed(route.template.language, "o-", rules);
    above.forEach((r, i) => {
      prefixed(r.template.language, `a${i}-`, rules);
      rules.set(`r${i}`, { t: "ref", name: `a${i}-template` });
    });
    let c: Compiled;
    let own: Dfa;
    let others: Dfa;
    try {
      c = unitAutomata({ rules, tags: [], expressions: [] }, true);
      own = c.dfa("own") as Dfa;
      others = c.dfa("others") as Dfa;
    } catch (e) {
      if (e instanceof GrammarError && e.code === "too-large") return [];
      throw e;
    }
    if (own.automaton.positions.length + others.automaton.positions.length > SHADOW_LIMIT) return [];
    const ending = routesOf(others.automaton);
    // a code point of each class of both automata (units only)
    const cuts = new Set<number>([0]);
    for (const d of [own, others]) for (const p of d.automaton.positions) for (const [lo, hi] of p.set) cuts.add(lo).add(hi + 1);
    const reps = [...cuts].filter((x) => x < 0x500).sort((x, y) => x - y);
    const classOf = (d: Dfa, cp: number): number => (cp < 128 ? (d.ascii[cp] as number) : d.classOf(cp));
    const winners = new Set<number>();
    if (own.start.accept) {
      if (!others.start.accept) return [];
      above.forEach((_, i) => {
        if (c.analysis.nullable(c.analysis.rule(`r${i}`).expr)) winners.add(i);
      });
    }
    // breadth first over pairs (own state, others' state or null once they read no further)
    const ids = new Map<DfaState | null, number>([[null, 0]]);
    const id = (x: DfaState | null): number => {
      let k = ids.get(x);
      if (k === undefined) ids.set(x, (k = ids.size));
      return k;
    };
    const seen = new Set<number>([id(own.start) * 1e7 + id(others.start)]);
    const queue: [DfaState, DfaState | null][] = [[own.start, others.start]];
    for (let q = 0; q < queue.length; q++) {
      if (seen.size > CHECK_LIMIT) return [];
      const [a, b] = queue[q] as [DfaState, DfaState | null];
      for (const cp of reps) {
        const na = own.step(a, classOf(own, cp), cp);
        if (na === null) continue;
        const nb = b === null ? null : others.step(b, classOf(others, cp), cp);
        if (na.accept) {
          // the routes above that end here too: their positions in b that read cp and may end
          const here = new Set<number>();
          if (b !== null) for (const p of b.positions) if (others.reads(p, cp)) ending(p, cp, here);
          if (here.size === 0) return [];
          for (const r of here) winners.add(r);
        }
        const key = id(na) * 1e7 + id(nb);
        if (!seen.has(key)) {
          seen.add(key);
          queue.push([na, nb]);
        }
      }
    }
    return [...winners].sort((x, y) => x - y).map((i) => (above[i] as Route<V>).template.text);
  }
}

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
 * the templates type what {@link TemplateRouter.match} gives, route by route.
 *
 * @example
 * const router = createRouter([["/users/{id}", "user"], ["/posts/{post}{?page}", "post"]] as const);
 * const m = router.match("/posts/7?page=2");
 * if (m?.template === "/posts/{post}{?page}") m.variables.page; // typed: MatchedValue | undefined
 */
export function createRouter<const R extends readonly (readonly [string, unknown])[]>(routes: R): TemplateRouter<R[number][1], R[number][0]>;
export function createRouter(routes?: readonly (readonly [string, unknown])[]): TemplateRouter<unknown> {
  const router = new TemplateRouter<unknown>();
  if (routes === undefined) return router;
  if (!Array.isArray(routes)) throw new TypeError(`createRouter: the argument "routes" must be an array of [template, value] pairs, got ${describeValue(routes)}`);
  for (const route of routes) {
    if (!Array.isArray(route) || route.length !== 2) throw new TypeError(`createRouter: each route must be a [template, value] pair, got ${describeValue(route)}`);
    router.addOrThrow(route[0] as string, route[1]);
  }
  return router;
}
