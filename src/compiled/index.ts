// The compiled grammars of the core, as values (src/core/dfa.ts reads the data of this folder).
import { CompiledGrammar } from "../core/dfa.js";
import { URI_GRAMMAR } from "./uri.js";

/** RFC 3986, RFC 3987 and the RFC 5234 core rules they use, compiled (scripts/compile-grammars.mjs). */
export const uriGrammar: CompiledGrammar = new CompiledGrammar(URI_GRAMMAR);
