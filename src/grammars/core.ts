// RFC 5234 Appendix B.1: the core rules as a grammar that others import by name.
import { markRegexVerified } from "../abnf/fast-path.js";
import { grammar, Grammar } from "../abnf/grammar.js";
import { coreRules } from "./core-rules.js";

export { coreRules } from "./core-rules.js";

/** The RFC 5234 core rules as a grammar: import what you use, e.g. `core.pick("ALPHA", "DIGIT")`. Made on first use. */
export const core: Grammar = Grammar.lazy("RFC 5234 core rules", () => {
  const g = grammar(coreRules, { name: "RFC 5234 core rules" });
  markRegexVerified(g); // test/regex-safety.test.ts proves every rule linear
  return g;
});
