// The error for a rule name a grammar does not define (RFC 5234 §2.1: names are case-insensitive,
// so only the spelling of the letters and dashes matters).
import { maskPassword } from "../password.js";

/**
 * A rule name the grammar does not define. It is a TypeError (the argument is wrong, not the
 * input); `suggestion` names the rule that was probably meant, e.g. `"segment-nz-nc"` for the
 * camelCase export name `"segmentNzNc"`. When the caller passes `swappedInput`, the input
 * argument of a call taking (input, rule) that is itself a rule name, the message says how the
 * call was probably meant: `validate("ihost", "例え.jp")` gets 'the arguments are (input, rule):
 * did you mean validate("例え.jp", "ihost")?', and `suggestion` is that rule. A rule left out
 * (`g.validate(text)` from JavaScript) is told where it goes, with `suggestion` (the grammar's
 * first rule, which `Grammar#require` passes) as the example. A Grammar method that takes the
 * rule name first (`g.rule()`, `g.pattern()`, `g.generate()`, `g.abnf()`...) called with none says
 * that it takes one, with that rule as the example and `suggestion` (Grammar#require words it).
 */
export class UnknownRuleError extends TypeError {
  override readonly name = "UnknownRuleError";
  /** Always `"unknown-rule"` (every error class of the library has a `code`). */
  readonly code = "unknown-rule";
  readonly ruleName: string;
  readonly grammar: string;
  readonly suggestion: string | undefined;

  constructor(ruleName: unknown, grammar: string, caller: string, suggestion: string | undefined, swappedInput?: string) {
    // masked: a URI passed as the rule (the arguments swapped) may hold a password (RFC 3986 §7.5)
    const shown = typeof ruleName === "string" ? JSON.stringify(maskPassword(ruleName)) : ruleName === undefined ? "undefined" : `a ${ruleName === null ? "null" : typeof ruleName}`;
    const hint =
      swappedInput !== undefined
        ? `; the arguments are (input, rule): did you mean ${caller}(${shown}, ${JSON.stringify(swappedInput)})?`
        : suggestion === undefined
          ? ""
          : ruleName === undefined
            ? `; the rule is the argument after the input, e.g. ${caller}(input, "${suggestion}")`
            : `; did you mean "${suggestion}"?`;
    super();
    this.message = `${caller}: ${grammar} has no rule ${shown}${hint}`;
    this.ruleName = typeof ruleName === "string" ? ruleName : shown;
    // the name as given, readable; out of JSON.stringify and util.inspect where it holds a
    // password, as an error's `input` is (password.ts defineInput)
    if (typeof ruleName === "string" && maskPassword(ruleName) !== ruleName) Object.defineProperty(this, "ruleName", { enumerable: false });
    this.grammar = grammar;
    this.suggestion = swappedInput ?? suggestion;
  }
}

/** Rule names close to `name`: the same once dashes and case are ignored (a camelCase export name), or one or two edits away (fewer edits than `name` has characters). */
export function suggest(name: string, names: readonly string[]): string | undefined {
  const squash = (s: string): string => s.replace(/-/g, "").toLowerCase();
  const exact = names.find((n) => squash(n) === squash(name));
  if (exact !== undefined) return exact;
  let best: string | undefined;
  // fewer edits than the name has characters: any one-letter name is one edit from any other,
  // so "c" gets no suggestion rather than an unrelated "a"
  let bestDistance = Math.min(3, name.length);
  for (const n of names) {
    const d = editDistance(n.toLowerCase(), name.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = n;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] as number;
}

