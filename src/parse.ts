// parse, validate, isValid for any grammar and rule (RFC 3986 and RFC 3987: one compiled grammar, their AST by default): the automaton (src/compiled/dfa.ts)
// matches, src/core/values.ts builds, a rejection is a UriSyntaxError. A grammar, semantics or registry in the options is passed in: none is imported.
import type { Grammar } from "./abnf/grammar.js";
import type { Actions, Semantics, ValueOf } from "./abnf/semantics.js";
import { suggest, UnknownRuleError } from "./abnf/unknown-rule.js";
import { rfcOfRule } from "./grammars/rfc-of-rule.js";
import type { Parsed, UriReference } from "./ast/nodes.js";
import { referenceGrammar, uriGrammar } from "./compiled/index.js";
import { patternSource } from "./compiled/patterns.js";
import { isBuiltInGrammar, isGrammar, isSemantics, registryOperations } from "./core/brand.js";
import type { SCHEME_OPERATIONS } from "./schemes/kernel.js";
import { readSchemes } from "./core/schemes-option.js";
import type { CompiledRule } from "./compiled/dfa.js";
import { failureError, VALID, type Failure, type Validation } from "./core/match.js";
import { matchReference, reference, textOf, VALUE_BUILDERS, type ValueBuilder } from "./core/values.js";
import { referenceResult } from "./core/args.js";
import { DEFAULT_MAX_LENGTH, throwWithStack, tooLongError, type UriSyntaxError } from "./errors.js";
import type { CanonicalRuleName, RuleName, RuleNameAnyCase, RuleValues } from "./rules/index.js";
import type { Result } from "./result.js";
import { describeValue, expectString } from "./describe.js";
import { maskPassword } from "./password.js";
import type { SchemeParse, SchemeRegistry, SchemeValue } from "./schemes/registry.js";
import type { Scheme } from "./schemes/scheme.js";
export { describeValue };
export type { Result } from "./result.js";
export type { Validation } from "./core/match.js";

/** Options of {@link parseRule} (the rule) and of {@link parse} (which reads RFC 3986 `URI-reference`: a rule named there is that one). */
export interface ParseOptions<N extends string = RuleName> {
  /** The rule the whole input must match; `"URI-reference"` when left out (the one rule {@link parse} reads). */
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
 * Options of {@link parse} with schemes (a registry, or a list of schemes as `createRegistry`
 * takes it): the value is the generic AST and, when one of the schemes is the URI's, the
 * scheme's typed value or its typed error.
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
  /** The rule's name as RFC 3986 or RFC 3987 spells it. */
  readonly name: string;
  readonly rule: CompiledRule;
  /** The AST value of a span known to match. */
  readonly build: ValueBuilder;
  /** The rule's compiled regex (src/compiled/patterns.ts), made by {@link matches} on first use; `null` when it has none. */
  re: RegExp | null | undefined;
}

const entries = new Map<string, Entry>();

/**
 * URI-reference, the rule `parse` reads, from the compiled part that holds it alone (with the
 * IP-literal it calls and IPv4address): `parse(s)` ships no other rule (issue 34). `validate(s)`
 * and `isValid(s)` run its automaton, not its regex (`re: null`): on a flat string the automaton
 * answers about a tenth sooner than the regex (V8's loop reads a flat string directly, and
 * URL.canParse is as fast there), on a sliced one about as soon; and it rejects at the first
 * character no valid input has there, where the regex backtracks (issue 34, measured in paired
 * rounds in one process on the bench's 4,000 URLs as both shapes).
 */
const URI_REFERENCE: Entry = /* @__PURE__ */ (() => ({ name: "URI-reference", rule: referenceGrammar.rule("URI-reference") as CompiledRule, build: reference, re: null }))();

/** The entry of a compiled rule (a built-in grammar value's, passed in). */
function entryOfRule(rule: CompiledRule): Entry {
  if (rule === URI_REFERENCE.rule) return URI_REFERENCE;
  return { name: rule.name, rule, build: VALUE_BUILDERS.get(rule.name.toLowerCase()) ?? textOf, re: undefined };
}

