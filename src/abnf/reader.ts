// An ABNF reader: RFC 5234 (STD 68) text, with RFC 7405's %s"..." and %i"...", to the library's
// expression data (expr.ts). The reader is itself a parsimmon grammar transcribed from RFC 5234 §4
// (reader-grammar.ts); this file turns what it reads into expressions, checks what the syntax
// alone cannot, and merges a rule's "=/" alternatives (RFC 5234 §3.3).
//
// It reads rulesets as RFCs print them (page headers and footers taken out by the caller): rules
// indented by any amount, continuation lines, blank and comment lines between and inside rules,
// CRLF or LF, no final newline, tabs as white space (reader-layout.ts has the rule).

import { altOf, caseSensitive, fromCodePoints, lit, opt, prose, range, ref, rep, seqOf, type Expr } from "./expr.js";
import { ELEMENTS_PARSERS, listParsersFor, RULELIST_PARSERS, runParser, type RawNode, type RawNumber, type RawRule } from "./reader-grammar.js";
import { AbnfError, diagnose, errorAt, makeAbnfError, type AbnfErrorCode } from "./reader-errors.js";
import { LineIndex, tooDeep } from "./reader-layout.js";
import { loadWork } from "./load-work.js";
import { readOptions } from "../describe.js";
import { codePointName } from "../errors.js";

/**
 * Options of the reader. `lists`: read RFC 9110 §5.6.1's list extension (`#element`,
 * `1#element`, `<n>#<m>element`: comma-separated lists with optional white space, OWS), which
 * RFC 5234 does not have, expanded as §5.6.1.1 says a sender generates (`"sender"`: no empty
 * elements, the counts kept) or as §5.6.1.2 says a recipient accepts (`"recipient"`: empty
 * elements allowed and not counted, at least one non-empty one for `1#` and up). Without it a
 * `#` is an error, as in RFC 5234.
 */
export interface ReadOptions {
  readonly lists?: "sender" | "recipient" | undefined;
}

export { AbnfError, type AbnfErrorCode } from "./reader-errors.js";

/** A rule name where it is used, in the text read. */
export interface AbnfRef {
  /** As written. */
  readonly name: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
  /** 0-based, in UTF-16 code units. */
  readonly offset: number;
}

/** A prose value (`<text>`, RFC 5234 §4) where it stands in the text read. */
export interface AbnfProse {
  /** Between the angle brackets. */
  readonly text: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units (the "<"). */
  readonly column: number;
  /** 0-based, in UTF-16 code units (the "<"). */
  readonly offset: number;
}

/** One rule definition as read: `name = elements` or `name =/ elements`. */
export interface AbnfRuleEntry {
  /** The rule name as written. */
  readonly name: string;
  /** The rule's elements; for "=/" entries, only the alternatives this entry adds. */
  readonly expr: Expr;
  /** True for "=/" (RFC 5234 §3.3 incremental alternatives). */
  readonly incremental: boolean;
  /** 1-based line of the rule name. */
  readonly line: number;
  /** 1-based column of the rule name, in UTF-16 code units. */
  readonly column: number;
  /** 0-based offset of the rule name, in UTF-16 code units. */
  readonly offset: number;
  /**
   * The rule's source text: from its name up to (not including) the next rule's name, trailing
   * white space trimmed. Comment lines after a rule belong to it.
   */
  readonly text: string;
  /** Every rule name the elements refer to, each occurrence, in order. */
  readonly refs: readonly AbnfRef[];
  /** Every prose value in the elements, in order (a rule that is only prose has one). */
  readonly prose: readonly AbnfProse[];
}

/** A rule with its "=/" alternatives merged in (mergeAbnfRules). */
export interface AbnfRule {
  /** The name as first written. */
  readonly name: string;
  /** The "=" definition's alternatives, then each "=/" entry's, as one alternation (RFC 5234 §3.3). */
  readonly expr: Expr;
  /** Where the "=" definition's name is. */
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  /** The texts of the "=" entry and its "=/" entries, in order, joined with "\n". */
  readonly text: string;
  /** The references of all its entries, in order. */
  readonly refs: readonly AbnfRef[];
  /** The prose values of all its entries, in order. */
  readonly prose: readonly AbnfProse[];
}

/** A reader's answer: the value, or the first error in the text. */
export type AbnfResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AbnfError };

