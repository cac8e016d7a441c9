// Batch mode on worker threads (`--jobs N`, N > 1): the main thread splits the lines (./batch.ts splitLineBatches), workers
// (src/cli-worker.ts) make each chunk's records (./batch.ts recordsOf), and chunks are written in order: `--jobs 1`'s output, byte for byte.
import { setImmediate as turn } from "node:timers/promises";
import { parentPort, Worker } from "node:worker_threads";
import type { Readable } from "node:stream";
import type { BatchDebug, ChunkResult, Input, Line, Serve, Tally, Workers } from "./batch-types.js";
import { errorJson, WorkerError } from "./errors.js";

/** Lines in a chunk (one message to a worker). */
export const CHUNK_LINES = 256;
/** UTF-16 code units in a chunk: a chunk of long lines is sent before it has CHUNK_LINES. */
export const CHUNK_CHARS = 1 << 18;
/**
 * Chunks in flight per job (read, not yet written), counted in lines and code units: memory is bounded whatever the input's
 * size. When the window is full the main thread reads no more (a pipe fills, its writer waits) until the oldest chunk is
 * written, and chunks are written only as fast as stdout takes them ('drain').
 */
export const CHUNKS_PER_JOB = 4;

/**
 * A chunk as sent to a worker: the lines' texts joined by LF (a line holds no CR or LF), and
 * for each line its length, first tab and whether it was not UTF-8 (a Float64Array, transferred).
 */
interface ChunkMessage {
  readonly seq: number;
  /** The number of its first line. */
  readonly first: number;
  readonly text: string;
  readonly meta: Float64Array;
}

/**
 * A chunk's records come back as UTF-8 bytes (encoded by the worker, the buffer transferred):
 * the main thread neither copies nor encodes them, it hands them to stdout.
 */
type Reply =
  | { readonly type: "ready" }
  | { readonly type: "done"; readonly seq: number; readonly bytes: Uint8Array<ArrayBuffer>; readonly valid: number; readonly invalid: number; readonly different: number }
  | { readonly type: "failed"; readonly seq: number; readonly name: string; readonly message: string };

function pack(lines: readonly Line[]): { text: string; meta: Float64Array<ArrayBuffer> } {
  const meta = new Float64Array(lines.length * 3);
  const texts = new Array<string>(lines.length);
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k] as Line;
    texts[k] = l.text;
    meta[3 * k] = l.length;
    meta[3 * k + 1] = l.tab;
    meta[3 * k + 2] = l.notUtf8 === true ? 1 : 0;
  }
  return { text: texts.join("\n"), meta };
}

function unpack(text: string, meta: Float64Array): Line[] {
  const texts = text.split("\n");
  return texts.map((t, k): Line => {
    const length = meta[3 * k] as number;
    const tab = meta[3 * k + 1] as number;
    return meta[3 * k + 2] === 1 ? { text: t, length, tab, notUtf8: true } : { text: t, length, tab };
  });
}

/** In a worker thread (src/cli-worker.ts): each chunk the main thread sends, answered with its records. Never settles: the main thread ends the worker. */
export const serveBatch: Serve = (records) => {
  const port = parentPort;
  if (port === null) return Promise.reject(new Error("serveBatch: not in a worker thread"));
  const encoder = new TextEncoder();
  port.on("message", (m: ChunkMessage) => {
    let reply: Reply;
    try {
      const r = records(unpack(m.text, m.meta), m.first);
      reply = { type: "done", seq: m.seq, bytes: encoder.encode(r.text), valid: r.valid, invalid: r.invalid, different: r.different };
    } catch (e) {
      const j = errorJson(e);
      reply = { type: "failed", seq: m.seq, name: j.name, message: j.message };
    }
    port.postMessage(reply, reply.type === "done" ? [reply.bytes.buffer] : []);
  });
  // the command is set up (main() parsed the arguments and made the command before serving)
  port.postMessage({ type: "ready" } satisfies Reply);
  return new Promise<number>(() => undefined);
};

