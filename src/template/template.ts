// RFC 6570 templates as values: parsed once (§2), expanded (§3), and matched, which is expansion
// run backwards (§1.4 calls it "variable matching"): the template's language (language.ts)
// compiled into an automaton (automaton.ts), values read back as §3.2.1 encoded them, and every
// answer expanded again to check it. The language as a grammar on the package's engine
// (grammar.ts's grammarOf) and the ambiguity search (ambiguity.ts's findAmbiguity) are functions
// apart, so that an app that matches does not bundle them.
import { describeTemplateValue, expectTemplateOptions, wordList } from "../describe.js";
import type { Result } from "../result.js";
import { buildNfa, Deterministic, Matcher, OVER_WORK_LIMIT, PASS_LIMIT, STATE_LIMIT, TOO_LARGE, UNDECIDED, unitText, WORK_LIMIT, type Nfa } from "./automaton.js";
import { passwordStartAt, quoted, throwFrom, type TemplateError } from "./errors.js";
import { templateRefusal, type TemplateErrorCode } from "./template-error.js";
import { maskTemplatePasswordAt as maskPasswordAt, uriPassword } from "../password.js";
import { expandParts } from "./expand.js";
import { templateLanguage, type TemplateLanguage } from "./language.js";
import { itemsOf, readingsOf, type Disagreement } from "./match.js";
import { expectTemplateText, readTemplate, reweigh, templateParts, type TemplateExpression, type TemplatePart } from "./parse.js";
import type { MatchOf, VariablesOf } from "./types.js";
import { toUnits, type Units } from "./units.js";
import { lookup } from "./values.js";
import { triplet } from "../percent-encoding.js";
import { unreservedTable } from "../charsets.js";

/** Options of {@link UriTemplate.match}. */
export interface MatchOptions {
  /**
   * How many readings of the URI (paths of the automaton, preferred first) to try before giving
   * up with the error `"reading-limit"`; default 4,096. Only a template that names a variable more
   * than once and is ambiguous can need more than one: the time of a match is at most this many
   * times linear in the URI's length, and never more than the reading work bound (2^22 units)
   * whatever this asks.
   */
  readonly maxReadings?: number | undefined;
  /**
   * RFC 3986 §6.2.2.1: accept pct-encoded triplets written with lower-case hex digits (`%e2`),
   * which expansion never writes for a value's character (RFC 6570 §3.2.1 writes `%E2`; a `+` or
   * `#` value's own triplets pass through as written), as their upper-case form. The URI is
   * matched in its canonical spelling, by values that expand to it after that normalization (a
   * `+` value "%41" is read from "A" where another varspec reads it "%2541"); one whose canonical
   * spelling has no reading is read as written. The template's literal triplets are read in that
   * spelling too (§3.1 copies them as written: `"/%7e{x}"` reads `"/~a"` with `percentEncoding`,
   * `"/%7Ea"` with `case`); a varname's are its name. Off by default: matching is exact.
   * The names are {@link normalizeReference}'s steps.
   */
  readonly case?: boolean | undefined;
  /**
   * RFC 3986 §6.2.2.2: accept pct-encoded unreserved characters (`%41` for `A`), which expansion
   * never writes for a value's character, as the characters, and the characters for a template
   * literal's triplets of them. Off by default.
   */
  readonly percentEncoding?: boolean | undefined;
}

/**
 * What {@link UriTemplate.match} gives: the variables, and with the `case` or `percentEncoding`
 * option, `normalized`, present only when it differs from the URI given: the URI as the values
 * expand to it, a spelling RFC 3986 §6.2.2 calls equivalent (on a failure, the URI's normal form,
 * on which the error offset is read; the error's template is then the template with its literal
 * triplets so spelled).
 */
export type MatchResult<V> = { readonly ok: true; readonly value: V; readonly normalized?: string } | { readonly ok: false; readonly error: TemplateError; readonly normalized?: string };

/** `uri` (or a template's text: its expressions are kept as written) with its triplets spelled as expansion writes them: upper-case hex (`upper`), unreserved characters decoded (`unreserved`); RFC 3986 §6.2.2.1, §6.2.2.2. */
function canonicalSpelling(uri: string, upper: boolean, unreserved: boolean): string {
  return uri.replace(/\{[^{}]*\}|%[\dA-Fa-f]{2}/g, (written) => {
    // (an expression's o is NaN, which reads nothing)
    const o = written[0] === "%" ? parseInt(written.slice(1), 16) : NaN;
    return unreserved && unreservedTable[o] ? String.fromCharCode(o) : (upper && triplet(o)) || written;
  });
}

