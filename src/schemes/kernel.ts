// What a URI scheme is without its grammar value (RFC 3986 §3.1; RFC 7595 §3.2): its top rule's matcher, typed value, §6.2.3
// normalization and equivalence, and error. No engine: built-in top rules are compiled (src/compiled/schemes.ts); ./scheme.ts adds the grammar.
import type { Match } from "../abnf/semantics.js";
import { hasNodePrototype, isIntactNode, isReferenceNode, type Layout } from "../ast/make.js";
import type { Authority, Parsed, Uri, UriReference } from "../ast/nodes.js";
import { parseReferenceText, referenceArgument, refused, unwrap } from "../core/args.js";
import type { CompiledGrammar, CompiledRule } from "../compiled/dfa.js";
import { failureError, type Matcher } from "../core/match.js";
import { uriGrammar } from "../compiled/index.js";
import { describeValue, expectString, isArrayOf, wordList } from "../describe.js";
import { excerptOfMasked, foundAt, PASSWORD_CHARACTER, syntaxError, UriSyntaxError, withoutStack } from "../errors.js";
import { defineInput, maskPasswordAt } from "../password.js";
import type { Result } from "../result.js";
import type { NormalizeOptions } from "../transforms/normalize.js";
import { OWN_HOOKS, SCHEME_RULES_OPERATIONS, type SchemeRules } from "../transforms/scheme-rules.js";
import { markScheme } from "../core/brand.js";
import { schemeParse } from "../core/scheme-parse.js";
import { lookupOf } from "../core/schemes-option.js";
import { percentDecode } from "../transforms/percent.js";
import { serializeNode } from "../transforms/serialize.js";
import { NON_ASCII } from "../charsets.js";
import { octetAt } from "../percent-encoding.js";
import { DEFAULT_PORTS, emptyPathIsRoot } from "../core/scheme-table.js";

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
  /**
   * The text that was judged: the whole input as given (the message shows its password as "***",
   * RFC 3986 §7.5); readable, not enumerable, so `JSON.stringify` and `console.log` leave it out.
   */
  declare readonly input: string;
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
    expectString(scheme, "scheme", "SchemeError");
    expectString(input, "input", "SchemeError");
    if (typeof detail !== "object" || detail === null) throw new TypeError(`SchemeError: the argument "detail" must be an object, got ${describeValue(detail)}`);
    // RFC 3986 §7.5: the message and its excerpt show the password masked (input keeps it)
    const masked = maskPasswordAt(input, detail.offset);
    const found = masked.inPassword ? PASSWORD_CHARACTER : foundAt(input, detail.offset);
    const expected = Object.freeze([...(detail.expected ?? [])]);
    const what = detail.message ?? `expected ${wordList(expected)}, found ${found}`;
    const shortMessage = `Invalid ${scheme} URI at offset ${detail.offset} (${detail.section}, ${detail.rule}): ${what}`;
    super();
    this.message = `${shortMessage}\n${excerptOfMasked(masked)}`;
    this.code = detail.code;
    this.scheme = scheme;
    defineInput(this, input);
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
export function schemeError(scheme: string, input: string, detail: SchemeErrorDetail & { readonly rule: string; readonly section: string }): SchemeError {
  return withoutStack(() => new SchemeError(scheme, input, detail));
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
  /**
   * What the scheme's grammar matched: `input` without its fragment (all of it when the scheme
   * forbids fragments), with the scheme spelled as the grammar takes it (RFC 3986 §3.1: lowercase
   * unless the top rule takes a letter in uppercase only; see defineScheme). Same length and
   * offsets as `input`.
   */
  readonly text: string;
  /** The generic RFC 3986 AST of `input`, with spans into it. */
  readonly uri: Parsed<Uri>;
  /**
   * The derivation of the scheme's top rule over `text` (made on first read): the captured
   * rules, with their offsets into `text` (which are offsets into `input` too).
   */
  readonly match: Match;
  /**
   * Rejects the URI: `build` stops, and `parse` returns a {@link SchemeError} with these details.
   * A detail that is not one (an offset that is not a whole number from 0 to `input.length`, a
   * code that is not a non-empty string, ...) is a bug in the scheme: a TypeError naming the
   * scheme and the field, thrown from `fail` and out of `parse`.
   */
  fail(detail: SchemeErrorDetail): never;
}

