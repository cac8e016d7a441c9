// RFC 3986 §6.2.3 scheme-based normalization and comparison with what a registry of schemes knows (passed in: `defaultSchemeNormalizations`' facts, or a
// registry from uri-grammar/schemes). The transforms know a scheme by this shape only.
import * as make from "../ast/make.js";
import type { Uri, UriReference } from "../ast/nodes.js";
import { describeValue } from "../describe.js";
import { isNormalAt, NO_OPTIONS, normalizeReference, normalizeStepByStep, normalText, unchangedReference, type NormalizeOptions, type SchemeNormalization } from "./normalize.js";
import { serializeNode, withoutFragment } from "./serialize.js";

/**
 * What normalization and equivalence know of one scheme: the second layer of the one scheme
 * record, over its §6.2.3 facts (`SchemeNormalization`). A built-in scheme's record
 * (src/schemes/kernel.ts `SchemeRecord`) is one, and so is a scheme value (uri-grammar/schemes).
 */
export interface SchemeRules<V = unknown> extends SchemeNormalization {
  readonly defaultPort: number | undefined;
  readonly emptyPathIsRoot: boolean;
  /** Changes to the §6.2.2 steps for this scheme (RFC 8141 §3: `{ percentEncoding: false }`). */
  readonly normalizeOptions: NormalizeOptions | undefined;
  normalize?(uri: Uri, value: V, options: NormalizeOptions): Uri;
  equivalentKey?(value: V, uri: Uri): string;
  /**
   * @internal `true` only when `normalize` gives back as it is every URI at `layout` that the
   * §6.2.2 steps leave as it is, whatever value the scheme gives it (and when the scheme refuses
   * it): a cheap check, so that normalizing such a URI judges nothing (RFC 3986 §6.2.3).
   */
  keepsNormalForm?(layout: make.Layout): boolean;
  /** @internal The scheme's value of a URI of its scheme, or `undefined` when the scheme refuses it. */
  valueOf(uri: Uri): { readonly value: V } | undefined;
}

/**
 * @internal A scheme record's own hooks, unchecked: normalization and equivalence call them with
 * the node and the value they made (the record's `normalize` and `equivalentKey` are for callers,
 * and check their arguments first). A record without an entry is called through its methods.
 */
export const OWN_HOOKS = new WeakMap<object, Pick<SchemeRules, "normalize" | "equivalentKey">>();

/** Schemes by name (case-insensitive, RFC 3986 §3.1). */
export interface SchemeRulesRegistry extends Iterable<SchemeRules> {
  get(name: string): SchemeRules | undefined;
}

/** A registry's schemes by lowercase name, as §6.2.3 normalization reads them (each record is its own `SchemeNormalization`). */
export function normalizationsOfSchemes(registry: Iterable<SchemeRules>): ReadonlyMap<string, SchemeNormalization> {
  return new Map([...registry].map((s) => [s.name, s] as const));
}

/** What a registry's schemes give the steps: their §6.2.3 definitions, and the options of a call that asks for no step of its own. */
interface RegistryFacts {
  readonly schemes: ReadonlyMap<string, SchemeNormalization>;
  readonly defaults: NormalizeOptions;
  /** The options of {@link RFC5952} with the registry's facts: what equivalence keys normalize with by default. */
  readonly rfc5952: NormalizeOptions;
}

/**
 * The options equivalence keys normalize with by default (IP literals by value, RFC 5952), one
 * object: {@link withRules} then takes the registry's copy of them, made once, instead of
 * spreading them into a new object per call (a spread that was most of an equivalence key's time).
 */
const RFC5952: NormalizeOptions = Object.freeze({ ipv6: "rfc5952" });

const factsCache = new WeakMap<object, RegistryFacts>();

/** The §6.2.3 definitions of a registry's schemes, made once per registry (registries are immutable). */
function factsOf(reg: SchemeRulesRegistry): RegistryFacts {
  let facts = factsCache.get(reg);
  if (facts === undefined) {
    const schemes = normalizationsOfSchemes(reg);
    facts = { schemes, defaults: Object.freeze({ schemes }), rfc5952: Object.freeze({ ...RFC5952, schemes }) };
    factsCache.set(reg, facts);
  }
  return facts;
}

/**
 * Normalizes a URI reference (RFC 3986 §6.2.2, §6.2.3) with what the registry knows of its
 * scheme: its default port and empty path, its changes to the syntax-based steps (a urn's NSS
 * keeps its percent-encodings, RFC 8141 §3; opaque paths keep their dot segments), then the
 * scheme's own normalization when the URI is valid under the scheme. Idempotent; the result of
 * a URI valid under its scheme is valid under it too.
 */
export function normalizeWithRules(node: UriReference, reg: SchemeRulesRegistry, options: NormalizeOptions = {}): UriReference {
  return withRules(node, reg, options, true);
}