/**
 * Options of {@link UriTemplate.matchAll}: `case` and `percentEncoding` as {@link MatchOptions}
 * has them (RFC 3986 §6.2.2.1, §6.2.2.2): the readings are then those of the URI's normal form
 * (of the URI as written when that has none), each expanding to a spelling equivalent to the URI.
 */
export interface MatchAllOptions extends Pick<MatchOptions, "case" | "percentEncoding"> {
  /** The most readings to return (default 64). */
  readonly limit?: number | undefined;
}

/** Every reading of a URI, preferred first; `complete` is false when `limit` cut the list. */
export interface TemplateReadings<V> {
  readonly readings: readonly V[];
  readonly complete: boolean;
}

const TOKEN = Symbol("UriTemplate");

/** A failed match's result. */
type Failed = { readonly ok: false; readonly error: TemplateError };

/** @internal What is left of a work limit shared by several matches (the router's). */
export interface Budget {
  left: number;
}
const DEFAULT_MAX_READINGS = 4096;
/**
 * The work one match or matchAll spends reading paths and expanding readings again, whatever
 * `limit` or `maxReadings` ask: a path read, or a reading expanded again, costs the URI's length
 * plus the template's parts and varspecs (readingsOf charges a repeated variable's candidates
 * times its varspecs too).
 */
const READING_WORK = 1 << 22;

/** Throws a TypeError unless the argument `uri` of `caller` (match, matchAll, the router's) is a string. */
export function expectUri(uri: unknown, caller: string): asserts uri is string {
  if (typeof uri !== "string") throw new TypeError(`${caller}: the argument "uri" must be a string, got ${describeTemplateValue(uri)}`);
}

/**
 * The option `name` of `caller`, `fallback` when it is undefined: a TypeError unless it is of the
 * fallback's type, a boolean or a whole number of 1 or more.
 */
function option<V extends boolean | number>(options: (MatchOptions & MatchAllOptions) | undefined, name: keyof (MatchOptions & MatchAllOptions), caller: string, fallback: V): V {
  const x: unknown = options?.[name];
  if (x === undefined) return fallback;
  const number = typeof fallback == "number";
  if (typeof x != typeof fallback || (number && !(Number.isInteger(x) && (x as number) >= 1))) {
    throw new TypeError(`${caller}: options.${name} must be ${number ? "a whole number of 1 or more" : "a boolean"}, got ${describeTemplateValue(x)}`);
  }
  return x as V;
}

/**
 * A URI Template (RFC 6570): its parts, expansion, and matching. Made by {@link parseTemplate};
 * immutable. `T` is the template's text when it was written as a literal, which types the
 * variables of {@link expand} and {@link match}.
 */
export class UriTemplate<T extends string = string> {
  /** The template as written. */
  readonly text: T;
  /** Literals and expressions in order (RFC 6570 §2). */
  readonly parts: readonly TemplatePart[];
  /** The expressions alone. */
  readonly expressions: readonly TemplateExpression[];
  /** The variable names, in order of first appearance. */
  readonly variables: readonly string[];
  /** True when a variable is named by more than one varspec (`{term:1}/{term}`). */
  readonly repeatsVariables: boolean;
  #nfa: Nfa | undefined;
  #unboundedNfa: Nfa | undefined;
  #matcher: Matcher | undefined;
  /** The forward automaton of {@link unboundedNfa}: the explanation's, and the walk's when the template has no prefix modifier. */
  #forward: Deterministic | undefined;

  /** @internal Use {@link parseTemplate}. */
  constructor(token: symbol, text: T, parts: readonly TemplatePart[]) {
    if (token !== TOKEN) throw new TypeError("UriTemplate: make templates with parseTemplate");
    this.text = text;
    this.parts = parts;
    this.expressions = Object.freeze(parts.filter((p): p is TemplateExpression => p.kind === "expression"));
    const names = this.expressions.flatMap((x) => x.varspecs.map((v) => v.name));
    this.variables = Object.freeze([...new Set(names)]);
    this.repeatsVariables = this.variables.length < names.length;
    templateParts.set(this, { text, parts: { ok: true, value: parts } });
    Object.freeze(this);
  }

  /**
   * @internal What the template keeps beyond its text and parts, in entries of four bytes: what
   * its automata, its matcher and its forward automaton each report they keep (automaton.ts
   * counts them where their arrays are made). The cache of templates read from text (parse.ts)
   * weighs its entries by it, and their text and parts.
   */
  get retained(): number {
    const nfa = this.#nfa;
    // (the automaton with unbounded prefixes is the template's own when it has none: counted once)
    return (nfa?.retained ?? 0) + (this.#unboundedNfa === nfa ? 0 : (this.#unboundedNfa?.retained ?? 0)) + (this.#matcher?.retained ?? 0) + (this.#forward?.retained ?? 0);
  }

  /**
   * @internal The template's language (language.ts), made each time it is asked for: the
   * automata are built from it once, and a template in the cache keeps them, not it.
   */
  get language(): TemplateLanguage {
    return templateLanguage(this.parts);
  }

  /** @internal The template's automaton. */
  get nfa(): Nfa {
    return (this.#nfa ??= buildNfa(this.language));
  }

  /**
   * @internal The automaton with prefix modifiers read as unbounded (the router's, and the
   * explanation of a no-match): the template's own when it has none.
   */
  get unboundedNfa(): Nfa {
    return (this.#unboundedNfa ??= this.nfa.bounded.length === 0 ? this.nfa : buildNfa(this.language, true));
  }

  /** @internal The matcher of the template's automaton. */
  get matcher(): Matcher {
    return (this.#matcher ??= new Matcher(this.nfa));
  }

  /**
   * Expands the template with the variables (RFC 6570 §3): the URI reference, or the
   * `"prefix-of-composite"` TemplateError. A value RFC 6570 §2.3 does not define (a nested
   * object, a function, a non-finite number, a lone surrogate) is a TypeError naming the variable.
   *
   * @example
   * parseTemplateOrThrow("http://example.com/~{username}/").expand({ username: "fred" }) // { ok: true, value: "http://example.com/~fred/" }
   */
  expand(variables?: VariablesOf<T>): Result<string, TemplateError> {
    return expandParts(this.parts, lookup(variables, "expand"), this.text, "expand");
  }

  /** {@link expand}, throwing its TemplateError. */
  expandOrThrow(variables?: VariablesOf<T>): string {
    const r = expandParts(this.parts, lookup(variables, "expandOrThrow"), this.text, "expandOrThrow");
    if (!r.ok) throwFrom(r.error, this.expandOrThrow);
    return r.value;
  }

  /**
   * The variables whose expansion is exactly `uri` (RFC 6570 §3 run backwards), or the
   * TemplateError `"no-match"` with the offset where the URI leaves the template's language and
   * what could stand there. Values come back decoded as §3.2.1 encoded them; an undefined
   * variable is absent. Where several readings exist, the one returned is the first by this
   * policy: expressions and their variables left to right, each variable defined rather than
   * undefined, its text as long as the rest of the URI allows (but a separator between two
   * varspecs of one expression separates them, and a `+` or `#` value stops before the text
   * that follows its expression), a list with more members rather than fewer, and a value that
   * reads as a string a string, else a list, else an associative array (see {@link matchAll}
   * for the others). Time: linear in the URI's length, with a work limit that only a long
   * literal repeating itself (`"aaaa…{x}"`) reaches: past it, the TemplateError `"match-limit"`.
   *
   * @example
   * parseTemplateOrThrow("http://example.com/dictionary/{term:1}/{term}").match("http://example.com/dictionary/c/cat") // { ok: true, value: { term: "cat" } }
   */
  match(uri: string, options?: MatchOptions): MatchResult<MatchOf<T>> {
    expectUri(uri, "match");
    expectTemplateOptions(options, "match");
    const [r, read, canon] = this.#spelled("match", uri, options, 1, option(options, "maxReadings", "match", DEFAULT_MAX_READINGS));
    // beside an error (whose input is masked), the URI as matched masks its password too (RFC 3986 §7.5)
    if (!r.ok) return read === uri ? r : { ...r, normalized: maskPasswordAt(read, 0).text };
    const value = r.value.readings[0] as MatchOf<T>;
    // the URI as the values expand to it: the one given, or (with the options) a spelling RFC 3986
    // §6.2.2 calls equivalent, said (a + or # value keeps its own triplets as they are)
    const again = canon && this.expand(value as VariablesOf<T>);
    return again && again.ok && again.value !== uri ? { ok: true, value, normalized: again.value } : { ok: true, value };
  }

  /** {@link match}, throwing its TemplateError. */
  matchOrThrow(uri: string, options?: MatchOptions): MatchOf<T> {
    const r = this.match(uri, options);
    if (!r.ok) throwFrom(r.error, this.matchOrThrow);
    return r.value;
  }

  /**
   * Every reading of `uri` (at most `limit`, default 64), in {@link match}'s order of preference:
   * all the variable values whose expansion is exactly the URI. Bounded: it reads at most
   * max(64, 16 × limit) paths of the automaton, each in time linear in the URI, and spends at
   * most 2^22 units (a path read or a reading expanded again costs the URI's length plus the
   * template's parts and varspecs) whatever `limit` asks; `complete` is false when the limit (or one of
   * these bounds) cut the list. The TemplateError `"no-match"` when there
   * is none. With `case` or `percentEncoding` (as {@link match} has them), the readings of the URI's
   * normal form (of the URI as written when that has none).
   *
   * @example
   * parseTemplateOrThrow("{x}-{y}").matchAll("a-b-c").value?.readings // [{ x: "a-b", y: "c" }, { x: "a", y: "b-c" }]
   */
  matchAll(uri: string, options?: MatchAllOptions): Result<TemplateReadings<MatchOf<T>>, TemplateError> {
    expectUri(uri, "matchAll");
    expectTemplateOptions(options, "matchAll");
    const limit = option(options, "limit", "matchAll", 64);
    const [r] = this.#spelled("matchAll", uri, options, limit, Math.max(DEFAULT_MAX_READINGS, 16 * limit));
    if (!r.ok && r.error.code === "reading-limit") return { ok: true, value: { readings: [], complete: false } };
    return r as Result<TemplateReadings<MatchOf<T>>, TemplateError>;
  }

  /**
   * The readings of `uri` (at most `limit`, trying at most `maxPaths` paths), with the options'
   * spellings (RFC 3986 §6.2.2.1, §6.2.2.2): of the URI's normal form against the template with its
   * literal triplets so spelled, else of the URI as written; and the URI read, and the spelling.
   */
  #spelled(caller: string, uri: string, options: MatchAllOptions | undefined, limit: number, maxPaths: number): [Result<TemplateReadings<unknown>, TemplateError>, string, ((s: string) => string) | undefined] {
    const upper = option<boolean>(options, "case", caller, false);
    const unreserved = option<boolean>(options, "percentEncoding", caller, false);
    const canon = upper || unreserved ? (s: string): string => canonicalSpelling(s, upper, unreserved) : undefined;
    let read = canon?.(uri) ?? uri;
    // the template's literal triplets are spelled so too (RFC 6570 §3.1 copies them as written:
    // "/%7e{x}" reads "/~a"); a varname's triplets are its name
    const k = canon?.(this.text) ?? this.text;
    const t = k === this.text ? this : (parseTemplate(k) as { value: UriTemplate }).value;
    let r = t.#readings(read, limit, maxPaths, undefined, canon);
    if (t !== this) reweigh(k, t);
    // a + or # value's triplets are written as they are (RFC 6570 §3.2.1, "%41", "%2f"): what its
    // canonical spelling cannot read, the URI as written may
    if (!r.ok && read !== uri) {
      const exact = this.#readings(uri, limit, maxPaths);
      if (exact.ok) (r = exact), (read = uri);
    }
    return [r, read, canon];
  }

  /** @internal The "match-limit" error of a template whose automaton would pass {@link STATE_LIMIT} states. */
  tooLarge(uri: string): TemplateError {
    return this.#refuse(
      "match-limit",
      uri,
      `The template ${quoted(this.text)} is too large to match against: its automaton would have more than ${STATE_LIMIT} states; the URI is neither matched nor refused`,
    ).error;
  }

  /**
   * @internal The router's match: the variables, undefined when the template does not match the
   * URI (no explanation is worked out), or the TemplateError ("match-limit", "reading-limit")
   * when the work would pass what is left of `budget` (the router's work limit, shared by the
   * routes one URI is tried against) or the match's own limits: the URI is neither matched nor
   * refused.
   */
  matchWithin(uri: string, budget: Budget): MatchOf<T> | undefined | TemplateError {
    const r = this.#readings(uri, 1, DEFAULT_MAX_READINGS, budget);
    if (r.ok) return r.value.readings[0] as MatchOf<T>;
    return r.error.code === "no-match" ? undefined : r.error;
  }

  /** Readings of `uri`, at most `limit`, trying at most `maxPaths` paths; "match-limit" for a template too large to compile. */
  #readings(uri: string, limit: number, maxPaths: number, budget?: Budget, canon?: (s: string) => string): Result<TemplateReadings<unknown>, TemplateError> {
    let m: Matcher | undefined;
    try {
      if (limit === 1) {
        // a URI that never makes the template guess: its one path in one forward pass (else the
        // general matcher's two passes, below; the path is in the walk's buffer, read at once)
        const path = this.nfa.bounded.length > 0 ? UNDECIDED : (this.#forward ??= new Deterministic(this.nfa)).walk(uri);
        if (path !== UNDECIDED) {
          if (path === undefined) return this.#noMatch(uri, undefined, budget);
          const r = readingsOf(itemsOf(path, this.nfa.tags, this.expressions, undefined), this.parts, uri, 1, this.repeatsVariables, undefined, canon);
          if (Array.isArray(r)) return { ok: true, value: { readings: r, complete: false } };
          // the walk's path is the preferred one, not the only one: a variable named twice, or an
          // associative array whose names repeat ({?f*,g*} on "?a=0&b=1&b=2"), may be read from
          // another, which the general matcher tries
        }
      }
      m = this.matcher; // built (if it is its first use) before the URI's units are read
      return this.#general(m, uri, limit, maxPaths, budget, canon);
    } catch (e) {
      if (e !== TOO_LARGE) throw e;
      return { ok: false, error: this.tooLarge(uri) };
    } finally {
      // what the pass built beyond the memo's bound is let go once its paths are read
      m?.trim();
    }
  }

  #general(m: Matcher, uri: string, limit: number, maxPaths: number, budget: Budget | undefined, canon?: (s: string) => string): Result<TemplateReadings<unknown>, TemplateError> {
    const units = toUnits(uri) as Units;
    // (a URI with a character no template reads: toUnits gives its offset)
    const pass = typeof units === "number" ? undefined : m.run(units, budget);
    if (pass === undefined) return this.#noMatch(uri, undefined, budget);
    if (pass === OVER_WORK_LIMIT) {
      const message = `Matching the URI against the template ${quoted(this.text)} would take more than ${PASS_LIMIT} steps of its automaton (a literal that repeats itself, as in "aaaa{x}"); the URI is neither matched nor refused`;
      return this.#refuse("match-limit", uri, message);
    }
    const out: unknown[] = [];
    const seen = new Set<string>();
    let last: Disagreement | undefined;
    let tried = 0;
    let blame: readonly [number, number, number] | undefined;
    // a router's readings spend its budget (not READING_WORK a route)
    const work = budget ?? { left: READING_WORK };
    let exhausted = true;
    const paths = m.paths(pass);
    for (let step = paths.next(); step.done !== true; step = paths.next(blame)) {
      if (tried >= maxPaths || work.left < 0) {
        exhausted = false;
        break;
      }
      tried++;
      const reads = itemsOf(step.value, m.nfa.tags, this.expressions, units);
      // a path costs the URI's length, the template's parts and its varspecs (each one read)
      work.left -= uri.length + this.parts.length + reads.length;
      const r = readingsOf(reads, this.parts, uri, limit - out.length, this.repeatsVariables, work, canon);
      if (!Array.isArray(r)) {
        last = r;
        // the choices that settle the disagreement: the paths that keep them are skipped
        blame = r.blame;
        continue;
      }
      blame = undefined;
      if (limit === 1) return { ok: true, value: { readings: r, complete: false } };
      for (const v of r) {
        const key = JSON.stringify(v, (_k, x: unknown) => (x instanceof Map ? { "(map)": [...(x as Map<string, string>)] } : x));
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(v);
      }
      if (out.length >= limit) return { ok: true, value: { readings: out, complete: false } };
    }
    if (out.length > 0) return { ok: true, value: { readings: out, complete: exhausted } };
    if (!exhausted) {
      // the router's match (a budget) takes no options: no maxReadings to raise
      return this.#refuse(
        "reading-limit",
        uri,
        `No reading of the URI among the first ${tried} gives each variable of the template ${quoted(this.text)} one value (it repeats a variable and is ambiguous)${work.left < 0 ? "; its work bound ran out" : budget === undefined ? "; raise maxReadings to try more" : ""}`,
      );
    }
    return this.#noMatch(uri, last, budget);
  }

  /**
   * The "no-match" error: where the URI leaves the template's language (read forwards on the
   * automaton, prefix lengths aside) and what could stand there; or, for a URI in the language
   * that no values give, why (a variable read two ways, a value longer than its prefix modifier).
   */
  #noMatch(uri: string, why: Disagreement | undefined, budget: Budget | undefined): Failed {
    const head = `URI does not match the template ${quoted(this.text)}`;
    if (budget !== undefined) return this.#refuse("no-match", uri, head);
    // (the URI's units up to a character no template reads, where the URI is cut)
    const bad = toUnits(uri);
    const units = typeof bad === "number" ? (toUnits(uri.slice(0, bad)) as Units) : bad;
    const forward = (this.#forward ??= new Deterministic(this.unboundedNfa));
    const where = forward.explain(units.codes, units.n);
    if (where === undefined) return this.#refuse("no-match", uri, `${head} (where it leaves the template is not worked out: that would take more than ${WORK_LIMIT} steps of the template's automaton)`);
    const { at, st, expected } = where;
    if (at < units.n || typeof bad === "number" || expected.length > 0 && !expected.includes("end of input")) {
      const offset = units.offsets[at] as number;
      // RFC 3986 §7.5: inside a password, neither where nor what the template has there (its own may be literal)
      const secret = passwordStartAt(this.text, uri, offset);
      if (secret !== undefined) return this.#refuse("no-match", uri, `${head} in the password of its userinfo (where, and what the template has there, is not told: RFC 3986 §7.5)`, secret);
      // a spelling RFC 3986 §6.2.2 calls equivalent to the unit found (its triplet in any case, an
      // unreserved character or its triplets) that the template reads there: named, with the
      // option that accepts it (upper-case hex, §6.2.2.1; unreserved characters decoded, §6.2.2.2)
      const f = at < units.n ? (units.codes[at] as number) : 0;
      const o = f & 0xff;
      let spelled: string | undefined;
      for (let c = o; c < 0x500 && (f > 0xff || unreservedTable[f]) && !spelled; c += 0x100) {
        if (c !== f && (c > 0xff || unreservedTable[o]) && forward.reads(st, c)) {
          spelled = `found ${JSON.stringify(unitText(f))}, which the template writes ${JSON.stringify(unitText(c))} here (RFC 3986 §6.2.2): match with { ${unreservedTable[o] ? "percentEncoding" : "case"}: true } to accept such triplets`;
        }
      }
      return this.#refuse("no-match", uri, (at, found) => `${head} at offset ${at}: ${spelled ?? `expected ${wordList(expected)}, found ${found}`}`, offset, expected);
    }
    // the values a variable was read as may be the URI's password: then only its name
    const reason =
      why === undefined ? "no values of its variables expand to it (a value would be longer than its prefix modifier allows)"
      : uriPassword(uri) === undefined ? why.why
      : `no value of the variable ${JSON.stringify(why.name)} expands to it (what it reads is not told: RFC 3986 §7.5)`;
    return this.#refuse("no-match", uri, `${head}: ${reason}`);
  }

