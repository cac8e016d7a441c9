// The API as users meet it (issue "The API as users meet it", points 5-7 and 12): every public
// function takes a string wherever it takes a node and refuses anything else with a TypeError
// that names the argument; nodes come from checked constructors, so a look-alike object is
// refused; every transform gives the node its own text parses to; one argument order.
import fc from "fast-check";
import { seededRandom } from "../src/abnf/generate";
import * as main from "../src/index";
import { equivalent, isValid, normalize, parse, parseOrThrow, resolve, serialize, validate, type Node, parseRule, parseRuleOrThrow } from "../src/index";
import { DecodeError, lastSegment, pathSegments, percentDecodeOrThrow, redactPassword } from "../src/components";
import { toDisplayString } from "../src/iri/index";
import { AbnfError, grammarFromAbnfOrThrow, UnknownRuleError } from "../src/abnf/index";
import { rule } from "../src/rules/index";
import { buildUri, withFragment, withFragmentOrThrow, withHost, withPath, withPort, withPortOrThrow, withQuery, withScheme, withUserinfo } from "../src/uri-builder";
import * as rules from "../src/rules/index";
import * as abnf from "../src/abnf/index";
import * as components from "../src/components";
import * as builder from "../src/uri-builder";
import * as ast from "../src/ast/nodes";
import * as iri from "../src/iri/index";
import * as schemes from "../src/schemes/index";
import * as diagrams from "../src/diagrams";
import * as security from "../src/security";
import * as whatwg from "../src/whatwg/index";
import * as template from "../src/template/index";
import { runs, seed } from "./helpers/runs";
import { isReadOnlyNode } from "./helpers/read-only";

/** The node's data without spans, for comparing a transform's output with its re-parse. */
function data(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(data);
  if (typeof x !== "object" || x === null) return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (k !== "span") out[k] = data(v);
  if ("segments" in (x as object)) out.segments = (x as { segments: unknown }).segments;
  return out;
}

describe("strings wherever nodes are taken (point 5)", () => {
  it("redactPassword, serialize and toDisplayString take strings", () => {
    expect(serialize(redactPassword("http://u:p@a/b"))).toBe("http://u:***@a/b");
    expect(serialize("http://u:p@a/b")).toBe("http://u:p@a/b");
    expect(toDisplayString("http://u:p@a/b")).toBe("http://u:***@a/b");
  });

  it("the builder takes strings: withPort on a URI given as text", () => {
    const r = withPort("http://a/b", 80);
    expect(r.ok && serialize(r.value)).toBe("http://a:80/b");
    expect(serialize(withPortOrThrow("http://a/b", 8080))).toBe("http://a:8080/b");
    for (const [f, arg] of [[withScheme, "https"], [withUserinfo, "u"], [withHost, "h"], [withPath, "/x"], [withQuery, "q"], [withFragment, "f"]] as const) {
      const out = (f as (input: string, x: string) => main.Result<main.UriReference>)("http://a/b", arg);
      expect(out.ok).toBe(true);
    }
  });

  it("plain-value functions throw the UriSyntaxError of text that does not parse; Result ones return it", () => {
    expect(() => serialize("http://a b/")).toThrow(main.UriSyntaxError);
    expect(() => toDisplayString("http://[::1/")).toThrow(main.UriSyntaxError);
    const n = normalize("http://a b/");
    expect(!n.ok && n.error).toBeInstanceOf(main.UriSyntaxError);
    expect(() => main.normalizeOrThrow("http://a b/")).toThrow(main.UriSyntaxError);
  });

  const bad: unknown[] = [null, undefined, 42, true, {}, [], () => "x", Symbol("s"), new Date(0)];
  it.each(bad.map((x) => [typeof x === "symbol" ? "a symbol" : JSON.stringify(x) ?? String(x), x]))("refuses %s with a TypeError that names the argument", (_label, x) => {
    const calls: [string, () => unknown][] = [
      ["input", () => normalize(x as string)],
      ["base", () => resolve(x as string, "g")],
      ["ref", () => resolve("http://a/", x as string)],
      ["a", () => equivalent(x as string, "http://a/")],
      ["b", () => equivalent("http://a/", x as string)],
      ["input", () => serialize(x as string)],
      ["input", () => redactPassword(x as string)],
      ["input", () => toDisplayString(x as string)],
      ["input", () => withPort(x as string, 80)],
      ["input", () => parse(x as string)],
      ["input", () => validate(x as string)],
      ["input", () => isValid(x as string)],
    ];
    for (const [name, call] of calls) {
      expect(call).toThrow(TypeError);
      expect(call).toThrow(new RegExp(`"${name}"`));
    }
  });

  it("names a wrong part of the builder", () => {
    expect(() => withPort("http://a/", {} as unknown as number)).toThrow(/"port"/);
    expect(() => buildUri({ host: 5 as unknown as string })).toThrow(/parts\.host/);
  });
});

