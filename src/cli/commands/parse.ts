// parse and validate: a URI reference (an IRI reference beyond US-ASCII) drawn, printed or checked, or any rule of
// RFC 3986, RFC 3987 or a scheme's grammar (--rule, --grammar) and a URI under its scheme (--scheme): each loaded only then.
import { isNode, isReferenceNode } from "../../ast/make.js";
import { parse, parseRule, validate } from "../../parse.js";
import type { SchemeParse, SchemeRegistry } from "../../schemes/registry.js";
import type { Result } from "../../result.js";
import type { Outcome } from "../batch-types.js";
import { builtInSchemes, dispatch, hider, outcome, type InputOptions, type Io } from "../dispatch.js";
import { jsonReplacer, UsageError } from "../errors.js";
import { authorityNodeParts, figure, referenceParts } from "../figure.js";
import type { NamedGrammar } from "../grammars.js";
import { toJson, type Paint } from "../style.js";
import { astTree, matchTree } from "../tree.js";
import { NON_ASCII } from "../../charsets.js";

export interface ParseOptions extends InputOptions {
  readonly rule?: string;
  readonly grammar?: string;
  readonly tree?: boolean;
  readonly scheme?: boolean;
}

/** Which rule a text is read with: the one named, or URI-reference (IRI-reference for text beyond ASCII, as the operations read strings). */
function readerOf(named: Named | undefined, maxLength: number | undefined): (text: string) => { rule: string; result: Result<unknown, unknown> } {
  if (named !== undefined) {
    const { g } = named;
    const r = named.rule ?? g.rule;
    if (g.ast) return (text) => ({ rule: r, result: parseRule(text, { rule: r as "URI", maxLength }) });
    const s = named.derivationSemantics(g.grammar);
    return (text) => {
      const v = g.grammar.validate(text, r);
      return { rule: r, result: v.ok ? { ok: true, value: s.match(r, text) } : v };
    };
  }
  return (text) => {
    const r = parse(text, { maxLength });
    if (r.ok || !NON_ASCII.test(text)) return { rule: "URI-reference", result: r };
    return { rule: "IRI-reference", result: parseRule(text, { rule: "IRI-reference", maxLength }) };
  };
}

/** The grammar of --grammar and the rule of --rule, checked, with what reads them. */
interface Named {
  readonly g: NamedGrammar;
  readonly rule: string | undefined;
  readonly derivationSemantics: typeof import("../grammars.js").derivationSemantics;
}

/**
 * The grammar and rule that --grammar and --rule name (../grammars.ts, which evaluates every
 * grammar value, is loaded only then), or `undefined` without either: the text is then read as
 * a URI reference by the main entry's compiled automaton.
 */
async function named(opts: { readonly rule?: string | undefined; readonly grammar?: string | undefined }): Promise<Named | undefined> {
  if (opts.rule === undefined && opts.grammar === undefined) return undefined;
  const { grammarNamed, ruleOf, derivationSemantics } = await import("../grammars.js");
  const g = grammarNamed(opts.grammar);
  return { g, rule: opts.rule === undefined ? undefined : ruleOf(g, opts.rule), derivationSemantics };
}

export async function parseCommand(text: string | undefined, opts: ParseOptions, io: Io): Promise<number> {
  if (opts.scheme === true && (opts.rule !== undefined || opts.grammar !== undefined)) {
    throw new UsageError("parse: --scheme reads a URI reference; it does not go with --rule or --grammar");
  }
  if (opts.tree === true && text === undefined) {
    // a tree takes many lines of a terminal; batch mode's records are one line each, in order,
    // for programs: its "value" is the AST the tree would draw (issue 23: --tree was ignored)
    throw new UsageError(
      "parse: --tree draws the tree of one URI given as an argument; batch mode (stdin or --input) prints JSON Lines, whose \"value\" is the AST the tree draws. " +
        "Leave out --tree, or draw a few lines' trees one by one: xargs -d '\\n' -n 1 uri-grammar parse --tree < FILE",
    );
  }
  const n = await named(opts);
  const rule = n?.rule;
  const read = readerOf(n, opts.maxLength);
  const registry = opts.scheme === true ? await builtInSchemes() : undefined;
  let lastRule = rule ?? n?.g.rule ?? "URI-reference";
  const hide = hider(io);
  // the input as given decides; what is shown is read from it with its password masked (a
  // valid input stays valid: "***" is userinfo, RFC 3986 §3.2.1)
  const op = (raw: string): Outcome => {
    const t = hide(raw, { rule });
    if (registry !== undefined) {
      const given = t === raw ? undefined : parse(raw, { maxLength: opts.maxLength });
      if (given?.ok === false) return { ok: false, error: given.error };
      const r = parse(t, { schemes: registry, maxLength: opts.maxLength });
      if (!r.ok) return { ok: false, error: r.error };
      return r.value.schemeError === undefined ? { ok: true, value: r.value } : { ok: false, error: r.value.schemeError, value: r.value };
    }
    const given = read(raw);
    lastRule = given.rule;
    if (t === raw || !given.result.ok) return outcome(given.result);
    const shown = read(t);
    lastRule = shown.rule;
    return outcome(shown.result);
  };
  const show = (v: unknown): string[] => {
    const t = hide(text ?? "", { rule });
    if (registry !== undefined) return showSchemeParse(t, v as SchemeParse, registry, opts, io.paint);
    return showValue(t, lastRule, v, opts.tree === true, io.paint, rule !== undefined);
  };
  return dispatch("parse", [text], opts, io, () => op(text ?? ""), op, show, { rule });
}

