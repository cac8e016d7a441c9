// RFC 6570 §1.6, §3.1 and §3.2.1: what expansion writes for literal text and for values. Values
// are encoded in UTF-8 (RFC 3629), octets outside the allowed set as pct-encoded triplets with
// uppercase hex digits; the allowed set is RFC 3986's unreserved characters (U), or for the "+"
// and "#" operators unreserved, reserved and pct-encoded (U+R). The platform writes and reads the
// octets (encodeURIComponent, encodeURI, parseInt, decodeURIComponent), so that `{ expand }`
// bundles no octet reader or UTF-8 table of its own; test/template/encode.test.ts holds them to
// the package's (src/percent-encoding.ts, src/charsets.ts, src/utf8-table.ts).

/**
 * The code units of the pct-encoded UTF-8 sequence of one character at `i` of `s` (any hex case),
 * or 0 when `s` has no such sequence there: the unit RFC 6570 §2.4.1 counts as one character of
 * a value that holds pct-encoded triplets ("count each Unicode code point as one character").
 * The sequence's length is its lead octet's (RFC 3629 §3); whether it is well formed (no overlong
 * form, no surrogate, nothing above U+10FFFF: RFC 3629 §4) the platform's UTF-8 decoder says
 * (ECMA-262 Decode throws a URIError on anything else), exactly as src/utf8-table.ts's table
 * does (test/template/encode.test.ts compares them on every lead and second octet).
 */
export function encodedCharLength(s: string, i: number): number {
  // the lead octet, less than 0xc0 unless both digits are hex (NaN, or at most 15, otherwise:
  // NaN takes the longest length, which the decoder then refuses)
  const lead = s[i] === "%" ? parseInt(s.slice(i + 1, i + 3), 16) : 0;
  const n = lead < 0xc0 ? 0 : lead < 0xe0 ? 6 : lead < 0xf0 ? 9 : 12;
  try {
    if (n > 0) decodeURIComponent(s.slice(i, i + n));
    return n;
  } catch {
    return 0;
  }
}

/**
 * `s` with every character outside the allowed set pct-encoded in UTF-8 (RFC 6570 §3.2.1,
 * uppercase hex): the set is unreserved (U), or with `reserved` unreserved / reserved /
 * pct-encoded (U+R: a `"%"` that does not start a triplet is encoded as `"%25"`). The platform's
 * UTF-8 encoder writes the octets: `encodeURIComponent` leaves RFC 3986 §2.3's unreserved and
 * `!'()*` as they are, so those five are encoded after it; `encodeURI` leaves unreserved and
 * reserved but "[" and "]" (§2.2), and encodes every "%", so those two and the triplets the value
 * held are put back. A lone surrogate, which is no Unicode character and has no UTF-8 form (RFC
 * 6570 §1.6), throws the platform's URIError.
 */
export function encodeValue(s: string, reserved: boolean): string {
  if (reserved) return OUTSIDE_U_R.test(s) ? encodeURI(s).replace(BACK_TO_U_R, decodeURIComponent) : s;
  return OUTSIDE_U.test(s) ? encodeURIComponent(s).replace(SUB_DELIMS_KEPT, subDelimEncoded) : s;
}

/** A character outside U, and outside U+R ("%" counted outside: it is kept only as a triplet's). */
const OUTSIDE_U = /[^\w.~-]/;
const OUTSIDE_U_R = /[^\w.~:/?#[\]@!$&'()*+,;=-]/;
/** What encodeURIComponent keeps that U does not. */
const SUB_DELIMS_KEPT = /[!'()*]/g;
const subDelimEncoded = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
/** A value's triplet's "%" (written "%25" by encodeURI), and "[" and "]" encoded: each decoded back. */
const BACK_TO_U_R = /%25(?=[\dA-Fa-f]{2})|%5[BD]/g;

/** A pct-encoded triplet (RFC 3986 §2.1, any hex case). */
const TRIPLET = /^%[\dA-F]{2}$/i;

/**
 * The first `max` characters of a value (RFC 6570 §2.4.1, §3.2.1): code points, and for the
 * `"+"` and `"#"` operators (whose values keep their pct-encoded triplets) a triplet, or the
 * triplets of one UTF-8 encoded character, as one character, never split.
 */
export function prefixOf(s: string, max: number, reserved: boolean): string {
  let i = 0;
  for (let count = 0; count < max && i < s.length; count++) {
    if (reserved && s[i] === "%" && TRIPLET.test(s.slice(i, i + 3))) {
      i += encodedCharLength(s, i) || 3;
      continue;
    }
    i += (s.codePointAt(i) as number) > 0xffff ? 2 : 1; // a surrogate pair is one character, a lone surrogate one too
  }
  return i >= s.length ? s : s.slice(0, i);
}
