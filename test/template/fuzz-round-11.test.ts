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
import { expand, findAmbiguity, match, matchAll, type TemplateVariables } from "../../src/template/index";

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

// match with { case, percentEncoding } that finds no reading returns its error (whose `input` masks
// the URI's password, RFC 3986 §7.5) beside `normalized`, the URI as it was matched: that held the
// password whole, so logging the failed result wrote it (fuzz round 11).
describe("match's options: a failed match's normalized URI masks the password", () => {
  const SECRET = "Zq9SECRETpw";
  it.each([
    ["http://h/{x}", `http://u:${SECRET}@h/%7e`],
    ["http://{u}@h/{x}", `HTTP://u:${SECRET}@h/%7e%zz`],
    [`http://u:${SECRET}@h/{x}`, `http://u:${SECRET}@h/%7E/`],
  ])("%s against %s", (template, uri) => {
    const r = match(template, uri, { case: true, percentEncoding: true });
    expect(r.ok).toBe(false);
    expect(r.normalized).toContain("u:***@h/~");
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it("a match that reads the URI gives it back as it was matched (the product, password and all)", () => {
    const r = match("{+x}", `http://u:${SECRET}@h/%7e`, { percentEncoding: true });
    expect(r).toEqual({ ok: true, value: { x: `http://u:${SECRET}@h/~` }, normalized: `http://u:${SECRET}@h/~` });
  });
});
