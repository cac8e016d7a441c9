// Whole RFC grammars as published (fixtures/loader/rfc-grammars.json, texts in fixtures/abnf/rfc/):
// each loads with nothing appended but rules another RFC defines, and its RFC's examples match,
// as the reference recognizer (test/helpers/abnf.ts) says too. RFC 5322 is the grammar that did
// not load before issue 33 (rule fields expanded every rule it reaches to 838,446 positions).
import * as fs from "node:fs";
import * as path from "node:path";
import P from "parsimmon";
import { grammarFromAbnf, grammarFromAbnfOrThrow, type Grammar } from "../src/abnf/index";
import { calledRules } from "../src/abnf/automaton-size";
import { grammarFromAbnf as referenceOf } from "./helpers/abnf";

interface Case {
  readonly name: string;
  readonly file: string;
  readonly extra?: string;
  readonly extraSource?: string;
  readonly rules: number;
  readonly accept: readonly (readonly [string, string, string])[];
  readonly reject: readonly (readonly [string, string, string])[];
}

const root = path.join(__dirname, "..");
const read = (f: string): string => fs.readFileSync(path.join(root, f), "utf8");
const defines = (text: string, name: string): boolean => new RegExp(`^\\s*${name.replace(/-/g, "\\-")}\\s+=`, "mi").test(text);
const cases = (JSON.parse(read("fixtures/loader/rfc-grammars.json")) as { grammars: Case[] }).grammars;

describe.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
  const text = read(c.file);
  const loaded = grammarFromAbnf(c.extra === undefined ? text : `${text}\n${c.extra}`, { name: c.name });
  const g = loaded.ok ? loaded.value : (undefined as unknown as Grammar);
  // the core rules the text does not define itself (RFC 9535 defines ALPHA and DIGIT)
  const core = read("grammar/rfc5234-core.abnf")
    .split(/\n(?=\S)/)
    .filter((rule) => !/^[A-Za-z]/.test(rule) || !defines(text, rule.split(/\s/)[0] as string))
    .join("\n");
  const reference = referenceOf(text, ...(c.extra === undefined ? [] : [c.extra]), core);

  it(`loads as published, with its ${c.rules} rules`, () => {
    expect(loaded.ok ? "" : loaded.error.message).toBe("");
    const own = g.ruleNames.filter((n) => defines(text, n));
    expect(own.length).toBe(c.rules);
  });

  it.each(c.accept.map(([rule, s, source]) => [rule, s, source]))("accepts %s %j (%s)", (rule, s) => {
    expect(reference.matches(rule, s)).toBe(true);
    expect(g.isValid(s, rule)).toBe(true);
    expect(g.validate(s, rule).ok).toBe(true);
    expect(g.rule(rule).skip(P.eof).parse(s).status).toBe(true);
  });

  it.each(c.reject.map(([rule, s, source]) => [rule, s, source]))("rejects %s %j (%s)", (rule, s) => {
    expect(reference.matches(rule, s)).toBe(false);
    expect(g.isValid(s, rule)).toBe(false);
    const v = g.validate(s, rule);
    expect(v.ok ? undefined : v.error.name).toBe("UriSyntaxError");
  });
});

describe("RFC 5322: rules too large to expand in place are called", () => {
  const g = grammarFromAbnfOrThrow(read("fixtures/abnf/rfc/rfc5322-sections-3-4.abnf"));

  it("calls the large rules (address-list, mailbox-list, fields, ...) instead of expanding them in place; a rule of one character never", () => {
    const called = calledRules(g.analysis);
    // one rule of the cycle comment -> ccontent -> comment (cycle-cuts.ts: the one that starts
    // with fewer characters), and the rules whose in-place expansion passed the threshold
    expect([...called].filter((k) => ["comment", "ccontent", "address-list", "mailbox-list", "fields", "message", "atext"].includes(k)).sort()).toEqual(
      ["address-list", "comment", "fields", "mailbox-list"],
    );
    const size = (k: string): number => g.compiled.automaton(k).positions.length;
    expect(size("fields")).toBeLessThan(20_000);
    expect(size("address")).toBeLessThan(20_000);
  });

  it("compile() ahead of use gives the same answers", () => {
    const eager = grammarFromAbnf(read("fixtures/abnf/rfc/rfc5322-sections-3-4.abnf"), { compile: true });
    expect(eager.ok).toBe(true);
    if (!eager.ok) return;
    expect(eager.value.isValid("John Doe <jdoe@machine.example>", "address")).toBe(true);
    expect(eager.value.isValid("John Doe jdoe@machine.example", "mailbox")).toBe(false);
  });
});
