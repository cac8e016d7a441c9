// The language of a template: every URI some values of its variables expand to (RFC 6570 §3),
// written once as data shaped like ABNF, each expression as the language of its expansions. Two
// forms are derived from it: a grammar on the package's engine (grammar.ts's grammarOf: its ABNF,
// its errors with offset and expected set, its railroad diagrams) and the matcher's automaton
// (automaton.ts), which reads values back. Spans (the text of one value) and marks carry tags, which the matcher
// reports and the engine ignores.
import { OPERATOR_ROWS } from "./expand.js";
import type { TemplateExpression, TemplatePart, VarSpec } from "./parse.js";

/** What a tag marks: a span opens or closes, or a zero-width mark. */
export type TagKind = "open" | "close" | "mark";

/**
 * The role of a span or mark inside one varspec's expansion:
 * - `value`: the string of a varspec with a prefix modifier;
 * - `first`, `next`: the first comma-separated piece of a value without explode, and each one after;
 * - `key`, `eval`: an exploded element's name (or whole member), and its value after `"="`;
 * - `empty`: `;name` alone, the empty string of §3.2.7;
 * - `name-key`: an exploded element whose name is the varname itself, written as a literal.
 */
export type Role = "value" | "first" | "next" | "key" | "eval" | "empty" | "name-key";

export interface Tag {
  readonly kind: TagKind;
  readonly role: Role;
  /** Index of the varspec among the template's varspecs, in the template's order. */
  readonly item: number;
}

/** The language as data (ABNF-shaped; alternatives in the matcher's order of preference). */
export type Lang =
  | { readonly t: "lit"; readonly text: string }
  | {
      readonly t: "span";
      readonly reserved: boolean;
      readonly min1: boolean;
      readonly max: number | undefined;
      readonly open: number;
      readonly close: number;
      /** Separators (the operator's, and "=" after an exploded name) at which the span ends, when it can, rather than read them. */
      readonly yieldAt?: string | undefined;
    }
  | { readonly t: "seq"; readonly items: readonly Lang[] }
  | { readonly t: "alt"; readonly items: readonly Lang[] }
  | {
      readonly t: "star";
      readonly item: Lang;
      /** The separator before the next varspec (the operator's), when one follows: the star prefers it, and that varspec, to another round. */
      readonly yieldFirst?: string | undefined;
    }
  | { readonly t: "mark"; readonly tag: number }
  | { readonly t: "ref"; readonly name: string }
  | { readonly t: "item"; readonly expression: number; readonly varspec: number; readonly body: Lang };

export interface TemplateLanguage {
  /** Rules by name; `template` is the whole URI. */
  readonly rules: ReadonlyMap<string, Lang>;
  readonly tags: readonly Tag[];
  readonly expressions: readonly TemplateExpression[];
}

const lit = (text: string): Lang => ({ t: "lit", text });
const sq = (...items: Lang[]): Lang => ({ t: "seq", items: items.filter((x) => !(x.t === "lit" && x.text === "")) });
const al = (...items: Lang[]): Lang => ({ t: "alt", items });
const EMPTY: Lang = { t: "seq", items: [] };

/** Options of {@link templateLanguage}. */
export interface LanguageOptions {
  /**
   * Values of varspecs without explode are strings only (no list or associative array): the
   * language the ambiguity analysis reads, where a comma is no list separator.
   */
  readonly stringsOnly?: boolean;
}

/**
 * The language of a parsed template (RFC 6570 §3). A star marked `yieldFirst` (the list of a
 * varspec that another varspec of its expression follows) prefers its continuation's first
 * alternative, the operator's separator and the next varspec, to another round: a separator
 * between two varspecs separates them rather than extending the first one's list.
 */
