// The ABNF of ABNF (RFC 5234 §4, with RFC 7405 §2.2's char-val) as parsimmon parsers, for the
// reader (reader.ts). The parsers yield a raw syntax tree with source offsets; reader.ts turns it
// into expression data (expr.ts), checking what the syntax alone cannot (number ranges, repeats).
//
// Layout (reader-layout.ts): c-wsp = WSP / (c-nl WSP) becomes WSP / c-nl when the next non-blank
// line does not start a rule, so rules may be indented by any amount and continuation lines need
// not be indented more than the rule's first line. CRLF and LF both end a line; the last line may
// lack one.
//
// Failures carry the labels below (not parsimmon's regex sources), so reader-errors.ts can tell
// what went wrong from the furthest failure alone.

import P from "parsimmon";
import { layoutOf } from "./reader-layout.js";

/** What the parsers report as expected when they fail. */
export const LABEL = {
  whiteSpace: "white space",
  comment: "comment",
  lineEnd: "line end",
  endOfInput: "end of input",
  ruleName: "rule name",
  definedAs: '"=" or "=/"',
  element: "element",
  slash: '"/"',
  openParen: '"("',
  closeParen: '")"',
  openBracket: '"["',
  closeBracket: '"]"',
  openQuote: "'\"'",
  closeQuote: "'\"' (end of the quoted string)",
  openAngle: '"<"',
  closeAngle: '">" (end of the prose value)',
  percent: '"%"',
  b: '"b"',
  d: '"d"',
  x: '"x"',
  s: '"s"',
  i: '"i"',
  dot: '"."',
  dash: '"-"',
  binDigit: "binary digit",
  decDigit: "decimal digit",
  hexDigit: "hexadecimal digit",
  numValEnd: "end of the numeric value",
} as const;

/** A number as written in a num-val: its digits and where they start. */
export interface RawNumber {
  readonly digits: string;
  readonly offset: number;
}

/** The raw syntax tree: RFC 5234 §4 forms, with the offsets the reader's checks point at. */
export type RawNode =
  | { readonly kind: "alternation"; readonly items: readonly RawNode[] }
  | { readonly kind: "concatenation"; readonly items: readonly RawNode[] }
  | { readonly kind: "repetition"; readonly repeat: string; readonly offset: number; readonly element: RawNode }
  | { readonly kind: "option"; readonly body: RawNode }
  | { readonly kind: "rulename"; readonly name: string; readonly offset: number }
  | { readonly kind: "char-val"; readonly text: string; readonly caseSensitive: boolean }
  | {
      readonly kind: "num-val";
      readonly base: 2 | 10 | 16;
      readonly offset: number;
      readonly form: "single" | "dotted" | "range";
      readonly values: readonly RawNumber[];
    }
  | { readonly kind: "prose-val"; readonly text: string; readonly offset: number };

/** One rule as read: `name = elements` or `name =/ elements`. */
export interface RawRule {
  readonly name: string;
  readonly offset: number;
  readonly incremental: boolean;
  readonly elements: RawNode;
}

/** A token: `re` matched at the current offset (a sticky copy, so the input is never sliced). */
function token(re: RegExp, label: string | readonly string[]): P.Parser<string> {
  const sticky = new RegExp(re.source, `${re.flags.replace(/[gy]/g, "")}y`);
  const expected = typeof label === "string" ? [label] : [...label];
  return P((input, i) => {
    sticky.lastIndex = i;
    const m = sticky.exec(input);
    return m === null ? P.makeFailure(i, expected) : P.makeSuccess(i + m[0].length, m[0]);
  });
}

/** The current offset, consuming nothing. */
const offset: P.Parser<number> = P((_input, i) => P.makeSuccess(i, i));

/**
 * What a comment may hold after its ";". RFC 5234 §4 allows WSP / VCHAR only; the reader also
 * accepts any non-ASCII character, a deliberate leniency: RFC texts hold names and quotes in
 * comments (and RFC 9110 is UTF-8), and a comment's content does not change the grammar.
 */
const COMMENT_TEXT = /;[\t\x20-\x7E\u0080-\uFFFF]*/y;

/** The length of a line end at `j` (2 for CRLF, 1 for LF, 0 for none). */
const lineEndLength = (input: string, j: number): number => {
  const c = input.charCodeAt(j);
  if (c === 0x0a) return 1;
  return c === 0x0d && input.charCodeAt(j + 1) === 0x0a ? 2 : 0;
};