/**
 * How deeply groups and options may nest. Real grammars nest a few levels; the limit keeps the
 * recursive descent far from the stack's end, so the reader never throws.
 */
export const MAX_NESTING = 100;

/** A failure found while building expressions: where, and what. */
class BuildFailure {
  constructor(
    readonly offset: number,
    readonly code: AbnfErrorCode,
    readonly detail: string,
  ) {}
}

const MAX_CODE_POINT = 0x10ffff;
const BASE_LETTER = { 2: "b", 10: "d", 16: "x" } as const;

/** The value of a num-val number, or a failure when it is above U+10FFFF. */
function codePoint(n: RawNumber, base: 2 | 10 | 16): number {
  const value = Number.parseInt(n.digits, base);
  if (!(value <= MAX_CODE_POINT)) {
    throw new BuildFailure(n.offset, "num-val-out-of-range", `the numeric value %${BASE_LETTER[base]}${n.digits} is above %x10FFFF, the last Unicode code point`);
  }
  return value;
}

/** The bounds of a repeat as written (RFC 5234 §3.6, §3.7): `*`, `n*`, `*m`, `n*m`, `n`. */
function repeatBounds(text: string, offset: number): { min: number; max: number } {
  const star = text.indexOf("*");
  const count = (s: string): number => {
    const n = Number(s);
    if (!Number.isSafeInteger(n)) throw new BuildFailure(offset, "bad-repeat", `the repeat count ${s} is too large`);
    return n;
  };
  if (star === -1) {
    const n = count(text);
    return { min: n, max: n };
  }
  const lo = text.slice(0, star);
  const hi = text.slice(star + 1);
  const min = lo === "" ? 0 : count(lo);
  const max = hi === "" ? Infinity : count(hi);
  if (max < min) throw new BuildFailure(offset, "bad-repeat", `the repeat "${text}" allows at most ${max} but at least ${min} occurrences`);
  return { min, max };
}

/**
 * RFC 9110 §5.6.1's `<min>#<max>element` in RFC 5234 terms, the separator being `OWS "," OWS`.
 * Sender (§5.6.1.1): `1#element` is `element *( OWS "," OWS element )`, `#element` is `[
 * 1#element ]`, and `<n>#<m>element` is `element <n-1>*<m-1>( OWS "," OWS element )`.
 * Recipient (§5.6.1.2): empty elements are accepted and counts are not enforced: `#element`
 * is `[ element ] *( OWS "," OWS [ element ] )`, and a list of at least one element needs one
 * that is not empty (§5.6.1.2's example refuses "", "," and ",   ,"): `*( OWS "," OWS ) element
 * *( OWS "," OWS [ element ] )`, the strings of that form with one (not RFC 7230 §7's
 * `*( "," OWS ) element *( OWS "," [ OWS element ] )`, which refused "a, " and " ,a").
 */
function listOf(min: number, max: number, item: Expr, mode: "sender" | "recipient"): Expr {
  const inner = lists.get(item);
  if (inner !== undefined && inner.mode === mode && max === Infinity && inner.max === Infinity) {
    // A list whose element is an unbounded list of the same kind is that list (fuzz-12 item 3):
    // the expansion writes its element twice, so `1#( 1#( … 1#( y ) … ) )` k deep was 2^k copies
    // of y, too large for an automaton from about 12 deep. For a sender, `m#( n#f )` (n ≥ 1) is
    // the lists of m·n or more f: each is one of m inner lists joined by the separator, and an
    // inner list joined to the next is a longer list; `#( n#f )` is `[ n#f ]`. For a recipient
    // (counts not kept, empty elements allowed) the slots of the inner lists are slots of one
    // list, `OWS OWS` is `OWS`, so it is `1#f` when both need a non-empty element, else `#f`.
    if (mode === "recipient") return listOf(min > 0 && inner.min > 0 ? 1 : 0, Infinity, inner.item, mode);
    if (inner.min > 0) return min === 0 ? opt(listOf(inner.min, Infinity, inner.item, mode)) : listOf(min * inner.min, Infinity, inner.item, mode);
  }
  const made = expandList(min, max, item, mode);
  lists.set(made, { min, max, item, mode });
  return made;
}

/** The lists {@link listOf} made, with what they were made of: a list of such a list is read as one. */
const lists = new WeakMap<Expr, { readonly min: number; readonly max: number; readonly item: Expr; readonly mode: "sender" | "recipient" }>();

