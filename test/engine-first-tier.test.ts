// The engine's first tier (src/abnf/interpret.ts, issue 33): a rule's first inputs are matched
// by reading its expressions, with nothing compiled, until the tier has taken FIRST_TIER_STEPS
// on the rule (src/abnf/matcher.ts). Exact like the compiled tier: both are checked against the
// independent reference recognizer (test/helpers/abnf.ts) on the RFC grammars of the loader's
// fixtures and on small grammars where ABNF's unordered alternation and repetitions matter.
// Budgets and typed errors hold on both tiers: past a budget the first tier gives up and the
// compiled tier decides, with its MatchLimitError.
import * as fs from "node:fs";
import * as path from "node:path";
import { grammarFromAbnf, grammarFromAbnfOrThrow, MatchLimitError, seededRandom, type Grammar } from "../src/abnf/index";
import { Interpreter, MAX_REF_DEPTH } from "../src/abnf/interpret";
import { checkSizes, EngineMatcher, FIRST_TIER_PER_POSITION, FIRST_TIER_STEPS, firstTierSteps } from "../src/abnf/matcher";
import { WORK_PER_CHARACTER } from "../src/abnf/calls";
import { calledRules } from "../src/abnf/automaton-size";
import { matchWhole } from "../src/abnf/engine";
import type { Failure } from "../src/core/match";
import { grammarFromAbnf as referenceOf } from "./helpers/abnf";
import { mutate } from "./helpers/generators";

const root = path.join(__dirname, "..");
const read = (f: string): string => fs.readFileSync(path.join(root, f), "utf8");

/**
 * How the first tier's explanation of `s` differs from the compiled tier's (engine.ts
 * matchWhole), or `undefined` when they agree: the same offset and the same labels in the same
 * order (automaton-size.ts inOneOrder), so that a message does not change when its rule compiles.
 */
function explanationDiffers(g: Grammar, first: Interpreter, rule: string, s: string): string | undefined {
  const key = rule.toLowerCase();
  const got = first.explain(key, s, 10_000_000);
  const want = matchWhole(g.compiled, key, s);
  const show = (f: Failure | null | undefined): string => (f === undefined ? "gave up" : f === null ? "matched" : `${f.offset} ${JSON.stringify(f.expected)}`);
  return show(got) === show(want ?? null) ? undefined : `${JSON.stringify(s)}: first ${show(got)}, compiled ${show(want ?? null)}`;
}

/** Which tier answers the rule's next test. */
const tierOf = (g: Grammar, rule: string): string => (g.matcher(rule) as EngineMatcher).tier;

interface Case {
  readonly name: string;
  readonly file: string;
  readonly extra?: string;
  readonly accept: readonly (readonly [string, string, string])[];
  readonly reject: readonly (readonly [string, string, string])[];
}
const cases = (JSON.parse(read("fixtures/loader/rfc-grammars.json")) as { grammars: Case[] }).grammars;

describe("the first tier answers as the compiled tier and the reference do", () => {
  describe.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const text = c.extra === undefined ? read(c.file) : `${read(c.file)}\n${c.extra}`;
    const compiled = grammarFromAbnfOrThrow(text);
    const fresh = grammarFromAbnfOrThrow(text);
    const core = read("grammar/rfc5234-core.abnf")
      .split(/\n(?=\S)/)
      .filter((rule) => !/^[A-Za-z]/.test(rule) || !new RegExp(`^\\s*${(rule.split(/\s/)[0] as string).replace(/-/g, "\\-")}\\s+=`, "mi").test(read(c.file)))
      .join("\n");
    const reference = referenceOf(read(c.file), ...(c.extra === undefined ? [] : [c.extra]), core);
    const rules = [...new Set([...c.accept, ...c.reject].map(([rule]) => rule))];

    it.each(rules)("rule %s: fixtures, generated strings and their mutants", (rule) => {
      compiled.compile(rule);
      const first = new Interpreter(fresh.analysis);
      const inputs = [...c.accept, ...c.reject].filter(([r]) => r === rule).map(([, s]) => s);
      for (let k = 1; k <= 40; k++) {
        const s = compiled.generate(rule, seededRandom(k), { maxRepeat: 3 });
        inputs.push(s, mutate(s, k), mutate(s, 1000 + k));
      }
      const differ: string[] = [];
      const explained: string[] = [];
      let accepted = 0;
      for (const s of inputs) {
        const answer = first.test(rule.toLowerCase(), s, 10_000_000);
        const expected = reference.matches(rule, s);
        if (answer === true) accepted++;
        if (answer !== expected || compiled.isValid(s, rule) !== expected) differ.push(`${JSON.stringify(s)}: first ${String(answer)}, compiled ${String(compiled.isValid(s, rule))}, reference ${String(expected)}`);
        const d = explanationDiffers(compiled, first, rule, s);
        if (d !== undefined) explained.push(d);
      }
      expect(differ).toEqual([]);
      expect(explained).toEqual([]);
      expect(accepted).toBeGreaterThan(40);
    });

    it("a rejected input's message is the same before and after its rule compiles", () => {
      const rejected = c.reject.filter(([rule]) => rules.includes(rule));
      const g = grammarFromAbnfOrThrow(text);
      const tiers = new Set<string>();
      const before = rejected.map(([rule, s]) => {
        const v = g.validate(s, rule);
        tiers.add(tierOf(g, rule));
        return [rule, s, v.ok ? "valid" : v.error.message] as const;
      });
      for (const [rule] of rejected) g.compile(rule);
      const after = rejected.map(([rule, s]) => {
        const v = g.validate(s, rule);
        return [rule, s, v.ok ? "valid" : v.error.message] as const;
      });
      expect(before).toEqual(after);
      expect(tiers.has("first")).toBe(true); // (explained by the first tier before)
      expect(rejected.length).toBeGreaterThan(0);
    });
  });
});

