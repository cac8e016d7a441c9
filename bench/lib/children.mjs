// Child-process measurements: retained memory, import + first parse, CPU profiles.
// Each runs a fresh `node` so that one library's heap, JIT state or module cache cannot colour
// another's numbers.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchDir, repoRoot } from "./corpus.mjs";
import { median } from "./report.mjs";

const node = process.execPath;

function runChild(args, { timeout = 120_000, cwd = repoRoot } = {}) {
  const r = spawnSync(node, args, { cwd, encoding: "utf8", timeout, maxBuffer: 64 << 20 });
  if (r.error) return { ok: false, error: `${r.error.code ?? r.error.message}` };
  if (r.status !== 0) return { ok: false, error: `exit ${r.status ?? r.signal}: ${(r.stderr || "").trim().split("\n").slice(-3).join(" / ")}` };
  const line = r.stdout.trim().split("\n").pop();
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch {
    return { ok: false, error: `unreadable child output: ${line}` };
  }
}

/** Libraries (and result variants) whose retained memory is measured. */
export const MEMORY_SUBJECTS = ["uri-grammar:result", "uri-grammar:node", "URL", "fast-uri", "uri-js"];

/**
 * Retained heap bytes per parsed URL: `reps` children per subject, median. The inputs are
 * written once to a temporary file so every child holds the very same strings.
 */
export function measureMemory(inputs, { reps = 3 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "uri-bench-mem-"));
  const file = path.join(dir, "inputs.json");
  writeFileSync(file, JSON.stringify(inputs));
  const out = {};
  try {
    const runs = Object.fromEntries(MEMORY_SUBJECTS.map((s) => [s, []]));
    const errors = {};
    for (let k = 0; k < reps; k++) {
      for (const subject of MEMORY_SUBJECTS) {
        const r = runChild(["--expose-gc", path.join(benchDir, "memory-child.mjs"), subject, file]);
        if (r.ok) runs[subject].push(r.value);
        else errors[subject] = r.error;
      }
    }
    for (const subject of MEMORY_SUBJECTS) {
      const rs = runs[subject];
      out[subject] = rs.length
        ? {
            bytesPerItem: median(rs.map((r) => r.bytesPerItem)),
            externalPerItem: median(rs.map((r) => r.externalPerItem)),
            runs: rs.map((r) => Math.round(r.bytesPerItem)),
            count: rs[0].count,
          }
        : { error: errors[subject] ?? "no run" };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

export const STARTUP_SUBJECTS = ["node (empty script)", "uri-grammar", "URL", "fast-uri", "uri-js"];

/** Import + first parse in a fresh process, `reps` times per subject, interleaved; medians. */
export function measureStartup({ reps = 9 } = {}) {
  const runs = Object.fromEntries(STARTUP_SUBJECTS.map((s) => [s, []]));
  const errors = {};
  for (let k = 0; k < reps; k++) {
    for (const subject of STARTUP_SUBJECTS) {
      const t0 = process.hrtime.bigint();
      const r = runChild([path.join(benchDir, "startup-child.mjs"), subject], { timeout: 30_000 });
      const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.ok) runs[subject].push({ ...r.value, wallMs });
      else errors[subject] = r.error;
    }
  }
  const out = {};
  for (const subject of STARTUP_SUBJECTS) {
    const rs = runs[subject];
    out[subject] = rs.length
      ? {
          importMs: median(rs.map((r) => r.importMs)),
          firstMs: median(rs.map((r) => r.firstMs)),
          totalMs: median(rs.map((r) => r.importMs + r.firstMs)),
          sinceStartMs: median(rs.map((r) => r.sinceStartMs)),
          wallMs: median(rs.map((r) => r.wallMs)),
          reps: rs.length,
        }
      : { error: errors[subject] ?? "no run" };
  }
  return out;
}

/**
 * Runs `profile-child.mjs MODE` under --cpu-prof and sums self time per function and per file.
 * Returns the top functions, or an error.
 */
export function profile(mode, inputs, { seconds = 3, top = 15 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "uri-bench-prof-"));
  try {
    const file = path.join(dir, "inputs.json");
    writeFileSync(file, JSON.stringify(inputs));
    const r = runChild(
      ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=200", path.join(benchDir, "profile-child.mjs"), mode, file, String(seconds)],
      { timeout: (seconds + 60) * 1000 },
    );
    if (!r.ok) return { error: r.error };
    const profFile = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
    if (!profFile) return { error: "no .cpuprofile written" };
    const prof = JSON.parse(readFileSync(path.join(dir, profFile), "utf8"));
    return { ...summarizeProfile(prof, top), calls: r.value.calls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const shortUrl = (url) => {
  if (!url) return "";
  const i = url.indexOf("/dist/");
  if (i >= 0) return url.slice(i + 1);
  const j = url.indexOf("node_modules/");
  if (j >= 0) return url.slice(j);
  if (url.includes("/bench/")) return url.slice(url.indexOf("/bench/") + 1);
  return url.replace(/^file:\/\//, "");
};

export function summarizeProfile(prof, top) {
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  const deltas = prof.timeDeltas ?? [];
  // Self time from samples and time deltas (more exact than hitCount × interval).
  for (let i = 0; i < prof.samples.length; i++) {
    const dt = deltas[i + 1] ?? deltas[i] ?? 0;
    selfUs.set(prof.samples[i], (selfUs.get(prof.samples[i]) ?? 0) + dt);
  }
  const fn = new Map();
  const file = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const n = byId.get(id);
    if (!n) continue;
    const cf = n.callFrame;
    let name = cf.functionName || "(anonymous)";
    if (name.startsWith("RegExp: ") && name.length > 60) name = `${name.slice(0, 44)}… (regex)`;
    if (name === "(idle)") continue;
    total += us;
    const where = shortUrl(cf.url);
    const key = where ? `${name} ${where}:${cf.lineNumber + 1}` : name;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const fkey = where || name;
    file.set(fkey, (file.get(fkey) ?? 0) + us);
  }
  const rank = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => ({ name: k, ms: us / 1000, pct: (100 * us) / total }));
  return { totalMs: total / 1000, functions: rank(fn), files: rank(file) };
}

/** The issue-19 rows timed each in a fresh process of its own (focus-child.mjs), ours against its peers. */
export const FOCUS_ROWS = ["validate", "parse", "resolve", "normalize"];

export function measureFocus({ quick = false } = {}) {
  const out = {};
  for (const row of FOCUS_ROWS) {
    const r = runChild([path.join(benchDir, "focus-child.mjs"), row, ...(quick ? ["--quick"] : [])], { timeout: 300_000 });
    out[row] = r.ok ? r.value : { error: r.error };
  }
  return out;
}
