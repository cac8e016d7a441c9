// Which expressions match exactly one character, and from which set: used by both backends
// to collapse alternatives of single characters into one class.
import type { Expr } from "./expr.js";

/** Sorted, merged, inclusive UTF-16 code unit ranges. */
export type CharRanges = readonly (readonly [number, number])[];

const merge = (ranges: (readonly [number, number])[]): CharRanges => {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
};

const memo = new WeakMap<Expr, CharRanges | null>();

/** The set of single characters `e` matches, or `null` when `e` can match anything else. */
export function charSet(e: Expr): CharRanges | null {
  const known = memo.get(e);
  if (known !== undefined) return known;
  let result: CharRanges | null = null;
  switch (e.type) {
    case "lit":
      if (e.text.length === 1) {
        const c = e.text;
        // Case-insensitive means ASCII letters only (RFC 5234 §2.3).
        const code = c.charCodeAt(0);
        const letter = (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
        const lower = letter ? code | 0x20 : code;
        const upper = letter ? code & ~0x20 : code;
        result = e.caseSensitive || lower === upper ? merge([[c.charCodeAt(0), c.charCodeAt(0)]]) : merge([[lower, lower], [upper, upper]]);
      }
      break;
    case "range":
      result = [[e.lo, e.hi]];
      break;
    case "alt": {
      const parts: (readonly [number, number])[] = [];
      for (const item of e.items) {
        const s = charSet(item);
        if (s === null) {
          parts.length = 0;
          break;
        }
        parts.push(...s);
      }
      if (parts.length > 0) result = merge(parts);
      break;
    }
    case "ref":
      result = charSet(e.rule.expr);
      break;
    default:
      result = null;
  }
  memo.set(e, result);
  return result;
}

/** A 128-entry membership table for the ASCII part of a set (RFC 3986 is ASCII-only). */
export function asciiTable(set: CharRanges): Uint8Array {
  const t = new Uint8Array(128);
  for (const [lo, hi] of set) for (let c = lo; c <= Math.min(hi, 127); c++) t[c] = 1;
  return t;
}

/** The characters an expression can start with (an ASCII table), and whether it can match "". */
export interface First {
  readonly table: Uint8Array;
  /** It can start with a character outside ASCII. */
  readonly wide: boolean;
  readonly nullable: boolean;
}

const firsts = new WeakMap<Expr, First>();

export function firstSet(e: Expr): First {
  const known = firsts.get(e);
  if (known) return known;
  const table = new Uint8Array(128);
  let wide = false;
  let nullable = false;
  const add = (f: First): void => {
    for (let c = 0; c < 128; c++) if (f.table[c]) table[c] = 1;
    wide ||= f.wide;
  };
  const set = charSet(e);
  if (set) {
    table.set(asciiTable(set));
    wide = set.some(([, hi]) => hi > 127);
  } else {
    switch (e.type) {
      case "lit":
        if (e.text === "") nullable = true;
        else add(firstSet({ type: "lit", text: e.text.charAt(0), caseSensitive: e.caseSensitive }));
        break;
      case "seq":
        nullable = true;
        for (const item of e.items) {
          const f = firstSet(item);
          add(f);
          if (!f.nullable) {
            nullable = false;
            break;
          }
        }
        break;
      case "alt":
        for (const item of e.items) {
          const f = firstSet(item);
          add(f);
          nullable ||= f.nullable;
        }
        break;
      case "rep":
        if (e.max > 0) add(firstSet(e.item));
        nullable = e.min === 0 || firstSet(e.item).nullable;
        break;
      case "ref":
        add(firstSet(e.rule.expr));
        nullable = firstSet(e.rule.expr).nullable;
        break;
      case "guard":
        add(firstSet(e.item));
        nullable = firstSet(e.item).nullable;
        break;
      default:
        break; // prose matches nothing
    }
  }
  const f: First = { table, wide, nullable };
  firsts.set(e, f);
  return f;
}

