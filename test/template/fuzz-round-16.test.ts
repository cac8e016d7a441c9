// fuzz round 16: the no-match explanation of a small template gave up on a 28-character URI.
// Deterministic.#make refused to make a row once #retained passed memoLimit(nfa) (MEMO_LIMIT + 64
// per NFA state: 44,032 entries here) within one call (45,036 at 78 sets, 9,206 of WORK_LIMIT's
// 4,194,304 steps), though MEMO_LIMIT bounds what is kept *between* calls; match then answered
// offset 0 with nothing expected and blamed the step limit. An explanation now forgets what the
// calls before it left past memoLimit, and may make 16 x MEMO_LIMIT entries more within its work
// (automaton.ts #trim). Found by test/template/match.test.ts "where a URI leaves the language" at
// PROPERTY_SCALE=10 PROPERTY_SEED=1717 (fast-check seed 8288); the engine (unitAutomata,
// wholeByDfa) agrees on the offset and the labels.
import { match } from "../../src/template/index";

it("a no-match is explained where the URI leaves the template, not at offset 0", () => {
  const t = "x/{?x.y}{+x.y*,v_1,a}%2F{#b,a*,x.y}%2f";
  const r = match(t, "x/?x.y=aa,,a,aa%2F#,aa,a%a2f");
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect([r.error.offset, [...r.error.expected].sort()]).toEqual([28, ['"%2F"', '"%2f"', '","', '"="', "reserved-char"].sort()]);
});
