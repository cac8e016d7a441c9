// Rejections: one typed UriSyntaxError with the offset of the first character no valid input
// could have there (fixtures/errors.json), what was expected there, and a caret message. No
// string makes anything throw; non-strings get a TypeError.
import fc from "fast-check";
import { equivalent, isValid, normalize, parse, parseOrThrow, resolve, UriSyntaxError, validate, type RuleName, parseRule, parseRuleOrThrow } from "../src/index";
import { rfc3986, semantics, UnknownRuleError } from "../src/abnf/index";
import { ruleNames } from "../src/rules/index";
import { readJson } from "./helpers/fixtures";
import { runs } from "./helpers/runs";

interface ErrorCase {
  readonly input: string;
  readonly rule: RuleName;
  readonly offset: number;
  readonly source?: string;
}

const fixture = readJson<{ source: string; cases: ErrorCase[] }>("errors.json");

describe("error offsets (fixtures/errors.json)", () => {
  it.each(fixture.cases.map((c) => [`${c.rule} ${JSON.stringify(c.input)} at ${c.offset} (${c.source ?? fixture.source})`, c]))(
    "%s",
    (_title, c) => {
      const v = validate(c.input, c.rule);
      expect(v.ok).toBe(false);
      if (v.ok) return;
      expect(v.error).toBeInstanceOf(UriSyntaxError);
      expect(v.error.offset).toBe(c.offset);
      expect(v.error.rule).toBe(c.rule);
      expect(v.error.input).toBe(c.input);
      expect(v.error.expected.length).toBeGreaterThan(0);
    },
  );
});

describe("validate: a rule by name and the same rule in options give one answer", () => {
  // validate reads a rule named as a string on a path of its own (no options object is made);
  // both paths end in the same match and the same error, which these hold to each other
  const answer = (v: ReturnType<typeof validate>) => (v.ok ? "valid" : [v.error.rule, v.error.offset, v.error.expected, v.error.found, v.error.message]);
  it.each(fixture.cases.map((c) => [c.rule, c.input] as const))("%s %j", (rule, input) => {
    expect(answer(validate(input, { rule }))).toEqual(answer(validate(input, rule)));
    expect(answer(validate(input, { rule, maxLength: 4096 }))).toEqual(answer(validate(input, rule)));
  });
  it("for any text, every rule, and URI-reference when none is named", () => {
    const rules = [...ruleNames] as RuleName[];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "1", ":", "/", "?", "#", "@", "%", "4", "[", "]", ".", "é", " "), maxLength: 12 }), fc.constantFrom(...rules), (input, rule) => {
        expect(answer(validate(input, { rule }))).toEqual(answer(validate(input, rule)));
        expect(answer(validate(input, {}))).toEqual(answer(validate(input)));
      }),
      { numRuns: runs(1000) },
    );
  });
});

describe("UriSyntaxError", () => {
  it("says what was expected, with a caret under the offset", () => {
    const r = parse("https://[::1/");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.offset).toBe(12);
    expect(r.error.expected).toEqual(expect.arrayContaining(['":"', "HEXDIG", '"]"']));
    expect(r.error.found).toBe('"/"');
    expect(r.error.message).toBe(
      `Invalid URI-reference at offset 12: expected ${r.error.expected.slice(0, -1).join(", ")} or ${r.error.expected.at(-1)}, found "/"\n` +
        "  https://[::1/\n" +
        "              ^",
    );
    expect(r.error.shortMessage).toBe(r.error.message.split("\n")[0]);
    expect(r.error.name).toBe("UriSyntaxError");
    expect(r.error).toBeInstanceOf(Error);
  });

  it("names rules and literals", () => {
    const e = (rule: RuleName, input: string) => {
      const v = validate(input, rule);
      return v.ok ? undefined : [v.error.offset, [...v.error.expected].sort()];
    };
    expect(e("dec-octet", "256")).toEqual([2, ['"0"-"5"', "end of input"]]);
    expect(e("pct-encoded", "%4g")).toEqual([2, ["HEXDIG"]]);
    // the rule being matched is never its own label: the first character of a scheme is an ALPHA
    expect(e("scheme", "1a")).toEqual([0, ["ALPHA"]]);
    expect(e("URI", "1a:b")).toEqual([0, ["scheme"]]);
    expect(e("IPvFuture", "v1.")).toEqual([3, ['":"', "sub-delims", "unreserved"]]);
    expect(e("port", "8a")).toEqual([1, ["DIGIT", "end of input"]]);
  });

  it("reports the end of input when the input stops too early", () => {
    const r = parse("http://[::1");
    expect(!r.ok && [r.error.offset, r.error.found]).toEqual([11, "end of input"]);
  });

  it("shows a window of a long input, with control characters replaced", () => {
    const input = `http://example.com/${"a".repeat(200)}\n${"b".repeat(200)}`;
    const r = parse(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.offset).toBe(219);
    expect(r.error.found).toBe("U+000A");
    const [, line = "", caret = ""] = r.error.message.split("\n");
    expect(line.length).toBeLessThan(100);
    expect(line).toContain("a?b");
    expect(line[caret.indexOf("^")]).toBe("?");
  });

  // A bidi control printed as it is reorders the line a terminal shows (RFC 3987 §4.1, Trojan
  // Source); private use and separators cannot be seen. Surrogates keep their escape.
  it.each([
    ["http://a/\u202Eevil", 9, "U+202E"],
    ["http://a/\u2066x", 9, "U+2066"],
    ["http://a/\u200Bx", 9, "U+200B"],
    ["http://a/\uE000", 9, "U+E000"],
    ["http://a/\u00A0", 9, "U+00A0"],
    ["http://a/\u2028x", 9, "U+2028"],
    ["http://a/\u{E0041}", 9, "U+E0041"],
    ["http://a/\uD800", 9, '"\\ud800"'],
    ["http://a/é", 9, '"é"'],
    ["http://a/e\u0301", 10, "U+0301"],
  ])("shows %j's character at %i as %s, and no format character in the excerpt", (input, offset, found) => {
    const v = validate(input, "URI");
    expect(!v.ok && [v.error.offset, v.error.found]).toEqual([offset, found]);
    if (v.ok) return;
    const [, line = "", caret = ""] = v.error.message.split("\n");
    expect(line).not.toMatch(/[\p{Cf}\p{Zl}\p{Zp}]/u);
    expect([...line][caret.indexOf("^")]).not.toBeUndefined();
  });

  it("is what parseOrThrow throws, with a stack trace from the call", () => {
    expect(() => parseOrThrow("http://h:8a/")).toThrow(UriSyntaxError);
    try {
      parseOrThrow("http://h:8a/");
    } catch (e) {
      expect((e as Error).stack).toContain("errors.test.ts");
    }
    expect.assertions(2);
  });
});

