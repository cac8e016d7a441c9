// The package as a user gets it: `npm pack` (of dist/, built by `npm run build` before the tests),
// the tarball installed into a throwaway project, and a small program (fixtures/consumers/)
// compiled by tsc under each module setting a user may have and run by Node; plus plain Node
// with `import` and with `require`. No registry is reached (test/helpers/packed.ts).
import { execFile, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { builtinModules } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { env, packAndInstall, removePacked, root, type Packed } from "./helpers/packed";

const fixtures = path.join(root, "fixtures/consumers");

/** What every consumer prints: the same answers from TypeScript, `import` and `require`. */
const expected = JSON.stringify([
  "IPv6address",
  "URI",
  "over",
  "a@b",
  "reg-name",
  [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304],
  "path-absolute",
  { kind: "IPvFuture", text: "v1.x", port: "80" },
  ["git+ssh", "urn"],
  true,
  { id: "isbn", nss: "0451450523" },
  "http://[0:0:0:0:0:0:0:1]/b",
  "http://[::1]/b",
  "café",
  "https://example.com/a",
  { start: 0, end: 11 },
  "http://example.com/dictionary/c/cat",
  "42",
  { id: "7" },
  "http://example.com/a%20b",
]);

/** Options every TypeScript consumer has; a cell adds its module setting and skipLibCheck. */
const strictest = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  target: "ES2022",
  lib: ["ES2022"],
  types: [],
  rootDir: ".",
  outDir: "out",
};

interface Setting {
  readonly name: string;
  /** The consumer's package.json "type": how Node runs what tsc emits. */
  readonly type: "module" | "commonjs";
  readonly options: Readonly<Record<string, unknown>>;
}

const settings: readonly Setting[] = [
  { name: "nodenext ESM", type: "module", options: { module: "nodenext", moduleResolution: "nodenext" } },
  { name: "nodenext CJS", type: "commonjs", options: { module: "nodenext", moduleResolution: "nodenext" } },
  { name: "node16 ESM", type: "module", options: { module: "node16", moduleResolution: "node16" } },
  { name: "bundler", type: "module", options: { module: "esnext", moduleResolution: "bundler" } },
  { name: "node10", type: "commonjs", options: { module: "commonjs", moduleResolution: "node10", ignoreDeprecations: "6.0" } },
];

interface Cell extends Setting {
  readonly dir: string;
  readonly skipLibCheck: boolean;
}

const cells: readonly Cell[] = settings.flatMap((s) =>
  [false, true].map((skipLibCheck) => ({
    ...s,
    name: skipLibCheck ? `${s.name}, skipLibCheck` : s.name,
    dir: `${s.name.replace(/\W+/g, "-").toLowerCase()}${skipLibCheck ? "-skiplibcheck" : ""}`,
    skipLibCheck,
  })),
);

/** TypeScript's node16 mode has no require(esm): a CommonJS project cannot import the package (TS1479). */
const node16Cjs: Cell = {
  name: "node16 CJS",
  type: "commonjs",
  options: { module: "node16", moduleResolution: "node16" },
  dir: "node16-cjs",
  skipLibCheck: false,
};

interface Outcome {
  readonly code: number;
  readonly output: string;
}

/** A tsc run: its exit code, its messages, and the files it read from outside the consumer project. */
interface Compiled extends Outcome {
  readonly outside: readonly string[];
}

function run(args: readonly string[], cwd: string): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, env, encoding: "utf8" }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

let packed: Packed | undefined;
let consumer = "";
/** This run's projects, in a directory of their own under the shared consumer (whose node_modules they use). */
let projects = "";
const compiled = new Map<string, Compiled>();
const ran = new Map<string, Outcome>();

function writeCell(cell: Cell): string {
  const dir = path.join(projects, cell.dir);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: cell.type, private: true }));
  const compilerOptions = { ...strictest, ...cell.options, skipLibCheck: cell.skipLibCheck };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["program.ts"] }, null, 2));
  fs.copyFileSync(path.join(fixtures, "program.ts"), path.join(dir, "program.ts"));
  return dir;
}

