// Issue 33: uri-grammar/abnf against peggy on recursive grammars, the same grammars and inputs
// in one process per row (a worker thread with a large stack, fresh for each row: peggy's generated parser recurses once per
// nesting level and more, and overflows V8's default stack on arrays nested 10,000 deep).
// peggy's parser is generated from the same ABNF by abnf 5 (`toFormat({ format: "peggy" })`),
// after the two changes it needs that uri-grammar does not: rules moved to column 0 and the
// RFC 5234 core rules appended (those the grammar does not define itself). The parser is a PEG:
// it takes the first alternative that matches, so it refuses some strings the ABNF matches; the
// rows say how many of the inputs each accepts (uri-grammar's answer is exact: test/loader-rfc-grammars).
//
// Rows: RFC 8259 JSON-text on a flat array of ~1 MB and on arrays nested 10,000 deep (the issue's
// "recursive rules" cases), then each suite grammar (RFC 9535 JSONPath, RFC 5234 ABNF, RFC 5322,
// OData ABNF 4.01) on short inputs: the RFC examples (fixtures/loader/rfc-grammars.json) or the
// OData TC's test cases (fixtures/abnf/odata/testcases.json, on the grammar alone, without the
// suite's name lists) and strings generated from the rules (seeded, as a test suite would hold). Timed warm: best pass of several in CPU
// time, ns per character; "× peggy" is peggy's time over ours (above 1: uri-grammar is faster).
// Each row also times first use (issue 33: at most twice a warm pass): the first pass over the
// row's inputs on the grammar just loaded, each side's, against a warm pass over the same inputs.
// Ours is then compiled (`compile()`), so that the warm figures are the compiled tier's. The first
// pass is timed twice: cold (a fresh worker, V8 meeting the engine's code for the first time)
// and with the engine's code warm (a fresh worker that first matched another grammar's inputs);
// each in DRAWS fresh workers, since one draw moves by up to 2x between runs: median and range.
//   node bench/run.mjs --only abnf [--quick]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..", "..");

/** How many rows the section has: JSON flat and nested, then the four suites' grammars. */
const ROWS = 6;

/**
 * For each row, the row whose grammar warms the engine's code before that row's first pass is
 * timed again: RFC 5322's (rows 0-3 and 5) and OData's (for RFC 5322's own row).
 */
const WARMER = [4, 4, 4, 4, 5, 4];

/**
 * The fewest rounds of the warmer's grammar before an engine-warm first pass, and the least time
 * (ms) they take when not quick. (Two rounds and 1 s left RFC 5322's row colder: its first pass
 * in 5 paired fresh workers each, median 182 ms against 136 with three rounds.)
 */
const WARM_ROUNDS = 3;
const WARM_MS = 1500;

/**
 * How many fresh workers time each first pass (cold, engine warm): the table gives their median
 * and range. An engine-warm worker costs 3-7 s of CPU, mostly the warmer's rounds (OData's
 * compile() of its 42 rules in each, for RFC 5322's row): three draws take the section from about
 * 54 to 115 s of CPU; five would take it past 150.
 */
const DRAWS = 3;

/** Suite row `at`'s grammar (rows 2 to 5, bench/lib/abnf.mjs ROWS): its source, the rules timed, the inputs given and the rules generated from. */
function suiteOf(at) {
  // OData: the OData TC's cases (a sample, each on its rule: 42 rules) and strings generated from three
  const odata = JSON.parse(readFileSync(path.join(root, "fixtures/abnf/odata/testcases.json"), "utf8")).cases;
  const suites = [
    { match: "rfc9535", name: "RFC 9535 JSONPath", rules: ["jsonpath-query"] },
    { match: "rfc5234-section4", name: "RFC 5234 ABNF", rules: ["rulelist"], file: "fixtures/abnf/rfc/rfc5234-section4.abnf" },
    { match: "rfc5322", name: "RFC 5322", rules: ["address", "mailbox", "date-time"] },
    {
      name: "OData ABNF 4.01",
      label: "the TC's cases on 42 rules; odataUri, odataRelativeUri, primitiveLiteral",
      rules: [...new Set(odata.map(([rule]) => rule))],
      file: "fixtures/abnf/odata/odata-abnf-construction-rules.txt",
      given: odata.map(([rule, x]) => [rule, x]),
      generate: ["odataUri", "odataRelativeUri", "primitiveLiteral"],
    },
  ];
  return suites[at - 2];
}

