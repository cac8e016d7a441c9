// Batch mode on worker threads (--jobs N, src/cli/parallel.ts): the same bytes on stdout, the
// same summary and the same exit status as --jobs 1 for every command that has a batch mode, over
// real URLs (shared/corpus/real) and lines that are not; records in input order; the lines in
// flight held to the window whatever the input's size; a closed stdout ends the run quietly; bad
// values of --jobs are usage errors; and the bundled command (package.json "bin") finds its
// worker. URI_GRAMMAR_BATCH_DEBUG (src/cli/batch.ts batchDebug) makes chunks small, so that a
// few hundred lines are many chunks, puts every job on a worker (main=0: two workers for
// --jobs 2) or waits for the workers before the first chunk (ready: the default split, the main
// thread and one worker, both running chunks), and prints what the run did. The command runs
// in this process (runHere: src/cli/main.ts's main, its worker threads real ones on dist/'s
// cli-worker.js) where what is compared is the bytes; the default split, the job count chosen
// at run time, peak memory, a closed pipe and the bundled bin run as real processes (run).
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BUNDLED_CLI, CLI, ensureBuilt, jsonLines, ROOT, run, runHere, type Run } from "./helpers";
import { realLines } from "../helpers/messy";
import { scratchPackageDir } from "../helpers/scratch";

ensureBuilt({ bundle: true });

/** What URI_GRAMMAR_BATCH_DEBUG=stats prints at the end of a run. */
interface Stats {
  readonly jobs: number;
  readonly workers: number;
  readonly chunks?: number;
  readonly window?: number;
  readonly maxInFlight: number;
  readonly waits?: number;
}

const STATS = /^uri-grammar batch: (.*)\n/m;
const statsOf = (r: Run): Stats => JSON.parse(STATS.exec(r.stderr)?.[1] ?? "null") as Stats;
/** stderr without the stats line and with the summary's seconds blanked. */
const said = (r: Run): string => r.stderr.replace(STATS, "").replace(/, \d+\.\d\d s\n/g, ", _ s\n");

// 320 real URLs, spread over the corpus (every k-th line), then lines that are not URIs, with a
// password, beyond ASCII, with controls and spaces, empty, past --max-length 120 below
const real = ((): string[] => {
  const all = realLines();
  const step = Math.floor(all.length / 320);
  return Array.from({ length: 320 }, (_, k) => all[k * step] as string);
})();
const odd = [
  "http://[",
  "a b",
  "%zz",
  "http://user:secret@example.com/p?q",
  "http://résumé.example/Dürst",
  "http://xn--rsum-bpad.example/",
  "  http://example.com/  ",
  "http://a/\u0007b",
  "",
  "{",
  "host",
  "//[v1.x]:80/a",
  `http://example.com/${"x".repeat(200)}`,
  "\\\\server\\share",
];
/** Real lines with the odd ones among them, LF and some CRLF line ends, and a line that is not UTF-8. */
function input(lines: readonly string[], notUtf8 = true): Buffer {
  const parts: Buffer[] = [];
  lines.forEach((l, k) => {
    parts.push(Buffer.from(l, "utf8"), Buffer.from(k % 37 === 5 ? "\r\n" : "\n"));
    if (k === 150 && notUtf8) parts.push(Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0xc3, 0x28, 0x2f, 0x0a])); // "http://" + a bad UTF-8 sequence
  });
  return Buffer.concat(parts);
}
const mixed = real.flatMap((l, k) => (k % 23 === 0 ? [l, odd[(k / 23) % odd.length] as string] : [l]));
const single = input(mixed);
/** Lines of two inputs separated by a tab (equivalent, resolve and relativize without --base), and some without a tab. */
const pairs = input(mixed.map((l, k) => (k % 41 === 7 ? l : `${l}\t${mixed[(k * 7 + 3) % mixed.length] as string}`)));
const rules = input(Array.from({ length: 300 }, (_, k) => ["host", "URI", "IPv6address", "nope", "segment-nz-nc", "addr-spec", "query", "IRI"][k % 8] as string));
const templates = input(mixed.map((l, k) => (k % 5 === 0 ? `http://example.com/{x}{?y,z}/${k}` : k % 29 === 0 ? `{${l}` : l)));

