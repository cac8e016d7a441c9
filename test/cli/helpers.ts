// Runs the built command line as a user would: `node dist/cli.js ...` in a child process, with
// stdin, without a terminal, and without the colour variables the test runner may have set.
import { spawn, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = path.resolve(__dirname, "../..");
export const CLI = path.join(ROOT, "dist/cli.js");
/** The command as package.json's "bin" names it: the bundle of scripts/bundle.mjs, with its worker next to it. */
export const BUNDLED_CLI = path.join(ROOT, "dist/bundle/cli.js");
export const CLI_FIXTURES = path.join(ROOT, "fixtures/cli");

/** The newest modification time under a directory, for files matching `keep`. */
function newest(dir: string, keep: (file: string) => boolean): number {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) t = Math.max(t, newest(p, keep));
    else if (keep(p)) t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * `npm test` builds before jest runs; when dist/ is missing or older than src/ (jest run on its
 * own after an edit), compile it once, one jest worker at a time.
 */
export function ensureBuilt(options: { readonly bundle?: boolean } = {}): void {
  const tscStale = (): boolean => !fs.existsSync(CLI) || fs.statSync(CLI).mtimeMs < newest(path.join(ROOT, "src"), (f) => f.endsWith(".ts"));
  // the bundle (and its worker, an entry of its own) is made from tsc's dist/
  const worker = path.join(ROOT, "dist/bundle/cli-worker.js");
  const bundleStale = (): boolean => options.bundle === true && (!fs.existsSync(worker) || !fs.existsSync(BUNDLED_CLI) || fs.statSync(worker).mtimeMs < fs.statSync(CLI).mtimeMs);
  const stale = (): boolean => tscStale() || bundleStale();
  if (!stale()) return;
  const lock = path.join(os.tmpdir(), `uri-grammar-cli-build-${Buffer.from(ROOT).toString("hex").slice(-16)}.lock`);
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (waited > 120000) throw new Error(`waited two minutes for ${lock}; remove it if no build is running`);
      sleep(200);
    }
  }
  try {
    if (tscStale()) execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: ROOT, stdio: "inherit" });
    if (bundleStale()) execFileSync(process.execPath, [path.join(ROOT, "scripts/bundle.mjs")], { cwd: ROOT, stdio: "inherit" });
  } finally {
    fs.rmdirSync(lock);
  }
}

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** What stdin holds; it is closed after it (an empty pipe when left out). */
  readonly stdin?: string | Buffer;
  /** Variables to set; `undefined` removes one. FORCE_COLOR, NO_COLOR and TERM are removed unless set here. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Node options before the script (e.g. a preload). */
  readonly node?: readonly string[];
  /** The script run (default {@link CLI}: tsc's dist/cli.js). */
  readonly bin?: string;
}

/** Runs `node dist/cli.js ...args` (or `options.bin`) and collects its output and exit status. */
export function run(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const env: Record<string, string | undefined> = { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, TERM: undefined, ...options.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.node ?? []), options.bin ?? CLI, ...args], { cwd: ROOT, env: env as NodeJS.ProcessEnv });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.stdin.on("error", () => undefined); // the command may exit before reading it all
    child.on("close", (status) => resolve({ status, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
    child.stdin.end(options.stdin ?? "");
  });
}

/** The JSON Lines of a batch run, parsed. */
export const jsonLines = (stdout: string): Record<string, unknown>[] =>
  stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, unknown>);

/** A JSON file under fixtures/cli (or another fixtures directory with a path). */
export const readFixture = <T>(...parts: string[]): T => JSON.parse(fs.readFileSync(path.join(CLI_FIXTURES, ...parts), "utf8")) as T;

/** Text without SGR colour codes. */
// eslint-disable-next-line no-control-regex
export const stripAnsi = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, "");

