// Bridges between the independent reference recognizer (test/helpers/abnf.ts) and the public
// algebra (src/abnf/): the reference's parsed ABNF converted to algebra expressions, and an
// oracle built from the same ABNF text that answers, with true ABNF set semantics,
//   - whether a string matches a rule, and
//   - how long the longest prefix of a string is that some string of the rule begins with
//     (the offset a failed validation must report),
// with the library's reading of characters: code points, and a lone surrogate is no character
// (RFC 5234 §2.3 terminal values are code points; U+D800–U+DFFF are not characters, so a range
// such as %xD7FF-E000 never matches a lone surrogate). The reference itself compares ranges
// with `codePointAt`, which yields a lone surrogate's own code unit; the oracle therefore cuts
// the surrogate block out of every range before handing the rules to it.
import * as A from "../../src/abnf/index";
import { recursiveRules } from "../../src/abnf/analysis";
import { AbnfRuleMap, grammarFromRuleMaps, parseAbnf, type AbnfExpr, type Grammar as RefGrammar } from "./abnf";

/** The reference's AST of one expression as an algebra expression. */
export function toExpr(e: AbnfExpr): A.Expr {
  switch (e.type) {
    case "alt":
      return A.alt(...e.items.map(toExpr));
    case "seq":
      return A.seq(...e.items.map(toExpr));
    case "rep":
      return A.rep(e.min, e.max, toExpr(e.item));
    case "str":
      return e.caseSensitive ? A.caseSensitive(e.text) : A.lit(e.text);
    case "range":
      return A.range(e.lo, e.hi);
    case "ref":
      return A.ref(e.name);
    case "prose":
      return A.prose(e.text);
  }
}

/** The rules of ABNF texts as algebra expressions, by name as spelled in the text. */
export function rulesFromAbnf(...texts: readonly string[]): Record<string, A.Expr> {
  const out: Record<string, A.Expr> = {};
  for (const text of texts) {
    const map = parseAbnf(text);
    for (const name of map.ruleNames()) out[name] = toExpr(map.get(name) as AbnfExpr);
  }
  return out;
}

/** A grammar value built with the public algebra from ABNF texts (through the reference's parser). */
export function algebraFromAbnf(texts: readonly string[], options?: A.GrammarOptions): A.Grammar {
  return A.grammar(rulesFromAbnf(...texts), options);
}

/** True when `s` holds a UTF-16 code unit of the surrogate block that is not half of a pair. */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

const PREFIX = "zz-prefix-of-";
const EMPTY_STR: AbnfExpr = { type: "str", text: "", caseSensitive: true };
const NOTHING: AbnfExpr = { type: "prose", text: "nothing" };

/** A range without the surrogate block: the part below, the part above, or nothing. */
function withoutSurrogates(e: AbnfExpr): AbnfExpr {
  switch (e.type) {
    case "range": {
      if (e.hi < 0xd800 || e.lo > 0xdfff) return e;
      const parts: AbnfExpr[] = [];
      if (e.lo < 0xd800) parts.push({ type: "range", lo: e.lo, hi: 0xd7ff });
      if (e.hi > 0xdfff) parts.push({ type: "range", lo: 0xe000, hi: e.hi });
      if (parts.length === 0) return NOTHING;
      return parts.length === 1 ? (parts[0] as AbnfExpr) : { type: "alt", items: parts };
    }
    case "alt":
    case "seq":
      return { type: e.type, items: e.items.map(withoutSurrogates) };
    case "rep":
      return { ...e, item: withoutSurrogates(e.item) };
    default:
      return e;
  }
}

/**
 * For every rule R, a rule PREFIX+R whose language is the set of prefixes of the strings of R
 * (prefix closure, built structurally; the empty language has no prefixes):
 *   pre(lit c1..cn)    = "" / c1 / c1 c2 / ... / c1..cn
 *   pre(range)         = "" / range
 *   pre(a1 ... an)     = pre(a1) / a1 pre(a2) / ... / a1 .. a(n-1) pre(an)
 *   pre(a / b)         = pre(a) / pre(b)
 *   pre(m*n x)         = 0*(n-1)x pre(x)     (n >= 1, x not empty; "" when n = 0)
 *   pre(R)             = PREFIX+R
 * It is no more left-recursive than the grammar (each pre(x) stands where x stood, after the
 * same items, and is last in its concatenation).
 */
function prefixRules(rules: ReadonlyMap<string, AbnfExpr>): Map<string, AbnfExpr> {
  const nonEmptyRule = new Map<string, boolean>();
  const nonEmpty = (e: AbnfExpr): boolean => {
    switch (e.type) {
      case "str":
      case "range":
        return true;
      case "prose":
        return false;
      case "ref":
        return nonEmptyRule.get(e.name.toLowerCase()) ?? false;
      case "alt":
        return e.items.some(nonEmpty);
      case "seq":
        return e.items.every(nonEmpty);
      case "rep":
        return e.min === 0 || nonEmpty(e.item);
    }
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [key, body] of rules) {
      if (!nonEmptyRule.get(key) && nonEmpty(body)) {
        nonEmptyRule.set(key, true);
        changed = true;
      }
    }
  }
  const pre = (e: AbnfExpr): AbnfExpr => {
    if (!nonEmpty(e)) return NOTHING;
    switch (e.type) {
      case "str": {
        const chars = [...e.text];
        return { type: "alt", items: chars.map((_, k) => ({ ...e, text: chars.slice(0, k).join("") })).concat([e]) };
      }
      case "range":
        return { type: "alt", items: [EMPTY_STR, e] };
      case "prose":
        return NOTHING;
      case "ref":
        return { type: "ref", name: PREFIX + e.name.toLowerCase() };
      case "alt":
        return { type: "alt", items: e.items.filter(nonEmpty).map(pre) };
      case "seq":
        return { type: "alt", items: e.items.map((item, i) => ({ type: "seq", items: [...e.items.slice(0, i), pre(item)] }) as AbnfExpr) };
      case "rep":
        if (e.max === 0 || !nonEmpty(e.item)) return EMPTY_STR;
        return { type: "seq", items: [{ type: "rep", min: 0, max: e.max - 1, item: e.item }, pre(e.item)] };
    }
  };
  const out = new Map<string, AbnfExpr>();
  for (const [key, body] of rules) out.set(PREFIX + key, pre(body));
  return out;
}

