// A built-in scheme grammar from its precompiled expression data (src/schemes/generated/
// grammars.ts): what the ABNF loader made of its file in grammar/ (RFC 5234, RFC 7405), written
// out by scripts/compile-grammars.mjs so that importing the package reads no ABNF text.
import type { RuleDefinition } from "../abnf/analysis.js";
import { grammar, Grammar, type RuleInput, type RuleInputs } from "../abnf/grammar.js";
import type { CompiledGrammar } from "../compiled/dfa.js";
import { core } from "../grammars/core.js";

/** A scheme grammar as the generator writes it. */
export interface PrecompiledGrammar {
  /** The grammar's name, for messages and docs. */
  readonly name: string;
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
 * The grammar of `data`, with the rules it names taken from `imports` (then the core rules): the
 * same rules in the same order, with the same definitions and token flags, as the loader makes
 * of the ABNF text (test/schemes/precompiled.test.ts holds them equal). Made on first use, with
 * the rules the build compiled (`compiled`, src/compiled/scheme-grammars.ts) where given:
 * importing a scheme builds nothing until its grammar is read.
 */
export function precompiledGrammar(data: PrecompiledGrammar, imports: () => readonly Grammar[], compiled?: () => CompiledGrammar): Grammar {
  return Grammar.lazy(data.name, () => {
    const rules: Record<string, RuleInput> = { ...data.rules };
    for (const name of data.imported) {
      let def: RuleDefinition | undefined;
      for (const g of [...imports(), core]) if ((def = g.definition(name)) !== undefined) break;
      if (def === undefined) throw new TypeError(`${data.name}: no import defines ${name}; run node scripts/compile-grammars.mjs`);
      rules[def.name] = { expr: def.expr, token: def.token };
    }
    const g = grammar(rules, { name: data.name });
    if (compiled !== undefined) Grammar.useCompiled(g, compiled()); // its top rules as the build compiled them
    return g;
  });
}
