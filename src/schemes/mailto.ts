// RFC 6068: the "mailto" scheme's record (value: ./built-in.ts) by grammar/mailto.abnf as a URI holds it (§2 items 1–5): recipients (addr-spec,
// RFC 5322 §3.4.1) in the path or "to" fields, header fields decoded as UTF-8 (§2, §5), domains compared case-insensitively (RFC 5321 §2.4).
import { mailtoSchemeGrammar } from "../compiled/scheme-grammars.js";
import { codePointSet, type CodePointSet } from "../abnf/charset.js";
import type { Match } from "../abnf/semantics.js";
import * as make from "../ast/make.js";
import type { Uri } from "../ast/nodes.js";
import { tableOf } from "../charsets.js";
import { UNRESERVED } from "../compiled/charsets.js";
import { encodeWith, octetAt } from "../percent-encoding.js";
import { compiledRules, decodedOrFail, deepFreeze, type SchemeDefinition, type SchemeInput } from "./kernel.js";
import type { Departure, SchemeGrammarSource } from "./precompiled.js";

/** A recipient in a mailto URI's path (RFC 6068 §2 `to`), decoded. */
export interface MailtoAddress {
  /** The address, decoded: `local-part "@" domain` (RFC 5322 §3.4.1). */
  readonly address: string;
  /** Decoded; a quoted-string keeps its quotes and backslashes (RFC 5322 §3.2.4). */
  readonly localPart: string;
  /** Decoded (a domain literal keeps its brackets). */
  readonly domain: string;
}

/** A mailto URI (RFC 6068 §2), decoded. */
export interface MailtoUri {
  readonly kind: "mailto";
  /** The addresses of the path (`to`), in order. */
  readonly to: readonly MailtoAddress[];
  /** Every header field (`hfield`), in order: the name decoded and lowercased (§2: case-insensitive), the value decoded. */
  readonly headers: readonly (readonly [name: string, value: string])[];
  /**
   * The recipients by header: `to` holds the path's addresses, then those of "to" header
   * fields (§2: `mailto:a@x,b@x` means `mailto:?to=a@x,b@x` and `mailto:a@x?to=b@x`); "cc" and
   * "bcc" fields likewise. A field's value is an RFC 5322 address list, split at the commas
   * outside quoted strings, comments (which nest), domain literals and angle brackets.
   */
  readonly recipients: { readonly to: readonly string[]; readonly cc: readonly string[]; readonly bcc: readonly string[] };
  /** The first "subject" field's value, decoded. */
  readonly subject: string | undefined;
  /** The first "body" field's value (§2: the first text/plain body part), decoded; line breaks are CRLF (§5). */
  readonly body: string | undefined;
}

/**
 * A "to", "cc" or "bcc" value's addresses (RFC 6068 §2: RFC 5322 address lists), each trimmed:
 * split at the commas outside quoted strings (RFC 5322 §3.2.4), comments (§3.2.2: they nest),
 * domain literals (§3.4.1) and angle brackets (§4.4: an obs-route holds commas), a backslash
 * quoting the next character in the first three (quoted-pair, §3.2.1). An unclosed one runs to
 * the end of the value.
 */
function addressList(value: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let comment = 0;
  let literal = false;
  let angle = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted || comment > 0 || literal) {
      if (c === "\\") i++;
      else if (quoted) quoted = c !== '"';
      else if (literal) literal = c !== "]";
      else if (c === "(") comment++;
      else if (c === ")") comment--;
    } else if (c === '"') quoted = true;
    else if (c === "(") comment = 1;
    else if (c === "[") literal = true;
    else if (c === "<") angle = true;
    else if (c === ">") angle = false;
    else if (c === "," && !angle) {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out.map((a) => a.trim()).filter((a) => a !== "");
}

const decoded = (input: SchemeInput, m: Match, rule: string): string =>
  decodedOrFail(input, m.text, m.start, rule, "RFC 6068 §2", `the ${rule} is not percent-encoded UTF-8 (RFC 6068 §2: non-ASCII characters are encoded as UTF-8, then percent-encoded)`);

/** A part of the text, as a Match would give it (for decoding with its offset). */
const part = (input: SchemeInput, start: number, end: number, rule: string): Match =>
  ({ rule, input: input.text, start, end, text: input.text.slice(start, end) }) as Match;

/** How many characters the character or triplet at `i` of `s` takes. */
const stepAt = (s: string, i: number): number => (s.charCodeAt(i) === 0x25 ? 3 : 1);

