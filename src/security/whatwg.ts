// The authority and host a WHATWG URL parser reads (https://url.spec.whatwg.org/): input clean-up, the states that locate the authority,
// the host parser (IPv4, IPv6, opaque) and "domain to ASCII" (UTS #46 via tr46). Paths, queries and fragments are located, never rewritten.
import tr46 from "tr46";
import type { Span } from "../ast/nodes.js";
import { bidiClassOf } from "../iri/bidi.js";
import { hasOverlongIdnaLabel, IDNA_DOTS, UTS46, uts46ToAscii } from "../iri/idna.js";
import { FORBIDDEN_DOMAIN, FORBIDDEN_HOST, tableOf, unitsOf, urlCleanUp } from "../charsets.js";
import { isSpecialScheme, schemeAt } from "../core/scheme-table.js";
import { encodeWith, hexValue } from "../percent-encoding.js";
import { compressedIpv6 } from "../transforms/ipv6.js";
import { endsInANumber, ipv4Parse, ipv6Parse, serializeIpv4 } from "../whatwg/host-address.js";

/** The parts of a URL an offset can stand in: a component, or `"reference"` (before or after the URL: what the parser removes at its ends). */
export type UrlComponent = "reference" | "scheme" | "authority" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";

/** Whether `r` holds offset `o`: inside it, or, for an empty range, at it (an empty component stands where it begins). */
const holds = (r: Span | undefined, o: number): boolean => r !== undefined && o >= r.start && (o < r.end || (r.start === r.end && o === r.start));

/**
 * The one answer to "which component holds this offset" of a split (the security findings and
 * the WHATWG front end's repairs read it). An offset in a removed end is the `"reference"`'s; a
 * component holds its own characters, and an empty component the offset where it begins, in
 * reading order (so the "@" after an empty userinfo is the userinfo's, the "/" after an empty
 * host the host's, the "#" after an empty query the query's). Of the delimiters left, the ":"
 * after the scheme is the scheme's, the "//" before an authority and the "@" after a userinfo
 * the authority's, "?" the query's, "#" the fragment's. Anything else is the path's.
 */
export function componentOfOffset(s: WhatwgSplit, o: number): UrlComponent {
  if (s.edges.some((r) => holds(r, o))) return "reference";
  if (holds(s.schemeRange, o)) return "scheme";
  if (holds(s.userinfo, o)) return "userinfo";
  if (holds(s.hostRange, o)) return "host";
  if (holds(s.port, o)) return "port";
  if (holds(s.authority, o)) return "authority";
  if (s.authority !== undefined && o < s.authority.start && o > (s.schemeRange?.end ?? -1)) return "authority";
  if (holds(s.query, o) || (s.query !== undefined && o === s.query.start - 1)) return "query";
  if (holds(s.fragment, o) || (s.fragment !== undefined && o >= s.fragment.start - 1)) return "fragment";
  if (s.schemeRange !== undefined && o === s.schemeRange.end) return "scheme";
  return "path";
}

/** How a WHATWG URL parser splits a string, in offsets of the input as given. */
export interface WhatwgSplit {
  /** Leading and trailing C0 controls and spaces, which the parser removes (#concept-basic-url-parser). */
  readonly edges: readonly Span[];
  /** Runs of tabs and newlines inside, which the parser removes. */
  readonly tabs: readonly Span[];
  /** The scheme, lowercase, or undefined for a relative reference. */
  readonly scheme: string | undefined;
  readonly schemeRange: Span | undefined;
  /** True when the scheme (or, for a relative reference, the base's) is special. */
  readonly special: boolean;
  /** True when the parser skipped a run of slashes other than exactly "//" to reach the authority. */
  readonly oddSlashes: Span | undefined;
  /** The authority, when the parser reads one. */
  readonly authority: Span | undefined;
  /** Offsets of every "@" in the authority. */
  readonly ats: readonly number[];
  readonly userinfo: Span | undefined;
  readonly hostRange: Span | undefined;
  readonly port: Span | undefined;
  /** The host text as the parser sees it (tabs and newlines removed), or undefined without an authority. */
  readonly hostText: string | undefined;
  readonly portText: string | undefined;
  /** Every "\" the parser reads as "/": in the slashes before the authority, as the authority's end, in a special path. */
  readonly slashes: readonly number[];
  readonly path: Span;
  readonly query: Span | undefined;
  readonly fragment: Span | undefined;
  /**
   * The serialized host: a string (`""` for an empty host), `null` when the parser fails on the
   * input, `undefined` when the URL has no authority of its own (a relative reference's host is
   * its base's).
   */
  readonly host: string | null | undefined;
}

