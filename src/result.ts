// The outcome of every step that can fail: parsing (RFC 3986 §3, §4) and the transforms (§2.1, §5.1).
import type { UriSyntaxError } from "./errors.js";

/**
 * A value, or the reason there is none: the one shape `parse` (RFC 3986 §3, §4) and the
 * transforms (§2.1 decoding, §5.1 base checks) return, so their results mix freely. The error is
 * a UriSyntaxError unless said otherwise. It imports only that error's type, so the transforms
 * can use it without importing the parser.
 */
export type Result<T, E = UriSyntaxError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };
