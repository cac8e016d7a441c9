// Bounded engine work for grammars users load (fixtures/engine/bounded-work.json): the lazy DFA
// keeps at most its grammar's cell budget whatever the input, measured here from outside by
// walking what stays reachable from its states (what the collector cannot free); the memoized
// calls do the work the documentation states (Grammar.isLinear), counted in steps; and a grammar
// too large to compile is refused when it is made, by every way of making one. No timing here:
// the figures are in bench/scaling.mjs and the commit messages.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { alt, grammar, grammarFromAbnf, GrammarError, lit, MatchLimitError, ref, seq, semantics, seededRandom, WORK_BASE, WORK_PER_CHARACTER, type Grammar } from "../src/abnf/index";
import { buildAutomaton } from "../src/abnf/automaton";
import { recursiveRules } from "../src/abnf/analysis";
import { automatonSize, WHOLE_HOOKS } from "../src/abnf/automaton-size";
import { CallRun } from "../src/abnf/calls";
import { Compiled } from "../src/abnf/compiled";
import { CELL_LIMIT, DfaBudget, STATE_CELLS, type Dfa, type DfaState } from "../src/abnf/dfa";
import { matchLongest, matchWhole } from "../src/abnf/engine";
import { FIRST_TIER_STEPS } from "../src/abnf/matcher";
import { regexSafety, SAFETY_WORK_LIMIT } from "../src/abnf/safety";
import { algebraFromAbnf, rulesFromAbnf } from "./helpers/abnf-algebra";
import { readJson } from "./helpers/fixtures";
import { LONG_CASES } from "./helpers/runs";

type Part = string | { readonly random: string; readonly length: number; readonly seed: number } | { readonly repeat: string; readonly length: number };

interface DfaCase {
  readonly abnf: readonly string[];
  readonly rule: string;
  readonly input: readonly Part[];
  readonly linear: boolean;
  readonly match: boolean;
  readonly offset?: number;
  readonly expected?: readonly string[];
  /** The input makes more states than the budget holds: it is spent and reset at least once. */
  readonly spendsBudget?: boolean;
  /** A giant case run only with LONG_CASES=1 (`node scripts/test-long.mjs --huge`, in .ci/run); a smaller one of its kind runs in `npm test`. */
  readonly long?: boolean;
  readonly why: string;
  readonly source: string;
}

interface CallCase extends Omit<DfaCase, "linear"> {
  readonly work: { readonly power: number; readonly factor: number };
}

interface SafetyCase {
  readonly abnf: readonly string[];
  readonly rule: string;
  readonly safe: boolean;
  readonly why: string;
  readonly before: string;
  readonly source: string;
}

interface TooLargeCase {
  readonly abnf: readonly string[];
  readonly rule: string;
  /** The first tier's answer on "x". */
  readonly x: boolean;
  /** The answer on "x" repeated past the first tier's base allowance: the general engine's, or the budget its MatchLimitError names. */
  readonly long: boolean | "steps";
  readonly longBefore: string;
  readonly limit: string;
  readonly before: string;
  readonly source: string;
}

interface LimitCase {
  readonly abnf: readonly string[];
  readonly rule: string;
  readonly input: readonly Part[];
  /** Run in a child process with this heap (MB), on the built package. */
  readonly child?: number;
  /** For a child: the budget its MatchLimitError names. */
  readonly budget?: "steps" | "ends" | "depth";
  readonly why: string;
  readonly source: string;
}

const fixture = readJson<{ dfa: readonly DfaCase[]; calls: readonly CallCase[]; safety: readonly SafetyCase[]; tooLarge: readonly TooLargeCase[]; limit: readonly LimitCase[] }>(
  "engine",
  "bounded-work.json",
);

function inputOf(parts: readonly Part[]): string {
  return parts
    .map((p) => {
      if (typeof p === "string") return p;
      if ("random" in p) {
        const random = seededRandom(p.seed);
        let s = "";
        for (let i = 0; i < p.length; i++) s += p.random[random(p.random.length)] as string;
        return s;
      }
      return p.repeat.repeat(Math.ceil(p.length / p.repeat.length)).slice(0, p.length);
    })
    .join("");
}

function load(lines: readonly string[]): Grammar {
  const r = grammarFromAbnf(lines.join("\n") + "\n");
  if (!r.ok) throw r.error;
  return r.value;
}

/**
 * The cells reachable from the DFAs' start states through their transitions (each state's
 * positions and transitions, and STATE_CELLS for itself): what the collector cannot free while
 * the grammar lives. The start states are not counted (the budget does not count them either).
 */