describe("small grammars, every string over their alphabet up to a length", () => {
  const grammars: readonly (readonly [string, string, readonly string[], number])[] = [
    ["unordered alternation", 'r = ( "a" / "ab" ) "c"\n', ["a", "b", "c"], 5],
    ["a repetition gives characters back", 'r = *( "a" / "ab" ) "b"\n', ["a", "b"], 7],
    ["a bounded repetition of alternatives of two lengths", 'r = 3*4( "a" / "aa" )\n', ["a", "b"], 9],
    ["a repetition of what can be empty", 'r = 2*3( [ "x" ] ) "y"\n', ["x", "y"], 6],
    ["an empty element, counted", 'r = 1*2( "" / "ab" ) "c"\n', ["a", "b", "c"], 6],
    ["nested counts", 'r = 2( 1*2"a" "b" )\n', ["a", "b"], 7],
    ["case-insensitive and case-sensitive strings", 'r = "aB" %s"cD" %i"e"\n', ["a", "A", "b", "B", "c", "C", "d", "D", "e", "E", "K"], 5],
    ["ambiguous recursion", 'a = "x" a "x" / "x"\n', ["x", "y"], 8],
    ["recursion with a repetition", 'p = "(" *p ")"\n', ["(", ")"], 8],
    ["two rules calling each other", 'e = t *( "+" t )\nt = "x" / "(" e ")"\n', ["x", "+", "(", ")"], 6],
    ["right recursion", 'l = i [ "," l ]\ni = 1*"a"\n', ["a", ","], 7],
    ["a rule that can be empty, called", 'r = s "x" s\ns = *( "a" / "aa" ) [ "b" s ]\n', ["a", "b", "x"], 6],
    ["prose under a zero repetition", 'r = "a" 0<anything> "b"\n', ["a", "b"], 4],
    // (ends far apart, merged by sorting; ends close together, merged by their marks)
    ["alternatives of lengths far apart, repeated", 'r = 1*( "a" / "aaaaaaaaa" / "ab" ) "b"\n', ["a", "b"], 12],
    ["repetitions that meet again at a higher count", 'r = 2*5( 1*2"a" / "ba" ) *"b"\n', ["a", "b"], 9],
    // (ends of several starts that interleave: merged run by run, each start's ends kept)
    ["ends of several starts, interleaved", 'r = ( "a" / "aa" / "aaa" ) ( "a" / "aaa" / "ab" ) 1*"c"\n', ["a", "b", "c"], 8],
    // (a counted run of one class, read in one loop: its ends from the minimum to the run's end or the maximum)
    ["runs of one class, counted", 'r = 2*3%x61-62 0*2"a" 1*%x62 "c"\n', ["a", "b", "c"], 8],
    ["a run of characters past U+FFFF", 'r = 1*2%x10000-10FFFF "x"\n', ["\u{1F600}", "\uD83D", "x"], 7],
    // (an option: where its item ends, and where it starts)
    ["options of alternatives that end apart", 'r = [ "a" / "ab" ] 1*1( "abd" / "a" / "bc" ) [ 1*2"c" ] "d"\n', ["a", "b", "c", "d"], 7],
    // (what a rule, a group and a string can start with rules them out before they are read)
    // (a repetition's count, or a sequence's items so far, ending at several offsets: the next item read from all of them at once)
    ["runs, options and alternatives read from several offsets at once", 'r = *( 1*"a" [ "b" ] ( "a" / "bb" ) ) "c"\n', ["a", "b", "c"], 8],
    ["rules read from several offsets at once, a token rule among them", 'r = *( s / 1*DIGIT HEXDIG ) [ "c" ] "x"\ns = 1*"a" t\nt = "a" / "b" 0*2"a"\n', ["a", "b", "1", "x", "c"], 6],
    ["bounded counts of elements that end at several offsets", 'r = 2*3( 1*2"a" ( "a" / "b" ) [ "a" ] ) "c"\n', ["a", "b", "c"], 9],
    ["a recursive rule read from each of several offsets", 'r = *( 1*"a" p ) "c"\np = "(" *( "a" / p ) ")" / "a"\n', ["a", "(", ")", "c"], 7],
    ["guards of rules, groups and strings in either case", 'r = s *( "," s )\ns = "Ab" / %s"cD" / t / ( "e" / "" ) "x"\nt = %x80-FF "x"\n', ["a", "B", "c", "D", ",", "\u00e9", "x", "E"], 4],
  ];

  it.each(grammars)("%s", (_name, text, alphabet, length) => {
    const compiled = grammarFromAbnfOrThrow(text);
    const first = new Interpreter(grammarFromAbnfOrThrow(text).analysis);
    const reference = referenceOf(text, read("grammar/rfc5234-core.abnf"));
    const rule = (/^\s*([A-Za-z][\w-]*)/.exec(text) as RegExpExecArray)[1] as string;
    compiled.compile(rule);
    const differ: string[] = [];
    const explained: string[] = [];
    let count = 0;
    const visit = (s: string): void => {
      count++;
      const expected = reference.matches(rule, s);
      const answer = first.test(rule, s, 10_000_000);
      if (answer !== expected || compiled.isValid(s, rule) !== expected) differ.push(`${JSON.stringify(s)}: first ${String(answer)}, reference ${String(expected)}`);
      const d = explanationDiffers(compiled, first, rule, s);
      if (d !== undefined) explained.push(d);
      if (s.length < length) for (const ch of alphabet) visit(s + ch);
    };
    visit("");
    expect(differ).toEqual([]);
    expect(explained).toEqual([]);
    expect(count).toBeGreaterThan(alphabet.length ** Math.min(length, 3));
  });

  it("reads code points: astral ranges, and a lone surrogate never matches", () => {
    const text = 'r = %x10000-10FFFF "x" / %xD800-DFFF "y" / "K"\n';
    const first = new Interpreter(grammarFromAbnfOrThrow(text).analysis);
    const reference = referenceOf(text);
    for (const s of ["\u{1F600}x", "\u{10FFFF}x", "\uD83Dx", "\uDE00x", "\uD800y", "x", "k", "K", "\u212A", "\u{1F600}"]) {
      expect([s, first.test("r", s, 1000)]).toEqual([s, reference.matches("r", s)]);
    }
    expect(first.test("r", "\u{1F600}x", 1000)).toBe(true);
    expect(first.test("r", "\u212A", 1000)).toBe(false); // (KELVIN SIGN is not an ASCII letter)
  });
});

