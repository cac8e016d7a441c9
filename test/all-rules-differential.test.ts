// Every rule, not only the top-level ones: regex fast path, combinators and the reference
// recognizer agree on generated strings and one-character mutations of them.
import fc from "fast-check";
import P from "parsimmon";
import { isValid, type RuleName } from "../src/index";
import { ruleNames, uriRuleNames } from "../src/rules/index";
import { rule } from "../src/rules/index";
import { loadIriGrammar, loadUriGrammar } from "./helpers/abnf";
import { mutatedFor, validFor } from "./helpers/generators";
import { runs, seed } from "./helpers/runs";

const uriGrammar = loadUriGrammar();
const iriGrammar = loadIriGrammar();
const isUriRule = new Set<string>(uriRuleNames);

describe.each(ruleNames.map((n) => [n]))("%s", (name: RuleName) => {
  // each rule against the reference built from its own RFC's ABNF file
  const grammar = isUriRule.has(name) ? uriGrammar : iriGrammar;
  it(`agrees with the reference on ${runs(400)} generated strings or mutations`, () => {
    fc.assert(
      fc.property(fc.oneof(validFor(name), mutatedFor(name)), (s) => {
        const expected = grammar.matches(name, s);
        expect([s, isValid(s, name)]).toEqual([s, expected]);
        expect([s, rule(name).skip(P.eof).parse(s).status]).toEqual([s, expected]);
      }),
      { numRuns: runs(400), seed: seed(3987) },
    );
  });
});
