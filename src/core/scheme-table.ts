// The one table of scheme names and default ports. RFC 3986 §6.2.3: what scheme-based
// normalization knows of the schemes a URI names most: their default ports and that an empty
// path means "/", read by normalization (the `defaultSchemes` of src/transforms/normalize.ts) and
// by the schemes (src/schemes/builtin/); the URL Standard's special schemes, read by its front
// end, the security checks and the password masking; and what a scheme name is (RFC 3986 §3.1).
import { charsets, inTable } from "../charsets.js";

/** http and https (RFC 9110 §4.2.1–§4.2.3), ws and wss (RFC 6455 §3). */
export const DEFAULT_PORTS = Object.freeze({ http: 80, https: 443, ws: 80, wss: 443 } as const);

/** The schemes of {@link DEFAULT_PORTS}: with an authority, an empty path is "/" (RFC 9110 §4.2.3, RFC 6455 §3). */
export const EMPTY_PATH_IS_ROOT: readonly string[] = Object.freeze(["http", "https", "ws", "wss"]);

/**
 * The schemes the URL Standard calls special, with their default ports (#special-scheme): those
 * of {@link DEFAULT_PORTS}, ftp (21) and file (none: ""). Lowercase names; digits as text.
 */
export const SPECIAL_SCHEMES: ReadonlyMap<string, string> = new Map([
  ["ftp", "21"], ["file", ""], ...Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, String(port)] as const),
]);

/**
 * How many characters of `text` from `start` are a scheme name (RFC 3986 §3.1: `scheme = ALPHA
 * *( ALPHA / DIGIT / "+" / "-" / "." )`, read from the compiled character tables of the rule):
 * the longest run, 0 when `text[start]` is no ALPHA.
 */
export function schemeNameLength(text: string, start = 0): number {
  if (!inTable(charsets.ALPHA, text.charCodeAt(start))) return 0;
  let i = start + 1;
  while (i < text.length && inTable(charsets.scheme, text.charCodeAt(i))) i++;
  return i - start;
}

/** True when `s` is a scheme name (RFC 3986 §3.1), in any case. */
export const isSchemeName = (s: string): boolean => s.length > 0 && schemeNameLength(s) === s.length;
