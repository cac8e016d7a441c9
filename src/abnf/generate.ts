// Random strings that match a definition: derived from the same data as the parsers, for
// property tests and fuzzing. Repetitions without an upper bound stop after a few items.
import { charSet } from "./charset.js";
import type { Expr, RuleDefinition } from "./expr.js";

/** A source of randomness: returns a whole number in `[0, n)`. */
export type Random = (n: number) => number;

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

export interface GenerateOptions {
  /** The most items an unbounded repetition produces; 6 when left out. */
  readonly maxRepeat?: number;
}

/** A random string that `e` matches. */
export function generateExpr(e: Expr, random: Random, options: GenerateOptions = {}): string {
  const maxRepeat = options.maxRepeat ?? 6;
  const go = (x: Expr): string => {
    const set = charSet(x);
    if (set) {
      const sizes = set.map(([lo, hi]) => hi - lo + 1);
      let k = random(sizes.reduce((a, b) => a + b, 0));
      for (const [lo, hi] of set) {
        if (k <= hi - lo) return String.fromCharCode(lo + k);
        k -= hi - lo + 1;
      }
    }
    switch (x.type) {
      case "lit":
        return x.caseSensitive ? x.text : [...x.text].map((c) => (/[A-Za-z]/.test(c) && random(2) ? String.fromCharCode(c.charCodeAt(0) ^ 0x20) : c)).join("");
      case "range":
        return String.fromCharCode(x.lo + random(x.hi - x.lo + 1));
      case "seq":
        return x.items.map(go).join("");
      case "alt": {
        const item = x.items[random(x.items.length)];
        return item ? go(item) : "";
      }
      case "rep": {
        const max = Math.min(x.max, x.min + maxRepeat);
        const n = x.min + random(max - x.min + 1);
        let out = "";
        for (let k = 0; k < n; k++) out += go(x.item);
        return out;
      }
      case "ref":
        return go(x.rule.expr);
      case "prose":
        return "";
      case "guard":
        return go(x.item);
    }
  };
  return go(e);
}

/** A random string that the rule matches. */
export const generate = (rule: RuleDefinition | { readonly definition: RuleDefinition }, random: Random, options?: GenerateOptions): string =>
  generateExpr("definition" in rule ? rule.definition.expr : rule.expr, random, options);