/** Every command with a batch mode (and the options that change how a line is read), with what its lines hold. */
const COMMANDS: readonly (readonly [string[], Buffer])[] = [
  [["parse"], single],
  [["parse", "--scheme"], single],
  [["parse", "--show-password"], single],
  [["validate", "--max-length", "120"], single],
  [["resolve", "--base", "http://a/b/c/d;p?q"], single],
  [["resolve"], pairs],
  [["relativize"], pairs],
  [["normalize"], single],
  [["equivalent"], pairs],
  [["to-uri"], single],
  [["to-iri"], single],
  [["repair"], single],
  [["expand", "--var", "x=1", "--var", "y=two words"], templates],
  [["match", "http://{host}/{+path}"], single],
  [["rule"], rules],
];

/** Runs the commands two at a time (the machine has two cores). */
async function pool<T>(tasks: readonly (() => Promise<T>)[], limit = 2): Promise<T[]> {
  const out: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const k = next++;
        out[k] = await (tasks[k] as () => Promise<T>)();
      }
    }),
  );
  return out;
}

/** Lines that are all valid URIs. */
const valid = (n: number): Buffer => input(Array.from({ length: n }, (_, k) => `http://example.com/${k}?q=${k % 7}#f`), false);

/** Chunks of 16 lines; every job a worker (main=0), unless `extra` says otherwise. */
const debug = (extra = ",main=0"): Record<string, string> => ({ URI_GRAMMAR_BATCH_DEBUG: `stats,lines=16${extra}` });
/** The default: the main thread runs chunks too, next to jobs - 1 workers; `ready`: they are ready before the first chunk. */
const MIXED = debug(",ready");

describe("--jobs 2 writes what --jobs 1 writes, byte for byte", () => {
  test.each(COMMANDS.map(([args, stdin]) => [args.join(" "), args, stdin] as const))("%s", async (_name, args, stdin) => {
    const [one, two] = await pool([() => runHere([...args, "--jobs", "1"], { stdin, env: debug() }), () => runHere([...args, "--jobs", "2"], { stdin, env: debug(), workers: true })]);
    expect(statsOf(one!)).toMatchObject({ jobs: 1, workers: 0 });
    // chunks of 16 lines: some twenty chunks, on two workers
    expect(statsOf(two!)).toMatchObject({ jobs: 2, workers: 2 });
    expect(statsOf(two!).chunks).toBeGreaterThan(15);
    expect(two!.stdout).toBe(one!.stdout);
    expect(said(two!)).toBe(said(one!));
    expect(two!.status).toBe(one!.status);
    // the records are the lines in order, one each
    const records = jsonLines(one!.stdout);
    expect(records.map((r) => r["line"])).toEqual(records.map((_, k) => k + 1));
    expect(records.length).toBeGreaterThan(290);
  });

  test("the default: the main thread runs chunks too, next to jobs - 1 workers; the same bytes", async () => {
    for (const [args, stdin] of [[["parse"], single], [["equivalent"], pairs]] as const) {
      const [one, two] = await pool([() => runHere([...args, "--jobs", "1"], { stdin, env: debug() }), () => run([...args, "--jobs", "2"], { stdin, env: MIXED })]);
      const stats = statsOf(two!) as Stats & { here: number; chunks: number };
      expect(stats).toMatchObject({ jobs: 2, workers: 1 });
      // a worker holds two chunks at most, the main thread runs the next: both ran some
      expect(stats.here).toBeGreaterThan(0);
      expect(stats.here).toBeLessThan(stats.chunks);
      expect(two!.stdout).toBe(one!.stdout);
      expect(said(two!)).toBe(said(one!));
      expect(two!.status).toBe(one!.status);
    }
  });

  test("the runs above are not all alike: valid lines and invalid ones, exit statuses 0 and 1", async () => {
    const outcomes = await pool(
      [
        () => runHere(["validate", "--jobs", "2"], { stdin: valid(200), env: debug(), workers: true }),
        () => runHere(["validate", "--jobs", "2"], { stdin: single, env: debug(), workers: true }),
        () => runHere(["equivalent", "--jobs", "2"], { stdin: input(Array.from({ length: 200 }, (_, k) => `http://example.com/${k}\thttp://EXAMPLE.com:80/${k}`), false), env: debug(), workers: true }),
      ],
    );
    expect(outcomes.map((r) => r.status)).toEqual([0, 1, 0]);
    const records = jsonLines(outcomes[1]!.stdout);
    expect(records.filter((r) => r["ok"] === false).length).toBeGreaterThanOrEqual(8);
    expect(records.filter((r) => r["ok"] === true).length).toBeGreaterThan(250);
    // the password is masked on every thread (--show-password above shows it)
    expect(outcomes[1]!.stdout).toContain('"input":"http://user:***@example.com/p?q"');
    expect(outcomes[1]!.stdout).not.toContain("secret");
  });

  test("an input of one chunk or less starts no worker", async () => {
    const r = await run(["validate", "--jobs", "2"], { stdin: "http://a/\nhttp://[\n" });
    expect(r.status).toBe(1);
    expect(jsonLines(r.stdout).map((x) => x["ok"])).toEqual([true, false]);
    const s = await run(["validate", "--jobs", "2"], { stdin: input(real.slice(0, 10)), env: debug() });
    expect(statsOf(s)).toMatchObject({ workers: 0, chunks: 1 });
  });
});

