// The one character-class module: RFC 3986 §2.2–§2.3 classes, what each component allows (§3.1–§3.5), RFC 3987 §2.2's i-components, IPv4address;
// read from compiled data (src/compiled/), never restated. Tables made at import are marked pure, so a bundle leaves out unread ones. No parser.
import type { CodePointSet } from "./abnf/charset.js";
import type { Span } from "./ast/nodes.js";
import {
  ALPHA, DIGIT, FRAGMENT, GEN_DELIMS, HEXDIG, IFRAGMENT, IPATH, IQUERY, IREG_NAME, ISEGMENT_NZ_NC, IUSERINFO, PATH, PCHAR, PORT, QUERY, REG_NAME, RESERVED,
  SCHEME, SEGMENT, SEGMENT_NZ, SEGMENT_NZ_NC, SUB_DELIMS, UNRESERVED, USERINFO,
} from "./compiled/charsets.js";

/**
 * `table[c]` is `true` when the US-ASCII character with code `c` is in the class. Length 128,
 * frozen; a code of 128 or more is in no RFC 3986 class (read it as `table[c] === true`).
 */
export type CharTable = readonly boolean[];

/** The rules that have a table: the character classes, and the components (besides `pct-encoded`). */
const TABLE_RULES = [
  "ALPHA", "DIGIT", "HEXDIG", "unreserved", "sub-delims", "gen-delims", "reserved", "scheme", "userinfo", "reg-name", "port",
  "pchar", "segment", "segment-nz", "segment-nz-nc", "path", "query", "fragment",
] as const;

/** The name of a table in {@link charsets}. */
export type CharsetName = (typeof TABLE_RULES)[number];

/** The table of the US-ASCII characters in any of `sets`. */
export const tableOf = (...sets: readonly (readonly (readonly number[])[])[]): CharTable => {
  const t = new Array<boolean>(128).fill(false);
  for (const set of sets) for (const [lo, hi] of set) for (let c = lo as number; c <= Math.min(hi as number, 127); c++) t[c] = true;
  return Object.freeze(t);
};

const freezeSet = (ranges: readonly (readonly number[])[]): CodePointSet => Object.freeze(ranges.map(([lo, hi]) => Object.freeze([lo as number, hi as number] as const)));

/**
 * The code points of each class, by ABNF rule name. For a component rule (`userinfo`, `query`,
 * `path`, …) the set holds the single characters it allows besides `pct-encoded` triplets;
 * `scheme` holds the characters it allows anywhere (its first must also be an ALPHA).
 */
export const codePointSets: Readonly<Record<CharsetName, CodePointSet>> = /* @__PURE__ */ (() => {
  // RFC 3986's ranges by name, each constant named (a bundle of these keeps none of RFC 3987's)
  const ranges: Record<CharsetName, readonly (readonly number[])[]> = {
    ALPHA, DIGIT, HEXDIG, unreserved: UNRESERVED, "sub-delims": SUB_DELIMS, "gen-delims": GEN_DELIMS, reserved: RESERVED, scheme: SCHEME, userinfo: USERINFO,
    "reg-name": REG_NAME, port: PORT, pchar: PCHAR, segment: SEGMENT, "segment-nz": SEGMENT_NZ, "segment-nz-nc": SEGMENT_NZ_NC, path: PATH, query: QUERY, fragment: FRAGMENT,
  };
  return Object.freeze(Object.fromEntries(TABLE_RULES.map((name) => [name, freezeSet(ranges[name])])) as Record<CharsetName, CodePointSet>);
})();

/**
 * RFC 3986 §2.3's `unreserved` and §2.2's `reserved` as 128-entry tables, made from their ranges
 * alone (not through {@link codePointSets}), so that a bundle reading only these (normalization's
 * §6.2.2.2 decoding, the template matcher's U and U+R) leaves the other classes out. The first
 * is also `charsets.unreserved`; `charsets.reserved` is made from the same ranges.
 */
export const unreservedTable: CharTable = /* @__PURE__ */ tableOf(UNRESERVED);
export const reservedTable: CharTable = /* @__PURE__ */ tableOf(RESERVED);
/** A table that allows no character: encodeWith then percent-encodes everything given to it. */
export const NO_CHARACTERS: CharTable = /* @__PURE__ */ tableOf();

/** The same classes as 128-entry tables indexed by US-ASCII code (RFC 3986 allows no other character). */
export const charsets: Readonly<Record<CharsetName, CharTable>> = /* @__PURE__ */ (() =>
  Object.freeze(
    Object.fromEntries(TABLE_RULES.map((name) => [name, name === "unreserved" ? unreservedTable : tableOf(codePointSets[name])])) as Record<CharsetName, CharTable>,
  ))();

/** `true` when the UTF-16 code unit `code` is in `t`. */
export const inTable = (t: CharTable, code: number): boolean => code < 128 && t[code] === true;

