// The `expand` command (RFC 6570 §3): a template's URI for the --var and --json-vars variables, through the shared
// dispatch. It loads the expander alone (template/expand-text.ts), not the matcher; main.ts imports it when it runs.
import fs from "node:fs";
import { expand } from "../../template/expand-text.js";
import type { TemplateVariables } from "../../template/values.js";
import { withExcerpt } from "../../template/errors.js";
import { parseParts } from "../../template/parse.js";
import { dispatch, hider, scrubbed, type InputOptions, type Io } from "../dispatch.js";
import type { Outcome } from "../batch-types.js";
import { UsageError } from "../errors.js";

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

/**
 * The note for variables given that the template does not name (a misspelt --var, which RFC 6570
 * §2.3 reads as another variable: the one meant is undefined and expands to nothing), or undefined.
 * Only for one template given as an argument: a template that does not parse gets its own error.
 */
function unusedNote(template: string, vars: Record<string, unknown>): string | undefined {
  const parts = parseParts(template);
  if (!parts.ok) return undefined;
  const named = [...new Set(parts.value.flatMap((p) => (p.kind === "expression" ? p.varspecs.map((v) => v.name) : [])))];
  const unused = Object.keys(vars).filter((k) => !named.includes(k));
  if (unused.length === 0) return undefined;
  const list = (names: readonly string[]): string => names.map((n) => JSON.stringify(n)).join(", ");
  return `expand: (the template has no variable${unused.length === 1 ? "" : "s"} ${list(unused)}: ${named.length === 0 ? "it has none" : `its variables are ${list(named)}`})`;
}

export function expandCommand(template: string | undefined, opts: ExpandOptions, io: Io): Promise<number> {
  if (opts.jsonVars === "-" && template === undefined) throw new UsageError("expand: --json-vars - reads stdin, which batch mode reads templates from: give the template as an argument");
  const vars = variablesOf(opts);
  const note = template === undefined || io.quiet || io.json ? undefined : unusedNote(template, vars);
  if (note !== undefined) process.stderr.write(`${io.paintErr("dim", note)}\n`);
  const hide = hider(io);
  // the URI is the command's product: its password masked unless --show-password (dispatch.ts, hider)
  const op = (t: string): Outcome => {
    const o = expanded(t, vars);
    if (io.showPassword === true) return o;
    return o.ok ? { ok: true, value: hide(String(o.value)) } : { ok: false, error: scrubbed(o.error, t) };
  };
  return dispatch("expand", [template], opts, io, () => op(template ?? ""), op, (v) => [String(v)]);
}
