// The work of the lazy DFA over counted repetitions (src/abnf/dfa.ts DfaBudget.work: the
// configurations each new state's step reads and makes), counted, not timed. Two counted
// repetitions that read the same characters, the second with a minimum above 1, make a state per
// split of the run, each holding a configuration per split below that minimum: the work grew with
// the square of the input (fuzz, round 3: `x = 1*1000000"a" 66000*1000000"a"`, 1.7 s at 4,000
// characters, 105 s at 32,000). A match now does at most its work budget (WORK_BASE plus
// WORK_PER_CHARACTER per character, or the grammar's `budgets`) of it, and past it answers a
// MatchLimitError (budget "steps").
import { grammarFromAbnfOrThrow, MatchLimitError, WORK_BASE, WORK_PER_CHARACTER, type Validation } from "../src/abnf/index";

/** Validates `input` against rule `rule` of the grammar `text`, compiled ahead (no first tier), and counts the DFA's work. */
function measured(text: string, rule: string, input: string, options: Parameters<typeof grammarFromAbnfOrThrow>[1] = {}): { result: Validation; work: number } {
  const g = grammarFromAbnfOrThrow(text, options).compile(rule);
  const budget = g.compiled.budget;
  const before = budget.work;
  const result = g.validate(input, rule);
  return { result, work: budget.work - before };
}

/** True when `work` on `input` stays within the match's budget, give or take the one step that passed it (at most two states of one configuration per character read, and the automaton's). */
const withinBudget = (work: number, input: string, limit = WORK_BASE + WORK_PER_CHARACTER * input.length): boolean => work <= limit + 2 * (input.length + 64);

describe("counted repetitions: the DFA's work is linear in the input, or a MatchLimitError within the work budget", () => {
  const shapes: readonly { name: string; text: string; rule: string; input: (n: number) => string }[] = [
    { name: 'x = 1*1000000"a" 66000*1000000"a" on n "a" then "c"', text: 'x = 1*1000000"a" 66000*1000000"a"\n', rule: "x", input: (n) => "a".repeat(n) + "c" },
    { name: "x = 70000*2000000%x61 70000*2000000%x61 on 70,000 + n \"a\" then \"c\"", text: "x = 70000*2000000%x61 70000*2000000%x61\n", rule: "x", input: (n) => "a".repeat(70_000 + n) + "c" },
    { name: "across rules: x = 70000*2000000%x61 y, y = 70000*2000000%x61-62 on 70,000 + n \"a\"", text: "x = 70000*2000000%x61 y\ny = 70000*2000000%x61-62\n", rule: "x", input: (n) => "a".repeat(70_000 + n) },
  ];

  for (const shape of shapes) {
    test(`${shape.name}: n = 8,000 does at most about twice the work of n = 4,000, or stops typed within its budget`, () => {
      const runs = [4_000, 8_000].map((n) => {
        const input = shape.input(n);
        return { input, ...measured(shape.text, shape.rule, input) };
      });
      const [a, b] = runs as [(typeof runs)[0], (typeof runs)[0]];
      for (const r of runs) {
        if (!r.result.ok && r.result.error instanceof MatchLimitError) {
          expect(r.result.error.budget).toBe("steps");
          expect(r.result.error.limit).toBe(WORK_BASE + WORK_PER_CHARACTER * r.input.length);
          expect(withinBudget(r.work, r.input) ? "within its budget" : `${r.work} configurations, over ${r.result.error.limit}`).toBe("within its budget");
        }
      }
      const stopped = runs.some((r) => !r.result.ok && r.result.error instanceof MatchLimitError);
      if (!stopped) expect(b.work <= 2.2 * a.work + 1_000 ? "about twice at most" : `${a.work} then ${b.work}`).toBe("about twice at most");
      // (before the fix: 16 and 64 million configurations at n = 4,000 and 8,000, no error)
      expect(stopped || b.work <= 2.2 * a.work + 1_000).toBe(true);
    });
  }

  test("the grammar's budgets set the limit: a larger steps budget lets the same match finish, exactly", () => {
    const text = 'x = 1*1000000"a" 66000*1000000"a"\n';
    const input = "a".repeat(1_500) + "c";
    const small = measured(text, "x", input, { budgets: { steps: 100_000, stepsPerCharacter: 0 } });
    expect(!small.result.ok && small.result.error instanceof MatchLimitError && small.result.error.limit === 100_000).toBe(true);
    expect(withinBudget(small.work, input, 100_000)).toBe(true);
    const large = measured(text, "x", input, { budgets: { steps: 10_000_000 } });
    expect(large.result.ok).toBe(false);
    if (!large.result.ok) {
      expect(large.result.error).not.toBeInstanceOf(MatchLimitError);
      expect(large.result.error.offset).toBe(1_500);
    }
  });

  test("linear shapes keep matching long inputs, far within the budget", () => {
    // a second repetition of minimum 1: counts past it collapse to one (dfa.ts prune)
    const two = measured('x = 1*100000"a" 1*100000"a"\n', "x", "a".repeat(20_000));
    expect(two.result.ok).toBe(true);
    expect(two.work).toBeLessThan(20 * 20_000);
    // one counted repetition of one class: read by the leap (counter-leap.ts)
    const one = measured('x = 1*1000000"a" "b"\n', "x", "a".repeat(200_000) + "b");
    expect(one.result.ok).toBe(true);
    expect(one.work).toBeLessThan(1_000);
  });
});