describe("which tier answers", () => {
  const list = 'list = item *( "," item )\nitem = 1*ALPHA / "(" list ")"\n';

  it("a rule's first inputs: the first tier, with nothing compiled", () => {
    const g = grammarFromAbnfOrThrow(list);
    expect(g.isValid("a,(b,c),d", "list")).toBe(true);
    expect(g.isValid("a,(b,c,d", "list")).toBe(false);
    expect(tierOf(g, "list")).toBe("first");
    // a match that succeeds needs no explanation: validate stays on the first tier
    expect(g.validate("a,b", "list").ok).toBe(true);
    expect(tierOf(g, "list")).toBe("first");
  });

  it("the compiled tier once the first has taken its steps on the rule, with the same answers", () => {
    const g = grammarFromAbnfOrThrow(list);
    const input = "abc,(de,fgh),ij,(k,(l,m)),nopq";
    let uses = 0;
    while (tierOf(g, "list") === "first" && uses < 1_000_000) {
      expect(g.isValid(input, "list")).toBe(true);
      expect(g.isValid(`${input},`, "list")).toBe(false);
      uses++;
    }
    expect(tierOf(g, "list")).toBe("compiled");
    // the switch comes once the first tier has taken what compiling would cost: the base and
    // so many steps per position of the automata it builds (list's: list is the rule called,
    // item is expanded in place in it)
    const positions = checkSizes(grammarFromAbnfOrThrow(list).compiled, "list") as number;
    expect(positions).toBe(g.compiled.automaton("list").positions.length);
    const allowance = firstTierSteps(positions);
    const first = new Interpreter(g.analysis);
    first.test("list", input, Infinity);
    const perUse = first.steps + (first.test("list", `${input},`, Infinity), first.steps);
    // (the last uses go to the compiled tier when the steps left are fewer than the input's length allows)
    expect([uses >= Math.floor((allowance - 2 * (input.length + 1) * WORK_PER_CHARACTER) / perUse), uses <= Math.ceil(allowance / perUse)]).toEqual([true, true]);
    expect(uses).toBeGreaterThan(10);
    expect(g.isValid(input, "list")).toBe(true);
    expect(g.isValid(`${input},`, "list")).toBe(false);
  });

  it("the first tier's steps are what compiling would cost: more on a rule of many positions, measured once the base is spent", () => {
    // a literal of 9,000 characters: 9,000 positions and more, 600 steps each, more than FIRST_TIER_STEPS
    const text = `big = 1*"x" / "${"y".repeat(9000)}"\n`;
    const positions = checkSizes(grammarFromAbnfOrThrow(text).compiled, "big") as number;
    expect(FIRST_TIER_PER_POSITION * positions).toBeGreaterThan(FIRST_TIER_STEPS);
    const g = grammarFromAbnfOrThrow(text);
    const m = g.matcher("big") as EngineMatcher;
    const first = new Interpreter(g.analysis);
    // a first input within the base: the rule is not measured yet
    expect(g.isValid("x", "big")).toBe(true);
    first.test("big", "x", Infinity);
    const oneUse = first.steps;
    expect([m.tier, m.allowance]).toEqual(["first", FIRST_TIER_STEPS - oneUse]);
    // an input too long for the steps left of the base: measured, and within what compiling costs
    const input = "x".repeat(FIRST_TIER_STEPS / WORK_PER_CHARACTER);
    expect(g.isValid(input, "big")).toBe(true);
    first.test("big", input, Infinity);
    expect([m.tier, m.allowance + oneUse + first.steps]).toEqual(["first", FIRST_TIER_PER_POSITION * positions]);
    expect(positions).toBe(g.compiled.automaton("big").positions.length);
    expect(positions).toBeGreaterThan(9000);
    // a small rule: FIRST_TIER_STEPS
    const h = grammarFromAbnfOrThrow(list);
    expect(h.isValid("a", "list")).toBe(true);
    const one = new Interpreter(h.analysis);
    one.test("list", "a", Infinity);
    expect((h.matcher("list") as EngineMatcher).allowance).toBe(FIRST_TIER_STEPS - one.steps);
  });

  it("what compiling would build: the automata not built yet", () => {
    const g = grammarFromAbnfOrThrow(list);
    const before = checkSizes(g.compiled, "item") as number;
    expect(before).toBeGreaterThan(0);
    // list compiled and run: item's compilation builds its own automaton alone (list is called)
    g.compile("list");
    expect(g.isValid("a,(b)", "list")).toBe(true);
    expect([g.compiled.built("list"), g.compiled.built("item")]).toEqual([true, false]);
    expect(checkSizes(g.compiled, "item")).toBe(before - g.compiled.automaton("list").positions.length);
    // and nothing once item's is built too
    g.compiled.automaton("item");
    expect(checkSizes(g.compiled, "item")).toBe(0);
  });

  it("the compiled tier for a rule compiled ahead", () => {
    const ahead = grammarFromAbnfOrThrow(list).compile("list");
    expect(tierOf(ahead, "list")).toBe("compiled");
    expect(tierOf(ahead, "item")).toBe("first"); // (only the rules named)
    const all = grammarFromAbnfOrThrow(list).compile();
    expect([tierOf(all, "list"), tierOf(all, "item")]).toEqual(["compiled", "compiled"]);
  });

  it("a rejected input is explained by the first tier, as the compiled tier explains it", () => {
    const fresh = grammarFromAbnfOrThrow(list);
    const compiled = grammarFromAbnfOrThrow(list).compile();
    for (const s of ["a,,b", "a,(b", "(a))", "", "a,b,"]) {
      const v = fresh.validate(s, "list");
      const w = compiled.validate(s, "list");
      expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual(w.ok ? "valid" : [w.error.offset, w.error.expected]);
    }
    const v = fresh.validate("a,,b", "list");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([2, ["ALPHA", '"("']]);
    expect(tierOf(fresh, "list")).toBe("first");
  });

  it("RFC 5322: the first validate of a rejected address compiles nothing (issue 33)", () => {
    const text = read("fixtures/abnf/rfc/rfc5322-sections-3-4.abnf");
    const fresh = grammarFromAbnfOrThrow(text);
    const v = fresh.validate("Ed Jones <c@a.test", "address");
    expect(tierOf(fresh, "address")).toBe("first");
    const w = grammarFromAbnfOrThrow(text).compile("address").validate("Ed Jones <c@a.test", "address");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual(w.ok ? "valid" : [w.error.offset, w.error.expected]);
    expect(v.ok ? undefined : v.error.offset).toBe(18);
  });

  it("a rule that matches nothing reads nothing; asked for, the compiled tier says why", () => {
    const g = grammarFromAbnfOrThrow('r = "a" s / "b"\ns = "x" s\nt = s\n');
    const first = new Interpreter(g.analysis);
    // ("a" is read only on the way to s, which matches nothing: no string of r begins with "a")
    expect(first.explain("r", "ax", 10_000)).toEqual({ offset: 0, expected: ['"b"'] });
    expect(first.explain("r", "b", 10_000)).toBeNull();
    const v = g.validate("ax", "r");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([0, ['"b"']]);
    expect(first.explain("t", "x", 10_000)).toBeUndefined();
    const w = g.validate("x", "t");
    expect(w.ok ? undefined : [w.error.offset, w.error.expected, w.error.shortMessage]).toEqual([0, [], "Invalid t at offset 0: rule t matches no string (its recursion (s) has no way out)"]);
    // (prose under a zero repetition is never read: explained)
    const prose = grammarFromAbnfOrThrow('r = "a" 0<anything> "b"\n');
    expect(new Interpreter(prose.analysis).explain("r", "ac", 10_000)).toEqual({ offset: 1, expected: ['"b"'] });
  });

  it("an input longer than the steps left allow: compiled at once", () => {
    const g = grammarFromAbnfOrThrow(list);
    const long = Array.from({ length: Math.ceil(FIRST_TIER_STEPS / WORK_PER_CHARACTER / 4) + 1 }, () => "abc").join(",");
    expect(long.length * WORK_PER_CHARACTER).toBeGreaterThan(FIRST_TIER_STEPS);
    expect(g.isValid(long, "list")).toBe(true);
    expect(tierOf(g, "list")).toBe("compiled");
  });

  it("deep nesting: the first tier gives up and the compiled tier answers", () => {
    const g = grammarFromAbnfOrThrow(list);
    const deep = `${"(".repeat(MAX_REF_DEPTH)}a${")".repeat(MAX_REF_DEPTH)}`;
    expect(new Interpreter(g.analysis).test("list", deep, 10_000_000)).toBeUndefined();
    expect(g.isValid(deep, "list")).toBe(true);
    expect(g.isValid(`${deep})`, "list")).toBe(false);
    expect(tierOf(g, "list")).toBe("compiled");
  });

  it("a grammar with checks in code: the compiled tier", () => {
    const g = grammarFromAbnf(list, { checks: { item: (t) => t !== "no" } });
    expect(g.ok && g.value.isValid("yes,no", "list")).toBe(false);
    expect(g.ok && new Interpreter(g.value.analysis).test("list", "yes", 1000)).toBeUndefined();
  });
});