/**
 * The inputs generated from suite row `at`'s rules (seeded, as a test suite would hold), made in
 * the main thread, not in the worker that times the row: there, a second load of the row's
 * grammar and the generator's calls of the analyses the first tier also uses (Analysis.charSet)
 * ran before the first pass, and the second load set off V8 compiles of the loader that ran
 * during it (bench/abnf-first-use-ab.mjs: OData's first pass took such a compile in 2 of 3
 * traced draws). A user's first use loads the grammar once and has generated nothing.
 */
async function generated(at, quick) {
  const { grammarFromAbnf, seededRandom } = await import(path.join(root, "dist/abnf/index.js"));
  const s = suiteOf(at);
  const cases = JSON.parse(readFileSync(path.join(root, "fixtures/loader/rfc-grammars.json"), "utf8")).grammars;
  const fixture = s.match === undefined ? undefined : cases.find((c) => c.file.includes(s.match));
  const source = grammarFromAbnf(readFileSync(path.join(root, s.file ?? fixture.file), "utf8") + (fixture?.extra ?? "")).value;
  const count = (quick ? 100 : 400) / (s.generate === undefined ? 1 : 4);
  const out = [];
  for (const rule of s.generate ?? s.rules) for (let k = 0; k < count; k++) out.push([rule, source.generate(rule, seededRandom(k + 1), { maxRepeat: 3 })]);
  return out;
}

