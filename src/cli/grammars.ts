// The grammars the command line knows by name, each with its default rule: RFC 3986, RFC 3987 and the built-in schemes'
// (RFC 9110 http(s), RFC 6455 ws(s), RFC 6068 mailto, RFC 8141 urn, RFC 9562 uuid, RFC 8089 file, RFC 2397 data, RFC 3966 tel).
import { referencedNames, sameExpr, type Expr } from "../abnf/expr.js";
import { suggest, type Grammar } from "../abnf/grammar.js";
import { semantics, type Semantics } from "../abnf/semantics.js";
import { core } from "../grammars/core.js";
import { quoted, wordList } from "../describe.js";
import { rfc3986 } from "../grammars/rfc3986/index.js";
import { rfc3987 } from "../grammars/rfc3987/index.js";
import { defaultRegistry, uuidGrammar } from "../schemes/index.js";
import { UsageError } from "./errors.js";
import { grammarNames } from "./names.js";

/** A grammar the command line can name. */
export interface NamedGrammar {
  /** The name on the command line (`--grammar mailto`). */
  readonly name: string;
  readonly grammar: Grammar;
  /** The rule used when `--rule` is not given. */
  readonly rule: string;
  /** True for RFC 3986 and RFC 3987, whose rules yield AST nodes; others yield the matched text. */
  readonly ast: boolean;
}

const entries: readonly NamedGrammar[] = [
  { name: "rfc3986", grammar: rfc3986, rule: "URI-reference", ast: true },
  { name: "rfc3987", grammar: rfc3987, rule: "IRI-reference", ast: true },
  ...[...defaultRegistry].map((s) => ({ name: s.name, grammar: s.grammar, rule: s.rule, ast: false })),
  { name: "uuid", grammar: uuidGrammar, rule: "UUID", ast: false },
];

/** The grammars by name, in the order `--help` lists them. */
export const grammars: ReadonlyMap<string, NamedGrammar> = new Map(entries.map((e) => [e.name, e]));

if (entries.map((e) => e.name).join() !== grammarNames.join()) {
  throw new Error(`src/cli/names.ts lists ${grammarNames.join(", ")}; the grammars are ${entries.map((e) => e.name).join(", ")}`);
}

/**
 * What `--rule` names a rule of when there is no `--grammar`: RFC 3987's grammar value, which
 * holds RFC 3986's rules too, so both RFCs' rule names work.
 */
export const defaultGrammar: NamedGrammar = { name: "rfc3987", grammar: rfc3987, rule: "URI-reference", ast: true };

/** The grammar of a `--grammar` option; a usage error that names the closest one when there is none. */
export function grammarNamed(name: string | undefined): NamedGrammar {
  if (name === undefined) return defaultGrammar;
  const g = grammars.get(name.toLowerCase());
  if (g !== undefined) return g;
  const hint = suggest(name, grammarNames);
  throw new UsageError(`unknown grammar ${JSON.stringify(name)}${hint === undefined ? "" : `; did you mean "${hint}"?`} (one of ${grammarNames.join(", ")})`);
}

/** A rule the grammar does not have: a usage error (exit status 2) named as the library's. */
export class UnknownRuleUsageError extends UsageError {
  override readonly name: string = "UnknownRuleError";
}

const listed = (xs: readonly string[]): string => wordList(xs, "and", "");

/**
 * Why `rule` is not a rule of `g`, and where it is: `--rule: no rule "addr-spec" in RFC 3986 or
 * RFC 3987; the mailto grammar has it: --grammar mailto`. Names the default grammar (leave out
 * --grammar) when it has the rule, else the scheme grammars that have it, else the closest name.
 */
export function unknownRuleMessage(g: NamedGrammar, rule: string, option: string): string {
  const where = g === defaultGrammar ? "RFC 3986 or RFC 3987" : g.ast ? g.grammar.name : `the ${g.name} grammar (${g.grammar.name})`;
  // a URI given where a rule name goes is quoted with its password masked (RFC 3986 §7.5), and a
  // long one cut: the message names the argument, it does not echo it
  const head = `${option}: no rule ${quoted(rule, 64)} in ${where}`;
  if (g !== defaultGrammar && defaultGrammar.grammar.definition(rule) !== undefined) {
    return `${head}; the default grammar (RFC 3986 and RFC 3987) has it: leave out --grammar`;
  }
  const others = entries.filter((e) => !e.ast && e !== g && e.grammar.definition(rule) !== undefined).map((e) => e.name);
  if (others.length === 1) return `${head}; the ${others[0]} grammar has it: --grammar ${others[0]}`;
  if (others.length > 1) return `${head}; the ${listed(others)} grammars have it: --grammar ${others[0]} (or ${others.slice(1).join(", ")})`;
  const hint = suggest(rule, g.grammar.ruleNames);
  return hint === undefined ? head : `${head}; did you mean "${hint}"?`;
}

