// A URI scheme as a value (RFC 3986 §3.1; RFC 7595 §3.2): name, grammar and top rule, the semantics of its typed value, what §6.2.3
// needs. It judges a URI already valid under RFC 3986, without its fragment (§3.5), unless it forbids one (RFC 6455 §3).
import type { Grammar } from "../abnf/grammar.js";
import type { GenerateOptions, Random } from "../abnf/generate.js";
import { semantics, type Match, type Semantics } from "../abnf/semantics.js";
import { hasCodePoint, literalCharSet } from "../abnf/charset.js";
import { describePrefix, rulePrefixes, type Prefix } from "../abnf/prefixes.js";
import { isNode, isNodeShell } from "../ast/make.js";
import type { Parsed, Uri, UriReference } from "../ast/nodes.js";
import { SchemeRecord, type SchemeDefinition, type SchemeError, type SchemeInput } from "./kernel.js";
import type { SchemeRules } from "../transforms/scheme-rules.js";
import { describeValue, expectFields, expectStrings, wordList } from "../describe.js";
import { schemeFacts } from "../core/schemes-option.js";
import { isGrammar } from "../core/brand.js";
import type { Result } from "../result.js";
import { NORMALIZE_FIELDS, type NormalizeOptions } from "../transforms/normalize.js";

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
  /** The port an absent or empty port stands for (RFC 3986 §6.2.3), 0–65535 (from JavaScript, its digits are read as the number too, as normalize reads them). */
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
   * §6.2.2 step itself (the file scheme removes dot segments after reading a UNC host). The
   * scheme value's `normalize` checks its arguments first (a TypeError for a `uri` that is no URI
   * node of the scheme, a `value` that is not the scheme's value of it, `options` that are no
   * object), and so does its `equivalentKey`.
   */
  normalize?(uri: Uri, value: V, options: NormalizeOptions): Uri;
  /**
   * What equivalence compares (e.g. RFC 8141 §3): two URIs valid under the scheme are
   * equivalent when their keys are equal. Without it, their §6.2.2/§6.2.3 normal forms are compared.
   */
  equivalentKey?(value: V, uri: Uri): string;
}

/**
 * A scheme: a frozen value made by {@link defineScheme}. The one scheme record (its §6.2.3 facts,
 * what normalization and equivalence ask of it: `SchemeRules`; its top rule, section and
 * fragment rule) with its grammar and what judges a URI by it.
 */
export interface Scheme<V = unknown> extends SchemeRules<V>, Pick<SchemeDefinition<V>, "rule" | "section" | "fragment"> {
  readonly grammar: Grammar;
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

/** A scheme value: the record of a definition (src/schemes/kernel.ts) with its grammar. */
class SchemeValue<V> extends SchemeRecord<V> implements Scheme<V> {
  readonly grammar: Grammar;
  readonly #captures: readonly string[] | undefined;
  #semantics: Semantics<Record<string, never>> | undefined;

  constructor(def: SchemeDefinition<V>, grammar: Grammar, captures?: readonly string[]) {
    super(def);
    this.grammar = grammar;
    this.#captures = captures;
    Object.freeze(this);
  }

  protected override matchOf(): (text: string) => Match {
    return this.#matchOf;
  }

  /** The derivation of the top rule over `text`, for a build that reads `input.match` (made on first read). */
  #matchOf = (text: string): Match => {
    this.#semantics ??= semantics(this.grammar, {}, { captures: this.#captures ?? this.grammar.ruleNames });
    return this.#semantics.match(this.rule, text);
  };

  generate(random: Random, options?: GenerateOptions): string {
    return this.grammar.generate(this.rule, random, options);
  }
}

/** @internal A scheme value of a definition (the built-in schemes': src/schemes/http.ts and its siblings) and its grammar. */
export function schemeOf<V>(def: SchemeDefinition<V>, grammar: Grammar): Scheme<V> {
  return new SchemeValue(def, grammar, []);
}

/**
 * The members of a value type that a registry cannot tell apart from the others by `kind`: those
 * without a `kind`, and those whose `kind` is no string literal type (`string` itself, a number).
 */
type Untagged<V> = V extends { readonly kind: infer K } ? (string extends K ? V : K extends string ? never : V) : V;

/**
 * What {@link defineScheme} asks of its value type: every member is an object with a string
 * literal `kind` (`{ kind: "s3", ... }`), since a registry's values are a union told apart by
 * `kind`, and one member of kind `string` (or of none) stops every `v.kind === "mailto"` from
 * narrowing (TS2339). `unknown`, given by hand, opts out. The property's name is the message tsc shows.
 */
