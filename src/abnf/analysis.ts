// Static analyses of a set of rule definitions, used to build and compile grammars: which
// expressions match the empty string, which match exactly one character (and from which set),
// which rules are recursive, left recursion (RFC 5234 places no restriction on it; a top-down
// matcher cannot run it), and what expressions can match nothing at all.
import { codePointSet, codePoints, EMPTY_SET, literalCharSet, union, type CodePointSet } from "./charset.js";

import { referencedNames, type Expr } from "./expr.js";
import type P from "parsimmon";

/** The character sets of ranges, which no grammar changes (Analysis.charSet). */
const leafSets = new WeakMap<Expr, CodePointSet>();

/** A rule as a grammar holds it. */
export interface RuleDefinition {
  /** The name as the definition spells it (RFC 5234 §2.1 makes case irrelevant). */
  readonly name: string;
  readonly expr: Expr;
  /**
   * Reported by its name in "expected ..." lists when matching fails where it starts (e.g.
   * `HEXDIG`), instead of by the literals inside it.
   */
  readonly token: boolean;
}

/**
 * How deeply a grammar may nest expressions and the references expanded in place (a rule that
 * refers to a rule that refers to ...). The analyses and the automaton builder recurse that
 * deep; real grammars nest a few dozen levels (RFC 3986: under 30).
 */
export const MAX_DEPTH = 400;

/**
 * The first rule (by definition order) whose expression, with the references it expands in
 * place, nests deeper than `limit`, and how deep it got; undefined when none does. References
 * into a rule still being measured (recursion) count as leaves: the engine calls those rules
 * instead of expanding them. Computed with an explicit stack, so that any depth can be measured.
 */
export function deepestNesting(defs: ReadonlyMap<string, RuleDefinition>, limit: number): { readonly rule: string; readonly depth: number } | undefined {
  const memo = new Map<string, number>();
  const open = new Set<string>();
  interface Frame {
    readonly e: Expr;
    readonly rule: string | undefined;
    i: number;
    best: number;
    /**
     * The depths of the expression objects measured inside the rule this frame is in (its own
     * when `rule` is set): an object used twice there (`seq(e, e)`) is measured once. Its depth
     * does not depend on which use reached it: the rules open above it are the same, and a rule
     * it refers to is expanded on the first use and read from `memo`, to the same depth, after.
     */
    readonly seen: Map<Expr, number>;
  }
  for (const [key, def] of defs) {
    if (memo.has(key)) continue;
    open.add(key);
    const stack: Frame[] = [{ e: def.expr, rule: key, i: 0, best: 0, seen: new Map() }];
    while (stack.length > 0) {
      const f = stack[stack.length - 1] as Frame;
      const e = f.e;
      let child: Expr | undefined;
      let childRule: string | undefined;
      if (e.type === "seq" || e.type === "alt") child = e.items[f.i];
      else if (e.type === "rep") child = f.i === 0 ? e.item : undefined;
      else if (e.type === "ref" && f.i === 0) {
        const k = e.name.toLowerCase();
        const d = defs.get(k);
        const m = memo.get(k);
        if (m !== undefined || open.has(k) || d === undefined) {
          f.best = m ?? 0;
          f.i = 1;
        } else {
          child = d.expr;
          childRule = k;
          open.add(k);
        }
      }
      if (child === undefined) {
        stack.pop();
        const value = 1 + f.best;
        if (f.rule !== undefined) {
          memo.set(f.rule, value);
          open.delete(f.rule);
        } else f.seen.set(e, value);
        if (value > limit) return { rule: def.name, depth: value };
        const parent = stack[stack.length - 1];
        if (parent !== undefined) {
          parent.best = Math.max(parent.best, value);
          parent.i++;
        }
        continue;
      }
      // an object measured before in this rule: its frame pops at once, with the same depth
      const known = childRule ? 0 : (f.seen.get(child) ?? 0);
      stack.push({ e: child, rule: childRule, i: known ? Infinity : 0, best: known && known - 1, seen: childRule ? new Map() : f.seen });
    }
  }
  return undefined;
}

/** Lookup of rule definitions by name, case-insensitively. */
export type RuleLookup = (name: string) => RuleDefinition | undefined;

