// The ABNF reader's typed error (reader.ts), and the diagnosis of a parsimmon failure: from the
// furthest offset and what was expected there, which mistake it is and where it points.

import { describeValue, wordList } from "../describe.js";
import { codePointName, PASSWORD_CHARACTER, withoutStack } from "../errors.js";
import { defineInput, maskPasswordsInAt } from "../password.js";
import { LABEL } from "./reader-grammar.js";
import { LineIndex, layoutOf, openBrackets } from "./reader-layout.js";

/** What is wrong with ABNF text. */
export type AbnfErrorCode =
  /** Any other syntax error. */
  | "syntax"
  /** A line that is neither a rule, a blank or comment line, nor the continuation of a rule. */
  | "rule-expected"
  /** A rule name not followed by "=" or "=/" on its line. */
  | "defined-as-expected"
  /** No element where one must be: after "=", "/", "(", "[" or a repeat such as "1*". */
  | "element-expected"
  /** Two elements of a concatenation without white space between them, as in `")"a`. */
  | "missing-whitespace"
  /** A quoted string without its closing '"' on the same line. */
  | "unterminated-string"
  /** A prose value without its closing ">" on the same line. */
  | "unterminated-prose"
  /** A character ABNF does not allow where it stands (a control character, non-ASCII outside comments). */
  | "invalid-character"
  /** A "(" without its ")". */
  | "unclosed-group"
  /** A "[" without its "]". */
  | "unclosed-option"
  /** Text after a complete rule (or complete elements) that cannot continue it. */
  | "unexpected-text"
  /** A malformed numeric value: a bad digit, a missing number, dots and a dash together. */
  | "bad-num-val"
  /** A numeric value above %x10FFFF, the last Unicode code point. */
  | "num-val-out-of-range"
  /** A range %xLO-HI with HI below LO. */
  | "reversed-range"
  /** A dotted numeric value (a case-sensitive string) holding a surrogate code point, which is no character. */
  | "surrogate"
  /** A repeat `n*m` with m below n, or a count too large to hold. */
  | "bad-repeat"
  /** Groups and options nested too deeply for the reader, or rules that refer to rules more than 400 levels deep (grammarFromAbnf). */
  | "too-deep"
  /** A rule too large for the reader (hundreds of thousands of items in one alternation or concatenation). */
  | "too-large"
  /** A rule defined twice with "=" (RFC 5234 §3.3: later definitions add alternatives with "=/"). */
  | "duplicate-rule"
  /** "=/" for a rule that has no "=" definition before it. */
  | "undefined-incremental"
  /** A reference to a rule that neither the text nor an import defines (grammarFromAbnf). */
  | "undefined-rule"
  /** A rule that can reach itself without matching a character (grammarFromAbnf). */
  | "left-recursion"
  /** A rule defined only as prose (`<...>`) that no import supplies, or prose inside a rule's elements where a match can reach it (grammarFromAbnf). */
  | "unsupplied-prose"
  /** Two imports that define one rule differently (grammarFromAbnf). */
  | "import-conflict"
  /**
   * A rule too large for the engine to compile (grammarFromAbnf with `compile: true`; without
   * it, the rule's first use is the GrammarError "too-large"): more than 200,000 character
   * positions in its own definition (`1000000"x"`), or, inside an unbounded repetition, a large
   * bounded repetition of an element that can match the empty string (`*( 0*5000[ "x" ] )`).
   */
  | "too-large-to-compile";

/** What stands at `offset`, for messages: a quoted character, a U+XXXX code, "end of line" or "end of input". */
export function foundAt(input: string, offset: number): string {
  const cp = input.codePointAt(offset);
  if (cp === undefined) return "end of input";
  if (cp === 0x0a || (cp === 0x0d && input.charCodeAt(offset + 1) === 0x0a)) return "end of line";
  const hex = codePointName(cp);
  if (cp <= 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff)) return hex;
  const ch = String.fromCodePoint(cp);
  return cp < 0x80 ? JSON.stringify(ch) : `${hex} ${JSON.stringify(ch)}`;
}

const WINDOW = 60;

