// The operations as users call them (on an RFC 3986 §4.1 URI-reference string or a node: core/args.ts): one that can fail returns a Result and has an
// ...OrThrow twin, one with a plain answer throws the UriSyntaxError of text that does not parse. Underneath: src/transforms (§5, §6), which imports no parser.
import { isNode, parsedReference, referenceNodeText } from "./ast/make.js";
import { referenceArgument, referenceOrThrow, referenceTextLayout, refused } from "./core/args.js";
import type { Node, Uri, UriReference } from "./ast/nodes.js";
import { UriSyntaxError } from "./errors.js";
import { describeValue, expectFields, expectOptions, readOptions } from "./describe.js";
import { orThrow, type Result } from "./result.js";
import { redactNodePassword, type RedactOptions } from "./transforms/display.js";
import { comparable, equivalentReferences, type EquivalenceOptions as ReferenceEquivalenceOptions } from "./transforms/equivalent.js";
import { ResolveError } from "./transforms/errors.js";
import { defaultSchemeNormalizations, NO_OPTIONS, NORMALIZE_FIELDS, normalizeLayout, normalizeReference, type NormalizeOptions as ReferenceNormalizeOptions, type SchemeNormalization, type SchemeNormalizations } from "./transforms/normalize.js";
import { readFacts, readSchemes } from "./core/schemes-option.js";
import { isBrandedRegistry, registryOperations } from "./core/brand.js";
import type { SchemeRegistry } from "./schemes/registry.js";
import type { Scheme } from "./schemes/scheme.js";
import type { SchemeRulesOperations, SchemeRulesRegistry } from "./transforms/scheme-rules.js";
import { resolveOffsets, resolveReference, type ResolveOptions } from "./transforms/resolve.js";
import { serializeNode } from "./transforms/serialize.js";
import * as query from "./transforms/query-edit.js";
import { referenceKindOfNode, type ReferenceKind } from "./transforms/reference-kind.js";
import { relativizeNodes, type RelativizeError } from "./transforms/relativize.js";

/** A URI reference as the operations take it: text, or a node from `parse` or another operation. */
export type UriInput = string | UriReference;

/**
 * Resolves a reference against a base (RFC 3986 §5.2) and returns the target URI. Strings are
 * parsed as `URI-reference` first: one that does not parse gives its {@link UriSyntaxError}; a
 * base without a scheme gives a {@link ResolveError} `"base-not-absolute"` (§5.1: resolve it
 * against its own base first). A base's fragment is ignored (§5.2.2 never reads it; see
 * `ResolveOptions.baseFragment`). With `{ schemes }` (a registry or a list of schemes) a target its scheme refuses is a
 * ResolveError `"target-invalid-for-scheme"`: strict §5.2.2 keeps `"http:evil.example/x"` as it
 * is, an http URI with no authority (RFC 9110 §4.2.1) that browsers read with the host
 * `evil.example` (see `ResolveWithSchemesOptions`).
 *
 * @example
 * const r = resolve("http://a/b/c/d;p?q", "../g");
 * if (r.ok) serialize(r.value); // "http://a/b/g"
 */
export function resolve(base: UriInput, ref: UriInput, options?: ResolveWithSchemesOptions): Result<Uri, UriSyntaxError | ResolveError> {
  const o = readOptions<ResolveWithSchemesOptions>(options, "resolve", RESOLVE_FIELDS);
  const reg = o.schemes === undefined ? undefined : (readSchemes(o.schemes, "resolve") as SchemeRegistry);
  if (typeof base === "string" && typeof ref === "string") {
    // two URI references as text: resolved on their offsets, without making their nodes
    const bo = referenceTextLayout(base);
    const ro = bo === undefined ? undefined : referenceTextLayout(ref);
    if (bo !== undefined && ro !== undefined) {
      const t = resolveOffsets(base, 0, base.length, bo, ref, 0, ref.length, ro, o);
      return t.ok && reg !== undefined ? targetForScheme(t.value, reg) : t;
    }
  }
  const b = referenceArgument(base, "base", "resolve");
  if (!b.ok) return b;
  const r = referenceArgument(ref, "ref", "resolve");
  if (!r.ok) return r;
  const t = resolveReference(b.value as Uri, r.value, o);
  return t.ok && reg !== undefined ? targetForScheme(t.value, reg) : t;
}