describe("budgets on the first tier", () => {
  it("the depth budget: the first tier gives up within it, the compiled tier says which ran out", () => {
    const shallow = grammarFromAbnfOrThrow('a = "x" a "x" / "x"\n', { budgets: { depth: 50 } });
    const v = shallow.validate("x".repeat(201), "a");
    expect(v.ok ? undefined : [v.error.name, v.error instanceof MatchLimitError && v.error.budget]).toEqual(["MatchLimitError", "depth"]);
    expect(shallow.isValid("x".repeat(41), "a")).toBe(true);
  });

  it("the step budget: never more steps than the grammar allows the input", () => {
    const text = 'a = "x" a "x" / "x"\n';
    const tight = grammarFromAbnfOrThrow(text, { budgets: { steps: 500, stepsPerCharacter: 0 } });
    expect(() => tight.isValid("x".repeat(101), "a")).toThrow(MatchLimitError);
    const first = new Interpreter(grammarFromAbnfOrThrow(text).analysis);
    expect(first.test("a", "x".repeat(101), 500)).toBeUndefined();
    // (one step may count every end of a list: at most the input's length, twice, past the limit)
    expect(first.steps).toBeLessThanOrEqual(500 + 2 * 102);
    expect(first.test("a", "x".repeat(101), 10_000_000)).toBe(true);
  });

  it("ambiguous recursion costs the first tier steps, counted, not time unbounded", () => {
    const first = new Interpreter(grammarFromAbnfOrThrow('a = "x" [ a ] [ a ]\n').analysis);
    expect(first.test("a", "x".repeat(150), 100_000)).toBeUndefined();
    expect(first.steps).toBeLessThanOrEqual(100_000 + 2 * 151);
  });
});

