// Writes the generated modules of src/compiled/: the fixed grammars (RFC 3986, RFC 3987, the
// built-in schemes) compiled from their rule definitions into automata (scripts/compile/), so
// that importing the package compiles nothing. Run it after changing a definition in
// src/grammars/ or grammar/*.abnf; test/compiled.test.ts fails while a module is stale.
//
//   node scripts/compile-grammars.mjs [--check]
//
// With --check, writes nothing and fails when a committed module is not what it would write.
import * as esbuild from "esbuild";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// inside the package, so that the bundle finds node_modules; one folder per process, since
// checkouts that share one node_modules (git worktrees) may compile at the same time
const tmp = path.join(root, "node_modules", ".cache", `uri-grammar-compile-${process.pid}`);
mkdirSync(tmp, { recursive: true });
const out = path.join(tmp, "compile.mjs");
await esbuild.build({
  entryPoints: [path.join(root, "scripts", "compile", "modules.ts")],
  bundle: true,
  format: "esm",
  platform: "node",
  outfile: out,
  logLevel: "error",
  external: ["parsimmon", "tr46", "railroad-diagrams", "commander"],
});
const { generatedModules } = await import(pathToFileURL(out).href);
rmSync(tmp, { recursive: true, force: true });

const check = process.argv.includes("--check");
let stale = 0;
for (const m of generatedModules()) {
  const target = path.join(root, m.path);
  const current = existsSync(target) ? readFileSync(target, "utf8") : undefined;
  if (current === m.text) {
    console.log(`${m.path} unchanged`);
  } else if (check) {
    stale++;
    console.error(`${m.path} is stale: run node scripts/compile-grammars.mjs`);
  } else {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, m.text);
    console.log(`wrote ${m.path} (${m.text.length.toLocaleString("en")} characters)`);
  }
}
if (stale > 0) process.exit(1);
