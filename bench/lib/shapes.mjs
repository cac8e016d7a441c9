// The per-call rows of issue 34's table on both string shapes, and the dedupe job:
// `node bench/run.mjs --only shapes` runs them alone (and `npm run bench` runs them too).
//
// The same 4,000 real URLs (bench/lib/inputs.mjs) as two shapes: the lines split from the corpus
// files, which V8 keeps as sliced strings of multi-megabyte strings (as a batch job reads them),
// and fresh flat copies (as JSON.parse or an HTTP header gives them). Node's URL copies a sliced
// string before its C++ parser reads it and reads a flat one in place, so each shape favours a
// different parser: a claim of speed must hold on both.
//
// The dedupe job (issue 34): 2,000 crawled URLs read as a browser would with uri-grammar/whatwg's
// parse, then deduplicated with equivalenceKey (uri-grammar/schemes) into a Set, against
// `new URL(s).href` into a Set.
import { Bench } from "tinybench";
import { corpusDir, loadReal, loadRfcExamples, sample } from "./corpus.mjs";
import { timedInputs } from "./inputs.mjs";
import { loadOurs, loadOursSubpath, loadPeers, textOf } from "./libs.mjs";
import { fmtNs, fmtRatio, mdTable, median } from "./report.mjs";

/** A flat copy of a string: JSON.parse makes a fresh sequential string, never a slice. */
const flat = (xs) => JSON.parse(JSON.stringify(xs));

/** ns per call of each task: tinybench passes over the inputs, median over rounds, and the per-round ratios. */
async function time(tasks, cfg) {
  const perRound = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
  /** The fastest pass of each task over all rounds: what a pass costs when no collection or other process interrupts it. */
  const best = {};
  for (let round = 0; round < cfg.rounds; round++) {
    const names = Object.keys(tasks);
    if (round % 2 === 1) names.reverse();
    const bench = new Bench({ time: cfg.timeMs, warmupTime: cfg.warmupMs, warmupIterations: 2, iterations: 5, throws: true });
    for (const n of names) bench.add(n, tasks[n].run);
    await bench.run();
    for (const t of bench.tasks) {
      perRound[t.name].push((t.result.latency.p50 * 1e6) / tasks[t.name].count);
      best[t.name] = Math.min(best[t.name] ?? Infinity, (t.result.latency.min * 1e6) / tasks[t.name].count);
    }
  }
  return { perRound, best };
}

