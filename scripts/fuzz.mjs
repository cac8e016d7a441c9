// `npm run fuzz` (issue 13): the never-crash rule of test/security/never-crash.test.ts, run long,
// on the built package (dist/). Every export of every entry point is called, in turn, with
// arguments drawn from pools of strings: lines of the corpus (fixtures/corpus, and
// ../shared/corpus when it is there), strings generated from every rule of every grammar the
// package holds (RFC 3986, RFC 3987, the core rules, each scheme's), arbitrary UTF-16 (lone
// surrogates, NUL, controls) and ABNF text, each often mutated; and with any JavaScript value.
// A call must return its result or throw one of its typed errors (or a TypeError/RangeError
// that refuses an argument on purpose); anything else is a failure, printed with the seed that
// replays it.
//
//   node scripts/fuzz.mjs [--calls N] [--seed S] [--only KEY] [--rounds R]
//   node scripts/fuzz.mjs --huge [BYTES]
//
//   --calls N    stop after N calls (default 1,000,000)
//   --seed S     the first round's seed (default: from the clock, printed); round k uses S + k
//   --only KEY   only this export ("root:parse", "schemes:mailto", ...)
//   --rounds R   stop after R rounds (one round: one export, all its calls, from one seed)
//   --no-record  leave bench/FUZZ.md as it is (.ci/run; a run of every export writes it otherwise)
//   --huge       instead: every export on each of the huge inputs of test/security/harness.ts
//                (hugeInputs), BYTES long (default 1 MiB; test/security/huge-inputs.test.ts
//                runs them at 128 KiB), printing the slowest exports
//
// Replay a failure: node scripts/fuzz.mjs --seed <its seed> --only <its key> --rounds 1
//
// The call table and the harness are the test's own (test/security/call-table.ts, harness.ts):
// they import the library's types only, so esbuild compiles them here without the library.
import * as esbuild from "esbuild";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function option(name, fallback) {
  const k = process.argv.indexOf(name);
  if (k < 0) return fallback;
  const v = process.argv[k + 1];
  if (v === undefined) throw new Error(`${name} needs a value`);
  return v;
}
const limit = Number(option("--calls", "1000000"));
const rounds = Number(option("--rounds", "Infinity"));
const only = option("--only", undefined);
const seed0 = Number(option("--seed", String(Date.now() % 2 ** 31)));
const hugeAt = process.argv.indexOf("--huge");
const hugeBytes = hugeAt < 0 ? undefined : Number(/^\d+$/.test(process.argv[hugeAt + 1] ?? "") ? process.argv[hugeAt + 1] : 1 << 20);
if (!Number.isInteger(seed0) || !(limit > 0)) throw new Error("--seed must be a whole number and --calls above 0");

