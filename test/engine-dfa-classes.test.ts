// The lazy DFA's alphabet compression (src/abnf/dfa.ts, the Dfa constructor): code points that
// every position of the automaton treats alike share a class, and a class starts at 0, at 128 and
// at each bound of a position's intervals (its start, and one past its end), nowhere else. The
// constructor reads the bounds in a sorted typed array and the sets by index (issue 30: a
// template's first match, where each template builds its DFA); held here to the partition written
// plainly, for every rule of three RFC grammars and for template automata.
import { Dfa } from "../src/abnf/dfa";
import type { Automaton } from "../src/abnf/automaton";
import { GrammarError } from "../src/abnf/grammar-errors";
import { grammarFromAbnf } from "../src/abnf/loader";
import { templateLanguage } from "../src/template/language";
import { parseTemplateOrThrow } from "../src/template/template";
import { unitAutomata } from "../src/template/unit-expr";
import { FIXTURES } from "./helpers/fixtures";
import * as fs from "node:fs";
import * as path from "node:path";

/** The classes' starts as the partition defines them, sorted (one past U+10FFFF when a set ends there: a class of no character). */
function starts(a: Automaton): number[] {
  const cuts = new Set([0, 128]);
  for (const p of a.positions) for (const [lo, hi] of p.set) cuts.add(lo).add(hi + 1);
  return [...cuts].sort((x, y) => x - y);
}

/** Where the DFA's classes start (a code point whose class differs from the one before it), among `cps`, and its number of classes. */
function classesOf(d: Dfa, a: Automaton): { starts: number[]; classes: number } {
  const cls = (cp: number): number => (cp < 128 ? (d.ascii[cp] as number) : d.classOf(cp));
  const probe = new Set<number>([0, 127, 128, 129, 0x10ffff]);
  for (const p of a.positions) for (const [lo, hi] of p.set) for (const c of [lo - 1, lo, lo + 1, hi - 1, hi, hi + 1]) if (c >= 0 && c <= 0x10ffff) probe.add(c);
  for (let c = 0; c < 128; c++) probe.add(c);
  const sorted = [...probe].sort((x, y) => x - y);
  return { starts: sorted.filter((c, i) => i === 0 || cls(c) !== cls(sorted[i - 1] as number)), classes: d.classes };
}

const automata: [string, Automaton][] = [];
for (const f of ["rfc3986-appendix-a.abnf", "rfc3987-section2.2.abnf", "rfc8259-sections-2-7.abnf"]) {
  const g = grammarFromAbnf(fs.readFileSync(path.join(FIXTURES, "abnf", "rfc", f), "utf8"));
  if (!g.ok) throw new Error(`${f} does not load`);
  for (const k of g.value.analysis.ruleKeys) {
    try {
      automata.push([`${f} ${k}`, g.value.compiled.automaton(k)]);
    } catch (e) {
      if (!(e instanceof GrammarError)) throw e;
    }
  }
}
for (const t of ["/api/v{version}/users/{id}{?fields,expand}", "{+path:40}{#frag}", "{;x*,y:3}é{/z}"]) {
  automata.push([t, unitAutomata(templateLanguage(parseTemplateOrThrow(t).parts)).automaton("template")]);
}

describe("the lazy DFA's character classes", () => {
  it("start at 0, 128 and each bound of a position's intervals, and nowhere else", () => {
    expect(automata.length).toBeGreaterThan(100);
    const differ = automata.filter(([, a]) => {
      const want = starts(a);
      const got = classesOf(new Dfa(a), a);
      return JSON.stringify(got) !== JSON.stringify({ starts: want.filter((c) => c <= 0x10ffff), classes: want.length });
    });
    expect(differ.map(([name]) => name)).toEqual([]);
  });
});
