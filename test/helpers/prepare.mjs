// What `npm test` (and test:slow) runs before jest: the build (`npm run build`: tsc emits
// dist/ from src, which it type-checks, then the bundles) and the type check of src and test
// together (`tsc --noEmit -p tsconfig.test.json`, which reads src, not dist/), side by side: each
// tsc uses one core, so run one after the other they left the second core idle for the shorter
// one's time. Exits with the first failure's status once both have ended.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const npm = process.env.npm_execpath;
const steps = [
  // the npm that runs this script, or the one on PATH
  npm !== undefined && npm !== "" ? [process.execPath, [npm, "run", "build"]] : ["npm", ["run", "build"]],
  [process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", "tsconfig.test.json"]],
];
const codes = await Promise.all(
  steps.map(
    ([command, args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root, stdio: "inherit", shell: process.platform === "win32" && command === "npm" });
        child.on("error", (e) => {
          process.stderr.write(`${command} ${args.join(" ")}: ${e.message}\n`);
          resolve(1);
        });
        child.on("exit", (code, signal) => resolve(code ?? (signal !== null ? 1 : 0)));
      }),
  ),
);
process.exitCode = codes.find((c) => c !== 0) ?? 0;