interface StepsRow {
  readonly name: string;
  readonly grammar: string;
  readonly rule: string;
  readonly input: InputPart | readonly InputPart[];
  readonly matches: boolean;
  readonly maxSteps: number;
  readonly before: number;
}
type InputPart = string | { readonly repeat: string; readonly times: number };
const stepsRows = (JSON.parse(read("fixtures/engine/first-tier-steps.json")) as { rows: StepsRow[] }).rows;
const inputOf = (input: StepsRow["input"]): string => (Array.isArray(input) ? input : [input]).map((p: InputPart) => (typeof p === "string" ? p : p.repeat.repeat(p.times))).join("");

describe("a repetition after an item that ends at many offsets is read once from all of them (fixtures/engine/first-tier-steps.json)", () => {
  it.each(stepsRows.map((r) => [r.name, r] as const))("%s", (_name, row) => {
    const g = grammarFromAbnfOrThrow(row.grammar);
    const first = new Interpreter(g.analysis);
    const s = inputOf(row.input);
    expect(first.test(row.rule, s, 100_000_000)).toBe(row.matches);
    expect(first.steps).toBeLessThanOrEqual(row.maxSteps);
    expect(row.maxSteps).toBeLessThan(row.before);
    // the same answer and explanation as the compiled tier's
    expect(g.isValid(s, row.rule)).toBe(row.matches);
    expect(explanationDiffers(g, first, row.rule, `${s.slice(0, -1)}#`)).toBeUndefined();
    expect(explanationDiffers(g, first, row.rule, s.slice(0, Math.floor(s.length / 2)))).toBeUndefined();
  });
});