/** The entry of a rule of the default grammar; `input` (the call's input argument) lets an unknown rule's error say when the arguments look swapped. */
function entryOf(ruleName: unknown, caller: string, input?: string): Entry {
  // the rule parse reads, as RFC 3986 spells it (the common call): one comparison, no Map lookup
  if (ruleName === "URI-reference") return URI_REFERENCE;
  let e = typeof ruleName === "string" ? entries.get(ruleName) : undefined;
  if (e === undefined) {
    if (typeof ruleName !== "string") throw new TypeError(`${caller}: the rule must be a rule name (a string), got ${describeValue(ruleName)}`);
    const rule = uriGrammar.rule(ruleName);
    if (rule === undefined) {
      const swappedRule = typeof input === "string" ? uriGrammar.rule(input) : undefined;
      const suggestion = suggest(ruleName, uriGrammar.ruleNames);
      throw new UnknownRuleError(ruleName, rfcOfRule(swappedRule?.name ?? suggestion), caller, suggestion, swappedRule === undefined ? undefined : input);
    }
    e = entryOfRule(rule);
    entries.set(ruleName, e);
  }
  return e;
}

/** The longest input {@link matches} gives the regex (4 KiB; longer URLs are rare). */
const REGEX_MAX_LENGTH = 4096;

/**
 * True when the whole input matches the rule (validate and isValid): through the rule's regex
 * where the build derived one (the reference rules but URI-reference, which {@link URI_REFERENCE}
 * answers by its automaton: src/compiled/patterns.ts), which V8 runs as
 * machine code, else the automaton. The regex matches exactly what the rule matches, in linear
 * time (scripts/compile/modules.ts), and answers about a fifth sooner on real URLs; but its
 * backtracking, linear as it is, reads some inputs it rejects up to about four times (a long
 * host ending in a bad character: 20 ns a character against the automaton's 5), so an input
 * longer than {@link REGEX_MAX_LENGTH} goes to the automaton, whose cost per character does not
 * depend on the input. Should V8 ever refuse to run the regex (its backtracking stack is
 * bounded), the automaton answers.
 */
function matches(e: Entry, input: string): boolean {
  if (input.length > REGEX_MAX_LENGTH) return e.rule.test(input);
  let re = e.re;
  if (re === undefined) {
    const source = patternSource(e.name);
    re = e.re = source === undefined ? null : new RegExp(`^(?:${source})$`);
  }
  if (re !== null) {
    try {
      return re.test(input);
    } catch {
      // a RangeError from the regex engine's stack: the automaton has none
    }
  }
  return e.rule.test(input);
}

/** The error for an input the rule's test rejected: `failure`, or the rule's failure run. */
function explain(e: Entry, input: string, failure: Failure | undefined = e.rule.failure(input)): UriSyntaxError | undefined {
  return failure === undefined ? undefined : failureError(input, e.name, failure);
}

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
  if (x === undefined || typeof x === "string") return { rule: x, grammar: undefined, semantics: undefined, schemes: undefined, maxLength: DEFAULT_MAX_LENGTH };
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

/** True when `rule` names URI-reference, the rule {@link parse} reads (in any case, RFC 5234 §2.1). */
const isReferenceRule = (rule: unknown): boolean => typeof rule === "string" && rule.toLowerCase() === "uri-reference";

/**
 * The TypeError of `parse(s, rule)` for a rule other than URI-reference: {@link parseRule} parses
 * those. A second argument that is no rule name at all (RFC 5234 §4 rulename) is likely a base,
 * as `new URL(input, base)` takes one: the error then names resolve.
 */
function namedRule(rule: unknown, caller: string): TypeError {
  if (typeof rule !== "string") return new TypeError(`${caller}: options.rule must be a rule name (a string), got ${describeValue(rule)}`);
  const twin = caller === "parse" ? "parseRule" : "parseRuleOrThrow";
  const shown = JSON.stringify(maskPassword(rule)); // a URI passed as the rule: RFC 3986 §7.5
  // a rule name has neither ":" nor "/" (RFC 5234 §4 rulename); a base URI has one of them
  return new TypeError(`${caller}: reads a URI reference, not the ${/[:/]/.test(rule) ? `base ${shown}: call resolve(base, ref)` : `rule ${shown}: call ${twin}(input, ${shown})`}`);
}

