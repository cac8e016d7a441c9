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
 * Notes on the ABNF dialect accepted (RFC 5234 section 4, RFC 7405 section 2):
 *  - Lines may end with CRLF or a bare LF; a missing final newline is accepted.
 *  - A rule continues on following lines that start with whitespace (SP/HTAB).
 *  - Rule names and all ABNF keywords (%x, %d, %b, %s, %i, hex digits) are
 *    case-insensitive.
 *  - "..." char-vals match case-insensitively, but only for the ASCII letters
 *    (RFC 5234 section 2.3: the strings are US-ASCII). We never use
 *    String.prototype.toLowerCase on input, because it folds non-ASCII
 *    characters too (e.g. U+212A KELVIN SIGN lowercases to "k").
 *  - num-vals are compared against Unicode code points of the input string;
 *    positions are UTF-16 code unit offsets (JS string indices).
 *  - prose-vals (<...>) match nothing (they are not machine-interpretable).
 */
import * as fs from "node:fs";
import * as path from "node:path";

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

interface RuleSpan {
  readonly name: string;
  /** offset of the first character of the rule name */
  readonly start: number;
}

const isAlpha = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isWsp = (c: string | undefined): boolean => c === " " || c === "\t";

class AbnfParser {
  pos = 0;

  constructor(private readonly src: string) {}

  private lineAt(offset: number): number {
    let line = 1;
    for (let i = 0; i < offset && i < this.src.length; i++) if (this.src[i] === "\n") line++;
    return line;
  }

  fail(message: string, offset: number = this.pos): never {
    const line = this.lineAt(offset);
    const lineStart = this.src.lastIndexOf("\n", offset - 1) + 1;
    const col = offset - lineStart + 1;
    const shown = this.src.slice(offset, offset + 20).split(/\r?\n/)[0] ?? "";
    throw new Error(`ABNF line ${line}, column ${col}: ${message} (at ${JSON.stringify(shown)})`);
  }

  private peek(k = 0): string | undefined {
    return this.src[this.pos + k];
  }

  private atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  /** Length of a newline (CRLF or LF) at offset, or 0. */
  private newlineAt(offset: number): number {
    if (this.src[offset] === "\n") return 1;
    if (this.src[offset] === "\r" && this.src[offset + 1] === "\n") return 2;
    return 0;
  }

  /**
   * Try c-nl = comment / CRLF at the current position. Returns the end offset
   * (after the newline, or at end of input for an unterminated last line),
   * or -1. Does not move.
   */
  private cNlEnd(at: number = this.pos): number {
    let i = at;
    if (this.src[i] === ";") {
      i++;
      while (i < this.src.length && this.newlineAt(i) === 0) {
        const code = this.src.charCodeAt(i);
        // WSP / VCHAR
        if (!(code === 0x09 || (code >= 0x20 && code <= 0x7e))) {
          this.fail(`invalid character U+${code.toString(16).toUpperCase().padStart(4, "0")} in comment`, i);
        }
        i++;
      }
    }
    const nl = this.newlineAt(i);
    if (nl > 0) return i + nl;
    if (i >= this.src.length && (i > at || at >= this.src.length)) return i; // EOF terminates
    return -1;
  }

  /**
   * Skip *c-wsp, where c-wsp = WSP / (c-nl WSP). A comment or newline is
   * only consumed when the next line starts with whitespace (continuation).
   * Returns the number of characters skipped.
   */
  skipCwsp(): number {
    const begin = this.pos;
    for (;;) {
      if (isWsp(this.peek())) {
        this.pos++;
        continue;
      }
      const end = this.cNlEnd();
      if (end >= 0 && end < this.src.length && isWsp(this.src[end])) {
        this.pos = end;
        continue;
      }
      break;
    }
    return this.pos - begin;
  }

  /** rulelist = 1*( rule / (*c-wsp c-nl) ) */
  parseRulelist(): { rules: AbnfRuleMap; spans: RuleSpan[] } {
    const rules = new AbnfRuleMap();
    const spans: RuleSpan[] = [];
    while (!this.atEnd()) {
      if (isAlpha(this.peek())) {
        const start = this.pos;
        const line = this.lineAt(start);
        const name = this.parseRulename();
        this.skipCwsp();
        let incremental = false;
        if (this.peek() === "=" && this.peek(1) === "/") {
          incremental = true;
          this.pos += 2;
        } else if (this.peek() === "=") {
          this.pos += 1;
        } else {
          this.fail(`expected "=" or "=/" after rule name "${name}"`);
        }
        this.skipCwsp();
        const expr = this.parseAlternation();
        this.skipCwsp();
        const end = this.cNlEnd();
        if (end < 0) this.fail(`unexpected text in definition of rule "${name}"`);
        this.pos = end;
        rules.define(name, expr, incremental, line);
        spans.push({ name, start });
      } else {
        // *c-wsp c-nl : blank or comment-only line
        this.skipCwsp();
        const end = this.cNlEnd();
        if (end < 0) {
          this.fail(
            isAlpha(this.peek())
              ? "rule names must start in the first column (an indented line only continues a rule)"
              : "expected a rule name, a comment or a blank line",
          );
        }
        if (end === this.pos && this.atEnd()) break;
        this.pos = end;
      }
    }
    return { rules, spans };
  }

