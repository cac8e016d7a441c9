// The URI Template rows of `npm run bench` (issues 20 and 30), next to url-template 3.1.1
// (expansion) and uri-templates 0.2.0 (fromUri, which is not exact) in the same process:
// expansion of RFC 6570's examples, of the uritemplate-test suite's examples and extended cases,
// and of a set of API routes with 2 to 6 variables; matching on the same suite's cases with the
// template given as text on every call, and on the API routes; the first match of a template not
// seen before; a router of 1,000 templates against trying match on each in turn; and building a
// router of 1,000 and 10,000 routes of issue 30's shape ("{a}/0000/{b}", ...), time per route.
// `node bench/run.mjs --only template` runs these rows alone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { Bench } from "tinybench";
import { repoRoot } from "./corpus.mjs";
import { loadOursSubpath } from "./libs.mjs";
import { fmtMs, fmtNs, fmtRatio, mdTable, median, quantile } from "./report.mjs";

const require = createRequire(import.meta.url);
const version = (name) => JSON.parse(readFileSync(path.join(repoRoot, "node_modules", name, "package.json"), "utf8")).version;

/** RFC 6570's example tables (fixtures/template/rfc6570-examples.json) as [template, variables]. */
function rfcExamples() {
  const fx = JSON.parse(readFileSync(path.join(repoRoot, "fixtures", "template", "rfc6570-examples.json"), "utf8"));
  const out = [];
  for (const g of fx.groups) {
    const vars = typeof g.variables === "string" ? fx.variables[g.variables] : g.variables;
    for (const c of g.cases) out.push(Array.isArray(c) ? [c[0], vars] : [g.template, c.variables]);
  }
  return out;
}

/**
 * The uritemplate-test suite's examples and extended cases (fixtures/template/uritemplate-test.json:
 * spec-examples.json and extended-tests.json) whose expansion is one string, as [template,
 * variables, URI]: the cases a matcher is given a URI for.
 */
export function suiteCases() {
  const files = JSON.parse(readFileSync(path.join(repoRoot, "fixtures", "template", "uritemplate-test.json"), "utf8")).files;
  const out = [];
  for (const file of ["spec-examples.json", "extended-tests.json"]) {
    for (const group of Object.values(files[file])) {
      for (const [t, want] of group.testcases) if (typeof want === "string") out.push([t, group.variables, want]);
    }
  }
  return out;
}

/** API routes with 2 to 6 variables, and values for each (ids, slugs, query parameters). */
export function apiRoutes() {
  const resources = ["users", "orders", "repos", "issues", "files", "teams", "projects", "invoices"];
  const shapes = [
    (r) => [`/api/v{version}/${r}/{id}`, { version: "2", id: "8124" }],
    (r) => [`/api/v{version}/${r}/{id}{?fields,expand}`, { version: "1", id: "a1b2c3", fields: ["name", "email"], expand: "owner" }],
    (r) => [`/orgs/{org}/${r}/{id}/comments{?page,per_page,sort}`, { org: "acme", id: "42", page: "3", per_page: "50", sort: "created" }],
    (r) => [`https://{host}/api/${r}{/id}{?q,limit,offset,order}`, { host: "api.example.com", id: "7", q: "status:open label:bug", limit: "20", offset: "40", order: "desc" }],
    (r) => [`/${r}/{owner}/{name}/contents/{+path}{?ref}`, { owner: "octo", name: "hello-world", path: "src/lib/index.ts", ref: "main" }],
    (r) => [`/tenants/{tenant}/${r}/{id}/versions/{version}{?at,include}`, { tenant: "t-001", id: "9f86d081", version: "12", at: "2024-05-01T10:00:00Z", include: ["meta", "links"] }],
  ];
  return resources.flatMap((r) => shapes.map((s) => s(r)));
}

/** ns per call of each task: tinybench passes over the inputs, the median over rounds. */
async function time(tasks, cfg) {
  const perRound = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
  for (let round = 0; round < cfg.rounds; round++) {
    const names = Object.keys(tasks);
    if (round % 2 === 1) names.reverse();
    const bench = new Bench({ time: cfg.timeMs, warmupTime: cfg.warmupMs, warmupIterations: 2, iterations: 5, throws: true });
    for (const n of names) bench.add(n, tasks[n].run);
    await bench.run();
    for (const t of bench.tasks) {
      const r = t.result;
      const ms = r?.latency?.p50 ?? r?.period ?? r?.mean;
      perRound[t.name].push((ms * 1e6) / tasks[t.name].count);
    }
  }
  return Object.fromEntries(Object.entries(perRound).map(([k, xs]) => [k, median(xs)]));
}

