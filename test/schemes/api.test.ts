// The scheme API: defineScheme's checks, schemes as frozen values, registries as immutable
// values (no global state: a registry is passed, never registered into), parse(s, { schemes })'s
// generic AST beside the scheme's value or error, SchemeError's fields, arguments.
import { grammar, lit, ref, rfc3986, seq } from "../../src/abnf/index";
import { equivalentOrThrow, normalize, normalizeOrThrow, parse, parseOrThrow, resolve, serialize, UriSyntaxError } from "../../src/index";
import * as Iri from "../../src/iri/index";
import * as components from "../../src/components";
import * as S from "../../src/schemes/index";
import { isNode } from "../../src/ast/make";
import { deepFreeze } from "../../src/schemes/kernel";
import { isReadOnlyNode } from "../helpers/read-only";

const tiny = grammar({ "x-URI": seq(lit("x:"), ref("segment")) }, { imports: [rfc3986.pick("segment")] });
const spec = { name: "x", grammar: tiny, rule: "x-URI", section: "none", build: () => ({ kind: "x" as const }) };

describe("defineScheme", () => {
  it("makes a frozen scheme with its spec's parts, the name lowercase", () => {
    const s = S.defineScheme({ ...spec, name: "X", defaultPort: 7 });
    expect(Object.isFrozen(s)).toBe(true);
    expect([s.name, s.rule, s.section, s.fragment, s.defaultPort, s.emptyPathIsRoot]).toEqual(["x", "x-URI", "none", "allowed", 7, false]);
    expect(s.parseOrThrow("X:abc")).toEqual({ kind: "x" });
  });

  it("refuses what is not a scheme, with a TypeError that names the part", () => {
    const bad: [string, object][] = [
      ['"name"', { ...spec, name: "1x" }],
      ['"name"', { ...spec, name: "" }],
      ['"grammar"', { ...spec, grammar: {} }],
      ['"rule"', { ...spec, rule: 3 }],
      ['"section"', { ...spec, section: "" }],
      ['"build"', { ...spec, build: "no" }],
      ['"defaultPort"', { ...spec, defaultPort: 70000 }],
      ['"defaultPort"', { ...spec, defaultPort: "eighty" }],
      ['"fragment"', { ...spec, fragment: "sometimes" }],
      ['"normalize"', { ...spec, normalize: 1 }],
    ];
    for (const [part, s] of bad) expect(() => S.defineScheme(s as S.SchemeSpec<unknown>)).toThrow(expect.objectContaining({ name: "TypeError", message: expect.stringContaining(part) }));
    expect(() => S.defineScheme({ ...spec, rule: "no-such-rule" })).toThrow(TypeError);
    expect(() => S.defineScheme(null as unknown as S.SchemeSpec<unknown>)).toThrow(TypeError);
  });

  it("checks the §6.2.3 facts and the normalization steps as normalize checks its own options (issue 31: one reader), never reading a bad one as false or a default", () => {
    const bad: [string, object][] = [
      ['"emptyPathIsRoot"', { ...spec, emptyPathIsRoot: "yes" }],
      ['"emptyPathIsRoot"', { ...spec, emptyPathIsRoot: 1 }],
      ['"normalizeOptions"', { ...spec, normalizeOptions: 5 }],
      ['"normalizeOptions"', { ...spec, normalizeOptions: null }],
      ['"normalizeOptions"', { ...spec, normalizeOptions: { dotSegments: "no" } }],
      ['"normalizeOptions"', { ...spec, normalizeOptions: { ipv6: "yes" } }],
    ];
    const answers = bad.map(([part, s]) => {
      try {
        S.defineScheme(s as S.SchemeSpec<unknown>);
        return [part, "accepted"];
      } catch (e) {
        return [part, e instanceof TypeError && e.message.includes(part) ? "TypeError naming it" : String(e)];
      }
    });
    expect(answers).toEqual(bad.map(([part]) => [part, "TypeError naming it"]));
    // the same steps normalize takes are taken here
    expect(S.defineScheme({ ...spec, emptyPathIsRoot: true, normalizeOptions: { dotSegments: false, ipv6: "rfc5952" } }).normalizeOptions).toEqual({ dotSegments: false, ipv6: "rfc5952" });
  });

  it("checks captures when the scheme is defined, not at its first parse, and keeps its own copy", () => {
    const matching = { ...spec, build: (i: S.SchemeInput) => ({ kind: "x" as const, segment: i.match.first("segment")?.text }) };
    const answers = [5, "segment", [1], ["no-such-rule"]].map((captures) => {
      try {
        const s = S.defineScheme({ ...matching, captures: captures as never });
        return [captures, `defined; its parse: ${(() => { try { return JSON.stringify(s.parse("x:a")); } catch (e) { return String(e); } })()}`];
      } catch (e) {
        return [captures, e instanceof TypeError && e.message.startsWith("defineScheme") && e.message.includes("captures") ? "TypeError of defineScheme naming captures" : String(e)];
      }
    });
    expect(answers).toEqual([5, "segment", [1], ["no-such-rule"]].map((c) => [c, "TypeError of defineScheme naming captures"]));
    const names = ["segment"];
    const s = S.defineScheme({ ...matching, captures: names });
    names.push("no-such-rule");
    expect(s.parse("x:a")).toEqual({ ok: true, value: { kind: "x", segment: "a" } });
  });

  it("refuses a node, or a Proxy of one, as its spec with a TypeError that says so (the node's getters are not read through it)", () => {
    const node = parseOrThrow("http://u@a.example/p?q#f");
    for (const x of [node, new Proxy(node, {}), Object.create(Object.getPrototypeOf(node) as object) as object]) {
      expect(() => S.defineScheme(x as unknown as S.SchemeSpec<unknown>)).toThrow(
        expect.objectContaining({ name: "TypeError", message: expect.stringMatching(/^defineScheme: the argument "spec" must be .*got a node/) }),
      );
    }
  });

  it("passes build's own exceptions through, and fail() as a SchemeError", () => {
    const boom = S.defineScheme({ ...spec, build: () => { throw new RangeError("boom"); } });
    expect(() => boom.parse("x:a")).toThrow(RangeError);
    const failing = S.defineScheme({ ...spec, build: (i) => i.fail({ code: "nope", offset: 2, message: "no" }) });
    const r = failing.parse("x:a");
    expect(r.ok || [r.error.code, r.error.offset, r.error.rule, r.error.section, r.error.shortMessage]).toEqual(["nope", 2, "x-URI", "none", "Invalid x URI at offset 2 (none, x-URI): no"]);
  });

  it("takes a string or a URI node from the library, nothing else", () => {
    expect(S.http.parseOrThrow(parseOrThrow("http://a/b")).path).toBe("/b");
    expect(() => S.http.parse({ ...parseOrThrow("http://a/b") } as unknown as string)).toThrow(TypeError);
    expect(() => S.http.parse(42 as unknown as string)).toThrow(TypeError);
    expect(() => S.http.parseOrThrow("http:///x")).toThrow(S.SchemeError);
  });

  it("refuses a node on which a program defined a property (it would shadow a getter), as every other operation does (issue 31)", () => {
    const good = parseOrThrow("http://good.com/").authority;
    for (const scheme of [...S.defaultRegistry]) {
      for (const [text, field, value] of [
        ["http://evil.com/x", "authority", good], ["http:///x", "authority", good], ["http://a/x", "scheme", "https"], ["mailto:a@b", "path", parseOrThrow("/x").path],
      ] as const) {
        const m = parseOrThrow(text);
        Object.defineProperty(m, field, { value });
        for (const call of [() => scheme.parse(m), () => scheme.validate(m), () => scheme.isValid(m), () => scheme.parseOrThrow(m), () => scheme.fromUri(m as never, text)]) {
          expect(call).toThrow(TypeError);
        }
        expect(serialize(m)).toBe(text);
      }
      const h = parseOrThrow("http://evil.com/x");
      if (h.authority) Object.defineProperty(h.authority, "host", { value: good?.host });
      expect(() => scheme.validate(h)).toThrow(TypeError);
    }
  });
});

