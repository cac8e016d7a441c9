// issue 30, "memory of a router of hostile routes" (fuzz round 10; closing-8): a router keeps every
// route's automaton, and each literal character of a template is a state of it. With an array of
// pointers per field (8 bytes a state each) and a typed array per state's empty edges, 2,000
// routes {+a} + "/"×i + {b}! (2 M characters) kept 113 MB built, 55 bytes a character. The
// automaton is now typed arrays over its states plus arrays that do not grow with them.
import { buildNfa } from "../../src/template/automaton";
import { templateLanguage } from "../../src/template/language";
import { Union } from "../../src/template/router";
import { parseTemplateOrThrow } from "../../src/template/template";

/** Bytes of the automaton's typed arrays, and the longest of its other arrays (or maps). */
function weigh(text: string): { states: number; typed: number; longest: number } {
  const nfa = buildNfa(templateLanguage(parseTemplateOrThrow(text).parts), true);
  let typed = 0;
  let longest = 0;
  for (const v of Object.values(nfa) as unknown[]) {
    if (ArrayBuffer.isView(v)) typed += v.byteLength;
    else if (Array.isArray(v)) longest = Math.max(longest, v.length);
    else if (v instanceof Map) longest = Math.max(longest, v.size);
  }
  return { states: nfa.size, typed, longest };
}

describe("a template's automaton grows by typed arrays alone with its literal text", () => {
  it.each([
    ["{+a}" + "/".repeat(10_000) + "{b}!"],
    ["{y}" + "a".repeat(10_000) + "{x}"],
    ["/api/{v0}/{v1}/" + "x/{v2}".repeat(1_000)],
  ])("%#: at most 16 bytes a state, no array of one entry a state", (text) => {
    const w = weigh(text);
    expect(w.states).toBeGreaterThan(10_000);
    expect(w.typed / w.states).toBeLessThanOrEqual(16);
    expect(w.longest).toBeLessThan(w.states / 10);
  });
});

describe("a router keeps nothing per state of its routes beyond their automata", () => {
  it("100 routes of 1,000 to 1,100 literal characters: the union's own arrays grow with the routes, not their states", () => {
    const union = new Union();
    let states = 0;
    for (let i = 0; i < 100; i++) {
      const nfa = parseTemplateOrThrow(`{+a}${"/".repeat(1000 + i)}{b}!`).unboundedNfa;
      union.add(nfa);
      states += nfa.size;
    }
    expect(union.size).toBe(states);
    let bytes = 0;
    for (const v of Object.values(union) as unknown[]) if (ArrayBuffer.isView(v)) bytes += v.byteLength;
    // (before: a block number per state, 4 bytes a state in an array grown by doubling: 549,120 bytes)
    expect(bytes).toBeLessThanOrEqual(8 * 256);
    // and every state is still read in its own route: route 99's accepting state is its last block's
    const last = union.nfas[99];
    expect(union.blockOf((union.offs[99] as number) + (last?.accept ?? -1))).toBe(99);
    expect(union.blockOf(0)).toBe(0);
    expect(union.blockOf(states - 1)).toBe(99);
  });
});
