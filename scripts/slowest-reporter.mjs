// A jest reporter that lists the ten slowest suites of a run, with their times: `npm run
// test:slow` (jest --reporters=default --reporters=./scripts/slowest-reporter.mjs). It also has
// every suite log the CPU time it took (test/helpers/cpu-setup.ts, URI_GRAMMAR_CPU_LOG) and lists
// the ten costliest with the total: on a busy machine the CPU time is the figure to compare.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default class SlowestReporter {
  constructor() {
    // set before jest starts its workers, which inherit it
    this.log = process.env.URI_GRAMMAR_CPU_LOG ?? path.join(os.tmpdir(), `uri-grammar-cpu-${process.pid}.jsonl`);
    process.env.URI_GRAMMAR_CPU_LOG = this.log;
    fs.rmSync(this.log, { force: true });
  }

  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .map((r) => ({ name: r.testFilePath.slice(process.cwd().length + 1), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds);
    const total = suites.reduce((s, x) => s + x.seconds, 0);
    const lines = suites.slice(0, 10).map((s) => `  ${s.seconds.toFixed(1).padStart(6)} s  ${s.name}`);
    process.stderr.write(`\nThe ten slowest of ${suites.length} suites (${total.toFixed(0)} s of suites in all):\n${lines.join("\n")}\n`);
    let cpu = [];
    try {
      cpu = fs.readFileSync(this.log, "utf8").split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
    } catch {
      return; // no suite logged (not Linux)
    }
    cpu.sort((a, b) => b.cpu - a.cpu);
    const cpuTotal = cpu.reduce((s, x) => s + x.cpu, 0);
    const top = cpu.slice(0, 10).map((s) => `  ${s.cpu.toFixed(1).padStart(6)} s  ${path.relative(process.cwd(), s.suite)}`);
    process.stderr.write(`\nThe ten costliest in CPU time (user + system, with their child processes; ${cpuTotal.toFixed(0)} CPU-s in ${cpu.length} suites, the log: ${this.log}):\n${top.join("\n")}\n`);
  }
}
