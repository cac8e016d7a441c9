// Never crash: every export of every entry point (enumerated with `import * as`, so a new export
// fails the first test until call-table.ts says how to call it), called with any string (lone
// surrogates, NUL, controls, URI-like text) and any value a JavaScript caller can pass, returns
// its result or throws one of its typed errors, or a TypeError/RangeError that refuses an argument
// on purpose; never a plain Error, a stack overflow, or a TypeError from inside. Deeply nested
// ABNF goes through the loader: no recursion may grow with the input (huge-inputs.test.ts does the
// same for huge inputs to every export). Each export runs 25 cases here; `npm run fuzz` runs the
// same table for as long as asked, on dist/ (.ci/run: 200,000 calls).
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import * as root from "../../src/index";
import * as rules from "../../src/rules/index";
import * as abnf from "../../src/abnf/index";
import * as components from "../../src/components";
import * as builder from "../../src/uri-builder";
import * as iri from "../../src/iri/index";
import * as schemes from "../../src/schemes/index";
import * as security from "../../src/security";
import * as diagrams from "../../src/diagrams";
import * as whatwg from "../../src/whatwg/index";
import * as template from "../../src/template/index";
import * as ast from "../../src/ast/nodes";
import { callTable, exportNames, type ErrorName, type Modules } from "./call-table";
import { judge, makeArgs, prng, runEntry, type Failure, type Pools } from "./harness";
import { FIXTURES } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";

const m: Modules = { root, rules, abnf, components, builder, iri, schemes, security, diagrams, whatwg, template, ast };
const table = callTable(m);

// Argument pools: strings the grammars generate, the hard corpus, and the ABNF of the RFCs as printed.
const random = abnf.seededRandom(13);
const generated = ["URI-reference", "IRI-reference", "URI", "relative-ref", "authority", "IPv6address"].flatMap((r) =>
  Array.from({ length: 40 }, () => rules.rule(r as rules.RuleName).generate(random, { maxRepeat: 4 })),
);
const corpus = fs.readFileSync(path.join(FIXTURES, "corpus", "hard.txt"), "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
const abnfTexts = fs.readdirSync(path.join(FIXTURES, "abnf", "rfc")).flatMap((f) => {
  const lines = fs.readFileSync(path.join(FIXTURES, "abnf", "rfc", f), "utf8").split("\n");
  const chunks: string[] = [];
  for (let k = 0; k < lines.length; k += 6) chunks.push(lines.slice(k, k + 6).join("\n"));
  return chunks;
});
const uris = [...generated, ...corpus];

const unit = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
  { weight: 4, arbitrary: fc.constantFrom("http://", "//", "@", ":", "/", "?", "#", "[", "]", "%", "%2e", "%C3%A9", "\\", "::", ".", "..", "a", "0", "é", "\u0000", "\t", " ", "xn--", "=", "(", "\"", ";") },
);
const text = fc.array(unit, { maxLength: 24 }).map((a) => a.join(""));

describe("the call table", () => {
  it("has an entry for every export of every entry point, and none for anything else", () => {
    const names = exportNames(m);
    expect(names.filter((n) => table[n] === undefined)).toEqual([]);
    expect(Object.keys(table).filter((k) => !names.includes(k))).toEqual([]);
    expect(Object.keys(ast)).toEqual([]); // types only
  });
});

const show = (failures: readonly Failure[]): string[] => [...new Set(failures.map((f) => `${f.key} (${f.kind} call ${f.index}): ${f.problem}`))];

describe("every export returns or throws its typed error, for any argument", () => {
  const keys = Object.keys(table).sort();
  it.each(keys)("%s", (key) => {
    const entry = table[key];
    if (entry === undefined) throw new Error(key);
    const seen: Failure[] = [];
    // fc.check, not fc.assert: the failures themselves (stack lines) are what the expectation shows
    fc.check(
      fc.property(fc.integer(), fc.array(text, { minLength: 1, maxLength: 4 }), (seed, strings) => {
        const pools: Pools = { strings, uris, abnf: abnfTexts };
        const failures = runEntry(m, key, entry, makeArgs(m, prng(seed), pools));
        seen.push(...failures);
        return failures.length === 0;
      }),
      { numRuns: runs(25), seed: seed(20260), endOnFailure: true },
    );
    expect(show(seen)).toEqual([]);
  });
});

