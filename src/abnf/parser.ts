// A rule as a real parsimmon Parser: the engine's longest match at the current offset, wrapped
// in parsimmon's reply protocol, so that it composes with any other parsimmon parser.
import P from "parsimmon";
import type { RuleDefinition } from "./analysis.js";
import { END_OF_INPUT } from "./labels.js";
import type { GenerateOptions, Random } from "./generate.js";
import type { Matcher, Validation } from "../core/match.js";
import { describeValue } from "../describe.js";
import { syntaxError, type UriSyntaxError } from "../errors.js";
import { MatchLimitError } from "./match-limit.js";
import type { Result } from "../result.js";

/**
 * What a rule's parser is made from: the grammar that holds the rule (a Grammar, which
 * grammar.ts types as RuleParser's `grammar`), through the methods the parser's forms call.
 */
export interface RuleSource {
  /** The rule as the one match pipeline takes it. */
  matcher(name: string): Matcher;
  abnf(name: string): string;
  pattern(name: string): string | undefined;
  validate(input: string, name: string): Validation;
  isValid(input: string, name: string): boolean;
  generate(name: string, random: Random, options?: GenerateOptions): string;
}

/** Builds a rule's value from its match at `[start, end)` of `input`. */
export type ValueBuilder<V> = (input: string, start: number, end: number) => V;

/**
 * Wraps rule `def` of grammar `g` as a parsimmon parser whose value is `build(...)`, or the
 * matched text, with the forms a RuleParser carries (grammar.ts types the result).
 */
export function toParser<V = string>(g: RuleSource, def: RuleDefinition, build: ValueBuilder<V> | undefined): P.Parser<V> {
  const m = g.matcher(def.name);
  const parser = P<V>((input, i) => {
    const r = m.longest(input, i);
    if (r.end < 0) return P.makeFailure(r.furthest, parsimmonExpected(r.expected));
    const value = build === undefined ? (input.slice(i, r.end) as V) : build(input, i, r.end);
    const reply = P.makeSuccess(r.end, value);
    // parsimmon merges the furthest failure of successful replies too (that is how "expected"
    // learns what could have continued); its type says -1, its runtime reads the field.
    (reply as { furthest: number }).furthest = r.furthest;
    reply.expected = parsimmonExpected(r.expected);
    return reply;
  });
  /**
   * parsimmon's `parse`, answered by the engine: the same result, but its failure's line and
   * column are counted here, where parsimmon keeps every failed input in a module-wide object
   * keyed by the input (never freed, and `"__proto__"` as an input writes on Object.prototype).
   */
  const parse = (input: string): P.Result<V> => {
    if (typeof input !== "string") throw new TypeError(`parse: the argument "input" must be a string (decode a Buffer first), got ${describeValue(input)}`);
    const failure = m.test(input) ? undefined : m.failure(input);
    if (failure === undefined) return { status: true, value: build === undefined ? (input as V) : build(input, 0, input.length) };
    return { status: false, index: lineColumn(input, failure.offset), expected: parsimmonExpected(failure.expected) };
  };
  return Object.defineProperties(parser, {
    parse: { value: parse },
    grammar: { value: g, enumerable: false },
    definition: { value: def, enumerable: true },
    abnfName: { value: def.name, enumerable: true },
    abnf: { get: () => g.abnf(def.name), enumerable: true },
    pattern: { get: () => g.pattern(def.name), enumerable: true },
    validate: { value: (input: string) => g.validate(input, def.name) },
    isValid: { value: (input: string) => g.isValid(input, def.name) },
    generate: { value: (random: Random, options?: GenerateOptions) => g.generate(def.name, random, options) },
  });
}

/**
 * Runs any parsimmon parser, a grammar of your own composed from the rules included, on the
 * whole of `input`, and answers as every function of the package does: `{ ok: true, value }`, or
 * `{ ok: false, error }` with a {@link UriSyntaxError} (the offset parsimmon's furthest failure
 * gives, what it expected there, `rule` naming `name`: the parser's ABNF name for a rule parser,
 * else `"input"`). A rule of a grammar of your own that runs past its match budgets answers so
 * too: the {@link MatchLimitError} its parser throws is the error (as `Grammar.validate` returns
 * it), the input neither matched nor refused. Unlike parsimmon 1.18's `parser.parse(input)`, it never touches parsimmon's
 * module-wide line index, which `Parser#parse` writes on every failure keyed by the input, so an
 * input such as `"__proto__"` or `"constructor"` writes onto `Object.prototype` or `Object`
 * (enumerable keys every `for ... in` loop then sees). Use this on untrusted text. (`P.index` and
 * `P.mark` inside a grammar still use that index: leave them out of grammars that read untrusted
 * text.)
 *
 * @example
 * const hostPort = P.seqMap(host, P.string(":"), port, (h, _, p) => ({ h, p }));
 * parseWith(hostPort, "__proto__").ok; // false, and Object.prototype is untouched
 */
export function parseWith<T>(parser: P.Parser<T>, input: string, name?: string): Result<T, UriSyntaxError> {
  if (!P.isParser(parser)) throw new TypeError(`parseWith: the argument "parser" must be a parsimmon Parser, got ${describeValue(parser)}`);
  if (typeof input !== "string") throw new TypeError(`parseWith: the argument "input" must be a string, got ${describeValue(input)}`);
  if (name !== undefined && typeof name !== "string") throw new TypeError(`parseWith: the argument "name" must be a string or undefined, got ${describeValue(name)}`);
  let reply: P.Reply<T>;
  try {
    reply = (parser.skip(P.eof) as unknown as { _: (input: string, i: number) => P.Reply<T> })._(input, 0);
  } catch (e) {
    // (a rule's parser throws it, having no other way to say it through parsimmon's reply)
    if (e instanceof MatchLimitError) return { ok: false, error: e };
    throw e;
  }
  if (reply.status) return { ok: true, value: reply.value };
  const rule = name ?? (parser as { abnfName?: unknown }).abnfName;
  const expected = reply.expected.map((e) => (e === "EOF" ? END_OF_INPUT : e));
  return { ok: false, error: syntaxError(input, typeof rule === "string" ? rule : "input", reply.furthest, [...new Set(expected)]) };
}

/** The engine's expectations in parsimmon's words: the end of the input is `"EOF"`, as `P.eof` says it. */
function parsimmonExpected(expected: readonly string[]): string[] {
  return expected.map((e) => (e === END_OF_INPUT ? "EOF" : e));
}

/** parsimmon's index of an offset: 1-based line and column, lines ending at LF, CRLF or CR. */
function lineColumn(input: string, offset: number): P.Index {
  let line = 1;
  let lineStart = 0;
  for (let j = 0; j < offset; j++) {
    const c = input.charCodeAt(j);
    if (c === 0x0a || (c === 0x0d && input.charCodeAt(j + 1) !== 0x0a)) {
      line++;
      lineStart = j + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}
