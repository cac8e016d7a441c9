// The compiled core (src/compiled/, src/compiled/dfa.ts) against the definitions: the committed
// modules are what scripts/compile-grammars.mjs makes of the rule definitions now, and every
// compiled rule answers what the engine answers (whole match, failure offset and expected list,
// longest prefix) on generated strings, one-character mutations of them, and every prefix of some.
import fc from "fast-check";
import * as fs from "node:fs";
import * as path from "node:path";
import { seededRandom } from "../src/abnf/generate";
import { corpusDir } from "./helpers/messy";
import { matchLongest, matchWhole } from "../src/abnf/engine";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import { uriGrammar } from "../src/compiled/index";
import * as compiledSchemes from "../src/compiled/scheme-grammars";
import type { Grammar } from "../src/abnf/grammar";
import { dataGrammar, fileAppendixEGrammar, fileGrammar, httpGrammar, mailtoGrammar, telGrammar, urnGrammar, wsGrammar } from "../src/schemes/built-in";
import { generatedModules, PATTERN_RULES } from "../scripts/compile/modules";
import { patternSource } from "../src/compiled/patterns";
import { mutate, validFor } from "./helpers/generators";
import { unpack, type CompiledRule } from "../src/compiled/dfa";
import { reference } from "../src/core/values";
import { isValid, parseRule, validate, type RuleName } from "../src/index";
import type { UriReference } from "../src/ast/nodes";
import { runs, seed } from "./helpers/runs";

const ROOT = path.join(__dirname, "..");