describe("path helpers read a path, not any string (point 5)", () => {
  it("text that is no path is the UriSyntaxError of the path rule; a URI node gives its path", () => {
    expect(() => lastSegment("http://a/b/c?x=1")).toThrow(main.UriSyntaxError);
    expect(() => pathSegments("a b")).toThrow(/offset 1/);
    expect(() => pathSegments("/a%zz")).toThrow(/offset 2/);
    expect(pathSegments(parseOrThrow("http://a/b/c?x=1"))).toEqual(["b", "c"]);
    expect(lastSegment(parseOrThrow("http://a/b/caf%C3%A9"), { decode: true })).toBe("café");
    expect(pathSegments("/résumé/x")).toEqual(["résumé", "x"]);
  });
});

describe("parse is typed by its rule (point 4)", () => {
  it("a rule name in any checked spelling, options without a rule, a rule that may be left out", () => {
    const kind: main.Host["kind"] = parseRuleOrThrow("[::1]", "HOST").kind;
    expect(kind).toBe("IPv6address");
    const r = parse("http://a/", { maxLength: 8192 });
    const refKind: "URI" | "relative-ref" | undefined = r.ok ? r.value.kind : undefined;
    expect(refKind).toBe("URI");
    const flag = process.env["NO_SUCH_VARIABLE"] !== undefined;
    const either = parseOrThrow("http://a/", { rule: flag ? "URI-reference" : undefined });
    // @ts-expect-error: parse reads a URI reference, so its value is no Host
    const host: main.Host = either;
    expect(host.kind).toBe("URI");
    // another rule is parseRule's: parse says so (issue 34: parse ships URI-reference's automaton alone)
    // @ts-expect-error: parse takes no other rule
    expect(() => parse("[::1]", "host")).toThrow('parse: reads a URI reference, not the rule "host": call parseRule(input, "host")');
    // @ts-expect-error: parse takes no other rule
    expect(() => parseOrThrow("[::1]", { rule: "host" })).toThrow(/call parseRule\(input, "host"\)/);
    // @ts-expect-error: a misspelt rule name is a compile error (and an UnknownRuleError at run time)
    expect(() => parseRule("x", "hots")).toThrow(/did you mean "host"/);
  });
});

