// Joins (src/abnf/automaton.ts, Position.join): a concatenation whose direct edges would be many
// goes through a position that reads nothing, so that a chain of N elements that can each match
// "" (`e e … e "x"`, `N( [ "a" ] ) "b"`, every expression of a URI template) compiles to O(N)
// positions and edges, not N²/2 (issue 30 item 1). Counted here by what the builder makes (no
// timing), and checked exact: with a join at every concatenation (JOINS.cost 0) and with none
// (JOINS.cost Infinity), every grammar answers the same, with the same "expected" labels, the
// same longest matches and the same derivations (semantics trees).
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { grammarFromAbnf, GrammarError, semantics, seededRandom, type Grammar, type Match } from "../src/abnf/index";
import { buildAutomaton, JOINS, type Automaton } from "../src/abnf/automaton";
import { recursiveRules } from "../src/abnf/analysis";
import { matchLongest, matchWhole } from "../src/abnf/engine";
import { hasCodePoint } from "../src/abnf/charset";
import { dfaLabels } from "../src/abnf/labels";
import { allStrings, mutate, randomAbnf } from "./helpers/abnf-algebra";
import { readJson } from "./helpers/fixtures";

const load = (text: string): Grammar => {
  const r = grammarFromAbnf(text);
  if (!r.ok) throw r.error;
  return r.value;
};

/** `f` with JOINS.cost set to `cost` (restored after). */
function withJoins<T>(cost: number, f: () => T): T {
  const saved = JOINS.cost;
  JOINS.cost = cost;
  try {
    return f();
  } finally {
    JOINS.cost = saved;
  }
}

interface Size {
  readonly positions: number;
  readonly joins: number;
  /** Edges kept. */
  readonly edges: number;
  /** Edges and occurrence copies the builder made on the way (Automaton.counted). */
  readonly work: number;
}

const sizeOf = (a: Automaton): Size => ({
  positions: a.positions.length,
  joins: a.positions.filter((p) => p.join === true).length,
  edges: a.follow.reduce((n, l) => n + l.length, 0) + a.start.length,
  work: a.counted.edges + a.counted.copies,
});

function automatonOf(text: string, rule = "r"): Automaton {
  const g = load(text);
  return buildAutomaton(g.analysis.rule(rule), g.analysis, recursiveRules(g.analysis));
}

// Chains of elements that can match "", by their length N.
const chains: readonly { readonly name: string; readonly abnf: (n: number) => string; readonly yes: (n: number) => string; readonly no: (n: number) => string }[] = [
  { name: 'r = e e … e "x", e = [ "a" ]', abnf: (n) => `r = ${Array.from({ length: n }, () => "e").join(" ")} "x"\ne = [ "a" ]\n`, yes: (n) => "a".repeat(n >> 1) + "x", no: (n) => "a".repeat(n + 1) + "x" },
  { name: 'r = N( [ "a" ] ) "b"', abnf: (n) => `r = ${n}( [ "a" ] ) "b"\n`, yes: (n) => "a".repeat(n) + "b", no: (n) => "a".repeat(n + 1) + "b" },
  { name: 'r = N( e ) "x", e = "" / "y"', abnf: (n) => `r = ${n}( e ) "x"\ne = "" / "y"\n`, yes: (n) => "y".repeat(n >> 2) + "x", no: (n) => "y".repeat(n + 1) + "x" },
  { name: "r = 0*N[ \"x\" ]", abnf: (n) => `r = 0*${n}[ "x" ]\n`, yes: (n) => "x".repeat(n), no: (n) => "x".repeat(n + 1) },
  {
    name: "a URI template's shape: r = v v … v, v = *( ALPHA / \"%\" 2HEXDIG ) \"/\" / \"\"",
    abnf: (n) => `r = ${Array.from({ length: n }, (_, i) => `v${i % 7}`).join(" ")}\n${Array.from({ length: 7 }, (_, i) => `v${i} = *( ALPHA / "%" 2HEXDIG ) "/" / ""`).join("\n")}\nALPHA = %x41-5A / %x61-7A\nHEXDIG = %x30-39 / "A" / "B" / "C" / "D" / "E" / "F"\n`,
    yes: (n) => "ab/%41/".repeat(n >> 2),
    no: (n) => "a/".repeat(n + 1),
  },
];