describe("SchemeError", () => {
  it("has the offset, the rule, what was expected, the section and the grammar's error", () => {
    const r = S.http.parse("http:///x");
    if (r.ok) throw new Error("expected an error");
    const e = r.error;
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("SchemeError");
    expect({ code: e.code, scheme: e.scheme, rule: e.rule, offset: e.offset, expected: e.expected, found: e.found, section: e.section }).toEqual({
      code: "empty-host", scheme: "http", rule: "host", offset: 7, expected: ["host"], found: '"/"', section: "RFC 9110 §4.2.1",
    });
    expect(e.message).toBe(`${e.shortMessage}\n  http:///x\n         ^`);
  });

  it("wraps the grammar's UriSyntaxError for a grammar rejection", () => {
    const r = S.urn.parse("urn:example:a?x");
    if (r.ok) throw new Error("expected an error");
    expect(r.error.syntaxError).toBeInstanceOf(UriSyntaxError);
    expect([r.error.syntaxError?.rule, r.error.syntaxError?.offset, r.error.expected]).toEqual(["namestring", 14, ['"+"', '"="']]);
    expect(r.error.shortMessage).toBe('Invalid urn URI at offset 14 (RFC 8141 §2, namestring): expected "+" or "=", found "x"');
  });

  it("says so when the input is no URI at all, or another scheme's", () => {
    const r = S.mailto.parse("mailto:a b");
    expect(r.ok || [r.error.code, r.error.section, r.error.syntaxError?.rule]).toEqual(["uri-syntax", "RFC 3986 §3", "URI-reference"]);
    const m = S.mailto.parse("tel:+1");
    expect(m.ok || [m.error.code, m.error.offset, m.error.expected, m.error.shortMessage]).toEqual([
      "scheme-mismatch", 0, ['"mailto:"'], 'Invalid mailto URI at offset 0 (RFC 3986 §3.1, mailtoURI): the scheme is "tel", not "mailto"',
    ]);
  });
});