/**
 * Freezes a value and everything inside it, for the typed values schemes build: arrays, plain and
 * null-prototype objects, and any other object reached through own enumerable properties, but
 * not AST nodes (read-only views already, src/ast/make.ts) or typed arrays (whose bytes cannot be
 * frozen). Each object is frozen before what it holds, so a cycle stops where it began and an
 * object already frozen is not walked again. Depth first, recursive: the values schemes build
 * are a few levels deep. About a third cheaper than the walk with a stack and a visited set it
 * replaced (which `Object.freeze` itself dominates, about 45 ns an object on Node 20).
 */
export function deepFreeze<T>(value: T): T {
  freezeTree(value);
  return value;
}

/** `text` (at `at` in the input) percent-decoded as UTF-8, or the URI refused with an `"invalid-utf8"` error of `rule` (RFC 3986 §2.5). */
export function decodedOrFail(input: SchemeInput, text: string, at: number, rule: string, section: string, message: string): string {
  const r = percentDecode(text);
  return r.ok ? r.value : input.fail({ code: "invalid-utf8", offset: at + r.error.offset, rule, section, message });
}

/**
 * The octets of text a scheme's grammar has judged (each "%" begins a triplet, RFC 3986 §2.1): a
 * triplet's octet, any other code unit's value; with `from`, each octet's offset plus `start`.
 */
export function octetsOf(text: string, from?: number[], start = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    from?.push(start + i);
    const o = octetAt(text, i);
    if (o < 0) out.push(text.charCodeAt(i));
    else {
      out.push(o);
      i += 2;
    }
  }
  return out;
}

/**
 * The record of a scheme of an authority ("//" required) on a TCP port: http and https (RFC 9110
 * §4.2.1, §4.2.2), ws and wss (RFC 6455 §3), whose default port and empty path ("/") are
 * core/scheme-table.ts's. The URI is refused without "//", then (`hostRequired`, RFC 9110 §4.2.1)
 * with an empty host, then with a port TCP does not have; `value` makes the (deep-frozen) value
 * from the authority and the port (the one written, or the default when it is absent or empty).
 */
export function tcpDefinition<V>(
  name: keyof typeof DEFAULT_PORTS,
  section: string,
  fragment: "allowed" | "forbidden",
  grammar: () => CompiledGrammar,
  hostRequired: boolean,
  value: (uri: Uri, a: Authority, port: number) => V,
): SchemeDefinition<V> {
  const defaultPort = DEFAULT_PORTS[name];
  return {
    name,
    rule: `${name}-URI`,
    section,
    fragment,
    defaultPort,
    emptyPathIsRoot: emptyPathIsRoot(name),
    matcherOf: compiledRules(grammar),
    build(input: SchemeInput): V {
      const { uri } = input;
      const a = uri.authority;
      if (a === undefined) return input.fail({ code: "syntax", offset: name.length + 1, expected: ['"//"'] });
      if (hostRequired && a.host.kind === "reg-name" && a.host.text === "") {
        input.fail({
          code: "empty-host",
          offset: a.host.span.start,
          rule: "host",
          expected: ["host"],
          message: `the host is empty; RFC 9110 says a recipient MUST reject such a URI as invalid`,
        });
      }
      const text = a.port ?? "";
      const port = text === "" ? defaultPort : Number(text);
      if (port > 65535) input.fail({ code: "port-out-of-range", offset: a.span.end - text.length, rule: "port", section, message: `the port ${text} is not a TCP port (0 to 65535)` });
      return deepFreeze(value(uri, a, port));
    },
  };
}