function reachableCells(dfas: readonly Dfa[]): { cells: number; largest: number } {
  const seen = new Set<DfaState>();
  let cells = 0;
  let largest = 0;
  for (const d of dfas) {
    const stack: DfaState[] = [d.start];
    seen.add(d.start);
    while (stack.length > 0) {
      const s = stack.pop() as DfaState;
      if (s !== d.start) {
        const own = s.positions.length + s.next.length + STATE_CELLS;
        cells += own;
        largest = Math.max(largest, own);
      }
      for (const t of s.next) {
        if (t === undefined || t === null || seen.has(t)) continue;
        seen.add(t);
        stack.push(t);
      }
    }
  }
  return { cells, largest };
}

describe("the lazy DFA keeps at most its grammar's budget (fixtures: dfa)", () => {
  it.each(fixture.dfa.filter((c) => LONG_CASES || c.long !== true).map((c) => [c.why.slice(0, 60), c] as const))("%s…", (_why, c) => {
    const g = load(c.abnf);
    const input = inputOf(c.input);
    expect(g.isLinear(c.rule)).toBe(c.linear);
    expect(g.isValid(input, c.rule)).toBe(c.match);
    const v = g.validate(input, c.rule);
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual(c.match ? undefined : [c.offset, c.expected]);
    const compiled = g.compiled;
    const key = c.rule.toLowerCase();
    const dfas = [compiled.dfa(key), compiled.reducedDfa(key)].filter((d): d is Dfa => d !== null);
    expect(compiled.budget.used).toBeLessThanOrEqual(CELL_LIMIT);
    if (c.spendsBudget === true) expect(compiled.budget.resets).toBeGreaterThan(0);
    const { cells, largest } = reachableCells(dfas);
    // what is reachable is what the budget counts, plus at most the state being made when it was reset
    expect(cells).toBeLessThanOrEqual(CELL_LIMIT + largest);
  });

  it("forgets its states when the budget is spent, and answers the same as with room to spare", () => {
    const c = fixture.dfa[1] as DfaCase; // x = *( "a" / "b" ) "a" 2000( "a" / "b" )
    const g = load(c.abnf);
    const key = c.rule.toLowerCase();
    const input = inputOf(c.input).slice(0, 3000);
    const limit = 20_000;
    const roomy = new Compiled(g.analysis, [], new DfaBudget(Infinity));
    const tight = new Compiled(g.analysis, [], new DfaBudget(limit));
    for (const s of [input, `${input}a${"b".repeat(2000)}`, `${input}!`]) {
      expect(matchWhole(tight, key, s)).toEqual(matchWhole(roomy, key, s));
      expect(matchLongest(tight, key, s, 5)).toEqual(matchLongest(roomy, key, s, 5));
    }
    expect(tight.budget.resets).toBeGreaterThan(0);
    expect(tight.budget.used).toBeLessThanOrEqual(limit);
    const { cells, largest } = reachableCells([tight.dfa(key) as Dfa]);
    expect(cells).toBeLessThanOrEqual(limit + largest);
    // with no limit, every state made stays: what the budget saves
    expect(reachableCells([roomy.dfa(key) as Dfa]).cells).toBeGreaterThan(50 * limit);
  });
});

describe("memoized calls do the work Grammar.isLinear documents (fixtures: calls)", () => {
  it.each(fixture.calls.map((c) => [c.abnf.join("; "), c.work.power, c] as const))("%s: at most factor × n^%i steps", (_abnf, _power, c) => {
    const g = load(c.abnf);
    const input = inputOf(c.input);
    expect(g.isLinear(c.rule)).toBe(false);
    const run = new CallRun(g.compiled, input);
    const r = run.call(c.rule.toLowerCase(), 0);
    expect(r.ends.includes(input.length)).toBe(c.match);
    expect(run.work).toBeLessThanOrEqual(c.work.factor * input.length ** c.work.power);
    expect(g.isValid(input, c.rule)).toBe(c.match);
    const v = g.validate(input, c.rule);
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual(c.match ? undefined : [c.offset, c.expected]);
  });

  it("the bounds are not loose: the quadratic and the cubic cases do that much work", () => {
    const steps = (c: CallCase): number => {
      const run = new CallRun(load(c.abnf).compiled, inputOf(c.input));
      run.call(c.rule.toLowerCase(), 0);
      return run.work;
    };
    for (const c of fixture.calls.filter((x) => x.work.power > 1)) {
      const n = inputOf(c.input).length;
      expect(steps(c)).toBeGreaterThan((c.work.factor / 4) * n ** c.work.power);
    }
  });
});

