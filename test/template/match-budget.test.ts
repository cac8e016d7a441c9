// matchAll's work is bounded whatever `limit` asks for (issue 30, "Bounded everywhere"): the paths
// it reads and the values it expands again share one budget (SECURITY.md "Limits",
// docs/guide/templates.md "Cost"), past which the list is cut (`complete: false`). Found by
// fuzzing: `matchAll("{a}{b}{c}", "a".repeat(500), { limit: 1e9 })` read about a million readings
// (56 s, 953 MB).
import { createRouter, expandOrThrow, match, matchAll, parseTemplateOrThrow, TemplateError } from "../../src/template/index";

/** The documented budget: 2^22 units, a path read or a reading expanded again costing the URI's length and the template's parts. */
const READING_WORK = 2 ** 22;

describe("matchAll's budget", () => {
  it("a limit past the budget: the list is cut, complete false, at most the budget's worth of readings", () => {
    const uri = "a".repeat(200); // 20,301 readings of {a}{b}, 1,373,701 of {a}{b}{c}
    const r = matchAll("{a}{b}{c}", uri, { limit: 1e9 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.complete).toBe(false);
    expect(r.value.readings.length).toBeGreaterThan(0);
    expect(r.value.readings.length).toBeLessThanOrEqual(READING_WORK / uri.length);
    for (const v of r.value.readings.slice(0, 50)) expect(expandOrThrow("{a}{b}{c}", v)).toBe(uri);
  });

  it("within the budget: every reading, complete", () => {
    const uri = "a".repeat(200);
    const r = parseTemplateOrThrow("{a}{b}").matchAll(uri, { limit: 1e9 });
    expect(r.ok && r.value.complete).toBe(true);
    // each split of the URI, with the empty and undefined values around it
    expect(r.ok && r.value.readings.length).toBeGreaterThanOrEqual(201);
    // the default limit reads as before
    const d = matchAll("{x}-{y}", "a-b-c");
    expect(d.ok && d.value.complete).toBe(true);
    expect(d.ok && d.value.readings).toEqual(expect.arrayContaining([{ x: "a-b", y: "c" }, { x: "a", y: "b-c" }]));
  });
});

describe("match's reading-limit names what stopped it", () => {
  // "{a}-{b}-{a}" on "p-x-x-…-q": every split gives a a first value starting with "p" and a last
  // one ending with "q", so no reading agrees; each path read costs the URI's length
  it("maxReadings: the message says to raise it", () => {
    const r = match("{a}-{b}-{a}", "p-" + "x-".repeat(100) + "q");
    expect(r.ok ? "matched" : [r.error.code, /raise maxReadings/.test(r.error.message)]).toEqual(["reading-limit", true]);
  });

  it("the work bound: the message says so, and does not suggest raising maxReadings", () => {
    const uri = "p-" + "x-".repeat(60_000) + "q";
    // the budget buys fewer paths than the default 64 readings at this length
    expect(READING_WORK / uri.length).toBeLessThan(64);
    const r = match("{a}-{b}-{a}", uri);
    expect(r.ok ? "matched" : [r.error.code, /raise maxReadings/.test(r.error.message), /work bound/.test(r.error.message)]).toEqual(["reading-limit", false, true]);
  });

  it("router.match and router.matchAll, which take no options: the message does not suggest maxReadings", () => {
    const uri = "p-" + "x-".repeat(100) + "q";
    const router = createRouter([["{a}-{b}-{a}", 1]]);
    for (const call of [() => router.match(uri), () => router.matchAll(uri)]) {
      let e: unknown;
      try {
        call();
      } catch (x) {
        e = x;
      }
      expect(e instanceof TemplateError ? [e.code, /maxReadings/.test(e.message), /ambiguous/.test(e.message)] : e).toEqual(["reading-limit", false, true]);
    }
  });
});

// fuzz round 4 (TO-router30-from-fuzz.md item 1): two exploded maps on 900 query pairs whose
// names repeat ("a=0&b=1&a=2...", 5,292 characters) read split after split, each costing the
// URI's length, and answered "reading-limit" after the whole budget (1.2 s). An associative
// array holds a name once (RFC 6570 §2.4.2), so a path is dropped where a map's name repeats.
describe("exploded maps whose names repeat", () => {
  const pairs = (n: number, f: (i: number) => string): string => Array.from({ length: n }, (_, i) => f(i)).join("&");
  const repeated = "/s?" + pairs(900, (i) => `${"ab"[i % 2]}=${i}`);

  it("no split gives two maps: no-match, within a handful of paths", () => {
    const r = match("/s{?filter*,sort*}", repeated, { maxReadings: 8 });
    expect(r.ok ? "matched" : r.error.code).toBe("no-match");
    const router = createRouter<number>();
    router.add("/s{?filter*,sort*}", 1);
    expect(router.match(repeated)).toBeUndefined();
  });

  it("the one split that gives two maps is still read", () => {
    const uri = "/s?" + pairs(900, (i) => `k${i % 450}=${i}`);
    const r = match("/s{?filter*,sort*}", uri);
    expect(r.ok && [Object.keys(r.value.filter as object).length, Object.keys(r.value.sort as object).length]).toEqual([450, 450]);
    if (r.ok) expect(expandOrThrow("/s{?filter*,sort*}", r.value)).toBe(uri);
  });

  // issue 30: ten exploded maps on 80 pairs a, b, c, a, ...: each map holds at most 3 (a name
  // once), so no split reads; every split was tried (0.5 s, "reading-limit"). A varspec's share
  // that fails from a given offset fails whatever came before it: tried once per offset
  it("ten maps on pairs whose names cycle: no-match; the one split that reads is found", () => {
    const t = `/s{?${Array.from({ length: 10 }, (_, i) => `v${i}*`).join(",")}}`;
    const r = match(t, "/s?" + pairs(80, (i) => `${"abc"[i % 3]}=${i}`));
    expect(r.ok ? "matched" : r.error.code).toBe("no-match");
    const uri = "/s?" + pairs(30, (i) => `${"abc"[i % 3]}=${i}`);
    const one = match(t, uri);
    expect(one.ok && Object.values(one.value).map((m) => Object.keys(m as object).join())).toEqual(Array(10).fill("a,b,c"));
    if (one.ok) expect(expandOrThrow(t, one.value)).toBe(uri);
  });

  it("a named list repeats its varname, and a list keeps members that repeat", () => {
    expect(match("/s{?list*,m*}", "/s?list=1&list=1&a=1&b=2")).toEqual({ ok: true, value: { list: ["1", "1"], m: { a: "1", b: "2" } } });
    expect(match("{/p*}{?q*}", "/x/x/y?q=1&q=1")).toEqual({ ok: true, value: { p: ["x", "x", "y"], q: ["1", "1"] } });
    expect(match("{/p*}{?q*}", "/x/x/y?a=1&a=2").ok).toBe(false);
  });
});
