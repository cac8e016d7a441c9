// A code point is written one way in every message and title of the package, as the Unicode
// Standard writes it: "U+" and four or more uppercase hex digits (src/errors.ts codePointName,
// read by the syntax errors' `found`, the IDN display checks of src/iri/confusables.ts and the
// railroad diagrams' range titles, which each wrote it before).
import { validate } from "../src/index";
import { range } from "../src/abnf/index";
import { diagramOf } from "../src/diagrams";
import { restrictedCharacter } from "../src/iri/confusables";

const titles = (svg: string): string[] => [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1] ?? "");

describe("one notation for a code point", () => {
  it.each([
    [0x01, "U+0001"],
    [0x7f, "U+007F"],
    [0x202e, "U+202E"],
    [0xe0001, "U+E0001"],
  ])("a syntax error's found: %s is %s", (cp, name) => {
    const v = validate(`a${String.fromCodePoint(cp)}`, "scheme");
    expect(v.ok ? "valid" : v.error.found).toBe(name);
  });

  it.each([
    ["/", '"/"'],
    [" ", "U+0020"],
    ["\u00e9", '"\u00e9"'],
    ["\u0301", "U+0301"],
  ])("a syntax error's found: %j is %s (a character a reader can see is quoted)", (ch, found) => {
    const v = validate(`a${ch}`, "scheme");
    expect(v.ok ? "valid" : v.error.found).toBe(found);
  });

  it.each([
    [0x0a, 0x0d, "U+000A to U+000D (4 code points)"],
    [0xfffe, 0x10001, "U+FFFE to U+10001 (4 code points)"],
  ])("a diagram's range %s-%s is titled %s", (lo, hi, title) => {
    expect(titles(diagramOf(range(lo, hi)))).toContain(title);
  });

  it.each([
    ["e\u0301\u0301", "U+0301 twice in a row"],
    ["a\u{1F600}", "U+1F600 is not Identifier_Status=Allowed"],
  ])("the display check of %j names %s", (label, start) => {
    expect(restrictedCharacter(label)?.reason.startsWith(start)).toBe(true);
  });
});