describe("rule() from uri-grammar/rules is typed and checked as parse is (point 4)", () => {
  it("a rule name in any checked spelling gives that rule's parser type, not unknown or undefined", () => {
    // RFC 5234 §2.1: rule names are case-insensitive; parseRule(s, "HOST") is typed as a Host, so is rule("HOST")
    const upper = rule("HOST");
    const h: main.Host = upper.tryParse("[::1]");
    expect(h.kind).toBe("IPv6address");
    const seg: string = rule("segment-nz-nc".toUpperCase() as "SEGMENT-NZ-NC").tryParse("a@b");
    expect(seg).toBe("a@b");
  });

  it("a name that is not a string is a TypeError that names the argument; an unknown name is the UnknownRuleError validate throws, with the rule meant (issue 23)", () => {
    for (const x of [5, undefined, null, {}]) {
      expect(() => rule(x as string)).toThrow(TypeError);
      expect(() => rule(x as string)).toThrow(/rule: the argument "name" must be a string/);
    }
    const name: string = "segmnt"; // a string, not a literal: a literal that is no rule name does not compile
    expect(() => rule(name)).toThrow(UnknownRuleError);
    // a plain RFC 3986 name gets RFC 3986 in the message, as parse's (issue 35); an IRI rule's, RFC 3987
    expect(() => rule(name)).toThrow('rule: RFC 3986 has no rule "segmnt"; did you mean "segment"?');
    expect(() => rule("hostt" as string)).toThrow('rule: RFC 3986 has no rule "hostt"; did you mean "host"?');
    expect(() => rule("ihostt" as string)).toThrow('rule: RFC 3987 has no rule "ihostt"; did you mean "ihost"?');
    let thrown: unknown;
    try {
      validate("x", name);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UnknownRuleError);
    expect((thrown as UnknownRuleError).suggestion).toBe("segment");
    // any spelling of a rule name compiles and works (RFC 5234 §2.1)
    expect(rule("Segment-NZ-NC").abnfName).toBe("segment-nz-nc");
    // @ts-expect-error a literal that names no rule in any spelling
    expect(() => rule("segmnt")).toThrow(UnknownRuleError);
  });
});

describe("messages describe undefined as undefined (point 5)", () => {
  it("a missing argument or option reads 'got undefined', a missing rule name reads 'no rule undefined'", () => {
    expect(() => parse(undefined as unknown as string)).toThrow(/got undefined$/);
    expect(() => main.serialize(undefined as unknown as string)).not.toThrow(/undefined undefined/);
    expect(() => grammarFromAbnfOrThrow('a = "x"').validate("x", undefined as unknown as string)).toThrow(/has no rule undefined/);
    expect(() => grammarFromAbnfOrThrow('a = "x"').validate("x", 5 as unknown as string)).toThrow(/has no rule a number$/);
  });

  it("a rule name left out (validate(text) from JavaScript) is told where it goes, with the grammar's first rule", () => {
    const g = grammarFromAbnfOrThrow('date = 4DIGIT "-" 2DIGIT\nyear = 4DIGIT\n');
    const call = g.validate as unknown as (input: string) => unknown;
    expect(() => call.call(g, "2024-01")).toThrow('validate: the ABNF grammar has no rule undefined; the rule is the argument after the input, e.g. validate(input, "date")');
    expect(() => (g.isValid as unknown as (input: string) => boolean).call(g, "2024-01")).toThrow(/; the rule is the argument after the input, e\.g\. isValid\(input, "date"\)$/);
    let thrown: unknown;
    try {
      call.call(g, "2024-01");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UnknownRuleError);
    expect((thrown as UnknownRuleError).suggestion).toBe("date");
    // a call that takes a rule name alone is told that it takes one (fixtures/review/tour-2026-12.json grammarNoRuleName)
    expect(() => (g.rule as unknown as () => unknown).call(g)).toThrow(/^rule: takes a rule name, e\.g\. rule\("date"\)$/);
  });

  it("g.abnf() with no rule name says it takes one, and that toAbnf() prints the whole grammar (tour 2026-12-03)", () => {
    const call = (g: { abnf(name: string): string }): (() => string) => () => (g.abnf as unknown as () => string).call(g);
    expect(call(abnf.rfc3986)).toThrow('abnf: takes a rule name, e.g. abnf("URI") prints that rule\'s definition; toAbnf() prints the whole grammar');
    expect(call(grammarFromAbnfOrThrow('date = 4DIGIT "-" 2DIGIT\n'))).toThrow(/^abnf: takes a rule name, e\.g\. abnf\("date"\) .*; toAbnf\(\) prints the whole grammar$/);
    expect(call(abnf.rfc3986)).toThrow(UnknownRuleError);
    // a name it does not define is told as before
    expect(() => abnf.rfc3986.abnf("hots")).toThrow('abnf: RFC 3986 has no rule "hots"; did you mean "host"?');
  });
});

