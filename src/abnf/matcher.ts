// The engine as a matcher of the one pipeline (src/core/match.ts), for a rule of a grammar the
// core has not compiled (a user's, a derived one, a loaded one): the fast path (the rule's
// regex where one is safe, else the lazy DFA) answers whether the input matches; the engine's
// whole match explains a rejection; its longest match serves the rule's parsimmon parser.
// A rule's first inputs are tested by the first tier (interpret.ts), which builds nothing ahead,
// until the steps it took pass what compiling the rule would cost (firstTierSteps), or it gives
// up, or the rule is compiled for another reason: then the compiled tier answers from then on.
// The first tier explains a rejected input too (where and what was expected), so that a rule's
// first `validate` of a bad input does not compile it either. The rule's size is measured only
// when the first tier's base allowance runs out (or an input is too long for it): a rule too
// large to compile stays on the first tier, the general engine, for every input within the
// match budgets, its MatchLimitError past them (issue 33: "match it by the general engine
// within the budgets, rather than refusing it"), and is refused, the GrammarError "too-large"
// naming it and why, only where that tier cannot read the input (one that reaches a rule checked
// in code, one that nests deeper than its rules may).
// A tier switch does not change an answer: the two tiers count their steps differently (RFC
// 5322's `address` on a display name of many words: about 186 a character compiled, 69 on the
// first tier, against a budget of 64 and a base), so where the compiled tier runs past its
// budget the first tier answers within its own ({@link EngineMatcher}'s fallback), on every input
// it could have been given before the rule compiled; past both, the compiled tier's
// MatchLimitError stands, as before. A match's work is then at most both tiers' budgets.
import { WORK_BASE, WORK_PER_CHARACTER, workLimit } from "./calls.js";
import type { Compiled } from "./compiled.js";
import { referencedNames } from "./expr.js";
import { matchLongest, matchWhole } from "./engine.js";
import type { FastPath } from "./fast-path.js";
import { GrammarError } from "./grammar-errors.js";
import type { Interpreter } from "./interpret.js";
import { matchLimitError, MatchLimitError, type MatchBudgets } from "./match-limit.js";
import type { Failure, Longest, Matcher } from "../core/match.js";

/**
 * The steps the first tier (interpret.ts) may take on one rule's inputs, all together, before
 * the rule is compiled, at least (see {@link firstTierSteps}): twice the base of a match's work
 * budget, WORK_BASE (a step costs 18-27 ns). An input longer than the steps left allow at
 * WORK_PER_CHARACTER each goes to the compiled tier at once: a long input pays for the
 * compilation, where the compiled tier is faster per character.
 */
export const FIRST_TIER_STEPS = 2 * WORK_BASE;

/**
 * The first tier's steps on a rule whose compilation would build `positions` character
 * positions (the automata of the rule and of the rules it calls, not built yet): what switching
 * the rule to the compiled tier costs, as a renter buys once the rent paid would have bought.
 * The switch costs the build, about {@link FIRST_TIER_PER_POSITION} steps a position (RFC 5322,
 * CPU time, a fresh process each: building 30 µs a position for the first rule a process
 * builds, `address`, 10,856 positions in 4 automata; 5-7 µs for the next, `date-time`), and
 * the compiled tier's cold start, its DFA states and memo entries made anew and its code still
 * cold: that is most of it on small rules (JSONPath's and RFC 5234's first passes, 1,200 short
 * inputs, took 19 and 11 times a warm pass, not 6.9 and 4.9, when their small rules switched
 * after the build's cost alone), and about what {@link FIRST_TIER_STEPS} costs. So a rule gets
 * FIRST_TIER_STEPS, or its build's cost when that is more (RFC 5322's `address`: 6,600,000).
 * The sum of the two, the renter's rule read strictly, suits few inputs and not many: it took
 * RFC 5322's bench row (1,218 short inputs) from 8.4 to 4.6 times a warm pass, and the 6,018
 * inputs of bench/abnf-first-use.mjs from 3.4 to 4.0.
 */
export const firstTierSteps = (positions: number): number => Math.max(FIRST_TIER_STEPS, FIRST_TIER_PER_POSITION * positions);

/** See {@link firstTierSteps}. */
export const FIRST_TIER_PER_POSITION = 600;

