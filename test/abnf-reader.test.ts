// The ABNF reader (src/abnf/reader.ts): RFC 5234 + RFC 7405 text to expression data. Table-driven
// from fixtures/abnf/ (read.json, errors.json, rfc.json with the rule sets cut from RFCs in rfc/),
// then the real grammars in grammar/, checked against the independent test parser in
// helpers/abnf.ts, and properties: printed expressions read back, any layout reads the same, and
// no string makes the reader throw.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { alt, caseSensitive, lit, prose, range, ref, rep, RULE_NAME, sameExpr, seq, type Expr } from "../src/abnf/expr";
import {
  AbnfError,
  MAX_NESTING,
  mergeAbnfRules,
  readAbnf,
  readAbnfExpr,
  readAbnfRules,
  type AbnfErrorCode,
  type AbnfResult,
  type AbnfRuleEntry,
} from "../src/abnf/reader";
import { canonicalAbnf, parseAbnf, parseAbnfExpr, type AbnfExpr } from "./helpers/abnf";
import { runs } from "./helpers/runs";

const FIXTURES = path.resolve(__dirname, "../fixtures/abnf");
const GRAMMAR_DIR = path.resolve(__dirname, "../grammar");
const readJson = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), "utf8")) as T;
const readText = (file: string): string => fs.readFileSync(file, "utf8");

/** An expression as JSON data, as the fixtures write it: a rep's unbounded max is null. */
const toJson = (e: Expr): unknown => JSON.parse(JSON.stringify(e, (_k, v: unknown) => (v === Infinity ? null : v)));

/** The value of an ok result; fails the test with the error's message otherwise. */
function ok<T>(r: AbnfResult<T>): T {
  if (!r.ok) throw new Error(`expected the text to read, got ${r.error.code}:\n${r.error.message}`);
  return r.value;
}

const ALL_CODES: readonly AbnfErrorCode[] = [
  "syntax", "rule-expected", "defined-as-expected", "element-expected", "missing-whitespace", "unterminated-string",
  "unterminated-prose", "invalid-character", "unclosed-group", "unclosed-option", "unexpected-text", "bad-num-val",
  "num-val-out-of-range", "reversed-range", "surrogate", "bad-repeat", "too-deep", "too-large", "duplicate-rule", "undefined-incremental",
];

