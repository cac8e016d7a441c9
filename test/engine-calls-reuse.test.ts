// Issue 33: `isValid` on rules that call recursive ones runs without labels, and so takes two
// short cuts `validate` does not: it passes over the calls of rules that cannot start with the
// next character, and keeps a call that ends at one offset in the memo's index alone. Its
// memos are also emptied and kept for the grammar's next run (CallRun.release). Here one
// grammar value answers many inputs in a row with `isValid`, and must agree with `validate` on
// another grammar value of the same text: an answer left over from an earlier input, or a call
// wrongly passed over, shows as a disagreement.
import * as fs from "node:fs";
import * as path from "node:path";
import { grammarFromAbnfOrThrow, seededRandom } from "../src/abnf/index";

interface Case {
  readonly name: string;
  readonly file: string;
  readonly extra?: string;
  readonly accept: readonly (readonly [string, string, string])[];
  readonly reject: readonly (readonly [string, string, string])[];
}

const root = path.join(__dirname, "..");
const cases = (JSON.parse(fs.readFileSync(path.join(root, "fixtures/loader/rfc-grammars.json"), "utf8")) as { grammars: Case[] }).grammars;

/** The grammars whose rules call recursive ones (RFC 5322's comments, JSON, JSONPath's filters), and the rules tried. */
const picked: readonly (readonly [string, readonly string[]])[] = [
  ["rfc5322", ["address", "mailbox", "date-time"]],
  ["rfc8259", ["JSON-text", "value"]],
  ["rfc9535", ["jsonpath-query"]],
];

describe.each(picked.map(([match, rules]) => [match, rules] as const))("%s", (match, rules) => {
  const c = cases.find((x) => x.file.includes(match)) as Case;
  const text = fs.readFileSync(path.join(root, c.file), "utf8") + (c.extra === undefined ? "" : `\n${c.extra}`);
  it("isValid on one grammar, input after input, agrees with validate on another", () => {
    const reused = grammarFromAbnfOrThrow(text);
    const fresh = grammarFromAbnfOrThrow(text);
    const source = grammarFromAbnfOrThrow(text);
    const inputs: [string, string][] = [...c.accept, ...c.reject].filter(([rule]) => rules.includes(rule)).map(([rule, input]) => [rule, input]);
    const random = seededRandom(33);
    for (const rule of rules) {
      for (let k = 0; k < 40; k++) {
        const s = source.generate(rule, seededRandom(k + 1), { maxRepeat: 3 });
        inputs.push([rule, s]);
        if (s.length === 0) continue;
        // mutants: cut, a character deleted, a character of the string inserted elsewhere
        const i = random(s.length);
        inputs.push([rule, s.slice(0, i)], [rule, s.slice(0, i) + s.slice(i + 1)], [rule, s.slice(0, i) + (s[random(s.length)] as string) + s.slice(i)]);
      }
    }
    let matched = 0;
    const disagree: string[] = [];
    for (const [rule, input] of inputs) {
      const a = reused.isValid(input, rule);
      const b = fresh.validate(input, rule).ok;
      if (a) matched++;
      if (a !== b) disagree.push(`${rule} ${JSON.stringify(input)}: isValid ${a}, validate ${b}`);
    }
    expect(disagree).toEqual([]);
    // both answers occur, so that the comparison means something
    expect(matched).toBeGreaterThan(inputs.length / 4);
    expect(matched).toBeLessThan(inputs.length);
  });
});