describe("a chain of N elements that can match the empty string compiles in size linear in N (joins)", () => {
  it.each(chains.map((c) => [c.name, c] as const))("%s: positions, edges and the builder's work grow linearly; answers are right", (_name, c) => {
    const sizes = [100, 200, 400, 800].map((n) => {
      const a = automatonOf(c.abnf(n));
      const g = load(c.abnf(n));
      expect([g.isValid(c.yes(n), "r"), g.isValid(c.no(n), "r")]).toEqual([true, false]);
      return { n, ...sizeOf(a) };
    });
    for (const s of sizes) {
      // a few positions per element (the template's shape has 5 characters and 2 joins an element)
      expect(s.positions).toBeLessThanOrEqual(8 * s.n);
      expect(s.edges).toBeLessThanOrEqual(40 * s.n);
      expect(s.work).toBeLessThanOrEqual(120 * s.n);
    }
    // doubling N at most doubles them (with a little slack for the fixed part)
    for (let i = 1; i < sizes.length; i++) {
      const [x, y] = [sizes[i - 1] as Size, sizes[i] as Size];
      expect(y.edges).toBeLessThanOrEqual(2.1 * x.edges);
      expect(y.work).toBeLessThanOrEqual(2.1 * x.work);
    }
  });

  it("the bound is not loose: without joins, the same chains grow with the square of N", () => {
    const chain = chains[1] as (typeof chains)[number];
    const at = (n: number): Size => withJoins(Infinity, () => sizeOf(automatonOf(chain.abnf(n))));
    const [small, large] = [at(100), at(200)];
    expect(small.joins).toBe(0);
    expect(large.edges).toBeGreaterThan(3.5 * small.edges);
    expect(large.edges).toBeGreaterThan(40 * 200);
    // and with joins, a fraction of that
    expect(large.edges).toBeGreaterThan(4 * sizeOf(automatonOf(chain.abnf(200))).edges);
  });

  it("2,000 elements that can each match \"\" compile and match (refused as too large without joins)", () => {
    const n = 2_000;
    const g = load(`r = ${n}( e ) "x"\ne = [ "a" ] [ "b" ]\n`);
    // (short inputs: a long one makes a new state of O(N) positions at each character, the
    // DFA's cost on such a rule with or without joins)
    expect(g.isValid("ab".repeat(100) + "x", "r")).toBe(true);
    expect(g.isValid("ba".repeat(3) + "x", "r")).toBe(true);
    const v = g.validate("abba" + "c", "r");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([4, ['"a"', '"b"', '"x"']]);
    const refused = withJoins(Infinity, () => {
      try {
        load(`r = ${n}( e ) "x"\ne = [ "a" ] [ "b" ]\n`).compile("r");
      } catch (e) {
        if (e instanceof GrammarError) return e.code;
        throw e;
      }
      return "compiled";
    });
    expect(refused).toBe("too-large");
  });

  it("the labels of a state on a chain walk each join once: reads of the automaton grow linearly with N (\"expected\" on a long chain)", () => {
    // After "a", the DFA state holds the "a" of every element; each one's edge leads into the
    // chain of joins behind it. One label computation shares the joins it has walked, so it reads
    // each position's edges a bounded number of times, not once per element before it.
    const readsAt = (n: number): { reads: number; labels: readonly string[] } => {
      const a = automatonOf(chains[0]!.abnf(n));
      let reads = 0;
      const follow = new Proxy(a.follow, {
        get(target, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const counted: Automaton = { ...a, follow };
      const positions = a.positions.flatMap((p, i) => (p.join !== true && p.set.length > 0 && hasCodePoint(p.set, 0x61) ? [i] : []));
      expect(positions.length).toBe(n);
      const labels = dfaLabels(counted, { positions }, 0x61);
      return { reads, labels };
    };
    const [small, large] = [readsAt(400), readsAt(800)];
    expect(small.labels).toEqual(['"a"', '"x"']);
    expect(large.labels).toEqual(small.labels);
    expect(large.reads).toBeLessThanOrEqual(2.2 * small.reads);
    expect(large.reads).toBeLessThanOrEqual(12 * 800);
  });

  it("inside an unbounded repetition no join starts the body (every iteration reads a character): *( e e e ) matches as before", () => {
    const text = `r = *( ${Array.from({ length: 40 }, () => "e").join(" ")} ) "x"\ne = [ "a" ] / "b" "c"\n`;
    const a = automatonOf(text);
    // joins inside the body, after what cannot match "" only: no cycle of the automaton reads nothing
    const g = load(text);
    for (const s of ["x", "ax", "bcx", "abcbcax", "a".repeat(200) + "x", "bx", "abx"]) {
      expect([s, g.isValid(s, "r")]).toEqual([s, withJoins(Infinity, () => load(text).isValid(s, "r"))]);
    }
    expect(a.positions.length).toBeGreaterThan(0);
  });
});

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
        longest = [l.end, l.furthest, l.expected];
      } catch (e) {
        longest = e instanceof Error ? e.name : "?";
      }
      out.push([rule, s, v.ok ? tree(sem.match(rule, s)) : [v.error.offset, v.error.expected], longest]);
    }
  }
  return out;
}

