// ASCII-only case folding, shared by the transforms (RFC 3986 §6.2.2.1) and the ABNF engine
// (RFC 5234 §2.3): a module of its own, so that neither layer's bundle takes the other's tables.
/**
 * ASCII letters to lowercase, nothing else: the case-insensitivity of RFC 3986 §6.2.2.1 (scheme,
 * host; RFC 3987 §5.3.2.1) and of RFC 5234 §2.3's quoted strings, both ASCII-only (U+212A KELVIN
 * SIGN stays). The one definition: transforms/normalize.ts and abnf/expr.ts read it.
 */
export const asciiLower = (s: string): string => (!/[A-Z]/.test(s) ? s : /^[\x00-\x7f]*$/.test(s) ? s.toLowerCase() : s.replace(/[A-Z]+/g, (m) => m.toLowerCase()));
