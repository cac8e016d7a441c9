// A URI scheme as a value (RFC 3986 §3.1; RFC 7595 §3.2: a scheme's syntax refines the generic
// syntax): its name, its grammar and top rule (a Grammar, written with the public algebra or
// loaded from ABNF, referring to RFC 3986's rules by name), the semantics that build its typed
// value, and what §6.2.3 normalization and equivalence need to know about it. A scheme judges
// a URI that is already valid under RFC 3986, without its fragment (RFC 3986 §3.5: the fragment
// is not part of any scheme's syntax), unless the scheme forbids one (RFC 6455 §3).
import { Grammar } from "../abnf/grammar.js";
import type { GenerateOptions, Random } from "../abnf/generate.js";
import { semantics, type Match, type Semantics } from "../abnf/semantics.js";
import { isNode } from "../ast/make.js";
import type { Parsed, Uri, UriReference } from "../ast/nodes.js";
import { caretExcerpt, foundAt, syntaxError, throwWithStack, UriSyntaxError } from "../errors.js";
import { describeValue } from "../describe.js";
import { referenceArgument, refused } from "../core/args.js";
import type { Result } from "../result.js";
import type { NormalizeOptions } from "../transforms/normalize.js";
import { serialize } from "../transforms/serialize.js";

/** Why a URI is not valid under a scheme. Schemes add codes of their own (`"empty-host"`, `"invalid-base64"`, ...). */
export type SchemeErrorCode =
  /** The input is not an RFC 3986 URI reference at all; `syntaxError` says why. */
  | "uri-syntax"
  /** The input is a relative reference, or a URI of another scheme. */
  | "scheme-mismatch"
  /** The scheme's grammar rejects the URI; `syntaxError` is the grammar's error. */
  | "syntax"
  /** The scheme forbids a fragment and the URI has one (RFC 6455 §3). */
  | "fragment-forbidden"
  | (string & {});

const describe = (expected: readonly string[]): string => {
  if (expected.length === 0) return "nothing more";
  if (expected.length === 1) return expected[0] ?? "";
  return `${expected.slice(0, -1).join(", ")} or ${expected[expected.length - 1]}`;
};

/** What a {@link SchemeError} is made of. */
export interface SchemeErrorDetail {
  readonly code: SchemeErrorCode;
  /** Where in the input the URI stops being valid under the scheme, in UTF-16 code units. */
  readonly offset: number;
  /** ABNF names and quoted literals that could stand at `offset` (empty for a rule that is not a grammar rule). */
  readonly expected?: readonly string[] | undefined;
  /** The rule that is broken: a rule of the scheme's grammar, or the name of a prose rule of its RFC. */
  readonly rule?: string | undefined;
  /** The section of the scheme's RFC that says so, e.g. `"RFC 9110 §4.2.1"`. */
  readonly section?: string | undefined;
  /** What is wrong, in words (without the offset); made from `expected` when left out. */
  readonly message?: string | undefined;
  /** The grammar's error, when the grammar rejected the URI. */
  readonly syntaxError?: UriSyntaxError | undefined;
}

/**
 * A URI (or text) that is not valid under a scheme: where (`offset`), what rule of which RFC
 * section, what was expected there, and for a grammar rejection the grammar's own
 * {@link UriSyntaxError}. The generic RFC 3986 parse is a separate result: a URI can be valid
 * under RFC 3986 and not under its scheme.
 */
export class SchemeError extends Error {
  override readonly name = "SchemeError";
  readonly code: SchemeErrorCode;
  /** The scheme's name, lowercase. */
  readonly scheme: string;
  /** The text that was judged: the whole input as given. */
  readonly input: string;
  readonly rule: string;
  readonly offset: number;
  readonly expected: readonly string[];
  /** What stands at `offset`: a quoted character, a `U+XXXX` code, or `"end of input"`. */
  readonly found: string;
  /** The section of the RFC that defines what was broken, e.g. `"RFC 6455 §3"`. */
  readonly section: string;
  /** The grammar's error, when the scheme's (or RFC 3986's) grammar rejected the input. */
  readonly syntaxError: UriSyntaxError | undefined;
  /** The first line of `message`, without the excerpt. */
  readonly shortMessage: string;

