// Which recursive rules the whole engine calls (src/abnf/cycle-cuts.ts): enough to cut every
// reference cycle, the others expanded in place (issue 33: JSONPath's short inputs made a call
// frame every 1.3 characters when every rule of a cycle was called). Answers and derivations
// stay those of the exact engine: test/loader-rfc-grammars, test/engine, test/semantics.
import { readFileSync } from "node:fs";
import path from "node:path";
import { grammarFromAbnfOrThrow, type Grammar } from "../src/abnf/index";
import { referencedNames } from "../src/abnf/expr";
import { cycleCuts } from "../src/abnf/cycle-cuts";
import { recursiveRules } from "../src/abnf/analysis";
import { CallRun } from "../src/abnf/calls";

const root = path.join(__dirname, "..");
const read = (file: string): string => readFileSync(path.join(root, file), "utf8");
const rfc = JSON.parse(read("fixtures/loader/rfc-grammars.json")) as { grammars: { file: string; extra?: string }[] };
const engine = JSON.parse(read("fixtures/engine/grammars.json")) as { grammars: { name: string; abnf: string[] }[] };
const derivations = JSON.parse(read("fixtures/engine/derivations.json")) as { cases: { abnf: string[] }[] };
const texts: [string, string][] = [
  ...rfc.grammars.map((c): [string, string] => [c.file, read(c.file) + (c.extra ?? "")]),
  ["fixtures/abnf/rfc/rfc5234-section4.abnf", read("fixtures/abnf/rfc/rfc5234-section4.abnf")],
  // (but the one whose rule is given only as prose: it does not load alone)
  ...engine.grammars.filter((g) => g.name !== "prose").map((g): [string, string] => [g.name, `${g.abnf.join("\n")}\n`]),
  ...derivations.cases.map((c, i): [string, string] => [`derivations ${i}`, `${c.abnf.join("\n")}\n`]),
  ["two rules that call each other last", 'a = "x" [ b ]\nb = "y" [ a ]\n'],
  ["a chain of four", 'e = o\no = n *( "|" n )\nn = b *( "&" b )\nb = "x" / "(" e ")" / "[" f "]"\nf = "!" b / e\n'],
];
const grammarOf = (file: string): Grammar => grammarFromAbnfOrThrow(texts.find(([f]) => f.includes(file))?.[1] ?? "");

/** The recursive rules of `g` that are not cut and lie on a cycle of rules that are not cut. */
function uncut(g: Grammar): string[] {
  const cuts = cycleCuts(g.analysis);
  const open = [...recursiveRules(g.analysis)].filter((k) => !cuts.has(k));
  const refs = (k: string): string[] => referencedNames(g.analysis.rule(k).expr).map((n) => n.toLowerCase()).filter((n) => open.includes(n));
  const onCycle: string[] = [];
  for (const start of open) {
    // is `start` reachable from itself through rules not cut?
    const seen = new Set<string>();
    const stack = refs(start);
    while (stack.length > 0) {
      const k = stack.pop() as string;
      if (k === start) {
        onCycle.push(start);
        break;
      }
      if (seen.has(k)) continue;
      seen.add(k);
      stack.push(...refs(k));
    }
  }
  return onCycle;
}

describe("the recursive rules called: one per cycle", () => {
  it.each(texts)("%s: no cycle is left among the rules expanded in place; a rule that can match \"\" is called", (_name, text) => {
    const g = grammarFromAbnfOrThrow(text);
    const cuts = cycleCuts(g.analysis);
    const recursive = recursiveRules(g.analysis);
    expect([...cuts].filter((k) => !recursive.has(k))).toEqual([]);
    expect(uncut(g)).toEqual([]);
    expect([...recursive].filter((k) => g.analysis.nullable(g.analysis.rule(k).expr) && !cuts.has(k))).toEqual([]);
  });

  it.each([
    ["rfc8259", ["value"]],
    ["rfc9535", ["basic-expr", "function-argument", "segments"]],
    ["rfc5322", ["comment"]],
    // (two rules alike: the first by name is merged into the other)
    ["two rules that call each other last", ["b"]],
    ["a chain of four", ["b"]],
  ] as const)("%s calls %j", (file, expected) => {
    expect([...cycleCuts(grammarOf(file).analysis)].sort()).toEqual(expected);
  });

  it("depends only on the rules a rule reaches: a grammar picked from another cuts the same", () => {
    for (const [name, text] of texts) {
      const g = grammarFromAbnfOrThrow(text);
      const cuts = cycleCuts(g.analysis);
      for (const k of recursiveRules(g.analysis)) {
        const picked = g.pick(g.analysis.rule(k).name);
        const pickedCuts = cycleCuts(picked.analysis);
        for (const r of recursiveRules(picked.analysis)) expect([name, r, pickedCuts.has(r)]).toEqual([name, r, cuts.has(r)]);
      }
    }
  });

  it("RFC 9535 JSONPath: a filter nested 200 deep makes a few calls per level, not eight", () => {
    const g = grammarOf("rfc9535");
    const depth = 200;
    const input = `$[?${"(".repeat(depth)}@.a==1${")".repeat(depth)}]`;
    const run = new CallRun(g.compiled, input);
    expect(run.call("jsonpath-query", 0).ends).toContain(input.length);
    expect(run.frames).toBeLessThanOrEqual(2 * depth + 20);
    expect(g.isValid(input, "jsonpath-query")).toBe(true);
    expect(g.isValid(input.slice(0, -2) + "]", "jsonpath-query")).toBe(false);
  });
});