/**
 * The recipients of the path (`to`, RFC 6068 §2), found by their delimiters in the URI's text,
 * which the grammar has accepted: `to = addr-spec *("," addr-spec)`, `addr-spec = local-part "@"
 * domain`. A quoted local-part runs from "%22" to the next "%22" that no "%5C" escapes (DQUOTE
 * and "\" are percent-encoded in a mailto URI, §2 item 1, while "," and "@" may stand as
 * themselves inside it); a domain literal runs from "%5B" to "%5D" ("[" and "]" likewise). Any
 * other local-part is a dot-atom-text, which holds no "@", and any other domain one that holds no
 * ",". test/schemes/mailto.test.ts holds this equal to the grammar's derivation.
 */
function recipients(input: SchemeInput): { local: Match; domain: Match }[] {
  const { text, uri } = input;
  const start = 7; // "mailto:"
  const end = start + uri.path.text.length;
  const out: { local: Match; domain: Match }[] = [];
  let i = start;
  while (i < end) {
    const localStart = i;
    if (octetAt(text, i) === 0x22) {
      i += 3;
      while (i < end && octetAt(text, i) !== 0x22) {
        // a quoted-pair: "\" and the character it quotes
        if (octetAt(text, i) === 0x5c) i += 3;
        i += stepAt(text, i);
      }
      i += 3; // the closing quote
    } else while (i < end && text.charCodeAt(i) !== 0x40) i += stepAt(text, i);
    const local = part(input, localStart, i, "local-part");
    i++; // "@"
    const domainStart = i;
    if (octetAt(text, i) === 0x5b) {
      while (i < end && octetAt(text, i) !== 0x5d) i += stepAt(text, i);
      i += 3;
    } else while (i < end && text.charCodeAt(i) !== 0x2c) i += stepAt(text, i);
    out.push({ local, domain: part(input, domainStart, i, "domain") });
    i++; // ","
  }
  return out;
}

function buildMailto(input: SchemeInput): MailtoUri {
  const to: MailtoAddress[] = [];
  for (const { local, domain } of recipients(input)) {
    const localPart = decoded(input, local, "local-part");
    const d = decoded(input, domain, "domain");
    to.push({ address: `${localPart}@${d}`, localPart, domain: d });
  }
  // hfields = "?" hfield *( "&" hfield ); hfield = hfname "=" hfvalue: qchar holds no "&", "=" or "?"
  const headers: [string, string][] = [];
  const query = input.uri.query;
  if (query !== undefined) {
    let from = input.text.length - query.length;
    for (const field of query.split("&")) {
      const eq = field.indexOf("=");
      const name = decoded(input, part(input, from, from + eq, "hfname"), "hfname").toLowerCase();
      headers.push([name, decoded(input, part(input, from + eq + 1, from + field.length, "hfvalue"), "hfvalue")]);
      from += field.length + 1;
    }
  }
  const field = (name: string): string[] => headers.filter(([n]) => n === name).flatMap(([, v]) => addressList(v));
  return deepFreeze({
    kind: "mailto",
    to,
    headers,
    recipients: { to: [...to.map((a) => a.address), ...field("to")], cc: field("cc"), bcc: field("bcc") },
    subject: headers.find(([n]) => n === "subject")?.[1],
    body: headers.find(([n]) => n === "body")?.[1],
  });
}

/**
 * An address with the ASCII letters of its domain (after the last "@") lowercased. Only ASCII: a
 * domain name's case is folded by DNS for ASCII alone (RFC 4343), and String#toLowerCase would
 * fold beyond it, with Final_Sigma: "ΑΣ-b.gr" would become "ας-b.gr", another IDNA name
 * (xn---b-b9b6e.gr is not xn---b-b9b2e.gr), a false positive that RFC 3986 §6.1 and RFC 3987
 * §5.1 do not allow (security review, November 2026). UTS #46 mapping would fold more, but would
 * load IDNA data into every normalize and equivalent.
 */
const comparableAddress = (a: string): string => {
  const at = a.lastIndexOf("@");
  return at < 0 ? a : a.slice(0, at + 1) + a.slice(at + 1).replace(/[A-Z]+/g, (m) => m.toLowerCase());
};

/** RFC 3986 §2.3's unreserved characters (the compiled ranges) and the characters of `more`. */
const unreservedAnd = (more: string): CodePointSet => codePointSet([...UNRESERVED, ...[...more].map((c) => [c.charCodeAt(0), c.charCodeAt(0)] as const)]);
/**
 * RFC 6068 §2 item 1: the characters of an addr-spec that may stand as themselves in a mailto
 * URI. It MUST percent-encode the characters a URI cannot hold, "%", the gen-delims but "@" and
 * ":" ("/", "?", "#", "[", "]"), and of the sub-delims at least "&", ";" and "=". What is left:
 * unreserved, "@", ":" and the sub-delims "!", "$", "'", "(", ")", "*", "+", ",".
 */
export const ADDR_SPEC_LITERAL = unreservedAnd("@:!$'()*+,");
const ADDRESS_LITERAL = tableOf(ADDR_SPEC_LITERAL);
/** RFC 6068 §2 `qchar = unreserved / pct-encoded / some-delims`: what an hfname or hfvalue may hold unencoded. */
const QCHAR_LITERAL = tableOf(unreservedAnd("!$'()*+,;:@"));

/** A decoded address as a mailto URI's path writes it: each part percent-encoded where RFC 6068 §2 item 1 asks, the "@" between them as itself. */
function addressText(address: string): string {
  const at = address.lastIndexOf("@");
  return `${encodeWith(address.slice(0, at), ADDRESS_LITERAL)}@${encodeWith(address.slice(at + 1), ADDRESS_LITERAL)}`;
}

/**
 * The mailto URI's normal form: a dedupe key (two mailto URIs are equivalent, see
 * `equivalentKey`, exactly when their normal forms are equal), as far as a URI can write one: the
 * recipients of the path and of "to" header fields in the path (§2: `mailto:a@x?to=b@x` is
 * `mailto:a@x,b@x`), each domain in lowercase; the header field names in lowercase, the fields in
 * order of name (fields of the same name keep their order), "to", "cc" and "bcc" values as their
 * addresses with lowercase domains; every part percent-encoded where §2 item 1 asks and nowhere
 * else. The fragment, which equivalence ignores (§2: "meaningless"), stays as it is. A URI the
 * recipients of whose "to" fields cannot stand in the path (an address with a display name) keeps
 * those fields.
 */
function normalizeMailto(uri: Uri, value: MailtoUri): Uri {
  const toFields = value.headers.filter(([n]) => n === "to").flatMap(([, v]) => addressList(v));
  const others = value.headers.map((h, i) => [h, i] as const).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([h]) => h);
  const field = ([n, v]: readonly [string, string]): string => {
    const text = n === "to" || n === "cc" || n === "bcc" ? addressList(v).map(comparableAddress).join(",") : v;
    return `${encodeWith(n, QCHAR_LITERAL)}=${encodeWith(text, QCHAR_LITERAL)}`;
  };
  const write = (recipients: readonly string[], fields: readonly (readonly [string, string])[]): string =>
    `mailto:${recipients.map((a) => addressText(comparableAddress(a))).join(",")}${fields.length === 0 ? "" : `?${fields.map(field).join("&")}`}`;
  const path = value.to.map((a) => a.address);
  const rule = mailtoDefinition.matcherOf(mailtoDefinition.rule);
  // the "to" fields' recipients in the path, where each one can stand there
  let text = write([...path, ...toFields], others.filter(([n]) => n !== "to"));
  if (!rule.test(text)) text = write(path, others);
  if (!rule.test(text)) return uri;
  const path2 = text.slice(7, text.includes("?") ? text.indexOf("?") : text.length);
  const query = text.includes("?") ? text.slice(text.indexOf("?") + 1) : undefined;
  const current = uri.query === undefined ? uri.path.text : `${uri.path.text}?${uri.query}`;
  if (`${path2}${query === undefined ? "" : `?${query}`}` === current && uri.scheme === "mailto") return uri;
  return make.referenceFromParts("mailto", undefined, "reg-name", path2, query, uri.fragment) as Uri;
}

/** The definition of the "mailto" scheme (RFC 6068): what `mailto` (src/schemes/built-in.ts) is with its grammar. */
export const mailtoDefinition: SchemeDefinition<MailtoUri> = {
  name: "mailto",
  rule: "mailtoURI",
  fragment: "allowed",
  matcherOf: compiledRules(mailtoSchemeGrammar),
  section: "RFC 6068 §2",
  normalizeOptions: { dotSegments: false },
  build: buildMailto,
  normalize: normalizeMailto,
  equivalentKey(value: MailtoUri): string {
    const { to, cc, bcc } = value.recipients;
    const others = value.headers.filter(([n]) => n !== "to" && n !== "cc" && n !== "bcc");
    const sorted = others.map((h, i) => [h, i] as const).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([h]) => h);
    return JSON.stringify([to.map(comparableAddress), cc.map(comparableAddress), bcc.map(comparableAddress), sorted]);
  },
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
  rfc3986: ["unreserved", "pct-encoded"],
  departures: mailtoDepartures,
};
