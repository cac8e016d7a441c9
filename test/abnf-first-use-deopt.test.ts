// The first use of a grammar's rules in a process whose engine code is already optimized on
// another grammar (issue 33: "first use of a rule costs at most twice a warm pass"): what a new
// grammar first does must not deoptimize the engine's large functions, whose recompiling cost the
// first pass more than the rest of it (RFC 8259 JSON, 1 MB flat, after RFC 5322: Frame#follow
// recompiled in 24-35 ms of a compile thread). Observed with V8's own trace (--trace-opt,
// --trace-deopt) in a child process, compiling on the main thread (--no-concurrent-recompilation)
// so that what was optimized before the new grammar is in the trace before it; the built package
// (npm test builds it first).
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.join(__dirname, "..");
const dist = path.join(root, "dist", "abnf");

/** The trace of a child that warms the engine on RFC 5322 as bench/abnf-first-use-ab.mjs does, then matches `json` (RFC 8259 JSON-text), split at the new grammar. */
function traceAfterWarm(json: string): { before: string; after: string; valid: boolean } {
  const program = `
    const { grammarFromAbnf, seededRandom } = await import(${JSON.stringify(path.join(dist, "index.js"))});
    const { readFileSync } = await import("node:fs");
    const read = (f) => readFileSync(${JSON.stringify(root)} + "/" + f, "utf8");
    const c = JSON.parse(read("fixtures/loader/rfc-grammars.json")).grammars.find((c) => c.file.includes("rfc5322"));
    const text = read(c.file) + (c.extra ?? "");
    const rules = ["address", "mailbox", "date-time"];
    const source = grammarFromAbnf(text).value;
    const all = [...c.accept, ...c.reject].filter(([r]) => rules.includes(r));
    for (const r of rules) for (let k = 0; k < 100; k++) all.push([r, source.generate(r, seededRandom(k + 1), { maxRepeat: 3 })]);
    for (let round = 0; round < 3; round++) {
      const w = grammarFromAbnf(text).value;
      w.compile(...rules);
      for (let k = 0; k < 3; k++) for (const [r, s] of all) w.isValid(s, r);
    }
    console.log("=====NEW GRAMMAR");
    const g = grammarFromAbnf(read("fixtures/abnf/rfc/rfc8259-sections-2-7.abnf")).value;
    g.compile("JSON-text");
    let valid = true;
    for (let k = 0; k < 20; k++) valid = g.isValid(${JSON.stringify(json)}, "JSON-text") && valid;
    console.log("=====VALID " + valid);
  `;
  const out = execFileSync(process.execPath, ["--no-concurrent-recompilation", "--trace-opt", "--trace-deopt", "--input-type=module", "-e", program], {
    encoding: "utf8",
    stdio: "pipe",
    maxBuffer: 64 * 1024 * 1024,
  });
  const [before = "", after = ""] = out.split("=====NEW GRAMMAR");
  return { before, after, valid: /=====VALID true/.test(after) };
}

/**
 * The deoptimizations (`node --trace-deopt-verbose`, each with the position it was made at) in a
 * child that warms the first tier on RFC 5322's inputs, which are all ASCII, as
 * bench/abnf-first-use-ab.mjs does (each round a fresh grammar, a first-tier pass, compile(), a
 * compiled pass), then matches `inputs` on rule `rule` of grammar `abnf` on the first tier; and
 * the answers.
 */
