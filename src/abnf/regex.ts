// Derives a regular-expression source from a rule's definition. An anchored backtracking regex
// answers "does the whole string match?" with exact ABNF semantics for a non-recursive grammar
// (it backtracks into every alternative and every repetition count). The source works on
// UTF-16 strings without the `u` flag: a code point above U+FFFF is written as its surrogate
// pair, so a lone surrogate never matches. Whether the regex is safe to run (linear) is decided
// apart, by safety.ts; recursive rules get none.
//
// Rewritings keep it fast without changing the language: single-character alternatives become
// one character class; `*( C / X )` (C the BMP characters of the single-character alternatives)
// is unrolled to `C*(?:XC*)*`, which does not push a backtracking entry per character, with the
// characters above U+FFFF counted in X; and surrogate pairs are grouped by their low surrogates.
//
// With `guards` (the build's regexes of the fixed grammars, scripts/compile/modules.ts), an
// optional `[ P c ]` (c one character that no match of P holds, as RFC 3986's `[ userinfo "@" ]`)
// outside every repetition is entered only when a lookahead `(?=[A]*c)` sees the `c` ahead, A
// the characters P's matches are made of: a condition every match of the group meets, so the
// language is the same, and the regex no longer reads a whole host as a userinfo and then gives
// it back a character at a time. Outside a repetition the group is tried at a few positions at
// most, so the lookahead adds linear work; inside one it could be tried at every position, so
// it is not written there (nor by Grammar.pattern for users' grammars, where that is not known).
import { charsInside, type Analysis } from "./analysis.js";
import { codePointSet, codePoints, type CodePointSet } from "./charset.js";
import { referencedNames, type Expr } from "./expr.js";

const hex4 = (n: number): string => n.toString(16).padStart(4, "0");

/** A BMP code point escaped for use in and out of a character class. */
function escapeUnit(c: number): string {
  if ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)) return String.fromCharCode(c);
  return c <= 0xff ? `\\x${c.toString(16).padStart(2, "0")}` : `\\u${hex4(c)}`;
}

const high = (cp: number): number => 0xd800 + ((cp - 0x10000) >> 10);
const low = (cp: number): number => 0xdc00 + ((cp - 0x10000) & 0x3ff);

/** A class over UTF-16 code units from sorted, disjoint ranges: `x`, `[x-y]`, `[xy-z]`. */
function unitsClass(ranges: readonly (readonly [number, number])[]): string {
  const only = ranges.length === 1 ? ranges[0] : undefined;
  if (only !== undefined && only[0] === only[1]) return escapeUnit(only[0]);
  return `[${ranges.map(([lo, hi]) => (lo === hi ? escapeUnit(lo) : `${escapeUnit(lo)}-${escapeUnit(hi)}`)).join("")}]`;
}

/**
 * The surrogate-pair alternatives of a set of code points above U+FFFF: high surrogates that
 * take the same low surrogates share one alternative, so RFC 3987's ucschar (thirteen planes,
 * each without its last two code points) is two alternatives, not thirty-nine.
 */
function astral(wide: readonly (readonly [number, number])[]): string[] {
  const lowsOf = new Map<number, [number, number][]>();
  for (const [lo, hi] of wide) {
    for (let h = high(lo); h <= high(hi); h++) {
      const from = h === high(lo) ? low(lo) : 0xdc00;
      const to = h === high(hi) ? low(hi) : 0xdfff;
      const lows = lowsOf.get(h) ?? [];
      lows.push([from, to]);
      lowsOf.set(h, lows);
    }
  }
  const highsOf = new Map<string, [number, number][]>(); // low class -> high ranges, in order
  for (const [h, lows] of lowsOf) {
    const key = unitsClass(lows);
    const highs = highsOf.get(key) ?? [];
    const last = highs[highs.length - 1];
    if (last !== undefined && last[1] === h - 1) last[1] = h;
    else highs.push([h, h]);
    highsOf.set(key, highs);
  }
  return [...highsOf].map(([lows, highs]) => `${unitsClass(highs)}${lows}`);
}

/** A set's part in the Basic Multilingual Plane and its part above it. */
function splitPlanes(set: CodePointSet): { bmp: CodePointSet; wide: CodePointSet } {
  return {
    bmp: set.filter(([lo]) => lo <= 0xffff).map(([lo, hi]) => [lo, Math.min(hi, 0xffff)] as const),
    wide: set.filter(([, hi]) => hi > 0xffff).map(([lo, hi]) => [Math.max(lo, 0x10000), hi] as const),
  };
}

