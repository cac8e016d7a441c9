// A tier switch must not change an answer (issue 33). The first tier (src/abnf/interpret.ts)
// and the compiled tier (src/abnf/calls.ts) count their steps differently: on RFC 5322's
// `address`, a display name of many words ("ab ab ab … <a@example.test>") costs the compiled
// tier about 186 steps a character and the first tier about 69, against a budget of WORK_BASE
// plus WORK_PER_CHARACTER (64) a character. So an address of ~30,000 characters was valid on a
// fresh grammar (the first tier answered) and a MatchLimitError once the rule was compiled.
// Past the compiled tier's budget, the general engine now answers within its own
// (matcher.ts EngineMatcher), so both orders give the answer of whichever tier decides.
import * as fs from "node:fs";
import * as path from "node:path";
import { grammarFromAbnfOrThrow, MatchLimitError } from "../src/abnf/index";
import { CallRun, WORK_BASE, WORK_PER_CHARACTER } from "../src/abnf/calls";
import { Interpreter } from "../src/abnf/interpret";
import type { EngineMatcher } from "../src/abnf/matcher";

const text = fs.readFileSync(path.join(__dirname, "..", "fixtures/abnf/rfc/rfc5322-sections-3-4.abnf"), "utf8");

/** RFC 5322 §3.4 `address` with a display name (`phrase`, §3.2.5) of `words` words. */
const named = (words: number, rest = "<a@example.test>"): string => `${"ab ".repeat(words)}${rest}`;

describe("RFC 5322 address: the same answer on a fresh grammar and after compile()", () => {
  const valid = named(10_000); // 30,016 characters

  it("the input is past the compiled tier's budget and within the first tier's (else the test would not test the switch)", () => {
    const g = grammarFromAbnfOrThrow(text).compile("address");
    const limit = WORK_BASE + WORK_PER_CHARACTER * valid.length;
    const run = new CallRun(g.compiled, valid, Infinity);
    run.labels = false;
    expect(run.call("address", 0).ends).toContain(valid.length);
    expect(run.work).toBeGreaterThan(limit);
    const first = new Interpreter(g.analysis);
    expect(first.test("address", valid, limit)).toBe(true);
    expect(first.steps).toBeLessThanOrEqual(limit);
  });

  it("isValid: true on both", () => {
    const fresh = grammarFromAbnfOrThrow(text);
    expect(fresh.isValid(valid, "address")).toBe(true);
    expect((fresh.matcher("address") as EngineMatcher).tier).toBe("first");
    const compiled = grammarFromAbnfOrThrow(text).compile("address");
    expect((compiled.matcher("address") as EngineMatcher).tier).toBe("compiled");
    expect(compiled.isValid(valid, "address")).toBe(true);
  });

  it("validate, with a smaller budget (the same switch, 6,016 characters): ok, and a rejection at the same offset with the same expected", () => {
    const budgets = { steps: 400_000 }; // (explaining takes the first tier about 113 steps a character: within 400,000 + 64 a character)
    const ok = named(2_000);
    const bad = named(2_000, "<a@example.test");
    for (const s of [ok, bad]) {
      const g = grammarFromAbnfOrThrow(text, { budgets }).compile("address");
      const run = new CallRun(g.compiled, s, Infinity);
      run.call("address", 0);
      expect(run.work).toBeGreaterThan(400_000 + WORK_PER_CHARACTER * s.length);
    }
    const fresh = grammarFromAbnfOrThrow(text, { budgets });
    const compiled = grammarFromAbnfOrThrow(text, { budgets }).compile("address");
    expect(fresh.validate(ok, "address").ok).toBe(true);
    expect(compiled.validate(ok, "address").ok).toBe(true);
    const v = fresh.validate(bad, "address");
    const w = compiled.validate(bad, "address");
    if (v.ok || w.ok) throw new Error("accepted");
    expect(w.error).not.toBeInstanceOf(MatchLimitError);
    expect([w.error.offset, w.error.expected]).toEqual([v.error.offset, v.error.expected]);
    expect(v.error.offset).toBe(bad.length);
  });

  it("past both budgets: the compiled tier's MatchLimitError on both", () => {
    const budgets = { steps: 1000, stepsPerCharacter: 10 };
    const s = named(2_000);
    const fresh = grammarFromAbnfOrThrow(text, { budgets }).validate(s, "address");
    const compiled = grammarFromAbnfOrThrow(text, { budgets }).compile("address").validate(s, "address");
    expect(fresh.ok || fresh.error).toBeInstanceOf(MatchLimitError);
    expect(compiled.ok || compiled.error).toBeInstanceOf(MatchLimitError);
    if (fresh.ok || compiled.ok) return;
    expect([compiled.error.offset, compiled.error.message]).toEqual([fresh.error.offset, fresh.error.message]);
  });
});