type LiteralKind<V> = unknown extends V
  ? unknown
  : [Untagged<V>] extends [never]
    ? unknown
    : { readonly "a scheme's value must be an object whose kind is a string literal type, such as { kind: \"s3\" } (a value built in a variable first needs kind: \"s3\" as const)": Untagged<V> };

/** How many characters of `name ":"` the check of the top rule reads (a longer name is checked on these). */
const PREFIX_LIMIT = 64;

/**
 * The scheme name as the top rule spells it, or a TypeError when the rule cannot begin with
 * `name ":"` in any case (then no URI of the scheme could ever match it). RFC 3986 §3.1: scheme
 * names are case-insensitive and lowercase is their canonical form; the rule's quoted strings
 * are case-insensitive unless `%s` (RFC 5234 §2.3, RFC 7405 §2.1). Each letter is lowercase
 * unless the rule takes it in uppercase only. The answer comes from the rule's first
 * characters (FIRST_k, src/abnf/prefixes.ts); when they are too many to tell, the rule is
 * taken as it is and the name stays lowercase.
 */
function spellingOf(grammar: Grammar, rule: string, name: string): string {
  const target = `${name}:`.slice(0, PREFIX_LIMIT);
  const sets = [...target].map((c) => literalCharSet(c.charCodeAt(0), false));
  const found = rulePrefixes(grammar.analysis, rule, target.length, sets);
  if (found === "many") return name;
  let best: string | undefined;
  let bestLower = -1;
  for (const p of found) {
    if (p.length < target.length) continue; // a whole match shorter than "name:"
    let spelled = "";
    let lowers = 0;
    for (let i = 0; i < name.length; i++) {
      const c = name.charAt(i);
      const at = p[i];
      if (at === undefined || hasCodePoint(at, c.charCodeAt(0))) {
        spelled += c;
        lowers++;
      } else spelled += c.toUpperCase();
    }
    if (lowers > bestLower) [best, bestLower] = [spelled, lowers];
  }
  if (best !== undefined) return best;
  const begins = beginnings(grammar, rule, target.length);
  const must =
    begins === undefined ? `its text never begins with ${JSON.stringify(target)}`
    : begins.length === 0 ? "it matches no text at all"
    : `its text must begin with ${begins.length > 6 ? `${begins.slice(0, 6).join(", ")} or one of ${begins.length - 6} more` : wordList(begins)}`;
  throw new TypeError(
    `defineScheme: the rule "${rule}" cannot match any URI of the scheme "${name}" (RFC 3986 §3.1: such a URI begins with "${name}:", in any case): ${must}`,
  );
}

/**
 * What the rule's text begins with, for the message: up to its first ":" (RFC 3986 §3: the end of
 * the scheme), else its first `k` characters; `undefined` when there are too many ways to say.
 */
function beginnings(grammar: Grammar, rule: string, k: number): string[] | undefined {
  const colonAt = (p: Prefix): number => p.findIndex((set) => set.length === 1 && set[0]?.[0] === 0x3a && set[0][1] === 0x3a);
  // a few characters longer at a time, until every beginning reaches its ":" or they are too many
  let best: { readonly prefixes: readonly Prefix[]; readonly n: number } | undefined;
  for (let n = k; n <= k + 8; n++) {
    const all = rulePrefixes(grammar.analysis, rule, n);
    if (all === "many") break;
    best = { prefixes: all, n };
    if (all.every((p) => p.length < n || colonAt(p) >= 0)) break;
  }
  if (best === undefined) return undefined;
  const out = new Set<string>();
  for (const p of best.prefixes) {
    const colon = colonAt(p);
    const cut = colon >= 0 ? p.slice(0, colon + 1) : p;
    out.add(cut.length === p.length && p.length < best.n ? `${describePrefix(cut)} (its whole text)` : describePrefix(cut));
  }
  return [...out];
}

