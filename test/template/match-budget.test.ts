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
