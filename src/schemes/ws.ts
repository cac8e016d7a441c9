// RFC 6455 §3: the "ws" and "wss" URI schemes. No userinfo, default ports 80 and 443, and no
// fragment: "Fragment identifiers are meaningless in the context of WebSocket URIs and MUST NOT
// be used on these URIs."
import { Grammar } from "../abnf/grammar.js";
import { schemeGrammar } from "../compiled/index.js";
import type { Host } from "../ast/nodes.js";
import { wsData } from "./generated/grammars.js";
import { tcpPort } from "./http.js";
import { precompiledGrammar } from "./precompiled.js";
import { deepFreeze, defineScheme, type Scheme } from "./scheme.js";
import { wsSource } from "./sources.js";

/** The grammar of grammar/ws.abnf: `ws-URI` and `wss-URI` (RFC 6455 §3), its prose rules supplied by RFC 3986. */
export const wsGrammar = precompiledGrammar(wsData, wsSource.imports);
Grammar.useCompiled(wsGrammar, schemeGrammar("ws")); // its top rule as the build compiled it

/** A ws or wss URI (RFC 6455 §3). Text is as written (still percent-encoded). */
export interface WsUri {
  readonly kind: "ws" | "wss";
  /** RFC 6455 §3: the "secure flag", set for wss. */
  readonly secure: boolean;
  readonly host: Host;
  /** The port written, or 80 (ws) or 443 (wss) when it is absent or empty. */
  readonly port: number;
  /** The port as written; `undefined` when there is no ":". */
  readonly portText: string | undefined;
  /** `path-abempty`: `""` or starting with "/". */
  readonly path: string;
  readonly query: string | undefined;
  /**
   * RFC 6455 §3 "resource-name": "/" if the path is empty, the path, "?" if the query is
   * non-empty, the query.
   */
  readonly resourceName: string;
}

function wsFamily(name: "ws" | "wss", defaultPort: number): Scheme<WsUri> {
  return defineScheme<WsUri>({
    name,
    grammar: wsGrammar,
    rule: `${name}-URI`,
    section: "RFC 6455 §3",
    fragment: "forbidden",
    defaultPort,
    emptyPathIsRoot: true,
    captures: [],
    build(input) {
      const { uri } = input;
      const a = uri.authority;
      if (a === undefined) return input.fail({ code: "syntax", offset: name.length + 1, expected: ['"//"'] });
      const path = uri.path.text;
      const query = uri.query;
      return deepFreeze({
        kind: name,
        secure: name === "wss",
        host: a.host,
        port: tcpPort(input, defaultPort, "RFC 6455 §3"),
        portText: a.port,
        path,
        query,
        resourceName: (path === "" ? "/" : path) + (query !== undefined && query !== "" ? `?${query}` : ""),
      });
    },
  });
}

/**
 * The "ws" scheme (RFC 6455 §3): `"ws:" "//" host [ ":" port ] path [ "?" query ]`, default
 * port 80; a fragment is an error.
 *
 * @example
 * ws.parseOrThrow("ws://example.com/chat").resourceName; // "/chat"
 * ws.parse("ws://example.com/#x").error.code;            // "fragment-forbidden"
 */
export const ws: Scheme<WsUri> = wsFamily("ws", 80);

/** The "wss" scheme (RFC 6455 §3): as ws, default port 443, the secure flag set. */
export const wss: Scheme<WsUri> = wsFamily("wss", 443);
