// The types batch mode (./batch.ts) shares with its worker threads' side (./parallel.ts): a module of its own, so that
// batch.ts loads parallel.ts only when a run uses workers and neither imports the other back.
import type { Readable } from "node:stream";

/** The longest key `--keyed` takes, in UTF-16 code units: a longer one is the line's error (the line is split before it is read whole). */
export const MAX_KEY_LENGTH = 1024;

/**
 * Without --jobs, a run starts on this thread alone; once it has spent this much CPU time (ms)
 * on the lines with lines still to come, it goes on with workers if they pay: when a line has
 * cost at least {@link AUTO_MIN_MICROS_PER_LINE} and the machine has a core free. A short run
 * never pays for a worker's start-up (some tenths of a second).
 */
export const AUTO_WORKERS_AFTER_MS = 1000;

/**
 * The CPU time a line must cost on this thread (µs, reading and writing it included) for workers
 * to pay: the main thread still reads, splits, sends and writes every line (some 3 µs), so a
 * light command gains nothing from them. Measured (bench/RESULTS.md, "CLI batch mode", 2 cores,
 * start-up left out): validate, about 3 µs a line, ran 0.69× as fast on 2 jobs as on one;
 * parse, about 9 µs a line, 1.42× over 400,000 lines.
 */
export const AUTO_MIN_MICROS_PER_LINE = 6;

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

/** One line of the input. */
export interface Line {
  /** The line; when it is longer than the limit, only its first `limit + 64` UTF-16 code units. */
  readonly text: string;
  /** Its length in UTF-16 code units. */
  readonly length: number;
  /** Where its first tab is (-1: none), for a line of two inputs. */
  readonly tab: number;
  /** Present when the line's bytes are not UTF-8: its text has U+FFFD for each bad sequence. */
  readonly notUtf8?: true;
}

/** What a worker thread needs to build the same command as the main thread (./parallel.ts). */
export interface WorkerData {
  /** The program's arguments, parsed again in the worker. */
  readonly argv: readonly string[];
  /** The directory of the built package's modules, for `rule`'s RFC sections. */
  readonly home: string | undefined;
  /** Whether the main thread colours stdout and stderr: a worker's streams are not terminals. */
  readonly colours: { readonly out: boolean; readonly err: boolean };
}

/**
 * In a worker thread: answers the main thread's chunks of lines with their records (./parallel.ts),
 * made by `records` (./batch.ts recordsOf with the command's function and options).
 */
export type Serve = (records: (lines: readonly Line[], first: number) => ChunkResult) => Promise<number>;

/** Where batch mode's worker threads come from: the worker script, and what it is given. */
export interface Workers {
  /** The worker script (src/cli-worker.ts as built next to the program). */
  readonly script: URL;
  readonly data: WorkerData;
}

/** Options of {@link runBatch}. */
export interface BatchOptions {
  readonly command: string;
  readonly progress: boolean;
  readonly quiet: boolean;
  /** `equivalent`: count values `true`/`false` as equivalent/not equivalent. */
  readonly comparison?: boolean;
  /**
   * The longest line read whole, in UTF-16 code units: a longer one is refused without being
   * held in memory, as an InputTooLongError with this limit, or the error `tooLong` makes.
   */
  readonly maxLineLength: number;
  readonly tooLong?: (line: Line) => unknown;
  /**
   * How a record shows the line as "input": with its password masked, unless --show-password (RFC
   * 3986 §7.5); `open` when the line was cut short (its password may run past the cut).
   */
  readonly shown?: (text: string, open: boolean) => string;
  /**
   * `--jobs`: the threads that run lines; 1 (or no {@link workers}): this thread alone. Left out
   * (no --jobs): this thread alone until it has spent {@link AUTO_WORKERS_AFTER_MS} of CPU time
   * on the run with lines still to come, then one worker per core besides it (./batch.ts).
   */
  readonly jobs?: number;
  readonly workers?: Workers;
  /** Set in a worker thread: serve the main thread's chunks instead of reading an input. */
  readonly serve?: Serve;
  /**
   * `--keyed`: each line is `KEY<TAB>INPUT`; the record carries `"key": KEY` (as read, a password
   * in it masked as in the input) and the command reads the rest. A line without a tab, or with
   * a key longer than {@link MAX_KEY_LENGTH}, is that line's InputError, with no key.
   */
  readonly keyed?: boolean;
  /** `--partition NAME`: every record carries `"partition": NAME`, so that (partition, line) is unique over a partitioned run. */
  readonly partition?: string;
}

/** A line's record, and what it counts as. */
export interface LineResult {
  /** The record and the line break after it; a long line's, its pieces as they are made (./batch.ts STREAMED_FROM). */
  readonly record: string | Iterable<string>;
  readonly ok: boolean;
  /** A comparison that came out false (`equivalent`). */
  readonly different: boolean;
}

/** The records of consecutive lines, the first numbered `first`, and their counts. */
export interface ChunkResult {
  readonly text: string;
  readonly valid: number;
  readonly invalid: number;
  readonly different: number;
}

/** The counts of a run so far, for the summary and the exit status. */
export interface Tally {
  lines: number;
  valid: number;
  invalid: number;
  different: number;
}

/**
 * `URI_GRAMMAR_BATCH_DEBUG`, for tests and for tuning: `stats` prints, at the end of a run, a line
 * of JSON on stderr with what parallel batch mode did (how many workers it started, the most
 * lines in flight, ...); `lines=N`, `chars=N` and `chunks=N` set the size of a chunk of lines sent
 * to a worker (lines, UTF-16 code units) and the chunks in flight per job; `main=0` keeps the main
 * thread from running chunks itself (every job a worker); `ready` makes it wait for its workers
 * to be ready before the first chunk; `after=MS` makes a run without --jobs start its workers
 * after MS of CPU time (0: at once), whatever a line costs and however busy the machine is
 * (in place of {@link AUTO_WORKERS_AFTER_MS} and its conditions). Unset: nothing printed.
 */
export interface BatchDebug {
  readonly stats: boolean;
  readonly lines?: number;
  readonly chars?: number;
  readonly chunks?: number;
  /** `main=0`: the main thread runs no chunk of its own; every job is a worker (./parallel.ts). */
  readonly main?: boolean;
  /** `ready`: the main thread waits for its workers to be ready before the first chunk (so that both run chunks, in tests). */
  readonly ready?: boolean;
  /** `after=MS`: in place of {@link AUTO_WORKERS_AFTER_MS} and its conditions. */
  readonly after?: number;
}
