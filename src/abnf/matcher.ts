// The combinator backend's engine: interprets a definition over a string, in the manner of
// parsimmon's own combinators (ordered, greedy, with furthest-failure bookkeeping for error
// messages), with two choices that make it agree with ABNF on RFC 3986 (grammar/deviations.json):
// - an alternation takes its LONGEST successful alternative (the first, on a tie), not the first
//   that succeeds, as RFC 5234 §3.2 alternatives are unordered;
// - `guard` nodes add a negative lookahead where a greedy repetition would otherwise eat a
//   character that ABNF lets it give back.
import { asciiTable, charSet, firstSet } from "./charset.js";
import type { Expr, RuleDefinition } from "./expr.js";
import { printRange } from "./to-abnf.js";

/** A component recorded during a match: a rule with a role, and where it matched. */
export interface Capture {
  readonly name: string;
  readonly start: number;
  end: number;
}

/** Mutable state of one match: furthest failure (for "expected ...") and the captures so far. */
export class MatchState {
  furthest = -1;
  expected: string[] = [];
  quiet = 0;
  readonly caps: Capture[] = [];
  constructor(readonly input: string) {}

  fail(at: number, label: string): void {
    if (this.quiet > 0) return;
    if (at > this.furthest) {
      this.furthest = at;
      this.expected = [label];
    } else if (at === this.furthest && !this.expected.includes(label)) this.expected.push(label);
  }
}

/** Matches at `i`; returns the end offset, or -1. */
export type Matcher = (s: MatchState, i: number) => number;

const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x20));

const quote = (s: string): string => JSON.stringify(s);

/** How a range is named in "expected" lists: `"0"-"5"` when printable. */
const rangeLabel = (lo: number, hi: number): string =>
  lo >= 0x21 && hi <= 0x7e ? (lo === hi ? quote(String.fromCharCode(lo)) : `${quote(String.fromCharCode(lo))}-${quote(String.fromCharCode(hi))}`) : printRange(lo, hi);

/** The labels an expression reports when it fails where it starts. */
function startLabels(e: Expr): string[] {
  switch (e.type) {
    case "lit":
      return [quote(e.text)];
    case "range":
      return [rangeLabel(e.lo, e.hi)];
    case "ref":
      return e.rule.token ? [e.rule.name] : startLabels(e.rule.expr);
    case "alt":
      return [...new Set(e.items.flatMap(startLabels))];
    case "seq": {
      const labels: string[] = [];
      for (const item of e.items) {
        labels.push(...startLabels(item));
        if (!firstSet(item).nullable) break;
      }
      return [...new Set(labels)];
    }
    case "rep":
    case "guard":
      return startLabels(e.item);
    case "prose":
      return [];
  }
}

/** A matcher for one character of a set, reporting `labels` when it fails. */
function charMatcher(set: NonNullable<ReturnType<typeof charSet>>, labels: readonly string[]): Matcher {
  const table = asciiTable(set);
  const wide = set.some(([, hi]) => hi > 127);
  return (s, i) => {
    const c = s.input.charCodeAt(i);
    if (c < 128 ? table[c] === 1 : wide && set.some(([lo, hi]) => c >= lo && c <= hi)) return i + 1;
    for (const l of labels) s.fail(i, l);
    return -1;
  };
}

const compiled = new WeakMap<RuleDefinition, { collect: Matcher | undefined; plain: Matcher | undefined }>();

/**
 * The matcher of a rule. With `collect`, component rules inside it are recorded in `s.caps`;
 * without, nothing is.
 */
export function ruleMatcher(rule: RuleDefinition, collect: boolean): Matcher {
  let entry = compiled.get(rule);
  if (!entry) {
    entry = { collect: undefined, plain: undefined };
    compiled.set(rule, entry);
  }
  const key = collect ? "collect" : "plain";
  const existing = entry[key];
  if (existing) return existing;
  // A forwarding stub first, so that building never recurses without end.
  let body: Matcher = () => -1;
  entry[key] = (s, i) => body(s, i);
  const set = charSet(rule.expr);
  if (rule.token && set) body = charMatcher(set, [rule.name]);
  else {
    const inner = compile(rule.expr, collect);
    body = rule.token ? tokenMatcher(rule.name, inner) : inner;
  }
  entry[key] = body;
  return body;
}