describe("swapped arguments: the rule where the input goes", () => {
  // [call, the message of its UnknownRuleError]: the API is (input, rule); when the rule is no
  // rule name and the input is one, the message says how the call was probably meant
  // the RFC named is the one of the rule meant: RFC 3986, or RFC 3987 for an IRI rule (ihost, IRI, ...)
  const swap = (caller: string, rule: string, input: string, rfc = "RFC 3986"): string =>
    `${caller}: ${rfc} has no rule ${JSON.stringify(rule)}; the arguments are (input, rule): did you mean ${caller}(${JSON.stringify(rule)}, ${JSON.stringify(input)})?`;
  const cases: [string, () => unknown, string][] = [
    ['validate("ihost", "例え.jp")', () => validate("ihost", "例え.jp"), swap("validate", "例え.jp", "ihost", "RFC 3987")],
    ['isValid("URI", "http://a/")', () => isValid("URI", "http://a/"), swap("isValid", "http://a/", "URI")],
    ['parseRule("host", "example.com")', () => parseRule("host", "example.com" as RuleName), swap("parseRule", "example.com", "host")],
    ['parseRule("IPv6address", { rule: "::1" })', () => parseRule("IPv6address", { rule: "::1" as RuleName }), swap("parseRule", "::1", "IPv6address")],
    ['parseRuleOrThrow("IRI", "http://例え.jp/")', () => parseRuleOrThrow("IRI", "http://例え.jp/" as RuleName), swap("parseRule", "http://例え.jp/", "IRI", "RFC 3987")],
    ['validate("IHOST", "例え.jp"): names are case-insensitive', () => validate("IHOST", "例え.jp"), swap("validate", "例え.jp", "IHOST", "RFC 3987")],
    // no hint where the input is no rule name
    ['validate("例え.jp", "nope")', () => validate("例え.jp", "nope"), 'validate: RFC 3986 has no rule "nope"'],
    ['validate("a", "segmentNzNc")', () => validate("a", "segmentNzNc"), 'validate: RFC 3986 has no rule "segmentNzNc"; did you mean "segment-nz-nc"?'],
    // a plain RFC 3986 call names RFC 3986 and the rule meant; an IRI rule's name, RFC 3987
    ['parseRule("http://a/", "hostt")', () => parseRule("http://a/", "hostt" as RuleName), 'parseRule: RFC 3986 has no rule "hostt"; did you mean "host"?'],
    ['isValid("[::1]", "IP-literl")', () => isValid("[::1]", "IP-literl"), 'isValid: RFC 3986 has no rule "IP-literl"; did you mean "IP-literal"?'],
    ['parseRule("http://a/", "ihostt")', () => parseRule("http://a/", "ihostt" as RuleName), 'parseRule: RFC 3987 has no rule "ihostt"; did you mean "ihost"?'],
    ['validate("http://例え.jp/", "IRI-referenc")', () => validate("http://例え.jp/", "IRI-referenc"), 'validate: RFC 3987 has no rule "IRI-referenc"; did you mean "IRI-reference"?'],
  ];
  it.each(cases)("%s", (_call, call, message) => {
    let thrown: unknown;
    try {
      call();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UnknownRuleError);
    expect((thrown as Error).message).toBe(message);
  });

  it("a grammar's and a semantics' own validate, isValid and parse say the same", () => {
    expect(() => rfc3986.validate("host", "example.com")).toThrow('validate: RFC 3986 has no rule "example.com"; the arguments are (input, rule): did you mean validate("example.com", "host")?');
    expect(() => rfc3986.isValid("host", "example.com")).toThrow(/did you mean isValid\("example\.com", "host"\)\?$/);
    const text = semantics(rfc3986, {});
    expect(() => text.parse("host", "example.com")).toThrow(/did you mean parse\("example\.com", "host"\)\?$/);
  });

  it("the error names the rule that was probably meant", () => {
    const e = (() => {
      try {
        validate("ihost", "例え.jp");
      } catch (x) {
        return x as UnknownRuleError;
      }
      throw new Error("nothing thrown");
    })();
    expect([e.ruleName, e.grammar, e.suggestion]).toEqual(["例え.jp", "RFC 3987", "ihost"]);
  });

  it("names RFC 3987 exactly for the rules RFC 3987 adds to RFC 3986's", () => {
    const named = (rule: string): string => {
      try {
        validate("x", rule);
      } catch (x) {
        return (x as UnknownRuleError).grammar;
      }
      throw new Error("nothing thrown");
    };
    const rfc3986Names = new Set(rfc3986.ruleNames.map((n) => n.toLowerCase()));
    for (const name of ruleNames) {
      // the name with its last letter doubled: one edit away, so the name itself is suggested
      expect([name, named(`${name}${name.slice(-1)}`)]).toEqual([name, rfc3986Names.has(name.toLowerCase()) ? "RFC 3986" : "RFC 3987"]);
    }
  });
});

