// RFC 2397: the "data" URL scheme as a value: the definition of src/schemes/builtin/data.ts with
// the grammar of grammar/data.abnf.
import { Grammar } from "../abnf/grammar.js";
import { dataSchemeGrammar } from "../compiled/index.js";
import { dataData } from "./generated/grammars.js";
import { precompiledGrammar } from "./precompiled.js";
import { dataDefinition, type DataUri } from "./builtin/data.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { dataSource } from "./sources.js";

/** The grammar of grammar/data.abnf (RFC 2397 §3 in RFC 5234 ABNF), with RFC 3986's pchar and pct-encoded. */
export const dataGrammar = precompiledGrammar(dataData, dataSource.imports);
Grammar.useCompiled(dataGrammar, dataSchemeGrammar()); // its top rule as the build compiled it

export type { DataUri } from "./builtin/data.js";

/**
 * The "data" scheme (RFC 2397). Its value has the media type (lowercase, "text/plain" when left
 * out) and parameters (charset "US-ASCII" by default), the base64 flag and the decoded octets;
 * malformed base64 is a SchemeError (`"base64-character"` or `"base64-padding"`) at the offset
 * of the character, and so is a type, subtype or attribute that holds, once percent-decoded, an
 * octet that is no RFC 2045 token character (`"invalid-token"`: SPACE, CTLs, tspecials,
 * non-ASCII). Parameter values may hold any character, escaped (RFC 2397 §3).
 *
 * @example
 * data.parseOrThrow("data:,A%20brief%20note").text(); // "A brief note"
 * data.parse("data:;base64,QQ=").error.code;          // "base64-padding"
 */
export const data: Scheme<DataUri> = schemeOf(dataDefinition, dataGrammar);
