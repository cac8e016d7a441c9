// uri-grammar to-uri, to-iri and repair (RFC 3987 §3.1, §3.2): IRIs mapped to URIs and back, and
// text made a valid URI (or IRI) reference by percent-encoding what stands where it may not.
import type { UriReference } from "../../ast/nodes.js";
import { iriToUri, repairIriReference, repairUriReference, uriToIri } from "../../iri/index.js";
import { serialize } from "../../operations.js";
import { PASSWORD_MASK, passwordRange } from "../../password.js";
import type { Result } from "../../result.js";
import type { Outcome } from "../batch-types.js";
import { dispatch, hider, outcome, text, type Hide, type InputOptions, type Io } from "../dispatch.js";
import { toJson } from "../style.js";

/** A reference the command made, as text: its password masked unless --show-password. */
const asText = (r: Result<UriReference, unknown>, hide: Hide): Outcome => outcome(r, (u) => hide(serialize(u)));

export interface IdnaOptions extends InputOptions {
  readonly idna?: boolean;
}

/** to-uri (RFC 3987 §3.1) and to-iri (§3.2). */
export function mapCommand(command: "to-uri" | "to-iri", input: string | undefined, opts: IdnaOptions, io: Io): Promise<number> {
  const hide = hider(io);
  const map = command === "to-uri" ? iriToUri : uriToIri;
  const op = (t: string): Outcome => asText(map(t, { idna: opts.idna === true }), hide);
  return dispatch(command, [input], opts, io, () => op(input ?? ""), op, text);
}

export interface RepairOptions extends InputOptions {
  readonly iri?: boolean;
}

export function repairCommand(input: string | undefined, opts: RepairOptions, io: Io): Promise<number> {
  const hide = hider(io);
  // the repaired text is the product (masked); a change inside the password shows no character of it
  const op = (t: string): Outcome => {
    const r = opts.iri === true ? repairIriReference(t) : repairUriReference(t);
    if (io.showPassword === true) return { ok: true, value: r };
    const pw = passwordRange(t);
    const changes = pw === undefined ? r.changes : r.changes.map((c) => (c.offset >= pw.start && c.offset < pw.end ? { ...c, from: PASSWORD_MASK, to: PASSWORD_MASK } : c));
    return { ok: true, value: { ...r, value: hide(r.value), changes } };
  };
  const show = (v: unknown): string[] => {
    const r = v as ReturnType<typeof repairUriReference>;
    if (!io.quiet) {
      const p = io.paintErr;
      const n = r.changes.length;
      const head = n === 0 ? "unchanged" : `${n} change${n === 1 ? "" : "s"}:`;
      const lines = r.changes.map((c) => `  offset ${c.offset} (${c.component}): ${toJson(c.from)} ${c.kind === "removed" ? p("green", "removed") : c.kind === "inserted" ? `${p("green", "inserted")} ${toJson(c.to)}` : `-> ${p("green", c.to)}`}`);
      process.stderr.write(`${[p("dim", head), ...lines].join("\n")}\n`);
    }
    return [r.value];
  };
  return dispatch("repair", [input], opts, io, () => op(input ?? ""), op, show);
}

