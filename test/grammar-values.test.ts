// Grammars are values: built from rules by name (RFC 5234 §2.1 names, case-insensitive), derived
// from one another (rename, override, add), picked apart (a rule and what it refers to) and
// imported; never edited, never sharing a global table. A grammar that cannot be built is a
// GrammarError with a code; a rule name a grammar does not have is an UnknownRuleError (a
// TypeError) that names the rule probably meant.
import {
  alt,
  caseSensitive,
  core,
  grammar,
  Grammar,
  GrammarError,
  lit,
  many,
  many1,
  opt,
  prose,
  range,
  ref,
  rep,
  rfc3986,
  semantics,
  seq,
  UnknownRuleError,
  type GrammarErrorCode,
  type Match,
} from "../src/abnf/index";
import { Oracle, algebraFromAbnf } from "./helpers/abnf-algebra";

const DIGIT = range(0x30, 0x39);

/** The GrammarError `f` throws. */
function grammarError(f: () => unknown): GrammarError {
  try {
    f();
  } catch (e) {
    if (e instanceof GrammarError) return e;
    throw new Error(`expected a GrammarError, got ${String(e)}`);
  }
  throw new Error("expected a GrammarError, nothing was thrown");
}

/** The UnknownRuleError `f` throws. */
function unknownRule(f: () => unknown): UnknownRuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof UnknownRuleError) return e;
    throw new Error(`expected an UnknownRuleError, got ${String(e)}`);
  }
  throw new Error("expected an UnknownRuleError, nothing was thrown");
}

// A small grammar: a list of numbers (own).
const base = () =>
  grammar(
    {
      list: seq(ref("number"), many(seq(lit(","), ref("number")))),
      number: many1(ref("digit")),
      digit: DIGIT,
    },
    { name: "numbers" },
  );

