// Prints a definition back as ABNF (RFC 5234 §4), for docs and for the grammar-sync test.
import type { Expr } from "./expr.js";

const hex = (n: number): string => n.toString(16).toUpperCase().padStart(2, "0");

/** `%xLO-HI`, or `%xNN` for a single character (RFC 5234 §2.3). */
export const printRange = (lo: number, hi: number): string => (lo === hi ? `%x${hex(lo)}` : `%x${hex(lo)}-${hex(hi)}`);

const printAtom = (x: Expr): string => {
  const s = printExpr(x);
  const e = x.type === "guard" ? x.item : x;
  return e.type === "seq" || e.type === "alt" || (e.type === "rep" && !(e.min === 0 && e.max === 1)) ? `( ${s} )` : s;
};

/** The ABNF text of an expression, with the fewest parentheses that keep its structure. */
export function printExpr(e: Expr): string {
  switch (e.type) {
    case "lit":
      if (e.text.includes('"')) return `%x${[...e.text].map((c) => hex(c.charCodeAt(0))).join(".")}`;
      return e.caseSensitive ? `%s"${e.text}"` : `"${e.text}"`;
    case "range":
      return printRange(e.lo, e.hi);
    case "seq":
      return e.items.map((i) => ((i.type === "guard" ? i.item : i).type === "alt" ? `( ${printExpr(i)} )` : printExpr(i))).join(" ");
    case "alt":
      return e.items.map(printExpr).join(" / ");
    case "rep": {
      if (e.min === 0 && e.max === 1) return `[ ${printExpr(e.item)} ]`;
      const prefix =
        e.min === e.max ? `${e.min}` : `${e.min === 0 ? "" : e.min}*${e.max === Infinity ? "" : e.max}`;
      return prefix + printAtom(e.item);
    }
    case "ref":
      return e.rule.name;
    case "prose":
      return `<${e.text}>`;
    case "guard":
      return printExpr(e.item);
  }
}
