// A rule too large for an automaton is matched by the general engine (interpret.ts) within the
// match budgets, not refused (issue 33, "What to build"; fixtures/engine/too-large-general.json):
// RFC 9110 §5.6.1 lists nested 20 and 40 deep (fuzz-12 item 3), whose expansion writes each
// element twice, 2^depth copies of the innermost (each level with an optional "b", so that the
// loader does not read it as the list inside it, test/loader-lists.test.ts); past the budgets the
// MatchLimitError, and a
// refusal that remains says why the general engine could not answer.
import { grammar, grammarFromAbnfOrThrow, GrammarError, lit, MatchLimitError, seq } from "../src/abnf/index";
import type { Expr } from "../src/abnf/expr";
import { readJson } from "./helpers/fixtures";

interface ListCase {
  readonly depth: number;
  readonly lists: "sender" | "recipient";
  readonly part: string;
  readonly times: number;
  readonly tail: string;
  readonly answer: boolean | "steps";
  readonly offset?: number;
  readonly expected?: readonly string[];
}
interface Refusal {
  readonly abnf: readonly string[];
  readonly checks: readonly string[];
  readonly input: string | { readonly part: string; readonly times: number; readonly middle: string; readonly close: string };
  readonly cause: string;
}
const fixture = readJson<{ open: string; lists: readonly ListCase[]; refusals: readonly Refusal[] }>("engine", "too-large-general.json");

const nested = (c: ListCase) => grammarFromAbnfOrThrow(`x = ${fixture.open.repeat(c.depth)}y${")".repeat(c.depth)}\ny = "a"\n`, { lists: c.lists });

describe("RFC 9110 lists nested deep: the general engine answers, within the budgets", () => {
  it.each(fixture.lists.map((c) => [`${c.depth} deep, ${c.lists}, ${JSON.stringify(c.part)} x ${c.times} + ${JSON.stringify(c.tail)}`, c] as const))("%s", (_name, c) => {
    const g = nested(c);
    const input = c.part.repeat(c.times) + c.tail;
    const tested = (() => {
      try {
        return g.isValid(input, "x");
      } catch (e) {
        return e instanceof MatchLimitError ? e.budget : e instanceof GrammarError ? `GrammarError ${e.code}` : "untyped";
      }
    })();
    expect(tested).toBe(c.answer);
    const v = g.validate(input, "x");
    if (c.answer === true) expect(v.ok).toBe(true);
    else if (v.ok) throw new Error("validated");
    else if (c.answer === "steps") expect(v.error).toBeInstanceOf(MatchLimitError);
    else expect([v.error instanceof MatchLimitError, v.error.offset, v.error.expected]).toEqual([false, c.offset, c.expected]);
  });
});

describe("a refusal that remains names why the general engine could not answer", () => {
  it.each(fixture.refusals.map((c) => [c.abnf.join("; "), c] as const))("%s", (_abnf, c) => {
    const checks = Object.fromEntries(c.checks.map((n) => [n, () => true]));
    const g = grammarFromAbnfOrThrow(c.abnf.join("\n") + "\n", { checks });
    const input = typeof c.input === "string" ? c.input : c.input.part.repeat(c.input.times) + c.input.middle + c.input.close.repeat(c.input.times);
    let error: unknown;
    try {
      g.isValid(input, "x");
    } catch (e) {
      error = e;
    }
    expect(error instanceof GrammarError ? [error.code, error.rule] : error).toEqual(["too-large", "x"]);
    expect((error as GrammarError).message).toContain(c.cause);
  });

  it("past a depth budget below the general engine's own, the MatchLimitError naming it", () => {
    const c = fixture.refusals[1] as Refusal;
    const g = grammarFromAbnfOrThrow(c.abnf.join("\n") + "\n", { budgets: { depth: 50 } });
    let error: unknown;
    try {
      g.isValid("(".repeat(60) + "a" + ")".repeat(60), "x");
    } catch (e) {
      error = e;
    }
    expect(error instanceof MatchLimitError ? [error.budget, error.limit] : error).toEqual(["depth", 50]);
    expect(g.isValid("(".repeat(40) + "a" + ")".repeat(40), "x")).toBe(true);
  });
});

describe("an expression object used many times is read once an offset", () => {
  /** `seq(e, e)` k times over `leaf`. */
  const doubled = (k: number, leaf: Expr): Expr => {
    let e = leaf;
    for (let i = 0; i < k; i++) e = seq(e, e);
    return e;
  };

  it("2^40 empty strings then b: answered (it was the GrammarError too-large)", () => {
    const g = grammar({ x: seq(doubled(40, lit("")), lit("b")) });
    expect([g.isValid("b", "x"), g.isValid("bb", "x"), g.validate("a", "x").ok]).toEqual([true, false, false]);
  });
});