/** The rules {@link charsets} has a table for and that take percent-encoded octets: what `percentEncode` encodes for. */
export const ENCODE_RULES = ["segment", "segment-nz", "segment-nz-nc", "pchar", "path", "query", "fragment", "userinfo", "reg-name", "unreserved"] as const;

/** The components of a reference that hold characters of their own (scheme and port are ASCII only). */
export type IriComponent = "userinfo" | "host" | "path" | "query" | "fragment";

/** What one component allows, as RFC 3986 and as RFC 3987 have it. */
export interface ComponentSets {
  readonly uri: CodePointSet;
  readonly iri: CodePointSet;
}

/**
 * By component: the single characters its rule allows besides `pct-encoded` (for the path, a
 * segment's characters and "/"; for the host, `reg-name`'s). `segmentNzNc` is the first segment
 * of a relative path, which may not hold ":" (RFC 3986 §4.2).
 */
export const componentSets: Readonly<Record<IriComponent | "segmentNzNc", ComponentSets>> = /* @__PURE__ */ (() =>
  Object.freeze({
    userinfo: Object.freeze({ uri: codePointSets.userinfo, iri: freezeSet(IUSERINFO) }),
    host: Object.freeze({ uri: codePointSets["reg-name"], iri: freezeSet(IREG_NAME) }),
    path: Object.freeze({ uri: codePointSets.path, iri: freezeSet(IPATH) }),
    segmentNzNc: Object.freeze({ uri: codePointSets["segment-nz-nc"], iri: freezeSet(ISEGMENT_NZ_NC) }),
    query: Object.freeze({ uri: codePointSets.query, iri: freezeSet(IQUERY) }),
    fragment: Object.freeze({ uri: codePointSets.fragment, iri: freezeSet(IFRAGMENT) }),
  }))();

export { isIPv4address } from "./compiled/ipv4.js";

// The URL Standard's own code point classes (https://url.spec.whatwg.org/#url-code-points and
// #concept-basic-url-parser's first steps), read by uri-grammar/whatwg, its security reading and
// the IRI repair.

/**
 * A URL code point (#url-code-points): ASCII alphanumerics, "!$&'()*+,-./:;=?@_~", and U+00A0
 * to U+10FFFD but surrogates and noncharacters. Any other character is an invalid-URL-unit
 * validation error where it stands ("%" too, unless it starts a triplet).
 */
export function isUrlCodePoint(cp: number): boolean {
  if (cp < 0x80) return /[A-Za-z0-9!$&'()*+,\-./:;=?@_~]/.test(String.fromCharCode(cp));
  if (cp < 0xa0 || cp > 0x10fffd || (cp >= 0xd800 && cp <= 0xdfff)) return false;
  return !((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe);
}

/**
 * A character beyond US-ASCII: text that holds one can only be an IRI (RFC 3987 §2.2), never a
 * URI. Test with `NON_ASCII.test(s)` (no global flag: the regex keeps no state between calls).
 */
export const NON_ASCII = /[^\x00-\x7f]/;

/** An ASCII tab or newline (U+0009, U+000A, U+000D): the basic URL parser removes each. */
export const isTabOrNewline = (c: number): boolean => c === 0x09 || c === 0x0a || c === 0x0d;

/** The forbidden host code points (#forbidden-host-code-point). */
export const FORBIDDEN_HOST = /[\u0000\u0009\u000A\u000D #/:<>?@[\\\]^|]/;
/** The forbidden domain code points (#forbidden-domain-code-point); also what the host of a Windows UNC path may not decode to (src/schemes/file-path.ts). */
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_DOMAIN = /[\u0000-\u001F #%/:<>?@[\\\]^|\u007F]/;

/**
 * The basic URL parser's first steps (#concept-basic-url-parser): the input is kept from `from`
 * to `to` once leading and trailing C0 control or space are removed, and without `tabs`, the runs
 * of ASCII tab or newline inside (each `[start, end)`, in order).
 */
export function urlCleanUp(input: string): { readonly from: number; readonly to: number; readonly tabs: readonly Span[] } {
  let from = 0;
  let to = input.length;
  while (from < to && input.charCodeAt(from) <= 0x20) from++;
  while (to > from && input.charCodeAt(to - 1) <= 0x20) to--;
  const tabs: { start: number; end: number }[] = [];
  for (let i = from; i < to; i++) {
    if (!isTabOrNewline(input.charCodeAt(i))) continue;
    const last = tabs[tabs.length - 1];
    if (last !== undefined && last.end === i) last.end = i + 1;
    else tabs.push({ start: i, end: i + 1 });
  }
  return { from, to, tabs };
}

/** The text of `r` in `input` as the basic URL parser reads it, tabs and newlines left out, with the offset in `input` of each code unit. */
export function unitsOf(input: string, r: Span): { readonly text: string; readonly at: readonly number[] } {
  let text = "";
  const at: number[] = [];
  for (let i = r.start, run = i; i <= r.end; i++) {
    if (i < r.end && !isTabOrNewline(input.charCodeAt(i))) at.push(i);
    else (text += input.slice(run, i)), (run = i + 1);
  }
  return { text, at };
}