  constructor(scheme: string, input: string, detail: SchemeErrorDetail & { readonly rule: string; readonly section: string }) {
    const found = foundAt(input, detail.offset);
    const expected = Object.freeze([...(detail.expected ?? [])]);
    const what = detail.message ?? `expected ${describe(expected)}, found ${found}`;
    const shortMessage = `Invalid ${scheme} URI at offset ${detail.offset} (${detail.section}, ${detail.rule}): ${what}`;
    super(`${shortMessage}\n${caretExcerpt(input, detail.offset)}`);
    this.code = detail.code;
    this.scheme = scheme;
    this.input = input;
    this.rule = detail.rule;
    this.offset = detail.offset;
    this.expected = expected;
    this.found = found;
    this.section = detail.section;
    this.syntaxError = detail.syntaxError;
    this.shortMessage = shortMessage;
  }
}

/** Builds a SchemeError without a stack trace (it is returned as a value; `...OrThrow` captures one). */
function schemeError(scheme: string, input: string, detail: SchemeErrorDetail & { readonly rule: string; readonly section: string }): SchemeError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new SchemeError(scheme, input, detail);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * A rule's error over a part of the input (e.g. a parameter validated on its own), moved to
 * its place in the whole input, for a SchemeError's `syntaxError`.
 */
export function shiftedError(e: UriSyntaxError, input: string, start: number): UriSyntaxError {
  if (!(e instanceof UriSyntaxError)) throw new TypeError(`shiftedError: the argument "e" must be a UriSyntaxError, got ${describeValue(e)}`);
  if (typeof input !== "string") throw new TypeError(`shiftedError: the argument "input" must be a string, got ${describeValue(input)}`);
  if (typeof start !== "number" || !Number.isInteger(start) || start < 0 || start + e.offset > input.length) {
    throw new RangeError(`shiftedError: the argument "start" must be a whole number that keeps the offset inside "input", got ${describeValue(start)}`);
  }
  return syntaxError(input, e.rule, start + e.offset, e.expected);
}

/** What a scheme's `build` is given: the URI, valid under RFC 3986 and the scheme's grammar. */
export interface SchemeInput {
  /** The URI as given, fragment included. */
  readonly input: string;
  /** What the scheme's grammar matched: `input` without its fragment (all of it when the scheme forbids fragments). */
  readonly text: string;
  /** The generic RFC 3986 AST of `input`, with spans into it. */
  readonly uri: Parsed<Uri>;
  /**
   * The derivation of the scheme's top rule over `text` (made on first read): the captured
   * rules, with their offsets into `text` (which are offsets into `input` too).
   */
  readonly match: Match;
  /** Rejects the URI: `build` stops, and `parse` returns a {@link SchemeError} with these details. */
  fail(detail: SchemeErrorDetail): never;
}

/** A scheme as given to {@link defineScheme}. */
export interface SchemeSpec<V> {
  /** The scheme name (RFC 3986 §3.1); compared case-insensitively, kept lowercase. */
  readonly name: string;
  /** The grammar of the scheme's URIs. Refer to RFC 3986's rules by name (imports). */
  readonly grammar: Grammar;
  /** The grammar's top rule, matched against the URI without its fragment. */
  readonly rule: string;
  /** The section that defines the syntax, cited in errors: `"RFC 9110 §4.2.1"`. */
  readonly section: string;
  /** The typed value of a URI that the grammar accepted; call `input.fail(...)` to reject it on other grounds. */
  build(input: SchemeInput): V;
  /** Rules whose matches `input.match` records (`first`/`all`); every rule of the grammar when left out. */
  readonly captures?: readonly string[] | undefined;
  /** `"forbidden"`: a URI with a fragment is invalid (RFC 6455 §3). `"allowed"` (the default): the fragment is left out of what the grammar judges. */
  readonly fragment?: "allowed" | "forbidden" | undefined;
  /** The port an absent or empty port stands for (RFC 3986 §6.2.3), 0–65535. */
  readonly defaultPort?: number | undefined;
  /** With an authority, an empty path means "/" (RFC 3986 §6.2.3; RFC 9110 §4.2.3). */
  readonly emptyPathIsRoot?: boolean | undefined;
  /** Changes to the §6.2.2 syntax-based steps for this scheme (RFC 8141 §3: `{ percentEncoding: false }`). */
  readonly normalizeOptions?: NormalizeOptions | undefined;
  /**
   * §6.2.3 scheme-based normalization beyond default port and empty path: given the URI after
   * the §6.2.2 steps and its value, the normal form. It must return a node made by the library
   * (a transform or the builder), valid under the scheme, and be idempotent. `options` are the
   * steps the caller asked for (before the scheme's `normalizeOptions`), for a scheme that does a
   * §6.2.2 step itself (the file scheme removes dot segments after reading a UNC host).
   */
  normalize?(uri: Uri, value: V, options: NormalizeOptions): Uri;
  /**
   * What equivalence compares (e.g. RFC 8141 §3): two URIs valid under the scheme are
   * equivalent when their keys are equal. Without it, their §6.2.2/§6.2.3 normal forms are compared.
   */
  equivalentKey?(value: V, uri: Uri): string;
}

