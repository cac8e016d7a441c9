// RFC 6570 §2: a template as a value, its text read once: checked against §2's grammar and split
// into its parts in the same pass (the grammar of record is grammar/rfc6570.abnf, which
// grammar.ts loads on the engine; the tests hold this reader to it).
import type { Result } from "../result.js";
import { describeValue } from "../describe.js";
import { templateRefusal, type TemplateError } from "./template-error.js";
import { encodeValue, hexValue } from "./encode.js";

/** An expression's operator (RFC 6570 §2.2): `""` for simple string expansion (§3.2.2). */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One variable of an expression with its modifier (RFC 6570 §2.3, §2.4). */
export interface VarSpec {
  /** The varname as written (RFC 6570 §2.3: case-sensitive, pct-encoded triplets kept). */
  readonly name: string;
  /** The prefix modifier's max-length (§2.4.1), or `undefined`. */
  readonly prefix: number | undefined;
  /** The explode modifier (§2.4.2). */
  readonly explode: boolean;
  /** Where the varspec stands in the template: half-open `[start, end)` in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
}

/** An expression (RFC 6570 §2.2): `{` operator variable-list `}`. */
export interface TemplateExpression {
  readonly kind: "expression";
  readonly operator: Operator;
  readonly varspecs: readonly VarSpec[];
  /** The expression's text, braces included. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** A run of literal characters (RFC 6570 §2.1) and what §3.1 makes of it in the URI. */
export interface TemplateLiteral {
  readonly kind: "literal";
  readonly text: string;
  /** The text as expansion writes it: characters a URI cannot hold pct-encoded in UTF-8 (§3.1). */
  readonly expansion: string;
  readonly start: number;
  readonly end: number;
}

/** A part of a template: literal text or an expression, in template order. */
export type TemplatePart = TemplateLiteral | TemplateExpression;

// What §2's grammar expects at each point, as the engine's errors name it, in the engine's one
// order (src/abnf/automaton-size.ts inOneOrder: rule names alphabetically ignoring case, then
// literals and ranges by their first character, then the end): the sets the package's grammar
// of record gives
const words = (s: string): string[] => s.split(" ");
const VARCHAR = words('ALPHA DIGIT pct-encoded "_"');
const AFTER_OPEN = words('ALPHA DIGIT operator pct-encoded "_"');
const AFTER_SPEC = words('"," "}"');
const AFTER_VARCHAR = words('ALPHA DIGIT explode pct-encoded "," "." ":" "_" "}"');
const AFTER_DIGIT = ["DIGIT", ...AFTER_SPEC];
const LITERAL_NEXT = [...words('iprivate pct-encoded ucschar "!" "#"-"$" "&"-";" "=" "?"-"[" "]" "_" "a"-"z" "{" "~"'), "end of input"];

/**
 * RFC 6570 §2.1 `literals`, as many as stand at `lastIndex`: the ASCII characters allowed as they
 * are (with verified erratum 6937's "'"), pct-encoded triplets, and RFC 3987's ucschar and
 * iprivate. Those two together are every code point from U+00A0 up but the surrogates, the
 * noncharacters (Unicode's stable `Noncharacter_Code_Point`: U+FDD0–U+FDEF and the last two of
 * each plane), the specials U+FFF0–U+FFFD and U+E0000–U+E0FFF; test/template/fixtures.test.ts
 * holds this to the package's table (src/compiled/charsets.ts) on every code point.
 */
const LITERALS = /(?:[!#$&-;=?-[\]_a-z~]|%[\dA-Fa-f]{2}|(?![\uFFF0-\uFFFD\u{E0000}-\u{E0FFF}]|\p{Noncharacter_Code_Point})[\xA0-\uD7FF\uE000-\u{10FFFF}]){0,65535}/uy;
/** §2.3 `varname`: varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded (a "." only after a varchar, so scan can match it in pieces). */
const VARNAME = /(?:(?:(?<=\w)\.)?(?:\w|%[\dA-Fa-f]{2})){1,65535}/y;
/** §2.4.1 `max-length`: %x31-39 0*3DIGIT (after no digit: scan matches it once). */
const MAX_LENGTH = /(?<!\d)[1-9]\d{0,3}/y;

/**
 * A template's parts, or why it is not one: RFC 6570 §2's grammar (grammar/rfc6570.abnf, with
 * RFC 3986's pct-encoded and RFC 3987's ucschar and iprivate), read in one pass over the text.
 * A syntax error has the offset and the expected set the grammar on the engine gives
 * (test/template/fixtures.test.ts holds the two together); a reserved operator (§2.2) is
 * reported once the whole template is known to be well formed.
 */
export function parseParts(text: string): Result<readonly TemplatePart[], TemplateError> {
  const parts: TemplatePart[] = [];
  const freeze = Object.freeze;
  let reservedAt = -1;
  let i = 0;
  /**
   * Moves `i` to where `re` (sticky) stops matching, matched again from there while it goes on,
   * and returns it. LITERALS and VARNAME match at most 65,535 repetitions a time: V8 keeps a
   * backtrack entry per repetition of a group and throws a RangeError past 2^23 of them (a literal
   * or a varname of 9,000,000 characters did).
   */
  const scan = (re: RegExp): number => {
    re.lastIndex = i;
    while (re.test(text) && re.lastIndex > i) i = re.lastIndex;
    return i;
  };
  /** The error at `at` (thrown as `[offset, expected]`): a "%" there that no triplet follows fails at its first digit that is not HEXDIG. */
  const fail = (at: number, expected: readonly string[]): never => {
    throw text[at] !== "%" ? [at, expected] : [hexValue(text.charCodeAt(at + 1)) < 0 ? at + 1 : at + 2, ["HEXDIG"]];
  };
  try {
    while (i < text.length) {
      const start = i;
      if (text[i] !== "{") {
        i = scan(LITERALS);
        if (i < text.length && text[i] !== "{") fail(i, LITERAL_NEXT);
        const literal = text.slice(start, i);
        // §3.1: the characters a URI allows as they are, the others (ucschar and iprivate, the only
        // others §2.1 allows) pct-encoded in UTF-8; a literal's "%" always starts a triplet
        parts.push(freeze({ kind: "literal", text: literal, expansion: encodeValue(literal, true), start, end: i }));
        continue;
      }
      const first = text.charAt(++i);
      let operator: Operator = "";
      let expected = AFTER_OPEN;
      if (first !== "" && "+#./;?&=,!@|".includes(first)) {
        // "=", ",", "!", "@" and "|": §2.2's operators reserved for future extensions, which no processor expands yet
        if (!"+#./;?&".includes(first)) reservedAt = reservedAt < 0 ? i : reservedAt;
        else operator = first as Operator;
        i++;
        expected = VARCHAR;
      }
      const varspecs: VarSpec[] = [];
      for (;;) {
        const specStart = i;
        i = scan(VARNAME);
        // a varname that stops short: none at all, a "." with no varchar after it, or a "%" with no triplet
        if (i === specStart) fail(i, expected);
        if (text[i] === ".") fail(i + 1, VARCHAR);
        if (text[i] === "%") fail(i, []);
        const name = text.slice(specStart, i);
        let prefix: number | undefined;
        let explode = false;
        let after = AFTER_VARCHAR;
        if (text[i] === ":") {
          const digits = ++i;
          i = scan(MAX_LENGTH);
          if (i === digits) throw [i, ['"1"-"9"']];
          prefix = +text.slice(digits, i);
          after = i - digits < 4 ? AFTER_DIGIT : AFTER_SPEC;
        } else if (text[i] === "*") {
          i++;
          explode = true;
          after = AFTER_SPEC;
        }
        varspecs.push(freeze({ name, prefix, explode, start: specStart, end: i }));
        expected = VARCHAR;
        const next = text[i++];
        if (next === "}") break;
        if (next !== ",") throw [i - 1, after];
      }
      parts.push(freeze({ kind: "expression", operator, varspecs: freeze(varspecs), text: text.slice(start, i), start, end: i }));
    }
  } catch (e) {
    if (!Array.isArray(e)) throw e;
    return { ok: false, error: templateRefusal("syntax", text, e[0] as number, e[1] as readonly string[]) };
  }
  if (reservedAt >= 0) {
    const op = text[reservedAt] as string;
    return {
      ok: false,
      error: templateRefusal(
        "reserved-operator",
        text,
        reservedAt,
        [],
        (at) => `Unsupported operator ${JSON.stringify(op)} at offset ${at}: RFC 6570 §2.2 reserves "=", ",", "!", "@" and "|" for future extensions, and §3 asks a processor to report the ones it does not support`,
      ),
    };
  }
  return { ok: true, value: freeze(parts) };
}

/**
 * A template's text read once (RFC 6570 §2): its parts or its error and, once parseTemplate has
 * made it, the template value (template.ts), which the cache weighs by what it keeps.
 */
export interface ReadTemplate {
  readonly text: string;
  readonly parts: Result<readonly TemplatePart[], TemplateError>;
  /** parseTemplate's result, the UriTemplate made of the parts (set by parseTemplate: this module does not import its class). */
  value: { readonly ok: true; readonly value: { readonly retained: number } } | undefined;
  /** What the entry keeps, in entries of about four bytes: 4 per character of text, or its template's `retained`. */
  weight: number;
}

/**
 * The one cache of templates given as text, shared by expand and the matcher (parseTemplate,
 * match, matchAll, grammarOf, findAmbiguity): a text is read once and its template value made
 * once. A template value keeps its automata once it has matched and what their lazy DFAs built
 * (UriTemplate.retained), so the cache holds at most 512 templates, 256 Ki characters of text
 * and 8 Mi entries of what they keep (about 64 MB of heap; weighed again after each match through
 * the cache), oldest out first; a template longer than 16 KiB is read again each time rather than
 * kept. SECURITY.md "Limits" and docs/guide/templates.md state this bound.
 */
const cache = new Map<string, ReadTemplate>();
// the bounds are written where they are read (a bundle keeps a named constant as a variable):
// 512 templates, 1 << 18 characters, 1 << 23 entries kept, 1 << 14 characters for one template
let cachedChars = 0;
let cachedWeight = 0;

/** Evicts the oldest templates until the cache is within its bounds (an entry over them alone goes too). */
function evict(): void {
  while (cache.size > 512 || cachedChars > 1 << 18 || cachedWeight > 1 << 23) {
    const oldest = cache.values().next().value as ReadTemplate;
    cache.delete(oldest.text);
    cachedChars -= oldest.text.length;
    cachedWeight -= oldest.weight;
  }
}

/** The template of a text, read once while it stays in the cache. */
export function readTemplate(text: string): ReadTemplate {
  let r = cache.get(text);
  if (r === undefined) {
    r = { text, parts: parseParts(text), value: undefined, weight: 4 * text.length };
    if (text.length <= 1 << 14) {
      cache.set(text, r);
      cachedChars += text.length;
      cachedWeight += r.weight;
      evict();
    }
  }
  return r;
}

/** Weighs the cached template of `text` again after a call that may have grown what `template`, its value, keeps. */
export function reweigh(text: string, template: { readonly retained: number }): void {
  const r = cache.get(text);
  if (r?.value?.value !== template) return;
  const weight = template.retained;
  cachedWeight += weight - r.weight;
  r.weight = weight;
  evict();
}

/** The text and parts of each template value (UriTemplate registers itself): what expand reads of one, without importing its class. */
export const templateParts = new WeakMap<object, Pick<ReadTemplate, "text" | "parts">>();

/** Throws the TypeError of a function given a template that is not a string. */
export function expectTemplateText(x: unknown, caller: string, name = "template"): asserts x is string {
  if (typeof x !== "string") throw new TypeError(`${caller}: the argument "${name}" must be a template string or a value of parseTemplate, got ${describeValue(x)}`);
}
