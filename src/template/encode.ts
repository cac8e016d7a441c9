// RFC 6570 §1.6, §3.1 and §3.2.1: what expansion writes for literal text and for values. Values
// are encoded in UTF-8 (RFC 3629), octets outside the allowed set as pct-encoded triplets with
// uppercase hex digits; the allowed set is RFC 3986's unreserved characters (U), or for the "+"
// and "#" operators unreserved, reserved and pct-encoded (U+R).

const HEX = "0123456789ABCDEF";

/** RFC 3986 §2.3 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~", by code unit below 128. */
export const UNRESERVED = new Uint8Array(128);
/** RFC 3986 §2.2 reserved: gen-delims / sub-delims, by code unit below 128. */
export const RESERVED = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9\-._~]/.test(ch)) UNRESERVED[c] = 1;
  if (/[:/?#[\]@!$&'()*+,;=]/.test(ch)) RESERVED[c] = 1;
}

/** Hex digit value of a code unit, or -1. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** The length (2 to 4 octets) of the UTF-8 sequence `lead` starts, or 0 for any other octet (RFC 3629 §4). */
export function utf8Length(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Whether `b` may follow `lead` as the second octet of a UTF-8 sequence (RFC 3629 §4's table). */
export function secondOctetOk(lead: number, b: number): boolean {
  const lo = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const hi = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  return b >= lo && b <= hi;
}

/** The octet of a pct-encoded triplet at `i` of `s` (`"%" HEXDIG HEXDIG`), or -1. */
export function tripletAt(s: string, i: number): number {
  if (s.charCodeAt(i) !== 0x25) return -1;
  const h = hexValue(s.charCodeAt(i + 1));
  const l = hexValue(s.charCodeAt(i + 2));
  return h < 0 || l < 0 ? -1 : (h << 4) | l;
}

/**
 * The code units of the pct-encoded UTF-8 sequence of one character at `i` of `s` (any hex case),
 * or 0 when `s` has no such sequence there: the unit RFC 6570 §2.4.1 counts as one character of
 * a value that holds pct-encoded triplets ("count each Unicode code point as one character").
 */
export function encodedCharLength(s: string, i: number): number {
  const lead = tripletAt(s, i);
  const n = utf8Length(lead);
  if (n === 0) return 0;
  for (let k = 1; k < n; k++) {
    const b = tripletAt(s, i + 3 * k);
    if (k === 1 ? !secondOctetOk(lead, b) : b < 0x80 || b > 0xbf) return 0;
  }
  return 3 * n;
}

/** The UTF-8 pct-encoding of one code point, uppercase hex (RFC 3986 §2.1). */
function encodeCodePoint(cp: number): string {
  const out = (b: number): string => `%${HEX[b >> 4]}${HEX[b & 15]}`;
  if (cp < 0x80) return out(cp);
  if (cp < 0x800) return out(0xc0 | (cp >> 6)) + out(0x80 | (cp & 63));
  if (cp < 0x10000) return out(0xe0 | (cp >> 12)) + out(0x80 | ((cp >> 6) & 63)) + out(0x80 | (cp & 63));
  return out(0xf0 | (cp >> 18)) + out(0x80 | ((cp >> 12) & 63)) + out(0x80 | ((cp >> 6) & 63)) + out(0x80 | (cp & 63));
}

/** Thrown for a value that holds a lone surrogate, which is no Unicode character (RFC 6570 §1.6). */
export class LoneSurrogate extends Error {
  constructor(readonly index: number) {
    super("lone surrogate");
  }
}

/**
 * `s` with every character outside the allowed set pct-encoded in UTF-8 (RFC 6570 §3.2.1): the
 * set is unreserved, or with `reserved` unreserved / reserved / pct-encoded (a `"%"` that does not
 * start a triplet is encoded as `"%25"`). Throws {@link LoneSurrogate} for a lone surrogate.
 */
export function encodeValue(s: string, reserved: boolean): string {
  let i = 0;
  const n = s.length;
  // the common case: nothing to encode
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || !(UNRESERVED[c] === 1 || (reserved && RESERVED[c] === 1))) break;
  }
  if (i === n) return s;
  let out = s.slice(0, i);
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (UNRESERVED[c] === 1 || (reserved && RESERVED[c] === 1)) out += s[i];
      else if (c === 0x25 && reserved && tripletAt(s, i) >= 0) {
        out += s.slice(i, i + 3);
        i += 2;
      } else out += encodeCodePoint(c);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = s.charCodeAt(i + 1);
      if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) throw new LoneSurrogate(i);
      out += encodeCodePoint(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
      i++;
      continue;
    }
    out += encodeCodePoint(c);
  }
  return out;
}

/**
 * A valid template's literal text as §3.1 copies it: the characters a URI allows as they are,
 * the others (RFC 3987's ucschar and iprivate, the only others §2.1 allows) pct-encoded in UTF-8.
 */
export function encodeLiteral(text: string): string {
  // a literal holds no lone "%" and no character a URI does not allow below 128
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 128) return encodeValue(text, true);
  return text;
}

/**
 * The first `max` characters of a value (RFC 6570 §2.4.1, §3.2.1): code points, and for the
 * `"+"` and `"#"` operators (whose values keep their pct-encoded triplets) a triplet, or the
 * triplets of one UTF-8 encoded character, as one character, never split.
 */
export function prefixOf(s: string, max: number, reserved: boolean): string {
  let i = 0;
  for (let count = 0; count < max && i < s.length; count++) {
    const c = s.charCodeAt(i);
    if (reserved && c === 0x25) {
      const seq = encodedCharLength(s, i);
      if (seq > 0) {
        i += seq;
        continue;
      }
      if (tripletAt(s, i) >= 0) {
        i += 3;
        continue;
      }
    }
    i += c >= 0xd800 && c <= 0xdbff && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff ? 2 : 1;
  }
  return i >= s.length ? s : s.slice(0, i);
}
