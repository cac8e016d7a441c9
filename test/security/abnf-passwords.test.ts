// fuzz round 16 (the security brief's item 2): a URI given where ABNF text or a rule name goes.
// The AbnfError's caret excerpt quoted the line that held it, and its `input` (the whole text)
// was enumerable, so JSON.stringify and util.inspect wrote the password; a GrammarError quoted a
// rule name that held one in its message and kept it in `rule`. RFC 3986 §3.2.1, §7.5;
// SECURITY.md: what may be a password is not shown. Rows: fixtures/passwords/abnf-errors.json.
import { inspect } from "node:util";
import { grammar, grammarFromAbnf, lit, readAbnf, readAbnfExpr, readAbnfRules, rfc3986 } from "../../src/abnf";
import fixture from "../../fixtures/passwords/abnf-errors.json";

const SECRET = "s3cr3tPW";
type Row = readonly [string, string, ...string[]];
const textRows = fixture.text as unknown as readonly Row[];
const nameRows = fixture.name as unknown as readonly Row[];

/** Every form of an error a program may print or log. */
const printed = (e: Error): string => [e.message, JSON.stringify(e), inspect(e, { depth: 4 }), String((e as { found?: string }).found)].join("\n");

const readers: readonly (readonly [string, (text: string) => { ok: boolean; error?: Error }])[] = [
  ["grammarFromAbnf", (t) => grammarFromAbnf(t) as { ok: boolean; error?: Error }],
  ["readAbnf", (t) => readAbnf(t) as { ok: boolean; error?: Error }],
  ["readAbnfRules", (t) => readAbnfRules(t) as { ok: boolean; error?: Error }],
];

describe("ABNF text that holds a URI with a password: the AbnfError shows it masked", () => {
  it.each(textRows)("%j", (text, shown) => {
    for (const [name, read] of readers) {
      const r = read(text);
      expect([name, r.ok]).toEqual([name, false]);
      const e = r.error as Error & { input: string };
      expect(e.name).toBe("AbnfError");
      expect(printed(e)).not.toContain(SECRET);
      expect(e.message).toContain(shown);
      expect(e.input).toBe(text); // the caller's text, readable as given
    }
  });

  it.each(fixture.prose as unknown as readonly Row[])("grammarFromAbnf, a rule defined as prose: %j", (text, shown) => {
    const r = grammarFromAbnf(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("unsupplied-prose");
    expect(printed(r.error)).not.toContain(SECRET);
    expect(r.error.shortMessage).toContain(shown);
  });

  it("readAbnfExpr: the same", () => {
    const r = readAbnfExpr(`"a" http://user:${SECRET}@host/`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(printed(r.error)).not.toContain(SECRET);
    if (!r.ok) expect(r.error.message).toContain("http://user:***@host/");
  });

  it("the caret stays under the character it points at after the mask", () => {
    const r = readAbnf(`x = <http://user:${SECRET}@host/> %g`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const [, line, caret] = r.error.message.split("\n") as [string, string, string];
    expect(line).toContain("http://user:***@host/");
    expect(line[caret.indexOf("^")]).toBe("g");
    expect(r.error.found).toBe('"g"');
  });

  it("an error without a password keeps `input` in JSON, as before", () => {
    const r = readAbnf("x = %");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(JSON.parse(JSON.stringify(r.error)).input).toBe("x = %");
  });
});

describe("a URI given as a rule name: the GrammarError shows it masked", () => {
  const thrown = (call: () => unknown): Error => {
    try {
      call();
    } catch (e) {
      return e as Error;
    }
    throw new Error("no error");
  };
  const calls: readonly (readonly [string, (name: string) => unknown])[] = [
    ["grammar's rules", (n) => grammar({ [n]: lit("a") })],
    ["options.checks", (n) => grammar({ a: lit("a") }, { checks: { [n]: () => true } })],
    ["derive's rename", (n) => rfc3986.derive({ rename: { URI: n } })],
    ["derive's copy (the rule copied)", (n) => rfc3986.derive({ copy: { [n]: "x" } })],
    ["derive's copy (the new name)", (n) => rfc3986.derive({ copy: { URI: n } })],
    ["derive's rules", (n) => rfc3986.derive({ rules: { [n]: lit("a") } })],
  ];
  describe.each(nameRows)("%j", (name, shown) => {
    it.each(calls)("%s", (_what, call) => {
      const e = thrown(() => call(name)) as Error & { code?: string; rule?: string };
      expect(e.name).toBe("GrammarError");
      expect(printed(e)).not.toContain(SECRET);
      expect(e.message).toContain(shown);
      expect(e.rule).toBe(name); // readable as given, as UnknownRuleError's ruleName
    });
  });

  it("a rule name without a password stays in JSON, as before", () => {
    const e = thrown(() => grammar({ "a b": lit("a") }));
    expect(JSON.parse(JSON.stringify(e)).rule).toBe("a b");
  });
});