/** The fields of {@link ResolveWithSchemesOptions}, as readOptions checks them. */
const RESOLVE_FIELDS = { strict: "boolean", baseFragment: ["ignore", "error"], schemes: "any" } as const;

/** Options of {@link resolve}: those of the §5.2 transform, and a registry to check the target with. */
export interface ResolveWithSchemesOptions extends ResolveOptions {
  /**
   * A registry of schemes (`defaultRegistry` from `uri-grammar/schemes`, or one of your own), or a list of schemes as `createRegistry` takes it:
   * a target of a scheme it has must be valid under that scheme, or resolve gives a
   * `ResolveError` `"target-invalid-for-scheme"` whose `cause` is the scheme's `SchemeError`.
   * Strict §5.2.2 keeps a reference with a scheme as it is, so `"http:evil.example/x"` against
   * `"http://good.example/"` is the http URI `"http:evil.example/x"`, which has no authority
   * (RFC 9110 §4.2.1 requires one) and which a WHATWG URL parser reads with the host
   * `evil.example`: with a registry, that is refused. Left out, the target is not checked (RFC
   * 3986 §5.4.2: `"http:g"` gives `"http:g"`).
   */
  readonly schemes?: SchemeRegistry | readonly Scheme[] | undefined;
}

/** The target, or the ResolveError of a target its scheme in the registry refuses (RFC 7595 §3.2: a scheme's syntax refines the generic one). */
function targetForScheme(target: Uri, reg: SchemeRegistry): Result<Uri, ResolveError> {
  const r = reg.get(target.scheme)?.parse(target);
  return r === undefined || r.ok ? { ok: true, value: target } : { ok: false, error: new ResolveError("target-invalid-for-scheme", r.error) };
}

/** {@link resolve}, throwing its error. */
export const resolveOrThrow = /* @__PURE__ */ orThrow(resolve);

/** Options of {@link relativize}. */
export interface RelativizeOptions {
  /**
   * `true`, or the options to normalize with: normalize the base and the target first (as
   * {@link normalize} does, RFC 3986 §6.2.2 and §6.2.3), so that e.g. `"HTTP://A/x"` is relative to
   * `"http://a/y"`, and a target with dot segments can be reached. The result then resolves to the
   * normalized target against the normalized base (RFC 3986 §5.2.1 lets a base be normalized),
   * and against the base as given to a URI that normalizes to it, unless the base's last segment
   * is "..", percent-encoded or not: §5.2.3's merge drops that segment unread, so "x" from
   * `"http://h/a/b/.."` (normalized `"http://h/a/"`) goes to `"http://h/a/b/x"` against it as
   * given (fuzz round 17). Off by default: the target is relativized exactly as given.
   */
  readonly normalize?: boolean | NormalizeOptions | undefined;
}

/**
 * The schemes normalization and comparison know: a registry of schemes (`uri-grammar/schemes`)
 * or a list of schemes (as `createRegistry` takes it), or only the §6.2.3 facts (default port,
 * empty path) of some schemes as a list (alone or beside schemes) or a map.
 */
export type SchemesOption = SchemeRegistry | SchemeNormalizations;

