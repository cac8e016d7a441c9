// The one Result type of the library: parsing, validation and the transforms all return it.

/** A value, or the reason there is none. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };
