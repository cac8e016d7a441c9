// The typed error of a grammar that cannot be built: RFC 5234 §2.1 rule names, §3.2 `=/`, and
// the conditions the engine needs (every reference defined, no left recursion).

/** Why a grammar cannot be built. */
export type GrammarErrorCode =
  | "bad-rule-name"
  | "bad-definition"
  | "duplicate-rule"
  | "undefined-rule"
  | "left-recursion"
  | "import-conflict"
  | "unknown-rule"
  | "too-large"
  | "too-deep"
  | "check-threw";

/**
 * A grammar that cannot be built or compiled: a rule name that is not `ALPHA *(ALPHA / DIGIT /
 * "-")` (RFC 5234 §2.1), a reference to a rule the grammar does not define, a rule that can
 * reach itself without consuming a character (left recursion, which no top-down matcher can
 * run), two imports that define one rule differently, or a rule too large or too deeply nested
 * (expressions and the rules they refer to, more than 400 levels) to compile; or, while
 * matching, a rule's check in code (GrammarOptions.checks) that threw ("check-threw", what it
 * threw as the error's `cause`).
 */
export class GrammarError extends Error {
  override readonly name = "GrammarError";
  declare readonly code: GrammarErrorCode;
  /** The rule the problem is in (as spelled in its definition), when there is one. */
  declare readonly rule: string | undefined;
  /** For "undefined-rule": the name referred to; for "left-recursion": the cycle, e.g. ["a", "b", "a"]. */
  declare readonly detail: readonly string[];

  /** `cause`: for "check-threw", what the rule's check threw (its message is not repeated: it may quote the input). */
  constructor(code: GrammarErrorCode, message: string, rule?: string, detail: readonly string[] = [], cause?: unknown) {
    // (the message assigned, not given to Error: an own enumerable property, which JSON.stringify
    // writes after the name, as for every error the package exports)
    super(undefined, cause === undefined ? cause : { cause });
    this.message = message;
    this.code = code;
    this.rule = rule;
    this.detail = Object.freeze([...detail]);
  }
}
