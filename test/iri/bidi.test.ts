// RFC 3987 §4.1 and §4.2: bidirectional-text findings, on the §4.4 examples (in Bidi Notation,
// with Hebrew letters for the uppercase ones) and on the decisions of this library.
import { parse, parseRule } from "../../src/parse";
import { UriSyntaxError } from "../../src/errors";
import { iriBidiFindings, type BidiFinding } from "../../src/iri/index";
import { readJson } from "../helpers/fixtures";

type Expected = readonly (readonly [string, string, number, string])[];
interface BidiFixture {
  readonly bidiNotation: { readonly source: string; readonly cases: readonly (readonly [string, Expected])[] };
  readonly cases: { readonly source: string; readonly cases: readonly (readonly [string, Expected])[] };
}
const fx = readJson<BidiFixture>("iri", "bidi.json");

/** RFC 3987 §1.4's Bidi Notation made real: uppercase A-Z become Hebrew letters U+05D0.. (one code unit each). */
const hebrew = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(0x05d0 + c.charCodeAt(0) - 0x41));
/** The same with Arabic letters (U+0628..), which are Bidi_Class AL rather than R. */
const arabic = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(0x0628 + c.charCodeAt(0) - 0x41));
const shape = (f: readonly BidiFinding[]): Expected => f.map((x) => [x.code, x.component, x.offset, x.text] as const);

describe(fx.bidiNotation.source, () => {
  test.each(fx.bidiNotation.cases)("%j", (notation, expected) => {
    for (const script of [hebrew, arabic]) {
      const input = script(notation);
      expect(shape(iriBidiFindings(input))).toEqual(expected.map(([c, k, o, t]) => [c, k, o, script(t)]));
    }
  });
});

describe(fx.cases.source, () => {
  test.each(fx.cases.cases)("%j", (input, expected) => {
    const findings = iriBidiFindings(input);
    expect(shape(findings)).toEqual(expected);
    expect(Object.isFrozen(findings)).toBe(true);
    for (const f of findings) expect(input.slice(f.offset, f.offset + f.text.length)).toBe(f.text);
    // a node gives the same findings as its text
    const node = parseRule(input, "IRI-reference");
    if (!node.ok) throw node.error;
    expect(iriBidiFindings(node.value)).toEqual(findings);
  });

  test("text that is no IRI reference throws its UriSyntaxError (a plain-value function, README)", () => {
    expect(() => iriBidiFindings("http://a b/")).toThrow(UriSyntaxError);
  });
});
