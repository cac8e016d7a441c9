// The one-definition algebra: an ABNF expression (RFC 5234 §2–§4, RFC 7405) as plain, frozen
// data. Rules refer to each other by name; names resolve inside a Grammar (grammar.ts). Every
// other form (the matcher, the parsimmon parser, the regex source, the printed ABNF, the
// generators) is derived from this one definition.
import { describeValue } from "../describe.js";

/** A quoted string (RFC 5234 §2.3). `caseSensitive` is RFC 7405's `%s"..."`; otherwise ASCII letters match either case. */
export interface Lit {
  readonly type: "lit";
  readonly text: string;
  readonly caseSensitive: boolean;
}

/** A code point range `%xLO-HI` (RFC 5234 §2.3), inclusive. A lone surrogate never matches one. */
export interface Range {
  readonly type: "range";
  readonly lo: number;
  readonly hi: number;
}

/** Concatenation (RFC 5234 §3.1). */
export interface Seq {
  readonly type: "seq";
  readonly items: readonly Expr[];
}

/** Alternatives (RFC 5234 §3.2): unordered, whatever the order they are written in. */
export interface Alt {
  readonly type: "alt";
  readonly items: readonly Expr[];
}

/** `<min>*<max>item` (RFC 5234 §3.6–§3.8); `max` is `Infinity` when there is no limit. */
export interface Rep {
  readonly type: "rep";
  readonly min: number;
  readonly max: number;
  readonly item: Expr;
}

/** A reference to a rule by name, resolved in the grammar it is used in (case-insensitive, RFC 5234 §2.1). */
export interface Ref {
  readonly type: "ref";
  readonly name: string;
}

/** `<prose>` (RFC 5234 §4): matches nothing unless a grammar supplies the rule it describes. */
export interface Prose {
  readonly type: "prose";
  readonly text: string;
}

/** An ABNF expression. */
export type Expr = Lit | Range | Seq | Alt | Rep | Ref | Prose;

/**
 * The mark of an expression the constructors below made: what the library accepts as an
 * expression. An own, non-enumerable property (not copied by a spread, not inherited, not seen by
 * equality or printing), set before the object is frozen: about five times cheaper than adding
 * every expression to a WeakSet, which a template's first match paid for each of its hundreds.
 */
const MADE: unique symbol = Symbol("expr");
const MARK = { value: true };
const freeze = <T extends object>(x: T): T => Object.freeze(x);
const made = <T extends Expr>(x: T): T => Object.freeze(Object.defineProperty(x, MADE, MARK));

/**
 * True when `x` is an expression made by this algebra (lit, caseSensitive, range, seq, alt, rep,
 * opt, many, many1, ref, prose or the ABNF loader): an object that only looks like one is not,
 * so no hand-made `{ type: "seq", items: 5 }` ever reaches the engine.
 */
export const isExpr = (x: unknown): x is Expr => typeof x === "object" && x !== null && Object.hasOwn(x, MADE);

/** `text`, checked to be made of characters: a string with no lone surrogate (`\p{Cs}` under the `u` flag, which reads a pair as one code point). */
const assertText = (text: unknown, what: string): string => {
  if (typeof text !== "string") throw new TypeError(`${what} expects a string, got ${text === null ? "null" : typeof text}`);
  if (/\p{Cs}/u.test(text)) throw new RangeError(`${what}: ${JSON.stringify(text)} holds a lone surrogate, which is not a character`);
  return text;
};

const assertCodePoint = (n: unknown, what: string): number => {
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 0x10ffff) {
    throw new RangeError(`${what} expects a code point (a whole number from 0 to 0x10FFFF), got ${describeValue(n)}`);
  }
  return n;
};

/**
 * `items`, each checked, copied by push: so a packed array whatever `items` is. A copy by `slice`
 * kept the kind of the array given, and the reader's lists, made by Array#map, were holey or
 * packed depending on whether V8 had optimized the reader yet (RFC 5322's first rules, loaded
 * after OData's rounds): two maps of a sequence's items, and the first tier's walks over
 * expressions, optimized on one, were deoptimized at the other ('wrong map').
 */
const assertExprs = (items: readonly unknown[], what: string): Expr[] => {
  const out: Expr[] = [];
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    if (!isExpr(item)) {
      throw new TypeError(`${what}: item ${k} is not an ABNF expression (build it with lit, range, seq, alt, rep, opt, ref or prose), got ${describeValue(item)}`);
    }
    out.push(item);
  }
  return out;
};

/**
 * A quoted string: `"text"`, case-insensitive for ASCII letters only (RFC 5234 §2.3, RFC 7405's `%i`).
 *
 * @example
 * lit("http") // matches "http", "HTTP", "hTtP"
 */
export const lit = (text: string): Lit => made({ type: "lit", text: assertText(text, "lit"), caseSensitive: false });

/**
 * A case-sensitive string: RFC 7405's `%s"text"`.
 *
 * @example
 * caseSensitive("aBc") // matches "aBc" only
 */
export const caseSensitive = (text: string): Lit =>
  made({ type: "lit", text: assertText(text, "caseSensitive"), caseSensitive: true });

/**
 * A code point range `%xLO-HI` (RFC 5234 §2.3), or one code point when `hi` is left out. Ranges
 * are on Unicode code points: `range(0x10000, 0x1FFFD)` matches U+1F600 (two UTF-16 code units)
 * and never a lone surrogate.
 */
