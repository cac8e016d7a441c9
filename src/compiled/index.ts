// The compiled grammars of the core, as values (src/core/dfa.ts reads the data of this folder).
import { CompiledGrammar } from "../core/dfa.js";
import { SCHEME_GRAMMARS } from "./schemes.js";
import { URI_GRAMMAR } from "./uri.js";

/** RFC 3986, RFC 3987 and the RFC 5234 core rules they use, compiled (scripts/compile-grammars.mjs). */
export const uriGrammar: CompiledGrammar = new CompiledGrammar(URI_GRAMMAR);

/** The built-in schemes' top rules, compiled, by grammar (see src/compiled/schemes.ts); made on first use. */
export function schemeGrammar(key: keyof typeof SCHEME_GRAMMARS): CompiledGrammar {
  return (schemeGrammars[key] ??= new CompiledGrammar(SCHEME_GRAMMARS[key], uriGrammar));
}
const schemeGrammars: Partial<Record<keyof typeof SCHEME_GRAMMARS, CompiledGrammar>> = {};
