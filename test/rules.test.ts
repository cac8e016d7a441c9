// fixtures/rules/<abnf-name>.json: for every rule, whole-string accept/reject vectors. Each is
// checked on the fast path (validate), on the combinators (the exported parsimmon parser) and on
// the independent reference recognizer with true ABNF semantics (test/helpers/abnf.ts). RFC 3987's
// rules (IRI, ihost, ucschar, ...) have theirs too.
import { isValid, validate, type RuleName } from "../src/index";
import * as rules from "../src/rules/index";
import { loadIriGrammar, loadUriGrammar } from "./helpers/abnf";
import { jsonFiles, readJson, type RuleFixture } from "./helpers/fixtures";

const uriGrammar = loadUriGrammar();
const iriGrammar = loadIriGrammar();
const uriRules: ReadonlySet<string> = new Set(rules.uriRuleNames);
const files = jsonFiles("rules");

it("has a fixture file for every rule", () => {
  expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...rules.ruleNames].sort());
});

describe.each(files.map((f) => [f]))("%s", (file) => {
  const fixture = readJson<RuleFixture>("rules", file);
  const name = fixture.rule as RuleName;
  const parser = rules.rule(name);
  // the reference of record: grammar/rfc3986.abnf, or grammar/rfc3987.abnf for RFC 3987's rules
  const grammar = uriRules.has(name) ? uriGrammar : iriGrammar;
  const cases = fixture.groups.flatMap((g) => [
    ...(g.accept ?? []).map((input) => ({ input, accept: true, source: g.source })),
    ...(g.reject ?? []).map((input) => ({ input, accept: false, source: g.source })),
  ]);

  it("names its own rule", () => expect(`${fixture.rule}.json`).toBe(file));

  it.each(cases.map((c) => [`${c.accept ? "accepts" : "rejects"} ${JSON.stringify(c.input)} (${c.source})`, c]))(
    "%s",
    (_title, c) => {
      expect(grammar.matches(name, c.input)).toBe(c.accept);
      expect(isValid(c.input, name)).toBe(c.accept);
      expect(validate(c.input, name).ok).toBe(c.accept);
      if (c.accept) expect(parser).toAccept(c.input);
      else expect(parser).not.toAccept(c.input);
    },
  );
});
