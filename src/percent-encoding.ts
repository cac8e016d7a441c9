// RFC 3986 §2.1 percent-encoding at the octet level: hex digits, triplets, the one encoder of text as UTF-8 (RFC 3629) for every floor, and the
// one reading of a dot segment written with "%2E". Light on purpose,
// as `{ expand }` of uri-grammar/template bundles it: no imports but types, nothing made at import that a bundle cannot leave out.
import type { CharTable } from "./charsets.js";

const HEX = "0123456789ABCDEF";
/** `"%XX"` for every octet, uppercase hex (§2.1: producers should use uppercase). */
export const TRIPLETS: readonly string[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, b) => `%${HEX[b >> 4]}${HEX[b & 15]}`);

/** The value of a hex digit's code unit (either case, RFC 3986 §2.1), or -1. */
export const hexValue = (c: number): number => (c > 0x2f && c < 0x3a ? c - 0x30 : (c |= 0x20) > 0x60 && c < 0x67 ? c - 0x57 : -1);

/** {@link hexValue} of each US-ASCII code unit, as a table: for a loop that reads triplets without a call per character. */
export const HEX_VALUES: Int8Array = /* @__PURE__ */ Int8Array.from({ length: 128 }, (_, c) => hexValue(c));

/** The octet of the `pct-encoded` triplet at `i` (`"%" HEXDIG HEXDIG`), or -1 when there is none there. */
export function octetAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x25) return -1;
  const hi = hexValue(text.charCodeAt(i + 1));
  const lo = hexValue(text.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : (hi << 4) | lo;
}

/** `"%XX"` for an octet. */
export const triplet = (octet: number): string => TRIPLETS[octet] ?? "";

/** The characters {@link encodedCharacter} has encoded, each with its encoding: the first 4,096 seen. */
const ENCODED = /* @__PURE__ */ new Map<string, readonly [string, string]>();

function encodingOf(ch: string): readonly [string, string] {
  let e = ENCODED.get(ch);
  if (e === undefined) {
    e = [ch, encodeWith(ch, [])];
    if (ENCODED.size < 4096) ENCODED.set(ch, e);
  }
  return e;
}

/**
 * One character (a code point, or a lone surrogate as U+FFFD) as its UTF-8 octets percent-encoded,
 * the same string each time for the first 4,096 characters asked: a list of repairs that encodes
 * one character a million times holds one copy of its encoding, not a million.
 */
export const encodedCharacter = (ch: string): string => encodingOf(ch)[1];

/** `ch` (one character), as the one string {@link encodedCharacter} keeps for it: a repair's `from`, held once. */
export const sameCharacter = (ch: string): string => (ch.length <= 2 ? encodingOf(ch)[0] : ch);

/**
 * Encodes `text` as UTF-8 and percent-encodes every octet whose character `table` does not allow
 * (RFC 3986 §2.1, uppercase hex). "%" is never in a table, so it is always encoded, but with
 * `keepTriplets` a "%" that begins a triplet is kept with its two digits (RFC 6570 §3.2.1's U+R
 * set). A lone surrogate, which UTF-8 cannot encode, is written as U+FFFD (`"%EF%BF%BD"`, as
 * TextEncoder does).
 */
export function encodeWith(text: string, table: CharTable, keepTriplets = false): string {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 128 || table[c] !== true) break;
    i++;
  }
  if (i === n) return text;
  let out = text.slice(0, i);
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (table[c] === true) out += text[i];
      else if (c === 0x25 && keepTriplets && octetAt(text, i) >= 0) {
        out += text.slice(i, i + 3);
        i += 2;
      } else out += triplet(c);
    } else if (c < 0x800) {
      out += triplet(0xc0 | (c >> 6)) + triplet(0x80 | (c & 0x3f));
    } else if (c < 0xd800 || c > 0xdfff) {
      out += triplet(0xe0 | (c >> 12)) + triplet(0x80 | ((c >> 6) & 0x3f)) + triplet(0x80 | (c & 0x3f));
    } else {
      const d = text.charCodeAt(i + 1);
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        out += triplet(0xf0 | (cp >> 18)) + triplet(0x80 | ((cp >> 12) & 0x3f)) + triplet(0x80 | ((cp >> 6) & 0x3f)) + triplet(0x80 | (cp & 0x3f));
        i++;
      } else out += "%EF%BF%BD";
    }
  }
  return out;
}

/**
 * What a path segment is once each "%2E" in it is read as "." (RFC 3986 §2.3 and §6.2.2.2: "%2E"
 * is "."; the URL Standard's #single-dot-URL-path-segment and #double-dot-URL-path-segment):
 * `"."` (".", "%2e"), `".."` ("..", ".%2e", "%2e.", "%2e%2e"), or `undefined` for any other.
 * The one reading, for normalization, the WHATWG front end and the security findings.
 */
export const dotSegmentOf = (segment: string): "." | ".." | undefined =>
  // the pattern is written here, not in a constant of the module, so that bundles without this function leave it out
  /^(\.|%2e){1,2}$/i.test(segment) ? (segment.length & 1 ? "." : "..") : undefined; // "." and "%2e" are 1 and 3 long, the double dots 2, 4 or 6
