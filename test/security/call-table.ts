// How to call every export of every entry point of the package, for the never-crash test
// (never-crash.test.ts, on the TypeScript sources) and `npm run fuzz` (scripts/fuzz.mjs, on
// dist/). The modules come in as arguments and nothing here imports the library at run time
// (type imports only), so the same table drives both: fuzz.mjs compiles this file with esbuild.
//
// Each export has an entry: `typed` calls with the argument types the export documents (strings
// of any content where it takes text), which may throw only the typed errors in `throws`;
// `loose` calls with any JavaScript values, which may also throw a TypeError or RangeError the
// library raised on purpose (its message names the function), never one from inside. An error
// thrown by the caller's own code (a Proxy trap, a getter, a callback) passes through as it is.
import type * as Root from "../../src/index";
import type * as Rules from "../../src/rules/index";
import type * as Abnf from "../../src/abnf/index";
import type * as Components from "../../src/components";
import type * as Builder from "../../src/uri-builder";
import type * as Iri from "../../src/iri/index";
import type * as Schemes from "../../src/schemes/index";
import type * as Security from "../../src/security";
import type * as Diagrams from "../../src/diagrams";
import type * as Whatwg from "../../src/whatwg/index";
import type * as Template from "../../src/template/index";

/** The package's entry points, by subpath. */
export interface Modules {
  readonly root: typeof Root;
  readonly rules: typeof Rules;
  readonly abnf: typeof Abnf;
  readonly components: typeof Components;
  readonly builder: typeof Builder;
  readonly iri: typeof Iri;
  readonly schemes: typeof Schemes;
  readonly security: typeof Security;
  readonly diagrams: typeof Diagrams;
  readonly whatwg: typeof Whatwg;
  readonly template: typeof Template;
  /** uri-grammar/ast: types only, so no values. */
  readonly ast: object;
}

/** Where the arguments of one round come from. */
export interface Args {
  /** Any string: arbitrary UTF-16 (lone surrogates, NUL, controls) or URI-like text. */
  str(): string;
  /** A string meant to be a URI reference (generated from the grammar or a real one, maybe mutated). */
  uri(): string;
  /** {@link uri}, or the node it parses to. */
  ref(): string | Root.UriReference;
  /** Any JavaScript value: strings, numbers, null, undefined, symbols, objects, arrays, look-alike nodes, Proxies, frozen objects, functions. */
  any(): unknown;
  /** A small whole number, sometimes negative or huge. */
  int(): number;
  /** A rule name of RFC 3986 or RFC 3987, sometimes in another case, sometimes any string. */
  ruleName(): string;
  /** A seeded source of randomness for generators. */
  random(): Abnf.Random;
  /** ABNF-like text: rules as RFCs print them, mutated. */
  abnf(): string;
  /** One of the given values. */
  pick<T>(xs: readonly T[]): T;
  /** true or false. */
  bool(): boolean;
}

/** The typed errors of the package, and the two built-in errors it throws for wrong arguments. */
export type ErrorName =
  | "UriSyntaxError" | "InputTooLongError" | "ResolveError" | "RelativizeError" | "DecodeError" | "IdnaError" | "SchemeError" | "AbnfError" | "FilePathError"
  | "GrammarError" | "UnknownRuleError" | "WhatwgUrlError" | "HostError" | "AddressError" | "TemplateError" | "TypeError" | "RangeError";

export type Call = () => unknown;

export interface Entry {
  /** Calls with the documented argument types. */
  readonly typed: (a: Args) => readonly Call[];
  /** What the typed calls may throw. */
  readonly throws: readonly ErrorName[];
  /** Calls with any values (a TypeError or RangeError raised on purpose is then fine too). */
  readonly loose: (a: Args) => readonly Call[];
  /** Why an export is called the way it is, where that is not obvious. */
  readonly note?: string;
}

/** The error thrown by the caller's own code in these calls (Proxy traps, getters, callbacks). */
export class CallerError extends Error {
  override readonly name = "CallerError";
}

/** Strings every round may draw as arguments. */
export const EDGE_STRINGS: readonly string[] = [
  "", " ", "\u0000", "\ud800", "\udc00", "\udbff\udfff", "%", "%%", "%zz", "%C0%AF", "%ED%A0%80", ":", "//", "///", "@@", "[", "]", "[::1",
  "\\", "#", "?", "__proto__", "constructor", "toString", "http://", "http://[v1.x]/", "file:///C:/x", "a".repeat(300), "é".repeat(50),
];

/** Values a JavaScript caller can pass where the package wants something else. */
export function strangeValues(m: Modules): unknown[] {
  const node = m.root.parseOrThrow("http://u:p@example.com:80/a/b?q#f");
  const throwing = new Proxy({}, {
    get() {
      throw new CallerError("get");
    },
    has() {
      throw new CallerError("has");
    },
    ownKeys() {
      throw new CallerError("ownKeys");
    },
    getPrototypeOf() {
      throw new CallerError("getPrototypeOf");
    },
    getOwnPropertyDescriptor() {
      throw new CallerError("getOwnPropertyDescriptor");
    },
  });
  const nodeProxy = new Proxy(node, {});
  // nodes are read-only but not frozen: a program can define properties that shadow the getters
  const shadowed = m.root.parseOrThrow("//a/b");
  for (const [k, v] of [["kind", 5], ["scheme", {}], ["authority", "x"], ["path", null], ["query", 1], ["text", []], ["span", "s"]] as const) Object.defineProperty(shadowed, k, { value: v });
  const hostShadowed = m.root.parseOrThrow("http://[::1]/").authority;
  if (hostShadowed !== undefined) Object.defineProperty(hostShadowed.host, "kind", { value: Symbol("k") });
  const lookAlike = { kind: "URI", scheme: "http", authority: undefined, path: { kind: "path-abempty", text: "/", segments: [""] }, query: undefined, fragment: undefined };
  // a sparse array of length 2^32 - 1 (free to make): its checks must stop at the first hole, not
  // walk every index (`every`, `some` and `forEach` skip holes): an index past 1,000 read is an
  // untyped Error, so the walk is a failure, not minutes
  const sparse = (first: unknown): unknown[] => {
    const target: unknown[] = [first];
    target.length = 2 ** 32 - 1;
    const read = (key: string | symbol): void => {
      if (typeof key === "string" && /^\d{4,}$/.test(key)) throw new Error(`a sparse array was walked to index ${key}`);
    };
    return new Proxy(target, { get: (t, key, r) => (read(key), Reflect.get(t, key, r)), has: (t, key) => (read(key), Reflect.has(t, key)) });
  };
  return [
    undefined, null, 0, -0, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 53, 0x10ffff + 1, 10n, true, false, Symbol("s"), Symbol.iterator,
    {}, [], [1, 2, 3], ["a", "b"], [["a", "b"]], [[1, 2]], Object.create(null), Object.freeze({}), Object.freeze(["x"]),
    { kind: "URI" }, { kind: "relative-ref" }, { kind: "reg-name", text: "a" }, lookAlike, Object.freeze({ ...lookAlike }), { ...node },
    nodeProxy, shadowed, hostShadowed, hostShadowed?.host, throwing, new Proxy({}, { get: () => undefined }), new Proxy([], {}),
    () => "x", function named() { return 1; }, async () => 1, new Date(0), new Map([["a", 1]]), new Set(["a"]), /x/g, new Error("e"),
    new TypeError("t"), new Uint8Array([0x25, 0x41]), new String("http://a/"), new Number(1), Promise.resolve(1),
    { toString: () => "http://a/" }, { valueOf: () => 1 }, { toString() { throw new CallerError("toString"); } },
    { [Symbol.iterator]: function* () { yield "a"; } }, { [Symbol.iterator]() { throw new CallerError("iterator"); } },
    { get rule() { throw new CallerError("getter"); } }, { rule: "URI" }, { rule: 5 }, { schemes: 5 }, { grammar: {} }, { semantics: {} },
    { level: "nope" }, { idna: "yes" }, { decode: 1 }, { form: "x" }, { separators: 5 }, { mask: {} }, { maxRepeat: -1 }, { budget: Infinity },
    { base: 5 }, { name: 5 }, { imports: [5] }, { imports: 5 }, { rules: { a: 5 } }, { rename: 5 }, { rename: () => 5 }, { copy: 5 },
    node, node.authority, node.path, m.root.parseRuleOrThrow("[::1]", "host"),
    m.abnf.rfc3986, m.abnf.core, m.schemes.http, m.schemes.defaultRegistry, m.abnf.rfc3986Semantics, m.rules.uri,
    m.abnf.lit("a"), { type: "lit", text: 5 }, { type: "seq", items: 5 }, { type: "rep", min: 2, max: 1, item: { type: "lit", text: "a" } },
    { type: "ref", name: "__proto__" }, { type: "nope" },
    sparse("a"), sparse(m.abnf.core), { captures: sparse("a"), rare: sparse("a"), tokens: sparse("a") }, { imports: sparse(m.abnf.core) },
    { schemes: sparse("http"), allow: sparse("public") }, { allowedSchemes: sparse("http"), allow: sparse("public") }, { schemes: sparse(m.root.defaultSchemeNormalizations[0]) },
  ];
}

