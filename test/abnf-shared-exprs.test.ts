// An expression built in code may use one sub-expression object several times (`e = seq(e, e)`):
// K levels stand for 2^K leaves from K + 1 objects. grammar()'s checks (deepestNesting, the
// references a rule makes) visit each object once, so their work is linear in the objects, not in
// the tree they stand for (fuzz finding: K=20 0.97 s, K=24 13 s). Held by answers that a walk
// of the tree could not give (2^64 and 2^450 leaves), not by timing.
import { grammar, GrammarError, lit, ref, rep, seq, alt, opt, prose, seededRandom } from "../src/abnf/index";
import type { Expr } from "../src/abnf/expr";

/** `seq(e, e)` k times over `leaf`. */
function doubled(k: number, leaf: Expr = lit("a")): Expr {
  let e = leaf;
  for (let i = 0; i < k; i++) e = seq(e, e);
  return e;
}

describe("grammar() on expressions that share their parts", () => {
  it("64 levels of doubling (2^64 leaves from 65 objects), with references: checked, an undefined one reported", () => {
    const g = grammar({ x: doubled(64, seq(lit("a"), ref("y"))), y: alt(lit("b"), ref("z")), z: lit("c") });
    expect(g.has("x")).toBe(true);
    expect(() => grammar({ x: doubled(64, seq(lit("a"), ref("y"))) })).toThrow(GrammarError);
  });

  it("answers as before: rules defined, references checked, nesting measured", () => {
    const g = grammar({ x: doubled(3, seq(lit("a"), ref("y"))), y: lit("b") });
    expect(g.isValid("ab".repeat(8), "x")).toBe(true);
    expect(g.isValid("ab".repeat(7), "x")).toBe(false);
    // an undefined reference, reached only through shared parts, is still reported
    expect(() => grammar({ x: doubled(20, seq(lit("a"), ref("nope"))) })).toThrow(GrammarError);
    // nesting deeper than the engine follows: the typed "too-deep", from 401 objects
    let code = "";
    try {
      grammar({ x: doubled(450) });
    } catch (e) {
      code = e instanceof GrammarError ? e.code : "untyped";
    }
    expect(code).toBe("too-deep");
    // 399 levels of doubling and a leaf: 400 deep, the limit, accepted
    expect(() => grammar({ x: doubled(399) })).not.toThrow();
  });
});

// Past grammar(): the analyses a rule's first use reads (what can match "", what matches
// nothing) and derive()'s renaming visit each object once too (they walked the tree: isValid at
// 2^22 leaves 0.36 s, 2^26 5.2 s before the typed "too-large"; derive 2^26 3.8 s).
describe("using and deriving a grammar whose expressions share their parts", () => {
  const codeOf = (f: () => unknown): string => {
    try {
      f();
      return "none";
    } catch (e) {
      return e instanceof GrammarError ? e.code : "untyped";
    }
  };

  it("a rule of 2^40 characters: the typed too-large when compiled, not a walk of the tree", () => {
    const g = grammar({ x: doubled(40) });
    expect(codeOf(() => g.compile("x"))).toBe("too-large");
    // used, the first tier answers without building anything
    expect([g.isValid("a", "x"), g.validate("aab", "x").ok]).toEqual([false, false]);
    // no regex for a rule too large to compile
    expect(g.pattern("x")).toBeUndefined();
  });

  it("what can match the empty string, and what matches nothing, over 2^40 leaves", () => {
    // alt(e, e) of a leaf that matches neither "" nor anything: each question reads every branch
    expect(grammar({ x: seq(lit("a"), opt(doubledAlt(40, prose("never")))) }).isValid("a", "x")).toBe(true);
    // 2^40 empty literals: nullable, read once each; their automaton is truly 2^40 steps, too
    // large to compile, so the general engine matches it, reading each shared object once an offset
    const g = grammar({ x: seq(doubled(40, lit("")), lit("b")) });
    expect(codeOf(() => g.compile("x"))).toBe("too-large");
    expect([g.isValid("b", "x"), g.isValid("ab", "x")]).toEqual([true, false]);
  });

  it("derive() renames the references of 2^40 leaves, keeping the sharing", () => {
    const g = grammar({ x: doubled(40, seq(lit("a"), ref("y"))), y: lit("b") });
    const d = g.derive({ rename: { y: "w" } });
    expect(d.has("w") && !d.has("y")).toBe(true);
    const x = d.definition("x")?.expr;
    expect(x?.type === "seq" && x.items[0] === x.items[1]).toBe(true);
  });
});

