// Derives a regular-expression source from a definition. A whole-string match of an anchored
// backtracking regex has exact ABNF semantics for a non-recursive grammar (RFC 3986 Appendix A
// is one), so this backend needs none of the reorderings the combinator backend does.
// Repetitions of "character class or escape" items are unrolled (`C*(?:XC*)*`) so that matching
// stays linear and does not push a backtracking entry per character.
import { charSet, type CharRanges } from "./charset.js";
import type { Expr, RuleDefinition } from "./expr.js";

const escapeCode = (c: number): string => {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9]/.test(ch)) return ch;
  return c > 0xff ? `\\u${c.toString(16).padStart(4, "0")}` : `\\x${c.toString(16).padStart(2, "0")}`;
};

/** A character class for a set of ranges. */
export function classSource(set: CharRanges): string {
  const single = set.length === 1 && set[0] !== undefined && set[0][0] === set[0][1];
  const body = set.map(([lo, hi]) => (lo === hi ? escapeCode(lo) : `${escapeCode(lo)}-${escapeCode(hi)}`)).join("");
  return single ? body : `[${body}]`;
}

const escapeLiteral = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/** A compiled pattern: its source, and for each capture group (1-based index - 1) the rule it captures. */
export interface CompiledPattern {
  readonly source: string;
  readonly groups: readonly string[];
}

const quantifier = (min: number, max: number): string => {
  if (min === 0 && max === Infinity) return "*";
  if (min === 1 && max === Infinity) return "+";
  if (min === 0 && max === 1) return "?";
  if (min === max) return `{${min}}`;
  return max === Infinity ? `{${min},}` : `{${min},${max}}`;
};

/** Wraps a source so that a quantifier applies to all of it. */
const atom = (src: string): string => {
  if (/^(?:\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\.|[^\\[(])$/.test(src)) return src;
  if (/^\[(?:[^\]\\]|\\.)*\]$/.test(src)) return src;
  if (/^\((?:\?:)?/.test(src) && balancedGroup(src)) return src;
  return `(?:${src})`;
};

/** Wraps a source in a group when it has a top-level `|`, so that it can be concatenated. */
function group(src: string): string {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return `(?:${src})`;
  }
  return src;
}

/** True when `src` is one parenthesised group from its first to its last character. */
function balancedGroup(src: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") {
      depth--;
      if (depth === 0 && i !== src.length - 1) return false;
    }
  }
  return depth === 0;
}

/** The alternatives of `e`, looking through nested alternations and references to them. */
function flattenAlt(e: Expr): Expr[] {
  if (e.type === "alt") return e.items.flatMap(flattenAlt);
  if (e.type === "ref" && e.rule.expr.type === "alt" && charSet(e) === null) return flattenAlt(e.rule.expr);
  return [e];
}

class Compiler {
  readonly groups: string[] = [];
  constructor(
    private readonly capturing: boolean,
    /** A rule compiled as matching nothing (see {@link withoutRule}). */
    private readonly excluded?: RuleDefinition,
  ) {}

  expr(e: Expr): string {
    switch (e.type) {
      case "lit": {
        const set = charSet(e);
        if (set) return classSource(set);
        if (e.caseSensitive) return escapeLiteral(e.text);
        return [...e.text]
          .map((c) => (/[A-Za-z]/.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : escapeLiteral(c)))
          .join("");
      }
      case "range":
        return classSource([[e.lo, e.hi]]);
      case "seq":
        return e.items.map((i) => group(this.expr(i))).join("");
      case "alt":
        return this.alternatives(e.items).join("|");
      case "rep":
        return this.rep(e.min, e.max, e.item);
      case "ref":
        return this.ref(e.rule);
      case "prose":
        return "(?!)";
      case "guard":
        return this.expr(e.item);
    }
  }

  /** Single-character alternatives merge into one class, placed where the first of them stood. */
  private alternatives(items: readonly Expr[]): string[] {
    const out: string[] = [];
    const sets: (readonly [number, number])[] = [];
    let classAt = -1;
    for (const item of items) {
      const set = charSet(item);
      if (set) {
        if (classAt < 0) {
          classAt = out.length;
          out.push("");
        }
        sets.push(...set);
      } else out.push(this.expr(item));
    }
    if (classAt >= 0) out[classAt] = classSource(charSet({ type: "alt", items: sets.map(([lo, hi]) => ({ type: "range", lo, hi })) }) ?? []);
    return out;
  }

  private rep(min: number, max: number, item: Expr): string {
    if (max === 0) return "";
    // Unroll `*( C / X )` as `C*(?:XC*)*` when C is a class and X starts with none of C's characters.
    const flat = this.capturing ? [item] : flattenAlt(item);
    if (max === Infinity && min <= 1 && flat.length > 1) {
      const singles = flat.filter((i) => charSet(i) !== null);
      const others = flat.filter((i) => charSet(i) === null);
      if (singles.length > 0 && others.length > 0) {
        const cls = this.alternatives(singles)[0] ?? "";
        const rest = others.map((o) => this.expr(o));
        const x = rest.length === 1 ? atom(rest[0] ?? "") : `(?:${rest.join("|")})`;
        const body = `${cls}*(?:${x}${cls}*)*`;
        return min === 0 ? body : `(?=${cls}|${x})${body}`;
      }
    }
    return atom(this.expr(item)) + quantifier(min, max);
  }

  private ref(rule: RuleDefinition): string {
    if (rule === this.excluded) return "(?!)";
    if (this.excluded) return this.expr(rule.expr);
    if (!this.capturing || !hasComponents(rule)) return nonCapturing(rule);
    if (!rule.role) return this.expr(rule.expr);
    this.groups.push(rule.name);
    return `(${rule.role === "leaf" ? nonCapturing(rule) : this.expr(rule.expr)})`;
  }
}

const components = new WeakMap<RuleDefinition, boolean>();

/** True when the rule is a component or has one inside it. */
function hasComponents(rule: RuleDefinition): boolean {
  let known = components.get(rule);
  if (known === undefined) {
    components.set(rule, false);
    const walk = (e: Expr): boolean => {
      switch (e.type) {
        case "seq":
        case "alt":
          return e.items.some(walk);
        case "rep":
        case "guard":
          return walk(e.item);
        case "ref":
          return hasComponents(e.rule);
        default:
          return false;
      }
    };
    known = rule.role !== undefined || walk(rule.expr);
    components.set(rule, known);
  }
  return known;
}

const cache = new WeakMap<RuleDefinition, string>();

/** The regex source of a rule, without capture groups. */
export function nonCapturing(rule: RuleDefinition): string {
  let s = cache.get(rule);
  if (s === undefined) {
    s = new Compiler(false).expr(rule.expr);
    cache.set(rule, s);
  }
  return s;
}

/**
 * The regex source of a rule with one capture group for every component rule (`role` set)
 * inside it; `groups[k]` names the rule that group `k + 1` captures.
 */
export function capturing(rule: RuleDefinition): CompiledPattern {
  const c = new Compiler(true);
  const source = c.expr(rule.expr);
  return { source, groups: c.groups };
}

/**
 * The regex source of a rule in which `excluded` matches nothing. When `excluded` cannot match
 * the empty string and the input has none of the characters it can start with, the rule matches
 * the input exactly when this smaller regex does (parse.ts uses this to leave the large
 * IP-literal part out of the common case).
 */
export const withoutRule = (rule: RuleDefinition, excluded: RuleDefinition): string =>
  new Compiler(false, excluded).expr(rule.expr);
