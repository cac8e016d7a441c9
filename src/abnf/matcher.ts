// The engine as a matcher of the one pipeline (src/core/match.ts), for a rule of a grammar the
// core has not compiled (a user's, a derived one, a loaded one): the fast path (the rule's
// regex where one is safe, else the lazy DFA) answers whether the input matches; the engine's
// whole match explains a rejection; its longest match serves the rule's parsimmon parser.
// A rule's first inputs are tested by the first tier (interpret.ts), which builds nothing ahead,
// until the steps it took pass what compiling the rule would cost (FIRST_TIER_STEPS), or it gives
// up, or the rule is compiled for another reason: then the compiled tier answers from then on.
// The first tier explains a rejected input too (where and what was expected), so that a rule's
// first `validate` of a bad input does not compile it either.
import { WORK_BASE, WORK_PER_CHARACTER, workLimit } from "./calls.js";
import type { Compiled } from "./compiled.js";
import { referencedNames } from "./expr.js";
import { matchLongest, matchWhole } from "./engine.js";
import type { FastPath } from "./fast-path.js";
import type { Interpreter } from "./interpret.js";
import type { MatchBudgets } from "./match-limit.js";
import type { Failure, Longest, Matcher } from "../core/match.js";

/**
 * The steps the first tier (interpret.ts) may take on one rule's inputs, all together, before
 * the rule is compiled (the base of a match's work budget, WORK_BASE): about what compiling a
 * rule of a real grammar costs (RFC 5322's `address`: its first 318 short inputs take about
 * 2,000,000 steps, 60-110 ms, against 0.2-1 s for its automata), so that a rule used on a few
 * inputs never pays for its automaton. An input longer than the steps left allow at
 * WORK_PER_CHARACTER each goes to the compiled tier at once: a long input pays for the
 * compilation, where the compiled tier is faster per character.
 */
export const FIRST_TIER_STEPS = WORK_BASE;

/**
 * Throws the GrammarError "too-large" that compiling rule `key` would throw, for the rule or
 * a rule it calls (naming the rule the size is in), measured without building anything
 * (automaton-size.ts): so the first tier answers only for a rule the compiled tier will take.
 */
function checkSizes(compiled: Compiled, key: string): void {
  const { analysis, policy } = compiled;
  const check = policy.check;
  if (check === undefined) return;
  // (decided as asked: for the rules `key` reaches, not the whole grammar's, automaton-size.ts calledRules)
  const called = compiled.called;
  const seen = new Set([key]);
  const stack = [key];
  while (stack.length > 0) {
    const k = stack.pop() as string;
    if (k === key || called.has(k)) check(analysis.rule(k), analysis, called, NO_STUBS, true);
    for (const r of referencedNames(analysis.rule(k).expr)) {
      const next = r.toLowerCase();
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
}

const NO_STUBS: ReadonlySet<string> = new Set();

export class EngineMatcher implements Matcher {
  readonly #key: string;
  /** The first tier while it is tried (see the file's comment). */
  #first: Interpreter | undefined;
  /** The steps the first tier has left for this rule. */
  #allowance = FIRST_TIER_STEPS;
  /** True once the sizes of the rule's automata are known to be within the limits ({@link checkSizes}). */
  #sized = false;
  constructor(
    readonly name: string,
    private readonly compiled: () => Compiled,
    private readonly fast: () => FastPath,
    /** The grammar's first tier; none for a rule compiled ahead (Grammar.compile). */
    first?: Interpreter,
    /** The grammar's budgets, which bound the first tier's steps on one input as they bound the compiled tier's. */
    private readonly budgets: MatchBudgets = {},
  ) {
    this.#key = name.toLowerCase();
    this.#first = first;
  }

  test(input: string): boolean {
    const answer = this.#tryFirst(input, false);
    if (answer !== undefined) return answer === null;
    this.#first = undefined; // (the rule is compiled now)
    return this.fast().test(input);
  }

  failure(input: string): Failure | undefined {
    const answer = this.#tryFirst(input, true);
    if (answer !== undefined) return answer ?? undefined;
    this.#first = undefined; // (the rule is compiled now)
    return matchWhole(this.compiled(), this.#key, input);
  }

  /**
   * The first tier's answer while it is tried: `null` when the input matches, else `true` (a
   * test) or the failure (`explain`); `undefined` when the compiled tier answers (the rule's
   * steps ran out, the input is too long for those left, or the first tier gave up).
   */
  #tryFirst(input: string, explain: false): null | true | undefined;
  #tryFirst(input: string, explain: true): Failure | null | undefined;
  #tryFirst(input: string, explain: boolean): Failure | null | true | undefined {
    const first = this.#first;
    if (first === undefined || input.length * WORK_PER_CHARACTER > this.#allowance) return undefined;
    if (!this.#sized) {
      // a rule too large to compile is refused when it is first used, whichever tier answers
      checkSizes(this.compiled(), this.#key);
      this.#sized = true;
    }
    // (within the grammar's budgets: past them, the compiled tier decides, and says so)
    const limit = Math.min(this.#allowance, workLimit(input.length, this.budgets));
    let answer: Failure | null | true | undefined;
    if (explain) answer = first.explain(this.#key, input, limit, this.budgets.depth, this.compiled().called);
    else {
      const matched = first.test(this.#key, input, limit, this.budgets.depth);
      answer = matched === undefined ? undefined : matched ? null : true;
    }
    this.#allowance -= first.steps;
    if (answer === undefined || this.#allowance <= 0) this.#first = undefined;
    return answer;
  }

  longest(input: string, start: number): Longest {
    this.#first = undefined;
    return matchLongest(this.compiled(), this.#key, input, start);
  }

  /** @internal Which tier answers the rule's next test: "first" (interpret.ts) or "compiled". */
  get tier(): "first" | "compiled" {
    return this.#first === undefined ? "compiled" : "first";
  }

  /** The rule was compiled ahead (Grammar.compile): its compiled tier answers from now on. */
  compiledAhead(): void {
    this.#first = undefined;
  }

  /**
   * Without a regex, the test runs the automaton, whose run explains a failure too: ask for the
   * failure alone. While the first tier answers, the test comes first (a match needs no more),
   * and a failure is explained by the first tier too (Interpreter.explain).
   */
  get explainsItself(): boolean {
    return this.#first === undefined && !this.fast().hasRegex;
  }
}