interface LinearRow {
  readonly name: string;
  readonly grammar: string;
  readonly rule: string;
  readonly input: { readonly prefix?: string; readonly repeat: string; readonly suffix?: string };
  readonly times: number;
  readonly scale: number;
  readonly matches: boolean;
  readonly maxRatio: number;
  readonly before: readonly [number, number];
}
const linearRows = (JSON.parse(read("fixtures/engine/first-tier-linear.json")) as { rows: LinearRow[] }).rows;

describe("a repetition whose element ends at many offsets takes steps linear in the input (fixtures/engine/first-tier-linear.json)", () => {
  it.each(linearRows.map((r) => [r.name, r] as const))("%s", (_name, row) => {
    const g = grammarFromAbnfOrThrow(row.grammar);
    const first = new Interpreter(g.analysis);
    const inputOfSize = (times: number): string => `${row.input.prefix ?? ""}${row.input.repeat.repeat(times)}${row.input.suffix ?? ""}`;
    const steps = (s: string): readonly [number, number] => {
      expect([s.length, first.test(row.rule, s, 100_000_000)]).toEqual([s.length, row.matches]);
      const tested = first.steps;
      expect(first.explain(row.rule, `${s.slice(0, -1)}#`, 100_000_000)).not.toBeUndefined();
      return [tested, first.steps];
    };
    const short = inputOfSize(row.times);
    const long = inputOfSize(row.scale * row.times);
    const [testShort, explainShort] = steps(short);
    const [testLong, explainLong] = steps(long);
    expect({ test: testLong / testShort <= row.maxRatio, explain: explainLong / explainShort <= row.maxRatio, steps: [testShort, testLong, explainShort, explainLong] }).toEqual({ test: true, explain: true, steps: [testShort, testLong, explainShort, explainLong] });
    // the same answers and explanations as the compiled tier's
    for (const s of [short, long]) expect(g.isValid(s, row.rule)).toBe(row.matches);
    expect(explanationDiffers(g, first, row.rule, `${short.slice(0, -1)}#`)).toBeUndefined();
    expect(explanationDiffers(g, first, row.rule, short.slice(0, Math.floor(short.length / 2)))).toBeUndefined();
  });
});

