// RFC 6455 §3: the "ws" and "wss" URI schemes as values: the definitions of
// src/schemes/builtin/ws.ts with the grammar of grammar/ws.abnf.
import { Grammar } from "../abnf/grammar.js";
import { wsSchemeGrammar } from "../compiled/index.js";
import { wsData } from "./generated/grammars.js";
import { precompiledGrammar } from "./precompiled.js";
import { wsDefinition, type WsUri } from "./builtin/ws.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { wsSource } from "./sources.js";

/** The grammar of grammar/ws.abnf: `ws-URI` and `wss-URI` (RFC 6455 §3), its prose rules supplied by RFC 3986. */
export const wsGrammar = precompiledGrammar(wsData, wsSource.imports);
Grammar.useCompiled(wsGrammar, wsSchemeGrammar()); // its top rule as the build compiled it

export type { WsUri } from "./builtin/ws.js";

/**
 * The "ws" scheme (RFC 6455 §3): `"ws:" "//" host [ ":" port ] path [ "?" query ]`, default
 * port 80; a fragment is an error.
 *
 * @example
 * ws.parseOrThrow("ws://example.com/chat").resourceName; // "/chat"
 * ws.parse("ws://example.com/#x").error.code;            // "fragment-forbidden"
 */
export const ws: Scheme<WsUri> = schemeOf(wsDefinition("ws"), wsGrammar);

/** The "wss" scheme (RFC 6455 §3): as ws, default port 443, the secure flag set. */
export const wss: Scheme<WsUri> = schemeOf(wsDefinition("wss"), wsGrammar);
