// The compiled forms of one grammar's rules for the engine: each rule's position automaton
// (automaton.ts) and lazy DFA (dfa.ts), made on first use and kept.
import type { Analysis, RuleDefinition } from "./analysis.js";
import { buildAutomaton, type Automaton, type AutomatonSize, type BuildHooks } from "./automaton.js";
import type { MatchBudgets } from "./match-limit.js";
import { Dfa, DfaBudget } from "./dfa.js";

/**
 * What the compiled forms of a grammar call instead of expanding in place, and what they refuse
 * before building: the whole engine's (automaton-size.ts WHOLE_ENGINE) calls the rules too
 * large to expand and measures each rule first; the core's ({@link CORE}) calls the rules checked
 * in code and the recursive ones its builder meets (automaton.ts), and leaves the limits to the
 * builder, which refuses as it goes (a URI template's language has neither).
 */
export interface CompilePolicy {
  /** The rules (lowercase names) that automata call instead of expanding in place. */
  readonly called: (analysis: Analysis) => ReadonlySet<string>;
  /** Throws the GrammarError "too-large" for a rule that would pass the builder's limits, before it is built; else gives its size. */
  readonly check?: (rule: RuleDefinition, analysis: Analysis, calls: ReadonlySet<string>, stubs: ReadonlySet<string>, counted: boolean) => AutomatonSize;
  /** What the builds add (automaton.ts BuildHooks). */
  readonly hooks?: BuildHooks;
  /** The DFA of a rule with the grammar's rare rules as stubs (Compiled.reducedDfa); without it, the `rare` hint makes no stubs. */
  readonly reduced?: (c: Compiled, key: string) => Dfa | null;
}

/** The automaton core's policy (see {@link CompilePolicy}). */
export const CORE: CompilePolicy = { called: (a) => new Set(a.checks.keys()) };

/** The compiled forms of one grammar's rules, made on first use and kept. */
export class Compiled {
  readonly #automata = new Map<string, Automaton>();
  readonly #dfas = new Map<string, Dfa | null>();
  readonly #reduced = new Map<string, Dfa | null>();
  readonly #derivationDfas = new Map<string, Dfa>();
  /** The memory all the grammar's lazy DFAs may keep (dfa.ts). */
  readonly budget: DfaBudget;

  constructor(
    readonly analysis: Analysis,
    /** Lowercase names of the grammar's rare rules (see GrammarOptions.rare). */
    readonly rare: readonly string[] = [],
    budget?: DfaBudget,
    /** The budgets of matches by memoized calls (GrammarOptions.budgets). */
    readonly budgets: MatchBudgets = {},
    readonly policy: CompilePolicy = CORE,
  ) {
    this.budget = budget ?? new DfaBudget();
  }

  /** Whether the automaton of a rule (lowercase name) is made. */
  built(key: string): boolean {
    return this.#automata.has(key);
  }

  /** The automaton of a rule (lowercase name). */
  automaton(key: string): Automaton {
    let a = this.#automata.get(key);
    if (a === undefined) {
      a = this.build(key);
      this.#automata.set(key, a);
    }
    return a;
  }

  /**
   * The lazy DFA of a rule with the grammar's rare rules (the `rare` hint) as stubs, which is
   * much smaller when a rare rule is large (RFC 3986's IP-literal); `null` when the rule calls
   * a recursive one. Runs that read a stub's character start over on {@link dfa}. Only the
   * whole engine makes stubs ({@link CompilePolicy.reduced}); the core's is {@link dfa}.
   */
  reducedDfa(key: string): Dfa | null {
    let d = this.#reduced.get(key);
    if (d === undefined) this.#reduced.set(key, (d = this.policy.reduced === undefined ? this.dfa(key) : this.policy.reduced(this, key)));
    return d;
  }

  /**
   * The lazy DFA that derivations read (derivation.ts): {@link dfa}, but for a rule with counted
   * repetitions one that keeps every count (dfa.ts `prune`).
   */
  derivationDfa(key: string): Dfa | null {
    const d = this.dfa(key);
    if (d === null || d.automaton.counters.length === 0) return d;
    let full = this.#derivationDfas.get(key);
    if (full === undefined) this.#derivationDfas.set(key, (full = new Dfa(d.automaton, this.budget, false, false)));
    return full;
  }

  /** The lazy DFA of a rule, or `null` when the rule calls a recursive one. */
  dfa(key: string): Dfa | null {
    let d = this.#dfas.get(key);
    if (d === undefined) {
      const a = this.automaton(key);
      d = a.hasCalls ? null : new Dfa(a, this.budget);
      this.#dfas.set(key, d);
    }
    return d;
  }

  #called: ReadonlySet<string> | undefined;

  /** The rules automata call (the policy's, computed once). */
  get called(): ReadonlySet<string> {
    return (this.#called ??= this.policy.called(this.analysis));
  }

  /**
   * A new automaton of a rule, the rules in `stubs` built as stubs, with its large repetitions
   * counted (automaton.ts COUNTS), unless it
   * calls a rule or is called: the memoized calls (calls.ts, derive-calls.ts) follow edges
   * without counts, so such a rule is built with its repetitions unrolled.
   */
  build(key: string, stubs: ReadonlySet<string> = new Set()): Automaton {
    const rule = this.analysis.rule(key);
    const called = this.called;
    const build = (counted: boolean): Automaton => {
      this.policy.check?.(rule, this.analysis, called, stubs, counted);
      return buildAutomaton(rule, this.analysis, called, { stubs, counted, hooks: this.policy.hooks });
    };
    const a = build(true);
    return a.counters.length > 0 && (a.hasCalls || called.has(key)) ? build(false) : a;
  }
}