/**
 * A check written in code for a rule (GrammarOptions.checks): a predicate on the text the
 * rule's ABNF matched (it matches only where the predicate holds), or a parsimmon parser, which
 * decides alone where the rule ends (its one end, from where it is called; a rule defined
 * only as prose has no ABNF, so a predicate there is tried on every span from the call on).
 * A predicate returns true or false (anything else is a TypeError naming the rule); a check
 * that throws makes the match throw the GrammarError "check-threw" naming the rule, with what
 * it threw as its `cause`. A predicate is called once for each span the rule's ABNF matches
 * from each offset it is called at (memoized there): on a rule that can end at many offsets
 * (`y = 1*ALPHA` inside `1*y`) that is a call per span, quadratic in the input.
 */
export type RuleCheck = ((text: string) => boolean) | P.Parser<unknown>;

/**
 * Per-grammar analyses, computed once and kept. Every method is total for a grammar whose
 * references are all defined.
 */
export class Analysis {
  readonly #lookup: RuleLookup;
  readonly #charSets = new Map<Expr, CodePointSet | null>();
  readonly #nullable = new Map<Expr, boolean>();
  #nullableRule = new Map<string, boolean>();
  #nullableDone = false;
  readonly #empty = new Map<Expr, boolean>();
  readonly #emptyRule = new Map<string, boolean>();

  constructor(
    lookup: RuleLookup,
    readonly ruleKeys: readonly string[],
    /** Rules checked in code (lowercase names): matched by call, opaque to the analyses. */
    readonly checks: ReadonlyMap<string, RuleCheck> = new Map(),
  ) {
    this.#lookup = lookup;
  }

  rule(name: string): RuleDefinition {
    const def = this.#lookup(name);
    if (def === undefined) throw new Error(`internal: rule ${name} is not defined`);
    return def;
  }

  /**
   * The set of single characters `e` matches when it matches exactly one character whatever the
   * input (a range, a one-character literal, an alternation of such, a reference to such a
   * rule); `null` otherwise.
   */
  charSet(e: Expr): CodePointSet | null {
    // a literal's or one code point's set is kept per code point (literalCharSet); a wider
    // range's per expression, for every grammar (a template's shared rules): a template's own
    // literals are new expressions each time, and a WeakMap entry costs more than the set
    if (e.type === "lit") {
      const cps = codePoints(e.text);
      return cps.length === 1 ? literalCharSet(cps[0] as number, e.caseSensitive) : null;
    }
    if (e.type === "range") {
      if (e.lo === e.hi) return literalCharSet(e.lo, true);
      let set = leafSets.get(e);
      if (set === undefined) leafSets.set(e, (set = codePointSet([[e.lo, e.hi]])));
      return set;
    }
    const known = this.#charSets.get(e);
    if (known !== undefined) return known;
    this.#charSets.set(e, null); // a reference cycle is not a character class
    let result: CodePointSet | null = null;
    switch (e.type) {
      case "alt": {
        const parts: CodePointSet[] = [];
        for (const item of e.items) {
          const s = this.charSet(item);
          if (s === null) {
            parts.length = 0;
            break;
          }
          parts.push(s);
        }
        if (parts.length > 0) result = union(parts);
        break;
      }
      case "ref":
        result = this.checks.has(e.name.toLowerCase()) ? null : this.charSet(this.rule(e.name).expr);
        break;
      default:
        break;
    }
    this.#charSets.set(e, result);
    return result;
  }

  /** True when `e` can match the empty string (least fixed point over recursive rules). */
  nullable(e: Expr): boolean {
    if (!this.#nullableDone) {
      const rules = new Map(this.ruleKeys.map((k) => [k, false]));
      let changed = true;
      while (changed) {
        changed = false;
        for (const k of this.ruleKeys) {
          if (rules.get(k) !== true && this.#nullableOfFresh(this.rule(k).expr, rules)) {
            rules.set(k, true);
            changed = true;
          }
        }
      }
      this.#nullableRule = rules;
      this.#nullableDone = true;
    }
    // the rule values are final now: every object's answer is kept, the parts' too (the builder
    // asks of each repetition, and one nested in another was read again each time)
    return this.#nullableOfFresh(e, this.#nullableRule, this.#nullable);
  }

  /**
   * Nullability during the fixed point, reading rule values from `rules`. `seen` keeps each
   * object's answer for this one question (the rule values do not change during it): an object
   * used twice (`seq(e, e)`) is read once.
   */
  #nullableOfFresh(e: Expr, rules: ReadonlyMap<string, boolean>, seen = new Map<Expr, boolean>()): boolean {
    // (one function for the whole question, not a closure for each object read)
    const f = (x: Expr): boolean => {
      let r = seen.get(x);
      if (r === undefined) {
        r = x.type === "lit" ? x.text === "" : x.type === "seq" ? x.items.every(f) : x.type === "alt" ? x.items.some(f) : x.type === "rep" ? x.min === 0 || f(x.item) : x.type === "ref" && (rules.get(x.name.toLowerCase()) ?? false);
        seen.set(x, r);
      }
      return r;
    };
    return f(e);
  }

  /**
   * True when `e` matches no string at all (a prose value, a sequence holding one, a reference
   * to such a rule): the compiled forms leave such parts out.
   */
  matchesNothing(e: Expr): boolean {
    if (this.#emptyRule.size === 0 && this.ruleKeys.length > 0) this.#computeEmpty();
    return this.#emptyOf(e);
  }

  /** {@link #emptyOf} as one function made once, not a closure for each object read. */
  readonly #emptyOfItem = (x: Expr): boolean => this.#emptyOf(x);

  #emptyOf(e: Expr): boolean {
    const known = this.#empty.get(e);
    if (known !== undefined) return known;
    let r: boolean;
    switch (e.type) {
      case "lit":
        r = false;
        break;
      case "range":
        r = (this.charSet(e) as CodePointSet).length === 0; // only surrogates, which are no characters
        break;
      case "prose":
        r = true;
        break;
      case "seq":
        r = e.items.some(this.#emptyOfItem);
        break;
      case "alt":
        r = e.items.every(this.#emptyOfItem);
        break;
      case "rep":
        r = e.min > 0 && this.#emptyOf(e.item);
        break;
      case "ref":
        r = this.#emptyRule.get(e.name.toLowerCase()) ?? true;
        break;
    }
    this.#empty.set(e, r);
    return r;
  }

  /** Greatest fixed point: a rule matches something when its body does, given the rules known to. */
  #computeEmpty(): void {
    const productive = new Set<string>();
    // each object's answer for one rule's question (`productive` does not change during it):
    // an object used twice (`seq(e, e)`) is read once
    let seen = new Map<Expr, boolean>();
    const produces = (e: Expr): boolean => {
      let r = seen.get(e);
      if (r === undefined) {
        r = e.type === "lit" || (e.type === "range" ? (this.charSet(e) as CodePointSet).length > 0 : e.type === "seq" ? e.items.every(produces) : e.type === "alt" ? e.items.some(produces) : e.type === "rep" ? e.min === 0 || produces(e.item) : e.type === "ref" && (productive.has(e.name.toLowerCase()) || this.checks.has(e.name.toLowerCase())));
        seen.set(e, r);
      }
      return r;
    };
    let changed = true;
    while (changed) {
      changed = false;
      for (const k of this.ruleKeys) {
        if (!productive.has(k) && (seen = new Map()) && produces(this.rule(k).expr)) {
          productive.add(k);
          changed = true;
        }
      }
    }
    for (const k of this.ruleKeys) this.#emptyRule.set(k, !productive.has(k) && !this.checks.has(k));
  }

}

/**
 * The strongly connected components of the graph `edges` restricted to `nodes` that hold a
 * cycle (more than one member, or a member that refers to itself), by Tarjan's algorithm, on an
 * explicit stack.
 */
export function cyclicComponents(nodes: readonly string[], edges: (node: string) => readonly string[], inside: (node: string) => boolean): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; succ: readonly string[]; next: number }[] = [{ node: root, succ: edges(root), next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1] as { node: string; succ: readonly string[]; next: number };
      if (top.next < top.succ.length) {
        const w = top.succ[top.next++] as string;
        if (!inside(w)) continue;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, succ: edges(w), next: 0 });
        } else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(top.node) as number));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== top.node);
      if (component.length > 1 || top.succ.includes(top.node)) out.push(component);
    }
  }
  return out;
}

/** Per grammar: its recursive rules (see {@link recursiveRules}). */
const recursiveCache = new WeakMap<Analysis, ReadonlySet<string>>();

/**
 * The rules (lowercase names) that take part in a reference cycle; the whole engine calls
 * enough of them to cut every cycle (cycle-cuts.ts, automaton-size.ts calledRules): the core's
 * builder finds the cycles it meets as it expands (automaton.ts), so that it does not bundle this.
 */
export function recursiveRules(analysis: Analysis): ReadonlySet<string> {
  const known = recursiveCache.get(analysis);
  if (known !== undefined) return known;
  const edges = (k: string): string[] => referencedNames(analysis.rule(k).expr).map((n) => n.toLowerCase());
  const recursive = new Set(cyclicComponents(analysis.ruleKeys, edges, () => true).flat());
  recursiveCache.set(analysis, recursive);
  return recursive;
}

/** Per grammar: what each expression can start with (see {@link firstChars}). */
const firstCaches = new WeakMap<Analysis, Map<Expr, CodePointSet>>();

/**
 * The code points a non-empty match of `e` can start with. The whole engine's (stubs, the
 * merging of alternatives, calls' and the regex's first sets): a function, so that the
 * automaton core, which never reads it, does not bundle it.
 */
export function firstChars(analysis: Analysis, e: Expr): CodePointSet {
  let memo = firstCaches.get(analysis);
  if (memo === undefined) firstCaches.set(analysis, (memo = new Map()));
  const firsts = memo;
  const walk = (x: Expr): CodePointSet => {
    const known = firsts.get(x);
    if (known !== undefined) return known;
    firsts.set(x, EMPTY_SET); // no left recursion: a cycle here adds nothing
    let r: CodePointSet;
    const single = analysis.charSet(x);
    if (single !== null) r = single;
    else {
      switch (x.type) {
        case "lit": {
          const cps = codePoints(x.text);
          r = cps.length === 0 ? EMPTY_SET : literalCharSet(cps[0] as number, x.caseSensitive);
          break;
        }
        case "seq": {
          const parts: CodePointSet[] = [];
          for (const item of x.items) {
            parts.push(walk(item));
            if (!analysis.nullable(item)) break;
          }
          r = union(parts);
          break;
        }
        case "alt":
          r = union(x.items.map(walk));
          break;
        case "rep":
          r = x.max === 0 ? EMPTY_SET : walk(x.item);
          break;
        case "ref":
          // a rule checked in code may start with anything
          r = analysis.checks.has(x.name.toLowerCase()) ? codePointSet([[0, 0x10ffff]]) : walk(analysis.rule(x.name).expr);
          break;
        default:
          r = EMPTY_SET;
      }
    }
    firsts.set(x, r);
    return r;
  };
  return walk(e);
}

/**
 * Every single character that can stand in a match of `e` outside the rules named in
 * `opaque` (lowercase names), e.g. the characters a `query` allows besides `pct-encoded`.
 */
export function charsInside(analysis: Analysis, e: Expr, opaque: ReadonlySet<string>): CodePointSet {
  const seen = new Set<string>();
  const walk = (x: Expr): CodePointSet[] => {
    if (x.type === "ref") {
      const key = x.name.toLowerCase();
      if (opaque.has(key) || seen.has(key)) return [];
      seen.add(key);
      return walk(analysis.rule(x.name).expr);
    }
    const set = analysis.charSet(x);
    if (set !== null) return [set];
    switch (x.type) {
      case "lit":
        return codePoints(x.text).map((cp) => literalCharSet(cp, x.caseSensitive));
      case "seq":
      case "alt":
        return x.items.flatMap(walk);
      case "rep":
        return x.max === 0 ? [] : walk(x.item);
      default:
        return [];
    }
  };
  return union(walk(e));
}

/**
 * Why `e` matches no string, for messages (when {@link matchesNothing} says so): the prose
 * values it needs (RFC 5234 §4), its ranges of surrogate code points only (no characters),
 * or the rules whose recursion has no way out.
 */