/** The names of the typed error classes, for `instanceof` against the modules given. */
export function errorClasses(m: Modules): ReadonlyMap<ErrorName, abstract new (...args: never[]) => Error> {
  return new Map<ErrorName, abstract new (...args: never[]) => Error>([
    ["UriSyntaxError", m.root.UriSyntaxError], ["InputTooLongError", m.root.InputTooLongError], ["ResolveError", m.root.ResolveError], ["RelativizeError", m.root.RelativizeError],
    ["DecodeError", m.components.DecodeError], ["IdnaError", m.iri.IdnaError], ["SchemeError", m.schemes.SchemeError],
    ["AbnfError", m.abnf.AbnfError], ["FilePathError", m.schemes.FilePathError], ["GrammarError", m.abnf.GrammarError],
    ["UnknownRuleError", m.abnf.UnknownRuleError], ["WhatwgUrlError", m.whatwg.WhatwgUrlError], ["HostError", m.security.HostError], ["AddressError", m.security.AddressError],
    ["TemplateError", m.template.TemplateError],
  ]);
}

type AnyFn = (...args: never[]) => unknown;
const call = (f: unknown, ...args: unknown[]): unknown => (f as (...a: unknown[]) => unknown)(...args);

/**
 * A function entry: `typed` gives argument lists of the documented types; `loose` calls with any
 * values, and with each typed list with one argument replaced by any value.
 */
function fn(f: unknown, throws: readonly ErrorName[], typed: (a: Args) => unknown[][], note?: string): Entry {
  return {
    throws,
    typed: (a) => typed(a).map((args) => () => call(f, ...args)),
    loose: (a) => {
      const calls: Call[] = [() => call(f), () => call(f, a.any()), () => call(f, a.any(), a.any()), () => call(f, a.any(), a.any(), a.any())];
      for (const args of typed(a)) {
        if (args.length === 0) continue;
        const k = Math.floor(a.int() >>> 0) % args.length;
        const changed = [...args];
        changed[k] = a.any();
        calls.push(() => call(f, ...changed));
      }
      return calls;
    },
    ...(note === undefined ? {} : { note }),
  };
}

/** An entry for a value that is not called: a class checked elsewhere, or data. */
function value(check: (a: Args) => unknown[], note: string): Entry {
  return { throws: [], typed: (a) => [() => check(a)], loose: () => [], note };
}

const PARSE_RULES = ["URI-reference", "URI", "absolute-URI", "relative-ref", "IRI-reference", "IRI", "host", "authority", "path", "IPv6address", "reg-name", "query"];

/** The methods of a RuleParser (a parsimmon Parser with the forms derived from its definition). */
function parserEntry(p: Rules.RuleParser<unknown>, m: Modules): Entry {
  return {
    throws: [],
    typed: (a) => [
      () => p.parse(a.str()),
      () => p.parse(a.uri()),
      () => p.validate(a.str()),
      () => p.isValid(a.uri()),
      () => p.generate(a.random(), { maxRepeat: a.int() & 7 }),
      // composed with parsimmon's combinators (.many() of a parser that can match nothing is
      // parsimmon's "infinite loop" error by design, so a rule that can be empty is repeated twice)
      () => m.rules.parseWith(p.isValid("") ? p.times(2) : p.skip(p.many()), a.str()),
      () => [p.abnf, p.pattern, p.abnfName, p.definition],
    ],
    loose: (a) => [() => p.parse(a.any() as string), () => p.validate(a.any() as string), () => p.isValid(a.any() as string), () => p.generate(a.any() as Abnf.Random, a.any() as Abnf.GenerateOptions)],
    note: "parsimmon's own combinators (tryParse throws parsimmon's Error by design) are parsimmon's API; parse, validate, isValid and generate are this package's",
  };
}

/** The public methods of a Grammar (its @internal ones, analysis, compiled, fastPath and the static builders, are left out). */
function grammarEntry(g: Abnf.Grammar, m: Modules): Entry {
  const name = (a: Args): string => (a.bool() && g.ruleNames.length > 0 ? a.pick(g.ruleNames) : a.ruleName());
  return {
    throws: ["UnknownRuleError", "GrammarError", "AbnfError"],
    typed: (a) => {
      const rule = g.ruleNames.length > 0 ? a.pick(g.ruleNames) : "x";
      return [
        () => g.validate(a.str(), name(a)),
        () => g.isValid(a.uri(), rule),
        () => g.rule(rule).parse(a.str()),
        () => g.pattern(rule),
        () => g.abnf(name(a)),
        () => g.has(a.str()),
        () => g.isLinear(name(a)),
        () => g.definition(a.str()),
        () => g.require(name(a), a.str()),
        () => g.sameAs(a.pick([g, m.abnf.rfc3986, m.abnf.core])),
        () => g.pick(...g.ruleNames.slice(0, a.int() & 3)),
        () => g.derive({ rename: { [rule]: a.str() } }),
        () => g.derive({ rules: { [a.pick([rule, "extra-rule"])]: m.abnf.alt(m.abnf.lit(a.pick(["a", "%", "-"])), m.abnf.ref(rule)) } }),
        () => {
          // generate, then the generated text must match
          const text = g.generate(rule, a.random(), { maxRepeat: a.int() & 7 });
          if (!g.isValid(text, rule)) throw new Error(`${g.name}: generate(${rule}) gave ${JSON.stringify(text)}, which does not match ${rule}`);
          return text;
        },
      ];
    },
    loose: (a) => [
      () => g.validate(a.any() as string, a.any() as string),
      () => g.isValid(a.str(), a.any() as string),
      () => g.rule(a.any() as string),
      () => g.generate(a.any() as string, a.any() as Abnf.Random, a.any() as Abnf.GenerateOptions),
      () => g.derive(a.any() as Abnf.DeriveOptions),
      () => g.pick(a.any() as string, a.any() as string),
      () => g.sameAs(a.any() as Abnf.Grammar),
      () => g.require(a.any() as string),
    ],
    note: "the loaded grammar's validate and parse, on any text",
  };
}

