// Whole-script confusables (UTS #39 §4; issue 21): asciiLookalike on labels of one script, and the
// generated data (src/iri/confusables-data.ts, from Unicode's confusables.txt) it reads.
import { asciiLookalike } from "../../src/iri/confusables";
import { ASCII_LOOKALIKES } from "../../src/iri/confusables-data";

describe("asciiLookalike", () => {
  it.each([
    ["аррӏе", "appie", "issue 21: all Cyrillic, reads apple (ӏ palochka is i or l)"],
    ["раураӏ", "paypai", "all Cyrillic"],
    ["ѕсоре", "scope", "all Cyrillic"],
    ["αο", "ao", "all Greek"],
    ["ѕ1", "s1", "Cyrillic with an ASCII digit"],
    ["ѕ-е", "s-e", "Cyrillic with a hyphen"],
  ])("%j reads as %j (%s)", (label, reads) => {
    expect(asciiLookalike(label)).toBe(reads);
  });

  it.each([
    ["apple", "ASCII"],
    ["pаypal", "mixed scripts: scripts.ts's rule"],
    ["пример", "Cyrillic letters that look like no ASCII letter"],
    ["παράδειγμα", "Greek with letters that look like no ASCII letter"],
    ["bücher", "Latin beyond ASCII: no whole-script confusable"],
    ["例え", "Han and Hiragana"],
    ["ёж", "ё is е with a diaeresis: its skeleton keeps the mark"],
  ])("%j is none (%s)", (label) => {
    expect(asciiLookalike(label)).toBeUndefined();
  });

  it("reads data generated from confusables.txt, of non-Latin characters that map to ASCII", () => {
    expect(ASCII_LOOKALIKES.size).toBeGreaterThan(100);
    for (const [cp, reads] of ASCII_LOOKALIKES) {
      expect(cp).toBeGreaterThanOrEqual(0x80);
      expect(/\p{Script=Latin}/u.test(String.fromCodePoint(cp))).toBe(false);
      expect(reads).toMatch(/^[a-zA-Z0-9-]+$/);
    }
    expect(ASCII_LOOKALIKES.get(0x0430)).toBe("a"); // CYRILLIC SMALL LETTER A
  });
});