export function whyNothing(analysis: Analysis, e: Expr): string {
  const causes: string[] = [];
  const loops: string[] = [];
  const seen = new Set<string>();
  const add = (cause: string): void => {
    if (!causes.includes(cause)) causes.push(cause);
  };
  const hex = (n: number): string => n.toString(16).toUpperCase().padStart(2, "0");
  // explicit stack: a reference chain can be long
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const x = stack.pop() as Expr;
    if (!analysis.matchesNothing(x)) continue;
    switch (x.type) {
      case "prose":
        add(`it needs the prose value <${x.text}>, which matches nothing (RFC 5234 §4)`);
        break;
      case "range":
        add(`%x${hex(x.lo)}${x.lo === x.hi ? "" : `-${hex(x.hi)}`} holds only surrogate code points, which are no characters`);
        break;
      case "seq":
      case "alt":
        for (let i = x.items.length - 1; i >= 0; i--) stack.push(x.items[i] as Expr);
        break;
      case "rep":
        stack.push(x.item);
        break;
      case "ref": {
        const def = analysis.rule(x.name);
        const key = def.name.toLowerCase();
        if (seen.has(key)) {
          if (!loops.includes(def.name)) loops.push(def.name);
        } else {
          seen.add(key);
          stack.push(def.expr);
        }
        break;
      }
      default:
        break;
    }
  }
  if (causes.length === 0) return `its recursion (${loops.join(", ")}) has no way out`;
  return causes.join("; ");
}

/**
 * A left-recursive cycle (rule names as spelled) if there is one: a rule that can be reached
 * again from itself without consuming a character.
 */
export function leftRecursion(analysis: Analysis): string[] | undefined {
  // (rules by number, the search on typed arrays, each part a small function: on a grammar of
  // OData's size this runs long enough for V8 to optimize it, on a thread of its own, while the
  // grammar's first inputs are matched; one function with the search on maps of names cost that
  // first pass about a fifth of its CPU time)
  const keys = analysis.ruleKeys;
  const index = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) index.set(keys[i] as string, i);
  const cycle = firstCycle(leftCalls(analysis, index));
  return cycle === undefined ? undefined : cycle.map((i) => analysis.rule(keys[i] as string).name);
}

/**
 * For each rule (by its index in `analysis.ruleKeys`), the rules it can call before reading a
 * character (by index, in the order written; a name no rule has is left out: it calls nothing).
 */
function leftCalls(analysis: Analysis, index: ReadonlyMap<string, number>): number[][] {
  const calls: number[][] = [];
  // an object read before in this rule (`seq(e, e)`, built in code) adds only rules already
  // listed, which the search would skip: each object is read once per rule
  let seen = new Set<Expr>();
  const collect = (e: Expr, out: number[]): void => {
    if (seen.has(e)) return;
    seen.add(e);
    switch (e.type) {
      case "ref": {
        const i = index.get(e.name.toLowerCase());
        if (i !== undefined) out.push(i);
        return;
      }
      case "alt":
        for (const item of e.items) collect(item, out);
        return;
      case "seq":
        for (const item of e.items) {
          collect(item, out);
          if (!analysis.nullable(item)) return;
        }
        return;
      case "rep":
        if (e.max >= 1) collect(e.item, out);
        return;
      default:
        return;
    }
  };
  for (const k of analysis.ruleKeys) {
    const out: number[] = [];
    seen = new Set();
    collect(analysis.rule(k).expr, out);
    calls.push(out);
  }
  return calls;
}

/**
 * The first cycle of `calls` a depth-first search finds, from each rule in order (iterative: a
 * chain of calls as long as the grammar does not grow the stack): the rules along it, the first
 * again at its end; `undefined` when there is none.
 */
function firstCycle(calls: readonly (readonly number[])[]): number[] | undefined {
  // (0: not reached yet; 1: on the current path; 2: done, on no cycle)
  const state = new Uint8Array(calls.length);
  const path: number[] = [];
  const iters: number[] = [];
  for (let root = 0; root < calls.length; root++) {
    if (state[root] !== 0) continue;
    state[root] = 1;
    path.push(root);
    iters.push(0);
    while (path.length > 0) {
      const top = path.length - 1;
      const node = path[top] as number;
      const next = calls[node] as readonly number[];
      const k = iters[top] as number;
      if (k < next.length) {
        iters[top] = k + 1;
        const w = next[k] as number;
        if (state[w] === 1) return [...path.slice(path.indexOf(w)), w];
        if (state[w] === 0) {
          state[w] = 1;
          path.push(w);
          iters.push(0);
        }
      } else {
        state[node] = 2;
        path.pop();
        iters.pop();
      }
    }
  }
  return undefined;
}

export { EMPTY_SET };
