// RFC 3966: the "tel" URI as a scheme value: the definition of src/schemes/builtin/tel.ts with the
// grammar of grammar/tel.abnf.
import { Grammar } from "../abnf/grammar.js";
import { telSchemeGrammar } from "../compiled/index.js";
import { telData } from "./generated/grammars.js";
import { precompiledGrammar } from "./precompiled.js";
import { telDefinition, type TelUri } from "./builtin/tel.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { telDepartures, telSource } from "./sources.js";

export { telDepartures };

/** The grammar of grammar/tel.abnf (RFC 3966 §3) with {@link telDepartures}. */
export const telGrammar = precompiledGrammar(telData, telSource.imports);
Grammar.useCompiled(telGrammar, telSchemeGrammar()); // its top rule as the build compiled it

export type { TelUri } from "./builtin/tel.js";

/**
 * The "tel" scheme (RFC 3966). Its value has the number with and without visual separators
 * and the parameters; §3's rules are checked: each parameter at most once, isub or ext first,
 * then phone-context, then the others in lexicographical order, never isub and ext together
 * (§5.3). Equivalence is §4's comparison (parameter order aside, case-insensitive).
 *
 * @example
 * tel.parseOrThrow("tel:+1-201-555-0123").digits;                       // "+12015550123"
 * tel.parseOrThrow("tel:863-1234;phone-context=+1-914-555").phoneContext; // "+1-914-555"
 */
export const tel: Scheme<TelUri> = schemeOf(telDefinition, telGrammar);