describe("joins change no answer, label, longest match or derivation (JOINS.cost 0 against none)", () => {
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
    const none = withJoins(Infinity, () => answers(text, c.rules, inputs));
    const every = withJoins(0, () => answers(text, c.rules, inputs));
    expect(every).toEqual(none);
  });

  it("fixtures/engine/derivations.json (recursive rules that match the empty string: the memoized calls' derivations)", () => {
    const { cases } = readJson<{ cases: readonly { abnf: readonly string[]; rule: string; input: string }[] }>("engine", "derivations.json");
    for (const c of cases) {
      const text = c.abnf.join("\n") + "\n";
      const inputs = [c.input, c.input.slice(1), c.input + c.input, ""];
      expect(withJoins(0, () => answers(text, [c.rule], inputs))).toEqual(withJoins(Infinity, () => answers(text, [c.rule], inputs)));
    }
  });

  it("RFC 8259 (JSON, recursive) and RFC 3986 as published", () => {
    const rfc = (name: string): string => readFileSync(path.join(__dirname, "..", "fixtures", "abnf", "rfc", name), "utf8");
    const json = rfc("rfc8259-sections-2-7.abnf");
    const jsonInputs = ['{"a":[1,2.5e3,true,null,"x\\u00e9"]}', " [ ] ", '{"a" 1}', "[1,]", '"\\q"', "-0.5E+2", "[[[[{}]]]]"];
    expect(withJoins(0, () => answers(json, ["JSON-text", "value", "number"], jsonInputs))).toEqual(withJoins(Infinity, () => answers(json, ["JSON-text", "value", "number"], jsonInputs)));
    const uri = rfc("rfc3986-appendix-a.abnf") + rfc("rfc5234-appendix-b1.abnf");
    const uriInputs = ["http://a/b/c/d;p?q", "//[v1.x]:8/%41", "a:", "g;x?y#s", "../g", "http://[::1", "x://u@h:p/", "%zz"];
    expect(withJoins(0, () => answers(uri, ["URI-reference", "authority", "IPv6address"], uriInputs))).toEqual(
      withJoins(Infinity, () => answers(uri, ["URI-reference", "authority", "IPv6address"], uriInputs)),
    );
  });

  // Issue 33: behind a join, a call of a recursive rule that can match "" was not looked past:
  // `r = "a" n "b"`, `n = "(" n ")" / ""` on "a" expected only "(" by the memoized calls
  // (the compiled tier) with a join between "a" and n, where it expects "(" and "b".
  it("what follows a recursive call that can match \"\" is expected where the call starts, also when a join leads to the call (the compiled tier)", () => {
    const texts = [
      `r = "a" n "b"\nn = "(" n ")" / ""\n`,
      `r = "a" n n "b"\nn = "(" n ")" / ""\n`,
      `r = "a" [ n ] "b" / "a" "c"\nn = "(" n ")" / ""\n`,
      `r = "a" *( n "," ) "b"\nn = "(" n ")" / ""\n`,
      `r = "a" n [ "x" ] [ "y" ] "b"\nn = "(" n ")" / ""\n`,
      `r = "a" m "b"\nm = n\nn = "(" n ")" / ""\n`,
      `r = "a" p "b"\np = n\nn = "(" p ")" / ""\n`,
    ];
    const inputs = ["a", "ax", "a(", "a(x", "a()(", "a,", "ac", "a()x"];
    const compiled = (text: string, s: string): unknown => {
      const g = load(text);
      const w = matchWhole(g.compiled, "r", s);
      const l = matchLongest(g.compiled, "r", s, 0);
      return [text, s, w === undefined ? "yes" : [w.offset, w.expected], [l.end, l.furthest, l.expected]];
    };
    const every = texts.flatMap((t) => inputs.map((s) => withJoins(0, () => compiled(t, s))));
    expect(every).toEqual(texts.flatMap((t) => inputs.map((s) => withJoins(Infinity, () => compiled(t, s)))));
    // and the first tier says the same
    const first = (t: string, s: string): unknown => {
      const v = load(t).validate(s, "r");
      return v.ok ? "yes" : [v.error.offset, v.error.expected];
    };
    expect(texts.flatMap((t) => inputs.map((s) => withJoins(0, () => first(t, s))))).toEqual(every.map((x) => (x as unknown[])[2]));
    expect(withJoins(0, () => compiled(texts[0] as string, "a"))).toEqual([texts[0], "a", [1, ['"("', '"b"']], [-1, 1, ['"("', '"b"']]]);
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
        expect(withJoins(0, () => answers(text, g.ruleNames, list))).toEqual(withJoins(Infinity, () => answers(text, g.ruleNames, list)));
      }),
      { numRuns: 12, seed: 30 },
    );
  });
});
