// What a hostile or careless caller could still break after the fuzzing harness (never-crash,
// huge-inputs): each case failed before its fix. Inputs are bounded by size, never by time.
import { expand, match, parseTemplate, parseTemplateOrThrow } from "../../src/template/index";
import { buildNfa, Deterministic, WORK_LIMIT } from "../../src/template/automaton";
import { templateLanguage } from "../../src/template/language";
import { toUnits } from "../../src/template/units";
import * as encodeModule from "../../src/template/encode";
import { alt, core, grammar, grammarFromAbnf, grammarFromAbnfOrThrow, GrammarError, lit, printExpr, semantics, seq, type Expr, type Grammar } from "../../src/abnf/index";
import { defineScheme, mailtoGrammar, percentEncodedRules } from "../../src/schemes";
import { checkFetchTarget, ssrfLookup, type AddressKind } from "../../src/security";
import { defaultSchemeNormalizations, equivalent, normalize, type SchemeNormalization } from "../../src/index";
import { diagram, diagramOf } from "../../src/diagrams";

describe("a template of millions of characters is read, not a RangeError", () => {
  // V8 keeps one backtrack entry per repetition of a regex group with alternatives and throws
  // "Maximum call stack size exceeded" past 2^23 of them: the reader's sticky patterns for
  // literals and varnames ran once over the whole run (9,000,000 "a" threw; 8,000,000 did not)
  const n = 9_000_000;
  const cases: [string, string, number][] = [
    ["a literal of 9 M characters", "a".repeat(n), 1],
    ["a varname of 9 M characters", `{${"a".repeat(n)}}`, 1],
    ["a literal, then an expression", `${"a".repeat(n)}{x}`, 2],
    // shorter, but over the reader's 65,535 repetitions a pattern: runs read in pieces
    ["a varname of dotted parts", `{${"a.".repeat(100_000)}a}`, 1],
    ["a varname of triplets and dots", `{${"%41.".repeat(100_000)}a}`, 1],
    ["a literal of triplets and ucschar", "a%41\u00e9".repeat(100_000), 1],
  ];
  it.each(cases)("%s", (_, text, parts) => {
    const t = parseTemplate(text);
    expect(t.ok).toBe(true);
    if (t.ok) expect(t.value.parts.map((p) => p.text).join("")).toBe(text);
    if (t.ok) expect(t.value.parts.length).toBe(parts);
  });

  it("expand reads it too", () => {
    const e = expand(`${"a".repeat(n)}{x}`, { x: "b" });
    expect(e.ok ? e.value.length : e.error.message).toBe(n + 1);
  });

  it("the same errors where the text leaves the grammar after a long run", () => {
    const r = parseTemplate(`${"a".repeat(n)}{a..b}`);
    expect(r.ok ? undefined : r.error.offset).toBe(n + 3);
    const s = parseTemplate(`{${"a".repeat(n)},.b}`);
    expect(s.ok ? undefined : s.error.offset).toBe(n + 2);
    const u = parseTemplate(`${"a".repeat(n)}"`);
    expect(u.ok ? undefined : u.error.offset).toBe(n);
    const d = parseTemplate(`{${"a.".repeat(100_000)}.a}`);
    expect(d.ok ? undefined : d.error.offset).toBe(200_001);
  });
});

describe("a sparse list is read by the members it holds, not by its length", () => {
  // new Array(Number(input)) has a length of up to 2^32 - 1 and no member: reading every index up
  // to the length took about 70 s per expression that names it (RFC 6570 §2.3: the holes are
  // undefined members, left out). Counted through a Proxy, never timed.
  const sparse = (members: Record<number, string>): { list: string[]; reads: () => number } => {
    const target: string[] = new Array<string>(2 ** 32 - 1);
    for (const [k, v] of Object.entries(members)) target[Number(k)] = v;
    let n = 0;
    const list = new Proxy(target, { get: (t, key, r) => (n++, Reflect.get(t, key, r)) });
    return { list, reads: () => n };
  };

  it.each([
    ["{x}", { 5: "a", 70_000: "b", 4_000_000_000: "c" }, "a,b,c"],
    ["{/x*}", { 3: "p", 9: "q" }, "/p/q"],
    ["{?x}", {}, ""],
  ] as const)("expand(%j) over a list of length 2^32 - 1", (template, members, expected) => {
    const { list, reads } = sparse(members);
    const r = expand(template, { x: list });
    expect(r.ok ? r.value : r.error.message).toBe(expected);
    expect(reads()).toBeLessThan(100);
  });

  it("a list with other properties besides its members reads only the members", () => {
    const list: string[] & { extra?: string } = new Array<string>(2 ** 20);
    list[2] = "m";
    list.extra = "no";
    const r = expand("{x}", { x: list });
    expect(r.ok ? r.value : r.error.message).toBe("m");
  });
});

