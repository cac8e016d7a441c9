// The error for a rule name a grammar does not define (RFC 5234 §2.1: names are case-insensitive,
// so only the spelling of the letters and dashes matters).

/**
 * A rule name the grammar does not define. It is a TypeError (the argument is wrong, not the
 * input); `suggestion` names the rule that was probably meant, e.g. `"segment-nz-nc"` for the
 * camelCase export name `"segmentNzNc"`. When the caller passes `swappedInput`, the input
 * argument of a call taking (input, rule) that is itself a rule name, the message says how the
 * call was probably meant: `validate("ihost", "例え.jp")` gets 'the arguments are (input, rule):
 * did you mean validate("例え.jp", "ihost")?', and `suggestion` is that rule.
 */
export class UnknownRuleError extends TypeError {
  override readonly name = "UnknownRuleError";
  readonly ruleName: string;
  readonly grammar: string;
  readonly suggestion: string | undefined;

  constructor(ruleName: unknown, grammar: string, caller: string, suggestion: string | undefined, swappedInput?: string) {
    const shown = typeof ruleName === "string" ? JSON.stringify(ruleName) : ruleName === undefined ? "undefined" : `a ${ruleName === null ? "null" : typeof ruleName}`;
    const hint =
      swappedInput !== undefined
        ? `; the arguments are (input, rule): did you mean ${caller}(${shown}, ${JSON.stringify(swappedInput)})?`
        : suggestion === undefined
          ? ""
          : `; did you mean "${suggestion}"?`;
    super(`${caller}: ${grammar} has no rule ${shown}${hint}`);
    this.ruleName = typeof ruleName === "string" ? ruleName : shown;
    this.grammar = grammar;
    this.suggestion = swappedInput ?? suggestion;
  }
}
