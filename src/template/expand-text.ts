// expand and expandOrThrow (RFC 6570 §3) as an app that only expands imports them: the template's
// text is read by parse.ts and its parts kept in a small cache of their own; nothing of the
// matcher (automata, readings, router) or the ambiguity search is reached from here, so a bundle
// of `{ expand }` holds only the reader, the encoder and the values (scripts/size.mjs measures it).
import type { Result } from "../result.js";
import { throwFrom, type TemplateError } from "./template-error.js";
import { expandParts } from "./expand.js";
import { expectTemplateText, parseParts, templateParts, type TemplatePart } from "./parse.js";
import type { VariablesOf } from "./types.js";
import { lookup } from "./values.js";

/**
 * A template given as text or as a value of parseTemplate (a UriTemplate: written here by its
 * text and parts, so that this module does not import the class; any other object is a TypeError).
 */
export type TemplateInput<T extends string> = T | { readonly text: T; readonly parts: readonly TemplatePart[] };

/** Parts by text, oldest out first past 512 templates or 256 Ki characters (parts are about the size of their text). */
const cache = new Map<string, Result<readonly TemplatePart[], TemplateError>>();
const CACHE_LIMIT = 512;
const CACHE_CHARS = 1 << 18;
let cachedChars = 0;

/** The text and parts of an argument, or its parse error. */
function partsOf(t: unknown, caller: string): Result<{ readonly text: string; readonly parts: readonly TemplatePart[] }, TemplateError> {
  const known = typeof t === "object" && t !== null ? templateParts.get(t) : undefined;
  if (known !== undefined) return { ok: true, value: known };
  expectTemplateText(t, caller);
  let r = cache.get(t);
  if (r === undefined) {
    r = parseParts(t);
    if (t.length <= CACHE_CHARS) {
      while (cache.size >= CACHE_LIMIT || cachedChars + t.length > CACHE_CHARS) {
        const oldest = cache.keys().next().value as string;
        cache.delete(oldest);
        cachedChars -= oldest.length;
      }
      cache.set(t, r);
      cachedChars += t.length;
    }
  }
  return r.ok ? { ok: true, value: { text: t, parts: r.value } } : r;
}

/**
 * Expands a template (text or value) with the variables (RFC 6570 §3): the URI reference, or a
 * TemplateError (the template's syntax error, or a prefix modifier on a list or associative
 * array, §2.4.1). Literal templates type their variables: `expand("/users/{id}", { idd: 1 })`
 * does not compile. The variables are an object or a Map (anything else, null included, is a
 * TypeError); a value RFC 6570 does not define is a TypeError naming the variable.
 *
 * @example
 * expand("http://example.com/dictionary/{term:1}/{term}", { term: "cat" }) // { ok: true, value: "http://example.com/dictionary/c/cat" }
 */
export function expand<T extends string>(template: TemplateInput<T>, variables?: VariablesOf<T>): Result<string, TemplateError> {
  const t = partsOf(template, "expand");
  if (!t.ok) return t;
  return expandParts(t.value.parts, lookup(variables, "expand"), t.value.text, "expand");
}

/** {@link expand}, throwing its TemplateError. */
export function expandOrThrow<T extends string>(template: TemplateInput<T>, variables?: VariablesOf<T>): string {
  const t = partsOf(template, "expandOrThrow");
  if (!t.ok) throwFrom(t.error, expandOrThrow);
  const r = expandParts(t.value.parts, lookup(variables, "expandOrThrow"), t.value.text, "expandOrThrow");
  if (!r.ok) throwFrom(r.error, expandOrThrow);
  return r.value;
}
