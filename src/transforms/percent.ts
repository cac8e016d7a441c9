// RFC 3986 §2.1 percent-encoding and §2.4 when to decode; octets are UTF-8 (RFC 3629), as §2.5
// asks of new schemes and §3.2.2 of reg-names.
import { utf8Lead, UTF8_LEAD_BITS } from "../utf8-table.js";
import { encodeWith, octetAt } from "../percent-encoding.js";
import { charsets, ENCODE_RULES, NO_CHARACTERS } from "../charsets.js";
import { orThrow, type Result } from "../result.js";
import { DecodeError } from "./errors.js";
import { describeValue, expectOptions, expectString } from "../describe.js";

/** Options of {@link percentDecode}. */
export interface DecodeOptions {
  /**
   * `true`: never fail. Each maximal ill-formed UTF-8 subsequence becomes one U+FFFD (Unicode
   * §3.9, as TextDecoder does), and a `"%"` without two hex digits stays as it is.
   */
  readonly replacement?: boolean | undefined;
}

const fail = (code: "bad-escape" | "invalid-utf8", text: string, offset: number): Result<string, DecodeError> => ({
  ok: false,
  error: new DecodeError(code, text, offset),
});

/**
 * Decodes percent-encoded octets as UTF-8 (RFC 3986 §2.1, §2.4; RFC 3629). Characters that are
 * not part of a triplet stay as they are. Malformed input gives a {@link DecodeError} with the
 * offset of the bad `"%"`, unless `{ replacement: true }`.
 *
 * @example
 * percentDecode("%7Bfoo%7D");   // { ok: true, value: "{foo}" }
 * percentDecode("caf%C3%A9");   // { ok: true, value: "café" }
 * percentDecode("%C3");         // { ok: false, error: DecodeError { code: "invalid-utf8", offset: 0 } }
 */
export function percentDecode(text: string, options: DecodeOptions = {}): Result<string, DecodeError> {
  expectString(text, "text", "percentDecode");
  expectOptions(options, "percentDecode");
  let p = text.indexOf("%");
  if (p < 0) return { ok: true, value: text };
  const replace = options.replacement === true;
  let out = text.slice(0, p);
  // The UTF-8 decoder of the WHATWG Encoding standard (§4.1 "UTF-8 decoder"), with byte bounds.
  let needed = 0;
  let seen = 0;
  let cp = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let start = 0; // offset of the "%" of the current sequence's first octet
  /** An unfinished sequence is one error: write U+FFFD and start over. */
  const endSequence = (): void => {
    out += "\uFFFD";
    needed = 0;
    seen = 0;
    lower = 0x80;
    upper = 0xbf;
  };
  const n = text.length;
  let i = p;
  while (i < n) {
    const b = octetAt(text, i);
    if (b < 0) {
      if (needed !== 0) {
        // A sequence cut short by a character that is not an octet.
        if (!replace) return fail("invalid-utf8", text, start);
        endSequence();
      }
      if (text.charCodeAt(i) === 0x25 && !replace) return fail("bad-escape", text, i);
      const next = text.indexOf("%", i + 1);
      const end = next < 0 ? n : next;
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (needed === 0) {
      start = i;
      if (b <= 0x7f) out += String.fromCharCode(b);
      else {
        const [count, lowest, highest] = utf8Lead(b);
        if (count === 0) {
          if (!replace) return fail("invalid-utf8", text, i);
          out += "\uFFFD";
        } else {
          needed = count;
          lower = lowest;
          upper = highest;
          cp = b & (UTF8_LEAD_BITS[count] as number);
        }
      }
      i += 3;
      continue;
    }
    if (b < lower || b > upper) {
      // Not a continuation of this sequence: the sequence so far is one error; look at b again.
      if (!replace) return fail("invalid-utf8", text, start);
      endSequence();
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    seen++;
    i += 3;
    if (seen === needed) {
      out += String.fromCodePoint(cp);
      needed = 0;
      seen = 0;
    }
  }
  if (needed !== 0) {
    if (!replace) return fail("invalid-utf8", text, start);
    out += "\uFFFD";
  }
  return { ok: true, value: out };
}

/** {@link percentDecode}, throwing its {@link DecodeError}. */
export const percentDecodeOrThrow = /* @__PURE__ */ orThrow(percentDecode);

/** The rules {@link percentEncode} encodes for (src/charsets.ts derives their tables from the grammar). */
export type EncodeRule = (typeof ENCODE_RULES)[number];

/**
 * Percent-encodes `text` for use as (part of) the component `rule`: UTF-8, uppercase hex (RFC
 * 3986 §2.1, §2.5), encoding exactly the characters the rule does not allow and "%" itself, so
 * the result always matches the rule (for `"pchar"` and `"unreserved"`: a sequence of them; for
 * `"segment-nz"` and `"segment-nz-nc"`: when `text` is not empty). Reserved characters the rule
 * allows (e.g. "/" in a path, "&" and "=" in a query) are left as they are; encode those yourself
 * when they are data, or use {@link buildQuery}. A lone surrogate is encoded as U+FFFD
 * (`"%EF%BF%BD"`), as TextEncoder does.
 *
 * @example
 * percentEncode("over there/é", "segment"); // "over%20there%2F%C3%A9"
 */
export function percentEncode(text: string, rule: EncodeRule): string {
  expectString(text, "text", "percentEncode");
  if (!(ENCODE_RULES as readonly string[]).includes(rule)) {
    const rules = ENCODE_RULES.join(", ");
    throw new TypeError(
      rule === undefined
        ? `percentEncode: the rule is the argument after the text, e.g. percentEncode(text, "segment"): one of ${rules}`
        : `percentEncode: unsupported rule ${describeValue(rule)} (one of ${rules})`,
    );
  }
  return encodeWith(text, charsets[rule]);
}

/**
 * `text` with every non-ASCII character percent-encoded as UTF-8 and nothing else changed: the
 * character step of RFC 3987 §3.1's IRI-to-URI mapping (a lone surrogate, which no IRI holds,
 * becomes U+FFFD). Encoded a run at a time by encodeURIComponent, which writes every character
 * at or above U+0080 as uppercase UTF-8 triplets in native code and refuses only a lone surrogate
 * (that run goes to encodeWith): a string a character made 1 MB of U+0301 allocate over 100
 * bytes a character.
 */
export function encodeNonAscii(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[^\x00-\x7f]+/g, (run) => {
    try {
      return encodeURIComponent(run);
    } catch {
      return encodeWith(run, NO_CHARACTERS);
    }
  });
}