/**
 * @internal {@link normalizeWithRules} without any one-scan check of a text in normal form: the
 * scheme judges every URI of its own, and each step runs one by one. What the checks must agree
 * with (tested in test/transforms/normalize-fast-path.test.ts).
 */
export function normalizeWithRulesStepByStep(node: UriReference, reg: SchemeRulesRegistry, options: NormalizeOptions = {}): UriReference {
  return withRules(node, reg, options, false);
}

/**
 * The whole text at `L` (a URI reference) normalized with the registry's schemes and no step
 * asked for, when one scan tells it is in normal form (the usual case of {@link withRules}):
 * the reference as it is, a node without spans; else `undefined` (then the node is normalized).
 */
export function normalTextWithRules(L: make.Layout, reg: SchemeRulesRegistry): UriReference | undefined {
  const name = L.schemeEnd < 0 ? undefined : L.input.slice(L.start, L.schemeEnd);
  const s = name === undefined ? undefined : reg.get(name);
  if (s?.normalize !== undefined && s.keepsNormalForm?.(L) !== true) return undefined;
  return normalText(L, name === undefined ? undefined : factsOf(reg).schemes.get(name));
}

function withRules(node: UriReference, reg: SchemeRulesRegistry, options: NormalizeOptions, check: boolean): UriReference {
  const normal = check ? normalizeReference : normalizeStepByStep;
  const facts = factsOf(reg);
  const schemes = facts.schemes;
  // each field of the options read once, here (none when the call asked for no step of its own)
  const generic: NormalizeOptions = options === NO_OPTIONS ? facts.defaults : options === RFC5952 ? facts.rfc5952 : { ...options, schemes };
  const L = make.layoutOf(node);
  const name = L.schemeEnd < 0 ? undefined : L.input.slice(L.start, L.schemeEnd);
  const s = name === undefined ? undefined : reg.get(name);
  if (check && isNormalWithRules(L, name, s, generic, schemes)) return unchangedReference(node, L);
  // A scheme changes the generic steps (and adds its own) only for a URI it accepts: one it
  // refuses ("file:" with a query, "tel:" with an authority) gets every §6.2.2 step, so that
  // nothing decoded ("%2E%2E") is left where a step the scheme turns off would have removed it.
  if (s === undefined || (s.normalizeOptions === undefined && s.normalize === undefined)) return normal(node, generic);
  const value = s.valueOf(node as Uri);
  if (value === undefined) {
    const n = normal(node, generic);
    // the steps can make a URI the scheme accepts ("file:a/../../b" is "file:/b"): then it is normalized as such, once
    const accepted = s.valueOf(n as Uri);
    return accepted === undefined ? n : schemeNormalize(n, accepted, s, generic, options, normal);
  }
  return schemeNormalize(node, value, s, generic, options, normal);
}

/**
 * The usual case of {@link withRules}, told in one scan: a reference at `L` in normal form for
 * every step (so for the steps its scheme `s` turns off too), which its scheme's own
 * normalization keeps: the same text whether the scheme accepts it or not, so it is not judged.
 * (A scheme in uppercase is not normal, so its facts are found under the name as written; RFC
 * 5952 text, equivalence's default, changes IPv6 hosts only: an IP literal, a string's run leaving
 * its kind unknown, takes the steps.)
 */
function isNormalWithRules(
  L: make.Layout, name: string | undefined, s: SchemeRules | undefined, generic: NormalizeOptions, schemes: ReadonlyMap<string, SchemeNormalization>,
): boolean {
  if (generic.nfc === true || (generic.ipv6 === "rfc5952" && L.input.charCodeAt(L.hostStart) === 0x5b)) return false;
  if (s?.normalize !== undefined && s.keepsNormalForm?.(L) !== true) return false;
  return isNormalAt(L, name === undefined ? undefined : schemes.get(name));
}

/**
 * A URI its scheme accepts (`value`: the scheme's value of it), normalized: the §6.2.2 steps as
 * the scheme changes them (`generic`: the steps asked for, with the registry's §6.2.3 facts),
 * then the scheme's own step, which is given the `options` asked for.
 */
function schemeNormalize(
  node: UriReference, value: { readonly value: unknown }, s: SchemeRules, generic: NormalizeOptions, options: NormalizeOptions,
  normal: (node: UriReference, options: NormalizeOptions) => UriReference,
): UriReference {
  const opts: NormalizeOptions = s.normalizeOptions === undefined ? generic : { ...generic, ...s.normalizeOptions };
  const n = normal(node, opts);
  if (s.normalize === undefined) return n;
  // the steps changed no character (the usual case): the value already made is the value of the result
  const v = n === node || serializeNode(n) === serializeNode(node) ? value : s.valueOf(n as Uri);
  if (v === undefined) return n;
  const m = (OWN_HOOKS.get(s) ?? s).normalize?.(n as Uri, v.value, options);
  // (a URI of another scheme is no normal form of this one: SchemeSpec.normalize, "valid under the scheme")
  if (!make.isNode(m) || m.kind !== "URI" || m.scheme.toLowerCase() !== s.name) {
    throw new TypeError(`normalize: the ${s.name} scheme's normalize must return a URI node made by the library, of its scheme, got ${make.isNode(m) && m.kind === "URI" ? `a URI of the scheme ${describeValue(m.scheme)}` : describeValue(m)}`);
  }
  // what the scheme's step made (a host moved into the authority, say) gets the §6.2.2 steps too
  return m === n ? n : normal(m, opts);
}

