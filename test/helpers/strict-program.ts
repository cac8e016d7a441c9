// Compiles a TypeScript program as a user of the built package would (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, no skipLibCheck) and runs what tsc emits.
// The program lives in a scratch folder under the system's temp folder whose node_modules links
// "uri-grammar" to this package (package.json "exports"); `npm run build` first.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { scratchPackageDir } from "./scratch";

const root = path.resolve(__dirname, "../..");

/** The compiler options every strict program is checked with. */
export const STRICTEST = {
  target: "ES2022", module: "nodenext", moduleResolution: "nodenext", strict: true, exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true, skipLibCheck: false, types: ["node"], outDir: "out", lib: ["ES2022"],
} as const;

/**
 * Compiles `source` (an ES module) under {@link STRICTEST} and runs it with Node; throws with
 * tsc's messages (or the program's output) when either fails. A `// @ts-expect-error` line that
 * compiles is a failure too (TS2578).
 */
export function compileAndRun(source: string): void {
  const dir = scratchPackageDir("strict-ts-");
  try {
    fs.writeFileSync(path.join(dir, "program.mts"), source);
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: STRICTEST, files: ["program.mts"] }));
    execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    execFileSync(process.execPath, [path.join(dir, "out/program.mjs")], { cwd: dir, encoding: "utf8", stdio: "pipe" });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${err.stdout ?? ""}${err.stderr ?? ""}${err.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
