// The one table of scheme names and default ports: RFC 3986 §6.2.3's facts (default ports, an empty path means "/") for normalization and the
// schemes, the URL Standard's special schemes (front end, security checks, password masking), and what a scheme name is (RFC 3986 §3.1).
import { passwordRange } from "../password.js";

/** The built-in schemes' names (uri-grammar/schemes), in their registries' order: the one list, read without loading a scheme. */
export const BUILT_IN_SCHEME_NAMES = ["http", "https", "ws", "wss", "mailto", "urn", "file", "data", "tel"] as const;

/** http and https (RFC 9110 §4.2.1–§4.2.3), ws and wss (RFC 6455 §3). */
export const DEFAULT_PORTS = /* @__PURE__ */ Object.freeze({ http: 80, https: 443, ws: 80, wss: 443 } as const);

/** Whether, with an authority, an empty path is "/" under `scheme`: the schemes of {@link DEFAULT_PORTS} (RFC 9110 §4.2.3, RFC 6455 §3). */
export const emptyPathIsRoot = (scheme: string): boolean => Object.hasOwn(DEFAULT_PORTS, scheme);

/**
 * Whether `scheme` is one the URL Standard calls special (#special-scheme: ftp, file, http, https,
 * ws, wss), lowercase as written there. Their names are written once, in password.ts's pattern,
 * which masks passwords in bundles that must not hold this table (uri-grammar/template's
 * `{ expand }`): for a special scheme the URL Standard reads a userinfo without "//", so the text
 * `scheme:u:p@` has a password exactly when the scheme is special.
 */
export const isSpecialScheme = (scheme: string): boolean => isSchemeName(scheme) && scheme === scheme.toLowerCase() && passwordRange(`${scheme}:u:p@`) !== undefined;

/** RFC 5234 Appendix B.1 ALPHA: %x41-5A / %x61-7A. */
const isAlpha = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

/**
 * How many characters `text` begins with are a scheme name (RFC 3986 §3.1: `scheme = ALPHA
 * *( ALPHA / DIGIT / "+" / "-" / "." )`): the longest run, 0 when `text[0]` is no ALPHA.
 * Written out rather than read from src/charsets.ts's tables: error messages mask passwords with
 * it (password.ts), and the tables would then ship with every entry (test/package.test.ts).
 */
function schemeNameLength(text: string): number {
  if (!isAlpha(text.charCodeAt(0))) return 0;
  let i = 1;
  for (let c = text.charCodeAt(i); isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e; c = text.charCodeAt(++i));
  return i;
}

/** True when `s` is a scheme name (RFC 3986 §3.1), in any case. */
export const isSchemeName = (s: string): boolean => s.length > 0 && schemeNameLength(s) === s.length;

/** The scheme `text` begins with (RFC 3986 §3.1), as written, when a ":" follows it; `undefined` otherwise. */
export function schemeAt(text: string): string | undefined {
  const n = schemeNameLength(text);
  return n > 0 && text.charCodeAt(n) === 0x3a ? text.slice(0, n) : undefined;
}
