// uri-grammar/whatwg: text read as browsers, Node's URL and fetch read it (https://url.spec.whatwg.org/#concept-basic-url-parser, run by
// whatwg-url, its reference implementation), given back as an RFC 3986 URI (RFC 3986 §3, §4.3) with the repairs that took the input there.
import tr46 from "tr46";
import whatwgUrl, { type UrlRecord } from "whatwg-url/lib/url-state-machine.js";
import { DEFAULT_MAX_LENGTH } from "../errors.js";
import { parseRule } from "../parse.js";
import type { Parsed, Span, Uri, UriReference } from "../ast/nodes.js";
import { DEFAULT_PORTS } from "../core/scheme-table.js";
import { isReferenceNode, parsedReference } from "../ast/make.js";
import { uriTextLayout } from "../core/args.js";
import { describeValue } from "../describe.js";
import { charsets, FORBIDDEN_DOMAIN, FORBIDDEN_HOST, inTable, isUrlCodePoint, unitsOf, type CharTable } from "../charsets.js";
import { dotSegmentOf, encodedCharacter, encodeWith, octetAt, sameCharacter } from "../percent-encoding.js";
import { orThrow, type Result } from "../result.js";
import { componentOfOffset, isWindowsDriveLetter, percentDecodeUtf8, plainAscii, urlDomainToAscii, whatwgSplit, type UrlComponent, type WhatwgSplit } from "../security/whatwg.js";
import { WhatwgUrlError, type WhatwgValidationError } from "./errors.js";
import { maskPassword, PASSWORD_MASK, passwordRange } from "../password.js";
import { endsInANumber, ipv4Parse, ipv6Parse } from "./host-address.js";
import { isIPv4address } from "../compiled/ipv4.js";

/** Where a repair stands in the input. `"reference"`: characters before or after the URL. */
export type WhatwgComponent = UrlComponent;

/**
 * What a repair did:
 * - `"removed"`: a C0 control or space at either end, or a tab or newline anywhere, removed before reading;
 * - `"backslash"`: a "\" read as "/" (special schemes, and references against one);
 * - `"slashes"`: the slashes after a special scheme made "//" (none, one, or more than two written); for "file:" without "//", the "//" of the empty host inserted ("///" before a path without "/");
 * - `"percent-encoded"`: a character percent-encoded as UTF-8, by the Standard's percent-encode sets or because RFC 3986 allows it nowhere there (`{ } | ^` and backquote in a query, a stray "%", a second "#");
 * - `"dot-segment"`: a "." or ".." segment (or "%2e" forms) removed, with the segment a ".." cancels;
 * - `"scheme-lowercased"`, `"host-lowercased"`: ASCII upper case made lower case;
 * - `"host-percent-decoded"`: percent-encoded octets of a domain decoded before it is read;
 * - `"host-idna"`: a domain beyond ASCII (or with an A-label) mapped by UTS #46 to its A-labels;
 * - `"host-ipv4"`: an IPv4 number form (`0x7f.1`, `127.1`, `2130706433`, `127.0.0.1.`) read as the address;
 * - `"host-ipv6"`: an IPv6 address written in its shortest form (RFC 5952: lower case, "::");
 * - `"host-localhost"`: a file URL's host "localhost" dropped;
 * - `"default-port"`: the scheme's default port dropped;
 * - `"port"`: an empty port, or a port's leading zeros, dropped;
 * - `"drive-letter"`: a file URL's Windows drive letter written where a host stands (`file://C:/`: "/C:") or with "|" (`file:///C|/`: ":");
 * - `"userinfo"`: an empty userinfo (`@`, `:@`), or an empty password's ":", dropped (the URL serializer writes no empty credentials);
 * - `"relative"`: a special scheme and its ":" with no "//" after them, against a base of that
 *   scheme: the rest is read as a reference against the base (#scheme-state; RFC 3986 §5.2.2 calls
 *   this the non-strict reading, §5.4.2 "http:g"), where an RFC 3986 parser reads an absolute URI.
 */
export type WhatwgRepairKind =
  | "removed" | "backslash" | "slashes" | "percent-encoded" | "dot-segment" | "scheme-lowercased" | "host-lowercased" | "host-percent-decoded" | "host-idna"
  | "host-ipv4" | "host-ipv6" | "host-localhost" | "default-port" | "port" | "drive-letter" | "userinfo" | "relative";

/** One thing the URL Standard's parser (and the RFC 3986 serialization after it) changed in the input. */
export interface WhatwgRepair {
  readonly kind: WhatwgRepairKind;
  /** Where it stands in the input, in UTF-16 code units. */
  readonly offset: number;
  /** The text there ("" for slashes that were missing). */
  readonly from: string;
  /** What stands for it in the RFC 3986 text ("" when removed). */
  readonly to: string;
  readonly component: WhatwgComponent;
  /**
   * The URL Standard's validation error for the input here (its table, #validation-error), or
   * `undefined` where the input was valid and the change is a normalization (case, default port,
   * dot segments, a non-ASCII character percent-encoded) or one RFC 3986 alone needs.
   */
  readonly validationError: WhatwgValidationError | undefined;
}

