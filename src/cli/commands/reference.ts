// resolve, relativize, normalize and equivalent (RFC 3986 §5.2, §4.2, §6.2), with the built-in schemes loaded only for
// §6.2.3 (normalize and equivalent at the scheme level, relativize --normalize).
import type { UriReference } from "../../ast/nodes.js";
import { equivalent, normalize, relativize, resolve, serialize, type NormalizeOptions } from "../../operations.js";
import type { Result } from "../../result.js";
import type { EquivalenceLevel } from "../../transforms/equivalent.js";
import type { Outcome } from "../batch-types.js";
import { builtInSchemes, dispatch, hider, outcome, pair, text, type Hide, type InputOptions, type Io } from "../dispatch.js";
import { UsageError } from "../errors.js";

/** A reference the command made, as text: its password masked unless --show-password. */
const asText = (r: Result<UriReference, unknown>, hide: Hide): Outcome => outcome(r, (u) => hide(serialize(u)));

export interface ResolveOptions extends InputOptions {
  readonly base?: string;
  readonly strict?: boolean;
}

export function resolveCommand(base: string | undefined, ref: string | undefined, opts: ResolveOptions, io: Io): Promise<number> {
  const hide = hider(io);
  const op = (b: string, r: string): Outcome => asText(resolve(b, r, { strict: opts.strict !== false }), hide);
  return twoInputs("resolve", "a base and a reference", base, ref, opts, io, op);
}

export interface RelativizeOptions extends InputOptions {
  readonly base?: string;
  readonly normalize?: boolean;
}

/** The empty reference (RFC 3986 §4.4: the base itself) prints as the empty line it is; a note on stderr says so, unless --quiet. */
const EMPTY_REFERENCE = "relativize: (the empty reference: the target is the base without its fragment)";

export async function relativizeCommand(base: string | undefined, target: string | undefined, opts: RelativizeOptions, io: Io): Promise<number> {
  const hide = hider(io);
  const normalizeFirst = opts.normalize === true ? { schemes: await builtInSchemes() } : false;
  const op = (b: string, t: string): Outcome => asText(relativize(b, t, { normalize: normalizeFirst }), hide);
  const show = (v: unknown): string[] => {
    if (v === "" && !io.quiet) process.stderr.write(`${io.paintErr("dim", EMPTY_REFERENCE)}\n`);
    return [String(v)];
  };
  return twoInputs("relativize", "a base and a target", base, target, opts, io, op, show);
}

/** resolve and relativize: `<base> <x>`, or `--base B <x>`; in batch mode lines of x with --base, else `base<TAB>x`. */
function twoInputs(
  name: string,
  what: string,
  first: string | undefined,
  second: string | undefined,
  opts: InputOptions & { readonly base?: string },
  io: Io,
  op: (a: string, b: string) => Outcome,
  show: (value: unknown) => string[] = text,
): Promise<number> {
  if (opts.base !== undefined) {
    if (second !== undefined) throw new UsageError(`${name}: with --base, give one more argument, not two`);
    const base = opts.base;
    return dispatch(name, [first], opts, io, () => op(base, first ?? ""), (t) => op(base, t), show);
  }
  return dispatch(name, [first, second], opts, io, () => op(first ?? "", second ?? ""), (t) => op(...pair(t, what)), show);
}

export interface NormalizeCommandOptions extends InputOptions {
  readonly level: "syntax" | "scheme";
  readonly ipv6?: "keep" | "rfc5952";
  readonly nfc?: boolean;
}

export async function normalizeCommand(input: string | undefined, opts: NormalizeCommandOptions, io: Io): Promise<number> {
  const steps: NormalizeOptions = opts.level === "syntax"
    ? { schemes: [], emptyPort: false, defaultPort: false, emptyPath: false, ipv6: opts.ipv6, nfc: opts.nfc }
    : { schemes: await builtInSchemes(), ipv6: opts.ipv6, nfc: opts.nfc };
  const hide = hider(io);
  const op = (t: string): Outcome => asText(normalize(t, steps), hide);
  return dispatch("normalize", [input], opts, io, () => op(input ?? ""), op, text);
}

export interface EquivalentOptions extends InputOptions {
  readonly level: EquivalenceLevel;
  readonly ignoreFragment?: boolean;
  readonly nfc?: boolean;
}

export async function equivalentCommand(a: string | undefined, b: string | undefined, opts: EquivalentOptions, io: Io): Promise<number> {
  const schemes = await builtInSchemes();
  const op = (x: string, y: string): Outcome => {
    const r = equivalent(x, y, { level: opts.level, ignoreFragment: opts.ignoreFragment, nfc: opts.nfc, schemes });
    return r.ok ? { ok: true, value: r.value, different: !r.value } : { ok: false, error: r.error };
  };
  const show = (v: unknown): string[] => [v === true ? "equivalent" : "not equivalent"];
  return dispatch("equivalent", [a, b], opts, io, () => op(a ?? "", b ?? ""), (t) => op(...pair(t, "two URIs")), show, { comparison: true });
}