/** Where a run writes its records (./batch.ts ChunkedWriter). */
export interface RecordWriter {
  /** Queues text; true when a chunk is ready and {@link flush} should be awaited. */
  write(text: string): boolean;
  flush(): Promise<void>;
  /** Writes UTF-8 bytes after the text queued. */
  writeBytes(bytes: Uint8Array): Promise<void>;
}

/** What {@link runParallel} runs. */
export interface ParallelRun {
  readonly input: Input;
  readonly source: AsyncGenerator<Line[]>;
  readonly workers: Workers;
  readonly jobs: number;
  readonly out: RecordWriter;
  /** Records of consecutive lines (./batch.ts recordsOf with `each` and `options`), for the chunks run on this thread. */
  readonly records: (lines: readonly Line[], first: number) => ChunkResult;
  /** Counted as records are written; the lines before this run's first (a run that began on one thread) are in it. */
  readonly tally: Tally;
  readonly debug: BatchDebug;
  /** Called after each chunk written (the progress bar). */
  readonly progress: () => void;
}

/** What a run did, for `URI_GRAMMAR_BATCH_DEBUG=stats`. */
export interface ParallelStats {
  readonly jobs: number;
  /** Workers started. */
  workers: number;
  /** Chunks made (one run on the main thread when it was the whole input). */
  chunks: number;
  /** The window: lines, and UTF-16 code units, in flight at most (the latter plus one line). */
  readonly window: number;
  readonly windowChars: number;
  readonly chunkLines: number;
  readonly chunkChars: number;
  maxInFlight: number;
  maxInFlightChars: number;
  /** Times the reading stopped for a full window. */
  waits: number;
  /** Chunks whose records came back before those of an earlier chunk. */
  outOfOrder: number;
  /** Chunks run on the main thread. */
  here: number;
}

/** Chunks a worker holds (one being run, one waiting) before the main thread runs the next itself. */
export const CHUNKS_IN_HAND = 2;

interface Slot {
  readonly worker: Worker;
  /** 1, 2, ...: in messages. */
  readonly id: number;
  /** Lines sent and not answered. */
  lines: number;
  /** Chunks sent and not answered. */
  chunks: number;
  /** Whether it said it is ready: until then the main thread runs the chunks a worker would. */
  ready: boolean;
  /** The end of what it wrote on stderr, for a message when it fails. */
  stderr: string;
}

interface Sent {
  readonly first: number;
  readonly lines: number;
  readonly chars: number;
  readonly slot: Slot | undefined;
}

const range = (s: Sent): string => (s.lines === 1 ? `line ${s.first}` : `lines ${s.first}-${s.first + s.lines - 1}`);

/**
 * Runs the lines of `source` on up to `jobs` workers; writes their records in order. Throws a WorkerError when one fails.
 * This thread is one of the `jobs` (`--jobs 2` is it and one worker): it starts `jobs - 1` workers at the first full chunk
 * and runs a chunk itself when no worker is ready (setting up takes some tenths of a second) or each has CHUNKS_IN_HAND;
 * an input of one chunk or less starts no worker.
 */
