// The forward walk (Deterministic.walkText) on an ambiguous template forks at every character it
// reads two ways, and keeps a path's tags as it goes (issue 30: "bounded everywhere ...
// proportional to the template's and the URI's length"). Kept in JS arrays that grew with the URI,
// each growth a copy left as garbage, the walk's ns a character doubled or tripled from 1 KB to
// 1 MB (bench/scaling.mjs, template-separator and template-explode). The bound here is on the bytes
// the walk allocates on the JS heap a character, not on time: counted from the heap's used size
// before and after the walk plus what each collection during it freed (v8.GCProfiler), so a
// collection in the middle does not hide what was allocated.
import v8 from "node:v8";
import { buildNfa, Deterministic } from "../../src/template/automaton";
import { templateLanguage } from "../../src/template/language";
import { parseTemplateOrThrow } from "../../src/template/index";

/** JS-heap bytes allocated while `f` runs (array buffers' contents are not on the JS heap), and what it returned. */
function allocated<R>(f: () => R): { bytes: number; out: R } {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = v8.getHeapStatistics().used_heap_size;
  const out = f();
  const after = v8.getHeapStatistics().used_heap_size;
  let freed = 0;
  for (const e of profiler.stop().statistics) freed += e.beforeGC.heapStatistics.usedHeapSize - e.afterGC.heapStatistics.usedHeapSize;
  return { bytes: after - before + freed, out };
}

const walkOf = (text: string): Deterministic => new Deterministic(buildNfa(templateLanguage(parseTemplateOrThrow(text).parts)));

/** 64 K characters: the walk's buffers past the 64 K entries kept between walks grow during it. */
const N = 1 << 16;

describe("the forward walk's heap allocation a character (issue 30)", () => {
  // (before: 52 to 124 bytes a character on the first two, the forks' array and its copies)
  it.each([
    ["{x}-{y}", "a-"],
    ["{a}{b}", "aa"],
  ])('%s on "%s" repeated: a fork at every character read two ways, none of them on the JS heap', (template, unit) => {
    const walk = walkOf(template);
    const uri = unit.repeat(N / 2);
    const first = walk.walkText(uri);
    // each variable's open and close: x (a) takes all but what y (b) needs, the preferred path
    expect(Array.isArray(first) && first.length).toBe(8);
    const r = allocated(() => walk.walkText(uri));
    expect(r.out).toEqual(first);
    expect(r.bytes / N).toBeLessThan(1);
  });

  it('{/path*}{/x} on "/a" repeated: the path it answers (two numbers a character), and no forks', () => {
    const walk = walkOf("{/path*}{/x}");
    const uri = "/a".repeat(N / 2);
    const first = walk.walkText(uri);
    expect(Array.isArray(first) && first.length).toBe(2 * N);
    const r = allocated(() => walk.walkText(uri));
    expect(r.out).toEqual(first);
    // the answer, a JS array of 8 bytes a number as it grows (by half and 16 each time: its
    // copies up to 4.5 times its length), 63 to 70 bytes a character measured; before, 103 to
    // 152 with the forks' array and its copies
    expect(r.bytes / N).toBeLessThan(5 * 2 * 8);
  });
});
