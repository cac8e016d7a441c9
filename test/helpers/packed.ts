// The package as a user gets it: `npm pack` of this checkout (dist/ as `npm run build` left it:
// --ignore-scripts, so prepack does not build again under the tests) installed into a throwaway
// project under os.tmpdir(), shared by the suites and kept for the next run of the same build
// (packAndInstall). No registry is reached: npm runs --offline with an empty cache of its
// own, and every package the installed uri-grammar needs (its dependencies and peers, and theirs)
// is a copy of this project's own node_modules.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const root = path.resolve(__dirname, "../..");

/** The environment for child processes, without the npm_* variables of the `npm test` around us. */
export const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== "INIT_CWD" && k !== "NODE_OPTIONS"),
);

export interface Packed {
  /** The directory of the shared install (the tarball, npm's cache, the consumer). */
  readonly scratch: string;
  /** The consumer project, uri-grammar installed in its node_modules. */
  readonly consumer: string;
  /** The files `npm pack` put in the tarball, as paths inside the package. */
  readonly files: readonly string[];
  /** Runs npm (offline, with the scratch cache) in a directory; its stdout. */
  readonly npm: (args: readonly string[], cwd: string) => string;
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Packs the checkout and installs the tarball into a consumer project, once per tarball: the
 * suites that need it (consumers, installed, bundle-size) share one install, in a directory of
 * os.tmpdir() named by this checkout and the tarball's shasum (`npm pack` writes the same bytes
 * for the same files), so a run packs (about a second) and installs only when the build changed.
 * A lock makes the other jest workers wait for the one installing. The consumer is shared: a
 * suite that writes files puts them in a directory of its own under it and removes it. `prefix`
 * names the suite's scratch directory for its tarball.
 */
export function packAndInstall(prefix: string): Packed {
  const mine = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const npm = (args: readonly string[], cwd: string, cache = path.join(mine, "npm-cache")): string =>
    execFileSync("npm", [...args, "--loglevel=error", `--cache=${cache}`], { cwd, env, encoding: "utf8" });
  let shared: Packed;
  try {
    const [packed] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", `--pack-destination=${mine}`], root)) as { filename: string; shasum: string; files: { path: string }[] }[];
    const files = packed!.files.map((f) => f.path);
    const checkout = createHash("sha1").update(root).digest("hex").slice(0, 12);
    // the packages copied in are this project's: a new lockfile installs anew
    const lock = fs.existsSync(path.join(root, "package-lock.json")) ? fs.readFileSync(path.join(root, "package-lock.json")) : "";
    const deps = createHash("sha1").update(lock).digest("hex").slice(0, 12);
    const tmp = fs.realpathSync(os.tmpdir());
    const scratch = path.join(tmp, `uri-grammar-packed-${checkout}-${packed!.shasum}-${deps}`);
    const consumer = path.join(scratch, "consumer");
    const shareNpm = (args: readonly string[], cwd: string): string => npm(args, cwd, path.join(scratch, "npm-cache"));
    shared = { scratch, consumer, files, npm: shareNpm };
    const done = path.join(scratch, "installed");
    if (fs.existsSync(done)) return shared;
    const busy = `${scratch}.lock`;
    for (let waited = 0; ; waited += 250) {
      try {
        fs.mkdirSync(busy);
        break;
      } catch {
        if (waited > 600_000) throw new Error(`waited ten minutes for ${busy}; remove it if no test run is installing`);
        sleep(250);
      }
    }
    try {
      if (fs.existsSync(done)) return shared;
      // installs of this checkout's earlier builds are stale: this one replaces them
      for (const old of fs.readdirSync(tmp).filter((n) => n.startsWith(`uri-grammar-packed-${checkout}-`) && !n.endsWith(".lock") && n !== path.basename(scratch))) {
        fs.rmSync(path.join(tmp, old), { recursive: true, force: true });
      }
      fs.rmSync(scratch, { recursive: true, force: true });
      fs.mkdirSync(consumer, { recursive: true });
      const tarball = path.join(scratch, packed!.filename);
      fs.renameSync(path.join(mine, packed!.filename), tarball);
      install(consumer, tarball, shareNpm);
      fs.writeFileSync(done, "");
    } finally {
      fs.rmdirSync(busy);
    }
  } finally {
    fs.rmSync(mine, { recursive: true, force: true });
  }
  return shared;
}

/** Installs the tarball into the consumer project, with copies of this project's packages for every dependency and peer. */
function install(consumer: string, tarball: string, npm: (args: readonly string[], cwd: string) => string): void {
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
      dependencies: { "uri-grammar": `file:${tarball}`, ...Object.fromEntries([...needed].map((n) => [n, own(n)])) },
    }),
  );
  // --install-links: copies, as a registry install gives (npm's arborist cannot place a linked peer).
  npm(["install", "--offline", "--install-links", "--ignore-scripts", "--no-package-lock", "--no-audit", "--no-fund"], consumer);
}

/** Nothing to remove: the install is kept for the next run of the same build (the next build's replaces it). */
export function removePacked(_p: Packed | undefined): void {}
