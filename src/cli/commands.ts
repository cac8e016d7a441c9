// The commands of uri-grammar (the program is src/cli/main.ts, which loads this module only when
// a command runs, so that --version and --help do not load the grammars): each reads its inputs
// from the arguments or, in batch mode, one per line, and returns the exit status.
import type { Authority, UriReference } from "../ast/nodes.js";
import { equivalent, normalize, relativize, resolve, serialize, type NormalizeOptions } from "../operations.js";
import { parse, parseRule, validate } from "../parse.js";
import { DEFAULT_MAX_LENGTH, InputTooLongError } from "../errors.js";
import { maskPassword, PASSWORD_MASK, passwordRange, type PasswordReading } from "../password.js";
import { iriToUri, repairIriReference, repairUriReference, uriToIri } from "../iri/index.js";
import { defaultRegistry } from "../schemes/defaults.js";
import type { SchemeParse } from "../schemes/registry.js";
import type { Result } from "../result.js";
import type { EquivalenceLevel } from "../transforms/equivalent.js";
import { openInput, runBatch, type Line, type Outcome, type Serve, type Workers } from "./batch.js";
import { errorJson, EXIT, InputError, jsonReplacer, UsageError } from "./errors.js";
import { authorityNodeParts, figure, referenceParts } from "./figure.js";
import { derivationSemantics, grammarNamed, ruleHome, ruleLinks, ruleOf, type NamedGrammar } from "./grammars.js";
import type { RuleSection } from "./sections.js";
import { printable, toJson, type Paint } from "./style.js";
import { astTree, matchTree } from "./tree.js";

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

const write = (lines: readonly string[]): void => {
  if (lines.length > 0) process.stdout.write(`${lines.join("\n")}\n`);
};

const NON_ASCII = /[^\x00-\x7f]/;

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
function outcome<T>(r: Result<T, unknown>, map: (v: T) => unknown = (v) => v): Outcome {
  return r.ok ? { ok: true, value: map(r.value) } : { ok: false, error: r.error };
}