export interface HereOptions {
  /** What stdin holds (an empty stream when left out). */
  readonly stdin?: string | Buffer;
  /** Variables to set; `undefined` removes one. FORCE_COLOR, NO_COLOR and TERM are removed unless set here. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A stream that says it is a terminal (`isTTY`), as `node --import` setting it does for {@link run}. */
  readonly tty?: "stdout" | "stderr";
  /**
   * Batch mode's worker threads (--jobs): `main` is given dist/cli-worker.js (tsc's build), as
   * dist/cli.js gives it, and starts real worker threads in this process. Without it --jobs runs
   * every line on this thread.
   */
  readonly workers?: boolean;
  /** stderr written into stdout, in the order of the writes, as `2>&1` does (`stderr` is then empty). */
  readonly merged?: boolean;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * The command line run in this process: src/cli/main.ts's `main` (what dist/cli.js calls) with
 * process.stdout, process.stderr, process.stdin and process.env swapped for the run, so a case
 * costs milliseconds instead of a Node start-up. What only a real process shows (the bin, the
 * modules loaded, a closed pipe, peak memory) stays with {@link run}; worker threads run here
 * with `workers` (they load dist/, as the real command's do). Runs are serialized:
 * the streams are the process's own.
 */
export function runHere(args: readonly string[], options: HereOptions = {}): Promise<Run> {
  const next = queue.then(() => runHereNow(args, options));
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Every command's module (main.ts imports each when one of its commands runs), the grammars and
 * the scheme values, loaded before the first run: jest refuses a `require` made between tests,
 * where a `test.concurrent` run may first reach a command's import.
 */
const commandModules = (): Promise<unknown> =>
  Promise.all([
    import("../../src/cli/commands/parse"),
    import("../../src/cli/commands/reference"),
    import("../../src/cli/commands/iri"),
    import("../../src/cli/commands/rules"),
    import("../../src/cli/template"),
    import("../../src/cli/commands/expand"),
    import("../../src/cli/grammars"),
    import("../../src/schemes/records"),
  ]);

async function runHereNow(args: readonly string[], options: HereOptions): Promise<Run> {
  const { Readable, Writable } = await import("node:stream");
  const { main } = await import("../../src/cli/main");
  await commandModules();
  const version = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  const sink = (parts: Buffer[], tty: boolean): NodeJS.WriteStream => {
    const w = new Writable({
      write(chunk: Buffer | string, encoding, done) {
        parts.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
        done();
      },
    });
    return Object.assign(w, { isTTY: tty }) as unknown as NodeJS.WriteStream;
  };
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const swapped = ["stdout", "stderr", "stdin"] as const;
  const saved = swapped.map((k) => Object.getOwnPropertyDescriptor(process, k));
  const env = process.env;
  const exitCode = process.exitCode;
  const stdin = options.stdin === undefined || options.stdin.length === 0 ? [] : [Buffer.from(options.stdin)];
  const streams = { stdout: sink(out, options.tty === "stdout"), stderr: sink(options.merged === true ? out : err, options.tty === "stderr"), stdin: Readable.from(stdin, { objectMode: false }) };
  const vars: Record<string, string | undefined> = { ...env, FORCE_COLOR: undefined, NO_COLOR: undefined, TERM: undefined, ...options.env };
  for (const k of Object.keys(vars)) if (vars[k] === undefined) delete vars[k];
  let status: number;
  try {
    for (const k of swapped) Object.defineProperty(process, k, { value: streams[k], configurable: true, writable: true });
    process.env = vars as NodeJS.ProcessEnv;
    try {
      status = await main(args, version, path.join(ROOT, "dist"), options.workers === true ? { worker: pathToFileURL(path.join(ROOT, "dist/cli-worker.js")) } : {});
    } catch (e) {
      // what dist/cli.js does with a rejection
      process.stderr.write(`uri-grammar: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      status = 3;
    }
  } finally {
    swapped.forEach((k, i) => Object.defineProperty(process, k, saved[i] as PropertyDescriptor));
    process.env = env;
    process.exitCode = exitCode;
  }
  return { status, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
}
