// Scratch folders for tests, under the system's temp folder (never in the repository): a folder
// whose node_modules holds this package by its own name ("uri-grammar", a link to the
// repository) beside links to the repository's dependencies, so that a program written there
// imports "uri-grammar" as a user's would (package.json "exports") and tsc finds @types/node.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.resolve(__dirname, "../..");

/** A new empty folder under os.tmpdir() named `prefix` and a random suffix; the caller removes it. */
export function scratchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `uri-grammar-${prefix}`));
}

/** {@link scratchDir} with a node_modules that resolves "uri-grammar" to this repository and every dependency to the repository's. */
export function scratchPackageDir(prefix: string): string {
  const dir = scratchDir(prefix);
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(modules);
  const installed = path.join(root, "node_modules");
  for (const name of fs.readdirSync(installed)) {
    if (name.startsWith(".")) continue;
    fs.symlinkSync(path.join(installed, name), path.join(modules, name), "dir");
  }
  fs.symlinkSync(root, path.join(modules, "uri-grammar"), "dir");
  return dir;
}