/** The rules of a grammar the build compiled (src/compiled/scheme-grammars.ts), by name: a built-in scheme's `matcherOf`. */
export const compiledRules = (grammar: () => CompiledGrammar) => (rule: string): CompiledRule => grammar().rule(rule) as CompiledRule;

function freezeTree(v: unknown): void {
  if (typeof v !== "object" || v === null) return;
  const proto = Object.getPrototypeOf(v) as object | null;
  if (proto === Array.prototype) {
    if (Object.isFrozen(v)) return;
    Object.freeze(v);
    // own enumerable properties: the indexes of a dense array (what the schemes build)
    const a = v as readonly unknown[];
    for (let i = 0; i < a.length; i++) freezeTree(a[i]);
    return;
  }
  if (proto !== Object.prototype && proto !== null && (ArrayBuffer.isView(v) || hasNodePrototype(v))) return;
  if (Object.isFrozen(v)) return;
  Object.freeze(v);
  // own properties only (a for-in loop would walk into whatever another library put on Object.prototype)
  for (const key of Object.keys(v)) freezeTree((v as Record<string, unknown>)[key]);
}

/**
 * What a scheme is, apart from its grammar value: what judging a URI of it needs, over what
 * normalization and equivalence need (`SchemeRules`, whose `valueOf` its {@link SchemeRecord}
 * gives). A built-in scheme's module (src/schemes/http.ts) writes one; the §6.2.3 facts it leaves
 * out are none (no default port, an empty path is not "/", the §6.2.2 steps as asked).
 */
export interface SchemeDefinition<V> extends Omit<SchemeRules<V>, "valueOf" | "keepsNormalForm" | Defaulted>, Partial<Pick<SchemeRules<V>, Defaulted>> {
  /**
   * The scheme name as the top rule spells it (RFC 3986 §3.1: case-insensitive): the grammar
   * judges each URI with its scheme so spelled, whatever the input's case. Undefined: the URI
   * as given (the built-in schemes, whose grammars take the name in any case).
   */
  readonly spelling?: string | undefined;
  /** The top rule, matched against the URI without its fragment (all of it when fragments are forbidden). */
  readonly rule: string;
  /** The section that defines the syntax, cited in errors. */
  readonly section: string;
  readonly fragment: "allowed" | "forbidden";
  /** The matcher of a rule of the scheme's grammar (compiled for the built-in schemes; the grammar's for a scheme of the user's): judging asks for `rule`'s. */
  matcherOf(rule: string): Matcher;
  build(input: SchemeInput): V;
  /**
   * `true` only when `normalize` gives back as it is every URI at `layout` that the §6.2.2 steps
   * leave as it is, whatever value the scheme gives it (and when it refuses it): so normalizing
   * such a URI judges nothing (RFC 3986 §6.2.3). Left out: every URI is judged.
   */
  keepsNormalForm?(layout: Layout): boolean;
}

type Defaulted = "defaultPort" | "emptyPathIsRoot" | "normalizeOptions";

/**
 * What every scheme record and registry brings to the main entry's functions (core/brand.ts), so
 * that a bundle without a scheme ships none of it: §6.2.3 normalizing and comparing by the
 * schemes' rules, the reading of a list of schemes given as `options.schemes`, and judging a
 * parsed URI by its scheme (`parse(input, { schemes })`).
 */
export const SCHEME_OPERATIONS = /* @__PURE__ */ Object.freeze({ ...SCHEME_RULES_OPERATIONS, lookupOf, schemeParse });

/**
 * The one scheme record: a definition's fields, frozen, with the value of a URI node as
 * normalization and equivalence ask it (`SchemeRules`). A scheme value (src/schemes/scheme.ts) is
 * one with its grammar.
 */
