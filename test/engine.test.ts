// The exact ABNF engine against the independent reference recognizer (test/helpers/abnf.ts), on
// grammars built to trip a greedy or PEG matcher (fixtures/engine/grammars.json). Each grammar
// is built with the public algebra from the reference's parse of its ABNF text (and the RFC
// 8141 one also by hand), then every way the library answers "does the whole string match
// this rule?" must agree with the reference:
//   grammar.isValid, grammar.validate(...).ok, the parsimmon parser `rule.skip(P.eof)`, and the
//   derived regex `^(?:pattern)$` where the rule has one;
// and a failed validation (and the parser's failure) must report the longest prefix of the
// input that some string of the rule begins with. Inputs: the hand-picked cases, every string of
// up to four alphabet items, and thousands of generated strings and one-character mutations.
import { readFileSync } from "node:fs";
import path from "node:path";
import P from "parsimmon";
import { alt, grammar, grammarFromAbnf, GrammarError, lit, many, opt, ref, rep, rfc3986, rfc3987, seededRandom, semantics, seq, type Grammar, type Match, type RuleDefinition } from "../src/abnf/index";
import { buildAutomaton } from "../src/abnf/automaton";
import { recursiveRules } from "../src/abnf/analysis";
import { automatonSize, WHOLE_HOOKS } from "../src/abnf/automaton-size";
import { readJson } from "./helpers/fixtures";
import { runs } from "./helpers/runs";
import { Oracle, algebraFromAbnf, allStrings, hasLoneSurrogate, mutate, randomAbnf } from "./helpers/abnf-algebra";

interface EngineCase {
  readonly rule: string;
  readonly input: string;
  readonly match: boolean;
  readonly offset?: number;
  readonly why: string;
  readonly source: string;
}

interface EngineGrammar {
  readonly name: string;
  readonly source: string;
  readonly abnf: readonly string[];
  readonly rules: readonly string[];
  readonly alphabet: readonly string[];
  readonly empty: readonly string[];
  /** Options for the generator (recursive grammars need smaller ones). */
  readonly generate?: { readonly maxRepeat: number; readonly maxDepth: number };
  readonly cases: readonly EngineCase[];
}

const { grammars } = readJson<{ grammars: readonly EngineGrammar[] }>("engine", "grammars.json");

const EXHAUSTIVE_LENGTH = 4;
/** Generated strings per grammar, shared among its rules; as many one-character mutations. */
const GENERATED = 1500;
/** Characters no fixture grammar uses, mixed into the mutations. */
const FOREIGN = ["!", " ", "\ud800", "\u{1F600}", "\u00e9"];

const abnfText = (g: EngineGrammar): string => g.abnf.join("\n") + "\n";

/** Every answer of one grammar's rule, against the oracle; a description of the first disagreement. */
class Battery {
  readonly #parsers = new Map<string, P.Parser<string>>();
  readonly #regexes = new Map<string, RegExp | undefined>();

  constructor(
    readonly g: Grammar,
    readonly oracle: Oracle,
  ) {}