/** The source line `lineText` with a caret under `column` (1-based, UTF-16), cut to a window around it. */
export function caretLine(lineText: string, column: number): string {
  const at = Math.max(0, column - 1);
  const from = Math.max(0, at - WINDOW);
  const to = Math.min(lineText.length, at + WINDOW);
  const head = from > 0 ? "…" : "";
  const tail = to < lineText.length ? "…" : "";
  // Tabs shown as one space and other control characters as "?", so the caret lines up.
  // eslint-disable-next-line no-control-regex
  const shown = lineText.slice(from, to).replace(/\t/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
  // The caret's indent counts code points: a character outside the BMP is one column on screen.
  const indent = [...lineText.slice(from, Math.min(at, lineText.length))].length + Math.max(0, at - lineText.length);
  return `  ${head}${shown}${tail}\n  ${" ".repeat(head.length + indent)}^`;
}

/** The parts of an error the reader fills in. */
export interface AbnfErrorDetails {
  readonly code: AbnfErrorCode;
  /** The text that was read. */
  readonly input: string;
  /** Where the error is, in UTF-16 code units. */
  readonly offset: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units (a tab counts one). */
  readonly column: number;
  /** The problem, without the position. */
  readonly detail: string;
  /** The source line the error is on, without its line end. */
  readonly lineText: string;
  readonly expected?: readonly string[] | undefined;
}

/**
 * ABNF text that cannot be read. `message` is `shortMessage`, then the source line with a caret
 * under the column, like the library's UriSyntaxError.
 */
export class AbnfError extends Error {
  override readonly name = "AbnfError";
  /** What kind of mistake it is. */
  readonly code: AbnfErrorCode;
  /** 1-based line of the error. */
  readonly line: number;
  /** 1-based column of the error, in UTF-16 code units (a tab counts as one). */
  readonly column: number;
  /** Where the error is in `input`, in UTF-16 code units (0-based). */
  readonly offset: number;
  /**
   * The text that was read, as given. Where it holds a URI with a password (RFC 3986 §7.5), the
   * message shows it masked and `input` is readable but not enumerable, as a UriSyntaxError's
   * is, so that `JSON.stringify` and `console.log` of the error do not print it.
   */
  declare readonly input: string;
  /** For syntax errors, the labels of what could have stood at `offset` (rule names, quoted tokens); empty otherwise. */
  readonly expected: readonly string[];
  /** What stands at `offset`: a quoted character, a U+XXXX code, "end of line" or "end of input". */
  readonly found: string;
  /** The first line of `message`, without the excerpt. */
  readonly shortMessage: string;

  constructor(details: AbnfErrorDetails) {
    if (typeof details !== "object" || details === null) throw new TypeError(`AbnfError: the argument "details" must be an object, got ${describeValue(details)}`);
    // the detail may quote the text too (a prose value: "<http://u:pw@h/>")
    const shortMessage = `Invalid ABNF at line ${details.line}, column ${details.column}: ${maskPasswordsInAt(details.detail, 0).text}`;
    // a URI written in the text (a comment, a string, or given where ABNF goes): its password
    // masked in the excerpt, the caret moved with the mask (RFC 3986 §3.2.1, §7.5)
    const shown = maskPasswordsInAt(details.lineText, details.column - 1);
    super();
    this.message = `${shortMessage}\n${caretLine(shown.text, shown.offset + 1)}`;
    this.code = details.code;
    this.line = details.line;
    this.column = details.column;
    this.offset = details.offset;
    const input = details.input;
    const whole = maskPasswordsInAt(input, details.offset);
    if (whole.text === input) Object.defineProperty(this, "input", { value: input, enumerable: true, writable: false, configurable: true });
    else defineInput(this, input);
    this.expected = Object.freeze([...(details.expected ?? [])]);
    this.found = whole.inPassword ? PASSWORD_CHARACTER : foundAt(input, details.offset);
    this.shortMessage = shortMessage;
  }
}

/** Builds an AbnfError without capturing a stack trace (it is returned as a value, not thrown). */
export function makeAbnfError(details: AbnfErrorDetails): AbnfError {
  return withoutStack(() => new AbnfError(details));
}

/** An AbnfError at `offset` of `input`, with the line and column worked out. */
export function errorAt(input: string, offset: number, code: AbnfErrorCode, detail: string, expected?: readonly string[]): AbnfError {
  const lines = new LineIndex(input);
  const { line, column } = lines.position(offset);
  return makeAbnfError({ code, input, offset, line, column, detail, lineText: lines.lineText(line - 1), ...(expected ? { expected } : {}) });
}

/** Labels that are always possible between tokens: left out of a message's list when anything else is there. */
const FILLER: ReadonlySet<string> = new Set([LABEL.whiteSpace, LABEL.comment]);

/** `a`, `a or b`, `a, b or c` (the one list wording, src/describe.ts). */
const orList = (items: readonly string[]): string => wordList(items, "or", "nothing");

/** The labels worth listing in a message, in a stable order. */
function listed(expected: readonly string[]): string[] {
  const unique = [...new Set(expected)];
  const meaningful = unique.filter((e) => !FILLER.has(e));
  return (meaningful.length > 0 ? meaningful : unique).sort();
}

const isControl = (cp: number): boolean => (cp < 0x20 && cp !== 0x09 && cp !== 0x0a) || cp === 0x7f;

/** A character that stands nowhere in ABNF outside a comment, described; undefined for the others. */
function invalidCharacter(input: string, offset: number): string | undefined {
  const cp = input.codePointAt(offset);
  if (cp === undefined) return undefined;
  if (cp === 0x0d && input.charCodeAt(offset + 1) !== 0x0a) return "a carriage return (U+000D) not followed by a line feed; lines end with CRLF or LF";
  if (cp === 0x0d) return undefined;
  if (isControl(cp)) return `the control character ${foundAt(input, offset)} is not allowed in ABNF (only HTAB, CR and LF are)`;
  if (cp >= 0xd800 && cp <= 0xdfff) return `${foundAt(input, offset)} is a lone surrogate, not a character`;
  if (cp >= 0x80) return `${foundAt(input, offset)} is not US-ASCII; ABNF allows non-ASCII characters only in comments (write a numeric value such as %x${cp.toString(16).toUpperCase()} instead)`;
  return undefined;
}

/** The rule name written just before `offset` (white space skipped), if any. */
function nameBefore(input: string, offset: number): string | undefined {
  const m = /([A-Za-z][A-Za-z0-9-]*)[ \t]*$/.exec(input.slice(Math.max(0, offset - 200), offset));
  return m?.[1];
}

/** What ends just before `offset` (white space included), to explain a missing element. */
function contextBefore(input: string, offset: number): string {
  const before = input.slice(Math.max(0, offset - 200), offset);
  const rep = /(?:^|[^A-Za-z0-9-])([0-9]*\*[0-9]*|[0-9]+)$/.exec(before);
  if (rep) return `the repeat "${rep[1] ?? ""}" must be followed immediately by the element it repeats`;
  const trimmed = before.replace(/(?:;[^\n]*)?\s*$/, "").replace(/\s+$/, "");
  const last = trimmed.slice(-2);
  if (last === "=/" || last.endsWith("=")) return "a rule needs at least one element after its \"=\" or \"=/\"";
  if (last.endsWith("/")) return 'an alternative is expected after "/"';
  if (last.endsWith("(")) return 'a group needs an element after its "("';
  if (last.endsWith("[")) return 'an option needs an element after its "["';
  return "an element is expected";
}

/**
 * A hint when `offset` holds "#": RFC 9110 §5.6.1's list extension (`1#element`, `#element`,
 * `<n>#<m>element`), which RFCs on HTTP use and RFC 5234 does not have; it says how §5.6.1.1
 * writes each form out in RFC 5234 ABNF.
 */
function listRuleNote(input: string, offset: number): string {
  if (input.charCodeAt(offset) !== 0x23) return "";
  return (
    '; "#" is the list extension of RFC 9110 §5.6.1 (#rule), not RFC 5234 ABNF: read it with the option { lists: "sender" } (or "recipient", §5.6.1.2), or write 1#element as element *( OWS "," OWS element ),' +
    " #element as [ 1#element ] written out the same way, and <n>#<m>element as element <n-1>*<m-1>( OWS \",\" OWS element ) (RFC 9110 §5.6.1.1; OWS is RFC 9110's optional white space)"
  );
}

/**
 * A hint when `offset` holds the notation of another grammar language, which RFC 5234 writes
 * otherwise: a single-quoted string, "|" between alternatives, a postfix "+" or "?".
 */
function notationNote(input: string, offset: number): string {
  switch (input.charCodeAt(offset)) {
    case 0x27:
      return '; ABNF quotes a string with double quotes only ("x" matches x in either case, %s"x" in this case only: RFC 5234 §2.3, RFC 7405)';
    case 0x7c:
      return '; ABNF separates alternatives with "/" (RFC 5234 §3.2), not "|"';
    case 0x2b:
    case 0x3f:
      return "; ABNF writes a repetition before its element (RFC 5234 §3.6-§3.8): 1*x for one or more, *x for any number, [x] for an optional x";
    default:
      return "";
  }
}

/** An RFC's page footer ("Berners-Lee, et al.   Standards Track   [Page 49]", RFC 7322 §4.8). */
const PAGE_FOOTER = /\[Page [0-9]+\][ \t]*$/;
/** An RFC's page header ("RFC 3986   URI Generic Syntax   January 2005", RFC 7322 §4.8). */
const PAGE_HEADER = /^RFC [0-9]+ .*[0-9]{4}[ \t]*$/;

/**
 * A hint when the line holding `offset` is a page break of an RFC's text (its footer, the form
 * feed, its header): ABNF pasted across a page break holds lines that are no ABNF, and the reader
 * takes them as a continuation of the rule before them.
 */
function pageBreakNote(input: string, offset: number): string {
  const lines = new LineIndex(input);
  const text = lines.lineText(lines.lineIndexOf(offset));
  if (!PAGE_FOOTER.test(text) && !PAGE_HEADER.test(text) && !text.includes("\f")) return "";
  return "; this line is a page break of an RFC's text (its footer, form feed or header), which is no ABNF: take page breaks out of ABNF pasted from an RFC (RFC 5234 §4 note 1)";
}

/** Where the text being read at `offset` started: its rule's line, or 0. */
function scanStart(input: string, offset: number, mode: "rules" | "elements"): number {
  if (mode === "elements") return 0;
  return Math.max(0, layoutOf(input).ruleLineStartBefore(offset));
}

/** A hint when `offset` is a line end where the rule stops. */
function endOfRuleNote(input: string, offset: number, mode: "rules" | "elements"): string {
  const found = foundAt(input, offset);
  if (mode === "rules" && found === "end of line") {
    const n = input.charCodeAt(offset) === 0x0d ? 2 : 1;
    if (!layoutOf(input).continuesAt(offset + n)) return " (the rule ends there: the next line that is not blank starts a new rule)";
  }
  return "";
}

/**
 * The AbnfError for a parsimmon failure: `offset` is the furthest offset parsimmon reached and
 * `expected` the labels (reader-grammar.ts LABEL) of what could have stood there.
 */
export function diagnose(input: string, offset: number, expected: readonly string[], mode: "rules" | "elements"): AbnfError {
  const has = (label: string): boolean => expected.includes(label);
  const found = foundAt(input, offset);
  const pageBreak = pageBreakNote(input, offset);
  const fail = (code: AbnfErrorCode, detail: string): AbnfError => errorAt(input, offset, code, detail + notationNote(input, offset) + pageBreak, expected);
  const expecting = `expected ${orList(listed(expected))}, found ${found}`;
  const atLineEnd = found === "end of line" || found === "end of input";

  if (has(LABEL.closeQuote)) {
    const open = input.lastIndexOf('"', offset - 1);
    const column = open - input.lastIndexOf("\n", open - 1);
    if (atLineEnd) return fail("unterminated-string", `unterminated quoted string: the '"' at column ${column} has no closing '"' on its line`);
    return fail(
      "invalid-character",
      `${found} cannot stand in a quoted string, which holds only SP and visible US-ASCII characters other than '"' (%x20-21 / %x23-7E); use a numeric value such as %x${(input.codePointAt(offset) ?? 0).toString(16).toUpperCase()} instead`,
    );
  }
  if (has(LABEL.closeAngle)) {
    const open = input.lastIndexOf("<", offset - 1);
    const column = open - input.lastIndexOf("\n", open - 1);
    if (atLineEnd) return fail("unterminated-prose", `unterminated prose value: the "<" at column ${column} has no closing ">" on its line`);
    return fail("invalid-character", `${found} cannot stand in a prose value, which holds only SP and visible US-ASCII characters other than ">" (%x20-3D / %x3F-7E)`);
  }
  const invalid = invalidCharacter(input, offset);
  if (invalid !== undefined) return fail("invalid-character", invalid);

  if (has(LABEL.binDigit) || has(LABEL.decDigit) || has(LABEL.hexDigit) || has(LABEL.numValEnd)) {
    if (has(LABEL.numValEnd) && (found === '"."' || found === '"-"')) {
      return fail("bad-num-val", `bad numeric value: ${found} cannot follow here; a numeric value is either dotted (%x0D.0A) or one range (%x30-39), not both (RFC 5234 §3.4)`);
    }
    const base = has(LABEL.binDigit) ? LABEL.binDigit : has(LABEL.decDigit) ? LABEL.decDigit : LABEL.hexDigit;
    return fail("bad-num-val", `bad numeric value: expected a ${base}, found ${found}`);
  }
  if (has(LABEL.x)) {
    return fail("bad-num-val", `"%" must be followed by b, d or x and a number (RFC 5234 §4 num-val), or by s or i and a quoted string (RFC 7405); found ${found}`);
  }
  if (has(LABEL.openQuote)) {
    return fail("syntax", `"%s" and "%i" come before a quoted string (RFC 7405 §2.2): ${expecting}`);
  }
  if (has(LABEL.ruleName)) {
    return fail("rule-expected", `expected a rule ("name = elements"); a line that does not start a rule continues the rule before it, and there is none; found ${found}`);
  }
  if (has(LABEL.definedAs)) {
    const name = nameBefore(input, offset);
    const bnf = input.charCodeAt(offset) === 0x3a ? '; ABNF defines a rule with "=" and adds alternatives with "=/" (RFC 5234 §2.2, §3.3), not ":=" or "::="' : "";
    return fail("defined-as-expected", `expected "=" or "=/" after the rule name${name === undefined ? "" : ` "${name}"`} on its line, found ${found}${bnf}`);
  }
  if (has(LABEL.whiteSpace) && /^[A-Za-z0-9*(["%<]/.test(input.slice(offset, offset + 1))) {
    return fail(
      "missing-whitespace",
      `${found} follows the previous element without white space; the elements of a concatenation are separated by white space (RFC 5234 §4: concatenation = repetition *(1*c-wsp repetition))`,
    );
  }
  if (has(LABEL.closeParen) || has(LABEL.closeBracket)) {
    const open = openBrackets(input, scanStart(input, offset, mode), offset).pop();
    const paren = has(LABEL.closeParen);
    const where = open === undefined ? "" : (() => {
      const { line, column } = new LineIndex(input).position(open.offset);
      return ` opened at line ${line}, column ${column}`;
    })();
    const what = paren ? `the group "("${where} is not closed` : `the option "["${where} is not closed`;
    return fail(paren ? "unclosed-group" : "unclosed-option", `${what}: ${expecting}${endOfRuleNote(input, offset, mode)}`);
  }
  if (has(LABEL.element) && !has(LABEL.slash)) {
    return fail("element-expected", `${contextBefore(input, offset)}; expected an element (a rule name, "(", "[", a quoted string, a "%" value or a <prose> value), found ${found}${endOfRuleNote(input, offset, mode)}${listRuleNote(input, offset)}`);
  }
  if (has(LABEL.endOfInput)) {
    const start = scanStart(input, offset, mode);
    const name = mode === "rules" ? /^[ \t]*([A-Za-z][A-Za-z0-9-]*)/.exec(input.slice(start, start + 200))?.[1] : undefined;
    const what = mode === "elements" ? "the elements" : name === undefined ? "the rule" : `the rule "${name}"`;
    return fail("unexpected-text", `unexpected ${found} after ${what}: ${expecting}${listRuleNote(input, offset)}`);
  }
  return fail("syntax", expecting);
}
