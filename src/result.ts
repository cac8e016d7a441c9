// The outcome of every step that can fail: parsing (RFC 3986 §3, §4) and the transforms (§2.1,
// §5.1), and the one way an ...OrThrow twin turns it into a value or a throw.
import { throwWithStack, type UriSyntaxError } from "./errors.js";

/**
 * A value, or the reason there is none: the one shape `parse` (RFC 3986 §3, §4) and the
 * transforms (§2.1 decoding, §5.1 base checks) return, so their results mix freely. The error is
 * a UriSyntaxError unless said otherwise. This module imports only errors.ts, so the transforms
 * can use it without importing the parser.
 */
export type Result<T, E = UriSyntaxError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/**
 * The ...OrThrow twin of `f`: its value, or its error thrown with a stack trace that starts where
 * the twin was called. The twin is named `f`'s name + "OrThrow", as a stack trace, a profile and
 * `console.log` show it.
 */
export function orThrow<A extends unknown[], T>(f: (...args: A) => Result<T, Error>): (...args: A) => T {
  const twin = (...args: A): T => {
    const r = f(...args);
    if (!r.ok) throwWithStack(r.error, twin);
    return r.value;
  };
  return Object.defineProperty(twin, "name", { value: `${f.name}OrThrow` });
}
