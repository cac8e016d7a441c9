// RFC 6068: the "mailto" URI scheme. §2 syntax: recipients (addr-spec, RFC 5322 §3.4.1, as a URI
// holds it: RFC 6068 §2 items 1–5) and header fields, decoded to text (UTF-8, §2 and §5); the
// same recipients however they are written (§2: in the path or as "to" header fields); a domain
// compares case-insensitively (RFC 5321 §2.4).
import { Grammar } from "../abnf/grammar.js";
import { schemeGrammar } from "../compiled/index.js";
import { codePointSet } from "../abnf/charset.js";
import type { Match } from "../abnf/semantics.js";
import { percentDecode } from "../transforms/percent.js";
import { mailtoData } from "./generated/grammars.js";
import { percentEncodedRules } from "./percent-encoded.js";
import { precompiledGrammar } from "./precompiled.js";
import { deepFreeze, defineScheme, type Scheme, type SchemeInput } from "./scheme.js";
import { mailtoDepartures, mailtoSource } from "./sources.js";

export { mailtoDepartures };

/** grammar/mailto.abnf with {@link mailtoDepartures}: addr-spec and its rules over unencoded text. */
const unencoded = precompiledGrammar(mailtoData, mailtoSource.imports);

/**
 * RFC 6068 §2 item 1: the characters of an addr-spec that may stand as themselves in a mailto
 * URI. It MUST percent-encode the characters a URI cannot hold, "%", the gen-delims but "@" and
 * ":" ("/", "?", "#", "[", "]"), and of the sub-delims at least "&", ";" and "=". What is left:
 * unreserved, "@", ":" and the sub-delims "!", "$", "'", "(", ")", "*", "+", ",".
 */
const ADDR_SPEC_LITERAL = codePointSet(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@:!$'()*+,"].map((c) => [c.charCodeAt(0), c.charCodeAt(0)] as const),
);

/**
 * The grammar of a mailto URI (RFC 6068 §2): grammar/mailto.abnf with RFC 6068 §2 item 1 applied
 * to `local-part` and `domain` and every rule under them: a character of
 * {@link ADDR_SPEC_LITERAL} stands as itself or percent-encoded, any other octet only
 * percent-encoded; non-ASCII as UTF-8 octets, percent-encoded (items 4, 5). The "@" between them
 * is a delimiter and stands as itself (as in §6.2's `%22not%40me%22@example.org`, the address
 * `"not@me"@example.org`).
 */
export const mailtoGrammar = unencoded.derive({
  rules: percentEncodedRules(unencoded, ["local-part", "domain"], ADDR_SPEC_LITERAL, ["atext", "qtext", "dtext-no-obs", "UTF8-non-ascii"]),
});
Grammar.useCompiled(mailtoGrammar, schemeGrammar("mailto")); // its top rule as the build compiled it

/** The unencoded grammar (grammar/mailto.abnf with {@link mailtoDepartures}), whose `addr-spec` a decoded address matches. */
export const addrSpecGrammar = unencoded;

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

function decoded(input: SchemeInput, m: Match, rule: string): string {
  const r = percentDecode(m.text);
  if (r.ok) return r.value;
  return input.fail({
    code: "invalid-utf8",
    offset: m.start + r.error.offset,
    rule,
    section: "RFC 6068 §2",
    message: `the ${rule} is not percent-encoded UTF-8 (RFC 6068 §2: non-ASCII characters are encoded as UTF-8, then percent-encoded)`,
  });
}

/** A part of the text, as a Match would give it (for decoding with its offset). */
const part = (input: SchemeInput, start: number, end: number, rule: string): Match =>
  ({ rule, input: input.text, start, end, text: input.text.slice(start, end) }) as Match;

/**
 * The recipients of the path (`to`, RFC 6068 §2). Without a quoted local-part ("%22") or a
 * domain literal ("%5B") the addresses are the pieces between commas, local-part and domain
 * split at the first "@" (only quotes and brackets hold "@" and ","); with one, the grammar's
 * derivation says.
 */
function recipients(input: SchemeInput): { local: Match; domain: Match }[] {
  const { text, uri } = input;
  const start = 7; // "mailto:"
  const end = start + uri.path.text.length;
  if (end === start) return [];
  if (!/%22|%5b/i.test(uri.path.text)) {
    const out: { local: Match; domain: Match }[] = [];
    let from = start;
    while (from <= end) {
      const comma = text.indexOf(",", from);
      const to = comma < 0 || comma > end ? end : comma;
      const at = text.indexOf("@", from);
      out.push({ local: part(input, from, at, "local-part"), domain: part(input, at + 1, to, "domain") });
      from = to + 1;
    }
    return out;
  }
  const toField = input.match.first("to");
  return (toField === undefined ? [] : toField.all("addr-spec")).map((a) => ({ local: a.first("local-part") as Match, domain: a.first("domain") as Match }));
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

/** An address with its domain (after the last "@") lowercased. */
const comparableAddress = (a: string): string => {
  const at = a.lastIndexOf("@");
  return at < 0 ? a : a.slice(0, at + 1) + a.slice(at + 1).toLowerCase();
};

/**
 * The "mailto" scheme (RFC 6068). Its value has the recipients and header fields decoded. Two
 * mailto URIs are equivalent when they name the same recipients in the same order (wherever
 * written, §2; a domain compares case-insensitively, a local-part as it is) and the same other
 * header fields (names case-insensitive, values decoded, the order of different names aside);
 * the fragment is ignored (§2: "meaningless ... SHOULD be ignored").
 *
 * @example
 * mailto.parseOrThrow("mailto:user@example.org?subject=caf%C3%A9").subject; // "café"
 * mailto.parseOrThrow("mailto:%22not%40me%22@example.org").to[0]?.localPart; // "\"not@me\""
 */
export const mailto: Scheme<MailtoUri> = defineScheme<MailtoUri>({
  name: "mailto",
  grammar: mailtoGrammar,
  rule: "mailtoURI",
  section: "RFC 6068 §2",
  captures: ["to", "addr-spec", "local-part", "domain"],
  normalizeOptions: { dotSegments: false },
  build: buildMailto,
  equivalentKey(value: MailtoUri): string {
    const { to, cc, bcc } = value.recipients;
    const others = value.headers.filter(([n]) => n !== "to" && n !== "cc" && n !== "bcc");
    const sorted = others.map((h, i) => [h, i] as const).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([h]) => h);
    return JSON.stringify([to.map(comparableAddress), cc.map(comparableAddress), bcc.map(comparableAddress), sorted]);
  },
});
