// The input length limit (a policy, not RFC 3986, which sets none): parse, validate and isValid
// refuse input longer than maxLength (DEFAULT_MAX_LENGTH when left out) with an InputTooLongError
// before any matching; the operations that parse strings use the default.
import { DEFAULT_MAX_LENGTH, InputTooLongError, UriSyntaxError, equivalent, isValid, normalize, parse, parseOrThrow, resolve, validate, parseRule, parseRuleOrThrow } from "../src/index";
import { grammarFromAbnf } from "../src/abnf/index";

const long = (n: number): string => `http://a/${"x".repeat(n - 9)}`;

describe("maxLength", () => {
  it("is 2 MiB by default, and an input of exactly the limit is read", () => {
    expect(DEFAULT_MAX_LENGTH).toBe(2 * 1024 * 1024);
    expect(parse(long(DEFAULT_MAX_LENGTH)).ok).toBe(true);
    expect(isValid(long(DEFAULT_MAX_LENGTH))).toBe(true);
  });

  it.each([
    ["parse", (s: string) => parse(s)],
    ["parse with a rule", (s: string) => parseRule(s, "URI")],
    ["validate", (s: string) => validate(s)],
    ["resolve", (s: string) => resolve("http://a/", s)],
    ["normalize", (s: string) => normalize(s)],
    ["equivalent", (s: string) => equivalent(s, "http://a/")],
  ] as const)("%s refuses one character more than the default with an InputTooLongError", (_name, f) => {
    const r = f(long(DEFAULT_MAX_LENGTH + 1));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(InputTooLongError);
    expect(r.error).toBeInstanceOf(UriSyntaxError);
    const e = r.error as InputTooLongError;
    expect(e.maxLength).toBe(DEFAULT_MAX_LENGTH);
    expect(e.offset).toBe(DEFAULT_MAX_LENGTH);
    expect(e.expected).toEqual([]);
    expect(e.shortMessage).toBe(`Invalid ${e.rule}: the input is ${DEFAULT_MAX_LENGTH + 1} characters long, more than the limit of ${DEFAULT_MAX_LENGTH} (maxLength)`);
  });

  it("isValid says false", () => {
    expect(isValid(long(DEFAULT_MAX_LENGTH + 1))).toBe(false);
    expect(isValid("http://a/bc", { maxLength: 10 })).toBe(false);
    expect(isValid("http://a/b", { maxLength: 10 })).toBe(true);
  });

  it("takes a smaller limit, as a server parsing request targets should (RFC 9110 §4.1: at least 8000 octets)", () => {
    const r = parse("http://example.com/" + "a".repeat(8192), { maxLength: 8192 });
    expect(!r.ok && r.error.name).toBe("InputTooLongError");
    expect(parse("http://example.com/", { maxLength: 8192 }).ok).toBe(true);
    expect(validate("abc", { rule: "scheme", maxLength: 2 }).ok).toBe(false);
    expect(() => parseRuleOrThrow("abc", { rule: "scheme", maxLength: 2 })).toThrow(InputTooLongError);
  });

  it("is lifted by Infinity", () => {
    expect(parse(long(DEFAULT_MAX_LENGTH + 1), { maxLength: Infinity }).ok).toBe(true);
  });

  it("is checked before the grammar: even a user grammar's rule", () => {
    const g = grammarFromAbnf('x = 1*"a"\n');
    if (!g.ok) throw g.error;
    expect(validate("aaaa", { grammar: g.value, rule: "x", maxLength: 3 }).ok).toBe(false);
    expect(validate("aaa", { grammar: g.value, rule: "x", maxLength: 3 }).ok).toBe(true);
  });

  it.each([-1, 1.5, Number.NaN, "10", null, -Infinity])("refuses maxLength %p with a TypeError naming it", (m) => {
    expect(() => parse("a", { maxLength: m as number })).toThrow(/options\.maxLength must be a whole number/);
  });
});