/** How a command's batch mode differs. */
export interface BatchMode {
  /** `equal`: a value `false` is "not equivalent", counted apart and exit status 1. */
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
  // --max-length refuses a longer input before any work, as the library's maxLength does
  const checked = <A extends unknown[]>(f: (...a: A) => Outcome, inputs: (...a: A) => readonly string[]) =>
    (...a: A): Outcome => {
      const long = limit === undefined ? undefined : inputs(...a).find((t) => t.length > limit);
      return long === undefined || limit === undefined ? f(...a) : { ok: false, error: new InputTooLongError(long, "input", limit) };
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

/** A line of two inputs separated by a tab (equal, and resolve or relativize without --base). */
export function pair(text: string, what: string): readonly [string, string] {
  const fields = text.split("\t");
  if (fields.length !== 2) {
    throw new InputError(`expected ${what} separated by one tab, got ${fields.length} field${fields.length === 1 ? "" : "s"}`);
  }
  return fields as unknown as readonly [string, string];
}

// ------------------------------------------------------------------------------------------
// parse and validate

export interface ParseOptions extends InputOptions {
  readonly rule?: string;
  readonly grammar?: string;
  readonly tree?: boolean;
  readonly scheme?: boolean;
}

const isReference = (v: unknown): v is UriReference =>
  typeof v === "object" && v !== null && ((v as { kind?: unknown }).kind === "URI" || (v as { kind?: unknown }).kind === "relative-ref");
const isAuthority = (v: unknown): v is Authority => typeof v === "object" && v !== null && (v as { kind?: unknown }).kind === "authority";

/** Which rule a text is read with: the one named, or URI-reference (IRI-reference for text beyond ASCII, as the operations read strings). */
function readerOf(g: NamedGrammar, rule: string | undefined, explicitGrammar: boolean, maxLength: number | undefined): (text: string) => { rule: string; result: Result<unknown, unknown> } {
  if (rule !== undefined || explicitGrammar) {
    const r = rule ?? g.rule;
    if (g.ast) return (text) => ({ rule: r, result: parseRule(text, { rule: r as "URI", maxLength }) });
    const s = derivationSemantics(g.grammar);
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

export function parseCommand(text: string | undefined, opts: ParseOptions, io: Io): Promise<number> {
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
  const g = grammarNamed(opts.grammar);
  const rule = opts.rule === undefined ? undefined : ruleOf(g, opts.rule);
  const read = readerOf(g, rule, opts.grammar !== undefined, opts.maxLength);
  let lastRule = rule ?? g.rule;
  const hide = hider(io);
  // the input as given decides; what is shown is read from it with its password masked (a
  // valid input stays valid: "***" is userinfo, RFC 3986 §3.2.1)
  const op = (raw: string): Outcome => {
    const t = hide(raw, { rule });
    if (opts.scheme === true) {
      const given = t === raw ? undefined : parse(raw, { maxLength: opts.maxLength });
      if (given?.ok === false) return { ok: false, error: given.error };
      const r = parse(t, { schemes: defaultRegistry, maxLength: opts.maxLength });
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
    if (opts.scheme === true) return showSchemeParse(t, v as SchemeParse, opts, io.paint);
    return showValue(t, lastRule, v, opts.tree === true, io.paint, rule !== undefined);
  };
  return dispatch("parse", [text], opts, io, () => op(text ?? ""), op, show, { rule });
}

/** A value as a figure (a reference or an authority, without --tree) or a tree, its first line named by `rule` when it was asked for (`--rule`). */
function showValue(text: string, rule: string, v: unknown, tree: boolean, paint: Paint, asked = false): string[] {
  if (typeof v === "object" && v !== null && "children" in v && "rule" in v) return matchTree(v as Parameters<typeof matchTree>[0], paint);
  if (!tree && isReference(v)) return figure(text, referenceParts(v), paint);
  if (!tree && isAuthority(v)) return figure(text, authorityNodeParts(v), paint);
  return astTree(rule, v, text, paint, asked);
}

function showSchemeParse(text: string, v: SchemeParse, opts: ParseOptions, paint: Paint): string[] {
  const lines = showValue(text, "URI-reference", v.generic, opts.tree === true, paint);
  const name = v.generic.scheme?.toLowerCase();
  if (v.scheme !== undefined) {
    const fields = Object.entries(v.scheme as object).filter(([, x]) => x !== undefined && typeof x !== "function");
    const width = Math.max(0, ...fields.map(([k]) => k.length));
    lines.push("", paint("bold", `${name} value:`), ...fields.map(([k, x]) => `  ${paint("bold", k.padEnd(width))}  ${paint("green", toJson(x, jsonReplacer))}`));
  } else if (v.schemeError === undefined) {
    lines.push("", paint("dim", name === undefined ? "no scheme: a relative reference" : `no built-in scheme ${JSON.stringify(name)} (built in: ${defaultRegistry.names.join(", ")})`));
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
export function validateCommand(text: string | undefined, opts: ValidateOptions, io: Io): Promise<number> {
  const g = grammarNamed(opts.grammar);
  const asked = opts.rule === undefined ? (opts.grammar === undefined ? undefined : g.rule) : ruleOf(g, opts.rule);
  const rule = asked ?? "URI-reference";
  let matched = rule;
  const op = (t: string): Outcome => {
    if (!g.ast) return outcome(g.grammar.validate(t, rule));
    const r = validate(t, { rule, maxLength: opts.maxLength });
    matched = rule;
    if (asked !== undefined || r.ok || !NON_ASCII.test(t)) return outcome(r);
    const iri = validate(t, { rule: "IRI-reference", maxLength: opts.maxLength });
    if (iri.ok) matched = "IRI-reference";
    return outcome(iri.ok ? iri : r);
  };
  const show = (): string[] => (io.quiet ? [] : [`valid ${matched}${opts.grammar === undefined ? "" : ` (${g.grammar.name})`}`]);
  return dispatch("validate", [text], opts, io, () => op(text ?? ""), op, show, { rule });
}

// ------------------------------------------------------------------------------------------
// resolve, relativize, normalize, equal

const text = (v: unknown): string[] => [String(v)];
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

export function relativizeCommand(base: string | undefined, target: string | undefined, opts: RelativizeOptions, io: Io): Promise<number> {
  const hide = hider(io);
  const op = (b: string, t: string): Outcome => asText(relativize(b, t, { normalize: opts.normalize === true ? { schemes: defaultRegistry } : false }), hide);
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

export function normalizeCommand(input: string | undefined, opts: NormalizeCommandOptions, io: Io): Promise<number> {
  const steps: NormalizeOptions = opts.level === "syntax"
    ? { schemes: [], emptyPort: false, defaultPort: false, emptyPath: false, ipv6: opts.ipv6, nfc: opts.nfc }
    : { schemes: defaultRegistry, ipv6: opts.ipv6, nfc: opts.nfc };
  const hide = hider(io);
  const op = (t: string): Outcome => asText(normalize(t, steps), hide);
  return dispatch("normalize", [input], opts, io, () => op(input ?? ""), op, text);
}

export interface EqualOptions extends InputOptions {
  readonly level: EquivalenceLevel;
  readonly ignoreFragment?: boolean;
  readonly nfc?: boolean;
}

export function equalCommand(a: string | undefined, b: string | undefined, opts: EqualOptions, io: Io): Promise<number> {
  const op = (x: string, y: string): Outcome => {
    const r = equivalent(x, y, { level: opts.level, ignoreFragment: opts.ignoreFragment, nfc: opts.nfc, schemes: defaultRegistry });
    return r.ok ? { ok: true, value: r.value, different: !r.value } : { ok: false, error: r.error };
  };
  const show = (v: unknown): string[] => [v === true ? "equivalent" : "not equivalent"];
  return dispatch("equal", [a, b], opts, io, () => op(a ?? "", b ?? ""), (t) => op(...pair(t, "two URIs")), show, { comparison: true });
}

// ------------------------------------------------------------------------------------------
// IRIs: to-uri, to-iri, repair

export interface IdnaOptions extends InputOptions {
  readonly idna?: boolean;
}

export function toUriCommand(input: string | undefined, opts: IdnaOptions, io: Io): Promise<number> {
  const hide = hider(io);
  const op = (t: string): Outcome => asText(iriToUri(t, { idna: opts.idna === true }), hide);
  return dispatch("to-uri", [input], opts, io, () => op(input ?? ""), op, text);
}

export function toIriCommand(input: string | undefined, opts: IdnaOptions, io: Io): Promise<number> {
  const hide = hider(io);
  const op = (t: string): Outcome => asText(uriToIri(t, { idna: opts.idna === true }), hide);
  return dispatch("to-iri", [input], opts, io, () => op(input ?? ""), op, text);
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
    const changes = r.changes.map((c) => (pw !== undefined && c.offset >= pw.start && c.offset < pw.end ? { ...c, from: PASSWORD_MASK, to: PASSWORD_MASK } : c));
    return { ok: true, value: { ...r, value: hide(r.value), changes } };
  };
  const show = (v: unknown): string[] => {
    const r = v as ReturnType<typeof repairUriReference>;
    if (!io.quiet) {
      const p = io.paintErr;
      const n = r.changes.length;
      const head = n === 0 ? "unchanged" : `${n} change${n === 1 ? "" : "s"}:`;
      const lines = r.changes.map((c) => `  offset ${c.offset} (${c.component}): ${toJson(c.from)} ${c.kind === "removed" ? p("green", "removed") : `-> ${p("green", c.to)}`}`);
      process.stderr.write(`${[p("dim", head), ...lines].join("\n")}\n`);
    }
    return [r.value];
  };
  return dispatch("repair", [input], opts, io, () => op(input ?? ""), op, show);
}

// ------------------------------------------------------------------------------------------
// rules and rule

/** The RFC sections of the rules, read when first asked for. */
export type Sections = () => ReadonlyMap<string, RuleSection>;

/** A rule: its name, where it is defined (the RFC section for RFC 3986, RFC 3987 and core rules), its ABNF and links. */
function ruleInfo(g: NamedGrammar, name: string, sections: Sections): { name: string; grammar: string; abnf: string; uses: readonly string[]; usedBy: readonly string[] } {
  const rule = ruleOf(g, name, "rule");
  const links = ruleLinks(g.grammar, rule);
  return { name: rule, grammar: ruleHome(g.grammar, rule, sections()), abnf: g.grammar.abnf(rule), ...links };
}

export function rulesCommand(opts: { readonly grammar?: string; readonly json?: boolean }, io: Io, sections: Sections): number {
  const g = grammarNamed(opts.grammar);
  const names = g.grammar.ruleNames;
  if (io.json) {
    write([toJson(names.map((n) => ruleInfo(g, n, sections)), undefined, 2)]);
    return EXIT.ok;
  }
  const width = Math.max(...names.map((n) => n.length));
  write(names.map((n) => `${io.paint("bold", n.padEnd(width))} = ${g.grammar.abnf(n)}`));
  return EXIT.ok;
}

export function ruleCommand(name: string | undefined, opts: InputOptions & { readonly grammar?: string }, io: Io, sections: Sections): Promise<number> {
  const g = grammarNamed(opts.grammar);
  if (name !== undefined) ruleOf(g, name, "rule"); // an unknown rule is a usage error here
  const op = (t: string): Outcome => {
    try {
      return { ok: true, value: ruleInfo(g, t, sections) };
    } catch (e) {
      return { ok: false, error: e };
    }
  };
  const show = (v: unknown): string[] => {
    const r = v as ReturnType<typeof ruleInfo>;
    const p = io.paint;
    const list = (xs: readonly string[]): string => (xs.length === 0 ? p("dim", "(none)") : xs.join(", "));
    return [`${p("bold", r.name)} = ${r.abnf}`, `  grammar  ${r.grammar}`, `  uses     ${list(r.uses)}`, `  used by  ${list(r.usedBy)}`];
  };
  return dispatch("rule", [name], opts, io, () => op(name ?? ""), op, show);
}