  parseRulename(): string {
    const start = this.pos;
    if (!isAlpha(this.peek())) this.fail("expected a rule name");
    while (isAlpha(this.peek()) || isDigit(this.peek()) || this.peek() === "-") this.pos++;
    return this.src.slice(start, this.pos);
  }

  /** alternation = concatenation *(*c-wsp "/" *c-wsp concatenation) */
  parseAlternation(): AbnfExpr {
    const items = [this.parseConcatenation()];
    for (;;) {
      const save = this.pos;
      this.skipCwsp();
      if (this.peek() === "/") {
        this.pos++;
        this.skipCwsp();
        items.push(this.parseConcatenation());
      } else {
        this.pos = save;
        break;
      }
    }
    return items.length === 1 ? items[0]! : { type: "alt", items };
  }

  private startsRepetition(c: string | undefined): boolean {
    return c !== undefined && (isAlpha(c) || isDigit(c) || `*("[%<`.includes(c));
  }

  /** concatenation = repetition *(1*c-wsp repetition) */
  parseConcatenation(): AbnfExpr {
    const items = [this.parseRepetition()];
    for (;;) {
      const save = this.pos;
      const ws = this.skipCwsp();
      if (ws > 0 && this.startsRepetition(this.peek())) {
        items.push(this.parseRepetition());
      } else {
        if (ws === 0 && this.startsRepetition(this.peek())) {
          this.fail("elements of a concatenation must be separated by whitespace");
        }
        this.pos = save;
        break;
      }
    }
    return items.length === 1 ? items[0]! : { type: "seq", items };
  }

  private parseDecimal(): number | undefined {
    const start = this.pos;
    while (isDigit(this.peek())) this.pos++;
    if (this.pos === start) return undefined;
    const n = Number(this.src.slice(start, this.pos));
    if (!Number.isSafeInteger(n)) this.fail("repeat count too large", start);
    return n;
  }

  /** repetition = [repeat] element ; repeat = 1*DIGIT / (*DIGIT "*" *DIGIT) */
  parseRepetition(): AbnfExpr {
    const start = this.pos;
    const first = this.parseDecimal();
    let min: number;
    let max: number;
    let hasRepeat: boolean;
    if (this.peek() === "*") {
      this.pos++;
      min = first ?? 0;
      max = this.parseDecimal() ?? Infinity;
      hasRepeat = true;
    } else if (first !== undefined) {
      min = first;
      max = first;
      hasRepeat = true;
    } else {
      min = 1;
      max = 1;
      hasRepeat = false;
    }
    if (min > max) this.fail(`repeat "${this.src.slice(start, this.pos)}" has minimum greater than maximum`, start);
    if (hasRepeat && (isWsp(this.peek()) || this.peek() === "\r" || this.peek() === "\n" || this.peek() === ";")) {
      this.fail("a repeat prefix must be immediately followed by an element");
    }
    const element = this.parseElement();
    return hasRepeat ? { type: "rep", min, max, item: element } : element;
  }

  /** element = rulename / group / option / char-val / num-val / prose-val */
  parseElement(): AbnfExpr {
    const c = this.peek();
    if (isAlpha(c)) return { type: "ref", name: this.parseRulename() };
    if (c === "(" || c === "[") {
      const open = this.pos;
      const close = c === "(" ? ")" : "]";
      this.pos++;
      this.skipCwsp();
      const inner = this.parseAlternation();
      this.skipCwsp();
      if (this.peek() !== close) this.fail(`expected "${close}" to close "${c}" opened at offset ${open}`);
      this.pos++;
      return c === "(" ? inner : { type: "rep", min: 0, max: 1, item: inner };
    }
    if (c === '"') return this.parseQuoted(false);
    if (c === "<") {
      const start = this.pos;
      this.pos++;
      while (!this.atEnd() && this.peek() !== ">") {
        const code = this.src.charCodeAt(this.pos);
        if (!(code >= 0x20 && code <= 0x7e)) this.fail("invalid character in prose-val (missing \">\"?)");
        this.pos++;
      }
      if (this.atEnd()) this.fail('unterminated prose-val (missing ">")', start);
      this.pos++;
      return { type: "prose", text: this.src.slice(start + 1, this.pos - 1) };
    }
    if (c === "%") {
      const kind = this.peek(1)?.toLowerCase();
      if (kind === "s" || kind === "i") {
        this.pos += 2;
        if (this.peek() !== '"') this.fail(`expected a quoted string after "%${kind}"`);
        return this.parseQuoted(kind === "s");
      }
      return this.parseNumVal();
    }
    if (c === undefined) this.fail("unexpected end of input, expected an element");
    return this.fail("expected an element (rule name, group, option, string, %-value or prose)");
  }

