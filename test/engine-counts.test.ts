// Counted repetitions (src/abnf/automaton.ts COUNTS, issue 30 stage 2): a large bounded
// repetition `m*n item` is built once, with its count kept by the lazy DFA's configurations, so
// that a URI template's prefix `{x:9999}` or `1*1000000ALPHA` compiles in size independent of
// the count. Counted here by what the builder makes (no timing), and checked exact: counted at
// every repetition of two copies or more (COUNTS.from 2, COUNTS.positions 0) against unrolled
// (COUNTS.from Infinity), every grammar answers the same, with the same "expected" labels, the
// same longest matches and the same derivations (semantics trees). The order of an "expected"
// list follows the positions' ids, which counting renumbers, so the lists are compared as sets.
import fc from "fast-check";
import { grammarFromAbnf, GrammarError, semantics, seededRandom, type Grammar, type Match } from "../src/abnf/index";
import { buildAutomaton, COUNTS, countAfter, type Automaton } from "../src/abnf/automaton";
import { automatonSize, WHOLE_HOOKS } from "../src/abnf/automaton-size";
import { matchLongest, matchWhole } from "../src/abnf/engine";
import { allStrings, mutate, randomAbnf } from "./helpers/abnf-algebra";
import { readJson } from "./helpers/fixtures";

const load = (text: string): Grammar => {
  const r = grammarFromAbnf(text);
  if (!r.ok) throw r.error;
  return r.value;
};

// (every repetition of COUNTS.from copies or more is counted here, however small written out; the
// default threshold is checked in its own block below)
const savedPositions = COUNTS.positions;
beforeAll(() => {
  COUNTS.positions = 0;
});
afterAll(() => {
  COUNTS.positions = savedPositions;
});

/** `f` with COUNTS.positions at its default (restored after). */
function byDefault<T>(f: () => T): T {
  const saved = COUNTS.positions;
  COUNTS.positions = savedPositions;
  try {
    return f();
  } finally {
    COUNTS.positions = saved;
  }
}

/** `f` with COUNTS.from set to `from` (restored after). */
function withCounts<T>(from: number, f: () => T): T {
  const saved = COUNTS.from;
  COUNTS.from = from;
  try {
    return f();
  } finally {
    COUNTS.from = saved;
  }
}

const automatonOf = (g: Grammar, rule = "r"): Automaton => g.compiled.automaton(rule);
const edgesOf = (a: Automaton): number => a.follow.reduce((n, l) => n + l.length, 0) + a.start.length;

/** Everything a grammar answers about `inputs` for `rules`: validity, the error's offset and labels, the longest match from 0, and the derivation (every rule captured). */
function answers(text: string, rules: readonly string[], inputs: readonly string[]): unknown[] {
  const r = grammarFromAbnf(text);
  if (!r.ok) return [r.error.code];
  const g = r.value;
  const sem = semantics(g, {}, { captures: [...g.ruleNames] });
  const tree = (m: Match): unknown => [m.rule, m.start, m.end, m.children.map(tree)];
  const out: unknown[] = [];
  for (const rule of rules) {
    for (const s of inputs) {
      const v = g.validate(s, rule);
      let longest: unknown;
      try {
        const l = matchLongest(g.compiled, rule.toLowerCase(), s, 0);
        longest = [l.end, l.furthest, [...l.expected].sort()];
      } catch (e) {
        longest = e instanceof Error ? e.name : "?";
      }
      out.push([rule, s, v.ok ? tree(sem.match(rule, s)) : [v.error.offset, [...v.error.expected].sort()], longest]);
    }
  }
  return out;
}

