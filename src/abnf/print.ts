// Prints definitions back as ABNF (RFC 5234 §4, RFC 7405 for case-sensitive strings), for docs
// and for the test that holds the code equal to grammar/*.abnf.
import { MAX_DEPTH, type RuleDefinition } from "./analysis.js";
import { GrammarError } from "./grammar-errors.js";
import { codePoints, hex, printRange } from "./charset.js";
import { describeValue } from "../describe.js";
import { isExpr } from "./expr.js";
import type { Expr } from "./expr.js";

export { printRange };

/** A quoted string may hold %x20-21 / %x23-7E only (RFC 5234 §4 char-val). */
const quotable = (text: string): boolean => /^[\x20\x21\x23-\x7e]*$/.test(text);

/**
 * A literal as ABNF tokens. A quoted string holds printable ASCII without `"` only, and `%x` is
 * case-sensitive (RFC 7405), so a case-insensitive literal with other characters prints as a
 * concatenation: its quotable runs quoted, the rest as `%x` values (which only the ASCII letters
 * could tell apart, and those are always quotable).
 */
function literalRuns(text: string, caseSensitive: boolean): string[] {
  if (text === "") return ['""'];
  if (caseSensitive) {
    if (!quotable(text)) return [`%x${codePoints(text).map(hex).join(".")}`];
    // a string without letters means the same case-sensitive or not
    return [/[A-Za-z]/.test(text) ? `%s"${text}"` : `"${text}"`];
  }
  const out: string[] = [];
  let run = "";
  let codes: number[] = [];
  const flush = (): void => {
    if (run !== "") out.push(`"${run}"`);
    if (codes.length > 0) out.push(`%x${codes.map(hex).join(".")}`);
    run = "";
    codes = [];
  };
  for (const cp of codePoints(text)) {
    const ch = String.fromCodePoint(cp);
    if (quotable(ch)) {
      if (codes.length > 0) flush();
      run += ch;
    } else {
      if (run !== "") {
        out.push(`"${run}"`);
        run = "";
      }
      codes.push(cp);
    }
  }
  flush();
  return out;
}

/** True when an expression prints as more than one token at its top level. */
const needsGroup = (e: Expr): boolean =>
  e.type === "seq" || e.type === "alt" || (e.type === "rep" && !(e.min === 0 && e.max === 1)) || (e.type === "lit" && literalRuns(e.text, e.caseSensitive).length > 1);

/** The most parts {@link printExpr} prints (the engine's bound on expressions to expand). */
const PRINT_LIMIT = 4_000_000;

/**
 * @internal Throws the "too-deep" GrammarError when `e` nests more than {@link MAX_DEPTH} levels
 * (the engine's bound; printing and drawing recurse once per level), and the "too-large" one
 * when it has more than `limit` parts, counted as the tree it stands for (a part the expression
 * holds twice counts twice: `seq(e, e)` thirty times over is 2^30 leaves from 30 values). An
 * explicit stack that stops at the limit, so the check itself is bounded.
 */
export function checkPrintable(e: Expr, limit: number, what: string, caller: string, rule?: string): void {
  const stack: Expr[] = [e];
  const depths: number[] = [1];
  let parts = 0;
  while (stack.length > 0) {
    const x = stack.pop() as Expr;
    const depth = depths.pop() as number;
    if (++parts > limit) throw new GrammarError("too-large", `${caller}: ${what} has more than ${limit.toLocaleString("en-US")} parts (subexpressions, each counted where it stands)`, rule);
    if (depth > MAX_DEPTH) throw new GrammarError("too-deep", `${caller}: ${what} nests more than ${MAX_DEPTH} levels deep`, rule);
    const children = x.type === "seq" || x.type === "alt" ? x.items : x.type === "rep" ? [x.item] : [];
    for (const c of children) {
      stack.push(c);
      depths.push(depth + 1);
    }
  }
}

/**
 * The ABNF text of an expression, with the fewest parentheses that keep its structure. An
 * expression deeper than the engine allows (400 levels) or of more than 4,000,000 parts is a
 * {@link GrammarError} ("too-deep", "too-large").
 */
export function printExpr(e: Expr): string {
  if (!isExpr(e)) {
    throw new TypeError(`printExpr: the argument "e" must be an ABNF expression (from lit, range, seq, alt, rep, opt, ref or prose), got ${describeValue(e)}`);
  }
  checkPrintable(e, PRINT_LIMIT, "the expression", "printExpr");
  return print(e);
}

function print(e: Expr): string {
  switch (e.type) {
    case "lit":
      return literalRuns(e.text, e.caseSensitive).join(" ");
    case "range":
      return printRange(e.lo, e.hi);
    case "seq":
      return e.items.map((i) => (i.type === "alt" ? `( ${print(i)} )` : print(i))).join(" ");
    case "alt":
      return e.items.map(print).join(" / ");
    case "rep": {
      if (e.min === 0 && e.max === 1) return `[ ${print(e.item)} ]`;
      const prefix = e.min === e.max ? `${e.min}` : `${e.min === 0 ? "" : e.min}*${e.max === Infinity ? "" : e.max}`;
      return prefix + (needsGroup(e.item) ? `( ${print(e.item)} )` : print(e.item));
    }
    case "ref":
      return e.name;
    case "prose":
      return `<${e.text}>`;
  }
}

/** A rule as one line of ABNF: `name = definition`. */
export const printRule = (def: RuleDefinition): string => `${def.name} = ${printExpr(def.expr)}`;
