// RFC 6068: the "mailto" URI scheme as a value: the definition of src/schemes/builtin/mailto.ts with
// the grammar of grammar/mailto.abnf, read as a mailto URI holds it (§2 item 1).
import { Grammar } from "../abnf/grammar.js";
import { mailtoSchemeGrammar } from "../compiled/index.js";
import { codePointSet } from "../abnf/charset.js";
import { mailtoData } from "./generated/grammars.js";
import { percentEncodedRules } from "./percent-encoded.js";
import { precompiledGrammar } from "./precompiled.js";
import { mailtoDefinition, type MailtoUri } from "./builtin/mailto.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { mailtoDepartures, mailtoSource } from "./sources.js";

export { mailtoDepartures };

/** grammar/mailto.abnf with {@link mailtoDepartures}: addr-spec and its rules over unencoded text. */
const unencoded = precompiledGrammar(mailtoData, mailtoSource.imports);

/**
 * RFC 6068 §2 item 1: the characters of an addr-spec that may stand as themselves in a mailto
 * URI. It MUST percent-encode the characters a URI cannot hold, "%", the gen-delims but "@" and
 * ":" ("/", "?", "#", "[", "]"), and of the sub-delims at least "&", ";" and "=". What is left:
 * unreserved, "@", ":" and the sub-delims "!", "$", "'", "(", ")", "*", "+", ",".
 */
const ADDR_SPEC_LITERAL = codePointSet(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@:!$'()*+,"].map((c) => [c.charCodeAt(0), c.charCodeAt(0)] as const),
);

/**
 * The grammar of a mailto URI (RFC 6068 §2): grammar/mailto.abnf with RFC 6068 §2 item 1 applied
 * to `local-part` and `domain` and every rule under them: a character of
 * {@link ADDR_SPEC_LITERAL} stands as itself or percent-encoded, any other octet only
 * percent-encoded; non-ASCII as UTF-8 octets, percent-encoded (items 4, 5). The "@" between them
 * is a delimiter and stands as itself (as in §6.2's `%22not%40me%22@example.org`, the address
 * `"not@me"@example.org`).
 */
export const mailtoGrammar = unencoded.derive({
  rules: percentEncodedRules(unencoded, ["local-part", "domain"], ADDR_SPEC_LITERAL, ["atext", "qtext", "dtext-no-obs", "UTF8-non-ascii"]),
});
Grammar.useCompiled(mailtoGrammar, mailtoSchemeGrammar()); // its top rule as the build compiled it

/** The unencoded grammar (grammar/mailto.abnf with {@link mailtoDepartures}), whose `addr-spec` a decoded address matches. */
export const addrSpecGrammar = unencoded;

export type { MailtoAddress, MailtoUri } from "./builtin/mailto.js";

/**
 * The "mailto" scheme (RFC 6068). Its value has the recipients and header fields decoded. Two
 * mailto URIs are equivalent when they name the same recipients in the same order (wherever
 * written, §2; a domain compares case-insensitively, a local-part as it is) and the same other
 * header fields (names case-insensitive, values decoded, the order of different names aside);
 * the fragment is ignored (§2: "meaningless ... SHOULD be ignored").
 *
 * @example
 * mailto.parseOrThrow("mailto:user@example.org?subject=caf%C3%A9").subject; // "café"
 * mailto.parseOrThrow("mailto:%22not%40me%22@example.org").to[0]?.localPart; // "\"not@me\""
 */
export const mailto: Scheme<MailtoUri> = schemeOf(mailtoDefinition, mailtoGrammar);
