// The outcome of every step that can fail: parsing (RFC 3986 §3, §4) and the transforms (§2.1, §5.1).

/**
 * A value, or the reason there is none: the one shape `parse` (RFC 3986 §3, §4) and the
 * transforms (§2.1 decoding, §5.1 base checks) return, so their results mix freely. It imports
 * nothing, so the transforms can use it without importing the parser.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };
