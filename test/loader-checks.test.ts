// Rules checked in code (GrammarOptions.checks, LoadOptions.checks): a predicate on the text a
// rule's ABNF matched, or a parsimmon parser, bound to a rule name without rewriting the
// grammar; a prose rule supplied so; diagnostics name the rule as any rule (issue 33 item 5).
import P from "parsimmon";
import { grammar, grammarFromAbnf, grammarFromAbnfOrThrow, GrammarError, lit, prose, ref, semantics, seq } from "../src/abnf/index";
import { readJson } from "./helpers/fixtures";

// an OData-like path: the entity sets a service has are a list the ABNF cannot hold
const TEXT = `
path            = "/" entitySet [ "(" key ")" ]
entitySet       = odataIdentifier
key             = 1*DIGIT / NID
odataIdentifier = ALPHA *( ALPHA / DIGIT / "_" )
NID             = <a namespace identifier, see the registry>
`;
const allowed = new Set(["Products", "Orders"]);
const checks = { entitySet: (t: string) => allowed.has(t), NID: P.regexp(/[a-z]{2,}/) };

describe("rules checked in code", () => {
  const g = grammarFromAbnfOrThrow(TEXT, { checks });

  it("a predicate narrows a rule's ABNF; a parser supplies a prose rule; both work inside other rules", () => {
    expect(["/Products", "/Orders(12)", "/Orders(isbn)"].map((s) => g.isValid(s, "path"))).toEqual([true, true, true]);
    expect(["/Customers", "/Orders(I)", "/Orders(isbn2)"].map((s) => g.isValid(s, "path"))).toEqual([false, false, false]);
    expect(g.isValid("Orders", "entitySet")).toBe(true);
    expect(g.isValid("Order", "entitySet")).toBe(false);
    expect(g.isValid("isbn", "NID")).toBe(true);
    expect(g.rule("path").tryParse("/Orders(12)")).toBe("/Orders(12)");
    expect(g.isLinear("path")).toBe(false);
  });

  it("names the rule in diagnostics, as any rule", () => {
    const v = g.validate("/Customers", "path");
    expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([1, ["entitySet"]]);
    const w = g.validate("/Orders(I)", "path");
    expect(w.ok ? undefined : [w.error.offset, w.error.expected]).toEqual([8, ["DIGIT", "NID"]]);
  });

  it("semantics see the checked rules' text", () => {
    const s = semantics(g, { path: (m) => ({ set: m.first("entitySet")?.text, key: m.first("key")?.text }) }, { captures: ["entitySet", "key", "NID"] });
    expect(s.parse("/Orders(isbn)", "path")).toEqual({ ok: true, value: { set: "Orders", key: "isbn" } });
  });

  it("a predicate on a prose rule is tried on every span from the call", () => {
    const h = grammarFromAbnfOrThrow('pair = word "=" word\nword = <a word of the dictionary>\n', { checks: { word: (t: string) => ["key", "value"].includes(t) } });
    expect(h.isValid("key=value", "pair")).toBe(true);
    expect(h.isValid("key=valu", "pair")).toBe(false);
  });

  it("without the check the prose rule is unsupplied; a check must name a rule and be a function or a parser", () => {
    expect(grammarFromAbnf(TEXT).ok ? "" : (grammarFromAbnf(TEXT) as { error: { code: string } }).error.code).toBe("unsupplied-prose");
    const unknown = grammarFromAbnf(TEXT, { checks: { ...checks, entitySett: () => true } });
    expect(unknown.ok ? "" : unknown.error.shortMessage).toContain("entitySett");
    expect(() => grammarFromAbnf(TEXT, { checks: { ...checks, key: 42 as never } })).toThrow(TypeError);
  });

  it("grammar(), derive() and pick() keep the checks", () => {
    const a = grammar({ x: seq(lit("<"), ref("y"), lit(">")), y: prose("anything short") }, { checks: { y: P.regexp(/[a-z]{1,3}/) } });
    expect([a.isValid("<abc>", "x"), a.isValid("<abcd>", "x")]).toEqual([true, false]);
    const b = a.derive({ rename: { y: "z" } });
    expect([b.isValid("<abc>", "x"), b.isValid("<abcd>", "x")]).toEqual([true, false]);
    expect(a.pick("x").isValid("<ab>", "x")).toBe(true);
    expect(() => grammar({ x: lit("x") }, { checks: { y: () => true } })).toThrow(GrammarError);
  });
});

