// The compiled grammars of the core, as values (./dfa.ts reads the data of this folder).
import type { CompiledGrammarData } from "./data.js";
import { CompiledGrammar } from "./dfa.js";
import * as SCHEMES from "./schemes.js";
import { IRI_REFERENCE_RULES, OTHER_RULES, REFERENCE_RULES } from "./uri.js";

// RFC 3986, RFC 3987 and the RFC 5234 core rules they use, compiled (scripts/compile-grammars.mjs)
// in three parts, each a value of its own, so that a bundle ships the parts its code names
// (issue 34): parse(s) reads the first alone.

/** URI-reference, the IP-literal it calls and IPv4address (RFC 3986 §4.1, §3.2.2): what `parse(s)` reads. */
export const referenceGrammar: CompiledGrammar = /* @__PURE__ */ new CompiledGrammar(REFERENCE_RULES);

/** IRI-reference (RFC 3987 §2.2): what a string argument with characters beyond US-ASCII is read as. */
export const iriReferenceGrammar: CompiledGrammar = /* @__PURE__ */ new CompiledGrammar(IRI_REFERENCE_RULES, referenceGrammar);

/** Every rule of RFC 3986 and RFC 3987, and ALPHA, DIGIT, HEXDIG, in definition order: what the calls that name a rule read. */
export const uriGrammar: CompiledGrammar = /* @__PURE__ */ new CompiledGrammar(OTHER_RULES, referenceGrammar, [referenceGrammar, iriReferenceGrammar]);

/** The names of the built-in schemes' compiled grammars (see src/compiled/schemes.ts). */
export type SchemeGrammarKey = "http" | "ws" | "mailto" | "urn" | "uuid" | "file" | "fileAppendixE" | "data" | "tel";

const NONE: CompiledGrammarData = { labels: [], labelSets: [], asciiMaps: [], wideMaps: [], rules: [] };

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

/**
 * A built-in scheme's compiled grammar by its key (tests and tools: it reads every grammar's
 * data, so the package's own modules use the functions above).
 */
export function schemeGrammar(key: SchemeGrammarKey): CompiledGrammar {
  return compiled(key, (SCHEMES as Partial<Record<SchemeGrammarKey, string>>)[key]);
}
