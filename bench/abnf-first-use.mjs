// First use against warm use of a loaded grammar's rules (issue 33: "first use of a rule costs
// at most twice a warm pass over the same input"). Loads RFC 5322 §3-4 as published
// (fixtures/abnf/rfc/), builds an input set per rule (the RFC's examples from
// fixtures/loader/rfc-grammars.json and strings generated from the rule, as a test suite would
// hold), then times, in a fresh process each: load + the first pass over the set (compilation
// included), a second (warm) pass, and the same with compile("address", "mailbox",
// "date-time") after loading ("named") and with { compile: true } (every rule, at load).
//   node bench/abnf-first-use.mjs [count per rule, default 2000]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const count = Number(process.argv[2] ?? 2000);

if (process.argv[3] === "--child") {
  const mode = process.argv[4];
  const { grammarFromAbnf, seededRandom } = await import(path.join(root, "dist/abnf/index.js"));
  const text = readFileSync(path.join(root, "fixtures/abnf/rfc/rfc5322-sections-3-4.abnf"), "utf8");
  const cases = JSON.parse(readFileSync(path.join(root, "fixtures/loader/rfc-grammars.json"), "utf8")).grammars[0];
  const rules = ["address", "mailbox", "date-time"];
  // the inputs come from a grammar of their own, so that generating them compiles nothing of the one timed
  const source = grammarFromAbnf(text).value;
  const inputs = [];
  for (const [rule, s] of [...cases.accept, ...cases.reject]) inputs.push([rule, s]);
  for (const rule of rules) for (let k = 0; k < count; k++) inputs.push([rule, source.generate(rule, seededRandom(k + 1), { maxRepeat: 3 })]);
  const chars = inputs.reduce((n, [, s]) => n + s.length, 0);
  const pass = (g) => {
    const t = performance.now();
    let valid = 0;
    for (const [rule, s] of inputs) if (g.isValid(s, rule)) valid++;
    return { ms: performance.now() - t, valid };
  };
  let t = performance.now();
  const g = grammarFromAbnf(text, { compile: mode === "eager" }).value;
  if (mode === "named") g.compile(...rules);
  const load = performance.now() - t;
  const first = pass(g);
  const warm = pass(g);
  const warm2 = pass(g);
  process.stdout.write(JSON.stringify({ mode, inputs: inputs.length, chars, load, first: first.ms, warm: Math.min(warm.ms, warm2.ms), valid: first.valid }));
} else {
  for (const mode of ["lazy", "named", "eager"]) {
    const out = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), String(count), "--child", mode], { encoding: "utf8" }));
    const ns = (ms) => ((ms * 1e6) / out.chars).toFixed(0);
    console.log(
      `RFC 5322 ${mode}: ${out.inputs} inputs, ${out.chars} characters (${out.valid} valid); load ${out.load.toFixed(0)} ms; first pass ${out.first.toFixed(0)} ms (${ns(out.first)} ns/char), warm ${out.warm.toFixed(0)} ms (${ns(out.warm)} ns/char): first/warm ${(out.first / out.warm).toFixed(2)}x, (load+first)/warm ${((out.load + out.first) / out.warm).toFixed(2)}x`,
    );
  }
}
