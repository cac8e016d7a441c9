/**
 * Rules checked in code nested in each other end in a typed answer however deep the input
 * nests them (fixtures/loader/check-nesting.json): the answer within what JavaScript's stack
 * holds, the MatchLimitError of the depth budget past it — never a RangeError.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { grammarFromAbnfOrThrow, MatchLimitError } from "../src/abnf/index.js";
import { derive } from "../src/abnf/engine.js";

interface Row {
  /** "derive": the derivation of the whole input (engine.ts derive, what Semantics runs), without a match test first. */
  via?: "derive";
  abnf: string[];
  rule: string;
  check: string;
  predicate: "always" | "nonEmpty";
  open: string;
  middle: string;
  close: string;
  depth: number;
  answer: boolean | "depth";
}

const rows = (JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "loader", "check-nesting.json"), "utf8")) as { rows: Row[] }).rows;
const predicates = { always: () => true, nonEmpty: (t: string) => t.length > 0 };

describe("rules checked in code, nested deep", () => {
  it.each(rows.map((r) => [`${r.via === "derive" ? "derive: " : ""}${r.abnf.join("; ")} on ${r.depth} deep (${r.middle})`, r] as const))("%s", (_name, r) => {
    const g = grammarFromAbnfOrThrow(r.abnf.join("\n") + "\n", { checks: { [r.check]: predicates[r.predicate] } });
    const input = r.open.repeat(r.depth) + r.middle + r.close.repeat(r.depth);
    if (r.via === "derive") {
      const made = () => derive(g.compiled, r.rule, input, 0, input.length);
      if (r.answer === "depth") {
        let thrown: unknown;
        try {
          made();
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(MatchLimitError);
        expect((thrown as MatchLimitError).budget).toBe("depth");
      } else {
        expect(made().end).toBe(input.length);
      }
      return;
    }
    if (r.answer === "depth") {
      const v = g.validate(input, r.rule);
      expect(v.ok).toBe(false);
      if (v.ok) return;
      expect(v.error).toBeInstanceOf(MatchLimitError);
      expect((v.error as MatchLimitError).budget).toBe("depth");
      expect(() => g.isValid(input, r.rule)).toThrow(MatchLimitError);
    } else {
      expect(g.isValid(input, r.rule)).toBe(r.answer);
    }
  });
});