/** The offset after a comment starting at `j`, or `j` when there is none. */
const skipComment = (input: string, j: number): number => {
  if (input.charCodeAt(j) !== 0x3b) return j;
  COMMENT_TEXT.lastIndex = j;
  const m = COMMENT_TEXT.exec(input);
  return m === null ? j : j + m[0].length;
};

/**
 * WSP (RFC 5234 Appendix B.1).
 *
 * ```text
 * WSP            =  SP / HTAB
 * ```
 */
const WSP = token(/[ \t]/, LABEL.whiteSpace);

/**
 * The end of a rule: RFC 5234 §4's c-nl, or the end of the text (a missing final newline).
 *
 * ```text
 * c-nl           =  comment / CRLF
 *                        ; comment or newline
 * comment        =  ";" *(WSP / VCHAR) CRLF
 * ```
 *
 * CRLF is "\r\n" or "\n".
 */
const ruleEnd: P.Parser<null> = P((input, i) => {
  const j = skipComment(input, i);
  if (j === input.length) return P.makeSuccess(j, null);
  const n = lineEndLength(input, j);
  if (n > 0) return P.makeSuccess(j + n, null);
  return P.makeFailure(j, j === i ? [LABEL.comment, LABEL.lineEnd, LABEL.endOfInput] : [LABEL.lineEnd, LABEL.endOfInput]);
});

/**
 * A line holding only white space and perhaps a comment, between rules: the `(*c-wsp c-nl)` of
 * RFC 5234 §4 rulelist, one line at a time (the last line may end without a line end).
 *
 * ```text
 * rulelist       =  1*( rule / (*c-wsp c-nl) )
 * ```
 */
const blankLine: P.Parser<null> = P((input, i) => {
  let j = i;
  while (input.charCodeAt(j) === 0x20 || input.charCodeAt(j) === 0x09) j++;
  const k = skipComment(input, j);
  if (k === input.length) return k > i ? P.makeSuccess(k, null) : P.makeFailure(k, [LABEL.lineEnd]);
  const n = lineEndLength(input, k);
  if (n > 0) return P.makeSuccess(k + n, null);
  return P.makeFailure(k, k === j ? [LABEL.comment, LABEL.lineEnd] : [LABEL.lineEnd]);
});

/**
 * rulename (RFC 5234 §4), as the name a rule defines.
 *
 * ```text
 * rulename       =  ALPHA *(ALPHA / DIGIT / "-")
 * ```
 */
const rulename = token(/[A-Za-z][A-Za-z0-9-]*/, LABEL.ruleName);

/** The parsers of one layout: `continues(input, offset)` says whether a line end continues the rule. */
export interface AbnfParsers {
  /** RFC 5234 §4 rulelist, the whole text. */
  readonly rulelist: P.Parser<RawRule[]>;
  /** RFC 5234 §4 elements, the whole text (the right-hand side of one rule). */
  readonly elements: P.Parser<RawNode>;
}

