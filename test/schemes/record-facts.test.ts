// A scheme record's §6.2.3 facts (name, defaultPort, emptyPathIsRoot) are checked by one checker,
// core/schemes-option.ts schemeFacts, for every entry that takes a record (issue 31, "one of
// each"): defineScheme, and normalize's, equivalent's and relativize's options.schemes as a list
// or a map. The same bad record is the same TypeError from each, naming the field; a port as
// digits is the number from each. Before, defineScheme refused a port as digits ("80") that
// normalize read as 80, and named a bad port in other words ("must be a whole number from 0 to
// 65535") than normalize ("must be digits or a whole number from 0 to 65535").
import { grammar, lit, ref, rfc3986, seq } from "../../src/abnf/index";
import { equivalent, normalize, normalizeOrThrow, relativize, serialize } from "../../src/index";
import * as S from "../../src/schemes/index";

const tiny = grammar({ "x-URI": seq(lit("x:"), ref("segment")) }, { imports: [rfc3986.pick("segment")] });
const spec = { name: "x", grammar: tiny, rule: "x-URI", section: "none", build: () => ({ kind: "x" as const }) };

/** Each entry that takes a record, given one: what it threw (or "accepted"). */
const ENTRIES: readonly (readonly [string, (r: Record<string, unknown>) => unknown])[] = [
  ["defineScheme", (r) => S.defineScheme({ ...spec, ...r } as S.SchemeSpec<unknown>)],
  ["normalize, a list", (r) => normalize("x://h/", { schemes: [r] as never })],
  ["normalize, a map", (r) => normalize("x://h/", { schemes: new Map([[String(r["name"]).toLowerCase(), r]]) as never })],
  ["equivalent", (r) => equivalent("x://h/", "x://h/", { schemes: [r] as never })],
  ["relativize", (r) => relativize("x://h/", "x://h/a", { normalize: { schemes: [r] as never } })],
];

const BAD: readonly Record<string, unknown>[] = [
  { name: "1x" }, { name: "" }, { name: 7 },
  { name: "x", defaultPort: 70000 }, { name: "x", defaultPort: -1 }, { name: "x", defaultPort: 1.5 }, { name: "x", defaultPort: "8o" },
  { name: "x", defaultPort: "" }, { name: "x", defaultPort: null }, { name: "x", defaultPort: Infinity },
  { name: "x", emptyPathIsRoot: "yes" }, { name: "x", emptyPathIsRoot: 1 }, { name: "x", emptyPathIsRoot: null },
];

/** What an entry threw, from the field's name on (each entry names where the record is in its own words before it). */
function outcome(f: () => unknown): string {
  try {
    f();
    return "accepted";
  } catch (e) {
    if (!(e instanceof TypeError)) return `not a TypeError: ${String(e)}`;
    const m = /\b(name|defaultPort|emptyPathIsRoot)"? (must be .*)$/.exec(e.message);
    return m === null ? `unnamed: ${e.message}` : `${m[1]} ${m[2]}`;
  }
}

const shown = (r: Record<string, unknown>): string => Object.entries(r).map(([k, v]) => `${k}: ${typeof v === "string" ? JSON.stringify(v) : String(v)}`).join(", ");
test.each(BAD.map((r) => [shown(r), r] as const))("the bad record { %s } is the same TypeError from each entry", (_, r) => {
  const got = ENTRIES.map(([entry, f]) => [entry, outcome(() => f(r))] as const);
  const first = got[0]![1];
  expect(first).toMatch(/^(name|defaultPort|emptyPathIsRoot) must be /);
  expect(got).toEqual(ENTRIES.map(([entry]) => [entry, first]));
});

test("a default port as digits is that number from each entry", () => {
  expect(S.defineScheme({ ...spec, defaultPort: "8080" } as never).defaultPort).toBe(8080);
  const scheme = S.defineScheme({ ...spec, defaultPort: "8080" } as never);
  expect(serialize(normalizeOrThrow("x://h:8080/", { schemes: [scheme] }))).toBe("x://h/");
  expect(serialize(normalizeOrThrow("x://h:8080/", { schemes: [{ name: "x", defaultPort: "8080" }] as never }))).toBe("x://h/");
});