describe("registries", () => {
  it("hold the nine built-ins by default, found by name case-insensitively", () => {
    expect(S.defaultRegistry.names).toEqual(["http", "https", "ws", "wss", "mailto", "urn", "file", "data", "tel"]);
    expect(S.defaultRegistry.get("HTTP")).toBe(S.http);
    expect(S.defaultRegistry.has("Tel")).toBe(true);
    expect(S.defaultRegistry.get("gopher")).toBeUndefined();
    expect(S.defaultRegistry.get(undefined as unknown as string)).toBeUndefined();
    expect([...S.defaultRegistry].map((s) => s.name)).toEqual(S.defaultRegistry.names);
    expect(Object.isFrozen(S.defaultRegistry)).toBe(true);
  });

  it("are values: with and without make new ones, the old one unchanged", () => {
    const x = S.defineScheme(spec);
    const more = S.defaultRegistry.with(x);
    expect(more.get("x")).toBe(x);
    expect(S.defaultRegistry.has("x")).toBe(false);
    const replaced = more.with(S.fileScheme({ appendixE: true }));
    expect(replaced.get("file")).not.toBe(S.file);
    expect(replaced.names).toEqual(["http", "https", "ws", "wss", "mailto", "urn", "data", "tel", "x", "file"]);
    expect(more.get("file")).toBe(S.file);
    const less = more.without("HTTP", "x");
    expect(less.names).toEqual(["https", "ws", "wss", "mailto", "urn", "file", "data", "tel"]);
    expect(S.isRegistry(less)).toBe(true);
    expect(S.isRegistry({ get: () => undefined })).toBe(false);
  });

  it("refuse two schemes of one name, and what defineScheme did not make", () => {
    expect(() => S.createRegistry([S.http, S.http])).toThrow(TypeError);
    expect(() => S.createRegistry([{ name: "x" } as unknown as S.Scheme])).toThrow(TypeError);
    expect(() => S.createRegistry(3 as unknown as S.Scheme[])).toThrow(TypeError);
    expect(() => S.defaultRegistry.with({} as S.Scheme)).toThrow(TypeError);
    expect(S.createRegistry().names).toEqual([]);
  });

  it("refuse a frozen look-alike of a scheme (a name and a fromUri), a Proxy of one or a copy of its prototype, as the TypeError that says defineScheme did not make it", () => {
    const lookAlikes: [string, unknown][] = [
      ["a frozen object with a name and fromUri", Object.freeze({ name: "x", fromUri: () => ({ ok: true, value: 1 }) })],
      ["a Proxy of http", new Proxy(S.http, {})],
      ["a frozen copy of http's prototype chain", Object.freeze(Object.create(S.http) as object)],
    ];
    const answers = lookAlikes.flatMap(([what, x]) =>
      (["createRegistry", "with"] as const).map((caller) => {
        try {
          const r = caller === "createRegistry" ? S.createRegistry([x as S.Scheme]) : S.defaultRegistry.with(x as S.Scheme);
          // what a registry that took it does with it: resolve against a base of its scheme
          const base = `${(x as S.Scheme).name}://a/b`;
          try {
            return [what, caller, `taken; resolve: ${JSON.stringify(resolve(base, "c", { schemes: r }).ok)}`];
          } catch (e) {
            return [what, caller, `taken; resolve threw ${String(e)}`];
          }
        } catch (e) {
          return [what, caller, e instanceof TypeError && /must be made by defineScheme/.test(e.message) ? "refused" : String(e)];
        }
      }),
    );
    expect(answers).toEqual(lookAlikes.flatMap(([what]) => [[what, "createRegistry", "refused"], [what, "with", "refused"]]));
  });
});

