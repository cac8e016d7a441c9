// The URL Standard's validation errors (https://url.spec.whatwg.org/#validation-error) and the error of uri-grammar/whatwg's parse: input the
// basic URL parser refuses (#concept-basic-url-parser returns failure), with the validation error and where. ./host-address.ts signals them.
import { expectString } from "../describe.js";
import { caretExcerpt } from "../errors.js";
import { defineInput } from "../password.js";

const NAMES = [
  "domain-to-ASCII", "domain-percent-encoded", "host-invalid-code-point",
  "IPv4-empty-part", "IPv4-too-few-parts", "IPv4-too-many-parts", "IPv4-non-numeric-part", "IPv4-non-decimal-part", "IPv4-out-of-range-part",
  "IPv6-unclosed", "IPv6-invalid-compression", "IPv6-too-many-pieces", "IPv6-multiple-compression", "IPv6-invalid-code-point", "IPv6-too-few-pieces",
  "IPv6-piece-leading-zero", "IPv4-in-IPv6-too-many-pieces", "IPv4-in-IPv6-invalid-code-point", "IPv4-in-IPv6-out-of-range-part", "IPv4-in-IPv6-too-few-parts",
  "invalid-URL-unit", "special-scheme-missing-following-solidus", "missing-scheme-non-relative-URL", "invalid-reverse-solidus", "invalid-credentials",
  "host-missing", "port-out-of-range", "port-invalid", "file-invalid-Windows-drive-letter", "file-invalid-Windows-drive-letter-host",
] as const;

/** The validation errors of the URL Standard, by the names of its table (#validation-error). */
export type WhatwgValidationError = (typeof NAMES)[number];

/** Every validation error name, in the order of the Standard's table. */
export const whatwgValidationErrors: readonly WhatwgValidationError[] = Object.freeze(NAMES);

/**
 * Why the URL Standard refuses the input: the validation error of its table that made the basic
 * URL parser return failure (#validation-error), or `"invalid-base"` when the base given is no
 * URL (its own reason is `cause`).
 */
export type WhatwgUrlErrorCode = WhatwgValidationError | "invalid-base";

/** Input that the URL Standard's basic URL parser refuses, and why. */
export class WhatwgUrlError extends Error {
  override readonly name = "WhatwgUrlError";
  readonly code: WhatwgUrlErrorCode;
  /**
   * The text that was parsed (the base, for a failure in it, is in `cause`): readable, not
   * enumerable, so that `JSON.stringify` and `console.log` of the error do not print a password it
   * holds (the message masks it).
   */
  declare readonly input: string;
  /** Where in `input` the parser gave up, in UTF-16 code units. */
  readonly offset: number;
  /** The first line of `message`, without the excerpt. */
  readonly shortMessage: string;
  /** For `"invalid-base"`: why the base is no URL. */
  override readonly cause: WhatwgUrlError | undefined;

  constructor(code: WhatwgUrlErrorCode, input: string, offset: number, what: string, cause?: WhatwgUrlError) {
    expectString(input, "input", "WhatwgUrlError");
    const shortMessage = `Not a URL (URL Standard, ${code}) at offset ${offset}: ${what}`;
    super();
    this.message = `${shortMessage}\n${caretExcerpt(input, offset)}`;
    this.code = code;
    defineInput(this, input);
    this.offset = offset;
    this.shortMessage = shortMessage;
    this.cause = cause;
  }
}