describe("a large bounded repetition is counted: its size does not grow with the count", () => {
  const shapes: readonly { readonly name: string; readonly abnf: (n: number) => string; readonly yes: (n: number) => string; readonly no: readonly ((n: number) => string)[] }[] = [
    { name: "r = 1*N ALPHA", abnf: (n) => `r = 1*${n}ALPHA\nALPHA = %x41-5A / %x61-7A\n`, yes: (n) => "a".repeat(n), no: [(n) => "a".repeat(n + 1), () => ""] },
    { name: 'r = N*N "ab"', abnf: (n) => `r = ${n}*${n}"ab"\n`, yes: (n) => "ab".repeat(n), no: [(n) => "ab".repeat(n - 1), (n) => "ab".repeat(n + 1), (n) => "ab".repeat(n - 1) + "a"] },
    { name: 'r = N*"x" "y" (a minimum only)', abnf: (n) => `r = ${n}*"x" "y"\n`, yes: (n) => "x".repeat(n + 7) + "y", no: [(n) => "x".repeat(n - 1) + "y", (n) => "x".repeat(n)] },
    {
      name: "a URI template's prefix: r = 0*N( unreserved / pct-encoded ) \"/\"",
      abnf: (n) => `r = 0*${n}( unreserved / pct-encoded ) "/"\nunreserved = %x41-5A / %x61-7A / %x30-39 / "-" / "." / "_" / "~"\npct-encoded = "%" HEXDIG HEXDIG\nHEXDIG = %x30-39 / "A" / "B" / "C" / "D" / "E" / "F"\n`,
      yes: (n) => "%41b".repeat(n >> 1) + "/",
      no: [(n) => "a".repeat(n + 1) + "/", () => "%4/"],
    },
    { name: "r = 2*N( \"a\" / \"ab\" ) \"c\" (lengths that vary)", abnf: (n) => `r = 2*${n}( "a" / "ab" ) "c"\n`, yes: (n) => "ab".repeat(n >> 1) + "a".repeat(n >> 1) + "c", no: [(n) => "a".repeat(n + 1) + "c", () => "ac"] },
  ];

  it.each(shapes.map((c) => [c.name, c] as const))("%s: the same positions and edges at N = 40, 400, 9999 and 1,000,000; answers are right", (_name, c) => {
    const sizes = [40, 400, 9999, 1_000_000].map((n) => {
      const g = load(c.abnf(n));
      const a = automatonOf(g);
      expect(a.counters.length).toBe(1);
      if (n <= 9999) {
        expect([g.isValid(c.yes(n), "r"), ...c.no.map((f) => g.isValid(f(n), "r"))]).toEqual([true, ...c.no.map(() => false)]);
      }
      return [a.positions.length, edgesOf(a)];
    });
    for (const s of sizes) expect(s).toEqual(sizes[0]);
  });

  it("unrolled, the same repetitions grow with the count (and 1*1000000ALPHA is refused)", () => {
    const text = (n: number): string => `r = 1*${n}ALPHA\nALPHA = %x41-5A / %x61-7A\n`;
    const unrolled = withCounts(Infinity, () => automatonOf(load(text(400))).positions.length);
    expect(unrolled).toBeGreaterThanOrEqual(400);
    expect(automatonOf(load(text(400))).positions.length).toBeLessThan(10);
    const refused = withCounts(Infinity, () => {
      try {
        load(text(1_000_000)).compile("r");
      } catch (e) {
        if (e instanceof GrammarError) return e.code;
        throw e;
      }
      return "compiled";
    });
    expect(refused).toBe("too-large");
  });

  it("the count's checks: at most N, at least M, and the count restarts on each new repetition", () => {
    const g = load(`r = *( 3*40"a" "." )\n`);
    expect(automatonOf(g).counters.map((k) => [k.min, k.max])).toEqual([[3, 40]]);
    expect(g.isValid("aaa.", "r")).toBe(true);
    expect(g.isValid(`${"a".repeat(40)}.aaa.${"a".repeat(40)}.`, "r")).toBe(true);
    expect(g.isValid(`${"a".repeat(41)}.`, "r")).toBe(false);
    expect(g.isValid("aaa.aa.", "r")).toBe(false);
    const v = g.validate(`${"a".repeat(40)}a`, "r");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([40, ['"."']]);
    const w = g.validate("aa.", "r");
    expect(w.ok ? undefined : [w.error.offset, w.error.expected]).toEqual([2, ['"a"']]);
  });

  it("counts do not nest: a counted repetition inside another is unrolled", () => {
    const g = load(`r = 1*40( 1*40"a" "." )\n`);
    expect(automatonOf(g).counters).toHaveLength(1);
    expect(g.isValid("a".repeat(40) + ".", "r")).toBe(true);
    expect(g.isValid("a".repeat(41) + ".", "r")).toBe(false);
    expect(g.isValid("a.".repeat(40), "r")).toBe(true);
    expect(g.isValid("a.".repeat(41), "r")).toBe(false);
  });

  it("hostile counts: a state keeps one configuration per position where the minimum is 0 or 1 (the smallest count past the minimum stands for the others), so work is linear in the input", () => {
    const text = `r = 0*4294967295( "a" / "ab" ) 0*4294967295"a" 1*4294967295"b"\n`;
    const g = load(text);
    const a = automatonOf(g);
    expect([a.counters.length, a.positions.length]).toEqual([3, 14]);
    const n = 20_000;
    expect(g.isValid("a".repeat(n) + "b", "r")).toBe(true);
    expect(g.isValid("ab".repeat(n) + "ab", "r")).toBe(true);
    expect(g.isValid("a".repeat(n) + "c", "r")).toBe(false);
    // every state the runs made holds at most one configuration per position
    const dfa = g.compiled.dfa("r");
    expect(dfa).not.toBeNull();
    type State = { readonly positions: Int32Array; readonly next: readonly unknown[] };
    const seen = new Set<State>([dfa!.start]);
    const stack: State[] = [dfa!.start];
    let largest = 0;
    while (stack.length > 0) {
      const s = stack.pop() as State;
      largest = Math.max(largest, s.positions.length);
      for (const t of s.next) if (t !== null && t !== undefined && !seen.has(t as State)) stack.push(t as State), seen.add(t as State);
    }
    expect(seen.size).toBeGreaterThan(n);
    expect(largest).toBeLessThanOrEqual(a.positions.length);
    // a minimum of 2 or more keeps the counts below it, and no more
    const m = load(`r = 5*4294967295"a" 0*4294967295"a"\n`);
    expect(m.isValid("a".repeat(n), "r")).toBe(true);
    expect(m.isValid("aaaa", "r")).toBe(false);
    const dm = m.compiled.dfa("r")!;
    let s = dm.start;
    let most = 0;
    for (let k = 0; k < 50; k++) {
      s = dm.step(s, dm.ascii[0x61] as number, 0x61) as typeof s;
      most = Math.max(most, s.positions.length);
    }
    expect(most).toBeLessThanOrEqual(6);
  });

  it("countAfter: ENTER starts at 1, AGAIN stops at the maximum (or stays at an unbounded repetition's minimum), LEAVE needs the minimum", () => {
    const counters = [
      { min: 2, max: 3, from: 0, to: 1 },
      { min: 4, max: Infinity, from: 1, to: 2 },
    ];
    expect(countAfter(counters, undefined, 5)).toBe(5);
    expect(countAfter(counters, (0 << 2) | 1, 7)).toBe(1);
    expect([1, 2, 3].map((c) => countAfter(counters, (0 << 2) | 2, c))).toEqual([2, 3, -1]);
    expect([1, 2, 3].map((c) => countAfter(counters, (0 << 2) | 3, c))).toEqual([-1, 0, 0]);
    expect([3, 4].map((c) => countAfter(counters, (1 << 2) | 2, c))).toEqual([4, 4]);
  });

  it("a rule that calls a recursive one keeps its repetitions unrolled (the memoized calls do not count)", () => {
    const g = load(`r = 1*40( "a" / p )\np = "(" *p ")"\n`);
    expect(automatonOf(g).counters).toHaveLength(0);
    expect(g.isValid("a(())a", "r")).toBe(true);
    expect(g.isValid("a".repeat(41), "r")).toBe(false);
  });

  it("a rule matched by call (too large to expand in place) keeps its repetitions unrolled too: (aaaaa) is no r", () => {
    // (counted, its frame read the DFA's positions without their counts and took "(aaaaa)")
    const g = byDefault(() => load(`r = "(" big ")"\nbig = 100000"a" / 4100( "b" )\n`));
    expect(byDefault(() => [automatonOf(g).hasCalls, automatonOf(g, "big").counters.length])).toEqual([true, 0]);
    expect(["(aaaaa)", `(${"a".repeat(100_000)})`, `(${"a".repeat(100_001)})`, `(${"b".repeat(4100)})`].map((s) => g.isValid(s, "r"))).toEqual([false, true, false, true]);
    const v = g.validate("(aaaaa)", "r");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([6, ['"a"']]);
  });
});

