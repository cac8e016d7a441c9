// A grammar is a value the library made (grammar(), grammarFromAbnf(), derive(), the built-in
// ones): the functions below ask the one brand (src/core/brand.ts isGrammar, which
// parse(s, { grammar }) reads), so a copy of a grammar's prototype or a Proxy of one is refused
// with the function's own TypeError, never reaches a method that reads the grammar's private
// state (V8's "Receiver must be an instance of class"). Issue 31: one statement of "a grammar".
import { grammar, grammarFromAbnf, lit, ref, rfc3986, semantics, seq, type Grammar } from "../src/abnf/index";
import { defineScheme, percentEncodedRules } from "../src/schemes/index";
import { diagram } from "../src/diagrams";
import { parse } from "../src/index";

const tiny = grammar({ "x-URI": seq(lit("x:"), ref("segment")) }, { imports: [rfc3986.pick("segment")] });

const lookAlikes: readonly [string, () => Grammar][] = [
  ["a copy of its prototype", () => Object.create(tiny) as Grammar],
  ["a Proxy of it", () => new Proxy(tiny, {})],
  ["an object of the same shape", () => ({ name: tiny.name, ruleNames: tiny.ruleNames, definition: (n: string) => tiny.definition(n) }) as unknown as Grammar],
];

const takers: readonly [string, (g: Grammar) => unknown][] = [
  ["defineScheme", (g) => defineScheme({ name: "x", grammar: g, rule: "x-URI", section: "s", build: () => ({ kind: "x" as const }) })],
  ["semantics", (g) => semantics(g, {})],
  ["diagram", (g) => diagram(g, "x-URI")],
  ["percentEncodedRules", (g) => percentEncodedRules(g, ["x-URI"], [])],
  ["grammar's imports", (g) => grammar({ a: ref("segment") }, { imports: [g] })],
  ["grammarFromAbnf's imports", (g) => grammarFromAbnf("a = segment\n", { imports: [g] })],
  ["Grammar#sameAs", (g) => tiny.sameAs(g)],
  ["parse's options.grammar", (g) => parse("x:a", { grammar: g, rule: "x-URI" })],
];

describe("a grammar the library did not make", () => {
  it.each(lookAlikes)("%s is refused with the TypeError of every function that takes a grammar", (_what, make) => {
    const answers = takers.map(([name, take]) => {
      try {
        take(make());
        return [name, "taken"];
      } catch (e) {
        return [name, e instanceof TypeError && /must be a Grammar/.test(e.message) ? "refused" : String(e)];
      }
    });
    expect(answers).toEqual(takers.map(([name]) => [name, "refused"]));
  });

  it("and the grammar itself is taken by each", () => {
    const answers = takers.map(([name, take]) => {
      try {
        take(tiny);
        return [name, "taken"];
      } catch (e) {
        return [name, String(e)];
      }
    });
    expect(answers).toEqual(takers.map(([name]) => [name, "taken"]));
  });
});

describe("grammarFromAbnf's imports take every grammar the library made", () => {
  const made: readonly [string, () => Grammar][] = [
    ["grammar()", () => tiny],
    ["grammarFromAbnf()", () => (grammarFromAbnf("segment = *%x61\n") as { ok: true; value: Grammar }).value],
    ["derive()", () => tiny.derive({ rules: { "y-URI": lit("y:") } })],
    ["a built-in grammar (rfc3986)", () => rfc3986],
    ["a built-in grammar's pick()", () => rfc3986.pick("segment")],
  ];
  it.each(made)("%s", (_what, make) => {
    const r = grammarFromAbnf("a = segment\n", { imports: [make()] });
    expect(r.ok && r.value.isValid("aa", "a")).toBe(true);
  });
});