/** What {@link parse} gives: the RFC 3986 URI of the URL the input is for a browser, and how it got there. */
export interface WhatwgParse {
  /** The URI as an RFC 3986 node (uri-grammar's `parse` of `href`, rule `URI`). */
  readonly uri: Parsed<Uri>;
  /** The URI as RFC 3986 text: valid under RFC 3986 §3, and `new URL(href)` reads the same URL. */
  readonly href: string;
  /** The URL Standard's serialization of the URL (what `new URL(input, base).href` gives). */
  readonly url: string;
  /** Every repair, in input order. */
  readonly repairs: readonly WhatwgRepair[];
}

// --- RFC 3986 text of a URL record -------------------------------------------------------------

/** A character as its UTF-8 octets, percent-encoded (a lone surrogate as U+FFFD's). */
const pct = encodedCharacter;

const isTriplet = (s: string, i: number): boolean => octetAt(s, i) >= 0;

/** `text` with each character `table` does not allow percent-encoded as UTF-8, and each "%" that starts no triplet as "%25" (the one encoder). */
const rfcText = (text: string, table: CharTable): string => encodeWith(text, table, true);

/** What RFC 3986 allows in each component besides triplets (all ASCII: a character beyond it is encoded everywhere), the one table of each. */
const SETS = { userinfo: charsets.userinfo, host: charsets["reg-name"], path: charsets.path, query: charsets.query, fragment: charsets.fragment };

/**
 * The RFC 3986 text of a URL record: the URL serializer's text (#concept-url-serializer) with each
 * character RFC 3986 does not allow where it stands percent-encoded (a stray "%", `{ } | ^ [ ] \`
 * and backquote in a path, query or fragment, a second "#", a space in an opaque path, `"` in an
 * opaque host), which `new URL()` reads as the same URL (the same percent-decoded components).
 */
function rfcHref(r: UrlRecord): string {
  let out = `${r.scheme}:`;
  if (r.host !== null) {
    out += "//";
    if (r.username !== "" || r.password !== "") {
      out += rfcText(r.username, SETS.userinfo);
      if (r.password !== "") out += `:${rfcText(r.password, SETS.userinfo)}`;
      out += "@";
    }
    const host = whatwgUrl.serializeHost(r.host);
    out += Array.isArray(r.host) ? host : rfcText(host, SETS.host); // an IPv6 address: "[" hex and ":" "]"
    if (r.port !== null) out += `:${r.port}`;
  }
  if (typeof r.path === "string") out += rfcText(r.path, SETS.path);
  else {
    if (r.host === null && r.path.length > 1 && r.path[0] === "") out += "/.";
    for (const segment of r.path) out += `/${rfcText(segment, SETS.path)}`;
  }
  if (r.query !== null) out += `?${rfcText(r.query, SETS.query)}`;
  if (r.fragment !== null) out += `#${rfcText(r.fragment, SETS.fragment)}`;
  return out;
}

// --- repairs ------------------------------------------------------------------------------------

/** The ASCII characters each percent-encode set of the URL Standard holds besides the C0 control set (#percent-encoded-bytes). */
const ENCODE_SETS = {
  c0: "",
  fragment: " \"<>`",
  query: " \"#<>",
  specialQuery: " \"#<>'",
  path: " \"#<>?^`{}",
  userinfo: " \"#<>?^`{}/:;=@[\\]|",
} as const;
type EncodeSet = keyof typeof ENCODE_SETS;

/** Whether a character (not "%") comes out percent-encoded: the Standard's set encodes it, or RFC 3986's `rfc` set does not allow it. */
function encoded(cp: number, set: EncodeSet, rfc: CharTable): boolean {
  if (cp < 0x20 || cp > 0x7e) return true;
  return ENCODE_SETS[set].includes(String.fromCharCode(cp)) || !inTable(rfc, cp);
}

class Repairs {
  readonly list: WhatwgRepair[] = [];
  constructor(readonly input: string) {}

  add(kind: WhatwgRepairKind, offset: number, from: string, to: string, component: WhatwgComponent, validationError: WhatwgValidationError | undefined): void {
    this.list.push(Object.freeze({ kind, offset, from, to, component, validationError }));
  }

  /** The characters of a component that come out percent-encoded. */
  characters(r: Span | undefined, component: WhatwgComponent, set: EncodeSet, rfc: CharTable, skip?: (k: number, text: string) => boolean): void {
    if (r === undefined) return;
    const { text, at } = unitsOf(this.input, r);
    for (let k = 0; k < text.length; ) {
      const cp = text.codePointAt(k) ?? 0;
      const width = cp > 0xffff ? 2 : 1;
      const ch = text.slice(k, k + width);
      if (skip?.(k, text) !== true) {
        if (cp === 0x25) {
          if (!isTriplet(text, k)) this.add("percent-encoded", at[k] ?? 0, "%", "%25", component, "invalid-URL-unit");
        } else if (encoded(cp, set, rfc)) {
          const from = sameCharacter(this.input.slice(at[k] ?? 0, (at[k] ?? 0) + width));
          const usv = /[\ud800-\udfff]/.test(from) && width === 1 ? "\ufffd" : ch;
          this.add("percent-encoded", at[k] ?? 0, from, pct(usv), component, isUrlCodePoint(usv.codePointAt(0) ?? 0) ? undefined : "invalid-URL-unit");
        }
      }
      k += width;
    }
  }