beforeAll(async () => {
  expect(fs.existsSync(path.join(root, "dist/index.js"))).toBe(true);
  packed = packAndInstall("uri-grammar-consumers-");
  consumer = packed.consumer;
  projects = fs.mkdtempSync(path.join(consumer, "run-"));

  const plain = path.join(projects, "plain");
  fs.mkdirSync(plain);
  for (const f of ["check.cjs", "import.mjs", "require.cjs"]) fs.copyFileSync(path.join(fixtures, f), path.join(plain, f));

  const all = [...cells, node16Cjs];
  const dirs = new Map(all.map((cell) => [cell, writeCell(cell)]));
  const limit = Math.max(2, os.availableParallelism());
  // the files read: all must be the consumer's own or TypeScript's lib files (a node_modules
  // above the scratch directory must not stand in for a dependency the package forgot)
  const lib = fs.realpathSync(path.join(root, "node_modules/typescript/lib")) + path.sep;
  // what `tsc -p DIR --listFiles` says of each project, from one process that loads TypeScript
  // once (test/helpers/compile-projects.mjs): eleven tsc start-ups were most of this suite's time
  const compile = async (some: readonly Cell[]): Promise<void> => {
    const compiler = await run([path.join(root, "test/helpers/compile-projects.mjs"), path.join(root, "node_modules/typescript"), ...some.map((c) => dirs.get(c)!)], consumer);
    expect(compiler.code).toBe(0);
    const outcomes = JSON.parse(compiler.output) as { code: number; output: string; files: string[] }[];
    expect(outcomes).toHaveLength(some.length);
    some.forEach((cell, i) => {
      const { code, output, files } = outcomes[i]!;
      expect(files.length).toBeGreaterThan(1); // the program and what it imports, at least
      compiled.set(cell.name, { code, output, outside: files.filter((f) => !f.startsWith(consumer + path.sep) && !f.startsWith(lib)) });
    });
  };
  // skipLibCheck only leaves out the diagnostics of declaration files (TypeScript's lib and the
  // package's .d.ts): the same project with it reports a part of what it reports without it, and
  // emits the same JavaScript. So a skipLibCheck cell whose twin (same module setting and type,
  // without skipLibCheck) reports nothing at all is known to report nothing, and runs the same
  // program: it takes its twin's outcome. It is compiled and run on its own when the twin reports
  // anything.
  const twin = (cell: Cell): Cell | undefined => (cell.skipLibCheck ? all.find((c) => !c.skipLibCheck && c.type === cell.type && c.options === cell.options) : undefined);
  await compile(all.filter((c) => twin(c) === undefined));
  const clean = (c: Cell | undefined): c is Cell => c !== undefined && compiled.get(c.name)?.code === 0 && compiled.get(c.name)?.output === "";
  const taken = new Map(all.flatMap((c) => (clean(twin(c)) ? [[c, twin(c)!] as const] : [])));
  for (const [cell, from] of taken) compiled.set(cell.name, compiled.get(from.name)!);
  const rest = all.filter((c) => twin(c) !== undefined && !taken.has(c));
  if (rest.length > 0) await compile(rest);
  const own = cells.filter((c) => !taken.has(c));
  const runs = await pool(
    [
      ...own.map((cell) => () => run([path.join(dirs.get(cell)!, "out/program.js")], dirs.get(cell)!)),
      () => run(["import.mjs"], plain),
      () => run(["require.cjs"], plain),
    ],
    limit,
  );
  own.forEach((cell, i) => ran.set(cell.name, runs[i]!));
  for (const [cell, from] of taken) ran.set(cell.name, ran.get(from.name)!);
  ran.set("import", runs[own.length]!);
  ran.set("require", runs[own.length + 1]!);
  // packing, installing and compiling ten consumer projects: minutes on a busy 2-core machine
}, 600_000);

afterAll(() => {
  if (projects !== "") fs.rmSync(projects, { recursive: true, force: true });
  removePacked(packed);
});