describe("counting changes no answer, label, longest match or derivation (COUNTS.from 2 against unrolled)", () => {
  interface GrammarCase {
    readonly name: string;
    readonly abnf: readonly string[];
    readonly rules: readonly string[];
    readonly alphabet: readonly string[];
    readonly cases: readonly { readonly rule: string; readonly input: string }[];
  }
  const { grammars } = readJson<{ grammars: readonly GrammarCase[] }>("engine", "grammars.json");

  it.each(grammars.map((c) => [c.name, c] as const))("fixtures/engine/grammars.json: %s", (_name, c) => {
    const text = c.abnf.join("\n") + "\n";
    const inputs = [...new Set([...c.cases.map((k) => k.input), ...allStrings(c.alphabet, 3)])].slice(0, 60);
    const unrolled = withCounts(Infinity, () => answers(text, c.rules, inputs));
    expect(withCounts(2, () => answers(text, c.rules, inputs))).toEqual(unrolled);
  });

  it("hand-made repetitions: bounds, nullable parts inside the item, neighbours, loops around", () => {
    const text = [
      `r = a / b / c / d / e / f`,
      `a = 2*3( "x" [ "y" ] ) "z"`,
      `b = "q" 0*4( "x" / "xy" / "yx" ) 1*2"y"`,
      `c = *( 2*3"x" "," ) 2*"x"`,
      `d = 3( "x" / "y" ) 0*2"x" 2( [ "y" ] "x" )`,
      `e = "e" 2*3( t ) 2*2( u )`,
      `t = "x" / "xx"`,
      `u = [ "y" ] "x"`,
      `f = "f" 1*3( 1*2"x" "y" ) [ "x" ]`,
    ].join("\n") + "\n";
    const inputs = [...allStrings(["x", "y", "z"], 6), ...allStrings(["q", "x", "y"], 5).map((s) => "q" + s), ...allStrings(["x", ","], 6), ...allStrings(["x", "y"], 6).map((s) => "e" + s), ...allStrings(["x", "y"], 6).map((s) => "f" + s)];
    const rules = ["r", "a", "b", "c", "d", "e", "f"];
    const unrolled = withCounts(Infinity, () => answers(text, rules, inputs));
    expect(withCounts(2, () => answers(text, rules, inputs))).toEqual(unrolled);
  });

  it("random small grammars and mutated strings", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
        const random = seededRandom(seed);
        const text = randomAbnf(random);
        const loaded = grammarFromAbnf(text);
        if (!loaded.ok) return;
        const g = loaded.value;
        const alphabet = ["a", "b", "c", "x", "y", ""];
        const inputs = new Set<string>(allStrings(alphabet.slice(0, 3), 3));
        for (const rule of g.ruleNames) {
          for (let k = 0; k < 4; k++) {
            try {
              inputs.add(mutate(g.generate(rule, random), alphabet, random));
            } catch {
              // a rule that matches nothing generates nothing
            }
          }
        }
        const list = [...inputs].slice(0, 25);
        expect(withCounts(2, () => answers(text, g.ruleNames, list))).toEqual(withCounts(Infinity, () => answers(text, g.ruleNames, list)));
      }),
      { numRuns: 16, seed: 302 },
    );
  });
});

