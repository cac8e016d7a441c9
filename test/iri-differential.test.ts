// RFC 3987 §2.2: the IRI rules on every backend (the regex fast path with astral ranges as
// surrogate pairs, the lazy DFA, the parsimmon parser, the values built by the Appendix B
// splitter and by the engine's derivation) against the independent reference recognizer fed
// grammar/rfc3987.abnf, on generated IRIs and on one-character mutations drawn from an alphabet
// with every ucschar and iprivate range limit, the code points just outside, and lone surrogates;
// then every backend on each of those limits, and on the cases of fixtures/iri/range-limits.json,
// alone and in every component.
import fc from "fast-check";
import P from "parsimmon";
import { isValid, parseRule, validate, type RuleName } from "../src/index";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import { rule } from "../src/rules/index";
import { loadIriGrammar } from "./helpers/abnf";
import { viaEngine } from "./helpers/engine";
import { readJson } from "./helpers/fixtures";
import { inRanges, IPRIVATE_RANGES, mutatedFor, RANGE_LIMIT_CODE_POINTS, UCSCHAR_RANGES, validFor } from "./helpers/generators";
import { runs, seed } from "./helpers/runs";

const reference = loadIriGrammar();
const RUNS = runs(1000);
const TOP: RuleName[] = ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "ihost", "iauthority", "ipath", "iquery", "ifragment"];

function agree(name: RuleName, s: string): boolean {
  const expected = reference.matches(name, s);
  expect([name, s, isValid(s, name)]).toEqual([name, s, expected]);
  expect([name, s, rule(name).skip(P.eof).parse(s).status]).toEqual([name, s, expected]);
  const pattern = rfc3987.pattern(name);
  if (pattern !== undefined) expect([name, s, new RegExp(`^(?:${pattern})$`).test(s)]).toEqual([name, s, expected]);
  const fast = parseRule(s, name);
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
    fc.assert(fc.property(validFor(name), (s) => void (agree(name, s) && accepted++)), { numRuns: RUNS, seed: seed(3987) });
    expect(accepted).toBe(RUNS);
  });

  it(`agrees with the reference on ${RUNS} one-character mutations`, () => {
    let rejected = 0;
    fc.assert(fc.property(mutatedFor(name), (s) => void (agree(name, s) || rejected++)), { numRuns: RUNS, seed: seed(3492) });
    expect(rejected).toBeGreaterThan(RUNS / 20);
  });
});

/**
 * Every backend (through agree) on one character alone and in every component, against what it
 * should be: `ucs` ucschar, `priv` iprivate (RFC 3987 §2.2: ipchar takes ucschar, iquery iprivate too).
 */
function agreeEverywhere(ch: string, ucs: boolean, priv: boolean): void {
  const places: [RuleName, string, boolean][] = [
    ["ucschar", ch, ucs], ["iprivate", ch, priv], ["ipchar", ch, ucs], ["iquery", ch, ucs || priv], ["ifragment", ch, ucs],
    ["ipath", `/a${ch}`, ucs], ["ihost", `${ch}.example`, ucs], ["iauthority", `${ch}@h:1`, ucs], ["irelative-ref", `${ch}/b`, ucs],
    ["IRI", `http://a/${ch}`, ucs], ["IRI", `http://a/?${ch}`, ucs || priv], ["IRI", `http://a/#${ch}`, ucs], ["IRI-reference", `//${ch}/`, ucs],
  ];
  for (const [name, s, want] of places) expect([name, s, agree(name, s)]).toEqual([name, s, want]);
  expect(isValid(`http://a/${ch}`, "URI")).toBe(false);
}

const label = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

describe("range limits (RFC 3987 §2.2 ucschar and iprivate)", () => {
  // every range's first and last code point and those just outside it, U+2FFFD/U+30000 ... U+DFFFD/U+DFFFE included
  const limits = RANGE_LIMIT_CODE_POINTS.map((cp) => [label(cp), cp, inRanges(UCSCHAR_RANGES, cp), inRanges(IPRIVATE_RANGES, cp)] as const);
  it("are all there: each range's limits and neighbours, every plane's U+xFFFD, U+xFFFE and U+x0000", () => {
    for (let plane = 1; plane <= 0x10; plane++) {
      for (const low of [0xfffd, 0xfffe]) expect(RANGE_LIMIT_CODE_POINTS).toContain(plane * 0x10000 + low);
      // U+E0000 starts no range (ucschar resumes at U+E1000, after the tags block)
      if (plane < 0x10 && plane !== 0xd) expect(RANGE_LIMIT_CODE_POINTS).toContain((plane + 1) * 0x10000);
    }
    const character = (cp: number): boolean => cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
    for (const [lo, hi] of [...UCSCHAR_RANGES, ...IPRIVATE_RANGES]) {
      expect(RANGE_LIMIT_CODE_POINTS).toEqual(expect.arrayContaining([lo - 1, lo, hi, hi + 1].filter(character)));
    }
  });
  it.each(limits)("%s: every backend agrees with the reference and with RFC 3987 §2.2", (_label, cp, ucs, priv) => {
    agreeEverywhere(String.fromCodePoint(cp), ucs, priv);
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

interface LimitsFixture {
  readonly source: string;
  readonly cases: readonly (readonly [string, string, boolean, boolean, boolean])[];
  readonly loneSurrogates: { readonly source: string; readonly units: readonly string[] };
}

describe("fixtures/iri/range-limits.json on every backend", () => {
  const fx = readJson<LimitsFixture>("iri", "range-limits.json");
  it.each(fx.cases.map(([cp, , ucs, priv]) => [cp, ucs, priv] as const))(`${fx.source}: %s`, (cp, ucs, priv) => {
    agreeEverywhere(String.fromCodePoint(parseInt(cp.slice(2), 16)), ucs, priv);
  });
  it.each(fx.loneSurrogates.units)(`${fx.loneSurrogates.source}: %s`, (u) => {
    agreeEverywhere(String.fromCharCode(parseInt(u.slice(2), 16)), false, false);
  });
});