/** {@link listOf}'s expansion, as §5.6.1 writes it. */
function expandList(min: number, max: number, item: Expr, mode: "sender" | "recipient"): Expr {
  const ows = ref("OWS");
  const comma = lit(",");
  if (mode === "recipient") {
    if (min === 0 || max === 0) return seqOf([opt(item), rep(0, Infinity, seqOf([ows, comma, ows, opt(item)]))]);
    return seqOf([rep(0, Infinity, seqOf([ows, comma, ows])), item, rep(0, Infinity, seqOf([ows, comma, ows, opt(item)]))]);
  }
  if (max === 0) return lit("");
  const atLeastOne = seqOf([item, rep(Math.max(0, min - 1), max - 1, seqOf([ows, comma, ows, item]))]);
  return min === 0 ? opt(atLeastOne) : atLeastOne;
}

/** Runs an expr.ts constructor; what it rejects becomes a failure at `offset` (the checks above should leave nothing). */
function guarded<T>(offset: number, code: AbnfErrorCode, make: () => T): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof BuildFailure) throw e;
    throw new BuildFailure(offset, code, e instanceof Error ? e.message : String(e));
  }
}

/** Where a rule's names and prose values stand, in text order, collected while building its expression. */
interface Found {
  readonly refs: { name: string; offset: number }[];
  readonly prose: { text: string; offset: number }[];
  readonly lists?: "sender" | "recipient" | undefined;
}

/** The expression for a raw node, appending the rule names and prose values it uses to `found` (in text order). */
function build(node: RawNode, found: Found): Expr {
  switch (node.kind) {
    case "alternation":
      return altOf(node.items.map((x) => build(x, found)));
    case "concatenation":
      return seqOf(node.items.map((x) => build(x, found)));
    case "repetition": {
      if (node.repeat.includes("#")) {
        const { min, max } = repeatBounds(node.repeat.replace("#", "*"), node.offset);
        const item = build(node.element, found);
        found.refs.push({ name: "OWS", offset: node.offset });
        return listOf(min, max, item, found.lists ?? "sender");
      }
      const { min, max } = repeatBounds(node.repeat, node.offset);
      const item = build(node.element, found);
      return guarded(node.offset, "bad-repeat", () => rep(min, max, item));
    }
    case "option":
      return opt(build(node.body, found));
    case "rulename":
      found.refs.push({ name: node.name, offset: node.offset });
      return ref(node.name);
    case "char-val":
      return node.caseSensitive ? caseSensitive(node.text) : lit(node.text);
    case "prose-val":
      found.prose.push({ text: node.text, offset: node.offset });
      return prose(node.text);
    case "num-val": {
      const values = node.values.map((n) => codePoint(n, node.base));
      const [lo = 0, hi = lo] = values;
      if (node.form === "range") {
        const upper = node.values[1] as RawNumber;
        if (hi < lo) {
          const letter = BASE_LETTER[node.base];
          throw new BuildFailure(upper.offset, "reversed-range", `the range %${letter}${node.values[0]?.digits ?? ""}-${upper.digits} ends below where it starts`);
        }
        return guarded(node.offset, "num-val-out-of-range", () => range(lo, hi));
      }
      if (node.form === "single") return guarded(node.offset, "num-val-out-of-range", () => range(lo, lo));
      const k = values.findIndex((v) => v >= 0xd800 && v <= 0xdfff);
      if (k !== -1) {
        const at = node.values[k] as RawNumber;
        throw new BuildFailure(
          at.offset,
          "surrogate",
          `a dotted numeric value is a string of characters, and ${codePointName(values[k] as number)} is a surrogate code point, not a character`,
        );
      }
      return guarded(node.offset, "surrogate", () => caseSensitive(fromCodePoints(values)));
    }
  }
}

const assertString = (text: unknown, fn: string): string => {
  if (typeof text !== "string") {
    throw new TypeError(`${fn}: the argument "text" must be a string, got ${text === null ? "null" : Array.isArray(text) ? "an array" : typeof text}`);
  }
  return text;
};

/** The `lists` option, checked. */
function listsOption(options: ReadOptions, fn: string): "sender" | "recipient" | undefined {
  const o = readOptions<ReadOptions>(options, fn, { lists: ["sender", "recipient"] });
  return o.lists;
}

