// The CLI batch rows of `npm run bench` (issue 23, "Batch mode on every core"): lines per second
// of the built command (package.json "bin": dist/bundle/cli.js) over 100,000 real URLs
// (shared/corpus/real, repeated to 100,000 lines) with --jobs 1 and --jobs 2, and the ratio; the
// issue's target is 2 jobs at least 1.7× as fast as 1 on a 2-core machine. Also parse over
// 400,000 lines (not with --quick), where the start-up of the process and its worker weighs less,
// and a control: two one-thread processes over the halves at once. Each run is a child
// process, as a user runs it: `uri-grammar <command> --jobs N --quiet --input FILE > /dev/null`,
// timed from spawn to exit (so node's start-up and the workers' are in it); stdout goes to
// /dev/null so that no reader of ours competes for the two cores. The runs alternate 1 and 2
// jobs, and each cell is the median of the rounds. `node bench/run.mjs --only batch` runs these
// rows alone.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadReal, repoRoot } from "./corpus.mjs";
import { fmtRatio, mdTable, median } from "./report.mjs";

export const BATCH_LINES = 100_000;
const BIN = path.join(repoRoot, JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).bin["uri-grammar"]);

/** Prints the child's peak RSS on stderr as it exits. */
const REPORT = `--import=data:text/javascript,${encodeURIComponent('process.on("exit",()=>process.stderr.write("maxRSS "+process.resourceUsage().maxRSS+"\\n"))')}`;

/** One run: wall seconds, exit status, peak RSS of the process (bytes, every thread's heap in it). */
function once(args) {
  return new Promise((resolve, reject) => {
    const sink = openSync("/dev/null", "w");
    const t0 = performance.now();
    const child = spawn(process.execPath, [REPORT, BIN, ...args], { stdio: ["ignore", sink, "pipe"] });
    let err = "";
    child.stderr.on("data", (b) => (err += b));
    child.on("error", reject);
    child.on("close", (status) => {
      const seconds = (performance.now() - t0) / 1000;
      closeSync(sink);
      const m = /maxRSS (\d+)\n/.exec(err);
      if (m === null || status === 2 || status === 3) reject(new Error(`${args.join(" ")}: exit ${status}: ${err}`));
      else resolve({ seconds, status, maxRss: Number(m[1]) * 1024 });
    });
  });
}

const mb = (b) => `${(b / 1048576).toFixed(0)} MB`;
const count = (x) => Math.round(x).toLocaleString("en-US");

export async function batchBench({ quick, log }) {
  const rounds = quick ? 1 : 5;
  const real = loadReal().flatMap((f) => f.lines);
  const dir = mkdtempSync(path.join(os.tmpdir(), "uri-grammar-bench-batch-"));
  const empty = path.join(dir, "empty.txt");
  writeFileSync(empty, "");
  /** The file of n corpus lines, and its two halves. */
  const files = (n) => {
    const lines = Array.from({ length: n }, (_, k) => real[k % real.length]);
    const [whole, a, b] = ["whole", "a", "b"].map((x) => path.join(dir, `${n}-${x}.txt`));
    writeFileSync(whole, `${lines.join("\n")}\n`);
    writeFileSync(a, `${lines.slice(0, n / 2).join("\n")}\n`);
    writeFileSync(b, `${lines.slice(n / 2).join("\n")}\n`);
    return { whole, halves: [a, b] };
  };
  // the issue's 100,000 lines; and parse over 400,000, where the workers' start-up weighs less
  const cases = [
    ["validate", "small records: true or the error", BATCH_LINES],
    ["parse", "each line's AST as JSON, ~450 bytes a record", BATCH_LINES],
    ...(quick ? [] : [["parse", "the same, 4× the lines", 4 * BATCH_LINES]]),
  ];
  const made = new Map();
  const rows = [];
  const targets = [];
  try {
    for (const [command, what, n] of cases) {
      if (!made.has(n)) made.set(n, files(n));
      const { whole, halves } = made.get(n);
      const args = (jobs, input) => [command, "--jobs", String(jobs), "--quiet", "--input", input];
      const runs = { 1: [], 2: [], empty: [], halves: [] };
      await once(args(1, whole)); // warm the file cache
      for (let r = 0; r < rounds; r++) {
        runs.empty.push(await once(args(1, empty)));
        for (const jobs of r % 2 === 0 ? [1, 2] : [2, 1]) runs[jobs].push(await once(args(jobs, whole)));
        // the machine's ceiling right now: two one-thread processes on the halves at once
        const t0 = performance.now();
        await Promise.all(halves.map((h) => once(args(1, h))));
        runs.halves.push({ seconds: (performance.now() - t0) / 1000 });
      }
      const secs = (k) => median(runs[k].map((x) => x.seconds));
      const rss = (k) => median(runs[k].map((x) => x.maxRss));
      const start = secs("empty");
      const [one, two, both] = [n / secs(1), n / secs(2), n / secs("halves")];
      const [oneNet, twoNet] = [n / (secs(1) - start), n / (secs(2) - start)];
      const ratio = two / one;
      log(`batch ${command} ${count(n)}: --jobs 1 ${count(one)} lines/s, --jobs 2 ${count(two)} lines/s (${fmtRatio(ratio)}); start-up ${start.toFixed(2)} s; two processes on halves ${fmtRatio(both / one)}; rounds ${runs[1].map((x) => x.seconds.toFixed(2)).join("/")} s vs ${runs[2].map((x) => x.seconds.toFixed(2)).join("/")} s`);
      rows.push([
        `\`${command}\`, ${count(n)} lines (${what})`,
        count(one),
        count(two),
        fmtRatio(ratio),
        `${count(oneNet)} / ${count(twoNet)} (${fmtRatio(twoNet / oneNet)})`,
        fmtRatio(both / one),
        `${mb(rss(1))} / ${mb(rss(2))}`,
      ]);
      targets.push([`\`${command} --jobs 2\` ≥ 1.7× \`--jobs 1\`, ${count(n)} lines`, `${fmtRatio(ratio)} (start-up left out: ${fmtRatio(twoNet / oneNet)}; the machine's ceiling, two processes: ${fmtRatio(both / one)})`, ratio >= 1.7 ? "met" : "NOT met"]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const md = [
    "## CLI batch mode (issue 23)",
    "",
    `Lines of shared/corpus/real (repeated), \`${path.relative(repoRoot, BIN)} <command> --jobs N --quiet --input FILE > /dev/null\` in a child process, timed from spawn to exit (start-up included). Median of ${rounds} round(s), 1 and 2 jobs alternating. "Start-up left out": the time of a run over an empty file subtracted (the workers' start-up stays in). "Two processes": two \`--jobs 1\` runs over the two halves at once, against one run over the whole: what the two cores give at that moment (the machine is shared), the ceiling for \`--jobs 2\`. Peak RSS is the whole process, the workers' heaps in it.`,
    "",
    mdTable(["command", "--jobs 1 (lines/s)", "--jobs 2 (lines/s)", "2 jobs / 1", "start-up left out (lines/s, 1 / 2)", "two processes / 1", "peak RSS (1 / 2 jobs)"], rows, "lrrrrrr"),
    "",
    mdTable(["target", "measured", ""], targets, "lll"),
    "",
  ];
  return { markdown: md.join("\n"), rows, targets };
}