  #parser(rule: string): P.Parser<string> {
    let p = this.#parsers.get(rule);
    if (p === undefined) {
      p = this.g.rule(rule).skip(P.eof);
      this.#parsers.set(rule, p);
    }
    return p;
  }

  #regex(rule: string): RegExp | undefined {
    if (!this.#regexes.has(rule)) {
      const source = this.g.pattern(rule);
      this.#regexes.set(rule, source === undefined ? undefined : new RegExp(`^(?:${source})$`));
    }
    return this.#regexes.get(rule);
  }

  /** `undefined` when every answer is right, else what went wrong. */
  check(rule: string, input: string): string | undefined {
    const want = this.oracle.matches(rule, input);
    const valid = this.g.isValid(input, rule);
    const v = this.g.validate(input, rule);
    const parsed = this.#parser(rule).parse(input);
    const re = this.#regex(rule);
    const viaRegex = re === undefined ? want : re.test(input);
    const show = `${rule} ${JSON.stringify(input)}`;
    if (valid !== want || v.ok !== want || parsed.status !== want || viaRegex !== want) {
      return `${show}: reference ${want}, isValid ${valid}, validate ${v.ok}, parser ${parsed.status}, regex ${re === undefined ? "none" : viaRegex}`;
    }
    if (want && hasLoneSurrogate(input)) return `${show}: matched although it holds a lone surrogate`;
    if (!v.ok) {
      const offset = Math.max(0, this.oracle.viablePrefix(rule, input));
      if (v.error.offset !== offset) return `${show}: validate reports offset ${v.error.offset}, the longest viable prefix is ${offset}`;
      if (!parsed.status && parsed.index.offset !== offset) {
        return `${show}: the parser fails at ${parsed.index.offset}, the longest viable prefix is ${offset}`;
      }
      if (v.error.rule !== this.g.definition(rule)?.name) return `${show}: the error names rule ${v.error.rule}`;
    }
    return undefined;
  }

  /** Checks every input; the first few disagreements. */
  run(rule: string, inputs: Iterable<string>): string[] {
    const out: string[] = [];
    for (const s of inputs) {
      const d = this.check(rule, s);
      if (d !== undefined && out.push(d) >= 5) break;
    }
    return out;
  }
}

/** Valid strings of the grammar's rules (round robin), from its own generator. */
function generated(spec: EngineGrammar, g: Grammar, rules: readonly string[], count: number, seed: number): [string, string][] {
  const random = seededRandom(seed);
  const maxRepeat = spec.generate?.maxRepeat ?? 6;
  const maxDepth = spec.generate?.maxDepth ?? 40;
  const out: [string, string][] = [];
  for (let k = 0; k < count; k++) {
    const rule = rules[k % rules.length] as string;
    out.push([rule, g.generate(rule, random, { maxRepeat: 1 + random(maxRepeat), maxDepth })]);
  }
  return out;
}

/** The battery every grammar goes through, for a grammar value built one way or another. */
function battery(spec: EngineGrammar, build: () => Grammar, seed: number): void {
  const oracle = new Oracle(abnfText(spec));
  const g = build();
  const b = new Battery(g, oracle);
  const live = spec.rules.filter((r) => !spec.empty.includes(r));

  it("answers every hand-picked case as the fixture (and the reference) says", () => {
    const wrong: string[] = [];
    for (const c of spec.cases) {
      const v = g.validate(c.input, c.rule);
      if (v.ok !== c.match) wrong.push(`${c.rule} ${JSON.stringify(c.input)} (${c.why}): validate ${v.ok}, want ${c.match}`);
      if (!v.ok && c.offset !== undefined && v.error.offset !== c.offset) {
        wrong.push(`${c.rule} ${JSON.stringify(c.input)} (${c.why}): offset ${v.error.offset}, want ${c.offset}`);
      }
      const d = b.check(c.rule, c.input);
      if (d !== undefined) wrong.push(d);
    }
    expect(wrong).toEqual([]);
  });

  it(`agrees with the reference on every string of up to ${EXHAUSTIVE_LENGTH} alphabet items`, () => {
    const inputs = allStrings(spec.alphabet, EXHAUSTIVE_LENGTH);
    for (const rule of spec.rules) expect(b.run(rule, inputs)).toEqual([]);
  });

  it("generates only strings the reference matches, and agrees on them", () => {
    const wrong: string[] = [];
    for (const [rule, s] of generated(spec, g, live, GENERATED, seed)) {
      if (!oracle.matches(rule, s)) wrong.push(`generated ${rule} ${JSON.stringify(s)} does not match`);
      if (hasLoneSurrogate(s)) wrong.push(`generated ${rule} ${JSON.stringify(s)} holds a lone surrogate`);
      const d = b.check(rule, s);
      if (d !== undefined) wrong.push(d);
      if (wrong.length >= 5) break;
    }
    expect(wrong).toEqual([]);
  });

  it("agrees with the reference on one-character mutations of generated strings", () => {
    const random = seededRandom(seed + 1);
    const edits = [...spec.alphabet, ...FOREIGN];
    const wrong: string[] = [];
    let rejected = 0;
    for (const [rule, s] of generated(spec, g, live, GENERATED, seed + 2)) {
      const m = mutate(s, edits, random);
      if (!oracle.matches(rule, m)) rejected++;
      const d = b.check(rule, m);
      if (d !== undefined && wrong.push(d) >= 5) break;
    }
    expect(wrong).toEqual([]);
    expect(rejected).toBeGreaterThan(GENERATED / 10); // the mutations do reach the rejecting paths
  });

  if (spec.empty.length > 0) {
    it("cannot generate a string of a rule whose language is empty", () => {
      for (const rule of spec.empty) expect(() => g.generate(rule, seededRandom(seed))).toThrow(RangeError);
    });
  }
}