export class SchemeRecord<V> implements SchemeRules<V> {
  readonly name: string;
  readonly rule: string;
  readonly section: string;
  readonly fragment: "allowed" | "forbidden";
  readonly defaultPort: number | undefined;
  readonly emptyPathIsRoot: boolean;
  readonly normalizeOptions: NormalizeOptions | undefined;
  readonly normalize?: (uri: Uri, value: V, options: NormalizeOptions) => Uri;
  readonly equivalentKey?: (value: V, uri: Uri) => string;
  /** The definition, for judging (its spelling, matcher and build). */
  readonly #def: SchemeDefinition<V>;

  constructor(def: SchemeDefinition<V>) {
    this.#def = def;
    this.name = def.name;
    this.rule = def.rule;
    this.section = def.section;
    this.fragment = def.fragment;
    this.defaultPort = def.defaultPort;
    this.emptyPathIsRoot = def.emptyPathIsRoot === true;
    this.normalizeOptions = def.normalizeOptions === undefined ? undefined : Object.freeze({ ...def.normalizeOptions });
    // the hooks are public methods: their arguments are checked, each a TypeError naming the hook
    const normalize = def.normalize;
    const equivalentKey = def.equivalentKey;
    OWN_HOOKS.set(this, { normalize, equivalentKey });
    // its brand, which no copy or Proxy of it has: registries and `options.schemes` take it by this (core/brand.ts)
    markScheme(this, SCHEME_OPERATIONS);
    if (normalize !== undefined) {
      this.normalize = (uri, value, options) => {
        this.#hookArguments(uri, value, "normalize");
        if (options !== undefined && (typeof options !== "object" || options === null)) {
          throw new TypeError(`${this.name}.normalize: the argument "options" must be the options of normalize or undefined, got ${describeValue(options)}`);
        }
        return normalize(uri, value, options ?? {});
      };
    }
    if (equivalentKey !== undefined) {
      this.equivalentKey = (value, uri) => {
        this.#hookArguments(uri, value, "equivalentKey");
        return equivalentKey(value, uri);
      };
    }
    if (new.target === SchemeRecordClass) Object.freeze(this);
  }