// What a check may answer (fixtures/loader/check-answers.json, fuzz-12 item 4): true or false;
// anything else is a TypeError; a check that throws is the GrammarError "check-threw" with what it
// threw as its cause, so that a match throws only the engine's typed errors.
describe("a check's answers: true, false, a wrong type, a throw", () => {
  interface Row {
    readonly returns?: unknown;
    readonly throws?: string;
    readonly thrownAsString?: boolean;
    readonly answer: boolean | "TypeError" | "check-threw";
  }
  interface Reply {
    readonly reply?: unknown;
    readonly noReply?: boolean;
    readonly statusThrows?: string;
    readonly answer: boolean | "TypeError" | "check-threw";
  }
  const fx = readJson<{ abnf: readonly string[]; input: string; predicates: readonly Row[]; parsers: readonly Row[]; replies: { rows: readonly Reply[] } }>("loader", "check-answers.json");
  const text = fx.abnf.join("\n") + "\n";
  const outcome = (g: ReturnType<typeof grammarFromAbnfOrThrow>, thrown: unknown): unknown => {
    try {
      return [g.isValid(fx.input, "x"), g.validate(fx.input, "x").ok];
    } catch (e) {
      if (e instanceof GrammarError) return [e.code, e.rule, e.cause === thrown, e.message.includes("secret")];
      return e instanceof TypeError ? [e.name, e.message.includes("rule y")] : e;
    }
  };
  const expected = (r: Row, thrown: unknown): unknown => (r.answer === "TypeError" ? ["TypeError", true] : r.answer === "check-threw" ? ["check-threw", "y", true, false] : (void thrown, [r.answer, r.answer]));

  it.each(fx.predicates.map((r) => [JSON.stringify(r.throws ?? r.returns), r] as const))("a predicate: %s", (_name, r) => {
    const thrown = r.throws === undefined ? undefined : r.thrownAsString ? r.throws : new Error(r.throws);
    const g = grammarFromAbnfOrThrow(text, {
      checks: {
        y: () => {
          if (thrown !== undefined) throw thrown;
          return r.returns as boolean;
        },
      },
    });
    expect(outcome(g, thrown)).toEqual(expected(r, thrown));
  });

  it.each(fx.parsers.map((r) => [r.throws as string, r] as const))("a parser that throws: %s", (_name, r) => {
    const thrown = new Error(r.throws);
    const g = grammarFromAbnfOrThrow(text, {
      checks: {
        y: P.regexp(/[a-z]+/).map((t) => {
          throw Object.assign(thrown, { text: t });
        }),
      },
    });
    expect(outcome(g, thrown)).toEqual(expected(r, thrown));
  });

  // a parser's action returns a reply (parsimmon's own are { status, index, ... }): one written
  // by hand, or a wrapper's bug, may return anything (fuzz round 18)
  it.each(fx.replies.rows.map((r) => [r.statusThrows ?? (r.noReply === true ? "undefined" : JSON.stringify(r.reply)), r] as const))("a parser whose action returns %s", (_name, r) => {
    const thrown = r.statusThrows === undefined ? undefined : new Error(r.statusThrows);
    const reply = (): unknown => {
      if (thrown !== undefined) {
        return {
          get status(): boolean {
            throw thrown;
          },
          index: 7,
        };
      }
      return r.noReply === true ? undefined : r.reply;
    };
    const g = grammarFromAbnfOrThrow(text, { checks: { y: P(reply as unknown as Parameters<typeof P>[0]) } });
    expect(outcome(g, thrown)).toEqual(expected(r, thrown));
  });
});

