// Issue 30, criterion 4 (equivalent spellings, by choice): match with { case, percentEncoding }
// accepts the spellings RFC 3986 §6.2.2 calls equivalent (§6.2.2.1 hex digits in either case,
// §6.2.2.2 unreserved characters percent-encoded) and says so. A + or # value keeps its own
// triplets as they are (RFC 6570 §3.2.1), so a URI can hold non-canonical triplets that no
// respelling put there, and a variable named twice can be written "%41" by "+" and "%2541" by
// another operator: then neither the URI as written nor its normal form has a reading that
// expands to it exactly, and the match is made modulo §6.2.2 (fuzz round 11, item 4: 44 of 3,435
// respelled expansions answered no-match). The values read expand to the URI after normalization:
// to `normalized` when the result has it, to the URI given otherwise. Exact mode is unchanged.
import fc from "fast-check";
import { readJson } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";
import { expand, match, matchAll, type MatchOptions, type TemplateVariables } from "../../src/template/index";

interface Case {
  readonly template: string;
  readonly values: TemplateVariables;
  readonly expansion: string;
  readonly respelled: string;
  readonly options: MatchOptions;
}
const { cases } = readJson<{ cases: readonly Case[] }>("template", "equivalent-spellings.json");

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** RFC 3986 §6.2.2.1 (upper-case hex) and §6.2.2.2 (unreserved decoded), as the options ask: written here, not taken from src. */
function normalForm(uri: string, options: MatchOptions): string {
  return uri.replace(/%([0-9A-Fa-f]{2})/g, (t, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return options.percentEncoding === true && UNRESERVED.test(c) ? c : options.case === true ? `%${hex.toUpperCase()}` : t;
  });
}

/** What a match with the options must give: values that expand to `normalized` (or the URI given), a spelling equivalent to it. */
function expectEquivalentReading(template: string, uri: string, options: MatchOptions): void {
  const r = match(template, uri, options);
  expect(r.ok ? "matched" : r.error.message).toBe("matched");
  if (!r.ok) return;
  const back = expand(template, r.value as TemplateVariables);
  expect(back.ok && back.value).toBe(r.normalized ?? uri);
  if (r.normalized !== undefined) expect(r.normalized).not.toBe(uri);
  expect(back.ok && normalForm(back.value, options)).toBe(normalForm(uri, options));
}

describe("match with the options: a template's own literal triplets", () => {
  it("are read in the options' spelling (a varname's are its name); exact mode as before", () => {
    expect(match("/%7e{x}", "/~a", { percentEncoding: true })).toEqual({ ok: true, value: { x: "a" }, normalized: "/%7ea" });
    expect(match("/%7e{x}", "/%7Ea", { case: true })).toEqual({ ok: true, value: { x: "a" }, normalized: "/%7ea" });
    expect(match("/%7e{%7e}", "/~%7e", { percentEncoding: true })).toEqual({ ok: true, value: { "%7e": "~" }, normalized: "/%7e~" });
    expect([match("/%7e{x}", "/~a").ok, match("/%7e{x}", "/%7Ea").ok]).toEqual([false, false]);
    // a failure: the error reads the URI's normal form against the template so spelled
    const r = match("/%7e{x}", "/-a", { percentEncoding: true });
    expect(r.ok ? r : [r.error.code, r.error.template, r.error.offset, r.normalized]).toEqual(["no-match", "/~{x}", 1, undefined]);
  });
});

describe("match with the options: a value's own triplets, respelled", () => {
  it.each(cases.map((c) => [c.template, c.respelled, c] as const))("%s on %s", (_t, _u, c) => {
    // the case is what it says: the values expand to the URI, which is respelled equivalently
    expect(expand(c.template, c.values)).toEqual({ ok: true, value: c.expansion });
    expect(normalForm(c.respelled, c.options)).toBe(normalForm(c.expansion, c.options));
    expectEquivalentReading(c.template, c.respelled, c.options);
    // exact mode: the expansion itself reads, and expands back to itself
    const exact = match(c.template, c.expansion);
    expect(exact.ok && [expand(c.template, exact.value as TemplateVariables), exact.normalized]).toEqual([{ ok: true, value: c.expansion }, undefined]);
  });

  it("values that expand to the URI as given, non-canonical triplets and all, come with no normalized", () => {
    // read on the normal form "/&y=%257e#~", the value "%7e" is kept by "#" as it is
    expect(match("/{&y}{#y}", "/&y=%257e#%7e", { case: true, percentEncoding: true })).toEqual({ ok: true, value: { y: "%7e" } });
  });

  it("a variable written %41 by + and %2541 by another: the normal form reads, normalized names the values' spelling", () => {
    expect(match("{+x}/{x}", "A/%2541", { percentEncoding: true })).toEqual({ ok: true, value: { x: "%41" }, normalized: "%41/%2541" });
    // exact mode: no such reading
    expect(match("{+x}/{x}", "A/%2541").ok).toBe(false);
  });
});

const OPS = ["", "+", "#", ".", "/", ";", "?", "&"] as const;
/** Templates naming x, y (and z) one to three times, with prefixes and explodes. */
const templateArb = fc
  .array(fc.tuple(fc.constantFrom("", "/", "-", "~", ".", "%7e", "%2F"), fc.constantFrom(...OPS), fc.array(fc.tuple(fc.constantFrom("x", "y", "z"), fc.constantFrom("", "", "*", ":1", ":2", ":3", ":4")), { minLength: 1, maxLength: 2 })), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.map(([lit, op, vs]) => `${lit}{${op}${vs.map(([n, m]) => n + m).join(",")}}`).join(""));