describe("setters are typed by what they give (point 4)", () => {
  it("a parsed URI in, a URI without spans out; an absolute-URI may get a fragment", () => {
    const out = withPortOrThrow(parseRuleOrThrow("http://a/b", "URI"), 80);
    // @ts-expect-error: a rebuilt node has no spans, and its type says so
    const start = (): number => out.span.start;
    expect(out.span).toBeUndefined();
    expect(start).toThrow(TypeError);
    const withFragment: string | undefined = withFragmentOrThrow(parseRuleOrThrow("http://x/", "absolute-URI"), "top").fragment;
    expect(withFragment).toBe("top");
  });
});

describe("options are checked, not read as a default (point 5)", () => {
  const refused: [string, () => unknown, RegExp][] = [
    ["equivalent level", () => equivalent("http://a/", "HTTP://A/", { level: "bogus" as "simple" }), /options\.level/],
    ["normalize ipv6", () => normalize("http://a/", { ipv6: "bogus" as "keep" }), /options\.ipv6/],
    ["normalize nfc", () => normalize("http://a/", { nfc: 1 as unknown as boolean }), /options\.nfc/],
    ["normalize null", () => normalize("http://a/", null as unknown as undefined), /"options"/],
    ["normalize schemes", () => normalize("http://a/", { schemes: 5 as unknown as undefined }), /options\.schemes/],
    ["resolve strict", () => resolve("http://a/b", "c", { strict: "no" as unknown as boolean }), /options\.strict/],
    ["relativize normalize", () => main.relativize("http://a/b", "http://a/c", { normalize: { case: "yes" as unknown as boolean } }), /options\.case/],
    ["redactPassword mask", () => redactPassword("http://u:p@a/b", { mask: 5 as unknown as string }), /options\.mask/],
  ];
  it.each(refused)("%s: a TypeError that names the option", (_what, call, name) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(name);
  });

  it("a mask with delimiters is percent-encoded, never read as one", () => {
    expect(serialize(redactPassword("http://u:p@a/b", { mask: "a@b/c" }))).toBe("http://u:a%40b%2Fc@a/b");
  });
});