// A predicate on a rule whose ABNF ends at many offsets from one start is called on each span
// (fuzz-12 item 4): `y = 1*ALPHA` inside `x = 1*y` on n letters is about n^2 / 2 calls, each its
// text's length in steps, so a valid input of 200,000 letters is past the work budget. A parser
// takes one end (its longest match): the way docs/guide/abnf.md gives for such a rule.
describe("a check on a rule with many ends", () => {
  const text = "x = 1*y\ny = 1*ALPHA\n";
  const even = (t: string): boolean => t.length % 2 === 0;
  const long = "a".repeat(200_000);

  it("a predicate: a call per span, past the budget on 200,000 letters (documented)", () => {
    const g = grammarFromAbnfOrThrow(text, { checks: { y: even } });
    expect([g.isValid("aaaa", "x"), g.isValid("aaa", "x")]).toEqual([true, false]);
    const v = g.validate(long, "x");
    expect(v.ok ? "ok" : v.error.name).toBe("MatchLimitError");
  });

  it("a parser: one end per start, 200,000 letters answered", () => {
    const parser = P.regexp(/[A-Za-z]+/).chain((t) => (even(t) ? P.succeed(t) : P.fail("an even number of letters")));
    const g = grammarFromAbnfOrThrow(text, { checks: { y: parser } });
    expect([g.isValid(long, "x"), g.isValid(long + "a", "x"), g.isValid("aaaa", "x")]).toEqual([true, false, true]);
  });
});

// An imported grammar's rules come with their checks (fuzz round 18): importing an allow-list
// rule dropped its check, so the new grammar accepted what the import refuses, and a prose rule
// supplied by an import that checks it by a parser matched nothing. A check the importer gives
// for the same rule replaces the import's, as for any rule.
describe("an imported grammar's checks come with its rules", () => {
  const allowList = grammarFromAbnfOrThrow("tok = 1*ALPHA\nouter = \"<\" tok \">\"\n", { checks: { tok: (t: string) => t !== "bad" } });
  const byParser = grammarFromAbnfOrThrow("num = <digits, checked by a parser>\n", { checks: { num: P.regexp(/[0-9]+/) } });
  const rows: [string, () => boolean[], boolean[]][] = [
    ["grammar(): a checked rule imported", () => {
      const g = grammar({ x: seq(ref("tok"), lit(","), ref("tok")) }, { imports: [allowList] });
      return [g.isValid("a,b", "x"), g.isValid("a,bad", "x")];
    }, [true, false]],
    ["grammarFromAbnf: a checked rule imported", () => {
      const g = grammarFromAbnfOrThrow('x = tok "," tok\n', { imports: [allowList] });
      return [g.isValid("a,b", "x"), g.isValid("a,bad", "x")];
    }, [true, false]],
    ["grammarFromAbnf: a prose rule supplied by an import's parser", () => {
      const g = grammarFromAbnfOrThrow('x = "<" num ">"\nnum = <supplied by the import>\n', { imports: [byParser] });
      return [g.isValid("<12>", "x"), g.isValid("<a>", "x")];
    }, [true, false]],
    ["grammarFromAbnf: an imported rule taken in under a fresh name keeps its check", () => {
      const g = grammarFromAbnfOrThrow('x = outer\ntok = "z"\n', { imports: [allowList] });
      return [g.isValid("<ok>", "x"), g.isValid("<bad>", "x"), g.isValid("z", "tok")];
    }, [true, false, true]],
    ["grammarFromAbnf: the importer's check on the rule replaces the import's", () => {
      const g = grammarFromAbnfOrThrow('x = tok "," tok\n', { imports: [allowList], checks: { TOK: (t: string) => t !== "worse" } });
      return [g.isValid("a,bad", "x"), g.isValid("a,worse", "x")];
    }, [true, false]],
    ["grammar(): the importer's check on the rule replaces the import's", () => {
      const g = grammar({ x: seq(ref("tok"), lit(","), ref("tok")) }, { imports: [allowList], checks: { tok: (t: string) => t !== "worse" } });
      return [g.isValid("a,bad", "x"), g.isValid("a,worse", "x")];
    }, [true, false]],
  ];
  it.each(rows)("%s", (_name, run, want) => expect(run()).toEqual(want));
});