function firstTierDeoptsAfterWarm(abnf: string, rule: string, inputs: readonly string[]): { deopts: string[]; answers: unknown } {
  const program = `
    const { grammarFromAbnf, seededRandom } = await import(${JSON.stringify(path.join(dist, "index.js"))});
    const { readFileSync } = await import("node:fs");
    const read = (f) => readFileSync(${JSON.stringify(root)} + "/" + f, "utf8");
    const c = JSON.parse(read("fixtures/loader/rfc-grammars.json")).grammars.find((c) => c.file.includes("rfc5322"));
    const text = read(c.file) + (c.extra ?? "");
    const rules = ["address", "mailbox", "date-time"];
    const source = grammarFromAbnf(text).value;
    const all = [...c.accept, ...c.reject].filter(([r]) => rules.includes(r));
    for (const r of rules) for (let k = 0; k < 100; k++) all.push([r, source.generate(r, seededRandom(k + 1), { maxRepeat: 3 })]);
    for (let round = 0; round < 3; round++) {
      const w = grammarFromAbnf(text).value;
      for (const [r, s] of all) w.isValid(s, r);
      w.compile(...rules);
      for (const [r, s] of all) w.isValid(s, r);
    }
    const g = grammarFromAbnf(${JSON.stringify(abnf)}).value;
    console.log("=====NEW GRAMMAR");
    const answers = ${JSON.stringify(inputs)}.map((s) => [g.isValid(s, ${JSON.stringify(rule)}), g.matcher(${JSON.stringify(rule)}).tier]);
    console.log("=====ANSWERS " + JSON.stringify(answers));
  `;
  const out = execFileSync(process.execPath, ["--no-concurrent-recompilation", "--trace-deopt-verbose", "--input-type=module", "-e", program], {
    encoding: "utf8",
    stdio: "pipe",
    maxBuffer: 256 * 1024 * 1024,
  });
  const after = out.split("=====NEW GRAMMAR")[1] ?? "";
  const deopts = after.match(/;;; deoptimize at <[^>\n]*>/g) ?? [];
  return { deopts, answers: JSON.parse(/=====ANSWERS (.*)/.exec(after)?.[1] ?? "null") };
}

