// issue 30, "memory kept by the cache <= the documented bound after any sequence of calls": the
// cache of templates given as text weighs each by UriTemplate.retained (entries of four bytes) and
// keeps at most 8 Mi entries. retained counted an automaton at 16 entries (64 bytes) a state, when
// its typed arrays are 10-16 bytes a state (router30's flat Nfa), and did not count the fixed
// arrays of the automata a match builds: measured (node --expose-gc, heap and array buffers after
// the match, less before), a matched "/p{i}/{a}/{b}" (130 states) kept 24.9 KB and was counted 9.0
// KB, an API route 51 KB for 25.5 KB, 200 expressions 1,041 KB for 807 KB; so the cache's 8 Mi
// entries could hold more than the bytes stated. These check the counts against the bytes the
// code's own arrays hold (the floor) and that an automaton is not weighed at four times its bytes.
import { unitClasses, type Nfa } from "../../src/template/automaton";
import { UNIT_COUNT } from "../../src/template/units";
import { match, parseTemplateOrThrow } from "../../src/template/template";

/** Bytes of an automaton's typed arrays. */
const typedBytes = (nfa: Nfa): number => (Object.values(nfa) as unknown[]).reduce<number>((n, v) => n + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0);

const TEMPLATES = [
  "/p0/{a}/{b}",
  "/repos/{owner}/{repo}/issues/{number}/comments{?page,per_page}",
  "/q" + Array.from({ length: 200 }, (_, k) => `/{a${k}}`).join(""),
];

describe("the weight of a template in the cache is the memory it keeps", () => {
  it.each(TEMPLATES)("built, not matched: its automaton's typed arrays, not four times them (%#)", (text) => {
    const t = parseTemplateOrThrow(text);
    const nfa = t.nfa;
    const w = t.retained - 4 * text.length;
    expect(w).toBeGreaterThanOrEqual(typedBytes(nfa) / 4);
    // the rest of an automaton (sets, tags, yieldAt) is about 4 bytes a state and 2.5 KB
    expect(w).toBeLessThanOrEqual(typedBytes(nfa) / 4 + nfa.size + 1024);
  });

  it.each(TEMPLATES)("matched: at least its automaton and the forward automaton's fixed arrays (%#)", (text) => {
    const t = parseTemplateOrThrow(text);
    const uri = text.replace(/\{\?[^}]*\}/g, "").replace(/\{[^}]*\}/g, "x");
    expect(t.match(uri).ok).toBe(true);
    const nfa = t.nfa;
    // classOf (a Uint16Array of every unit), a stamp and a set id per state, the first table (4 rows of the classes)
    const fixed = UNIT_COUNT / 2 + 2 * nfa.size + 4 * unitClasses(nfa.sets).count;
    expect(t.retained).toBeGreaterThanOrEqual(text.length + typedBytes(nfa) / 4 + fixed);
  });

  it("a sequence of matches through the cache: each template weighed after its match as above", () => {
    for (let i = 0; i < 40; i++) {
      const text = `/s${i}/{a}`;
      expect(match(text, `/s${i}/x`).ok).toBe(true);
      const t = parseTemplateOrThrow(text);
      const nfa = t.nfa;
      expect(t.retained).toBeGreaterThanOrEqual(typedBytes(nfa) / 4 + UNIT_COUNT / 2 + 2 * nfa.size + 4 * unitClasses(nfa.sets).count);
    }
  });
});
