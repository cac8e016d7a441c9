// Two builds of uri-grammar/template side by side, in one process (paired runs):
//
//   node bench/ab-template.mjs BASE_DIR NEW_DIR [pairs] [scale] [rows]
//
// BASE_DIR and NEW_DIR are checkouts built with `npm run build` (each one's
// dist/bundle/template/index.js is loaded). pairs: runs of each row per build (30 by default),
// scale: the size of the hostile rows (32 by default), rows: a regular expression that picks rows.
//
// The rows: issue 30's hostile templates (a variable in many varspecs, "{x}" against a URI twice
// its varspecs, "{x:1}" spans; each answers "no-match" or "reading-limit" after its work), the
// uritemplate-test cases matched with the template as text, the API routes matched, the first
// match of templates not seen before, a router of 1,000 routes warm, and a router of 1,000
// routes "{a}/NNNN/{b}" built and matched once. Each pair runs the base and the new build one
// right after the other, in alternating order, and times each by the process's CPU time
// (process.cpuUsage: on this project's loaded two-core machine, wall time per run moves by tens
// of percent with the load; CPU time by a few). Printed per row: each side's fastest and median
// run (ms of CPU) and the median with the quartiles of new ÷ base over the pairs.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { apiRoutes, suiteCases } from "./lib/template.mjs";

const [baseDir, newDir, pairsArg, scaleArg, rowsArg] = process.argv.slice(2);
if (baseDir === undefined || newDir === undefined) throw new Error("usage: node bench/ab-template.mjs BASE_DIR NEW_DIR [pairs] [scale] [rows]");
const PAIRS = Number(pairsArg ?? 30);
const S = Number(scaleArg ?? 32);
const pick = rowsArg === undefined ? undefined : new RegExp(rowsArg);
const load = (d) => import(pathToFileURL(path.resolve(d, "dist/bundle/template/index.js")).href);
const a = await load(baseDir);
const b = await load(newDir);

const suite = suiteCases().map(([t, , u]) => [t, u]);
const routes = apiRoutes();
const api = routes.map(([t, v]) => [t, a.expandOrThrow(t, v)]);
/** A router of the bench's 1,000 routes (bench/lib/template.mjs) and a URI of each. */
const routerOf = (tm) => {
  const texts = [...new Set(Array.from({ length: 1000 }, (_, i) => `/svc${Math.floor(i / routes.length)}${routes[i % routes.length][0].replace("https://{host}/", "/")}`))];
  const r = tm.createRouter();
  texts.forEach((t, i) => r.add(t, i));
  return [r, texts.map((t, i) => a.expandOrThrow(t, routes[i % routes.length][1]))];
};
const routers = new Map([[a, routerOf(a)], [b, routerOf(b)]]);
let sink = 0;
let fresh = 0;
const rows = {
  [`"{x,x}"x${S} on "a"`]: (tm) => tm.match("{x,x}".repeat(S), "a").ok,
  [`"{x,x}"x${2 * S} on "a"`]: (tm) => tm.match("{x,x}".repeat(2 * S), "a").ok,
  [`"{x}"x${S} on "a"x${2 * S}`]: (tm) => tm.match("{x}".repeat(S), "a".repeat(2 * S)).ok,
  [`"{x:1}"x${S} on "a"`]: (tm) => tm.match("{x:1}".repeat(S), "a").ok,
  [`uritemplate-test ${suite.length} cases as text, x50`]: (tm) => {
    for (let k = 0; k < 50; k++) for (const [t, u] of suite) sink += tm.match(t, u).ok ? 1 : 0;
  },
  [`API routes ${api.length} matched, x100`]: (tm) => {
    for (let k = 0; k < 100; k++) for (const [t, u] of api) sink += tm.match(t, u).ok ? 1 : 0;
  },
  // 200 a run (with 20, one garbage collection more or less in a run moved its time 2-3x); each
  // URI made by the build's own expand before the run is timed, as run.mjs's row does (the parsed
  // template is then in that build's cache: the run times the match alone)
  "first match of 200 new templates": Object.assign((tm, cases) => {
    for (const [t, u] of cases) sink += tm.match(t, u).ok ? 1 : 0;
  }, {
    prepare: (tm) => Array.from({ length: 200 }, () => {
      const [t, v] = routes[fresh % routes.length];
      const text = `/n${fresh++}${t.replace("https://{host}/", "/")}`;
      return [text, tm.expandOrThrow(text, v)];
    }),
  }),
  "router of 1,000 warm, 500 matches": (tm) => {
    const [r, uris] = routers.get(tm);
    for (let k = 0; k < 500; k++) sink += r.match(uris[(k * 7919) % uris.length]) ? 1 : 0;
  },
  'router of 1,000 "{a}/NNNN/{b}" built, one match': (tm) => {
    const r = tm.createRouter();
    for (let i = 0; i < 1000; i++) r.add(`{a}/${String(i).padStart(4, "0")}/{b}`, i);
    sink += r.match("x/0500/y") ? 1 : 0;
  },
};

const ms = (f, tm) => {
  const input = f.prepare?.(tm);
  const t0 = process.cpuUsage();
  sink += f(tm, input) ? 1 : 0;
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
};
const at = (xs, q) => [...xs].sort((x, y) => x - y)[Math.floor(q * (xs.length - 1))];
for (const [name, f] of Object.entries(rows)) {
  if (pick !== undefined && !pick.test(name)) continue;
  ms(f, a);
  ms(f, b);
  const base = [];
  const next = [];
  const ratio = [];
  for (let k = 0; k < PAIRS; k++) {
    const [x, y] = k % 2 === 0 ? [ms(f, a), ms(f, b)] : [ms(f, b), ms(f, a)].reverse();
    base.push(x);
    next.push(y);
    ratio.push(y / x);
  }
  const f2 = (x) => x.toFixed(2);
  console.log(`${name}: base ${f2(Math.min(...base))} / ${f2(at(base, 0.5))} ms, new ${f2(Math.min(...next))} / ${f2(at(next, 0.5))} ms (fastest / median CPU), new ÷ base ${f2(at(ratio, 0.5))} (quartiles ${f2(at(ratio, 0.25))}–${f2(at(ratio, 0.75))})`);
}
if (sink < 0) console.log(sink);
