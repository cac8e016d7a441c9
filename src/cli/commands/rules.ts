// uri-grammar rules and rule: a grammar's rules with their ABNF, where each is defined (its RFC
// section) and the rules each uses and is used by.
import { dispatch, write, type InputOptions, type Io } from "../dispatch.js";
import type { Outcome } from "../batch-types.js";
import { EXIT } from "../errors.js";
import { grammarNamed, ruleHome, ruleLinks, ruleOf, type NamedGrammar } from "../grammars.js";
import type { RuleSection } from "../sections.js";
import { toJson } from "../style.js";

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
