// What a user's bundler keeps of the packed package (issue 34): the tarball `npm pack` makes (its
// "files" and "exports" as a user installs them) is installed into an app (test/helpers/packed.ts), and the
// import sets of bench/SIZE.md are bundled from it the way scripts/size.mjs bundles them (esbuild,
// ESM, platform "browser", minified, gzip -9). Each must bundle without a warning, and stay under
// a ceiling just above its size today: the sizes are counted bytes, not timings, so a change that
// makes them grow fails here and says by how much. Raised once, at the end of stop 29, from 20,000
// and 45,000: that stop's shared tables (scheme table, UTF-8 table, list wording), unknown-rule
// and URL-object messages and password masking by rule took `{ parse }` from 19.7 to 20.0 KB and
// the five functions from 44.3 to 45.0 KB (scripts/size.mjs, same esbuild), which this test caught. Issue 34's targets (12 and 20 KB) are not met: bench/SIZE.md measures why.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { packAndInstall, removePacked, root, type Packed } from "./helpers/packed";

/** Import sets and their ceilings, gzip -9 bytes. */
const SETS: readonly (readonly [string, number])[] = [
  ["parse", 20_500],
  ["parse, resolve, normalize, serialize, equivalent", 45_500],
];

let packed: Packed | undefined;

beforeAll(() => {
  expect(fs.existsSync(path.join(root, "dist/bundle/index.js"))).toBe(true);
  packed = packAndInstall("uri-grammar-bundle-size-");
}, 300_000);

afterAll(() => removePacked(packed));

describe("the packed package in a user's browser bundle", () => {
  it.each(SETS)("{ %s } bundles without a warning and under its ceiling", (names, ceiling) => {
    const program = `
      import * as esbuild from "esbuild";
      import zlib from "node:zlib";
      const r = await esbuild.build({
        stdin: { contents: ${JSON.stringify(`export { ${names} } from "uri-grammar";`)}, resolveDir: ${JSON.stringify(packed?.consumer)} },
        bundle: true, minify: true, write: false, format: "esm", platform: "browser", logLevel: "silent",
      });
      console.log(JSON.stringify({ warnings: r.warnings.map((w) => w.text), gzip: zlib.gzipSync(r.outputFiles[0].contents, { level: 9 }).length }));`;
    const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", program], { cwd: root, encoding: "utf8" })) as { warnings: string[]; gzip: number };
    expect(out.warnings).toEqual([]);
    // a bundle of the package at all (not an empty module): more than the 8.2 KB of fast-uri
    expect(out.gzip).toBeGreaterThan(8_200);
    expect([names, out.gzip <= ceiling ? "under its ceiling" : `${out.gzip} bytes, over ${ceiling}`]).toEqual([names, "under its ceiling"]);
  });
});