describe("derive", () => {
  it("renames with a map; references follow; the original is unchanged", () => {
    const g = base();
    const before = g.toAbnf();
    const d = g.derive({ rename: { number: "num", digit: "DIGIT" } });
    expect(d.ruleNames).toEqual(["list", "num", "DIGIT"]);
    expect(d.abnf("list")).toBe('num *( "," num )');
    expect(d.abnf("num")).toBe("1*DIGIT");
    expect(d.isValid("1,23,456", "list")).toBe(true);
    expect(d.isValid("12", "num")).toBe(true);
    expect(d.has("number")).toBe(false);
    // the original
    expect(g.toAbnf()).toBe(before);
    expect(g.ruleNames).toEqual(["list", "number", "digit"]);
    expect(g.abnf("list")).toBe('number *( "," number )');
    expect(g.isValid("12", "number")).toBe(true);
    expect(g.has("num")).toBe(false);
    expect(d.name).toBe("numbers");
    expect(g.derive({ name: "renamed", rename: { list: "csv" } }).name).toBe("renamed");
  });

  it("renames with a function (every rule, by its spelling in the definition)", () => {
    const g = base();
    const seen: string[] = [];
    const d = g.derive({
      rename: (n) => {
        seen.push(n);
        return `x-${n}`;
      },
    });
    expect(d.ruleNames).toEqual(["x-list", "x-number", "x-digit"]);
    expect(d.abnf("x-list")).toBe('x-number *( "," x-number )');
    expect(d.isValid("7,8", "x-list")).toBe(true);
    expect(new Set(seen)).toEqual(new Set(["list", "number", "digit"]));
    expect(g.ruleNames).toEqual(["list", "number", "digit"]);
  });

  it("overrides a rule (by its name after renaming); rules that refer to it use the new definition", () => {
    const g = base();
    const hex = g.derive({ rules: { digit: alt(DIGIT, range(0x61, 0x66)) } });
    expect(hex.isValid("ff,10", "list")).toBe(true);
    expect(g.isValid("ff,10", "list")).toBe(false);
    const renamed = g.derive({ rename: { digit: "d" }, rules: { d: lit("0") } });
    expect(renamed.isValid("00,0", "list")).toBe(true);
    expect(renamed.isValid("1", "list")).toBe(false);
    expect(renamed.ruleNames).toEqual(["list", "number", "d"]);
  });

  it("adds rules, which may refer to the old ones, and old rules may be overridden to refer to new ones", () => {
    const g = base();
    const d = g.derive({
      rules: {
        range: seq(ref("number"), lit("-"), ref("number")),
        list: seq(ref("item"), many(seq(lit(","), ref("item")))),
        item: alt(ref("range"), ref("number")),
      },
    });
    expect(d.ruleNames).toEqual(["list", "number", "digit", "range", "item"]);
    expect(d.isValid("1-5,7,9-10", "list")).toBe(true);
    expect(g.isValid("1-5", "list")).toBe(false);
    expect(g.has("range")).toBe(false);
    expect(g.has("item")).toBe(false);
  });

  it("keeps a grammar's rules checked: a derived grammar with an undefined reference or left recursion is a GrammarError", () => {
    const g = base();
    expect(grammarError(() => g.derive({ rules: { number: many1(ref("digits")) } })).code).toBe("undefined-rule");
    expect(grammarError(() => g.derive({ rules: { number: seq(opt(lit("+")), ref("list")) } })).code).toBe("left-recursion");
    expect(grammarError(() => g.derive({ rename: { number: "digit" } })).code).toBe("duplicate-rule");
    expect(g.isValid("1,2", "list")).toBe(true);
  });

  it("renaming to a name that is no ABNF rule name is a GrammarError bad-rule-name, whether the rule is referred to or not", () => {
    const g = base();
    const unreferenced = grammarError(() => g.derive({ rename: { list: "no_such" } }));
    expect([unreferenced.code, unreferenced.rule]).toEqual(["bad-rule-name", "no_such"]);
    // "number" is referred to by "list": the renamed reference must not fail first with
    // ref()'s TypeError.
    const referenced = grammarError(() => g.derive({ rename: { number: "no_such" } }));
    expect([referenced.code, referenced.rule]).toEqual(["bad-rule-name", "no_such"]);
  });

  it("RFC 3987's way: RFC 3986 with a rule renamed and widened, RFC 3986 itself unchanged", () => {
    // RFC 3987 §2.2: iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
    const iri = rfc3986.derive({
      name: "IRI (part)",
      rename: { unreserved: "iunreserved" },
      rules: {
        iunreserved: alt(ref("ALPHA"), ref("DIGIT"), lit("-"), lit("."), lit("_"), lit("~"), ref("ucschar")),
        ucschar: alt(range(0xa0, 0xd7ff), range(0xf900, 0xfdcf), range(0xfdf0, 0xffef), range(0x10000, 0x1fffd)),
      },
    });
    expect(iri.isValid("caf\u00e9", "segment")).toBe(true);
    expect(iri.isValid("/\u{1F600}/x", "path-abempty")).toBe(true);
    expect(rfc3986.isValid("caf\u00e9", "segment")).toBe(false);
    expect(iri.abnf("pchar")).toBe('iunreserved / pct-encoded / sub-delims / ":" / "@"');
    expect(rfc3986.abnf("pchar")).toBe('unreserved / pct-encoded / sub-delims / ":" / "@"');
    expect(rfc3986.has("iunreserved")).toBe(false);
  });
});

describe("pick", () => {
  it("keeps a rule and every rule it refers to, in the grammar's order, and nothing else", () => {
    const p = rfc3986.pick("pchar");
    expect(p.ruleNames).toEqual(["pchar", "pct-encoded", "unreserved", "sub-delims", "ALPHA", "DIGIT", "HEXDIG"]);
    expect(p.isValid("%2F", "pchar")).toBe(true);
    expect(p.has("segment")).toBe(false);
    expect(base().pick("number").ruleNames).toEqual(["number", "digit"]);
    expect(base().pick("digit", "list").ruleNames).toEqual(["list", "number", "digit"]);
    expect(core.pick("ALPHA", "DIGIT").ruleNames).toEqual(["ALPHA", "DIGIT"]);
  });

  it("names the rule probably meant when asked for one it does not have", () => {
    const e = unknownRule(() => rfc3986.pick("pChar", "segmentNz"));
    expect(e.suggestion).toBe("segment-nz");
  });
});

