// RFC 6570 §1.6, §3.1 and §3.2.1: what expansion writes for literal text and for values. Values
// are encoded in UTF-8 (RFC 3629), octets outside the allowed set as pct-encoded triplets with
// uppercase hex digits; the allowed set is RFC 3986's unreserved characters (U), or for the "+"
// and "#" operators unreserved, reserved and pct-encoded (U+R). The classes, the octets and the
// UTF-8 table are the package's own (src/charsets.ts, src/percent-encoding.ts, src/utf8-table.ts).
import { tableOf, type CharTable } from "../charsets.js";
import { RESERVED as RESERVED_RANGES, UNRESERVED as UNRESERVED_RANGES } from "../compiled/charsets.js";
import { encodeWith, hexValue, octetAt } from "../percent-encoding.js";
import { utf8Lead } from "../utf8-table.js";

/**
 * RFC 3986 §2.3 unreserved (U), and with §2.2 reserved (U+R), as tables (src/charsets.ts, from
 * the rules). Copies that are not frozen: V8 (Node 20) reads a frozen array's elements about four
 * times slower, which made expand some 15% slower.
 */
const U: CharTable = /* @__PURE__ */ Array.from(tableOf(UNRESERVED_RANGES));
const U_R: CharTable = /* @__PURE__ */ Array.from(tableOf(UNRESERVED_RANGES, RESERVED_RANGES));

/** The same two classes as octet flags (1 in the class), as the matcher reads them. */
export const UNRESERVED: Uint8Array = /* @__PURE__ */ Uint8Array.from(U, Number);
export const RESERVED: Uint8Array = /* @__PURE__ */ (() => Uint8Array.from(tableOf(RESERVED_RANGES), Number))();

/** The octet of a pct-encoded triplet at `i` of `s` (`"%" HEXDIG HEXDIG`), or -1 (src/percent-encoding.ts). */
export { hexValue, octetAt as tripletAt };

/** The length (2 to 4 octets) of the UTF-8 sequence `lead` starts, or 0 for any other octet (RFC 3629 §4, src/utf8-table.ts). */
export function utf8Length(lead: number): number {
  const count = utf8Lead(lead)[0];
  return count === 0 ? 0 : count + 1;
}

/**
 * The code units of the pct-encoded UTF-8 sequence of one character at `i` of `s` (any hex case),
 * or 0 when `s` has no such sequence there: the unit RFC 6570 §2.4.1 counts as one character of
 * a value that holds pct-encoded triplets ("count each Unicode code point as one character").
 */
export function encodedCharLength(s: string, i: number): number {
  const [count, lowest, highest] = utf8Lead(octetAt(s, i));
  if (count === 0) return 0;
  for (let k = 1; k <= count; k++) {
    const b = octetAt(s, i + 3 * k);
    if (k === 1 ? b < lowest || b > highest : b < 0x80 || b > 0xbf) return 0;
  }
  return 3 * (count + 1);
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
  const table = reserved ? U_R : U;
  // the common case, nothing to encode, without a call
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || table[c] !== true) return encodeWith(s, table, reserved, loneSurrogate);
  }
  return s;
}

const loneSurrogate = (at: number): never => {
  throw new LoneSurrogate(at);
};

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
      if (octetAt(s, i) >= 0) {
        i += 3;
        continue;
      }
    }
    i += c >= 0xd800 && c <= 0xdbff && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff ? 2 : 1;
  }
  return i >= s.length ? s : s.slice(0, i);
}
