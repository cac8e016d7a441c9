// RFC 3986 §6.2.3: what scheme-based normalization knows of the schemes a URI names most: their
// default ports and that an empty path means "/". One table, read by normalization (the
// `defaultSchemes` of src/transforms/normalize.ts) and by the schemes (src/schemes/builtin/).

/** http and https (RFC 9110 §4.2.1–§4.2.3), ws and wss (RFC 6455 §3). */
export const DEFAULT_PORTS = Object.freeze({ http: 80, https: 443, ws: 80, wss: 443 } as const);

/** The schemes of {@link DEFAULT_PORTS}: with an authority, an empty path is "/" (RFC 9110 §4.2.3, RFC 6455 §3). */
export const EMPTY_PATH_IS_ROOT: readonly string[] = Object.freeze(["http", "https", "ws", "wss"]);