function makeParsers(continues: (input: string, offset: number) => boolean, lists = false): AbnfParsers {
  /**
   * c-wsp (RFC 5234 §4), with the reader's layout: a line end (after an optional comment)
   * continues the rule when the next non-blank line does not start a rule.
   *
   * ```text
   * c-wsp          =  WSP / (c-nl WSP)
   * ```
   */
  const cWsp: P.Parser<unknown> = P.alt(
    WSP,
    P((input, i) => {
      const j = skipComment(input, i);
      const n = lineEndLength(input, j);
      if (n === 0) {
        if (j === i) return P.makeFailure(i, [LABEL.comment, LABEL.lineEnd]);
        // A comment up to the end of the input: nothing can follow it, so the failure is where it starts.
        if (j === input.length) return P.makeFailure(i, []);
        // A comment stopped by a character it cannot hold.
        return P.makeFailure(j, [LABEL.lineEnd]);
      }
      // A line end where the rule cannot go on: nothing is "expected" here, the rule just ends.
      if (!continues(input, j + n)) return P.makeFailure(i, []);
      return P.makeSuccess(j + n, null);
    }),
  );
  const manyCWsp = cWsp.many();

  /**
   * repeat (RFC 5234 §4): `*`, `n*`, `*m`, `n*m` or `n`, kept as written; with `lists`, also
   * RFC 9110 §5.6.1's `#`, `n#`, `#m` and `n#m`.
   *
   * ```text
   * repeat         =  1*DIGIT / (*DIGIT "*" *DIGIT)
   * ```
   */
  const repeat = lists ? token(/[0-9]*[*#][0-9]*|[0-9]+/, LABEL.element) : token(/[0-9]*\*[0-9]*|[0-9]+/, LABEL.element);

  /** num-val digits of one base, with where they start. */
  const digits = (re: RegExp, label: string): P.Parser<RawNumber> =>
    P.seqMap(offset, token(re, label), (at, text) => ({ digits: text, offset: at }));

  /** After a num-val: no further digit, letter, "." or "-" (which would be a malformed value). */
  const numValEnd = (label: string): P.Parser<null> =>
    P((input, i) => {
      const c = input.charCodeAt(i);
      if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) return P.makeFailure(i, label);
      if (c === 0x2e || c === 0x2d) return P.makeFailure(i, LABEL.numValEnd);
      return P.makeSuccess(i, null);
    });

  /** The part of bin-val, dec-val or hex-val after its letter. */
  const numBody = (base: 2 | 10 | 16, re: RegExp, label: string): P.Parser<Omit<Extract<RawNode, { kind: "num-val" }>, "offset">> => {
    const num = digits(re, label);
    const dotted = P.seqMap(token(/\./, LABEL.dot), num, (_d, n) => n).atLeast(1);
    const ranged = P.seqMap(token(/-/, LABEL.dash), num, (_d, n) => n);
    return P.seqMap(
      num,
      P.alt(
        dotted.map((rest) => ({ form: "dotted" as const, rest })),
        ranged.map((hi) => ({ form: "range" as const, rest: [hi] })),
      ).atMost(1),
      numValEnd(label),
      (first, more) => {
        const tail = more[0];
        return tail === undefined
          ? { kind: "num-val" as const, base, form: "single" as const, values: [first] }
          : { kind: "num-val" as const, base, form: tail.form, values: [first, ...tail.rest] };
      },
    );
  };

  /**
   * bin-val (RFC 5234 §4); the "b" is case-insensitive (§2.3).
   *
   * ```text
   * bin-val        =  "b" 1*BIT
   *                   [ 1*("." 1*BIT) / ("-" 1*BIT) ]
   *                        ; series of concatenated bit values
   *                        ;  or single ONEOF range
   * ```
   */
  const binVal = token(/[bB]/, LABEL.b).then(numBody(2, /[01]+/, LABEL.binDigit));

  /**
   * dec-val (RFC 5234 §4).
   *
   * ```text
   * dec-val        =  "d" 1*DIGIT
   *                   [ 1*("." 1*DIGIT) / ("-" 1*DIGIT) ]
   * ```
   */
  const decVal = token(/[dD]/, LABEL.d).then(numBody(10, /[0-9]+/, LABEL.decDigit));

  /**
   * hex-val (RFC 5234 §4); hex digits are case-insensitive.
   *
   * ```text
   * hex-val        =  "x" 1*HEXDIG
   *                   [ 1*("." 1*HEXDIG) / ("-" 1*HEXDIG) ]
   * ```
   */
  const hexVal = token(/[xX]/, LABEL.x).then(numBody(16, /[0-9A-Fa-f]+/, LABEL.hexDigit));

  /**
   * quoted-string (RFC 7405 §2.2; RFC 5234 §4's char-val): no DQUOTE inside, no escapes, and it
   * ends on its line.
   *
   * ```text
   * quoted-string  =  DQUOTE *(%x20-21 / %x23-7E) DQUOTE
   *                        ; quoted string of SP and VCHAR
   *                        ;  without DQUOTE
   * ```
   */
  const quotedString = P.seqMap(token(/"/, LABEL.openQuote), token(/[\x20\x21\x23-\x7E]*/, []), token(/"/, LABEL.closeQuote), (_o, text) => text);

  /**
   * case-insensitive-string (RFC 7405 §2.2) without its optional "%i" (which `percentValue` reads).
   *
   * ```text
   * case-insensitive-string =
   *                   [ "%i" ] quoted-string
   * ```
   */
  const caseInsensitiveString: P.Parser<RawNode> = quotedString.map((text) => ({ kind: "char-val", text, caseSensitive: false }));

  /**
   * What may follow "%": num-val (RFC 5234 §4) or a prefixed char-val (RFC 7405 §2.2). Both start
   * with "%", so they are read together; the letters are case-insensitive.
   *
   * ```text
   * num-val        =  "%" (bin-val / dec-val / hex-val)
   * char-val       =  case-insensitive-string /
   *                   case-sensitive-string
   * case-insensitive-string =
   *                   [ "%i" ] quoted-string
   * case-sensitive-string =
   *                   "%s" quoted-string
   * ```
   */
  const percentValue: P.Parser<RawNode> = P.seqMap(
    offset,
    token(/%/, LABEL.percent),
    P.alt<Omit<Extract<RawNode, { kind: "num-val" }>, "offset"> | Extract<RawNode, { kind: "char-val" }>>(
      binVal,
      decVal,
      hexVal,
      token(/[sS]/, LABEL.s).then(quotedString.map((text) => ({ kind: "char-val" as const, text, caseSensitive: true }))),
      token(/[iI]/, LABEL.i).then(quotedString.map((text) => ({ kind: "char-val" as const, text, caseSensitive: false }))),
    ),
    (at, _p, v): RawNode => (v.kind === "num-val" ? { ...v, offset: at } : v),
  );

  /**
   * prose-val (RFC 5234 §4).
   *
   * ```text
   * prose-val      =  "<" *(%x20-3D / %x3F-7E) ">"
   *                        ; bracketed string of SP and VCHAR
   *                        ;  without angles
   *                        ; prose description, to be used as
   *                        ;  last resort
   * ```
   */
  const proseVal: P.Parser<RawNode> = P.seqMap(offset, token(/</, LABEL.openAngle), token(/[\x20-\x3D\x3F-\x7E]*/, []), token(/>/, LABEL.closeAngle), (at, _o, text) => ({
    kind: "prose-val" as const,
    text,
    offset: at,
  }));

  /**
   * group (RFC 5234 §4): the inner alternation itself (a group adds no node).
   *
   * ```text
   * group          =  "(" *c-wsp alternation *c-wsp ")"
   * ```
   */
  const group: P.Parser<RawNode> = P.seqMap(
    token(/\(/, LABEL.openParen),
    manyCWsp,
    P.lazy(() => alternation),
    manyCWsp,
    token(/\)/, LABEL.closeParen),
    (_o, _w, body) => body,
  );

  /**
   * option (RFC 5234 §4).
   *
   * ```text
   * option         =  "[" *c-wsp alternation *c-wsp "]"
   * ```
   */
  const option: P.Parser<RawNode> = P.seqMap(
    token(/\[/, LABEL.openBracket),
    manyCWsp,
    P.lazy(() => alternation),
    manyCWsp,
    token(/\]/, LABEL.closeBracket),
    (_o, _w, body) => ({ kind: "option" as const, body }),
  );

  /**
   * element (RFC 5234 §4). One look at the next character picks the form, so a failure is
   * reported as "element" where none starts, and inside the element where one is malformed.
   *
   * ```text
   * element        =  rulename / group / option /
   *                   char-val / num-val / prose-val
   * ```
   */
  const element: P.Parser<RawNode> = token(/(?=[A-Za-z(["%<])/, LABEL.element).then(
    P.alt<RawNode>(
      P.seqMap(offset, token(/[A-Za-z][A-Za-z0-9-]*/, LABEL.element), (at, name) => ({ kind: "rulename" as const, name, offset: at })),
      group,
      option,
      caseInsensitiveString,
      percentValue,
      proseVal,
    ),
  );

  /**
   * repetition (RFC 5234 §4): the element follows its repeat immediately.
   *
   * ```text
   * repetition     =  [repeat] element
   * ```
   */
  const repetition: P.Parser<RawNode> = token(lists ? /(?=[A-Za-z(["%<0-9*#])/ : /(?=[A-Za-z(["%<0-9*])/, LABEL.element).then(
    P.alt<RawNode>(P.seqMap(offset, repeat, element, (at, rep, item) => ({ kind: "repetition" as const, repeat: rep, offset: at, element: item })), element),
  );

  /**
   * concatenation (RFC 5234 §4); a single repetition stands for itself.
   *
   * ```text
   * concatenation  =  repetition *(1*c-wsp repetition)
   * ```
   */
  const concatenation: P.Parser<RawNode> = P.seqMap(
    repetition,
    P.seqMap(cWsp.atLeast(1), repetition, (_w, r) => r).many(),
    (first, rest): RawNode => (rest.length === 0 ? first : { kind: "concatenation", items: [first, ...rest] }),
  );

  /**
   * alternation (RFC 5234 §4); a single concatenation stands for itself.
   *
   * ```text
   * alternation    =  concatenation
   *                   *(*c-wsp "/" *c-wsp concatenation)
   * ```
   */
  const alternation: P.Parser<RawNode> = P.seqMap(
    concatenation,
    P.seqMap(manyCWsp, token(/\//, LABEL.slash), manyCWsp, concatenation, (_a, _s, _b, c) => c).many(),
    (first, rest): RawNode => (rest.length === 0 ? first : { kind: "alternation", items: [first, ...rest] }),
  );

  /**
   * elements (RFC 5234 §4).
   *
   * ```text
   * elements       =  alternation *c-wsp
   * ```
   */
  const elements: P.Parser<RawNode> = P.seqMap(alternation, manyCWsp, (a) => a);

  /**
   * defined-as (RFC 5234 §4): true for "=/" (RFC 5234 §3.3). The reader wants the "=" on the
   * rule name's line (that is how it tells a rule's first line), so only WSP may come before it.
   *
   * ```text
   * defined-as     =  *c-wsp ("=" / "=/") *c-wsp
   *                        ; basic rules definition and
   *                        ;  incremental alternatives
   * ```
   */
  const definedAs: P.Parser<boolean> = P.seqMap(WSP.many(), token(/=\/?/, LABEL.definedAs), manyCWsp, (_a, op) => op === "=/");

  /**
   * rule (RFC 5234 §4), after any indentation.
   *
   * ```text
   * rule           =  rulename defined-as elements c-nl
   *                        ; continues if next line starts
   *                        ;  with white space
   * ```
   */
  const rule: P.Parser<RawRule> = P.seqMap(WSP.many(), offset, rulename, definedAs, elements, ruleEnd, (_i, at, name, incremental, body) => ({
    name,
    offset: at,
    incremental,
    elements: body,
  }));

  const bom = token(/\uFEFF/, []).atMost(1);
  const end = P.eof.desc(LABEL.endOfInput);

  /**
   * rulelist (RFC 5234 §4). Text without any rule (empty, or only blank and comment lines) reads
   * as an empty list; a UTF-8 byte order mark at the start is skipped.
   *
   * ```text
   * rulelist       =  1*( rule / (*c-wsp c-nl) )
   * ```
   */
  const rulelist: P.Parser<RawRule[]> = P.seqMap(bom, P.alt<RawRule | null>(rule, blankLine).many(), end, (_b, items) =>
    items.filter((x): x is RawRule => x !== null),
  );

  /**
   * elements (RFC 5234 §4) as a whole text, for readAbnfExpr: white space, line ends and comments
   * may come before and after.
   *
   * ```text
   * elements       =  alternation *c-wsp
   * ```
   */
  const elementsText: P.Parser<RawNode> = P.seqMap(bom, manyCWsp, elements, ruleEnd, end, (_b, _w, e) => e);

  return { rulelist, elements: elementsText };
}

/** The outcome of running a parser on a whole text. */
export type RunResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly offset: number; readonly expected: readonly string[] };

/** A parsimmon parser's action, which every parser has (`Parsimmon(action)` stores it as `_`). */
interface ParserAction<T> {
  readonly _: (input: string, i: number) => P.Reply<T>;
}

/**
 * Runs `parser` (which ends with P.eof) on `input`, reporting the furthest failure. Not
 * Parser.parse: on a failure, parse() records the input in a module-global cache keyed by the
 * input string, so every text that fails to read would be kept for the life of the process, and
 * the input "__proto__" would write line numbers onto Object.prototype (parsimmon 1.18).
 */
export function runParser<T>(parser: P.Parser<T>, input: string): RunResult<T> {
  const reply = (parser as unknown as ParserAction<T>)._(input, 0);
  return reply.status ? { ok: true, value: reply.value } : { ok: false, offset: reply.furthest, expected: reply.expected };
}

/** Parsers for a rule list: a line end continues a rule unless the next non-blank line starts one. */
export const RULELIST_PARSERS: AbnfParsers = makeParsers((input, at) => layoutOf(input).continuesAt(at));

/** Parsers for one rule's right-hand side: every line continues it. */
export const ELEMENTS_PARSERS: AbnfParsers = makeParsers(() => true);

/**
 * The parsers with RFC 9110 §5.6.1's list extension, where a repeat may be `#`, `n#`, `#m` or
 * `n#m` (kept as written in the repetition's `repeat`), made when first asked for.
 */
let listParsers: { readonly rulelist: AbnfParsers; readonly elements: AbnfParsers } | undefined;
export function listParsersFor(which: "rulelist" | "elements"): AbnfParsers {
  listParsers ??= { rulelist: makeParsers((input, at) => layoutOf(input).continuesAt(at), true), elements: makeParsers(() => true, true) };
  return listParsers[which];
}
