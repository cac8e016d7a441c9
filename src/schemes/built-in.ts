// The built-in schemes as values (./scheme.ts): each record (./http.ts and its siblings) with its grammar, made on first read
// from the build's precompiled expression data (./generated/grammars.ts), and their registry. Records alone, no engine: ./records.ts.
import { Grammar } from "../abnf/grammar.js";
import { dataSchemeGrammar, fileAppendixESchemeGrammar, fileSchemeGrammar, httpSchemeGrammar, mailtoSchemeGrammar, telSchemeGrammar, urnSchemeGrammar, uuidSchemeGrammar, wsSchemeGrammar } from "../compiled/scheme-grammars.js";
import { BUILT_IN_SCHEME_NAMES } from "../core/scheme-table.js";
import { readOptions } from "../describe.js";
import { dataDefinition, type DataUri } from "./data.js";
import { fileAppendixFDepartures, fileDefinition, type FileSchemeOptions, type FileUri } from "./file.js";
import { dataData, fileAppendixFData, fileData, httpData, mailtoData, telData, urnData, uuidData, wsData } from "./generated/grammars.js";
import { httpDefinition, httpsDefinition, type HttpUri } from "./http.js";
import { ADDR_SPEC_LITERAL, mailtoDefinition, mailtoDepartures, type MailtoUri } from "./mailto.js";
import { percentEncodedRules } from "./percent-encoded.js";
import { precompiledGrammar } from "./precompiled.js";
import { createRegistry, type SchemeRegistry } from "./registry.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { telDefinition, telDepartures, type TelUri } from "./tel.js";
import { urnDefinition, type UrnUri } from "./urn.js";
import { wsDefinition, wssDefinition, type WsUri } from "./ws.js";

export { fileAppendixFDepartures, mailtoDepartures, telDepartures };

/** The grammar of grammar/http.abnf: `http-URI` and `https-URI` (RFC 9110 §4.2.1, §4.2.2), with RFC 3986's authority, path-abempty and query. */
export const httpGrammar = precompiledGrammar(httpData, httpSchemeGrammar);

/**
 * The "http" scheme (RFC 9110 §4.2.1): `"http" "://" authority path-abempty [ "?" query ]`, a
 * host that is not empty, default port 80.
 *
 * @example
 * http.parseOrThrow("http://www.example.com/").port; // 80
 * http.parse("http:///x").error.code;                 // "empty-host"
 */
export const http: Scheme<HttpUri> = schemeOf(httpDefinition, httpGrammar);

/**
 * The "https" scheme (RFC 9110 §4.2.2): as http, default port 443.
 *
 * @example
 * https.parseOrThrow("https://example.com:8443/a?b").port; // 8443
 */
export const https: Scheme<HttpUri> = schemeOf(httpsDefinition, httpGrammar);

/** The grammar of grammar/ws.abnf: `ws-URI` and `wss-URI` (RFC 6455 §3), its prose rules supplied by RFC 3986. */
export const wsGrammar = precompiledGrammar(wsData, wsSchemeGrammar);

/**
 * The "ws" scheme (RFC 6455 §3): `"ws:" "//" host [ ":" port ] path [ "?" query ]`, default
 * port 80; a fragment is an error.
 *
 * @example
 * ws.parseOrThrow("ws://example.com/chat").resourceName; // "/chat"
 * ws.parse("ws://example.com/#x").error.code;            // "fragment-forbidden"
 */
export const ws: Scheme<WsUri> = schemeOf(wsDefinition, wsGrammar);

/** The "wss" scheme (RFC 6455 §3): as ws, default port 443, the secure flag set. */
export const wss: Scheme<WsUri> = schemeOf(wssDefinition, wsGrammar);

/** grammar/mailto.abnf with {@link mailtoDepartures}: addr-spec and its rules over unencoded text. */
const unencoded = precompiledGrammar(mailtoData);

/**
 * The grammar of a mailto URI (RFC 6068 §2): grammar/mailto.abnf with RFC 6068 §2 item 1 applied
 * to `local-part` and `domain` and every rule under them: a character of
 * {@link ADDR_SPEC_LITERAL} stands as itself or percent-encoded, any other octet only
 * percent-encoded; non-ASCII as UTF-8 octets, percent-encoded (items 4, 5). The "@" between them
 * is a delimiter and stands as itself (as in §6.2's `%22not%40me%22@example.org`, the address
 * `"not@me"@example.org`).
 */
export const mailtoGrammar = Grammar.lazy(unencoded.name, () => {
  const g = unencoded.derive({
    rules: percentEncodedRules(unencoded, ["local-part", "domain"], ADDR_SPEC_LITERAL, ["atext", "qtext", "dtext-no-obs", "UTF8-non-ascii"]),
  });
  Grammar.useCompiled(g, mailtoSchemeGrammar()); // its top rule as the build compiled it
  return g;
});

/** The unencoded grammar (grammar/mailto.abnf with {@link mailtoDepartures}), whose `addr-spec` a decoded address matches. */
export const addrSpecGrammar = unencoded;

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

/** The grammar of grammar/urn.abnf (RFC 8141 §2), with RFC 3986's pchar and fragment. */
export const urnGrammar = precompiledGrammar(urnData, urnSchemeGrammar);

/** The grammar of grammar/urn-uuid.abnf: `UUID` (RFC 9562 §4). */
export const uuidGrammar = precompiledGrammar(uuidData, uuidSchemeGrammar);

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

/** The grammar of grammar/file.abnf (RFC 8089 §2), with RFC 3986's host and path-absolute. */
export const fileGrammar = precompiledGrammar(fileData, fileSchemeGrammar);

/** The grammar of grammar/file-appendix-f.abnf (RFC 8089 Appendix F) with {@link fileAppendixFDepartures}. */
export const fileAppendixEGrammar = precompiledGrammar(fileAppendixFData, fileAppendixESchemeGrammar);

/**
 * A "file" scheme: RFC 8089 §2 (the default), or with `{ appendixE: true }` the nonstandard
 * forms of its Appendix E (the Appendix F rules, less the E.2.2 vertical line, which is no URI).
 * Its normalization removes dot segments itself (see `normalizeFile`), so a "file:" URI that the
 * scheme rejects ("file:///a/../b?q": RFC 8089 has no query) gets the other §6.2.2 steps only.
 *
 * @example
 * fileScheme({ appendixE: true }).parseOrThrow("file:c:/path/to/file").windows?.drive; // "c"
 */
export function fileScheme(options: FileSchemeOptions = {}): Scheme<FileUri> {
  options = readOptions<FileSchemeOptions>(options, "fileScheme", { appendixE: "any" });
  const appendixE = options.appendixE === true;
  return schemeOf(fileDefinition(appendixE ? fileAppendixESchemeGrammar : undefined), appendixE ? fileAppendixEGrammar : fileGrammar);
}

export const file: Scheme<FileUri> = fileScheme();

/** The grammar of grammar/data.abnf (RFC 2397 §3 in RFC 5234 ABNF), with RFC 3986's pchar and pct-encoded. */
export const dataGrammar = precompiledGrammar(dataData, dataSchemeGrammar);

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

/** The grammar of grammar/tel.abnf (RFC 3966 §3) with {@link telDepartures}. */
export const telGrammar = precompiledGrammar(telData, telSchemeGrammar);

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

const BY_NAME: { readonly [N in (typeof BUILT_IN_SCHEME_NAMES)[number]]: Scheme<BuiltInSchemeValue> } = { http, https, ws, wss, mailto, urn, file, data, tel };

/** The value of a URI under one of the built-in schemes: tell them apart by `kind`. */
export type BuiltInSchemeValue = HttpUri | WsUri | MailtoUri | UrnUri | FileUri | DataUri | TelUri;

/**
 * The nine built-in schemes: http, https (RFC 9110 §4.2), ws, wss (RFC 6455 §3), mailto (RFC
 * 6068), urn (RFC 8141, RFC 9562), file (RFC 8089 §2), data (RFC 2397), tel (RFC 3966).
 * Extend it with `defaultRegistry.with(myScheme)`; it never changes itself.
 */
export const defaultRegistry: SchemeRegistry<BuiltInSchemeValue> = createRegistry(BUILT_IN_SCHEME_NAMES.map((n) => BY_NAME[n]));
