// parse, validate, isValid for any grammar and any of its rules; RFC 3986 and RFC 3987 (the RFC
// 3987 grammar value holds both) with their AST semantics unless told otherwise. The fast path (the rule's derived regex, or its lazy DFA)
// answers whether the input matches; the URI reference family is then split by its delimiters
// (RFC 3986 Appendix B), other rules are derived by the engine; a rejection is explained by
// the engine (the offset where the input stops being the beginning of a match, and what could
// have stood there).
import type { FastPath } from "./abnf/fast-path.js";
import { matchWhole } from "./abnf/engine.js";
import type { Grammar, Validation } from "./abnf/grammar.js";
import type { Actions, Semantics, ValueOf } from "./abnf/semantics.js";
import type { Parsed, Uri, UriReference } from "./ast/nodes.js";
import { DEFAULT_MAX_LENGTH, syntaxError, throwWithStack, tooLongError, type UriSyntaxError } from "./errors.js";
import { rfc3986 } from "./grammars/rfc3986/index.js";
import { rfc3987 } from "./grammars/rfc3987/index.js";
import { uriSemantics } from "./grammars/rfc3987/semantics.js";
import type { CanonicalRuleName, RuleName, RuleNameAnyCase, RuleValues } from "./rules/index.js";

import type { Result } from "./result.js";
import { describeValue } from "./describe.js";
import { isRegistry, type SchemeParse, type SchemeRegistry } from "./schemes/registry.js";
export { describeValue };
export type { Result } from "./result.js";
export type { Validation } from "./abnf/grammar.js";

/** Options of {@link parse}: the rule (RFC 3986 `URI-reference` when left out). */
export interface ParseOptions<N extends string = RuleName> {
  /** The rule the whole input must match; `"URI-reference"` when left out. */
  readonly rule?: N | undefined;
  /** The longest input accepted, in UTF-16 code units; a longer one is an `InputTooLongError`. `DEFAULT_MAX_LENGTH` (2 MiB) when left out; `Infinity` for none. */
  readonly maxLength?: number | undefined;
}

/** Options of {@link parse} with a grammar of your own: the value is the matched text. */
export interface GrammarParseOptions<N extends string = string> {
  readonly rule: N;
  readonly grammar: Grammar;
  /** The longest input accepted, in UTF-16 code units; a longer one is an `InputTooLongError`. `DEFAULT_MAX_LENGTH` (2 MiB) when left out; `Infinity` for none. */
  readonly maxLength?: number | undefined;
}

/** Options of {@link parse} with semantics of your own: the value is what the rule's action builds. */
export interface SemanticsParseOptions<A extends Actions, N extends string = string> {
  readonly rule: N;
  readonly semantics: Semantics<A>;
  /** The longest input accepted, in UTF-16 code units; a longer one is an `InputTooLongError`. `DEFAULT_MAX_LENGTH` (2 MiB) when left out; `Infinity` for none. */
  readonly maxLength?: number | undefined;
}

/**
 * Options of {@link parse} with a registry of schemes: the value is the generic AST and, when the
 * registry has the URI's scheme, the scheme's typed value or its typed error.
 */
export interface SchemesParseOptions<V = unknown> {
  readonly schemes: SchemeRegistry<V>;
  /** The longest input accepted, in UTF-16 code units; a longer one is an `InputTooLongError`. `DEFAULT_MAX_LENGTH` (2 MiB) when left out; `Infinity` for none. */
  readonly maxLength?: number | undefined;
}

/** Options of {@link validate} and {@link isValid}. */
export interface ValidateOptions<N extends string = RuleName | (string & {})> {
  /** The rule the whole input must match; `"URI-reference"` when left out. */
  readonly rule?: N | undefined;
  /** The grammar whose rule is named; RFC 3986 when left out. */
  readonly grammar?: Grammar | undefined;
  /** The longest input accepted, in UTF-16 code units; a longer one is an `InputTooLongError`. `DEFAULT_MAX_LENGTH` (2 MiB) when left out; `Infinity` for none. */
  readonly maxLength?: number | undefined;
}

