// The registry of the built-in schemes: a value like any other registry, made once here.
import { data, type DataUri } from "./data.js";
import { file, type FileUri } from "./file.js";
import { http, https, type HttpUri } from "./http.js";
import { mailto, type MailtoUri } from "./mailto.js";
import { createRegistry, type SchemeRegistry } from "./registry.js";
import { tel, type TelUri } from "./tel.js";
import { urn, type UrnUri } from "./urn.js";
import { ws, wss, type WsUri } from "./ws.js";

/** The value of a URI under one of the built-in schemes: tell them apart by `kind`. */
export type BuiltInSchemeValue = HttpUri | WsUri | MailtoUri | UrnUri | FileUri | DataUri | TelUri;

/**
 * The nine built-in schemes: http, https (RFC 9110 §4.2), ws, wss (RFC 6455 §3), mailto (RFC
 * 6068), urn (RFC 8141, RFC 9562), file (RFC 8089 §2), data (RFC 2397), tel (RFC 3966).
 * Extend it with `defaultRegistry.with(myScheme)`; it never changes itself.
 */
export const defaultRegistry: SchemeRegistry<BuiltInSchemeValue> = createRegistry([http, https, ws, wss, mailto, urn, file, data, tel]);