describe("a match past its work budget stops with a MatchLimitError (fixtures: limit)", () => {
  const local = fixture.limit.filter((c) => c.child === undefined);
  it.each(local.map((c) => [c.abnf.join("; "), c] as const))("%s", (_abnf, c) => {
    const g = load(c.abnf);
    const input = inputOf(c.input);
    const limit = WORK_BASE + WORK_PER_CHARACTER * input.length;
    // counted: the run stops within a step (and the ends of one call) of its limit
    const run = new CallRun(g.compiled, input);
    expect(() => run.call(c.rule.toLowerCase(), 0)).toThrow(MatchLimitError);
    expect(run.limit).toBe(limit);
    expect(run.work).toBeGreaterThan(limit);
    expect(run.work).toBeLessThanOrEqual(limit + input.length + 1);
    // every way in says so, typed
    const v = g.validate(input, c.rule);
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.error).toBeInstanceOf(MatchLimitError);
    expect([v.error.name, v.error.rule, v.error.expected, (v.error as MatchLimitError).limit]).toEqual(["MatchLimitError", c.rule, [], limit]);
    expect(v.error.shortMessage).toContain("neither matched nor refused");
    expect(() => g.isValid(input, c.rule)).toThrow(MatchLimitError);
    expect(() => g.rule(c.rule).tryParse(input)).toThrow(MatchLimitError);
    const s = semantics(g, {});
    const parsed = s.parse(input, c.rule);
    expect(parsed.ok ? undefined : parsed.error).toBeInstanceOf(MatchLimitError);
  });

  it("a run's own limit is kept: a few steps, then the error at the offset being read", () => {
    const g = load(['a = "x" a "x" / "x"']);
    const run = new CallRun(g.compiled, "x".repeat(1001), 1000);
    let error: unknown;
    try {
      run.call("a", 0);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MatchLimitError);
    expect(run.work).toBeLessThanOrEqual(1000 + 1001);
    expect((error as MatchLimitError).offset).toBeGreaterThan(0);
  });

  const children = fixture.limit.filter((c) => c.child !== undefined);
  it.each(children.map((c) => [c.abnf.join("; "), c] as const))("in a process with a small heap: %s", (_abnf, c) => {
    // the built package (npm test builds it first); the process used to die out of memory
    const entry = path.join(__dirname, "..", "dist", "abnf", "index.js");
    const program = `
      import { grammarFromAbnf } from ${JSON.stringify(entry)};
      const input = ${JSON.stringify((c.input[0] as { repeat: string }).repeat)}.repeat(${(c.input[0] as { length: number }).length});
      const out = [];
      // on a fresh grammar, and after compile()
      for (const compile of [false, true]) {
        const g = grammarFromAbnf(${JSON.stringify(c.abnf.join("\n") + "\n")}).value;
        if (compile) g.compile();
        const v = g.validate(input, ${JSON.stringify(c.rule)});
        out.push([v.ok, v.ok ? "" : v.error.name, v.ok ? "" : v.error.budget]);
      }
      process.stdout.write(JSON.stringify(out));
    `;
    const out = execFileSync(process.execPath, [`--max-old-space-size=${c.child as number}`, "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" });
    expect(JSON.parse(out)).toEqual([
      [false, "MatchLimitError", c.budget],
      [false, "MatchLimitError", c.budget],
    ]);
  }, 120_000);
});

describe("the regex safety analysis is bounded in steps (fixtures: safety)", () => {
  it.each(fixture.safety.map((c) => [c.why.slice(0, 60), c] as const))("%s…", (_why, c) => {
    const g = load(c.abnf);
    const key = c.rule.toLowerCase();
    const counter = { steps: 0 };
    const verdict = regexSafety(buildAutomaton(g.analysis.rule(key), g.analysis, recursiveRules(g.analysis), { keepAll: true, hooks: WHOLE_HOOKS }), SAFETY_WORK_LIMIT, counter);
    expect(verdict).toEqual({ safe: c.safe, reason: "the rule is too complex to analyse" });
    expect(counter.steps).toBeLessThanOrEqual(SAFETY_WORK_LIMIT + 1);
    // no regex, so the DFA answers, and rightly
    expect(g.pattern(c.rule)).toBeUndefined();
    expect(g.isValid("ab".repeat(30), c.rule)).toBe(false);
  });
});

