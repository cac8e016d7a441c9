// Bundle sizes (issue 12): each subpath export of the built package next to fast-uri and uri-js,
// all measured the same way in the same run: esbuild (ESM, platform "browser", --minify, every
// dependency bundled in), then gzip at level 9 (zlib). Also the main entry with parsimmon (the
// peer, which a user's app may ship anyway) left out, a few single imports (what tree shaking
// keeps), and what the main entry is made of. The single imports are also bundled by a stock
// Rollup build (issue 34): @rollup/plugin-node-resolve for the browser (it reads the package's
// "exports" and "sideEffects"), @rollup/plugin-terser with its defaults, gzip -9 the same way.
//
//   node scripts/size.mjs [--out FILE] [--stdout]    (needs dist/: npm run build)
//
// Rewrites the part of bench/SIZE.md between its "sizes" markers and keeps the rest.
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import * as esbuild from "esbuild";
import { rollup, VERSION as rollupVersion } from "rollup";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { bundleBrowser, codeExports, root, specifier } from "./browser-bundle.mjs";

const BEGIN = "<!-- sizes:begin -->";
const END = "<!-- sizes:end -->";

const version = (name) => JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")).version;

/** Minified and gzipped bytes of a bundle of `source` (an entry module's text). */
async function measure(source, { external } = {}) {
  const r = await bundleBrowser({ stdin: source, minify: true, external });
  const out = r.outputFiles[0].contents;
  return { min: out.length, gzip: zlib.gzipSync(out, { level: 9 }).length, metafile: r.metafile };
}

/**
 * The same with Rollup: `source` is the entry module's text, resolved as a file at the repository
 * root would be (so `uri-grammar` is this package, through its "exports"). Warnings are returned.
 */
async function measureRollup(source) {
  const entry = path.join(root, "size-entry.js");
  const virtual = { name: "size-entry", resolveId: (id) => (id === entry ? id : null), load: (id) => (id === entry ? source : null) };
  const warnings = [];
  const bundle = await rollup({ input: entry, plugins: [virtual, nodeResolve({ browser: true })], onwarn: (w) => warnings.push(w.message) });
  const { output } = await bundle.generate({ format: "es", plugins: [terser()] });
  await bundle.close();
  const code = output.map((o) => (o.type === "chunk" ? o.code : "")).join("");
  return { min: Buffer.byteLength(code), gzip: zlib.gzipSync(code, { level: 9 }).length, chunks: output.length, warnings };
}

const kb = (n) => (n / 1000).toFixed(1);

/** What part of the package (or which dependency) a bundled file belongs to. */
function groupOf(file) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return `${pkg[1]} (dependency)`;
  const f = file.replace(/^dist\//, "");
  if (f.startsWith("compiled/")) return "RFC 3986/3987 and scheme grammars compiled at build, and their runner (compiled/)";
  if (f.startsWith("core/")) return "the match pipeline: values, errors, arguments (core/)";
  if (/^abnf\/(reader|loader)/.test(f)) return "ABNF reader and loader (abnf/reader*.js, loader.js)";
  if (f.startsWith("schemes/generated/")) return "schemes' precompiled grammars (schemes/generated/)";
  if (f.startsWith("schemes/")) return "schemes (schemes/*.js but the precompiled grammars)";
  if (/^abnf\/(engine|compiled|labels|calls|derivation|derive-calls|automaton|dfa|charset|analysis|fast-path|regex|safety|matcher)/.test(f)) return "exact engine and fast path (abnf/engine, automaton, dfa, regex, analysis, ...)";
  if (f.startsWith("abnf/")) return "rest of the algebra (abnf/grammar, semantics, parser, expr, print, generate, ...)";
  if (f.startsWith("grammars/")) return "RFC 3986/3987 grammars and semantics (grammars/)";
  if (f.startsWith("transforms/")) return "transforms (transforms/)";
  if (f.startsWith("iri/")) return "IRI mapping (iri/)";
  return "parse, operations, errors, AST (the rest)";
}

