// The built-in schemes' compiled grammars (./schemes.ts), each made on first use. Apart from ./index.ts since Node loads a module's whole import graph:
// the main entry, which reads RFC 3986's grammars alone, would otherwise load these nine grammars' data (82 KB of source) at every start (issue 34).
import type { CompiledGrammarData } from "./data.js";
import { CompiledGrammar } from "./dfa.js";
import { referenceGrammar } from "./index.js";
import * as SCHEMES from "./schemes.js";

/** The names of the built-in schemes' compiled grammars (see src/compiled/schemes.ts). */
export type SchemeGrammarKey = keyof typeof SCHEMES;

const NONE: CompiledGrammarData = { labels: [], labelSets: "", asciiMaps: [], wideMaps: [], rules: [] };

const made: Partial<Record<SchemeGrammarKey, CompiledGrammar>> = {};

/** The grammar of `json` (src/compiled/schemes.ts), made on first use. (A key the generated module lacks gives a grammar of no rules: test/compiled.test.ts fails until the module is written.) */
function compiled(key: SchemeGrammarKey, json: string | undefined): CompiledGrammar {
  return (made[key] ??= new CompiledGrammar(json === undefined ? NONE : (JSON.parse(json) as CompiledGrammarData), referenceGrammar));
}

// One function per grammar, each naming its own export of the generated module: a bundle ships
// the data of the grammars its code uses, not all nine (the main entry's normalization uses RFC
// 8089 §2's file grammar, not Appendix F's, which is as big as the other eight together).
export const httpSchemeGrammar = (): CompiledGrammar => compiled("http", SCHEMES.http);
export const wsSchemeGrammar = (): CompiledGrammar => compiled("ws", SCHEMES.ws);
export const mailtoSchemeGrammar = (): CompiledGrammar => compiled("mailto", SCHEMES.mailto);
export const urnSchemeGrammar = (): CompiledGrammar => compiled("urn", SCHEMES.urn);
export const uuidSchemeGrammar = (): CompiledGrammar => compiled("uuid", SCHEMES.uuid);
export const fileSchemeGrammar = (): CompiledGrammar => compiled("file", SCHEMES.file);
export const fileAppendixESchemeGrammar = (): CompiledGrammar => compiled("fileAppendixE", SCHEMES.fileAppendixE);
export const dataSchemeGrammar = (): CompiledGrammar => compiled("data", SCHEMES.data);
export const telSchemeGrammar = (): CompiledGrammar => compiled("tel", SCHEMES.tel);
