// Fuzz round 10 on the ABNF engine: random grammars (recursive rules, repetitions, nesting near
// the first tier's 200 levels) read by the first tier and by the compiled tier, against an
// independent set-of-ends recognizer. Each case here is a difference the fuzzer found, kept as
// data in fixtures/abnf/fuzz-round-10.json: a rejected input is explained alike by both tiers
// (docs/guide/abnf.md: "so that a message does not change when its rule compiles").
import * as fs from "node:fs";
import * as path from "node:path";
import { grammarFromAbnfOrThrow } from "../src/abnf/index";

interface Explained {
  readonly grammar: string;
  readonly rule: string;
  readonly input: string;
  readonly offset: number;
  readonly expected: readonly string[];
}
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "abnf", "fuzz-round-10.json"), "utf8")) as { explained: Explained[] };

describe("a rejected input is explained alike before and after its rule compiles", () => {
  it.each(fixture.explained.map((c) => [JSON.stringify(c.grammar), JSON.stringify(c.input), c] as const))("%s on %s", (_g, _s, c) => {
    const fresh = grammarFromAbnfOrThrow(c.grammar);
    const compiled = grammarFromAbnfOrThrow(c.grammar).compile(c.rule);
    const first = fresh.validate(c.input, c.rule);
    const second = compiled.validate(c.input, c.rule);
    const show = (v: typeof first): unknown => (v.ok ? "valid" : [v.error.offset, v.error.expected]);
    expect(show(first)).toEqual([c.offset, c.expected]);
    expect(show(second)).toEqual([c.offset, c.expected]);
  });
});

describe("RFC 9110 §5.6.1.2: a recipient's list of at least one element accepts what #element accepts, given one non-empty element", () => {
  const lists = (JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "abnf", "fuzz-round-10.json"), "utf8")) as {
    recipientLists: { grammar: string; accept: [string, string][]; refuse: [string, string][] };
  }).recipientLists;
  const recipient = grammarFromAbnfOrThrow(lists.grammar, { lists: "recipient" });
  it.each(lists.accept)("%s accepts %j", (rule, s) => expect(recipient.isValid(s, rule)).toBe(true));
  it.each(lists.refuse)("%s refuses %j", (rule, s) => expect(recipient.isValid(s, rule)).toBe(false));
});
