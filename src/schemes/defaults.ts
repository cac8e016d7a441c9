// The registry of the built-in schemes: a value like any other registry, made once here.
import { data } from "./data.js";
import { file } from "./file.js";
import { http, https } from "./http.js";
import { mailto } from "./mailto.js";
import { createRegistry, type SchemeRegistry } from "./registry.js";
import { tel } from "./tel.js";
import { urn } from "./urn.js";
import { ws, wss } from "./ws.js";

/**
 * The nine built-in schemes: http, https (RFC 9110 §4.2), ws, wss (RFC 6455 §3), mailto (RFC
 * 6068), urn (RFC 8141, RFC 9562), file (RFC 8089 §2), data (RFC 2397), tel (RFC 3966).
 * Extend it with `defaultRegistry.with(myScheme)`; it never changes itself.
 */
export const defaultRegistry: SchemeRegistry = createRegistry([http, https, ws, wss, mailto, urn, file, data, tel]);