/** Too deep nesting, reported before the recursive parse could run out of stack. */
function depthError(text: string, perRule: boolean): AbnfError | undefined {
  const at = tooDeep(text, MAX_NESTING, perRule);
  return at === undefined ? undefined : errorAt(text, at, "too-deep", `groups and options nest more than ${MAX_NESTING} levels deep here`);
}

/** The trailing white space of a rule's text taken off (ASCII white space only: text is ABNF). A loop, not a regex: /\s+$/ is quadratic on long runs of white space. */
const trimEnd = (s: string): string => {
  let end = s.length;
  for (let c = s.charCodeAt(end - 1); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = s.charCodeAt(end - 1)) end--;
  return s.slice(0, end);
};

/** The failure of building one rule as an AbnfError. */
const buildError = (text: string, f: BuildFailure): AbnfError => errorAt(text, f.offset, f.code, f.detail);

/**
 * Reads an ABNF rule list (RFC 5234 §4 rulelist, with RFC 7405 strings) into one entry per rule
 * definition, in order. Rules may refer to rules that are not defined (prose, other RFCs): the
 * reader reads, the grammar resolves. Never throws for a string; anything else is a TypeError.
 *
 * @example
 * const r = readAbnf('DIGIT = %x30-39\nnumber = 1*DIGIT ["." 1*DIGIT]\n');
 * if (r.ok) r.value.map((e) => e.name); // ["DIGIT", "number"]
 */
export function readAbnf(text: string, options: ReadOptions = {}): AbnfResult<readonly AbnfRuleEntry[]> {
  assertString(text, "readAbnf");
  const lists = listsOption(options, "readAbnf");
  const deep = depthError(text, true);
  if (deep !== undefined) return { ok: false, error: deep };
  const parsed = runParser(lists === undefined ? RULELIST_PARSERS.rulelist : listParsersFor("rulelist").rulelist, text);
  if (!parsed.ok) return { ok: false, error: diagnose(text, parsed.offset, parsed.expected, "rules") };
  const lines = new LineIndex(text);
  const entries: AbnfRuleEntry[] = [];
  const rules: readonly RawRule[] = parsed.value;
  for (let k = 0; k < rules.length; k++) {
    const rule = rules[k] as RawRule;
    const found: Found = { refs: [], prose: [], lists };
    let expr: Expr;
    try {
      expr = build(rule.elements, found);
    } catch (e) {
      if (e instanceof BuildFailure) return { ok: false, error: buildError(text, e) };
      // A rule too large for the constructors' argument lists: report it at its name.
      if (e instanceof RangeError) return { ok: false, error: errorAt(text, rule.offset, "too-large", `the rule "${rule.name}" is too large to read`) };
      throw e;
    }
    loadWork.steps += 1 + found.refs.length + found.prose.length;
    const end = rules[k + 1]?.offset ?? text.length;
    entries.push(
      Object.freeze({
        name: rule.name,
        expr,
        incremental: rule.incremental,
        ...lines.position(rule.offset),
        offset: rule.offset,
        text: trimEnd(text.slice(rule.offset, end)),
        refs: Object.freeze(found.refs.map((r) => Object.freeze({ name: r.name, ...lines.position(r.offset), offset: r.offset }))),
        prose: Object.freeze(found.prose.map((p) => Object.freeze({ text: p.text, ...lines.position(p.offset), offset: p.offset }))),
      }),
    );
  }
  return { ok: true, value: Object.freeze(entries) };
}

/**
 * Reads the right-hand side of one rule (RFC 5234 §4 elements) into an expression. Every line
 * continues it; comments and blank lines are allowed. Never throws for a string.
 *
 * @example
 * readAbnfExpr('1*4HEXDIG'); // { ok: true, value: rep(1, 4, ref("HEXDIG")) }
 */
export function readAbnfExpr(text: string, options: ReadOptions = {}): AbnfResult<Expr> {
  assertString(text, "readAbnfExpr");
  const lists = listsOption(options, "readAbnfExpr");
  const deep = depthError(text, false);
  if (deep !== undefined) return { ok: false, error: deep };
  const parsed = runParser(lists === undefined ? ELEMENTS_PARSERS.elements : listParsersFor("elements").elements, text);
  if (!parsed.ok) return { ok: false, error: diagnose(text, parsed.offset, parsed.expected, "elements") };
  try {
    return { ok: true, value: build(parsed.value, { refs: [], prose: [], lists }) };
  } catch (e) {
    if (e instanceof BuildFailure) return { ok: false, error: buildError(text, e) };
    if (e instanceof RangeError) return { ok: false, error: errorAt(text, 0, "too-large", "the expression is too large to read") };
    throw e;
  }
}

