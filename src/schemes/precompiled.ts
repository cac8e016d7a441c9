// A built-in scheme grammar from its precompiled expression data (./generated/grammars.ts: the ABNF loader's output for grammar/,
// RFC 5234, RFC 7405, by scripts/compile-grammars.mjs), so importing the package reads no ABNF text.
import type { RuleDefinition } from "../abnf/analysis.js";
import { ref } from "../abnf/expr.js";
import { grammar, Grammar, type RuleInput, type RuleInputs } from "../abnf/grammar.js";
import type { CompiledGrammar } from "../compiled/dfa.js";
import { core } from "../grammars/core.js";
import { rfc3986 } from "../grammars/rfc3986/index.js";

/** A rule where the code departs from the RFC's ABNF: the rule as the code has it, and why. */
export interface Departure {
  /** The rule's name. */
  readonly rule: string;
  /** Its right-hand side as the code has it, in ABNF. */
  readonly abnf: string;
  /** Why, citing the RFC text that makes the RFC's own rule unusable as written. */
  readonly why: string;
}

/** A scheme grammar's ABNF of record and what loading it takes, as data (no engine). */
export interface SchemeGrammarSource {
  /** The ABNF of record: a file name in grammar/. */
  readonly file: string;
  /** The grammar's name, for messages and docs. */
  readonly name: string;
  /** The RFC 3986 rules the text refers to by name; the RFC 5234 Appendix B.1 core rules are always there. */
  readonly rfc3986: readonly string[];
  /** Prose rules of the text (RFC 5234 §4) that an RFC 3986 rule supplies: the prose rule's name, the RFC 3986 rule's. */
  readonly prose?: Readonly<Record<string, string>>;
  /** The rules where the code departs from the text, applied after loading it. */
  readonly departures: readonly Departure[];
}

/** The grammars `source`'s text takes the rules it names from (the core rules aside), made when asked. */
export function importsOf(source: SchemeGrammarSource): Grammar[] {
  const out = source.rfc3986.length > 0 ? [rfc3986.pick(...source.rfc3986)] : [];
  const prose = Object.entries(source.prose ?? {});
  if (prose.length > 0) {
    const rules = Object.fromEntries(prose.map(([name, rule]) => [name, ref(rule)]));
    out.push(grammar(rules, { name: `${source.name} (${prose.map(([name]) => name).join(", ")})`, imports: [rfc3986.pick(...prose.map(([, rule]) => rule))] }));
  }
  return out;
}

/** A scheme grammar as the generator writes it. */
export interface PrecompiledGrammar {
  /** Its ABNF of record and what loading it took (the grammar's name is `source.name`). */
  readonly source: SchemeGrammarSource;
  /**
   * The rules its ABNF of record defines, in the file's order, with the departures applied. A
   * bare expression gets the default `token` flag (set for a rule of one character, RFC 5234
   * §2.3's terminal values); the others say theirs.
   */
  readonly rules: RuleInputs;
  /**
   * The rules it takes from its imports or the RFC 5234 Appendix B.1 core rules (a rule the text
   * names but does not define, or defines only as prose, RFC 5234 §4), in the order the loader
   * reached them.
   */
  readonly imported: readonly string[];
}

/**
 * The grammar of `data`, with the rules it names taken from its source's imports (then the core
 * rules): the same rules in the same order, with the same definitions and token flags, as the loader makes
 * of the ABNF text (test/schemes/precompiled.test.ts holds them equal). Made on first use, with
 * the rules the build compiled (`compiled`, src/compiled/scheme-grammars.ts) where given:
 * importing a scheme builds nothing until its grammar is read.
 */
export function precompiledGrammar(data: PrecompiledGrammar, compiled?: () => CompiledGrammar): Grammar {
  const { name } = data.source;
  return Grammar.lazy(name, () => {
    const imports = importsOf(data.source);
    const rules: Record<string, RuleInput> = { ...data.rules };
    for (const rule of data.imported) {
      let def: RuleDefinition | undefined;
      for (const g of [...imports, core]) if ((def = g.definition(rule)) !== undefined) break;
      if (def === undefined) throw new TypeError(`${name}: no import defines ${rule}; run node scripts/compile-grammars.mjs`);
      rules[def.name] = { expr: def.expr, token: def.token };
    }
    const g = grammar(rules, { name });
    if (compiled !== undefined) Grammar.useCompiled(g, compiled()); // its top rules as the build compiled them
    return g;
  });
}