describe("the generated modules of src/compiled/", () => {
  const modules = generatedModules();
  it.each(modules.map((m) => [m.path, m]))("%s is what the compiler makes of the definitions now", (_p, m) => {
    const committed = fs.readFileSync(path.join(ROOT, m.path), "utf8");
    // a stale module: run node scripts/compile-grammars.mjs
    expect(committed === m.text).toBe(true);
  });

  // "!" repeats the number before it (a table's runs of one target, the dead state's most of all:
  // about 90 bytes off the gzipped bundle of the five main functions), after one digit or after
  // a "~" and its two
  it.each([
    ["#!!$", [0, 0, 0, 1]],
    ["~#$!!#", [91, 91, 91, 0]],
    ["}!~~~!", [89, 89, 90 + 90 * 91 + 90, 90 + 90 * 91 + 90]],
    ["$]!^!", [1, 57, 57, 58, 58]],
  ] as const)("unpack(%j) is %j", (text, numbers) => {
    expect(unpack(text)).toEqual(numbers);
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

// validate and isValid test the reference rules through the regex the grammar derives
// (src/compiled/patterns.ts); it must answer what the automaton answers, which the tests above
// hold to the engine.
describe("the regexes of the reference rules answer as their automata do", () => {
  const hard = fs.readFileSync(path.join(ROOT, "fixtures", "corpus", "hard.txt"), "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  // the limits of RFC 3987's ranges in each component, lone and paired surrogates among them
  const edges = [
    "http://a/\u{10000}", "http://a/\u{1FFFD}", "http://a/\u{1FFFE}", "http://a/\ud800", "http://a/\udc00x", "http://a/\udbff\udfff",
    "http://a/?\ue000", "http://a/\ue000", "http://a/?\u{F0000}", "http://a/#\u{F0000}", "http://a/?\u{10FFFD}", "http://\u00e9/", "//\u00a0@h",
    "\u{E1000}", "\u{E0FFF}", "a\ufdd0",
    // the lookahead before an optional userinfo (src/abnf/regex.ts, guards) reads its code units:
    // surrogate pairs, percent-encodings and ":" in it, an "@" only in the host, path or query
    "//\u{10000}@h", "http://\u{1F600}a:b@h/", "http://\u{E1000}@h", "http://\u{E0FFF}@h", "http://%41:%zz@h", "http://a%41@h", "http://a%4@h",
    "http://a:b:c@h:1/", "http://a[b@h", "http://h/@x", "http://h?@x", "http://h#@x", "//@", "//@@", "http://a@b@c", "a\ufdcf", "a\uffef", "a\ufff0", "?\ud7ff", "?\ud800\ud800", "\udfff",
    // either side of the longest input validate gives the regex (4 KiB), valid and not
    ...[4095, 4096, 4097, 9000].flatMap((n) => {
      const s = `http://a/${"b".repeat(n - 9)}`;
      return [s, `${s.slice(0, -1)} `, `${s.slice(0, -1)}\u00e9`];
    }),
  ];
  it("ships one regex for each reference rule, no more", () => {
    expect(PATTERN_RULES.map((n) => typeof patternSource(n))).toEqual(PATTERN_RULES.map(() => "string"));
    expect(rfc3987.ruleNames.filter((n) => patternSource(n) !== undefined)).toEqual([...PATTERN_RULES].sort((a, b) => rfc3987.ruleNames.indexOf(a) - rfc3987.ruleNames.indexOf(b)));
  });

  it.each(PATTERN_RULES.map((n) => [n]))("%s", (name) => {
    const compiled = uriGrammar.rule(name);
    if (compiled === undefined) throw new Error(name);
    const re = new RegExp(`^(?:${patternSource(name) ?? "(?!)"})$`);
    const wrong: string[] = [];
    const see = (s: string): void => {
      const want = compiled.test(s);
      // the public functions read the regex (parse where the automaton's run cannot record the
      // parts: beyond US-ASCII, IP literals): the same answer through them
      if (re.test(s) !== want || isValid(s, name) !== want || validate(s, name).ok !== want || parseRule(s, name).ok !== want) wrong.push(s);
    };
    for (const s of [...hard, ...edges]) see(s);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 3 }), (n, reps, mutations) => {
        let s = rfc3987.generate(name, seededRandom(n), { maxRepeat: reps });
        for (let k = 0; k < mutations; k++) s = mutate(s, n + k);
        see(s);
      }),
      { numRuns: runs(400), seed: seed(3987) },
    );
    expect(wrong).toEqual([]);
  });
});

describe("the built-in schemes' compiled top rules answer as the engine does", () => {
  const cases: [compiledSchemes.SchemeGrammarKey, Grammar, string][] = [
    ["http", httpGrammar, "http-URI"], ["http", httpGrammar, "https-URI"], ["ws", wsGrammar, "ws-URI"], ["ws", wsGrammar, "wss-URI"],
    ["mailto", mailtoGrammar, "mailtoURI"], ["urn", urnGrammar, "namestring"], ["file", fileGrammar, "file-URI"],
    ["fileAppendixE", fileAppendixEGrammar, "file-URI"], ["data", dataGrammar, "dataurl"], ["tel", telGrammar, "telephone-uri"],
  ];
  it.each(cases)("%s: %s", (key, g, name) => {
    // the one function per grammar the package's modules call (compiled/scheme-grammars.ts), by its key
    const compiled = compiledSchemes[`${key}SchemeGrammar`]().rule(name);
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

// CompiledRule.testReference records where a reference's components are as the automaton reads
// (its states split by the phases of RFC 3986 Appendix B). The nodes parse makes from those
// offsets must be the nodes made from Appendix B's own scan of the text (core/values.ts
// referenceOffsets, and the authority's own search for "@" and ":port").
describe("the offsets a run of a reference rule records are RFC 3986 Appendix B's", () => {
  const REFERENCE_RULES = ["URI-reference", "URI", "absolute-URI", "relative-ref", "IRI-reference", "IRI", "absolute-IRI", "irelative-ref"] as const;
  const scanned = (s: string): unknown => reference(s, 0, s.length);
  const asData = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  const corpus = fs
    .readFileSync(path.join(corpusDir(), "real", "kasztp.txt"), "utf8")
    .split("\n")
    .filter((s, i) => s !== "" && i % 7 === 0)
    .slice(0, 1500);
  const RUN = new Int32Array(7);

  it.each(REFERENCE_RULES.map((r) => [r]))("%s: generated strings and real URLs", (name) => {
    const m = uriGrammar.rule(name) as CompiledRule;
    let tagged = 0;
    const check = (s: string): void => {
      const k = m.testReference(s, RUN);
      expect(k !== 0).toBe(m.test(s));
      if (k === 0) return;
      // the run records offsets for US-ASCII without an IP literal (else Appendix B's scan does)
      if (/^[\x00-\x7f]*$/.test(s) && !s.includes("[")) expect(k).toBe(1);
      if (k === 1) tagged++;
      const r = parseRule(s, name);
      expect(r.ok).toBe(true);
      if (r.ok) {
        const viaScan = scanned(s) as UriReference;
        expect(asData(r.value)).toEqual(asData(viaScan));
        // the authority's parts too, read before and after the host
        expect(r.value.authority?.port).toBe(viaScan.authority?.port);
        expect(r.value.authority?.userinfo).toBe(viaScan.authority?.userinfo);
      }
    };
    fc.assert(fc.property(validFor(name as RuleName), (s) => check(s)), { numRuns: runs(400), seed: seed(4242) });
    for (const s of corpus) check(s);
    for (const s of ["//u:p@h:80/x?y#z", "//a:b:c@d", "//:@:", "//@", "a://b?c#d?", "//h?q", "//h#f", "//u@h:?", "s://:1", "?#", "#", "//", "///", "/a//b?", "a:b@c"]) check(s);
    expect(tagged).toBeGreaterThan(0);
  });
});