/**
 * Parses a whole string as an RFC 3986 URI reference (§4.1 `URI-reference`) and returns its AST
 * node, or a {@link UriSyntaxError}. Nothing is decoded; every node has its span. Any other rule
 * by its ABNF name is {@link parseRule}'s (`parseRule(s, "host")`): `parse` reads URI-reference
 * alone, so a bundle of it ships that rule's automaton, not the other 63. With
 * `{ rule, grammar }` any grammar's rule is checked and the value is the text (RFC 3986's and
 * RFC 3987's grammar values give their rules' AST values); with `{ rule, semantics }` it is what
 * the semantics builds. With `{ schemes }` (a registry or a list of schemes from `uri-grammar/schemes`) the value is
 * the generic AST and, when the registry has the URI's scheme, the scheme's typed value or its
 * typed error (RFC 7595 §3.2).
 *
 * @example
 * const r = parse("foo://example.com:8042/over/there?name=ferret#nose");
 * if (r.ok) r.value.authority?.port; // "8042"
 */
export function parse(input: string): Result<Parsed<UriReference>, UriSyntaxError>;
export function parse<V>(input: string, options: SchemesParseOptions<V>): Result<SchemeParse<V>, UriSyntaxError>;
export function parse<const S extends readonly Scheme<unknown>[]>(input: string, options: Omit<SchemesParseOptions, "schemes"> & { readonly schemes: S }): Result<SchemeParse<SchemeValue<S[number]>>, UriSyntaxError>;
export function parse(input: string, options: "URI-reference" | ParseOptions<"URI-reference" | "uri-reference" | "URI-REFERENCE">): Result<Parsed<UriReference>, UriSyntaxError>;
export function parse<A extends Actions, N extends string>(input: string, options: SemanticsParseOptions<A, N>): Result<ValueOf<A, N>, UriSyntaxError>;
export function parse(input: string, options: GrammarParseOptions): Result<string, UriSyntaxError>;
export function parse(input: string, ruleOrOptions?: RuleOrOptions): Result<unknown, UriSyntaxError> {
  // the common call, `parse(s)` on a string the automaton accepts, in a function small enough for
  // V8 to inline into its caller, whose escape analysis can then drop the result object when the
  // caller only reads it (issue 34); everything else, rejections included, is parseWith's
  if (ruleOrOptions === undefined && typeof input === "string" && input.length <= DEFAULT_MAX_LENGTH) {
    const value = matchReference(URI_REFERENCE.rule, input);
    if (value !== undefined) return { ok: true, value };
    return rejected(input);
  }
  return parseWith(input, ruleOrOptions);
}

/** `parse(s)` of a string within the length limit that the automaton's run rejected: its error, read off the run (or, should the failure pass accept it, its node). */
function rejected(input: string): Result<Parsed<UriReference>, UriSyntaxError> {
  const error = explain(URI_REFERENCE, input, URI_REFERENCE.rule.failureOfReference(input));
  if (error !== undefined) return { ok: false, error };
  return { ok: true, value: URI_REFERENCE.build(input, 0, input.length) as Parsed<UriReference> };
}

/** {@link parse} with options, or of an argument that is no string or is too long. */
function parseWith(input: string, ruleOrOptions: RuleOrOptions): Result<unknown, UriSyntaxError> {
  expectString(input, "input", "parse");
  // without options, parse reaches here with a string only when it is too long
  if (ruleOrOptions === undefined) return { ok: false, error: tooLongError(input, URI_REFERENCE.name, DEFAULT_MAX_LENGTH) };
  if (typeof ruleOrOptions === "string") {
    if (!isReferenceRule(ruleOrOptions)) throw namedRule(ruleOrOptions, "parse");
    if (input.length > DEFAULT_MAX_LENGTH) return { ok: false, error: tooLongError(input, ruleOrOptions, DEFAULT_MAX_LENGTH) };
    return parseEntry(URI_REFERENCE, input);
  }
  const o = optionsOf(ruleOrOptions, "parse");
  if (input.length > o.maxLength) return { ok: false, error: tooLongError(input, ruleNameOf(o), o.maxLength) };
  if (o.schemes !== undefined) return parseWithRegistry(input, o, "parse");
  if (o.semantics !== undefined) {
    if (!isSemantics(o.semantics)) throw new TypeError(`parse: options.semantics must be a Semantics (from semantics()), got ${describeValue(o.semantics)}`);
    return o.semantics.parse(input, requireRule(o.rule, "parse"));
  }
  if (own(o.grammar, o.rule, "parse")) {
    const v = o.grammar.validate(input, requireRule(o.rule, "parse"));
    return v.ok ? { ok: true, value: input } : v;
  }
  // RFC 3986's or RFC 3987's grammar value, named with one of its rules: that rule's compiled automaton, which the value brings
  const g = o.grammar as Grammar | undefined;
  if (g !== undefined) return parseEntry(entryOfRule(g.matcher(o.rule as string) as CompiledRule), input);
  if (o.rule !== undefined && !isReferenceRule(o.rule)) throw namedRule(o.rule, "parse");
  return parseEntry(URI_REFERENCE, input);
}

