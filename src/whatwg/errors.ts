// The error of uri-grammar/whatwg's parse: input the URL Standard's basic URL parser refuses
// (https://url.spec.whatwg.org/#concept-basic-url-parser returns failure), with the validation
// error that made it fail and where.
import { caretExcerpt } from "../errors.js";
import { defineInput } from "../password.js";
import type { WhatwgValidationError } from "./validation.js";

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
    const shortMessage = `Not a URL (URL Standard, ${code}) at offset ${offset}: ${what}`;
    super(`${shortMessage}\n${caretExcerpt(input, offset)}`);
    this.code = code;
    defineInput(this, input);
    this.offset = offset;
    this.shortMessage = shortMessage;
    this.cause = cause;
  }
}
