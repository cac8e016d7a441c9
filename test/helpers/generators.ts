// fast-check arbitraries derived from the rule definitions (src/abnf/generate.ts), plus
// one-character mutations of them, for differential and property tests.
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import { rule, type RuleName } from "../../src/rules/index";

/** Strings that the rule matches, generated from its definition. */
export const validFor = (name: RuleName, maxRepeat = 6): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: maxRepeat }))
    .map(([seed, reps]) => rule(name).generate(seededRandom(seed), { maxRepeat: reps }));

/** RFC 3987 §2.2, as written there: the ranges of `ucschar` and of `iprivate`. */
export const UCSCHAR_RANGES: readonly (readonly [number, number])[] = [
  [0xa0, 0xd7ff], [0xf900, 0xfdcf], [0xfdf0, 0xffef],
  [0x10000, 0x1fffd], [0x20000, 0x2fffd], [0x30000, 0x3fffd], [0x40000, 0x4fffd], [0x50000, 0x5fffd], [0x60000, 0x6fffd],
  [0x70000, 0x7fffd], [0x80000, 0x8fffd], [0x90000, 0x9fffd], [0xa0000, 0xafffd], [0xb0000, 0xbfffd], [0xc0000, 0xcfffd],
  [0xd0000, 0xdfffd], [0xe1000, 0xefffd],
];
export const IPRIVATE_RANGES: readonly (readonly [number, number])[] = [[0xe000, 0xf8ff], [0xf0000, 0xffffd], [0x100000, 0x10fffd]];

/** Whether a code point is in one of the ranges. */
export const inRanges = (ranges: readonly (readonly [number, number])[], cp: number): boolean => ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

/**
 * The first and last code point of every RFC 3987 ucschar and iprivate range, and the ones just
 * outside them (U+9F, U+FDD0, U+FFF0, U+1FFFE, U+2FFFF, U+30000, ..., U+DFFFE, U+E0FFF, ...), in
 * order, surrogates left out (ALPHABET has lone ones of its own): for mutations that probe the
 * range limits, and for the limits tests.
 */
export const RANGE_LIMIT_CODE_POINTS: readonly number[] = [...new Set([...UCSCHAR_RANGES, ...IPRIVATE_RANGES].flatMap(([lo, hi]) => [lo - 1, lo, hi, hi + 1]))]
  .filter((cp) => cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff))
  .sort((x, y) => x - y);
const RANGE_LIMITS = RANGE_LIMIT_CODE_POINTS.map((cp) => String.fromCodePoint(cp));

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
