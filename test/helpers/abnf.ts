/**
 * Independent reference recognizer for ABNF grammars (RFC 5234 + RFC 7405).
 *
 * This is test-only code. It is deliberately written in a different style from
 * the product parser (no parsimmon, no ordered choice, no greediness): every
 * expression denotes the SET of end positions it can reach from a start
 * position, exactly as ABNF's language semantics prescribe. It is used as an
 * oracle in differential tests, so clarity is preferred over speed; results
 * are memoized per (expression node, start position) for each input string.
 *
 * ABNF text is read by the library's reader (src/abnf/reader.ts: RFC 5234 §4 and
 * RFC 7405, in the layout RFCs print rules in); everything about matching here is
 * independent of the library's engine. Semantics:
 *  - "..." char-vals match case-insensitively, but only for the ASCII letters
 *    (RFC 5234 section 2.3: the strings are US-ASCII). We never use
 *    String.prototype.toLowerCase on input, because it folds non-ASCII
 *    characters too (e.g. U+212A KELVIN SIGN lowercases to "k").
 *  - num-vals are compared against Unicode code points of the input string;
 *    positions are UTF-16 code unit offsets (JS string indices). A lone
 *    surrogate is not a character: no num-val matches it.
 *  - prose-vals (<...>) match nothing (they are not machine-interpretable).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Expr } from "../../src/abnf/expr";
import { readAbnf, readAbnfExpr } from "../../src/abnf/reader";

// ---------------------------------------------------------------------------
// AST
// ---------------------------------------------------------------------------

export type AbnfExpr =
  | { readonly type: "alt"; readonly items: readonly AbnfExpr[] }
  | { readonly type: "seq"; readonly items: readonly AbnfExpr[] }
  | { readonly type: "rep"; readonly min: number; readonly max: number; readonly item: AbnfExpr }
  | { readonly type: "str"; readonly text: string; readonly caseSensitive: boolean }
  | { readonly type: "range"; readonly lo: number; readonly hi: number }
  | { readonly type: "ref"; readonly name: string }
  | { readonly type: "prose"; readonly text: string };

/** A rulelist: keys are lowercased rule names; original spellings are kept in file order. */
export class AbnfRuleMap extends Map<string, AbnfExpr> {
  private readonly spellings: string[] = [];

  /** Rule names with their original case, in order of first definition. */
  ruleNames(): string[] {
    return [...this.spellings];
  }

  /** Original spelling of a rule name (looked up case-insensitively). */
  originalName(name: string): string | undefined {
    const key = name.toLowerCase();
    return this.spellings.find((s) => s.toLowerCase() === key);
  }

  /** @internal used by the parser */
  define(name: string, expr: AbnfExpr, incremental: boolean, line: number): void {
    const key = name.toLowerCase();
    const existing = super.get(key);
    if (incremental) {
      if (existing === undefined) {
        throw new Error(`ABNF line ${line}: incremental alternative "${name} =/" for a rule that is not defined yet`);
      }
      super.set(key, { type: "alt", items: [existing, expr] });
    } else {
      if (existing !== undefined) {
        throw new Error(`ABNF line ${line}: rule "${name}" is defined twice (use "=/" to add alternatives)`);
      }
      super.set(key, expr);
      this.spellings.push(name);
    }
  }

  override get(name: string): AbnfExpr | undefined {
    return super.get(name.toLowerCase());
  }

  override has(name: string): boolean {
    return super.has(name.toLowerCase());
  }
}

// ---------------------------------------------------------------------------
// ABNF parser (recursive descent over RFC 5234 section 4, plus RFC 7405)
// ---------------------------------------------------------------------------

/** The library's expression data (src/abnf/expr.ts) as this file's own AST. */
function fromExpr(e: Expr): AbnfExpr {
  switch (e.type) {
    case "lit":
      return { type: "str", text: e.text, caseSensitive: e.caseSensitive };
    case "range":
      return { type: "range", lo: e.lo, hi: e.hi };
    case "seq":
    case "alt":
      return { type: e.type, items: e.items.map(fromExpr) };
    case "rep":
      return { type: "rep", min: e.min, max: e.max, item: fromExpr(e.item) };
    case "ref":
      return { type: "ref", name: e.name };
    case "prose":
      return { type: "prose", text: e.text };
  }
}

/**
 * Parse an RFC 5234 rulelist, in the layout RFCs print it in. Reading ABNF text is the
 * library's reader (src/abnf/reader.ts, a parsimmon grammar of RFC 5234 §4); what this file
 * keeps independent of the library is the matching below.
 */
