// RFC 9110 §5.6.1's list extension (#rule), an option of the loader (fixtures/loader/lists.json):
// off by default (RFC 5234 has no "#"), "sender" as §5.6.1.1 expands it (what RFC 9110's
// Appendix A prints), "recipient" as §5.6.1.2 accepts it (empty elements).
import * as fs from "node:fs";
import * as path from "node:path";
import { grammarFromAbnf, grammarFromAbnfOrThrow, readAbnfRules } from "../src/abnf/index";
import { sameExpr } from "../src/abnf/expr";

interface Fixture {
  readonly sender: readonly { readonly list: string; readonly expanded: string; readonly source: string }[];
  readonly recipient: {
    readonly abnf: string;
    readonly rule: string;
    readonly valid: readonly string[];
    readonly invalid: readonly string[];
    readonly senderInvalid: readonly string[];
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