const isSlash = (ch: string | undefined, special: boolean): boolean => ch === "/" || (special && ch === "\\");

/**
 * Splits `input` as the basic URL parser would with no state override. `baseScheme` is the scheme
 * of the base a relative reference is resolved against (lowercase); `hasBase` says whether a base
 * is actually given (an absolute URL of the base's special scheme without "//" is then relative).
 */
export function whatwgSplit(input: string, baseScheme: string, hasBase: boolean): WhatwgSplit {
  // Remove leading and trailing C0 control or space, then every ASCII tab or newline.
  const { from, to, tabs } = urlCleanUp(input);
  const edges: Span[] = [];
  if (from > 0) edges.push({ start: 0, end: from });
  if (to < input.length) edges.push({ start: to, end: input.length });
  // index in the cleaned text -> offset in the input: kept only where tabs or newlines were
  // removed (a 2 MiB host would otherwise cost an array of two million offsets)
  const u = tabs.length === 0 ? undefined : unitsOf(input, { start: from, end: to });
  const c = u?.text ?? input.slice(from, to);
  const off = u === undefined ? (k: number): number => from + Math.min(k, to - from) : (k: number): number => u.at[k] ?? to;
  const range = (s: number, e: number): Span => (e <= s ? { start: off(s), end: off(s) } : { start: off(s), end: off(e - 1) + 1 });

  // Scheme state.
  const scheme = schemeAt(c)?.toLowerCase();
  let i = scheme === undefined ? 0 : scheme.length + 1;
  const effective = scheme ?? baseScheme;
  const special = isSpecialScheme(effective);
  const slashes: number[] = [];
  let authorityStart: number | undefined;
  let oddSlashes: Span | undefined;
  const skipSlashes = (k: number): number => {
    while (isSlash(c[k], true)) {
      if (c[k] === "\\") slashes.push(off(k));
      k++;
    }
    return k;
  };
  const twoSlashes = (k: number): boolean => isSlash(c[k], special) && isSlash(c[k + 1], special);
  if (effective === "file") {
    // file state, file slash state: a host only after two slashes (either kind)
    if (twoSlashes(i)) {
      for (const k of [i, i + 1]) if (c[k] === "\\") slashes.push(off(k));
      authorityStart = i + 2;
    }
  } else if (special) {
    // relative state, special relative or authority state (no scheme, or the base's): two slashes
    // of either kind open an authority; else the special authority (ignore) slashes states
    const relative = scheme === undefined || (hasBase && scheme === baseScheme);
    if (!relative || twoSlashes(i)) {
      const k = skipSlashes(i);
      if (k - i !== 2 || c.slice(i, i + 2) !== "//") oddSlashes = range(i, k);
      authorityStart = k;
    }
  } else if (c[i] === "/" && c[i + 1] === "/") {
    authorityStart = i + 2;
  }

  let authority: Span | undefined;
  let userinfo: Span | undefined;
  let hostR: Span | undefined;
  let portR: Span | undefined;
  let hostText: string | undefined;
  let portText: string | undefined;
  let host: string | null | undefined;
  const ats: number[] = [];
  let pathStart = i;
  if (authorityStart !== undefined) {
    let end = authorityStart;
    let lastAt = -1;
    // the authority ends at "/", "?", "#" or, special, "\\" (code units compared: a host may be 2 MiB)
    for (; end < c.length; end++) {
      const ch = c.charCodeAt(end);
      if (ch === 0x2f || ch === 0x3f || ch === 0x23 || (special && ch === 0x5c)) break;
      if (ch === 0x40 && effective !== "file") {
        ats.push(off(end));
        lastAt = end;
      }
    }
    if (c[end] === "\\") slashes.push(off(end));
    authority = range(authorityStart, end);
    pathStart = end;
    const hostStart = lastAt >= 0 ? lastAt + 1 : authorityStart;
    if (lastAt >= 0) userinfo = range(authorityStart, lastAt);
    let hostEnd = end;
    if (effective !== "file") {
      let inBrackets = false;
      for (let k = hostStart; k < end; k++) {
        const ch = c.charCodeAt(k);
        if (ch === 0x5b) inBrackets = true;
        else if (ch === 0x5d) inBrackets = false;
        else if (ch === 0x3a && !inBrackets) {
          hostEnd = k;
          break;
        }
      }
    }
    hostR = range(hostStart, hostEnd);
    hostText = c.slice(hostStart, hostEnd);
    if (hostEnd < end) {
      portR = range(hostEnd + 1, end);
      portText = c.slice(hostEnd + 1, end);
    }
    host = authorityHost(effective, special, lastAt >= 0, hostText, portText);
  }
  // path, query, fragment
  let k = pathStart;
  while (k < c.length && c[k] !== "?" && c[k] !== "#") {
    if (special && c[k] === "\\") slashes.push(off(k));
    k++;
  }
  const path = range(pathStart, k);
  let query: Span | undefined;
  let fragment: Span | undefined;
  if (c[k] === "?") {
    const q = k + 1;
    while (k < c.length && c[k] !== "#") k++;
    query = range(q, k);
  }
  if (c[k] === "#") fragment = range(k + 1, c.length);
  slashes.sort((x, y) => x - y);
  return {
    edges, tabs, scheme, schemeRange: scheme === undefined ? undefined : range(0, scheme.length), special, oddSlashes,
    authority, ats, userinfo, hostRange: hostR, port: portR, hostText, portText, slashes: [...new Set(slashes)], path, query, fragment, host,
  };
}

