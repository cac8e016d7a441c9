// RFC 6570 §3: expansion. Literals are copied as §3.1 says (precomputed when the template is
// parsed); each expression is expanded by its operator's row of Appendix A's table, for string,
// list and associative-array values (§3.2.1), with §3.2.1's rule for exploded pairs with an
// empty value ("name" alone, or "name=" for "?" and "&").
import type { Result } from "../result.js";
import { encodeValue, prefixOf } from "./encode.js";
import { templateRefusal, type TemplateError } from "./template-error.js";
import type { Operator, TemplateExpression, TemplatePart, VarSpec } from "./parse.js";
import { classify, Pairs } from "./values.js";

/** One operator's row of RFC 6570 Appendix A's table. */
export interface OperatorRow {
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  readonly ifemp: string;
  /** U+R: unreserved / reserved / pct-encoded pass; otherwise U: unreserved only. */
  readonly reserved: boolean;
}

/** RFC 6570 Appendix A: first, sep, named, ifemp and allow, by operator. */
export const OPERATOR_ROWS: Readonly<Record<Operator, OperatorRow>> = Object.freeze({
  "": { first: "", sep: ",", named: false, ifemp: "", reserved: false },
  "+": { first: "", sep: ",", named: false, ifemp: "", reserved: true },
  ".": { first: ".", sep: ".", named: false, ifemp: "", reserved: false },
  "/": { first: "/", sep: "/", named: false, ifemp: "", reserved: false },
  ";": { first: ";", sep: ";", named: true, ifemp: "", reserved: false },
  "?": { first: "?", sep: "&", named: true, ifemp: "=", reserved: false },
  "&": { first: "&", sep: "&", named: true, ifemp: "=", reserved: false },
  "#": { first: "#", sep: ",", named: false, ifemp: "", reserved: true },
});

/** The error of a prefix modifier on a composite value (§2.4.1). */
function prefixOfComposite(template: string, spec: VarSpec, expression: TemplateExpression): TemplateError {
  return templateRefusal(
    "prefix-of-composite",
    template,
    spec.start,
    [],
    (at) => `The variable ${JSON.stringify(spec.name)} is a list or an associative array, and the prefix modifier of ${expression.text} (offset ${at}) does not apply to composite values (RFC 6570 §2.4.1)`,
  );
}

/** Encodes `s` for the variable `name`: a lone surrogate (the platform's URIError) is a TypeError naming it. */
function enc(s: string, reserved: boolean, name: string, caller: string): string {
  try {
    return encodeValue(s, reserved);
  } catch {
    throw new TypeError(`${caller}: the variable ${JSON.stringify(name)} holds a lone surrogate (code unit ${s.search(/\p{Cs}/u)} of a member), which is no Unicode character and has no UTF-8 form (RFC 6570 §1.6)`);
  }
}

/**
 * The expansion of a parsed template (RFC 6570 §3) with the variables of `get`, or the
 * "prefix-of-composite" error. A value §2.3 does not define is a TypeError naming the variable.
 */
export function expandParts(parts: readonly TemplatePart[], get: (name: string) => unknown, template: string, caller: string): Result<string, TemplateError> {
  let out = "";
  for (const part of parts) {
    if (part.kind === "literal") {
      out += part.expansion;
      continue;
    }
    const row = OPERATOR_ROWS[part.operator];
    let any = false;
    for (const spec of part.varspecs) {
      const value = classify(get(spec.name), spec.name, caller);
      if (value === undefined) continue;
      out += any ? row.sep : row.first;
      any = true;
      const r = row.reserved;
      const name = spec.name;
      if (typeof value === "string") {
        const s = spec.prefix === undefined ? value : prefixOf(value, spec.prefix, r);
        if (row.named) out += s === "" ? name + row.ifemp : `${name}=${enc(s, r, name, caller)}`;
        else out += enc(s, r, name, caller);
        continue;
      }
      if (spec.prefix !== undefined) return { ok: false, error: prefixOfComposite(template, spec, part) };
      if (!spec.explode) {
        if (row.named) out += `${name}=`;
        if (value instanceof Pairs) {
          let first = true;
          for (const [k, v] of value.pairs) {
            out += `${first ? "" : ","}${enc(k, r, name, caller)},${enc(v, r, name, caller)}`;
            first = false;
          }
        } else {
          for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + enc(value[i] as string, r, name, caller);
        }
        continue;
      }
      if (value instanceof Pairs) {
        let first = true;
        for (const [k, v] of value.pairs) {
          out += `${first ? "" : row.sep}${enc(k, r, name, caller)}${v === "" ? row.ifemp : `=${enc(v, r, name, caller)}`}`;
          first = false;
        }
      } else {
        for (let i = 0; i < value.length; i++) {
          const m = value[i] as string;
          const sep = i === 0 ? "" : row.sep;
          out += row.named ? `${sep}${name}${m === "" ? row.ifemp : `=${enc(m, r, name, caller)}`}` : sep + enc(m, r, name, caller);
        }
      }
    }
  }
  return { ok: true, value: out };
}