describe("a URL object where a string goes", () => {
  const hint = "got a URL object: pass url.href";
  const url = new URL("http://a/b");
  it.each([
    ["parse", () => parse(url as unknown as string)],
    ["parseOrThrow", () => parseOrThrow(url as unknown as string)],
    ["validate", () => validate(url as unknown as string)],
    ["isValid", () => isValid(url as unknown as string, "URI")],
    ["normalize", () => normalize(url as unknown as string)],
    ["resolve", () => resolve(url as unknown as string, "c")],
    ["equivalent", () => equivalent("http://a/b", url as unknown as string)],
  ])("%s says to pass url.href", (_name, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(hint);
  });
});

describe("robustness", () => {
  it("never throws for any string, on any rule", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom(...ruleNames), (s, name) => {
        const v = validate(s, name);
        expect(isValid(s, name)).toBe(v.ok);
        const r = parseRule(s, { rule: name });
        expect(r.ok).toBe(v.ok);
        if (!r.ok) {
          expect(r.error).toBeInstanceOf(UriSyntaxError);
          expect(r.error.offset).toBeGreaterThanOrEqual(0);
          expect(r.error.offset).toBeLessThanOrEqual(s.length);
        }
      }),
      { numRuns: runs(5000) },
    );
  });

  it("gives a TypeError for non-strings", () => {
    const bad = [undefined, null, 42, {}, ["http://a"], new String("http://a")] as unknown as string[];
    for (const x of bad) {
      expect(() => parse(x)).toThrow(TypeError);
      expect(() => validate(x, "URI")).toThrow(TypeError);
      expect(() => isValid(x, "URI")).toThrow(TypeError);
    }
    expect(() => parseRule("http://a", { rule: "nope" as RuleName })).toThrow(/has no rule "nope"/);
    expect(() => parseRule("http://a", { rule: "nope" as RuleName })).toThrow(TypeError);
    // a camelCase export name is not an ABNF name: the error says which one was meant
    expect(() => validate("a", "segmentNzNc" as RuleName)).toThrow(/did you mean "segment-nz-nc"\?/);
    expect(() => isValid("[::1]", "ipLiteral" as RuleName)).toThrow(/did you mean "IP-literal"\?/);
  });

  it("handles 1 MB inputs, valid and adversarial, without throwing", () => {
    const MB = 1 << 20;
    const inputs = [
      `http://example.com/${"abc/".repeat(MB / 4)}`,
      `http://example.com/?${"a=b&".repeat(MB / 4)}`,
      "%".repeat(MB),
      `http://[${":".repeat(MB)}`,
      "1.".repeat(MB / 2),
      "a:".repeat(MB / 2),
      "/..".repeat(MB / 3),
      "@".repeat(MB),
      `//${"a.".repeat(MB / 2)}[`,
      `http://h/${"%41".repeat(MB / 3)}%4`,
    ];
    for (const s of inputs) {
      const r = parse(s);
      expect(isValid(s, "URI-reference")).toBe(r.ok);
      if (!r.ok) expect(r.error.offset).toBeLessThanOrEqual(s.length);
    }
  });
});
