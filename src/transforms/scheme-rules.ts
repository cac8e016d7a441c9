// RFC 3986 §6.2.3 scheme-based normalization and comparison, with what a registry of schemes
// knows (a value passed in: the built-in schemes' rules, src/schemes/builtin.ts, or a registry
// from uri-grammar/schemes). The transforms know a scheme by this shape only.
import * as make from "../ast/make.js";
import type { Uri, UriReference } from "../ast/nodes.js";
import { normalizeReference, type NormalizeOptions, type SchemeNormalization } from "./normalize.js";
import { serialize } from "./serialize.js";

/** What normalization and equivalence know of one scheme. */
export interface SchemeRules<V = unknown> {
  /** The scheme name, lowercase. */
  readonly name: string;
  readonly defaultPort: number | undefined;
  readonly emptyPathIsRoot: boolean;
  readonly normalizeOptions: NormalizeOptions | undefined;
  normalize?(uri: Uri, value: V, options: NormalizeOptions): Uri;
  equivalentKey?(value: V, uri: Uri): string;
  /** @internal The scheme's value of a URI of its scheme, or `undefined` when the scheme refuses it. */
  valueOf(uri: Uri): { readonly value: V } | undefined;
}

/** Schemes by name (case-insensitive, RFC 3986 §3.1). */
export interface SchemeRulesRegistry extends Iterable<SchemeRules> {
  get(name: string): SchemeRules | undefined;
}

/** Each scheme's default port (as digits) and whether an empty path means "/", by lowercase name. */
export function normalizationsOfSchemes(registry: Iterable<SchemeRules>): ReadonlyMap<string, SchemeNormalization> {
  const out = new Map<string, SchemeNormalization>();
  for (const s of registry) {
    out.set(s.name, Object.freeze({ name: s.name, defaultPort: s.defaultPort === undefined ? undefined : String(s.defaultPort), emptyPathIsRoot: s.emptyPathIsRoot }));
  }
  return out;
}

const normalizationsCache = new WeakMap<object, ReadonlyMap<string, SchemeNormalization>>();

/** The §6.2.3 definitions of a registry's schemes, made once per registry (registries are immutable). */
function normalizationsOf(reg: SchemeRulesRegistry): ReadonlyMap<string, SchemeNormalization> {
  let schemes = normalizationsCache.get(reg);
  if (schemes === undefined) {
    schemes = normalizationsOfSchemes(reg);
    normalizationsCache.set(reg, schemes);
  }
  return schemes;
}

/** The scheme of a reference in a registry, if it has one. */
const schemeOf = (node: UriReference, registry: SchemeRulesRegistry): SchemeRules | undefined => {
  const scheme = node.scheme;
  return scheme === undefined ? undefined : registry.get(scheme);
};

/**
 * Normalizes a URI reference (RFC 3986 §6.2.2, §6.2.3) with what the registry knows of its
 * scheme: its default port and empty path, its changes to the syntax-based steps (a urn's NSS
 * keeps its percent-encodings, RFC 8141 §3; opaque paths keep their dot segments), then the
 * scheme's own normalization when the URI is valid under the scheme. Idempotent; the result of
 * a URI valid under its scheme is valid under it too.
 */
export function normalizeWithRules(node: UriReference, reg: SchemeRulesRegistry, options: NormalizeOptions = {}): UriReference {
  const s = schemeOf(node, reg);
  const schemes = normalizationsOf(reg);
  // A scheme changes the generic steps (and adds its own) only for a URI it accepts: one it
  // refuses ("file:" with a query, "tel:" with an authority) gets every §6.2.2 step, so that
  // nothing decoded ("%2E%2E") is left where a step the scheme turns off would have removed it.
  if (s === undefined || (s.normalizeOptions === undefined && s.normalize === undefined)) return normalizeReference(node, { ...options, schemes });
  const value = s.valueOf(node as Uri);
  if (value === undefined) {
    const generic = normalizeReference(node, { ...options, schemes });
    // the steps can make a URI the scheme accepts ("file:a/../../b" is "file:/b"): then it is normalized as such, once
    const accepted = s.valueOf(generic as Uri);
    return accepted === undefined ? generic : schemeNormalize(generic, accepted, s, schemes, options);
  }
  return schemeNormalize(node, value, s, schemes, options);
}

/** A URI its scheme accepts (`value`: the scheme's value of it), normalized: the §6.2.2 steps as the scheme changes them, then the scheme's own step. */
function schemeNormalize(node: UriReference, value: { readonly value: unknown }, s: SchemeRules, schemes: ReadonlyMap<string, SchemeNormalization>, options: NormalizeOptions): UriReference {
  const opts: NormalizeOptions = s.normalizeOptions === undefined ? { ...options, schemes } : { ...options, schemes, ...s.normalizeOptions };
  const n = normalizeReference(node, opts);
  if (s.normalize === undefined) return n;
  // the steps changed no character (the usual case): the value already made is the value of the result
  const v = n === node || serialize(n) === serialize(node) ? value : s.valueOf(n as Uri);
  if (v === undefined) return n;
  const m = s.normalize(n as Uri, v.value, options);
  if (!make.isNode(m) || m.kind !== "URI") throw new TypeError(`normalize: the ${s.name} scheme's normalize must return a URI node made by the library`);
  // what the scheme's step made (a host moved into the authority, say) gets the §6.2.2 steps too
  return m === n ? n : normalizeReference(m, opts);
}

/** Options of {@link equivalenceKeyWithRules}. */
export interface EquivalenceKeyOptions {
  /** `true`: leave the fragment out (RFC 3986 §6.1, when the comparison selects a network action). */
  readonly ignoreFragment?: boolean | undefined;
  /** How IP literals compare where no scheme key applies: by value (`"rfc5952"`, the default) or as written (`"keep"`, case aside). */
  readonly ipv6?: "keep" | "rfc5952" | undefined;
}

/**
 * What equivalence compares (RFC 3986 §6.2.3 with the registry's schemes): for a URI valid under
 * a scheme that defines one (urn, mailto, tel), the scheme's key; otherwise the text of its
 * normal form ({@link normalizeWithRules}, IP literals by value). Two references are equivalent
 * when their keys are equal, so equivalence is an equivalence relation.
 */
export function equivalenceKeyWithRules(input: UriReference, reg: SchemeRulesRegistry, options: EquivalenceKeyOptions = {}): string {
  let node = input;
  if (options.ignoreFragment === true && node.fragment !== undefined) {
    node = make.uriReference({ scheme: node.scheme, authority: node.authority, path: node.path, query: node.query, fragment: undefined });
  }
  const s = schemeOf(node, reg);
  if (s?.equivalentKey !== undefined) {
    const v = s.valueOf(node as Uri);
    if (v !== undefined) return `${s.name} ${s.equivalentKey(v.value, node as Uri)}`;
  }
  return `URI ${serialize(normalizeWithRules(node, reg, { ipv6: options.ipv6 ?? "rfc5952" }))}`;
}
