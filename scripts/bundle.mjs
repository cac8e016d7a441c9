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
 * abnf/state-sets: the sets of states both automaton engines use, which the template's matcher
 * imports without the ABNF engine's chunk.
 */
const SPLIT_POINTS = ["template/expand-text", "abnf/state-sets"];

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
await mergeMainChunks();
const outputs = Object.keys(result.metafile.outputs);
const bytes = Object.values(result.metafile.outputs).reduce((a, o) => a + o.bytes, 0);
// quiet by default: `npm pack --json` prints what the build prints
if (process.argv.includes("--verbose")) console.log(`bundle: ${Object.keys(entryPoints).length} entries, ${outputs.length - Object.keys(entryPoints).length} shared chunks, ${(bytes / 1024).toFixed(0)} KiB in ${OUT}/`);

/**
 * Node reads, resolves and compiles every file of an import graph one by one, about half a
 * millisecond each: esbuild gives the main entry's modules to some fifteen chunks (one per set of
 * entries that reaches them), which cost as much of the cold start as compiling their code. The
 * chunks the main entry reaches are bundled again into one, `chunks/core.js` (esbuild renames
 * what two of them both declare; they export distinct names, since files import them side by
 * side), and every file that imported one of them imports it instead: each module is still
 * evaluated once, whichever entries a program imports.
 */
async function mergeMainChunks() {
  const chunk = (f) => f.startsWith(`${OUT}/chunks/`);
  const order = [];
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const g of edges.get(f) ?? []) if (chunk(g)) walk(g);
    if (chunk(f)) order.push(f);
  };
  walk(`${OUT}/index.js`);
  if (order.length < 2) return;
  const merged = new Set(order);
  const target = `${OUT}/chunks/core.js`;
  const dir = path.join(root, OUT, "chunks");
  // Two chunks may export one name (each for its own importers): the merged chunk exports the
  // second under another, and the files that imported it from that chunk import the new name.
  const alias = new Map(); // chunk -> (exported name -> name in core.js)
  const taken = new Set();
  const lines = [];
  for (const f of order) {
    const text = readFileSync(path.join(root, f), "utf8");
    const names = [...text.matchAll(/^export\s*\{([^}]*)\};?/gm)].flatMap((m) => m[1].split(",")).map((x) => x.trim()).filter(Boolean).map((x) => x.split(/\s+as\s+/).pop());
    const own = new Map();
    for (const n of names) {
      let a = n;
      for (let k = 2; taken.has(a); k++) a = `${n}$${k}`;
      taken.add(a);
      own.set(n, a);
    }
    alias.set(f, own);
    lines.push(`export { ${[...own].map(([n, a]) => (n === a ? n : `${n} as ${a}`)).join(", ")} } from "./${path.basename(f)}";`);
  }
  const built = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: lines.join("\n"), resolveDir: dir, sourcefile: "core.js" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external,
    legalComments: "none",
    write: false,
    logLevel: "error",
  });
  const text = built.outputFiles[0].text;
  for (const f of order) {
    rmSync(path.join(root, f));
    delete result.metafile.outputs[f];
  }
  writeFileSync(path.join(root, target), text);
  result.metafile.outputs[target] = { bytes: Buffer.byteLength(text) };
  // every other file imports the merged chunk instead (a file that imported two of them imports it twice, which ESM allows)
  const relTarget = (full) => {
    const rel = path.relative(path.dirname(full), path.join(root, target));
    return rel.startsWith(".") ? rel : `./${rel}`;
  };
  for (const f of Object.keys(result.metafile.outputs).filter((x) => x.endsWith(".js") && x !== target)) {
    const full = path.join(root, f);
    const before = readFileSync(full, "utf8");
    const source = (spec) => path.relative(root, path.resolve(path.dirname(full), spec));
    const after = before
      .replace(/^import\s*\{([^}]*)\}\s*from\s*"(\.{1,2}\/[^"]+\.js)";/gm, (all, names, spec) => {
        const own = alias.get(source(spec));
        if (own === undefined) return all;
        const list = names.split(",").map((x) => x.trim()).filter(Boolean).map((x) => {
          const [n, local = n] = x.split(/\s+as\s+/);
          const a = own.get(n);
          if (a === undefined) throw new Error(`bundle: ${f} imports ${n}, which ${source(spec)} does not export`);
          return a === local ? a : `${a} as ${local}`;
        });
        return `import { ${list.join(", ")} } from "${relTarget(full)}";`;
      })
      .replace(/((?:from|import)\s*\(?\s*)"(\.{1,2}\/[^"]+\.js)"/g, (all, head, spec) => {
        if (!merged.has(source(spec))) return all;
        throw new Error(`bundle: ${f} imports ${source(spec)} in a form this step does not rewrite: ${all}`);
      });
    if (after !== before) writeFileSync(full, after);
  }
}