/** What a registry brings to the main entry's normalize and equivalent (core/brand.ts markRegistry): the functions of this module that they call. */
export interface SchemeRulesOperations {
  readonly normalizeWithRules: typeof normalizeWithRules;
  readonly normalTextWithRules: typeof normalTextWithRules;
  readonly equivalenceKeyWithRules: typeof equivalenceKeyWithRules;
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
 * a scheme that defines one (urn, mailto, tel), or whose normal form is, the scheme's key (of
 * that normal form); otherwise the text of its normal form ({@link normalizeWithRules}, IP literals by value). Two references are equivalent
 * when their keys are equal, so equivalence is an equivalence relation.
 */
export function equivalenceKeyWithRules(input: UriReference, reg: SchemeRulesRegistry, options: EquivalenceKeyOptions = {}): string {
  return normalEquivalenceKey(make.layoutOf(input), reg, options) ?? keyOfNode(input, reg, options);
}

/**
 * @internal The usual case of {@link equivalenceKeyWithRules}, read off the reference's offsets
 * alone (no node, no getter): the key of the reference at `L` when no scheme key applies to it
 * and its text (without its fragment, with `ignoreFragment`) is in normal form; else `undefined`,
 * and the node's key is worked out by {@link equivalenceKeyWithRules}.
 */
export function normalEquivalenceKey(L: make.Layout, reg: SchemeRulesRegistry, options: EquivalenceKeyOptions): string | undefined {
  const name = L.schemeEnd < 0 ? undefined : L.input.slice(L.start, L.schemeEnd);
  const s = name === undefined ? undefined : reg.get(name);
  if (s?.equivalentKey !== undefined) return undefined;
  // RFC 3986 §6.1: the reference up to its "#" is a reference of its own, at the same offsets
  const at = options.ignoreFragment === true && L.fragmentStart >= 0 ? { ...L, end: L.fragmentStart, fragmentStart: -1 } : L;
  const facts = factsOf(reg);
  return isNormalWithRules(at, name, s, options.ipv6 === "keep" ? facts.defaults : facts.rfc5952, facts.schemes) ? `URI ${at.input.slice(at.start, at.end)}` : undefined;
}

function keyOfNode(input: UriReference, reg: SchemeRulesRegistry, options: EquivalenceKeyOptions): string {
  const node = options.ignoreFragment === true ? withoutFragment(input) : input;
  const L = make.layoutOf(node);
  const name = L.schemeEnd < 0 ? undefined : L.input.slice(L.start, L.schemeEnd);
  const s = name === undefined ? undefined : reg.get(name);
  const normalForm = (): UriReference => normalizeWithRules(node, reg, options.ipv6 === "keep" ? { ipv6: "keep" } : RFC5952);
  let normal: UriReference | undefined;
  if (s?.equivalentKey !== undefined) {
    // a URI the scheme refuses is compared as its normal form, which the scheme may accept
    // ("tel:+%31" is "tel:+1", "mailto:./x@y.z" is "mailto:x@y.z"), as normalize makes it: RFC
    // 3986 §6.2.3 climbs from §6.2.2 (fewer false negatives, §6.2), and a URI is equivalent to
    // its normal form (fuzz round 17)
    let uri = node as Uri;
    let v = s.valueOf(uri);
    if (v === undefined) v = s.valueOf((uri = (normal = normalForm()) as Uri));
    if (v !== undefined) {
      const key = (OWN_HOOKS.get(s) ?? s).equivalentKey?.(v.value, uri);
      // a key that is no string (a hook that forgot to return) would make every URI of the scheme equivalent
      if (typeof key !== "string") throw new TypeError(`equivalence: the ${s.name} scheme's equivalentKey must return a string, got ${describeValue(key)}`);
      return `${s.name} ${key}`;
    }
  }
  const facts = factsOf(reg);
  // the usual case: a text in normal form is its own key, read off without making its node
  if (normal === undefined && isNormalWithRules(L, name, s, options.ipv6 === "keep" ? facts.defaults : facts.rfc5952, facts.schemes)) return `URI ${L.input.slice(L.start, L.end)}`;
  return `URI ${serializeNode(normal ?? normalForm())}`;
}

/** The operations every registry and scheme record brings (with more: src/schemes/kernel.ts SCHEME_OPERATIONS). */
export const SCHEME_RULES_OPERATIONS: SchemeRulesOperations = Object.freeze({ normalizeWithRules, normalTextWithRules, equivalenceKeyWithRules });