/** A scheme: a frozen value made by {@link defineScheme}. */
export interface Scheme<V = unknown> {
  readonly name: string;
  readonly grammar: Grammar;
  readonly rule: string;
  readonly section: string;
  readonly fragment: "allowed" | "forbidden";
  readonly defaultPort: number | undefined;
  readonly emptyPathIsRoot: boolean;
  readonly normalizeOptions: NormalizeOptions | undefined;
  /** The spec's `normalize`, if any (see {@link SchemeSpec.normalize}). */
  normalize?(uri: Uri, value: V, options: NormalizeOptions): Uri;
  /** The spec's `equivalentKey`, if any (see {@link SchemeSpec.equivalentKey}). */
  equivalentKey?(value: V, uri: Uri): string;
  /**
   * Parses a URI under the scheme: a string (parsed as an RFC 3986 URI first) or a URI node
   * made by the library. The error is a {@link SchemeError}; its `code` says whether the input
   * is no URI at all (`"uri-syntax"`), another scheme's, or invalid under this one.
   */
  parse(input: string | UriReference): Result<V, SchemeError>;
  /** {@link Scheme.parse}, throwing its error. */
  parseOrThrow(input: string | UriReference): V;
  /** Whether the input is valid under the scheme, with the error when it is not. */
  validate(input: string | UriReference): Result<true, SchemeError>;
  /** `true` when the input is valid under the scheme. */
  isValid(input: string | UriReference): boolean;
  /** The value of a generic AST (from `parse`, with spans) of `input`; for registries. */
  fromUri(uri: Parsed<Uri>, input: string): Result<V, SchemeError>;
  /** A random URI of the scheme's grammar (no fragment). */
  generate(random: Random, options?: GenerateOptions): string;
}

const SCHEME_NAME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const VALID: Result<true, SchemeError> = Object.freeze({ ok: true, value: true });
const GRAMMAR_VALID = Object.freeze({ ok: true, value: true } as const);

/** Thrown by `SchemeInput.fail`, caught by the scheme. */
class Rejection {
  constructor(readonly detail: SchemeErrorDetail) {}
}

/** The {@link SchemeInput} of one URI: the match is derived on first read. */
class Context implements SchemeInput {
  #match: Match | undefined;
  constructor(
    readonly input: string,
    readonly text: string,
    readonly uri: Parsed<Uri>,
    private readonly sem: Semantics<Record<string, never>>,
    private readonly rule: string,
  ) {}

  get match(): Match {
    return (this.#match ??= this.sem.match(this.rule, this.text));
  }

  fail(detail: SchemeErrorDetail): never {
    throw new Rejection(detail);
  }
}

class SchemeValue<V> implements Scheme<V> {
  readonly name: string;
  readonly grammar: Grammar;
  readonly rule: string;
  readonly section: string;
  readonly fragment: "allowed" | "forbidden";
  readonly defaultPort: number | undefined;
  readonly emptyPathIsRoot: boolean;
  readonly normalizeOptions: NormalizeOptions | undefined;
  readonly normalize: ((uri: Uri, value: V, options: NormalizeOptions) => Uri) | undefined;
  readonly equivalentKey: ((value: V, uri: Uri) => string) | undefined;
  readonly #build: (input: SchemeInput) => V;
  readonly #semantics: Semantics<Record<string, never>>;