/** What the default grammar needs per rule name, looked up once. */
interface Entry {
  readonly name: string;
  readonly key: string;
  readonly fast: FastPath;
  /** The AST value of a span known to match. */
  readonly build: (input: string, start: number, end: number) => unknown;
}

const entries = new Map<string, Entry>();

/** The entry of a rule of the default grammar; `input` (the call's input argument) lets an unknown rule's error say when the arguments look swapped. */
function entryOf(ruleName: unknown, caller: string, input?: string): Entry {
  let e = typeof ruleName === "string" ? entries.get(ruleName) : undefined;
  if (e === undefined) {
    if (typeof ruleName !== "string") throw new TypeError(`${caller}: the rule must be a rule name (a string), got ${describeValue(ruleName)}`);
    const def = rfc3987.require(ruleName, caller, input);
    e = { name: def.name, key: def.name.toLowerCase(), fast: rfc3987.fastPath(def.name), build: uriSemantics.builderFor(def.name) };
    entries.set(ruleName, e);
  }
  return e;
}

/** What a value is, for messages about arguments. */

function requireString(input: unknown, caller: string): asserts input is string {
  if (typeof input !== "string") throw new TypeError(`${caller}: the argument "input" must be a string, got ${describeValue(input)}`);
}

/** The error for an input the fast path rejected, from the engine. */
function explain(g: Grammar, name: string, input: string): UriSyntaxError | undefined {
  const failure = matchWhole(g.compiled, name.toLowerCase(), input);
  return failure === undefined ? undefined : syntaxError(input, name, failure.offset, failure.expected);
}

const URI_REFERENCE = entryOf("URI-reference", "parse");

/** The second argument of parse/validate/isValid: a rule name, or options. */
type RuleOrOptions =
  | string
  | { readonly rule?: unknown; readonly grammar?: unknown; readonly semantics?: unknown; readonly schemes?: unknown; readonly maxLength?: unknown }
  | undefined;

interface ReadOptions {
  rule: unknown;
  grammar: Grammar | undefined;
  semantics: Semantics<Actions> | undefined;
  schemes: unknown;
  maxLength: number;
}

function optionsOf(x: RuleOrOptions, caller: string): ReadOptions {
  if (x === undefined) return { rule: undefined, grammar: undefined, semantics: undefined, schemes: undefined, maxLength: DEFAULT_MAX_LENGTH };
  if (typeof x === "string") return { rule: x, grammar: undefined, semantics: undefined, schemes: undefined, maxLength: DEFAULT_MAX_LENGTH };
  if (typeof x !== "object" || x === null) throw new TypeError(`${caller}: the second argument must be a rule name or an options object, got ${describeValue(x)}`);
  const m = x.maxLength;
  if (m !== undefined && !(typeof m === "number" && (Number.isInteger(m) || m === Infinity) && m >= 0)) {
    throw new TypeError(`${caller}: options.maxLength must be a whole number of 0 or more, Infinity (no limit), or undefined, got ${describeValue(m)}`);
  }
  return {
    rule: x.rule, grammar: x.grammar as Grammar | undefined, semantics: x.semantics as Semantics<Actions> | undefined, schemes: x.schemes,
    maxLength: m ?? DEFAULT_MAX_LENGTH,
  };
}

/**
 * Parses a whole string against an RFC 3986 rule and returns its AST node, or a
 * {@link UriSyntaxError}. The rule is `URI-reference` unless named, by its ABNF name
 * (case-insensitive): `parse(s, "host")` or `parse(s, { rule: "host" })`. Nothing is decoded;
 * every node has its span. With `{ rule, grammar }` any grammar's rule is checked and the value
 * is the text; with `{ rule, semantics }` it is what the semantics builds. With `{ schemes }` (a
 * registry from `uri-grammar/schemes`) the value is the generic AST and, when the registry has
 * the URI's scheme, the scheme's typed value or its typed error (RFC 7595 §3.2).
 *
 * @example
 * const r = parse("foo://example.com:8042/over/there?name=ferret#nose");
 * if (r.ok) r.value.authority?.port; // "8042"
 */
