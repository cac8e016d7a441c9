// npm run bench:scaling — ns per input character of uri-grammar's validate, parse, resolve and
// normalize at 1 KB, 10 KB, 100 KB and 1 MB, for valid long URIs and adversarial inputs.
//
//   node bench/scaling.mjs [--quick] [--out FILE] [--only TEXT]
//
// --only runs the families whose name holds TEXT (and writes RESULTS.only.md unless --out says).
//
// Each (family, operation) runs in its own child process with a time limit, so a stack overflow,
// a crash or a runaway input is reported instead of ending the benchmark.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { benchDir, repoRoot } from "./lib/corpus.mjs";
import { FAMILIES, OPS, POLYNOMIAL_FAMILIES, SIZES, sizeLabel } from "./lib/families.mjs";
import { fmtNs, machineInfo, machineLine, mdTable, writeSection } from "./lib/report.mjs";

const argv = process.argv.slice(2);
const QUICK = argv.includes("--quick");
const outIdx = argv.indexOf("--out");
const onlyIdx = argv.indexOf("--only");
const ONLY = onlyIdx >= 0 ? argv[onlyIdx + 1] : undefined;
const OUT = outIdx >= 0 ? argv[outIdx + 1] : ONLY !== undefined ? "RESULTS.only.md" : QUICK ? "RESULTS.quick.md" : "RESULTS.md";
const selected = (f) => ONLY === undefined || f.name.includes(ONLY);
const BUDGET_MS = QUICK ? 40 : 150;
const TIMEOUT_MS = QUICK ? 30_000 : 90_000;
const LIMIT = 1.5;

const started = Date.now();
const log = (...a) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
const machine = machineInfo();
log(machineLine(machine));

/** Runs one (family, operation) child; its per-size lines, a skip note, or a failure. */
function runCell(family, op) {
  const sizes = family.sizes ?? SIZES;
  const r = spawnSync(process.execPath, ["--stack-size=984", path.join(benchDir, "scaling-child.mjs"), family.name, op, String(BUDGET_MS), ...sizes.map(String)], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    killSignal: "SIGKILL",
    maxBuffer: 16 << 20,
  });
  const lines = (r.stdout || "").split("\n").filter(Boolean).map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      return { junk: l };
    }
  });
  const skip = lines.find((l) => l.skip);
  const bySize = new Map(lines.filter((l) => l.size).map((l) => [l.size, l]));
  let failure;
  if (r.error?.code === "ETIMEDOUT" || (r.signal && !lines.some((l) => l.done))) {
    const next = sizes.find((s) => !bySize.has(s));
    failure = `timed out (> ${TIMEOUT_MS / 1000} s) ${next ? `at ${sizeLabel(next)}` : ""}`.trim();
  } else if (r.status !== 0 && !skip) {
    failure = `child exited ${r.status ?? r.signal}: ${(r.stderr || "").trim().split("\n").filter(Boolean).slice(-1)[0] ?? ""}`;
  }
  return { skip: skip?.skip, bySize, failure };
}

/** ns/char at the largest measured size ÷ at 1 KB, and that size. */
function ratioOf(bySize) {
  const small = bySize.get(SIZES[0]);
  const measured = SIZES.map((s) => bySize.get(s)).filter((x) => x && !x.error);
  const largest = measured[measured.length - 1];
  if (!small || small.error || !largest || largest === small) return { ratio: NaN };
  return { ratio: largest.nsPerChar / small.nsPerChar, at: largest.size };
}

const results = [];
for (const family of FAMILIES.filter(selected)) {
  for (const op of family.ops ?? OPS) {
    const cell = runCell(family, op);
    const cells = SIZES.map((s) => {
      const x = cell.bySize.get(s);
      return x ? (x.error ? "ERR" : x.nsPerChar.toFixed(2)) : "-";
    });
    log(`${family.name} ${op}: ${cell.skip ? `skipped (${cell.skip})` : cells.join(" / ")} ns/char${cell.failure ? ` [${cell.failure}]` : ""}`);
    // A flagged ratio is measured again in a new child: on a shared machine one GC-heavy or
    // descheduled run can look super-linear.
    if (ratioOf(cell.bySize).ratio > LIMIT) {
      cell.rerun = runCell(family, op);
      log(`  re-run: ratio ${ratioOf(cell.rerun.bySize).ratio.toFixed(2)}`);
    }
    results.push({ family, op, ...cell });
  }
}

