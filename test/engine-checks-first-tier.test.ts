// Grammars with rules checked in code on the first tier (src/abnf/interpret.ts, issue 33): it
// gives up only where an input reaches a checked rule, and answers the rest as the compiled tier
// would (fixtures/engine/checks-first-tier.json); a property compares the two tiers on every
// short string of a grammar with checks.
import P from "parsimmon";
import { grammarFromAbnfOrThrow, GrammarError, type Grammar } from "../src/abnf/index";
import type { EngineMatcher } from "../src/abnf/matcher";
import { Interpreter } from "../src/abnf/interpret";
import { readJson } from "./helpers/fixtures";

interface Row {
  readonly grammar: string;
  readonly tooLarge?: boolean;
  readonly checks: Readonly<Record<string, "notZero" | "dollarDigits" | "always">>;
  readonly rule: string;
  readonly input: string;
  readonly answer: boolean | string;
  readonly failure?: { readonly offset: number; readonly expected: readonly string[] };
  readonly tier: "first" | "compiled";
}
const fixture = readJson<{ grammars: Readonly<Record<string, readonly string[]>>; rows: readonly Row[] }>("engine", "checks-first-tier.json");

const kinds = {
  notZero: (t: string) => t !== "$0",
  dollarDigits: P.regexp(/\$[0-9]+/),
  always: () => true,
};
const load = (r: Row): Grammar =>
  grammarFromAbnfOrThrow((fixture.grammars[r.grammar] as readonly string[]).join("\n") + "\n", { checks: Object.fromEntries(Object.entries(r.checks).map(([k, v]) => [k, kinds[v]])) });
const tierOf = (g: Grammar, rule: string): string => (g.matcher(rule) as EngineMatcher).tier;
const outcome = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (e) {
    return e instanceof GrammarError ? e.code : e;
  }
};

describe("the first tier gives up only where an input reaches a rule checked in code", () => {
  it.each(fixture.rows.map((r) => [`${r.grammar} ${JSON.stringify(r.checks)}: ${r.rule} on ${JSON.stringify(r.input)}`, r] as const))("%s", (_name, r) => {
    const g = load(r);
    expect(outcome(() => g.isValid(r.input, r.rule))).toBe(r.answer);
    expect(tierOf(g, r.rule)).toBe(r.tier);
    if (r.failure !== undefined) {
      // (on a fresh grammar, and once compiled where the rule can be: the same failure)
      for (const h of r.tooLarge === true ? [load(r)] : [load(r), load(r).compile()]) {
        const v = h.validate(r.input, r.rule);
        expect(v.ok ? "ok" : { offset: v.error.offset, expected: v.error.expected }).toEqual(r.failure);
      }
    }
  });
});

describe("where the first tier answers a grammar with checks, it answers as the compiled tier", () => {
  const strings = (alphabet: string, most: number): string[] => {
    const out = [""];
    for (let n = 1, layer = [""]; n <= most; n++) {
      layer = layer.flatMap((s) => [...alphabet].map((c) => s + c));
      out.push(...layer);
    }
    return out;
  };
  it.each([
    ["names", "notZero"],
    ["names", "dollarDigits"],
    ["prose", "always"],
  ] as const)("%s with %s: every string of up to 5 characters", (grammar, kind) => {
    const row: Row = { grammar, checks: { name: kind }, rule: "list", input: "", answer: true, tier: "first" };
    const g = load(row);
    const compiled = load(row).compile();
    const first = new Interpreter(g.analysis);
    let answered = 0;
    let gaveUp = 0;
    for (const s of strings("a,()$0", 5)) {
      const test = first.test("list", s, 10_000_000);
      const explained = first.explain("list", s, 10_000_000, undefined, g.compiled.called);
      if (test === undefined) {
        expect(first.gaveUp).toBe("checks");
        gaveUp++;
        continue;
      }
      answered++;
      const v = compiled.validate(s, "list");
      expect([s, test]).toEqual([s, v.ok]);
      if (explained !== undefined) expect([s, explained === null ? "ok" : { offset: explained.offset, expected: explained.expected }]).toEqual([s, v.ok ? "ok" : { offset: v.error.offset, expected: v.error.expected }]);
    }
    // (a predicate on a rule's ABNF: the inputs without "$" are the first tier's; a parser or prose: none)
    expect(answered > 0).toBe(kind === "notZero");
    expect(gaveUp > 0).toBe(true);
  });
});