export function parse(input: string): Result<Parsed<UriReference>, UriSyntaxError>;
export function parse<V>(input: string, options: SchemesParseOptions<V>): Result<SchemeParse<V>, UriSyntaxError>;
export function parse<N extends RuleNameAnyCase>(input: string, rule: N | (ParseOptions<N> & { readonly rule: N })): Result<RuleValues[CanonicalRuleName<N>], UriSyntaxError>;
export function parse(input: string, options: ParseOptions<never>): Result<Parsed<UriReference>, UriSyntaxError>;
export function parse<N extends RuleNameAnyCase>(input: string, options: ParseOptions<N>): Result<RuleValues[CanonicalRuleName<N>] | Parsed<UriReference>, UriSyntaxError>;
export function parse<A extends Actions, N extends string>(input: string, options: SemanticsParseOptions<A, N>): Result<ValueOf<A, N>, UriSyntaxError>;
export function parse(input: string, options: GrammarParseOptions): Result<string, UriSyntaxError>;
export function parse(input: string, ruleOrOptions?: RuleOrOptions): Result<unknown, UriSyntaxError> {
  requireString(input, "parse");
  if (ruleOrOptions === undefined) {
    if (input.length > DEFAULT_MAX_LENGTH) return { ok: false, error: tooLongError(input, URI_REFERENCE.name, DEFAULT_MAX_LENGTH) };
    if (!URI_REFERENCE.fast.test(input)) {
      const error = explain(rfc3987, URI_REFERENCE.name, input);
      if (error !== undefined) return { ok: false, error };
    }
    return { ok: true, value: URI_REFERENCE.build(input, 0, input.length) };
  }
  const o = optionsOf(ruleOrOptions, "parse");
  if (input.length > o.maxLength) return { ok: false, error: tooLongError(input, ruleNameOf(o), o.maxLength) };
  if (o.schemes !== undefined) return parseWithRegistry(input, o, "parse");
  if (o.semantics !== undefined) return o.semantics.parse(input, requireRule(o.rule, "parse"));
  if (own(o.grammar, o.rule)) {
    const v = o.grammar.validate(input, requireRule(o.rule, "parse"));
    return v.ok ? { ok: true, value: input } : v;
  }
  const e = o.rule === undefined ? URI_REFERENCE : entryOf(o.rule, "parse", input);
  if (!e.fast.test(input)) {
    const error = explain(rfc3987, e.name, input);
    if (error !== undefined) return { ok: false, error };
  }
  return { ok: true, value: e.build(input, 0, input.length) };
}

/**
 * RFC 7595 §3.2: a URI reference parsed under RFC 3986, then, when the registry has its scheme,
 * under the scheme (which judges it without its fragment, RFC 3986 §3.5, unless it forbids one).
 */
function parseWithRegistry(input: string, o: ReadOptions, caller: string): Result<SchemeParse, UriSyntaxError> {
  if (!isRegistry(o.schemes)) throw new TypeError(`${caller}: options.schemes must be a registry from createRegistry (uri-grammar/schemes), got ${describeValue(o.schemes)}`);
  if (o.rule !== undefined || o.grammar !== undefined || o.semantics !== undefined) {
    throw new TypeError(`${caller}: options.schemes parses a URI reference; it does not go with rule, grammar or semantics`);
  }
  const g = parse(input, { rule: "URI-reference", maxLength: o.maxLength });
  if (!g.ok) return g;
  const generic = g.value;
  const s = generic.kind === "URI" ? o.schemes.get(generic.scheme) : undefined;
  if (s === undefined) return { ok: true, value: Object.freeze({ generic, scheme: undefined, schemeError: undefined }) };
  const r = s.fromUri(generic as Parsed<Uri>, input);
  return { ok: true, value: Object.freeze(r.ok ? { generic, scheme: r.value, schemeError: undefined } : { generic, scheme: undefined, schemeError: r.error }) };
}

/**
 * True when a grammar of the caller's own answers, not the default (the RFC 3987 value holds
 * RFC 3986's rules too, so RFC 3986 named with one of its own rules takes the default path).
 */
function own(g: Grammar | undefined, rule: unknown): g is Grammar {
  return g !== undefined && g !== rfc3987 && !(g === rfc3986 && typeof rule === "string" && rfc3986.has(rule));
}

