// parse(s) of a rejected input reads it once (issue 34, the error path): the automaton's run that
// rejects it records where it stopped and in which state, and the error is read off that record
// (CompiledRule.failureOfReference) instead of a second run over the input (CompiledRule.failure,
// what validate(s) still asks). Both must say the same: the same offset, the same expected labels,
// the same message, for every kind of stop (a character no reference has there, the end of the
// input where a reference may not end) and for the runs that cannot record one (an IP literal,
// a character beyond US-ASCII), which fall back to the second run.
import fc from "fast-check";
import { parse, parseRule, validate } from "../src/index";
import { runs } from "./helpers/runs";

/** What an error says, as data. */
const said = (e: { offset: number; expected: readonly string[]; message: string }): [number, readonly string[], string] => [e.offset, e.expected, e.message];

/** parse's error of `s`, next to validate's (the second run's) and parseRule's for URI-reference. */
function errors(s: string): { parse: unknown; validate: unknown; parseRule: unknown } {
  const p = parse(s);
  const v = validate(s);
  const r = parseRule(s, "URI-reference");
  if (p.ok || v.ok || r.ok) throw new Error(`expected ${JSON.stringify(s)} to be rejected`);
  return { parse: said(p.error), validate: said(v.error), parseRule: said(r.error) };
}

const CASES: readonly (readonly [string, string, number])[] = [
  ["a character no reference has there, in the path", "http://example.com/a b", 20],
  ["a character no reference has there, in the host", "http://exa mple.com/", 10],
  ["a \":\" in a relative reference's first segment", "1http://x", 5],
  ["a bad percent-encoding", "http://example.com/%zz", 20],
  ["the end of the input in a percent-encoding", "http://example.com/%4", 21],
  ["the end of the input in an IP literal", "http://[::1", 11],
  ["a port that is not digits", "http://example.com:8a/", 21],
  ["inside an IP literal (the run stops at its call: the second run answers)", "http://[::g]/", 10],
  ["after an IP literal", "http://[::1]x/", 12],
  ["a character beyond US-ASCII (the second run answers)", "http://exämple.com/ /", 9],
  ["a fragment with a second #", "http://a/b#c#d", 12],
  ["a space first", " http://a/", 0],
];

describe("parse(s) of a rejected input: the error of the run that rejected it", () => {
  it.each(CASES)("%s: %j", (_what, s, offset) => {
    const e = errors(s);
    expect(e.parse).toEqual(e.validate);
    expect(e.parseRule).toEqual(e.validate);
    expect((e.parse as [number])[0]).toBe(offset);
  });

  it("says what validate says, on strings of URI characters and a few others", () => {
    const ch = fc.constantFrom(..."ab:/?#[]@!$&'()*+,;=%.-_~0189fAF vé{}\\^|\"<>`");
    fc.assert(
      fc.property(fc.array(ch, { maxLength: 40 }), fc.constantFrom("", "http:", "http://", "http://h/", "//", "/", "a:", "http://[::1]", "http://u@h:1/"), (cs, prefix) => {
        const s = prefix + cs.join("");
        const p = parse(s);
        const v = validate(s);
        expect(p.ok).toBe(v.ok);
        if (!p.ok && !v.ok) expect(said(p.error)).toEqual(said(v.error));
      }),
      { numRuns: runs(3000) },
    );
  });
});
