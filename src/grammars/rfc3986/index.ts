// RFC 3986 (STD 66) Appendix A as a grammar value, with the RFC 5234 core rules it uses.
import { markRegexVerified } from "../../abnf/fast-path.js";
import { grammar, Grammar } from "../../abnf/grammar.js";
import { uriGrammar } from "../../compiled/index.js";
import { core } from "../core.js";
import { rfc3986Rules } from "./rules.js";

export { rfc3986Rules } from "./rules.js";

/** RFC 3986 (STD 66), Appendix A, with the RFC 5234 core rules it uses (ALPHA, DIGIT, HEXDIG). Made on first use. */
export const rfc3986: Grammar = Grammar.lazy("RFC 3986", () => {
  const g = grammar(rfc3986Rules, { name: "RFC 3986", imports: [core.pick("ALPHA", "DIGIT", "HEXDIG")], rare: ["IP-literal"] });
  markRegexVerified(g); // test/regex-safety.test.ts proves every rule linear
  return g;
});
// its rules as the build compiled them (test/compiled.test.ts holds them to these definitions)
Grammar.useCompiled(rfc3986, uriGrammar, true);
