// Fuzz round 10 (helper "fuzz"): match's `case` and `percentEncoding` options (RFC 3986 §6.2.2.1,
// §6.2.2.2) accept more spellings than exact matching, never fewer: a `+` or `#` expansion passes a
// value's pct-encoded triplets through as written (RFC 6570 §3.2.1), lower-case hex and encoded
// unreserved characters included, so an exact expansion need not be in that normal form, and its
// canonical spelling may have no reading. Each case failed before its fix: match(t, u) read it,
// match(t, u, options) answered no-match.
import { expand, match } from "../../src/template/index";

describe("an exact expansion still matches with { case, percentEncoding }", () => {
  it.each([
    ["{+x:2,x:2}{?x}", { x: "%2f/%2f%A" }],
    ["{x,z}-{#y:2}x{?y}", { x: "é", z: "Z", y: ",%41b" }],
    ["{#x,x}x{?x}", { x: ["~", "%41"] }],
    ["{+x}/{x}", { x: "%41" }],
    ["{+x}/{x}", { x: "%e2%82%ac" }],
    ["{#x}{?x}", { x: "%7e" }],
  ] as const)("%s with %j", (template, v) => {
    const t: string = template; // (the variables checked at run time, not against the literal's types)
    const e = expand(t, v);
    expect(e.ok).toBe(true);
    const u = e.ok ? e.value : "";
    expect(match(t, u).ok).toBe(true);
    for (const options of [{ case: true }, { percentEncoding: true }, { case: true, percentEncoding: true }]) {
      const m = match(t, u, options);
      expect([options, m.ok]).toEqual([options, true]);
      const back = m.ok ? expand(t, m.value) : undefined;
      expect(back?.ok ? back.value : undefined).toBe(u);
    }
  });
});
