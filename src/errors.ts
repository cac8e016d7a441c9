// One typed error for every rejection (RFC 3986 gives no error model; this one follows parsimmon's
// furthest-failure reports: the offset is the first character no valid input could have there).
import { defineInput, maskPasswordAt } from "./password.js";
import { caretColumn, PRINTABLE_ASCII } from "./width.js";
import { describeValue, expectString, wordList } from "./describe.js";

const WINDOW = 40;

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * One line of the input around `offset` with a caret under it. The window never cuts a
 * surrogate pair; control characters, lone surrogates, format characters (bidi controls) and
 * line or paragraph separators are shown as "?"; a password (password.ts) as "***". The caret
 * stands at the terminal column of the character at `offset` (width.ts: East Asian Width,
 * combining marks, emoji clusters), so it is under that character on a terminal whatever the
 * text before it (offsets are UTF-16 code units).
 */
export function caretExcerpt(text: string, at: number): string {
  // RFC 3986 §7.5: a password is shown as "***", the caret moved with what follows it
  return excerptOfMasked(maskPasswordAt(text, at));
}

/** {@link caretExcerpt} of a text whose password is already masked (maskPasswordAt), for a constructor that masked it already. */
export function excerptOfMasked(masked: { readonly text: string; readonly offset: number }): string {
  const { text: input, offset } = masked;
  let from = Math.max(0, offset - WINDOW);
  let to = Math.min(input.length, offset + WINDOW);
  if (from > 0 && isLow(input.charCodeAt(from)) && isHigh(input.charCodeAt(from - 1))) from--;
  if (to < input.length && isLow(input.charCodeAt(to)) && isHigh(input.charCodeAt(to - 1))) to++;
  const head = from > 0 ? "…" : "";
  const tail = to < input.length ? "…" : "";
  const window = input.slice(from, to);
  // the common case: nothing to replace, and the caret's column is its offset
  // (an offset outside the text puts the caret at its nearer end, as caretColumn does)
  if (PRINTABLE_ASCII.test(window)) return `  ${head}${window}${tail}\n  ${" ".repeat(head.length + Math.max(0, Math.min(offset - from, window.length)))}^`;
  const show = (text: string): string =>
    // eslint-disable-next-line no-control-regex
    text
      .replace(/[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "?")
      .replace(INVISIBLE_IN_EXCERPT, "?");
  const before = show(input.slice(from, offset));
  const line = before + show(input.slice(offset, to));
  return `  ${head}${line}${tail}\n  ${" ".repeat(head.length + caretColumn(line, before.length))}^`;
}

/**
 * Format characters (the bidi controls of RFC 3987 §4.1, zero-width joiners, tags) and line and
 * paragraph separators: printed as they are, they would reorder or break the excerpt a terminal
 * shows, so the excerpt shows "?" for them as for controls.
 */
const INVISIBLE_IN_EXCERPT = /[\p{Cf}\p{Zl}\p{Zp}]/gu;
/**
 * Characters a reader cannot see or tell apart when quoted: controls (C0, DEL and C1), format
 * characters, private use, separators (the space among them), and combining marks (quoted alone,
 * a mark is drawn on the quotation mark).
 */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Co}\p{Z}\p{M}]$/u;

/** A code point as the Unicode Standard writes it: "U+" and four or more uppercase hex digits (U+00E9, U+1F600). */
export const codePointName = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * What stands at `offset`, for messages: a quoted character, `U+XXXX` for a control, a space,
 * or one a reader cannot see (format characters such as U+202E, private use, separators,
 * combining marks), or "end of input".
 */
export function foundAt(input: string, offset: number): string {
  const cp = input.codePointAt(offset);
  if (cp === undefined) return "end of input";
  const ch = String.fromCodePoint(cp);
  return INVISIBLE.test(ch) ? codePointName(cp) : JSON.stringify(ch);
}

/** What `found` says for an offset inside a password (RFC 3986 §7.5: never quoted). */
export const PASSWORD_CHARACTER = "a character of the password";

/**
 * What a {@link UriSyntaxError} is: `"syntax"`, the input does not match the rule; `"too-long"`,
 * it is longer than `maxLength` ({@link InputTooLongError}); `"match-limit"`, the ABNF engine ran
 * out of its budget before deciding (uri-grammar/abnf's MatchLimitError). Every error class of the
 * library has a `code`, so one `switch` reads any `Result`'s error.
 */
export type UriSyntaxErrorCode = "syntax" | "too-long" | "match-limit";

/**
 * A string that does not match a rule. `offset` is where matching could not go on (in UTF-16
 * code units); `expected` lists the ABNF rule names and quoted literals that could have stood there.
 */