export async function templateBench({ quick, log }) {
  const cfg = quick ? { rounds: 1, timeMs: 80, warmupMs: 30 } : { rounds: 5, timeMs: 150, warmupMs: 50 };
  const tm = await loadOursSubpath("template");
  const { parseTemplate: utParse } = require("url-template");
  const UriTemplates = require("uri-templates");
  const versions = { "url-template": version("url-template"), "uri-templates": version("uri-templates") };
  let sink = 0;

  // --- expansion
  const rfc = rfcExamples();
  const suite = suiteCases();
  const routes = apiRoutes();
  const sets = [
    ["RFC 6570's examples", rfc],
    ["uritemplate-test examples and extended cases", suite.map(([t, v]) => [t, v])],
    ["API routes, 2-6 variables", routes],
  ];
  const expansionRows = [];
  const targets = [];
  for (const [label, cases] of sets) {
    const ours = cases.map(([t, v]) => [tm.parseTemplateOrThrow(t), v]);
    const theirs = cases.map(([t, v]) => [utParse(t), v]);
    const n = cases.length;
    const r = await time(
      {
        ours: { count: n, run: () => { for (const [t, v] of ours) sink += t.expand(v).value.length; } },
        peer: { count: n, run: () => { for (const [t, v] of theirs) sink += t.expand(v).length; } },
        oursText: { count: n, run: () => { for (const [t, v] of cases) sink += tm.expand(t, v).value.length; } },
        peerText: { count: n, run: () => { for (const [t, v] of cases) sink += utParse(t).expand(v).length; } },
      },
      cfg,
    );
    expansionRows.push([`${label} (${n}), parsed once`, fmtNs(r.ours), fmtNs(r.peer), fmtRatio(r.peer / r.ours)]);
    expansionRows.push([`${label} (${n}), template as text each call`, fmtNs(r.oursText), fmtNs(r.peerText), fmtRatio(r.peerText / r.oursText)]);
    targets.push([`expansion ≥ 2× faster than url-template: ${label}`, `${fmtRatio(r.peer / r.ours)} (parsed once), ${fmtRatio(r.peerText / r.oursText)} (as text)`, r.peer / r.ours >= 2 && r.peerText / r.oursText >= 2 ? "met" : "NOT met"]);
    log(`template expansion ${label}: ours ${fmtNs(r.ours)} ns, url-template ${fmtNs(r.peer)} ns`);
  }

  // --- matching on the suite's cases, the template given as text on every call (ours keeps parsed
  // templates and their automata in its cache; uri-templates is given a new UriTemplates each call)
  const suiteMatch = suite.map(([t, , u]) => [t, u]);
  let suiteExact = 0;
  for (const [t, u] of suiteMatch) {
    const m = tm.match(t, u);
    if (m.ok && tm.expand(t, m.value).value === u) suiteExact++;
  }
  let suitePeerExact = 0;
  for (const [t, u] of suiteMatch) {
    const tt = new UriTemplates(t);
    const v = tt.fromUri(u);
    if (v !== undefined && tt.fill(v) === u) suitePeerExact++;
  }
  const rs = await time(
    {
      ours: { count: suiteMatch.length, run: () => { for (const [t, u] of suiteMatch) sink += tm.match(t, u).ok ? 1 : 0; } },
      peer: { count: suiteMatch.length, run: () => { for (const [t, u] of suiteMatch) sink += new UriTemplates(t).fromUri(u) ? 1 : 0; } },
    },
    cfg,
  );
  log(`template match, suite as text: ours ${fmtNs(rs.ours)} ns, uri-templates ${fmtNs(rs.peer)} ns`);
  targets.push([`match at least as fast as uri-templates' fromUri: the suite's ${suiteMatch.length} cases, templates as text`, `${fmtNs(rs.ours)} ns vs ${fmtNs(rs.peer)} ns (${fmtRatio(rs.ours / rs.peer)})`, rs.ours <= rs.peer ? "met" : "NOT met"]);

  // --- the first match of a template never seen before: the API routes' shapes under a literal
  // prefix used once each (so neither the parsed template nor its automaton is cached), timed one
  // call each, after the same number of calls on other new templates to warm the code
  const fresh = (k) => {
    const [t, v] = routes[k % routes.length];
    const text = `/n${k}${t.replace("https://{host}/", "/")}`;
    return [text, tm.expandOrThrow(text, v)];
  };
  const FIRST = quick ? 100 : 400;
  for (let k = 0; k < FIRST; k++) {
    const [t, u] = fresh(1e6 + k);
    sink += tm.match(t, u).ok ? 1 : 0;
  }
  const firstMs = [];
  for (let k = 0; k < FIRST; k++) {
    const [t, u] = fresh(k);
    const a = performance.now();
    const ok = tm.match(t, u).ok;
    firstMs.push(performance.now() - a);
    sink += ok ? 1 : 0;
  }
  const firstMedian = median(firstMs);
  const firstP90 = quantile(firstMs, 0.9);
  log(`template first match: median ${fmtMs(firstMedian)} ms, p90 ${fmtMs(firstP90)} ms`);
  targets.push([`first match of a new template ≤ 0.5 ms (${FIRST} templates of the API routes' shapes)`, `median ${fmtMs(firstMedian)} ms, p90 ${fmtMs(firstP90)} ms`, firstMedian <= 0.5 ? "met" : "NOT met"]);

  // --- matching one template (the API routes, each URI its own expansion)
  const matchCases = routes.map(([t, v]) => [t, tm.expandOrThrow(t, v)]);
  const oursMatch = matchCases.map(([t, u]) => [tm.parseTemplateOrThrow(t), u]);
  const peerMatch = matchCases.map(([t, u]) => [new UriTemplates(t), u]);
  let exact = 0;
  for (const [t, u] of oursMatch) if (t.expand(t.match(u).value).value === u) exact++;
  let peerExact = 0;
  for (const [t, u] of peerMatch) {
    const v = t.fromUri(u);
    if (v !== undefined && t.fill(v) === u) peerExact++;
  }
  const rm = await time(
    {
      ours: { count: oursMatch.length, run: () => { for (const [t, u] of oursMatch) sink += t.match(u).ok ? 1 : 0; } },
      peer: { count: peerMatch.length, run: () => { for (const [t, u] of peerMatch) sink += t.fromUri(u) ? 1 : 0; } },
    },
    cfg,
  );
  log(`template match: ours ${fmtNs(rm.ours)} ns, uri-templates ${fmtNs(rm.peer)} ns`);
  targets.push(["match one template at least as fast as uri-templates' fromUri", `${fmtNs(rm.ours)} ns vs ${fmtNs(rm.peer)} ns (${fmtRatio(rm.ours / rm.peer)})`, rm.ours <= rm.peer ? "met" : "NOT met"]);

  // --- a router of 1,000 templates
  const N = 1000;
  const shapes = routes.map(([t]) => t);
  // a thousand services, each with every route shape
  const templates = Array.from({ length: N }, (_, i) => `/svc${Math.floor(i / shapes.length)}${shapes[i % shapes.length].replace("https://{host}/", "/")}`);
  const uniq = [...new Set(templates)];
  const t0 = performance.now();
  const router = tm.createRouter();
  for (const [i, t] of uniq.entries()) router.add(t, i);
  const buildMs = performance.now() - t0;
  const parsed = uniq.map((t) => tm.parseTemplateOrThrow(t));
  const vars = new Map(routes.map(([t, v]) => [t, v]));
  const uris = uniq.map((t, i) => tm.expandOrThrow(t, vars.get(shapes[i % shapes.length]) ?? {}));
  const pick = Array.from({ length: 200 }, (_, k) => uris[(k * 7919) % uris.length]);
  const t1 = performance.now();
  for (const u of uris) sink += router.match(u) ? 1 : 0;
  const firstPassMs = performance.now() - t1;
  const oneByOne = (u) => {
    for (const t of parsed) if (t.match(u).ok) return 1;
    return 0;
  };
  const rr = await time(
    {
      router: { count: pick.length, run: () => { for (const u of pick) sink += router.match(u) ? 1 : 0; } },
      each: { count: 20, run: () => { for (let k = 0; k < 20; k++) sink += oneByOne(pick[k]); } },
    },
    { ...cfg, rounds: Math.min(cfg.rounds, 3) },
  );
  log(`router: ${fmtNs(rr.router)} ns, match on each: ${fmtNs(rr.each)} ns`);
  targets.push([`a router of ${uniq.length} templates ≥ 10× faster than match on each in turn`, `${fmtNs(rr.router)} ns vs ${fmtNs(rr.each)} ns (${fmtRatio(rr.each / rr.router)})`, rr.each / rr.router >= 10 ? "met" : "NOT met"]);

  targets.push([`warm router.match over ${uniq.length} routes ≤ 4 µs`, `${fmtNs(rr.router)} ns`, rr.router <= 4000 ? "met" : "NOT met"]);

  // --- building a router of routes of issue 30's shape, time per route
  const buildRows = [];
  for (const n of quick ? [1000] : [1000, 10000]) {
    const texts = Array.from({ length: n }, (_, i) => `{a}/${String(i).padStart(n > 10000 ? 5 : 4, "0")}/{b}`);
    const b0 = performance.now();
    const r = tm.createRouter();
    for (const [i, t] of texts.entries()) r.add(t, i);
    const ms = performance.now() - b0;
    const probe = performance.now();
    sink += r.match(`x/${String(n >> 1).padStart(4, "0")}/y`) ? 1 : 0;
    const matchMs = performance.now() - probe;
    // the router compiles its routes at the first match after they are added: the build is both
    const perRoute = (ms + matchMs) / n;
    buildRows.push([String(n), `${fmtMs(ms)} ms`, `${fmtMs(matchMs)} ms`, `${fmtMs(perRoute)} ms`]);
    log(`router build ${n}: add ${fmtMs(ms)} ms + first match ${fmtMs(matchMs)} ms, ${fmtMs(perRoute)} ms per route`);
    targets.push([`router build, ${n} routes "{a}/NNNN/{b}" (add all, then the first match): ≤ 1 ms per route`, `${fmtMs(perRoute)} ms per route`, perRoute <= 1 ? "met" : "NOT met"]);
  }

  const md = [];
  md.push(`## URI Templates (RFC 6570)${quick ? " (QUICK MODE: indicative only)" : ""}`);
  md.push("");
  md.push(`- Peers: url-template ${versions["url-template"]} (expansion), uri-templates ${versions["uri-templates"]} (\`fromUri\`, matching); same process, tasks alternated between rounds; median of ${cfg.rounds} round(s), tinybench passes over each set (${cfg.warmupMs} ms warm-up, ${cfg.timeMs} ms budget) ÷ cases = ns per call.`);
  md.push(`- "Parsed once": each template parsed before timing (ours \`parseTemplate\`, url-template \`parseTemplate\`); "as text": the template string given to every call (ours keeps the last 512 parsed templates, up to 16 KiB each and 256 Ki characters in all; url-template parses again).`);
  md.push("");
  md.push(mdTable(["expansion", "uri-grammar ns", "url-template ns", "url-template ÷ ours"], expansionRows, "lrrr"));
  md.push("");
  md.push(mdTable(["matching one template (the API routes, each URI its expansion)", "uri-grammar ns", "uri-templates fromUri ns", "ours ÷ peer", "exact round trips"], [[`${oursMatch.length} templates`, fmtNs(rm.ours), fmtNs(rm.peer), fmtRatio(rm.ours / rm.peer), `ours ${exact}/${oursMatch.length}, uri-templates ${peerExact}/${peerMatch.length}`]], "lrrrl"));
  md.push("");
  md.push(mdTable(["router", "value"], [
    ["templates", String(uniq.length)],
    ["build (add all)", `${fmtMs(buildMs)} ms`],
    ["first match of each template's URI (DFA states made on the way)", `${fmtMs(firstPassMs)} ms for ${uris.length} URIs`],
    ["router.match, warm", `${fmtNs(rr.router)} ns`],
    ["match on each template in turn", `${fmtNs(rr.each)} ns`],
    ["speed-up", fmtRatio(rr.each / rr.router)],
  ], "lr"));
  md.push("");
  md.push(mdTable([`matching, template as text each call (the uritemplate-test examples and extended cases whose expansion is one string)`, "uri-grammar ns", "uri-templates fromUri ns", "ours ÷ peer", "exact round trips"], [[`${suiteMatch.length} cases`, fmtNs(rs.ours), fmtNs(rs.peer), fmtRatio(rs.ours / rs.peer), `ours ${suiteExact}/${suiteMatch.length}, uri-templates ${suitePeerExact}/${suiteMatch.length}`]], "lrrrl"));
  md.push("");
  md.push(mdTable(["first match of a template not seen before (parse, automaton, match: one call each)", "value"], [
    ["templates", String(FIRST)],
    ["median", `${fmtMs(firstMedian)} ms`],
    ["90th percentile", `${fmtMs(firstP90)} ms`],
  ], "lr"));
  md.push("");
  md.push(mdTable(['router build, routes "{a}/0000/{b}", "{a}/0001/{b}", ... (issue 30)', "add all", "then one match (compiles)", "both, per route"], buildRows, "lrrr"));
  md.push("");
  md.push("Linear in the URI's length (router and every template, ambiguous ones included): the `template-*` families of `npm run bench:scaling`.");
  md.push("");
  md.push(mdTable(["target (issues 20, 30)", "measured", ""], targets, "lll"));
  md.push("");
  return { markdown: md.join("\n"), sink };
}