export async function shapesBench({ quick, log }) {
  const cfg = quick ? { rounds: 1, timeMs: 60, warmupMs: 20 } : { rounds: 5, timeMs: 120, warmupMs: 40 };
  const ours = await loadOurs();
  const whatwg = await loadOursSubpath("whatwg");
  const schemes = await loadOursSubpath("schemes");
  const { fastUri, uriJs } = loadPeers();
  const dir = corpusDir();
  const allReal = loadReal(dir).flatMap((f) => f.lines);
  const { commonPool, S: sliced, PAIRS: slicedPairs } = timedInputs(ours, fastUri, uriJs, allReal, loadRfcExamples(dir), 4000);
  const shapes = { sliced: [sliced, slicedPairs], flat: [flat(sliced), flat(slicedPairs)] };
  const crawl = sample(commonPool, 2000, 34);
  const crawlShapes = { sliced: crawl, flat: flat(crawl) };

  let sink = 0;
  const len = (x) => (x === undefined ? 0 : x.length);
  const rows = {
    validate: (S) => ({
      n: S.length,
      ours: () => { for (const s of S) if (ours.validate(s).ok) sink++; },
      URL: () => { for (const s of S) if (URL.canParse(s)) sink++; },
      "fast-uri": () => { for (const s of S) if (fastUri.parse(s).error === undefined) sink++; },
    }),
    "parse + 7": (S) => ({
      n: S.length,
      // each library's result read by code of its own (see run.mjs's parse rows)
      ours: () => {
        for (const s of S) {
          const r = ours.parse(s);
          if (r.ok) {
            const v = r.value;
            const a = v.authority;
            sink += len(v.scheme) + len(v.path.text) + len(v.query) + len(v.fragment) + (a === undefined ? 0 : len(a.userinfo) + len(a.host.text) + len(a.port));
          }
        }
      },
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
    }),
    resolve: (S, P) => ({
      n: P.length,
      ours: () => { for (const [b, r] of P) sink += len(textOf(ours, ours.resolve(b, r))); },
      URL: () => { for (const [b, r] of P) sink += new URL(r, b).href.length; },
      "fast-uri": () => { for (const [b, r] of P) sink += fastUri.resolve(b, r).length; },
    }),
    normalize: (S) => ({
      n: S.length,
      ours: () => { for (const s of S) sink += len(textOf(ours, ours.normalize(s))); },
      URL: () => { for (const s of S) sink += new URL(s).href.length; },
      "fast-uri": () => { for (const s of S) sink += fastUri.normalize(s).length; },
    }),
    "dedupe job": (S, P, C) => ({
      n: C.length,
      ours: () => {
        const seen = new Set();
        for (const s of C) {
          const r = whatwg.parse(s);
          if (r.ok) seen.add(schemes.equivalenceKey(r.value.uri));
        }
        sink += seen.size;
      },
      URL: () => {
        const seen = new Set();
        for (const s of C) seen.add(new URL(s).href);
        sink += seen.size;
      },
      "whatwg parse": () => { for (const s of C) if (whatwg.parse(s).ok) sink++; },
      equivalenceKey: () => { for (const s of C) sink += schemes.equivalenceKey(s).length; },
    }),
  };
  const only = process.env.SHAPES_ROWS?.split(",");
  const table = [];
  const out = {};
  for (const [name, make] of Object.entries(rows)) {
    if (only !== undefined && !only.includes(name)) continue;
    for (const [shape, [S, P]] of Object.entries(shapes)) {
      const r = make(S, P, crawlShapes[shape]);
      const tasks = Object.fromEntries(Object.entries(r).filter(([k]) => k !== "n").map(([k, run]) => [k, { run, count: r.n }]));
      const { perRound: per, best } = await time(tasks, cfg);
      const ns = Object.fromEntries(Object.entries(per).map(([k, v]) => [k, median(v)]));
      const ratio = (a, b) => median(per[a].map((x, i) => x / per[b][i]));
      out[`${name}:${shape}`] = { ns, best, vsURL: ratio("ours", "URL"), bestVsURL: best.ours / best.URL };
      const extra = Object.keys(ns).filter((k) => !["ours", "URL", "fast-uri"].includes(k)).map((k) => `${k} ${fmtNs(ns[k])}`).join(", ");
      table.push([
        name, shape, r.n.toLocaleString("en-US"), fmtNs(ns.ours), fmtNs(ns.URL), fmtRatio(ratio("ours", "URL")), fmtRatio(best.ours / best.URL),
        "fast-uri" in per ? `${fmtNs(ns["fast-uri"])} (${median(per["fast-uri"].map((x, i) => x / per.ours[i])).toFixed(2)}× ours)` : extra || "–",
      ]);
      log(`shapes: ${name} ${shape}: ours ${fmtNs(ns.ours)}, URL ${fmtNs(ns.URL)} (${fmtRatio(ratio("ours", "URL"))}; fastest passes ${fmtRatio(best.ours / best.URL)})${extra ? `; ${extra}` : ""}`);
    }
  }
  const markdown = [
    "## Both string shapes (issue 34)",
    "",
    "The same 4,000 real URLs as lines split from the corpus files (V8 sliced strings) and as fresh flat copies (`JSON.parse`); ns per call, median of the rounds; the ratio is the median of the per-round ratios, and next to it the ratio of each side's fastest pass over all rounds (on a shared machine a collection that other processes delay lands in some passes and not others: the rows that allocate more, the dedupe job most, move most). The dedupe job: 2,000 of them read with `uri-grammar/whatwg`'s `parse`, then `equivalenceKey` of the node into a `Set`, against `new URL(s).href` into a `Set` (ns per URL; its last column: the two halves timed apart).",
    "",
    mdTable(["row", "shape", "inputs", "uri-grammar", "URL", "÷ URL", "÷ URL, fastest passes", "fast-uri (× slower than ours) / parts"], table),
    "",
  ].join("\n");
  if (sink === 0) throw new Error("shapes: nothing was computed");
  return { markdown, results: out };
}