/**
 * Throws the GrammarError "too-large" that compiling rule `key` would throw, for the rule or
 * a rule it calls (naming the rule the size is in), measured without building anything
 * (automaton-size.ts): so the first tier answers only for a rule the compiled tier will take.
 * Returns the positions compiling it would build: of the automata of `key` and of the rules it
 * calls, those not built yet (with `built`, those built too); `undefined` when the grammar's
 * policy does not measure rules.
 */
export function checkSizes(compiled: Compiled, key: string, built = false): number | undefined {
  const { analysis, policy } = compiled;
  const check = policy.check;
  if (check === undefined) return undefined;
  // (decided as asked: for the rules `key` reaches, not the whole grammar's, automaton-size.ts calledRules)
  const called = compiled.called;
  const seen = new Set([key]);
  const stack = [key];
  let positions = 0;
  while (stack.length > 0) {
    const k = stack.pop() as string;
    if (k === key || called.has(k)) {
      const size = check(analysis.rule(k), analysis, called, NO_STUBS, true);
      if (built || !compiled.built(k)) positions += size.positions;
    }
    for (const r of referencedNames(analysis.rule(k).expr)) {
      const next = r.toLowerCase();
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return positions;
}

const NO_STUBS: ReadonlySet<string> = new Set();

export class EngineMatcher implements Matcher {
  readonly #key: string;
  /** The first tier while it is tried (see the file's comment). */
  #first: Interpreter | undefined;
  /** The steps the first tier has left for this rule. */
  #allowance = FIRST_TIER_STEPS;
  /** True once the rule's size has been measured ({@link checkSizes}). */
  #sized = false;
  /** The input the first tier last gave up on with the whole of its budget, and whether it explained (so the fallback does not run it again). */
  #spent: string | undefined;
  #spentExplaining = false;
  /** The longest input the first tier could have been given on the rule ({@link #fallback}), measured when first needed. */
  #firstLength = -1;
  constructor(
    readonly name: string,
    private readonly compiled: () => Compiled,
    private readonly fast: () => FastPath,
    /** The grammar's first tier; none for a rule compiled ahead (Grammar.compile). */
    first?: Interpreter,
    /** The grammar's budgets, which bound the first tier's steps on one input as they bound the compiled tier's. */
    private readonly budgets: MatchBudgets = {},
    /** The grammar's first tier, asked for where the compiled tier runs past its budget (see the file's comment). */
    private readonly general: () => Interpreter | undefined = () => first,
  ) {
    this.#key = name.toLowerCase();
    this.#first = first;
  }

  test(input: string): boolean {
    const answer = this.#tryFirst(input, false);
    if (answer !== undefined) return answer === null;
    try {
      return this.fast().test(input);
    } catch (e) {
      return this.#fallback(input, false, e) === null;
    }
  }

  failure(input: string): Failure | undefined {
    const answer = this.#tryFirst(input, true);
    if (answer !== undefined) return answer ?? undefined;
    try {
      return matchWhole(this.compiled(), this.#key, input);
    } catch (e) {
      return this.#fallback(input, true, e) ?? undefined;
    }
  }

  /**
   * After the compiled tier threw `e`: when it is a MatchLimitError and the first tier could have
   * been given the input before the rule compiled (its length within the most steps the rule's
   * first tier is allowed, {@link firstTierSteps} of all its positions), the first tier's answer
   * within the input's whole budget; else, or when that tier gives up too, `e` is thrown.
   */
  #fallback(input: string, explain: false, e: unknown): true | null;
  #fallback(input: string, explain: true, e: unknown): Failure | null;
  #fallback(input: string, explain: boolean, e: unknown): Failure | null | true {
    if (!(e instanceof MatchLimitError) || (input === this.#spent && explain === this.#spentExplaining)) throw e;
    const first = this.general();
    if (first === undefined) throw e;
    if (this.#firstLength < 0) {
      let positions: number | undefined;
      try {
        positions = checkSizes(this.compiled(), this.#key, true);
      } catch {
        positions = undefined; // (too large: the first tier's base allowance, as #tryFirst gives it)
      }
      this.#firstLength = Math.floor((positions === undefined ? FIRST_TIER_STEPS : firstTierSteps(positions)) / WORK_PER_CHARACTER);
    }
    if (input.length > this.#firstLength) throw e;
    const limit = workLimit(input.length, this.budgets);
    // (the test first, as while the first tier answers: explaining takes more steps, and a match needs no more)
    const matched = first.test(this.#key, input, limit, this.budgets.depth);
    const answer = matched === undefined ? undefined : matched ? null : explain ? first.explain(this.#key, input, limit, this.budgets.depth, this.compiled().called) : true;
    if (answer === undefined) throw e;
    return answer;
  }

  /**
   * The first tier's answer while it is tried: `null` when the input matches, else `true` (a
   * test) or the failure (`explain`); `undefined` when the compiled tier answers (the rule's
   * steps ran out, the input is too long for those left, or the first tier gave up): from then
   * on, but for a rule too large to compile.
   */
  #tryFirst(input: string, explain: false): null | true | undefined;
  #tryFirst(input: string, explain: true): Failure | null | undefined;
  #tryFirst(input: string, explain: boolean): Failure | null | true | undefined {
    const first = this.#first;
    if (first === undefined) return undefined;
    // (within the grammar's budgets: past them, the compiled tier decides, and says so)
    const work = workLimit(input.length, this.budgets);
    // (measured before the steps left could cut a run short: so, as if measured at once)
    if (this.#allowance < work) this.#size();
    // (a rule too large to compile: each input within its whole budget, on this tier alone)
    const left = this.#allowance === Infinity ? work : this.#allowance;
    if (input.length * WORK_PER_CHARACTER > left) {
      if (this.#allowance !== Infinity) this.#first = undefined;
      return undefined;
    }
    const limit = Math.min(left, work);
    this.#spent = undefined;
    let answer: Failure | null | true | undefined;
    if (explain) answer = first.explain(this.#key, input, limit, this.budgets.depth, this.compiled().called);
    else {
      const matched = first.test(this.#key, input, limit, this.budgets.depth);
      answer = matched === undefined ? undefined : matched ? null : true;
    }
    if (answer === undefined && limit === work) {
      this.#spent = input;
      this.#spentExplaining = explain;
    }
    this.#allowance -= first.steps;
    if (this.#allowance <= 0 || answer === undefined) this.#size();
    if (answer === undefined && this.#allowance === Infinity) return this.#gaveUp(first, input, limit);
    // (a rule too large to compile keeps the first tier: the compiled tier refuses this input alone)
    if ((answer === undefined && this.#allowance !== Infinity) || this.#allowance <= 0) this.#first = undefined;
    return answer;
  }

  /**
   * The first tier gave up on rule too large to compile, which no other tier can match: past the
   * work budget, the MatchLimitError; a rule that matches nothing, `undefined` (the compiled tier
   * explains it without building anything); else the GrammarError "too-large" naming the rule,
   * and why the general engine could not match it instead.
   */
  #gaveUp(first: Interpreter, input: string, limit: number): undefined {
    const why = first.gaveUp;
    if (why === "nothing") return undefined;
    if (why === "steps") throw matchLimitError(input, this.name, first.at, limit);
    const depth = this.budgets.depth;
    if (why === "depth" && depth !== undefined && depth < first.maxDepth) throw matchLimitError(input, this.name, first.at, depth, "depth");
    try {
      checkSizes(this.compiled(), this.#key);
    } catch (e) {
      if (!(e instanceof GrammarError && e.code === "too-large")) throw e;
      const instead = why === "checks" ? "does not run rules checked in code, and this input reaches one" : `nests at most ${first.maxDepth} rules, and this input nests them deeper`;
      throw new GrammarError("too-large", `${e.message}; the general engine, which matches such a rule instead, ${instead}`, e.rule, e.detail);
    }
    return undefined;
  }

  /**
   * Once, when the base allowance is spent or an input is too long for it: the steps compiling
   * the rule would cost past it ({@link firstTierSteps}), or all the budgets allow for a rule too
   * large to compile (which the first tier keeps: {@link checkSizes} measures without building).
   */
  #size(): void {
    if (this.#sized) return;
    this.#sized = true;
    let positions: number | undefined;
    try {
      positions = checkSizes(this.compiled(), this.#key);
    } catch (e) {
      if (!(e instanceof GrammarError && e.code === "too-large")) throw e;
      this.#allowance = Infinity;
      return;
    }
    if (positions !== undefined) this.#allowance += firstTierSteps(positions) - FIRST_TIER_STEPS;
  }

  longest(input: string, start: number): Longest {
    const longest = matchLongest(this.compiled(), this.#key, input, start);
    this.#first = undefined;
    return longest;
  }

  /** @internal The steps the first tier has left on the rule. */
  get allowance(): number {
    return this.#allowance;
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