/**
 * Makes a scheme: a frozen value to parse and validate URIs of the scheme with, and to put in a
 * registry for `parse(input, { schemes })`, normalization and equivalence. Throws a TypeError
 * for a spec that is not one (a name that is not a scheme name, a rule the grammar does not
 * define, a `name` that the top rule contradicts, ...). The value `build` returns is an object
 * with a string literal `kind`, inferred without `as const` (a registry's values are a union
 * told apart by `kind`); a `kind` of type `string`, or none, is a compile error.
 *
 * The scheme name is case-insensitive (RFC 3986 §3.1: "schemes are case-insensitive", and
 * lowercase is canonical), so the top rule must be able to begin with `name ":"` in some case;
 * a rule that cannot (it begins with `"foo:"` and `name` is `"bar"`) would refuse every URI of
 * the scheme, and is a TypeError naming the scheme, the rule and what its text must begin
 * with. A rule that begins with something general (`scheme`, `ALPHA`, a repetition) is taken.
 * The grammar then judges each URI with its scheme spelled one way whatever the input's case:
 * lowercase, or, for a letter the rule takes in uppercase only (RFC 7405's `%s"MyApp:"`), in
 * that case. So `"MYAPP://x"` and `"myapp://x"` are both valid or both invalid under a rule
 * `%s"myapp://" ...`, and `input.text` in `build` shows the scheme so spelled.
 *
 * @example
 * const s3 = defineScheme({
 *   name: "s3", grammar: s3Grammar, rule: "s3-URI", section: "AWS S3 URIs",
 *   build: ({ uri }) => ({ kind: "s3", bucket: uri.authority?.host.text ?? "", key: uri.path.text.slice(1) }),
 * });
 * s3.parseOrThrow("s3://bucket/a/b").key; // "a/b"
 */
export function defineScheme<const V>(spec: SchemeSpec<V> & NoInfer<LiteralKind<V>>): Scheme<V> {
  if (typeof spec !== "object" || spec === null) throw new TypeError(`defineScheme: the argument "spec" must be an object, got ${describeValue(spec)}`);
  // a node (or a Proxy or prototype copy of one) has getters that throw on anything but the node itself
  if (isNode(spec) || isNodeShell(spec)) throw new TypeError(`defineScheme: the argument "spec" must be an object of scheme fields, got a node (or a copy or Proxy of one)`);
  // each field read once, then checked (a getter cannot answer one thing to the check and another to the use)
  const { name: given, grammar, rule: ruleName, section, build, captures, fragment, defaultPort: port, emptyPathIsRoot: root, normalizeOptions, normalize, equivalentKey } = spec;
  // the §6.2.3 facts, checked as options.schemes of normalize checks them (one checker)
  const { name: lower, defaultPort, emptyPathIsRoot } = schemeFacts(given, port, root, (f) => `"${f}"`, "defineScheme");
  if (!isGrammar(grammar)) {
    throw new TypeError(`defineScheme: "grammar" must be a Grammar (from grammar() or grammarFromAbnf()), got ${describeValue(grammar)}`);
  }
  if (typeof ruleName !== "string") throw new TypeError(`defineScheme: "rule" must name the grammar's top rule, got ${describeValue(ruleName)}`);
  if (typeof section !== "string" || section === "") throw new TypeError(`defineScheme: "section" must cite where the syntax is defined, got ${describeValue(section)}`);
  if (typeof build !== "function") throw new TypeError(`defineScheme: "build" must be a function, got ${describeValue(build)}`);
  if (normalizeOptions !== undefined && (typeof normalizeOptions !== "object" || normalizeOptions === null)) {
    throw new TypeError(`defineScheme: "normalizeOptions" must be an object of normalize's steps or undefined, got ${describeValue(normalizeOptions)}`);
  }
  // normalize's steps, each read once and checked as normalize checks its options
  const steps = normalizeOptions === undefined ? undefined : Object.freeze({ ...normalizeOptions });
  if (steps !== undefined) expectFields(steps, NORMALIZE_FIELDS, `defineScheme ("normalizeOptions")`);
  if (fragment !== undefined && fragment !== "allowed" && fragment !== "forbidden") {
    throw new TypeError(`defineScheme: "fragment" must be "allowed" or "forbidden", got ${describeValue(fragment)}`);
  }
  for (const [f, v] of [["normalize", normalize], ["equivalentKey", equivalentKey]] as const) {
    if (v !== undefined && typeof v !== "function") throw new TypeError(`defineScheme: "${f}" must be a function, got ${describeValue(v)}`);
  }
  if (captures !== undefined) expectStrings(captures, '"captures"', "defineScheme");
  const rule = grammar.require(ruleName, "defineScheme").name;
  // the rules a match keeps, named once here (a copy): not at the first parse, by semantics
  const kept = captures?.map((n) => grammar.require(n, "defineScheme captures").name);
  const def: SchemeDefinition<V> = {
    name: lower,
    spelling: spellingOf(grammar, rule, lower),
    rule,
    section,
    fragment: fragment ?? "allowed",
    defaultPort,
    emptyPathIsRoot,
    normalizeOptions: steps,
    matcherOf: (r) => grammar.matcher(r),
    build: build.bind(spec),
    ...(normalize === undefined ? {} : { normalize: normalize.bind(spec) }),
    ...(equivalentKey === undefined ? {} : { equivalentKey: equivalentKey.bind(spec) }),
  };
  return new SchemeValue(def, grammar, kept);
}
