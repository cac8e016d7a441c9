// Build step after tsc (`npm run build`): the modules Node loads from the package, bundled.
//
//   node scripts/bundle.mjs [--check] [--verbose]
//
// tsc writes one file per source module to dist/ (with the .d.ts files the package's "types"
// name). Node resolves, reads and links every file of an import graph one by one, which was most
// of the package's cold start: the main entry is some forty modules. This script bundles dist/ with
// esbuild (ESM, code splitting) into dist/bundle/: one file per entry of package.json's "exports"
// and "bin", and shared chunks, so each module is evaluated once whichever entries a program
// imports (an error class from "uri-grammar" is the one "uri-grammar/rules" throws). The
// dependencies and the parsimmon peer stay outside (imported from node_modules as before).
// Nothing is minified: a stack trace or util.inspect shows the names and lines of the code as
// tsc wrote it (minifying saved about a millisecond of the cold start).
//
// The entries are read from package.json: each "./dist/bundle/X.js" there is bundled from
// "dist/X.js", and so is each of WORKERS: a module that no entry imports but that a bundled
// module starts as a thread (new Worker(new URL("./X.js", import.meta.url))), so it must sit next
// to the module that starts it and share its chunks (package.json's "files" takes all of
// dist/bundle/). --check: say whether package.json's entries all point into dist/bundle/.
import * as esbuild from "esbuild";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const OUT = "dist/bundle";

/** Every file package.json names for Node to run: the exports' "default"s, "main" and "bin". */
function targets() {
  const named = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (subpath === "./package.json") continue;
    named.push(typeof target === "string" ? target : target.default);
  }
  named.push(pkg.main, ...Object.values(pkg.bin ?? {}));
  return [...new Set(named)];
}

/** Scripts started as worker threads: cli-worker (the command line's batch mode with --jobs, src/cli/parallel.ts), found by src/cli.ts next to cli.js. */
const WORKERS = ["cli-worker"];

/**
 * Modules bundled as entries of their own and then deleted, for the chunks they leave behind:
 * esbuild puts a module in the chunk of the entries that reach it, so everything such a module
 * reaches lands in chunks apart from the rest of its subpath's code, and a user's bundler that
 * takes only its exports from the subpath drops the other chunks whole (package.json says
 * "sideEffects": false), whatever their modules do at import. template/expand-text: `{ expand }`
 * of uri-grammar/template without the matcher, the router or the ambiguity search (issue 30).
 */
const SPLIT_POINTS = ["template/expand-text"];

const wrong = targets().filter((t) => !t.startsWith(`./${OUT}/`) || !t.endsWith(".js"));
if (wrong.length > 0) {
  console.error(`bundle: package.json names files outside ${OUT}/: ${wrong.join(", ")}`);
  process.exit(1);
}
if (process.argv.includes("--check")) process.exit(0);

const entryPoints = {};
for (const t of targets()) {
  const rel = t.slice(`./${OUT}/`.length, -".js".length);
  const from = path.join(root, "dist", `${rel}.js`);
  if (!existsSync(from)) {
    console.error(`bundle: ${path.relative(root, from)} is missing; run tsc first (npm run build)`);
    process.exit(1);
  }
  entryPoints[rel] = from;
}
for (const rel of WORKERS) {
  const from = path.join(root, "dist", `${rel}.js`);
  if (!existsSync(from)) {
    console.error(`bundle: ${path.relative(root, from)} (a worker script) is missing; run tsc first (npm run build)`);
    process.exit(1);
  }
  entryPoints[rel] = from;
}

for (const rel of SPLIT_POINTS) {
  const from = path.join(root, "dist", `${rel}.js`);
  if (!existsSync(from)) {
    console.error(`bundle: ${path.relative(root, from)} (a split point) is missing; run tsc first (npm run build)`);
    process.exit(1);
  }
  entryPoints[`split/${rel}`] = from;
}

const external = [
  ...[...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].flatMap((n) => [n, `${n}/*`]),
  ...builtinModules,
  "node:*",
];

rmSync(path.join(root, OUT), { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints,
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  chunkNames: "chunks/[name]-[hash]",
  legalComments: "none",
  metafile: true,
  logLevel: "error",
});
// esbuild's code splitting keeps the evaluation order of the modules it splits with bare imports
// (`import "./chunks/chunk-X.js";`): a chunk is then loaded and run by an entry that uses none of
// its exports (uri-grammar/abnf ran the RFC 3986 rule semantics that only uri-grammar/rules
// reads), and every user's bundler warns that it drops them (package.json says "sideEffects":
// false, which is true of every module of src/: none does anything at import but define). The
// bare imports are taken out, and the chunks no file imports any more are deleted.
for (const rel of SPLIT_POINTS) {
  const f = `${OUT}/split/${rel}.js`;
  rmSync(path.join(root, f));
  delete result.metafile.outputs[f];
}
rmSync(path.join(root, OUT, "split"), { recursive: true, force: true });
const BARE = /^import "(\.{1,2}\/[^"]+\.js)";\n/gm;
const IMPORTED = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.js)"/g;
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith(".js"));
const edges = new Map();
for (const f of files) {
  const full = path.join(root, f);
  const text = readFileSync(full, "utf8");
  const kept = text.replace(BARE, "");
  if (kept !== text) writeFileSync(full, kept);
  edges.set(f, [...kept.matchAll(IMPORTED)].map((m) => path.relative(root, path.resolve(path.dirname(full), m[1]))));
}
const reached = new Set();
const visit = (f) => {
  if (reached.has(f)) return;
  reached.add(f);
  for (const g of edges.get(f) ?? []) visit(g);
};
for (const f of files) if (!f.startsWith(`${OUT}/chunks/`)) visit(f);
for (const f of files) if (!reached.has(f)) {
  rmSync(path.join(root, f));
  delete result.metafile.outputs[f];
}
const outputs = Object.keys(result.metafile.outputs);
const bytes = Object.values(result.metafile.outputs).reduce((a, o) => a + o.bytes, 0);
// quiet by default: `npm pack --json` prints what the build prints
if (process.argv.includes("--verbose")) console.log(`bundle: ${Object.keys(entryPoints).length} entries, ${outputs.length - Object.keys(entryPoints).length} shared chunks, ${(bytes / 1024).toFixed(0)} KiB in ${OUT}/`);