export function parseAbnf(text: string): AbnfRuleMap {
  const r = readAbnf(text);
  if (!r.ok) throw new Error(r.error.message);
  const rules = new AbnfRuleMap();
  for (const entry of r.value) rules.define(entry.name, fromExpr(entry.expr), entry.incremental, entry.line);
  return rules;
}

/** Parse only the right-hand side of a rule (RFC 5234 `elements`). */
export function parseAbnfExpr(text: string): AbnfExpr {
  const r = readAbnfExpr(text);
  if (!r.ok) throw new Error(r.error.message);
  return fromExpr(r.value);
}

/**
 * Raw source text of one rule's definition: from the first character of its name up to (not
 * including) the next rule's name, so trailing comment lines are included; trailing white
 * space trimmed. If the rule has incremental (`=/`) definitions, their texts are appended,
 * separated by "\n".
 */
export function ruleSourceText(fileText: string, name: string): string {
  const r = readAbnf(fileText);
  if (!r.ok) throw new Error(r.error.message);
  const parts = r.value.filter((e) => e.name.toLowerCase() === name.toLowerCase()).map((e) => e.text);
  if (parts.length === 0) throw new Error(`rule "${name}" is not defined in the given ABNF text`);
  return parts.join("\n");
}

// ---------------------------------------------------------------------------
// Naming
// ---------------------------------------------------------------------------

