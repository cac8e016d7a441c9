// The typed error of a match that would take more work than its budget (calls.ts: WORK_BASE
// and WORK_PER_CHARACTER): ambiguous recursion, whose memoized calls can end at many offsets
// each, costs time and memory that grow faster than the input. Past the budget the match stops:
// the input is neither matched nor refused, and the process keeps its memory.
import { UriSyntaxError } from "../errors.js";

/**
 * A match by memoized calls (a rule that reaches a recursive one, see `Grammar.isLinear`) that
 * took more steps than its budget allows for the input's length: `WORK_BASE` (2,000,000) plus
 * `WORK_PER_CHARACTER` (64) per character. A {@link UriSyntaxError} (so a `validate` or `parse`
 * Result holds it as it holds a rejection) whose `offset` is where the match was reading when
 * the budget ran out, with nothing expected there: the input was neither matched nor refused.
 * `isValid` and a rule's parser throw it, having no other way to say so.
 */
export class MatchLimitError extends UriSyntaxError {
  override readonly name: string = "MatchLimitError";
  /** The steps the match was allowed. */
  readonly limit: number;

  constructor(input: string, rule: string, offset: number, limit: number) {
    super(
      input,
      rule,
      offset,
      [],
      `Cannot match ${rule}: more than ${limit.toLocaleString("en-US")} steps for an input of ${input.length.toLocaleString("en-US")} characters (the engine's work limit; the rule's recursion is ambiguous and its calls can end at many offsets); the input is neither matched nor refused`,
    );
    this.limit = limit;
  }
}

/** A MatchLimitError built without a stack trace (a Result holds it; a caller that throws it captures one). */
export function matchLimitError(input: string, rule: string, offset: number, limit: number): MatchLimitError {
  const keep = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new MatchLimitError(input, rule, offset, limit);
  } finally {
    Error.stackTraceLimit = keep;
  }
}