/**
 * Parses a whole string against a rule of RFC 3986 or RFC 3987 named by its ABNF name
 * (case-insensitive), `parseRule(s, "host")` or `parseRule(s, { rule: "host", maxLength })`, and
 * returns the rule's AST value (a host node for `host`, a reference node for `URI`, the text
 * for a rule without a node), or a {@link UriSyntaxError}. An unknown rule name is an
 * `UnknownRuleError` (a TypeError) that names the rule probably meant.
 *
 * @example
 * parseRuleOrThrow("[v1.x]", "host").kind; // "IPvFuture"
 */
export function parseRule<N extends RuleNameAnyCase>(input: string, rule: N | (ParseOptions<N> & { readonly rule: N })): Result<RuleValues[CanonicalRuleName<N>], UriSyntaxError>;
export function parseRule(input: string, ruleOrOptions: RuleOrOptions): Result<unknown, UriSyntaxError> {
  expectString(input, "input", "parseRule");
  if (typeof ruleOrOptions === "string") {
    if (input.length > DEFAULT_MAX_LENGTH) return { ok: false, error: tooLongError(input, ruleOrOptions, DEFAULT_MAX_LENGTH) };
    return parseEntry(entryOf(ruleOrOptions, "parseRule", input), input);
  }
  const o = optionsOf(ruleOrOptions, "parseRule");
  if (o.schemes !== undefined || o.grammar !== undefined || o.semantics !== undefined) {
    throw new TypeError("parseRule: parses a rule of RFC 3986 or RFC 3987 (options rule and maxLength); for a grammar, semantics or registry of your own, call parse");
  }
  if (input.length > o.maxLength) return { ok: false, error: tooLongError(input, ruleNameOf(o), o.maxLength) };
  return parseEntry(entryOf(o.rule, "parseRule", input), input);
}

/**
 * Like {@link parseRule}, but throws the {@link UriSyntaxError} instead of returning it.
 *
 * @example
 * parseRuleOrThrow("[v1.x]", "host").kind; // "IPvFuture"
 */
export function parseRuleOrThrow<N extends RuleNameAnyCase>(input: string, rule: N | (ParseOptions<N> & { readonly rule: N })): RuleValues[CanonicalRuleName<N>];
export function parseRuleOrThrow(input: string, ruleOrOptions: RuleOrOptions): unknown {
  const r = parseRule(input, ruleOrOptions as RuleName);
  if (!r.ok) throwWithStack(r.error, parseRuleOrThrow);
  return r.value;
}

/** The value of the whole input as the rule's, or its error (the input's length checked). */
function parseEntry(e: Entry, input: string): Result<unknown, UriSyntaxError> {
  if (e.build === reference) return referenceResult(e.rule, input);
  if (!e.rule.test(input)) {
    const error = explain(e, input);
    if (error !== undefined) return { ok: false, error };
  }
  return { ok: true, value: e.build(input, 0, input.length) };
}

/**
 * RFC 7595 §3.2: a URI reference parsed under RFC 3986, then, when the registry has its scheme,
 * under the scheme (which judges it without its fragment, RFC 3986 §3.5, unless it forbids one).
 */
function parseWithRegistry(input: string, o: ReadOptions, caller: string): Result<SchemeParse, UriSyntaxError> {
  const schemes = readSchemes(o.schemes, caller) as SchemeRegistry;
  if (o.rule !== undefined || o.grammar !== undefined || o.semantics !== undefined) {
    throw new TypeError(`${caller}: options.schemes parses a URI reference; it does not go with rule, grammar or semantics`);
  }
  const g = parse(input, { rule: "URI-reference", maxLength: o.maxLength });
  if (!g.ok) return g;
  // judged by the schemes' own code (core/brand.ts: what they brought), none for an empty list
  const ops = registryOperations(schemes) as typeof SCHEME_OPERATIONS | undefined;
  return { ok: true, value: ops === undefined ? Object.freeze({ generic: g.value, scheme: undefined, schemeError: undefined }) : ops.schemeParse(g.value, input, schemes) };
}

