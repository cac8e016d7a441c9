// parse, validate: the fast path is one anchored regex per rule, derived from the rule's
// definition (abnf/to-regex.ts); when it rejects, the combinator engine (abnf/matcher.ts) runs to
// say where and what was expected. Both feed the same node builders (rules/build.ts).
import type { RuleDefinition } from "./abnf/expr.js";
import { firstSet } from "./abnf/charset.js";
import { capturing, nonCapturing, withoutRule } from "./abnf/to-regex.js";
import { matchWhole } from "./abnf/to-parser.js";
import type { UriReference } from "./ast/nodes.js";
import { syntaxError, throwWithStack, type UriSyntaxError } from "./errors.js";
import { componentCode, Components, fromCaptures } from "./rules/build.js";
import { builderOf, splitterOf } from "./rules/define.js";
import { ipLiteral, rule as ruleByName, type RuleName, type RuleValues } from "./rules/index.js";

/** A value, or the reason there is none. */
export type Result<T, E = UriSyntaxError> = import("./result.js").Result<T, E>;

/** The outcome of {@link validate}. */
export type Validation = { readonly ok: true } | { readonly ok: false; readonly error: UriSyntaxError };

/** Options of {@link parse}. */
export interface ParseOptions<N extends RuleName> {
  /** The rule the whole input must match; `"URI-reference"` when left out. */
  readonly rule?: N;
}

interface FastPath {
  /** The anchored regex with one group per component, for parse of rules without `split`; made on first need. */
  whole: { readonly regex: RegExp; readonly codes: Uint8Array } | undefined;
  /** The anchored regex without groups, for validate, with IP literals left out (see `testWhole`). */
  readonly test: RegExp;
  /** Matches an input in which an IP literal could start; `undefined` when the rule has none (then `test` is complete). */
  readonly rareTrigger: RegExp | undefined;
  /** The complete anchored regex without groups, compiled on first need. */
  full: RegExp | undefined;
  readonly build: ((c: Components, text: string, start: number) => unknown) | undefined;
  /** For the URI-reference family: components by delimiters (RFC 3986 Appendix B) after `test`. */
  readonly split: ((input: string) => Components) | undefined;
}

const fastPaths = new WeakMap<RuleDefinition, FastPath>();

/**
 * The part of the grammar most inputs never use, and whose regex (IPv6address above all) costs
 * most to compile: the fast path leaves it out unless the input has a character it starts with.
 */
const RARE: RuleDefinition = ipLiteral.definition;

/** A regex that finds any character of an ASCII table. */
function classOf(table: Uint8Array): RegExp {
  const chars = [...table.keys()].filter((c) => table[c] === 1).map((c) => `\\x${c.toString(16).padStart(2, "0")}`);
  return new RegExp(`[${chars.join("")}]`);
}

function fastPath(def: RuleDefinition): FastPath {
  let fp = fastPaths.get(def);
  if (!fp) {
    const complete = nonCapturing(def);
    const common = withoutRule(def, RARE);
    fp = {
      whole: undefined,
      test: new RegExp(`^(?:${common})$`),
      rareTrigger: common === complete ? undefined : classOf(firstSet(RARE.expr).table),
      full: undefined,
      build: builderOf(def),
      split: splitterOf(def),
    };
    fastPaths.set(def, fp);
  }
  return fp;
}

/** The capturing regex of a rule, and for its group k (1-based) the code of the component it captures. */
function capturingRegex(fp: FastPath, def: RuleDefinition): NonNullable<FastPath["whole"]> {
  if (fp.whole === undefined) {
    const compiled = capturing(def);
    const codes = new Uint8Array(compiled.groups.length + 1);
    compiled.groups.forEach((name, k) => (codes[k + 1] = componentCode(name)));
    fp.whole = { regex: new RegExp(`^(?:${compiled.source})$`), codes };
  }
  return fp.whole;
}

function regexComponents(codes: Uint8Array, m: RegExpExecArray): Components {
  const c = new Components();
  for (let k = 1; k < m.length; k++) {
    const text = m[k];
    const code = codes[k] ?? 0;
    if (text !== undefined && code !== 0) c.set(code, text);
  }
  return c;
}

const definitions = new Map<string, RuleDefinition>();

function definitionOf(ruleName: string, caller: string): RuleDefinition {
  let def = definitions.get(ruleName);
  if (def === undefined) {
    const p = typeof ruleName === "string" ? ruleByName(ruleName) : undefined;
    if (!p) throw new TypeError(`${caller}: unknown rule ${JSON.stringify(ruleName)}`);
    def = p.definition;
    definitions.set(ruleName, def);
  }
  return def;
}

function requireString(input: unknown, caller: string): asserts input is string {
  if (typeof input !== "string") {
    throw new TypeError(`${caller} expects a string to parse, got ${input === null ? "null" : typeof input}`);
  }
}