describe("by default only a repetition too large to write out is counted (COUNTS.positions)", () => {
  it("x = *( \"a\" / \"b\" ) \"a\" N( \"a\" / \"b\" ): written out at N = 20,000 (20,002 positions; a DFA step over positions is the faster), counted at N = 100,000 and 1,000,000 (unrolled, the last is refused)", () => {
    const at = (n: number): Automaton => byDefault(() => automatonOf(load(`x = *( "a" / "b" ) "a" ${n}( "a" / "b" )\n`), "x"));
    expect(savedPositions).toBe(65_536);
    const written = at(20_000);
    expect([written.counters.length, written.positions.length > 20_000]).toEqual([0, true]);
    for (const n of [100_000, 1_000_000]) {
      const a = at(n);
      expect([a.counters.length, a.positions.length < 20]).toEqual([1, true]);
    }
  });

  it("an element of COUNTS.item (16) positions or more is counted from COUNTS.from (32) copies: its copies cost the most to build", () => {
    const counters = (text: string): number => byDefault(() => automatonOf(load(text)).counters.length);
    expect([counters(`r = 40"abcdefghijklmnop"\n`), counters(`r = 40"abcdefghijklmno"\n`), counters(`r = 31"abcdefghijklmnop"\n`)]).toEqual([1, 0, 0]);
  });

  // The builder decides on a trial build of the element, stopped at the threshold and undone
  // (automaton.ts); the whole engine's measure (automaton-size.ts) counts the element whole.
  // They must decide alike, or the measure would refuse or pass what the builder makes.
  it("the builder's trial decides as the whole engine's measure, at each threshold (element 15/16 positions, 31/32 copies, 65,536 written out, joins and inner repetitions in the element)", () => {
    const texts = [
      `r = 40"abcdefghijklmnop"\n`,
      `r = 40"abcdefghijklmno"\n`,
      `r = 31"abcdefghijklmnop"\n`,
      `r = 32768( "ab" )\n`,
      `r = 32769( "ab" )\n`,
      `r = 1*32768( "ab" ) "c"\n`,
      `r = 32769*( "ab" )\n`,
      `r = 40( 3"abcde" )\n`,
      `r = 40( 3"abcdef" )\n`,
      `r = 40( [ "a" ] [ "b" ] [ "c" ] [ "d" ] [ "e" ] [ "f" ] "x" )\n`,
      `r = 40( e "x" )\ne = 7( [ "a" ] )\n`,
      `r = 40( "a" / "bcdefghijklmnopq" )\n`,
    ];
    const wrong: string[] = [];
    const counted: number[] = [];
    for (const text of texts) {
      byDefault(() => {
        const g = load(text);
        const def = g.analysis.rule("r");
        const called = g.compiled.called;
        const measured = automatonSize(g.analysis, called, new Set(), true, true)(def).positions;
        const built = buildAutomaton(def, g.analysis, called, { counted: true, hooks: WHOLE_HOOKS });
        if (built.positions.length !== measured) wrong.push(`${text.trim()}: ${measured} measured, ${built.positions.length} built`);
        counted.push(built.counters.length);
      });
    }
    expect(wrong).toEqual([]);
    // and some of them are counted, some written out
    expect(counted).toEqual([1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1]);
  });
});