describe("matching, generating and comparing over shared parts", () => {
  it("an alternation of 2^40 equal choices is one character class: matched, its regex derived", () => {
    const g = grammar({ x: seq(doubledAlt(40, lit("a")), lit("b")) });
    expect(g.isValid("Ab", "x")).toBe(true);
    expect(g.isValid("bb", "x")).toBe(false);
    expect(g.pattern("x")).toBe("[Aa][Bb]");
  });

  it("generate() reads a shared part's shortest derivation once", () => {
    const g = grammar({ x: seq(doubledAlt(40, alt(lit("a"), ref("y"))), lit("c")), y: lit("b") });
    const s = g.generate("x", seededRandom(7));
    expect(["ac", "bc", "Ac", "Bc", "aC", "bC", "AC", "BC"]).toContain(s);
  });

  it("generate() of a rule whose shortest string has 2^40 characters: the typed too-large", () => {
    let code = "";
    try {
      grammar({ x: doubled(40) }).generate("x", seededRandom(1));
    } catch (e) {
      code = e instanceof GrammarError ? e.code : "untyped";
    }
    expect(code).toBe("too-large");
    expect(grammar({ x: doubled(10) }).generate("x", seededRandom(1)).toLowerCase()).toBe("a".repeat(1024));
  });

  it("generate() refuses a rule whose every string takes more than its bound before it expands anything (fuzz round 3)", () => {
    // (each took 2-10 s to reach the refusal while expanding; refused now before the first random draw)
    const cases: readonly [string, Expr][] = [
      ["x = 4294967296\"a\"", rep(4294967296, 4294967296, lit("a"))],
      ["x = 1000000(1000000\"a\")", rep(1000000, 1000000, rep(1000000, 1000000, lit("a")))],
      ["x = 2*3( 2000001\"a\" )", rep(2, 3, rep(2000001, 2000001, lit("a")))],
      ["x = y y, y = 2000001\"a\" / 2000002\"b\"", seq(ref("y"), ref("y"))],
      ["2^40 leaves", doubled(40)],
    ];
    const y = alt(rep(2000001, 2000001, lit("a")), rep(2000002, 2000002, lit("b")));
    const answers = cases.map(([name, x]) => {
      let draws = 0;
      try {
        grammar({ x, y }).generate("x", () => (draws++, 0));
        return `${name}: generated`;
      } catch (e) {
        return `${name}: ${e instanceof GrammarError ? e.code : "untyped"} after ${draws} draws`;
      }
    });
    expect(answers).toEqual(cases.map(([name]) => `${name}: too-large after 0 draws`));
    // a rule within the bound is still generated: at most 4,000,000 expressions
    expect(grammar({ x: seq(rep(1000, 1000, seq(lit("a"), lit("b"))), ref("y")), y: lit("c") }).generate("x", seededRandom(3)).length).toBe(2001);
  });

  it("sameAs() compares two grammars built apart, each of 2^40 leaves, pair by pair once", () => {
    const a = grammar({ x: doubled(40, seq(lit("a"), ref("y"))), y: lit("b") });
    expect(a.sameAs(grammar({ x: doubled(40, seq(lit("a"), ref("y"))), y: lit("b") }))).toBe(true);
    expect(a.sameAs(grammar({ x: doubled(40, seq(lit("a"), ref("y"))), y: lit("c") }))).toBe(false);
    expect(a.sameAs(grammar({ x: doubled(40, seq(lit("A"), ref("z"))), y: lit("b"), z: lit("b") }))).toBe(false);
  });
});

/** `alt(e, e)` k times over `leaf`. */
function doubledAlt(k: number, leaf: Expr): Expr {
  let e = leaf;
  for (let i = 0; i < k; i++) e = alt(e, e);
  return e;
}