/** Runs the regex; `null` when it rejects, `undefined` should the regex engine give up (a RangeError). */
function execWhole(regex: RegExp, input: string): RegExpExecArray | null | undefined {
  try {
    return regex.exec(input);
  } catch {
    return undefined;
  }
}

/**
 * The error for an input the regex rejected, from the combinator engine. The two backends are
 * held to the same answers by test/differential.test.ts; were they ever to disagree, the
 * rejection stands and says so.
 */
function explain(def: RuleDefinition, input: string): UriSyntaxError {
  const m = matchWhole(def, input);
  return m.ok
    ? syntaxError(input, def.name, input.length, ["(internal disagreement between the regex and the combinators)"])
    : syntaxError(input, def.name, m.offset, m.expected);
}

/** Parses the whole input against a rule, with the combinator engine only (no regex). */
export function parseWithCombinators(def: RuleDefinition, input: string): Result<unknown> {
  const m = matchWhole(def, input);
  if (!m.ok) return { ok: false, error: syntaxError(input, def.name, m.offset, m.expected) };
  const build = builderOf(def);
  return { ok: true, value: build ? build(fromCaptures(input, m.caps), input, 0) : input };
}

/**
 * Parses a whole string against an RFC 3986 rule (`URI-reference` by default; any rule name of
 * Appendix A works) and returns its AST node, or a {@link UriSyntaxError}. Nothing is decoded.
 *
 * @example
 * const r = parse("foo://example.com:8042/over/there?name=ferret#nose");
 * if (r.ok) r.value.authority?.port; // "8042"
 */
export function parse(input: string): Result<UriReference>;
export function parse<N extends RuleName>(input: string, options: ParseOptions<N>): Result<RuleValues[N]>;
export function parse(input: string, options?: ParseOptions<RuleName>): Result<unknown> {
  requireString(input, "parse");
  const def = definitionOf(options?.rule ?? "URI-reference", "parse");
  const fp = fastPath(def);
  if (fp.split !== undefined && fp.build !== undefined) {
    if (!testWhole(fp, def, input)) return { ok: false, error: explain(def, input) };
    return { ok: true, value: fp.build(fp.split(input), input, 0) };
  }
  const { regex, codes } = capturingRegex(fp, def);
  const m = execWhole(regex, input);
  if (m === undefined) return parseWithCombinators(def, input);
  if (m === null) return { ok: false, error: explain(def, input) };
  return { ok: true, value: fp.build ? fp.build(regexComponents(codes, m), input, 0) : input };
}

/**
 * Like {@link parse}, but throws the {@link UriSyntaxError} instead of returning it.
 *
 * @example
 * parseOrThrow("http://a/b/c/d;p?q").path.segments; // ["b", "c", "d;p"]
 */
export function parseOrThrow(input: string): UriReference;
export function parseOrThrow<N extends RuleName>(input: string, options: ParseOptions<N>): RuleValues[N];
export function parseOrThrow(input: string, options?: ParseOptions<RuleName>): unknown {
  const r = parse(input, options ?? {});
  if (!r.ok) throwWithStack(r.error, parseOrThrow);
  return r.value;
}

const VALID: Validation = Object.freeze({ ok: true });

/**
 * Checks that the whole input matches the rule named `ruleName` (any RFC 3986 Appendix A rule, or
 * ALPHA, DIGIT, HEXDIG), with exact ABNF semantics.
 *
 * @example
 * validate("IPv6address", "::ffff:1.2.3.4").ok; // true
 * validate("dec-octet", "256").ok;               // false: error.offset 2, expected "0"-"5"
 */
export function validate(ruleName: RuleName, input: string): Validation {
  requireString(input, "validate");
  const def = definitionOf(ruleName, "validate");
  const fp = fastPath(def);
  if (testWhole(fp, def, input)) return VALID;
  return { ok: false, error: explain(def, input) };
}

/**
 * The regex's answer; should the regex engine ever give up (a RangeError), the combinators'.
 * `fp.test` leaves IP literals out: an IP literal cannot match the empty string, so when the
 * input has no character one can start with, the rule matches exactly when `fp.test` does.
 */
function testWhole(fp: FastPath, def: RuleDefinition, input: string): boolean {
  try {
    if (fp.test.test(input)) return true;
    if (fp.rareTrigger === undefined || !fp.rareTrigger.test(input)) return false;
    fp.full ??= new RegExp(`^(?:${nonCapturing(def)})$`);
    return fp.full.test(input);
  } catch {
    return matchWhole(def, input).ok;
  }
}

/**
 * `true` when the whole input matches the rule: {@link validate} without the error.
 *
 * @example
 * isValid("URI", "urn:example:animal:ferret:nose"); // true
 */
export function isValid(ruleName: RuleName, input: string): boolean {
  requireString(input, "isValid");
  const def = definitionOf(ruleName, "isValid");
  return testWhole(fastPath(def), def, input);
}