/** A value as a figure (a reference or an authority, without --tree) or a tree, its first line named by `rule` when it was asked for (`--rule`). */
function showValue(text: string, rule: string, v: unknown, tree: boolean, paint: Paint, asked = false): string[] {
  if (typeof v === "object" && v !== null && "children" in v && "rule" in v) return matchTree(v as Parameters<typeof matchTree>[0], paint);
  if (!tree && isReferenceNode(v)) return figure(text, referenceParts(v), paint);
  if (!tree && isNode(v) && v.kind === "authority") return figure(text, authorityNodeParts(v), paint);
  return astTree(rule, v, text, paint, asked);
}

function showSchemeParse(text: string, v: SchemeParse, registry: SchemeRegistry, opts: ParseOptions, paint: Paint): string[] {
  const lines = showValue(text, "URI-reference", v.generic, opts.tree === true, paint);
  const name = v.generic.scheme?.toLowerCase();
  if (v.scheme !== undefined) {
    const fields = Object.entries(v.scheme as object).filter(([, x]) => x !== undefined && typeof x !== "function");
    const width = Math.max(0, ...fields.map(([k]) => k.length));
    lines.push("", paint("bold", `${name} value:`), ...fields.map(([k, x]) => `  ${paint("bold", k.padEnd(width))}  ${paint("green", toJson(x, jsonReplacer))}`));
  } else if (v.schemeError === undefined) {
    lines.push("", paint("dim", name === undefined ? "no scheme: a relative reference" : `no built-in scheme ${JSON.stringify(name)} (built in: ${registry.names.join(", ")})`));
  }
  return lines;
}

export interface ValidateOptions extends InputOptions {
  readonly rule?: string;
  readonly grammar?: string;
}

/**
 * validate: the text against the rule named, or, with neither --rule nor --grammar, as parse and
 * the operations (normalize, resolve, ...) read it: a URI reference, or an IRI reference when it
 * holds characters beyond US-ASCII (RFC 3987 §2.2: every URI is an IRI). So a line that
 * normalize reads is one that validate calls valid, and the line printed names the rule that
 * matched (issue 31: `validate` refused what `normalize` printed).
 */
export async function validateCommand(text: string | undefined, opts: ValidateOptions, io: Io): Promise<number> {
  const n = await named(opts);
  const asked = n === undefined ? undefined : (n.rule ?? n.g.rule);
  const rule = asked ?? "URI-reference";
  let matched = rule;
  const op = (t: string): Outcome => {
    if (n !== undefined && !n.g.ast) return outcome(n.g.grammar.validate(t, rule));
    const r = validate(t, { rule, maxLength: opts.maxLength });
    matched = rule;
    if (asked !== undefined || r.ok || !NON_ASCII.test(t)) return outcome(r);
    const iri = validate(t, { rule: "IRI-reference", maxLength: opts.maxLength });
    if (iri.ok) matched = "IRI-reference";
    return outcome(iri.ok ? iri : r);
  };
  const show = (): string[] => (io.quiet ? [] : [`valid ${matched}${opts.grammar === undefined || n === undefined ? "" : ` (${n.g.grammar.name})`}`]);
  return dispatch("validate", [text], opts, io, () => op(text ?? ""), op, show, { rule });
}