describe("imports", () => {
  it("brings in the rules of other grammars, used by name", () => {
    // RFC 8141 §2: NSS = pchar *(pchar / "/")
    const urn = grammar({ NSS: seq(ref("pchar"), many(alt(ref("pchar"), lit("/")))) }, { imports: [rfc3986.pick("pchar")] });
    expect(urn.isValid("a123,z456/foo", "NSS")).toBe(true);
    expect(urn.isValid(":", "pchar")).toBe(true);
    expect(urn.ruleNames[0]).toBe("NSS");
  });

  it("two imports with the same definition of a rule are fine", () => {
    const g = grammar({ word: many1(ref("ALPHA")), num: many1(ref("DIGIT")) }, { imports: [core.pick("ALPHA"), core.pick("ALPHA", "DIGIT"), rfc3986.pick("DIGIT")] });
    expect(g.isValid("abc", "word")).toBe(true);
    expect(g.isValid("123", "num")).toBe(true);
  });

  it("two imports that define a rule differently are an import-conflict", () => {
    const one = grammar({ b: lit("1") }, { name: "one" });
    const two = grammar({ b: lit("2") }, { name: "two" });
    const e = grammarError(() => grammar({ a: ref("b") }, { imports: [one, two] }));
    expect(e.code).toBe("import-conflict");
    expect(e.rule).toBe("b");
    expect(e.message).toBe("rule b is defined differently by one and two");
  });

  it("a rule defined here and imported is an import-conflict (derive the import to override it)", () => {
    const e = grammarError(() => grammar({ ALPHA: lit("x") }, { imports: [core.pick("ALPHA")] }));
    expect(e.code).toBe("import-conflict");
    expect(e.message).toMatch(/derive the imported grammar to override a rule/);
    // ... as derive allows
    const x = core.pick("ALPHA").derive({ rules: { ALPHA: lit("x") } });
    expect(x.isValid("X", "ALPHA")).toBe(true);
    expect(x.isValid("a", "ALPHA")).toBe(false);
  });

  it("an import must be a Grammar", () => {
    expect(() => grammar({ a: lit("a") }, { imports: [{} as unknown as Grammar] })).toThrow(TypeError);
  });
});

