// RFC 3986 §6.2 comparison ladder: fixtures at each rung, and reflexive, symmetric and
// transitive on generated references from small sets, so that equivalent pairs are common.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { equivalent } from "../../src/operations";
import { parse, parseOrThrow } from "../../src/parse";
import { defaultRegistry } from "../../src/schemes/index";
import { defaultSchemeNormalizations } from "../../src/transforms/normalize";
import { equivalentReferences, type EquivalenceLevel, type EquivalenceOptions } from "../../src/transforms/equivalent";
import { runs } from "../helpers/runs";

interface Fixture {
  readonly groups: readonly {
    readonly source: string;
    readonly cases: readonly (readonly [string, string, Readonly<Record<EquivalenceLevel, boolean>>])[];
  }[];
  readonly withOptions: readonly { source: string; a: string; b: string; options: EquivalenceOptions; expected: boolean }[];
}
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/equivalence/rfc3986.json"), "utf8")) as Fixture;
const LEVELS: readonly EquivalenceLevel[] = ["simple", "syntax", "scheme"];

describe("equivalent: fixtures", () => {
  for (const group of fixture.groups) {
    describe(group.source, () => {
      const cases = group.cases.flatMap(([a, b, by]) => LEVELS.map((level) => ({ a, b, level, expected: by[level] })));
      test.each(cases)("$a ~ $b at $level: $expected", ({ a, b, level, expected }) => {
        expect(equivalentReferences(parseOrThrow(a), parseOrThrow(b), { level })).toBe(expected);
        expect(equivalentReferences(parseOrThrow(b), parseOrThrow(a), { level })).toBe(expected);
        // the string API agrees given the same scheme facts (its default registry is tested in test/schemes)
        expect(equivalent(a, b, { level, schemes: defaultSchemeNormalizations })).toEqual({ ok: true, value: expected });
      });
    });
  }

  test.each(fixture.withOptions)("$source: $a ~ $b with $options: $expected", ({ a, b, options, expected }) => {
    expect(equivalent(a, b, options)).toEqual({ ok: true, value: expected });
  });

  test("the default level is \"scheme\"", () => {
    expect(equivalent("http://example.com", "http://example.com:80/")).toEqual({ ok: true, value: true });
    expect(equivalent("http://example.com", "http://example.com:80/", { level: "syntax" })).toEqual({ ok: true, value: false });
  });

  test("the \"scheme\" level with defaultRegistry knows its schemes (RFC 8141 §3, RFC 6068 §2, RFC 3966 §4)", () => {
    const schemes = defaultRegistry;
    expect(equivalent("urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1", { schemes })).toEqual({ ok: true, value: true });
    expect(equivalent("urn:isbn:0-395-36341-1", "urn:isbn:0-395-36341-1?=x#y", { schemes })).toEqual({ ok: true, value: true });
    expect(equivalent("mailto:Joe@Example.COM", "mailto:Joe@example.com", { schemes })).toEqual({ ok: true, value: true });
    expect(equivalent("tel:+1-201-555-0123", "tel:+1.201.555.0123", { schemes })).toEqual({ ok: true, value: true });
    // and only at that level, and only with a registry
    expect(equivalent("urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1", { level: "syntax", schemes })).toEqual({ ok: true, value: false });
    expect(equivalent("urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1", { schemes: defaultSchemeNormalizations })).toEqual({ ok: true, value: false });
    // an IRI is compared as the URI it maps to, with the scheme's rules too (RFC 3987 §5.3)
    expect(equivalent("urn:EXAMPLE:caf%C3%A9", "urn:example:café", { schemes })).toEqual({ ok: true, value: true });
  });

  test("left out, options.schemes is defaultSchemeNormalizations: ports and empty paths of http, https, ws, wss, no scheme's own rules (issue 34)", () => {
    for (const [a, b, expected] of [
      ["http://example.com", "http://example.com:80/", true], ["wss://a:443", "wss://a/", true],
      ["urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1", false], ["mailto:Joe@Example.COM", "mailto:Joe@example.com", false],
      ["tel:+1-201-555-0123", "tel:+1.201.555.0123", false], ["file://localhost/etc/hosts", "file:///etc/hosts", false],
    ] as const) {
      expect([a, b, equivalent(a, b)]).toEqual([a, b, { ok: true, value: expected }]);
      expect([a, b, equivalent(a, b)]).toEqual([a, b, equivalent(a, b, { schemes: defaultSchemeNormalizations })]);
    }
  });

  test("an input that does not parse gives its UriSyntaxError", () => {
    const r = equivalent("http://a/", "http://a b/");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.offset).toBe(8);
  });
});

