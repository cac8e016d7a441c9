// Fuzz round 11 (helper "fuzz"): findAmbiguity never answers "not ambiguous" (undefined) for a
// template that is (issue 30: "answers correctly or says it could not decide, never a false 'not
// ambiguous'"). Its search runs on the template's language with each varspec read on its own, so
// it reads neither a repeated variable's one value nor a prefix's length; every candidate example
// is matched again, and one that does not hold is dropped. But the search visits each pair of
// positions once, so a candidate that did not hold hid every other example through the same
// pairs, and the search could end with "not ambiguous". Each template here has a URI with two
// readings that give a character to different varspecs (RFC 6570 §1.4), both expanding to it
// (fixtures/template/ambiguity-fuzz-round-11.json); each was answered undefined before the fix.
import { readJson } from "../helpers/fixtures";
import { expand, findAmbiguity, matchAll, type TemplateVariables } from "../../src/template/index";

interface Case {
  readonly template: string;
  readonly uri: string;
  readonly readings: readonly [TemplateVariables, TemplateVariables];
}
const { cases } = readJson<{ cases: readonly Case[] }>("template", "ambiguity-fuzz-round-11.json");

describe("findAmbiguity: no false 'not ambiguous' where a candidate example did not hold", () => {
  it.each(cases.map((c) => [c.template, c] as const))("%s", (_t, c) => {
    // the template is ambiguous: two different readings of one URI, both found by matchAll
    const [a, b] = c.readings;
    expect(a).not.toEqual(b);
    for (const r of c.readings) expect(expand(c.template, r)).toEqual({ ok: true, value: c.uri });
    const all = matchAll(c.template, c.uri, { limit: 256 });
    expect(all.ok && all.value.readings).toEqual(expect.arrayContaining([a, b]));
    const found = findAmbiguity(c.template);
    expect(found === undefined ? "not ambiguous" : found.decided ? "ambiguous" : "not decided").not.toBe("not ambiguous");
    if (found?.decided !== true) return;
    for (const r of found.readings) expect(expand(c.template, r)).toEqual({ ok: true, value: found.example });
  });
});
