// RFC 3987 §2.2: the IRI rules on every backend (the regex fast path with astral ranges as
// surrogate pairs, the lazy DFA, the parsimmon parser, the values built by the Appendix B
// splitter and by the engine's derivation) against the independent reference recognizer fed
// grammar/rfc3987.abnf, on generated IRIs and on one-character mutations drawn from an alphabet
// with every ucschar and iprivate range limit, the code points just outside, and lone surrogates.
import fc from "fast-check";
import P from "parsimmon";
import { isValid, parse, validate, type RuleName } from "../src/index";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import { rule } from "../src/rules/index";
import { loadIriGrammar } from "./helpers/abnf";
import { viaEngine } from "./helpers/engine";
import { mutatedFor, validFor } from "./helpers/generators";

const reference = loadIriGrammar();
const RUNS = 3000;
const TOP: RuleName[] = ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "ihost", "iauthority", "ipath", "iquery", "ifragment"];

function agree(name: RuleName, s: string): boolean {
  const expected = reference.matches(name, s);
  expect([name, s, isValid(s, name)]).toEqual([name, s, expected]);
  expect([name, s, rule(name).skip(P.eof).parse(s).status]).toEqual([name, s, expected]);
  const pattern = rfc3987.pattern(name);
  if (pattern !== undefined) expect([name, s, new RegExp(`^(?:${pattern})$`).test(s)]).toEqual([name, s, expected]);
  const fast = parse(s, name);
  const engine = viaEngine(name, s);
  expect(fast.ok).toBe(expected);
  if (fast.ok && engine.ok) expect(fast.value).toEqual(engine.value);
  if (!fast.ok && !engine.ok) {
    const v = validate(s, name);
    expect(!v.ok && v.error.offset).toBe(engine.error.offset);
  }
  return expected;
}

describe.each(TOP.map((n) => [n]))("%s", (name) => {
  it(`agrees with the reference on ${RUNS} generated IRIs`, () => {
    let accepted = 0;
    fc.assert(fc.property(validFor(name), (s) => void (agree(name, s) && accepted++)), { numRuns: RUNS, seed: 3987 });
    expect(accepted).toBe(RUNS);
  });

  it(`agrees with the reference on ${RUNS} one-character mutations`, () => {
    let rejected = 0;
    fc.assert(fc.property(mutatedFor(name), (s) => void (agree(name, s) || rejected++)), { numRuns: RUNS, seed: 3492 });
    expect(rejected).toBeGreaterThan(RUNS / 20);
  });
});

describe("range limits (RFC 3987 §2.2 ucschar and iprivate)", () => {
  const limits: [number, boolean, boolean][] = [
    // code point, allowed in ipchar (ucschar), allowed in iquery (ucschar or iprivate)
    [0x9f, false, false], [0xa0, true, true], [0xd7ff, true, true], [0xe000, false, true], [0xf8ff, false, true], [0xf900, true, true],
    [0xfdcf, true, true], [0xfdd0, false, false], [0xfdef, false, false], [0xfdf0, true, true], [0xffef, true, true], [0xfff0, false, false],
    [0xffff, false, false], [0x10000, true, true], [0x1fffd, true, true], [0x1fffe, false, false], [0xe0fff, false, false], [0xe1000, true, true],
    [0xefffd, true, true], [0xefffe, false, false], [0xf0000, false, true], [0xffffd, false, true], [0xffffe, false, false],
    [0x100000, false, true], [0x10fffd, false, true], [0x10fffe, false, false],
  ];
  it.each(limits.map(([cp, ipchar, iquery]) => [`U+${cp.toString(16).toUpperCase()}`, cp, ipchar, iquery]))("%s", (_label, cp, ipchar, iquery) => {
    const ch = String.fromCodePoint(cp as number);
    for (const [r, want] of [["ipchar", ipchar], ["iquery", iquery]] as const) {
      expect([r, isValid(ch, r)]).toEqual([r, want]);
      expect([r, reference.matches(r, ch)]).toEqual([r, want]);
    }
    expect(isValid(`http://a/${ch}`, "IRI")).toBe(ipchar);
    expect(isValid(`http://a/?${ch}`, "IRI")).toBe(iquery);
    expect(isValid(`http://a/#${ch}`, "IRI")).toBe(ipchar);
    expect(isValid(`http://a/${ch}`, "URI")).toBe(false);
  });

  it("a lone surrogate is never a character, even where its value would be in a range", () => {
    for (const s of ["\ud800", "\udfff", "a\ud800b", "\udc00\ud800"]) {
      expect(isValid(`http://a/${s}`, "IRI")).toBe(false);
      expect(reference.matches("IRI", `http://a/${s}`)).toBe(false);
    }
    const v = validate("http://a/b\ud800", "IRI");
    expect(!v.ok && [v.error.offset, v.error.found]).toEqual([10, '"\\ud800"']);
  });

  it("an astral character is one character: error offsets count UTF-16 units, found shows it whole", () => {
    const v = validate("http://a/\u{1F600}\u{10FFFE}", "IRI");
    expect(!v.ok && [v.error.offset, v.error.found]).toEqual([11, JSON.stringify("\u{10FFFE}")]);
  });
});