/** The methods of a Scheme value. */
function schemeEntry(s: Schemes.Scheme, m: Modules): Entry {
  return {
    throws: ["SchemeError"],
    typed: (a) => {
      const own = (): string => s.generate(a.random(), { maxRepeat: a.int() & 5 });
      return [
        () => s.parse(a.ref()),
        () => s.parse(`${s.name}:${a.str()}`),
        () => s.validate(own()),
        () => s.isValid(a.str()),
        () => s.parseOrThrow(a.pick([own(), a.uri()])),
        () => {
          const text = own();
          const r = m.root.parse(text);
          return r.ok && r.value.kind === "URI" ? s.fromUri(r.value as Root.Parsed<Root.Uri>, text) : undefined;
        },
        () => {
          // generate follows the scheme's grammar: the text matches it, and the scheme refuses it
          // only for what the grammar cannot say (base64 that does not decode, UTF-8 that is not)
          const text = own();
          if (!s.grammar.isValid(text, s.rule)) throw new Error(`${s.name}: generate gave ${JSON.stringify(text)}, which does not match ${s.rule}`);
          const r = s.parse(text);
          // RFC 8141 §2.3.1: the r-component ends at the first "?=", which its ABNF can read on
          // ("?+a?=/b": r-component "a?=/b"; the scheme reads the q-component "/b" and refuses it)
          const urnSplit = s.name === "urn" && !r.ok && (r.error.rule === "r-component" || r.error.rule === "q-component");
          if (!r.ok && !urnSplit && (r.error.code === "syntax" || r.error.code === "uri-syntax")) {
            throw new Error(`${s.name}: generate gave ${JSON.stringify(text)}, which the scheme calls a syntax error: ${r.error.message}`);
          }
        },
      ];
    },
    loose: (a) => [
      () => s.parse(a.any() as string),
      () => s.validate(a.any() as string),
      () => s.isValid(a.any() as string),
      () => s.parseOrThrow(a.any() as string),
      () => s.fromUri(a.any() as Root.Parsed<Root.Uri>, a.any() as string),
      () => s.generate(a.any() as Abnf.Random, a.any() as Abnf.GenerateOptions),
    ],
  };
}

/** The methods of a registry. */
function registryEntry(r: Schemes.SchemeRegistry, m: Modules): Entry {
  return {
    throws: [],
    typed: (a) => [() => r.get(a.str()), () => r.has(a.str()), () => r.with(a.pick([m.schemes.http, m.schemes.file])), () => r.without(a.str(), a.pick(r.names)), () => [...r], () => r.names],
    loose: (a) => [() => r.get(a.any() as string), () => r.has(a.any() as string), () => r.with(a.any() as Schemes.Scheme), () => r.without(a.any() as string)],
  };
}

/** The methods of a Semantics (its @internal ones, valueOfMatching and builderFor, are left out). */
function semanticsEntry(s: Abnf.Semantics<Abnf.Actions>): Entry {
  const names = s.grammar.ruleNames;
  return {
    throws: ["UnknownRuleError"],
    typed: (a) => {
      const rule = a.pick(names);
      return [
        () => s.parse(a.str(), a.pick([rule, a.ruleName()])),
        () => s.parse(a.uri(), a.pick(PARSE_RULES)),
        () => s.rule(rule).parse(a.str()),
        () => s.captures(a.str()),
        () => {
          // match needs input that matches the rule: generate it
          const text = s.grammar.generate(rule, a.random(), { maxRepeat: a.int() & 5 });
          const tree = s.match(rule, text);
          return [s.valueOf(tree), tree.first(a.pick(names)), tree.all(a.pick(names)), tree.value(), JSON.stringify(tree)];
        },
      ];
    },
    loose: (a) => [() => s.parse(a.any() as string, a.any() as string), () => s.rule(a.any() as string), () => s.captures(a.any() as string), () => s.match(a.any() as string, a.any() as string)],
  };
}

/** Templates: the RFC 6570 examples' shapes, ones built from random pieces, and any text. */
const TEMPLATES = [
  "http://example.com/~{username}/", "http://example.com/dictionary/{term:1}/{term}", "http://example.com/search{?q,lang}", "{a}{b}", "{x}-{y}",
  "/users/{id}{?page,limit}", "file:///{+path}", "{/list*,path:4}", "{;keys*}", "X{.dom*}", "{#x,hello,y}", "{?x*}{&y*}", "{a}{a}", "{a:3}{b}", "'{var}'",
  "café/{var}", "{/id*", "{=path}", "{keys:1}", "{Stra%C3%9Fe}", "{__proto__}", "{constructor}",
  // exploded maps side by side: a query that repeats its keys is read split by split (fuzz round 4)
  "/s{?f*,g*}", "/s{;a*,b*}", "{?a*,b*,c*}",
];
const OPS = ["", "+", "#", ".", "/", ";", "?", "&"];
function templateText(a: Args): string {
  if (a.bool()) return a.pick([...TEMPLATES, a.str()]);
  let out = "";
  for (let i = a.int() & 3; i >= 0; i--) {
    out += a.pick(["", "/", "a", "-", ".", "x/", "%2F", "é"]);
    const specs = Array.from({ length: 1 + (a.int() & 1) }, () => a.pick(["a", "b", "var", "x.y", "a"]) + a.pick(["", "", "*", ":2", ":1"]));
    out += `{${a.pick(OPS)}${specs.join(",")}}`;
  }
  return out;
}
function templateVars(a: Args): Record<string, unknown> {
  const value = (): unknown => a.pick([a.str(), "", "a-b", "é/?", a.int(), true, null, undefined, [a.str(), "x"], [], { k: a.str(), "": "v" }, new Map([["m", a.str()]])]);
  return { a: value(), b: value(), var: value(), x: value(), y: value(), "x.y": value(), list: value(), keys: value(), path: value(), id: value() };
}

const OPTIONS = {
  normalize: (a: Args): Root.NormalizeOptions => ({ ipv6: a.pick(["keep", "rfc5952"] as const), nfc: a.bool(), case: a.bool(), percentEncoding: a.bool(), dotSegments: a.bool() }),
  resolve: (a: Args): Root.ResolveOptions => ({ strict: a.bool() }),
  equivalent: (a: Args): Root.EquivalenceOptions => ({ level: a.pick(["simple", "syntax", "scheme"] as const), nfc: a.bool() }),
};