/** Options of {@link normalize}: the §6.2.2 steps, and the schemes §6.2.3 knows. */
export interface NormalizeOptions extends Omit<ReferenceNormalizeOptions, "schemes"> {
  /**
   * What §6.2.3 knows of schemes. Left out: `defaultSchemeNormalizations`, the default ports and empty paths
   * of http, https, ws and wss (RFC 9110 §4.2, RFC 6455 §3), which is all the registry's http
   * and ws schemes add too. With a registry (`defaultRegistry` from `uri-grammar/schemes`: http,
   * https, ws, wss, mailto, urn, file, data, tel), a URI valid under its scheme gets the scheme's
   * own normalization too (a urn's NID in lowercase and its NSS keeping its percent-encoding,
   * RFC 8141 §3; `file://localhost/` becomes `file:///`, RFC 8089 §2), and so with a list of
   * schemes (`[http, urn]`); with §6.2.3 facts (`{ name, defaultPort?, emptyPathIsRoot? }`) in a
   * list or map, only default ports and empty paths for those. (The registry is a value passed in, as `parse` takes it, so
   * that a bundle of `normalize` ships no scheme grammar: issue 34.)
   */
  readonly schemes?: SchemesOption | undefined;
}

/** Options of {@link equivalent}. */
export interface EquivalenceOptions extends Omit<ReferenceEquivalenceOptions, "schemes"> {
  /**
   * What the `"scheme"` level knows of schemes: `defaultSchemeNormalizations` (default ports and empty paths
   * of http, https, ws, wss) when left out, as for {@link normalize}. With a registry
   * (`defaultRegistry` from `uri-grammar/schemes`), a URI valid under a scheme that defines its
   * own equivalence (urn: RFC 8141 §3, mailto: RFC 6068 §2, tel: RFC 3966 §4) is compared by it;
   * other URIs by their normal forms.
   */
  readonly schemes?: SchemesOption | undefined;
}

/**
 * What §6.2.3 knows of schemes, read from `options.schemes`: schemes by name with the operations
 * their records brought (src/transforms/scheme-rules.ts, which only a scheme loads), or the
 * §6.2.3 facts of some schemes by lowercase name.
 */
type SchemesRead =
  | { readonly rules: SchemeRulesRegistry; readonly ops: SchemeRulesOperations; readonly facts?: undefined }
  | { readonly rules?: undefined; readonly ops?: undefined; readonly facts: ReadonlyMap<string, SchemeNormalization> };

/** What §6.2.3 knows when `options.schemes` is left out: {@link defaultSchemeNormalizations} by name, made on first use. */
let defaults: SchemesRead | undefined;
const DEFAULTS = (): SchemesRead => (defaults ??= Object.freeze({ facts: new Map(defaultSchemeNormalizations.map((d) => [d.name, d])) }));

/**
 * `options.schemes` of normalize and equivalent (and of relativize's `normalize`): {@link defaultSchemeNormalizations}
 * when left out; a list (of schemes, of §6.2.3 facts, or both) or a map of facts by readFacts; else as every function reads it.
 */
function schemesOption(x: unknown, caller: string): SchemesRead {
  if (x === undefined) return DEFAULTS();
  // a registry, the usual value, read here: its normalizing enters no module of the reading (test/module-path.test.ts)
  const r = isBrandedRegistry(x) ? (x as object) : x instanceof Map || Array.isArray(x) ? readFacts(x, caller) : readSchemes(x, caller);
  return r instanceof Map ? { facts: r } : { rules: r as SchemeRulesRegistry, ops: registryOperations(r as object) as SchemeRulesOperations };
}

/** The steps of normalization as an options object gives them, each read once and checked, and what §6.2.3 knows of schemes. */
interface StepsRead {
  readonly steps: ReferenceNormalizeOptions;
  readonly schemes: SchemesRead;
}

let noSteps: StepsRead | undefined;
const NO_STEPS = (): StepsRead => (noSteps ??= Object.freeze({ steps: NO_OPTIONS as ReferenceNormalizeOptions, schemes: DEFAULTS() }));

