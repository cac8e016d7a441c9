// Batch mode: one input per line from stdin or a file, one JSON object per line out (JSON Lines), streaming, so memory
// stays flat whatever the input's size and its lines' lengths; a bad line is reported on its own line and never stops the run.
import fs from "node:fs";
import { once } from "node:events";
import os from "node:os";
import type { Readable } from "node:stream";
import { isUtf8 } from "node:buffer";
import { TextDecoder } from "node:util";
import { InputTooLongError } from "../errors.js";
import { utf8Lead } from "../utf8-table.js";
import { AUTO_MIN_MICROS_PER_LINE, AUTO_WORKERS_AFTER_MS, MAX_KEY_LENGTH, type BatchDebug, type BatchOptions, type ChunkResult, type Input, type Line, type LineResult, type Outcome, type Tally, type Workers } from "./batch-types.js";
import { errorJson, InputError, jsonReplacer, UsageError } from "./errors.js";
import { jsonPieces, toJson } from "./style.js";

/** Opens `--input FILE` (`-` or none: stdin). An unreadable file is a usage error. */
export function openInput(file: string | undefined): Input {
  if (file === undefined || file === "-") {
    let size: number | undefined;
    try {
      const st = fs.fstatSync(0);
      size = st.isFile() ? st.size : undefined;
    } catch {
      size = undefined;
    }
    return { stream: process.stdin, size, name: "stdin" };
  }
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (e) {
    throw new UsageError(`cannot read ${JSON.stringify(file)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const st = fs.fstatSync(fd);
  if (st.isDirectory()) {
    fs.closeSync(fd);
    throw new UsageError(`cannot read ${JSON.stringify(file)}: it is a directory`);
  }
  return { stream: fs.createReadStream("", { fd }), size: st.isFile() ? st.size : undefined, name: file };
}

/** Writes to a stream in chunks of about 64 KiB, waiting for 'drain' when the stream is full. */
export class ChunkedWriter {
  #parts: string[] = [];
  #size = 0;
  constructor(private readonly stream: NodeJS.WritableStream) {}

  /** Queues text; true when a chunk is ready and {@link flush} should be awaited. */
  write(text: string): boolean {
    this.#parts.push(text);
    this.#size += text.length;
    return this.#size >= 65536;
  }

  async flush(): Promise<void> {
    if (this.#size === 0) return;
    const chunk = this.#parts.join("");
    this.#parts = [];
    this.#size = 0;
    if (!this.stream.write(chunk)) await once(this.stream as NodeJS.EventEmitter, "drain");
  }

  /** Writes UTF-8 bytes after the text queued (a worker's records, ./parallel.ts), waiting for the stream to take them. */
  async writeBytes(bytes: Uint8Array): Promise<void> {
    await this.flush();
    if (!this.stream.write(bytes)) await once(this.stream as NodeJS.EventEmitter, "drain");
  }
}

/** What is kept of a line past the limit: enough for the error's excerpt around the limit. */
const KEPT_PAST_LIMIT = 64;

/** The bytes at the end of a chunk that begin a UTF-8 sequence the next chunk may complete (0 to 3). */
function incompleteTail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let k = 1; k <= Math.min(3, n); k++) {
    const b = bytes[n - k] as number;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte
    const need = utf8Lead(b)[0] + 1; // RFC 3629 §4 (the one table, src/utf8-table.ts)
    return need > k ? k : 0;
  }
  return 0;
}

const isBreak = (b: number): boolean => b === 0x0a || b === 0x0d;

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

const strict = (): TextDecoder => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * UTF-8 decoding, chunk by chunk, that says which text is not UTF-8: a chunk is decoded strictly
 * (the common case, at native speed); when that fails, it is decoded again with U+FFFD for each
 * bad sequence (as WHATWG's decoder does), and each piece of it between two line breaks (CR and
 * LF are never inside a UTF-8 sequence) is checked, so the lines that hold a bad byte are known.
 */
class Utf8Lines {
  #strict = strict();
  /** The bytes the strict decoder holds: the start of a sequence the next chunk may complete. */
  #pending: Uint8Array = new Uint8Array(0);

  /** The text of a chunk, and the offsets in it of the pieces (text after a line break, or the first) that are not UTF-8. */
  write(chunk: Uint8Array): { text: string; bad: ReadonlySet<number> | undefined } {
    try {
      const text = this.#strict.decode(chunk, { stream: true });
      const last = chunk.length < 3 ? concat(this.#pending, chunk) : chunk; // the last 3 bytes
      this.#pending = last.slice(last.length - incompleteTail(last));
      return { text, bad: undefined };
    } catch {
      const bytes = concat(this.#pending, chunk);
      let t = incompleteTail(bytes);
      this.#strict = strict();
      try {
        if (t > 0) this.#strict.decode(bytes.subarray(bytes.length - t), { stream: true });
      } catch {
        t = 0; // not the start of a sequence: bad here
        this.#strict = strict();
      }
      this.#pending = bytes.slice(bytes.length - t);
      const body = bytes.subarray(0, bytes.length - t);
      const text = lossy.decode(body);
      const bad = new Set<number>();
      let from = 0; // byte offset of the piece
      let at = 0; // its offset in text
      for (let i = 0; i <= body.length; i++) {
        if (i < body.length && !isBreak(body[i] as number)) continue;
        if (!isUtf8(body.subarray(from, i))) bad.add(at);
        if (i < body.length) at = text.indexOf(String.fromCharCode(body[i] as number), at) + 1;
        from = i + 1;
      }
      return { text, bad };
    }
  }

  /** What is left at the end: an unfinished sequence is not UTF-8. */
  end(): { text: string; bad: boolean } {
    const bad = this.#pending.length > 0;
    const text = bad ? lossy.decode(this.#pending) : "";
    this.#pending = new Uint8Array(0);
    return { text, bad };
  }
}

/**
 * The lines of a stream of UTF-8 text, split at LF, CRLF or a lone CR as readline splits them
 * (a byte order mark at the start left out; a last line without a line break is a line), with
 * at most `limit + 64` UTF-16 code units of a line held at once: a longer line is counted to its
 * end and the rest dropped, so one huge line costs no more memory than a line at the limit. A
 * line with bytes that are not UTF-8 is marked `notUtf8` (its text has U+FFFD for them). The
 * lines that each chunk of the stream completes are handed over together (at most a chunk's
 * worth: a read buffer of 64 KiB), so that a consumer pays one `await` a chunk rather than one a
 * line.
 */
export async function* splitLineBatches(stream: AsyncIterable<Buffer | string>, limit: number): AsyncGenerator<Line[]> {
  const decoder = new Utf8Lines();
  const keep = limit + KEPT_PAST_LIMIT;
  let parts: string[] = [];
  let kept = 0; // code units in parts
  let length = 0; // code units of the line so far
  let tab = -1;
  let notUtf8 = false;
  let afterCr = false; // the last chunk ended with CR: a LF first in the next one ends nothing
  let start = true;
  const take = (s: string, bad = false): void => {
    if (bad) notUtf8 = true;
    if (tab === -1) {
      const t = s.indexOf("\t");
      if (t !== -1) tab = length + t;
    }
    length += s.length;
    if (kept >= keep || s.length === 0) return;
    const piece = s.length <= keep - kept ? s : s.slice(0, keep - kept);
    parts.push(piece);
    kept += piece.length;
  };
  const end = (): Line => {
    const text = parts.length === 1 ? (parts[0] as string) : parts.join("");
    const line: Line = notUtf8 ? { text, length, tab, notUtf8 } : { text, length, tab };
    parts = [];
    kept = 0;
    length = 0;
    tab = -1;
    notUtf8 = false;
    return line;
  };
  for await (const chunk of stream) {
    const decoded = typeof chunk === "string" ? { text: chunk, bad: undefined } : decoder.write(chunk);
    let s = decoded.text;
    let bad = decoded.bad;
    if (s.length === 0) continue;
    if (start) {
      start = false;
      if (s.charCodeAt(0) === 0xfeff) {
        s = s.slice(1);
        if (bad !== undefined) bad = new Set([...bad].map((k) => Math.max(0, k - 1)));
      }
    }
    const out: Line[] = [];
    let i = 0;
    if (afterCr) {
      afterCr = false;
      if (s.charCodeAt(0) === 0x0a) i = 1;
    }
    // the next LF and the next CR from i, each searched again only once passed (-1: none left)
    let lf = s.indexOf("\n", i);
    let cr = s.indexOf("\r", i);
    while (i < s.length) {
      if (lf !== -1 && lf < i) lf = s.indexOf("\n", i);
      if (cr !== -1 && cr < i) cr = s.indexOf("\r", i);
      let j = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (j === -1) {
        take(i === 0 ? s : s.slice(i), bad?.has(i));
        break;
      }
      take(s.slice(i, j), bad?.has(i));
      out.push(end());
      if (j === cr) {
        if (j + 1 === s.length) afterCr = true;
        else if (s.charCodeAt(j + 1) === 0x0a) j++;
      }
      i = j + 1;
    }
    if (out.length > 0) yield out;
  }
  const last = decoder.end();
  take(last.text, last.bad);
  if (length > 0) yield [end()];
}

/** How much of a line past the limit its record shows as "input" (then `"truncated": true`). */
const SHOWN_OF_LONG_LINE = 256;

/** The first `n` code units of a text, without cutting a surrogate pair. */
function head(text: string, n: number): string {
  if (text.length <= n) return text;
  const c = text.charCodeAt(n - 1);
  return text.slice(0, c >= 0xd800 && c <= 0xdbff ? n - 1 : n);
}

const number = (n: number): string => n.toLocaleString("en-US");
const megabytes = (bytes: number): string => `${(bytes / 1048576).toFixed(1)} MB`;

/** A one-line progress bar on a terminal, redrawn at most ten times a second. */
export class ProgressBar {
  #last = 0;
  #shown = false;
  constructor(private readonly stream: NodeJS.WriteStream, private readonly total: number | undefined) {}

  update(lines: number, bytes: number, force = false): void {
    const now = Date.now();
    if (!force && now - this.#last < 100) return;
    this.#last = now;
    let text = `${number(lines)} lines, ${megabytes(bytes)}`;
    if (this.total !== undefined && this.total > 0) {
      const f = Math.min(1, bytes / this.total);
      const filled = Math.round(f * 20);
      text = `[${"█".repeat(filled)}${"░".repeat(20 - filled)}] ${String(Math.floor(f * 100)).padStart(3)}% ${text} of ${megabytes(this.total)}`;
    }
    this.stream.write(`\r\u001b[K${text}`);
    this.#shown = true;
  }

  clear(): void {
    if (this.#shown) this.stream.write("\r\u001b[K");
    this.#shown = false;
  }
}

/** The current progress bar, cleared when stdout closes early. */
let active: ProgressBar | undefined;
export const clearProgress = (): void => active?.clear();

/** `--keyed`: a line's key and the line after it, or the error of a line that has none. */
function splitKey(line: Line): { key: string; rest: Line } | { error: InputError } {
  const t = line.tab;
  if (t === -1) return { error: new InputError("--keyed: expected KEY<TAB>INPUT, found no tab") };
  if (t > MAX_KEY_LENGTH) return { error: new InputError(`--keyed: the key (before the first tab) is ${t} characters long; at most ${MAX_KEY_LENGTH}`) };
  const text = line.text.slice(t + 1);
  const next = text.indexOf("\t");
  const rest: Line = { text, length: line.length - t - 1, tab: next, ...(line.notUtf8 === true ? { notUtf8: true as const } : {}) };
  return { key: line.text.slice(0, t), rest };
}

/**
 * The record of one line: `each`'s outcome (or the line's own error: too long, not UTF-8, no key
 * with --keyed) as a JSON object. The same on every thread.
 */
export function recordOf(line: Line, n: number, each: (line: string) => Outcome, options: BatchOptions): LineResult {
  const limit = options.maxLineLength;
  let key: string | undefined;
  let keyError: InputError | undefined;
  if (options.keyed === true) {
    const k = splitKey(line);
    if ("error" in k) keyError = k.error;
    else {
      key = k.key;
      line = k.rest;
    }
  }
  const long = line.length > limit;
  const text = long || keyError !== undefined ? head(line.text, SHOWN_OF_LONG_LINE) : line.text;
  let o: Outcome;
  if (keyError !== undefined) {
    o = { ok: false, error: keyError };
  } else if (long) {
    o = { ok: false, error: options.tooLong?.(line) ?? new InputTooLongError(line.text, "input", limit, line.length) };
  } else if (line.notUtf8 === true) {
    o = { ok: false, error: new InputError("the line is not UTF-8: its \"input\" has U+FFFD for each byte sequence that is not") };
  } else {
    try {
      o = each(text);
    } catch (e) {
      o = { ok: false, error: e };
    }
  }
  const truncated = text.length < line.length;
  const shown = options.shown ?? ((t: string): string => t);
  const input = shown(text, truncated);
  let json: object;
  if (key === undefined && options.partition === undefined) {
    json = o.ok
      ? { line: n, input, ok: true, value: o.value }
      : { line: n, input, ...(truncated ? { truncated: true } : {}), ok: false, error: errorJson(o.error), value: o.value };
  } else {
    // where the record comes from: the line's number, the run's partition, the line's own key
    const from = { line: n, ...(options.partition === undefined ? {} : { partition: options.partition }), ...(key === undefined ? {} : { key: shown(key, false) }) };
    json = o.ok
      ? { ...from, input, ok: true, value: o.value }
      : { ...from, input, ...(truncated ? { truncated: true } : {}), ok: false, error: errorJson(o.error), value: o.value };
  }
  const record = line.length < STREAMED_FROM ? `${toJson(json, jsonReplacer)}\n` : streamed(json);
  return { record, ok: o.ok, different: o.ok && o.different === true };
}

/**
 * The length of a line (UTF-16 code units) from which its record is written in pieces as they
 * are made ({@link jsonPieces}) rather than made whole first: the record of a long line can be
 * some 50 times the line (`repair` on 1 M "é": 96 MB), and as one string it was held two or
 * three times over (the text, its escaped copy, the chunk written, its UTF-8 bytes).
 */
export const STREAMED_FROM = 65536;

function* streamed(json: object): Generator<string, void, undefined> {
  yield* jsonPieces(json, jsonReplacer);
  yield "\n";
}

const recordText = (record: LineResult["record"]): string => (typeof record === "string" ? record : [...record].join(""));

/** {@link recordOf} each line of a chunk, joined. */
export function recordsOf(lines: readonly Line[], first: number, each: (line: string) => Outcome, options: BatchOptions): ChunkResult {
  const parts: string[] = [];
  let valid = 0;
  let invalid = 0;
  let different = 0;
  for (let k = 0; k < lines.length; k++) {
    const r = recordOf(lines[k] as Line, first + k, each, options);
    parts.push(recordText(r.record));
    if (!r.ok) invalid++;
    else {
      valid++;
      if (r.different) different++;
    }
  }
  return { text: parts.join(""), valid, invalid, different };
}

export function batchDebug(env: NodeJS.ProcessEnv = process.env): BatchDebug {
  const text = env["URI_GRAMMAR_BATCH_DEBUG"];
  if (text === undefined || text === "") return { stats: false };
  const out: { stats: boolean; lines?: number; chars?: number; chunks?: number; main?: boolean; ready?: boolean; after?: number } = { stats: false };
  for (const item of text.split(",")) {
    const [key, value] = item.split("=", 2).map((x) => x.trim());
    if (key === "stats") out.stats = true;
    else if (key === "main" && (value === "0" || value === "1")) out.main = value === "1";
    else if (key === "ready") out.ready = true;
    else if (key === "after" && value !== undefined && /^\d{1,9}$/.test(value)) out.after = Number(value);
    else if ((key === "lines" || key === "chars" || key === "chunks") && value !== undefined && /^[1-9]\d{0,8}$/.test(value)) out[key] = Number(value);
  }
  return out;
}

/** The line `stats` prints on stderr. */
export const debugLine = (stats: object): string => `uri-grammar batch: ${JSON.stringify(stats)}\n`;

/**
 * Runs `each` over every line of the input and writes a JSON Lines record per line:
 * `{"line": n, "input": text, "ok": true, "value": ...}` or `{"line": n, "input": text, "ok":
 * false, "error": {"name", "message", ...}}`. A line longer than `maxLineLength` is an
 * InputTooLongError; its record's "input" is its first 256 characters, with `"truncated": true`.
 * With `jobs` above 1 the lines go to worker threads in chunks (./parallel.ts) and the records
 * come out in the same order, byte for byte; with `jobs` left out, this thread runs the lines
 * alone until it has spent {@link AUTO_WORKERS_AFTER_MS} of CPU time on them with lines still to
 * come (a short run, or a light command on a few hundred thousand lines, never pays for a
 * worker's start-up), then goes on with a worker per core besides it. With `keyed` each line
 * is `KEY<TAB>INPUT` and its record carries the key; with `partition` every record carries it.
 * The input is opened by `open` (not in a worker).
 * Returns the exit status: 0 when every line is valid (and, for a comparison, equivalent), 1
 * otherwise.
 */
export async function runBatch(open: () => Input, each: (line: string) => Outcome, options: BatchOptions): Promise<number> {
  if (options.serve !== undefined) return options.serve((lines, first) => recordsOf(lines, first, each, options));
  const input = open();
  const out = new ChunkedWriter(process.stdout);
  const started = performance.now();
  const bar = options.progress ? new ProgressBar(process.stderr, input.size) : undefined;
  active = bar;
  const bytesRead = (): number => {
    const n = (input.stream as Readable & { bytesRead?: unknown }).bytesRead;
    return typeof n === "number" ? n : 0;
  };
  let readError: Error | undefined;
  input.stream.on("error", (e: Error) => {
    readError = e;
  });
  const debug = batchDebug();
  // the lines until the input ends or cannot be read (a read error ends them: the lines before it are written, then the error said)
  const lines = splitLineBatches(input.stream as AsyncIterable<Buffer | string>, options.maxLineLength + (options.keyed === true ? MAX_KEY_LENGTH + 1 : 0));
  async function* source(): AsyncGenerator<Line[]> {
    try {
      yield* lines;
    } catch (e) {
      readError ??= e as Error;
    }
  }
  const tally: Tally = { lines: 0, valid: 0, invalid: 0, different: 0 };
  const auto = options.jobs === undefined;
  // a thread per core at most: more only cost memory (some 12 MB of RSS and a reserved address
  // space each: 256 on 2 cores took 2.9 GB, and 32 aborted the process under `ulimit -v` 12 GB)
  // and time (16 on 2 cores ran 3.8 times as long as 2), for the same records
  const cores = os.availableParallelism();
  const jobs = Math.min(options.jobs ?? cores, cores);
  const progress = (): void => bar?.update(tally.lines, bytesRead());
  let stats: object;
  try {
    const lines = source();
    const workers = jobs > 1 ? options.workers : undefined;
    let serial: { lines: number; more: boolean; cpu: number } | undefined;
    if (workers === undefined) serial = await runSerial(lines, each, options, out, tally, progress);
    else if (auto) {
      // no --jobs: this thread alone for a second of CPU time; then workers, if a line costs
      // enough for them to pay and a core is free (URI_GRAMMAR_BATCH_DEBUG after=MS: whatever)
      serial = await runSerial(lines, each, options, out, tally, progress, debug.after ?? AUTO_WORKERS_AFTER_MS);
      if (serial.more && debug.after === undefined && !(workersPay(serial) && coreFree(jobs))) {
        const rest = await runSerial(lines, each, options, out, tally, progress);
        serial = { lines: serial.lines + rest.lines, more: false, cpu: serial.cpu + rest.cpu };
      }
    }
    if (serial === undefined || serial.more) {
      const { runParallel } = await import("./parallel.js");
      const parallel = await runParallel({ input, source: lines, records: (l, first) => recordsOf(l, first, each, options), workers: workers as Workers, jobs, out, tally, debug, progress });
      stats = serial === undefined ? parallel : { ...parallel, auto: true, serialLines: serial.lines };
    } else {
      stats = auto && workers !== undefined ? { jobs, auto: true, workers: 0, serialLines: serial.lines } : { jobs: 1, workers: 0, maxInFlight: 1 };
    }
    await out.flush();
  } finally {
    bar?.clear();
    active = undefined;
  }
  if (readError !== undefined) throw new UsageError(`cannot read ${input.name}: ${(readError as NodeJS.ErrnoException).code ?? readError.message}`);
  if (!options.quiet) {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const { lines, valid, invalid, different } = tally;
    const counts = options.comparison === true
      ? `${number(valid - different)} equivalent, ${number(different)} not equivalent, ${number(invalid)} invalid`
      : `${number(valid)} valid, ${number(invalid)} invalid`;
    process.stderr.write(`${options.command}: ${number(lines)} line${lines === 1 ? "" : "s"}, ${counts}, ${seconds} s\n`);
  }
  if (debug.stats) process.stderr.write(debugLine(stats));
  return tally.invalid > 0 || tally.different > 0 ? 1 : 0;
}

/**
 * `--jobs 1`: each line on this thread as it is read, its record written before the next is read.
 * With `cpuLimit` (ms): only until this thread has spent that much CPU time since the call, checked
 * after each batch of lines (a read of up to 64 KiB); `more` then says lines may be left.
 */
async function runSerial(
  source: AsyncGenerator<Line[]>,
  each: (line: string) => Outcome,
  options: BatchOptions,
  out: ChunkedWriter,
  tally: Tally,
  progress: () => void,
  cpuLimit?: number,
): Promise<{ lines: number; more: boolean; cpu: number }> {
  const start = process.cpuUsage();
  const cpu = (): number => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const first = tally.lines;
  for (;;) {
    // the limit is read once a batch has run: process.cpuUsage counts every thread of the process
    // (the collector's and the compiler's too), so it can pass a small limit before any line is read
    if (cpuLimit !== undefined && tally.lines > first && cpu() >= cpuLimit) return { lines: tally.lines - first, more: true, cpu: cpu() };
    const next = await source.next();
    if (next.done === true) break;
    for (const line of next.value) {
      const r = recordOf(line, ++tally.lines, each, options);
      if (!r.ok) tally.invalid++;
      else {
        tally.valid++;
        if (r.different) tally.different++;
      }
      if (!r.ok || r.different) process.exitCode = 1; // what an early exit (a closed stdout) reports
      if (typeof r.record === "string") {
        if (out.write(r.record)) await out.flush();
      } else {
        for (const piece of r.record) if (out.write(piece)) await out.flush();
      }
      if ((tally.lines & 255) === 0) progress();
    }
  }
  return { lines: tally.lines - first, more: false, cpu: cpu() };
}

/** Whether the lines run so far cost enough CPU time each for workers to pay ({@link AUTO_MIN_MICROS_PER_LINE}). */
const workersPay = (run: { lines: number; cpu: number }): boolean => run.lines === 0 || (run.cpu * 1000) / run.lines >= AUTO_MIN_MICROS_PER_LINE;

/**
 * Whether the machine has a core free for a worker: the load average of the last minute (this
 * thread in it) below `cores - 0.5`. On a machine busy with other work a worker only takes time
 * from this thread. (Where Node reports no load average, Windows: 0, free.)
 */
const coreFree = (cores: number): boolean => (os.loadavg()[0] ?? 0) < cores - 0.5;
