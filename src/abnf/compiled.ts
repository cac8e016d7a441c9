// The compiled forms of one grammar's rules for the engine: each rule's position automaton
// (automaton.ts) and lazy DFA (dfa.ts), made on first use and kept.
import type { Analysis } from "./analysis.js";
import { buildAutomaton, calledRules, type Automaton } from "./automaton.js";
import type { MatchBudgets } from "./match-limit.js";
import { Dfa, DfaBudget } from "./dfa.js";

/** The compiled forms of one grammar's rules, made on first use and kept. */
export class Compiled {
  readonly #automata = new Map<string, Automaton>();
  readonly #dfas = new Map<string, Dfa | null>();
  readonly #reduced = new Map<string, Dfa | null>();
  readonly #callDfas = new Map<string, Dfa>();
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
  ) {
    this.budget = budget ?? new DfaBudget();
  }

  /** The automaton of a rule (lowercase name). */
  automaton(key: string): Automaton {
    let a = this.#automata.get(key);
    if (a === undefined) {
      a = counted(this.analysis, key);
      this.#automata.set(key, a);
    }
    return a;
  }

  /**
   * The lazy DFA of a rule with the grammar's rare rules (the `rare` hint) as stubs, which is
   * much smaller when a rare rule is large (RFC 3986's IP-literal); `null` when the rule calls
   * a recursive one. Runs that read a stub's character start over on {@link dfa}.
   */
  reducedDfa(key: string): Dfa | null {
    let d = this.#reduced.get(key);
    if (d === undefined) {
      const stubs = new Set(this.rare.filter((r) => r !== key && !this.analysis.nullable(this.analysis.rule(r).expr)));
      if (stubs.size === 0) d = this.dfa(key);
      else {
        const a = counted(this.analysis, key, stubs);
        d = a.hasCalls ? null : a.hasStubs ? new Dfa(a, this.budget) : this.dfa(key);
      }
      this.#reduced.set(key, d);
    }
    return d;
  }

  /**
   * The lazy DFA over a rule's positions, its calls included, whose states keep their positions
   * in the order edges reach them: memoized calls (calls.ts) read with it the stretches of a
   * rule where no call is alive.
   */
  callDfa(key: string): Dfa {
    let d = this.#callDfas.get(key);
    if (d === undefined) {
      d = new Dfa(this.automaton(key), this.budget, true);
      this.#callDfas.set(key, d);
    }
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
}


/**
 * The automaton of a rule with its large repetitions counted (automaton.ts COUNTS), unless it
 * calls a rule or is called (calledRules): the memoized calls (calls.ts, derive-calls.ts)
 * follow edges without counts, so such a rule is built with its repetitions unrolled.
 */
function counted(analysis: Analysis, key: string, stubs?: ReadonlySet<string>): Automaton {
  const rule = analysis.rule(key);
  const called = calledRules(analysis);
  const a = buildAutomaton(rule, analysis, called, { stubs, counted: true });
  return a.counters.length > 0 && (a.hasCalls || called.has(key)) ? buildAutomaton(rule, analysis, called, { stubs }) : a;
}
