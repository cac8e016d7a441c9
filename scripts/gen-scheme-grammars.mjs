// Writes src/schemes/generated/grammars.ts: each built-in scheme's ABNF of record (grammar/*.abnf)
// loaded with its imports and departures (src/schemes/sources.ts) and written out as expression
// data, so that importing the package runs no ABNF reader. The generator itself is
// src/schemes/precompile.ts, run here from the built package.
//
//   npm run build && node scripts/gen-scheme-grammars.mjs [--check]
//
// With --check, writes nothing and fails when the committed module is not what it would write.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "dist/schemes/precompile.js");
if (!existsSync(built)) throw new Error("dist/schemes/precompile.js is missing: run `npm run build` first");
const { GENERATED_PATH, schemeGrammarsModule } = await import(pathToFileURL(built).href);

const text = schemeGrammarsModule((file) => readFileSync(path.join(root, "grammar", file), "utf8"));
const target = path.join(root, GENERATED_PATH);
const current = existsSync(target) ? readFileSync(target, "utf8") : undefined;
if (process.argv.includes("--check")) {
  if (current !== text) {
    console.error(`${GENERATED_PATH} is stale: run npm run build && node scripts/gen-scheme-grammars.mjs`);
    process.exit(1);
  }
  console.log(`${GENERATED_PATH} is up to date`);
} else if (current === text) {
  console.log(`${GENERATED_PATH} unchanged`);
} else {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${GENERATED_PATH}`);
}
