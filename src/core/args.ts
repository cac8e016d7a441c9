// The one argument coercion of every operation, so all accept and refuse the same inputs: a string (parsed as a URI reference or, beyond US-ASCII,
// an IRI reference: RFC 3987 §2.2, every URI is an IRI) or a node this library made; anything else is a TypeError that names the argument.
import { isIntactNode, isNode, isReferenceNode, type Layout } from "../ast/make.js";
import type { Parsed, UriReference } from "../ast/nodes.js";
import { iriReferenceGrammar, referenceGrammar, uriGrammar } from "../compiled/index.js";
import { describeValue, isUrlObject } from "../describe.js";
import { DEFAULT_MAX_LENGTH, throwWithStack, tooLongError, type UriSyntaxError } from "../errors.js";
import type { Result } from "../result.js";
import type { CompiledRule } from "../compiled/dfa.js";
import { failureError } from "./match.js";
import { matchReference, matchReferenceLayout, reference } from "./values.js";
import { NON_ASCII } from "../charsets.js";

/** The rule a string argument is parsed against: either one (the default), or just one of them. */
export type ReferenceRule = "URI-reference" | "IRI-reference" | "either";

/**
 * {@link matchReference} as a result: the error is read off its run where that recorded the stop
 * (the input is not read again), else by the rule's failure run.
 */
export function referenceResult(rule: CompiledRule, input: string): Result<UriReference, UriSyntaxError> {
  const value = matchReference(rule, input);
  if (value !== undefined) return { ok: true, value };
  const f = rule.failureOfReference(input);
  return f === undefined ? { ok: true, value: reference(input, 0, input.length) as UriReference } : { ok: false, error: failureError(input, rule.name, f) };
}

let uriRef: CompiledRule | undefined;
let iriRef: CompiledRule | undefined;

/** A string parsed as a whole `URI-reference` or `IRI-reference` (RFC 3986 §4.1, RFC 3987 §2.2), within the default length limit. */
export function parseReferenceText(input: string, rule: "URI-reference" | "IRI-reference" = "URI-reference"): Result<Parsed<UriReference>, UriSyntaxError> {
  if (input.length > DEFAULT_MAX_LENGTH) return { ok: false, error: tooLongError(input, rule, DEFAULT_MAX_LENGTH) };
  const m = rule === "URI-reference" ? (uriRef ??= referenceGrammar.rule(rule) as CompiledRule) : (iriRef ??= iriReferenceGrammar.rule(rule) as CompiledRule);
  return referenceResult(m, input) as Result<Parsed<UriReference>, UriSyntaxError>;
}

let uri: CompiledRule | undefined;

/**
 * The layout of `input` (make.Layout: the offsets of its parts, RFC 3986 Appendix B, and where its
 * path is) when it is a whole `URI-reference` (RFC 3986 §4.1) within the default length limit,
 * else `undefined` (then {@link referenceArgument} gives its error, or reads it as an IRI
 * reference): what referenceArgument reads from a string that is a URI reference, without making
 * its node.
 */
export function referenceTextLayout(input: string): Layout | undefined {
  if (input.length > DEFAULT_MAX_LENGTH) return undefined;
  return matchReferenceLayout((uriRef ??= referenceGrammar.rule("URI-reference") as CompiledRule), input);
}

/** {@link referenceTextLayout} of a whole `URI` (RFC 3986 §3: a scheme first), which reads the rule of its own (apart, so that what reads references alone does not ship the other rules). */
export function uriTextLayout(input: string): Layout | undefined {
  if (input.length > DEFAULT_MAX_LENGTH) return undefined;
  return matchReferenceLayout((uri ??= uriGrammar.rule("URI") as CompiledRule), input);
}

/** The node fields: an object with one of them is a hand-made look-alike or a copy. */
const NODE_FIELDS = ["kind", "scheme", "authority", "path", "query", "fragment", "host", "userinfo", "port", "text", "segments", "span"];

/** Why an argument is refused: what it is, in words. */
export function refused(x: unknown): string {
  if (typeof x === "object" && x !== null) {
    if (isUrlObject(x)) return describeValue(x);
    if (isNode(x) && !isIntactNode(x)) return "a node on which a program defined properties of its own (they would shadow its fields)";
    if (isNode(x)) return `a ${String((x as { kind: unknown }).kind)} node`;
    // what parse and the with* functions return, given as it is (`serialize(parse(s))`); asked by
    // `in`, so that no getter of a program's object runs here
    if ("ok" in x && ("value" in x || "error" in x)) return "a Result: pass its .value, or call the OrThrow function";
    if (NODE_FIELDS.some((f) => f in x)) {
      return "an object that only looks like a node (a copy or a hand-made object, which nothing checked); make nodes with parse, buildUri or the with* functions";
    }
    // a plain object of any realm (a structured clone comes from another one in some hosts)
    const proto = Object.getPrototypeOf(x) as object | null;
    if (!Array.isArray(x) && (proto === null || Object.getPrototypeOf(proto) === null) && Object.keys(x).length === 0) {
      return "an empty object (a copy of a node has none of its fields: a node's fields are getters of its class, which a spread, Object.assign or structuredClone does not copy)";
    }
  }
  return describeValue(x);
}

/**
 * The reference an argument stands for: a node as it is; a string parsed against `rule`, where
 * `"either"` (the default) parses it as a URI reference or, when it holds characters beyond
 * US-ASCII, as an IRI reference; a TypeError for anything else.
 */
export function referenceArgument(x: unknown, name: string, caller: string, rule: ReferenceRule = "either"): Result<UriReference, UriSyntaxError> {
  if (typeof x === "string") {
    if (rule !== "either") return parseReferenceText(x, rule);
    // a URI reference is all ASCII (RFC 3986 §2): text beyond it is read as an IRI reference at
    // once, with no URI-reference error made and dropped first
    return parseReferenceText(x, NON_ASCII.test(x) ? "IRI-reference" : "URI-reference");
  }
  if (isReferenceNode(x)) return { ok: true, value: x };
  const what = rule === "IRI-reference" ? "an IRI reference" : "a URI reference";
  throw new TypeError(`${caller}: the argument "${name}" must be ${what} (a string, or a node from parse), got ${refused(x)}`);
}

/** {@link referenceArgument}, throwing the UriSyntaxError of text that does not parse. */
export function referenceOrThrow(x: unknown, name: string, caller: (...args: never[]) => unknown, rule: ReferenceRule = "either"): UriReference {
  const r = referenceArgument(x, name, caller.name, rule);
  if (!r.ok) throwWithStack(r.error, caller);
  return r.value;
}

/** The value of a Result, or its error thrown (with a stack trace from `caller`). */
export function unwrap<T>(r: Result<T, Error>, caller: (...args: never[]) => unknown): T {
  if (!r.ok) throwWithStack(r.error, caller);
  return r.value;
}
