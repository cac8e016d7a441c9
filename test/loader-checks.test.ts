// Rules checked in code (GrammarOptions.checks, LoadOptions.checks): a predicate on the text a
// rule's ABNF matched, or a parsimmon parser, bound to a rule name without rewriting the
// grammar; a prose rule supplied so; diagnostics name the rule as any rule (issue 33 item 5).
import P from "parsimmon";
import { grammar, grammarFromAbnf, grammarFromAbnfOrThrow, GrammarError, lit, prose, ref, semantics, seq } from "../src/abnf/index";

// an OData-like path: the entity sets a service has are a list the ABNF cannot hold
const TEXT = `
path            = "/" entitySet [ "(" key ")" ]
entitySet       = odataIdentifier
key             = 1*DIGIT / NID
odataIdentifier = ALPHA *( ALPHA / DIGIT / "_" )
NID             = <a namespace identifier, see the registry>
`;
const allowed = new Set(["Products", "Orders"]);
const checks = { entitySet: (t: string) => allowed.has(t), NID: P.regexp(/[a-z]{2,}/) };

describe("rules checked in code", () => {
  const g = grammarFromAbnfOrThrow(TEXT, { checks });

  it("a predicate narrows a rule's ABNF; a parser supplies a prose rule; both work inside other rules", () => {
    expect(["/Products", "/Orders(12)", "/Orders(isbn)"].map((s) => g.isValid(s, "path"))).toEqual([true, true, true]);
    expect(["/Customers", "/Orders(I)", "/Orders(isbn2)"].map((s) => g.isValid(s, "path"))).toEqual([false, false, false]);
    expect(g.isValid("Orders", "entitySet")).toBe(true);
    expect(g.isValid("Order", "entitySet")).toBe(false);
    expect(g.isValid("isbn", "NID")).toBe(true);
    expect(g.rule("path").tryParse("/Orders(12)")).toBe("/Orders(12)");
    expect(g.isLinear("path")).toBe(false);
  });

  it("names the rule in diagnostics, as any rule", () => {
    const v = g.validate("/Customers", "path");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([1, ["entitySet"]]);
    const w = g.validate("/Orders(I)", "path");
    expect(w.ok ? undefined : [w.error.offset, w.error.expected]).toEqual([8, ["DIGIT", "NID"]]);
  });

  it("semantics see the checked rules' text", () => {
    const s = semantics(g, { path: (m) => ({ set: m.first("entitySet")?.text, key: m.first("key")?.text }) }, { captures: ["entitySet", "key", "NID"] });
    expect(s.parse("/Orders(isbn)", "path")).toEqual({ ok: true, value: { set: "Orders", key: "isbn" } });
  });

  it("a predicate on a prose rule is tried on every span from the call", () => {
    const h = grammarFromAbnfOrThrow('pair = word "=" word\nword = <a word of the dictionary>\n', { checks: { word: (t: string) => ["key", "value"].includes(t) } });
    expect(h.isValid("key=value", "pair")).toBe(true);
    expect(h.isValid("key=valu", "pair")).toBe(false);
  });

  it("without the check the prose rule is unsupplied; a check must name a rule and be a function or a parser", () => {
    expect(grammarFromAbnf(TEXT).ok ? "" : (grammarFromAbnf(TEXT) as { error: { code: string } }).error.code).toBe("unsupplied-prose");
    const unknown = grammarFromAbnf(TEXT, { checks: { ...checks, entitySett: () => true } });
    expect(unknown.ok ? "" : unknown.error.shortMessage).toContain("entitySett");
    expect(() => grammarFromAbnf(TEXT, { checks: { ...checks, key: 42 as never } })).toThrow(TypeError);
  });

  it("grammar(), derive() and pick() keep the checks", () => {
    const a = grammar({ x: seq(lit("<"), ref("y"), lit(">")), y: prose("anything short") }, { checks: { y: P.regexp(/[a-z]{1,3}/) } });
    expect([a.isValid("<abc>", "x"), a.isValid("<abcd>", "x")]).toEqual([true, false]);
    const b = a.derive({ rename: { y: "z" } });
    expect([b.isValid("<abc>", "x"), b.isValid("<abcd>", "x")]).toEqual([true, false]);
    expect(a.pick("x").isValid("<ab>", "x")).toBe(true);
    expect(() => grammar({ x: lit("x") }, { checks: { y: () => true } })).toThrow(GrammarError);
  });
});
