// The typed error of a match that would take more work than its budget (calls.ts: WORK_BASE
// and WORK_PER_CHARACTER): ambiguous recursion, whose memoized calls can end at many offsets
// each, costs time and memory that grow faster than the input. Past the budget the match stops:
// the input is neither matched nor refused, and the process keeps its memory.
import { describeValue, expectString } from "../describe.js";
import { UriSyntaxError, withoutStack } from "../errors.js";

/** The budget a {@link MatchLimitError} names: the steps of a match, or the ends of calls it keeps. */
export type MatchBudget = "steps" | "ends" | "depth";

/**
 * A match by memoized calls (a rule that reaches a recursive one, see `Grammar.isLinear`) that
 * took more steps than its budget allows for the input's length: `WORK_BASE` (2,000,000) plus
 * `WORK_PER_CHARACTER` (64) per character (`budget` "steps"), or would keep more than
 * `KEPT_ENDS_LIMIT` (4,000,000) ends of calls beyond the first of each (`budget` "ends"), or
 * more than `CALL_DEPTH_LIMIT` (200,000) calls waiting at once (`budget` "depth"). A {@link UriSyntaxError} (so a `validate` or `parse`
 * Result holds it as it holds a rejection) whose `offset` is where the match was reading when
 * the budget ran out, with nothing expected there: the input was neither matched nor refused.
 * Where the compiled tier runs past a budget on an input the first tier could have been given,
 * the first tier answers within the same budget (matcher.ts), so the error stands only when
 * neither decided, and a rule's compiling does not change an answer.
 * `isValid` and a rule's parser throw it, having no other way to say so.
 */
export class MatchLimitError extends UriSyntaxError {
  override readonly name: string = "MatchLimitError";
  override readonly code = "match-limit";
  /** The steps the match was allowed (budget "steps"), or the ends of calls it could keep (budget "ends"). */
  readonly limit: number;
  /** Which budget ran out: "steps" (WORK_BASE and WORK_PER_CHARACTER), "ends" (KEPT_ENDS_LIMIT) or "depth" (CALL_DEPTH_LIMIT): the last two bound memory. */
  readonly budget: MatchBudget;

  constructor(input: string, rule: string, offset: number, limit: number, budget: MatchBudget = "steps") {
    expectString(input, "input", "MatchLimitError");
    expectString(rule, "rule", "MatchLimitError");
    if (typeof limit !== "number") throw new TypeError(`MatchLimitError: the argument "limit" must be a number, got ${describeValue(limit)}`);
    const what =
      budget === "steps"
        ? `more than ${limit.toLocaleString("en-US")} steps for an input of ${input.length.toLocaleString("en-US")} characters (the engine's work limit`
        : budget === "ends"
          ? `more than ${limit.toLocaleString("en-US")} ends of calls to keep, on an input of ${input.length.toLocaleString("en-US")} characters (the engine's memory limit`
          : `more than ${limit.toLocaleString("en-US")} calls waiting at once, on an input of ${input.length.toLocaleString("en-US")} characters (the engine's depth limit`;
    const why = budget === "depth" ? "the input nests deeper than that, or the rule's recursion calls itself at every character" : budget === "ends" ? "the rule's recursion is ambiguous and its calls can end at many offsets" : "the rule's recursion is ambiguous and its calls can end at many offsets, or its counted repetitions can be at many counts at once";
    super(input, rule, offset, [], `Cannot match ${rule}: ${what}; ${why}); the input is neither matched nor refused`);
    this.limit = limit;
    this.budget = budget;
  }
}

/** A MatchLimitError built without a stack trace (a Result holds it; a caller that throws it captures one). */
export function matchLimitError(input: string, rule: string, offset: number, limit: number, budget: MatchBudget = "steps"): MatchLimitError {
  return withoutStack(() => new MatchLimitError(input, rule, offset, limit, budget));
}

/**
 * The budgets of a grammar's matches by memoized calls (the `budgets` option of `grammar` and
 * `grammarFromAbnf`), each a non-negative integer; a budget not given keeps its default. Past
 * one, a match stops with a {@link MatchLimitError} naming it (`budget`).
 */
export interface MatchBudgets {
  /** Steps allowed whatever the input's length (`WORK_BASE` by default). */
  readonly steps?: number | undefined;
  /** Steps allowed per character of the input, besides (`WORK_PER_CHARACTER` by default). */
  readonly stepsPerCharacter?: number | undefined;
  /** Ends of calls kept beyond the first of each (`KEPT_ENDS_LIMIT` by default). */
  readonly ends?: number | undefined;
  /** Calls waiting at once (`CALL_DEPTH_LIMIT` by default). */
  readonly depth?: number | undefined;
}
