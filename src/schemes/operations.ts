// The operations that take a registry of schemes: parsing a URI under RFC 3986 and under its
// scheme (RFC 7595 §3.2: a scheme's syntax refines the generic one), and RFC 3986 §6.2.3
// scheme-based normalization and comparison with what each scheme knows.
import { readOptions } from "../describe.js";
import * as make from "../ast/make.js";
import { isNode } from "../ast/make.js";
import type { Parsed, Uri, UriReference } from "../ast/nodes.js";
import { throwWithStack, type UriSyntaxError } from "../errors.js";
import { describeValue } from "../describe.js";
import { referenceArgument, referenceOrThrow } from "../core/args.js";
import type { Result } from "../result.js";
import type { NormalizeOptions, SchemeNormalization } from "../transforms/normalize.js";
import { equivalenceKeyWithRules, normalizationsOfSchemes, normalizeWithRules, type EquivalenceKeyOptions } from "../transforms/scheme-rules.js";
import { serialize } from "../transforms/serialize.js";
import { defaultRegistry, type BuiltInSchemeValue } from "./defaults.js";
import { isRegistry, schemeParse, type SchemeParse, type SchemeRegistry } from "./registry.js";
import type { Scheme } from "./scheme.js";

function registryArgument(x: unknown, caller: string): SchemeRegistry {
  if (!isRegistry(x)) throw new TypeError(`${caller}: the argument "registry" must be a registry from createRegistry, got ${describeValue(x)}`);
  return x;
}

/** The node of a string (a URI or IRI reference) or a node from the library; a TypeError for anything else (the one coercion of every operation). */
const referenceOf = (x: unknown, caller: (...args: never[]) => unknown): UriReference => referenceOrThrow(x, "input", caller);

/**
 * Parses a URI reference under RFC 3986 and, when the registry has its scheme, under the
 * scheme too. A string that is no URI reference is the generic {@link UriSyntaxError}; a URI
 * that is valid under RFC 3986 but not under its scheme gives its generic AST and a
 * {@link SchemeError} (with the offset, what was expected and the RFC section).
 *
 * @deprecated One name per job (issue 23): use `parse(input, { schemes: registry })` from
 * `"uri-grammar"` (the same value; a node as input: `parse(serialize(node), { schemes })`).
 * This name stays for the 0.x minor versions after 0.1 and goes in 1.0.
 *
 * @example
 * const r = parseWithScheme("mailto:chris@example.com?subject=hi");
 * if (r.ok) r.value.scheme; // { kind: "mailto", to: [...], subject: "hi", ... }
 * parseWithScheme("http:///x").value?.schemeError?.code; // "empty-host"
 */
export function parseWithScheme(input: string | UriReference): Result<SchemeParse<BuiltInSchemeValue>, UriSyntaxError>;
export function parseWithScheme<V>(input: string | UriReference, registry: SchemeRegistry<V>): Result<SchemeParse<V>, UriSyntaxError>;
export function parseWithScheme(input: string | UriReference, registry: SchemeRegistry = defaultRegistry): Result<SchemeParse, UriSyntaxError> {
  const reg = registryArgument(registry, "parseWithScheme");
  // the one coercion (a URI or an IRI reference); a node from a transform has no spans, so its text is read again
  const r = referenceArgument(input, "input", "parseWithScheme");
  if (!r.ok) return r;
  const text = serialize(r.value);
  const generic = r.value.span === undefined ? (referenceArgument(text, "input", "parseWithScheme") as { ok: true; value: UriReference }).value : r.value;
  return { ok: true, value: schemeParse(generic as Parsed<UriReference>, text, reg) };
}

/**
 * {@link parseWithScheme}, throwing the UriSyntaxError of a string that is no URI reference (a SchemeError is still a value).
 *
 * @deprecated Use `parseOrThrow(input, { schemes: registry })` from `"uri-grammar"` (issue 23: one name per job).
 */
export function parseWithSchemeOrThrow(input: string | UriReference): SchemeParse<BuiltInSchemeValue>;
export function parseWithSchemeOrThrow<V>(input: string | UriReference, registry: SchemeRegistry<V>): SchemeParse<V>;
export function parseWithSchemeOrThrow(input: string | UriReference, registry: SchemeRegistry = defaultRegistry): SchemeParse {
  const r = parseWithScheme(input, registry);
  if (!r.ok) throwWithStack(r.error, parseWithSchemeOrThrow);
  return r.value;
}

