// The template commands of uri-grammar (RFC 6570): `expand` writes a template's URI for the
// variables given with --var and --json-vars; `match` reads the variables back from a URI, as
// JSON. Both take one input from the arguments or, in batch mode, one per line (JSON Lines out),
// through the same dispatch as the other commands.
import fs from "node:fs";
import { expand, match, matchAll, parseTemplate } from "../template/index.js";
import type { TemplateError, TemplateVariables } from "../template/index.js";
import { withExcerpt } from "../template/errors.js";
import { PASSWORD_MASK, passwordRange } from "../password.js";
import { dispatch, hider, pair, scrubbed, type InputOptions, type Io } from "./dispatch.js";
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
    // the message with its caret excerpt, which a TemplateError's own message leaves out (errors.ts)
    return r.ok ? { ok: true, value: r.value } : { ok: false, error: withExcerpt(r.error) };
  } catch (e) {
    if (e instanceof TypeError) return { ok: false, error: e };
    throw e;
  }
}

export function expandCommand(template: string | undefined, opts: ExpandOptions, io: Io): Promise<number> {
  if (opts.jsonVars === "-" && template === undefined) throw new UsageError("expand: --json-vars - reads stdin, which batch mode reads templates from: give the template as an argument");
  const vars = variablesOf(opts);
  const hide = hider(io);
  // the URI is the command's product: its password masked unless --show-password (dispatch.ts, hider)
  const op = (t: string): Outcome => {
    const o = expanded(t, vars);
    if (io.showPassword === true) return o;
    return o.ok ? { ok: true, value: hide(String(o.value)) } : { ok: false, error: scrubbed(o.error, t) };
  };
  return dispatch("expand", [template], opts, io, () => op(template ?? ""), op, (v) => [String(v)]);
}

export interface MatchCommandOptions extends InputOptions {
  /** --all: every reading (at most --limit), not only the preferred one. */
  readonly all?: boolean;
  readonly limit?: number;
  readonly maxReadings?: number;
}

/**
 * A reading of `uri` with every variable whose expansion holds any character of the URI's
 * password (password.ts) shown as "***" (RFC 3986 §7.5): each part of the template, expanded
 * with the reading, is the piece of the URI it stands for (expansion gives the URI back, RFC
 * 6570 §3), so an expression whose piece meets the password hides all its variables. When the
 * pieces do not add up to the URI, every variable is hidden.
 */
function hideReading(template: string, uri: string, reading: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const pw = passwordRange(uri);
  const names = Object.keys(reading);
  if (pw === undefined) return reading as Record<string, unknown>;
  const t = parseTemplate(template);
  const hidden = new Set<string>(t.ok ? [] : names);
  let at = 0;
  for (const part of t.ok ? t.value.parts : []) {
    let piece: string;
    if (part.kind === "literal") piece = part.expansion;
    else {
      const r = expand(part.text, reading as TemplateVariables);
      piece = r.ok ? r.value : "";
    }
    if (part.kind === "expression" && at < pw.end && at + piece.length > pw.start) for (const v of part.varspecs) hidden.add(v.name);
    at += piece.length;
  }
  if (at !== uri.length) for (const n of names) hidden.add(n);
  const out: Record<string, unknown> = {};
  for (const n of names) Object.defineProperty(out, n, { value: hidden.has(n) ? PASSWORD_MASK : reading[n], enumerable: true, writable: true });
  return out;
}

export function matchCommand(template: string | undefined, uri: string | undefined, opts: MatchCommandOptions, io: Io): Promise<number> {
  // the variables are the command's product: those read out of the password masked unless --show-password
  const shown = io.showPassword === true;
  const op = (t: string, u: string): Outcome => {
    // the message with its caret excerpt, which a TemplateError's own message leaves out (errors.ts)
    const failed = (error: TemplateError): Outcome => ({ ok: false, error: shown ? withExcerpt(error) : scrubbed(withExcerpt(error), t) });
    if (opts.all === true) {
      const r = matchAll(t, u, { limit: opts.limit });
      if (!r.ok) return failed(r.error);
      return { ok: true, value: shown ? r.value : { ...r.value, readings: r.value.readings.map((x) => hideReading(t, u, x as Record<string, unknown>)) } };
    }
    const r = match(t, u, { maxReadings: opts.maxReadings });
    if (!r.ok) return failed(r.error);
    return { ok: true, value: shown ? r.value : hideReading(t, u, r.value as Record<string, unknown>) };
  };
  // the variables are structured: JSON, with or without --json
  const show = (v: unknown): string[] => [toJson(v, jsonReplacer, 2)];
  if (template !== undefined && uri === undefined) {
    // one template, the URIs one per line
    return dispatch("match", [undefined], opts, io, () => op(template, ""), (u) => op(template, u), show);
  }
  return dispatch("match", [template, uri], opts, io, () => op(template ?? "", uri ?? ""), (t) => op(...pair(t, "a template and a URI")), show);
}