  constructor(spec: SchemeSpec<V>) {
    this.name = spec.name.toLowerCase();
    this.grammar = spec.grammar;
    this.rule = spec.grammar.require(spec.rule, "defineScheme").name;
    this.section = spec.section;
    this.fragment = spec.fragment ?? "allowed";
    this.defaultPort = spec.defaultPort;
    this.emptyPathIsRoot = spec.emptyPathIsRoot === true;
    this.normalizeOptions = spec.normalizeOptions === undefined ? undefined : Object.freeze({ ...spec.normalizeOptions });
    this.normalize = spec.normalize === undefined ? undefined : spec.normalize.bind(spec);
    this.equivalentKey = spec.equivalentKey === undefined ? undefined : spec.equivalentKey.bind(spec);
    this.#build = spec.build.bind(spec);
    this.#semantics = semantics(spec.grammar, {}, { captures: spec.captures ?? spec.grammar.ruleNames });
    Object.freeze(this);
  }

  #error(input: string, detail: SchemeErrorDetail): SchemeError {
    return schemeError(this.name, input, { ...detail, rule: detail.rule ?? this.rule, section: detail.section ?? this.section });
  }

  /** The generic AST of a string or a library node (the one coercion: a URI or IRI reference), or the reason there is none. */
  #generic(input: unknown, caller: string): Result<{ uri: Parsed<UriReference>; text: string }, SchemeError> {
    if (typeof input !== "string" && !(isNode(input) && (input.kind === "URI" || input.kind === "relative-ref"))) {
      throw new TypeError(`${this.name}.${caller}: the argument "input" must be a URI (a string, or a node from parse), got ${refused(input)}`);
    }
    // a node from a transform has no spans: its text is read again
    const text = typeof input === "string" ? input : serialize(input);
    const r = typeof input !== "string" && input.span !== undefined ? { ok: true as const, value: input } : referenceArgument(text, "input", `${this.name}.${caller}`);
    if (!r.ok) {
      const e = r.error;
      return {
        ok: false,
        error: this.#error(text, { code: "uri-syntax", offset: e.offset, expected: e.expected, rule: e.rule, section: "RFC 3986 §3", syntaxError: e }),
      };
    }
    return { ok: true, value: { uri: r.value as Parsed<UriReference>, text } };
  }

  parse(input: string | UriReference): Result<V, SchemeError> {
    const g = this.#generic(input, "parse");
    if (!g.ok) return g;
    return this.fromUri(g.value.uri as Parsed<Uri>, g.value.text);
  }

  parseOrThrow(input: string | UriReference): V {
    const r = this.parse(input);
    if (!r.ok) throwWithStack(r.error, this.parseOrThrow);
    return r.value;
  }

  validate(input: string | UriReference): Result<true, SchemeError> {
    const r = this.parse(input);
    return r.ok ? VALID : r;
  }

  isValid(input: string | UriReference): boolean {
    return this.parse(input).ok;
  }

  generate(random: Random, options?: GenerateOptions): string {
    return this.grammar.generate(this.rule, random, options);
  }

  fromUri(uri: Parsed<Uri>, input: string): Result<V, SchemeError> {
    if (typeof input !== "string") throw new TypeError(`${this.name}.fromUri: the argument "input" must be the URI's text, got ${describeValue(input)}`);
    if (!isNode(uri) || (uri.kind !== "URI" && uri.kind !== "relative-ref") || uri.span === undefined || uri.span.start !== 0 || uri.span.end !== input.length) {
      throw new TypeError(`${this.name}.fromUri: the argument "uri" must be the node parse gave for "input" (with its spans), got ${describeValue(uri)}`);
    }
    if (uri.kind !== "URI" || uri.scheme.toLowerCase() !== this.name) {
      const message = uri.kind === "URI" ? `the scheme is ${JSON.stringify(uri.scheme)}, not ${JSON.stringify(this.name)}` : `a relative reference has no scheme`;
      return { ok: false, error: this.#error(input, { code: "scheme-mismatch", offset: 0, expected: [JSON.stringify(`${this.name}:`)], message, section: "RFC 3986 §3.1" }) };
    }
    const hash = uri.fragment === undefined ? input.length : input.length - uri.fragment.length - 1;
    const forbidden = this.fragment === "forbidden";
    const text = forbidden ? input : input.slice(0, hash);
    const v = this.grammar.isValid(text, this.rule) ? GRAMMAR_VALID : this.grammar.validate(text, this.rule);
    if (!v.ok) {
      const e = v.error;
      if (forbidden && e.offset === hash && uri.fragment !== undefined) {
        return {
          ok: false,
          error: this.#error(input, { code: "fragment-forbidden", offset: hash, expected: e.expected, message: `a ${this.name} URI must not have a fragment`, syntaxError: e }),
        };
      }
      return { ok: false, error: this.#error(input, { code: "syntax", offset: e.offset, expected: e.expected, syntaxError: e }) };
    }
    const context = new Context(input, text, uri, this.#semantics, this.rule);
    try {
      return { ok: true, value: this.#build(context) };
    } catch (e) {
      if (e instanceof Rejection) return { ok: false, error: this.#error(input, e.detail) };
      throw e;
    }
  }
}

/**
 * Makes a scheme: a frozen value to parse and validate URIs of the scheme with, and to put in a
 * registry for `parseWithScheme`, normalization and equivalence. Throws a TypeError for a spec
 * that is not one (a name that is not a scheme name, a rule the grammar does not define, ...).
 *
 * @example
 * const s3 = defineScheme({
 *   name: "s3", grammar: s3Grammar, rule: "s3-URI", section: "AWS S3 URIs",
 *   build: ({ uri }) => ({ kind: "s3", bucket: uri.authority?.host.text ?? "", key: uri.path.text.slice(1) }),
 * });
 * s3.parseOrThrow("s3://bucket/a/b").key; // "a/b"
 */
export function defineScheme<V>(spec: SchemeSpec<V>): Scheme<V> {
  if (typeof spec !== "object" || spec === null) throw new TypeError(`defineScheme: the argument "spec" must be an object, got ${describeValue(spec)}`);
  if (typeof spec.name !== "string" || !SCHEME_NAME.test(spec.name)) {
    throw new TypeError(`defineScheme: "name" must be a scheme name (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), got ${describeValue(spec.name)}`);
  }
  if (!((spec.grammar as unknown) instanceof Grammar)) {
    throw new TypeError(`defineScheme: "grammar" must be a Grammar (from grammar() or grammarFromAbnf()), got ${describeValue(spec.grammar)}`);
  }
  if (typeof spec.rule !== "string") throw new TypeError(`defineScheme: "rule" must name the grammar's top rule, got ${describeValue(spec.rule)}`);
  if (typeof spec.section !== "string" || spec.section === "") throw new TypeError(`defineScheme: "section" must cite where the syntax is defined, got ${describeValue(spec.section)}`);
  if (typeof spec.build !== "function") throw new TypeError(`defineScheme: "build" must be a function, got ${describeValue(spec.build)}`);
  const port = spec.defaultPort;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    throw new TypeError(`defineScheme: "defaultPort" must be a whole number from 0 to 65535, got ${describeValue(port)}`);
  }
  if (spec.fragment !== undefined && spec.fragment !== "allowed" && spec.fragment !== "forbidden") {
    throw new TypeError(`defineScheme: "fragment" must be "allowed" or "forbidden", got ${describeValue(spec.fragment)}`);
  }
  for (const f of ["normalize", "equivalentKey"] as const) {
    if (spec[f] !== undefined && typeof spec[f] !== "function") throw new TypeError(`defineScheme: "${f}" must be a function, got ${describeValue(spec[f])}`);
  }
  return new SchemeValue(spec);
}

/** Freezes a value and everything inside it (arrays and plain objects), for the typed values schemes build. */
export function deepFreeze<T>(value: T): T {
  // own properties only (a for-in loop would walk into whatever another library put on
  // Object.prototype), with an explicit stack and a visited set (any depth, cycles)
  const skip = (v: unknown): boolean => typeof v !== "object" || v === null || Object.isFrozen(v) || ArrayBuffer.isView(v);
  if (skip(value)) return value;
  const seen = new Set<object>();
  const stack: object[] = [value as object];
  while (stack.length > 0) {
    const v = stack.pop() as object;
    if (seen.has(v)) continue;
    seen.add(v);
    for (const key of Object.keys(v)) {
      const child = (v as Record<string, unknown>)[key];
      if (!skip(child)) stack.push(child as object);
    }
  }
  for (const v of seen) Object.freeze(v);
  return value;
}