describe("GrammarError", () => {
  const cases: [string, () => unknown, GrammarErrorCode, RegExp][] = [
    ["a rule name that starts with a digit", () => grammar({ "1a": lit("a") }), "bad-rule-name", /"1a" is not an ABNF rule name \(RFC 5234 §2\.1/],
    ["a rule name with an underscore", () => grammar({ a_b: lit("a") }), "bad-rule-name", /"a_b" is not an ABNF rule name/],
    ["an undefined reference", () => grammar({ a: ref("digits"), digit: DIGIT }), "undefined-rule", /rule a refers to digits, which the grammar does not define \(did you mean digit\?\)/],
    ["direct left recursion", () => grammar({ a: seq(ref("a"), lit("x")) }), "left-recursion", /rule a is left-recursive \(a -> a\)/],
    ["the same rule twice (names are case-insensitive)", () => grammar({ a: lit("x"), A: lit("y") }), "duplicate-rule", /rule A is defined twice/],
    ["a definition that is no expression", () => grammar({ a: "x" as never }), "bad-definition", /rule a: expected an ABNF expression/],
  ];

  it.each(cases)("%s", (_what, f, code, message) => {
    const e = grammarError(f);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("GrammarError");
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });

  it("an undefined reference names the rule and the name referred to", () => {
    const e = grammarError(() => grammar({ a: ref("digits"), digit: DIGIT }, { name: "G" }));
    expect(e.rule).toBe("a");
    expect(e.detail).toEqual(["digits"]);
    expect(e.message).toContain("which G does not define");
    const far = grammarError(() => grammar({ a: ref("zebra"), digit: DIGIT }));
    expect(far.message).not.toContain("did you mean");
  });

  it("indirect left recursion, through an option and a nullable repetition, has the cycle in detail", () => {
    const e = grammarError(() =>
      grammar({
        a: seq(opt(lit("x")), ref("b")),
        b: alt(lit("y"), seq(ref("c"), lit("z"))),
        c: seq(many(lit("w")), ref("a")),
      }),
    );
    expect(e.code).toBe("left-recursion");
    expect(e.rule).toBe("a");
    expect(e.detail).toEqual(["a", "b", "c", "a"]);
    expect(e.message).toContain("a -> b -> c -> a");
    expect(Object.isFrozen(e.detail)).toBe(true);
  });

  it("recursion after a character is fine (not left recursion)", () => {
    const g = grammar({ p: seq(lit("("), many(ref("p")), lit(")")) });
    expect(g.isValid("(()())", "p")).toBe(true);
    const e = grammarError(() => grammar({ p: seq(many(lit("(")), ref("p"), lit(")")) }));
    expect(e.detail).toEqual(["p", "p"]);
  });

  it("the expression constructors check their arguments", () => {
    expect(() => ref("1a")).toThrow(TypeError);
    expect(() => range(5, 1)).toThrow(RangeError);
    expect(() => range(0x110000)).toThrow(RangeError);
    expect(() => rep(2, 1, lit("a"))).toThrow(RangeError);
    expect(() => rep(-1, 1, lit("a"))).toThrow(RangeError);
    expect(() => lit("\ud800")).toThrow(RangeError);
    expect(() => caseSensitive("a\udc00")).toThrow(RangeError);
    expect(() => seq(lit("a"), "b" as never)).toThrow(TypeError);
    expect(() => prose("\ud83d")).toThrow(RangeError);
  });
});

describe("UnknownRuleError", () => {
  it("is a TypeError that names the rule meant by a camelCase export name", () => {
    for (const [asked, meant] of [
      ["segmentNzNc", "segment-nz-nc"],
      ["uriReference", "URI-reference"],
      ["ipLiteral", "IP-literal"],
      ["pathAbempty", "path-abempty"],
    ] as const) {
      const e = unknownRule(() => rfc3986.rule(asked));
      expect(e).toBeInstanceOf(TypeError);
      expect(e.name).toBe("UnknownRuleError");
      expect(e.ruleName).toBe(asked);
      expect(e.grammar).toBe("RFC 3986");
      expect(e.suggestion).toBe(meant);
      expect(e.message).toBe(`rule: RFC 3986 has no rule "${asked}"; did you mean "${meant}"?`);
    }
  });

  it("suggests a rule one or two edits away, and nothing for a name far from all", () => {
    expect(unknownRule(() => rfc3986.validate("x", "hots")).suggestion).toBe("host");
    expect(unknownRule(() => rfc3986.validate("x", "hots")).message).toMatch(/^validate: /);
    const far = unknownRule(() => rfc3986.isValid("x", "zzzzzzzzz"));
    expect(far.suggestion).toBeUndefined();
    expect(far.message).toBe('isValid: RFC 3986 has no rule "zzzzzzzzz"');
  });

  it("is thrown by every method that takes a rule name, and names are otherwise case-insensitive", () => {
    const g = base();
    for (const f of [
      () => g.rule("lst"),
      () => g.validate("", "lst"),
      () => g.isValid("", "lst"),
      () => g.pattern("lst"),
      () => g.abnf("lst"),
      () => g.generate("lst", () => 0),
      () => g.pick("lst"),
    ]) {
      expect(unknownRule(f).suggestion).toBe("list");
    }
    expect(g.isValid("1", "LIST")).toBe(true);
    expect(g.rule("Number").abnfName).toBe("number");
    expect(rfc3986.isValid("::1", "ipv6ADDRESS")).toBe(true);
  });

  it("says what it got when the name is not a string", () => {
    const e = unknownRule(() => rfc3986.rule(42 as unknown as string));
    expect(e.message).toBe("rule: RFC 3986 has no rule a number");
  });
});

describe("grammar values", () => {
  it("are frozen, down to their definitions and expressions", () => {
    const g = base();
    expect(Object.isFrozen(g)).toBe(true);
    expect(Object.isFrozen(g.ruleNames)).toBe(true);
    const def = g.definition("list");
    expect(def && Object.isFrozen(def)).toBe(true);
    expect(def && Object.isFrozen(def.expr)).toBe(true);
    const e = seq(lit("a"), many(alt(lit("b"), range(0x30))));
    expect(Object.isFrozen(e) && Object.isFrozen(e.items) && Object.isFrozen(e.items[1])).toBe(true);
    expect(() => {
      (g.ruleNames as string[]).push("x");
    }).toThrow(TypeError);
    expect(() => {
      (g as unknown as { name: string }).name = "other";
    }).toThrow(TypeError);
    expect(Object.isFrozen(rfc3986) && Object.isFrozen(core)).toBe(true);
  });

  it("are independent: no global table of rules", () => {
    const defs = { a: seq(ref("b"), lit("!")), b: lit("x") };
    const one = grammar(defs);
    const two = grammar(defs);
    expect(one).not.toBe(two);
    expect(one.sameAs(two)).toBe(true);
    expect(one.rule("a")).toBe(one.rule("a"));
    expect(one.rule("a")).not.toBe(two.rule("a"));
    // a rule added to one grammar is not visible in the other
    const more = one.derive({ rules: { c: lit("c") } });
    expect(more.has("c")).toBe(true);
    expect(one.has("c")).toBe(false);
    expect(two.has("c")).toBe(false);
    expect(one.sameAs(more)).toBe(false);
    // a grammar that defines "b" does not make "b" defined for another
    expect(grammarError(() => grammar({ a: seq(ref("b"), lit("!")) })).code).toBe("undefined-rule");
    // overriding "b" in a derived grammar leaves both originals alone
    const y = one.derive({ rules: { b: lit("y") } });
    expect(y.isValid("y!", "a")).toBe(true);
    expect(one.isValid("y!", "a")).toBe(false);
    expect(two.isValid("y!", "a")).toBe(false);
    expect(one.isValid("x!", "a") && two.isValid("x!", "a")).toBe(true);
  });

  it("the same rule name in two grammars means each grammar's own rule", () => {
    const letters = grammar({ word: many1(ref("ch")), ch: range(0x61, 0x7a) });
    const digits = grammar({ word: many1(ref("ch")), ch: DIGIT });
    expect(letters.isValid("abc", "word")).toBe(true);
    expect(digits.isValid("abc", "word")).toBe(false);
    expect(digits.isValid("123", "word")).toBe(true);
    expect(letters.rule("word").tryParse("abc")).toBe("abc");
    expect(digits.rule("word").parse("abc").status).toBe(false);
  });
});

describe("printed ABNF (abnf, toAbnf) means the same language", () => {
  it("RFC 3986 prints as ABNF that reads back to the same rules", () => {
    const back = algebraFromAbnf([rfc3986.toAbnf()]);
    for (const n of rfc3986.ruleNames) expect([n, back.abnf(n)]).toEqual([n, rfc3986.abnf(n)]);
  });

  it("a case-insensitive literal that cannot be quoted stays case-insensitive when printed", () => {
    // RFC 5234 §4: a quoted string holds %x20-21 / %x23-7E; "say \"hi\"" holds a DQUOTE, so it
    // must print as quoted parts and %x22, not as one dotted num-val, which is case-sensitive
    // (RFC 7405 §2.1).
    const g = grammar({ r: lit('say "hi"') });
    expect(g.isValid('SAY "HI"', "r")).toBe(true);
    const printed = new Oracle(g.toAbnf());
    expect([g.abnf("r"), printed.matches("r", 'SAY "HI"')]).toEqual([g.abnf("r"), true]);
  });
});

// A rule can match no string at all: one that needs a prose value (RFC 5234 §4), a range of
// surrogate code points only (no characters: ranges are on code points, and U+D800–U+DFFF are
// none), recursion without a way out. The messages say so, and why.
describe("rules that match no string", () => {
  const g = grammar({
    surrogates: range(0xd800, 0xdfff),
    described: seq(lit("a"), prose("something else")),
    endless: seq(lit("("), ref("endless"), lit(")")),
    fine: alt(lit("x"), ref("surrogates")),
  });
  const seed = (): ((n: number) => number) => () => 0;

  it.each([
    ["surrogates", /^generate: rule surrogates matches no string: %xD800-DFFF holds only surrogate code points, which are no characters$/],
    ["described", /^generate: rule described matches no string: it needs the prose value <something else>, which matches nothing \(RFC 5234 §4\)$/],
    ["endless", /^generate: rule endless matches no string: its recursion \(endless\) has no way out$/],
  ])("generate on %s says why", (rule, message) => {
    expect(() => g.generate(rule, seed())).toThrow(RangeError);
    expect(() => g.generate(rule, seed())).toThrow(message);
  });

  it.each([
    ["surrogates", "", "Invalid surrogates at offset 0: rule surrogates matches no string (%xD800-DFFF holds only surrogate code points, which are no characters)"],
    ["described", "a", "Invalid described at offset 0: rule described matches no string (it needs the prose value <something else>, which matches nothing (RFC 5234 §4))"],
    ["endless", "(())", "Invalid endless at offset 0: rule endless matches no string (its recursion (endless) has no way out)"],
  ])("validate on %s %j says the rule matches no string, not \"expected nothing more\"", (rule, input, message) => {
    const v = g.validate(input, rule);
    expect(v.ok ? undefined : [v.error.offset, v.error.expected, v.error.shortMessage]).toEqual([0, [], message]);
    const parsed = semantics(g, { [rule]: (m: Match) => m.text }).parse(input, rule);
    expect(parsed.ok ? undefined : parsed.error.shortMessage).toBe(message);
  });

  it("a rule with another way still says what it expected", () => {
    const v = g.validate("y", "fine");
    expect(v.ok ? undefined : v.error.shortMessage).toBe('Invalid fine at offset 0: expected "x", found "y"');
  });
});
