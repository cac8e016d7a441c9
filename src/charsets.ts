// RFC 3986 §2.2–§2.3 character classes and the single characters each component allows
// (§3.1–§3.5), as 128-entry tables indexed by US-ASCII code. No component allows a non-ASCII character.

/**
 * `table[c]` is `true` when the US-ASCII character with code `c` is in the class. Length 128,
 * frozen; a code of 128 or more is in no class (read it as `table[c] === true`).
 */
export type CharTable = readonly boolean[];

const table = (...members: readonly (string | readonly [string, string])[]): CharTable => {
  const t = new Array<boolean>(128).fill(false);
  for (const m of members) {
    if (typeof m === "string") for (const ch of m) t[ch.charCodeAt(0)] = true;
    else for (let c = m[0].charCodeAt(0); c <= m[1].charCodeAt(0); c++) t[c] = true;
  }
  return Object.freeze(t);
};

const ALPHA = [["A", "Z"], ["a", "z"]] as const;
const DIGIT = ["0", "9"] as const;
const UNRESERVED = [...ALPHA, DIGIT, "-._~"] as const;
const SUB_DELIMS = "!$&'()*+,;=";
const GEN_DELIMS = ":/?#[]@";

/**
 * The classes by ABNF rule name. For a rule that repeats single characters (`userinfo`, `query`,
 * …) the table holds the characters it allows besides `pct-encoded`; `scheme` holds the
 * characters allowed after its first (which must be ALPHA).
 */
export const charsets = Object.freeze({
  /** RFC 5234 Appendix B.1 */
  ALPHA: table(...ALPHA),
  /** RFC 5234 Appendix B.1 */
  DIGIT: table(DIGIT),
  /** RFC 5234 Appendix B.1 (case-insensitive, RFC 5234 §2.3) */
  HEXDIG: table(DIGIT, ["A", "F"], ["a", "f"]),
  /** RFC 3986 §2.3 `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` */
  unreserved: table(...UNRESERVED),
  /** RFC 3986 §2.2 `sub-delims` */
  "sub-delims": table(SUB_DELIMS),
  /** RFC 3986 §2.2 `gen-delims` */
  "gen-delims": table(GEN_DELIMS),
  /** RFC 3986 §2.2 `reserved = gen-delims / sub-delims` */
  reserved: table(GEN_DELIMS, SUB_DELIMS),
  /** RFC 3986 §3.1 `scheme`, after its first character: `ALPHA / DIGIT / "+" / "-" / "."` */
  scheme: table(...ALPHA, DIGIT, "+-."),
  /** RFC 3986 §3.2.1 `userinfo`: `unreserved / sub-delims / ":"` */
  userinfo: table(...UNRESERVED, SUB_DELIMS, ":"),
  /** RFC 3986 §3.2.2 `reg-name`: `unreserved / sub-delims` */
  "reg-name": table(...UNRESERVED, SUB_DELIMS),
  /** RFC 3986 §3.2.3 `port = *DIGIT` */
  port: table(DIGIT),
  /** RFC 3986 §3.3 `pchar`: `unreserved / sub-delims / ":" / "@"` */
  pchar: table(...UNRESERVED, SUB_DELIMS, ":@"),
  /** RFC 3986 §3.3 `segment-nz-nc`: `unreserved / sub-delims / "@"` */
  "segment-nz-nc": table(...UNRESERVED, SUB_DELIMS, "@"),
  /** RFC 3986 §3.3 `path`: `pchar / "/"` */
  path: table(...UNRESERVED, SUB_DELIMS, ":@/"),
  /** RFC 3986 §3.4 `query`: `pchar / "/" / "?"` */
  query: table(...UNRESERVED, SUB_DELIMS, ":@/?"),
  /** RFC 3986 §3.5 `fragment`: `pchar / "/" / "?"` */
  fragment: table(...UNRESERVED, SUB_DELIMS, ":@/?"),
});

/** The name of a table in {@link charsets}. */
export type CharsetName = keyof typeof charsets;

/** `true` when the UTF-16 code unit `code` is in `t`. */
export const inTable = (t: CharTable, code: number): boolean => code < 128 && t[code] === true;