  /**
   * The path: backslashes are listed apart; dot segments go whole; a file URL's Windows drive
   * letter written "X|" that becomes its path's first segment "X:" (#path-state) is a
   * "drive-letter" repair; the rest character by character.
   */
  path(s: WhatwgSplit, record: UrlRecord, base: UrlRecord | undefined): void {
    if (typeof record.path === "string") {
      this.characters(s.path, "path", "c0", SETS.path);
      return;
    }
    const { text, at } = unitsOf(this.input, s.path);
    const sep = (c: string | undefined): boolean => c === "/" || (s.special && c === "\\");
    const drive = record.scheme === "file" && /^[A-Za-z]:$/.test(record.path[0] ?? "") ? record.path[0] : undefined;
    // the segments the path has before the input's: the drive letter written as a host
    // (#file-host-state); for a relative path that does not begin with one, the base's path
    // without its last segment (#file-state, #path-state), or for a path from "/" the base's
    // drive letter (#file-slash-state); a drive letter first is never shortened (#shorten)
    const isDrive = (x: string | undefined): boolean => x !== undefined && isWindowsDriveLetter(x);
    const startsWithDrive = (t: string): boolean => /^[A-Za-z][:|](?:[/\\?#]|$)/.test(t);
    const b = base?.scheme === "file" && typeof base.path !== "string" ? base.path : [];
    let depth = 0;
    let driveFirst = false;
    if (s.hostRange !== undefined && isDrive(unitsOf(this.input, s.hostRange).text)) (depth = 1), (driveFirst = true);
    else if (s.authority === undefined && !startsWithDrive(sep(text[0]) ? text.slice(1) : text)) {
      driveFirst = isDrive(b[0]);
      depth = sep(text[0]) ? +driveFirst : Math.max(+driveFirst, b.length - 1);
    }
    let start = 0;
    for (let k = 0; k <= text.length; k++) {
      if (k < text.length && !sep(text[k])) continue;
      const segment = text.slice(start, k);
      const dots = dotSegmentOf(segment);
      if (dots === "..") depth = depth > 1 || (depth === 1 && !driveFirst) ? depth - 1 : depth;
      else if ((start > 0 || segment !== "") && dots !== ".") {
        if (depth === 0) driveFirst = isDrive(segment);
        depth++;
      }
      if (dots !== undefined) {
        this.add("dot-segment", at[start] ?? 0, this.input.slice(at[start] ?? 0, (at[k - 1] ?? 0) + 1), "", "path", undefined);
      } else if (depth === 1 && drive !== undefined && segment === `${drive[0]}|`) {
        this.add("drive-letter", at[start + 1] ?? 0, "|", ":", "path", "invalid-URL-unit");
      } else if (segment !== "") {
        const from = at[start] ?? 0;
        const to = at[k - 1] ?? from;
        this.characters({ start: from, end: to + 1 }, "path", "path", SETS.path);
      }
      start = k + 1;
    }
  }

  sorted(): readonly WhatwgRepair[] {
    return Object.freeze(this.list.sort((a, b) => a.offset - b.offset));
  }
}

const STRICT = { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, verifyDNSLength: true, transitionalProcessing: false };

/** The repair of a host: its text in the input against the host of the record (serialized). */
function hostRepair(rep: Repairs, s: WhatwgSplit, record: UrlRecord): void {
  const r = s.hostRange;
  if (r === undefined || record.host === null) return;
  const { text: raw, at } = unitsOf(rep.input, r);
  const from = rep.input.slice(r.start, r.end);
  const host = whatwgUrl.serializeHost(record.host);
  const to = Array.isArray(record.host) ? host : rfcText(host, SETS.host);
  if (!s.special && !Array.isArray(record.host)) {
    rep.characters(r, "host", "c0", SETS.host); // an opaque host (an IPv6 address is read as below)
    return;
  }
  if (raw === host) {
    // a domain may hold ", backquote, { and } (no validation error), which no RFC 3986 host holds: percent-encoded
    if (to !== host) for (const k of raw.matchAll(/["`{}]/g)) rep.add("percent-encoded", at[k.index] ?? r.start, k[0], pct(k[0]), "host", undefined);
    return;
  }
  if (record.scheme === "file" && host === "") {
    // #file-host-state: a Windows drive letter there is the path's first segment
    if (isWindowsDriveLetter(raw)) rep.add("drive-letter", r.start, from, `/${raw[0] ?? ""}:`, "path", "file-invalid-Windows-drive-letter-host");
    else if (raw !== "") rep.add("host-localhost", r.start, from, "", "host", undefined);
    return;
  }
  if (raw.startsWith("[")) {
    rep.add("host-ipv6", r.start, from, to, "host", ipv6Parse(raw.slice(1, -1)).errors[0]);
    return;
  }
  const percent = /%[0-9A-Fa-f]{2}/.test(raw);
  const domain = percent ? percentDecodeUtf8(raw) : raw;
  if (typeof record.host === "number") {
    const errors = ipv4Parse(urlDomainToAscii(domain) ?? domain.toLowerCase()).errors;
    const first = (["IPv4-non-decimal-part", "IPv4-too-few-parts", "IPv4-empty-part", "IPv4-out-of-range-part"] as const).find((e) => errors.includes(e));
    rep.add("host-ipv4", r.start, from, to, "host", percent ? "domain-percent-encoded" : first);
    return;
  }
  if (!plainAscii(domain)) {
    const strict = tr46.toASCII(domain, STRICT);
    rep.add("host-idna", r.start, from, to, "host", percent ? "domain-percent-encoded" : strict === null ? "domain-to-ASCII" : undefined);
  } else if (percent) rep.add("host-percent-decoded", r.start, from, to, "host", "domain-percent-encoded");
  else rep.add("host-lowercased", r.start, from, to, "host", undefined);
}

/** Every repair the parser made to `input` (split as it reads it) to reach `record`. */
function repairsOf(input: string, s: WhatwgSplit, record: UrlRecord, base: UrlRecord | undefined): readonly WhatwgRepair[] {
  const rep = new Repairs(input);
  for (const e of s.edges) rep.add("removed", e.start, input.slice(e.start, e.end), "", "reference", "invalid-URL-unit");
  for (const t of s.tabs) rep.add("removed", t.start, input.slice(t.start, t.end), "", componentOfOffset(s, t.start), "invalid-URL-unit");
  if (s.schemeRange !== undefined) {
    const raw = unitsOf(input, s.schemeRange).text;
    if (raw !== raw.toLowerCase()) rep.add("scheme-lowercased", s.schemeRange.start, input.slice(s.schemeRange.start, s.schemeRange.end), raw.toLowerCase(), "scheme", undefined);
  }
  // #scheme-state: a special scheme against a base of that scheme goes to the special relative or
  // authority state (the file state for "file"), where anything but "//" is
  // special-scheme-missing-following-solidus and the rest is read against the base
  if (s.schemeRange !== undefined && s.special && s.authority === undefined && base?.scheme === s.scheme) {
    const colon = input.indexOf(":", s.schemeRange.end);
    rep.add("relative", s.schemeRange.start, input.slice(s.schemeRange.start, colon + 1), "", "scheme", "special-scheme-missing-following-solidus");
  }
  for (const b of s.slashes) rep.add("backslash", b, "\\", "/", s.authority !== undefined && b < s.authority.start ? "authority" : componentOfOffset(s, b), "invalid-reverse-solidus");
  if (s.oddSlashes !== undefined && record.scheme !== "file") {
    const written = unitsOf(input, s.oddSlashes).text;
    if (written.length !== 2) rep.add("slashes", s.oddSlashes.start, input.slice(s.oddSlashes.start, s.oddSlashes.end), "//", "authority", "special-scheme-missing-following-solidus");
  }
  // #scheme-state: a file URL whose scheme "//" does not follow (special-scheme-missing-following-solidus);
  // the file state sets the empty host, which the serializer writes after "//" (and "/" before a path without one)
  if (record.scheme === "file" && s.scheme !== undefined && s.authority === undefined && base?.scheme !== "file") {
    const c = input[s.path.start];
    rep.add("slashes", s.path.start, "", c === "/" || c === "\\" ? "//" : "///", "authority", "special-scheme-missing-following-solidus");
  }
  if (s.userinfo !== undefined) {
    const { text: info, at } = unitsOf(input, s.userinfo);
    const colon = info.indexOf(":");
    const first = rep.list.length;
    rep.characters(s.userinfo, "userinfo", "userinfo", SETS.userinfo, (k) => k === colon);
    // #authority-state: an invalid-credentials validation error at each "@"; the URL serializer
    // writes no empty credentials, so an empty userinfo (with its "@") or password (its ":") goes
    for (let k = first; k < rep.list.length; k++) {
      const x = rep.list[k] as WhatwgRepair;
      if (x.from === "@") rep.list[k] = Object.freeze({ ...x, validationError: "invalid-credentials" });
    }
    if (record.username === "" && record.password === "") rep.add("userinfo", s.userinfo.start, input.slice(s.userinfo.start, s.userinfo.end + 1), "", "userinfo", "invalid-credentials");
    else if (colon >= 0 && record.password === "") rep.add("userinfo", at[colon] ?? s.userinfo.start, ":", "", "userinfo", "invalid-credentials");
  }
  hostRepair(rep, s, record);
  if (s.port !== undefined && s.portText !== undefined) {
    const text = s.portText;
    // the ":" that opens the port state: tabs and newlines between it and the port are removed
    // before the parser runs (basic URL parser, "Remove all ASCII tab or newline"), listed apart
    let colon = s.port.start - 1;
    while (input[colon] === "\t" || input[colon] === "\n" || input[colon] === "\r") colon--;
    const shown = input.slice(colon, s.port.end);
    if (record.port === null) {
      if (text === "") rep.add("port", colon, shown, "", "port", undefined);
      else rep.add("default-port", colon, shown, "", "port", undefined);
    } else if (String(record.port) !== text) rep.add("port", s.port.start, input.slice(s.port.start, s.port.end), String(record.port), "port", undefined);
  }
  rep.path(s, record, base);
  rep.characters(s.query, "query", s.special ? "specialQuery" : "query", SETS.query);
  rep.characters(s.fragment, "fragment", "fragment", SETS.fragment);
  return rep.sorted();
}

// --- why the parser fails -----------------------------------------------------------------------

/**
 * A part of the input quoted in a message (`text`, what the split read at `at` in `input`), the
 * characters of it that are the input's password masked (RFC 3986 §7.5): where the URL Standard
 * ends the authority at "\" or reads no userinfo (file), the port or host it refuses is the
 * password RFC 3986 reads, which the excerpt masks.
 */
function quotedPart(input: string, at: Span, text: string): string {
  const pw = passwordRange(input);
  if (pw === undefined || pw.end <= at.start || pw.start >= at.end) return JSON.stringify(text);
  const raw = input.slice(at.start, at.end);
  if (raw !== text) return JSON.stringify(PASSWORD_MASK);
  return JSON.stringify(raw.slice(0, Math.max(0, pw.start - at.start)) + PASSWORD_MASK + raw.slice(Math.min(raw.length, pw.end - at.start)));
}

/** The validation error that made the parser fail on `input`, and where; read off the parser's split of it. */
function failureOf(input: string, s: WhatwgSplit, base: UrlRecord | undefined): WhatwgUrlError {
  const first = s.edges[0]?.start === 0 ? (s.edges[0]?.end ?? 0) : 0;
  if (s.scheme === undefined && (base === undefined || typeof base.path === "string")) {
    const why = base === undefined ? "no scheme, and no base to resolve against" : "no scheme, and the base has an opaque path (it cannot be a base)";
    return new WhatwgUrlError("missing-scheme-non-relative-URL", input, first, why);
  }
  const h = s.hostRange;
  const host = s.hostText;
  if (h !== undefined && host !== undefined && s.host === null) {
    const sawAt = s.ats.length > 0 && s.scheme !== "file";
    const port = s.portText;
    if (host === "" && (sawAt || s.special || port !== undefined)) {
      return new WhatwgUrlError("host-missing", input, h.start, `the ${s.scheme ?? "URL"} URL has no host`);
    }
    if (port !== undefined && port !== "" && s.port !== undefined) {
      if (!/^[0-9]+$/.test(port)) {
        const bad = [...port].findIndex((c) => c < "0" || c > "9");
        return new WhatwgUrlError("port-invalid", input, s.port.start + Math.max(0, bad), `the port ${quotedPart(input, s.port, port)} is not a number`);
      }
      if (Number(port) > 65535) return new WhatwgUrlError("port-out-of-range", input, s.port.start, `the port ${port} is above 65535`);
    }
    if (host.startsWith("[")) {
      if (!host.endsWith("]")) return new WhatwgUrlError("IPv6-unclosed", input, h.start, 'the IPv6 address has no closing "]"');
      const e = ipv6Parse(host.slice(1, -1)).errors.at(-1) ?? "IPv6-invalid-code-point";
      return new WhatwgUrlError(e, input, h.start, `${quotedPart(input, h, host)} is no IPv6 address`);
    }
    if (!s.special) {
      const bad = FORBIDDEN_HOST.exec(host);
      return new WhatwgUrlError("host-invalid-code-point", input, h.start + (bad?.index ?? 0), `the opaque host holds ${bad === null ? "a forbidden host code point" : JSON.stringify(bad[0])}`);
    }
    const domain = percentDecodeUtf8(host);
    const ascii = urlDomainToAscii(domain);
    if (ascii !== null && !FORBIDDEN_DOMAIN.test(ascii) && endsInANumber(ascii)) {
      const e = ipv4Parse(ascii).errors.at(-1) ?? "IPv4-out-of-range-part";
      return new WhatwgUrlError(e, input, h.start, `${quotedPart(input, h, host)} ends in a number, so it must be an IPv4 address, and is none`);
    }
    return noDomain(input, h, host);
  }
  if (s.special && s.scheme !== "file" && (s.authority === undefined || s.authority.start === s.authority.end)) {
    return new WhatwgUrlError("host-missing", input, s.authority?.start ?? s.path.start, `the ${s.scheme ?? "URL"} URL has no host`);
  }
  // the split reads the host as Node does where UTS #46 fails (the Bidi Rule on a left-to-right
  // label, an A-label of basic code points: SECURITY.md); whatwg-url fails on it, so the host is the failure
  if (h !== undefined && host !== undefined && host !== "" && s.special) return noDomain(input, h, host);
  // the split agrees with whatwg-url on every failure it knows; anything else is named by where the host is
  return new WhatwgUrlError("host-missing", input, h?.start ?? first, "the URL Standard's parser returns failure");
}

const noDomain = (input: string, h: Span, host: string): WhatwgUrlError =>
  new WhatwgUrlError("domain-to-ASCII", input, h.start, `${quotedPart(input, h, host)} is no domain: UTS #46 ToASCII fails on it, or it holds a forbidden domain code point`);

// --- parse --------------------------------------------------------------------------------------

/** A scalar value string (WebIDL USVString, as `new URL()` converts its arguments): each lone surrogate as U+FFFD; the length is kept. */
const toUsv = (s: string): string => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

function tooLong(input: string): WhatwgUrlError {
  return new WhatwgUrlError("invalid-URL-unit", input, DEFAULT_MAX_LENGTH, `the input is ${input.length} characters long, more than the limit of ${DEFAULT_MAX_LENGTH} (the longest URL Chromium accepts)`);
}

/**
 * The base record, or why the base is no URL. `input` is the call's first argument: when the base
 * is no URL, `input` is one and the base's text is a URL against it, the arguments were probably
 * given as (base, input), the other way round from the URL Standard's and `new URL(input, base)`'s
 * order, and the error says so with the call meant (each argument's password masked, RFC 3986 §7.5).
 */
function baseRecord(base: unknown, input: string): Result<UrlRecord | undefined, WhatwgUrlError> {
  if (base === undefined) return NO_BASE;
  let text: string;
  if (typeof base === "string") text = base;
  else if (isReferenceNode(base)) text = (base as UriReference).text;
  else throw new TypeError(`parse: the argument "base" must be a URL (a string, or a node from uri-grammar's parse) or undefined, got ${describeValue(base)}`);
  if (text.length > DEFAULT_MAX_LENGTH) return { ok: false, error: new WhatwgUrlError("invalid-base", text, DEFAULT_MAX_LENGTH, "the base is longer than the limit", tooLong(text)) };
  const record = whatwgUrl.basicURLParse(toUsv(text));
  if (record !== null) return { ok: true, value: record };
  const cause = failureOf(text, whatwgSplit(text, "", false), undefined);
  // the other order works: the input is a URL, and the base text a URL against it (read only on
  // this error path, and only where the input is within the limit)
  const asBase = input.length <= DEFAULT_MAX_LENGTH ? whatwgUrl.basicURLParse(toUsv(input)) : null;
  const swapped =
    asBase !== null && whatwgUrl.basicURLParse(toUsv(text), { baseURL: asBase }) !== null
      ? `; the arguments may be swapped: they are (input, base), as new URL(input, base)'s; did you mean parse(${JSON.stringify(maskPassword(text))}, ${JSON.stringify(maskPassword(input))})?`
      : "";
  return { ok: false, error: new WhatwgUrlError("invalid-base", text, cause.offset, `the base is no URL: ${cause.shortMessage}${swapped}`, cause) };
}

/**
 * Parses `input` as a browser does (the URL Standard's basic URL parser, #concept-basic-url-parser,
 * run by whatwg-url, the Standard's reference implementation), against `base` when given, and
 * gives the RFC 3986 URI of the URL: `href` is valid under RFC 3986 §3 (what the Standard leaves
 * raw and RFC 3986 allows nowhere there, such as `{ } | ^` and backquote in a query or a stray
 * "%", is percent-encoded as UTF-8) and `new URL(href)` reads the same URL (the same scheme, host,
 * port, and percent-decoded userinfo, path, query and fragment); `uri` is its node. `repairs`
 * lists each change, with its offset in the input and the Standard's validation error: spaces and
 * controls at the ends and tabs and newlines removed, "\" read as "/", slashes made "//",
 * characters percent-encoded, dot segments removed, the host lowercased, percent-decoded,
 * IDNA-mapped (UTS #46) or read as an IPv4 number form, the default port dropped.
 *
 * Input the Standard refuses is a {@link WhatwgUrlError} whose `code` is the validation error that
 * made the parser fail (`"host-missing"`, `"port-out-of-range"`, `"IPv6-unclosed"`, ...), a base
 * that is no URL one with `"invalid-base"`. A URL whose opaque host keeps a character no RFC 3986
 * host holds (`foo://a{b}`) is no RFC 3986 URI, and an `"invalid-URL-unit"` error: its
 * percent-encoded form would be another host. RFC 3986's own reading of the text is what uri-grammar's
 * `parse` gives: this one does not change it.
 *
 * @example
 * parse(" HTTP://EXAMPLE.com:80/a b?q={x}#f ").value?.href; // "http://example.com/a%20b?q=%7Bx%7D#f"
 * parse("../g", "http://a/b/c/d;p?q").value?.href;          // "http://a/b/g"
 * parse("http://[::1").error?.code;                          // "IPv6-unclosed"
 */
export function parse(input: string, base?: string | UriReference): Result<WhatwgParse, WhatwgUrlError> {
  if (typeof input !== "string") throw new TypeError(`parse: the argument "input" must be a string, got ${describeValue(input)}`);
  const b = baseRecord(base, input);
  if (!b.ok) return b;
  if (input.length > DEFAULT_MAX_LENGTH) return { ok: false, error: tooLong(input) };
  if (b.value === undefined) {
    const fast = serializedSpecial(input);
    if (fast !== undefined) return { ok: true, value: fast };
  }
  return parseRead(input, b.value);
}

/** The base record of a call without a base. */
const NO_BASE: Result<undefined, never> = Object.freeze({ ok: true, value: undefined });

const NO_REPAIRS: readonly WhatwgRepair[] = Object.freeze([]);

/**
 * The parse of an http, https, ws, wss or file URL, without running the URL Standard's parser,
 * when the parser would give it back as it stands (or, for a special URL with an empty path,
 * with the "/" the path start state adds), with no validation error, and its text is an RFC
 * 3986 URI: the common case, told by the core's one pass over the text (rule `URI`) and the
 * checks of its parts below, each with the state of the Standard that asks it. `undefined` for
 * anything else, which the parser reads (test/whatwg/fast-path.test.ts holds the two to the
 * same answers). A lowercase host label maps to itself under domain to ASCII (UTS #46 with
 * UseSTD3ASCIIRules, CheckHyphens and VerifyDnsLength false) unless it begins "xn--".
 */
function serializedSpecial(input: string): WhatwgParse | undefined {
  if (input.length < 6) return undefined;
  const c0 = input.charCodeAt(0);
  // "http", "https", "ws", "wss", "file": the first letter tells whether to read further
  if (c0 !== 0x68 && c0 !== 0x77 && c0 !== 0x66) return undefined;
  // one pass of rule URI finds the parts; the node is made only for an answer
  const L = uriTextLayout(input);
  if (L === undefined) return undefined;
  const a0 = L.authorityStart;
  if (a0 < 0) return undefined;
  // the scheme, read in place: "file", or "http"/"ws" (default port 80), "https"/"wss" (443)
  const k = L.schemeEnd;
  const file = k === 4 && input.startsWith("file");
  const port80 = (k === 4 && input.startsWith("http")) || (k === 2 && input.startsWith("ws"));
  if (!file && !port80 && !((k === 5 && input.startsWith("https")) || (k === 3 && input.startsWith("wss")))) return undefined;
  // the host: labels of [a-z0-9_-], not empty, up to ":" or the authority's end (no "@": no userinfo)
  const a1 = L.authorityEnd;
  let he = a0;
  let label = a0;
  for (; he < a1; he++) {
    const c = input.charCodeAt(he);
    if (c === 0x2e) {
      if (he === label) return undefined;
      label = he + 1;
    } else if (c === 0x3a) break;
    else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f)) return undefined;
    // a label that begins "xn--" is read as Punycode
    if (he === label && c === 0x78 && input.startsWith("xn--", he)) return undefined;
  }
  if (he === label && (he > a0 || !file)) return undefined; // an empty last label, or an empty special host
  // the host is an IPv4 address when its last label is a number (one that begins with a digit,
  // then): as it stands when RFC 3986's IPv4address (four dec-octets, no leading zero) writes it,
  // which the IPv4 serializer gives back (#concept-ipv4-serializer); other forms go to the parser
  let hostKind = 0;
  const d = input.charCodeAt(label);
  if (d >= 0x30 && d <= 0x39 && endsInANumber(input.slice(label, he))) {
    if (!isIPv4address(input.slice(a0, he))) return undefined;
    hostKind = 1;
  }
  if (he < a1) {
    // a port: digits without a leading zero, at most five, up to 65535, not the scheme's default; file has none
    if (file || a1 - he - 1 > 5 || (input.charCodeAt(he + 1) === 0x30 && a1 - he - 1 > 1)) return undefined;
    let port = 0;
    for (let i = he + 1; i < a1; i++) {
      const c = input.charCodeAt(i);
      if (c < 0x30 || c > 0x39) return undefined;
      port = port * 10 + (c - 0x30);
    }
    if (he + 1 === a1 || port > 65535 || port === DEFAULT_PORTS[port80 ? "http" : "https"]) return undefined;
  }
  const ps = L.pathStart;
  const pe = L.pathEnd;
  // rule URI's pchar, query and fragment characters are in no percent-encode set of the Standard
  // but the special-query set's "'"; a "." or ".." segment ("%2e" too) would be removed
  if (hasDotSegment(input, ps, pe)) return undefined;
  if (L.queryStart >= 0) {
    const q = input.indexOf("'", L.queryStart);
    if (q >= 0 && (L.fragmentStart < 0 || q < L.fragmentStart)) return undefined;
  }
  // file: a host other than "localhost" (the file host state empties that one)
  if (file && he - a0 === 9 && input.startsWith("localhost", a0)) return undefined;
  if (ps === pe) {
    // an empty path after a special URL's host is "/" (the path start state)
    const text = `${input.slice(0, ps)}/${input.slice(ps)}`;
    const uri = parseRule(text, { rule: "URI", maxLength: Infinity });
    return uri.ok ? Object.freeze({ uri: uri.value, href: text, url: text, repairs: NO_REPAIRS }) : undefined;
  }
  // the host is a reg-name (RFC 3986 §3.2.2; host kind 0): labels of [a-z0-9_-], or an IPv4address
  // (kind 1); it is [a0, he) (no userinfo): so the node's layout (which equivalenceKey reads) need
  // not search the authority for it again
  const o = { schemeEnd: k, authorityStart: a0, authorityEnd: a1, hostKind, queryStart: L.queryStart, fragmentStart: L.fragmentStart };
  return Object.freeze({ uri: parsedReference(input, 0, input.length, o, a0, he) as Parsed<Uri>, href: input, url: input, repairs: NO_REPAIRS });
}

/** Whether the path `[from, to)` (after an authority: empty or "/" first) has a "." or ".." segment, "%2e" forms included (#single-dot-URL-path-segment, #double-dot-URL-path-segment). */
function hasDotSegment(s: string, from: number, to: number): boolean {
  const pct = s.indexOf("%", from);
  if (pct < 0 || pct >= to) {
    // no "%2e": a dot segment is a "." after a "/" (every segment of this path follows one), then
    // "/" or the end, or a second "." then that; the dots are few (a path has more "/" than ".")
    for (let dot = s.indexOf(".", from); dot >= 0 && dot < to; dot = s.indexOf(".", dot + 1)) {
      if (s.charCodeAt(dot - 1) !== 0x2f) continue;
      const e = dot + 1 < to && s.charCodeAt(dot + 1) === 0x2e ? dot + 2 : dot + 1;
      if (e === to || s.charCodeAt(e) === 0x2f) return true;
    }
    return false;
  }
  for (let slash = s.indexOf("/", from); slash >= 0 && slash < to; slash = s.indexOf("/", slash + 1)) {
    let i = slash + 1;
    let dots = 0;
    while (i < to && dots < 3) {
      const c = s.charCodeAt(i);
      if (c === 0x2e) i += 1;
      else if (c === 0x25 && s.charCodeAt(i + 1) === 0x32 && (s.charCodeAt(i + 2) | 0x20) === 0x65 && i + 2 < to) i += 3;
      else break;
      dots++;
    }
    if (dots >= 1 && dots <= 2 && (i === to || s.charCodeAt(i) === 0x2f)) return true;
  }
  return false;
}

/**
 * The error for a URL whose opaque host (a URL that is not special: #concept-opaque-host-parser)
 * keeps a character no RFC 3986 host holds: `"`, backquote, `{`, `}`, or a "%" that starts no
 * triplet (invalid-URL-unit, which the Standard reports and keeps). Percent-encoding it would
 * name another host: the Standard never percent-decodes an opaque host, so `new URL("foo://%60")`
 * has the host "%60" where `new URL("foo://\`")` has "\`". No RFC 3986 URI is that URL (issue 31).
 */
function opaqueHostError(input: string, s: WhatwgSplit, record: UrlRecord): WhatwgUrlError | undefined {
  if (s.special || typeof record.host !== "string" || record.host === "" || rfcText(record.host, SETS.host) === record.host) return undefined;
  const r = s.hostRange;
  const { text, at } = r === undefined ? { text: "", at: [] } : unitsOf(input, r);
  let k = 0;
  while (k < text.length && (text[k] === "%" ? isTriplet(text, k) : inTable(SETS.host, text.codePointAt(k) ?? 0) || (text.codePointAt(k) ?? 0) > 0x7e)) k += (text.codePointAt(k) ?? 0) > 0xffff ? 2 : 1;
  const offset = at[k] ?? r?.start ?? 0;
  return new WhatwgUrlError(
    "invalid-URL-unit", input, offset,
    `the opaque host ${JSON.stringify(record.host)} holds ${JSON.stringify(text[k] ?? "")}, which the URL Standard keeps as it is and no RFC 3986 host holds; its percent-encoded form is another host (the Standard does not decode an opaque host), so no RFC 3986 URI is this URL`,
  );
}

/** @internal {@link parse} by the URL Standard's parser (whatwg-url), with the repairs it made (exported for test/whatwg/fast-path.test.ts). */
export function parseRead(input: string, baseUrl: UrlRecord | undefined): Result<WhatwgParse, WhatwgUrlError> {
  const record = whatwgUrl.basicURLParse(toUsv(input), { baseURL: baseUrl ?? null });
  const split = whatwgSplit(input, baseUrl?.scheme ?? "", baseUrl !== undefined);
  if (record === null) return { ok: false, error: failureOf(input, split, baseUrl) };
  const opaque = opaqueHostError(input, split, record);
  if (opaque !== undefined) return { ok: false, error: opaque };
  const href = rfcHref(record);
  const uri = parseRule(href, { rule: "URI", maxLength: Infinity });
  if (!uri.ok) {
    // not reached: rfcHref writes each component with RFC 3986's own character sets
    return { ok: false, error: new WhatwgUrlError("invalid-URL-unit", input, uri.error.offset, `no RFC 3986 URI stands for this URL: ${uri.error.shortMessage}`) };
  }
  return { ok: true, value: Object.freeze({ uri: uri.value, href, url: whatwgUrl.serializeURL(record), repairs: repairsOf(input, split, record, baseUrl) }) };
}

/**
 * {@link parse}, the URI node or the {@link WhatwgUrlError} thrown.
 *
 * @example
 * parseOrThrow("HTTP://Example.COM/%7Efoo").href; // "http://example.com/%7Efoo"
 */
export const parseOrThrow = /* @__PURE__ */ orThrow(parse);

