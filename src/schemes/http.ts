// RFC 9110 §4.2: the "http" and "https" URI schemes as values: the definitions of
// src/schemes/builtin/http.ts with the grammar of grammar/http.abnf.
import { Grammar } from "../abnf/grammar.js";
import { httpSchemeGrammar } from "../compiled/index.js";
import { httpData } from "./generated/grammars.js";
import { precompiledGrammar } from "./precompiled.js";
import { httpDefinition, type HttpUri } from "./builtin/http.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { httpSource } from "./sources.js";

/** The grammar of grammar/http.abnf: `http-URI` and `https-URI` (RFC 9110 §4.2.1, §4.2.2), with RFC 3986's authority, path-abempty and query. */
export const httpGrammar = precompiledGrammar(httpData, httpSource.imports);
Grammar.useCompiled(httpGrammar, httpSchemeGrammar()); // its top rule as the build compiled it

export type { HttpUri } from "./builtin/http.js";

/**
 * The "http" scheme (RFC 9110 §4.2.1): `"http" "://" authority path-abempty [ "?" query ]`, a
 * host that is not empty, default port 80.
 *
 * @example
 * http.parseOrThrow("http://www.example.com/").port; // 80
 * http.parse("http:///x").error.code;                 // "empty-host"
 */
export const http: Scheme<HttpUri> = schemeOf(httpDefinition("http", "RFC 9110 §4.2.1"), httpGrammar);

/**
 * The "https" scheme (RFC 9110 §4.2.2): as http, default port 443.
 *
 * @example
 * https.parseOrThrow("https://example.com:8443/a?b").port; // 8443
 */
export const https: Scheme<HttpUri> = schemeOf(httpDefinition("https", "RFC 9110 §4.2.2"), httpGrammar);