describe("nodes come from checked constructors (point 6)", () => {
  const uri = parseOrThrow("http://good.com/a");

  it("a spread copy with a bad part is refused, not serialized into a different URI", () => {
    const tricked = { ...uri, query: "x y" };
    expect(() => serialize(tricked as unknown as Node)).toThrow(TypeError);
    expect(() => serialize(tricked as unknown as Node)).toThrow(/only looks like a node/);
    expect(() => normalize(tricked as unknown as main.UriReference)).toThrow(TypeError);
  });

  it("a hand-made host whose text would read as another host is refused", () => {
    const host = { kind: "reg-name", text: "good.com#@evil.com" };
    const authority = { ...uri.authority, host };
    expect(() => serialize({ ...uri, authority } as unknown as Node)).toThrow(TypeError);
    expect(() => serialize(authority as unknown as Node)).toThrow(TypeError);
  });

  it("an IPv6 node whose text and pieces disagree cannot be made", () => {
    const h = parseRuleOrThrow("[::1]", "host");
    const forged = { ...h, pieces: [1, 2, 3, 4, 5, 6, 7, 8] };
    expect(() => main.normalize({ ...parseOrThrow("http://[::1]/"), authority: { ...parseOrThrow("http://[::1]/").authority, host: forged } } as unknown as main.UriReference)).toThrow(TypeError);
  });

  it("a copy that keeps the prototype (a deep-clone utility), a Proxy or a structured clone is refused", () => {
    // a copy that keeps the prototype and holds the node's data as its own fields (a node's fields
    // are getters of its class, which own fields of the same names hide)
    const forge = <T extends object>(n: T, parts: object): T =>
      Object.defineProperties(Object.create(Object.getPrototypeOf(n) as object) as T, Object.getOwnPropertyDescriptors({ ...(JSON.parse(JSON.stringify(n)) as object), ...parts }));
    const h = parseRuleOrThrow("[::1]", "host");
    const ipv6 = parseOrThrow("http://[::1]/a");
    const lies: [string, unknown][] = [
      ["query with a space", forge(uri, { query: "x y" })],
      ["host text with a fragment", forge(uri, { authority: forge(uri.authority as object, { host: forge(parseRuleOrThrow("a", "host"), { text: "good.com#@evil.com" }) }) })],
      ["IPv6 pieces that disagree with the text", forge(ipv6, { authority: forge(ipv6.authority as object, { host: forge(h, { pieces: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0x66] }) }) })],
      ["a Proxy", new Proxy(uri, {})],
      ["a structured clone", structuredClone(uri)],
    ];
    for (const [, node] of lies) {
      // a structured clone of a node is an empty object: its fields are getters of its class
      expect(() => serialize(node as Node)).toThrow(/only looks like a node|a copy of a node has none of its fields/);
      expect(() => normalize(node as main.UriReference, { ipv6: "rfc5952" })).toThrow(TypeError);
    }
  });

  it("a host node given another host kind's prototype is refused: each kind's class brands its own nodes", () => {
    // a reg-name "evil.com" on the IPv6 class would serialize as "[evil.com]", and an IPv6 node on
    // the reg-name class would lose its brackets; the private fields of each class refuse both
    const kinds = ["evil.com", "127.0.0.1", "[::1]", "[v7.x]"];
    for (const a of kinds) {
      for (const b of kinds) {
        if (a === b) continue;
        const node = parseRuleOrThrow(a, "host");
        Object.setPrototypeOf(node, Object.getPrototypeOf(parseRuleOrThrow(b, "host")) as object);
        expect(() => serialize(node as Node)).toThrow(/only looks like a node/);
      }
    }
  });

  it("a Result given where a node goes (serialize(parse(s)), the .value left out) is told so, with what to pass", () => {
    const said = /got a Result: pass its \.value, or call the OrThrow function$/;
    const calls: [string, () => unknown][] = [
      ["serialize(parse(s))", () => serialize(parse("http://a/b") as unknown as Node)],
      ["serialize(withPort(...))", () => serialize(withPort("http://a/", 8080) as unknown as Node)],
      ["serialize of a failed Result", () => serialize(parse("http://a b") as unknown as Node)],
      ["resolve(parse(base), ref)", () => resolve(parse("http://a/b") as unknown as main.UriReference, "c")],
      ["normalize(parse(s))", () => normalize(parse("http://a/b") as unknown as main.UriReference)],
    ];
    for (const [what, call] of calls) {
      let message = "";
      try {
        call();
      } catch (e) {
        message = e instanceof TypeError ? e.message : `not a TypeError: ${String(e)}`;
      }
      expect([what, message]).toEqual([what, expect.stringMatching(said)]);
    }
  });

  it("a node the library made is read-only and accepted anywhere", () => {
    expect(isReadOnlyNode(uri)).toBe(true);
    expect(serialize(uri)).toBe("http://good.com/a");
    expect(serialize(uri.authority as Node)).toBe("good.com");
  });
});

