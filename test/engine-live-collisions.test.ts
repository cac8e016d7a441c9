// src/abnf/live.ts's table of live sets when their hashes collide: every hash is made the same
// (state-sets.ts hashOf mocked for its importers), so that each set is told apart by its members alone.
// The end's set was kept twice in the table, a chain that led back to itself: the first other set
// of the end's hash looped forever (found by a template's match on the engine, issue 30).
jest.mock("../src/abnf/state-sets", () => ({ ...jest.requireActual<typeof import("../src/abnf/state-sets")>("../src/abnf/state-sets"), hashOf: () => 7 }));
import { Analysis, type RuleDefinition } from "../src/abnf/analysis";
import { Compiled } from "../src/abnf/compiled";
import type { Dfa } from "../src/abnf/dfa";
import { deriveLive, liveDfaOf, TOO_LARGE, type LiveDfa } from "../src/abnf/live";
import { rulesFromAbnf } from "./helpers/abnf-algebra";

function grammar(abnf: string): Compiled {
  const defs = new Map<string, RuleDefinition>(Object.entries(rulesFromAbnf(abnf)).map(([name, expr]) => [name.toLowerCase(), { name, expr, token: false }]));
  return new Compiled(new Analysis((n) => defs.get(n.toLowerCase()), [...defs.keys()]));
}

describe("live sets whose hashes collide", () => {
  it("are told apart by their members: a pass ends, and a second pass finds the sets it made", () => {
    const c = grammar('r = *( "a" / "b" ) "a" *( "a" / "b" ) "b"\n');
    const live = liveDfaOf(c.dfa("r") as Dfa) as LiveDfa;
    const offsets = (s: string): unknown => {
      const p = live.pass(s, 0, s.length);
      return p === undefined || p === TOO_LARGE ? p : [...p.offsets];
    };
    expect(offsets("abab")).toEqual([0, 1, 2, 3, 4]);
    expect(offsets("bbbb")).toBeUndefined();
    const made = live.made;
    expect(offsets("abab")).toEqual([0, 1, 2, 3, 4]);
    expect(live.made).toBe(made);
    expect(deriveLive(live, "aabb", 0, 4)).toBeDefined();
  });
});
