// RFC 6455 §3: the "ws" and "wss" schemes' records by the compiled rules of grammar/ws.abnf (values: ./built-in.ts): no userinfo,
// default ports 80 and 443, no fragment.
import { wsSchemeGrammar } from "../compiled/scheme-grammars.js";
import type { Host } from "../ast/nodes.js";
import { tcpDefinition, type SchemeDefinition } from "./kernel.js";
import type { SchemeGrammarSource } from "./precompiled.js";

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

/**
 * The definition of ws or wss (RFC 6455 §3): no fragment ("Fragment identifiers are meaningless
 * in the context of WebSocket URIs and MUST NOT be used on these URIs").
 */
const definitionOf = (name: "ws" | "wss"): SchemeDefinition<WsUri> =>
  tcpDefinition(name, "RFC 6455 §3", "forbidden", wsSchemeGrammar, false, (uri, a, port) => {
    const path = uri.path.text;
    const query = uri.query;
    return {
      kind: name,
      secure: name === "wss",
      host: a.host,
      port,
      portText: a.port,
      path,
      query,
      resourceName: (path === "" ? "/" : path) + (query !== undefined && query !== "" ? `?${query}` : ""),
    };
  });

/** The "ws" scheme's record (RFC 6455 §3): its value is `ws` (src/schemes/built-in.ts). */
export const wsDefinition = definitionOf("ws");

/** The "wss" scheme's record (RFC 6455 §3). */
export const wssDefinition = definitionOf("wss");

/** grammar/ws.abnf: RFC 6455 §3, its prose rules supplied by RFC 3986. */
export const wsSource: SchemeGrammarSource = {
  file: "ws.abnf",
  name: "RFC 6455 §3",
  rfc3986: ["host", "port", "query"],
  // RFC 6455 §3's prose rule: `path = <path-abempty, defined in [RFC3986], Section 3.3>`
  prose: { path: "path-abempty" },
  departures: [],
};