// Small building blocks, many of them spelled differently but equivalent at some rung.
const variant = fc
  .tuple(
    fc.constantFrom("http:", "HTTP:", "hTtp:", "foo:"),
    fc.constantFrom("//a", "//A", "//%61", "//a:", "//a:80", "//a:080", "//a:81"),
    fc.constantFrom("", "/", "/b", "/%62", "/B", "/./b", "/c/../b", "/%7e", "/~", "/%7E", "/%2F", "/%2f"),
    fc.constantFrom("", "?", "?q", "?%71"),
    fc.constantFrom("", "#", "#f", "#%66"),
  )
  .map((p) => p.join(""))
  .filter((s) => parse(s).ok);
/** A smaller set, so that chains a ~ b ~ c are frequent. */
const close = fc
  .tuple(
    fc.constantFrom("http:", "HTTP:"),
    fc.constantFrom("//a", "//A", "//a:80", "//a:", "//[::1]", "//[0::1]"),
    fc.constantFrom("", "/", "/./", "/%7e", "/~", "/x/.."),
    fc.constantFrom("", "?q"),
    fc.constantFrom("", "#f"),
  )
  .map((p) => p.join(""));
const levels = fc.constantFrom<EquivalenceLevel>("simple", "syntax", "scheme");
const options = fc.record({ level: levels, ignoreFragment: fc.boolean(), ipv6: fc.constantFrom<"keep" | "rfc5952">("keep", "rfc5952") });

describe("equivalent: an equivalence relation at every rung", () => {
  test("reflexive", () => {
    fc.assert(
      fc.property(variant, options, (a, o) => {
        expect(equivalentReferences(parseOrThrow(a), parseOrThrow(a), o)).toBe(true);
      }),
      { numRuns: runs(1000) },
    );
  });

  test("symmetric", () => {
    fc.assert(
      fc.property(variant, variant, options, (a, b, o) => {
        expect(equivalentReferences(parseOrThrow(a), parseOrThrow(b), o)).toBe(equivalentReferences(parseOrThrow(b), parseOrThrow(a), o));
      }),
      { numRuns: runs(2000) },
    );
  });

  test("transitive (and equivalent pairs do occur)", () => {
    let chains = 0;
    fc.assert(
      fc.property(close, close, close, options, (a, b, c, o) => {
        const [x, y, z] = [parseOrThrow(a), parseOrThrow(b), parseOrThrow(c)];
        if (equivalentReferences(x, y, o) && equivalentReferences(y, z, o)) {
          chains++;
          expect(equivalentReferences(x, z, o)).toBe(true);
        }
      }),
      { numRuns: runs(10000) },
    );
    expect(chains).toBeGreaterThan(20);
  });

  test("a higher rung never undoes an equivalence found on a lower one", () => {
    fc.assert(
      fc.property(variant, variant, (a, b) => {
        const [x, y] = [parseOrThrow(a), parseOrThrow(b)];
        if (equivalentReferences(x, y, { level: "simple" })) expect(equivalentReferences(x, y, { level: "syntax" })).toBe(true);
        if (equivalentReferences(x, y, { level: "syntax" })) expect(equivalentReferences(x, y, { level: "scheme" })).toBe(true);
      }),
      { numRuns: runs(2000) },
    );
  });
});
