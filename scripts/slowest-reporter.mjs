// A jest reporter that lists the ten slowest suites of a run, with their times: `npm run
// test:slow` (jest --reporters=default --reporters=./scripts/slowest-reporter.mjs).
export default class SlowestReporter {
  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .map((r) => ({ name: r.testFilePath.slice(process.cwd().length + 1), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds);
    const total = suites.reduce((s, x) => s + x.seconds, 0);
    const lines = suites.slice(0, 10).map((s) => `  ${s.seconds.toFixed(1).padStart(6)} s  ${s.name}`);
    process.stderr.write(`\nThe ten slowest of ${suites.length} suites (${total.toFixed(0)} s of suites in all):\n${lines.join("\n")}\n`);
  }
}
