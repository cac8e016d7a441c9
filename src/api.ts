// The string-accepting conveniences: parse (RFC 3986 §4.1 URI-reference) first, then run the
// pure transforms of ./transforms (§5.2 resolution, §6.2 normalization and comparison).
import type { Uri, UriReference } from "./ast/nodes.js";
import type { UriSyntaxError } from "./errors.js";
import { parse, type Result } from "./parse.js";
import { equivalentReferences, type EquivalenceOptions } from "./transforms/equivalent.js";
import type { ResolveError } from "./transforms/errors.js";
import { normalizeReference, type NormalizeOptions } from "./transforms/normalize.js";
import { resolveReference, type ResolveOptions } from "./transforms/resolve.js";

export {
  buildUri, withScheme, withUserinfo, withHost, withPort, withPath, withQuery, withFragment, type UriParts,
} from "./uri-builder.js";

const reference = (input: string | UriReference): Result<UriReference, UriSyntaxError> =>
  typeof input === "string" ? parse(input) : { ok: true, value: input };

/**
 * Resolves a reference against a base (RFC 3986 §5.2) and returns the target URI; strings are
 * parsed as `URI-reference` first. A string that does not parse gives its {@link UriSyntaxError};
 * a base (string or node) that is not an absolute URI (no scheme, or a fragment) gives a {@link ResolveError}
 * (§5.1: resolve the base against its own base, or strip its fragment, first). See
 * `resolveReference` for the one case RFC 3986 cannot write (`"foo:"` + `".///bar"` → `"foo:/.//bar"`).
 *
 * @example
 * const r = resolve("http://a/b/c/d;p?q", "../g");
 * if (r.ok) serialize(r.value); // "http://a/b/g"
 */
export function resolve(
  base: string | UriReference,
  ref: string | UriReference,
  options: ResolveOptions = {},
): Result<Uri, UriSyntaxError | ResolveError> {
  const b = reference(base);
  if (!b.ok) return b;
  const r = reference(ref);
  if (!r.ok) return r;
  return resolveReference(b.value as Uri, r.value, options);
}

/**
 * Normalizes a URI reference (RFC 3986 §6.2.2, §6.2.3; see `normalizeReference` for the steps and
 * options); a string is parsed as `URI-reference` first.
 *
 * @example
 * const r = normalize("HTTP://www.EXAMPLE.com:80");
 * if (r.ok) serialize(r.value); // "http://www.example.com/"
 */
export function normalize(input: string | UriReference, options: NormalizeOptions = {}): Result<UriReference, UriSyntaxError> {
  const r = reference(input);
  return r.ok ? { ok: true, value: normalizeReference(r.value, options) } : r;
}

/**
 * Whether two URI references are equivalent at a rung of RFC 3986 §6.2's ladder (`"scheme"` by
 * default; see `equivalentReferences`); strings are parsed as `URI-reference` first.
 *
 * @example
 * equivalent("http://example.com", "http://example.com:80/"); // { ok: true, value: true }
 */
export function equivalent(
  a: string | UriReference,
  b: string | UriReference,
  options: EquivalenceOptions = {},
): Result<boolean, UriSyntaxError> {
  const x = reference(a);
  if (!x.ok) return x;
  const y = reference(b);
  if (!y.ok) return y;
  return { ok: true, value: equivalentReferences(x.value, y.value, options) };
}
