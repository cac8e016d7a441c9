// Where each built-in scheme grammar comes from: its ABNF of record (a file in grammar/), the
// grammars whose rules that text names, and the few rules where the code departs from the RFC's
// ABNF, each with its reason. scripts/compile-grammars.mjs loads each file with these and
// writes the result as expression data (src/schemes/generated/grammars.ts); at run time the
// imports supply the rules the data names but does not define.
import { ref } from "../abnf/expr.js";
import { grammar, type Grammar } from "../abnf/grammar.js";
import { rfc3986 } from "../grammars/rfc3986/index.js";

/** A rule where the code departs from the RFC's ABNF: the rule as the code has it, and why. */
export interface Departure {
  /** The rule's name. */
  readonly rule: string;
  /** Its right-hand side as the code has it, in ABNF. */
  readonly abnf: string;
  /** Why, citing the RFC text that makes the RFC's own rule unusable as written. */
  readonly why: string;
}

/** A scheme grammar's ABNF of record and what loading it takes. */
export interface SchemeGrammarSource {
  /** The ABNF of record: a file name in grammar/. */
  readonly file: string;
  /** The grammar's name, for messages and docs. */
  readonly name: string;
  /** Grammars whose rules the text refers to by name (made when asked); the RFC 5234 Appendix B.1 core rules are always there. */
  imports(): readonly Grammar[];
  /** The rules where the code departs from the text, applied after loading it. */
  readonly departures: readonly Departure[];
}

/** grammar/http.abnf: RFC 9110 §4.2.1 and §4.2.2, with RFC 3986's authority, path-abempty and query. */
export const httpSource: SchemeGrammarSource = {
  file: "http.abnf",
  name: "RFC 9110 §4.2",
  imports: () => [rfc3986.pick("authority", "path-abempty", "query")],
  departures: [],
};

/** grammar/ws.abnf: RFC 6455 §3, its prose rules supplied by RFC 3986. */
export const wsSource: SchemeGrammarSource = {
  file: "ws.abnf",
  name: "RFC 6455 §3",
  // RFC 6455 §3's prose rule: `path = <path-abempty, defined in [RFC3986], Section 3.3>`
  imports: () => [rfc3986.pick("host", "port", "query"), grammar({ path: ref("path-abempty") }, { name: "RFC 6455 §3 (path)", imports: [rfc3986.pick("path-abempty")] })],
  departures: [],
};

const items45 = 'RFC 6068 §2 items 4 and 5: non-ASCII characters in the domain and the local-part, as UTF-8 (then percent-encoded); RFC 6532 §3.2 extends';

/**
 * Where the code departs from the ABNF of RFC 6068 §2 and RFC 5322: the non-ASCII characters
 * that RFC 6068 §2's prose allows (items 4 and 5), added as RFC 6532 §3.2 adds them.
 */
export const mailtoDepartures: readonly Departure[] = Object.freeze([
  { rule: "atext", abnf: 'ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "\'" / "*" / "+" / "-" / "/" / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~" / UTF8-non-ascii', why: `${items45} atext the same way` },
  { rule: "qtext", abnf: "%d33 / %d35-91 / %d93-126 / UTF8-non-ascii", why: `${items45} qtext the same way` },
  { rule: "dtext-no-obs", abnf: "%d33-90 / %d94-126 / UTF8-non-ascii", why: `${items45} dtext the same way` },
]);

/** grammar/mailto.abnf: RFC 6068 §2 and the RFC 5322 rules of addr-spec, over unencoded text, with {@link mailtoDepartures}. */
export const mailtoSource: SchemeGrammarSource = {
  file: "mailto.abnf",
  name: "RFC 6068 §2",
  imports: () => [rfc3986.pick("unreserved", "pct-encoded")],
  departures: mailtoDepartures,
};

/** grammar/urn.abnf: RFC 8141 §2, with RFC 3986's pchar and fragment. */
export const urnSource: SchemeGrammarSource = {
  file: "urn.abnf",
  name: "RFC 8141 §2",
  imports: () => [rfc3986.pick("pchar", "fragment")],
  departures: [],
};

/** grammar/urn-uuid.abnf: the UUID string of RFC 9562 §4. */
export const uuidSource: SchemeGrammarSource = { file: "urn-uuid.abnf", name: "RFC 9562 §4", imports: () => [], departures: [] };

/** grammar/file.abnf: RFC 8089 §2, with RFC 3986's host and path-absolute. */
export const fileSource: SchemeGrammarSource = {
  file: "file.abnf",
  name: "RFC 8089 §2",
  imports: () => [rfc3986.pick("host", "path-absolute")],
  departures: [],
};

