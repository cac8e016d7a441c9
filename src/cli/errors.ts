// What the command line reports: usage errors (exit status 2), and any error as a one-line JSON
// object for JSON Lines and --json.

/** Exit statuses. */
export const EXIT = { ok: 0, invalid: 1, usage: 2, internal: 3 } as const;

/** A mistake in the command line itself (an unknown rule or grammar, missing arguments): exit status 2. */
export class UsageError extends Error {
  override readonly name: string = "UsageError";
}

/** A batch line that is not in the form the command reads (e.g. two URIs separated by a tab). */
export class InputError extends Error {
  override readonly name = "InputError";
}

/**
 * A worker thread of batch mode (--jobs) that failed or stopped: the run ends with the records of
 * the lines before the chunk it held, and exit status 3 (an internal error).
 */
export class WorkerError extends Error {
  override readonly name = "WorkerError";
}

/** An error as JSON: always `name` and `message` (one line), then the fields the error has. */
export interface ErrorJson {
  readonly name: string;
  readonly message: string;
  readonly [field: string]: unknown;
}

const FIELDS = ["code", "rule", "offset", "expected", "found", "maxLength", "scheme", "section", "label", "host", "reason", "suggestion"] as const;

export function errorJson(e: unknown): ErrorJson {
  if (!(e instanceof Error)) return { name: "Error", message: String(e) };
  const x = e as Error & Record<string, unknown>;
  const short = typeof x["shortMessage"] === "string" ? (x["shortMessage"] as string) : (e.message.split("\n")[0] ?? "");
  const out: Record<string, unknown> = { name: e.name, message: short };
  for (const f of FIELDS) if (x[f] !== undefined) out[f] = x[f];
  return out as ErrorJson;
}

/** A JSON replacer for values the schemes build: bytes as an array of numbers, errors by {@link errorJson}. */
export function jsonReplacer(this: unknown, _key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return Array.from(value);
  if (value instanceof Error) return errorJson(value);
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Map) return Object.fromEntries(value);
  return value;
}