/** The entry of each export, by "module:export". */
export function callTable(m: Modules): Record<string, Entry> {
  const r = m.root;
  const t: Record<string, Entry> = {};
  const rule = (a: Args): string => a.pick([...PARSE_RULES, a.ruleName()]);
  const maxLength = (a: Args): number => a.pick([0, 1, 8, 64, 8192, a.int() >>> 0, Infinity]);

  // uri-grammar
  t["root:parse"] = fn(r.parse, [], (a) => [[a.str()], [a.uri()], [a.str(), "URI-reference"], [a.uri(), { rule: "uri-reference" }], [a.uri(), { schemes: m.schemes.defaultRegistry }], [a.str(), { rule: a.pick(m.abnf.rfc3986.ruleNames), grammar: m.abnf.rfc3986 }], [a.uri(), { rule: "URI", semantics: m.abnf.rfc3986Semantics }], [a.str(), { maxLength: maxLength(a) }]]);
  t["root:parseOrThrow"] = fn(r.parseOrThrow, ["UriSyntaxError"], (a) => [[a.str()], [a.uri(), "URI-reference"], [a.uri(), { schemes: m.schemes.defaultRegistry }], [a.str(), { maxLength: maxLength(a) }]]);
  t["root:parseRule"] = fn(r.parseRule, ["UnknownRuleError"], (a) => [[a.str(), rule(a)], [a.uri(), { rule: rule(a) }], [a.str(), { rule: rule(a), maxLength: maxLength(a) }]]);
  t["root:parseRuleOrThrow"] = fn(r.parseRuleOrThrow, ["UriSyntaxError", "UnknownRuleError"], (a) => [[a.uri(), rule(a)], [a.str(), { rule: rule(a), maxLength: maxLength(a) }]]);
  t["root:validate"] = fn(r.validate, ["UnknownRuleError"], (a) => [[a.str()], [a.uri(), rule(a)], [a.str(), { rule: rule(a), grammar: a.pick([m.abnf.rfc3986, m.abnf.core]) }], [a.uri(), { maxLength: maxLength(a) }]]);
  t["root:isValid"] = fn(r.isValid, ["UnknownRuleError"], (a) => [[a.str()], [a.uri(), rule(a)], [a.str(), { maxLength: maxLength(a) }]]);
  t["root:resolve"] = fn(r.resolve, [], (a) => [[a.ref(), a.ref()], [a.uri(), a.str(), OPTIONS.resolve(a)]]);
  t["root:resolveOrThrow"] = fn(r.resolveOrThrow, ["UriSyntaxError", "ResolveError"], (a) => [[a.ref(), a.ref(), OPTIONS.resolve(a)]]);
  t["root:relativize"] = fn(r.relativize, [], (a) => [[a.ref(), a.ref()], [a.uri(), a.uri(), { normalize: a.bool() }]]);
  t["root:relativizeOrThrow"] = fn(r.relativizeOrThrow, ["UriSyntaxError", "RelativizeError"], (a) => [[a.ref(), a.ref(), { normalize: a.bool() }]]);
  t["root:normalize"] = fn(r.normalize, [], (a) => [[a.ref()], [a.str(), OPTIONS.normalize(a)], [a.uri(), { schemes: a.pick([m.schemes.defaultRegistry, r.defaultSchemeNormalizations]) }]]);
  t["root:normalizeOrThrow"] = fn(r.normalizeOrThrow, ["UriSyntaxError"], (a) => [[a.ref(), OPTIONS.normalize(a)]]);
  t["root:equivalent"] = fn(r.equivalent, [], (a) => [[a.ref(), a.ref()], [a.uri(), a.str(), OPTIONS.equivalent(a)]]);
  t["root:equivalentOrThrow"] = fn(r.equivalentOrThrow, ["UriSyntaxError"], (a) => [[a.ref(), a.ref(), OPTIONS.equivalent(a)]]);
  t["root:serialize"] = fn(r.serialize, ["UriSyntaxError"], (a) => [[a.ref()], [a.str()]]);
  t["root:referenceKind"] = fn(r.referenceKind, ["UriSyntaxError", "TypeError"], (a) => [[a.ref()], [a.ref(), a.ref()]],
    "a base that is not absolute is a TypeError (the argument \"base\" must be a URI with a scheme)");
  t["root:UriSyntaxError"] = value((a) => [new r.UriSyntaxError(a.str(), a.ruleName(), a.int(), [a.str()]).message], "constructed with any text, rule and offset: its message excerpt must not fail");
  t["root:InputTooLongError"] = value((a) => [new r.InputTooLongError(a.str(), a.ruleName(), a.int() >>> 0).message], "constructed with any text, rule and limit: returned by parse, validate and isValid past maxLength");
  t["root:DEFAULT_MAX_LENGTH"] = value(() => [r.DEFAULT_MAX_LENGTH + 1], "data");
  t["root:ResolveError"] = value(() => [r.ResolveError.name], "an error class: thrown and returned by resolve");
  t["root:RelativizeError"] = value(() => [r.RelativizeError.name], "an error class: thrown and returned by relativize");
  t["root:defaultSchemeNormalizations"] = value(() => [Object.isFrozen(r.defaultSchemeNormalizations)], "data");

  // uri-grammar/rules
  for (const [k, v] of Object.entries(m.rules)) {
    if (typeof v === "object" && v !== null && "abnfName" in v) t[`rules:${k}`] = parserEntry(v as unknown as Rules.RuleParser<unknown>, m);
  }
  t["rules:parseWith"] = fn(m.rules.parseWith, [], (a) => [[m.rules.uri, a.str()], [m.rules.host.skip(m.rules.port), a.uri()], [m.rules.segment.times(2), a.pick(["__proto__", "constructor", "toString", a.str()])]],
    "parsimmon's own Parser#parse is not called here: its line index writes on Object.prototype for the input \"__proto__\" (parsimmon 1.18)");
  t["rules:rule"] = fn(m.rules.rule, ["UnknownRuleError"], (a) => [[a.ruleName()]]);
  t["rules:isRuleName"] = fn(m.rules.isRuleName, [], (a) => [[a.str()], [a.ruleName()]]);
  t["rules:ruleNames"] = value(() => [m.rules.ruleNames.length], "data");
  t["rules:uriRuleNames"] = value(() => [m.rules.uriRuleNames.length], "data");

  // uri-grammar/abnf
  const ab = m.abnf;
  const text = (a: Args): string => a.pick([a.str(), "a", "%", "ab"]);
  t["abnf:lit"] = fn(ab.lit, ["TypeError"], (a) => [[text(a)]], "text with a lone surrogate is a TypeError (no code point)");
  t["abnf:caseSensitive"] = fn(ab.caseSensitive, ["TypeError"], (a) => [[text(a)]], "as lit");
  t["abnf:range"] = fn(ab.range, ["TypeError", "RangeError"], (a) => [[a.int() & 0x10ffff], [a.int(), a.int()]], "bounds outside 0..0x10FFFF or in the wrong order are refused");
  t["abnf:seq"] = fn(ab.seq, [], (a) => [[ab.lit("a"), ab.ref(a.pick(["ALPHA", "x"]))], []]);
  t["abnf:alt"] = fn(ab.alt, [], (a) => [[ab.lit("a"), ab.lit(text(a).replace(/[\ud800-\udfff]/g, ""))]]);
  t["abnf:rep"] = fn(ab.rep, ["TypeError", "RangeError"], (a) => [[a.int(), a.pick([a.int(), Infinity]), ab.lit("a")]], "counts that are not whole numbers, or max below min, are refused");
  t["abnf:opt"] = fn(ab.opt, [], () => [[ab.lit("a")]]);
  t["abnf:many"] = fn(ab.many, [], () => [[ab.lit("a")]]);
  t["abnf:many1"] = fn(ab.many1, [], () => [[ab.lit("a")]]);
  t["abnf:ref"] = fn(ab.ref, ["TypeError"], (a) => [[a.ruleName()], [a.str()]], "a string that is no ABNF rule name is a TypeError");
  t["abnf:prose"] = fn(ab.prose, ["TypeError"], (a) => [[text(a)]], "as lit");
  t["abnf:grammar"] = fn(ab.grammar, ["GrammarError", "TypeError"], (a) => [
    [{ [a.pick(["a", "b", a.ruleName()])]: ab.alt(ab.lit("x"), ab.ref(a.pick(["a", "b", "ALPHA"]))), b: ab.seq(ab.ref("a"), ab.lit("y")) }],
    [{ start: ab.many(ab.ref(a.pick(["pchar", "start", "ALPHA"]))) }, { name: a.str(), imports: [ab.rfc3986.pick("pchar", "ALPHA")] }],
  ], "a rule name that is not one is a TypeError; an undefined or left-recursive rule a GrammarError");
  t["abnf:Grammar"] = value(() => [ab.Grammar.name], "a class with a private constructor: made by grammar, derive and grammarFromAbnf, whose grammars are called here (its static builders are @internal)");
  t["abnf:GrammarError"] = value(() => [ab.GrammarError.name], "an error class");
  t["abnf:UnknownRuleError"] = value(() => [ab.UnknownRuleError.name], "an error class");
  t["abnf:MatchLimitError"] = value(() => [ab.MatchLimitError.name], "an error class: a match past its work budget");
  t["abnf:WORK_BASE"] = value(() => [ab.WORK_BASE], "data: the work budget's base, in steps");
  t["abnf:WORK_PER_CHARACTER"] = value(() => [ab.WORK_PER_CHARACTER], "data: the work budget's steps per character");
  t["abnf:KEPT_ENDS_LIMIT"] = value(() => [ab.KEPT_ENDS_LIMIT], "data: the memory budget, in ends of calls kept");
  t["abnf:CALL_DEPTH_LIMIT"] = value(() => [ab.CALL_DEPTH_LIMIT], "data: the depth budget, in calls waiting at once");
  t["abnf:semantics"] = fn(ab.semantics, ["UnknownRuleError", "TypeError"], (a) => [
    [ab.rfc3986, { URI: (match: Abnf.Match) => match.text.length }],
    [ab.rfc3986, {}, { captures: [a.pick(ab.rfc3986.ruleNames), a.ruleName()] }],
  ]);
  t["abnf:Semantics"] = fn((g: unknown, actions: unknown, options: unknown) => new ab.Semantics(g as Abnf.Grammar, actions as Abnf.Actions, options as Abnf.SemanticsOptions),
    ["UnknownRuleError", "TypeError"], (a) => [[ab.core, { ALPHA: () => 1 }], [ab.rfc3986, {}, { captures: [a.ruleName()] }]], "its constructor, as semantics()");
  t["abnf:seededRandom"] = fn(ab.seededRandom, [], (a) => [[a.int()], [a.int() * 0.5]]);
  t["abnf:printExpr"] = fn(ab.printExpr, [], (a) => [[ab.seq(ab.lit(a.pick(["a", "\"", "%"])), ab.rep(a.int() & 3, Infinity, ab.range(a.int() & 0xffff)))]]);
  t["abnf:UriSyntaxError"] = t["root:UriSyntaxError"];
  t["abnf:core"] = grammarEntry(ab.core, m);
  t["abnf:coreRules"] = value(() => [Object.keys(ab.coreRules).length], "data: the core rules as expressions");
  t["abnf:rfc3986"] = grammarEntry(ab.rfc3986, m);
  t["abnf:rfc3986Rules"] = value(() => [Object.keys(ab.rfc3986Rules).length], "data: RFC 3986's rules as expressions");
  t["abnf:rfc3986Semantics"] = semanticsEntry(ab.rfc3986Semantics as unknown as Abnf.Semantics<Abnf.Actions>);
  t["abnf:rfc3987"] = grammarEntry(ab.rfc3987, m);
  t["abnf:uriSemantics"] = semanticsEntry(ab.uriSemantics as unknown as Abnf.Semantics<Abnf.Actions>);
  const loaded = (a: Args): Abnf.Grammar | undefined => {
    const g = ab.grammarFromAbnf(a.abnf(), { imports: a.bool() ? [ab.rfc3986.pick("pchar", "unreserved", "pct-encoded")] : [] });
    return g.ok ? g.value : undefined;
  };
  t["abnf:grammarFromAbnf"] = {
    throws: ["AbnfError", "GrammarError", "UnknownRuleError"],
    typed: (a) => [
      () => ab.grammarFromAbnf(a.str()),
      () => ab.grammarFromAbnf(a.abnf(), { name: a.str() }),
      // RFC 9110 lists: nested ones once hung the loader (fuzz round 4)
      () => {
        const g = ab.grammarFromAbnf(a.abnf(), { lists: a.pick(["sender", "recipient"] as const) });
        return g.ok && g.value.ruleNames.length > 0 ? g.value.validate(a.str(), a.pick(g.value.ruleNames)) : g;
      },
      () => {
        // the loaded grammar's validate and parse on any text
        const g = loaded(a);
        if (g === undefined || g.ruleNames.length === 0) return undefined;
        const name = a.pick(g.ruleNames);
        return [g.validate(a.str(), name), g.isValid(a.uri(), name), g.rule(name).parse(a.str()), g.abnf(name), g.pattern(name), g.generate(name, a.random(), { maxRepeat: 3 })];
      },
    ],
    loose: (a) => [() => ab.grammarFromAbnf(a.any() as string), () => ab.grammarFromAbnf(a.abnf(), a.any() as Abnf.LoadOptions)],
  };
  t["abnf:grammarFromAbnfOrThrow"] = fn(ab.grammarFromAbnfOrThrow, ["AbnfError"], (a) => [[a.str()], [a.abnf(), { imports: [ab.rfc3986.pick("pchar")] }]]);
  t["abnf:readAbnf"] = fn(ab.readAbnf, [], (a) => [[a.str()], [a.abnf()]]);
  t["abnf:readAbnfExpr"] = fn(ab.readAbnfExpr, [], (a) => [[a.str()], [a.abnf().replace(/^[^=]*=/, "")]]);
  t["abnf:readAbnfRules"] = fn(ab.readAbnfRules, [], (a) => [[a.str()], [a.abnf()]]);
  t["abnf:AbnfError"] = value(() => [ab.AbnfError.name], "an error class: returned by the reader and the loader");

  // uri-grammar/components
  const c = m.components;
  const encodeRules = ["segment", "segment-nz", "segment-nz-nc", "pchar", "path", "query", "fragment", "userinfo", "reg-name", "unreserved"] as const;
  t["components:percentDecode"] = fn(c.percentDecode, [], (a) => [[a.str()], [a.str(), { replacement: a.bool() }]]);
  t["components:percentDecodeOrThrow"] = fn(c.percentDecodeOrThrow, ["DecodeError"], (a) => [[a.str()], [a.str(), { replacement: a.bool() }]]);
  t["components:percentEncode"] = fn(c.percentEncode, [], (a) => [[a.str(), a.pick(encodeRules)]]);
  t["components:DecodeError"] = value(() => [c.DecodeError.name], "an error class");
  t["components:queryParams"] = fn(c.queryParams, [], (a) => [[a.str()], [a.str(), { separators: a.pick(["&", "&;", a.str()]), form: a.bool() }], [undefined]]);
  t["components:buildQuery"] = fn(c.buildQuery, [], (a) => [[[[a.str(), a.str()], [a.str(), undefined]]], [[[a.str(), a.str()]], { form: a.bool() }]]);
  t["components:pathSegments"] = fn(c.pathSegments, ["UriSyntaxError"], (a) => [[a.str()], [a.str(), { decode: a.bool() }], [m.root.parseRuleOrThrow("/a/%C3%A9/b", "path")]]);
  t["components:lastSegment"] = fn(c.lastSegment, ["UriSyntaxError"], (a) => [[a.str(), { decode: a.bool() }]]);
  t["components:removeDotSegments"] = fn(c.removeDotSegments, [], (a) => [[a.str()], [a.pick(["/a/../..", "../", "/./"]).repeat(a.int() & 63)]]);
  t["components:formatIpv6"] = fn(c.formatIpv6, [], (a) => [[[0, 0, 0, 0, 0, 0xffff, a.int() & 0xffff, a.int() & 0xffff]], [Array.from({ length: 8 }, () => (a.bool() ? 0 : a.int() & 0xffff))]]);
  const key = (a: Args): string => a.pick(["q", "a", "", a.str()]);
  t["components:getQueryParam"] = fn(c.getQueryParam, ["UriSyntaxError"], (a) => [[a.ref(), key(a)], [a.uri(), key(a), { form: a.bool() }]]);
  t["components:getQueryParams"] = fn(c.getQueryParams, ["UriSyntaxError"], (a) => [[a.ref(), key(a)]]);
  t["components:hasQueryParam"] = fn(c.hasQueryParam, ["UriSyntaxError"], (a) => [[a.ref(), key(a)]]);
  t["components:setQueryParam"] = fn(c.setQueryParam, ["UriSyntaxError"], (a) => [[a.ref(), key(a), a.str()], [a.uri(), key(a), undefined, { form: a.bool() }]]);
  t["components:appendQueryParam"] = fn(c.appendQueryParam, ["UriSyntaxError"], (a) => [[a.ref(), key(a), a.str()]]);
  t["components:deleteQueryParam"] = fn(c.deleteQueryParam, ["UriSyntaxError"], (a) => [[a.ref(), key(a)]]);
  t["components:redactPassword"] = fn(c.redactPassword, ["UriSyntaxError"], (a) => [[a.ref()], [a.uri(), { mask: a.str() }]]);

  // uri-grammar/builder
  const b = m.builder;
  const part = (a: Args): string | undefined => a.pick([a.str(), a.uri(), undefined, ""]);
  t["builder:buildUri"] = fn(b.buildUri, [], (a) => [[{ scheme: part(a), userinfo: part(a), host: part(a), port: a.pick([part(a), a.int()]), path: part(a), query: part(a), fragment: part(a) }], [{ host: part(a) }]]);
  t["builder:buildUriOrThrow"] = fn(b.buildUriOrThrow, ["UriSyntaxError"], (a) => [[{ scheme: part(a), host: part(a), path: part(a) }]]);
  for (const name of ["Scheme", "Userinfo", "Host", "Port", "Path", "Query", "Fragment"] as const) {
    const f = b[`with${name}`] as AnyFn;
    const g = b[`with${name}OrThrow`] as AnyFn;
    const arg = (a: Args): unknown => (name === "Port" ? a.pick([part(a), a.int()]) : part(a));
    t[`builder:with${name}`] = fn(f, [], (a) => [[a.ref(), arg(a)]]);
    t[`builder:with${name}OrThrow`] = fn(g, ["UriSyntaxError"], (a) => [[a.ref(), arg(a)]]);
  }

  // uri-grammar/iri
  const i = m.iri;
  const idna = (a: Args): Iri.IriMappingOptions => ({ idna: a.bool() });
  t["iri:iriToUri"] = fn(i.iriToUri, [], (a) => [[a.ref()], [a.str(), idna(a)]]);
  t["iri:iriToUriOrThrow"] = fn(i.iriToUriOrThrow, ["UriSyntaxError", "IdnaError"], (a) => [[a.ref(), idna(a)]]);
  t["iri:uriToIri"] = fn(i.uriToIri, [], (a) => [[a.ref()], [a.str(), idna(a)]]);
  t["iri:uriToIriOrThrow"] = fn(i.uriToIriOrThrow, ["UriSyntaxError"], (a) => [[a.ref(), idna(a)]]);
  t["iri:IdnaError"] = value(() => [i.IdnaError.name], "an error class");
  t["iri:iriBidiFindings"] = fn(i.iriBidiFindings, ["UriSyntaxError"], (a) => [[a.ref()], [a.str()]]);
  t["iri:toDisplayString"] = fn(i.toDisplayString, ["UriSyntaxError"], (a) => [[a.ref()], [a.str(), { idna: a.bool(), mask: a.str() }]]);
  t["iri:repairUriReference"] = fn(i.repairUriReference, [], (a) => [[a.str()], [a.uri()]]);
  t["iri:repairIriReference"] = fn(i.repairIriReference, [], (a) => [[a.str()], [a.uri()]]);

  // uri-grammar/schemes
  const s = m.schemes;
  const registry = (a: Args): Schemes.SchemeRegistry => a.pick([s.defaultRegistry, s.createRegistry([s.http]), s.defaultRegistry.without("file")]);
  const failSpec = (a: Args) => ({ name: "x-fail", grammar: ab.rfc3986, rule: "URI", section: "test", build: (input: Schemes.SchemeInput) => input.fail({ code: "x", offset: a.int(), message: a.str() }) });
  const defineEntry = fn(s.defineScheme, ["TypeError"], (a) => [
    [{ name: a.pick(["x-test", "http", a.str()]), grammar: a.pick([s.httpGrammar, ab.rfc3986]), rule: a.pick(["http-URI", "URI", a.ruleName()]), section: a.pick(["RFC 9110 §4.2.1", a.str()]), build: (input: Schemes.SchemeInput) => input.text }],
    [failSpec(a)],
  ]);
  t["schemes:defineScheme"] = {
    ...defineEntry,
    // the scheme's build runs: input.fail with an offset outside the input is the scheme's bug, a TypeError from fail
    typed: (a) => [...defineEntry.typed(a), () => s.defineScheme(failSpec(a)).parse(`x-fail:${a.pick(["a", "//h/p?q#f", a.str()])}`)],
    note: "a spec that is not one (name, grammar, rule, section, build), or a name its top rule contradicts (RFC 3986 §3.1), is a TypeError; so is input.fail given an offset outside the input, thrown out of parse",
  };
  t["schemes:SchemeError"] = value((a) => [new s.SchemeError(a.str(), a.str(), { code: "x", offset: a.int(), rule: a.ruleName(), section: a.str() }).message], "constructed with any text and offset");
  t["schemes:shiftedError"] = fn(s.shiftedError, ["RangeError"], (a) => [[new m.root.UriSyntaxError(a.str(), a.ruleName(), a.int() & 15, []), a.str(), a.int()]]);
  t["schemes:createRegistry"] = fn(s.createRegistry, ["TypeError"], (a) => [[[s.http, s.mailto]], [[s.http, s.http]], []], "two schemes of one name are a TypeError");
  t["schemes:isRegistry"] = fn(s.isRegistry, [], (a) => [[a.any()]]);
  t["schemes:defaultRegistry"] = registryEntry(s.defaultRegistry, m);
  t["schemes:equivalenceKey"] = fn(s.equivalenceKey, ["UriSyntaxError"], (a) => [[a.ref()], [a.ref(), registry(a), { ignoreFragment: a.bool(), ipv6: a.pick(["keep", "rfc5952"] as const) }]]);
  t["schemes:toSchemeNormalizations"] = fn(s.toSchemeNormalizations, [], (a) => [[], [registry(a)]]);
  t["schemes:loadGrammar"] = fn(s.loadGrammar, ["AbnfError", "GrammarError", "UnknownRuleError"], (a) => [[a.abnf(), {}], [a.abnf(), { imports: [ab.rfc3986.pick("pchar")] }, [{ rule: a.ruleName(), abnf: a.abnf(), why: "test" }]]],
    "for the ABNF of record of the built-in schemes: it throws the loader's error instead of returning it");
  t["schemes:percentEncodedRules"] = fn(s.percentEncodedRules, ["TypeError", "UnknownRuleError"], (a) => [[s.mailtoGrammar, [a.pick(s.mailtoGrammar.ruleNames)], [[0x20, 0x7e]]]],
    "an export for scheme authors: rules outside the set to encode, or prose, are a TypeError");
  t["schemes:fileUriToPath"] = fn(s.fileUriToPath, [], (a) => [[a.ref()], [`file://${a.str()}`, { windows: a.bool() }]]);
  t["schemes:pathToFileUri"] = fn(s.pathToFileUri, [], (a) => [[a.str()], [a.str(), { windows: a.bool() }], [a.pick(["C:\\", "\\\\server\\share\\", "/"]) + a.str(), { windows: a.bool() }], [a.str(), { windows: a.bool(), cwd: a.pick([undefined, "/srv/app", "C:\\dir", "\\\\server\\share", a.str()]) }]]);
  t["schemes:resolveFileReference"] = fn(s.resolveFileReference, [], (a) => [[a.ref(), a.ref()], [`file:///${a.pick(["c:", "C:/", "c:/a/", ""])}${a.str()}`, a.ref()], [`file:c:/${a.str()}`, a.pick(["..", "/", "../../", a.str()])]]);
  t["schemes:FilePathError"] = value(() => [s.FilePathError.name], "an error class");
  t["schemes:parseUuid"] = fn(s.parseUuid, [], (a) => [[a.str()], [a.pick(["f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "00000000-0000-0000-0000-000000000000"]).slice(0, a.int() & 63)]]);
  t["schemes:fileScheme"] = fn(s.fileScheme, [], (a) => [[], [{ appendixE: a.bool() }]]);
  for (const name of ["http", "https", "ws", "wss", "mailto", "urn", "file", "data", "tel"] as const) t[`schemes:${name}`] = schemeEntry(s[name] as Schemes.Scheme, m);
  for (const name of ["httpGrammar", "wsGrammar", "mailtoGrammar", "urnGrammar", "uuidGrammar", "fileGrammar", "fileAppendixEGrammar", "dataGrammar", "telGrammar"] as const) {
    t[`schemes:${name}`] = grammarEntry(s[name], m);
  }

  // uri-grammar/security
  t["security:securityFindings"] = fn(m.security.securityFindings, [], (a) => [[a.str()], [a.ref()], [a.str(), { base: a.ref() }], [a.uri(), { base: a.str() }]]);
  t["security:securityFindingCodes"] = value(() => [m.security.securityFindingCodes.length], "data");
  const hostish = (a: Args): string | Root.UriReference => a.pick([a.str(), a.ref(), a.pick(["0x7f.1", "::1", "[::ffff:127.0.0.1]", "example.co.uk", "a.github.io", "localhost", "fe80::1%eth0"]) + a.str(), `http://${a.str()}/`]);
  t["security:classifyHost"] = fn(m.security.classifyHost, [], (a) => [[hostish(a)], [a.uri()]]);
  t["security:classifyHostOrThrow"] = fn(m.security.classifyHostOrThrow, ["HostError"], (a) => [[hostish(a)]]);
  t["security:HostError"] = value(() => [m.security.HostError.name], "an error class: returned by classifyHost");
  t["security:registrableDomain"] = fn(m.security.registrableDomain, [], (a) => [[hostish(a)], [hostish(a), { privateDomains: a.bool() }]]);
  t["security:publicSuffix"] = fn(m.security.publicSuffix, [], (a) => [[hostish(a)], [hostish(a), { privateDomains: a.bool() }]]);
  t["security:securityFindingSeverity"] = value(() => [Object.keys(m.security.securityFindingSeverity).length], "data");
  const addressish = (a: Args): string => a.pick([a.str(), "127.0.0.1", "fe80::1%eth0", "::ffff:10.0.0.1", "8.8.8.8", `${a.pick(["fe80::1%", "1.2.3.", "::"])}${a.str()}`]);
  t["security:classifyAddress"] = fn(m.security.classifyAddress, [], (a) => [[addressish(a)]], "a non-string is a TypeError; any string is a result");
  t["security:AddressError"] = value(() => [m.security.AddressError.name], "an error class: returned by classifyAddress");
  const kinds = ["loopback", "private", "link-local", "unique-local", "multicast", "unspecified", "reserved", "public"] as const;
  const fetchOptions = (a: Args): Record<string, unknown> => ({ allow: [a.pick(kinds)], credentials: a.bool(), blockAt: a.pick(["high", "medium", "low"] as const), allowedSchemes: [a.pick(["http", "https", "ftp", a.str()])] });
  t["security:checkFetchTarget"] = fn(m.security.checkFetchTarget, [], (a) => [[hostish(a)], [a.uri()], [a.ref(), fetchOptions(a)]]);
  // the hook itself is called by an agent with a resolver's answers (test/security/ssrf.test.ts); here, making it
  t["security:ssrfLookup"] = fn(m.security.ssrfLookup, [], (a) => [[], [{ allow: [a.pick(kinds)] }], [{ resolve: (_h: string, _o: unknown, cb: (e: Error | null, x: readonly { address: string; family: number }[]) => void) => cb(null, [{ address: addressish(a), family: 4 }]) }]]);
  t["security:AddressRefusedError"] = value((a) => [new m.security.AddressRefusedError(a.str(), a.str(), undefined, ["public"]).message], "constructed with any text: its message must not fail");

  // uri-grammar/whatwg
  const w = m.whatwg;
  const base = (a: Args): string | Root.UriReference | undefined => a.pick([undefined, "http://a/b/c/d;p?q", "file:///C:/x/", "foo:/a/b", "mailto:x", a.uri(), a.str(), a.ref()]);
  t["whatwg:parse"] = fn(w.parse, [], (a) => [[a.str()], [a.uri()], [a.str(), base(a)], [` ${a.uri()}\t`, base(a)]], "a base that is no URL is an \"invalid-base\" error, returned");
  t["whatwg:parseOrThrow"] = fn(w.parseOrThrow, ["WhatwgUrlError"], (a) => [[a.str()], [a.uri(), base(a)]]);
  t["whatwg:WhatwgUrlError"] = value((a) => [new w.WhatwgUrlError("host-missing", a.str(), a.int(), a.str()).message], "constructed with any text and offset: its message excerpt must not fail");
  t["whatwg:whatwgValidationErrors"] = value(() => [w.whatwgValidationErrors.length], "data");

  // uri-grammar/diagrams
  const d = m.diagrams;
  const grammars = [ab.rfc3986, ab.core, s.httpGrammar, s.mailtoGrammar, s.urnGrammar, s.dataGrammar, s.telGrammar, s.fileGrammar];
  const href = (a: Args): Diagrams.DiagramOptions["href"] => a.pick([undefined, false, "#{name}", a.str(), (n: string) => (a.bool() ? undefined : `${n}${a.str()}`)]);
  const diagramOptions = (a: Args): Diagrams.DiagramOptions => ({ href: href(a), standalone: a.bool(), title: a.pick([undefined, a.str()]) });
  t["diagrams:diagram"] = fn(d.diagram, ["UnknownRuleError"], (a) => {
    const g = a.pick(grammars);
    return [[g, a.pick(g.ruleNames)], [g, a.pick(g.ruleNames), diagramOptions(a)], [g, a.ruleName()]];
  }, "a rule the grammar does not have is an UnknownRuleError");
  t["diagrams:diagramOf"] = fn(d.diagramOf, [], (a) => [
    [ab.seq(ab.lit(a.pick(["a", "<", "&", "\"\""])), ab.rep(a.int() & 7, a.pick([Infinity, 7, 8]), ab.range(a.int() & 0xffff, 0xffff)), ab.ref(a.pick(["x", "ALPHA"])))],
    [ab.alt(ab.lit("x"), ab.opt(ab.ref("y"))), diagramOptions(a)],
  ]);
  t["diagrams:diagramStyle"] = value(() => [d.diagramStyle.length], "data");
  t["diagrams:repetitionLabel"] = fn(d.repetitionLabel, ["RangeError"], (a) => [[a.int(), a.int()], [a.int() >>> 0, Infinity]]);

  // uri-grammar/template
  const tm = m.template;
  const uriFor = (a: Args, text: string): string => {
    // a URI the template matches (its expansion), or any text
    if (a.bool()) {
      try {
        const e = tm.expand(text, templateVars(a) as Template.TemplateVariables);
        if (e.ok) return e.value;
      } catch {
        // a value with a lone surrogate: any text instead
      }
    }
    return a.pick([a.uri(), a.str()]);
  };
  const expandNote = "a value with a lone surrogate is a TypeError naming the variable (RFC 6570 §1.6: values are Unicode characters)";
  t["template:parseTemplate"] = fn(tm.parseTemplate, [], (a) => [[templateText(a)], [a.str()]]);
  t["template:parseTemplateOrThrow"] = fn(tm.parseTemplateOrThrow, ["TemplateError"], (a) => [[templateText(a)], [a.str()]]);
  t["template:expand"] = fn(tm.expand, ["TypeError"], (a) => [[templateText(a), templateVars(a)], [a.str(), {}], [templateText(a)]], expandNote);
  t["template:expandOrThrow"] = fn(tm.expandOrThrow, ["TemplateError", "TypeError"], (a) => [[templateText(a), templateVars(a)]], expandNote);
  t["template:match"] = fn(tm.match, [], (a) => {
    const text = templateText(a);
    return [[text, uriFor(a, text)], [text, a.str()], [a.str(), a.uri()], [text, uriFor(a, text), { maxReadings: 1 + (a.int() & 7) }]];
  });
  t["template:matchOrThrow"] = fn(tm.matchOrThrow, ["TemplateError"], (a) => {
    const text = templateText(a);
    return [[text, uriFor(a, text)]];
  });
  t["template:matchAll"] = fn(tm.matchAll, [], (a) => {
    const text = templateText(a);
    return [[text, uriFor(a, text)], [text, a.str(), { limit: 1 + (a.int() & 7) }]];
  });
  t["template:UriTemplate"] = {
    throws: ["TemplateError", "TypeError"],
    typed: (a) => {
      const r = tm.parseTemplate(templateText(a));
      if (!r.ok) return [() => r.error.message];
      const tp = r.value;
      const uri = (): string => uriFor(a, tp.text);
      return [
        () => tp.expand(templateVars(a) as Template.VariablesOf<string>),
        () => tp.match(uri()),
        () => tp.matchAll(uri(), { limit: 1 + (a.int() & 3) }),
        () => [tp.variables, tp.expressions, tp.parts, tp.text, String(tp), JSON.stringify(tp)],
      ];
    },
    loose: (a) => {
      const r = tm.parseTemplate(templateText(a));
      if (!r.ok) return [];
      const tp = r.value;
      return [() => tp.expand(a.any() as Template.TemplateVariables), () => tp.match(a.any() as string), () => tp.matchAll(a.str(), a.any() as Template.MatchAllOptions), () => tp.match(a.str(), a.any() as Template.MatchOptions)];
    },
    note: "the methods of a parsed template (its constructor refuses any caller: parseTemplate makes them)",
  };
  t["template:grammarOf"] = {
    // GrammarError: the grammar of a template with a huge literal is too large for the engine
    // to compile (too-large-to-compile), as for any grammar
    throws: ["TemplateError", "TypeError", "GrammarError"],
    typed: (a) => {
      const text = templateText(a);
      return [() => tm.grammarOf(text).validate(uriFor(a, text), "template"), () => tm.grammarOf(a.str()).isValid(a.str(), "template")];
    },
    loose: (a) => [() => tm.grammarOf(a.any() as string)],
    note: "a template's language as a grammar (a text that does not parse throws its TemplateError; a literal too large for the engine, its GrammarError), its validate on any text",
  };
  t["template:findAmbiguity"] = {
    throws: ["TemplateError", "TypeError"],
    typed: (a) => {
      const text = templateText(a);
      return [() => tm.findAmbiguity(text)?.readings?.map((v) => tm.expandOrThrow(text, v)), () => tm.findAmbiguity(a.str())?.message];
    },
    loose: (a) => [() => tm.findAmbiguity(a.any() as string)],
    note: "a template's ambiguity (a text that does not parse throws its TemplateError), its readings expanded again",
  };
  t["template:TemplateError"] = value((a) => [tm.formatTemplateError(new tm.TemplateError("syntax", a.str(), a.str(), a.ruleName(), a.int(), [a.str()], a.str(), a.str()))], "constructed with any text, rule and offset: its message and formatTemplateError's excerpt must not fail");
  t["template:formatTemplateError"] = {
    throws: [],
    typed: (a) => [
      () => {
        const r = tm.expand(a.str(), {});
        return r.ok ? r.value : tm.formatTemplateError(r.error);
      },
    ],
    loose: (a) => [() => tm.formatTemplateError(a.any() as never)],
    note: "an error of expand with its excerpt (anything but a TemplateError is a TypeError)",
  };
  t["template:templateGrammar"] = fn(tm.templateGrammar, [], () => [[]], "the RFC 6570 §2 grammar, loaded once");
  t["template:templateDepartures"] = value(() => [tm.templateDepartures.length], "data");
  const router = (a: Args): Template.TemplateRouter<number> => {
    const r = tm.createRouter<number>();
    for (let i = a.int() & 7; i >= 0; i--) r.add(templateText(a), i);
    return r;
  };
  t["template:createRouter"] = {
    throws: ["TemplateError"],
    typed: (a) => [
      () => tm.createRouter(),
      () => {
        const r = router(a);
        const text = templateText(a);
        r.add(text, 99);
        return [r.match(uriFor(a, text)), r.matchAll(a.uri()), r.match(a.str()), r.unreachable(), r.routes.length];
      },
      // a route that runs out of readings (a URI its own expansion gave): match and matchAll throw
      // its TemplateError "reading-limit" (since 39ab8fb, b39b370), as npm run fuzz met it
      () => tm.createRouter([["{y}{#id,id}{y,id}", 1], ["b/b", 2]]).match("a,b#k,v,k,va,b,k,v"),
      () => tm.createRouter([["{y}{#id,id}{y,id}", 1]]).matchAll("a,b#k,v,k,va,b,k,v"),
    ],
    loose: (a) => [() => tm.createRouter().add(a.any() as string, 1), () => router(a).match(a.any() as string), () => router(a).matchAll(a.any() as string)],
  };
  t["template:TemplateRouter"] = fn(() => new tm.TemplateRouter(), [], () => [[]], "its constructor, as createRouter()");
  return t;
}

/** The exports of every module, as "module:export". */
export function exportNames(m: Modules): string[] {
  return Object.entries(m).flatMap(([mod, ns]) => Object.keys(ns as object).map((k) => `${mod}:${k}`));
}
