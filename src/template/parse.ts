// RFC 6570 §2: a template as a value. The text is checked against §2's grammar (grammar.ts);
// only then is it split into its parts, which a valid template's braces and commas delimit.
import type { Result } from "../result.js";
import { describeValue } from "../describe.js";
import { templateError, type TemplateError } from "./errors.js";
import { templateGrammar } from "./grammar.js";
import { encodeLiteral } from "./encode.js";

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

/** The operators §2.2 reserves for future extensions, which no processor expands yet. */
const RESERVED_OPERATORS = "=,!@|";
const OPERATORS = "+#./;?&";

/** A template's parts, or why it is not one. */
export function parseParts(text: string): Result<readonly TemplatePart[], TemplateError> {
  const v = templateGrammar().validate(text, "URI-Template");
  if (!v.ok) return { ok: false, error: templateError("syntax", text, text, "URI-Template", v.error.offset, v.error.expected, v.error.shortMessage) };
  const parts: TemplatePart[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("{", i);
    if (open !== i) {
      const end = open === -1 ? text.length : open;
      const literal = text.slice(i, end);
      parts.push(Object.freeze({ kind: "literal", text: literal, expansion: encodeLiteral(literal), start: i, end }));
      i = end;
      continue;
    }
    const close = text.indexOf("}", open); // a valid template closes every expression
    let at = open + 1;
    const first = text[at] as string;
    if (RESERVED_OPERATORS.includes(first)) {
      return {
        ok: false,
        error: templateError(
          "reserved-operator",
          text,
          text,
          "URI-Template",
          at,
          [],
          `Unsupported operator ${JSON.stringify(first)} at offset ${at}: RFC 6570 §2.2 reserves "=", ",", "!", "@" and "|" for future extensions, and §3 asks a processor to report the ones it does not support`,
        ),
      };
    }
    const operator = (OPERATORS.includes(first) ? first : "") as Operator;
    if (operator !== "") at++;
    const varspecs: VarSpec[] = [];
    for (const spec of text.slice(at, close).split(",")) {
      const colon = spec.indexOf(":");
      const explode = spec.endsWith("*");
      const name = colon >= 0 ? spec.slice(0, colon) : explode ? spec.slice(0, -1) : spec;
      const prefix = colon >= 0 ? Number(spec.slice(colon + 1)) : undefined;
      varspecs.push(Object.freeze({ name, prefix, explode, start: at, end: at + spec.length }));
      at += spec.length + 1;
    }
    parts.push(Object.freeze({ kind: "expression", operator, varspecs: Object.freeze(varspecs), text: text.slice(open, close + 1), start: open, end: close + 1 }));
    i = close + 1;
  }
  return { ok: true, value: Object.freeze(parts) };
}

/** Throws the TypeError of a function given a template that is not a string. */
export function expectTemplateText(x: unknown, caller: string, name = "template"): asserts x is string {
  if (typeof x !== "string") throw new TypeError(`${caller}: the argument "${name}" must be a template string or a value of parseTemplate, got ${describeValue(x)}`);
}