/** Mechanical ABNF rule name -> lowerCamelCase identifier (`URI-reference` -> `uriReference`). */
export function ruleIdentifier(abnfName: string): string {
  return abnfName
    .split("-")
    .map((part, i) => {
      const lower = part.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join("");
}

// ---------------------------------------------------------------------------
// Canonical printing (structural comparison)
// ---------------------------------------------------------------------------

/**
 * One character of a literal. `ci` is true when the atom is an ASCII letter
 * matched case-insensitively (stored lowercased). Non-letters are the same
 * whether they came from "..." or %s"..." or %x, so they carry ci = false.
 */
interface LitAtom {
  readonly cp: number;
  readonly ci: boolean;
}

type Canon =
  | { kind: "lit"; atoms: LitAtom[] }
  | { kind: "alt"; items: Canon[] }
  | { kind: "seq"; items: Canon[] }
  | { kind: "rep"; min: number; max: number; item: Canon }
  | { kind: "token"; text: string };

const isAsciiLetterCp = (cp: number): boolean => (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
const hex = (n: number): string => n.toString(16).toUpperCase().padStart(2, "0");

function toCanon(e: AbnfExpr): Canon {
  switch (e.type) {
    case "str": {
      const atoms: LitAtom[] = [];
      for (const ch of e.text) {
        const cp = ch.codePointAt(0)!;
        const ci = !e.caseSensitive && isAsciiLetterCp(cp);
        atoms.push({ cp: ci ? cp | 0x20 : cp, ci });
      }
      return { kind: "lit", atoms };
    }
    case "range":
      return e.lo === e.hi
        ? { kind: "lit", atoms: [{ cp: e.lo, ci: false }] }
        : { kind: "token", text: `%x${hex(e.lo)}-${hex(e.hi)}` };
    case "ref":
      return { kind: "token", text: e.name.toLowerCase() };
    case "prose":
      return { kind: "token", text: `<${e.text}>` };
    case "rep": {
      const item = toCanon(e.item);
      if (e.min === 1 && e.max === 1) return item;
      return { kind: "rep", min: e.min, max: e.max, item };
    }
    case "alt": {
      const items: Canon[] = [];
      for (const child of e.items) {
        const c = toCanon(child);
        if (c.kind === "alt") items.push(...c.items);
        else items.push(c);
      }
      return items.length === 1 ? items[0]! : { kind: "alt", items };
    }
    case "seq": {
      const items: Canon[] = [];
      const push = (c: Canon): void => {
        if (c.kind === "seq") {
          c.items.forEach(push);
          return;
        }
        const last = items[items.length - 1];
        if (c.kind === "lit" && last !== undefined && last.kind === "lit") {
          items[items.length - 1] = { kind: "lit", atoms: [...last.atoms, ...c.atoms] };
        } else {
          items.push(c);
        }
      };
      e.items.forEach((child) => push(toCanon(child)));
      const nonEmpty = items.filter((c) => !(c.kind === "lit" && c.atoms.length === 0));
      if (nonEmpty.length === 0) return { kind: "lit", atoms: [] };
      return nonEmpty.length === 1 ? nonEmpty[0]! : { kind: "seq", items: nonEmpty };
    }
  }
}

/** Print a literal run: maximal runs of quotable atoms as "...", the rest as dotted %x. */
function printLit(atoms: readonly LitAtom[]): string[] {
  if (atoms.length === 0) return ['""'];
  const quotable = (a: LitAtom): boolean =>
    a.ci || (a.cp >= 0x20 && a.cp <= 0x7e && a.cp !== 0x22 && !isAsciiLetterCp(a.cp));
  const tokens: string[] = [];
  let i = 0;
  while (i < atoms.length) {
    const q = quotable(atoms[i]!);
    let j = i;
    while (j < atoms.length && quotable(atoms[j]!) === q) j++;
    const run = atoms.slice(i, j);
    tokens.push(q ? `"${String.fromCodePoint(...run.map((a) => a.cp))}"` : `%x${run.map((a) => hex(a.cp)).join(".")}`);
    i = j;
  }
  return tokens;
}

function printCanon(c: Canon): { text: string; atomic: boolean } {
  switch (c.kind) {
    case "token":
      return { text: c.text, atomic: true };
    case "lit": {
      const tokens = printLit(c.atoms);
      return { text: tokens.join(" "), atomic: tokens.length === 1 };
    }
    case "rep": {
      const inner = printCanon(c.item);
      const prefix =
        c.min === c.max ? `${c.min}` : `${c.min}*${c.max === Infinity ? "" : String(c.max)}`;
      return { text: prefix + (inner.atomic ? inner.text : `(${inner.text})`), atomic: false };
    }
    case "seq":
      return {
        text: c.items.map((i) => (i.kind === "alt" ? `(${printCanon(i).text})` : printCanon(i).text)).join(" "),
        atomic: false,
      };
    case "alt":
      return { text: c.items.map((i) => printCanon(i).text).join(" / "), atomic: false };
  }
}

/**
 * Canonical text of an expression, for structural comparison. Normalizes:
 * grouping, seq-in-seq / alt-in-alt nesting, `[x]` = `*1x` = `0*1x`, `1x` = `1*1x` = `x`,
 * number bases (%d/%b/%x all print as %x), case of case-insensitive strings,
 * letterless strings ("25" = %s"25" = %x32.35 = "2" "5"), and rule-name case.
 * Alternative order, repeat counts and literal values are preserved.
 */
export function canonicalAbnf(expr: AbnfExpr): string {
  return printCanon(toCanon(expr)).text;
}

// ---------------------------------------------------------------------------
// Recognizer with full ABNF (set) semantics
// ---------------------------------------------------------------------------

export interface InputSession {
  readonly input: string;
  ends(ruleName: string, start?: number): ReadonlySet<number>;
  matches(ruleName: string): boolean;
}

export interface Grammar {
  /** Rule names with original spelling, in file order. */
  readonly ruleNames: readonly string[];
  /** Rule bodies, keyed by lowercased name. */
  readonly rules: ReadonlyMap<string, AbnfExpr>;
  /** Body of a rule (case-insensitive name); throws for unknown rules. */
  rule(ruleName: string): AbnfExpr;
  /** Every j such that input.slice(start, j) derives from the rule. */
  ends(ruleName: string, input: string, start?: number): ReadonlySet<number>;
  /** ends(ruleName, input, 0).has(input.length) */
  matches(ruleName: string, input: string): boolean;
  /** A memo shared across several queries on the same input. */
  session(input: string): InputSession;
}

const EMPTY: ReadonlySet<number> = new Set<number>();

function asciiFold(code: number): number {
  return code >= 0x41 && code <= 0x5a ? code | 0x20 : code;
}

/** Marker stored in the memo while a (node, start) pair is being computed. */
const IN_PROGRESS = "in-progress" as const;
type MemoEntry = ReadonlySet<number> | typeof IN_PROGRESS | undefined;

/**
 * Per-grammar tables: a dense id for every expression node (for array-indexed
 * memo tables) and, as a pure speed-up, the "character classes": nodes that
 * always match exactly one code point (a range, a one-character string, or an
 * alternation of / reference to such nodes) are compiled to interval lists.
 * Tests check that results are identical with `optimize: false`.
 */
class NodeTable {
  readonly ids = new Map<AbnfExpr, number>();
  readonly charClass = new Map<AbnfExpr, readonly (readonly [number, number])[]>();

  constructor(rules: ReadonlyMap<string, AbnfExpr>, optimize: boolean) {
    const visit = (e: AbnfExpr): void => {
      if (this.ids.has(e)) return;
      this.ids.set(e, this.ids.size);
      if (e.type === "alt" || e.type === "seq") e.items.forEach(visit);
      else if (e.type === "rep") visit(e.item);
    };
    for (const body of rules.values()) visit(body);
    if (!optimize) return;

    const analysed = new Map<AbnfExpr, [number, number][] | null>();
    const classOf = (e: AbnfExpr): [number, number][] | null => {
      if (analysed.has(e)) return analysed.get(e)!;
      analysed.set(e, null); // also stops (harmless) cycles through refs
      let result: [number, number][] | null = null;
      switch (e.type) {
        case "range":
          result = [[e.lo, e.hi]];
          break;
        case "str": {
          const cps = [...e.text].map((ch) => ch.codePointAt(0)!);
          const cp = cps[0];
          if (cps.length === 1 && cp !== undefined) {
            result =
              !e.caseSensitive && isAsciiLetterCp(cp)
                ? [
                    [cp & ~0x20, cp & ~0x20],
                    [cp | 0x20, cp | 0x20],
                  ]
                : [[cp, cp]];
          }
          break;
        }
        case "ref": {
          const body = rules.get(e.name.toLowerCase());
          result = body === undefined ? null : classOf(body);
          break;
        }
        case "alt": {
          const parts = e.items.map(classOf);
          if (parts.every((x) => x !== null)) result = parts.flatMap((x) => x ?? []);
          break;
        }
        default:
          result = null;
      }
      analysed.set(e, result);
      return result;
    };
    for (const e of this.ids.keys()) {
      const cls = classOf(e);
      if (cls !== null) this.charClass.set(e, cls);
    }
  }
}

class Recognizer {
  /** memo[nodeId][start] */
  private readonly memo: MemoEntry[][] = [];
  /** shared singleton result sets, by end position */
  private readonly singletons: ReadonlySet<number>[] = [];

  constructor(
    private readonly rules: ReadonlyMap<string, AbnfExpr>,
    private readonly nodes: NodeTable,
    readonly input: string,
  ) {}

  ruleBody(name: string): AbnfExpr {
    const body = this.rules.get(name.toLowerCase());
    if (body === undefined) throw new Error(`unknown ABNF rule "${name}"`);
    return body;
  }

  private single(end: number): ReadonlySet<number> {
    let s = this.singletons[end];
    if (s === undefined) {
      s = new Set([end]);
      this.singletons[end] = s;
    }
    return s;
  }

  ends(e: AbnfExpr, start: number): ReadonlySet<number> {
    const cls = this.nodes.charClass.get(e);
    if (cls !== undefined) {
      if (start >= this.input.length) return EMPTY;
      const cp = this.input.codePointAt(start)!;
      if (cp >= 0xd800 && cp <= 0xdfff) return EMPTY; // a lone surrogate is not a character
      for (const [lo, hi] of cls) {
        if (cp >= lo && cp <= hi) return this.single(start + (cp > 0xffff ? 2 : 1));
      }
      return EMPTY;
    }
    const id = this.nodes.ids.get(e);
    if (id === undefined) throw new Error("internal error: expression is not part of this grammar");
    let byStart = this.memo[id];
    if (byStart === undefined) {
      byStart = [];
      this.memo[id] = byStart;
    }
    const cached = byStart[start];
    if (cached === IN_PROGRESS) {
      throw new Error(
        `left recursion: expression ${canonicalAbnf(e)} re-entered at position ${start} without consuming input`,
      );
    }
    if (cached !== undefined) return cached;
    byStart[start] = IN_PROGRESS;
    try {
      const result = this.compute(e, start);
      byStart[start] = result;
      return result;
    } catch (err) {
      byStart[start] = undefined;
      throw err;
    }
  }

  /** Union of ends(item, p) over all p in positions. */
  private step(item: AbnfExpr, positions: ReadonlySet<number>): ReadonlySet<number> {
    if (positions.size === 1) {
      for (const p of positions) return this.ends(item, p);
    }
    const next = new Set<number>();
    for (const p of positions) for (const j of this.ends(item, p)) next.add(j);
    return next;
  }

  private compute(e: AbnfExpr, start: number): ReadonlySet<number> {
    const input = this.input;
    switch (e.type) {
      case "str": {
        const end = start + e.text.length;
        if (end > input.length) return EMPTY;
        for (let k = 0; k < e.text.length; k++) {
          const a = input.charCodeAt(start + k);
          const b = e.text.charCodeAt(k);
          if (a === b) continue;
          if (!e.caseSensitive && asciiFold(a) === asciiFold(b) && isAsciiLetterCp(a) && isAsciiLetterCp(b)) continue;
          return EMPTY;
        }
        return this.single(end);
      }
      case "range": {
        if (start >= input.length) return EMPTY;
        const cp = input.codePointAt(start)!;
        if (cp >= 0xd800 && cp <= 0xdfff) return EMPTY; // a lone surrogate is not a character
        if (cp < e.lo || cp > e.hi) return EMPTY;
        return this.single(start + (cp > 0xffff ? 2 : 1));
      }
      case "prose":
        return EMPTY;
      case "ref":
        return this.ends(this.ruleBody(e.name), start);
      case "alt": {
        const parts = e.items.map((item) => this.ends(item, start)).filter((set) => set.size > 0);
        if (parts.length <= 1) return parts[0] ?? EMPTY;
        const out = new Set<number>();
        for (const part of parts) for (const j of part) out.add(j);
        return out;
      }
      case "seq": {
        let positions: ReadonlySet<number> = this.single(start);
        for (const item of e.items) {
          positions = this.step(item, positions);
          if (positions.size === 0) break;
        }
        return positions;
      }
      case "rep": {
        // Exactly `min` iterations first (counts matter here) ...
        let frontier: ReadonlySet<number> = this.single(start);
        for (let k = 0; k < e.min && frontier.size > 0; k++) frontier = this.step(e.item, frontier);
        // ... then up to (max - min) more: breadth-first, so each position is
        // first reached with the fewest extra iterations, which dominates.
        const out = new Set<number>(frontier);
        let budget = e.max - e.min;
        let layer = [...frontier];
        while (budget > 0 && layer.length > 0) {
          const nextLayer: number[] = [];
          for (const p of layer) {
            for (const j of this.ends(e.item, p)) {
              if (!out.has(j)) {
                out.add(j);
                nextLayer.push(j);
              }
            }
          }
          layer = nextLayer;
          budget--;
        }
        return out;
      }
    }
  }
}

function collectRefs(e: AbnfExpr, out: Set<string>): void {
  switch (e.type) {
    case "ref":
      out.add(e.name.toLowerCase());
      return;
    case "alt":
    case "seq":
      e.items.forEach((i) => collectRefs(i, out));
      return;
    case "rep":
      collectRefs(e.item, out);
      return;
    default:
      return;
  }
}

/** Static check: every reference resolves, and no rule can reach itself without consuming input. */
function checkGrammar(rules: ReadonlyMap<string, AbnfExpr>, names: readonly string[]): void {
  const display = (key: string): string => names.find((n) => n.toLowerCase() === key) ?? key;
  for (const [key, body] of rules) {
    const refs = new Set<string>();
    collectRefs(body, refs);
    for (const r of refs) {
      if (!rules.has(r)) throw new Error(`ABNF rule "${display(key)}" references undefined rule "${r}"`);
    }
  }
  // nullable: least fixpoint
  const nullableRule = new Map<string, boolean>();
  const nullable = (e: AbnfExpr): boolean => {
    switch (e.type) {
      case "str":
        return e.text.length === 0;
      case "range":
      case "prose":
        return false;
      case "ref":
        return nullableRule.get(e.name.toLowerCase()) ?? false;
      case "alt":
        return e.items.some(nullable);
      case "seq":
        return e.items.every(nullable);
      case "rep":
        return e.min === 0 || nullable(e.item);
    }
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [key, body] of rules) {
      if (!nullableRule.get(key) && nullable(body)) {
        nullableRule.set(key, true);
        changed = true;
      }
    }
  }
  // rules that may be invoked at the same position as the enclosing rule
  const leftRefs = (e: AbnfExpr, out: Set<string>): void => {
    switch (e.type) {
      case "ref":
        out.add(e.name.toLowerCase());
        return;
      case "alt":
        e.items.forEach((i) => leftRefs(i, out));
        return;
      case "seq":
        for (const i of e.items) {
          leftRefs(i, out);
          if (!nullable(i)) return;
        }
        return;
      case "rep":
        if (e.max >= 1) leftRefs(e.item, out);
        return;
      default:
        return;
    }
  };
  const graph = new Map<string, Set<string>>();
  for (const [key, body] of rules) {
    const out = new Set<string>();
    leftRefs(body, out);
    graph.set(key, out);
  }
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (key: string): void => {
    const s = state.get(key);
    if (s === "done") return;
    if (s === "visiting") {
      const cycle = [...stack.slice(stack.indexOf(key)), key].map(display).join(" -> ");
      throw new Error(`ABNF grammar is left-recursive: ${cycle}`);
    }
    state.set(key, "visiting");
    stack.push(key);
    for (const next of graph.get(key) ?? []) visit(next);
    stack.pop();
    state.set(key, "done");
  };
  for (const key of rules.keys()) visit(key);
}

export interface GrammarOptions {
  /** Compile single-character alternations to interval lists (default true). Results are identical. */
  readonly optimize?: boolean;
}

/** Build a grammar from one or more rulelists (no rule may be defined in two of them). */
export function grammarFromRuleMaps(maps: readonly AbnfRuleMap[], options: GrammarOptions = {}): Grammar {
  const rules = new Map<string, AbnfExpr>();
  const ruleNames: string[] = [];
  for (const m of maps) {
    for (const name of m.ruleNames()) {
      const key = name.toLowerCase();
      if (rules.has(key)) throw new Error(`ABNF rule "${name}" is defined in more than one rulelist`);
      rules.set(key, m.get(key)!);
      ruleNames.push(name);
    }
  }
  checkGrammar(rules, ruleNames);
  const nodes = new NodeTable(rules, options.optimize ?? true);

  const checkStart = (input: string, start: number): void => {
    if (!Number.isInteger(start) || start < 0 || start > input.length) {
      throw new RangeError(`start ${start} is outside 0..${input.length}`);
    }
  };
  const session = (input: string): InputSession => {
    const r = new Recognizer(rules, nodes, input);
    return {
      input,
      ends(ruleName: string, start = 0): ReadonlySet<number> {
        const body = r.ruleBody(ruleName);
        checkStart(input, start);
        return r.ends(body, start);
      },
      matches(ruleName: string): boolean {
        return r.ends(r.ruleBody(ruleName), 0).has(input.length);
      },
    };
  };
  return {
    ruleNames: Object.freeze([...ruleNames]),
    rules,
    rule(ruleName: string): AbnfExpr {
      const body = rules.get(ruleName.toLowerCase());
      if (body === undefined) throw new Error(`unknown ABNF rule "${ruleName}"`);
      return body;
    },
    ends: (ruleName, input, start = 0) => session(input).ends(ruleName, start),
    matches: (ruleName, input) => session(input).matches(ruleName),
    session,
  };
}

/** Build a grammar from one or more ABNF texts. */
export function grammarFromAbnf(...texts: readonly string[]): Grammar {
  return grammarFromRuleMaps(texts.map(parseAbnf));
}

export const GRAMMAR_DIR = path.resolve(__dirname, "../../grammar");
export const RFC3986_ABNF_PATH = path.join(GRAMMAR_DIR, "rfc3986.abnf");
export const CORE_ABNF_PATH = path.join(GRAMMAR_DIR, "rfc5234-core.abnf");
export const RFC3987_ABNF_PATH = path.join(GRAMMAR_DIR, "rfc3987.abnf");

let iriGrammar: Grammar | undefined;

/** The RFC 3987 grammar (grammar/rfc3987.abnf, both blocks of §2.2) plus the RFC 5234 core rules. */
export function loadIriGrammar(): Grammar {
  iriGrammar ??= grammarFromRuleMaps([RFC3987_ABNF_PATH, CORE_ABNF_PATH].map((file) => parseAbnf(fs.readFileSync(file, "utf8"))));
  return iriGrammar;
}

const cached = new Map<boolean, Grammar>();

/**
 * The RFC 3986 grammar (grammar/rfc3986.abnf) plus the RFC 5234 core rules it
 * uses. `optimize: false` gives the plain, unoptimized evaluator.
 */
export function loadUriGrammar(options: GrammarOptions = {}): Grammar {
  const optimize = options.optimize ?? true;
  let g = cached.get(optimize);
  if (g === undefined) {
    const maps = [RFC3986_ABNF_PATH, CORE_ABNF_PATH].map((file) => parseAbnf(fs.readFileSync(file, "utf8")));
    g = grammarFromRuleMaps(maps, { optimize });
    cached.set(optimize, g);
  }
  return g;
}
