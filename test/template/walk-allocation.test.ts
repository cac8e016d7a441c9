// The forward walk (Deterministic.walk) on an ambiguous template forks at every character it
// reads two ways, and keeps a path's tags as it goes (issue 30: "bounded everywhere ...
// proportional to the template's and the URI's length"). Kept in JS arrays that grew with the URI,
// each growth a copy left as garbage, the walk's ns a character doubled or tripled from 1 KB to
// 1 MB (bench/scaling.mjs, template-separator and template-explode). The bound here is on the bytes
// allocated on the JS heap a character, not on time: counted from the heap's used size before and
// after plus what each collection in between freed (v8.GCProfiler), so a collection in the middle
// does not hide what was allocated; the least of three runs after two, so that code the compiler
// installs on the heap during one is not counted.
import v8 from "node:v8";
import { buildNfa, Deterministic, walkKept } from "../../src/template/automaton";
import { templateLanguage } from "../../src/template/language";
import { parseTemplateOrThrow } from "../../src/template/index";

/** JS-heap bytes allocated by `f` (array buffers' contents are not on the JS heap), the least of three runs after two, and what it returned last. */
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

const walkOf = (text: string): Deterministic => new Deterministic(buildNfa(templateLanguage(parseTemplateOrThrow(text).parts)));

/** 64 K characters: 128 K entries of forks on `{x}-{y}`, past the 64 K entries kept for a walk of any length. */
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

  it('{/path*}{/x} on "/a" repeated: its path (two numbers a character) read where the walk wrote it', () => {
    const walk = walkOf("{/path*}{/x}");
    const uri = "/a".repeat(N / 2);
    const first = walk.walkText(uri);
    expect(Array.isArray(first) && first.length).toBe(2 * N);
    const r = allocated(() => walk.walk(uri));
    expect(r.out instanceof Int32Array && Array.from(r.out)).toEqual(first);
    // before: 103 to 152 bytes a character, the events' and the forks' arrays and their copies
    expect(r.bytes / N).toBeLessThan(1);
  });

  it('match("{/path*}{/x}", "/a" repeated): no object an element, its spans in one typed array', () => {
    const template = parseTemplateOrThrow("{/path*}{/x}");
    const uri = "/a".repeat(N / 2);
    const r = allocated(() => template.match(uri));
    expect(r.out).toEqual({ ok: true, value: { path: Array.from({ length: N / 2 }, () => "a") } });
    // per element ("/a", two characters): the list it answers, 8 bytes a member (4 a character),
    // and that array's growth; the spans (four numbers each) are in a typed array, off the JS heap:
    // 12.7 bytes a character measured. Before: 150 to 152 (the walk's events as a JS array that
    // grew, an object an element in candidates()), then 77 (an Entry object a span in itemsOf, and
    // the keys in an array besides the list)
    expect(r.bytes / N).toBeLessThan(24);
  });

  it("the walk's buffers a 1 MB URI grew are let go when a walk of a short URI begins (SECURITY.md)", () => {
    const walk = walkOf("{a}{b}");
    walk.walk("a".repeat(1 << 20));
    // a fork a character, four entries each: 16 MB kept until the next walk
    expect(walkKept()).toBeGreaterThanOrEqual(4 << 20);
    walk.walk("aa");
    expect(walkKept()).toBeLessThanOrEqual(2 * 256);
    // up to 64 K entries each are kept whatever the URI: 40,000 of forks here, in 65,536
    walk.walk("a".repeat(10_000));
    const kept = walkKept();
    walk.walk("aa");
    expect([kept, walkKept()]).toEqual([65_536 + 256, 65_536 + 256]);
  });

  it('match("{/x*}", "/k0=v/k1=v/..."): 64 distinct names, the pairs of an associative array in order', () => {
    // (an explode's elements are read from its spans twice: for what they make, then into the pairs)
    const template = parseTemplateOrThrow("{/x*}");
    const names = Array.from({ length: 64 }, (_, i) => `k${i}=v`);
    expect(template.match(`/${names.join("/")}`)).toEqual({ ok: true, value: { x: Object.fromEntries(names.map((n) => n.split("="))) } });
  });
});
