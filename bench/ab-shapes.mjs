// Two builds of uri-grammar side by side on issue 34's rows, in one process (paired rounds):
//
//   node bench/ab-shapes.mjs BASE_DIR NEW_DIR [rows] [rounds]
//
// BASE_DIR and NEW_DIR each hold a build's index.js, whatwg/index.js and schemes/index.js (a
// dist/bundle/ or a dist/ of tsc; copy one away before `npm run build` replaces it, and keep a
// node_modules on its path: the bundle imports parsimmon). rows: a comma list of validate,
// parse7, dedupe, normalize (all by default); rounds: 40 by default.
//
// On this project's shared two-core machine one pass of a row moves by tens of percent from one
// second to the next, whatever the build: the bench's tables, each side timed in its own block,
// measure the load as much as the code. Here each round times the base, the new build and the
// reference (URL) one right after another, in alternating order, on the same strings (the bench's
// 4,000 URLs as sliced lines and as flat copies, and its 2,000 crawled URLs for the dedupe job,
// made by bench/lib/inputs.mjs as the bench makes them), so the two builds meet the same load.
// Printed per row and shape: each side's fastest pass (ns per call), the median over the rounds of
// new ÷ base, and each build's fastest pass ÷ the reference's.
import { corpusDir, loadReal, loadRfcExamples, sample } from "./lib/corpus.mjs";
import { timedInputs } from "./lib/inputs.mjs";
import { loadPeers, readComponents } from "./lib/libs.mjs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [baseDir, newDir, rowsArg, roundsArg] = process.argv.slice(2);
if (baseDir === undefined || newDir === undefined) throw new Error("usage: node bench/ab-shapes.mjs BASE_DIR NEW_DIR [rows] [rounds]");
const ROUNDS = Number(roundsArg ?? 40);
const load = async (d) => {
  const at = (f) => import(pathToFileURL(path.resolve(d, f)).href);
  return { main: await at("index.js"), whatwg: await at("whatwg/index.js"), schemes: await at("schemes/index.js") };
};
const A = await load(baseDir);
const B = await load(newDir);
const { fastUri, uriJs } = loadPeers();
const dir = corpusDir();
const { commonPool, S: sliced } = timedInputs(A.main, fastUri, uriJs, loadReal(dir).flatMap((f) => f.lines), loadRfcExamples(dir), 4000);
const crawl = sample(commonPool, 2000, 34);
/** A flat copy of a string: JSON.parse makes a fresh sequential string, never a slice. */
const flat = (xs) => JSON.parse(JSON.stringify(xs));
const shapes = { sliced: [sliced, crawl], flat: [flat(sliced), flat(crawl)] };

let sink = 0;
/** Per row: the build's pass, the reference's pass (or none), and which inputs it reads. */
const ROWS = {
  validate: {
    ours: (L, S) => () => { for (const s of S) if (L.main.validate(s).ok) sink++; },
    ref: (S) => () => { for (const s of S) if (URL.canParse(s)) sink++; },
  },
  parse7: {
    ours: (L, S) => () => { for (const s of S) { const r = L.main.parse(s); if (r.ok) sink += readComponents(r.value); } },
    ref: (S) => () => {
      for (const s of S) {
        const u = new URL(s);
        sink += u.protocol.length + u.username.length + u.password.length + u.hostname.length + u.port.length + u.pathname.length + u.search.length + u.hash.length;
      }
    },
  },
  dedupe: {
    crawl: true,
    ours: (L, C) => () => {
      const seen = new Set();
      for (const s of C) {
        const r = L.whatwg.parse(s);
        if (r.ok) seen.add(L.schemes.equivalenceKey(r.value.uri));
      }
      sink += seen.size;
    },
    ref: (C) => () => {
      const seen = new Set();
      for (const s of C) seen.add(new URL(s).href);
      sink += seen.size;
    },
  },
  normalize: {
    ours: (L, S) => () => { for (const s of S) { const r = L.main.normalize(s); if (r.ok) sink++; } },
    ref: (S) => () => { for (const s of S) sink += new URL(s).href.length; },
  },
};

const pass = (f) => {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t);
};
for (const name of (rowsArg ?? Object.keys(ROWS).join(",")).split(",")) {
  const row = ROWS[name];
  if (row === undefined) throw new Error(`no row ${name}: ${Object.keys(ROWS).join(", ")}`);
  for (const [shape, [S, C]] of Object.entries(shapes)) {
    const inputs = row.crawl ? C : S;
    const runs = { base: row.ours(A, inputs), new: row.ours(B, inputs), ref: row.ref(inputs) };
    for (let i = 0; i < 20; i++) for (const f of Object.values(runs)) f();
    const best = { base: Infinity, new: Infinity, ref: Infinity };
    const ratios = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t = {};
      for (const k of r % 2 === 0 ? ["base", "new", "ref"] : ["new", "base", "ref"]) t[k] = pass(runs[k]);
      for (const k of Object.keys(t)) best[k] = Math.min(best[k], t[k]);
      ratios.push(t.new / t.base);
    }
    ratios.sort((x, y) => x - y);
    const ns = (x) => (x / inputs.length).toFixed(0);
    console.log(
      `${name} ${shape}: base ${ns(best.base)} ns, new ${ns(best.new)} ns (new ÷ base, median of ${ROUNDS} rounds: ${ratios[ROUNDS >> 1].toFixed(2)}); ÷ reference ${ns(best.ref)} ns: base ${(best.base / best.ref).toFixed(2)}×, new ${(best.new / best.ref).toFixed(2)}×`,
    );
  }
}
if (sink === 0) throw new Error("nothing was computed");
