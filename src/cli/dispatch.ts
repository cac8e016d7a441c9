// What every command shares: how a run writes (Io), the password policy, and `dispatch` (one input, or each line in
// batch mode). It loads none of the library's grammars or operations: a command's module (./commands/) loads its own.
import { DEFAULT_MAX_LENGTH, InputTooLongError } from "../errors.js";
import { maskPassword, PASSWORD_MASK, type PasswordReading } from "../password.js";
import type { Result } from "../result.js";
import type { SchemeRegistry } from "../schemes/registry.js";
import { openInput, runBatch } from "./batch.js";
import type { Line, Outcome, Serve, Workers } from "./batch-types.js";
import { errorJson, EXIT, InputError, jsonReplacer, UsageError } from "./errors.js";
import { printable, toJson, type Paint } from "./style.js";
/** How one run writes: colours for stdout and stderr, and JSON or text. */
export interface Io {
  readonly paint: Paint;
  readonly paintErr: Paint;
  readonly json: boolean;
  readonly quiet: boolean;
  /** `--show-password`: read and print passwords as they are; otherwise masked (RFC 3986 §7.5). */
  readonly showPassword?: boolean;
  /** Where batch mode's worker threads come from (--jobs); none: one thread. */
  readonly workers?: Workers;
  /** In a worker thread: batch mode serves the main thread's chunks of lines. */
  readonly serve?: Serve;
}

/**
 * The one password policy of the command line (RFC 3986 §7.5; docs/guide/cli.md): a command
 * reads its input as given (so validity is the input's own), and everything it writes shows the
 * password of a userinfo (as RFC 3986 or the URL Standard finds it, password.ts; read as an
 * authority or a userinfo with `--rule authority` or `--rule userinfo`) as "***", unless
 * --show-password: the figure, --tree and --json (drawn from the input with its password masked,
 * so offsets after the password are those of the masked text), batch records' "input" (a line
 * cut short: everything after the ":" of an authority that runs to the cut), error messages, and
 * the command's product: the URI of normalize, resolve, relativize, to-uri, to-iri, repair and
 * expand, and the variables match reads out of a password.
 */
export type Hide = (text: string, how?: PasswordReading) => string;
export const hider = (io: Io): Hide => (io.showPassword === true ? (t) => t : (t, how) => maskPassword(t, PASSWORD_MASK, how));
/**
 * An error whose text quotes an input the library does not mask (a template, quoted in a
 * TemplateError's message, with a literal password), the input replaced by itself with its
 * password masked: a copy, with the same name and fields (cli/errors.ts errorJson), for output.
 */
export function scrubbed(e: unknown, input: string): unknown {
  const masked = maskPassword(input);
  if (!(e instanceof Error) || masked === input) return e;
  const quoted = JSON.stringify(input);
  const shown = JSON.stringify(masked);
  const clean = (x: unknown): unknown => (typeof x === "string" ? x.split(quoted).join(shown).split(input).join(masked) : x);
  const copy = new Error(clean(e.message) as string);
  for (const [k, v] of Object.entries(e)) Object.defineProperty(copy, k, { value: clean(v), enumerable: true, writable: true, configurable: true });
  if (!Object.hasOwn(copy, "name")) Object.defineProperty(copy, "name", { value: e.name, writable: true, configurable: true });
  return copy;
}

/** Each tab-separated input of a batch line, hidden (a line of two inputs has two userinfos); `open`: the line was cut short (its last field). */
const hideFields = (hide: Hide, rule?: string) => (line: string, open = false): string => {
  const fields = line.split("\t");
  return fields.map((f, k) => hide(f, { rule, open: open && k === fields.length - 1 })).join("\t");
};

/** Options every command with inputs takes. */
export interface InputOptions {
  readonly input?: string;
  readonly quiet?: boolean;
  readonly progress?: boolean;
  readonly json?: boolean;
  /** `--max-length`: the longest input accepted, in UTF-16 code units (the library's `maxLength`). */
  readonly maxLength?: number;
  /** `--jobs`: the threads batch mode runs lines on (default: one, then one per core on a long run: ./batch.ts runBatch). */
  readonly jobs?: number;
  /** `--keyed`: batch lines are KEY<TAB>INPUT, the key echoed in the record. */
  readonly keyed?: boolean;
  /** `--partition`: the name every batch record carries. */
  readonly partition?: string;
}

export const write = (lines: readonly string[]): void => {
  if (lines.length > 0) process.stdout.write(`${lines.join("\n")}\n`);
};

/**
 * An error for people: the library's message (its first line, then the input with a caret under
 * the terminal column of the offset: errors.ts puts it there with width.ts, as the figure's
 * columns are counted), with control characters shown as "?" and the caret in red.
 */
export function humanError(e: unknown, paint: Paint): string {
  const message = e instanceof Error ? e.message : String(e);
  const lines = message.split("\n").map(printable);
  if (lines.length === 3 && /^ *\^$/.test(lines[2] as string)) {
    return `${paint("bold", lines[0] as string)}\n${lines[1] as string}\n${paint("red", lines[2] as string)}`;
  }
  return lines.join("\n");
}

function reportError(e: unknown, io: Io): void {
  process.stderr.write(io.json ? `${toJson({ error: errorJson(e) }, jsonReplacer)}\n` : `${humanError(e, io.paintErr)}\n`);
}