describe("a class called with wrong arguments from plain JavaScript (issue 31)", () => {
  // TypeScript makes these constructors private or requires their arguments; plain JavaScript
  // does not. A class the library alone makes says which function makes one, as UriTemplate's
  // does; one a program may make checks its arguments. Either way the TypeError carries the
  // library's message ("Name: …"), never the platform's "Cannot read properties of undefined".
  const entries: Record<string, object> = {
    ".": main, "./rules": rules, "./abnf": abnf, "./components": components, "./builder": builder, "./ast": ast,
    "./iri": iri, "./schemes": schemes, "./diagrams": diagrams, "./security": security, "./whatwg": whatwg, "./template": template,
  };
  type AnyClass = new (...args: unknown[]) => unknown;
  const isClass = (x: unknown): x is AnyClass => typeof x === "function" && /^class\b/.test(Function.prototype.toString.call(x));
  const classes: [string, AnyClass][] = [
    ...Object.entries(entries).flatMap(([entry, m]) => Object.entries(m).flatMap(([name, x]): [string, AnyClass][] => (isClass(x) ? [[`${entry} ${name}`, x]] : []))),
    ["./schemes defaultRegistry.constructor", schemes.defaultRegistry.constructor as AnyClass],
  ];
  /** What a call gives: "made", the library's TypeError, or (a finding) any other error. */
  const outcome = (C: AnyClass, args: unknown[]): string => {
    try {
      new C(...args);
      return "made";
    } catch (e) {
      return e instanceof TypeError && /^[A-Za-z][\w.]*: /.test(e.message) ? "the library's TypeError" : `${String(e)}`;
    }
  };
  it("no argument, undefined or numbers: a TypeError with the library's message, or an object", () => {
    expect(classes.length).toBeGreaterThan(20);
    const platform = classes.filter(([, C]) => [[], [undefined, undefined, undefined], [5, 5, 5]].some((args) => !/^(made|the library's TypeError)$/.test(outcome(C, args))));
    expect(platform.map(([name]) => name)).toEqual([]);
  });

  it("a TemplateError from plain JavaScript is made, its expected frozen as given", () => {
    const E = template.TemplateError as unknown as AnyClass;
    expect((new E() as template.TemplateError).expected).toBeUndefined();
    const expected = ["\"}\""];
    const e = new E("syntax", "{x", "{x", "URI-Template", 2, expected, "end of input", "m") as template.TemplateError;
    expect([e.expected, Object.isFrozen(e.expected), e.message]).toEqual([["\"}\""], true, "m"]);
  });

  it("a Grammar, a registry or a template only from the functions that make and check them", () => {
    const made: [AnyClass, unknown[], RegExp][] = [
      [abnf.Grammar as unknown as AnyClass, ["g", new Map([["a", { name: "a", expr: abnf.lit("a") }]])], /^Grammar: make grammars with grammar/],
      [abnf.Grammar as unknown as AnyClass, ["g", () => abnf.grammarFromAbnfOrThrow("a = %x61")], /^Grammar: /],
      [schemes.defaultRegistry.constructor as AnyClass, [new Map([["http", { name: "http" }]])], /^SchemeRegistry: make registries with createRegistry/],
      [template.UriTemplate as unknown as AnyClass, [Symbol("UriTemplate"), "{x}", []], /^UriTemplate: /],
    ];
    for (const [C, args, message] of made) expect(() => new C(...args)).toThrow(message);
  });

  it("a UriSyntaxError's and an InputTooLongError's arguments are named", () => {
    const E = main.UriSyntaxError as unknown as AnyClass;
    const L = main.InputTooLongError as unknown as AnyClass;
    expect(() => new E()).toThrow('UriSyntaxError: the argument "input" must be a string, got undefined');
    expect(() => new E("a b", "URI", 1, "]")).toThrow('UriSyntaxError: the argument "expected" must be an array of strings, got "]"');
    expect(() => new L(5, "URI", 3)).toThrow('InputTooLongError: the argument "input" must be a string, got number 5');
    expect((new L("abcd", "URI", 3) as main.InputTooLongError).shortMessage).toBe("Invalid URI: the input is 4 characters long, more than the limit of 3 (maxLength)");
    expect((new L("abcd", "URI", 3, 9) as main.InputTooLongError).shortMessage).toBe("Invalid URI: the input is 9 characters long, more than the limit of 3 (maxLength)");
  });

  it("a SchemeError's arguments are named", () => {
    const E = schemes.SchemeError as unknown as AnyClass;
    expect(() => new E()).toThrow('SchemeError: the argument "scheme" must be a string, got undefined');
    expect(() => new E("http", 5, {})).toThrow('SchemeError: the argument "input" must be a string, got number 5');
    expect(() => new E("http", "http://a/", null)).toThrow('SchemeError: the argument "detail" must be an object, got null');
  });
});

describe("the node a transform gives is the node its text parses to (point 7)", () => {
  it("decoding a reg-name that spells an IPv4 address gives an IPv4address host", () => {
    const r = normalize("http://%31%32%37.0.0.1/");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(serialize(r.value)).toBe("http://127.0.0.1/");
    expect(r.value.authority?.host.kind).toBe("IPv4address");
    expect(r.value.authority?.host).toMatchObject({ octets: [127, 0, 0, 1] });
  });

  const gen = (name: "URI-reference" | "URI" | "absolute-URI"): fc.Arbitrary<string> =>
    fc.integer({ min: 0, max: 0x7fffffff }).map((seed) => rule(name).generate(seededRandom(seed), { maxRepeat: 4 }));
  const reparsed = (t: main.UriReference): void => {
    const again = parseOrThrow(serialize(t));
    expect(data(again)).toEqual(data(t));
  };

  it("for normalize, resolve, redactPassword and every builder setter, on generated references", () => {
    fc.assert(
      fc.property(gen("URI-reference"), gen("absolute-URI"), fc.constantFrom("rfc5952", "keep" as const), (s, base, ipv6) => {
        const n = normalize(s, { ipv6 });
        if (n.ok) reparsed(n.value);
        const r = resolve(base, s);
        if (r.ok) reparsed(r.value);
        reparsed(redactPassword(s));
        for (const out of [withFragment(s, "f"), withQuery(s, "a=b"), withPort(s, 8080), withUserinfo(s, "u:p"), withHost(s, "127.0.0.1"), withScheme(s, "http")]) {
          if (out.ok) reparsed(out.value);
        }
      }),
      { numRuns: runs(1500), seed: seed(3986) },
    );
  });
});

describe("one convention (point 12)", () => {
  it("input first, then a rule name or options, for parse, validate and isValid", () => {
    expect(validate("a:b", "URI").ok).toBe(true);
    expect(validate("a:b", { rule: "relative-ref" }).ok).toBe(false);
    expect(isValid("[::1]", "host")).toBe(true);
    expect(parseRule("[::1]", "host").ok).toBe(true);
    expect(parseRule("[::1]", { rule: "host" }).ok).toBe(true);
  });

  it("every operation that can fail has an OrThrow twin that throws the same typed error", () => {
    expect(() => main.resolveOrThrow("/relative", "g")).toThrow(main.ResolveError);
    expect(serialize(main.resolveOrThrow("http://a/b/c/d;p?q", "../g"))).toBe("http://a/b/g");
    expect(main.equivalentOrThrow("http://a/", "HTTP://A")).toBe(true);
    expect(() => main.equivalentOrThrow("http://a b/", "http://a/")).toThrow(main.UriSyntaxError);
    expect(() => parseOrThrow("http://a b/")).toThrow(main.UriSyntaxError);
    expect(() => percentDecodeOrThrow("%C3")).toThrow(DecodeError);
    expect(percentDecodeOrThrow("caf%C3%A9")).toBe("café");
    expect(() => grammarFromAbnfOrThrow("a = ")).toThrow(AbnfError);
    expect(grammarFromAbnfOrThrow('a = "x"').isValid("X", "a")).toBe(true);
  });

  it("the first character of a scheme is reported as ALPHA, not as the rule being validated", () => {
    const v = validate("1http", "scheme");
    expect(!v.ok && v.error.expected).toEqual(["ALPHA"]);
  });

  it("parse is typed by its rule: a path-absolute parse has that kind, and every span is there", () => {
    const p = parseRuleOrThrow("/a/b", "path-absolute");
    const kind: "path-absolute" = p.kind;
    const start: number = p.span.start;
    const uri = parseOrThrow("http://a/b");
    const hostStart: number | undefined = uri.authority?.host.span.start;
    expect([kind, start, hostStart]).toEqual(["path-absolute", 0, 7]);
  });
});
