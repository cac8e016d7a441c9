// Semantics apart from syntax (as ohm keeps them): which rules build which values is a value of
// its own, keyed by rule name, that any grammar can be given without touching the engine. The
// engine's derivation of a match (engine.ts) becomes a tree of `Match`es for the rules the
// semantics captures; an action turns a rule's Match into its value.
import type { RuleDefinition } from "./analysis.js";
import { chainBelow, ACCEPT, type Automaton, type Edge } from "./automaton.js";
import { derive, type Derivation } from "./engine.js";
import { failureError } from "../core/match.js";
import { isGrammar, markSemantics } from "../core/brand.js";
import type { Grammar, RuleParser } from "./grammar.js";
import { describeValue, expectStrings, expectString, readOptions } from "../describe.js";
import { toParser } from "./parser.js";
import { MatchLimitError } from "./match-limit.js";
import type { UriSyntaxError } from "../errors.js";
import type { Result } from "../result.js";

/** Where a captured rule matched, and the captured rules inside it. */
export interface Match {
  /** The rule's name as the grammar defines it. */
  readonly rule: string;
  readonly input: string;
  /** Half-open `[start, end)` in UTF-16 code units of `input`. */
  readonly start: number;
  readonly end: number;
  /** `input.slice(start, end)`. */
  readonly text: string;
  /** The captured matches directly inside this one, in input order. */
  readonly children: readonly Match[];
  /** The first captured match of `rule` inside this one (depth first, in input order), or `undefined`. */
  first(rule: string): Match | undefined;
  /** Every captured match of `rule` inside this one, outermost ones only, in input order. */
  all(rule: string): readonly Match[];
  /** This match's value under the semantics that made it (its action's result, or its text). */
  value(): unknown;
}

/** What a rule builds from its match. */
export type Action<V> = (match: Match) => V;

/** Actions by rule name. */
export type Actions = Readonly<Record<string, Action<unknown>>>;

/**
 * Builds a rule's value straight from the input, for a rule whose structure is cheap to recover
 * from its delimiters (RFC 3986 Appendix B does this for URI references). Called only on a
 * `[start, end)` already known to match the rule; it must give the same value as the action.
 */
export type Accelerator<V> = (input: string, start: number, end: number) => V;

/** The key of `A` that names rule `K`, whatever the case (RFC 5234 §2.1), or `never`. */
export type ActionKey<A, K extends string> = { [P in keyof A & string]: Lowercase<P> extends Lowercase<K> ? P : never }[keyof A & string];

/**
 * The value type a rule's parser yields under actions `A`: its action's result, else its text.
 * Rule names are case-insensitive here too: `"nid"` finds the action of `"NID"`.
 */
export type ValueOf<A, K extends string> = [ActionKey<A, K>] extends [never] ? string : A[ActionKey<A, K>] extends Action<infer V> ? V : never;

/** Options of {@link semantics}. */
export interface SemanticsOptions {
  /** Rules to capture (to read with `first`/`all`) besides the ones with an action. */
  readonly captures?: readonly string[] | undefined;
  /** Faster ways to a rule's value; see {@link Accelerator}. */
  readonly accelerators?: Readonly<Record<string, Accelerator<unknown>>> | undefined;
}

class MatchNode implements Match {
  end = -1;
  readonly children: MatchNode[] = [];
  constructor(
    readonly rule: string,
    readonly input: string,
    readonly start: number,
    private readonly sem: Semantics<Actions>,
  ) {}

  get text(): string {
    return this.input.slice(this.start, this.end);
  }

  first(rule: string): Match | undefined {
    const key = rule.toLowerCase();
    // depth first, in input order, on an explicit stack (a recursive grammar nests deeply)
    const stack: MatchNode[] = [...this.children].reverse();
    while (stack.length > 0) {
      const c = stack.pop() as MatchNode;
      if (c.rule.toLowerCase() === key) return c;
      for (let i = c.children.length - 1; i >= 0; i--) stack.push(c.children[i] as MatchNode);
    }
    return undefined;
  }

