/**
 * Rules checked in code nested in each other end in a typed answer however deep the input
 * nests them (fixtures/loader/check-nesting.json): the answer within what JavaScript's stack
 * holds, the MatchLimitError of the depth budget past it — never a RangeError. Through
 * parseWith, the rule's parser (alone or composed) answers as validate does: a budget's
 * MatchLimitError is the Result's error (fuzz round 14).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { grammarFromAbnfOrThrow, MatchLimitError } from "../src/abnf/index.js";
import { derive } from "../src/abnf/engine.js";
import { parseWith } from "../src/rules/index.js";
import P from "parsimmon";

interface Row {
  /**
   * "derive": the derivation of the whole input (engine.ts derive, what Semantics runs), without a
   * match test first. "parseWith": parseWith of the rule's parser, and of it composed (P.seqMap).
   */
  via?: "derive" | "parseWith";
  abnf: string[];
  rule: string;
  check: string;
  predicate: "always" | "nonEmpty";
  open: string;
  middle: string;
  close: string;
  depth: number;
  /**
   * The answer, or the budget whose MatchLimitError ends the match ("limit": either, "steps" or
   * "depth" by how much of JavaScript's stack the checked calls find, which differs between
   * validate and parseWith, and between a process and jest).
   */
  answer: boolean | "depth" | "limit";
}

const rows = (JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "loader", "check-nesting.json"), "utf8")) as { rows: Row[] }).rows;
const predicates = { always: () => true, nonEmpty: (t: string) => t.length > 0 };

describe("rules checked in code, nested deep", () => {
  it.each(rows.map((r) => [`${r.via === undefined ? "" : `${r.via}: `}${r.abnf.join("; ")} on ${r.depth} deep (${r.middle})`, r] as const))("%s", (_name, r) => {
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
    if (r.via === "parseWith") {
      const v = g.validate(input, r.rule);
      const parser = g.rule(r.rule);
      const composed = P.seqMap(parser, P.eof, (x) => x);
      for (const [name, answer] of [
        ["parser", parseWith(parser, input)],
        ["composed", parseWith(composed, input, r.rule)],
      ] as const) {
        expect([name, answer.ok]).toEqual([name, r.answer === true]);
        expect([name, answer.ok]).toEqual([name, v.ok]);
        if (answer.ok || v.ok || typeof r.answer !== "string") continue;
        expect(answer.error).toBeInstanceOf(MatchLimitError);
        expect(v.error).toBeInstanceOf(MatchLimitError);
        const budget = (answer.error as MatchLimitError).budget;
        if (r.answer === "limit") expect([name, ["steps", "depth"].includes(budget)]).toEqual([name, true]);
        else expect([name, budget]).toEqual([name, r.answer]);
        expect([name, answer.error.rule]).toEqual([name, r.rule]);
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