/** The host of an authority (authority state, host state, port state, file host state), or null for failure. */
function authorityHost(scheme: string, special: boolean, sawAt: boolean, hostText: string, portText: string | undefined): string | null {
  if (scheme === "file") {
    // file host state: a Windows drive letter is a path, not a host
    if (isWindowsDriveLetter(hostText)) return "";
    if (hostText === "") return "";
    const h = parseHost(hostText, true);
    return h === "localhost" ? "" : h;
  }
  if (sawAt && hostText === "") return null; // host-missing
  if (special && hostText === "") return null;
  if (portText !== undefined && hostText === "") return null; // host state: ":" after an empty buffer
  if (portText !== undefined && portText !== "" && (!/^[0-9]+$/.test(portText) || Number(portText) > 65535)) return null;
  return parseHost(hostText, special);
}

/** A Windows drive letter (#windows-drive-letter): an ASCII alpha, then ":" or "|". */
export const isWindowsDriveLetter = (s: string): boolean => /^[A-Za-z][:|]$/.test(s);

/** The host parser (#concept-host-parser): a serialized host, or null for failure. */
export function parseHost(input: string, special: boolean): string | null {
  if (input.startsWith("[")) {
    if (!input.endsWith("]")) return null;
    const pieces = ipv6Parse(input.slice(1, -1)).address;
    return pieces === null ? null : `[${compressedIpv6(pieces)}]`;
  }
  if (!special) return parseOpaqueHost(input);
  // without "%" and lone surrogates, percent-decoding and UTF-8 decoding give the input back
  const domain = input.includes("%") || SURROGATE.test(input) ? percentDecodeUtf8(input) : input;
  const ascii = domainToAscii(domain);
  if (ascii === null || FORBIDDEN_DOMAIN.test(ascii)) return null;
  if (endsInANumber(ascii)) {
    const v4 = ipv4Parse(ascii).address;
    return v4 === null ? null : serializeIpv4(v4);
  }
  return ascii;
}