export class UriSyntaxError extends Error {
  override readonly name: string = "UriSyntaxError";
  /** `"syntax"` here; a subclass's own (`"too-long"`, `"match-limit"`). */
  readonly code: UriSyntaxErrorCode = "syntax";
  /**
   * The text that was parsed, as given: readable, not enumerable, so that `JSON.stringify` and
   * `console.log` of the error do not print a password it holds (the message masks it).
   */
  declare readonly input: string;
  /** The ABNF name of the rule the input was matched against. */
  readonly rule: string;
  /** Where the input stops matching, in UTF-16 code units. */
  readonly offset: number;
  /** ABNF names (`HEXDIG`) and quoted literals (`"]"`) that would have been accepted at `offset`. */
  readonly expected: readonly string[];
  /**
   * What stands at `offset`: a quoted character, a `U+XXXX` code, `"end of input"`, or, inside
   * the password of a userinfo, {@link PASSWORD_CHARACTER}.
   */
  readonly found: string;
  /**
   * The first line of `message`, without the excerpt. The message and its excerpt show a
   * password of the input as "***" (RFC 3986 §7.5); `input` is the text as given.
   */
  readonly shortMessage: string;

  constructor(input: string, rule: string, offset: number, expected: readonly string[], shortMessageOverride?: string) {
    // a call from plain JavaScript is told which argument it got wrong (not the platform's TypeError)
    expectString(input, "input", "UriSyntaxError");
    if (!Array.isArray(expected)) throw new TypeError(`UriSyntaxError: the argument "expected" must be an array of strings, got ${describeValue(expected)}`);
    // RFC 3986 §7.5: the message and its excerpt show the password masked (input keeps it), an
    // authority's or a userinfo's read as such
    const masked = maskPasswordAt(input, offset, { rule });
    const found = masked.inPassword ? PASSWORD_CHARACTER : foundAt(input, offset);
    const shortMessage = shortMessageOverride ?? `Invalid ${rule} at offset ${offset}: expected ${wordList(expected)}, found ${found}`;
    super();
    this.message = `${shortMessage}\n${excerptOfMasked(masked)}`;
    defineInput(this, input);
    this.rule = rule;
    this.offset = offset;
    this.expected = Object.freeze([...expected]);
    this.found = found;
    this.shortMessage = shortMessage;
  }
}

/**
 * Input longer than the limit the caller set (`maxLength`, or {@link DEFAULT_MAX_LENGTH}): refused
 * before any matching, so that the time and memory a request can cost are bounded. RFC 3986 sets
 * no length limit; this is a policy, not a syntax rule. A UriSyntaxError (so a `Result` holds it
 * like any rejection) whose `offset` is `maxLength`, the first character beyond the limit, with
 * nothing expected there.
 */
export class InputTooLongError extends UriSyntaxError {
  override readonly name: string = "InputTooLongError";
  override readonly code = "too-long";
  /** The limit the input went over, in UTF-16 code units. */
  readonly maxLength: number;

  /**
   * `length`: the input's length, when `input` holds only its beginning (at least up to
   * `maxLength`, for the excerpt): a line the command line refuses without keeping it whole.
   */
  constructor(input: string, rule: string, maxLength: number, length?: number) {
    expectString(input, "input", "InputTooLongError");
    length ??= input.length;
    super(input, rule, maxLength, [], `Invalid ${rule}: the input is ${length} characters long, more than the limit of ${maxLength} (maxLength)`);
    this.maxLength = maxLength;
  }
}

/**
 * The longest input `parse`, `validate`, `isValid` and every operation that parses accept unless
 * told otherwise: 2,097,152 UTF-16 code units (2 MiB), the longest URL Chromium accepts. Far above
 * what a request line needs (RFC 9110 §4.1 asks servers to take at least 8,000 octets): a
 * server parsing request targets should pass a smaller `maxLength`, such as 8192.
 */
export const DEFAULT_MAX_LENGTH = 2_097_152;

/**
 * The error `make` builds, without capturing a stack trace: capturing costs more than finding the
 * error, and a value a Result returns has no use for one. Code that throws it (the `...OrThrow`
 * functions) captures the stack at the throw ({@link throwWithStack}).
 */
export function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The InputTooLongError for a Result, without a stack trace. */
export function tooLongError(input: string, rule: string, maxLength: number): InputTooLongError {
  return withoutStack(() => new InputTooLongError(input, rule, maxLength));
}

/** A UriSyntaxError for a Result, without a stack trace. */
export function syntaxError(input: string, rule: string, offset: number, expected: readonly string[], shortMessage?: string): UriSyntaxError {
  return withoutStack(() => new UriSyntaxError(input, rule, offset, expected, shortMessage));
}

/** Throws `error` with a stack trace that starts at `caller`. */
export function throwWithStack(error: Error, caller: (...args: never[]) => unknown): never {
  if (typeof Error.captureStackTrace === "function") Error.captureStackTrace(error, caller);
  throw error;
}