// Issue 33's fuzz finding: `x = 1000000"a"` took 8.6 s to accept 1,000,000 characters and
// `x = 1*1000000"a"` about 6 µs a character, because the lazy DFA made a state per count. A
// counted repetition of one class is read as a counter (counter-leap.ts): a run of its class
// moves the count at once, so the states made do not grow with the input.
describe("a counted repetition of one class reads a run of it at once (counter-leap.ts)", () => {
  it.each([
    [`x = 1000000"a"`, 1_000_000, 1_000_000],
    [`x = 1*1000000"a"`, 1, 1_000_000],
    [`x = 3*1000000( "a" / "b" ) "c"`, 3, 1_000_000],
    [`x = 1000000*"a"`, 1_000_000, Infinity],
  ])("%s: the right answers at and around its bounds, in a handful of DFA states", (abnf, min, max) => {
    const g = byDefault(() => load(`${abnf}\n`));
    const tail = abnf.endsWith('"c"') ? "c" : "";
    const at = (n: number): string => "a".repeat(n) + tail;
    const lengths = [min - 1, min, min + 1, 999_999, 1_000_000, 1_000_001].filter((n) => n >= 0);
    expect(lengths.map((n) => [n, g.isValid(at(n), "x")])).toEqual(lengths.map((n) => [n, n >= min && n <= max]));
    // a rejection says where and what, as a run of states would
    const over = g.validate(at(1_000_001), "x");
    if (max === 1_000_000) expect(over.ok ? undefined : over.error.offset).toBe(1_000_000);
    const under = g.validate("a".repeat(min - 1) + "!", "x");
    expect(under.ok ? undefined : under.error.offset).toBe(min - 1);
    const dfa = g.compiled.dfa("x")!;
    expect(dfa.automaton.counters).toHaveLength(1);
    expect(dfa.made).toBeLessThan(40);
  });

  it("runs of the class read at once answer as unrolled: whole matches (offsets, labels) and longest matches, each input on a new grammar (no state made yet)", () => {
    const texts = [
      `r = 5"a"\n`,
      `r = 2*6"a" "b"\n`,
      `r = 1*7%x61-62 [ "c" ]\n`,
      `r = 3*4( "a" / "b" ) "a"\n`,
      `r = *( 2*5"a" "." ) 3*"a"\n`,
      `r = 4*8"a" 0*3"a" "b"\n`,
      `r = "x" 6*6ALPHA / "xy" 3*9"y"\nALPHA = %x41-5A / %x61-7A\n`,
      `r = 0*9( "a" / %x1F600 ) "b"\n`,
    ];
    const inputs = [...allStrings(["a", "b"], 3), ...[2, 3, 4, 5, 6, 7, 8, 9, 12].flatMap((n) => ["a".repeat(n), "a".repeat(n) + "b", "a".repeat(n) + ".aaa", "xy" + "y".repeat(n), "x" + "y".repeat(n), "a".repeat(n) + "c", "\u{1F600}a".repeat(n) + "b"])];
    const answer = (g: Grammar, s: string): unknown => {
      const w = matchWhole(g.compiled, "r", s);
      const l = matchLongest(g.compiled, "r", s, 0);
      return [s, w === undefined ? "yes" : [w.offset, [...w.expected].sort()], [l.end, l.furthest, [...l.expected].sort()]];
    };
    let leaps = 0;
    for (const text of texts) {
      // (compiled on first use: inside withCounts)
      const unrolled = load(text);
      for (const s of inputs) {
        const g = load(text);
        const counted = withCounts(2, () => {
          const a = answer(g, s);
          const dfa = g.compiled.dfa("r")!;
          if (dfa.automaton.counters.length > 0 && dfa.made < s.length) leaps++;
          return a;
        });
        expect([text, counted]).toEqual([text, withCounts(Infinity, () => answer(unrolled, s))]);
      }
    }
    // (the runs did leap: fewer states made than characters read)
    expect(leaps).toBeGreaterThan(50);
  });
});