/** A UTF-16 surrogate code unit (paired or not): UTF-8 encoding replaces a lone one with U+FFFD. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** ASCII without an A-label: UTS #46 ToASCII only lowercases it. */
// eslint-disable-next-line no-control-regex
export const plainAscii = (domain: string): boolean => /^[\x00-\x7F]*$/.test(domain) && !/(^|\.)xn--/i.test(domain);

/**
 * Domain to ASCII with beStrict false (#concept-domain-to-ascii), as the URL Standard says it:
 * UTS #46 ToASCII with {@link UTS46}; null for failure or an empty result.
 */
export function urlDomainToAscii(domain: string): string | null {
  if (plainAscii(domain)) return domain.toLowerCase();
  const a = uts46ToAscii(domain);
  return a === "" ? null : a;
}

/**
 * {@link urlDomainToAscii}, read as the security checks read a host: a label longer than 253
 * characters fails, and where UTS #46 fails, {@link lenientDomainToAscii} answers.
 */
export function domainToAscii(domain: string): string | null {
  if (plainAscii(domain)) return domain.toLowerCase();
  // A browser would convert a label longer than 253 characters (VerifyDnsLength is off), in time
  // quadratic in it; this reading treats it as a failure instead: no domain name is that long.
  if (hasOverlongIdnaLabel(domain)) return null;
  return urlDomainToAscii(domain) ?? lenientDomainToAscii(domain);
}

/** UTS #46 with CheckBidi off, for a label that begins with no right-to-left character. */
const LTR_LABEL = Object.freeze({ ...UTS46, checkBidi: false });

/**
 * Where the URL Standard's UTS #46 flags fail, the host that Node's URL (ada) and clients like it
 * still read, so that a finding names the host a real client connects to rather than none
 * (security review, November 2026): an A-label whose Punycode holds basic code points only
 * ("xn--a-", which UTS #46 15.1 refuses) is kept as it is, and the Bidi Rule (RFC 5893) is checked
 * only for a label that begins with a right-to-left character ("a\u05D0.com" is xn--a-0hc.com,
 * "\u05D0a.com" fails, as in Node). ada checks a little more than this on left-to-right labels
 * that hold right-to-left characters; this reading is the more lenient one. `null` when it fails too.
 */
function lenientDomainToAscii(domain: string): string | null {
  const out: string[] = [];
  for (const label of domain.split(IDNA_DOTS)) {
    // eslint-disable-next-line no-control-regex
    if (/^xn--[\x00-\x7F]+-$/i.test(label) && label.length > 5) {
      out.push(label.toLowerCase());
      continue;
    }
    const first = label.codePointAt(0);
    const rtl = first !== undefined && bidiClassOf(first) === "R"; // R or AL: RFC 5893 rule 1
    const a = tr46.toASCII(label, rtl ? UTS46 : LTR_LABEL);
    if (a === null) return null;
    out.push(a);
  }
  const joined = out.join(".");
  return joined === "" ? null : joined;
}

/** The opaque-host parser (#concept-opaque-host-parser): C0 controls and non-ASCII percent-encoded, case kept. */
function parseOpaqueHost(input: string): string | null {
  if (FORBIDDEN_HOST.test(input)) return null;
  return encodeWith(input, C0_CONTROL_KEPT);
}
/** What the C0 control percent-encode set leaves as it is (#c0-control-percent-encode-set): U+0020 to U+007E. */
const C0_CONTROL_KEPT = /* @__PURE__ */ tableOf([[0x20, 0x7e]]);

/** Percent-decoding (#percent-decode: "%" with two hex digits is an octet, anything else its UTF-8), then UTF-8 decode without BOM (Encoding Standard: malformed sequences become U+FFFD, a BOM stays). */
export function percentDecodeUtf8(input: string): string {
  const bytes = new TextEncoder().encode(input);
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let k = 0; k < bytes.length; k++) {
    const b = bytes[k] ?? 0;
    const hi = b === 0x25 ? hexValue(bytes[k + 1] ?? -1) : -1;
    const lo = hi >= 0 ? hexValue(bytes[k + 2] ?? -1) : -1;
    if (lo >= 0) {
      out[n++] = (hi << 4) | lo;
      k += 2;
    } else out[n++] = b;
  }
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(out.subarray(0, n));
}