describe("expressions too large or too deep to print or draw are a GrammarError, not a stack overflow (fuzz, 2026-11-30)", () => {
  // diagram() spread a rule's items into railroad-diagrams' constructors: 70,000 concatenated
  // strings (a user's ABNF text) overflowed the stack ("Maximum call stack size exceeded");
  // printExpr and diagramOf recursed once per level of nesting (4,000 levels overflowed), and
  // walked an expression that shares its parts as the tree it stands for (2^30 leaves: no end)
  const items = (n: number): Expr[] => Array.from({ length: n }, (_, i) => lit(`a${i}`));
  const deep = (levels: number): Expr => {
    let e: Expr = lit("a");
    for (let i = 0; i < levels; i++) e = seq(e, lit("b"));
    return e;
  };
  const shared = (k: number): Expr => {
    let e: Expr = lit("a");
    for (let i = 0; i < k; i++) e = seq(e, e);
    return e;
  };
  const code = (f: () => unknown): string | undefined => {
    try {
      f();
      return undefined;
    } catch (e) {
      return e instanceof GrammarError ? e.code : String(e);
    }
  };

  it("a rule of 70,000 concatenated strings", () => {
    // as ABNF text (x = "a0" "a1" ...) the same; built here in pieces of 10,000, drawn as one line
    const pieces = Array.from({ length: 7 }, () => seq(...items(10_000)));
    const g = grammar({ x: seq(...pieces) });
    expect(code(() => diagram(g, "x"))).toBe("too-large");
  });

  it("an alternation or a concatenation of 20,000 strings", () => {
    expect(code(() => diagramOf(alt(...items(20_000))))).toBe("too-large");
    expect(code(() => diagramOf(seq(...items(20_000))))).toBe("too-large");
  });

  it("10,000 levels of nesting", () => {
    expect(code(() => printExpr(deep(10_000)))).toBe("too-deep");
    expect(code(() => diagramOf(deep(10_000)))).toBe("too-deep");
  });

  it("an expression whose parts are shared: 2^30 leaves from 30 nodes", () => {
    expect(code(() => printExpr(shared(30)))).toBe("too-large");
    expect(code(() => diagramOf(shared(30)))).toBe("too-large");
  });

  it("what the engine accepts still prints and draws", () => {
    expect(printExpr(deep(398))).toMatch(/^"a" "b"/);
    expect(diagramOf(deep(398))).toContain("<svg");
    expect(printExpr(shared(16)).length).toBe(4 * 2 ** 16 - 1); // 65,536 times "a", spaced
    expect(diagramOf(alt(...items(2_000)))).toContain("a1999");
  });
});