  /**
   * A hook's arguments, as a caller gives them (normalization and equivalence call the hooks
   * themselves, unchecked, with the node and the value they made: {@link OWN_HOOKS}): `uri` a URI
   * node of the scheme, made by the library (as every function that takes a node asks), and
   * `value` the scheme's value of it (what `valueOf` gives, or a value equal to it: `parse`'s).
   */
  #hookArguments(uri: unknown, value: unknown, hook: string): asserts uri is Uri {
    if (!isReferenceNode(uri) || uri.kind !== "URI" || uri.scheme.toLowerCase() !== this.name) {
      throw new TypeError(`${this.name}.${hook}: the argument "uri" must be a ${this.name} URI node (from parse, a transform or the builder), got ${isReferenceNode(uri) ? (uri.kind === "URI" ? `a URI of the scheme ${JSON.stringify(uri.scheme.slice(0, 40))}` : "a relative reference") : refused(uri)}`);
    }
    const own = this.valueOf(uri);
    if (own === undefined || !sameData(own.value, value)) {
      throw new TypeError(`${this.name}.${hook}: the argument "value" must be the scheme's value of "uri" (from ${this.name}.parse or valueOf), got ${describeValue(value)}${own === undefined ? `, and "uri" is not valid under the scheme` : ""}`);
    }
  }

  /** @internal The derivation a build may read (a scheme value's; the built-in records read none). */
  protected matchOf(): ((text: string) => Match) | undefined {
    return undefined;
  }

  /** @internal The scheme's value of a URI node of its scheme, or `undefined` when the scheme refuses it. */
  valueOf(uri: Uri): { readonly value: V } | undefined {
    // what is no node at all is refused here; anything else that is no node fails on its first read (no check on the way of a node)
    const p = typeof uri === "object" && uri !== null && !Array.isArray(uri) ? (Object.getPrototypeOf(uri) as object | null) : null;
    if (p === null || p === Object.prototype) throw this.#notANode(uri);
    try {
      return valueOfNode(this.#def, uri, this.matchOf());
    } catch (e) {
      throw isReferenceNode(uri) ? e : this.#notANode(uri);
    }
  }

  #notANode(uri: unknown): TypeError {
    return new TypeError(`${this.name}.valueOf: the argument "uri" must be a URI node (from parse, a transform or the builder), got ${refused(uri)}`);
  }

  /** @internal Whether the scheme's normalization keeps every URI at `layout` that the §6.2.2 steps keep (see `SchemeDefinition.keepsNormalForm`). */
  keepsNormalForm(layout: Layout): boolean {
    // a public method too: what is no layout (a node, text, null) is refused, as the hooks refuse a wrong argument
    if (typeof layout !== "object" || layout === null || typeof layout.input !== "string") {
      throw new TypeError(`${this.name}.keepsNormalForm: the argument "layout" must be a reference's layout (ast/make.ts layoutOf), got ${describeValue(layout)}`);
    }
    return this.#def.keepsNormalForm?.(layout) === true;
  }

  /** The generic AST of a string or a library node (the one coercion: a URI or IRI reference), or the reason there is none. */
  #generic(input: unknown, caller: string): Result<{ uri: Parsed<UriReference>; text: string }, SchemeError> {
    if (typeof input !== "string" && !isReferenceNode(input)) {
      throw new TypeError(`${this.name}.${caller}: the argument "input" must be a URI (a string, or a node from parse), got ${refused(input)}`);
    }
    // a node from a transform has no spans: its text is read again
    const text = typeof input === "string" ? input : serializeNode(input);
    const r = typeof input !== "string" && input.span !== undefined ? { ok: true as const, value: input } : referenceArgument(text, "input", `${this.name}.${caller}`);
    if (!r.ok) {
      const e = r.error;
      return {
        ok: false,
        error: schemeError(this.name, text, { code: "uri-syntax", offset: e.offset, expected: e.expected, rule: e.rule, section: "RFC 3986 §3", syntaxError: e }),
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
    return unwrap(this.parse(input), this.parseOrThrow);
  }

  validate(input: string | UriReference): Result<true, SchemeError> {
    const r = this.parse(input);
    return r.ok ? VALID : r;
  }

  isValid(input: string | UriReference): boolean {
    return this.parse(input).ok;
  }

  fromUri(uri: Parsed<Uri>, input: string): Result<V, SchemeError> {
    if (typeof input !== "string") throw new TypeError(`${this.name}.fromUri: the argument "input" must be the URI's text, got ${describeValue(input)}`);
    if (!isIntactNode(uri) || (uri.kind !== "URI" && uri.kind !== "relative-ref") || uri.span === undefined || uri.span.start !== 0 || uri.span.end !== input.length) {
      throw new TypeError(`${this.name}.fromUri: the argument "uri" must be the node parse gave for "input" (with its spans), got ${refused(uri)}`);
    }
    return judge(this.#def, uri, input, this.matchOf());
  }
}

// The class as its own body names it: esbuild (scripts/bundle.mjs) renames a class whose body
// names it to `_SchemeRecord`, the name console.log, stack traces and `.name` would then show.
const SchemeRecordClass = SchemeRecord;

const VALID: Result<true, SchemeError> = /* @__PURE__ */ Object.freeze({ ok: true, value: true });

let fragmentRule: Matcher | undefined;

/**
 * Whether two values of a scheme are the same data: equal primitives, or objects of one prototype
 * whose own enumerable fields (a typed array's bytes) are the same data, 32 levels deep at most.
 * A getter or Proxy of the caller's that throws makes them differ.
 */
function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || depth > 32) return false;
  try {
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
      if (!(ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) || a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      return x.every((v, i) => v === y[i]);
    }
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1));
  } catch {
    return false;
  }
}