/** Reads the normalization options of `caller` (`options`, or `options.normalize` for relativize): each field once, then checked. */
function readSteps(options: unknown, caller: string, name = "options"): StepsRead {
  if (options === undefined) return NO_STEPS();
  expectOptions(options, caller, name);
  const o = options as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 0) return NO_STEPS();
  const steps: Record<string, unknown> = {};
  let schemes: unknown;
  for (const key of keys) {
    const v = o[key];
    if (key === "schemes") schemes = v;
    else if (Object.hasOwn(NORMALIZE_FIELDS, key)) steps[key] = v;
  }
  expectFields(steps, NORMALIZE_FIELDS, name === "options" ? caller : `${caller} (${name})`);
  return { steps: steps as ReferenceNormalizeOptions, schemes: schemesOption(schemes, caller) };
}

/** Normalizes `node` with the steps and schemes read. */
function normalizeRead(node: UriReference, read: StepsRead): UriReference {
  const { rules, ops, facts } = read.schemes;
  if (rules !== undefined) return ops.normalizeWithRules(node, rules, read.steps);
  return normalizeReference(node, { ...read.steps, schemes: facts });
}

/**
 * Normalizes a URI reference (RFC 3986 §6.2.2 syntax-based, §6.2.3 scheme-based with what
 * `options.schemes` knows: `defaultSchemeNormalizations` when left out, or a registry such as `defaultRegistry`
 * of `uri-grammar/schemes`; see `NormalizeOptions` for the steps). Idempotent; the result is the
 * node its own text parses to.
 *
 * @example
 * const r = normalize("HTTP://www.EXAMPLE.com:80");
 * if (r.ok) serialize(r.value); // "http://www.example.com/"
 */
export function normalize(input: UriInput, options?: NormalizeOptions): Result<UriReference, UriSyntaxError> {
  const read = readSteps(options, "normalize");
  if (typeof input === "string" && read.steps === NO_OPTIONS) {
    // the usual call: a URI reference text and no step of its own; one pass finds its parts, and
    // the text is normalized at their offsets (one scan tells whether it is already normal; either
    // way one node is made, at the end)
    const L = referenceTextLayout(input);
    if (L !== undefined) {
      const { rules, ops, facts } = read.schemes;
      if (rules === undefined) return { ok: true, value: normalizeLayout(L, { schemes: facts }, true) };
      return { ok: true, value: ops.normalTextWithRules(L, rules) ?? normalizeRead(parsedReference(input, 0, input.length, L), read) };
    }
  }
  const r = referenceArgument(input, "input", "normalize");
  if (!r.ok) return r;
  return { ok: true, value: normalizeRead(r.value, read) };
}

/** {@link normalize}, throwing its error. */
export const normalizeOrThrow = /* @__PURE__ */ orThrow(normalize);

/** The fields of {@link EquivalenceOptions}, as readOptions checks them (`schemes` by schemesOption). */
const EQUIVALENCE_FIELDS = { level: ["simple", "syntax", "scheme"], nfc: "boolean", ignoreFragment: "boolean", ipv6: ["keep", "rfc5952"], schemes: "any" } as const;

/**
 * Whether two URI references are equivalent at a rung of RFC 3986 §6.2's ladder: `"scheme"` by
 * default, where IP literals compare by value and what `options.schemes` knows of schemes
 * applies (`defaultSchemeNormalizations`' default ports and empty paths when left out; with a registry such
 * as `defaultRegistry` of `uri-grammar/schemes`, its schemes' own rules too); see
 * `EquivalenceOptions`. An IRI is compared as the URI it maps to (RFC 3987 §5.3). Always an
 * equivalence relation (both sides are reduced to a key that is compared).
 *
 * @example
 * equivalent("http://example.com", "http://example.com:80/"); // { ok: true, value: true }
 * equivalent("urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1", { schemes: defaultRegistry }); // { ok: true, value: true }
 */