describe("a template match's no-match explanation reads the automaton within its work limit (fuzz, 2026-11-30 round 2)", () => {
  // match("{v0}{v1}…{v59}!", 64,000 "a" then "?") took 38 s (N = 90: 110 s): where a unit is read
  // two ways, the explanation (Deterministic.explain) made the set after it again at every unit,
  // each time reading the empty paths of every state of the set (N²/2 of them), and counted only
  // the set it made towards WORK_LIMIT. The automaton's unit sets are counted here through a Proxy.
  const adjacent = (n: number): string => `${Array.from({ length: n }, (_, i) => `{v${i}}`).join("")}!`;
  const explainCounted = (text: string, uri: string): { reads: number; at: number | undefined; expected: readonly string[] | undefined } => {
    const nfa = buildNfa(templateLanguage(parseTemplateOrThrow(text).parts), true);
    let reads = 0;
    const sets = new Proxy(nfa.sets, {
      get(target, key, receiver) {
        if (typeof key === "string" && key.charCodeAt(0) >= 0x30 && key.charCodeAt(0) <= 0x39) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const units = toUnits(uri);
    if (typeof units === "number") throw new Error("not units");
    const r = new Deterministic({ ...nfa, sets }).explain(units.codes, units.n);
    return { reads, at: r?.at, expected: r?.expected };
  };

  it("60 adjacent expressions and 8,000 characters: the sets are made once, not once a character", () => {
    const r = explainCounted(adjacent(60), `${"a".repeat(8000)}?`);
    expect(r.at).toBe(8000);
    expect(r.expected).toContain('"!"');
    // a bound that does not grow with the URI (before: about 18,000 reads a character, 146,884,864 in all)
    expect(r.reads).toBeLessThan(WORK_LIMIT);
    const longer = explainCounted(adjacent(60), `${"a".repeat(16000)}?`);
    expect(longer.at).toBe(16000);
    expect(longer.reads).toBeLessThan(r.reads * 1.1);
  });

  it("the error match gives says where the URI leaves the template", () => {
    const m = match(adjacent(60), `${"a".repeat(8000)}?`);
    expect(m.ok ? "matched" : [m.error.code, m.error.offset]).toEqual(["no-match", 8000]);
  });
});

describe("a variable read by many prefix varspecs, some of them \"+\" or \"#\", is read in time linear in them (fuzz, 2026-11-30 round 8)", () => {
  // f03408e made valuesOf pair every "+"/"#" prefix varspec with every other prefix varspec of the
  // variable: match("{+x:1}{x:1}" x 512, "a" x 1,024) took 22.9 s (247 ms before), x 256 2.9 s
  // (112 ms): ~k^2 candidate values a reading, each checked against the k varspecs. The
  // candidates are the same few values; their encodings are counted here.
  const calls = (n: number): number => {
    const spy = jest.spyOn(encodeModule, "encodeValue");
    try {
      const m = match("{+x:1}{x:1}".repeat(n), "a".repeat(2 * n));
      expect(m.ok && m.value).toEqual({ x: "a" });
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };

  it("doubling the varspecs about doubles the values encoded, not eight times", () => {
    const small = calls(32);
    const large = calls(64);
    expect(large).toBeLessThan(3 * small);
  });
});

describe("a sparse array given as an option is refused at its first hole, not walked to its length (fuzz, 2026-11-30 round 5)", () => {
  // `a = ["s"]; a.length = 2 ** 32 - 1` costs nothing to make; `every`, `some` and `forEach` skip
  // holes, so the checks of these options walked all 4 billion indexes (minutes each) before
  // their TypeError. Counted through a Proxy (past 10,000 reads it throws its own error), never timed.
  class Walked extends Error {}
  const sparse = (first: unknown): unknown[] => {
    const target: unknown[] = [first];
    target.length = 2 ** 32 - 1;
    let n = 0;
    const read = (): void => {
      if (++n > 10_000) throw new Walked("read past 10,000 indexes");
    };
    return new Proxy(target, {
      get: (t, key, r) => (typeof key === "string" && /^\d+$/.test(key) && read(), Reflect.get(t, key, r)),
      has: (t, key) => (read(), Reflect.has(t, key)),
    });
  };
  const g = grammarFromAbnfOrThrow('s = "s:" *"a"\n');
  const cases: [string, () => unknown][] = [
    ["semantics captures", () => semantics(g, {}, { captures: sparse("s") as string[] })],
    ["grammarFromAbnf imports", () => grammarFromAbnf('s = "a"\n', { imports: sparse(core) as Grammar[] })],
    ["grammarFromAbnf tokens", () => grammarFromAbnf('s = "a"\n', { tokens: sparse("s") as string[] })],
    ["grammarFromAbnf rare", () => grammarFromAbnf('s = "a"\n', { rare: sparse("s") as string[] })],
    ["grammar rare", () => grammar({ s: lit("a") }, { rare: sparse("s") as string[] })],
    ["Grammar.derive rare", () => g.derive({ rare: sparse("s") as string[] })],
    ["percentEncodedRules roots", () => percentEncodedRules(mailtoGrammar, sparse("hfname") as string[], [[0x20, 0x7e]])],
    ["percentEncodedRules literal", () => percentEncodedRules(mailtoGrammar, ["hfname"], sparse([0x20, 0x7e]) as [number, number][])],
    ["percentEncodedRules tokens", () => percentEncodedRules(mailtoGrammar, ["hfname"], [[0x20, 0x7e]], sparse("hfname") as string[])],
    ["SchemeInput.fail expected", () => defineScheme({ name: "s", grammar: g, rule: "s", section: "x", build: (i) => i.fail({ code: "x", offset: 0, message: "m", expected: sparse("a") as string[] }) }).parse("s:a")],
    ["checkFetchTarget allow", () => checkFetchTarget("http://a/", { allow: sparse("public") as AddressKind[] })],
    ["checkFetchTarget allowedSchemes", () => checkFetchTarget("http://a/", { allowedSchemes: sparse("http") as string[] })],
    ["ssrfLookup allow", () => ssrfLookup({ allow: sparse("public") as AddressKind[] })],
    ["normalize schemes", () => normalize("http://a/", { schemes: sparse(defaultSchemeNormalizations[0]) as SchemeNormalization[] })],
    ["equivalent schemes", () => equivalent("http://a/", "http://a", { schemes: sparse(defaultSchemeNormalizations[0]) as SchemeNormalization[] })],
  ];
  it.each(cases)("%s", (_, call) => {
    let thrown: unknown;
    try {
      call();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TypeError);
  });
});