/**
 * The rule's name as the grammar spells it; when the grammar has none, an {@link
 * UnknownRuleUsageError} that says which grammar has it ({@link unknownRuleMessage}).
 */
export function ruleOf(g: NamedGrammar, rule: string | undefined, option = "--rule"): string {
  if (rule === undefined) return g.rule;
  const def = g.grammar.definition(rule);
  if (def === undefined) throw new UnknownRuleUsageError(unknownRuleMessage(g, rule, option));
  return def.name;
}

/** The grammars whose rules have a section of their RFC in src/grammars/ (./sections.ts), in the order a rule is looked up. */
const homes: readonly Grammar[] = [core, rfc3986, rfc3987];

/**
 * Where a rule of `g` is defined: for a rule of RFC 5234's core rules, RFC 3986 or RFC 3987
 * (defined the same way in `g`), the section its doc comment names ("RFC 3986 §3.2.2"), as the
 * grammar reference says; else the grammar's own name ("RFC 6068 §2").
 */
export function ruleHome(g: Grammar, name: string, sections: ReadonlyMap<string, { readonly section: string }>): string {
  const def = g.require(name);
  for (const h of homes) {
    const other = h.definition(def.name);
    if (other !== undefined && other.name === def.name && sameExpr(other.expr, def.expr)) return sections.get(def.name.toLowerCase())?.section ?? h.name;
  }
  return g.name;
}

/** The most characters a match of `e` can take (`Infinity` for no limit), rules by name in `g`. */
function maxLength(g: Grammar, e: Expr, memo: Map<string, number>): number {
  switch (e.type) {
    case "lit":
      return e.text.length;
    case "range":
      return 1;
    case "seq":
      return e.items.reduce((n, x) => n + maxLength(g, x, memo), 0);
    case "alt":
      return Math.max(0, ...e.items.map((x) => maxLength(g, x, memo)));
    case "rep": {
      const n = maxLength(g, e.item, memo);
      return n === 0 ? 0 : e.max * n;
    }
    case "ref": {
      const key = e.name.toLowerCase();
      const known = memo.get(key);
      if (known !== undefined) return known;
      memo.set(key, Infinity); // a recursive rule has no limit
      const def = g.definition(e.name);
      const n = def === undefined ? Infinity : maxLength(g, def.expr, memo);
      memo.set(key, n);
      return n;
    }
    case "prose":
      return Infinity;
  }
}

const treeSemantics = new Map<Grammar, Semantics<Record<string, never>>>();

/**
 * Semantics that record the rules worth a line in a derivation tree: those that can match more
 * than three characters and are not tokens (single characters, maybe percent-encoded), so not
 * every `ALPHA`, `pct-encoded` or `qchar`.
 */
export function derivationSemantics(g: Grammar): Semantics<Record<string, never>> {
  let s = treeSemantics.get(g);
  if (s === undefined) {
    const memo = new Map<string, number>();
    const captures = g.ruleNames.filter((n) => g.definition(n)?.token !== true && maxLength(g, { type: "ref", name: n }, memo) > 3);
    s = semantics(g, {}, { captures });
    treeSemantics.set(g, s);
  }
  return s;
}

/** The rules a rule refers to, and the rules that refer to it, in grammar order. */
export function ruleLinks(g: Grammar, name: string): { readonly uses: readonly string[]; readonly usedBy: readonly string[] } {
  const def = g.require(name);
  const spell = (n: string): string => g.definition(n)?.name ?? n;
  const uses = referencedNames(def.expr).map(spell);
  const key = def.name.toLowerCase();
  const usedBy = g.ruleNames.filter((n) => referencedNames(g.require(n).expr).some((r) => r.toLowerCase() === key));
  return { uses, usedBy };
}
