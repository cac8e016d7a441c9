// The line structure of ABNF text for the reader (reader.ts): where lines start, which lines start
// a rule, and whether a line end continues the rule before it.
//
// RFC 5234 §4 says a rule "continues if next line starts with white space" and §2.2 that rules are
// left aligned, relative to the first lines of the ABNF rules; §4 note 1 allows preprocessing of a
// ruleset taken from a specification. RFCs indent their rules (by 3 spaces or more, not always the
// same amount), so the reader decides by content instead of by column: a line whose first token is
// a rule name followed by "=" or "=/" starts a rule, whatever its indentation; every other line
// that is not blank or comment-only continues the rule before it. The two readings agree on every
// ruleset that RFC 5234 accepts: elements never hold a bare "=", so a rule-start line cannot be a
// continuation.

/** A line that starts a rule: optional indentation, a rulename, optional white space, "=" or "=/". */
const RULE_START = /^[ \t]*[A-Za-z][A-Za-z0-9-]*[ \t]*=/;

/** A line holding nothing but white space and perhaps a comment. */
const BLANK_OR_COMMENT = /^[ \t]*(?:;.*)?$/s;

/** What a line holds, for the layout. */
const LineKind = {
  /** Blank or comment-only: belongs to the rule before it, ends nothing. */
  Blank: 0,
  /** `name =` or `name =/`: starts a rule. */
  RuleStart: 1,
  /** Anything else: continues the rule before it. */
  Continuation: 2,
} as const;

/** Offsets of line starts (after "\n"; a CRLF line end is "\r\n"), with 1-based line/column lookup. */
export class LineIndex {
  /** The offset where each line starts; `starts[0]` is 0. */
  readonly starts: readonly number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    this.starts = starts;
  }

  /** The 0-based index of the line that holds `offset` (an offset at a "\n" is on the line it ends). */
  lineIndexOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** 1-based line and column of `offset`; the column counts UTF-16 code units, a tab counting as one. */
  position(offset: number): { line: number; column: number } {
    const k = this.lineIndexOf(offset);
    return { line: k + 1, column: offset - (this.starts[k] as number) + 1 };
  }

  /** The text of line `k` (0-based), without its line end. */
  lineText(k: number): string {
    const start = this.starts[k] ?? this.text.length;
    const next = this.starts[k + 1];
    const end = next === undefined ? this.text.length : next - 1;
    const line = this.text.slice(start, end);
    return line.endsWith("\r") && next !== undefined ? line.slice(0, -1) : line;
  }
}

/** A text's lines, classified once, answering "does the rule go on after this line end?". */
export class RuleLayout {
  readonly lines: LineIndex;
  /** For each line, the kind of the first line at or after it that is not blank (Blank when none). */
  private readonly nextContent: Uint8Array;
  /** For each line, whether it starts a rule. */
  private readonly ruleStart: Uint8Array;

  constructor(text: string) {
    this.lines = new LineIndex(text);
    const n = this.lines.starts.length;
    this.nextContent = new Uint8Array(n + 1);
    this.ruleStart = new Uint8Array(n);
    for (let k = n - 1; k >= 0; k--) {
      const line = this.lines.lineText(k);
      const kind = RULE_START.test(line) ? LineKind.RuleStart : BLANK_OR_COMMENT.test(line) ? LineKind.Blank : LineKind.Continuation;
      this.ruleStart[k] = kind === LineKind.RuleStart ? 1 : 0;
      this.nextContent[k] = kind === LineKind.Blank ? (this.nextContent[k + 1] as number) : kind;
    }
  }

  /**
   * Whether a rule goes on at `offset`, the start of a line: true when the next line that is not
   * blank or comment-only exists and does not start a rule. Blank and comment lines inside a rule
   * are allowed (a page break taken out of an RFC leaves blank lines in the middle of rules).
   */
  continuesAt(offset: number): boolean {
    return this.nextContent[this.lines.lineIndexOf(offset)] === LineKind.Continuation;
  }

  /** The offset of the start of the last rule-start line at or before `offset`'s line, or -1. */
  ruleLineStartBefore(offset: number): number {
    for (let k = this.lines.lineIndexOf(offset); k >= 0; k--) {
      if (this.ruleStart[k] === 1) return this.lines.starts[k] as number;
    }
    return -1;
  }
}

let lastText: string | undefined;
let lastLayout: RuleLayout | undefined;

/** The layout of `text`, computed once for the text being read (the reader asks at every line end). */
export function layoutOf(text: string): RuleLayout {
  if (lastLayout === undefined || lastText !== text) {
    lastLayout = new RuleLayout(text);
    lastText = text;
  }
  return lastLayout;
}

/**
 * The brackets "(" and "[" still open at `to`, scanning `text` from `from` (a rule's start): each
 * with its offset, innermost last. Quoted strings, prose values and comments are skipped, each ending
 * at the end of its line at the latest, as in RFC 5234 §4.
 */
export function openBrackets(text: string, from: number, to: number): { char: "(" | "["; offset: number }[] {
  const stack: { char: "(" | "["; offset: number }[] = [];
  const skipTo = (i: number, close: string): number => {
    for (let j = i + 1; j < to; j++) {
      const c = text[j];
      if (c === close) return j;
      if (c === "\n" || c === "\r") return j - 1;
    }
    return to;
  };
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === '"') i = skipTo(i, '"');
    else if (c === "<") i = skipTo(i, ">");
    else if (c === ";") i = skipTo(i, "\n");
    else if (c === "(" || c === "[") stack.push({ char: c, offset: i });
    else if (c === ")" || c === "]") stack.pop();
  }
  return stack;
}

const RULE_START_AT = /[ \t]*[A-Za-z][A-Za-z0-9-]*[ \t]*=/y;

/**
 * The first bracket nested deeper than `limit` in `text`, or undefined. With `perRule`, the
 * count starts again at each line that starts a rule (brackets never span rules).
 */
export function tooDeep(text: string, limit: number, perRule: boolean): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (perRule && (i === 0 || text[i - 1] === "\n")) {
      RULE_START_AT.lastIndex = i;
      if (RULE_START_AT.test(text)) depth = 0;
    }
    const c = text[i];
    if (c === '"' || c === "<" || c === ";") {
      const close = c === '"' ? '"' : c === "<" ? ">" : "\n";
      while (i + 1 < text.length && text[i + 1] !== close && text[i + 1] !== "\n") i++;
      if (text[i + 1] === close) i++;
    } else if (c === "(" || c === "[") {
      depth++;
      if (depth > limit) return i;
    } else if ((c === ")" || c === "]") && depth > 0) depth--;
  }
  return undefined;
}