describe("every function export, given nodes whose getters a program shadowed (nodes are read-only, not frozen)", () => {
  const shadow = (text: string, fields: readonly (readonly [string, unknown])[]): object => {
    const n = root.parseOrThrow(text);
    for (const [k, v] of fields) Object.defineProperty(n, k, { value: v });
    return n;
  };
  const values: unknown[] = [
    shadow("//a/b", [["kind", 5]]),
    shadow("http://a/b?c#d", [["kind", "relative-ref"], ["scheme", {}], ["authority", "x"], ["path", null], ["query", 1], ["fragment", []]]),
    shadow("a/b", [["kind", "URI"], ["text", Symbol("t")], ["span", "s"]]),
  ];
  const host = root.parseOrThrow("http://[::1]:8/").authority;
  if (host !== undefined) {
    Object.defineProperty(host.host, "kind", { value: Symbol("k") });
    Object.defineProperty(host, "port", { value: 8 });
    values.push(host, host.host);
  }
  const path = root.parseOrThrow("/a/b").path;
  Object.defineProperty(path, "kind", { value: 7 });
  values.push(path);
  // functions, not classes (a class called without new is JavaScript's own TypeError)
  const isClass = (f: unknown): boolean => typeof f === "function" && /^class\b/.test(Function.prototype.toString.call(f));
  const entries = Object.entries(m).flatMap(([name, mod]) =>
    Object.entries(mod as Record<string, unknown>).filter(([, f]) => typeof f === "function" && !isClass(f)).map(([k, f]) => [`${name}:${k}`, f] as const),
  );
  const typed: ErrorName[] = ["UriSyntaxError", "InputTooLongError", "ResolveError", "RelativizeError", "DecodeError", "IdnaError", "SchemeError", "AbnfError", "FilePathError", "GrammarError", "UnknownRuleError", "WhatwgUrlError", "HostError", "TemplateError"];
  it.each(entries)("%s", (_key, f) => {
    const problems: string[] = [];
    for (const v of values) {
      for (const args of [[v], [v, v], ["http://a/b", v], [v, {}]]) {
        try {
          (f as (...a: unknown[]) => unknown)(...args);
        } catch (e) {
          const problem = judge(m, e, typed, true);
          if (problem !== undefined) problems.push(problem);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});

/**
 * How many calls deep a trivial recursive function gets in this process before the stack
 * overflows: about the deepest any recursion can go, since every level of one takes a frame
 * (V8 does not inline a function into itself) and a trivial frame is about the smallest. Node 20
 * here: 13,956 in plain node, 13,727 in a jest worker; the same function optimized by TurboFan
 * gets 15,701 deep, so the margins asserted below leave room for that.
 */
function stackDepth(): number {
  let depth = 0;
  const down = (): void => {
    depth++;
    down();
  };
  try {
    down();
  } catch {
    // RangeError: Maximum call stack size exceeded
  }
  return depth;
}

describe("the ABNF reader and loader on deep nesting", () => {
  // Deep enough that a recursion per level would overflow the stack four times over (the test
  // below measures the depth and fails if the margin goes), not more: the reader's work on the
  // 60,000 alternatives takes 5 CPU-s, and 100,000 took 12 of the suite's 35.
  const N = 60000;
  // The chains of rules: more than the stack allows, with a smaller margin (each level of a
  // recursion through rules takes a frame per rule at least).
  const CHAIN = 20000;
  it(`N = ${N} is at least 4 times the deepest recursion this process allows, and the chains of ${CHAIN} rules exceed it`, () => {
    const depth = stackDepth();
    expect(depth).toBeGreaterThan(1000);
    expect(N).toBeGreaterThanOrEqual(4 * depth);
    expect(CHAIN).toBeGreaterThan(1.25 * depth);
  });
  const DEEP = [
    `a = ${"(".repeat(N)}`,
    `a = ${"(".repeat(N)}"x"${")".repeat(N)}`,
    `a = ${"[".repeat(N)}"x"${"]".repeat(N)}`,
    `a = ${"*(".repeat(N)}"x"${")".repeat(N)}`,
    `a = ${"1*".repeat(N)}"x"`,
    `a = ${"\"x\" / ".repeat(N)}"x"`,
    `a = "x"\n${"  ; c\n".repeat(N)}`,
    `${Array.from({ length: CHAIN }, (_, k) => `r${k} = r${k + 1}`).join("\n")}\nr${CHAIN} = "x"`,
    `${Array.from({ length: CHAIN }, (_, k) => `r${k} = "x" r${k + 1}`).join("\n")}\nr${CHAIN} = "x"`,
  ];
  it.each(DEEP.map((d) => [`${JSON.stringify(d.slice(0, 30))}… (${d.length} characters)`, d]))("%s", (_name, input) => {
    const problems: string[] = [];
    for (const f of [() => abnf.grammarFromAbnf(input), () => abnf.readAbnf(input), () => abnf.readAbnfExpr(input.replace(/^a = /, "")), () => abnf.readAbnfRules(input)]) {
      try {
        const r = f();
        if (!r.ok && !(r.error instanceof abnf.AbnfError)) problems.push(String(r.error));
        if (r.ok && "validate" in r.value) {
          const g = r.value as abnf.Grammar;
          const name = g.ruleNames[0] ?? "a";
          g.validate("x".repeat(1000), name);
          g.isValid("x", name);
          g.generate(name, abnf.seededRandom(1), { maxRepeat: 2 });
          g.pattern(name);
          g.abnf(name);
        }
      } catch (e) {
        const problem = judge(m, e, ["AbnfError", "GrammarError"], false);
        if (problem !== undefined) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });

  it(`a grammar built with the algebra ${N} levels deep, or a chain of ${CHAIN} rules, is a GrammarError (too-deep)`, () => {
    let deep: abnf.Expr = abnf.lit("x");
    for (let k = 0; k < N; k++) deep = abnf.seq(deep, abnf.lit("y"));
    const chain = Object.fromEntries(Array.from({ length: CHAIN }, (_, k) => [`r${k}`, abnf.ref(`r${k + 1}`)]));
    const cases: Record<string, abnf.Expr>[] = [{ a: deep }, { ...chain, [`r${CHAIN}`]: abnf.lit("x") }];
    for (const rules of cases) {
      let error: unknown;
      try {
        abnf.grammar(rules);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(abnf.GrammarError);
      expect((error as abnf.GrammarError).code).toBe("too-deep");
    }
    // within the limit, a chain of rules still works
    const short = Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`r${k}`, abnf.seq(abnf.lit("x"), abnf.opt(abnf.ref(`r${k + 1}`)))]));
    const g = abnf.grammar({ ...short, r100: abnf.lit("x") });
    expect(g.isValid("x".repeat(101), "r0")).toBe(true);
    expect(g.isValid("x".repeat(102), "r0")).toBe(false);
  });
});
