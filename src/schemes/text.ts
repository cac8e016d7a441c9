// Small text helpers of the schemes (RFC 3986 §2.1, §6.2.2.1, §6.2.2.2).
import { charsets } from "../charsets.js";

/**
 * RFC 3986 §6.2.2.1 and §6.2.2.2 on percent-encodings alone: a triplet of an unreserved
 * character decoded, every other triplet's hex digits uppercase; the rest of the text as it is.
 * The fragment's normal form, as `normalize` writes it.
 */
export function normalizeTriplets(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (t, hex: string) => {
    const b = parseInt(hex, 16);
    return b < 128 && charsets.unreserved[b] === true ? String.fromCharCode(b) : t.toUpperCase();
  });
}

/** RFC 3986 §6.2.2.1 on percent-encodings alone: their hex digits uppercase. */
export const upperTriplets = (text: string): string => text.replace(/%[0-9a-fA-F]{2}/g, (t) => t.toUpperCase());