// The harness, compiled.
const tmp = mkdtempSync(path.join(os.tmpdir(), "uri-grammar-fuzz-"));
const harnessFile = path.join(tmp, "harness.mjs");
await esbuild.build({
  stdin: {
    contents: 'export * from "./harness.ts";\nexport { callTable, exportNames } from "./call-table.ts";\n',
    resolveDir: path.join(root, "test", "security"),
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  outfile: harnessFile,
  logLevel: "error",
});
const harness = await import(pathToFileURL(harnessFile).href);
rmSync(tmp, { recursive: true, force: true });

// The package, built.
const dist = (p) => import(pathToFileURL(path.join(root, "dist", p)).href);
if (!existsSync(path.join(root, "dist", "index.js"))) throw new Error("no dist/: run npm run build first (npm run fuzz does)");
const m = {
  root: await dist("index.js"),
  rules: await dist("rules/index.js"),
  abnf: await dist("abnf/index.js"),
  components: await dist("components.js"),
  builder: await dist("uri-builder.js"),
  iri: await dist("iri/index.js"),
  schemes: await dist("schemes/index.js"),
  security: await dist("security.js"),
  diagrams: await dist("diagrams.js"),
  whatwg: await dist("whatwg/index.js"),
  template: await dist("template/index.js"),
  ast: await dist("ast/nodes.js"),
};
const { callTable, exportNames } = harness;
const table = callTable(m);
const missing = exportNames(m).filter((n) => table[n] === undefined);
if (missing.length > 0) throw new Error(`the call table has no entry for ${missing.join(", ")}`);

if (hugeBytes !== undefined) {
  let failed = 0;
  const t0 = performance.now();
  for (const [name, input] of harness.hugeInputs(hugeBytes)) {
    const t1 = performance.now();
    const times = [];
    const failures = [];
    for (const [key, entry] of Object.entries(table)) {
      const t = performance.now();
      failures.push(...harness.runHuge(m, { [key]: entry }, input));
      times.push([performance.now() - t, key]);
    }
    times.sort((a, b) => b[0] - a[0]);
    console.log(`huge: ${name}: ${((performance.now() - t1) / 1000).toFixed(1)} s, ${failures.length} failures; slowest: ${times.slice(0, 3).map(([t, k]) => `${k} ${t.toFixed(0)} ms`).join(", ")}`);
    for (const f of failures) console.log(`FAIL ${f.key} (${f.kind} call ${f.index}): ${f.problem}`);
    failed += failures.length;
  }
  console.log(`huge: ${Object.keys(table).length} exports, ${((performance.now() - t0) / 1000).toFixed(1)} s, ${failed} failures`);
  process.exit(failed === 0 ? 0 : 1);
}

// The pools.
const lines = (file) => readFileSync(file, "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#"));
const corpus = [...lines(path.join(root, "fixtures", "corpus", "hard.txt"))];
const shared = path.join(root, "..", "shared", "corpus");
if (existsSync(shared)) {
  corpus.push(...lines(path.join(shared, "hard.txt")));
  const real = path.join(shared, "real");
  if (existsSync(real)) for (const f of readdirSync(real)) corpus.push(...lines(path.join(real, f)).slice(0, 20000));
}
const random = m.abnf.seededRandom(seed0);
const s = m.schemes;
const grammars = [m.abnf.rfc3986, m.abnf.rfc3987, m.abnf.core, s.httpGrammar, s.wsGrammar, s.mailtoGrammar, s.urnGrammar, s.uuidGrammar, s.fileGrammar, s.fileAppendixEGrammar, s.dataGrammar, s.telGrammar];
const generated = [];
for (const g of grammars) {
  for (const name of g.ruleNames) {
    for (let k = 0; k < 8; k++) {
      try {
        generated.push(g.generate(name, random, { maxRepeat: 5 }));
      } catch {
        break; // a rule that matches nothing on its own (prose)
      }
    }
  }
}
const abnfTexts = readdirSync(path.join(root, "grammar"))
  .filter((f) => f.endsWith(".abnf"))
  .flatMap((f) => {
    const l = readFileSync(path.join(root, "grammar", f), "utf8").split("\n");
    const chunks = [];
    for (let k = 0; k < l.length; k += 6) chunks.push(l.slice(k, k + 6).join("\n"));
    return chunks;
  });
// Hostile shapes found by hand (fuzz rounds 1-4), so that every run keeps trying them: ABNF that
// nests RFC 9110 lists (each element twice in its expansion: 2^depth leaves), huge and nested
// counts, mutual and nullable recursion, prose and case-sensitive strings; and URIs whose query
// repeats its keys (a map holds no key twice: every split between two exploded variables is read).
const nestedLists = (d) => `x = ${"#(".repeat(d)}y${")".repeat(d)}\ny = "a" / <an element>`;
abnfTexts.push(
  ...[2, 8, 24, 60, 99].map(nestedLists),
  'x = 1#2(0<a>) <b>\n',
  'x = 1000000*1000000"a"\n',
  'x = 1*1000000"a" 66000*1000000"a"\n',
  'x = 1000*1000(1000*1000(1000*1000"ab"))\n',
  'x = "a" y / "b"\ny = "c" x / "d"\n',
  'x = "a" x "a" / "a" y\ny = "a" x / "a"\n',
  'x = y\ny = *x\n',
  'x = %s"aB" 100*1000%s"Cd" / %i"xY"\n',
  `x = ${"(".repeat(100)}"a"${")".repeat(100)}\n`,
);
const repeatedKeys = (n, sep) => Array.from({ length: n }, (_, j) => `${"aba"[j % 3]}=${j}`).join(sep);
const uris = [...corpus, ...generated, ...[8, 40, 160].flatMap((n) => [`/s?${repeatedKeys(n, "&")}`, `/s;${repeatedKeys(n, ";")}`, `http://h/p1?${repeatedKeys(n, "&")}#x`])];
const TOKENS = ["http://", "//", "@", ":", "/", "?", "#", "[", "]", "%", "%2e", "%C3%A9", "\\", "::", ".", "..", "a", "0", "é", "\u0000", "\t", " ", "xn--", "=", "(", "\"", ";", "\ud800", "\udfff", "😀"];
/** Arbitrary text: code units, astral characters and URI-like tokens. */
function text(next) {
  let out = "";
  const n = Math.floor(next() * 24);
  for (let k = 0; k < n; k++) {
    const r = next();
    out += r < 0.3 ? String.fromCharCode(Math.floor(next() * 0x10000)) : r < 0.4 ? String.fromCodePoint(0x10000 + Math.floor(next() * 0x100000)) : TOKENS[Math.floor(next() * TOKENS.length)];
  }
  return out;
}

