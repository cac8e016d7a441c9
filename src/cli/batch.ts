// Batch mode: one input per line from stdin or a file, one JSON object per line to stdout (JSON
// Lines), streaming: lines are read with readline and written in chunks that wait for 'drain',
// so memory stays flat whatever the input's size. Bad lines are reported on their own line and
// never stop the run; a progress bar (when stderr is a terminal) and a summary go to stderr.
import fs from "node:fs";
import { once } from "node:events";
import readline from "node:readline";
import type { Readable } from "node:stream";
import { errorJson, jsonReplacer, UsageError } from "./errors.js";
import { toJson } from "./style.js";

/** What one input gives: a value, or an error (with a partial value, e.g. the generic AST when a scheme rejects a URI). */
export type Outcome =
  | { readonly ok: true; readonly value?: unknown; readonly different?: boolean }
  | { readonly ok: false; readonly error: unknown; readonly value?: unknown };

/** Where the lines come from. */
export interface Input {
  readonly stream: Readable;
  /** The size in bytes when known (a file), for the progress bar. */
  readonly size: number | undefined;
  /** What the summary calls it. */
  readonly name: string;
}

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

/** Options of {@link runBatch}. */
export interface BatchOptions {
  readonly command: string;
  readonly progress: boolean;
  readonly quiet: boolean;
  /** `equal`: count values `true`/`false` as equivalent/not equivalent. */
  readonly comparison?: boolean;
}

/**
 * Runs `each` over every line of the input and writes a JSON Lines record per line:
 * `{"line": n, "input": text, "ok": true, "value": ...}` or `{"line": n, "input": text, "ok":
 * false, "error": {"name", "message", ...}}`. Returns the exit status: 0 when every line is
 * valid (and, for a comparison, equivalent), 1 otherwise.
 */
export async function runBatch(input: Input, each: (line: string) => Outcome, options: BatchOptions): Promise<number> {
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
  const rl = readline.createInterface({ input: input.stream, crlfDelay: Infinity });
  input.stream.on("error", () => rl.close());
  let lines = 0;
  let valid = 0;
  let invalid = 0;
  let different = 0;
  for await (const raw of rl) {
    lines++;
    const text = lines === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw; // a byte order mark
    let o: Outcome;
    try {
      o = each(text);
    } catch (e) {
      o = { ok: false, error: e };
    }
    let record: string;
    if (o.ok) {
      valid++;
      if (o.different === true) different++;
      record = toJson({ line: lines, input: text, ok: true, value: o.value }, jsonReplacer);
    } else {
      invalid++;
      record = toJson({ line: lines, input: text, ok: false, error: errorJson(o.error), value: o.value }, jsonReplacer);
    }
    if (!o.ok || o.different === true) process.exitCode = 1; // what an early exit (a closed stdout) reports
    if (out.write(`${record}\n`)) await out.flush();
    if (bar !== undefined && (lines & 255) === 0) bar.update(lines, bytesRead());
  }
  await out.flush();
  bar?.clear();
  active = undefined;
  if (readError !== undefined) throw new UsageError(`cannot read ${input.name}: ${(readError as NodeJS.ErrnoException).code ?? readError.message}`);
  if (!options.quiet) {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const counts = options.comparison === true
      ? `${number(valid - different)} equivalent, ${number(different)} not equivalent, ${number(invalid)} invalid`
      : `${number(valid)} valid, ${number(invalid)} invalid`;
    process.stderr.write(`${options.command}: ${number(lines)} line${lines === 1 ? "" : "s"}, ${counts}, ${seconds} s\n`);
  }
  return invalid > 0 || different > 0 ? 1 : 0;
}
