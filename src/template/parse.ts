// RFC 6570 §2: a template as a value, its text read once: checked against §2's grammar and split
// into its parts in the same pass, by the grammar's automaton compiled at build time (syntax.ts,
// from grammar/rfc6570.abnf, the grammar of record, which grammar.ts loads on the engine; the
// tests hold this reader and the module to it).
import type { Result } from "../result.js";
import { describeTemplateValue } from "../describe.js";
import { templateRefusal, type TemplateError } from "./template-error.js";
import { encodeValue } from "./encode.js";
import { ASCII, CLASSES, INFO, LABEL_SETS, TABLE, WIDE, WIDE_CLASS } from "./syntax.js";

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

/**
 * A template's parts, or why it is not one: RFC 6570 §2's grammar (grammar/rfc6570.abnf, with
 * RFC 3986's pct-encoded and RFC 3987's ucschar and iprivate), read in one pass over the text by
 * its automaton, compiled at build time with the engine's labels (syntax.ts): a syntax error has
 * the offset and the expected set the grammar on the engine gives (test/template/fixtures.test.ts
 * holds the two together). The parts are cut in the same pass at the characters that end them
 * ("{", "}", ",") and the modifiers (":", "*"), which the automaton has already allowed there; a
 * reserved operator (§2.2) is reported once the whole template is known to be well formed.
 */