describe.each(grammars.map((g, k) => [g.name, g, k] as const))("%s", (_name, spec, k) => {
  describe("built with the algebra from the reference's parse of the ABNF", () => {
    battery(spec, () => algebraFromAbnf([abnfText(spec)], { name: spec.name }), 8141 + 17 * k);
  });

  it("the fixture agrees with the reference (and the prefix oracle with brute force)", () => {
    const oracle = new Oracle(abnfText(spec));
    const wrong: string[] = [];
    for (const c of spec.cases) {
      if (oracle.matches(c.rule, c.input) !== c.match) wrong.push(`${c.rule} ${JSON.stringify(c.input)}: the reference says ${!c.match}`);
      if (!c.match && c.offset !== undefined && Math.max(0, oracle.viablePrefix(c.rule, c.input)) !== c.offset) {
        wrong.push(`${c.rule} ${JSON.stringify(c.input)}: the longest viable prefix is ${oracle.viablePrefix(c.rule, c.input)}, not ${c.offset}`);
      }
      if (!spec.rules.includes(c.rule)) wrong.push(`${c.rule} is not among the rules to test`);
      if (c.match && c.offset !== undefined) wrong.push(`${c.rule} ${JSON.stringify(c.input)}: an accepted case has no offset`);
    }
    // Every prefix of a matching string is viable (the other direction has no finite check).
    const inputs = allStrings(spec.alphabet, EXHAUSTIVE_LENGTH);
    for (const rule of spec.rules) {
      const prefixes = new Set<string>();
      for (const s of inputs) if (oracle.matches(rule, s)) for (let i = 0; i <= s.length; i++) prefixes.add(s.slice(0, i));
      if (spec.empty.includes(rule) && prefixes.size > 0) wrong.push(`${rule} is listed as empty but matches a short string`);
      for (const w of prefixes) {
        if (!hasLoneSurrogate(w) && oracle.viablePrefix(rule, w) !== w.length) wrong.push(`${rule}: ${JSON.stringify(w)} begins a match, the oracle says ${oracle.viablePrefix(rule, w)}`);
      }
      if (spec.empty.includes(rule) && oracle.viablePrefix(rule, "") !== -1) wrong.push(`${rule}: an empty language has no viable prefix`);
    }
    expect(wrong).toEqual([]);
  });
});

// RFC 8141 §2, written by hand with the algebra; pchar (RFC 3986 §3.3) is imported from the
// library's RFC 3986 grammar instead of copied.
const nidSpec = grammars.find((g) => g.name === "rfc8141-urn") as EngineGrammar;

const handWrittenUrn = (): Grammar =>
  grammar(
    {
      "assigned-name": seq(lit("urn"), lit(":"), ref("NID"), lit(":"), ref("NSS")),
      NID: seq(ref("alphanum"), rep(0, 30, ref("ldh")), ref("alphanum")),
      ldh: alt(ref("alphanum"), lit("-")),
      NSS: seq(ref("pchar"), many(alt(ref("pchar"), lit("/")))),
      alphanum: alt(ref("ALPHA"), ref("DIGIT")),
    },
    { name: "RFC 8141", imports: [rfc3986.pick("pchar")] },
  );

describe("rfc8141-urn, written by hand with the algebra (pchar imported from RFC 3986)", () => {
  battery(nidSpec, handWrittenUrn, 2141);

  it("has the same rules, printed alike, as the grammar converted from the ABNF", () => {
    const converted = algebraFromAbnf([abnfText(nidSpec)]);
    const hand = handWrittenUrn();
    for (const rule of nidSpec.rules) {
      expect(hand.ruleNames).toContain(converted.definition(rule)?.name);
      expect(hand.abnf(rule).replace(/[()]/g, "")).toBe(converted.abnf(rule).replace(/[()]/g, ""));
    }
    expect(hand.pick("pchar").sameAs(rfc3986.pick("pchar"))).toBe(true);
  });
});

