// The typed failure of every step of URI Templates (RFC 6570): a template that §2's grammar (or
// §3's processor) refuses, an expansion §2.4.1 rules out, and a URI no expansion of a template
// gives. One class, told apart by `code`, with the offset, expected set and caret of every other
// syntax error of the package.
import { UriSyntaxError } from "../errors.js";
import { maskPassword, maskPasswordAt, passwordRange } from "../password.js";

/**
 * Why a template step failed:
 * - `"syntax"`: the template does not match RFC 6570 §2's `URI-Template` (the offset is in the template);
 * - `"reserved-operator"`: an operator §2.2 reserves for future extensions (`=`, `,`, `!`, `@`,
 *   `|`), which §3 asks a processor that does not support it to report;
 * - `"prefix-of-composite"`: a prefix modifier on a list or associative array (§2.4.1: "not
 *   applicable to variables that have composite values"); the offset is the varspec's;
 * - `"no-match"`: no values of the variables expand to the URI (the offset is in the URI);
 * - `"reading-limit"`: the template repeats a variable and is ambiguous, and none of the first
 *   `maxReadings` readings of the URI gives the variables one value each (see `match`);
 * - `"match-limit"`: matching would take more than the matcher's work limit (about 4 million
 *   steps of the template's automaton, a third of a second), which only a long literal that
 *   repeats itself (`"aaaa…{x}"`) reaches: the URI is neither matched nor refused.
 */
export type TemplateErrorCode = "syntax" | "reserved-operator" | "prefix-of-composite" | "no-match" | "reading-limit" | "match-limit";

/**
 * A template RFC 6570 refuses, an expansion it rules out, or a URI a template does not match.
 * `input` is the text the offset is in: the template, or the URI for `"no-match"`,
 * `"reading-limit"` and `"match-limit"`; `template` is always the template. Neither shows a
 * password (RFC 3986 §7.5): a server's template may hold one written literally, and the URIs
 * matched against it come from anyone. Both are masked as security findings mask theirs
 * (password.ts, "***"), and the offset counts in the masked `input`; a URI that leaves the
 * template inside a password is told where that password starts and nothing of what the
 * template has there (so that a guess learns nothing from getting more of it right).
 */
export class TemplateError extends UriSyntaxError {
  override readonly name: string = "TemplateError";
  readonly code: TemplateErrorCode;
  /** The template's text. */
  readonly template: string;

  /** `offset` is in `input` as given; a message that quotes an offset quotes {@link maskedOffset}'s. */
  constructor(code: TemplateErrorCode, template: string, input: string, rule: string, offset: number, expected: readonly string[], shortMessage?: string) {
    const masked = maskPasswordAt(input, offset);
    super(masked.text, rule, masked.offset, expected, shortMessage);
    this.code = code;
    this.template = maskPassword(template);
  }
}

/** Where `offset` of `text` stands once its password is masked (the offset a TemplateError holds). */
export const maskedOffset = (text: string, offset: number): number => maskPasswordAt(text, offset).offset;

/**
 * A template quoted for a message, its password masked (RFC 3986 §7.5): its first 200 code units
 * and "…" when it is longer (an error's `template` holds it whole).
 */
export const quoted = (text: string): string => {
  const shown = maskPassword(text);
  return JSON.stringify(shown.length <= 200 ? shown : `${shown.slice(0, 200)}…`);
};

/**
 * The start of the password a URI leaves a template in at `offset`, undefined when it leaves it
 * elsewhere: the URI's own password (password.ts), or the one its first `offset` characters leave
 * open (an authority with a ":" that runs to the offset, its "@" yet to come). An "@" read before
 * the offset closes that password, unless the template's own holds an "@" (as the URL Standard,
 * ending a userinfo at its last "@", reads one): a template's literal password without one can
 * have read the URI's "@" only once the URI has the whole password right.
 */
export function passwordStartAt(template: string, uri: string, offset: number): number | undefined {
  const own = passwordRange(uri);
  if (own !== undefined && offset >= own.start && offset < own.end) return own.start;
  const open = passwordRange(`${uri.slice(0, offset)}_`, { open: true });
  if (open === undefined || open.end !== offset + 1 || offset < open.start) return undefined;
  const its = passwordRange(template);
  const atSign = its !== undefined && template.slice(its.start, its.end).includes("@");
  return atSign || uri.lastIndexOf("@", offset - 1) < open.start ? open.start : undefined;
}

/** A TemplateError for a Result: built without a stack trace (the caller that throws captures one). */
export function templateError(code: TemplateErrorCode, template: string, input: string, rule: string, offset: number, expected: readonly string[], shortMessage?: string): TemplateError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new TemplateError(code, template, input, rule, offset, expected, shortMessage);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Throws `error` with a stack trace that starts at `caller`. */
export function throwFrom(error: Error, caller: (...args: never[]) => unknown): never {
  if (typeof Error.captureStackTrace === "function") Error.captureStackTrace(error, caller);
  throw error;
}
