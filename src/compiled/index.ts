// The compiled grammars of the core, as values (src/core/dfa.ts reads the data of this folder).
import type { CompiledGrammarData } from "../core/compiled-data.js";
import { CompiledGrammar } from "../core/dfa.js";
import { SCHEME_GRAMMARS } from "./schemes.js";
import { URI_GRAMMAR } from "./uri.js";

/** RFC 3986, RFC 3987 and the RFC 5234 core rules they use, compiled (scripts/compile-grammars.mjs). */
export const uriGrammar: CompiledGrammar = new CompiledGrammar(URI_GRAMMAR);

/** The names of the built-in schemes' compiled grammars (see src/compiled/schemes.ts). */
export type SchemeGrammarKey = "http" | "ws" | "mailto" | "urn" | "uuid" | "file" | "fileAppendixE" | "data" | "tel";

const NONE: CompiledGrammarData = { labels: [], labelSets: [], asciiMaps: [], wideMaps: [], rules: [] };

/**
 * The built-in schemes' rules, compiled, by grammar (see src/compiled/schemes.ts); made on first
 * use. (A key the generated module lacks, while scripts/compile-grammars.mjs makes it, gives a
 * grammar of no rules: test/compiled.test.ts fails until the module is written.)
 */
export function schemeGrammar(key: SchemeGrammarKey): CompiledGrammar {
  const json = (SCHEME_GRAMMARS as Partial<Record<SchemeGrammarKey, string>>)[key];
  return (schemeGrammars[key] ??= new CompiledGrammar(json === undefined ? NONE : (JSON.parse(json) as CompiledGrammarData), uriGrammar));
}
const schemeGrammars: Partial<Record<SchemeGrammarKey, CompiledGrammar>> = {};