/** The rule an error names: the one asked for (as written), or URI-reference. */
const ruleNameOf = (o: ReadOptions): string => (typeof o.rule === "string" ? o.rule : o.schemes !== undefined || o.rule === undefined ? "URI-reference" : String(o.rule));

function noSchemes(o: ReadOptions, caller: string): void {
  if (o.schemes !== undefined) {
    throw new TypeError(`${caller}: options.schemes is for parse; to check a URI under its scheme, use parse(input, { schemes }) or the scheme's own ${caller}`);
  }
}

function requireRule(rule: unknown, caller: string): string {
  if (typeof rule !== "string") throw new TypeError(`${caller}: with a grammar or semantics, options.rule must name the rule (a string), got ${describeValue(rule)}`);
  return rule;
}

/**
 * Like {@link parse}, but throws the {@link UriSyntaxError} instead of returning it.
 *
 * @example
 * parseOrThrow("http://a/b/c/d;p?q").path.segments; // ["b", "c", "d;p"]
 */
export function parseOrThrow(input: string): Parsed<UriReference>;
export function parseOrThrow(input: string, options: SchemesParseOptions): SchemeParse;
export function parseOrThrow<N extends RuleNameAnyCase>(input: string, rule: N | (ParseOptions<N> & { readonly rule: N })): RuleValues[CanonicalRuleName<N>];
export function parseOrThrow(input: string, options: ParseOptions<never>): Parsed<UriReference>;
export function parseOrThrow<N extends RuleNameAnyCase>(input: string, options: ParseOptions<N>): RuleValues[CanonicalRuleName<N>] | Parsed<UriReference>;
export function parseOrThrow<A extends Actions, N extends string>(input: string, options: SemanticsParseOptions<A, N>): ValueOf<A, N>;
export function parseOrThrow(input: string, options: GrammarParseOptions): string;
export function parseOrThrow(input: string, ruleOrOptions?: RuleOrOptions): unknown {
  const r = parse(input, ruleOrOptions as ParseOptions<RuleName>);
  if (!r.ok) throwWithStack(r.error, parseOrThrow);
  return r.value;
}

const VALID: Validation = Object.freeze({ ok: true, value: true });

/**
 * Checks that the whole input matches a rule (`URI-reference` unless named: any rule of RFC 3986
 * Appendix A, or ALPHA, DIGIT, HEXDIG; or of `options.grammar`), with exact ABNF semantics. An
 * unknown rule name is an `UnknownRuleError` (a TypeError) that names the rule probably meant;
 * when the input is a rule name instead, it says the arguments are (input, rule).
 *
 * @example
 * validate("::ffff:1.2.3.4", "IPv6address").ok; // true
 * validate("256", "dec-octet").ok;               // false: error.offset 2, expected "0"-"5"
 */
export function validate(input: string, rule?: RuleName | (string & {}) | ValidateOptions): Validation {
  requireString(input, "validate");
  const o = optionsOf(rule, "validate");
  noSchemes(o, "validate");
  if (input.length > o.maxLength) return { ok: false, error: tooLongError(input, ruleNameOf(o), o.maxLength) };
  if (own(o.grammar, o.rule)) return o.grammar.validate(input, requireRule(o.rule, "validate"));
  const e = o.rule === undefined ? URI_REFERENCE : entryOf(o.rule, "validate", input);
  if (e.fast.test(input)) return VALID;
  const error = explain(rfc3987, e.name, input);
  return error === undefined ? VALID : { ok: false, error };
}

/**
 * `true` when the whole input matches the rule: {@link validate} without the error.
 *
 * @example
 * isValid("urn:example:animal:ferret:nose", "URI"); // true
 */
export function isValid(input: string, rule?: RuleName | (string & {}) | ValidateOptions): boolean {
  requireString(input, "isValid");
  if (rule === undefined) return input.length <= DEFAULT_MAX_LENGTH && URI_REFERENCE.fast.test(input);
  const o = optionsOf(rule, "isValid");
  noSchemes(o, "isValid");
  if (input.length > o.maxLength) return false;
  if (own(o.grammar, o.rule)) return o.grammar.isValid(input, requireRule(o.rule, "isValid"));
  const e = o.rule === undefined ? URI_REFERENCE : entryOf(o.rule, "isValid", input);
  return e.fast.test(input);
}