describe("the battery itself", () => {
  it("notices a PEG's answer: the oracle of x = (\"a\" / \"ab\") \"b\" against a grammar that commits to \"a\"", () => {
    const spec = grammars.find((g) => g.name === "unordered-prefix-alternatives") as EngineGrammar;
    const peg = grammar({ x: seq(lit("a"), lit("b")), y: seq(lit("ab"), lit("b")), z: seq(lit("a"), lit("bc"), lit("c")) });
    const b = new Battery(peg, new Oracle(abnfText(spec)));
    expect(b.check("x", "abb")).toMatch(/reference true, isValid false/);
    expect(b.check("x", "ab")).toBeUndefined();
    expect(b.run("y", allStrings(spec.alphabet, 3)).length).toBeGreaterThan(0);
  });

  it("notices a wrong failure offset", () => {
    const spec = grammars.find((g) => g.name === "dec-octet") as EngineGrammar;
    // The same language as "two" for these inputs, but a different grammar for dec-octet's
    // prefixes: "25" followed by "6" stays viable here.
    const loose = algebraFromAbnf(['dec-octet = 1*3DIGIT\ntwo = dec-octet "." dec-octet\nDIGIT = %x30-39\n']);
    const b = new Battery(loose, new Oracle(abnfText(spec)));
    expect(b.check("dec-octet", "256")).toMatch(/reference false, isValid true/);
    expect(b.check("dec-octet", "2566")).toMatch(/offset 3, the longest viable prefix is 2/);
  });
});

// The generator bounds recursion by depth (maxDepth, 40 by default) and steers to the shortest
// derivation below it. A rule that refers to itself inside a repetition branches up to
// maxRepeat (6 by default) ways per level, so depth alone does not bound the size: the number
// of nodes grows like (mean branching)^maxDepth. A random string must come out in bounded work.
describe("generate on recursive rules, with the default options", () => {
  const recursive = {
    "balanced parentheses: p = \"(\" *p \")\"": grammar({ p: seq(lit("("), many(ref("p")), lit(")")) }),
    "nested lists: p = \"[\" [ p *( \",\" p ) ] \"]\" / \"1\"": algebraFromAbnf(['p = "[" [ p *( "," p ) ] "]" / "1"\n']),
  };
  const DRAWS = 200_000;

  it.each(Object.entries(recursive))("%s: 50 strings, each within 200,000 random draws", (_name, g) => {
    const oracle = new Oracle(g.toAbnf());
    const wrong: string[] = [];
    for (let seed = 0; seed < 50 && wrong.length === 0; seed++) {
      const inner = seededRandom(seed);
      let draws = 0;
      const budgeted = (n: number): number => {
        if (++draws > DRAWS) throw new Error(`seed ${seed}: more than ${DRAWS} random draws for one string`);
        return inner(n);
      };
      try {
        const s = g.generate("p", budgeted);
        if (!oracle.matches("p", s)) wrong.push(`seed ${seed}: ${JSON.stringify(s)} does not match`);
      } catch (e) {
        wrong.push(e instanceof Error ? e.message : String(e));
      }
    }
    expect(wrong).toEqual([]);
  });
});