/**
 * The registry as the §6.2.3 scheme definitions `normalize` takes today (`{ schemes }`): each
 * scheme's default port and whether an empty path means "/", by lowercase name.
 */
export function toSchemeNormalizations(registry: SchemeRegistry = defaultRegistry): ReadonlyMap<string, SchemeNormalization> {
  return normalizationsOfSchemes(registryArgument(registry, "toSchemeNormalizations"));
}

/**
 * Normalizes a URI reference (RFC 3986 §6.2.2, §6.2.3) with what the registry knows of its
 * scheme: its default port and empty path, its changes to the syntax-based steps (a urn's NSS
 * keeps its percent-encodings, RFC 8141 §3; opaque paths keep their dot segments), then the
 * scheme's own normalization when the URI is valid under the scheme. Idempotent; the result of
 * a URI valid under its scheme is valid under it too. A string that is no URI reference throws
 * its UriSyntaxError.
 *
 * @deprecated One name per job (issue 23): use `normalizeOrThrow(input, { ...options, schemes: registry })`
 * (or `normalize`, which returns a Result) from `"uri-grammar"`: the same normal form.
 *
 * @example
 * serialize(normalizeWithSchemes("URN:EXAMPLE:a%2cb")); // "urn:example:a%2Cb"
 * serialize(normalizeWithSchemes("file://localhost/etc/fstab")); // "file:///etc/fstab"
 */
export function normalizeWithSchemes(input: string | UriReference, registry: SchemeRegistry = defaultRegistry, options: NormalizeOptions = {}): UriReference {
  const reg = registryArgument(registry, "normalizeWithSchemes");
  const o = readOptions<NormalizeOptions>(options, "normalizeWithSchemes", { case: "boolean", percentEncoding: "boolean", dotSegments: "boolean", emptyPort: "boolean", defaultPort: "boolean", emptyPath: "boolean", nfc: "boolean", ipv6: ["keep", "rfc5952"] });
  return normalizeWithRules(referenceOf(input, normalizeWithSchemes), reg, o);
}

export type { EquivalenceKeyOptions };

/** The fields of equivalenceKey's options (one object: the key is made once per URI of a dedupe). */
const KEY_FIELDS = { ignoreFragment: "boolean", ipv6: ["keep", "rfc5952"], nfc: "boolean" } as const;

/**
 * What equivalence compares (RFC 3986 §6.2.3 with the registry's schemes): for a URI valid under
 * a scheme that defines one (urn, mailto, tel), the scheme's key (RFC 8141 §3, RFC 6068 §2, RFC
 * 3966 §4); otherwise the text of its normal form (`normalize(s, { schemes })`, IP literals by
 * value). Two references are equivalent when their keys are equal, so equivalence is an
 * equivalence relation. A string that is no URI reference throws its UriSyntaxError.
 *
 * @example
 * equivalenceKey("URN:EXAMPLE:a123,z456?=xyz") === equivalenceKey("urn:example:a123,z456#789"); // true
 */
export function equivalenceKey(input: string | UriReference, registry: SchemeRegistry = defaultRegistry, options?: EquivalenceKeyOptions): string {
  const reg = registryArgument(registry, "equivalenceKey");
  const o = readOptions<EquivalenceKeyOptions>(options, "equivalenceKey", KEY_FIELDS);
  return equivalenceKeyWithRules(referenceOf(input, equivalenceKey), reg, o);
}

/**
 * Whether two URI references are equivalent with what the registry knows of their schemes
 * (their {@link equivalenceKey}s are equal).
 *
 * @deprecated One name per job (issue 23): use `equivalentOrThrow(a, b, { ...options, schemes: registry })`
 * (or `equivalent`, which returns a Result) from `"uri-grammar"`: the same answer.
 *
 * @example
 * equivalentWithSchemes("tel:+1-201-555-0123", "TEL:+1.201.555.0123"); // true
 * equivalentWithSchemes("mailto:joe@EXAMPLE.com", "mailto:joe@example.com"); // true
 */
export function equivalentWithSchemes(a: string | UriReference, b: string | UriReference, registry: SchemeRegistry = defaultRegistry, options: EquivalenceKeyOptions = {}): boolean {
  return equivalenceKey(a, registry, options) === equivalenceKey(b, registry, options);
}
