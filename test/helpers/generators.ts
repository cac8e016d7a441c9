// fast-check arbitraries derived from the rule definitions (src/abnf/generate.ts), plus
// one-character mutations of them, for differential and property tests.
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import { rule, type RuleName } from "../../src/rules/index";

/** Strings that the rule matches, generated from its definition. */
export const validFor = (name: RuleName, maxRepeat = 6): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: maxRepeat }))
    .map(([seed, reps]) => rule(name).generate(seededRandom(seed), { maxRepeat: reps }));

/**
 * The first and last code point of each RFC 3987 ucschar and iprivate range, and the ones just
 * outside them (U+9F, U+FDD0, U+FFF0, U+1FFFE, U+E0FFF, ...), for mutations that probe the
 * range limits.
 */
const RANGE_LIMITS = [
  0x9f, 0xa0, 0xd7ff, 0xf8ff, 0xf900, 0xfdcf, 0xfdd0, 0xfdef, 0xfdf0, 0xffef, 0xfff0, 0xe000, 0xdfff + 0x2001,
  0xffff, 0x10000, 0x1fffd, 0x1fffe, 0x20000, 0xe0fff, 0xe1000, 0xefffd, 0xefffe, 0xf0000, 0xffffd, 0xffffe, 0x100000, 0x10fffd, 0x10fffe,
].map((cp) => String.fromCodePoint(cp));

/** Characters that matter to RFC 3986 and 3987, valid or not, plus a few that never are (a lone surrogate among them). */
const ALPHABET = [
  ..."aZ09-._~!$&'()*+,;=:@/?#[]%vV.fF", " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "é", "\u0000", "\u{1F600}", "\ud800", "\udfff",
  ...RANGE_LIMITS,
];

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
