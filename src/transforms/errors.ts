// The typed failures of the transforms: RFC 3986 §5.1 (a base URI must be absolute) and §2.1
// with RFC 3629 (percent-encoded octets that are not UTF-8).
import { defineInput } from "../password.js";

/**
 * Why a reference does not resolve: a base RFC 3986 §5.1 does not allow, or (with a registry of
 * schemes) a target its scheme refuses.
 */
export type ResolveErrorCode = "base-not-absolute" | "base-has-fragment" | "target-invalid-for-scheme";

/**
 * A base URI that RFC 3986 §5.1 does not allow: it must match `absolute-URI`. A relative base
 * (`"base-not-absolute"`) must first be resolved against an outer base (§5.1.1–§5.1.4); a base
 * with a fragment (`"base-has-fragment"`) must have its fragment stripped first. With a registry
 * of schemes (`resolve(base, ref, { schemes })`), `"target-invalid-for-scheme"`: the target is no
 * valid URI of its scheme (an http URI without an authority, RFC 9110 §4.2.1), its scheme's
 * error in `cause`.
 */
export class ResolveError extends Error {
  override readonly name = "ResolveError";
  readonly code: ResolveErrorCode;
  /** For `"target-invalid-for-scheme"`: the scheme's error (a `SchemeError` of uri-grammar/schemes). */
  override readonly cause: (Error & { readonly shortMessage?: string }) | undefined;

  constructor(code: ResolveErrorCode, cause?: Error & { readonly shortMessage?: string }) {
    super();
    this.message =
      code === "base-has-fragment"
        ? "Invalid base URI: it has a fragment; strip the fragment first (RFC 3986 §5.1)"
        : code === "target-invalid-for-scheme"
          ? `Invalid target: RFC 3986 §5.2.2 gives a URI its scheme does not allow: ${cause?.shortMessage ?? cause?.message ?? ""}`
          : "Invalid base URI (the first argument): it has no scheme; resolve it against an absolute base first (RFC 3986 §5.1)";
    this.code = code;
    this.cause = cause;
  }
}

/** Why percent-encoded text cannot be decoded. */
export type DecodeErrorCode = "bad-escape" | "invalid-utf8";

/**
 * Text that does not decode: a `"%"` without two hex digits after it (`"bad-escape"`, RFC 3986
 * §2.1), or octets that are not well-formed UTF-8 (`"invalid-utf8"`, RFC 3629 §3–§4).
 */
export class DecodeError extends Error {
  override readonly name = "DecodeError";
  readonly code: DecodeErrorCode;
  /**
   * The text that was decoded: readable, not enumerable, so that `JSON.stringify` and
   * `console.log` of the error do not print a password it holds (RFC 3986 §7.5).
   */
  declare readonly input: string;
  /**
   * In UTF-16 code units: the `"%"` of the bad escape, or the `"%"` of the first octet of the
   * ill-formed UTF-8 sequence.
   */
  readonly offset: number;

  constructor(code: DecodeErrorCode, input: string, offset: number) {
    super();
    this.message =
      code === "bad-escape"
        ? `Invalid percent-encoding at offset ${offset}: "%" must be followed by two hex digits`
        : `Invalid UTF-8 at offset ${offset}: the percent-encoded octets there are not a well-formed UTF-8 sequence`;
    this.code = code;
    defineInput(this, input);
    this.offset = offset;
  }
}