/** An error at an entry's name, for mergeAbnfRules: from `source` when given, else from the entry's own text. */
function entryError(entry: AbnfRuleEntry, source: string | undefined, code: AbnfErrorCode, detail: string): AbnfError {
  if (source !== undefined && source.length >= entry.offset) return errorAt(source, entry.offset, code, detail);
  const firstLine = entry.text.split(/\r?\n/, 1)[0] ?? "";
  return makeAbnfError({
    code,
    input: source ?? entry.text,
    offset: entry.offset,
    line: entry.line,
    column: entry.column,
    detail,
    lineText: " ".repeat(Math.max(0, entry.column - 1)) + firstLine,
  });
}

/** The alternatives an entry adds: the items of a top-level alternation, or the expression itself. */
const alternativesOf = (e: Expr): readonly Expr[] => (e.type === "alt" ? e.items : [e]);

/**
 * Merges rule entries into one map, in order of definition, keyed by the lowercased rule name
 * (rule names are case-insensitive, RFC 5234 §2.1). "=/" entries add alternatives to the rule
 * defined before them (RFC 5234 §3.3): the rule's expression is one flat alternation of the "="
 * entry's alternatives followed by each "=/" entry's, in order, as §3.3 spells it out
 * (`ruleset = alt1 / alt2` then `ruleset =/ alt3` is `ruleset = alt1 / alt2 / alt3`); a rule
 * with many "=/" lines is as deep as one with a single "/"-separated list. A second "="
 * definition is a "duplicate-rule" error; "=/" before any "=" is "undefined-incremental". Pass
 * the text the entries were read from as `source` for error excerpts; line, column and offset
 * refer to it. Linear in the number of entries.
 */
export function mergeAbnfRules(entries: readonly AbnfRuleEntry[], source?: string): AbnfResult<ReadonlyMap<string, AbnfRule>> {
  const groups = new Map<string, AbnfRuleEntry[]>();
  for (const entry of entries) {
    loadWork.steps++;
    const key = entry.name.toLowerCase();
    const group = groups.get(key);
    if (!entry.incremental) {
      if (group !== undefined) {
        const first = group[0] as AbnfRuleEntry;
        const detail = `the rule "${entry.name}" is already defined at line ${first.line}; use "=/" to add alternatives (RFC 5234 §3.3)`;
        return { ok: false, error: entryError(entry, source, "duplicate-rule", detail) };
      }
      groups.set(key, [entry]);
    } else {
      if (group === undefined) {
        const detail = `"${entry.name} =/" adds alternatives to a rule that is not defined before it with "="`;
        return { ok: false, error: entryError(entry, source, "undefined-incremental", detail) };
      }
      group.push(entry);
    }
  }
  const rules = new Map<string, AbnfRule>();
  for (const [key, group] of groups) {
    loadWork.steps += group.length;
    const first = group[0] as AbnfRuleEntry;
    let expr: Expr;
    try {
      expr = group.length === 1 ? first.expr : altOf(group.flatMap((e) => alternativesOf(e.expr)));
    } catch (e) {
      // More alternatives than the constructor's argument list holds: report it at the name, as readAbnf does.
      if (e instanceof RangeError) return { ok: false, error: entryError(first, source, "too-large", `the rule "${first.name}" is too large to read`) };
      throw e;
    }
    rules.set(
      key,
      Object.freeze({
        name: first.name,
        expr,
        line: first.line,
        column: first.column,
        offset: first.offset,
        text: group.map((e) => e.text).join("\n"),
        refs: group.length === 1 ? first.refs : Object.freeze(group.flatMap((e) => e.refs)),
        prose: group.length === 1 ? first.prose : Object.freeze(group.flatMap((e) => e.prose)),
      }),
    );
  }
  return { ok: true, value: rules };
}

/** readAbnf, then mergeAbnfRules: a rule list as a map from lowercased rule name to its rule. */
export function readAbnfRules(text: string, options: ReadOptions = {}): AbnfResult<ReadonlyMap<string, AbnfRule>> {
  assertString(text, "readAbnfRules");
  const read = readAbnf(text, options);
  return read.ok ? mergeAbnfRules(read.value, text) : read;
}
