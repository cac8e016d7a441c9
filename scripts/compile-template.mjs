// Writes src/template/syntax.ts: RFC 6570 §2's URI-Template (grammar/rfc6570.abnf) compiled at
// build time into the automaton the template reader walks (scripts/compile/template-syntax.ts).
// Run it after changing grammar/rfc6570.abnf or the compiler; test/template/parse.test.ts fails
// while the module is stale.
//
//   node scripts/compile-template.mjs [--check]
import * as esbuild from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmp = path.join(root, "node_modules", ".cache", `uri-grammar-compile-template-${process.pid}`);
mkdirSync(tmp, { recursive: true });
const out = path.join(tmp, "compile.mjs");
await esbuild.build({
  entryPoints: [path.join(root, "scripts", "compile", "template-syntax.ts")],
  bundle: true,
  format: "esm",
  platform: "node",
  outfile: out,
  logLevel: "error",
  external: ["parsimmon", "tr46", "railroad-diagrams", "commander"],
});
const { templateSyntaxModule, TEMPLATE_SYNTAX_PATH } = await import(pathToFileURL(out).href);
rmSync(tmp, { recursive: true, force: true });
const target = path.join(root, TEMPLATE_SYNTAX_PATH);
const text = templateSyntaxModule();
let current;
try {
  current = readFileSync(target, "utf8");
} catch {}
if (current === text) console.log(`${TEMPLATE_SYNTAX_PATH} unchanged`);
else if (process.argv.includes("--check")) {
  console.error(`${TEMPLATE_SYNTAX_PATH} is stale: run node scripts/compile-template.mjs`);
  process.exitCode = 1;
} else {
  writeFileSync(target, text);
  console.log(`${TEMPLATE_SYNTAX_PATH} written`);
}
