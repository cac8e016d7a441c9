// The package as a user gets it: `npm pack` of this checkout (dist/ as `npm run build` left it:
// --ignore-scripts, so prepack does not build again under the tests) installed into a throwaway
// project under os.tmpdir(). No registry is reached: npm runs --offline with an empty cache of its
// own, and every package the installed uri-grammar needs (its dependencies and peers, and theirs)
// is a copy of this project's own node_modules.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const root = path.resolve(__dirname, "../..");

/** The environment for child processes, without the npm_* variables of the `npm test` around us. */
export const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== "INIT_CWD" && k !== "NODE_OPTIONS"),
);

export interface Packed {
  /** The scratch directory (remove it with {@link removePacked}). */
  readonly scratch: string;
  /** The consumer project, uri-grammar installed in its node_modules. */
  readonly consumer: string;
  /** The files `npm pack` put in the tarball, as paths inside the package. */
  readonly files: readonly string[];
  /** Runs npm (offline, with the scratch cache) in a directory; its stdout. */
  readonly npm: (args: readonly string[], cwd: string) => string;
}

/** Packs the checkout and installs the tarball into a new consumer project. */
export function packAndInstall(prefix: string): Packed {
  const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const npm = (args: readonly string[], cwd: string): string =>
    execFileSync("npm", [...args, "--loglevel=error", `--cache=${path.join(scratch, "npm-cache")}`], { cwd, env, encoding: "utf8" });
  const [packed] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", `--pack-destination=${scratch}`], root)) as { filename: string; files: { path: string }[] }[];
  const consumer = path.join(scratch, "consumer");
  fs.mkdirSync(consumer);
  const own = (name: string): string => `file:${path.join(root, "node_modules", name)}`;
  const needed = new Set<string>();
  const visit = (deps: Record<string, string> | undefined): void => {
    for (const name of Object.keys(deps ?? {})) {
      if (needed.has(name)) continue;
      needed.add(name);
      const manifest = JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
      visit(manifest.dependencies);
    }
  };
  const ours = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
  visit({ ...ours.dependencies, ...ours.peerDependencies });
  fs.writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({
      name: "consumer",
      private: true,
      dependencies: { "uri-grammar": `file:${path.join(scratch, packed!.filename)}`, ...Object.fromEntries([...needed].map((n) => [n, own(n)])) },
    }),
  );
  // --install-links: copies, as a registry install gives (npm's arborist cannot place a linked peer).
  npm(["install", "--offline", "--install-links", "--ignore-scripts", "--no-package-lock", "--no-audit", "--no-fund"], consumer);
  return { scratch, consumer, files: packed!.files.map((f) => f.path), npm };
}

export function removePacked(p: Packed | undefined): void {
  if (p !== undefined) fs.rmSync(p.scratch, { recursive: true, force: true });
}
