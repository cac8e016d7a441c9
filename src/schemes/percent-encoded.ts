// RFC 6068 §2 item 1's "percent-encode these characters" applied mechanically to a grammar of
// unencoded text (RFC 3986 §2.1): the rules a scheme's grammar takes over as a URI holds them.
import type { RuleDefinition } from "../abnf/analysis.js";
import { codePointSet, hasCodePoint, type CodePointSet } from "../abnf/charset.js";
import { alt, lit, range, referencedNames, rep, seq, type Expr } from "../abnf/expr.js";
import type { Grammar, RuleInputs } from "../abnf/grammar.js";
import { isGrammar } from "../core/brand.js";
import { describeValue, expectStrings, isArrayOf } from "../describe.js";
import { core } from "../grammars/core.js";

/** The hex digits of a nibble set, as an expression matching either case (RFC 3986 §2.1: "%" HEXDIG HEXDIG, case-insensitive). */
function nibbles(set: readonly number[]): Expr {
  const items: Expr[] = [];
  let i = 0;
  while (i < set.length) {
    const n = set[i] as number;
    if (n < 10) {
      let j = i;
      while (j + 1 < set.length && (set[j + 1] as number) === (set[j] as number) + 1 && (set[j + 1] as number) < 10) j++;
      items.push(range(0x30 + n, 0x30 + (set[j] as number)));
      i = j + 1;
    } else {
      items.push(lit(String.fromCharCode(0x61 + n - 10)));
      i++;
    }
  }
  return items.length === 1 ? (items[0] as Expr) : alt(...items);
}

/**
 * An expression matching the octets of `set` as they stand in a URI: a code point of `literal`
 * as itself or percent-encoded, any other octet only percent-encoded.
 */
function encodedSet(set: CodePointSet, literal: CodePointSet, where: string): Expr {
  const items: Expr[] = [];
  for (const [lo, hi] of set) {
    if (hi > 0xff) throw new RangeError(`${where}: ${hi.toString(16)} is not an octet; write non-ASCII characters as UTF-8 octets`);
    for (let c = lo; c <= hi; c++) {
      if (!hasCodePoint(literal, c)) continue;
      let d = c;
      while (d + 1 <= hi && hasCodePoint(literal, d + 1)) d++;
      items.push(range(c, d));
      c = d;
    }
  }
  // "%" HH: the high nibbles that share the same set of low nibbles go in one alternative
  const lows = new Map<number, number[]>();
  for (const [lo, hi] of set) {
    for (let c = lo; c <= hi; c++) {
      const l = lows.get(c >> 4) ?? [];
      l.push(c & 15);
      lows.set(c >> 4, l);
    }
  }
  const byLows = new Map<string, { highs: number[]; lows: number[] }>();
  for (const [h, l] of lows) {
    const key = l.join(",");
    const entry = byLows.get(key) ?? { highs: [], lows: l };
    entry.highs.push(h);
    byLows.set(key, entry);
  }
  for (const { highs, lows: l } of byLows.values()) items.push(seq(lit("%"), nibbles(highs), nibbles(l)));
  return items.length === 1 ? (items[0] as Expr) : alt(...items);
}

/**
 * The rules reachable from `roots`, rewritten to match their text percent-encoded (RFC 3986
 * §2.1) as a URI holds it: a character of `literal` may stand as itself or percent-encoded,
 * any other octet only percent-encoded ("%" HEXDIG HEXDIG, either case). The rules must be over
 * octets (non-ASCII written as UTF-8 octets). Rules of one character that other rules share
 * (the core rules, say) are written inline; the others keep their names, overridden in the
 * grammar `derive` makes with the result, and `tokens` are named in "expected" lists.
 */
export function percentEncodedRules(g: Grammar, roots: readonly string[], literal: CodePointSet, tokens: readonly string[] = []): RuleInputs {
  if (!isGrammar(g)) throw new TypeError(`percentEncodedRules: the argument "g" must be a Grammar, got ${describeValue(g)}`);
  expectStrings(roots, "the argument \"roots\"", "percentEncodedRules");
  expectStrings(tokens, "the argument \"tokens\"", "percentEncodedRules");
  const isRange = (r: unknown): boolean =>
    Array.isArray(r) && r.length === 2 && r.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 0x10ffff) && (r[0] as number) <= (r[1] as number);
  if (!isArrayOf(literal, isRange)) {
    throw new TypeError(`percentEncodedRules: the argument "literal" must be a set of code points ([lo, hi] pairs), got ${describeValue(literal)}`);
  }
  literal = codePointSet(literal);
  // the rules reachable from the roots (Grammar.pick's walk), and the rules the others refer to
  for (const r of roots) g.require(r, "percentEncodedRules");
  const defs = new Map(g.pick(...roots).ruleNames.map((n) => [n.toLowerCase(), g.require(n)] as const));
  const outside = new Set(g.ruleNames.filter((n) => !defs.has(n.toLowerCase())).flatMap((n) => referencedNames(g.require(n).expr)).map((n) => n.toLowerCase()));
  const single = (key: string): boolean => g.analysis.charSet((defs.get(key) as RuleDefinition).expr) !== null;
  const rootKeys = new Set(roots.map((r) => r.toLowerCase()));
  for (const key of outside) {
    if (defs.has(key) && !rootKeys.has(key) && !single(key)) throw new TypeError(`percentEncodedRules: ${key} is used outside the rules to encode; only rules of one character can be`);
  }
  const inline = (key: string): boolean => !rootKeys.has(key) && (outside.has(key) || core.has(key)) && single(key);
  const encode = (e: Expr, where: string): Expr => {
    switch (e.type) {
      case "lit": {
        const chars = [...e.text].map((ch) => {
          const cp = ch.codePointAt(0) as number;
          const letter = !e.caseSensitive && /^[A-Za-z]$/.test(ch);
          const set = letter ? codePointSet([[cp | 0x20, cp | 0x20], [cp & ~0x20, cp & ~0x20]]) : codePointSet([[cp, cp]]);
          return encodedSet(set, literal, where);
        });
        return chars.length === 1 ? (chars[0] as Expr) : seq(...chars);
      }
      case "range":
        return encodedSet(codePointSet([[e.lo, e.hi]]), literal, where);
      case "ref": {
        const key = e.name.toLowerCase();
        if (!inline(key)) return e;
        return encodedSet(g.analysis.charSet((defs.get(key) as RuleDefinition).expr) as CodePointSet, literal, e.name);
      }
      case "seq":
        return seq(...e.items.map((x) => encode(x, where)));
      case "alt":
        return alt(...e.items.map((x) => encode(x, where)));
      case "rep":
        return rep(e.min, e.max, encode(e.item, where));
      case "prose":
        throw new TypeError(`percentEncodedRules: ${where} is prose, which cannot be encoded`);
    }
  };
  const token = new Set(tokens.map((t) => t.toLowerCase()));
  const out: Record<string, { expr: Expr; token: boolean }> = {};
  for (const [key, def] of defs) {
    if (inline(key)) continue;
    out[def.name] = { expr: encode(def.expr, def.name), token: token.has(key) || def.token };
  }
  return out;
}