  all(rule: string): readonly Match[] {
    const key = rule.toLowerCase();
    const out: Match[] = [];
    const stack: MatchNode[] = [...this.children].reverse();
    while (stack.length > 0) {
      const c = stack.pop() as MatchNode;
      if (c.rule.toLowerCase() === key) out.push(c);
      else for (let i = c.children.length - 1; i >= 0; i--) stack.push(c.children[i] as MatchNode);
    }
    return out;
  }

  value(): unknown {
    return this.sem.valueOf(this);
  }

  toJSON(): { rule: string; start: number; end: number; text: string; children: readonly Match[] } {
    return { rule: this.rule, start: this.start, end: this.end, text: this.text, children: this.children };
  }
}

/**
 * A grammar with actions: typed parsers and `parse` for its rules. Build one with
 * {@link semantics}.
 */
export class Semantics<A extends Actions> {
  readonly grammar: Grammar;
  readonly #actions: ReadonlyMap<string, Action<unknown>>;
  readonly #captures: ReadonlySet<string>;
  readonly #accelerators: ReadonlyMap<string, Accelerator<unknown>>;
  readonly #parsers = new Map<string, RuleParser<unknown>>();
  /** Spelled as in `A`, for `derive`. */
  readonly actions: A;
  readonly options: SemanticsOptions;

  constructor(g: Grammar, actions: A, options: SemanticsOptions = {}) {
    if (!isGrammar(g)) throw new TypeError(`semantics: the argument "grammar" must be a Grammar, got ${describeValue(g)}`);
    const functions = (x: unknown, name: string): void => {
      if (typeof x !== "object" || x === null || Array.isArray(x) || !Object.values(x).every((f) => typeof f === "function")) {
        throw new TypeError(`semantics: ${name} must be an object of functions by rule name, got ${describeValue(x)}`);
      }
    };
    functions(actions, "the argument \"actions\"");
    // each field read once, then checked
    options = readOptions<typeof options>(options, "semantics", { captures: "any", accelerators: "any" });
    if (options.captures !== undefined) expectStrings(options.captures, "options.captures", "semantics");
    if (options.accelerators !== undefined) functions(options.accelerators, "options.accelerators");
    this.grammar = g;
    const known = (n: string, what: string): string => g.require(n, what).name.toLowerCase();
    this.#actions = new Map(Object.entries(actions).map(([n, f]) => [known(n, "semantics"), f]));
    this.#captures = new Set([...this.#actions.keys(), ...(options.captures ?? []).map((n) => known(n, "semantics captures"))]);
    this.#accelerators = new Map(Object.entries(options.accelerators ?? {}).map(([n, f]) => [known(n, "semantics accelerators"), f]));
    this.actions = actions;
    this.options = options;
    markSemantics(this);
    Object.freeze(this);
  }

  /** True when the semantics records matches of `rule`. */
  captures(rule: string): boolean {
    expectString(rule, "rule", "Semantics.captures");
    return this.#captures.has(rule.toLowerCase());
  }

  /** The value of a match: its rule's action applied to it, or its text. */
  valueOf(m: Match): unknown {
    const action = this.#actions.get(m.rule.toLowerCase());
    return action === undefined ? m.text : action(m);
  }