/**
 * True when a grammar of the caller's own answers, not the default: RFC 3986's and RFC 3987's
 * grammar values, named with one of their own rules, take the default path (the compiled rules,
 * with the AST). Anything but a grammar is a TypeError.
 */
function own(g: Grammar | undefined, rule: unknown, caller: string): g is Grammar {
  if (g === undefined) return false;
  if (!isGrammar(g)) throw new TypeError(`${caller}: options.grammar must be a Grammar (from grammar(), grammarFromAbnf() or derive()), got ${describeValue(g)}`);
  return !(isBuiltInGrammar(g) && typeof rule === "string" && g.has(rule));
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
export function parseOrThrow<V>(input: string, options: SchemesParseOptions<V>): SchemeParse<V>;
export function parseOrThrow<const S extends readonly Scheme<unknown>[]>(input: string, options: Omit<SchemesParseOptions, "schemes"> & { readonly schemes: S }): SchemeParse<SchemeValue<S[number]>>;
export function parseOrThrow(input: string, options: "URI-reference" | ParseOptions<"URI-reference" | "uri-reference" | "URI-REFERENCE">): Parsed<UriReference>;
export function parseOrThrow<A extends Actions, N extends string>(input: string, options: SemanticsParseOptions<A, N>): ValueOf<A, N>;
export function parseOrThrow(input: string, options: GrammarParseOptions): string;
export function parseOrThrow(input: string, ruleOrOptions?: RuleOrOptions): unknown {
  if (typeof ruleOrOptions === "string" && !isReferenceRule(ruleOrOptions)) throw namedRule(ruleOrOptions, "parseOrThrow");
  const r = parse(input, ruleOrOptions as ParseOptions<"URI-reference">);
  if (!r.ok) throwWithStack(r.error, parseOrThrow);
  return r.value;
}

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
  expectString(input, "input", "validate");
  let e: Entry;
  if (rule === undefined || typeof rule === "string") {
    // a rule by name (the common call): what optionsOf would give, without making the options
    if (input.length > DEFAULT_MAX_LENGTH) return { ok: false, error: tooLongError(input, rule ?? URI_REFERENCE.name, DEFAULT_MAX_LENGTH) };
    e = rule === undefined ? URI_REFERENCE : entryOf(rule, "validate", input);
  } else {
    const o = optionsOf(rule, "validate");
    noSchemes(o, "validate");
    if (input.length > o.maxLength) return { ok: false, error: tooLongError(input, ruleNameOf(o), o.maxLength) };
    if (own(o.grammar, o.rule, "validate")) return o.grammar.validate(input, requireRule(o.rule, "validate"));
    e = o.rule === undefined ? URI_REFERENCE : entryOf(o.rule, "validate", input);
  }
  if (matches(e, input)) return VALID;
  const error = explain(e, input);
  return error === undefined ? VALID : { ok: false, error };
}

/**
 * `true` when the whole input matches the rule: {@link validate} without the error.
 *
 * @example
 * isValid("urn:example:animal:ferret:nose", "URI"); // true
 */
export function isValid(input: string, rule?: RuleName | (string & {}) | ValidateOptions): boolean {
  expectString(input, "input", "isValid");
  if (rule === undefined) return input.length <= DEFAULT_MAX_LENGTH && matches(URI_REFERENCE, input);
  if (typeof rule === "string") return input.length <= DEFAULT_MAX_LENGTH && matches(entryOf(rule, "isValid", input), input);
  const o = optionsOf(rule, "isValid");
  noSchemes(o, "isValid");
  if (input.length > o.maxLength) return false;
  if (own(o.grammar, o.rule, "isValid")) return o.grammar.isValid(input, requireRule(o.rule, "isValid"));
  const e = o.rule === undefined ? URI_REFERENCE : entryOf(o.rule, "isValid", input);
  return matches(e, input);
}