// ---------------------------------------------------------------------------------------------
const fmtChar = (x) => (x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : fmtNs(x));
const rows = [];
const flagged = [];
const failures = [];
for (const { family, op, skip, bySize, failure, rerun } of results) {
  if (skip) {
    rows.push([family.name, op, "", ...SIZES.map(() => "–"), "–", "–", skip]);
    continue;
  }
  const cells = SIZES.map((s) => {
    const x = bySize.get(s);
    if (!x) return "–";
    if (x.error) return `**${x.error}**`;
    return fmtChar(x.nsPerChar);
  });
  const top = bySize.get(SIZES[SIZES.length - 1]);
  const topMs = top && !top.error ? (top.nsPerCall / 1e6).toFixed(top.nsPerCall < 1e7 ? 2 : 0) : "–";
  const { ratio, at } = ratioOf(bySize);
  let ratioText = Number.isFinite(ratio) ? `${ratio.toFixed(2)}${at !== SIZES[SIZES.length - 1] ? ` (at ${sizeLabel(at)})` : ""}` : "–";
  let verdict = Number.isFinite(ratio) ? "ok" : "";
  if (ratio > LIMIT) {
    const again = rerun ? ratioOf(rerun.bySize).ratio : NaN;
    ratioText += `; re-run ${Number.isFinite(again) ? again.toFixed(2) : "–"}`;
    if (again > LIMIT || !Number.isFinite(again)) {
      verdict = "**SUPER-LINEAR**";
      flagged.push(`${family.name} / ${op}: ${ratio.toFixed(2)}, re-run ${Number.isFinite(again) ? again.toFixed(2) : "–"}`);
    } else {
      verdict = "ok on re-run (first run noisy)";
    }
  }
  const errs = SIZES.map((s) => bySize.get(s)).filter((x) => x?.error);
  if (failure || errs.length) {
    verdict = `${verdict ? `${verdict}; ` : ""}**${failure ?? "exception"}**`;
    failures.push(`${family.name} / ${op}: ${failure ?? errs.map((e) => `${sizeLabel(e.size)} ${e.error}`).join(", ")}`);
  }
  const small = bySize.get(SIZES[0]);
  const okCol = small && !small.error ? (small.ok ? "accepted" : "rejected") : "";
  rows.push([family.name, op, okCol, ...cells, topMs, ratioText, verdict]);
}

// Families at their own sizes, with the power of n their documentation states (grammars users load).
const poly = [];
for (const family of POLYNOMIAL_FAMILIES.filter(selected)) {
  for (const op of ["validate", "parse"]) {
    const cell = runCell(family, op);
    const ms = family.sizes.map((s) => cell.bySize.get(s)).map((x) => (x && !x.error ? x.nsPerCall / 1e6 : NaN));
    // the power of n that the time grew with, from the smallest to the largest size measured
    const last = ms.reduce((k, t, i) => (Number.isFinite(t) ? i : k), -1);
    const exponent = last > 0 && Number.isFinite(ms[0]) ? Math.log(ms[last] / ms[0]) / Math.log(family.sizes[last] / family.sizes[0]) : NaN;
    log(`${family.name} ${op}: ${ms.map((t) => (Number.isFinite(t) ? t.toFixed(1) : "-")).join(" / ")} ms, power ${exponent.toFixed(2)}${cell.failure ? ` [${cell.failure}]` : ""}`);
    poly.push({ family, op, cell, ms, exponent });
  }
}

