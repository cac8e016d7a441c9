// fixtures/schemes/equivalence.json and normalize.json: equivalence and normal forms with the
// default registry (RFC 3986 §6.2.3 with RFC 9110 §4.2.3, RFC 6455 §3, RFC 6068 §2, RFC 8141 §3,
// RFC 9562 §4, RFC 8089 §2 and Appendix E, RFC 2397, RFC 3966 §4).
import { equivalentOrThrow, normalizeOrThrow, parseOrThrow, serialize } from "../../src/index";
import { defaultRegistry, equivalenceKey, toSchemeNormalizations } from "../../src/schemes/index";
import { defaultSchemeNormalizations } from "../../src/transforms/normalize";
import { fileAppendixE, readFixture } from "./helpers";

interface EquivalenceFixture {
  readonly groups: readonly { readonly source: string; readonly options?: { appendixE?: boolean }; readonly classes: readonly (readonly string[])[] }[];
}
interface NormalizeFixture {
  readonly groups: readonly { readonly source: string; readonly options?: { appendixE?: boolean }; readonly cases: readonly (readonly [string, string])[] }[];
}

describe("equivalence", () => {
  for (const group of readFixture<EquivalenceFixture>("equivalence.json").groups) {
    it(group.source, () => {
      const registry = group.options?.appendixE === true ? defaultRegistry.with(fileAppendixE) : defaultRegistry;
      const all = group.classes.flatMap((members, i) => members.map((m) => [m, i] as const));
      for (const [a, i] of all) {
        for (const [b, j] of all) {
          expect([a, b, equivalentOrThrow(a, b, { schemes: registry })]).toEqual([a, b, i === j]);
          // the root equivalent climbs to the same rung with the same registry by default
          expect([a, b, equivalentOrThrow(a, b, { schemes: registry })]).toEqual([a, b, i === j]);
        }
      }
    });
  }

  it("leaves the fragment out on request (RFC 3986 §6.1)", () => {
    expect(equivalentOrThrow("http://a/b#x", "http://a/b#y", { schemes: defaultRegistry })).toBe(false);
    expect(equivalentOrThrow("http://a/b#x", "http://a/b#y", { ignoreFragment: true, schemes: defaultRegistry })).toBe(true);
    expect(equivalentOrThrow("tel:+1#x", "tel:+1", { ignoreFragment: true, schemes: defaultRegistry })).toBe(true);
  });

  it("gives one key whether it reads a string, its node or its normal form, the fragment left out as if the text ended at its \"#\" (issue 34: a text in normal form is read off its offsets)", () => {
    // and IPv6 literals (RFC 5952 text by default: the key must know the host is one)
    const fixtures = [
      ...readFixture<EquivalenceFixture>("equivalence.json").groups.flatMap((g) => g.options?.appendixE === true ? [] : g.classes.flat()),
      "http://[0:0::1]/", "http://[::1]/", "//u@[0:0:0:0:0:0:0:1]:80/a", "http://[v1.x]/", "http://10.0.0.1/",
    ];
    // and each with a fragment, in normal form or not
    const texts = [...fixtures, ...fixtures.filter((t) => !t.includes("#")).flatMap((t) => [`${t}#f`, `${t}#%7e`])];
    expect(texts.filter((t) => t.includes("#")).length).toBeGreaterThan(50);
    for (const text of texts) {
      for (const options of [{}, { ignoreFragment: true }, { ipv6: "keep" as const }, { ignoreFragment: true, ipv6: "keep" as const }]) {
        const key = equivalenceKey(text, defaultRegistry, options);
        const hash = text.indexOf("#");
        const seen = [
          equivalenceKey(parseOrThrow(text), defaultRegistry, options),
          equivalenceKey(normalizeOrThrow(text, { schemes: defaultRegistry }), defaultRegistry, options),
          options.ignoreFragment === true && hash >= 0 ? equivalenceKey(text.slice(0, hash), defaultRegistry, options) : key,
        ];
        expect([text, options, seen]).toEqual([text, options, [key, key, key]]);
      }
    }
  });

  it("compares a URI that its scheme rejects by its normal form only, never equal to a valid one unless that normal form is valid", () => {
    // "http:///x" has an empty host (RFC 9110 §4.2.1): still a URI, with a key of its own
    expect(equivalentOrThrow("http:///x", "HTTP:///x", { schemes: defaultRegistry })).toBe(true);
    expect(equivalenceKey("urn:example:a?x").startsWith("URI ")).toBe(true);
    expect(equivalenceKey("urn:example:a").startsWith("urn ")).toBe(true);
    // fuzz round 17: the normal form of "tel:+%31" is "tel:+1" (RFC 3986 §6.2.2.2), which tel accepts
    expect([equivalenceKey("tel:+%31"), equivalenceKey("tel:./+1")]).toEqual([equivalenceKey("tel:+1"), equivalenceKey("tel:+1")]);
    expect(equivalenceKey("tel:+1").startsWith("tel ")).toBe(true);
  });

  it("compares unknown schemes and relative references by RFC 3986 §6.2.2 alone", () => {
    expect(equivalentOrThrow("foo://A/%7e", "foo://a/~", { schemes: defaultRegistry })).toBe(true);
    expect(equivalentOrThrow("/a/./b", "/a/b", { schemes: defaultRegistry })).toBe(true);
    expect(equivalentOrThrow("urn:example:a", "URN:example:A", { schemes: defaultRegistry.without("urn") })).toBe(false);
    expect(equivalentOrThrow("urn:example:%61", "urn:example:a", { schemes: defaultRegistry.without("urn") })).toBe(true);
  });
});

