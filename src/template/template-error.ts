// The typed failure of every step of URI Templates (RFC 6570), light: the class, and the one
// function that makes one (templateRefusal: the errors of reading and expanding a template, what
// `expand` alone bundles, and through errors.ts the matcher's), its texts' password masked
// (password.ts) and its message one line (errors.ts's formatTemplateError adds the caret excerpt).
import { foundAt, PASSWORD_CHARACTER } from "../errors.js";
import { wordList } from "../describe.js";
import { maskTemplatePasswordAt } from "../password.js";

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
 * matched against it come from anyone. Both are masked ("***"), and the offset counts in the
 * masked `input`; a URI that leaves the template inside a password is told where that password
 * starts and nothing of what the template has there (so that a guess learns nothing from getting
 * more of it right).
 *
 * Its message is one line (`shortMessage`); `formatTemplateError` adds an excerpt of `input`
 * with a caret under the offset.
 */
export class TemplateError extends Error {
  override readonly name: string = "TemplateError";
  declare readonly code: TemplateErrorCode;
  /** The template's text, its password masked. */
  declare readonly template: string;
  /** The text `offset` is in (the template, or the URI), its password masked. */
  declare readonly input: string;
  /** The ABNF name of the rule `input` was read as: `"URI-Template"`, or `"template"` for a URI. */
  declare readonly rule: string;
  /** Where `input` stops matching, in UTF-16 code units of the masked `input`. */
  declare readonly offset: number;
  /** ABNF names (`HEXDIG`) and quoted literals (`"}"`) that would have been accepted at `offset`. */
  declare readonly expected: readonly string[];
  /** What stands at `offset`: a quoted character, a `U+XXXX` code, `"end of input"`, or "a character of the password". */
  declare readonly found: string;
  /** The first line of `message`, without an excerpt. */
  declare readonly shortMessage: string;

  /**
   * Made by the package: every text given is already masked, `offset` counts in the masked
   * `input`; `expected` is frozen as given, not copied (the package passes an array of its own
   * that nothing changes after), so that a call from plain JavaScript with missing arguments makes
   * an error rather than failing on the platform's TypeError, at no cost to `{ expand }`'s bytes.
   */
  constructor(code: TemplateErrorCode, template: string, input: string, rule: string, offset: number, expected: readonly string[], found: string, shortMessage: string) {
    // (the message assigned, not given to Error: an own enumerable property, which JSON.stringify
    // writes after the name, as for every error the package exports)
    super();
    this.message = shortMessage;
    this.code = code;
    this.template = template;
    this.input = input;
    this.rule = rule;
    this.offset = offset;
    this.expected = Object.freeze(expected);
    this.found = found;
    this.shortMessage = shortMessage;
  }
}

/**
 * An error of reading or expanding `template` at `offset` (a TemplateError with the template as
 * `input`), or of matching the URI `input` against it, built without a stack trace (the caller
 * that throws captures one): its message is `shortMessage(maskedOffset, found)`, or says what was
 * expected and what was found. Both texts are masked as URI references (password.ts).
 */
export function templateRefusal(code: TemplateErrorCode, template: string, offset: number, expected: readonly string[], shortMessage?: (offset: number, found: string) => string, input = template, rule = "URI-Template"): TemplateError {
  const { text: masked, offset: at, inPassword } = maskTemplatePasswordAt(input, offset);
  const found = inPassword ? PASSWORD_CHARACTER : foundAt(input, offset);
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new TemplateError(code, maskTemplatePasswordAt(template, 0).text, masked, rule, at, expected, found, shortMessage?.(at, found) ?? `Invalid URI-Template at offset ${at}: expected ${wordList(expected)}, found ${found}`);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Throws `error` with a stack trace that starts at `caller` (the package's one, src/errors.ts). */
export { throwWithStack as throwFrom } from "../errors.js";