const md = [];
md.push(`## Scaling${QUICK ? " (QUICK MODE: indicative only)" : ""}`);
md.push("");
md.push(`- ${machineLine(machine)}`);
md.push(`- ns per input character (median ns per call ÷ input length), uri-grammar only. Sizes ${SIZES.map(sizeLabel).join(", ")} (1 KB = 1,024 characters). Each (family, operation) runs in a fresh child process (\`--stack-size=984\`, Node's default), warmed up on the 1 KB input, then at each size batches of calls lasting ≥ 1 ms for ${BUDGET_MS} ms (at least 3 calls); sizes slower than that get 3 single calls; time limit ${TIMEOUT_MS / 1000} s per child.`);
md.push(`- Operations: \`validate(s, rule)\`; \`parse(s)\` (\`parseRule(s, rule)\` for a rule other than URI-reference; for rejected inputs this is the error path: the regex fails, then the engine's automaton finds the offset and what was expected, and error.message is read); the rule is \`URI-reference\` unless the family names another; for a loaded ABNF grammar, \`grammar.isValid\` and \`grammar.validate\`; \`resolve("http://a/b/c/d;p?q", s)\` with the input as the reference, result as text; \`normalize(s)\`, result as text; \`display\` (families that name it): \`toDisplayString(s)\` of uri-grammar/iri. "result" says whether parse accepted the 1 KB input.`);
md.push(`- ratio = ns/char at 1 MB ÷ ns/char at 1 KB (or at the largest size measured); over ${LIMIT} is measured again in a new child and flagged super-linear only if the re-run is over ${LIMIT} too (both ratios shown). Fixed per-call costs make 1 KB the more expensive size per character, so ratios below 1 are normal.`);
md.push("");
md.push(
  mdTable(
    ["family", "operation", "result", ...SIZES.map((s) => `${sizeLabel(s)} ns/char`), `ms per call at ${sizeLabel(SIZES[SIZES.length - 1])}`, "ratio 1 MB ÷ 1 KB", "verdict"],
    rows,
    "lll" + "r".repeat(SIZES.length) + "rrl",
  ),
);
md.push("");
md.push("Families:");
md.push("");
for (const f of FAMILIES.filter(selected)) md.push(`- \`${f.name}\`: ${f.label}`);
md.push("");
md.push("Grammars users load whose work grows faster than the input, or whose automaton is large, at their own sizes (`validate`: `grammar.isValid`; `parse`: `grammar.validate`). \"power\" is the power of n the time of one call grew with, from the smallest size to the largest; \"bound\" is the one `Grammar.isLinear`'s documentation states (1: linear in the input, times the automaton's size); over the bound by more than 0.5 is flagged (the times of one call on this shared machine vary by a third).");
md.push("");
const polyFailures = [];
md.push(
  mdTable(
    ["family", "operation", "result", "ms per call at each size", "power", "bound", "verdict"],
    poly.map(({ family, op, cell, ms, exponent }) => {
      const small = cell.bySize.get(family.sizes[0]);
      const over = !(exponent <= family.bound + 0.5);
      if (over || cell.failure) polyFailures.push(`${family.name} / ${op}`);
      return [
        family.name,
        op,
        small && !small.error ? (small.ok ? "accepted" : "rejected") : "",
        family.sizes.map((s, i) => `${s.toLocaleString("en-US")}: ${Number.isFinite(ms[i]) ? ms[i].toFixed(ms[i] < 10 ? 2 : 0) : "–"}`).join(", "),
        Number.isFinite(exponent) ? exponent.toFixed(2) : "–",
        String(family.bound),
        cell.failure ? `**${cell.failure}**` : over ? "**above its bound**" : "ok",
      ];
    }),
    "lllrrrl",
  ),
);
md.push("");
md.push(`Families at their own sizes:`);
md.push("");
for (const f of POLYNOMIAL_FAMILIES.filter(selected)) md.push(`- \`${f.name}\`: ${f.label}`);
md.push("");
md.push(`Above their documented bound: ${polyFailures.length ? polyFailures.join("; ") : "none"}.`);
md.push("");
// The error path next to a valid parse of about the same input (per character, at the top size).
const perChar = (name, op) => {
  const r = results.find((x) => x.family.name === name && x.op === op);
  const top = r?.bySize.get(SIZES[SIZES.length - 1]);
  return top && !top.error ? top.nsPerChar : NaN;
};
const PAIRS_ERR = [
  ["long-path-bad-end", "long-path"],
  ["long-query-bad-end", "long-query"],
  ["iri-long-path-bad-end", "iri-long-path"],
];
md.push(`Error path ÷ valid parse, ns per character at ${sizeLabel(SIZES[SIZES.length - 1])} (the same input but for its last character):`);
md.push("");
md.push(
  mdTable(
    ["rejected family", "valid family", "parse ns/char rejected", "parse ns/char valid", "rejected ÷ valid", "validate rejected ÷ valid"],
    PAIRS_ERR.map(([bad, good]) => [
      bad,
      good,
      fmtChar(perChar(bad, "parse")),
      fmtChar(perChar(good, "parse")),
      `${(perChar(bad, "parse") / perChar(good, "parse")).toFixed(1)}×`,
      `${(perChar(bad, "validate") / perChar(good, "validate")).toFixed(1)}×`,
    ]),
    "llrrrr",
  ),
);
md.push("");
const allRatios = results
  .filter((r) => !r.skip)
  .map((r) => ({ name: `${r.family.name} / ${r.op}`, ratio: ratioOf(r.rerun && ratioOf(r.rerun.bySize).ratio <= LIMIT ? r.rerun.bySize : r.bySize).ratio }))
  .filter((r) => Number.isFinite(r.ratio))
  .sort((a, b) => b.ratio - a.ratio);
const worst = allRatios[0];
md.push(`Target "ratio ≤ ${LIMIT} for every family": ${flagged.length || failures.length ? "**not met**" : "met"}${worst ? ` (highest: ${worst.name} ${worst.ratio.toFixed(2)})` : ""}.`);
md.push("");
md.push(`Super-linear (ratio > ${LIMIT}): ${flagged.length ? flagged.join("; ") : "none"}.`);
md.push("");
md.push(`Exceptions / time-outs: ${failures.length ? failures.join("; ") : "none"}.`);
md.push("");
md.push(`Run time: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
const text = md.join("\n");
console.log(text);
log(`wrote ${writeSection(OUT, "scaling", text)}`);
