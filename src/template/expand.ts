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
export const OPERATOR_ROWS: Readonly<Record<Operator, OperatorRow>> = /* @__PURE__ */ Object.freeze(
  // the eight operators in an order where each fact is a range of places: "" (written " ") and
  // "+" (first ""), "+" and "#" (U+R), ".", "/" and ";" (sep the operator), ";", "?" and "&"
  // (named), "?" and "&" (sep "&", ifemp "=")
  Object.fromEntries(
    [..." +#./;?&"].map((c, j) => {
      const op = c.trim();
      return [op, { first: j === 1 ? "" : op, sep: j > 5 ? "&" : j > 2 ? op : ",", named: j > 4, ifemp: j > 5 ? "=" : "", reserved: j > 0 && j < 3 }];
    }),
  ) as Record<Operator, OperatorRow>,
);

/**
 * The expansion of a parsed template (RFC 6570 §3) with the variables of `get`, or the
 * "prefix-of-composite" error. A value §2.3 does not define is a TypeError naming the variable.
 */
export function expandParts(parts: readonly TemplatePart[], get: (name: string) => unknown, template: string, caller: string): Result<string, TemplateError> {
  let out = "";
  // the expression's row and the variable's name, read by the two helpers below (made once per
  // call); `first` becomes `sep` once the expression has written a value
  let first: string, sep: string, named: boolean, ifemp: string, reserved: boolean;
  let name = "";
  /** `s` encoded: a lone surrogate (the platform's URIError) is a TypeError naming the variable. */
  const enc = (s: string): string => {
    try {
      return encodeValue(s, reserved);
    } catch {
      throw new TypeError(`${caller}: the variable ${JSON.stringify(name)} holds a lone surrogate (code unit ${s.search(/\p{Cs}/u)} of a string it holds), which has no UTF-8 form (RFC 6570 §1.6)`);
    }
  };
  /** `n` (written as it is) and a value: "n=v", or n and ifemp for an empty value (§3.2.1). */
  const pair = (n: string, v: string): string => (v === "" ? n + ifemp : `${n}=${enc(v)}`);
  for (const part of parts) {
    if (part.kind === "literal") {
      out += part.expansion;
      continue;
    }
    ({ first, sep, named, ifemp, reserved } = OPERATOR_ROWS[part.operator]);
    for (const spec of part.varspecs) {
      name = spec.name;
      const value = classify(get(name), name, caller);
      if (value === undefined) continue;
      out += first;
      first = sep;
      const explode = spec.explode;
      if (typeof value === "string") {
        const s = spec.prefix ? prefixOf(value, spec.prefix, reserved) : value; // (a max-length is 1 or more, §2.4.1)
        out += named ? pair(name, s) : enc(s);
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
        // (one loop writing into `out`: a map and join measured 14% slower on RFC 6570's examples)
        const join = explode ? sep : ",";
        if (named && !explode) out += `${name}=`;
        for (let i = 0; i < value.length; i++) {
          const m = value[i] as string | readonly [string, string];
          out += (i ? join : "") + (typeof m === "string" ? (explode && named ? pair(name, m) : enc(m)) : explode ? pair(enc(m[0]), m[1]) : `${enc(m[0])},${enc(m[1])}`);
        }
      }
    }
  }
  return { ok: true, value: out };
}
