// What the matcher's TemplateErrors (RFC 6570: a URI no expansion of a template gives, or a
// template the matcher refuses; template.ts's UriTemplate makes them) need beyond the class: the
// template quoted, where a URI leaves it in a password (password.ts); and formatTemplateError,
// which adds the caret excerpt every other syntax error of the package has in its message. The
// class itself, and the errors of reading and expanding a template, are template-error.ts's.
import { caretExcerpt, withoutStack } from "../errors.js";
import { describeTemplateValue, quotedTemplate } from "../describe.js";
import { referencePassword } from "../password.js";
import { TemplateError } from "./template-error.js";

export { TemplateError, throwFrom, type TemplateErrorCode } from "./template-error.js";

/**
 * A template quoted for a message (describe.ts quotedTemplate: its password masked, RFC 3986 §7.5): its
 * first 200 code units and "…" when it is longer (an error's `template` holds it whole).
 */
export const quoted = (text: string): string => quotedTemplate(text, 200);

/**
 * The start of the password a URI leaves a template in at `offset`, undefined when it leaves it
 * elsewhere: the URI's own password (password.ts), or the one its first `offset` characters leave
 * open (an authority with a ":" that runs to the offset, its "@" yet to come). An "@" read before
 * the offset closes that password, unless the template's own holds an "@" (as the URL Standard,
 * ending a userinfo at its last "@", reads one): a template's literal password without one can
 * have read the URI's "@" only once the URI has the whole password right.
 */
export function passwordStartAt(template: string, uri: string, offset: number): number | undefined {
  const own = referencePassword(uri, false);
  if (own && offset >= own.start && offset < own.end) return own.start;
  // the password open at the cut (it runs to the "_" put there, so it starts at or before the
  // offset), unless an "@" read before the offset closed it
  const open = referencePassword(`${uri.slice(0, offset)}_`, true);
  const its = referencePassword(template, false);
  return open && open.end > offset && (uri.lastIndexOf("@", offset - 1) < open.start || (its && template.slice(its.start, its.end).includes("@"))) ? open.start : undefined;
}

/**
 * A TemplateError's message with an excerpt of its `input` (already masked) and a caret under its
 * offset, as a UriSyntaxError's message has it. A TemplateError's own message is one line, so
 * that an app that expands or matches does not bundle the excerpt's code (East Asian widths,
 * invisible characters) unless it calls this.
 *
 * @example
 * const r = expand("{/id*", {});
 * if (!r.ok) console.error(formatTemplateError(r.error));
 * // Invalid URI-Template at offset 5: expected "," or "}", found end of input
 * //   {/id*
 * //        ^
 */
export function formatTemplateError(error: TemplateError): string {
  if (!(error instanceof TemplateError)) throw new TypeError(`formatTemplateError: the argument "error" must be a TemplateError, got ${describeTemplateValue(error)}`);
  return `${error.shortMessage}\n${caretExcerpt(error.input, error.offset)}`;
}

/**
 * `error` with {@link formatTemplateError}'s message (the same fields), without a stack trace:
 * the message is set on the copy, so that the class's constructor, which every bundle of the
 * template module holds, takes no excerpt.
 */
export function withExcerpt(error: TemplateError): TemplateError {
  const e = error;
  const copy = withoutStack(() => new TemplateError(e.code, e.template, e.input, e.rule, e.offset, e.expected, e.found, e.shortMessage));
  copy.message = formatTemplateError(e);
  return copy;
}