// The position automaton has one position per character of a rule with its references expanded
// (src/abnf/automaton.ts): a bounded repetition of N items has N copies. RFC 5234 §3.7 allows any
// count; the engine compiles at most POSITION_LIMIT positions and EDGE_LIMIT edges per rule (and
// INSTANCE_LIMIT, STEP_LIMIT, COPY_LIMIT: test/bounded-work.test.ts), and measures a rule when it
// is first compiled, before anything that grows with its size is built.
describe("large bounded repetitions (POSITION_LIMIT, EDGE_LIMIT)", () => {
  const tooLarge = (f: () => unknown): GrammarError => {
    try {
      f();
    } catch (e) {
      if (e instanceof GrammarError) return e;
      throw e;
    }
    throw new Error("no GrammarError");
  };

  it("beyond the position limit: the GrammarError too-large when the rule is compiled, naming the rule the size is in", () => {
    // (a long string: a large repetition alone is counted and compiles, test/engine-counts.test.ts)
    const g = grammar({ a: lit("x".repeat(300_000)), b: seq(lit("<"), ref("a"), lit(">")), c: lit("c") });
    const e = tooLarge(() => g.compile("b"));
    expect([e.code, e.rule]).toEqual(["too-large", "a"]);
    expect(e.message).toMatch(/rule a expands to 300,000 character positions and joins, more than the engine's limit of 200,000, in its own definition/);
    // used, the first tier (the general engine, which builds nothing) answers, on any input
    // within the match's budgets (issue 33; a long input was refused alike until then)
    expect([g.isValid("<x>", "b"), g.validate("<x>", "b").ok]).toEqual([false, false]);
    expect([g.isValid(`<${"x".repeat(300_000)}>`, "b"), g.isValid(`<${"x".repeat(299_999)}>`, "b"), g.isValid("<x>", "b")]).toEqual([true, false, false]);
    expect(g.isValid("c", "c")).toBe(true);
    // counts do not nest: the inner repetition of a counted one is unrolled (300,000 characters,
    // the counted one's three joins, and the two literals)
    const b = tooLarge(() => grammar({ b: seq(lit("<"), rep(40, 40, rep(300_000, 300_000, lit("x"))), lit(">")) }).compile());
    expect(b.message).toMatch(/rule b expands to 300,005 character positions and joins/);
    // derive() makes grammars too, refused alike at use
    const fine = grammar({ a: rep(0, 3, lit("x")) });
    expect(tooLarge(() => fine.derive({ rules: { a: lit("x".repeat(300_000)) } }).compile("a")).rule).toBe("a");
  });

  it("beyond the edge limit: inside an unbounded repetition, a bounded repetition of an element that can match the empty string links every copy to every later one (no join there: test/engine-joins.test.ts)", () => {
    const e = tooLarge(() => grammar({ a: many(rep(0, 5000, opt(lit("x")))) }).compile("a"));
    expect([e.code, e.rule]).toEqual(["too-large", "a"]);
    expect(e.message).toMatch(/more than 4,000,000 edges/);
  });

  it("below the limits: a counted repetition of one character compiles (in time linear in the count) and matches exactly", () => {
    const N = 100_000;
    const g = grammar({ a: rep(0, N, lit("x")), b: rep(N, N, alt(lit("x"), lit("y"))) });
    expect(g.isValid("x".repeat(N), "a")).toBe(true);
    const v = g.validate("x".repeat(N + 1), "a");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([N, ["end of input"]]);
    expect(g.isValid("xy".repeat(N / 2), "b")).toBe(true);
    expect(g.isValid("xy".repeat(N / 2 - 1), "b")).toBe(false);
  });

  it("measures every rule's positions exactly as the automaton builds them (automatonSize), stubs and calls included", () => {
    const wrong: string[] = [];
    const check = (g: Grammar, what: string, stubs?: ReadonlySet<string>): void => {
      const calls = recursiveRules(g.analysis);
      const size = automatonSize(g.analysis, calls, stubs);
      for (const n of g.ruleNames) {
        const def = g.definition(n) as RuleDefinition;
        const built = buildAutomaton(def, g.analysis, calls, { stubs, hooks: WHOLE_HOOKS }).positions.length;
        const counted = size(def.expr).positions;
        if (built !== counted) wrong.push(`${what} ${n}: ${counted} counted, ${built} built`);
      }
    };
    for (const spec of grammars) check(algebraFromAbnf([abnfText(spec)]), spec.name);
    check(rfc3986, "RFC 3986");
    check(rfc3986, "RFC 3986 with IP-literal as a stub", new Set(["ip-literal"]));
    check(rfc3987, "RFC 3987");
    const random = seededRandom(3986);
    for (let k = 0; k < 300; k++) {
      const r = grammarFromAbnf(randomAbnf(random));
      if (r.ok) check(r.value, `random grammar ${k}`);
    }
    expect(wrong).toEqual([]);
  });
});

// Memoized calls (src/abnf/calls.ts, CallRun): on a grammar where each (rule, offset) has few
// ends, such as this LL(1) one, a match costs time and memory linear in the input: a call's
// simulation drops each offset's positions once followed, and while one offset at a time is
// pending it keeps no map or heap of them. Deeply nested input runs on an explicit stack: 25,000
// parentheses are 50,000 nested calls, where the engine's call stack (calls.ts, CallRun#complete)
// or the semantics' walk (semantics.ts, #fill) made recursive overflows Node's stack (measured:
// both overflow below 2,000 parentheses). `npm run test:long` multiplies the length (--scale 8:
// the 400,000 characters npm test ran until these cost it 30 CPU-s). (No timing here: bench
// figures are in the commit message.)
describe("memoized calls on long inputs: e = t *( \"+\" t ), t = \"x\" / \"(\" e \")\"", () => {
  const loaded = grammarFromAbnf('e = t *( "+" t )\nt = "x" / "(" e ")"\n');
  if (!loaded.ok) throw loaded.error;
  const g = loaded.value;
  const N = 2 * runs(25_000);
  const flat = "x" + "+x".repeat(N / 2 - 1);
  const depth = N / 2 - 1;
  const nested = "(".repeat(depth) + "x" + ")".repeat(depth);

  it.each([
    ["x+x+…+x", flat, true, undefined],
    ["((…(x)…))", nested, true, undefined],
    // (labels in the one order of automaton-size.ts inOneOrder: characters by code point)
    ["x+x+…+x+", `${flat}+`, false, [N, ['"("', '"x"']]],
    ["((…(x)…) with one \")\" missing", nested.slice(0, -1), false, [N - 2, ['")"', '"+"']]],
    ["((…(x+)…))", `${"(".repeat(depth)}x+${")".repeat(depth)}`, false, [depth + 2, ['"("', '"x"']]],
  ] as const)("%s (%#)", (_what, input, ok, failure) => {
    expect(input.length).toBeGreaterThanOrEqual(N - 2);
    expect(g.isValid(input, "e")).toBe(ok);
    const v = g.validate(input, "e");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual(failure);
    expect(P.string("<").then(g.rule("e")).skip(P.string(">")).parse(`<${input}>`).status).toBe(ok);
  });

  it(`semantics on them: a derivation of every call (${N.toLocaleString("en")} characters)`, () => {
    const sem = semantics(g, { e: (m: Match) => m.all("t").length }, { captures: ["t"] });
    expect(sem.parse(flat, "e")).toEqual({ ok: true, value: N / 2 });
    const outer = semantics(g, { e: (m: Match) => m.children.map((c) => [c.rule, c.start, c.end]) }, { captures: ["t"] });
    expect(outer.parse(nested, "e")).toEqual({ ok: true, value: [["t", 0, nested.length]] });
  });
});

describe("expected labels of memoized calls after a closed bracket (RFC 8259 JSON-text)", () => {
  // A frame whose furthest offset was reached by one step of the DFA once read stale landings
  // of an earlier offset (the "]" that closed the array), and kept them for that step: what a
  // failure expected then depended on the inputs matched before.
  const text = readFileSync(path.join(__dirname, "..", "fixtures", "abnf", "rfc", "rfc8259-sections-2-7.abnf"), "utf8");
  const ws = ["%x09", "%x0A", "%x0D", "%x20"]; // (automaton-size.ts inOneOrder: by code point)
  it.each([
    [["[\n] x", "[] x"]],
    [["[ ] x", "[[]] x", "[1] x"]],
    [["[1,\t2\r] x", "[] x"]],
  ] as const)("%j, in this order on a new grammar, fail where only whitespace or the end may stand", (inputs) => {
    const json = grammarFromAbnf(text);
    if (!json.ok) throw json.error;
    for (const input of inputs) {
      const v = json.value.validate(input, "JSON-text");
      expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([input.length - 1, [...ws, "end of input"]]);
    }
  });
});