console.log(`fuzz: seed ${seed0}, up to ${limit.toLocaleString("en")} calls, ${Object.keys(table).length} exports, pools: ${corpus.length} corpus lines, ${generated.length} generated strings, ${abnfTexts.length} ABNF chunks`);
const keys = Object.keys(table).filter((k) => only === undefined || k === only).sort();
if (keys.length === 0) throw new Error(`no export ${only}`);

let calls = 0;
let failures = 0;
let round = 0;
const start = performance.now();
let lastReport = start;
const slowest = [];
while (calls < limit && round < rounds) {
  const key = keys[round % keys.length];
  const seed = seed0 + round;
  const next = harness.prng(seed);
  const strings = Array.from({ length: 1 + Math.floor(next() * 4) }, () => text(next));
  const args = harness.makeArgs(m, next, { strings, uris, abnf: abnfTexts });
  let n = 0;
  const counting = {
    ...table[key],
    typed: (a) => table[key].typed(a).map((c) => () => (n++, c())),
    loose: (a) => table[key].loose(a).map((c) => () => (n++, c())),
  };
  const t0 = performance.now();
  const found = harness.runEntry(m, key, counting, args);
  const took = performance.now() - t0;
  slowest.push({ key, seed, took });
  slowest.sort((a, b) => b.took - a.took);
  slowest.length = Math.min(slowest.length, 5);
  for (const f of found) {
    failures++;
    console.log(`FAIL ${f.key} (${f.kind} call ${f.index}), seed ${seed}: ${f.problem}\n  replay: node scripts/fuzz.mjs --seed ${seed} --only ${key} --rounds 1`);
  }
  calls += n;
  round++;

  const now = performance.now();
  if (now - lastReport > 10000) {
    lastReport = now;
    console.log(`  ${calls.toLocaleString("en")} calls, ${round.toLocaleString("en")} rounds, ${failures} failures, ${((now - start) / 1000).toFixed(0)} s`);
  }
}
const seconds = (performance.now() - start) / 1000;
console.log(`fuzz: ${calls.toLocaleString("en")} calls in ${round.toLocaleString("en")} rounds (seeds ${seed0} to ${seed0 + round - 1}), ${seconds.toFixed(1)} s, ${failures} failures`);
console.log(`slowest rounds: ${slowest.map((r) => `${r.key} seed ${r.seed} ${r.took.toFixed(0)} ms`).join("; ")}`);
if (only === undefined && !process.argv.includes("--no-record")) writeFileSync(path.join(root, "bench", "FUZZ.md"), `${[
  "# Fuzzing: the last `npm run fuzz`",
  "",
  "Written by `scripts/fuzz.mjs`; see its header for what it calls and how to replay a seed.",
  "",
  `- date: ${new Date().toISOString().slice(0, 10)}; Node ${process.version}`,
  `- seeds ${seed0} to ${seed0 + round - 1} (${round.toLocaleString("en")} rounds${only === undefined ? "" : `, only ${only}`})`,
  `- ${calls.toLocaleString("en")} calls of ${keys.length} exports in ${seconds.toFixed(1)} s`,
  `- failures: ${failures}`,
  `- slowest rounds (one export, all its calls): ${slowest.map((r) => `${r.key} (seed ${r.seed}) ${r.took.toFixed(0)} ms`).join("; ")}`,
].join("\n")}\n`);
process.exitCode = failures === 0 ? 0 : 1;