  /**
   * The failed result with a TemplateError of the matcher for `uri` (template-error.ts's templateRefusal): the template
   * and the URI masked as password.ts reads them (a URI reference, as RFC 3986 and the URL
   * Standard read one), the offset moved with the mask; its message is one line (errors.ts's
   * formatTemplateError adds the excerpt): `message`, or what it makes of the masked offset and
   * the `found` text.
   */
  #refuse(code: TemplateErrorCode, uri: string, message: string | ((offset: number, found: string) => string), offset = 0, expected: readonly string[] = []): Failed {
    return { ok: false, error: templateRefusal(code, this.text, offset, expected, typeof message == "string" ? () => message : message, uri, "template") };
  }

  /** The template's text. */
  toString(): string {
    return this.text;
  }

  toJSON(): string {
    return this.text;
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing, and the functions that take a template as text

/**
 * Parses a URI Template (RFC 6570 §2, its grammar read from the RFC's ABNF by the package's
 * loader, with erratum 6937): the template value, or a TemplateError (`"syntax"` with the offset,
 * the expected set and a caret; `"reserved-operator"` for `=`, `,`, `!`, `@` and `|`, which §2.2
 * reserves).
 *
 * @example
 * parseTemplate("http://example.com/search{?q,lang}").ok // true
 * parseTemplate("{/id*").error?.offset // 5
 */
export function parseTemplate<T extends string>(text: T): Result<UriTemplate<T>, TemplateError> {
  expectTemplateText(text, "parseTemplate", "text");
  const r = readTemplate(text);
  if (!r.parts.ok) return r.parts;
  return (r.value ??= { ok: true, value: new UriTemplate(TOKEN, text, r.parts.value) }) as Result<UriTemplate<T>, TemplateError>;
}

/** {@link parseTemplate}, throwing its TemplateError. */
export function parseTemplateOrThrow<T extends string>(text: T): UriTemplate<T> {
  const r = parseTemplate(text);
  if (!r.ok) throwFrom(r.error, parseTemplateOrThrow);
  return r.value;
}

import type { TemplateInput } from "./expand-text.js";
export type { TemplateInput } from "./expand-text.js";

/** @internal The template of an argument, or its parse error. */
export function templateOf<T extends string>(t: TemplateInput<T>, caller: string): Result<UriTemplate<T>, TemplateError> {
  // a value of parseTemplate by the registry its constructor writes to, not instanceof: a Proxy (of
  // one, or revoked) reads as no template, rather than failing in a trap or on a private field
  if (templateParts.has(t as object)) return { ok: true, value: t as UriTemplate<T> };
  expectTemplateText(t, caller);
  return parseTemplate(t);
}

/** What `f` gives for the template of an argument, or its parse error; the template is weighed again in the cache (parse.ts) after it: the call may have grown what it keeps. */
function withTemplate<T extends string, R>(template: TemplateInput<T>, caller: string, f: (t: UriTemplate<T>) => R): R | { readonly ok: false; readonly error: TemplateError } {
  const t = templateOf(template, caller);
  if (!t.ok) return t;
  try {
    return f(t.value);
  } finally {
    reweigh(t.value.text, t.value);
  }
}

/**
 * The variables whose expansion is exactly `uri` ({@link UriTemplate.match}): a TemplateError for
 * a template that does not parse, or a URI no values give.
 *
 * @example
 * match("http://example.com/search{?q,lang}", "http://example.com/search?q=cat&lang=en") // { ok: true, value: { q: "cat", lang: "en" } }
 */
export function match<T extends string>(template: TemplateInput<T>, uri: string, options?: MatchOptions): MatchResult<MatchOf<T>> {
  return withTemplate(template, "match", (t) => t.match(uri, options));
}

/** {@link match}, throwing its TemplateError. */
export function matchOrThrow<T extends string>(template: TemplateInput<T>, uri: string, options?: MatchOptions): MatchOf<T> {
  const r = withTemplate(template, "matchOrThrow", (t) => t.match(uri, options));
  if (!r.ok) throwFrom(r.error, matchOrThrow);
  return r.value;
}

/**
 * Every reading of `uri` under the template ({@link UriTemplate.matchAll}).
 *
 * @example
 * matchAll("{a}{b}", "xy").value?.readings.length // 3 or more: { a: "xy", b: "" }, { a: "x", b: "y" }, ...
 */
export function matchAll<T extends string>(template: TemplateInput<T>, uri: string, options?: MatchAllOptions): Result<TemplateReadings<MatchOf<T>>, TemplateError> {
  return withTemplate(template, "matchAll", (t) => t.matchAll(uri, options));
}
