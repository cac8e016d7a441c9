/**
 * The offsets a frame of the memoized-call engine keeps pending (src/abnf/calls.ts, Frame and
 * Aside): one in a slot, a few in two lists in ascending order of offset (FEW), more in a map and
 * a heap. Grammars whose calls end at many offsets, from several calls at one offset and out of
 * order (ambiguous recursion), on inputs long enough to pass from the lists to the map and to
 * slide a window of pending offsets along the input (the lists compacted as they are taken out),
 * must answer exactly as the independent reference recognizer (test/helpers/abnf-algebra.ts):
 * every offset the rule can end at from the input's start (a call of the engine, with and
 * without labels), isValid, and validate's verdict and offset. Then the grammars of
 * fixtures/engine/pending-offsets.json: every rule called from every offset, in one run and in a
 * run of its own, on long inputs and on fast-check's (runs of one item past 32 cut by others),
 * against the reference's ends. Those grammars are made so that a lost or hidden offset changes
 * an answer: ends inserted before the head and the last entry, the smallest of 33 ends the only
 * one that leads on when the lists move to the map, a window sliding past FEW (compactions),
 * frames completing and their Asides reused while others are live, and an ends' set made from a
 * reused Aside while the slot holds an offset. Offsets only followed out of order cannot change
 * an answer (the frame is a work list: an offset taken out and reached again is followed again
 * with what is new at it; ends are sorted and kept unique), so mutants that only do that are not
 * caught here (the commit that wrote this lists the mutants run).
 */
import fc from "fast-check";
import { grammarFromAbnfOrThrow, seededRandom } from "../src/abnf/index.js";
import { CallRun } from "../src/abnf/calls.js";
import { Oracle, allStrings } from "./helpers/abnf-algebra";
import { readJson } from "./helpers/fixtures";
import { runs, seed } from "./helpers/runs";

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

interface Fixture {
  readonly grammars: readonly {
    readonly name: string;
    readonly drives: string;
    readonly abnf: string;
    readonly rules: readonly string[];
    readonly alphabet: readonly string[];
    readonly long: readonly string[];
  }[];
}

const fixture = readJson<Fixture>("engine", "pending-offsets.json");

/**
 * What is wrong in the ends of every rule of `rules` called from every offset of `input`, in
 * ascending order of offset in one run (a run's calls start at its first call's offset or after:
 * CallRun.begin), so that frames complete and their lists go to the spare pool and come back to
 * other frames while frames below them are live, and memoized calls are reused; and each call
 * again in a run of its own; compared with the reference recognizer.
 */
function wrongEnds(oracle: Oracle, g: ReturnType<typeof grammarFromAbnfOrThrow>, rules: readonly string[], input: string, labels: boolean): string[] {
  const wrong: string[] = [];
  const shared = new CallRun(g.compiled, input);
  shared.labels = labels;
  for (let start = 0; start <= input.length; start++) {
    for (const rule of rules) {
      const want = JSON.stringify([...oracle.reference.ends(rule, input, start)].sort((x, y) => x - y));
      const got = JSON.stringify([...shared.call(rule, start).ends]);
      if (got !== want) wrong.push(`${rule} at ${start} of ${JSON.stringify(input)} (one run, labels ${labels}): ${got}, want ${want}`);
      const own = new CallRun(g.compiled, input);
      own.labels = labels;
      const alone = JSON.stringify([...own.call(rule, start).ends]);
      if (alone !== want) wrong.push(`${rule} at ${start} of ${JSON.stringify(input)} (own run, labels ${labels}): ${alone}, want ${want}`);
    }
  }
  return wrong;
}

describe("pending offsets of a frame: every rule's ends from every offset (fixtures/engine/pending-offsets.json)", () => {
  it.each(fixture.grammars.map((c) => [c.name, c] as const))("%s: the long inputs", (_name, c) => {
    const oracle = new Oracle(c.abnf);
    const g = grammarFromAbnfOrThrow(c.abnf);
    const wrong: string[] = [];
    for (const input of c.long) {
      wrong.push(...wrongEnds(oracle, g, c.rules, input, true), ...wrongEnds(oracle, g, c.rules, input, false));
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it.each(fixture.grammars.map((c, i) => [c.name, c, i] as const))("%s: generated inputs (fast-check)", (_name, c, i) => {
    const oracle = new Oracle(c.abnf);
    const g = grammarFromAbnfOrThrow(c.abnf);
    const [first, ...others] = c.alphabet;
    const item = fc.oneof({ arbitrary: fc.constant(first as string), weight: 4 }, { arbitrary: fc.constantFrom(...others), weight: 1 });
    // runs of the first item long enough to pass FEW (32) pending offsets, cut by the others
    const chunk = fc.oneof({ arbitrary: item, weight: 3 }, { arbitrary: fc.integer({ min: 28, max: 40 }).map((n) => (first as string).repeat(n)), weight: 1 });
    const input = fc.array(chunk, { maxLength: 14 }).map((parts) => parts.join("").slice(0, 90));
    fc.assert(
      fc.property(input, fc.boolean(), (s, labels) => {
        expect(wrongEnds(oracle, g, c.rules, s, labels).slice(0, 3)).toEqual([]);
      }),
      { numRuns: runs(25), seed: seed(3300 + i) },
    );
  });
});