/** Failures that stay at the token's start are reported as the token's name. */
function tokenMatcher(name: string, inner: Matcher): Matcher {
  return (s, i) => {
    const outerFurthest = s.furthest;
    const outerExpected = s.expected;
    s.furthest = -1;
    s.expected = [];
    const end = inner(s, i);
    const localFurthest = s.furthest;
    const localExpected = localFurthest > i ? s.expected : [name];
    s.furthest = outerFurthest;
    s.expected = outerExpected;
    if (localFurthest >= 0) for (const label of localExpected) s.fail(Math.max(localFurthest, i), label);
    return end;
  };
}

function compile(e: Expr, collect: boolean): Matcher {
  const set = charSet(e);
  if (set) return charMatcher(set, startLabels(e));
  switch (e.type) {
    case "lit": {
      // Case-insensitive means ASCII letters only (RFC 5234 §2.3): "K" (U+212A) is not "k".
      const text = e.caseSensitive ? e.text : asciiLower(e.text);
      const ci = !e.caseSensitive;
      return (s, i) => {
        for (let k = 0; k < text.length; k++) {
          const c = s.input.charCodeAt(i + k);
          if (Number.isNaN(c) || (ci && c >= 0x41 && c <= 0x5a ? c + 0x20 : c) !== text.charCodeAt(k)) {
            s.fail(i + k, quote(e.text.slice(k)));
            return -1;
          }
        }
        return i + text.length;
      };
    }
    case "range":
      return () => -1; // unreachable: a range always has a char set
    case "prose":
      return () => -1;
    case "seq": {
      const items = e.items.map((x) => compile(x, collect));
      return (s, i) => {
        let at = i;
        for (const m of items) {
          at = m(s, at);
          if (at < 0) return -1;
        }
        return at;
      };
    }
    case "alt": {
      const items = e.items.map((x) => compile(x, collect));
      // An alternative that cannot start with the next character fails there without running.
      const guards = e.items.map((x) => {
        const f = firstSet(x);
        return f.nullable ? undefined : { table: f.table, wide: f.wide, labels: startLabels(x) };
      });
      return (s, i) => {
        let best = -1;
        let bestCaps: Capture[] | undefined;
        const mark = s.caps.length;
        const c = s.input.charCodeAt(i);
        for (let k = 0; k < items.length; k++) {
          const g = guards[k];
          if (g !== undefined && !(c < 128 ? g.table[c] === 1 : g.wide)) {
            for (const l of g.labels) s.fail(i, l);
            continue;
          }
          const end = (items[k] as Matcher)(s, i);
          if (end > best) {
            best = end;
            bestCaps = s.caps.length > mark ? s.caps.slice(mark) : undefined;
          }
          if (s.caps.length !== mark) s.caps.length = mark;
        }
        if (bestCaps) s.caps.push(...bestCaps);
        return best;
      };
    }
    case "rep": {
      const { min, max } = e;
      if (max === 0) return (_s, i) => i;
      const single = charSet(e.item);
      if (single) {
        const table = asciiTable(single);
        const wide = single.some(([, hi]) => hi > 127);
        const labels = startLabels(e.item);
        return (s, i) => {
          const input = s.input;
          let at = i;
          while (at - i < max) {
            const c = input.charCodeAt(at);
            if (!(c < 128 ? table[c] === 1 : wide && single.some(([lo, hi]) => c >= lo && c <= hi))) break;
            at++;
          }
          if (at - i < max) for (const l of labels) s.fail(at, l);
          return at - i >= min ? at : -1;
        };
      }
      const item = compile(e.item, collect);
      return (s, i) => {
        let at = i;
        let n = 0;
        while (n < max) {
          const mark = s.caps.length;
          const next = item(s, at);
          if (next < 0 || next === at) {
            if (s.caps.length !== mark) s.caps.length = mark;
            break;
          }
          at = next;
          n++;
        }
        return n >= min ? at : -1;
      };
    }
    case "guard": {
      const item = compile(e.item, collect);
      const ahead = compile(e.notFollowedBy, false);
      return (s, i) => {
        const end = item(s, i);
        if (end < 0) return -1;
        s.quiet++;
        const blocked = ahead(s, end) >= 0;
        s.quiet--;
        return blocked ? -1 : end;
      };
    }
    case "ref": {
      const rule = e.rule;
      if (!collect || !rule.role) return ruleMatcher(rule, collect);
      const inner = ruleMatcher(rule, rule.role === "container");
      return (s, i) => {
        const mark = s.caps.length;
        const cap: Capture = { name: rule.name, start: i, end: -1 };
        s.caps.push(cap);
        const end = inner(s, i);
        if (end < 0) s.caps.length = mark;
        else cap.end = end;
        return end;
      };
    }
  }
}