/**
 * Where the code departs from RFC 8089 Appendix F: it leaves out the vertical line of E.2.2
 * ("file:///c|/path"), which is not a URI. With a colon only, `file-absolute` is a `path-absolute`.
 */
export const fileAppendixFDepartures: readonly Departure[] = Object.freeze([
  {
    rule: "drive-letter",
    abnf: 'ALPHA ":"',
    why: 'RFC 8089 E.2.2: "[RFC3986] forbids the use of the vertical line"; "|" is not a URI character (RFC 3986 §2), so ALPHA "|" is left out',
  },
  {
    rule: "auth-path",
    abnf: "[ file-auth ] path-absolute / unc-authority path-absolute",
    why: 'RFC 8089 E.2.2: "[ file-auth ] file-absolute" serves only the vertical line; with ALPHA ":" a file-absolute is a path-absolute',
  },
  {
    rule: "local-path",
    abnf: "[ drive-letter ] path-absolute",
    why: "RFC 8089 E.2.2: file-absolute serves only the vertical line; with ALPHA \":\" it is a path-absolute",
  },
]);

/** grammar/file-appendix-f.abnf: RFC 8089 Appendix F, with {@link fileAppendixFDepartures}. */
export const fileAppendixFSource: SchemeGrammarSource = {
  file: "file-appendix-f.abnf",
  name: "RFC 8089 Appendix F",
  imports: () => [rfc3986.pick("host", "path-absolute", "userinfo", "IPv4address", "IPv6address", "IPvFuture", "reg-name")],
  departures: fileAppendixFDepartures,
};

/** grammar/data.abnf: RFC 2397 §3, with RFC 3986's pchar and pct-encoded. */
export const dataSource: SchemeGrammarSource = {
  file: "data.abnf",
  name: "RFC 2397 §3",
  imports: () => [rfc3986.pick("pchar", "pct-encoded")],
  departures: [],
};

/**
 * Where the code departs from RFC 3966 §3: three characters the RFC's rules name cannot stand in
 * a URI as themselves. "#" ends the part a scheme judges (RFC 3986 §3.5: it starts the fragment);
 * RFC 3966 §3 follows RFC 2396, whose §2.4.3 excludes "#" (delims) and "[", "]" (unwise) from
 * URIs, so they appear escaped: "#" as "%23", "[" and "]" through `pct-encoded`. And the prose
 * of §3 over its ABNF: "+", ";", "=" and "?" "MUST be percent encoded if they appear in tel URI
 * parameter values", which `param-unreserved` ("+") and `isdn-subaddress`'s `uric` (all four)
 * allow (security review, November 2026: "tel:+1;isub=a=b" was accepted).
 */
export const telDepartures: readonly Departure[] = Object.freeze([
  {
    rule: "phonedigit-hex",
    abnf: 'HEXDIG / "*" / "%23" / [ visual-separator ]',
    why: 'RFC 3986 §3.5: a "#" starts the fragment; RFC 2396 §2.4.3 (which RFC 3966 §3 follows) escapes it as "%23"',
  },
  {
    rule: "local-number-digits",
    abnf: '*phonedigit-hex (HEXDIG / "*" / "%23") *phonedigit-hex',
    why: 'RFC 3986 §3.5: a "#" starts the fragment; RFC 2396 §2.4.3 (which RFC 3966 §3 follows) escapes it as "%23"',
  },
  {
    rule: "param-unreserved",
    abnf: '"/" / ":" / "&" / "$"',
    why: 'RFC 3986 §3.3: "[" and "]" stand only around an IP literal, never in a path; paramchar has them as pct-encoded ("%5B", "%5D"). RFC 3966 §3: "+" MUST be percent-encoded in a parameter value ("%2B")',
  },
  {
    rule: "isdn-subaddress",
    abnf: '";isub=" 1*( "/" / ":" / "@" / "&" / "$" / "," / unreserved / pct-encoded )',
    why: 'RFC 3966 §3: "+", ";", "=" and "?" MUST be percent-encoded in parameter values; uric is reserved / unreserved / pct-encoded, reserved without them is "/" ":" "@" "&" "$" ","',
  },
]);

/** grammar/tel.abnf: RFC 3966 §3 (core rules only), with {@link telDepartures}. */
export const telSource: SchemeGrammarSource = { file: "tel.abnf", name: "RFC 3966 §3", imports: () => [], departures: telDepartures };