describe("--jobs: its values", () => {
  test.each(["0", "-1", "x", "1.5", "1e3", "", " 2", "257", "100000", "99999999999999999999"])("--jobs %j is a usage error: exit 2, nothing read or written", async (value) => {
    const r = await runHere(["validate", "--jobs", value], { stdin: "http://a/\n" });
    expect(r).toEqual({
      status: 2,
      stdout: "",
      stderr: `uri-grammar: option '-j, --jobs <n>' argument '${value}' is invalid. expected a whole number from 1 to 256 (the threads batch mode runs lines on)\n(add --help for usage)\n`,
    });
  });

  test("-j 2, --jobs=2, and the default (the number of cores) run; --jobs with one input as an argument is the one input's answer", async () => {
    for (const args of [["-j", "2"], ["--jobs=2"], []]) {
      const r = await runHere(["validate", ...args], { stdin: valid(100), env: debug(), workers: true });
      expect(r.status).toBe(0);
      expect(statsOf(r)).toMatchObject({ jobs: args.length === 0 ? os.availableParallelism() : 2 });
      expect(jsonLines(r.stdout)).toHaveLength(100);
    }
    expect(await runHere(["validate", "--jobs", "2", "http://a/"])).toEqual({ status: 0, stdout: "valid URI-reference\n", stderr: "" });
  });

  test("--jobs above the cores runs a thread per core: --jobs 256 starts no more workers than the default, and writes what --jobs 1 writes", async () => {
    // 256 threads on 2 cores took 23 s and 2.9 GB of RSS where 2 took 0.8 s and 105 MB (300,000
    // lines), and under `ulimit -v` 12 GB 32 of them aborted the process (V8: "Failed to reserve
    // virtual memory for CodeRange"), no record written
    const cores = os.availableParallelism();
    const [one, many] = await pool([() => runHere(["validate", "--jobs", "1"], { stdin: valid(400), env: debug() }), () => run(["validate", "--jobs", "256"], { stdin: valid(400), env: debug() })]);
    const stats = statsOf(many!);
    expect(stats.jobs).toBe(cores);
    expect(stats.workers).toBeLessThanOrEqual(cores);
    expect(many!.stdout).toBe(one!.stdout);
    expect(said(many!)).toBe(said(one!));
  });
});