/** Thrown by `SchemeInput.fail`, caught by {@link judge}. */
class Rejection {
  constructor(readonly detail: SchemeErrorDetail) {}
}

/** The {@link SchemeInput} of one URI; `match` is asked of `matchOf`, on first read. */
class Context implements SchemeInput {
  #match: Match | undefined;
  constructor(
    readonly input: string,
    readonly text: string,
    readonly uri: Parsed<Uri>,
    private readonly matchOf: ((text: string) => Match) | undefined,
    private readonly scheme: string,
  ) {}

  get match(): Match {
    if (this.matchOf === undefined) throw new Error(`internal: the ${this.scheme} scheme's build read input.match, which only a scheme value with its grammar has`);
    return (this.#match ??= this.matchOf(this.text));
  }

  // an arrow: builds destructure it (`build({ uri, fail })`)
  readonly fail = (detail: SchemeErrorDetail): never => {
    throw new Rejection(checkedDetail(detail, this.scheme, this.input));
  };
}

/**
 * The detail a build gave `fail`, each field read once and checked: a detail that is not one (an
 * offset outside the input, a code that is no string, ...) is a bug in the scheme, not in the URI,
 * so it is a TypeError that names the scheme and the field, never a SchemeError about the URI.
 */
function checkedDetail(detail: unknown, scheme: string, input: string): SchemeErrorDetail {
  const caller = `input.fail: the ${scheme} scheme's build gave`;
  const bug = "a bug in the scheme, not in the URI";
  if (typeof detail !== "object" || detail === null) throw new TypeError(`${caller} ${describeValue(detail)}; fail takes { code, offset, ... } (${bug})`);
  const { code, offset, expected, rule, section, message, syntaxError: cause } = detail as Record<string, unknown>;
  // offsets are positions in the input in UTF-16 code units: 0 (before the first character) to its length (at its end)
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || offset > input.length) {
    throw new TypeError(`${caller} the offset ${describeValue(offset)}, outside the URI: an offset is a whole number from 0 to ${input.length}, the URI's length (${bug})`);
  }
  if (typeof code !== "string" || code === "") throw new TypeError(`${caller} the code ${describeValue(code)}: a code is a non-empty string (${bug})`);
  if (expected !== undefined && !isArrayOf(expected, (x) => typeof x === "string")) {
    throw new TypeError(`${caller} expected ${describeValue(expected)}: expected is an array of strings or undefined (${bug})`);
  }
  for (const [field, v] of [["rule", rule], ["section", section], ["message", message]] as const) {
    if (v !== undefined && typeof v !== "string") throw new TypeError(`${caller} the ${field} ${describeValue(v)}: ${field} is a string or undefined (${bug})`);
  }
  if (cause !== undefined && !(cause instanceof UriSyntaxError)) throw new TypeError(`${caller} the syntaxError ${describeValue(cause)}: syntaxError is a UriSyntaxError or undefined (${bug})`);
  return {
    code,
    offset,
    expected: expected === undefined ? undefined : Object.freeze([...(expected as string[])]),
    rule: rule as string | undefined,
    section: section as string | undefined,
    message: message as string | undefined,
    syntaxError: cause as UriSyntaxError | undefined,
  };
}

/**
 * Judges a URI of the scheme (`uri`, parsed from `input` with its spans): the scheme's value, or
 * why not, as a SchemeError (`undefined` with `quiet`, for normalization and equivalence, which
 * only ask whether there is a value: a refusal then costs no message). `matchOf` gives the
 * derivation a build may read (a scheme value's; the built-in schemes read none).
 */
