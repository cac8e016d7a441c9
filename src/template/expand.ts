// RFC 6570 §3: expansion. Literals are copied as §3.1 says (precomputed when the template is
// parsed); each expression is expanded by its operator's row of Appendix A's table, for string,
// list and associative-array values (§3.2.1), with §3.2.1's rule for exploded pairs with an
// empty value ("name" alone, or "name=" for "?" and "&").
import type { Result } from "../result.js";
import { encodeValue, prefixOf } from "./encode.js";
import { templateRefusal, type TemplateError } from "./template-error.js";
import type { Operator, TemplatePart } from "./parse.js";
import { classify } from "./values.js";

/** One operator's row of RFC 6570 Appendix A's table. */
export interface OperatorRow {
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  readonly ifemp: string;
  /** U+R: unreserved / reserved / pct-encoded pass; otherwise U: unreserved only. */
  readonly reserved: boolean;
}

/**
 * RFC 6570 Appendix A: first, sep, named, ifemp and allow, by operator. Each row follows from the
 * operator: first is the operator itself but for "" and "+"; sep is "," but for ".", "/" and ";"
 * (the operator) and "?" and "&" ("&"); ";", "?" and "&" are named, the last two with ifemp "=";
 * "+" and "#" allow U+R.
 */
export const OPERATOR_ROWS: Readonly<Record<Operator, OperatorRow>> = /* @__PURE__ */ (() => {
  const rows: Partial<Record<Operator, OperatorRow>> = {};
  // the eight operators, "" written " "
  for (const c of " +#./;?&") {
    const op = c.trim() as Operator;
    const form = op === "?" || op === "&";
    rows[op] = Object.freeze({ first: op === "+" ? "" : op, sep: form ? "&" : "./;".includes(c) ? op : ",", named: form || op === ";", ifemp: form ? "=" : "", reserved: op === "+" || op === "#" });
  }
  return Object.freeze(rows as Record<Operator, OperatorRow>);
})();

/**
 * The expansion of a parsed template (RFC 6570 §3) with the variables of `get`, or the
 * "prefix-of-composite" error. A value §2.3 does not define is a TypeError naming the variable.
 */
export function expandParts(parts: readonly TemplatePart[], get: (name: string) => unknown, template: string, caller: string): Result<string, TemplateError> {
  let out = "";
  // the expression's row and the variable's name, read by the two helpers below (made once per call)
  let row = OPERATOR_ROWS[""];
  let name = "";
  /** `s` encoded: a lone surrogate (the platform's URIError) is a TypeError naming the variable. */
  const enc = (s: string): string => {
    try {
      return encodeValue(s, row.reserved);
    } catch {
      throw new TypeError(`${caller}: the variable ${JSON.stringify(name)} holds a lone surrogate (code unit ${s.search(/\p{Cs}/u)} of a member), which has no UTF-8 form (RFC 6570 §1.6)`);
    }
  };
  /** `n` (written as it is) and a value: "n=v", or n and ifemp for an empty value (§3.2.1). */
  const pair = (n: string, v: string): string => (v === "" ? n + row.ifemp : `${n}=${enc(v)}`);
  for (const part of parts) {
    if (part.kind === "literal") {
      out += part.expansion;
      continue;
    }
    row = OPERATOR_ROWS[part.operator];
    let any = false;
    for (const spec of part.varspecs) {
      name = spec.name;
      const value = classify(get(name), name, caller);
      if (value === undefined) continue;
      out += any ? row.sep : row.first;
      any = true;
      const explode = spec.explode;
      if (typeof value === "string") {
        const s = spec.prefix === undefined ? value : prefixOf(value, spec.prefix, row.reserved);
        out += row.named ? pair(name, s) : enc(s);
      } else if (spec.prefix !== undefined) {
        // §2.4.1: a prefix modifier does not apply to a list or an associative array
        return {
          ok: false,
          error: templateRefusal(
            "prefix-of-composite",
            template,
            spec.start,
            [],
            (at) => `The prefix modifier of ${part.text} (offset ${at}) does not apply to the list or associative array ${JSON.stringify(name)} (RFC 6570 §2.4.1)`,
          ),
        };
      } else {
        // a list's members, or an associative array's pairs; exploded, each is one item (named
        // "name=member" for a named operator) and the items are joined by sep, otherwise all by ","
        out +=
          (row.named && !explode ? `${name}=` : "") +
          value
            .map((m) => (typeof m === "string" ? (explode && row.named ? pair(name, m) : enc(m)) : explode ? pair(enc(m[0]), m[1]) : `${enc(m[0])},${enc(m[1])}`))
            .join(explode ? row.sep : ",");
      }
    }
  }
  return { ok: true, value: out };
}
