// The `match` command (RFC 6570): a template's variables read back from a URI, as JSON, through the shared dispatch.
// `expand` is commands/expand.ts, which loads the expander alone.
import { expand, match, matchAll, parseTemplate, type TemplateError, type TemplateVariables } from "../template/index.js";
import { withExcerpt } from "../template/errors.js";
import { PASSWORD_MASK, passwordRange } from "../password.js";
import { dispatch, pair, scrubbed, type InputOptions, type Io } from "./dispatch.js";
import type { Outcome } from "./batch-types.js";
import { jsonReplacer } from "./errors.js";
import { toJson } from "./style.js";

export interface MatchCommandOptions extends InputOptions {
  /** --all: every reading (at most --limit), not only the preferred one. */
  readonly all?: boolean;
  readonly limit?: number;
  readonly maxReadings?: number;
  /** --case, --percent-encoding: the spellings RFC 3986 §6.2.2.1 and §6.2.2.2 call equivalent (match's options of those names). */
  readonly case?: boolean;
  readonly percentEncoding?: boolean;
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
      const r = matchAll(t, u, { limit: opts.limit, case: opts.case, percentEncoding: opts.percentEncoding });
      if (!r.ok) return failed(r.error);
      return { ok: true, value: shown ? r.value : { ...r.value, readings: r.value.readings.map((x) => hideReading(t, u, x as Record<string, unknown>)) } };
    }
    const r = match(t, u, { maxReadings: opts.maxReadings, case: opts.case, percentEncoding: opts.percentEncoding });
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
