// First use of a grammar with rules checked in code (GrammarOptions.checks), paired A/B against
// another build of the package (issue 33: "checks and the first tier"). Loads the OData ABNF 4.01
// with a predicate that always holds on one rule (so every answer is the grammar's own), then
// times, in a fresh process each, CPU ms: the first pass over the OData TC's cases (each on its
// rule) and the best of three warm passes after compile(). Draws alternate between the two builds.
//   node bench/abnf-checks-first-use.mjs --base DIR [--rule NAME]... [--pairs N]
// DIR: the root of another checkout with `dist/` built (e.g. `git archive` of a base commit, then
// `npm run build` there). Rules default to geographyPolygon (which few cases reach) and
// entitySetName (which most resource paths reach).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);

if (argv[0] === "--child") {
  const [, root, rule] = argv;
  const { grammarFromAbnf } = await import(path.join(root, "dist/abnf/index.js"));
  const text = readFileSync(path.join(here, "fixtures/abnf/odata/odata-abnf-construction-rules.txt"), "utf8");
  const cases = JSON.parse(readFileSync(path.join(here, "fixtures/abnf/odata/testcases.json"), "utf8")).cases;
  const cpu = (f) => {
    const a = process.cpuUsage();
    f();
    const b = process.cpuUsage(a);
    return (b.user + b.system) / 1000;
  };
  const pass = (g) => cpu(() => cases.forEach(([r, s]) => g.isValid(s, r)));
  const loaded = grammarFromAbnf(text, { checks: { [rule]: (s) => s.length >= 0 } });
  if (!loaded.ok) throw loaded.error;
  const g = loaded.value;
  const first = pass(g);
  g.compile();
  const warm = Math.min(pass(g), pass(g), pass(g));
  process.stdout.write(JSON.stringify({ first, warm }));
} else {
  const option = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
  const base = option("--base")[0];
  if (base === undefined) throw new Error("--base DIR: the root of the build to compare with");
  const rules = option("--rule").length > 0 ? option("--rule") : ["geographyPolygon", "entitySetName"];
  const pairs = Number(option("--pairs")[0] ?? 5);
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const draw = (root, rule) => JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", root, rule], { encoding: "utf8" }));
  for (const rule of rules) {
    const runs = { base: [], new: [] };
    for (let k = 0; k < pairs; k++) {
      // (alternating which build goes first in each pair)
      const order = k % 2 === 0 ? ["base", "new"] : ["new", "base"];
      for (const who of order) runs[who].push(draw(who === "base" ? base : here, rule));
    }
    const ratios = runs.new.map((n, k) => n.first / runs.base[k].first);
    const f = (xs) => xs.map((x) => x.toFixed(0)).join(", ");
    console.log(
      `${rule}: first pass, CPU ms: base ${f(runs.base.map((r) => r.first))}; new ${f(runs.new.map((r) => r.first))}; new/base median ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}); warm ${f(runs.base.map((r) => r.warm))} / ${f(runs.new.map((r) => r.warm))}`,
    );
  }
}