describe("the default job count: one thread, then workers once the run is long", () => {
  // URI_GRAMMAR_BATCH_DEBUG after=MS: the CPU time the main thread spends alone before it starts
  // workers (a second by default, src/cli/batch-types.ts AUTO_WORKERS_AFTER_MS)
  const auto = (after: number): Record<string, string> => ({ URI_GRAMMAR_BATCH_DEBUG: `stats,lines=16,after=${after}` });
  const cores = os.availableParallelism();

  test("a short run starts no worker: every line on the main thread, as --jobs 1", async () => {
    const [one, r] = await pool([() => runHere(["parse", "--jobs", "1"], { stdin: single, env: debug() }), () => run(["parse"], { stdin: single, env: auto(60_000) })]);
    expect(statsOf(r!)).toEqual({ jobs: cores, auto: true, workers: 0, serialLines: jsonLines(one!.stdout).length });
    expect(r!.stdout).toBe(one!.stdout);
    expect(said(r!)).toBe(said(one!));
  });

  test("past the CPU time, workers join mid-run: the line numbers go on, the bytes are --jobs 1's", async () => {
    const stdin = input(Array.from({ length: 40 }, () => mixed).flat());
    const [one, r] = await pool([() => runHere(["normalize", "--jobs", "1"], { stdin, env: debug() }), () => run(["normalize"], { stdin, env: auto(1) })]);
    const lines = jsonLines(one!.stdout).length;
    expect(lines).toBeGreaterThan(10_000);
    const stats = statsOf(r!) as Stats & { auto: boolean; serialLines: number };
    expect(stats).toMatchObject({ jobs: cores, auto: true, workers: cores - 1 });
    // some lines on the main thread alone, the rest in chunks (one run on workers, where there are cores for them)
    expect(stats.serialLines).toBeGreaterThan(0);
    expect(stats.serialLines).toBeLessThan(lines);
    expect(r!.stdout).toBe(one!.stdout);
    expect(said(r!)).toBe(said(one!));
    expect(r!.status).toBe(one!.status);
  });
});

describe("--keyed and --partition: a record key for partitioned runs", () => {
  const keyed = input(mixed.map((l, k) => (k % 53 === 9 ? l : `id-${k}\t${l}`)), false);

  test("--keyed: the key of KEY<TAB>INPUT in the record, the command on the input; no tab is the line's error", async () => {
    const plain = await runHere(["normalize", "--jobs", "1"], { stdin: input(mixed, false), env: debug() });
    const r = await runHere(["normalize", "--keyed", "--jobs", "1"], { stdin: keyed, env: debug() });
    const records = jsonLines(r.stdout);
    const without = jsonLines(plain.stdout);
    expect(records).toHaveLength(without.length);
    records.forEach((rec, k) => {
      if (k % 53 === 9) {
        expect(rec).toMatchObject({ line: k + 1, ok: false, error: { name: "InputError", message: "--keyed: expected KEY<TAB>INPUT, found no tab" } });
        expect(rec).not.toHaveProperty("key");
      } else {
        // the record of the input alone, with its key after the line number
        const { line, ...rest } = without[k] as Record<string, unknown>;
        expect(Object.keys(rec).slice(0, 2)).toEqual(["line", "key"]);
        expect(rec).toEqual({ line, key: `id-${k}`, ...rest });
      }
    });
  });

  test("--keyed: a password in the key is masked as in the input; a key past 1,024 characters is refused", async () => {
    const stdin = `http://u:secret@h/\thttp://a/\n${"k".repeat(1025)}\thttp://a/\n${"k".repeat(1024)}\thttp://a/\n`;
    const records = jsonLines((await runHere(["validate", "--keyed", "--jobs", "1"], { stdin })).stdout);
    expect(records[0]).toEqual({ line: 1, key: "http://u:***@h/", input: "http://a/", ok: true, value: true });
    expect(records[1]).toMatchObject({ line: 2, ok: false, error: { name: "InputError", message: "--keyed: the key (before the first tab) is 1025 characters long; at most 1024" } });
    expect(records[2]).toMatchObject({ line: 3, key: "k".repeat(1024), ok: true });
    expect(jsonLines((await runHere(["validate", "--keyed", "--show-password", "--jobs", "1"], { stdin })).stdout)[0]).toMatchObject({ key: "http://u:secret@h/" });
  });

  test("--keyed with two inputs a line (equivalent), and --partition on every record; the same bytes on workers", async () => {
    const stdin = input(mixed.map((l, k) => `${k}\t${l}\t${mixed[(k * 7 + 3) % mixed.length] as string}`), false);
    const args = ["equivalent", "--keyed", "--partition", "part-00007"];
    const [one, two] = await pool([() => runHere([...args, "--jobs", "1"], { stdin, env: debug() }), () => runHere([...args, "--jobs", "2"], { stdin, env: debug(), workers: true })]);
    expect(statsOf(two!)).toMatchObject({ jobs: 2, workers: 2 });
    expect(two!.stdout).toBe(one!.stdout);
    const records = jsonLines(one!.stdout);
    expect(records.length).toBe(mixed.length);
    records.forEach((rec, k) => expect(Object.entries(rec).slice(0, 3)).toEqual([["line", k + 1], ["partition", "part-00007"], ["key", String(k)]]));
    expect(records.filter((rec) => rec["ok"] === true).length).toBeGreaterThan(mixed.length / 2);
  });

  test("--partition takes a name of 1 to 256 characters", async () => {
    for (const bad of ["", "p".repeat(257)]) {
      const r = await runHere(["validate", "--partition", bad], { stdin: "http://a/\n" });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("expected a name of 1 to 256 characters");
    }
  });
});