describe("the engine's code, optimized on one grammar, at the first use of another", () => {
  it("keeps Frame#follow optimized where a call ends one character on, after positions that read one (RFC 8259 JSON after RFC 5322)", () => {
    // (in RFC 5322's rules no call ends one character on where a character read before it was
    // still unread: #follow's code had never met that, and JSON's first number deoptimized it)
    const item = '{"id":12345,"name":"x\\u0041y z","tags":["a","b"],"ok":true,"n":null,"v":-2.5e3}';
    const t = traceAfterWarm(`[${item},${item}]`);
    expect(t.valid).toBe(true);
    expect(/completed compiling \S+ <JSFunction #follow /.test(t.before)).toBe(true);
    expect(t.after.match(/deoptimizing \S+ <JSFunction #follow [^\n]*/g) ?? []).toEqual([]);
  }, 120_000);

  it("reads the definitions of a loaded grammar's own rules and of the core rules it imports as objects of one shape", () => {
    // (the interpreter's code, optimized on a grammar that imports no core rule (OData), met
    // RFC 5322's imported ALPHA and DIGIT beside its own rules, made in another shape, and was
    // deoptimized: #rule and #firsts, 'wrong map' where they read a definition's expr)
    const program = `
      const { grammarFromAbnf } = await import(${JSON.stringify(path.join(dist, "index.js"))});
      const g = grammarFromAbnf('a = ALPHA b\\nb = 1*DIGIT / "x"\\n').value;
      const [a, b, alpha, digit] = ["a", "b", "ALPHA", "DIGIT"].map((n) => g.analysis.rule(n));
      process.stdout.write(JSON.stringify([g.isValid("z12", "a"), %HaveSameMap(a, b), %HaveSameMap(a, alpha), %HaveSameMap(a, digit)]));
    `;
    const out: unknown = JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
    expect(out).toEqual([true, true, true, true]);
  }, 60_000);

  it("makes code point sets of one map, before and after V8 optimizes the function that makes them", () => {
    // (made with Array#map, a set was a packed array until codePointSet was optimized and a holey
    // one after: the first tier's reader of a run, optimized on the first kind, deoptimized on
    // the second, 'wrong map')
    const program = `
      const { codePointSet } = await import(${JSON.stringify(path.join(dist, "charset.js"))});
      const early = codePointSet([[0x41, 0x5a], [0xe9, 0xe9]]);
      %PrepareFunctionForOptimization(codePointSet);
      codePointSet([[1, 2], [5, 6]]);
      codePointSet([[1, 2], [5, 6]]);
      %OptimizeFunctionOnNextCall(codePointSet);
      const late = codePointSet([[0x30, 0x39], [0x80, 0xd7ff]]);
      process.stdout.write(JSON.stringify([(%GetOptimizationStatus(codePointSet) & 16) !== 0, %HaveSameMap(early, late), %HaveSameMap(early[0], late[1])]));
    `;
    const out: unknown = JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
    expect(out).toEqual([true, true, true]);
  }, 60_000);

  it("makes the items of a sequence or an alternation an array of one map, whatever kind of array they were given in", () => {
    // (copied by slice, the items kept the kind of the array the reader made by Array#map, holey
    // or packed depending on whether V8 had optimized it: RFC 5322's quoted-pair, loaded after
    // OData's rounds, deoptimized the first tier's #firsts, #noteShared and #makeReader, 'wrong map')
    const program = `
      const { alt, altOf, ref, seq, seqOf } = await import(${JSON.stringify(path.join(dist, "expr.js"))});
      const holey = new Array(2);
      holey[0] = ref("a");
      holey[1] = ref("b");
      const packed = [ref("a"), ref("b")];
      const items = [seq(ref("a"), ref("b")), seqOf(holey), seqOf(packed), alt(ref("a"), ref("b")), altOf(holey), altOf(packed)].map((e) => e.items);
      process.stdout.write(JSON.stringify([%HasHoleyElements(holey), ...items.map((x) => %HaveSameMap(x, items[0]))]));
    `;
    const out: unknown = JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" }));
    expect(out).toEqual([true, true, true, true, true, true, true]);
  }, 60_000);

  it("keeps the first tier's character readers optimized at the first character past ASCII (a JSONPath-like grammar after RFC 5322)", () => {
    // (RFC 5322's inputs are ASCII: the readers' code for a code point past ASCII, a surrogate
    // pair or a lone surrogate had never run when V8 optimized them, and JSONPath's first such
    // input deoptimized the reader of one character and of a run of them, and the code point
    // readers they inline, with every call of theirs on the stack)
    const abnf = 'path = segment *( "." segment )\nsegment = name-first *name-char / 1*DIGIT\nname-first = ALPHA / "_" / %x80-D7FF / %xE000-10FFFF\nname-char = name-first / DIGIT\n';
    const inputs = ["a.b", "abc.d12", "x.\u00e9t\u00e9", "\u20ac.\ue000x", "a\ud83d\ude00.b", "bad\ud800.x", "a.\udc00", "12.\u00e9", "\u00e9\ud83d\ude00"];
    const t = firstTierDeoptsAfterWarm(abnf, "path", inputs);
    expect(t.answers).toEqual([true, true, true, true, true, false, false, true, true].map((v) => [v, "first"]));
    expect(t.deopts.filter((d) => /dist\/abnf\/(interpret|charset)\.js/.test(d))).toEqual([]);
  }, 120_000);

  it("keeps the first tier's repetition reader optimized where a repetition read from several offsets ends at one (after RFC 5322)", () => {
    // (no repetition of RFC 5322's inputs read from several offsets ended at exactly one: the
    // read of that one end had never run, and OData's first such input deoptimized the reader)
    const t = firstTierDeoptsAfterWarm('a = b 1*c\nb = "x" / "xy"\nc = "zz"\n', "a", ["xyzz", "xzz", "xyzzzz", "xyz"]);
    expect(t.answers).toEqual([true, true, true, false].map((v) => [v, "first"]));
    expect(t.deopts.filter((d) => /dist\/abnf\/(interpret|charset)\.js/.test(d))).toEqual([]);
  }, 120_000);
});
