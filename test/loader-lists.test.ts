// RFC 9110 §5.6.1's list extension (#rule), an option of the loader (fixtures/loader/lists.json):
// off by default (RFC 5234 has no "#"), "sender" as §5.6.1.1 expands it (what RFC 9110's
// Appendix A prints), "recipient" as §5.6.1.2 accepts it (empty elements).
import * as fs from "node:fs";
import * as path from "node:path";
import { grammarFromAbnf, grammarFromAbnfOrThrow, readAbnfRules } from "../src/abnf/index";
import { sameExpr } from "../src/abnf/expr";
import { loadWork } from "../src/abnf/load-work";

interface Fixture {
  readonly sender: readonly { readonly list: string; readonly expanded: string; readonly source: string }[];
  readonly recipient: {
    readonly abnf: string;
    readonly rule: string;
    readonly valid: readonly string[];
    readonly invalid: readonly string[];
    readonly senderInvalid: readonly string[];
  };
  readonly nested: {
    readonly alphabet: readonly string[];
    readonly length: number;
    readonly cases: readonly { readonly nested: string; readonly element: string; readonly outer: string }[];
  };
}
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "loader", "lists.json"), "utf8")) as Fixture;

const only = (text: string, lists?: "sender" | "recipient"): ReturnType<typeof readAbnfRules> => readAbnfRules(`${text}\n`, { lists });

describe("RFC 9110 #rule lists", () => {
  it.each(fixture.sender.map((c) => [c.list, c] as const))("sender: %s reads as RFC 9110 Appendix A prints it", (_list, c) => {
    const listed = only(c.list, "sender");
    const expanded = only(c.expanded);
    if (!listed.ok || !expanded.ok) throw new Error("does not read");
    const [key] = [...expanded.value.keys()];
    expect(sameExpr(listed.value.get(key as string)?.expr as never, expanded.value.get(key as string)?.expr as never)).toBe(true);
  });

  it("is off by default: a # is the AbnfError that says how to read it", () => {
    const r = grammarFromAbnf("Allow = #method\nmethod = 1*ALPHA\n");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.error.line, r.error.column]).toEqual([1, 9]);
    expect(r.error.shortMessage).toContain('{ lists: "sender" }');
  });

  it("recipient: §5.6.1.2's example, empty elements accepted, at least one non-empty element for 1#", () => {
    const { abnf, rule, valid, invalid, senderInvalid } = fixture.recipient;
    const recipient = grammarFromAbnfOrThrow(abnf, { lists: "recipient" });
    for (const s of valid) expect([s, recipient.isValid(s, rule)]).toEqual([s, true]);
    for (const s of invalid) expect([s, recipient.isValid(s, rule)]).toEqual([s, false]);
    const sender = grammarFromAbnfOrThrow(abnf, { lists: "sender" });
    for (const s of valid) expect([s, sender.isValid(s, rule)]).toEqual([s, !senderInvalid.includes(s)]);
    for (const s of invalid) expect([s, sender.isValid(s, rule)]).toEqual([s, false]);
    // OWS is RFC 9110 §5.6.3's when the text does not define it, and a rule like any other
    expect(recipient.abnf("OWS")).toBe("*( SP / HTAB )");
    const v = recipient.validate("foo,,bar;", rule);
    expect(v.ok ? undefined : [v.error.offset, v.error.expected.includes('","')]).toEqual([8, true]);
  });

  it("uses the text's own OWS when it defines one, and checks the option", () => {
    const g = grammarFromAbnfOrThrow('x = 1#y\ny = "y"\nOWS = *SP\n', { lists: "sender" });
    expect(g.isValid("y , y", "x")).toBe(true);
    expect(g.isValid("y\t,y", "x")).toBe(false);
    expect(() => grammarFromAbnf("x = 1#y\n", { lists: "both" as never })).toThrow(TypeError);
  });
});

// fuzz round 4: a list's element appears twice in its expansion (one object, shared), so lists
// nested in lists make a tree of 2^depth leaves from depth objects; `x = #(#(…#(y)…))` 40 deep
// (groups may nest 100 deep) hung the loader in its walk for prose values, which read the tree.
describe("nested lists load in steps linear in their depth", () => {
  const nested = (depth: number): string => `x = ${"#(".repeat(depth)}y${")".repeat(depth)}\ny = "a"\n`;
  const steps = (text: string, lists: "sender" | "recipient"): number => {
    const before = loadWork.steps;
    expect(grammarFromAbnf(text, { lists }).ok).toBe(true);
    return loadWork.steps - before;
  };

  it.each(["sender", "recipient"] as const)("%s: 20 levels cost at most twice the steps of 10 (the tree read: 1,000 times)", (lists) => {
    const a = steps(nested(10), lists);
    const b = steps(nested(20), lists);
    expect(b / a).toBeLessThan(2.5);
  });

  it("a prose value after shared, unreachable copies is the one named", () => {
    const r = grammarFromAbnf("x = 1#2(0<a>) <b>\n", { lists: "sender" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("unsupplied-prose");
    expect([r.error.line, r.error.column]).toEqual([1, 15]);
    expect(r.error.shortMessage).toContain("the prose value <b>");
  });
});

// A list whose element is a list (fixtures/loader/lists.json "nested"; fuzz-12 item 3): read as
// one list where that is the same language, so lists nested 20 or 40 deep stay small enough for an
// automaton; compared, string by string, with the same lists written with a named element, which
// the loader never merges.
describe("a list of lists", () => {
  const { alphabet, length, cases } = fixture.nested;
  const strings: string[] = [""];
  for (let k = 0, from = 0; k < length; k++) {
    const to = strings.length;
    for (let i = from; i < to; i++) for (const c of alphabet) strings.push((strings[i] as string) + c);
    from = to;
  }

  it.each((["sender", "recipient"] as const).flatMap((lists) => cases.map((c) => [lists, c.nested, c] as const)))("%s: %s reads as its element named", (lists, _nested, c) => {
    const nested = grammarFromAbnfOrThrow(`x = ${c.nested}\ny = "y"\nz = "z"\n`, { lists });
    const named = grammarFromAbnfOrThrow(`x = ${c.outer}\ne = ${c.element}\ny = "y"\nz = "z"\n`, { lists });
    const differ = strings.filter((t) => nested.isValid(t, "x") !== named.isValid(t, "x"));
    expect(differ).toEqual([]);
  });

  it.each(["sender", "recipient"] as const)("%s: x = 1#( 1#( … y … ) ) 20 and 40 deep compiles, and matches 100 KB", (lists) => {
    for (const depth of [20, 40]) {
      const g = grammarFromAbnfOrThrow(`x = ${"1#(".repeat(depth)}y${")".repeat(depth)}\ny = "a"\n`, { lists });
      expect(() => g.compile("x")).not.toThrow();
      const input = Array(33_334).fill("a").join(", ");
      expect([g.isValid(input, "x"), g.isValid(input + ",a,", "x")]).toEqual([true, lists === "recipient"]);
    }
  });
});
