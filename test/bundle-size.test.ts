// What a user's bundler keeps of the packed package (issue 34): the tarball `npm pack` makes (its
// "files" and "exports" as a user installs them) is installed into an app (test/helpers/packed.ts), and the
// import sets of bench/SIZE.md are bundled from it the way scripts/size.mjs bundles them (esbuild,
// ESM, platform "browser", minified, gzip -9). Each must bundle without a warning, and stay under
// a ceiling just above its size today: the sizes are counted bytes, not timings, so a change that
// makes them grow fails here and says by how much. Issue 34 (pay only for what is called):
// `parse` reads URI-reference's automaton alone (`parseRule` names the other rules) and
// `normalize`/`equivalent` take the scheme registry as a value (`defaultSchemeNormalizations` when left out),
// which took `{ parse }` from 20.0 to 11.4 KB (target 12) and the five functions from 45.0 to
// 20.3 KB; then the caret's width table as a delta-encoded string and one field check for the
// option readers: `{ parse }` 11.3 KB, the five 20.1 KB; then normalize reading `unreserved`'s
// table alone (not every class's): the five 19.7 KB (19,746 bytes, target 20 KB = 20,000: met).
// Each set is also bundled by a stock Rollup build (issue 34: "a stock esbuild and a stock Rollup
// build"), with its own ceilings: `{ parse }` 11,196 bytes, the five 19,489 (2026-11-29). Then the
// compiled automata's data packed tighter (a table entry of 90 or more is three characters, not
// every entry two; label sets packed; wide maps as deltas): esbuild `{ parse }` 11,432 -> 11,340
// bytes and the five 19,978 -> 19,709; Rollup 11,245 and 19,462 (2026-11-30). Then parse(s) reading a
// rejected input once (the error read off the rejecting run, the error path of issue 19): esbuild
// 11,443 and 19,806, Rollup 11,348 and 19,561, ceilings raised by about 100 bytes to match. Then a
// refused value's quote (describe.ts) and parse's "not a rule" TypeError masking a password, so
// that a URI passed as the options or the rule is not logged in clear: esbuild 11,496 and 19,862,
// Rollup 11,414 and 19,640, ceilings raised by 30-60 bytes (the targets, 12,288 and 20,000, kept).
// Then UriSyntaxError and InputTooLongError naming the argument a plain-JavaScript call got wrong
// (describe.ts expectString, which parse's own input check now is too): esbuild 11,493 -> 11,547
// and 19,783 -> 19,827, Rollup 11,402 -> 11,459 and 19,536 -> 19,590; `{ parse }`'s two ceilings
// raised by that cost (+54, +57), the five's not (the lead's decision, 2026-11-30).
// Then password.ts finding a password behind an ASCII tab or newline, which the URL Standard removes
// before it reads ("ht\ttp://u:pw@h/": fuzz round 11, a leak in every message that quotes an input):
// esbuild 11,621 and 19,880, Rollup 11,523; ceilings raised by that cost (2026-12-01; targets kept).
// Then password.ts masking the text after an authority's first ":" where it has no "@" and that
// text is no port ("http://user:pw", most likely a password whose "@host" is missing: fuzz round
// 15, a leak in every message that quotes such an input): esbuild 11,586 -> 11,663 and 19,864 ->
// 19,941, Rollup 11,501 -> 11,573 and 19,613 -> 19,682; ceilings raised by that cost (+40, +60,
// +45, +35; 2026-12-02), the five 59 bytes under their 20,000 target. Then, together (stop 62,
// 2026-12-03), every exported error's message an own enumerable property (JSON.stringify writes
// it), options.schemes read by one reader for every function (a list of schemes taken where only
// a registry was), and parse(ref, base) naming resolve: esbuild 11,653 -> 11,666 and 19,921 ->
// 19,953, Rollup 19,669 -> 19,700; ceilings raised by that cost (+5, +13, +20), the five 47 bytes
// under their 20,000 target. Then a `code` on UriSyntaxError ("syntax"), InputTooLongError
// ("too-long") and UnknownRuleError ("unknown-rule"), the last error classes without one, so one
// `switch (error.code)` reads any Result's error: esbuild 11,666 -> 11,681 and 19,953 -> 19,966,
// Rollup 11,573 -> 11,578 and 19,700 -> 19,712; ceilings raised by that cost, the five 34 bytes
// under their 20,000 target. Then String(node) and `${node}` the node's text (toString on each
// node class's prototype, beside the inspect hook; "[object Object]" before): esbuild 11,681 ->
// 11,701 and 19,966 -> 19,992, Rollup 11,578 -> 11,599 and 19,712 -> 19,730; ceilings raised by
// that cost. Then password.ts's untabbed stripping tabs and newlines in one native pass instead
// of a callback per character (seconds on a 128 KiB text with a tab, every message that masks
// one; 2026-12-03, testtime-21): with the above, esbuild 19,997 for the five and Rollup 11,607
// and 19,740; ceilings raised by that cost. The five are 3 bytes under their 20,000 target: the
// next byte they need is found in them, not in the target. Then the compiled automata's data
// (scripts/compile/dfa-compiler.ts, src/compiled/dfa.ts unpack; 2026-12-03, bytes-21): "!" for a
// packed number equal to the one before it (a row's run of one target, the dead state's above
// all), esbuild 11,701 -> 11,631 and 19,997 -> 19,907, Rollup 11,607 -> 11,541 and 19,740 ->
// 19,664; and each rule's states written grouped by the shape of their rows (which classes lead
// to the dead state; the same automata renumbered), so those runs repeat from row to row:
// esbuild 11,590 and 19,791, Rollup 11,501 and 19,559; then rows of one shape ordered by their
// targets: esbuild 11,563 and 19,757, Rollup 11,477 and 19,522; then the classes renumbered
// too, those that lead to the dead state from the fewest states first (a row's dead entries at
// its end, in one "!" run), alike for the rules that share an ASCII map and the classes of a wide
// map kept, so that no map is written twice: esbuild 11,429 and 19,636, Rollup 11,336 and
// 19,403. Ceilings lowered to match: the five 364 bytes under their 20,000 target, `{ parse }`
// 859 under its 12,288. No code on the matching paths changed (the decoded tables are what they
// were, renumbered). Then CompiledRule.test reading code points of 128 and above in a loop of its
// own with a class table of the Basic Multilingual Plane (one load, not run's binary search; a
// long IRI validated about twice as fast: iri-25, 2026-12-03) cost esbuild 11,429 -> 11,650 and
// 19,636 -> 19,879, Rollup 11,336 -> 11,568 and 19,403 -> 19,621, for inputs only the IRI rules
// read past 4 KiB; so that loop lives in src/compiled/wide.ts, which only the grammar of every
// rule (uriGrammar: validate, isValid, parseRule, the IRI entry) hands the rules (iri-26,
// 2026-12-03): these two sets never make that grammar and ship neither the loop nor its table,
// only test's call of it: esbuild 11,429 -> 11,446 and 19,609 -> 19,627, Rollup 11,336 and
// 19,360 unchanged (terser drops the call of a loop never set). `{ parse }`'s esbuild ceiling
// raised by that cost (+17); the rest kept. `{ isValid }` 17,924 -> 18,310 and `{ validate }`
// 20,235 -> 20,585 (esbuild; scripts/size.mjs's sets, no ceiling here) carry the loop. Then the
// loop entered past a character beyond US-ASCII alone, not past a call (an IP literal went
// through compiled/wide.ts on its way to run: test/module-path's eighth module): esbuild
// `{ parse }` 11,452, ceiling 11,455.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { packAndInstall, removePacked, root, type Packed } from "./helpers/packed";