export async function runParallel(run: ParallelRun): Promise<ParallelStats> {
  const { input, source, workers, jobs, out, tally, debug, records } = run;
  const chunkLines = debug.lines ?? CHUNK_LINES;
  const chunkChars = debug.chars ?? CHUNK_CHARS;
  const perJob = debug.chunks ?? CHUNKS_PER_JOB;
  const stats: ParallelStats = {
    jobs,
    workers: 0,
    chunks: 0,
    window: jobs * perJob * chunkLines,
    windowChars: jobs * perJob * chunkChars,
    chunkLines,
    chunkChars,
    maxInFlight: 0,
    maxInFlightChars: 0,
    waits: 0,
    outOfOrder: 0,
    here: 0,
  };
  // URI_GRAMMAR_BATCH_DEBUG=main=0: every job a worker, this thread only reads and writes
  const useMain = debug.main !== false;
  const workerCount = useMain ? jobs - 1 : jobs;
  const slots: Slot[] = [];
  const sent = new Map<number, Sent>();
  // a chunk's records: a worker's bytes, or the text of the one chunk run on this thread
  const done = new Map<number, Omit<ChunkResult, "text"> & { readonly data: string | Uint8Array }>();
  let seq = 0; // the next chunk's number
  let written = 0; // the next chunk to write
  let arrived = 0; // every chunk before this one has come back
  let nextLine = tally.lines + 1;
  let inFlight = 0;
  let inFlightChars = 0;
  let pending: Line[] = [];
  let pendingChars = 0;
  let failure: Error | undefined;
  let ending = false;
  let waiting: (() => void) | undefined;
  const wake = (): void => {
    const w = waiting;
    waiting = undefined;
    w?.();
  };
  const wait = (): Promise<void> => new Promise<void>((resolve) => (waiting = resolve));

  const unfinished = (slot: Slot): string => {
    const held = [...sent.entries()].filter(([k, s]) => s.slot === slot && !done.has(k)).map(([, s]) => range(s));
    return held.length === 0 ? "" : ` (holding ${held.join(", ")})`;
  };
  const said = (slot: Slot): string => {
    const last = slot.stderr.trim().split("\n").pop();
    return last === undefined || last === "" ? "" : `: ${last}`;
  };
  const fail = (e: Error): void => {
    if (failure !== undefined) return;
    failure = e;
    readyWaiter?.();
    for (const s of slots) void s.worker.terminate();
    (input.stream as Readable).destroy();
    wake();
  };

  const spawn = (): Slot => {
    const id = slots.length + 1;
    const worker = new Worker(workers.script, { workerData: workers.data, stdout: true, stderr: true });
    const slot: Slot = { worker, id, lines: 0, chunks: 0, ready: false, stderr: "" };
    worker.stdout.resume();
    worker.stderr.setEncoding("utf8");
    worker.stderr.on("data", (s: string) => {
      slot.stderr = (slot.stderr + s).slice(-4096);
    });
    worker.on("message", (m: Reply) => receive(slot, m));
    worker.on("messageerror", (e: Error) => fail(new WorkerError(`worker ${id} sent a message that could not be read: ${e.message}`)));
    worker.on("error", (e: unknown) => fail(new WorkerError(`worker ${id} failed${unfinished(slot)}: ${e instanceof Error ? e.message : String(e)}`)));
    worker.on("exit", (code: number) => {
      if (!ending) fail(new WorkerError(`worker ${id} stopped (exit code ${code})${unfinished(slot)}${said(slot)}`));
    });
    slots.push(slot);
    stats.workers++;
    return slot;
  };

  /** The workers, all at once (they take long to start): at the first chunk, or the first the main thread waits for. */
  const spawnAll = (): void => {
    if (slots.length === 0) for (let k = 0; k < workerCount; k++) spawn();
  };
  let readyWaiter: (() => void) | undefined;
  /** URI_GRAMMAR_BATCH_DEBUG=ready: every worker started and ready (or the run failed). */
  const allReady = (): Promise<void> => {
    spawnAll();
    if (slots.every((s) => s.ready) || failure !== undefined) return Promise.resolve();
    return new Promise<void>((resolve) => (readyWaiter = resolve));
  };
  /**
   * Where the next chunk goes: the ready worker with the fewest lines in hand, unless it has
   * {@link CHUNKS_IN_HAND} chunks already; otherwise this thread (undefined). With `main=0`: the
   * worker with the fewest lines, ready or not (its messages wait for it), a new one while all
   * have work, up to `jobs`.
   */
  const pick = (): Slot | undefined => {
    if (useMain) {
      spawnAll();
      let best: Slot | undefined;
      for (const s of slots) if (s.ready && (best === undefined || s.lines < best.lines)) best = s;
      return best !== undefined && best.chunks < CHUNKS_IN_HAND ? best : undefined;
    }
    let best: Slot | undefined;
    for (const s of slots) if (best === undefined || s.lines < best.lines) best = s;
    return best === undefined || (best.lines > 0 && slots.length < workerCount) ? spawn() : best;
  };

  /** Sends the pending lines as a chunk, or runs them here (always with `here`); true when they were run here. */
  const send = (here = false): boolean => {
    if (pending.length === 0 || failure !== undefined) return false;
    const lines = pending;
    const first = nextLine;
    const slot = here ? undefined : pick();
    sent.set(seq, { first, lines: lines.length, chars: pendingChars, slot });
    if (slot === undefined) {
      const r = records(lines, first);
      done.set(seq, { data: r.text, valid: r.valid, invalid: r.invalid, different: r.different });
      stats.here++;
    } else {
      const { text, meta } = pack(lines);
      slot.lines += lines.length;
      slot.chunks++;
      const message: ChunkMessage = { seq, first, text, meta };
      slot.worker.postMessage(message, [meta.buffer]);
    }
    seq++;
    stats.chunks++;
    nextLine += lines.length;
    pending = [];
    pendingChars = 0;
    if (slot === undefined) void write();
    return slot === undefined;
  };

  let writing = false;
  /** Writes the chunks that are next in order and back, waiting for stdout to take them. */
  const write = async (): Promise<void> => {
    if (writing) return;
    writing = true;
    try {
      for (let r = done.get(written); r !== undefined && failure === undefined; r = done.get(written)) {
        const s = sent.get(written) as Sent;
        done.delete(written);
        sent.delete(written);
        written++;
        tally.lines += s.lines;
        tally.valid += r.valid;
        tally.invalid += r.invalid;
        tally.different += r.different;
        if (r.invalid > 0 || r.different > 0) process.exitCode = 1; // what an early exit (a closed stdout) reports
        if (typeof r.data !== "string") await out.writeBytes(r.data);
        else if (out.write(r.data)) await out.flush();
        inFlight -= s.lines;
        inFlightChars -= s.chars;
        run.progress();
        wake();
      }
    } catch (e) {
      fail(e instanceof Error ? e : new Error(String(e)));
    } finally {
      writing = false;
    }
  };

  const receive = (slot: Slot, m: Reply): void => {
    if (failure !== undefined) return;
    if (m.type === "ready") {
      slot.ready = true;
      if (slots.every((s) => s.ready)) readyWaiter?.();
      return;
    }
    const s = sent.get(m.seq);
    if (s === undefined || s.slot !== slot || done.has(m.seq)) {
      fail(new WorkerError(`worker ${slot.id} answered a chunk it was not given (${m.seq})`));
      return;
    }
    if (m.type === "failed") {
      fail(new WorkerError(`worker ${slot.id} failed on ${range(s)}: ${m.name}: ${m.message}`));
      return;
    }
    slot.lines -= s.lines;
    slot.chunks--;
    if (m.seq !== arrived) stats.outOfOrder++;
    done.set(m.seq, { data: m.bytes, valid: m.valid, invalid: m.invalid, different: m.different });
    while (done.has(arrived) || arrived < written) arrived++;
    void write();
  };

  try {
    reading: for (;;) {
      const next = await source.next();
      if (next.done === true || failure !== undefined) break;
      for (const line of next.value) {
        pending.push(line);
        pendingChars += line.text.length;
        inFlight++;
        inFlightChars += line.text.length;
        if (inFlight > stats.maxInFlight) stats.maxInFlight = inFlight;
        if (inFlightChars > stats.maxInFlightChars) stats.maxInFlightChars = inFlightChars;
        if (pending.length >= chunkLines || pendingChars >= chunkChars) {
          if (debug.ready === true && useMain && seq === 0) await allReady();
          // after a chunk run here, the workers' answers are let in before the next chunk is
          // placed: a read of 64 KiB holds many chunks, and a worker whose answers wait behind
          // them looks busy and gets no more
          if (send()) await turn();
        }
        while (failure === undefined && (inFlight >= stats.window || inFlightChars >= stats.windowChars)) {
          send();
          stats.waits++;
          await wait();
        }
        if (failure !== undefined) break reading;
      }
    }
    // the whole input is one chunk (seq 0): run here rather than start a worker for it
    send(seq === 0);
    while (failure === undefined && written < seq) await wait();
  } finally {
    ending = true;
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
  if (failure !== undefined) throw failure;
  return stats;
}