export function templateLanguage(parts: readonly TemplatePart[], options: LanguageOptions = {}): TemplateLanguage {
  const rules = new Map<string, Lang>();
  const tags: Tag[] = [];
  const expressions: TemplateExpression[] = [];
  /** The varspecs of the expressions before the one being written. */
  let before = 0;
  const tag = (kind: TagKind, role: Role, v: number): number => tags.push({ kind, role, item: before + v }) - 1;

  const item = (x: TemplateExpression, e: number, v: number): Lang => ({ t: "item", expression: e, varspec: v, body: itemBody(x, e, v) });
  const itemBody = (x: TemplateExpression, e: number, v: number): Lang => {
    const spec = x.varspecs[v] as VarSpec;
    const yieldFirst = v < x.varspecs.length - 1;
    const row = OPERATOR_ROWS[x.operator];
    const r = row.reserved;
    // a span stops at the operator's separator when it can: before another varspec of the
    // expression, and between the members of an exploded value
    // and a "+" or "#" value (which can hold any reserved character) stops before the text that
    // follows its expression (a literal's first character, the next expression's operator)
    const after = r ? follower : "";
    const yieldAt = (spec.explode || yieldFirst ? row.sep : "") + after;
    const span = (role: Role, min1: boolean, max?: number, stopAt = yieldAt): Lang => ({
      t: "span",
      reserved: r,
      min1,
      max,
      open: tag("open", role, v),
      close: tag("close", role, v),
      yieldAt: stopAt || undefined,
    });
    const name = lit(spec.name);
    // a named value: "?" and "&" write the name and their ifemp "=" for an empty value (§3.2.8, §3.2.9), ";" the name alone (§3.2.7)
    const named = (value: (min1: boolean) => Lang): Lang =>
      row.ifemp ? sq(name, lit("="), value(false)) : sq(name, al(sq(lit("="), value(true)), { t: "mark", tag: tag("mark", "empty", v) }));
    if (spec.prefix !== undefined) {
      const value = (min1: boolean): Lang => span("value", min1, spec.prefix);
      return row.named ? named(value) : value(false);
    }
    if (!spec.explode) {
      // comma-separated pieces: a string, a list, or an associative array's names and values (§3.2.1)
      const value = (min1: boolean): Lang =>
        options.stringsOnly === true ? span("first", min1) : sq(span("first", false), { t: "star", item: sq(lit(","), span("next", false)), yieldFirst: yieldFirst ? row.sep : undefined });
      return row.named ? named(value) : value(false);
    }
    // exploded: members or pairs joined by the operator's separator (§3.2.1), read as a list
    // first (its members: the varname each time for ";", "?" and "&"), then as pairs: a list
    // always types, where pairs need their names to differ
    const valuePart = (): Lang => (row.ifemp ? sq(lit("="), span("eval", false)) : al(sq(lit("="), span("eval", true)), EMPTY));
    const member = (): Lang => (row.named ? sq(name, { t: "mark", tag: tag("mark", "name-key", v) }, valuePart()) : span("key", false, undefined, row.sep + after));
    const pair = (): Lang => sq(span("key", false, undefined, `${row.sep}=${after}`), valuePart());
    // a named list's members carry the varname, so its list goes on while they do; elsewhere the
    // separator before another varspec of the expression separates them (yieldFirst)
    const joined = (element: () => Lang, yields: boolean): Lang => sq(element(), { t: "star", item: sq(lit(row.sep), element()), yieldFirst: yields ? row.sep : undefined });
    return al(joined(member, yieldFirst && !row.named), joined(pair, yieldFirst));
  };

  // expression-3, then its chains expression-3-1, expression-3-2, ... (rules name each other: each
  // is set in that order)
  const expression = (x: TemplateExpression, e: number): void => {
    const row = OPERATOR_ROWS[x.operator];
    const n = x.varspecs.length;
    rules.set(`expression-${e + 1}`, al(sq(lit(row.first), { t: "ref", name: `expression-${e + 1}-1` }), EMPTY));
    // chain-k: at least one of varspecs k.. is defined, the defined ones joined by sep
    for (let v = 0; v < n; v++) {
      const rest = v < n - 1 ? `expression-${e + 1}-${v + 2}` : undefined;
      const own = sq(item(x, e, v), rest === undefined ? EMPTY : al(sq(lit(row.sep), { t: "ref", name: rest }), EMPTY));
      rules.set(`expression-${e + 1}-${v + 1}`, rest === undefined ? own : al(own, { t: "ref", name: rest }));
    }
  };

  /** What follows the expression being written: the first character of the next part's text, if any. */
  let follower = "";
  const top: Lang[] = [];
  parts.forEach((part, i) => {
    if (part.kind === "literal") {
      top.push(lit(part.expansion));
      return;
    }
    const next = parts[i + 1];
    follower = next === undefined ? "" : next.kind === "literal" ? (next.expansion[0] ?? "") : OPERATOR_ROWS[next.operator].first;
    const e = expressions.length;
    expressions.push(part);
    expression(part, e);
    before += part.varspecs.length;
    top.push({ t: "ref", name: `expression-${e + 1}` });
  });
  return { rules: new Map<string, Lang>([["template", sq(...top)], ...rules]), tags, expressions };
}