export function parseParts(text: string): Result<readonly TemplatePart[], TemplateError> {
  const parts: TemplatePart[] = [];
  const freeze = Object.freeze;
  const n = text.length;
  let varspecs: VarSpec[] = [];
  let operator: Operator = "";
  let reservedAt = -1;
  // the automaton's state, where the part and the varspec being read start, and the varspec's ":" (0: none) and "*"
  let state = 1;
  let start = 0;
  let spec = 0;
  let colon = 0;
  let explode = false;
  let i = 0;
  /** The literal from `start` to `i`, if any. */
  const literal = (): void => {
    const t = text.slice(start, i);
    // §3.1: the characters a URI allows as they are, the others (ucschar and iprivate, the only
    // others §2.1 allows) pct-encoded in UTF-8; a literal's "%" always starts a triplet
    if (t) parts.push(freeze({ kind: "literal", text: t, expansion: encodeValue(t, true), start, end: i }));
  };
  const varspec = (): void => {
    varspecs.push(freeze({ name: text.slice(spec, colon || i - +explode), prefix: colon ? +text.slice(colon + 1, i) : undefined, explode, start: spec, end: i }));
    spec = i + 1;
    colon = 0;
    explode = false;
  };
  for (; i < n; ) {
    const c = text.codePointAt(i) as number;
    let k: number;
    if (c < 128) k = ASCII.charCodeAt(c) - 35;
    else {
      // the class of the last range starting at or below c: none and WIDE_CLASS in turn (a lone surrogate is in no class of a character: no transition);
      // past the table's last range, WIDE[j] is undefined and `from` NaN, which ends the loop
      k = 0;
      for (let j = 0, from = 0; (from += WIDE[j] as number) <= c; j++) k = j & 1 && WIDE_CLASS;
    }
    const next = TABLE.charCodeAt(state * CLASSES + k) - 35;
    if (!next) break;
    if (!spec) {
      // outside an expression: a literal up to "{"
      if (c === 123) {
        literal();
        start = i;
        spec = i + 1;
        operator = "";
        varspecs = [];
      }
    } else if (i === start + 1 && !/[\w%]/.test(text[i] as string)) {
      // an operator (no varchar); "=", ",", "!", "@" and "|" are §2.2's operators reserved for future extensions, which no processor expands yet
      if ("+#./;?&".includes(text[i] as string)) operator = text[i] as Operator;
      else if (reservedAt < 0) reservedAt = i;
      spec = i + 1;
    } else if (c === 58) colon = i;
    else if (c === 42) explode = true;
    else if (c === 44) varspec();
    else if (c === 125) {
      varspec();
      parts.push(freeze({ kind: "expression", operator, varspecs: freeze(varspecs), text: text.slice(start, i + 1), start, end: i + 1 }));
      start = i + 1;
      spec = 0;
    }
    state = next;
    i += c > 0xffff ? 2 : 1;
  }
  const info = INFO.charCodeAt(state) - 35;
  if (i < n || !(info & 1)) {
    const expected = (LABEL_SETS.split("|")[info >> 1] as string).split(" ");
    if (info & 1) expected.push("end of input");
    return { ok: false, error: templateRefusal("syntax", text, i, expected) };
  }
  literal();
  if (reservedAt >= 0) {
    return {
      ok: false,
      error: templateRefusal(
        "reserved-operator",
        text,
        reservedAt,
        [],
        (at) => `Unsupported operator ${JSON.stringify(text[reservedAt])} at offset ${at}: RFC 6570 §2.2 reserves it for future extensions`,
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
  /**
   * What the entry keeps, in entries of four bytes of heap (V8 on 64 bits, as measured): 1 KB for
   * the entry (the Map's, this object, the result, the template value or the TemplateError) and
   * 128 bytes a character for the text and its parts, the most a character's share can be: `{a}`
   * is an expression, a varspec, a list of them, their texts and places in arrays (some 380
   * bytes for 3 characters); a varspec of `{a,b,…}` about 100 bytes for 2; a literal character 1
   * to 11 (its text, and its expansion, which writes a non-ASCII one as triplets); so 256 Ki
   * characters weigh 32 MB at most. Then, once its template value has matched, that value's
   * `retained` (its automata and matchers) more.
   */
  weight: number;
}

/**
 * The one cache of templates given as text, shared by expand and the matcher (parseTemplate,
 * match, matchAll, grammarOf, findAmbiguity): a text is read once and its template value made
 * once. A template value keeps its automata once it has matched and what their lazy DFAs built
 * (UriTemplate.retained), so the cache holds at most 512 templates and 8 Mi entries of what
 * they keep (4 bytes each: 32 MB of heap, everything an entry keeps weighed, its text, its parts
 * and the Map's entry too; weighed again after each match through the cache), oldest out first;
 * a character weighs 32 entries, so that is 256 Ki characters at most. A template longer than
 * 16 KiB is read again each time rather than kept. SECURITY.md "Limits" and
 * docs/guide/templates.md state this bound.
 */
const cache = new Map<string, ReadTemplate>();
// the bounds are written where they are read (a bundle keeps a named constant as a variable):
// 512 templates, 1 << 23 entries kept, 1 << 14 characters for one template
let cachedWeight = 0;

/** Evicts the oldest templates until the cache is within its bounds (an entry over them alone goes too). */
function evict(): void {
  while (cache.size > 512 || cachedWeight > 1 << 23) {
    const oldest = cache.values().next().value as ReadTemplate;
    cache.delete(oldest.text);
    cachedWeight -= oldest.weight;
  }
}

/** The template of a text, read once while it stays in the cache. */
export function readTemplate(text: string): ReadTemplate {
  let r = cache.get(text);
  if (r === undefined) {
    r = { text, parts: parseParts(text), value: undefined, weight: 32 * text.length + 256 };
    if (text.length <= 1 << 14) {
      cache.set(text, r);
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
  // (the entry's own weight, as readTemplate made it, and what the template's automata keep)
  const weight = 32 * text.length + 256 + template.retained;
  cachedWeight += weight - r.weight;
  r.weight = weight;
  evict();
}

/** The text and parts of each template value (UriTemplate registers itself): what expand reads of one, without importing its class. */
export const templateParts = new WeakMap<object, Pick<ReadTemplate, "text" | "parts">>();

/** Throws the TypeError of a function given a template that is not a string. */
export function expectTemplateText(x: unknown, caller: string, name = "template"): asserts x is string {
  if (typeof x !== "string") throw new TypeError(`${caller}: the argument "${name}" must be a template string or a value of parseTemplate, got ${describeTemplateValue(x)}`);
}
