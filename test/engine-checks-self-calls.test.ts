// A rule checked in code that calls itself where it may end (fixtures/engine/checks-self-calls.json,
// fuzz round 16): the engine read that call as a loop (calls.ts selfLoops), so the callee's text
// was never given to the check, and `s = "a" s / "b"` refusing "ab" still matched "aab". Every
// call of a checked rule is checked (docs/guide/abnf.md), on either tier and after compile().
import { grammarFromAbnfOrThrow, type Grammar } from "../src/abnf/index";
import { readJson } from "./helpers/fixtures";

interface Row {
  readonly grammar: readonly string[];
  readonly rule: string;
  readonly refuse: string;
  readonly input: string;
  readonly answer: boolean;
}
const fixture = readJson<{ rows: readonly Row[] }>("engine", "checks-self-calls.json");

/** The rule checked: `s`, or the rule validated where the grammar has no `s`. */
const checkedRule = (r: Row): string => (r.grammar.some((l) => l.startsWith("s = ")) ? "s" : r.rule);
const load = (r: Row): Grammar => grammarFromAbnfOrThrow(r.grammar.join("\n") + "\n", { checks: { [checkedRule(r)]: (t: string) => t !== r.refuse } });

describe("every call of a rule checked in code is checked, a self call at its end too", () => {
  it.each(fixture.rows.map((r) => [`${r.grammar.join("; ")} refusing ${JSON.stringify(r.refuse)}: ${r.rule} on ${JSON.stringify(r.input)}`, r] as const))("%s", (_name, r) => {
    for (const make of [(g: Grammar) => g, (g: Grammar) => g.compile()]) {
      const g = make(load(r));
      expect(g.isValid(r.input, r.rule)).toBe(r.answer);
      const v = g.validate(r.input, r.rule);
      expect(v.ok).toBe(r.answer);
    }
  });
});