/** Feeds `lines` lines (made by `line`) to the command through a pipe, counting the lines of stdout; its peak RSS and stats. */
function feed(args: readonly string[], lines: number, line: (k: number) => string, env: Record<string, string>): Promise<{ status: number | null; records: number; last: string; stderr: string; maxRss: number }> {
  return new Promise((resolve, reject) => {
    const report = 'process.on("exit",()=>process.stderr.write("maxRSS "+process.resourceUsage().maxRSS+"\\n"))';
    const child = spawn(process.execPath, [`--import=data:text/javascript,${encodeURIComponent(report)}`, CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, ...env },
    });
    let records = 0;
    let tail = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (s: string) => {
      for (let k = s.indexOf("\n"); k !== -1; k = s.indexOf("\n", k + 1)) records++;
      tail = (tail + s).slice(-4096);
    });
    let err = "";
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.on("error", reject);
    child.on("close", (status) => {
      const m = /maxRSS (\d+)\n/.exec(err);
      const last = tail.trimEnd().split("\n").pop() ?? "";
      resolve({ status, records, last, stderr: err.replace(/maxRSS \d+\n/, ""), maxRss: Number(m?.[1]) * 1024 });
    });
    let k = 0;
    const pump = (): void => {
      while (k < lines) {
        const part: string[] = [];
        for (const end = Math.min(lines, k + 1000); k < end; k++) part.push(`${line(k)}\n`);
        if (!child.stdin.write(part.join(""))) return void child.stdin.once("drain", pump);
      }
      child.stdin.end();
    };
    child.stdin.on("error", reject);
    pump();
  });
}