  /** char-val = DQUOTE *(%x20-21 / %x23-7E) DQUOTE */
  private parseQuoted(caseSensitive: boolean): AbnfExpr {
    const start = this.pos;
    this.pos++;
    while (!this.atEnd() && this.peek() !== '"') {
      const code = this.src.charCodeAt(this.pos);
      if (!(code >= 0x20 && code <= 0x7e)) this.fail('invalid character in quoted string (missing closing \'"\'?)');
      this.pos++;
    }
    if (this.atEnd()) this.fail("unterminated quoted string", start);
    this.pos++;
    return { type: "str", text: this.src.slice(start + 1, this.pos - 1), caseSensitive };
  }

  /** num-val = "%" (bin-val / dec-val / hex-val) */
  private parseNumVal(): AbnfExpr {
    const start = this.pos;
    this.pos++; // %
    const kind = this.peek()?.toLowerCase();
    const radix = kind === "b" ? 2 : kind === "d" ? 10 : kind === "x" ? 16 : 0;
    if (radix === 0) this.fail('expected "b", "d", "x", "s" or "i" after "%"');
    this.pos++;
    const digitOk = (ch: string | undefined): boolean =>
      ch !== undefined && !Number.isNaN(parseInt(ch, radix)) && /^[0-9A-Fa-f]$/.test(ch);
    const number = (): number => {
      const s = this.pos;
      while (digitOk(this.peek())) this.pos++;
      if (this.pos === s) this.fail(`expected a base-${radix} digit`);
      const n = parseInt(this.src.slice(s, this.pos), radix);
      if (n > 0x10ffff) this.fail("value exceeds U+10FFFF", s);
      return n;
    };
    const first = number();
    if (this.peek() === "-") {
      this.pos++;
      const hi = number();
      if (hi < first) this.fail("range upper bound is below its lower bound", start);
      if (this.peek() === "." || this.peek() === "-") this.fail("a num-val is either a range or a dotted series, not both");
      return { type: "range", lo: first, hi };
    }
    if (this.peek() === ".") {
      const values = [first];
      while (this.peek() === ".") {
        this.pos++;
        values.push(number());
      }
      if (this.peek() === "-") this.fail("a num-val is either a range or a dotted series, not both");
      return { type: "str", text: String.fromCodePoint(...values), caseSensitive: true };
    }
    return { type: "range", lo: first, hi: first };
  }

  expectEnd(): void {
    this.skipCwsp();
    // allow trailing whitespace/comments/newlines
    while (!this.atEnd()) {
      const end = this.cNlEnd();
      if (end < 0) this.fail("unexpected text after expression");
      this.pos = end;
      this.skipCwsp();
    }
  }
}

function parseWithSpans(text: string): { rules: AbnfRuleMap; spans: RuleSpan[] } {
  return new AbnfParser(text).parseRulelist();
}

/** Parse an RFC 5234 rulelist. Keys are lowercased rule names. */
export function parseAbnf(text: string): AbnfRuleMap {
  return parseWithSpans(text).rules;
}

/** Parse only the right-hand side of a rule (RFC 5234 `elements`). */
export function parseAbnfExpr(text: string): AbnfExpr {
  const p = new AbnfParser(text);
  p.skipCwsp();
  while (p.pos < text.length && /^[ \t\r\n]$/.test(text[p.pos]!)) p.pos++; // leading blank lines
  const expr = p.parseAlternation();
  p.expectEnd();
  return expr;
}

/**
 * Raw source text of one rule's definition: from the first character of its
 * name up to (not including) the next rule's name, so trailing comment lines
 * are included; trailing whitespace is trimmed. If the rule has incremental
 * (`=/`) definitions, their texts are appended, separated by "\n".
 */
export function ruleSourceText(fileText: string, name: string): string {
  const { spans } = parseWithSpans(fileText);
  const key = name.toLowerCase();
  const parts: string[] = [];
  spans.forEach((span, i) => {
    if (span.name.toLowerCase() !== key) return;
    const next = spans[i + 1];
    parts.push(fileText.slice(span.start, next === undefined ? fileText.length : next.start).trimEnd());
  });
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
