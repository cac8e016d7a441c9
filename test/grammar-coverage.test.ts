// Every rule of RFC 3986 (grammar/rfc3986.abnf and the core rules it uses) has a combinator, reachable by its camelCase name and by rule(name),
// and the combinator's definition prints back to the same ABNF as the file (compared structurally).
import * as fs from "node:fs";
import * as path from "node:path";
import P from "parsimmon";
import * as rules from "../src/rules/index";
import { printExpr } from "../src/abnf/print";
import { core } from "../src/grammars/core";
import { rfc3986 } from "../src/grammars/rfc3986/index";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import {
  canonicalAbnf, CORE_ABNF_PATH, GRAMMAR_DIR, grammarFromAbnf, loadIriGrammar, loadUriGrammar, parseAbnf, parseAbnfExpr, RFC3986_ABNF_PATH,
  RFC3987_ABNF_PATH, ruleIdentifier,
} from "./helpers/abnf";

const grammar = loadUriGrammar();
const iriGrammar = loadIriGrammar();
const exported = rules as unknown as Record<string, unknown>;
const coreFile = grammarFromAbnf(fs.readFileSync(CORE_ABNF_PATH, "utf8"));

describe("every ABNF rule has a combinator", () => {
  it("covers all 36 rules of RFC 3986 Appendix A and the 3 core rules it uses", () => {
    expect(rfc3986.ruleNames).toHaveLength(39);
    const appendixA = parseAbnf(fs.readFileSync(RFC3986_ABNF_PATH, "utf8")).ruleNames();
    expect(appendixA).toHaveLength(36);
    expect([...rules.uriRuleNames].sort()).toEqual([...appendixA, "ALPHA", "DIGIT", "HEXDIG"].sort());
    expect([...rfc3986.ruleNames]).toEqual([...rules.uriRuleNames]);
  });

  it("covers every rule of RFC 3987 §2.2 (grammar/rfc3987.abnf): 25 new ones beside RFC 3986's", () => {
    const section22 = parseAbnf(fs.readFileSync(RFC3987_ABNF_PATH, "utf8")).ruleNames();
    expect(section22).toHaveLength(39);
    for (const name of section22) expect(rfc3987.has(name)).toBe(true);
    expect(rfc3987.ruleNames).toHaveLength(64);
    expect([...rules.ruleNames]).toEqual([...rfc3987.ruleNames]);
  });

  describe.each(rfc3987.ruleNames.map((n) => [n]))("%s", (name) => {
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

    it("has the same ABNF in the code as in grammar/ (in each file that defines it)", () => {
      const fromCode = canonicalAbnf(parseAbnfExpr(printExpr(parser.definition.expr)));
      const files = [grammar, iriGrammar].filter((g) => g.rules.has(name.toLowerCase()));
      expect(files.length).toBeGreaterThan(0);
      for (const g of files) expect(fromCode).toBe(canonicalAbnf(g.rule(name)));
      expect(parser.abnf).toBe(printExpr(parser.definition.expr));
    });
  });

  it("knows no rule that grammar/ does not have", () => {
    // @ts-expect-error a literal that names no rule does not compile
    expect(() => rules.rule("no-such-rule")).toThrow(TypeError);
    expect(rules.isRuleName("no-such-rule")).toBe(false);
  });
});

describe("the RFC 5234 core grammar", () => {
  it("has all 16 core rules of Appendix B.1, each the same ABNF as grammar/rfc5234-core.abnf", () => {
    expect([...core.ruleNames]).toEqual([...coreFile.ruleNames]);
    expect(core.ruleNames).toHaveLength(16);
    for (const name of core.ruleNames) {
      const def = core.definition(name);
      expect(canonicalAbnf(parseAbnfExpr(printExpr(def?.expr ?? { type: "prose", text: "" })))).toBe(canonicalAbnf(coreFile.rule(name)));
    }
  });
});

interface Deviation {
  rule: string;
  backend: string;
  change: string;
  why: string;
  cases: [string, string][];
}

interface DeviationFile {
  deviations: Deviation[];
  retired: (Deviation & { retired: string })[];
}

describe("grammar/deviations.json", () => {
  const file = JSON.parse(fs.readFileSync(path.join(GRAMMAR_DIR, "deviations.json"), "utf8")) as DeviationFile;

  const checkCases = (d: Deviation): void => {
    expect(d.why.length).toBeGreaterThan(20);
    if (d.rule !== "*") expect(rfc3986.ruleNames).toContain(d.rule);
    expect(d.cases.length).toBeGreaterThan(0);
    for (const [ruleName, input] of d.cases) {
      // each case is a fixture of that rule, and every backend agrees with true ABNF semantics on it
      const fixture = JSON.parse(fs.readFileSync(path.join(GRAMMAR_DIR, "../fixtures/rules", `${ruleName}.json`), "utf8")) as {
        groups: { accept?: string[] }[];
      };
      expect(fixture.groups.flatMap((g) => g.accept ?? [])).toContain(input);
      expect(grammar.matches(ruleName, input)).toBe(true);
      const parser = rules.rule(ruleName) as rules.RuleParser<unknown>;
      expect(parser).toAccept(input);
      expect(parser.isValid(input)).toBe(true);
      expect(new RegExp(`^(?:${parser.pattern ?? "(?!)"})$`).test(input)).toBe(true);
    }
  };

  it.each(file.deviations.map((d) => [`${d.rule} (${d.backend}): ${d.change}`, d]))("%s", (_title, d) => checkCases(d));

  it("only rewrites derived forms: no departure is left for the engine", () => {
    expect(file.deviations.every((d) => d.backend === "regex")).toBe(true);
  });

  it.each(file.retired.map((d) => [`retired: ${d.rule} (${d.backend}): ${d.change}`, d]))("%s: its cases still match without it", (_title, d) => {
    expect(d.retired.length).toBeGreaterThan(20);
    checkCases(d);
  });
});
