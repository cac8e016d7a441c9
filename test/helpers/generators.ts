// fast-check arbitraries derived from the rule definitions (src/abnf/generate.ts), plus
// one-character mutations of them, for differential and property tests.
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import { rule, type RuleName } from "../../src/rules/index";

/** Strings that the rule matches, generated from its definition. */
export const validFor = (name: RuleName, maxRepeat = 6): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: maxRepeat }))
    .map(([seed, reps]) => rule(name).generate(seededRandom(seed), { maxRepeat: reps }));

/** Characters that matter to RFC 3986, valid or not, plus a few that never are. */
const ALPHABET = [..."aZ09-._~!$&'()*+,;=:@/?#[]%vV.fF", " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "é", "\u0000", "\u{1F600}"];

/** Applies one random edit (replace, insert or delete one character) to `s`. */
export function mutate(s: string, seed: number): string {
  const random = seededRandom(seed);
  const at = random(s.length + 1);
  const ch = ALPHABET[random(ALPHABET.length)] ?? "%";
  switch (random(3)) {
    case 0:
      return s.slice(0, at) + ch + s.slice(at + 1);
    case 1:
      return s.slice(0, at) + ch + s.slice(at);
    default:
      return s.slice(0, at) + s.slice(at + 1);
  }
}

/** One-character mutations of strings that the rule matches: mostly invalid, some still valid. */
export const mutatedFor = (name: RuleName): fc.Arbitrary<string> =>
  fc.tuple(validFor(name), fc.integer({ min: 0, max: 0x7fffffff })).map(([s, seed]) => mutate(s, seed));