export const range = (lo: number, hi: number = lo): Range => {
  assertCodePoint(lo, "range");
  assertCodePoint(hi, "range");
  if (hi < lo) throw new RangeError(`range: the upper bound %x${hi.toString(16)} is below the lower bound %x${lo.toString(16)}`);
  return made({ type: "range", lo, hi });
};

/** Concatenation: `a b c` (RFC 5234 §3.1). */
export const seq = (...items: Expr[]): Seq => made({ type: "seq", items: freeze(assertExprs(items, "seq")) });

/** Alternatives: `a / b / c` (RFC 5234 §3.2), unordered as in ABNF: the engine tries every one. */
export const alt = (...items: Expr[]): Alt => made({ type: "alt", items: freeze(assertExprs(items, "alt")) });

/** @internal {@link seq} of a list of any length (a spread of 200,000 items overflows the call stack). */
export const seqOf = (items: readonly Expr[]): Seq => made({ type: "seq", items: freeze(assertExprs(items, "seq")) });

/** @internal {@link alt} of a list of any length. */
export const altOf = (items: readonly Expr[]): Alt => made({ type: "alt", items: freeze(assertExprs(items, "alt")) });

/** The string of a list of code points of any length (`String.fromCodePoint(...list)` overflows the call stack past about 100,000). */
export function fromCodePoints(cps: readonly number[]): string {
  let out = "";
  for (let i = 0; i < cps.length; i += 4096) out += String.fromCodePoint(...cps.slice(i, i + 4096));
  return out;
}

/** `<min>*<max>item` (RFC 5234 §3.6); `max` defaults to `Infinity`. `rep(n, n, x)` is `nx` (§3.7). */
export const rep = (min: number, max: number, item: Expr): Rep => {
  if (!Number.isInteger(min) || min < 0) throw new RangeError(`rep: min must be a whole number, got ${describeValue(min)}`);
  if (max !== Infinity && (!Number.isInteger(max) || max < min)) {
    throw new RangeError(`rep: max must be a whole number not below min (${min}) or Infinity, got ${describeValue(max)}`);
  }
  assertExprs([item], "rep");
  return made({ type: "rep", min, max, item });
};

/** `[ item ]` (RFC 5234 §3.8), the same as `*1item`. */
export const opt = (item: Expr): Rep => rep(0, 1, item);

/** `*item`: any number of repetitions, none included. */
export const many = (item: Expr): Rep => rep(0, Infinity, item);

/** `1*item`: at least one repetition. */
export const many1 = (item: Expr): Rep => rep(1, Infinity, item);

/** The pattern of an ABNF rule name (RFC 5234 §4: `rulename = ALPHA *(ALPHA / DIGIT / "-")`). */
export const RULE_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;

/** A reference to the rule `name` of the grammar the expression ends up in (case-insensitive, RFC 5234 §2.1). */
export const ref = (name: string): Ref => {
  if (typeof name !== "string" || !RULE_NAME.test(name)) {
    throw new TypeError(`ref: ${describeValue(name)} is not an ABNF rule name (ALPHA *(ALPHA / DIGIT / "-"))`);
  }
  return made({ type: "ref", name });
};

/**
 * `<text>` (RFC 5234 §4): a prose description, which matches nothing on its own. A grammar built
 * with grammar() takes it anywhere (a rule that needs it matches no string; RFC 3986's
 * `path-empty` is `rep(0, 0, prose("pchar"))`); grammarFromAbnf refuses ABNF text with prose a
 * match can reach inside a rule's elements ("unsupplied-prose"), where it stands for a rule
 * the text does not give.
 */
export const prose = (text: string): Prose => made({ type: "prose", text: assertText(text, "prose") });

/**
 * Every rule name `e` refers to, as written, in order of first appearance. Each expression object
 * is read once: one used twice (`seq(e, e)`) names nothing new the second time.
 */
export function referencedNames(e: Expr, out: string[] = [], seen = new Set<Expr>()): string[] {
  if (seen.has(e) || !seen.add(e)) return out; // (add returns the set: never false)
  switch (e.type) {
    case "ref":
      if (!out.includes(e.name)) out.push(e.name);
      break;
    case "seq":
    case "alt":
      for (const item of e.items) referencedNames(item, out, seen);
      break;
    case "rep":
      referencedNames(e.item, out, seen);
      break;
  }
  return out;
}

/** Structural equality of two expressions (rule names compared case-insensitively). */
export function sameExpr(a: Expr, b: Expr, same = new Map<Expr, Set<Expr>>()): boolean {
  // (`same`: the pairs found equal, each compared once where objects are shared, `seq(e, e)`)
  let known = same.get(a);
  if (a === b || known?.has(b)) return true;
  same.set(a, (known ??= new Set()).add(b)); // (a pair that differs makes the whole answer false)
  switch (a.type) {
    case "lit":
      return b.type === "lit" && a.caseSensitive === b.caseSensitive && (a.caseSensitive ? a.text === b.text : asciiLower(a.text) === asciiLower(b.text));
    case "range":
      return b.type === "range" && a.lo === b.lo && a.hi === b.hi;
    case "seq":
    case "alt":
      return b.type === a.type && a.items.length === b.items.length && a.items.every((x, k) => sameExpr(x, b.items[k] as Expr, same));
    case "rep":
      return b.type === "rep" && a.min === b.min && a.max === b.max && sameExpr(a.item, b.item, same);
    case "ref":
      return b.type === "ref" && a.name.toLowerCase() === b.name.toLowerCase();
    case "prose":
      return b.type === "prose" && a.text === b.text;
  }
}

/** ASCII letters to lowercase, nothing else (RFC 5234 §2.3 case-insensitivity is ASCII-only). */
export const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x20));