  /** The rule's parser, whose value is the rule's action result (its text when it has no action). */
  rule<K extends string>(name: K): RuleParser<ValueOf<A, K>> {
    const def = this.grammar.require(name, "rule");
    const key = def.name.toLowerCase();
    let p = this.#parsers.get(key);
    if (p === undefined) {
      p = toParser(this.grammar, def, (input, start, end) => this.#value(def, input, start, end)) as RuleParser<unknown>;
      this.#parsers.set(key, p);
    }
    return p as RuleParser<ValueOf<A, K>>;
  }

  /**
   * Parses the whole input against a rule and returns its value, or a {@link UriSyntaxError}
   * with the offset and what was expected.
   */
  parse<K extends string>(input: string, name: K): Result<ValueOf<A, K>, UriSyntaxError> {
    if (typeof input !== "string") throw new TypeError(`parse: the argument "input" must be a string, got ${describeValue(input)}`);
    const def = this.grammar.require(name, "parse", input);
    const m = this.grammar.matcher(def.name);
    try {
      if (!m.test(input)) {
        const failure = m.failure(input);
        if (failure !== undefined) return { ok: false, error: failureError(input, def.name, failure) };
      }
      return { ok: true, value: this.#value(def, input, 0, input.length) as ValueOf<A, K> };
    } catch (e) {
      if (e instanceof MatchLimitError) return { ok: false, error: e };
      throw e;
    }
  }

  /**
   * @internal The value of rule `name` over `[start, end)` of `input`, which the caller has
   * already checked matches it (the root `parse` checks with the fast path first).
   */
  valueOfMatching(name: string, input: string, start = 0, end = input.length): unknown {
    return this.#value(this.grammar.require(name, "parse"), input, start, end);
  }

  /**
   * @internal How rule `name`'s value is built from a span already known to match: its
   * accelerator, or its action over the engine's derivation, or its text (resolved once).
   */
  builderFor(name: string): (input: string, start: number, end: number) => unknown {
    const def = this.grammar.require(name, "parse");
    const key = def.name.toLowerCase();
    const fast = this.#accelerators.get(key);
    if (fast !== undefined) return fast;
    if (!this.#actions.has(key)) return (input, start, end) => input.slice(start, end);
    return (input, start, end) => this.valueOf(this.#match(def, input, start, end));
  }

  /** The value of rule `def` over `[start, end)`, which is known to match it. */
  #value(def: RuleDefinition, input: string, start: number, end: number): unknown {
    const key = def.name.toLowerCase();
    const fast = this.#accelerators.get(key);
    if (fast !== undefined) return fast(input, start, end);
    if (!this.#actions.has(key)) return input.slice(start, end);
    return this.valueOf(this.#match(def, input, start, end));
  }

  /**
   * The tree of captured matches of rule `name` over `[start, end)` of `input` (all of it by
   * default). Text that does not match the rule there is a {@link UriSyntaxError}, thrown.
   */
  match(name: string, input: string, start = 0, end: number = typeof input === "string" ? input.length : 0): Match {
    expectString(input, "input", "Semantics.match");
    const offset = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= input.length;
    if (!offset(start) || !offset(end) || end < start) {
      throw new RangeError(`Semantics.match: start and end must be offsets of "input" with start <= end, got ${describeValue(start)} and ${describeValue(end)}`);
    }
    const def = this.grammar.require(name, "match");
    const text = input.slice(start, end);
    const m = this.grammar.matcher(def.name);
    if (!m.test(text)) {
      const failure = m.failure(text);
      if (failure !== undefined) throw failureError(input, def.name, failure, start);
    }
    return this.#match(def, input, start, end);
  }

  /** {@link match} on a span known to match. */
  #match(def: RuleDefinition, input: string, start: number, end: number): Match {
    return this.#tree(derive(this.grammar.compiled, def.name.toLowerCase(), input, start, end));
  }

  /** Rebuilds the captured matches from a derivation. */
  #tree(d: Derivation): MatchNode {
    const a = d.automaton;
    const root = new MatchNode(a.instances[0]?.rule ?? "", d.input, d.start, this as unknown as Semantics<Actions>);
    this.#fill(root, d);
    root.end = d.end;
    return root;
  }

  /**
   * Adds the captured matches of derivation `d` under `root` (which stands for its instance 0).
   * The derivations of calls inside are walked on an explicit stack, not by recursion.
   */
  #fill(root: MatchNode, d: Derivation): void {
    const sem = this as unknown as Semantics<Actions>;
    interface Walk {
      readonly d: Derivation;
      readonly root: MatchNode;
      readonly open: Map<number, MatchNode>;
      prev: { pos: number; option: number } | undefined;
      i: number;
    }
    const stack: Walk[] = [{ d, root, open: new Map([[0, root]]), prev: undefined, i: 0 }];
    while (stack.length > 0) {
      const w = stack[stack.length - 1] as Walk;
      const a = w.d.automaton;
      const captured = (inst: number): boolean => this.#captures.has((a.instances[inst]?.rule ?? "").toLowerCase());
      const holder = (inst: number, extra?: Map<number, MatchNode>): MatchNode => {
        for (let i = a.instances[inst]?.parent ?? -1; i >= 0; i = a.instances[i]?.parent ?? -1) {
          const m = extra?.get(i) ?? w.open.get(i);
          if (m !== undefined) return m;
        }
        return w.root;
      };
      const attachEmpties = (list: readonly number[], at: number): void => {
        const batch = new Map<number, MatchNode>();
        for (const inst of list) {
          if (!captured(inst)) continue;
          const m = new MatchNode(a.instances[inst]?.rule ?? "", w.d.input, at, sem);
          m.end = at;
          holder(inst, batch).children.push(m);
          batch.set(inst, m);
        }
      };
      /** The instances a position (and the option it matched) sits in, innermost first, below `stop`. */
      const chainOf = (pos: number, option: number, stop: number): number[] => {
        const p = a.positions[pos];
        if (p === undefined) return [];
        const inner = option >= 0 ? [...(p.options[option]?.chain ?? [])].reverse() : [];
        return [...inner, ...chainBelow(a.instances, p.instance, stop)];
      };
      if (w.i >= w.d.steps.length) {
        for (const [inst, m] of w.open) if (inst !== 0 && m.end < 0) m.end = w.d.end;
        stack.pop();
        continue;
      }
      const step = w.d.steps[w.i++] as Derivation["steps"][number];
      const edge: Edge = step.edge;
      attachEmpties(edge.before, step.at);
      if (w.prev !== undefined) {
        for (const inst of chainOf(w.prev.pos, w.prev.option, edge.context)) {
          const m = w.open.get(inst);
          if (m === undefined || inst === 0) continue;
          m.end = step.at;
          w.open.delete(inst);
        }
      }
      if (edge.to === ACCEPT) {
        w.i = w.d.steps.length;
        continue;
      }
      // The empty matches on the way in (edge.after) stand before the instances the edge enters
      // (a1 in `z = a1 a2` where a1 matched ""), or inside one of them: there, they stand
      // before its child on the way in (`w = z`: a1 in z before a2), so each is attached
      // right after the innermost entered instance that holds it opens.
      const entered = chainOf(edge.to, step.option, edge.context).reverse();
      /** The innermost entered instance that holds `inst`, or -1. */
      const enteredHolder = (inst: number): number => {
        for (let i = a.instances[inst]?.parent ?? -1; i >= 0; i = a.instances[i]?.parent ?? -1) if (entered.includes(i)) return i;
        return -1;
      };
      const held = edge.after.length === 0 || entered.length === 0 ? undefined : edge.after.map(enteredHolder);
      attachEmpties(held === undefined ? edge.after : edge.after.filter((_, k) => held[k] === -1), step.at);
      for (const inst of entered) {
        if (captured(inst)) {
          const m = new MatchNode(a.instances[inst]?.rule ?? "", w.d.input, step.at, sem);
          holder(inst).children.push(m);
          w.open.set(inst, m);
        }
        if (held !== undefined) attachEmpties(edge.after.filter((_, k) => held[k] === inst), step.at);
      }
      w.prev = { pos: edge.to, option: step.option };
      if (step.sub !== undefined) {
        // a call: the called rule's own derivation, under the instance of the call
        const callInst = a.positions[edge.to]?.instance ?? 0;
        const target = w.open.get(callInst) ?? holder(callInst);
        stack.push({ d: step.sub, root: target, open: new Map([[0, target]]), prev: undefined, i: 0 });
      }
    }
  }
}

/**
 * Semantics for a grammar: `actions` say what each rule builds from its {@link Match};
 * rules without an action yield their text. Typed: `semantics(g, { NID: (m) => m.text.length
 * }).rule("NID")` is a `Parser<number>`.
 *
 * @example
 * const s = semantics(urn, { "assigned-name": (m) => ({ nid: m.first("NID")?.text, nss: m.first("NSS")?.text }) }, { captures: ["NID", "NSS"] });
 * s.parse("urn:isbn:0451450523", "assigned-name") // { ok: true, value: { nid: "isbn", nss: "0451450523" } }
 */
export function semantics<A extends Actions>(g: Grammar, actions: A, options: SemanticsOptions = {}): Semantics<A> {
  return new Semantics(g, actions, options);
}

export type { Automaton };