describe("bounded memory, order, a closed stdout", () => {
  test("lines in flight stay within the window (jobs × chunks × lines) whatever the input's size: 300,000 lines of 200 characters cost what 3,000 do", async () => {
    const MB = 1 << 20;
    const line = (k: number): string => `http://example.com/${String(k).padStart(9, "0")}/${"p".repeat(171)}`;
    // chunks of 64 lines, 2 in flight per job: a window of 256 lines
    const env = { URI_GRAMMAR_BATCH_DEBUG: "stats,lines=64,chunks=2,ready" };
    const big = await feed(["validate", "--jobs", "2", "--quiet"], 300_000, line, env);
    const small = await feed(["validate", "--jobs", "2", "--quiet"], 3_000, line, env);
    for (const [r, n] of [[big, 300_000], [small, 3_000]] as const) {
      expect(r.status).toBe(0);
      expect(r.records).toBe(n);
      expect(JSON.parse(r.last)).toEqual({ line: n, input: line(n - 1), ok: true, value: true });
      const stats = JSON.parse(STATS.exec(r.stderr)?.[1] ?? "null") as Stats;
      expect(stats).toMatchObject({ jobs: 2, workers: 1, window: 256 });
      expect(stats.maxInFlight).toBeLessThanOrEqual(256);
    }
    // the reading stopped for a full window, again and again
    expect((JSON.parse(STATS.exec(big.stderr)?.[1] ?? "null") as Stats).waits).toBeGreaterThan(100);
    // 60 MB read and 70 MB written, held to the window: the peaks differ by the noise of a
    // garbage-collected heap (measured: a few MB); the whole input held would be some 120 MB more
    expect(big.maxRss - small.maxRss).toBeLessThan(48 * MB);
  });

  test("a closed stdout (| head -1) ends a run on workers quietly", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-cli-"));
    try {
      const file = path.join(dir, "many.txt");
      fs.writeFileSync(file, Array.from({ length: 50000 }, (_, k) => `http://example.com/${k}`).join("\n"));
      const [errFile, statusFile] = [path.join(dir, "stderr"), path.join(dir, "status")];
      const script = '{ "$0" "$1" validate --jobs 2 --input "$2" 2>"$3"; echo $? >"$4"; } | head -1';
      const stdout = await new Promise<string>((resolve, reject) => {
        const child = spawn("sh", ["-c", script, process.execPath, CLI, file, errFile, statusFile], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, URI_GRAMMAR_BATCH_DEBUG: "lines=16" } });
        let out = "";
        child.stdout.on("data", (b: Buffer) => (out += b.toString()));
        child.on("error", reject);
        child.on("close", () => resolve(out));
      });
      const r = { status: Number(fs.readFileSync(statusFile, "utf8")), stdout, stderr: fs.readFileSync(errFile, "utf8") };
      expect(r).toEqual({ status: 0, stdout: '{"line":1,"input":"http://example.com/0","ok":true,"value":true}\n', stderr: "" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the bundled command (package.json \"bin\": dist/bundle/cli.js)", () => {
  test("a worker that cannot start is an internal error: exit 3, the worker named, no record written after it failed", async () => {
    // a copy of the bundle without its worker, under the system's temp folder (issue 31), beside links to the dependencies
    const dir = scratchPackageDir("bundle-no-worker-");
    const copy = path.join(dir, "bundle");
    try {
      fs.cpSync(path.dirname(BUNDLED_CLI), copy, { recursive: true });
      fs.rmSync(path.join(copy, "cli-worker.js"));
      const r = await run(["validate", "--jobs", "2"], { stdin: valid(100), env: { URI_GRAMMAR_BATCH_DEBUG: "lines=8,ready" }, bin: path.join(copy, "cli.js") });
      expect(r.status).toBe(3);
      expect(r.stderr).toMatch(/^uri-grammar: internal error: worker 1 failed: Cannot find module '.*cli-worker\.js'/);
      expect(r.stdout).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("finds its worker (dist/bundle/cli-worker.js, an entry of scripts/bundle.mjs) and writes what dist/cli.js --jobs 1 writes", async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(path.resolve(ROOT, pkg.bin["uri-grammar"] as string)).toBe(BUNDLED_CLI);
    for (const [args, stdin] of [[["parse"], single], [["equivalent"], pairs]] as const) {
      const [one, two] = await pool([() => runHere([...args, "--jobs", "1"], { stdin, env: debug() }), () => run([...args, "--jobs", "2"], { stdin, env: MIXED, bin: BUNDLED_CLI })]);
      const stats = statsOf(two!) as Stats & { here: number; chunks: number };
      expect(stats).toMatchObject({ jobs: 2, workers: 1 });
      expect(stats.here).toBeLessThan(stats.chunks); // the worker ran chunks
      expect(two!.stdout).toBe(one!.stdout);
      expect(said(two!)).toBe(said(one!));
      expect(two!.status).toBe(one!.status);
    }
  });
});
