// With URI_GRAMMAR_CPU_LOG set to a file (npm run test:slow sets it, scripts/slowest-reporter.mjs
// reads it), each suite appends the CPU time it took: user and system time of the jest worker
// and of the child processes it waited for (tsc, node, npm), from /proc/self/stat. On a shared
// machine wall time says how busy the machine was; CPU time says what the suite costs.
import * as fs from "node:fs";

const log = process.env["URI_GRAMMAR_CPU_LOG"];

/** utime + stime + cutime + cstime of this process, in seconds (Linux only; undefined elsewhere). */
function cpuSeconds(): number | undefined {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is the state (field 3 of proc(5)); utime..cstime are fields 14..17
    return fields.slice(11, 15).reduce((s, f) => s + Number(f), 0) / 100;
  } catch {
    return undefined;
  }
}

if (log !== undefined && log !== "") {
  const start = cpuSeconds();
  afterAll(() => {
    const end = cpuSeconds();
    if (start === undefined || end === undefined) return;
    fs.appendFileSync(log, `${JSON.stringify({ suite: expect.getState().testPath, cpu: Math.round((end - start) * 100) / 100 })}\n`);
  });
}