describe("the rules called instead of expanded, decided per rule when first asked (automaton-size.ts calledRules)", () => {
  it.each(["fixtures/abnf/rfc/rfc5322-sections-3-4.abnf", "fixtures/abnf/rfc/rfc9535-appendix-a.abnf", "fixtures/abnf/rfc/rfc8259-sections-2-7.abnf"])("%s: the same answers whatever the order rules are asked in", (file) => {
    const text = read(file);
    const keys = grammarFromAbnfOrThrow(text).analysis.ruleKeys;
    const answers = (order: readonly string[]): string[] => {
      const called = calledRules(grammarFromAbnfOrThrow(text).analysis);
      for (const k of order) called.has(k);
      return keys.filter((k) => called.has(k));
    };
    const forward = answers(keys);
    expect(answers([...keys].reverse())).toEqual(forward);
    expect(answers(keys.filter((_, i) => i % 3 === 1))).toEqual(forward);
    if (file.includes("5322")) expect(forward.length).toBeGreaterThan(3); // (large rules are called: fields, obs-fields, …)
  });
});

describe("a rule explained after it was tested is read as on a fresh interpreter", () => {
  // (a rule's expression objects are noted once, before its first reader: noted again for its
  // explaining reader, its own expression was taken for one met twice and memoized again inside
  // the rule's call: RFC 5322's address, 2,514 steps after a test against 2,310 fresh)
  it.each([
    ["RFC 5322 address", read("fixtures/abnf/rfc/rfc5322-sections-3-4.abnf"), "address", "John Q. Public <jqp@example.test"],
    ["a rule in a repetition", 'x = *( y ) "b"\ny = 1*"a" "a" / "c"\n', "x", "aaaacaa#"],
  ])("%s: the same explanation in the same steps", (_name, text, rule, s) => {
    const g = grammarFromAbnfOrThrow(text);
    const fresh = new Interpreter(g.analysis);
    const want = fresh.explain(rule, s, 10_000_000);
    const tested = new Interpreter(g.analysis);
    expect(tested.test(rule, s, 10_000_000)).toBe(false);
    expect([tested.explain(rule, s, 10_000_000), tested.steps]).toEqual([want, fresh.steps]);
  });
});

describe("the memo table's run stamps wrap (an Int32Array holds them)", () => {
  // (b is read twice at offset 0, the second time from its memo when the stamps match)
  const g = grammarFromAbnfOrThrow('a = b "x" / b "y" / c\nb = 1*"p"\nc = b b "z" / b "z"\n');
  const inputs = ["x", "ppppz", "ppx", "py", "pz", "ppz", "pppz", "", "ppq", "pppppz"];
  it("past 2^31 runs of one interpreter: the answers, steps and explanations of a fresh one", () => {
    const fresh = new Interpreter(g.analysis);
    const old = new Interpreter(g.analysis);
    // (run 1's entries stay in the table, b at offsets 1 to 5 among them: a wrap that kept them
    // would read them as run 1's again, where the first run after it, on "ppppz", reads b at 2)
    expect([fresh.test("a", "pppppz", 1_000_000), old.test("a", "pppppz", 1_000_000)]).toEqual([true, true]);
    old.runsFrom(0x7fffffff - 2);
    for (let round = 0; round < 3; round++)
      for (const s of inputs) {
        const want = fresh.test("a", s, 1_000_000);
        const wantSteps = fresh.steps;
        const got = old.test("a", s, 1_000_000);
        expect(`${JSON.stringify(s)} ${String(got)} ${old.steps}`).toBe(`${JSON.stringify(s)} ${String(want)} ${wantSteps}`);
        expect(old.explain("a", s, 1_000_000)).toEqual(fresh.explain("a", s, 1_000_000));
      }
  });
});
