// Builds the playground (issue 12, part 4): docs/playground/src/playground.js with the built
// package (dist/, through its "exports" map, as scripts/browser-bundle.mjs bundles it) into
// docs/playground/playground.js, one minified classic script (an IIFE, so index.html also works
// opened from file://, where module scripts are refused).
//
//   node scripts/playground.mjs              writes docs/playground/playground.js (git-ignored)
//   node scripts/playground.mjs --out DIR    writes the whole page (index.html, playground.css,
//                                            playground.js) to DIR, for tests
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleBrowser, root } from "./browser-bundle.mjs";

const page = path.join(root, "docs", "playground");
const STATIC = ["index.html", "playground.css"];

export async function buildPlayground({ outDir = page, minify = true } = {}) {
  const outfile = path.join(outDir, "playground.js");
  const r = await bundleBrowser({ entry: path.join(page, "src", "playground.js"), outfile, minify, format: "iife" });
  if (path.resolve(outDir) !== page) {
    mkdirSync(outDir, { recursive: true });
    for (const f of STATIC) copyFileSync(path.join(page, f), path.join(outDir, f));
  }
  return { outfile, bytes: Object.values(r.metafile.outputs).reduce((n, o) => n + o.bytes, 0) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--out");
  const outDir = at >= 0 && args[at + 1] ? path.resolve(args[at + 1]) : page;
  buildPlayground({ outDir, minify: !args.includes("--no-minify") }).then(
    ({ outfile, bytes }) => console.log(`${path.relative(process.cwd(), outfile)}: ${bytes} bytes`),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
