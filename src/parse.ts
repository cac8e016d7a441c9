// parse, validate, isValid for any grammar and any of its rules; RFC 3986 with its AST
// semantics unless told otherwise. The fast path (the rule's derived regex, or its lazy DFA)
// answers whether the input matches; the URI reference family is then split by its delimiters
// (RFC 3986 Appendix B), other rules are derived by the engine; a rejection is explained by
// the engine (the offset where the input stops being the beginning of a match, and what could
// have stood there).
import type { FastPath } from "./abnf/fast-path.js";
import { matchWhole } from "./abnf/engine.js";
import type { Grammar, Validation } from "./abnf/grammar.js";
import type { Actions, Semantics, ValueOf } from "./abnf/semantics.js";
import type { UriReference } from "./ast/nodes.js";
import { syntaxError, throwWithStack, type UriSyntaxError } from "./errors.js";
import { rfc3986 } from "./grammars/rfc3986/index.js";
import { rfc3986Semantics } from "./grammars/rfc3986/semantics.js";
import type { RuleName, RuleValues } from "./rules/index.js";

/** A value, or the reason there is none; parsing fails with a {@link UriSyntaxError}. */
export type Result<T, E = UriSyntaxError> = import("./result.js").Result<T, E>;
export type { Validation } from "./abnf/grammar.js";

/** Options of {@link parse}. */
export interface ParseOptions<N extends string = RuleName> {
  /** The rule the whole input must match; `"URI-reference"` when left out. */
  readonly rule?: N | undefined;
}

/** Options of {@link parse} with a grammar of your own: the value is the matched text. */
export interface GrammarParseOptions<N extends string = string> {
  readonly rule: N;
  readonly grammar: Grammar;
}

/** Options of {@link parse} with semantics of your own: the value is what the rule's action builds. */
export interface SemanticsParseOptions<A extends Actions, N extends string = string> {
  readonly rule: N;
  readonly semantics: Semantics<A>;
}

/** Options of {@link validate} and {@link isValid}. */
export interface ValidateOptions {
  /** The grammar whose rule is named; RFC 3986 when left out. */
  readonly grammar?: Grammar | undefined;
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

function entryOf(ruleName: string, caller: string): Entry {
  let e = entries.get(ruleName);
  if (e === undefined) {
    const def = rfc3986.require(ruleName, caller);
    e = { name: def.name, key: def.name.toLowerCase(), fast: rfc3986.fastPath(def.name), build: rfc3986Semantics.builderFor(def.name) };
    entries.set(ruleName, e);
  }
  return e;
}

function requireString(input: unknown, caller: string): asserts input is string {
  if (typeof input !== "string") {
    throw new TypeError(`${caller} expects a string to parse, got ${input === null ? "null" : typeof input}`);
  }
}

/** The error for an input the fast path rejected, from the engine. */
function explain(g: Grammar, name: string, input: string): UriSyntaxError | undefined {
  const failure = matchWhole(g.compiled, name.toLowerCase(), input);
  return failure === undefined ? undefined : syntaxError(input, name, failure.offset, failure.expected);
}

const URI_REFERENCE = entryOf("URI-reference", "parse");

/**
 * Parses a whole string against an RFC 3986 rule (`URI-reference` by default; any rule name of
 * Appendix A works, case-insensitively) and returns its AST node, or a {@link UriSyntaxError}.
 * Nothing is decoded. With `{ rule, grammar }` any grammar's rule is checked and the value is
 * the text; with `{ rule, semantics }` the value is what the semantics builds.
 *
 * @example
 * const r = parse("foo://example.com:8042/over/there?name=ferret#nose");
 * if (r.ok) r.value.authority?.port; // "8042"
 */
export function parse(input: string): Result<UriReference, UriSyntaxError>;
export function parse<N extends RuleName>(input: string, options: ParseOptions<N>): Result<RuleValues[N], UriSyntaxError>;
export function parse<A extends Actions, N extends string>(input: string, options: SemanticsParseOptions<A, N>): Result<ValueOf<A, N>, UriSyntaxError>;
export function parse(input: string, options: GrammarParseOptions): Result<string, UriSyntaxError>;
export function parse(
  input: string,
  options?: ParseOptions<string> | GrammarParseOptions | SemanticsParseOptions<Actions>,
): Result<unknown, UriSyntaxError> {
  requireString(input, "parse");
  if (options !== undefined && "semantics" in options && options.semantics !== undefined) return options.semantics.parse(options.rule, input);
  if (options !== undefined && "grammar" in options && options.grammar !== undefined && options.grammar !== rfc3986) {
    const v = options.grammar.validate(options.rule, input);
    return v.ok ? { ok: true, value: input } : v;
  }
  const e = options?.rule === undefined ? URI_REFERENCE : entryOf(options.rule, "parse");
  if (!e.fast.test(input)) {
    const error = explain(rfc3986, e.name, input);
    if (error !== undefined) return { ok: false, error };
  }
  return { ok: true, value: e.build(input, 0, input.length) };
}

/**
 * Like {@link parse}, but throws the {@link UriSyntaxError} instead of returning it.
 *
 * @example
 * parseOrThrow("http://a/b/c/d;p?q").path.segments; // ["b", "c", "d;p"]
 */
export function parseOrThrow(input: string): UriReference;
export function parseOrThrow<N extends RuleName>(input: string, options: ParseOptions<N>): RuleValues[N];
export function parseOrThrow<A extends Actions, N extends string>(input: string, options: SemanticsParseOptions<A, N>): ValueOf<A, N>;
export function parseOrThrow(input: string, options: GrammarParseOptions): string;
export function parseOrThrow(input: string, options?: ParseOptions<string> | GrammarParseOptions | SemanticsParseOptions<Actions>): unknown {
  const r = parse(input, (options ?? {}) as ParseOptions<RuleName>);
  if (!r.ok) throwWithStack(r.error, parseOrThrow);
  return r.value;
}

const VALID: Validation = Object.freeze({ ok: true, value: true });

/**
 * Checks that the whole input matches the rule named `ruleName` (any rule of RFC 3986 Appendix
 * A, or ALPHA, DIGIT, HEXDIG; or of `options.grammar`), with exact ABNF semantics. An unknown
 * rule name is an `UnknownRuleError` (a TypeError) that names the rule probably meant.
 *
 * @example
 * validate("IPv6address", "::ffff:1.2.3.4").ok; // true
 * validate("dec-octet", "256").ok;               // false: error.offset 2, expected "0"-"5"
 */
export function validate(ruleName: RuleName | (string & {}), input: string, options: ValidateOptions = {}): Validation {
  const g = options.grammar;
  if (g !== undefined && g !== rfc3986) return g.validate(ruleName, input);
  const e = entryOf(ruleName, "validate");
  requireString(input, "validate");
  if (e.fast.test(input)) return VALID;
  const error = explain(rfc3986, e.name, input);
  return error === undefined ? VALID : { ok: false, error };
}

/**
 * `true` when the whole input matches the rule: {@link validate} without the error.
 *
 * @example
 * isValid("URI", "urn:example:animal:ferret:nose"); // true
 */
export function isValid(ruleName: RuleName | (string & {}), input: string, options: ValidateOptions = {}): boolean {
  const g = options.grammar;
  if (g !== undefined && g !== rfc3986) return g.isValid(ruleName, input);
  const e = entryOf(ruleName, "isValid");
  requireString(input, "isValid");
  return e.fast.test(input);
}