describe("a rule too large to compile is matched by the general engine within the budgets, and refused when it is compiled, naming it (fixtures: tooLarge)", () => {
  const refusal = (f: () => unknown): GrammarError => {
    try {
      f();
    } catch (e) {
      if (e instanceof GrammarError) return e;
      throw e;
    }
    throw new Error("no GrammarError");
  };

  it.each(fixture.tooLarge.map((c) => [c.abnf.join("; "), c] as const))("%s", (_abnf, c) => {
    const text = c.abnf.join("\n") + "\n";
    // grammarFromAbnf loads it; an input is answered by the general engine (the first tier,
    // which builds nothing), an input too long for the first tier's base allowance too, within
    // the match's budgets (issue 33); compiling it is the GrammarError naming the rule and the limit
    const loaded = grammarFromAbnf(text);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const long = "x".repeat(FIRST_TIER_STEPS / WORK_PER_CHARACTER + 1);
    const answer = (f: () => boolean): boolean | string => {
      try {
        return f();
      } catch (e) {
        return e instanceof MatchLimitError ? e.budget : e instanceof GrammarError ? `GrammarError ${e.code}` : "untyped";
      }
    };
    expect([loaded.value.isValid("x", c.rule), loaded.value.validate("x", c.rule).ok]).toEqual([c.x, c.x]);
    const validated = loaded.value.validate(long, c.rule);
    expect([answer(() => loaded.value.isValid(long, c.rule)), validated.ok || (validated.error instanceof MatchLimitError ? validated.error.budget : false)]).toEqual([c.long, c.long]);
    const used = refusal(() => loaded.value.compile(c.rule));
    expect([used.code, used.rule]).toEqual(["too-large", c.rule]);
    expect(used.message).toContain(`rule ${c.rule} `);
    expect(used.message).toContain(c.limit);
    expect(loaded.value.isValid("x", c.rule)).toBe(c.x);
    // a rule that reaches it is matched by the general engine too; one that does not works
    for (const line of c.abnf.filter((l) => !l.startsWith(`${c.rule} =`))) {
      const other = line.split(" ")[0] as string;
      const a = answer(() => loaded.value.isValid(long, other));
      expect(typeof a === "boolean" || a === "steps").toBe(true);
    }
    // compiled ahead: the AbnfError at the rule, when the text is loaded
    const eager = grammarFromAbnf(text, { compile: true });
    expect(eager.ok).toBe(false);
    if (eager.ok) return;
    expect(eager.error.code).toBe("too-large-to-compile");
    expect(eager.error.line).toBe(c.abnf.findIndex((l) => l.startsWith(`${c.rule} =`)) + 1);
    expect(eager.error.message).toContain(c.limit);
    // grammar() and derive() make it; compile() refuses it
    const made = algebraFromAbnf([text]);
    expect([refusal(() => made.compile()).code, refusal(() => made.compile()).rule]).toEqual(["too-large", c.rule]);
    const small = grammar({ ok: lit("x") });
    const derived = small.derive({ rules: rulesFromAbnf(text) });
    expect(derived.isValid("x", "ok")).toBe(true);
    expect(answer(() => derived.isValid(long, c.rule))).toBe(c.long);
    expect(refusal(() => derived.compile(c.rule)).rule).toBe(c.rule);
  });

  it("measures every rule as the builder counts it (automatonSize): positions, occurrences and expressions exactly, edges and copies from above", () => {
    const wrong: string[] = [];
    const random = seededRandom(19);
    const texts = [
      'a = 50( e ) "x"\ne = ""\n',
      'a = 3( *e ) 2( e "x" e )\ne = [ "y" ]\n',
      'a = *( e [ e ] ) e\ne = "" / "y"\n',
      'a = 0*9( e ) 3( e ) *( e "x" )\ne = ""\n',
      'x = *( "a" / "b" ) "a" 200( "a" / "b" )\n',
    ];
    const alphabet = ['"x"', '"y"', '""', "e", '"xy"', '*e', "[ e ]", '2( e "x" )', "0*3( e )"];
    for (let k = 0; k < 200; k++) {
      const pick = (): string => alphabet[random(alphabet.length)] as string;
      texts.push(`a = ${pick()} ${pick()} / ${pick()} *( ${pick()} ${pick()} )\ne = ${pick()} / ""\n`.replace(/e = e/, 'e = "z"'));
    }
    for (const text of texts) {
      const r = grammarFromAbnf(text);
      if (!r.ok) continue;
      const g = r.value;
      const calls = recursiveRules(g.analysis);
      const size = automatonSize(g.analysis, calls);
      for (const n of g.ruleNames) {
        const def = g.analysis.rule(n);
        const counted = buildAutomaton(def, g.analysis, calls, { hooks: WHOLE_HOOKS }).counted;
        const measured = size(def.expr);
        const ok =
          measured.positions === counted.positions &&
          measured.instances === counted.instances &&
          measured.steps === counted.steps &&
          measured.edges >= counted.edges &&
          measured.copies >= counted.copies;
        if (!ok) wrong.push(`${JSON.stringify(text)} ${n}: measured ${JSON.stringify(measured)}, built ${JSON.stringify(counted)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("memoized calls make a frame only for a call that can start where it is made", () => {
  // RFC 8259 as published (fixtures/abnf/rfc/): `value` calls `object` and `array` at every value;
  // where the next character is none that `object` (or `array`) can start with, the call fails
  // there with the same "expected" each time: answered without a frame once one has run.
  const json = grammarFromAbnf(readFileSync(path.join(__dirname, "..", "fixtures", "abnf", "rfc", "rfc8259-sections-2-7.abnf"), "utf8"));
  if (!json.ok) throw json.error;
  const g = json.value;
  const item = '{"a":[1,true],"b":"xy"}';
  const N = 200;
  const input = `[${Array.from({ length: N }, () => item).join(",")}]`;

  it("a flat array: the frames of the calls that start, and a few more", () => {
    const run = new CallRun(g.compiled, input);
    expect(run.call("json-text", 0).ends).toEqual([input.length]);
    // per item, one call of `value` for each of its values (5): the object, the array in it and
    // the three values inside; `object`, `member` and `array` are expanded in the automaton of
    // `value`, the one rule called to cut their cycles (cycle-cuts.ts; calling all four made 9)
    expect(run.frames).toBeGreaterThanOrEqual(5 * N);
    expect(run.frames).toBeLessThanOrEqual(5 * N + 10);
  });

  // the offset past the array's items, and "expected" in the engine's one order (automaton-size.ts inOneOrder), as before calls were answered without a frame
  const values = ["digit1-9", "minus", "quotation-mark", "zero", "%x09", "%x0A", "%x0D", "%x20", '"["', '"false"', '"null"', '"true"', '"{"'];
  it.each([
    [",x]", 0, values],
    [',[1,{"a":x}]', 8, values],
    [",1.x]", 2, ["DIGIT"]],
  ] as const)("what such a call expected is the same as a frame finds: %s at the end", (tail, at, expected) => {
    const v = g.validate(`${input.slice(0, -1)}${tail}`, "JSON-text");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([input.length - 1 + at + 1, expected]);
  });
});

describe("the budgets are options of the grammar (budgets), defaults unchanged", () => {
  const abnf = 'a = "x" a "x" / "x"\n';
  const budget = (g: Grammar, input: string): string | undefined => {
    const v = g.validate(input, "a");
    return v.ok ? undefined : v.error instanceof MatchLimitError ? v.error.budget : "refused";
  };

  it("steps, ends and depth, each past its own value; derive and pick keep them", () => {
    const input = "x".repeat(201);
    const plain = grammarFromAbnf(abnf);
    if (!plain.ok) throw plain.error;
    expect(budget(plain.value, input)).toBeUndefined();
    const steps = grammarFromAbnf(abnf, { budgets: { steps: 1000, stepsPerCharacter: 0 } });
    if (!steps.ok) throw steps.error;
    expect(budget(steps.value, input)).toBe("steps");
    expect(budget(steps.value, "x".repeat(11))).toBeUndefined();
    expect(budget(steps.value.derive({ name: "copy" }), input)).toBe("steps");
    expect(budget(steps.value.pick("a"), input)).toBe("steps");
    const ends = grammar({ a: alt(seq(lit("x"), ref("a"), lit("x")), lit("x")) }, { budgets: { ends: 100 } });
    expect(budget(ends, input)).toBe("ends");
    const depth = grammarFromAbnf(abnf, { budgets: { depth: 50 } });
    if (!depth.ok) throw depth.error;
    expect(budget(depth.value, input)).toBe("depth");
    expect(budget(depth.value, "x".repeat(41))).toBeUndefined();
  });

  it("a budget that is not a non-negative integer, or not a budget, is a TypeError", () => {
    for (const budgets of [{ steps: -1 }, { depth: 1.5 }, { ends: "9" }, { time: 5 }, [1], "x"]) {
      expect(() => grammarFromAbnf(abnf, { budgets } as never)).toThrow(TypeError);
      expect(() => grammar({ a: lit("x") }, { budgets } as never)).toThrow(TypeError);
    }
  });
});