describe("normalize with { schemes }", () => {
  for (const group of readFixture<NormalizeFixture>("normalize.json").groups) {
    const registry = group.options?.appendixE === true ? defaultRegistry.with(fileAppendixE) : defaultRegistry;
    it.each(group.cases.map(([a, b]) => [a, b]))(`${group.source}: %s`, (input, expected) => {
      const once = normalizeOrThrow(input, { schemes: registry });
      expect(serialize(once)).toBe(expected);
      expect(serialize(normalizeOrThrow(input, { schemes: registry }))).toBe(expected);
      // left out, the schemes are defaultSchemeNormalizations (issue 34), not the registry
      expect(serialize(normalizeOrThrow(input))).toBe(serialize(normalizeOrThrow(input, { schemes: defaultSchemeNormalizations })));
      expect(serialize(normalizeOrThrow(once, { schemes: registry }))).toBe(expected);
      expect(equivalentOrThrow(input, once, { schemes: registry })).toBe(true);
      // a URI valid under its scheme stays valid under it (RFC 3986 §6.2.3 keeps the scheme's syntax)
      const scheme = registry.get(input.slice(0, input.indexOf(":")));
      if (scheme?.isValid(input) === true) expect([expected, scheme.validate(once).ok]).toEqual([expected, true]);
    });
  }

  it("takes the §6.2.2 options of normalize", () => {
    expect(serialize(normalizeOrThrow("HTTP://a/%7e", { case: false, percentEncoding: false, schemes: defaultRegistry }))).toBe("HTTP://a/%7e");
    // the file scheme removes dot segments itself (after reading a UNC host out of the path), unless asked not to
    expect(serialize(normalizeOrThrow("file://localhost/a/../b", { dotSegments: false, schemes: defaultRegistry }))).toBe("file:///a/../b");
    expect(serialize(normalizeOrThrow("file:////h/a/../b", { dotSegments: false, schemes: defaultRegistry.with(fileAppendixE) }))).toBe("file://h/a/../b");
    expect(serialize(normalizeOrThrow("http://[2001:DB8:0:0:0:0:0:1]:80", { ipv6: "rfc5952", schemes: defaultRegistry }))).toBe("http://[2001:db8::1]/");
  });

  it("gives normalize the registry's ports and empty-path rules (toSchemeNormalizations)", () => {
    const n = toSchemeNormalizations();
    expect(n.get("https")).toMatchObject({ name: "https", defaultPort: 443, emptyPathIsRoot: true });
    expect(n.get("wss")).toMatchObject({ name: "wss", defaultPort: 443, emptyPathIsRoot: true });
    expect(n.get("mailto")).toMatchObject({ name: "mailto", defaultPort: undefined, emptyPathIsRoot: false });
    expect([...n.keys()]).toEqual(["http", "https", "ws", "wss", "mailto", "urn", "file", "data", "tel"]);
  });
});
