// The browser bundle (issue 12): every subpath export of the built package (dist/, by `npm run
// build`), reached through the package's own "exports" map as a user's bundler would, bundled by
// esbuild for the browser (ESM, platform "browser") with parsimmon and tr46 inside, so a test
// page or the playground needs nothing else. A Node-only module anywhere on these entries fails
// the build (platform "browser" resolves no node: built-ins).
//
//   node scripts/browser-bundle.mjs [--out DIR] [--minify] [--entries] [--json]
//
// writes DIR/uri-grammar.browser.js (DIR: node_modules/.cache/uri-grammar/browser unless told);
// --entries also bundles each subpath export on its own, DIR/entries/<name>.js, and checks that
// none refers to Node (process.env, node: built-ins); --json prints a summary as JSON. Also a
// module: `bundleBrowser(...)` for scripts/playground.mjs and scripts/size.mjs.
import * as esbuild from "esbuild";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The package's subpath exports that hold code (not "./package.json", not the types-only "./ast"). */
export function codeExports() {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return Object.keys(pkg.exports).filter((k) => k !== "./package.json" && k !== "./ast");
}

/** "." -> "uri-grammar", "./iri" -> "uri-grammar/iri". */
export const specifier = (subpath) => (subpath === "." ? "uri-grammar" : `uri-grammar/${subpath.slice(2)}`);

/** The namespace each subpath is exposed under in the bundle: "." -> "main", "./iri" -> "iri". */
export const namespace = (subpath) => (subpath === "." ? "main" : subpath.slice(2));

/** The bundle's entry module: one namespace per subpath export, and parsimmon (the peer) as `P`. */
export function entrySource(subpaths = codeExports()) {
  const lines = subpaths.map((s) => `export * as ${namespace(s)} from ${JSON.stringify(specifier(s))};`);
  lines.push(`export { default as P } from "parsimmon";`);
  return lines.join("\n");
}

function requireBuild() {
  if (!existsSync(path.join(root, "dist", "index.js"))) {
    throw new Error("dist/index.js is missing: run `npm run build` first (the bundle is made of the built package)");
  }
}

/**
 * Bundles the package for the browser: by default the entry of {@link entrySource}; `stdin` is
 * another entry's source (resolved from the repository root, so `uri-grammar/...` is this
 * package), `entry` a file. `format` is "esm" (default) or "iife" (a classic script, which also
 * loads from file://, with `globalName`); `external` lists packages left out; `plugins` are esbuild's.
 */
export async function bundleBrowser({ outfile, minify = false, format = "esm", globalName, entry, stdin, external, plugins, sourcemap = false } = {}) {
  requireBuild();
  const options = {
    bundle: true,
    format,
    platform: "browser",
    target: "es2022",
    minify,
    sourcemap,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    write: outfile !== undefined,
    ...(outfile !== undefined ? { outfile } : {}),
    ...(globalName !== undefined ? { globalName } : {}),
    ...(external !== undefined ? { external } : {}),
    ...(plugins !== undefined ? { plugins } : {}),
  };
  if (entry !== undefined) return esbuild.build({ ...options, entryPoints: [entry] });
  return esbuild.build({ ...options, stdin: { contents: stdin ?? entrySource(), resolveDir: root, sourcefile: "browser-entry.js", loader: "js" } });
}

/** Node built-ins and Node globals that must not appear in the bundle's code paths. */
export function nodeOnlyReferences(text) {
  const found = [];
  for (const m of text.matchAll(/\bnode:[a-z_/]+|\bprocess\.(?:env|argv|platform|versions|cwd|exit)\b|\brequire\(\s*["'](?:fs|path|os|url|module|child_process|worker_threads|crypto|util)["']\)/g)) {
    if (!found.includes(m[0])) found.push(m[0]);
  }
  return found;
}

/** The packages (outside this one) whose files a build took in. */
const packagesOf = (metafile) => [...new Set(Object.keys(metafile.inputs).map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1]).filter(Boolean))].sort();

const bytesOf = (metafile) => Object.values(metafile.outputs).reduce((n, o) => n + o.bytes, 0);

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--out");
  const dir = path.resolve(at >= 0 && args[at + 1] ? args[at + 1] : path.join(root, "node_modules", ".cache", "uri-grammar", "browser"));
  const minify = args.includes("--minify");
  const outfile = path.join(dir, "uri-grammar.browser.js");
  const r = await bundleBrowser({ outfile, minify });
  const summary = { file: outfile, bytes: bytesOf(r.metafile), packages: packagesOf(r.metafile), nodeOnly: nodeOnlyReferences(readFileSync(outfile, "utf8")), entries: {} };
  if (args.includes("--entries")) {
    for (const subpath of codeExports()) {
      const file = path.join(dir, "entries", `${namespace(subpath)}.js`);
      const e = await bundleBrowser({ outfile: file, minify, stdin: `export * from ${JSON.stringify(specifier(subpath))};` });
      summary.entries[subpath] = { file, bytes: bytesOf(e.metafile), packages: packagesOf(e.metafile), nodeOnly: nodeOnlyReferences(readFileSync(file, "utf8")) };
    }
  }
  const bad = [summary, ...Object.values(summary.entries)].filter((x) => x.nodeOnly.length > 0);
  if (args.includes("--json")) console.log(JSON.stringify(summary));
  else {
    console.log(`${path.relative(process.cwd(), outfile)}: ${summary.bytes} bytes (${codeExports().map(specifier).join(", ")}, parsimmon as P)`);
    for (const [k, x] of Object.entries(summary.entries)) console.log(`  ${specifier(k)}: ${x.bytes} bytes, with ${x.packages.join(", ") || "no other package"}`);
  }
  for (const x of bad) console.error(`${x.file} refers to Node: ${x.nodeOnly.join(", ")}`);
  if (bad.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