/** A Result of the library as an Outcome, its value mapped. */
export function outcome<T>(r: Result<T, unknown>, map: (v: T) => unknown = (v) => v): Outcome {
  return r.ok ? { ok: true, value: map(r.value) } : { ok: false, error: r.error };
}

/** How a command's batch mode differs. */
export interface BatchMode {
  /** `equivalent`: a value `false` is "not equivalent", counted apart and exit status 1. */
  readonly comparison?: boolean;
  /** The rule the inputs are read with (`--rule`), for where their password stands (password.ts). */
  readonly rule?: string;
}

/**
 * Runs a command on its arguments, or in batch mode on the lines of stdin or `--input` when no
 * argument is given. In single mode the value is printed by `show` (or as JSON with `--json`),
 * an error goes to stderr; a comparison that is false exits with 1.
 */
export async function dispatch(
  name: string,
  args: readonly (string | undefined)[],
  opts: InputOptions,
  io: Io,
  single: () => Outcome,
  line: (text: string) => Outcome,
  show: (value: unknown) => string[],
  mode: BatchMode = {},
): Promise<number> {
  const shown = hideFields(hider(io), mode.rule);
  const limit = opts.maxLength;
  // --max-length refuses a longer input before any work, as the library's maxLength does; its
  // excerpt masks the password as the command reads the input (--rule authority: "u:***@h")
  const checked = <A extends unknown[]>(f: (...a: A) => Outcome, inputs: (...a: A) => readonly string[]) =>
    (...a: A): Outcome => {
      const long = limit === undefined ? undefined : inputs(...a).find((t) => t.length > limit);
      if (long === undefined || limit === undefined) return f(...a);
      return { ok: false, error: new InputTooLongError(maskPassword(long, PASSWORD_MASK, { rule: mode.rule }), "input", limit, long.length) };
    };
  single = checked(single, () => args.filter((a): a is string => a !== undefined));
  line = checked(line, (t: string) => (args.length > 1 ? t.split("\t") : [t])); // a line of two inputs: each
  const given = args.filter((a) => a !== undefined).length;
  if (given > 0) {
    if (opts.input !== undefined) throw new UsageError(`${name}: give the input as arguments or with --input, not both`);
    if (given < args.length) throw new UsageError(`${name}: expected ${args.length} arguments, got ${given}`);
    const o = single();
    if (o.value !== undefined) write(io.json ? [toJson(o.value, jsonReplacer, 2)] : show(o.value));
    if (!o.ok) {
      reportError(o.error, io);
      return EXIT.invalid;
    }
    return o.different === true ? EXIT.invalid : EXIT.ok;
  }
  const open = (): ReturnType<typeof openInput> => {
    if (opts.input === undefined && process.stdin.isTTY === true) {
      throw new UsageError(`${name}: missing input: give it as an argument, pipe one input per line to stdin, or use --input FILE`);
    }
    return openInput(opts.input);
  };
  const progress = opts.quiet !== true && (opts.progress ?? process.stderr.isTTY === true);
  // a line holds one input, or two and a tab; a longer one is refused as it is read, not kept:
  // a line of two, by the input that is too long (the first, or the one after the first tab)
  const max = limit ?? DEFAULT_MAX_LENGTH;
  const maxLineLength = max * args.length + (args.length - 1);
  // the error of a line cut short holds what is kept of it with its password masked (its "@" may be past the cut)
  const hide = hider(io);
  const tooLong = (l: Line): InputTooLongError =>
    args.length === 1
      ? new InputTooLongError(hide(l.text, { rule: mode.rule, open: true }), "input", max, l.length)
      : l.tab === -1 || l.tab > max
      ? new InputTooLongError(hide(l.tab === -1 ? l.text : l.text.slice(0, l.tab), { rule: mode.rule, open: true }), "input", max, l.tab === -1 ? l.length : l.tab)
      : new InputTooLongError(hide(l.text.slice(l.tab + 1), { rule: mode.rule, open: true }), "input", max, l.length - l.tab - 1);
  return runBatch(open, line, {
    command: name,
    progress,
    quiet: opts.quiet === true,
    comparison: mode.comparison === true,
    maxLineLength,
    tooLong,
    shown,
    jobs: opts.jobs,
    keyed: opts.keyed === true,
    partition: opts.partition,
    workers: io.workers,
    serve: io.serve,
  });
}

/** A line of two inputs separated by a tab (equivalent, and resolve or relativize without --base). */
export function pair(text: string, what: string): readonly [string, string] {
  const fields = text.split("\t");
  if (fields.length !== 2) {
    throw new InputError(`expected ${what} separated by one tab, got ${fields.length} field${fields.length === 1 ? "" : "s"}`);
  }
  return fields as unknown as readonly [string, string];
}

/** A value printed as the one line it is. */
export const text = (v: unknown): string[] => [String(v)];

/**
 * The built-in schemes' records (src/schemes/records.ts: the schemes of `defaultRegistry` without
 * their grammar values), loaded when a command first asks for them; they load no ABNF engine code.
 */
export const builtInSchemes = async (): Promise<SchemeRegistry> => (await import("../schemes/records.js")).builtInRecords;
