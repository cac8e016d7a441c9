/**
 * The offsets a frame of the memoized-call engine keeps pending (src/abnf/calls.ts, Frame and
 * Aside): one in a slot, a few in two lists in ascending order of offset (FEW), more in a map and
 * a heap. Grammars whose calls end at many offsets, from several calls at one offset and out of
 * order (ambiguous recursion), on inputs long enough to pass from the lists to the map and to
 * slide a window of pending offsets along the input (the lists compacted as they are taken out),
 * must answer exactly as the independent reference recognizer (test/helpers/abnf-algebra.ts):
 * every offset the rule can end at from the input's start (a call of the engine, with and
 * without labels), isValid, and validate's verdict and offset.
 */
import { grammarFromAbnfOrThrow, seededRandom } from "../src/abnf/index.js";
import { CallRun } from "../src/abnf/calls.js";
import { Oracle, allStrings } from "./helpers/abnf-algebra";

interface Case {
  readonly name: string;
  readonly abnf: string;
  readonly rule: string;
  readonly alphabet: readonly string[];
  /** Long inputs made from the alphabet (a window of offsets pending, and more than FEW at once). */
  readonly long: readonly string[];
}

const cases: readonly Case[] = [
  {
    name: "a call ending one or two on, at every offset (a sliding window)",
    abnf: 's = 1*t "!"\nt = "x" / "x" t "y" / "xx" / "(" t ")" / "[" t "]"\n',
    rule: "s",
    alphabet: ["x", "y", "!", "(", ")", "[", "]"],
    long: ["[(" + "x".repeat(100) + ")]!", "x".repeat(100) + "!", "x".repeat(60) + "y".repeat(3) + "!", "x".repeat(40) + "y" + "x".repeat(40) + "!", "xy".repeat(50) + "!"],
  },
  {
    name: "a call ending at every x (more than FEW pending at once), then a separator",
    abnf: 's = b *( ";" b )\nb = *"x" / "(" b ")" *"x" / "[" b "]" *"x"\n',
    rule: "s",
    alphabet: ["x", ";", "(", ")", "[", "]"],
    long: ["x".repeat(20), "(" + "x".repeat(31) + ");" + "x".repeat(33), "(" + "x".repeat(50) + ")" + "x".repeat(40) + ";x", "[(" + "x".repeat(70) + ")]y", "[" + "x".repeat(60) + "];(" + "x".repeat(40) + ")"],
  },
  {
    name: "two calls at one offset whose ends interleave",
    abnf: 's = 1*( p / q ) "."\np = "a" / "a" p\nq = "aa" / "(" q ")" / "aa" q\n',
    rule: "s",
    alphabet: ["a", "(", ")", "."],
    long: ["a".repeat(90) + ".", "(" + "a".repeat(40) + ")" + "a".repeat(41) + ".", "a".repeat(45) + "(aa)" + "a".repeat(45) + "."],
  },
  {
    name: "calls whose ends meet at one offset with other positions after them (a window of many)",
    abnf: 's = 1*( t "a" / u "b" / t / u ) "!"\nt = "x" / "x" t / "(" t ")"\nu = "xx" / "(" u ")" / "xx" u\n',
    rule: "s",
    alphabet: ["x", "a", "b", "!", "(", ")"],
    long: ["x".repeat(80) + "!", "x".repeat(41) + "a" + "x".repeat(40) + "b!", "xxb".repeat(30) + "!", "xa".repeat(40) + "xxb!", "x".repeat(70) + "b" + "x".repeat(3) + "a!"],
  },
];

describe("pending offsets of a frame: the slot, the lists, the map", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const oracle = new Oracle(c.abnf);
    const g = grammarFromAbnfOrThrow(c.abnf);
    g.compile(c.rule);
    const random = seededRandom(33);
    const inputs = [...allStrings(c.alphabet, 5), ...c.long];
    for (let i = 0; i < 150; i++) {
      const n = 20 + random(100);
      let s = "";
      for (let j = 0; j < n; j++) s += c.alphabet[random(5) < 4 ? 0 : random(c.alphabet.length)];
      inputs.push(s);
    }
    const wrong: string[] = [];
    for (const input of inputs) {
      const ends = JSON.stringify([...oracle.reference.ends(c.rule, input, 0)].sort((x, y) => x - y));
      for (const labels of [false, true]) {
        const run = new CallRun(g.compiled, input);
        run.labels = labels;
        const got = JSON.stringify([...run.call(c.rule, 0).ends]);
        if (got !== ends) wrong.push(`ends ${JSON.stringify(input)} (labels ${labels}): ${got}, want ${ends}`);
      }
      const want = oracle.matches(c.rule, input);
      if (g.isValid(input, c.rule) !== want) wrong.push(`isValid ${JSON.stringify(input)}: want ${want}`);
      const v = g.validate(input, c.rule);
      if (v.ok !== want) wrong.push(`validate ${JSON.stringify(input)}: want ${want}`);
      if (!v.ok && v.error.offset !== oracle.viablePrefix(c.rule, input)) wrong.push(`validate ${JSON.stringify(input)}: offset ${v.error.offset}, want ${oracle.viablePrefix(c.rule, input)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
