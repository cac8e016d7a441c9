// RFC 9110 §4.2: the "http" and "https" schemes' records by the compiled rules of grammar/http.abnf (values: ./built-in.ts): authority
// and a non-empty host required (§4.2.1, §4.2.2), userinfo flagged (§4.2.4), §4.2.3 normalization (no default port, empty path "/").
import { httpSchemeGrammar } from "../compiled/scheme-grammars.js";
import { hostText } from "../ast/make.js";
import type { Host } from "../ast/nodes.js";
import { DEFAULT_PORTS } from "../core/scheme-table.js";
import { tcpDefinition, type SchemeDefinition } from "./kernel.js";
import type { SchemeGrammarSource } from "./precompiled.js";
import { normalizePercent } from "../transforms/normalize.js";

/** An http or https URI (RFC 9110 §4.2.1, §4.2.2). Text is as written (still percent-encoded). */
export interface HttpUri {
  readonly kind: "http" | "https";
  /** `true` for https. */
  readonly secure: boolean;
  /** The host (RFC 3986 §3.2.2): never an empty reg-name. */
  readonly host: Host;
  /** The TCP port: the one written, or the scheme's default (80, 443) when it is absent or empty. */
  readonly port: number;
  /** The port as written; `undefined` when there is no ":", `""` for an empty one. */
  readonly portText: string | undefined;
  /** The userinfo as written (RFC 3986 §3.2.1), or `undefined`. */
  readonly userinfo: string | undefined;
  /**
   * `true` when the URI has a userinfo: RFC 9110 §4.2.4 deprecates it, says a sender MUST NOT
   * generate it, and advises a recipient to treat it as an error (phishing).
   */
  readonly userinfoFlagged: boolean;
  /** The path (`path-abempty`): `""` or starting with "/". */
  readonly path: string;
  /** Without the "?"; `undefined` when there is none. */
  readonly query: string | undefined;
  /**
   * The origin as RFC 6454 §6.2 serializes it, and as `URL.origin` gives it: scheme and host in
   * lowercase, the port only when it is not the scheme's default ("https://example.com",
   * "https://example.com:8443").
   */
  readonly origin: string;
  /**
   * RFC 9110 §4.3.1's origin, "the normalized URI prefix with port always present": as
   * {@link origin}, with the port written whatever it is ("https://example.com:443").
   */
  readonly originWithPort: string;
}

/** A host as an origin writes it (RFC 6454 §6.2, RFC 9110 §4.3.1): lowercase (percent-encodings uppercase, RFC 3986 §6.2.2.1), IP literals in brackets. */
function originHost(h: Host): string {
  return normalizePercent(hostText(h).toLowerCase(), false, true);
}

/** The definition of http or https (RFC 9110 §4.2.1, §4.2.2): a non-empty host required. */
const definitionOf = (name: "http" | "https", section: string): SchemeDefinition<HttpUri> =>
  tcpDefinition(name, section, "allowed", httpSchemeGrammar, true, (uri, a, port) => ({
    kind: name,
    secure: name === "https",
    host: a.host,
    port,
    portText: a.port,
    userinfo: a.userinfo,
    userinfoFlagged: a.userinfo !== undefined,
    path: uri.path.text,
    query: uri.query,
    origin: port === DEFAULT_PORTS[name] ? `${name}://${originHost(a.host)}` : `${name}://${originHost(a.host)}:${port}`,
    originWithPort: `${name}://${originHost(a.host)}:${port}`,
  }));

/** The "http" scheme's record (RFC 9110 §4.2.1): its value is `http` (src/schemes/built-in.ts). */
export const httpDefinition = definitionOf("http", "RFC 9110 §4.2.1");

/** The "https" scheme's record (RFC 9110 §4.2.2). */
export const httpsDefinition = definitionOf("https", "RFC 9110 §4.2.2");

/** grammar/http.abnf: RFC 9110 §4.2.1 and §4.2.2, with RFC 3986's authority, path-abempty and query. */
export const httpSource: SchemeGrammarSource = { file: "http.abnf", name: "RFC 9110 §4.2", rfc3986: ["authority", "path-abempty", "query"], departures: [] };
