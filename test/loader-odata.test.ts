// The OData ABNF Construction Rules 4.01 (OASIS), loaded as published (fixtures/abnf/odata/, source,
// commit and licence in its README.md), against a sample of the OData TC's own test cases (issue 33:
// "tests with public grammars and a few cases each"). The suite's tool applies the suite's
// Constraints (the names each rule may take in its example service) through callbacks; here they
// are GrammarOptions.checks, a predicate per rule. With them, every sampled case gets the suite's
// answer. Without them (the grammar alone) the suite's rejections that depend on them are accepted,
// as the ABNF says: the reference recognizer (test/helpers/abnf.ts) accepts them too.
import * as fs from "node:fs";
import * as path from "node:path";
import { grammarFromAbnf, type Grammar } from "../src/abnf/index";
import { grammarFromAbnf as referenceOf } from "./helpers/abnf";

type Case = readonly [rule: string, input: string, failAt: number | null, name: string];
interface Suite {
  readonly source: string;
  readonly constraints: Readonly<Record<string, readonly string[]>>;
  readonly cases: readonly Case[];
}

const dir = path.join(__dirname, "..", "fixtures", "abnf", "odata");
const text = fs.readFileSync(path.join(dir, "odata-abnf-construction-rules.txt"), "utf8");
const suite = JSON.parse(fs.readFileSync(path.join(dir, "testcases.json"), "utf8")) as Suite;

const load = (options: Parameters<typeof grammarFromAbnf>[1]): Grammar => {
  const r = grammarFromAbnf(text, options);
  if (!r.ok) throw r.error;
  return r.value;
};
const plain = load({ name: "OData ABNF 4.01" });
const defined = new Set(plain.ruleNames.map((n) => n.toLowerCase()));
/** The suite's constraints on rules of this grammar (the others belong to OData's aggregation extension). */
const constrained = Object.entries(suite.constraints).filter(([rule]) => defined.has(rule.toLowerCase()));
const checks = Object.fromEntries(constrained.map(([rule, names]) => [rule, (t: string): boolean => names.includes(t)]));
const checked = load({ name: "OData ABNF 4.01 with the suite's constraints", checks });
const accepts = (c: Case): boolean => c[2] === null;

describe("OData ABNF 4.01 as published", () => {
  it("loads with nothing appended: its 458 rules, its own core rules among them", () => {
    const own = new Set([...text.matchAll(/^([A-Za-z][A-Za-z0-9-]*)\s*=/gm)].map((m) => (m[1] as string).toLowerCase()));
    expect(own.size).toBe(458);
    expect([...own].filter((n) => !defined.has(n))).toEqual([]);
    expect(plain.ruleNames.filter((n) => !own.has(n.toLowerCase()))).toEqual([]);
  });

  it("the sample: 243 cases, 196 accepted and 47 rejected by the suite, each on a rule of the grammar; the suite's constraints name two rules it does not define", () => {
    expect([suite.cases.length, suite.cases.filter(accepts).length]).toEqual([243, 196]);
    expect(suite.cases.filter(([rule]) => !defined.has(rule.toLowerCase()))).toEqual([]);
    expect(Object.keys(suite.constraints).filter((rule) => !defined.has(rule.toLowerCase()))).toEqual(["customAggregate", "expressionAlias"]);
    expect(constrained.length).toBe(Object.keys(suite.constraints).length - 2);
  });
});

describe("with the suite's constraints as checks, every case gets the suite's answer", () => {
  it.each(suite.cases.filter(accepts).map((c) => [c[0], c[1], c[3]]))("accepts %s %j (%s)", (rule, input) => {
    expect(checked.isValid(input, rule)).toBe(true);
    expect(checked.validate(input, rule).ok).toBe(true);
  });

  it.each(suite.cases.filter((c) => !accepts(c)).map((c) => [c[0], c[1], c[2], c[3]]))("rejects %s %j (the suite: at %d; %s)", (rule, input) => {
    expect(checked.isValid(input, rule)).toBe(false);
    const v = checked.validate(input, rule);
    expect(v.ok ? undefined : v.error.name).toBe("UriSyntaxError");
  });
});

describe("without the constraints, the grammar alone", () => {
  const reference = referenceOf(text);
  const answers = suite.cases.map((c) => ({ c, ours: plain.isValid(c[1], c[0]), exact: reference.matches(c[0], c[1]) }));

  it("answers every case as the reference recognizer does", () => {
    expect(answers.filter((a) => a.ours !== a.exact).map((a) => a.c)).toEqual([]);
  });

  it("accepts every input the suite accepts; the 7 rejections it disagrees with are the constraints' (a keyPathLiteral, *pchar, takes any segment; an identifier, any role)", () => {
    const differ = answers.filter((a) => a.ours !== accepts(a.c));
    expect(differ.every((a) => a.ours && !accepts(a.c))).toBe(true);
    expect(differ.map((a) => a.c[1])).toEqual([
      "Categories(1)/Products/$ref/$count",
      "Categories/TheBestProduct()",
      "Categories(1)/ID/$value/foo",
      "Categories(1)/Address/$value",
      "Categories(1)/Thumbnail/$value",
      "Products/$count/foo",
      "Products(1)/Model.BestSellingProduct/Model.BestSellingProduct",
    ]);
    // keyPathLiteral's list alone refuses three; the other four need the name lists too (which
    // identifier is a function import, an entity type, a complex or stream property)
    const keys = suite.constraints["keyPathLiteral"] as readonly string[];
    const keyOnly = load({ checks: { keyPathLiteral: (t: string) => keys.includes(t) } });
    expect(differ.filter((a) => keyOnly.isValid(a.c[1], a.c[0])).map((a) => a.c[1])).toEqual([
      "Categories/TheBestProduct()",
      "Categories(1)/Address/$value",
      "Categories(1)/Thumbnail/$value",
      "Products(1)/Model.BestSellingProduct/Model.BestSellingProduct",
    ]);
    expect(differ.filter((a) => checked.isValid(a.c[1], a.c[0]))).toEqual([]);
  });
});
