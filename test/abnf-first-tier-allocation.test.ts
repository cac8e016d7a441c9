// The first tier's JS-heap allocation on RFC 5234's rulelist (issue 33: "first use of a rule costs
// at most twice a warm pass"): bench/abnf-first-use-ab.mjs's rfc5234 row stays on the first tier
// (src/abnf/interpret.ts) for its whole first pass, and what that pass cost past a warm pass was
// mostly allocation and its collections. The bound is on the bytes allocated a character of the
// row's inputs, counted as test/template/walk-allocation.test.ts counts them (the heap's used size
// before and after plus what each collection in between freed, v8.GCProfiler), the least of three
// passes after two; not on time.
import * as fs from "node:fs";
import * as path from "node:path";
import v8 from "node:v8";
import { grammarFromAbnfOrThrow, seededRandom } from "../src/abnf/index";
import { Interpreter } from "../src/abnf/interpret";

const root = path.join(__dirname, "..");
const read = (f: string): string => fs.readFileSync(path.join(root, f), "utf8");

/** JS-heap bytes allocated by `f`, the least of three runs after two, and what it returned last. */
function allocated<R>(f: () => R): { bytes: number; out: R } {
  let out = f();
  out = f();
  let bytes = Infinity;
  for (let run = 0; run < 3; run++) {
    const profiler = new v8.GCProfiler();
    profiler.start();
    const before = v8.getHeapStatistics().used_heap_size;
    out = f();
    const after = v8.getHeapStatistics().used_heap_size;
    let freed = 0;
    for (const e of profiler.stop().statistics) freed += e.beforeGC.heapStatistics.usedHeapSize - e.afterGC.heapStatistics.usedHeapSize;
    bytes = Math.min(bytes, after - before + freed);
  }
  return { bytes, out };
}

describe("the first tier's heap allocation on RFC 5234's rulelist (issue 33)", () => {
  it("the rfc5234 row's 400 generated rule lists: under 100 bytes a character on the first tier", () => {
    const text = read("fixtures/abnf/rfc/rfc5234-section4.abnf");
    const source = grammarFromAbnfOrThrow(text);
    const inputs = Array.from({ length: 400 }, (_, k) => source.generate("rulelist", seededRandom(k + 1), { maxRepeat: 3 }));
    const chars = inputs.reduce((n, s) => n + s.length, 0);
    // (the tier itself, not a grammar's matcher: that compiles the rule once the tier has taken
    // its budget of steps, within the five passes here)
    const first = new Interpreter(grammarFromAbnfOrThrow(text).analysis);
    const r = allocated(() => inputs.filter((s) => first.test("rulelist", s, 10_000_000) === true).length);
    expect(r.out).toBe(400);
    // (before: about 115 bytes a character, most of it lists of a repetition's ends pushed past
    // the room of two they were made with; after: about 87)
    expect(r.bytes / chars).toBeLessThan(100);
  });
});
