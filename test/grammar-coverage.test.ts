// Every rule of grammar/*.abnf has a combinator, reachable by its camelCase name and by rule(name),
// and the combinator's definition prints back to the same ABNF as the file (compared structurally).
import * as fs from "node:fs";
import * as path from "node:path";
import P from "parsimmon";
import * as rules from "../src/rules/index";
import { printExpr } from "../src/abnf/to-abnf";
import { canonicalAbnf, GRAMMAR_DIR, loadUriGrammar, parseAbnfExpr, ruleIdentifier } from "./helpers/abnf";

const grammar = loadUriGrammar();
const exported = rules as unknown as Record<string, unknown>;

describe("every ABNF rule has a combinator", () => {
  it("covers all 36 rules of RFC 3986 Appendix A and the 3 core rules", () => {
    expect(grammar.ruleNames).toHaveLength(39);
    expect([...rules.ruleNames].sort()).toEqual([...grammar.ruleNames].sort());
  });

  describe.each(grammar.ruleNames.map((n) => [n]))("%s", (name) => {
    const parser = exported[ruleIdentifier(name)] as rules.RuleParser<unknown>;

    it("is exported under its mechanical camelCase name as a parsimmon Parser", () => {
      expect(P.isParser(parser)).toBe(true);
      expect(parser.abnfName).toBe(name);
    });

    it("is reachable by its ABNF name, case-insensitively", () => {
      expect(rules.rule(name)).toBe(parser);
      expect(rules.rule(name.toUpperCase())).toBe(parser);
      expect(rules.isRuleName(name.toLowerCase())).toBe(true);
    });

    it("has the same ABNF in the code as in grammar/", () => {
      const fromCode = canonicalAbnf(parseAbnfExpr(printExpr(parser.definition.expr)));
      expect(fromCode).toBe(canonicalAbnf(grammar.rule(name)));
      expect(parser.abnf).toBe(printExpr(parser.definition.expr));
    });
  });

  it("knows no rule that grammar/ does not have", () => {
    expect(rules.rule("no-such-rule")).toBeUndefined();
    expect(rules.isRuleName("no-such-rule")).toBe(false);
  });
});

interface Deviation {
  rule: string;
  backend: string;
  change: string;
  why: string;
  cases: [string, string][];
}

describe("grammar/deviations.json", () => {
  const deviations = JSON.parse(fs.readFileSync(path.join(GRAMMAR_DIR, "deviations.json"), "utf8")) as Deviation[];

  it.each(deviations.map((d) => [`${d.rule} (${d.backend}): ${d.change}`, d]))("%s", (_title, d) => {
    expect(d.why.length).toBeGreaterThan(20);
    if (d.rule !== "*") expect(grammar.ruleNames).toContain(d.rule);
    expect(d.cases.length).toBeGreaterThan(0);
    for (const [ruleName, input] of d.cases) {
      // each case is a fixture of that rule, and both backends agree with true ABNF semantics on it
      const fixture = JSON.parse(fs.readFileSync(path.join(GRAMMAR_DIR, "../fixtures/rules", `${ruleName}.json`), "utf8")) as {
        groups: { accept?: string[] }[];
      };
      expect(fixture.groups.flatMap((g) => g.accept ?? [])).toContain(input);
      expect(grammar.matches(ruleName, input)).toBe(true);
      const parser = rules.rule(ruleName) as rules.RuleParser<unknown>;
      expect(parser).toAccept(input);
      expect(new RegExp(`^(?:${parser.pattern})$`).test(input)).toBe(true);
    }
  });

  it("names every guard of the combinator backend", () => {
    const guards: string[] = [];
    const walk = (e: rules.Expr): void => {
      if (e.type === "guard") guards.push(e.deviation);
      if (e.type === "seq" || e.type === "alt") e.items.forEach(walk);
      if (e.type === "rep" || e.type === "guard") walk(e.item);
    };
    for (const name of rules.ruleNames) walk((rules.rule(name) as rules.RuleParser<unknown>).definition.expr);
    for (const g of new Set(guards)) expect(deviations.map((d) => d.rule)).toContain(g);
  });
});