/** The regex source of one character of a set (a class, surrogate pairs, or both). */
export function classSource(set: CodePointSet): string {
  if (set.length === 0) return "(?!)";
  const { bmp, wide } = splitPlanes(set);
  const parts: string[] = [];
  if (bmp.length > 0) parts.push(unitsClass(bmp));
  if (wide.length > 0) parts.push(...astral(wide));
  return parts.length === 1 ? (parts[0] as string) : `(?:${parts.join("|")})`;
}

const quantifier = (min: number, max: number): string => {
  if (min === 0 && max === Infinity) return "*";
  if (min === 1 && max === Infinity) return "+";
  if (min === 0 && max === 1) return "?";
  if (min === max) return `{${min}}`;
  return max === Infinity ? `{${min},}` : `{${min},${max}}`;
};

/** True when `stop` holds at an index of `src` read outside every group and class (an escape is read as one). */
function atTopLevel(src: string, stop: (i: number) => boolean): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (depth === 0 && !inClass && stop(i)) return true;
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
  }
  return false;
}

/** Wraps a source so that a quantifier applies to all of it. */
const atom = (src: string): string => {
  if (/^(?:\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\.|[^\\[(])$/.test(src)) return src;
  if (/^\[(?:[^\]\\]|\\.)*\]$/.test(src)) return src;
  // one group from its first to its last character
  if (src.startsWith("(") && !atTopLevel(src, (i) => i > 0)) return src;
  return `(?:${src})`;
};

/** Wraps a source in a group when it has a top-level `|`, so that it can be concatenated. */
const group = (src: string): string => (atTopLevel(src, (i) => src[i] === "|") ? `(?:${src})` : src);

const escapeLiteralUnit = (c: number): string => (/[.*+?^${}()|[\]\\/-]/.test(String.fromCharCode(c)) ? `\\${String.fromCharCode(c)}` : escapeUnit(c));

/** The most characters a derived source may have. */
const SOURCE_LIMIT = 2_000_000;

/** Compiles rules of one grammar into regex sources; rules in `exclude` (lowercase names) match nothing. */
export class RegexCompiler {
  readonly #memo = new Map<string, string>();
  /** How many repetitions of more than one the expression being compiled is inside. */
  #loops = 0;
  readonly #guards: boolean;
  constructor(
    private readonly analysis: Analysis,
    private readonly exclude: ReadonlySet<string> = new Set(),
    options: { readonly guards?: boolean } = {},
  ) {
    this.#guards = options.guards === true;
  }

  /** The source of a rule (lowercase name). */
  rule(key: string): string {
    // with guards, a rule's source inside a repetition differs from its source outside
    const memoKey = this.#guards && this.#loops > 0 ? `\u0000${key}` : key;
    let s = this.#memo.get(memoKey);
    if (s === undefined) {
      s = this.exclude.has(key) ? "(?!)" : this.expr(this.analysis.rule(key).expr);
      if (s.length > SOURCE_LIMIT) throw new RangeError("regex source too large");
      this.#memo.set(memoKey, s);
    }
    return s;
  }

  expr(e: Expr): string {
    if (this.analysis.matchesNothing(e)) return "(?!)";
    const set = this.#set(e);
    if (set !== null) return classSource(set);
    switch (e.type) {
      case "lit":
        return codePoints(e.text)
          .map((c) => {
            if (!e.caseSensitive && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) return `[${String.fromCharCode(c & ~0x20)}${String.fromCharCode(c | 0x20)}]`;
            return c > 0xffff ? `${escapeUnit(high(c))}${escapeUnit(low(c))}` : escapeLiteralUnit(c);
          })
          .join("");
      case "range":
        return "(?!)"; // a range always has a set
      case "prose":
        return "(?!)";
      case "seq":
        return e.items.map((i) => group(this.expr(i))).join("");
      case "alt":
        return this.#alternatives(e.items).join("|");
      case "rep":
        return this.#rep(e.min, e.max, e.item);
      case "ref":
        return this.rule(this.analysis.rule(e.name).name.toLowerCase());
    }
  }

  /** The character set of a single-character expression, unless it holds an excluded rule. */
  #set(e: Expr): CodePointSet | null {
    if (this.exclude.size > 0 && referencedNames(e).some((n) => this.exclude.has(n.toLowerCase()))) return null;
    return this.analysis.charSet(e);
  }

  /** The alternatives of `e`, looking through nested alternations and references to them. */
  #flatten(e: Expr): Expr[] {
    if (e.type === "alt") return e.items.flatMap((x) => this.#flatten(x));
    if (e.type === "ref" && !this.exclude.has(e.name.toLowerCase())) {
      const body = this.analysis.rule(e.name).expr;
      if (body.type === "alt" && this.#set(e) === null) return this.#flatten(body);
    }
    return [e];
  }

  /** Single-character alternatives merge into one class, placed where the first of them stood. */
  #alternatives(items: readonly Expr[]): string[] {
    const out: string[] = [];
    const sets: [number, number][] = [];
    let classAt = -1;
    for (const item of items) {
      if (this.analysis.matchesNothing(item)) continue;
      const set = this.#set(item);
      if (set !== null) {
        if (classAt < 0) {
          classAt = out.length;
          out.push("");
        }
        sets.push(...set.map(([lo, hi]) => [lo, hi] as [number, number]));
      } else out.push(this.expr(item));
    }
    if (classAt >= 0) out[classAt] = classSource(codePointSet(sets));
    return out.length === 0 ? ["(?!)"] : out;
  }

  #rep(min: number, max: number, item: Expr): string {
    if (max === 0) return "";
    if (this.analysis.matchesNothing(item)) return min === 0 ? "" : "(?!)";
    if (max > 1) {
      this.#loops++;
      try {
        return this.#repOf(min, max, item);
      } finally {
        this.#loops--;
      }
    }
    if (min === 0 && this.#guards && this.#loops === 0) {
      const guard = this.#guard(item);
      if (guard !== undefined) return `(?:${guard}${group(this.expr(item))})?`;
    }
    return this.#repOf(min, max, item);
  }

  /**
   * The lookahead `(?=[A]*c)` of an optional `[ P c ]` (see the file's comment), or `undefined`
   * when the item is not of that form: `c` one BMP character, A the code units of the characters
   * P's matches are made of (both halves of a surrogate pair), and no unit of `c` in A.
   */
  #guard(item: Expr): string | undefined {
    if (item.type !== "seq" || item.items.length < 2) return undefined;
    const last = item.items[item.items.length - 1] as Expr;
    const end = this.#set(last);
    if (end === null || end.length !== 1 || (end[0] as readonly [number, number])[0] !== (end[0] as readonly [number, number])[1]) return undefined;
    const c = (end[0] as readonly [number, number])[0];
    if (c > 0xffff) return undefined;
    const chars = codePointSet(item.items.slice(0, -1).flatMap((x) => charsInside(this.analysis, x, new Set())));
    const { bmp, wide } = splitPlanes(chars);
    const units: [number, number][] = bmp.map(([lo, hi]) => [lo, hi]);
    for (const [lo, hi] of wide) units.push([high(lo), high(hi)], [0xdc00, 0xdfff]);
    // sorted and merged by hand: codePointSet keeps to scalar values, and these are code units
    units.sort((x, y) => x[0] - y[0]);
    const set: [number, number][] = [];
    for (const [lo, hi] of units) {
      const top = set[set.length - 1];
      if (top !== undefined && lo <= top[1] + 1) top[1] = Math.max(top[1], hi);
      else set.push([lo, hi]);
    }
    if (set.length === 0 || set.some(([lo, hi]) => lo <= c && c <= hi)) return undefined;
    return `(?=${unitsClass(set)}*${escapeLiteralUnit(c)})`;
  }

  #repOf(min: number, max: number, item: Expr): string {
    const flat = this.#flatten(item).filter((x) => !this.analysis.matchesNothing(x));
    if (max === Infinity && min <= 1) {
      const singles: [number, number][] = [];
      const rest: string[] = [];
      for (const x of flat) {
        const set = this.#set(x);
        if (set === null) rest.push(this.expr(x));
        else singles.push(...set.map(([lo, hi]) => [lo, hi] as [number, number]));
      }
      // `*( C / X )` with C the BMP characters: `C*(?:XC*)*`, where characters above U+FFFF
      // (two code units each) go with X, so that the common case stays one class loop
      const { bmp, wide } = splitPlanes(codePointSet(singles));
      if (wide.length > 0) rest.push(...astral(wide));
      if (bmp.length > 0 && rest.length > 0) {
        const cls = unitsClass(bmp);
        const x = rest.length === 1 ? atom(rest[0] ?? "") : `(?:${rest.join("|")})`;
        const body = `${cls}*(?:${x}${cls}*)*`;
        // one item first (a lookahead would not make the loop consume it)
        return min === 0 ? body : `(?:${cls}|${x})${body}`;
      }
    }
    return atom(this.expr(item)) + quantifier(min, max);
  }
}