export function equivalent(a: UriInput, b: UriInput, options: EquivalenceOptions = {}): Result<boolean, UriSyntaxError> {
  const read = readOptions<EquivalenceOptions>(options, "equivalent", EQUIVALENCE_FIELDS);
  const schemes = schemesOption(read.schemes, "equivalent");
  const x = referenceArgument(a, "a", "equivalent");
  if (!x.ok) return x;
  const y = referenceArgument(b, "b", "equivalent");
  if (!y.ok) return y;
  const rules = (read.level ?? "scheme") === "scheme" ? schemes.rules : undefined;
  if (rules === undefined || schemes.ops === undefined) {
    return { ok: true, value: equivalentReferences(x.value, y.value, { ...read, schemes: schemes.facts }) };
  }
  const keyOptions = { ignoreFragment: read.ignoreFragment, ipv6: read.ipv6 };
  const { equivalenceKeyWithRules } = schemes.ops;
  const key = (r: UriReference): string => equivalenceKeyWithRules(comparable(r, read.nfc === true), rules, keyOptions);
  return { ok: true, value: key(x.value) === key(y.value) };
}

/** {@link equivalent}, throwing its error. */
export const equivalentOrThrow = /* @__PURE__ */ orThrow(equivalent);

/**
 * The text of a node (RFC 3986 §5.3 recomposition for references; an authority, a host with IP
 * literals in brackets, a path). A string is parsed as a URI reference first, so it comes back
 * unchanged, or its UriSyntaxError is thrown.
 *
 * @example
 * serialize(parseOrThrow("foo://example.com:8042/over/there?name=ferret#nose").authority!); // "example.com:8042"
 */
export function serialize(input: string | Node): string {
  if (typeof input === "string") return serializeNode(referenceOrThrow(input, "input", serialize));
  // a URI reference node: its text, by one brand check
  const text = referenceNodeText(input);
  if (text !== undefined) return text;
  if (!isNode(input)) throw new TypeError(`serialize: the argument "input" must be a node from parse (or a string), got ${refused(input)}`);
  return serializeNode(input);
}

/**
 * The reference with the password of its userinfo replaced by a mask (RFC 3986 §3.2.1, §7.5),
 * and so the password a WHATWG URL parser reads after a special scheme without "//", where RFC
 * 3986 reads a path (`"http:user:secret@h/"` gives `"http:user:***@h/"`), as `toDisplayString` shows it.
 *
 * @example
 * serialize(redactPassword("http://user:secret@h/")); // "http://user:***@h/"
 */
export function redactPassword(input: UriInput, options: RedactOptions = {}): UriReference {
  const o = readOptions<RedactOptions>(options, "redactPassword", { mask: "string" });
  return redactNodePassword(referenceOrThrow(input, "input", redactPassword), o);
}

/**
 * The shortest reference that resolves against `base` back to `target` (the inverse of
 * {@link resolve}, RFC 3986 §5.2): `resolve(base, relativize(base, t))` gives `t`. A target no
 * reference can reach (its path keeps dot segments that §5.2.4 would remove) is a
 * `RelativizeError` `"unreachable-target"`, unless `{ normalize: true }` compares normal forms.
 *
 * @example
 * const r = relativize("http://a/b/c/d;p?q", "http://a/b/c/g");
 * if (r.ok) serialize(r.value); // "g"
 */
export function relativize(base: UriInput, target: UriInput, options: RelativizeOptions = {}): Result<UriReference, UriSyntaxError | RelativizeError> {
  expectOptions(options, "relativize");
  const n = (options as Record<string, unknown>).normalize;
  if (n !== undefined && typeof n !== "boolean" && (typeof n !== "object" || n === null || Array.isArray(n))) {
    throw new TypeError(`relativize: options.normalize must be true, false, the options of normalize, or undefined, got ${describeValue(n)}`);
  }
  const read = n === undefined || n === false ? undefined : readSteps(n === true ? undefined : n, "relativize", "options.normalize");
  const b = referenceArgument(base, "base", "relativize");
  if (!b.ok) return b;
  const t = referenceArgument(target, "target", "relativize");
  if (!t.ok) return t;
  if (read === undefined) return relativizeNodes(b.value as Uri, t.value as Uri);
  // normalized as normalize does it (with the schemes it knows), then relativized as given
  return relativizeNodes(normalizeRead(b.value, read) as Uri, normalizeRead(t.value, read) as Uri);
}