describe("the packed package in a consumer project", () => {
  const installed = (): Record<string, unknown> =>
    JSON.parse(fs.readFileSync(path.join(consumer, "node_modules/uri-grammar/package.json"), "utf8")) as Record<string, unknown>;

  it("asks for the user's parsimmon and brings the types its .d.ts files import", () => {
    const pkg = installed();
    expect(pkg.peerDependencies).toEqual({ parsimmon: expect.any(String) });
    expect(pkg.dependencies).toMatchObject({ "@types/parsimmon": expect.any(String) });
    expect(Object.keys(pkg.dependencies ?? {})).not.toContain("parsimmon");
    // One parsimmon in the project, the user's: no copy of its own under uri-grammar.
    expect(fs.existsSync(path.join(consumer, "node_modules/uri-grammar/node_modules/parsimmon"))).toBe(false);
  });

  it("lists every typed subpath of exports in typesVersions too (for moduleResolution node10)", () => {
    const pkg = installed() as { exports: Record<string, unknown>; typesVersions: { "*": Record<string, string[]> } };
    const typed = Object.entries(pkg.exports)
      .filter(([key, target]) => key !== "." && typeof target === "object" && target !== null && "types" in target)
      .map(([key, target]) => [key.slice(2), [(target as { types: string }).types]] as const);
    expect(pkg.typesVersions).toEqual({ "*": Object.fromEntries(typed) });
    for (const [, [file]] of typed) if (!file.includes("*")) expect(fs.existsSync(path.join(consumer, "node_modules/uri-grammar", file))).toBe(true);
  });

  it("imports (in its .js and .d.ts files) only Node's own modules, its dependencies and its peers", () => {
    const pkg = installed() as { name: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    const allowed = new Set([pkg.name, ...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
    const dist = path.join(consumer, "node_modules/uri-grammar/dist");
    const imported = new Set<string>();
    for (const f of fs.readdirSync(dist, { recursive: true, encoding: "utf8" })) {
      if (!/\.(js|d\.ts)$/.test(f)) continue;
      const text = fs.readFileSync(path.join(dist, f), "utf8");
      for (const re of [/^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm, /^\s*import\s*["']([^"']+)["']/gm, /\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g]) {
        for (const m of text.matchAll(re)) if (!m[1]!.startsWith(".")) imported.add(m[1]!);
      }
    }
    const packageOf = (s: string): string => s.split("/").slice(0, s.startsWith("@") ? 2 : 1).join("/");
    const foreign = [...imported].filter((s) => !s.startsWith("node:") && !builtinModules.includes(s) && !allowed.has(packageOf(s)));
    expect(foreign).toEqual([]);
  });

  it("declares nothing @internal in its .d.ts files (tsconfig stripInternal): a Grammar's engine getters are not part of its type", () => {
    const dist = path.join(consumer, "node_modules/uri-grammar/dist");
    const tagged = fs
      .readdirSync(dist, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".d.ts") && fs.readFileSync(path.join(dist, f), "utf8").includes("@internal"));
    expect(tagged).toEqual([]);
    const grammarTypes = fs.readFileSync(path.join(dist, "abnf/grammar.d.ts"), "utf8");
    for (const member of ["analysis", "compiled", "rare", "fastPath", "matcher", "useCompiled", "fromDefinitions", "fromDefinitionsUnchecked"]) {
      expect(grammarTypes).not.toMatch(new RegExp(`^\\s*(?:static |get )?${member}\\b`, "m"));
    }
    // what users call is still there
    for (const member of ["validate", "isValid", "isLinear", "rule", "derive", "pick", "generate", "pattern"]) {
      expect(grammarTypes).toMatch(new RegExp(`^\\s*${member}\\(`, "m"));
    }
  });

  it.each(cells.map((c) => [c.name]))("TypeScript %s: compiles with no error and no any, and runs", (name) => {
    expect({ tsc: compiled.get(name), node: ran.get(name) }).toEqual({
      tsc: { code: 0, output: "", outside: [] },
      node: { code: 0, output: expected },
    });
  });

  it.each([["import"], ["require"]])("plain Node with %s", (how) => {
    expect(ran.get(how)).toEqual({ code: 0, output: expected });
  });

  it("installs the command with its worker thread's script: `uri-grammar validate --jobs 2` through node_modules/.bin runs lines on a worker", () => {
    // the tarball holds dist/bundle/cli-worker.js (scripts/bundle.mjs WORKERS), next to the bin
    const pkgDir = path.join(consumer, "node_modules/uri-grammar");
    const { bin } = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(fs.existsSync(path.join(pkgDir, path.dirname(bin["uri-grammar"]!), "cli-worker.js"))).toBe(true);
    // npm's link in .bin: the command finds its worker through it (the real path of the script)
    const link = path.join(consumer, "node_modules/.bin/uri-grammar");
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    const stdin = Array.from({ length: 100 }, (_, k) => `http://example.com/${k}`).join("\n");
    // chunks of 8 lines; the main thread waits for its worker before the first (src/cli/batch.ts batchDebug)
    const r = spawnSync(process.execPath, [link, "validate", "--jobs", "2"], { cwd: consumer, input: stdin, encoding: "utf8", env: { ...env, URI_GRAMMAR_BATCH_DEBUG: "stats,lines=8,ready" } });
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { line: number }).line)).toEqual(Array.from({ length: 100 }, (_, k) => k + 1));
    const stats = JSON.parse(/^uri-grammar batch: (.*)$/m.exec(r.stderr)?.[1] ?? "null") as { workers: number; chunks: number; here: number };
    expect(stats).toMatchObject({ workers: 1, chunks: 13 });
    expect(stats.here).toBeLessThan(stats.chunks);
  });

  it("TypeScript node16 in a CommonJS project cannot import it (TS1479): such projects need module nodenext (or node20)", () => {
    const out = compiled.get(node16Cjs.name)!;
    expect(out.code).not.toBe(0);
    expect(out.output).toMatch(/error TS1479: .*"uri-grammar"/);
  });
});