/** The section for bench/run.mjs: runs each row's measurement in its own worker with a 256 MB stack. */
export async function abnfBench({ quick = false, log = () => {} } = {}) {
  // each row in a fresh worker: a row's garbage (the 1 MB flat array's) must not tax the next
  // row's collections, which dominate the nested case on both sides
  const inWorker = (data) =>
    new Promise((resolve, reject) => {
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { abnfBench: true, quick, made, ...data }, resourceLimits: { stackSizeMb: 256 } });
      w.on("message", (m) => (m.log !== undefined ? log(m.log) : resolve(m.row)));
      w.on("error", reject);
      w.on("exit", (code) => code !== 0 && reject(new Error(`abnf bench worker exited with ${code}`)));
    });
  const draws = DRAWS;
  const made = {};
  for (let at = 2; at < ROWS; at++) made[at] = await generated(at, quick);
  const rows = [];
  for (let index = 0; index < ROWS; index++) {
    const r = await inWorker({ index });
    // each first pass again, in fresh workers: cold (the row's worker's first pass and draws-1
    // more, nothing else run there), and engine warm (another grammar matched first), alternating
    r.cold = [{ firstOurs: r.firstOurs, firstPeggy: r.firstPeggy }];
    r.warmed = [];
    for (let k = 0; k < draws; k++) {
      r.warmed.push(await inWorker({ index, warmer: WARMER[index] }));
      if (k + 1 < draws) r.cold.push(await inWorker({ index, firstOnly: true }));
    }
    const list = (key) => (d) => d.map((x) => x[key].toFixed(1)).join(", ");
    log(`${r.name}: first passes, ${draws} fresh workers each, CPU ms: ours cold ${list("firstOurs")(r.cold)}, engine warm ${list("firstOurs")(r.warmed)}; peggy cold ${list("firstPeggy")(r.cold)}, engine warm ${list("firstPeggy")(r.warmed)}`);
    rows.push(r);
  }
  const md = [
    "## ABNF engine against peggy (issue 33)",
    "",
    "uri-grammar/abnf (`isValid`) against the peggy 5 parser that abnf 5 generates from the same ABNF, same inputs, one worker thread per row, so that one row's garbage does not tax the next (bench/lib/abnf.mjs). Warm, best of several passes in CPU time (the process's), ns per character; × peggy above 1 means uri-grammar is faster. peggy takes the first alternative that matches, so it refuses some strings the ABNF matches: the suites' rows are timed on the inputs both accept.",
    "",
    "| grammar, inputs | timed (both accept) | characters | uri-grammar ns/char | peggy ns/char | × peggy | accepted: ours, peggy |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    md.push(`| ${r.name} | ${r.timed} | ${r.chars.toLocaleString("en-US")} | ${r.ours.toFixed(1)} | ${r.peggy.toFixed(1)} | ${(r.peggy / r.ours).toFixed(2)} | ${r.acceptedOurs}, ${r.acceptedPeggy} of ${r.inputs} |`);
  }
  md.push(
    "",
    `First use (issue 33: at most twice a warm pass): the first pass over every input of the row (accepted or not) on a grammar just loaded, against a warm pass over the same inputs (best of three, in the row's worker after the rows above were timed), CPU ms. A first pass is a single draw that moves by up to 2× between runs, so each is timed in ${draws} fresh workers: the table gives their median and, in brackets, their range (first ÷ warm: each draw over the one warm pass). Two first passes: **cold**, in a worker where nothing ran before (the row's own and ${draws - 1} more that time only the first passes), so it includes V8 compiling and optimizing the engine's own code, which a process pays once (the row's grammar is loaded there once: the strings generated from its rules are made in the main thread); and **engine warm**, in workers that first loaded another grammar and matched its inputs (RFC 5322's for the JSON, JSONPath, RFC 5234 and OData rows, OData's for the RFC 5322 row), at least ${WARM_ROUNDS} rounds and ${(quick ? 300 : WARM_MS) / 1000} s (each round a fresh load, the first pass on its first tier, \`compile()\`, a compiled pass; peggy's parser of that grammar over the same inputs), then loaded this row's grammar and timed its first pass. The engine-warm pass is what every further grammar or rule costs a process: loading, sizing and compiling the rules it reaches, and the first tier's passes. uri-grammar matches a rule's first inputs on its first tier, which builds nothing ahead, and compiles the rule's automata once that tier has taken as many steps on it as switching would cost (4,000,000, or 600 per position of the automata it would build when more; or at once for an input too long for the steps left); the rows above and the warm pass time the compiled tier (\`compile()\` after the first pass). peggy's parser is generated at load (its load column: abnf 5's parse and peggy.generate are not in it, only generate, in the cold worker); a generated parser is code of its own, so warming peggy on another grammar warms only V8's builtins and peggy's generator.`,
    "",
    "| grammar, inputs | uri-grammar load | first pass, cold | first pass, engine warm | warm pass | first ÷ warm, cold | first ÷ warm, engine warm | peggy generate | first pass, cold | first pass, engine warm | warm pass | first ÷ warm, cold | first ÷ warm, engine warm |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  const ms = (x) => x.toFixed(x < 10 ? 2 : 1);
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const median = (xs) => {
    const s = sorted(xs);
    const h = s.length >> 1;
    return s.length % 2 === 1 ? s[h] : (s[h - 1] + s[h]) / 2;
  };
  /** The median of `xs` (each divided by `by`), with their range. */
  const spread = (xs, by = 1, f = ms) => {
    const s = sorted(xs).map((x) => x / by);
    return `${f(median(s))} (${f(s[0])}–${f(s[s.length - 1])})`;
  };
  const ratio = (x) => x.toFixed(1);
  for (const r of rows) {
    const sides = [
      [r.loadOurs, r.warmOurs, "firstOurs"],
      [r.loadPeggy, r.warmPeggy, "firstPeggy"],
    ].map(([load, warm, key]) => {
      const cold = r.cold.map((d) => d[key]);
      const warmed = r.warmed.map((d) => d[key]);
      return `${ms(load)} | ${spread(cold)} | ${spread(warmed)} | ${ms(warm)} | ${spread(cold, warm, ratio)} | ${spread(warmed, warm, ratio)}`;
    });
    md.push(`| ${r.name} | ${sides.join(" | ")} |`);
  }
  return { markdown: md.join("\n"), rows };
}

// ---------------------------------------------------------------------------------------------
// In the worker

/** The ABNF text as abnf 5 reads it: every rule name moved to column 0 (continuation lines stay indented). */
const atColumnZero = (text) =>
  text
    .replace(/\r/g, "")
    .split("\n")
    .map((l) => l.replace(/^\s+(?=[A-Za-z][A-Za-z0-9-]*\s*=)/, ""))
    .join("\n");