export function judge<V>(def: SchemeDefinition<V>, uri: Parsed<Uri>, input: string, matchOf: ((text: string) => Match) | undefined, quiet: true): V | undefined;
export function judge<V>(def: SchemeDefinition<V>, uri: Parsed<Uri>, input: string, matchOf: ((text: string) => Match) | undefined, quiet?: false): Result<V, SchemeError>;
export function judge<V>(def: SchemeDefinition<V>, uri: Parsed<Uri>, input: string, matchOf: ((text: string) => Match) | undefined, quiet = false): Result<V, SchemeError> | V | undefined {
  const error = (detail: SchemeErrorDetail): { ok: false; error: SchemeError } => ({
    ok: false,
    error: schemeError(def.name, input, { ...detail, rule: detail.rule ?? def.rule, section: detail.section ?? def.section }),
  });
  if (uri.kind !== "URI" || uri.scheme.toLowerCase() !== def.name) {
    if (quiet) return undefined;
    const message = uri.kind === "URI" ? `the scheme is ${JSON.stringify(uri.scheme)}, not ${JSON.stringify(def.name)}` : `a relative reference has no scheme`;
    return error({ code: "scheme-mismatch", offset: 0, expected: [JSON.stringify(`${def.name}:`)], message, section: "RFC 3986 §3.1" });
  }
  const hash = uri.fragment === undefined ? input.length : input.length - uri.fragment.length - 1;
  const forbidden = def.fragment === "forbidden";
  const given = forbidden ? input : input.slice(0, hash);
  // RFC 3986 §3.1: the scheme in any case is the scheme; the grammar reads it as it spells it
  const spelling = def.spelling;
  const text = spelling === undefined || given.startsWith(spelling) ? given : spelling + given.slice(spelling.length);
  const m = def.matcherOf(def.rule);
  if (!m.test(text)) {
    if (quiet) return undefined;
    const f = m.failure(text);
    if (f !== undefined) {
      const e = syntaxError(given, m.name, f.offset, f.expected);
      if (forbidden && f.offset === hash && uri.fragment !== undefined) {
        return error({ code: "fragment-forbidden", offset: hash, expected: f.expected, message: `a ${def.name} URI must not have a fragment`, syntaxError: e });
      }
      return error({ code: "syntax", offset: f.offset, expected: f.expected, syntaxError: e });
    }
  }
  // RFC 3986 §3.5, §2: the fragment is no part of the scheme's syntax, but it is part of a URI,
  // whose characters are US-ASCII: an IRI's fragment (RFC 3987) is no URI's (issue 31)
  if (!forbidden && uri.fragment !== undefined && NON_ASCII.test(uri.fragment)) {
    if (quiet) return undefined;
    const f = (fragmentRule ??= uriGrammar.rule("fragment") as Matcher).failure(uri.fragment);
    if (f !== undefined) return error({ code: "syntax", offset: hash + 1 + f.offset, expected: f.expected, rule: "fragment", section: "RFC 3986 §3.5", syntaxError: failureError(input, "fragment", f, hash + 1) });
  }
  const context = new Context(input, text, uri, matchOf, def.name);
  try {
    const value = def.build(context);
    return quiet ? value : { ok: true, value };
  } catch (e) {
    if (e instanceof Rejection) return quiet ? undefined : error(e.detail);
    throw e;
  }
}

/**
 * The scheme's value of a URI node of its scheme (a transform's, without spans, is read again
 * from its text), or `undefined` when the scheme refuses it: what normalization and equivalence
 * ask (src/transforms/scheme-rules.ts).
 */
export function valueOfNode<V>(def: SchemeDefinition<V>, node: Uri, matchOf?: (text: string) => Match): { readonly value: V } | undefined {
  const text = serializeNode(node);
  let parsed = node as Parsed<Uri>;
  if (node.span === undefined || node.span.start !== 0 || node.span.end !== text.length) {
    const r = parseReferenceText(text, NON_ASCII.test(text) ? "IRI-reference" : "URI-reference");
    if (!r.ok || r.value.kind !== "URI") return undefined;
    parsed = r.value as Parsed<Uri>;
  }
  const value = judge(def, parsed, text, matchOf, true);
  return value === undefined ? undefined : { value };
}
