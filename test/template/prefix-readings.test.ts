// A variable read only through prefixes ({x:3}) has many values that expand to the URI; match and
// matchAll give the one the prefixes read, as they did before f03408e. f03408e's completion of a
// prefix by a "+" or "#" text where the prefix's last "%" was written "%25" (two characters fewer)
// also ran where the prefix ends in no "%": "~-." became "~-.-." and "a" became "aa" (text.slice
// of a negative index), extra readings of no use (fuzz, 2026-11-30 round 8, against 04f7ad9).
import { expand, match, matchAll } from "../../src/template/index";

describe("a variable read only through prefixes is the value the prefixes read", () => {
  it.each([
    ["/{#list:3}@{/list:3}#", "/#~-.@/~-.#", { list: "~-." }],
    ["{&y:1}#{#y:1}", "&y=a##a", { y: "a" }],
    ["{+x:2}{x:1}", "aba", { x: "ab" }],
  ])("%s on %s", (template, uri, reading) => {
    const all = matchAll(template, uri, { limit: 16 });
    expect(all.ok && all.value.readings).toEqual([reading]);
    const one = match(template, uri);
    expect(one.ok && one.value).toEqual(reading);
    expect(expand(template, reading)).toEqual({ ok: true, value: uri });
  });

  it("a prefix that ends in a \"%\" is still continued by the \"+\" text (its \"%\" written \"%25\")", () => {
    const template = "{x:2}{+x}";
    const uri = expand(template, { x: "a%41b" });
    expect(uri).toEqual({ ok: true, value: "a%25a%41b" });
    const m = match(template, (uri as { value: string }).value);
    expect(m.ok && m.value).toEqual({ x: "a%41b" });
  });
});
