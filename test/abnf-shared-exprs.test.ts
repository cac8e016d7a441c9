// An expression built in code may use one sub-expression object several times (`e = seq(e, e)`):
// K levels stand for 2^K leaves from K + 1 objects. grammar()'s checks (deepestNesting, the
// references a rule makes) visit each object once, so their work is linear in the objects, not in
// the tree they stand for (fuzz finding: K=20 0.97 s, K=24 13 s). Held by answers that a walk
// of the tree could not give (2^64 and 2^450 leaves), not by timing.
import { grammar, GrammarError, lit, ref, seq, alt } from "../src/abnf/index";
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