async function main() {
  const args = process.argv.slice(2);
  if (!existsSync(path.join(root, "dist", "index.js"))) throw new Error("dist/index.js is missing: run `npm run build` first");
  const at = args.indexOf("--out");
  const outFile = path.resolve(root, at >= 0 && args[at + 1] ? args[at + 1] : "bench/SIZE.md");

  const rows = [];
  for (const subpath of codeExports()) {
    const spec = specifier(subpath);
    const all = await measure(`export * from ${JSON.stringify(spec)};`);
    const noPeer = await measure(`export * from ${JSON.stringify(spec)};`, { external: ["parsimmon"] });
    rows.push({ name: `\`${spec}\``, all, noPeer, metafile: all.metafile });
  }
  const peers = [];
  for (const name of ["fast-uri", "uri-js"]) peers.push({ name: `${name} ${version(name)}`, all: await measure(`export * from ${JSON.stringify(name)};`) });
  const parsimmon = await measure(`export * from "parsimmon";`);
  const singles = [];
  for (const names of [["parse"], ["parse", "resolve", "normalize", "serialize", "equivalent"], ["isValid"], ["validate"], ["resolve", "serialize"], ["normalize", "serialize"], ["equivalent"]]) {
    const source = `export { ${names.join(", ")} } from "uri-grammar";`;
    const rolled = await measureRollup(source);
    if (rolled.warnings.length > 0 || rolled.chunks !== 1) throw new Error(`Rollup of { ${names.join(", ")} }: ${rolled.chunks} chunks, warnings: ${rolled.warnings.join("; ")}`);
    singles.push({ names, all: await measure(source), rolled });
  }
  // URI Templates (issue 30): what an app that only expands, expands and matches, or routes bundles
  const templateSets = [];
  for (const names of [["expand"], ["expand", "match"], ["createRouter"]]) {
    templateSets.push({ names, all: await measure(`export { ${names.join(", ")} } from "uri-grammar/template";`) });
  }

  // what the main entry is made of (minified bytes per group; gzip does not add up by part)
  // read from tsc's per-module files: the package's bundled chunks no longer say which module a byte came from
  const main = rows[0];
  const modular = await measure(`export * from ${JSON.stringify(path.join(root, "dist", "index.js"))};`);
  const out = Object.values(modular.metafile.outputs)[0];
  const groups = new Map();
  for (const [file, { bytesInOutput }] of Object.entries(out.inputs)) groups.set(groupOf(file), (groups.get(groupOf(file)) ?? 0) + bytesInOutput);
  const parts = [...groups].sort((a, b) => b[1] - a[1]);

  const lines = [
    BEGIN,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`node scripts/size.mjs\`: esbuild ${esbuild.version} (ESM, platform "browser", minify), gzip level 9 (zlib), Node ${process.version}. KB = 1000 bytes.`,
    "",
    "| entry | minified | gzip -9 | gzip -9, parsimmon left out |",
    "| --- | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.name} | ${kb(r.all.min)} KB | **${kb(r.all.gzip)} KB** | ${kb(r.noPeer.gzip)} KB |`),
    ...peers.map((p) => `| ${p.name} | ${kb(p.all.min)} KB | **${kb(p.all.gzip)} KB** | – |`),
    `| (parsimmon ${version("parsimmon")} alone) | ${kb(parsimmon.min)} KB | ${kb(parsimmon.gzip)} KB | – |`,
    "",
    `Single imports from the main entry (what tree shaking keeps, parsimmon included), by esbuild as above and by Rollup ${rollupVersion} (@rollup/plugin-node-resolve for the browser, @rollup/plugin-terser's defaults, one ESM chunk):`,
    "",
    "| import | minified | gzip -9 | Rollup: minified | Rollup: gzip -9 |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...singles.map((s) => `| \`{ ${s.names.join(", ")} }\` | ${kb(s.all.min)} KB | ${kb(s.all.gzip)} KB | ${kb(s.rolled.min)} KB | ${kb(s.rolled.gzip)} KB |`),
    "",
    "Imports from `uri-grammar/template` (issue 30's targets: `{ expand }` 2 KB, `{ expand, match }` 16 KB, `{ createRouter }` 20 KB):",
    "",
    "| import | minified | gzip -9 |",
    "| --- | ---: | ---: |",
    ...templateSets.map((s) => `| \`{ ${s.names.join(", ")} }\` | ${kb(s.all.min)} KB | ${kb(s.all.gzip)} KB |`),
    "",
    `What the main entry is made of (minified bytes, ${kb(modular.min)} KB in all), measured on tsc's per-module output: the package's bundled chunks do not say which module a byte came from (${kb(main.all.min)} KB bundled from them):`,
    "",
    "| part | minified | share |",
    "| --- | ---: | ---: |",
    ...parts.map(([g, b]) => `| ${g} | ${kb(b)} KB | ${((100 * b) / modular.min).toFixed(0)}% |`),
    END,
  ];
  const section = lines.join("\n");
  if (args.includes("--stdout")) {
    console.log(section);
    return;
  }
  const old = existsSync(outFile) ? readFileSync(outFile, "utf8") : "";
  const i = old.indexOf(BEGIN);
  const j = old.indexOf(END);
  const text = i >= 0 && j > i
    ? old.slice(0, i) + section + old.slice(j + END.length)
    : `# Bundle size\n\nHow much a browser app ships for each entry of uri-grammar, next to fast-uri and uri-js (issue 12). Regenerate the table with \`node scripts/size.mjs\` after \`npm run build\`.\n\n${section}\n`;
  writeFileSync(outFile, text);
  console.log(`${path.relative(process.cwd(), outFile)}: ${rows.map((r) => `${r.name} ${kb(r.all.gzip)} KB`).join(", ")}; ${peers.map((p) => `${p.name} ${kb(p.all.gzip)} KB`).join(", ")} (gzip -9)`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
