// Compiles TypeScript programs as a user of the built package would (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, no skipLibCheck) and runs what tsc emits.
// The programs live in a scratch folder under the system's temp folder whose node_modules links
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

const fail = (e: unknown): string => {
  const err = e as { stdout?: string; stderr?: string; message: string };
  return `${err.stdout ?? ""}${err.stderr ?? ""}${err.message}`;
};

/**
 * Compiles the programs (ES modules, by file name: `name.mts`) under {@link STRICTEST} with one
 * tsc, then runs each with Node; for each, what failed (tsc's messages about it, or the program's
 * output), or undefined. They are compiled as one project: each is a module of its own, so none
 * sees another's names, and tsc reads and checks the package's and Node's declarations once
 * instead of once a program. tsc's messages are each program's by their file name; a message
 * about any other file (the package's declarations) fails them all. A `// @ts-expect-error`
 * line that compiles is a failure too (TS2578).
 */
export function compileAndRunEach(sources: Readonly<Record<string, string>>): Map<string, string | undefined> {
  const names = Object.keys(sources);
  for (const n of names) if (!/^[\w-]+\.mts$/.test(n)) throw new Error(`compileAndRunEach: ${n} is not a plain name.mts`);
  const dir = scratchPackageDir("strict-ts-");
  try {
    for (const n of names) fs.writeFileSync(path.join(dir, n), sources[n] as string);
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: STRICTEST, files: names }));
    let output = "";
    let failed: string | undefined;
    try {
      execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      output = `${err.stdout ?? ""}${err.stderr ?? ""}`;
      failed = err.message;
    }
    // tsc on a pipe: one message a line, `file(line,col): error TS…`, its details indented below
    const said = new Map<string, string[]>(names.map((n) => [n, []]));
    const everyone: string[] = [];
    let current: string[] = everyone;
    for (const line of output.split("\n")) {
      if (line.trim() === "") continue;
      if (!/^\s/.test(line)) current = said.get(names.find((n) => line.startsWith(`${n}(`)) ?? "") ?? everyone;
      current.push(line);
    }
    // tsc failed and said nothing this can read: every program fails with what it said
    if (failed !== undefined && [...said.values()].every((l) => l.length === 0) && everyone.length === 0) everyone.push(failed);
    return new Map(
      names.map((n) => {
        const problems = [...(said.get(n) ?? []), ...everyone];
        if (problems.length > 0) return [n, problems.join("\n")];
        try {
          execFileSync(process.execPath, [path.join(dir, "out", n.replace(/\.mts$/, ".mjs"))], { cwd: dir, encoding: "utf8", stdio: "pipe" });
          return [n, undefined];
        } catch (e) {
          return [n, fail(e)];
        }
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
