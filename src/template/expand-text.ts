// expand and expandOrThrow (RFC 6570 §3) as an app that only expands imports them: the template's
// text is read by parse.ts and its parts kept in the one cache of templates (parse.ts); nothing of the
// matcher (automata, readings, router) or the ambiguity search is reached from here, so a bundle
// of `{ expand }` holds only the reader, the encoder and the values (scripts/size.mjs measures it).
import type { Result } from "../result.js";
import { throwFrom, type TemplateError } from "./template-error.js";
import { expandParts } from "./expand.js";
import { expectTemplateText, readTemplate, templateParts, type ReadTemplate, type TemplatePart } from "./parse.js";
import type { VariablesOf } from "./types.js";
import { lookup } from "./values.js";

/**
 * A template given as text or as a value of parseTemplate (a UriTemplate: written here by its
 * text and parts, so that this module does not import the class; any other object is a TypeError).
 */
export type TemplateInput<T extends string> = T | { readonly text: T; readonly parts: readonly TemplatePart[] };

/**
 * {@link expand} for `caller`, which its TypeErrors name: the template's text and parts (a
 * template value's own, or the text's from the one cache, parse.ts), or its parse error.
 */
function expandAs(template: unknown, variables: unknown, caller: string): Result<string, TemplateError> {
  // a WeakMap answers undefined for a key that is no object
  let t: Pick<ReadTemplate, "text" | "parts"> | undefined = templateParts.get(template as object);
  if (t === undefined) {
    expectTemplateText(template, caller);
    t = readTemplate(template);
  }
  return t.parts.ok ? expandParts(t.parts.value, lookup(variables, caller), t.text, caller) : t.parts;
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
  return expandAs(template, variables, "expand");
}

/** {@link expand}, throwing its TemplateError. */
export function expandOrThrow<T extends string>(template: TemplateInput<T>, variables?: VariablesOf<T>): string {
  const r = expandAs(template, variables, "expandOrThrow");
  if (!r.ok) throwFrom(r.error, expandOrThrow);
  return r.value;
}