/** {@link relativize}, throwing its error. */
export const relativizeOrThrow = /* @__PURE__ */ orThrow(relativize);

/**
 * What kind of reference this is (RFC 3986 §4.1–§4.4): `"URI"`, a `"network-path"` ("//..."),
 * `"absolute-path"` ("/..."), `"relative-path"`, or `"same-document"` (empty, or only a
 * fragment; with a base, one that resolves to the base apart from its fragment, §4.4).
 *
 * @example
 * referenceKind("//example.org/scheme-relative/URI/with/absolute/path/to/resource.txt"); // "network-path"
 */
export function referenceKind(input: UriInput, base?: UriInput): ReferenceKind {
  const ref = referenceOrThrow(input, "input", referenceKind);
  if (base === undefined) return referenceKindOfNode(ref);
  const b = referenceOrThrow(base, "base", referenceKind);
  if (b.kind !== "URI") throw new TypeError(`referenceKind: the argument "base" must be a URI with a scheme (RFC 3986 §5.1), got a relative reference`);
  return referenceKindOfNode(ref, b);
}

/**
 * The first value of query parameter `key` (keys compared decoded), decoded; `undefined` when
 * it is not there. `"+"` is a space only with `{ form: true }`.
 *
 * @example
 * getQueryParam("http://a/?q=caf%C3%A9&q=2", "q"); // "café"
 */
export function getQueryParam(input: UriInput, key: string, options: query.QueryEditOptions = {}): string | undefined {
  return query.getNodeQueryParam(referenceOrThrow(input, "input", getQueryParam), key, options);
}

/** Every value of query parameter `key`, in order, decoded. */
export function getQueryParams(input: UriInput, key: string, options: query.QueryEditOptions = {}): string[] {
  return query.getNodeQueryParams(referenceOrThrow(input, "input", getQueryParams), key, options);
}

/** True when the query has parameter `key`. */
export function hasQueryParam(input: UriInput, key: string, options: query.QueryEditOptions = {}): boolean {
  return query.hasNodeQueryParam(referenceOrThrow(input, "input", hasQueryParam), key, options);
}

/**
 * The reference with parameter `key` set to `value` (`undefined`: a key without "="): the first
 * occurrence changed in place, later ones removed, or the pair appended. Every other pair keeps
 * its text byte for byte; the new text is percent-encoded for the query (RFC 3986 §3.4).
 *
 * @example
 * serialize(setQueryParam("http://a/?x=1&y=%20&x=2", "x", "a&b")); // "http://a/?x=a%26b&y=%20"
 */
export function setQueryParam(input: UriInput, key: string, value: string | undefined, options: query.QueryEditOptions = {}): UriReference {
  return query.setNodeQueryParam(referenceOrThrow(input, "input", setQueryParam), key, value, options);
}

/** The reference with the pair `key=value` added at the end of its query. */
export function appendQueryParam(input: UriInput, key: string, value: string | undefined, options: query.QueryEditOptions = {}): UriReference {
  return query.appendNodeQueryParam(referenceOrThrow(input, "input", appendQueryParam), key, value, options);
}

/** The reference without any parameter `key`; a query left with no parameter is removed. */
export function deleteQueryParam(input: UriInput, key: string, options: query.QueryEditOptions = {}): UriReference {
  return query.deleteNodeQueryParam(referenceOrThrow(input, "input", deleteQueryParam), key, options);
}

export type { ReferenceKind };
export { UriSyntaxError };