/** What every error must be: typed, inside the text, its line and column matching its offset, a caret excerpt. */
function checkError(text: string, error: AbnfError): void {
  expect(error).toBeInstanceOf(AbnfError);
  expect(error).toBeInstanceOf(Error);
  expect(error.name).toBe("AbnfError");
  expect(ALL_CODES).toContain(error.code);
  expect(error.input).toBe(text);
  expect(error.offset).toBeGreaterThanOrEqual(0);
  expect(error.offset).toBeLessThanOrEqual(text.length);
  const before = text.slice(0, error.offset).split("\n");
  expect(error.line).toBe(before.length);
  expect(error.column).toBe((before[before.length - 1] ?? "").length + 1);
  expect(error.shortMessage).toContain(`line ${error.line}, column ${error.column}`);
  const [first, source, caret, ...rest] = error.message.split("\n");
  expect(first).toBe(error.shortMessage);
  expect(source).toMatch(/^ {2}/);
  expect(caret).toMatch(/^ {2} *\^$/);
  expect(rest).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// fixtures/abnf/read.json
// ---------------------------------------------------------------------------------------------

interface ExpectedRule {
  readonly name: string;
  readonly incremental: boolean;
  readonly expr: unknown;
  readonly line?: number;
  readonly column?: number;
  readonly offset?: number;
  readonly text?: string;
  readonly refs?: readonly (readonly [string, number, number])[];
}
interface ReadCase {
  readonly source: string;
  readonly abnf?: string;
  readonly rules?: readonly ExpectedRule[];
  readonly merged?: readonly { readonly name: string; readonly expr: unknown; readonly text?: string }[];
  readonly elements?: string;
  readonly expr?: unknown;
}
const readFixture = readJson<{ source: string; cases: readonly ReadCase[] }>("read.json");
const ruleCases = readFixture.cases.filter((c) => c.abnf !== undefined);
const elementCases = readFixture.cases.filter((c) => c.elements !== undefined);

describe("readAbnf: fixtures/abnf/read.json", () => {
  it.each(ruleCases.map((c) => [c.source, JSON.stringify(c.abnf), c] as const))("%s: %s", (_s, _t, c) => {
    const text = c.abnf as string;
    const entries = ok(readAbnf(text));
    const expected = c.rules ?? [];
    expect(entries.map((e) => e.name)).toEqual(expected.map((r) => r.name));
    expected.forEach((want, k) => {
      const got = entries[k] as AbnfRuleEntry;
      expect(got.incremental).toBe(want.incremental);
      expect(toJson(got.expr)).toEqual(want.expr);
      if (want.line !== undefined) expect(got.line).toBe(want.line);
      if (want.column !== undefined) expect(got.column).toBe(want.column);
      if (want.offset !== undefined) expect(got.offset).toBe(want.offset);
      if (want.text !== undefined) expect(got.text).toBe(want.text);
      if (want.refs !== undefined) expect(got.refs.map((r) => [r.name, r.line, r.column])).toEqual(want.refs);
      // Every entry: its text starts with its name, at its offset; its refs point at their names.
      expect(text.startsWith(got.name, got.offset)).toBe(true);
      expect(got.text.startsWith(got.name)).toBe(true);
      for (const r of got.refs) expect(text.startsWith(r.name, r.offset)).toBe(true);
    });
    if (c.merged !== undefined) {
      const merged = ok(readAbnfRules(text));
      expect([...merged.values()].map((r) => r.name)).toEqual(c.merged.map((r) => r.name));
      for (const want of c.merged) {
        const got = merged.get(want.name.toLowerCase());
        expect(toJson(got?.expr as Expr)).toEqual(want.expr);
        if (want.text !== undefined) expect(got?.text).toBe(want.text);
      }
    }
  });

  it.each(ruleCases.filter((c) => !(c.abnf as string).includes("\r")).map((c) => [c.source, JSON.stringify(c.abnf), c] as const))(
    "%s: %s reads the same with CRLF line ends",
    (_s, _t, c) => {
      const lf = ok(readAbnf(c.abnf as string));
      const crlf = ok(readAbnf((c.abnf as string).replace(/\n/g, "\r\n")));
      expect(crlf.map((e) => [e.name, e.incremental, toJson(e.expr), e.line, e.column])).toEqual(lf.map((e) => [e.name, e.incremental, toJson(e.expr), e.line, e.column]));
    },
  );
});

describe("readAbnfExpr: fixtures/abnf/read.json", () => {
  it.each(elementCases.map((c) => [c.source, JSON.stringify(c.elements), c] as const))("%s: %s", (_s, _t, c) => {
    expect(toJson(ok(readAbnfExpr(c.elements as string)))).toEqual(c.expr);
    // The same elements as the right-hand side of a rule.
    const [entry, ...more] = ok(readAbnf(`r = ${c.elements as string}`));
    expect(more).toEqual([]);
    expect(toJson(entry?.expr as Expr)).toEqual(c.expr);
  });
});

// ---------------------------------------------------------------------------------------------
// fixtures/abnf/errors.json
// ---------------------------------------------------------------------------------------------

interface ErrorCase {
  readonly source: string;
  readonly abnf?: string;
  readonly elements?: string;
  readonly merge?: string;
  readonly code: AbnfErrorCode;
  readonly line: number;
  readonly column: number;
  readonly message?: string;
}
const errorFixture = readJson<{ source: string; cases: readonly ErrorCase[] }>("errors.json");

describe("errors: fixtures/abnf/errors.json", () => {
  it.each(errorFixture.cases.map((c) => [c.code, JSON.stringify(c.abnf ?? c.elements ?? c.merge), c] as const))("%s: %s", (_code, _t, c) => {
    const text = c.abnf ?? c.elements ?? c.merge ?? "";
    const r = c.abnf !== undefined ? readAbnf(text) : c.elements !== undefined ? readAbnfExpr(text) : readAbnfRules(text);
    if (r.ok) throw new Error(`expected ${c.code}, but the text reads`);
    expect({ code: r.error.code, line: r.error.line, column: r.error.column }).toEqual({ code: c.code, line: c.line, column: c.column });
    if (c.message !== undefined) expect(r.error.shortMessage).toContain(c.message);
    checkError(text, r.error);
  });

  it("lists what was expected at a syntax error", () => {
    const r = readAbnf("foo = (a b\nbar = c\n");
    if (r.ok) throw new Error("expected an error");
    expect(r.error.expected).toEqual(expect.arrayContaining(['")"', '"/"']));
    expect(r.error.found).toBe("end of line");
    expect(r.error.shortMessage).toContain('expected ")" or "/", found end of line');
    expect(r.error.message).toBe(
      [
        'Invalid ABNF at line 1, column 11: the group "(" opened at line 1, column 7 is not closed: expected ")" or "/", found end of line (the rule ends there: the next line that is not blank starts a new rule)',
        "  foo = (a b",
        "            ^",
      ].join("\n"),
    );
  });

  it("builds errors without a stack trace (they are returned, not thrown)", () => {
    const r = readAbnf("a = (");
    if (r.ok) throw new Error("expected an error");
    expect(r.error.stack ?? "").not.toMatch(/\n\s+at /);
  });

  it("mergeAbnfRules without the source text still points at the entry", () => {
    const entries = ok(readAbnf("a = b\n  A = c\n"));
    const r = mergeAbnfRules(entries);
    if (r.ok) throw new Error("expected duplicate-rule");
    expect([r.error.code, r.error.line, r.error.column, r.error.offset]).toEqual(["duplicate-rule", 2, 3, 8]);
    expect(r.error.message.split("\n").slice(1)).toEqual(["    A = c", "    ^"]);
  });

  it("a non-string argument is a TypeError naming the argument", () => {
    for (const bad of [undefined, null, 42, {}, ["a = b"]]) {
      expect(() => readAbnf(bad as unknown as string)).toThrow(TypeError);
      expect(() => readAbnf(bad as unknown as string)).toThrow(/readAbnf: the argument "text" must be a string/);
      expect(() => readAbnfExpr(bad as unknown as string)).toThrow(/readAbnfExpr: the argument "text"/);
      expect(() => readAbnfRules(bad as unknown as string)).toThrow(/readAbnfRules: the argument "text"/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Rule sets cut from RFCs (fixtures/abnf/rfc.json, fixtures/abnf/rfc/*.abnf)
// ---------------------------------------------------------------------------------------------

interface RfcCase {
  readonly file: string;
  readonly source: string;
  readonly rules?: number;
  readonly first?: string;
  readonly last?: string;
  readonly error?: { readonly code: AbnfErrorCode; readonly line: number; readonly column: number };
  readonly why?: string;
  readonly fixed?: { readonly replace: readonly [string, string]; readonly rules: number; readonly first: string; readonly last: string };
}
const rfcFixture = readJson<{ source: string; cases: readonly RfcCase[] }>("rfc.json");
const RFC_DIR = path.join(FIXTURES, "rfc");
const rfcText = (file: string): string => readText(path.join(RFC_DIR, file));

/** Checks a rule set that reads: count, first and last names, one map entry per rule. */
function checkRuleSet(text: string, count: number, first: string, last: string): readonly AbnfRuleEntry[] {
  const entries = ok(readAbnf(text));
  expect(entries).toHaveLength(count);
  expect(entries[0]?.name).toBe(first);
  expect(entries[entries.length - 1]?.name).toBe(last);
  expect(ok(mergeAbnfRules(entries, text)).size).toBe(count);
  for (const e of entries) {
    expect(e.name).toMatch(RULE_NAME);
    expect(text.startsWith(e.name, e.offset)).toBe(true);
    for (const r of e.refs) expect(text.startsWith(r.name, r.offset)).toBe(true);
  }
  const offsets = entries.map((e) => e.offset);
  expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  return entries;
}

describe("RFC rule sets: fixtures/abnf/rfc.json", () => {
  it("lists every file in fixtures/abnf/rfc/", () => {
    expect(rfcFixture.cases.map((c) => c.file).sort()).toEqual(fs.readdirSync(RFC_DIR).filter((f) => f.endsWith(".abnf")).sort());
  });

  it.each(rfcFixture.cases.map((c) => [c.file, c] as const))("%s", (file, c) => {
    const text = rfcText(file);
    expect(text).toMatch(/^; RFC \d+/);
    if (c.error === undefined) {
      checkRuleSet(text, c.rules as number, c.first as string, c.last as string);
      return;
    }
    // The RFC text as printed does not read: the expected error, then the text with its fix.
    const r = readAbnf(text);
    if (r.ok) throw new Error(`expected ${c.error.code}`);
    expect({ code: r.error.code, line: r.error.line, column: r.error.column }).toEqual(c.error);
    checkError(text, r.error);
    const fix = c.fixed as NonNullable<RfcCase["fixed"]>;
    checkRuleSet(text.split(fix.replace[0]).join(fix.replace[1]), fix.rules, fix.first, fix.last);
  });

  it("RFC 3986 Appendix A and grammar/rfc3986.abnf hold the same rules", () => {
    const fromRfc = ok(readAbnf(rfcText("rfc3986-appendix-a.abnf")));
    const fromFile = ok(readAbnf(readText(path.join(GRAMMAR_DIR, "rfc3986.abnf"))));
    expect(fromFile.map((e) => e.name)).toEqual(fromRfc.map((e) => e.name));
    fromRfc.forEach((e, k) => expect(sameExpr(e.expr, (fromFile[k] as AbnfRuleEntry).expr)).toBe(true));
  });

  it("RFC 5234 Appendix B.1 and grammar/rfc5234-core.abnf agree on the core rules the file has", () => {
    const core = ok(readAbnfRules(rfcText("rfc5234-appendix-b1.abnf")));
    for (const e of ok(readAbnf(readText(path.join(GRAMMAR_DIR, "rfc5234-core.abnf"))))) {
      expect(sameExpr(e.expr, core.get(e.name.toLowerCase())?.expr as Expr)).toBe(true);
    }
  });

  it("RFC 5234 §4 reads as the rules this reader transcribes", () => {
    const rules = ok(readAbnfRules(rfcText("rfc5234-section4.abnf")));
    expect(toJson(rules.get("repeat")?.expr as Expr)).toEqual(
      toJson(alt(rep(1, Infinity, ref("DIGIT")), seq(rep(0, Infinity, ref("DIGIT")), lit("*"), rep(0, Infinity, ref("DIGIT"))))),
    );
    expect(rules.get("prose-val")?.text).toBe(
      [
        'prose-val      =  "<" *(%x20-3D / %x3F-7E) ">"',
        "                                ; bracketed string of SP and VCHAR",
        "                                ;  without angles",
        "                                ; prose description, to be used as",
        "                                ;  last resort",
      ].join("\n"),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// grammar/*.abnf, and the independent test parser (helpers/abnf.ts)
// ---------------------------------------------------------------------------------------------

/** An expression in the shape of the test parser's AST. */
function toHelper(e: Expr): AbnfExpr {
  switch (e.type) {
    case "lit":
      return { type: "str", text: e.text, caseSensitive: e.caseSensitive };
    case "seq":
    case "alt":
      return { type: e.type, items: e.items.map(toHelper) };
    case "rep":
      return { type: "rep", min: e.min, max: e.max, item: toHelper(e.item) };
    default:
      return e;
  }
}

const grammarFiles = fs.readdirSync(GRAMMAR_DIR).filter((f) => f.endsWith(".abnf")).sort();

describe("grammar/*.abnf", () => {
  it("has .abnf files", () => expect(grammarFiles.length).toBeGreaterThan(0));

  it.each(grammarFiles.map((f) => [f]))("%s reads, with its rule names in order and the test parser's expressions", (file) => {
    const text = readText(path.join(GRAMMAR_DIR, file));
    const entries = ok(readAbnf(text));
    const names = [...text.matchAll(/^([A-Za-z][A-Za-z0-9-]*)[ \t]*=/gm)].map((m) => m[1]);
    expect(entries.map((e) => e.name)).toEqual(names);
    const independent = parseAbnf(text);
    for (const e of entries) expect(canonicalAbnf(toHelper(e.expr))).toBe(canonicalAbnf(independent.get(e.name) as AbnfExpr));
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const PRINTABLE_CHARS = [...Array(0x7f - 0x20).keys()].map((k) => String.fromCharCode(0x20 + k)).filter((c) => c !== '"');
const PROSE_CHARS = [...Array(0x7f - 0x20).keys()].map((k) => String.fromCharCode(0x20 + k)).filter((c) => c !== ">");
const isPrintable = (s: string): boolean => /^[\x20\x21\x23-\x7E]*$/.test(s);

const nameArb = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,6}$/);
const codePointArb = fc.integer({ min: 0, max: 0x10ffff });
const leafArb: fc.Arbitrary<Expr> = fc.oneof(
  nameArb.map(ref),
  fc.string({ unit: fc.constantFrom(...PRINTABLE_CHARS), maxLength: 6 }).map(lit),
  fc.string({ unit: fc.constantFrom(...PRINTABLE_CHARS), maxLength: 6 }).map(caseSensitive),
  fc.array(codePointArb.filter((c) => c < 0xd800 || c > 0xdfff), { minLength: 2, maxLength: 4 }).map((cps) => caseSensitive(String.fromCodePoint(...cps))),
  fc.tuple(codePointArb, codePointArb).map(([a, b]) => range(Math.min(a, b), Math.max(a, b))),
  codePointArb.map((c) => range(c, c)),
  fc.string({ unit: fc.constantFrom(...PROSE_CHARS), maxLength: 8 }).map(prose),
);
const exprArb: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr; node: Expr }>((tie) => ({
  expr: fc.oneof({ maxDepth: 5, depthIdentifier: "expr" }, leafArb, tie("node")),
  node: fc.oneof(
    fc.array(tie("expr"), { minLength: 2, maxLength: 4 }).map((xs) => seq(...xs)),
    fc.array(tie("expr"), { minLength: 2, maxLength: 4 }).map((xs) => alt(...xs)),
    fc.tuple(fc.nat(4), fc.option(fc.nat(4)), tie("expr")).map(([min, extra, item]) => rep(min, extra === null ? Infinity : min + extra, item)),
  ),
})).expr;

/** How to print: white space between tokens (cycled), and which of the equivalent spellings to use. */
interface Style {
  readonly seps: readonly string[];
  readonly base: 2 | 10 | 16;
  readonly upper: boolean;
  readonly brackets: boolean;
  readonly iPrefix: boolean;
}
/** Styles with white space as RFC 5234 §4 has it: a line end (after an optional comment) is followed by WSP. */
const strictStyleArb = (seps: readonly string[]): fc.Arbitrary<Style> =>
  fc.record({
    seps: fc.array(fc.constantFrom(...seps), { minLength: 1, maxLength: 4 }),
    base: fc.constantFrom(2 as const, 10 as const, 16 as const),
    upper: fc.boolean(),
    brackets: fc.boolean(),
    iPrefix: fc.boolean(),
  });
const STRICT_SEPS = [" ", "  ", "\t", "\n ", "\r\n\t", " ; note\n   "];
/** Also blank lines and comment lines at column 0 inside the elements, which the reader allows. */
const styleArb = strictStyleArb([...STRICT_SEPS, "\n\n  ", "\n; comment line\n  "]);

/** ABNF text for an expression (RFC 5234 elements); reading it back gives the same expression. */
function printExpr(e: Expr, style: Style): string {
  let k = 0;
  const sep = (): string => style.seps[k++ % style.seps.length] ?? " ";
  const letter = { 2: "b", 10: "d", 16: "x" }[style.base];
  const num = (n: number): string => {
    const s = n.toString(style.base);
    return style.upper ? s.toUpperCase() : s;
  };
  const pct = (): string => `%${style.upper ? letter.toUpperCase() : letter}`;
  const group = (s: string): string => `(${sep()}${s}${sep()})`;
  const print = (x: Expr): string => {
    switch (x.type) {
      case "ref":
        return x.name;
      case "prose":
        return `<${x.text}>`;
      case "range":
        return x.lo === x.hi ? `${pct()}${num(x.lo)}` : `${pct()}${num(x.lo)}-${num(x.hi)}`;
      case "lit":
        if (isPrintable(x.text)) return `${x.caseSensitive ? "%s" : style.iPrefix ? "%i" : ""}"${x.text}"`;
        return pct() + [...x.text].map((c) => num(c.codePointAt(0) as number)).join(".");
      case "seq":
        return x.items.map((i) => (i.type === "seq" || i.type === "alt" ? group(print(i)) : print(i))).join(sep());
      case "alt":
        return x.items.map((i) => (i.type === "alt" ? group(print(i)) : print(i))).join(`${sep()}/${sep()}`);
      case "rep": {
        if (style.brackets && x.min === 0 && x.max === 1) return `[${sep()}${print(x.item)}${sep()}]`;
        const prefix = x.min === x.max ? `${x.min}` : `${x.min === 0 ? "" : x.min}*${x.max === Infinity ? "" : x.max}`;
        const item = x.item.type === "seq" || x.item.type === "alt" || x.item.type === "rep" ? group(print(x.item)) : print(x.item);
        return prefix + item;
      }
    }
  };
  return print(e);
}

describe("round trip: printed expressions read back the same", () => {
  it("readAbnfExpr(print(e)) is e", () => {
    fc.assert(
      fc.property(exprArb, styleArb, (e, style) => {
        const text = printExpr(e, style);
        const back = ok(readAbnfExpr(text));
        expect(toJson(back)).toEqual(toJson(e));
        expect(sameExpr(back, e)).toBe(true);
      }),
      { numRuns: runs(500) },
    );
  });

  it("readAbnf of rules printed with varying indentation gives each rule's expression", () => {
    const rulesArb = fc.array(fc.tuple(nameArb, exprArb, fc.constantFrom("", "   ", "\t", "         "), fc.boolean()), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(rulesArb, styleArb, fc.constantFrom("\n", "\r\n"), fc.boolean(), (rules, style, eol, finalEol) => {
        const text = rules.map(([name, e, indent, incremental]) => `${indent}${name} ${incremental ? "=/" : "="} ${printExpr(e, style)}`).join(eol) + (finalEol ? eol : "");
        const entries = ok(readAbnf(text));
        expect(entries.map((x) => [x.name, x.incremental, toJson(x.expr)])).toEqual(rules.map(([name, e, , incremental]) => [name, incremental, toJson(e)]));
      }),
      { numRuns: runs(200) },
    );
  });

  it("agrees with the independent test parser (helpers/abnf.ts, strict RFC 5234 layout) on printed expressions", () => {
    fc.assert(
      fc.property(exprArb, strictStyleArb(STRICT_SEPS), (e, style) => {
        const text = printExpr(e, style);
        expect(canonicalAbnf(toHelper(ok(readAbnfExpr(text))))).toBe(canonicalAbnf(parseAbnfExpr(text)));
      }),
      { numRuns: runs(300) },
    );
  });

  it(`reads groups nested ${MAX_NESTING} deep, and long alternations`, () => {
    expect(toJson(ok(readAbnfExpr(`${"(".repeat(MAX_NESTING)}a${")".repeat(MAX_NESTING)}`)))).toEqual(toJson(ref("a")));
    let option: Expr = ref("a");
    for (let k = 0; k < MAX_NESTING; k++) option = rep(0, 1, option);
    expect(toJson(ok(readAbnfExpr(`${"[ ".repeat(MAX_NESTING)}a${" ]".repeat(MAX_NESTING)}`)))).toEqual(toJson(option));
    const wide = ok(readAbnfExpr(Array.from({ length: 20000 }, (_x, k) => `%d${k}`).join(" / ")));
    expect(wide.type === "alt" && wide.items.length).toBe(20000);
  });
});

/** Real ABNF: the grammar files and the RFC cuts. */
const REAL_TEXTS = [...grammarFiles.map((f) => readText(path.join(GRAMMAR_DIR, f))), ...rfcFixture.cases.map((c) => rfcText(c.file))];

describe("layout: any indentation, CRLF or LF, final newline or not, reads the same", () => {
  it.each(REAL_TEXTS.filter((t) => readAbnf(t).ok).map((t) => [t.split("\n", 1)[0] ?? "", t] as const))("%s", (_title, text) => {
    const base = ok(readAbnf(text)).map((e) => [e.name, e.incremental, toJson(e.expr)]);
    const lineCount = text.split("\n").length;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("", " ", "   ", "\t", " \t ", "          "), { minLength: lineCount, maxLength: lineCount }),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        (indents, eol, finalEol) => {
          const lines = text.replace(/\n$/, "").split("\n").map((l, k) => (l.trim() === "" ? (indents[k] ?? "") : (indents[k] ?? "") + l.trimStart()));
          const relaid = lines.join(eol) + (finalEol ? eol : "");
          expect(ok(readAbnf(relaid)).map((e) => [e.name, e.incremental, toJson(e.expr)])).toEqual(base);
        },
      ),
      { numRuns: runs(25) },
    );
  });
});

describe("the reader never throws for a string", () => {
  const ABNF_CHARS = [
    "(", ")", "[", "]", '"', "<", ">", "%", "/", "=", "*", ";", "-", ".", " ", "\t", "\n", "\r", "\r\n",
    "0", "1", "9", "a", "x", "X", "d", "b", "s", "i", "F", "=/", "é", "\u0007", "\u0000", "\uD800", "\uDC00", "😀", "\uFEFF", "\f",
  ];
  const abnfLike = fc.string({ unit: fc.constantFrom(...ABNF_CHARS), maxLength: 40 });
  const mutated = fc
    .record({
      source: fc.constantFrom(...REAL_TEXTS),
      edits: fc.array(fc.record({ at: fc.nat(), remove: fc.nat(4), insert: fc.string({ unit: fc.constantFrom(...ABNF_CHARS), maxLength: 3 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
    })
    .map(({ source, edits }) =>
      edits.reduce((t, e) => {
        const at = e.at % (t.length + 1);
        return t.slice(0, at) + e.insert + t.slice(at + e.remove);
      }, source),
    );

  const checkAll = (text: string): void => {
    for (const r of [readAbnf(text), readAbnfExpr(text), readAbnfRules(text)] as const) {
      if (r.ok) continue;
      checkError(text, r.error);
    }
    const r = readAbnf(text);
    if (r.ok) for (const e of r.value) expect(e.name).toMatch(RULE_NAME);
  };

  it("for any string of code units", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 60 }), checkAll), { numRuns: runs(250) });
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 }), checkAll), { numRuns: runs(300) });
  });

  it("for strings of ABNF's own characters", () => {
    fc.assert(fc.property(abnfLike, checkAll), { numRuns: runs(500) });
    fc.assert(fc.property(abnfLike.map((s) => `r = ${s}`), checkAll), { numRuns: runs(500) });
  });

  it("for mutations of real grammars", () => {
    fc.assert(fc.property(mutated, checkAll), { numRuns: runs(300) });
  });

  it("for the names of Object.prototype's properties, leaving Object.prototype alone", () => {
    // parsimmon's Parser.parse caches failed inputs in an object keyed by the input: "__proto__" would write onto Object.prototype.
    for (const text of ["__proto__", "constructor", "toString", "hasOwnProperty", "__proto__ = a", "a = __proto__"]) checkAll(text);
    expect(ok(readAbnf("constructor = toString"))[0]?.refs.map((r) => r.name)).toEqual(["toString"]);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(([] as unknown[])[0]).toBeUndefined();
  });

  afterAll(() => expect(Object.keys(Object.prototype)).toEqual([]));

  it("for nesting just past the limit and other extremes", () => {
    for (const text of [
      "a = " + "(".repeat(MAX_NESTING + 1),
      "a = " + "(".repeat(5000) + "b",
      "a = " + "[".repeat(5000),
      "a = " + "1*".repeat(3),
      "a = %x" + "0".repeat(1000) + "41",
      "a = " + "9".repeat(400) + "b",
      "\n".repeat(5000) + "a = b",
      "a = b" + "\n;".repeat(5000) + "\n  c",
    ]) {
      checkAll(text);
    }
    expect(toJson(ok(readAbnfExpr("%x" + "0".repeat(1000) + "41")))).toEqual(toJson(range(0x41, 0x41)));
  });

  it("for a string of 200,000 values and a concatenation of 150,000 elements (issue 33: 'Maximum call stack size exceeded' as a \"surrogate\" error, or 'too large to read')", () => {
    const N = 200_000;
    const dotted = ok(readAbnfExpr("%x" + Array.from({ length: N }, () => "41").join(".")));
    expect(dotted.type === "lit" ? [dotted.text.length, dotted.caseSensitive] : dotted.type).toEqual([N, true]);
    // past what a spread fits on the stack (about 120,000 arguments here)
    const M = 150_000;
    const concat = ok(readAbnfExpr(Array.from({ length: M }, () => '"a"').join(" ")));
    expect(concat.type === "seq" ? concat.items.length : concat.type).toBe(M);
  });
});

describe("fixtures/abnf", () => {
  it("every case names its source", () => {
    for (const fixture of [readFixture, errorFixture, rfcFixture] as const) {
      expect(fixture.source).toEqual(expect.any(String));
      for (const c of fixture.cases as readonly { readonly source?: unknown }[]) expect(c.source).toMatch(/^(RFC \d+|own)/);
    }
  });
});