/** The exact answers the engine must give, from the reference recognizer. */
export class Oracle {
  readonly reference: RefGrammar;

  constructor(...texts: readonly string[]) {
    const map = new AbnfRuleMap();
    const parsed = texts.map(parseAbnf);
    const cleaned = new Map<string, AbnfExpr>();
    let line = 1;
    for (const m of parsed) {
      for (const name of m.ruleNames()) {
        const body = withoutSurrogates(m.get(name) as AbnfExpr);
        map.define(name, body, false, line++);
        cleaned.set(name.toLowerCase(), body);
      }
    }
    for (const [name, body] of prefixRules(cleaned)) map.define(name, body, false, line++);
    this.reference = grammarFromRuleMaps([map]);
  }

  /** True when the whole input matches the rule. */
  matches(rule: string, input: string): boolean {
    return this.reference.matches(rule, input);
  }

  /** The length of the longest prefix of `input` that some string of the rule begins with. */
  viablePrefix(rule: string, input: string): number {
    return Math.max(-1, ...this.reference.ends(PREFIX + rule.toLowerCase(), input, 0));
  }
}

/** Every string of up to `maxLength` items of `alphabet` (items may be longer than one unit). */
export function allStrings(alphabet: readonly string[], maxLength: number): string[] {
  const out = [""];
  let layer = [""];
  for (let n = 1; n <= maxLength; n++) {
    const next: string[] = [];
    for (const p of layer) for (const c of alphabet) next.push(p + c);
    out.push(...next);
    layer = next;
  }
  return out;
}

/** One random edit of `s` (replace, insert or delete one UTF-16 unit, or one alphabet item). */
export function mutate(s: string, alphabet: readonly string[], random: A.Random): string {
  const at = random(s.length + 1);
  const ch = alphabet[random(alphabet.length)] ?? "!";
  switch (random(3)) {
    case 0:
      return s.slice(0, at) + ch + s.slice(at + 1);
    case 1:
      return s.slice(0, at) + ch + s.slice(at);
    default:
      return s.slice(0, at) + s.slice(at + 1);
  }
}

/**
 * The ABNF text of a small random grammar: rules `a`, `b` and `c` over "x", "y", "(" and ")",
 * with the empty string, options, repetitions (`*`, `1*`, `2*`, `*2`) of groups and of rules,
 * concatenations and alternatives, nested three deep. Most rules start each alternative with a
 * character, as `a = "x" *b / ""` or `b = [ "(" a ")" ]` (so most grammars are recursive, have
 * nullable rules inside repetitions, and are not left-recursive); a few are any expression
 * (some of those grammars are left-recursive, which the loader refuses).
 */
export function randomAbnf(random: A.Random, rules: readonly string[] = ["a", "b", "c"]): string {
  const name = (): string => rules[random(rules.length)] as string;
  const expr = (depth: number): string => {
    switch (random(depth >= 2 ? 4 : 10)) {
      case 0:
        return '"x"';
      case 1:
        return '"y"';
      case 2:
        return '""';
      case 3:
        return name();
      case 4:
        return `${["*", "1*", "2*", "*2"][random(4)] as string}( ${expr(depth + 1)} )`;
      case 5:
        return `[ ${expr(depth + 1)} ]`;
      case 6:
        return `( ${expr(depth + 1)} ${expr(depth + 1)} )`;
      case 7:
        return `( ${expr(depth + 1)} / ${expr(depth + 1)} )`;
      default:
        return `${["*", "1*", "2*", "*2"][random(4)] as string}${name()}`;
    }
  };
  const body = (): string => {
    switch (random(6)) {
      case 0:
        return `"x" ${expr(0)} / ""`;
      case 1:
        return `[ "(" ${expr(0)} ")" ]`;
      case 2:
        return `"y" ${expr(0)}`;
      case 3:
        return `*( "(" ${expr(0)} ")" )`;
      case 4:
        return `"(" ${expr(0)} ")" / ${expr(1)}`;
      default:
        return expr(0);
    }
  };
  return rules.map((r) => `${r} = ${body()}`).join("\n") + "\n";
}

/** True when some repetition (or option) of `g` holds a reference to a recursive rule that matches the empty string. */
export function hasNullableRecursionInRepetition(g: A.Grammar): boolean {
  const recursive = recursiveRules(g.analysis);
  const inside = (e: A.Expr, inRep: boolean): boolean => {
    switch (e.type) {
      case "ref":
        return inRep && recursive.has(e.name.toLowerCase()) && g.analysis.nullable(e);
      case "seq":
      case "alt":
        return e.items.some((x) => inside(x, inRep));
      case "rep":
        return e.max > 0 && inside(e.item, true);
      default:
        return false;
    }
  };
  return g.ruleNames.some((n) => inside((g.definition(n) as A.RuleDefinition).expr, false));
}
