// The memory of a match by memoized calls (issue 33: "Memory and time for every match bounded by
// the documented budgets ... no input makes the process abort"), in the bytes the engine
// counts: a call waiting costs WAITING_CALL_BYTES at most, a call's result kept in full
// RESULT_BYTES and END_BYTES an end (twice that at most while its arrays grow), and the depth
// and ends budgets times those fit MATCH_HEAP_BYTES. The bytes are measured in a child process
// as the heap the collector keeps (not RSS, not time); RSS under a 200 MB heap is measured by
// scripts and quoted in the commits (docs/guide/abnf.md).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { CALL_DEPTH_LIMIT, END_BYTES, KEPT_ENDS_LIMIT, MATCH_HEAP_BYTES, RESULT_BYTES, WAITING_CALL_BYTES } from "../src/abnf/calls";

/** Heap kept per unit, measured in a child process with the collector exposed (the built package: npm test builds it first). */
function measured(): { readonly waitingLabels: number; readonly waiting: number; readonly perCall: number; readonly perCallLabels: number } {
  const dist = path.join(__dirname, "..", "dist", "abnf");
  const program = `
    const { grammarFromAbnf } = await import(${JSON.stringify(path.join(dist, "index.js"))});
    const { CallRun } = await import(${JSON.stringify(path.join(dist, "calls.js"))});
    // the heap when the innermost call runs a check in code: every call before it waits
    let heap = 0;
    const deep = grammarFromAbnf('a = "x" a "x" / c\\nc = "y"\\n', { checks: { c: () => { gc(); heap = process.memoryUsage().heapUsed; return true; } } }).value;
    const waitingAt = (d, labels) => {
      const run = new CallRun(deep.compiled, "x".repeat(d) + "y" + "x".repeat(d));
      run.labels = labels;
      if (!run.call("a", 0).ends.includes(2 * d + 1)) throw new Error("no match");
      if (run.deepest < d) throw new Error("not nested");
      return heap;
    };
    const waiting = (labels) => { waitingAt(1000, labels); return (waitingAt(60000, labels) - waitingAt(20000, labels)) / 40000; };
    // the heap a run keeps once done: a call of w at every offset, each ending at two
    const wide = grammarFromAbnf('t = *w\\nw = "x" [ "x" ] / "(" w ")"\\n').value;
    const keptAt = (n, labels) => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const run = new CallRun(wide.compiled, "x".repeat(n));
      run.labels = labels;
      if (!run.call("t", 0).ends.includes(n)) throw new Error("no match");
      if (run.kept < n - 1) throw new Error("ends not kept");
      gc();
      const kept = process.memoryUsage().heapUsed - before;
      globalThis.alive = run;
      return kept;
    };
    const perCall = (labels) => { keptAt(1000, labels); return (keptAt(150000, labels) - keptAt(50000, labels)) / 100000; };
    process.stdout.write(JSON.stringify({ waitingLabels: waiting(true), waiting: waiting(false), perCall: perCall(false), perCallLabels: perCall(true) }));
  `;
  return JSON.parse(execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", program], { encoding: "utf8", stdio: "pipe" })) as ReturnType<typeof measured>;
}

describe("a match's memory, in the bytes the engine counts (issue 33)", () => {
  it("the depth and ends budgets keep what a match holds within MATCH_HEAP_BYTES", () => {
    // calls waiting at once, and the ends kept beyond the first of each call (twice: grown by doubling)
    const held = CALL_DEPTH_LIMIT * WAITING_CALL_BYTES + KEPT_ENDS_LIMIT * 2 * END_BYTES;
    expect(held).toBeLessThanOrEqual(MATCH_HEAP_BYTES);
    // with node's own ~60 MB, a process with a match at its budgets stays under 256 MB
    expect(MATCH_HEAP_BYTES).toBeLessThanOrEqual(160 * 2 ** 20);
  });

  let m: ReturnType<typeof measured>;
  beforeAll(() => {
    m = measured();
  }, 120_000);

  it("a call waiting costs at most WAITING_CALL_BYTES of heap (with and without labels)", () => {
    expect(m.waitingLabels).toBeLessThanOrEqual(WAITING_CALL_BYTES);
    expect(m.waiting).toBeLessThanOrEqual(WAITING_CALL_BYTES);
    expect(m.waiting).toBeGreaterThan(0);
  });

  it("a call's result kept in full costs RESULT_BYTES and END_BYTES an end, twice at most (w: two ends a call, and 4 bytes of index an offset)", () => {
    const bound = 2 * (RESULT_BYTES + 2 * END_BYTES) + 4;
    expect(m.perCall).toBeLessThanOrEqual(bound);
    expect(m.perCallLabels).toBeLessThanOrEqual(bound);
    expect(m.perCall).toBeGreaterThan(0);
  });
});