/** Import sets and their ceilings, gzip -9 bytes: esbuild's, then Rollup's. */
const SETS: readonly (readonly [string, number, number])[] = [
  ["parse", 11_455, 11_340],
  ["parse, resolve, normalize, serialize, equivalent", 19_640, 19_407],
];

/** What a bundler made of one import set: its warnings, its chunks (Rollup) and its gzip -9 size. */
interface Bundled {
  readonly warnings: readonly string[];
  readonly chunks?: number;
  readonly gzip: number;
}

let packed: Packed | undefined;
/** Each set's esbuild and Rollup bundles, in the order of SETS: both bundlers' builds of every set run in one Node process. */
let bundled: readonly { readonly esbuild: Bundled; readonly rollup: Bundled }[] = [];

beforeAll(() => {
  expect(fs.existsSync(path.join(root, "dist/bundle/index.js"))).toBe(true);
  packed = packAndInstall("uri-grammar-bundle-size-");
  // A stock Rollup build (issue 34): @rollup/plugin-node-resolve as a browser app configures it (it
  // reads the package's "exports" and "sideEffects"), @rollup/plugin-terser's defaults, one ESM
  // chunk. Each set's entry is a file in a directory of this test's own under the consumer, so
  // the installed package is found the way an app's bundler finds it; esbuild reads the same
  // entry from stdin, with the consumer as its directory. One program builds every set with both
  // (a file, not `node -e`: the terser plugin minifies in worker threads, which reload the program).
  const dir = fs.mkdtempSync(path.join(packed.consumer, "bundles-"));
  try {
    const entries = SETS.map(([names], i) => {
      const entry = path.join(dir, `entry-${i}.mjs`);
      fs.writeFileSync(entry, `export { ${names} } from "uri-grammar";\n`);
      return { names, entry };
    });
    const program = path.join(dir, "build.mjs");
    fs.writeFileSync(program, `
      import { createRequire } from "node:module";
      import { pathToFileURL } from "node:url";
      import zlib from "node:zlib";
      const load = (name) => import(pathToFileURL(createRequire(${JSON.stringify(path.join(root, "package.json"))}).resolve(name)).href);
      const esbuild = await load("esbuild");
      const { rollup } = await load("rollup");
      const { nodeResolve } = await load("@rollup/plugin-node-resolve");
      const terser = (await load("@rollup/plugin-terser")).default;
      const gzip = (code) => zlib.gzipSync(code, { level: 9 }).length;
      const results = [];
      for (const { names, entry } of ${JSON.stringify(entries)}) {
        const e = await esbuild.build({
          stdin: { contents: \`export { \${names} } from "uri-grammar";\`, resolveDir: ${JSON.stringify(packed.consumer)} },
          bundle: true, minify: true, write: false, format: "esm", platform: "browser", logLevel: "silent",
        });
        const warnings = [];
        const b = await rollup({ input: entry, plugins: [nodeResolve({ browser: true })], onwarn: (w) => warnings.push(w.message) });
        const { output } = await b.generate({ format: "es", plugins: [terser()] });
        await b.close();
        const code = output.map((o) => (o.type === "chunk" ? o.code : "")).join("");
        results.push({
          esbuild: { warnings: e.warnings.map((w) => w.text), gzip: gzip(e.outputFiles[0].contents) },
          rollup: { warnings, chunks: output.length, gzip: gzip(code) },
        });
      }
      await esbuild.stop?.();
      console.log(JSON.stringify(results));`);
    bundled = JSON.parse(execFileSync(process.execPath, [program], { cwd: root, encoding: "utf8" })) as typeof bundled;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  expect(bundled).toHaveLength(SETS.length);
}, 300_000);

afterAll(() => removePacked(packed));

/** The bundles of the import set `names`. */
const of = (names: string): { readonly esbuild: Bundled; readonly rollup: Bundled } => bundled[SETS.findIndex(([n]) => n === names)]!;

describe("the packed package in a user's browser bundle", () => {
  it.each(SETS)("{ %s } bundles without a warning and under its ceiling (esbuild)", (names, ceiling) => {
    const out = of(names).esbuild;
    expect(out.warnings).toEqual([]);
    // a bundle of the package at all (not an empty module): more than the 8.2 KB of fast-uri
    expect(out.gzip).toBeGreaterThan(8_200);
    expect([names, out.gzip <= ceiling ? "under its ceiling" : `${out.gzip} bytes, over ${ceiling}`]).toEqual([names, "under its ceiling"]);
  });

  it.each(SETS)("{ %s } bundles without a warning and under its ceiling (Rollup)", (names, _esbuild, ceiling) => {
    const out = of(names).rollup;
    expect(out.warnings).toEqual([]);
    expect(out.chunks).toBe(1);
    expect(out.gzip).toBeGreaterThan(8_200);
    expect([names, out.gzip <= ceiling ? "under its ceiling" : `${out.gzip} bytes, over ${ceiling}`]).toEqual([names, "under its ceiling"]);
  });
});