describe("parse with { schemes }", () => {
  it("gives the generic AST and the scheme's value", () => {
    const r = parseOrThrow("mailto:chris@example.com?subject=hi#x", { schemes: S.defaultRegistry });
    expect(r.generic.kind).toBe("URI");
    expect(r.generic.fragment).toBe("x");
    expect(r.scheme).toMatchObject({ kind: "mailto", subject: "hi" });
    expect(r.schemeError).toBeUndefined();
    expect(Object.isFrozen(r)).toBe(true);
  });

  it("keeps the generic AST when the scheme rejects the URI", () => {
    const r = parseOrThrow("ws://example.com/#x", { schemes: S.defaultRegistry });
    expect(serialize(r.generic)).toBe("ws://example.com/#x");
    expect(r.scheme).toBeUndefined();
    expect(r.schemeError?.code).toBe("fragment-forbidden");
  });

  it("has no scheme value for a scheme the registry lacks, or a relative reference", () => {
    expect(parseOrThrow("gopher://h/", { schemes: S.defaultRegistry }).scheme).toBeUndefined();
    expect(parseOrThrow("//h/p", { schemes: S.defaultRegistry }).schemeError).toBeUndefined();
    expect(parseOrThrow("urn:example:a", { schemes: S.createRegistry() }).scheme).toBeUndefined();
  });

  it("returns the generic UriSyntaxError for text that is no URI reference", () => {
    const r = parse("http://a b/", { schemes: S.defaultRegistry });
    expect(r.ok || [r.error.name, r.error.offset]).toEqual(["UriSyntaxError", 8]);
    expect(() => parseOrThrow("http://a b/", { schemes: S.defaultRegistry })).toThrow(UriSyntaxError);
  });

  it("refuses a registry that is not one, and an input that is not a URI", () => {
    expect(() => parse("http://a/", { schemes: { get: () => undefined } as unknown as S.SchemeRegistry })).toThrow(TypeError);
    expect(() => parse(null as unknown as string, { schemes: S.defaultRegistry })).toThrow(TypeError);
    expect(() => normalizeOrThrow("http://a b", { schemes: S.defaultRegistry })).toThrow(UriSyntaxError);
    expect(() => S.equivalenceKey({} as unknown as string)).toThrow(TypeError);
  });
});

describe("scheme normalization hooks", () => {
  it("must give back a node the library made", () => {
    const liar = S.defineScheme({ ...spec, normalize: (u) => ({ ...u }) as typeof u });
    expect(() => normalizeOrThrow("x:a", { schemes: S.createRegistry([liar]) })).toThrow(TypeError);
  });

  it("run only on a URI that is valid under the scheme", () => {
    let calls = 0;
    const counting = S.defineScheme({ ...spec, normalize: (u) => { calls++; return u; } });
    const reg = S.createRegistry([counting]);
    normalizeOrThrow("x:a", { schemes: reg });
    normalizeOrThrow("x:a/b", { schemes: reg });
    expect(calls).toBe(1);
  });
});

