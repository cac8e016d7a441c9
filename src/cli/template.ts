// The template commands of uri-grammar (RFC 6570): `expand` writes a template's URI for the
// variables given with --var and --json-vars; `match` reads the variables back from a URI, as
// JSON. Both take one input from the arguments or, in batch mode, one per line (JSON Lines out),
// through the same dispatch as the other commands.
import fs from "node:fs";
import { expand, match, matchAll } from "../template/index.js";
import type { TemplateVariables } from "../template/index.js";
import { dispatch, pair, type InputOptions, type Io } from "./commands.js";
import type { Outcome } from "./batch.js";
import { jsonReplacer, UsageError } from "./errors.js";
import { toJson } from "./style.js";

export interface ExpandOptions extends InputOptions {
  /** --var name=value, repeated. */
  readonly var?: readonly string[];
  /** --json-vars FILE: a JSON object of values by name. */
  readonly jsonVars?: string;
}

/** The variables of --json-vars and --var (the latter win), or a usage error. */
function variablesOf(opts: ExpandOptions): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (opts.jsonVars !== undefined) {
    let text: string;
    try {
      text = fs.readFileSync(opts.jsonVars === "-" ? 0 : opts.jsonVars, "utf8");
    } catch (e) {
      throw new UsageError(`expand: cannot read ${JSON.stringify(opts.jsonVars)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`expand: ${JSON.stringify(opts.jsonVars)} is not JSON: ${(e as Error).message}`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new UsageError(`expand: ${JSON.stringify(opts.jsonVars)} must hold a JSON object of values by variable name`);
    for (const [k, v] of Object.entries(parsed)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
  }
  for (const kv of opts.var ?? []) {
    const eq = kv.indexOf("=");
    if (eq <= 0) throw new UsageError(`expand: --var takes name=value, got ${JSON.stringify(kv)}`);
    Object.defineProperty(out, kv.slice(0, eq), { value: kv.slice(eq + 1), enumerable: true, writable: true });
  }
  return out;
}

/** An expansion as an Outcome; a value RFC 6570 does not define (a TypeError) is that input's error. */
function expanded(template: string, vars: Record<string, unknown>): Outcome {
  try {
    const r = expand(template, vars as TemplateVariables);
    return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
  } catch (e) {
    if (e instanceof TypeError) return { ok: false, error: e };
    throw e;
  }
}

export function expandCommand(template: string | undefined, opts: ExpandOptions, io: Io): Promise<number> {
  if (opts.jsonVars === "-" && template === undefined) throw new UsageError("expand: --json-vars - reads stdin, which batch mode reads templates from: give the template as an argument");
  const vars = variablesOf(opts);
  const op = (t: string): Outcome => expanded(t, vars);
  return dispatch("expand", [template], opts, io, () => op(template ?? ""), op, (v) => [String(v)]);
}

export interface MatchCommandOptions extends InputOptions {
  /** --all: every reading (at most --limit), not only the preferred one. */
  readonly all?: boolean;
  readonly limit?: number;
  readonly maxReadings?: number;
}

export function matchCommand(template: string | undefined, uri: string | undefined, opts: MatchCommandOptions, io: Io): Promise<number> {
  const op = (t: string, u: string): Outcome => {
    if (opts.all === true) {
      const r = matchAll(t, u, { limit: opts.limit });
      return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
    }
    const r = match(t, u, { maxReadings: opts.maxReadings });
    return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
  };
  // the variables are structured: JSON, with or without --json
  const show = (v: unknown): string[] => [toJson(v, jsonReplacer, 2)];
  if (template !== undefined && uri === undefined) {
    // one template, the URIs one per line
    return dispatch("match", [undefined], opts, io, () => op(template, ""), (u) => op(template, u), show);
  }
  return dispatch("match", [template, uri], opts, io, () => op(template ?? "", uri ?? ""), (t) => op(...pair(t, "a template and a URI")), show);
}
