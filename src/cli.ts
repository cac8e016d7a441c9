#!/usr/bin/env node
// uri-grammar: the command line (src/cli/main.ts). Exit status 0 valid, 1 invalid, 2 usage error,
// 3 internal error; a closed stdout (`| head`) ends the run quietly.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { clearProgress } from "./cli/batch.js";
import { main } from "./cli/main.js";
import { EXIT } from "./cli/errors.js";

/** The directory of this file (dist/), through the symbolic link npm installs for the command. */
const here = ((): string | undefined => {
  try {
    return path.dirname(fs.realpathSync(process.argv[1] ?? "."));
  } catch {
    return undefined;
  }
})();

/**
 * The version in the package's own package.json: the first one named "uri-grammar" up from this
 * file's directory (dist/ when tsc's dist/cli.js runs, dist/bundle/ for the bin npm installs).
 */
function version(): string {
  if (here === undefined) return "unknown";
  for (let dir = here, k = 0; k < 4; dir = path.dirname(dir), k++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === "uri-grammar" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // no package.json here (or not JSON): one directory up
    }
  }
  return "unknown";
}

process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  clearProgress();
  if (e.code !== "EPIPE") process.stderr.write(`uri-grammar: cannot write the output: ${e.code ?? e.message}\n`);
  process.exit(e.code === "EPIPE" ? (process.exitCode ?? EXIT.ok) : EXIT.internal);
});

// batch mode's worker threads (--jobs) run cli-worker.js, built next to this file (dist/ by tsc,
// dist/bundle/ by scripts/bundle.mjs); found from `here`, the real path of the running script,
// as import.meta is not there when the tests compile src/ as CommonJS
const worker = here === undefined ? undefined : pathToFileURL(path.join(here, "cli-worker.js"));
main(process.argv.slice(2), version(), here, { worker }).then(
  (status) => {
    process.exitCode = status;
  },
  (e: unknown) => {
    process.stderr.write(`uri-grammar: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = EXIT.internal;
  },
);