describe("deepFreeze, which the schemes' values go through", () => {
  it("freezes arrays, plain, null-prototype and class objects all the way down; leaves nodes and typed arrays; stops at cycles", () => {
    class Box {
      constructor(readonly inner: { n: number }) {}
    }
    const shared = { s: [1, 2] };
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { k: ["v"] });
    const bytes = new Uint8Array([1, 2]);
    const node = parseOrThrow("http://a/b");
    const cyclic: { self?: unknown; list: unknown[] } = { list: [] };
    cyclic.self = cyclic;
    cyclic.list.push(cyclic, shared);
    const v = { a: [shared, { b: [[shared]] }], bare, box: new Box({ n: 1 }), bytes, node, cyclic };
    expect(deepFreeze(v)).toBe(v);
    for (const x of [v, v.a, shared, shared.s, v.a[1], (v.a[1] as { b: unknown[] }).b, bare, bare.k, v.box, v.box.inner, cyclic, cyclic.list]) expect(Object.isFrozen(x)).toBe(true);
    expect(Object.isFrozen(bytes)).toBe(false);
    bytes[0] = 9; // its bytes stay writable: a typed array cannot be frozen
    expect(bytes[0]).toBe(9);
    expect(isReadOnlyNode(node)).toBe(true);
    expect(Object.isFrozen(node)).toBe(false); // a node is left as it is: a read-only view
    expect(deepFreeze("text")).toBe("text");
    expect(deepFreeze(null)).toBe(null);
  });
});

describe("values are frozen all the way down (the AST nodes inside are read-only views)", () => {
  it.each([
    ["http://u@h:1/p?q"], ["ws://h/p"], ["mailto:a@b.example?cc=c@d.example"], ["urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"],
    ["file:///x"], ["data:;a=b,x"], ["tel:+1;ext=2;a=b"],
  ])("%s", (input) => {
    const v = parseOrThrow(input, { schemes: S.defaultRegistry }).scheme;
    const walk = (x: unknown): void => {
      if (typeof x !== "object" || x === null) return;
      if (isNode(x)) return void expect(isReadOnlyNode(x)).toBe(true);
      expect(Object.isFrozen(x)).toBe(true);
      for (const y of Object.values(x)) walk(y);
    };
    walk(v);
  });

  it.each([
    ["data:;charset=x-unknown,a", undefined, "x-unknown"],
    ["data:,a", "no-such-charset", "no-such-charset"],
    ["data:,a", "", ""],
  ])("a data URL's text() in a charset TextDecoder does not know (%s, %s) is a RangeError naming it", (input, charset, named) => {
    const d = S.data.parseOrThrow(input);
    expect(() => d.text(charset)).toThrow(RangeError);
    expect(() => d.text(charset)).toThrow(`data.text: the charset ${JSON.stringify(named)} is not one`);
  });

  it("a data URL's text() takes a string charset, nothing else", () => {
    const d = S.data.parseOrThrow("data:,a");
    expect(() => d.text(5 as unknown as string)).toThrow(TypeError);
    expect(() => d.text(5 as unknown as string)).toThrow('data.text: the argument "charset" must be a string');
    expect(d.text(undefined)).toBe("a");
  });

  it("a data URL's bytes are a copy on each read", () => {
    const d = S.data.parseOrThrow("data:,ab");
    const b = d.bytes;
    b[0] = 0;
    expect([...d.bytes]).toEqual([97, 98]);
    expect(JSON.parse(JSON.stringify(d))).toEqual({ kind: "data", mediaType: "text/plain", parameters: [["charset", "US-ASCII"]], charset: "US-ASCII", base64: false, data: "ab" });
  });
});

// Issue 31: the names issue 23 deprecated went before 1.0 (CHANGELOG.md); their replacements answer.
describe("the names deprecated in 0.1.0 are gone", () => {
  it("from uri-grammar/schemes, /iri and /components", () => {
    for (const name of ["parseWithScheme", "parseWithSchemeOrThrow", "normalizeWithSchemes", "equivalentWithSchemes"]) expect(name in S).toBe(false);
    expect("toDisplayIri" in Iri).toBe(false);
    expect("toDisplayString" in components).toBe(false);
    expect(parseOrThrow("http:///x", { schemes: S.defaultRegistry }).schemeError?.code).toBe("empty-host");
    expect(Iri.toDisplayString("http://u:p@a/")).toBe("http://u:***@a/");
  });
});