/** Text with triplets of every kind a value can hold: lower and upper case, of unreserved characters, cut short. */
const text = fc.string({ unit: fc.constantFrom("a", "B", "9", "~", "-", "/", ",", "=", " ", "é", "%", "%4", "%41", "%7e", "%7E", "%2F", "%2f", "%c3%a9", "%e2"), maxLength: 4 });
const valueArb = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { maxLength: 2 }) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("k", "m", "é"), text, { maxKeys: 2 }) });

/** `uri` respelled as §6.2.2 calls equivalent, each choice drawn from `coins`: hex in either case, unreserved characters encoded or decoded. */
function respell(uri: string, coins: readonly number[], options: MatchOptions): string {
  let k = 0;
  const coin = (): number => coins[k++ % coins.length] as number;
  return uri.replace(/%[0-9A-Fa-f]{2}|[A-Za-z0-9\-._~]/g, (s) => {
    if (s.length === 3) {
      const c = String.fromCharCode(parseInt(s.slice(1), 16));
      if (options.percentEncoding === true && UNRESERVED.test(c) && coin() % 3 === 0) return c;
      return options.case === true && coin() % 2 === 0 ? s.toLowerCase() : s;
    }
    if (options.percentEncoding !== true || coin() % 4 !== 0) return s;
    const hex = s.charCodeAt(0).toString(16).toUpperCase();
    return `%${options.case === true && coin() % 2 === 0 ? hex.toLowerCase() : hex}`;
  });
}

describe("match with the options: generated templates and values with triplets, respelled", () => {
  it("every respelling of an expansion reads, modulo RFC 3986 §6.2.2 (or the exact match too is past its reading limit)", () => {
    const optionsArb = fc.constantFrom<MatchOptions>({ case: true, percentEncoding: true }, { case: true }, { percentEncoding: true });
    fc.assert(
      fc.property(templateArb, fc.record({ x: valueArb, y: valueArb, z: valueArb }), fc.array(fc.nat(11), { minLength: 1, maxLength: 16 }), optionsArb, (template, values, coins, options) => {
        const e = expand(template, values);
        // (a prefix of a list or a map: no expansion)
        if (!e.ok) return;
        const uri = respell(e.value, coins, options);
        const r = match(template, uri, options);
        if (!r.ok && r.error.code === "reading-limit") {
          const exact = match(template, e.value);
          expect(exact.ok || exact.error.code).toBe("reading-limit");
          return;
        }
        expectEquivalentReading(template, uri, options);
      }),
      { numRuns: runs(400), seed: seed(62022) },
    );
  });
});

describe("matchAll with the options (fuzz round 12 item 2: its no-match advised options it did not take)", () => {
  interface AllCase {
    readonly template: string;
    readonly uri: string;
    readonly options: MatchOptions;
    readonly readings: readonly TemplateVariables[];
  }
  const all = readJson<{ cases: readonly AllCase[] }>("template", "match-all-spellings.json").cases;

  it.each(all.map((c) => [c.template, c.uri, c] as const))("%s on %s", (_t, _u, c) => {
    const r = matchAll(c.template, c.uri, c.options);
    expect(r.ok ? r.value.readings : r.error.message).toEqual(c.readings);
    // the first is match's value, and each expands to a spelling equivalent to the URI
    const m = match(c.template, c.uri, c.options);
    expect(m.ok && m.value).toEqual(c.readings[0]);
    for (const v of c.readings) {
      const back = expand(c.template, v);
      expect(back.ok && normalForm(back.value, c.options)).toBe(normalForm(c.uri, c.options));
    }
  });

  it("the options are checked as match checks them, naming matchAll; exact mode unchanged", () => {
    expect(() => matchAll("{x}", "a", { case: "yes" } as never)).toThrow(/^matchAll: options.case must be a boolean/);
    expect(() => matchAll("{x}", "a", { percentEncoding: 1 } as never)).toThrow(/^matchAll: options.percentEncoding must be a boolean/);
    expect(() => match("{x}", "a", { case: "yes" } as never)).toThrow(/^match: options.case must be a boolean/);
    expect(matchAll("{x,y}", "%61,%61").ok).toBe(false);
    expect(matchAll("{x}-{y}", "a-b-c", { case: true, limit: 1 })).toEqual({ ok: true, value: { readings: [{ x: "a-b", y: "c" }], complete: false } });
  });

  it("on respelled expansions, every reading expands to an equivalent spelling and the first is match's", () => {
    const optionsArb = fc.constantFrom<MatchOptions>({ case: true, percentEncoding: true }, { case: true }, { percentEncoding: true });
    fc.assert(
      fc.property(templateArb, fc.record({ x: valueArb, y: valueArb, z: valueArb }), fc.array(fc.nat(11), { minLength: 1, maxLength: 16 }), optionsArb, (template, values, coins, options) => {
        const e = expand(template, values);
        if (!e.ok) return;
        const uri = respell(e.value, coins, options);
        const r = matchAll(template, uri, { ...options, limit: 8 });
        const m = match(template, uri, options);
        if (!m.ok) {
          expect(m.error.code).toBe("reading-limit");
          return;
        }
        expect(r.ok && r.value.readings.length > 0).toBe(true);
        if (!r.ok) return;
        expect(r.value.readings[0]).toEqual(m.value);
        for (const v of r.value.readings) {
          const back = expand(template, v as TemplateVariables);
          expect([template, uri, back.ok && normalForm(back.value, options)]).toEqual([template, uri, normalForm(uri, options)]);
        }
      }),
      { numRuns: runs(200), seed: seed(62023) },
    );
  });
});
