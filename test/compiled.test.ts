// The compiled core (src/compiled/, src/core/dfa.ts) against the definitions: the committed
// modules are what scripts/compile-grammars.mjs makes of the rule definitions now, and every
// compiled rule answers what the engine answers (whole match, failure offset and expected list,
// longest prefix) on generated strings, one-character mutations of them, and every prefix of some.
import fc from "fast-check";
import * as fs from "node:fs";
import * as path from "node:path";
import { seededRandom } from "../src/abnf/generate";
import { matchLongest, matchWhole } from "../src/abnf/engine";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import { schemeGrammar, uriGrammar } from "../src/compiled/index";
import type { Grammar } from "../src/abnf/grammar";
import { dataGrammar } from "../src/schemes/data";
import { fileAppendixEGrammar, fileGrammar } from "../src/schemes/file";
import { httpGrammar } from "../src/schemes/http";
import { mailtoGrammar } from "../src/schemes/mailto";
import { telGrammar } from "../src/schemes/tel";
import { urnGrammar } from "../src/schemes/urn";
import { wsGrammar } from "../src/schemes/ws";
import { generatedModules } from "../scripts/compile/modules";
import { mutate } from "./helpers/generators";
import { runs, seed } from "./helpers/runs";

const ROOT = path.join(__dirname, "..");

describe("the generated modules of src/compiled/", () => {
  const modules = generatedModules();
  it.each(modules.map((m) => [m.path, m]))("%s is what the compiler makes of the definitions now", (_p, m) => {
    const committed = fs.readFileSync(path.join(ROOT, m.path), "utf8");
    // a stale module: run node scripts/compile-grammars.mjs
    expect(committed === m.text).toBe(true);
  });
});

describe("every compiled rule of RFC 3986 and RFC 3987 answers as the engine does", () => {
  const g = rfc3987;
  const c = g.compiled;
  it("compiles every rule of the grammar", () => {
    expect([...uriGrammar.ruleNames].sort()).toEqual([...g.ruleNames].sort());
  });

  const check = (name: string, s: string): void => {
    const compiled = uriGrammar.rule(name);
    if (compiled === undefined) throw new Error(name);
    const key = name.toLowerCase();
    const engine = matchWhole(c, key, s);
    expect([name, s, compiled.test(s)]).toEqual([name, s, engine === undefined]);
    const f = compiled.failure(s);
    expect([name, s, f === undefined ? undefined : { offset: f.offset, expected: [...f.expected] }]).toEqual([
      name,
      s,
      engine === undefined ? undefined : { offset: engine.offset, expected: [...engine.expected] },
    ]);
    const from = s.length > 2 ? 1 : 0;
    const l = compiled.longest(s, from);
    const e = matchLongest(c, key, s, from);
    expect([name, s, l.end, l.furthest, [...l.expected]]).toEqual([name, s, e.end, e.furthest, [...e.expected]]);
  };

  it.each(g.ruleNames.map((n) => [n]))("%s", (name) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 5 }), fc.boolean(), (n, reps, mutated) => {
        const valid = g.generate(name, seededRandom(n), { maxRepeat: reps });
        const s = mutated ? mutate(valid, n) : valid;
        check(name, s);
        // every prefix of a short one: the failure at the end of the input
        if (n % 8 === 0 && s.length < 40) for (let k = 0; k < s.length; k++) check(name, s.slice(0, k));
      }),
      { numRuns: runs(150), seed: seed(3986) },
    );
  });
});

describe("the compiled URI-reference and IRI-reference on the hard corpus", () => {
  const lines = fs.readFileSync(path.join(ROOT, "fixtures", "corpus", "hard.txt"), "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  it.each([["URI-reference"], ["IRI-reference"], ["URI"], ["absolute-URI"], ["relative-ref"]])("%s: the same answer and failure as the engine on every line", (name) => {
    const compiled = uriGrammar.rule(name);
    const wrong: string[] = [];
    for (const s of lines) {
      const e = matchWhole(rfc3987.compiled, name.toLowerCase(), s);
      const f = compiled?.failure(s);
      if (JSON.stringify(f === undefined ? null : { offset: f.offset, expected: f.expected }) !== JSON.stringify(e === undefined ? null : { offset: e.offset, expected: e.expected })) wrong.push(s);
    }
    expect(lines.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});

describe("the built-in schemes' compiled top rules answer as the engine does", () => {
  const cases: [string, Grammar, string][] = [
    ["http", httpGrammar, "http-URI"], ["http", httpGrammar, "https-URI"], ["ws", wsGrammar, "ws-URI"], ["ws", wsGrammar, "wss-URI"],
    ["mailto", mailtoGrammar, "mailtoURI"], ["urn", urnGrammar, "namestring"], ["file", fileGrammar, "file-URI"],
    ["fileAppendixE", fileAppendixEGrammar, "file-URI"], ["data", dataGrammar, "dataurl"], ["tel", telGrammar, "telephone-uri"],
  ];
  it.each(cases)("%s: %s", (key, g, name) => {
    const compiled = schemeGrammar(key as Parameters<typeof schemeGrammar>[0]).rule(name);
    if (compiled === undefined) throw new Error(`${key} has no compiled ${name}`);
    // the grammar value answers with it
    expect(g.matcher(name)).toBe(compiled);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 5 }), fc.boolean(), (n, reps, mutated) => {
        const valid = g.generate(name, seededRandom(n), { maxRepeat: reps });
        const s = mutated ? mutate(valid, n) : valid;
        const engine = matchWhole(g.compiled, name.toLowerCase(), s);
        const f = compiled.failure(s);
        expect([s, compiled.test(s), f === undefined ? undefined : { offset: f.offset, expected: [...f.expected] }]).toEqual([
          s,
          engine === undefined,
          engine === undefined ? undefined : { offset: engine.offset, expected: [...engine.expected] },
        ]);
      }),
      { numRuns: runs(200), seed: seed(6068) },
    );
  });
});
