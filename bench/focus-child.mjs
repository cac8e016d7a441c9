// Child of run.mjs: one row of the issue-19 targets (validate, parse, resolve or normalize), ours
// and its peers, timed in a fresh process that runs nothing else: a second draw, next to the main
// table's all-rows process, of the code V8 makes for the automaton's loop (which depends on what
// ran before it was optimized; see the section's text). Same inputs (bench/lib/inputs.mjs), same
// tinybench settings.
// argv: ROW [--quick]. Prints one JSON line: ns per call by library, and the round ratios.
import { Bench } from "tinybench";
import { corpusDir, loadReal, loadRfcExamples } from "./lib/corpus.mjs";
import { timedInputs } from "./lib/inputs.mjs";
import { loadOurs, loadPeers, readComponents, textOf } from "./lib/libs.mjs";
import { median } from "./lib/report.mjs";

const row = process.argv[2];
const quick = process.argv.includes("--quick");
const CFG = quick ? { rounds: 1, timeMs: 60, warmupMs: 20 } : { rounds: 7, timeMs: 120, warmupMs: 40 };
const ours = await loadOurs();
const { fastUri } = loadPeers();
const uriJs = loadPeers().uriJs;
const dir = corpusDir();
const allReal = loadReal(dir).flatMap((f) => f.lines);
const { S, PAIRS } = timedInputs(ours, fastUri, uriJs, allReal, loadRfcExamples(dir), 4000);

let sink = 0;
const len = (x) => (x === undefined ? 0 : x.length);
const rows = {
  validate: [S, {
    ours: () => { for (const s of S) if (ours.validate(s, "URI-reference").ok) sink++; },
    URL: () => { for (const s of S) if (URL.canParse(s)) sink++; },
    "fast-uri": () => { for (const s of S) if (fastUri.parse(s).error === undefined) sink++; },
  }],
  parse: [S, {
    ours: () => { for (const s of S) { const r = ours.parse(s); if (r.ok) sink += readComponents(r.value); } },
    URL: () => {
      for (const s of S) {
        const u = new URL(s);
        sink += u.protocol.length + u.username.length + u.password.length + u.hostname.length + u.port.length + u.pathname.length + u.search.length + u.hash.length;
      }
    },
    "fast-uri": () => {
      for (const s of S) {
        const c = fastUri.parse(s);
        sink += len(c.scheme) + len(c.userinfo) + len(c.host) + (c.port === undefined ? 0 : 1) + len(c.path) + len(c.query) + len(c.fragment);
      }
    },
  }],
  resolve: [PAIRS, {
    ours: () => { for (const [b, r] of PAIRS) sink += len(textOf(ours, ours.resolve(b, r))); },
    URL: () => { for (const [b, r] of PAIRS) sink += new URL(r, b).href.length; },
    "fast-uri": () => { for (const [b, r] of PAIRS) sink += fastUri.resolve(b, r).length; },
  }],
  normalize: [S, {
    ours: () => { for (const s of S) sink += len(textOf(ours, ours.normalize(s))); },
    URL: () => { for (const s of S) sink += new URL(s).href.length; },
    "fast-uri": () => { for (const s of S) sink += fastUri.normalize(s).length; },
  }],
};
if (!(row in rows)) throw new Error(`focus-child: the row must be one of ${Object.keys(rows).join(", ")}, got ${row}`);
const [inputs, tasks] = rows[row];
const perRound = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
for (let round = 0; round < CFG.rounds; round++) {
  const bench = new Bench({ time: CFG.timeMs, warmupTime: CFG.warmupMs, warmupIterations: 2, iterations: 5, throws: true });
  const keys = Object.keys(tasks);
  for (const k of round % 2 ? keys.reverse() : keys) bench.add(k, tasks[k]);
  await bench.run();
  for (const t of bench.tasks) perRound[t.name].push((t.result.latency.p50 * 1e6) / inputs.length);
}
const ratio = (a, b) => median(perRound[a].map((x, i) => x / perRound[b][i]));
console.log(JSON.stringify({
  row, n: inputs.length, sink: sink > 0,
  ns: Object.fromEntries(Object.entries(perRound).map(([k, v]) => [k, median(v)])),
  vsURL: ratio("ours", "URL"), vsFastUri: ratio("ours", "fast-uri"),
}));
