// The one match pipeline every consumer reads (parse, validate, the rule parsers, Grammar, Semantics, schemes): a matcher (src/compiled/dfa.ts, or
// for a user's grammar src/abnf/matcher.ts) says cheaply whether the whole input matches, and only on a rejection where and why (one UriSyntaxError).
import { syntaxError, type UriSyntaxError } from "../errors.js";
import type { Result } from "../result.js";
import type { DfaFailure, DfaLongest } from "../compiled/dfa.js";

/** Where a whole-input match fails: the offset (UTF-16) and what could have stood there. */
export interface Failure extends DfaFailure {
  /** When the rule matches no string at all: why. */
  readonly nothing?: string | undefined;
}

/** The longest match of a rule from a start offset: the compiled core's answer, which the engine's matchers give too. */
export type Longest = DfaLongest;

/** A rule, ready to match: what the pipeline needs of it. */
export interface Matcher {
  /** The rule's name as its definition spells it. */
  readonly name: string;
  /** True when the whole input matches. */
  test(input: string): boolean;
  /** Where and why a whole-input match fails; `undefined` when the input matches. */
  failure(input: string): Failure | undefined;
  /** The longest match from `start`. */
  longest(input: string, start: number): Longest;
  /** True when `failure` costs no more than `test` (then a validation asks it alone). */
  readonly explainsItself?: boolean | undefined;
}

/**
 * The UriSyntaxError of a failed whole-input match of rule `rule` (as its definition spells
 * it), `start` being where the matched text begins in `input`: what was expected at the offset,
 * or, for a rule that matches no string, that and why (there is nothing to expect).
 */
export function failureError(input: string, rule: string, failure: Failure, start = 0): UriSyntaxError {
  const offset = start + failure.offset;
  const short = failure.nothing === undefined ? undefined : `Invalid ${rule} at offset ${offset}: rule ${rule} matches no string (${failure.nothing})`;
  return syntaxError(input, rule, offset, failure.expected, short);
}

/** The outcome of a whole-input check. */
export type Validation = Result<true, UriSyntaxError>;

/** A successful {@link Validation}, shared. */
export const VALID: Validation = /* @__PURE__ */ Object.freeze({ ok: true, value: true });

/**
 * The whole input against a rule: {@link VALID}, or the UriSyntaxError of where and why it
 * fails. The matcher's test answers first; the failure is worked out only for a rejection.
 */
export function validateWith(m: Matcher, input: string): Validation {
  if (m.explainsItself !== true && m.test(input)) return VALID;
  const f = m.failure(input);
  return f === undefined ? VALID : { ok: false, error: failureError(input, m.name, f) };
}
