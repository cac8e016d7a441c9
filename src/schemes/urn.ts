// RFC 8141: Uniform Resource Names, as a scheme value: the definition of src/schemes/builtin/urn.ts
// with the grammar of grammar/urn.abnf (and grammar/urn-uuid.abnf for the "uuid" namespace).
import { Grammar } from "../abnf/grammar.js";
import { urnSchemeGrammar, uuidSchemeGrammar } from "../compiled/index.js";
import { urnData, uuidData } from "./generated/grammars.js";
import { precompiledGrammar } from "./precompiled.js";
import { urnDefinition, type UrnUri } from "./builtin/urn.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { urnSource, uuidSource } from "./sources.js";

/** The grammar of grammar/urn.abnf (RFC 8141 §2), with RFC 3986's pchar and fragment. */
export const urnGrammar = precompiledGrammar(urnData, urnSource.imports);
Grammar.useCompiled(urnGrammar, urnSchemeGrammar()); // its top rule as the build compiled it

/** The grammar of grammar/urn-uuid.abnf: `UUID` (RFC 9562 §4). */
export const uuidGrammar = precompiledGrammar(uuidData, uuidSource.imports);
Grammar.useCompiled(uuidGrammar, uuidSchemeGrammar()); // its UUID rule as the build compiled it

export { parseUuid, type UrnUri, type Uuid, type UuidVariant } from "./builtin/urn.js";

/**
 * The "urn" scheme (RFC 8141). Two URNs are equivalent (§3) when "urn", the NID (lowercased)
 * and the NSS (percent-encodings uppercased, never decoded) are equal; r-, q- and f-components
 * are ignored. A "uuid" URN's NSS must be a UUID (RFC 9562 §4) and compares case-insensitively.
 * An NID that begins with "X-" (an experimental namespace) is an `"experimental-nid"` error
 * (Appendix C: such strings "are not valid URNs").
 * Normalization lowercases "urn" and the NID and uppercases percent-encodings, decodes nothing
 * and removes no dot segments (§3: "percent-encoding normalization ... MUST NOT be applied").
 *
 * @example
 * urn.parseOrThrow("urn:example:weather?=op=map&lat=39.56").qComponent; // "op=map&lat=39.56"
 * urn.parseOrThrow("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6").uuid?.version; // 1
 */
export const urn: Scheme<UrnUri> = schemeOf(urnDefinition, urnGrammar);