async function measure({ quick, index, warmer, firstOnly = false, made }) {
  const abnf = await import("abnf");
  const peggy = (await import("peggy")).default;
  const { grammarFromAbnf } = await import(path.join(root, "dist/abnf/index.js"));
  const say = (s) => parentPort.postMessage({ log: s });
  const cases = JSON.parse(readFileSync(path.join(root, "fixtures/loader/rfc-grammars.json"), "utf8")).grammars;
  const core = atColumnZero(readFileSync(path.join(root, "node_modules/abnf/examples/core.abnf"), "utf8")).split(/\n(?=[A-Za-z])/);

  /** Both parsers of one grammar file (with `extra` rules appended for both), for `rules`. */
  const load = (file, extra, rules) => {
    const text = readFileSync(path.join(root, file), "utf8") + (extra ?? "");
    let loaded;
    const loadOurs = cpu(() => (loaded = grammarFromAbnf(text)));
    if (!loaded.ok) throw loaded.error;
    const own = atColumnZero(text);
    const defined = new Set([...own.matchAll(/^([A-Za-z][A-Za-z0-9-]*)\s*=[^/]/gm)].map((m) => m[1].toLowerCase()));
    const missing = core.filter((r) => {
      const m = /^([A-Za-z][A-Za-z0-9-]*)/.exec(r);
      return m !== null && !defined.has(m[1].toLowerCase());
    });
    const parsed = abnf.parseString(`${own}\n${missing.join("\n")}\n`, file);
    const slug = (name) => parsed.defs[name.toUpperCase()].name.replace(/-/g, "_");
    const source = parsed.toFormat({ format: "peggy", startRule: rules.map((r) => parsed.defs[r.toUpperCase()].name), stubs: true });
    let parser;
    const loadPeggy = cpu(() => (parser = peggy.generate(source, { allowedStartRules: rules.map(slug) })));
    const peg = (s, rule) => {
      try {
        parser.parse(s, { startRule: slug(rule) });
        return true;
      } catch (e) {
        if (e instanceof RangeError) throw e; // the stack: not an answer
        return false;
      }
    };
    return { g: loaded.value, text, peg, load: { ours: loadOurs, peggy: loadPeggy } };
  };

  /** The CPU time `pass` takes, in ms (the process's: on a shared machine wall time counts the waits for a core). */
  const cpu = (pass) => {
    const t = process.cpuUsage();
    pass();
    const d = process.cpuUsage(t);
    return (d.user + d.system) / 1000;
  };

  /**
   * Best time of one pass of each side, in ms of CPU time (the process's: on a shared machine wall
   * time counts the waits for a core), over `passes` rounds after warming both up for `warmMs`
   * (V8 optimizes the engine's loops only after many calls). A round runs one pass of each, in
   * alternating order, so that both sides meet the same collections and the same machine.
   */
  const best = (a, b, passes, warmFor = warmMs) => {
    const warmUntil = performance.now() + warmFor;
    do {
      a();
      b();
    } while (performance.now() < warmUntil);
    const time = cpu;
    let minA = Infinity;
    let minB = Infinity;
    for (let i = 0; i < passes; i++) {
      if (i % 2 === 0) {
        minA = Math.min(minA, time(a));
        minB = Math.min(minB, time(b));
      } else {
        minB = Math.min(minB, time(b));
        minA = Math.min(minA, time(a));
      }
    }
    return [minA, minB];
  };

  const row = (name, all, ours, peg, passes, loaded, settle) => {
    let acceptedOurs = 0;
    let acceptedPeggy = 0;
    // first use: the first pass over every input, on grammars loaded and never used before in
    // this worker (ours compiles each rule's automaton as it is first reached; peggy's parser
    // was generated when loaded), each side's CPU time apart
    const oursFirst = [];
    const pegFirst = [];
    const firstOurs = cpu(() => {
      for (const [rule, s] of all) oursFirst.push(ours(s, rule));
    });
    const firstPeggy = cpu(() => {
      for (const [rule, s] of all) pegFirst.push(peg(s, rule));
    });
    // the steady state is the compiled tier: a rule's first inputs are matched by the first tier
    // (src/abnf/interpret.ts) until it has taken what compiling would cost, which the warm-up below may not
    // reach; compiled now, as a long-running process's rules are
    settle();
    // timed on the inputs both accept: peggy refuses many strings early that the ABNF matches
    const inputs = [];
    all.forEach(([rule, s], i) => {
      const a = oursFirst[i];
      const b = pegFirst[i];
      if (a) acceptedOurs++;
      if (b) acceptedPeggy++;
      if (a && b) inputs.push([rule, s]);
    });
    const chars = inputs.reduce((n, [, s]) => n + s.length, 0);
    const [o, p] = best(
      () => {
        for (const [rule, s] of inputs) ours(s, rule);
      },
      () => {
        for (const [rule, s] of inputs) peg(s, rule);
      },
      passes,
    );
    // a warm pass over every input, as the first one was (best of three, alternating)
    const [warmOurs, warmPeggy] = best(
      () => {
        for (const [rule, s] of all) ours(s, rule);
      },
      () => {
        for (const [rule, s] of all) peg(s, rule);
      },
      3,
      0,
    );
    const r = { name, inputs: all.length, timed: inputs.length, chars, ours: (o * 1e6) / chars, peggy: (p * 1e6) / chars, acceptedOurs, acceptedPeggy, firstOurs, firstPeggy, warmOurs, warmPeggy, loadOurs: loaded.ours, loadPeggy: loaded.peggy };
    say(`${name}: ours ${r.ours.toFixed(1)} ns/char, peggy ${r.peggy?.toFixed(1)} ns/char; first use ÷ warm: ours ${(firstOurs / warmOurs).toFixed(1)}, peggy ${(firstPeggy / warmPeggy).toFixed(1)}`);
    return r;
  };

  const passes = quick ? 8 : 20;
  const warmMs = quick ? 300 : 1500;
  /** Row `at`'s grammar, just loaded (ours and peggy's), its inputs and the rules they are for. */
  const setup = (at) => {
    // RFC 8259: the two cases (rows 0 and 1)
    if (at < 2) {
      const json = cases.find((c) => c.file.includes("rfc8259"));
      const rules = ["JSON-text"];
      const loaded = load(json.file, json.extra, rules);
      if (at === 0) {
        const item = '{"id":12345,"name":"x\\u0041y z","tags":["a","b"],"ok":true,"n":null,"v":-2.5e3}';
        const parts = [];
        let n = 1;
        while (n < (quick ? 250_000 : 1_000_000)) {
          parts.push(item);
          n += item.length + 1;
        }
        return { ...loaded, rules, name: `RFC 8259 JSON-text, flat array`, all: [["JSON-text", `[${parts.join(",")}]`]] };
      }
      const depth = 10_000;
      return { ...loaded, rules, name: `RFC 8259 JSON-text, arrays nested ${depth.toLocaleString("en-US")} deep`, all: [["JSON-text", "[".repeat(depth) + "]".repeat(depth)]] };
    }
    // the suites' grammars on short inputs (rows 2 to 5)
    const s = suiteOf(at);
    const fixture = s.match === undefined ? undefined : cases.find((c) => c.file.includes(s.match));
    const file = s.file ?? fixture.file;
    const loaded = load(file, fixture?.extra, s.rules);
    const inputs = [];
    for (const [rule, x] of s.given ?? [...(fixture?.accept ?? []), ...(fixture?.reject ?? [])]) if (s.rules.includes(rule)) inputs.push([rule, x]);
    // and those generated from its rules, made in the main thread (generated, above)
    for (const x of made[at]) inputs.push(x);
    return { ...loaded, rules: s.rules, name: `${s.name} (${s.label ?? s.rules.join(", ")}), ${inputs.length} short inputs`, all: inputs };
  };

  /** The first pass of each side over the row's inputs, on its grammar just loaded: CPU ms. */
  const firstPasses = (x) => ({
    firstOurs: cpu(() => {
      for (const [rule, s] of x.all) x.g.isValid(s, rule);
    }),
    firstPeggy: cpu(() => {
      for (const [rule, s] of x.all) x.peg(s, rule);
    }),
  });
  if (warmer === undefined) {
    const x = setup(index);
    // a further draw of the cold first pass: nothing else runs in this worker
    if (firstOnly) return firstPasses(x);
    return row(x.name, x.all, (s, rule) => x.g.isValid(s, rule), x.peg, passes, x.load, () => x.g.compile(...x.rules));
  }
  // engine warm: another grammar, loaded apart, warms the engine's code (each round a fresh load,
  // its first tier, compile(), the compiled tier; peggy's parser of it likewise), then this row's
  // grammar is loaded and its first pass timed
  const w = setup(warmer);
  const until = performance.now() + (quick ? 300 : WARM_MS);
  let rounds = 0;
  do {
    const g = grammarFromAbnf(w.text).value;
    for (const [rule, s] of w.all) g.isValid(s, rule);
    g.compile(...w.rules);
    for (const [rule, s] of w.all) {
      g.isValid(s, rule);
      w.peg(s, rule);
    }
    rounds++;
  } while (rounds < WARM_ROUNDS || performance.now() < until);
  // (no forced collection here: `gc()` with --expose-gc set at run time made this pass as slow as
  // the cold worker's)
  return { ...firstPasses(setup(index)), rounds };
}

if (!isMainThread && workerData?.abnfBench === true) {
  parentPort.postMessage({ row: await measure(workerData) });
}
