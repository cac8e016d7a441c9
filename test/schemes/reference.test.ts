// The reference recognizer (test/helpers/abnf.ts: true ABNF set semantics, no engine) agrees
// with each scheme's grammar, read from the grammar's printed ABNF, on strings generated from the
// grammar, on one-character mutations of them, and on every fixture input: the same yes or no,
// and for a no the same offset (the end of the longest prefix that some valid string begins with).
import { seededRandom } from "../../src/abnf/index";
import { Oracle, mutate } from "../helpers/abnf-algebra";
import { allSchemes, readFixture } from "./helpers";

const ALPHABET = [..."aZ09-._~!$&'()*+,;=:@/?#[]%\"\\{}|^` ", "%2", "%22", "%5C", "%C3%A9", "%zz", "é", "?+", "?=", ";ext=", ";isub=", ";phone-context=", ";base64", "//", "localhost"];
const fixtureInputs = ["http.json", "ws.json", "mailto.json", "urn.json", "file.json", "data.json", "tel.json"].flatMap((f) =>
  readFixture<{ groups: { valid?: { input: string }[]; invalid?: { input: string }[] }[] }>(f).groups.flatMap((g) => [...(g.valid ?? []), ...(g.invalid ?? [])].map((c) => c.input)),
);

describe.each(allSchemes.map(([label, s]) => [label, s]))("%s", (_label, scheme) => {
  const oracle = new Oracle(scheme.grammar.toAbnf());
  const rule = scheme.rule;
  const check = (s: string): void => {
    const expected = oracle.matches(rule, s);
    const v = scheme.grammar.validate(s, rule);
    expect([s, v.ok]).toEqual([s, expected]);
    if (!v.ok) expect([s, v.error.offset]).toEqual([s, oracle.viablePrefix(rule, s)]);
  };

  it("agrees on 150 generated strings", () => {
    for (let i = 0; i < 150; i++) {
      const s = scheme.generate(seededRandom(7000 + i), { maxRepeat: 1 + (i % 5) });
      expect(oracle.matches(rule, s)).toBe(true);
      check(s);
    }
  });

  it("agrees on 300 mutated strings", () => {
    const random = seededRandom(31);
    for (let i = 0; i < 300; i++) {
      let s = scheme.generate(seededRandom(9000 + i), { maxRepeat: 3 });
      for (let k = 0, n = 1 + random(3); k < n; k++) s = mutate(s, ALPHABET, random);
      check(s);
    }
  });

  it("agrees on every fixture input (without its fragment)", () => {
    for (const input of fixtureInputs) check(scheme.fragment === "forbidden" ? input : input.split("#")[0] ?? "");
  });
});
