// RFC 3986 §7 and RFC 3987 §8 as a check: inputs where a WHATWG URL parser reads another host than RFC 3986's grammar (RFC 3987's beyond ASCII),
// each input read both ways (by the grammar and by whatwg.ts), or that hide something from a reader or a filter.
import type { Host, Span, UriReference } from "../ast/nodes.js";
import { isReferenceNode, layoutOf } from "../ast/make.js";
import { foundAt, InputTooLongError, UriSyntaxError, withoutStack } from "../errors.js";
import { describeValue } from "../describe.js";
import { FORBIDDEN_DOMAIN, NON_ASCII, isIPv4address } from "../charsets.js";
import { referenceFindings } from "../iri/bidi.js";
import { distinctLabels, hostToAscii, isALabelCandidate, labelToUnicode, uts46ToUnicode } from "../iri/idna.js";
import { mixesScripts, scriptsOf } from "../iri/scripts.js";
import { asciiLookalike, restrictedCharacter } from "../iri/confusables.js";
import { referenceArgument } from "../core/args.js";
import { isSpecialScheme, schemeAt } from "../core/scheme-table.js";
import { normalizeReference } from "../transforms/normalize.js";
import { classOfHost, type HostClass } from "./address.js";
import { serializeNode } from "../transforms/serialize.js";
import { maskPassword, maskPasswordAt, PASSWORD_MASK, passwordRange } from "../password.js";
import { resolveReference } from "../transforms/resolve.js";
import { domainToAscii, parseHost, percentDecodeUtf8, whatwgSplit, componentOfOffset, type UrlComponent, type WhatwgSplit } from "./whatwg.js";
import { endsInANumber, ipv4Parse, serializeIpv4 } from "../whatwg/host-address.js";
import { compressedIpv6 } from "../transforms/ipv6.js";
import { dotSegmentOf, octetAt } from "../percent-encoding.js";

/** Where a finding stands. `"reference"`: the reference as a whole (characters before or after it). */
export type SecurityComponent = UrlComponent;

/** Each finding code: its severity ({@link SecuritySeverity}, the one table: SECURITY.md and docs/guide/security.md quote it), then where its rule is written. */
const CODES = {
  "syntax": ["high", "RFC 3986 §4.1", "RFC 3987 §2.2"],
  "edge-space-or-control": ["high", "RFC 3986 §2", "URL Standard #concept-basic-url-parser"],
  "tab-or-newline": ["high", "RFC 3986 §2", "URL Standard #concept-basic-url-parser"],
  "backslash": ["high", "RFC 3986 §2", "URL Standard #special-authority-ignore-slashes-state", "URL Standard #authority-state", "URL Standard #path-state"],
  "missing-authority": ["high", "RFC 3986 §3", "RFC 9110 §4.2.1", "URL Standard #special-authority-slashes-state"],
  "empty-host": ["high", "RFC 3986 §3.2.2", "RFC 9110 §4.2.1", "RFC 6455 §3", "URL Standard #host-state"],
  "multiple-at": ["high", "RFC 3986 §3.2.1", "URL Standard #authority-state"],
  "userinfo": ["medium", "RFC 3986 §3.2.1", "RFC 3986 §7.5", "RFC 9110 §4.2.4"],
  "password": ["medium", "RFC 3986 §3.2.1", "RFC 3986 §7.5"],
  "percent-encoded-host": ["high", "RFC 3986 §3.2.2", "URL Standard #concept-host-parser"],
  "encoded-host-delimiter": ["high", "RFC 3986 §2.2", "RFC 3986 §7.3", "URL Standard #forbidden-domain-code-point"],
  "non-ascii-host": ["low", "RFC 3987 §3.1", "URL Standard #concept-domain-to-ascii"],
  "idna-mapped-host": ["medium", "RFC 3987 §8", "UTS #46 §4", "URL Standard #concept-domain-to-ascii"],
  "mixed-scripts": ["medium", "RFC 3987 §7.5", "RFC 3987 §8", "UTS #39 §5.2"],
  "whole-script-confusable": ["medium", "RFC 3987 §8", "UTS #39 §4"],
  "restricted-host-character": ["medium", "RFC 3987 §8", "UTS #39 §5", "UTS #39 §5.3", "UTS #39 §5.4", "RFC 5892 Appendix A"],
  "ipv4-number-form": ["high", "RFC 3986 §3.2.2", "RFC 3986 §7.4", "URL Standard #concept-ipv4-parser"],
  "ipv4-number-invalid": ["high", "RFC 3986 §7.4", "URL Standard #ends-in-a-number-checker"],
  "ip-literal-unsupported": ["high", "RFC 3986 §3.2.2", "URL Standard #concept-ipv6-parser"],
  "port-out-of-range": ["high", "RFC 3986 §3.2.3", "URL Standard #port-state"],
  "non-public-address": ["high", "RFC 6890", "RFC 4291 §2.5.5", "RFC 6761 §6.3", "URL Standard #concept-host-parser"],
  "host-differs": ["high", "RFC 3986 §3.2.2", "URL Standard #concept-host-parser"],
  "resolution-differs": ["high", "RFC 3986 §5.2.2", "RFC 9110 §4.2.1", "URL Standard #special-relative-or-authority-state"],
  "windows-device-path": ["high", "RFC 8089 Appendix E.3", "URL Standard #forbidden-domain-code-point"],
  "drive-relative-path": ["medium", "RFC 8089 Appendix E.2"],
  "bidi-formatting-character": ["medium", "RFC 3987 §4.1"],
  "mixed-direction": ["low", "RFC 3987 §4.2"],
  "rtl-not-at-ends": ["low", "RFC 3987 §4.2"],
  "encoded-dot-segment": ["medium", "RFC 3986 §2.3", "RFC 3986 §6.2.2.3", "URL Standard #double-dot-path-segment"],
  "encoded-path-separator": ["medium", "RFC 3986 §2.2", "RFC 3986 §7.3"],
} as const satisfies Record<string, readonly [SecuritySeverity, ...string[]]>;

/**
 * What a {@link SecurityFinding} is about:
 * - `"syntax"`: not a URI reference (RFC 3986 §4.1) nor, with characters beyond ASCII, an IRI
 *   reference (RFC 3987 §2.2); `error` says where and why.
 * - `"edge-space-or-control"`, `"tab-or-newline"`: characters no URI holds (§2) that a WHATWG
 *   parser removes before reading: C0 controls and spaces at either end, tabs and newlines anywhere.
 * - `"backslash"`: a "\" a WHATWG parser reads as "/" (special schemes, and relative references
 *   against one), so it can end the authority or open one.
 * - `"missing-authority"`: an http, https, ws, wss or ftp URI without "//": RFC 3986 reads a path,
 *   a WHATWG parser reads what follows as the authority.
 * - `"empty-host"`: an empty host where the scheme needs one (RFC 9110 §4.2.1: reject it); a
 *   WHATWG parser fails, or skips the slashes and reads a host out of the path.
 * - `"multiple-at"`: more than one "@" in the authority: RFC 3986 rejects it, a WHATWG parser takes
 *   the last "@" as the end of the userinfo.
 * - `"userinfo"`, `"password"`: userinfo, and a password in it (RFC 3986 §3.2.1 deprecates
 *   passwords, §7.5; RFC 9110 §4.2.4: http(s) senders must not send userinfo).
 * - `"percent-encoded-host"`: a percent-encoded octet in a reg-name, which RFC 3986 keeps as data and
 *   a WHATWG parser decodes before reading the host; `"encoded-host-delimiter"` when it decodes to a
 *   delimiter or a character no host may hold (`%40`, `%2F`, `%3A`, `%00`, `%25`, ...).
 * - `"non-ascii-host"`: a host with characters beyond ASCII (or their percent-encoded UTF-8): a
 *   WHATWG parser reads its A-label (UTS #46); `"idna-mapped-host"` when that mapping changes more
 *   than case (full-width letters, circled digits, U+3002 as ".", zero-width characters dropped).
 * - `"mixed-scripts"`: a host label that mixes scripts, e.g. Latin with Cyrillic (RFC 3987 §8).
 * - `"whole-script-confusable"`: a host label all of one script other than Latin whose every
 *   character looks like an ASCII letter, digit or "-", so that it can be read as an ASCII label
 *   (UTS #39 §4 whole-script confusables, from Unicode's confusables.txt): "аррӏе" (all
 *   Cyrillic) reads "apple". Its A-label is what to show (Chrome's IDN policy; toDisplayString).
 * - `"restricted-host-character"`: a host label with a character UTS #39 §5's General Security
 *   Profile keeps out (not Identifier_Status=Allowed: "google.com⫽login.evil.com" is a name
 *   under evil.com that reads as google.com and a path), an Allowed one still kept from display
 *   (a combining overlay such as U+0338, punctuation IDNA2008 refuses such as U+2027), or one out
 *   of the context RFC 5892 Appendix A gives it (U+00B7 outside "l·l", U+30FB without Kana or
 *   Han), a digit of a second decimal system (UTS #39 §5.3) or a nonspacing mark repeated or
 *   fifth in a row (§5.4). Browsers show such a label as its A-label; so does toDisplayString,
 *   by the same check.
 * - `"ipv4-number-form"`: a host that is no RFC 3986 `IPv4address` but that a WHATWG parser (for a
 *   special scheme) or inet_aton-style code (any scheme) reads as an IPv4 address: `127.1`,
 *   `0x7f.1`, `0177.0.0.1`, `2130706433`, `127.0.0.1.` (RFC 3986 §7.4: these are reg-names);
 *   `"ipv4-number-invalid"`: its last label is a number but it is no address (a WHATWG parser fails).
 * - `"ip-literal-unsupported"`: an IP-literal a WHATWG parser refuses (IPvFuture).
 * - `"port-out-of-range"`: a port above 65535 (RFC 3986 sets no bound; a WHATWG parser fails).
 * - `"non-public-address"`: the host is an address a client reaches on this machine or a local
 *   network, or a special-purpose one: loopback (and "localhost"), private, link-local (cloud
 *   metadata at 169.254.169.254), unique-local, multicast, unspecified, reserved, read as a
 *   WHATWG client reads it (`0x7f.1` is 127.0.0.1, `[::ffff:127.0.0.1]` reaches 127.0.0.1);
 *   `classifyHost` gives the class. A server that fetches URLs its users give must refuse these
 *   (SSRF), and check the addresses a name resolves to as well.
 * - `"host-differs"`: the two readings name different hosts for a reason none of the codes above names.
 * - `"resolution-differs"` (with `options.base`): a reference with the base's special scheme and no
 *   "//" ("http:evil.example/x" against "http://good.example/"). Strict RFC 3986 §5.2.2 keeps it
 *   as the target, an http URI without an authority (RFC 9110 §4.2.1) that a WHATWG URL parser
 *   reads with the host in `whatwgHost` (`evil.example`), while the URL Standard's special
 *   relative or authority state resolves it against the base as a relative reference. Refuse it,
 *   or resolve with `resolve(base, ref, { schemes: defaultRegistry })`, which refuses the target.
 * - `"windows-device-path"`: a file URI whose host decodes to what no host holds (a forbidden
 *   domain code point of the URL Standard: "?", controls, space, "%", ...) or to "." or "..":
 *   as a Windows UNC path it names a device or namespace ("file://%3F/C:/x" would be
 *   "\\?\C:\x", "file://./PhysicalDrive0" a raw disk); `fileUriToPath` refuses it.
 * - `"drive-relative-path"`: a file URI whose path starts with a drive letter and ":" not
 *   followed by "/" ("file:///C:../x"): as a Windows path, relative to the current directory of
 *   that drive; `fileUriToPath` refuses it.
 * - `"bidi-formatting-character"`, `"mixed-direction"`, `"rtl-not-at-ends"`: RFC 3987 §4.1 and §4.2
 *   (as `iriBidiFindings`).
 * - `"encoded-dot-segment"`: a path segment that is "." or ".." once `%2E` is decoded: RFC 3986
 *   §6.2.2 normalization and WHATWG parsers remove it as a dot segment, a check on the raw path
 *   does not see it.
 * - `"encoded-path-separator"`: `%2F` or `%5C` in a path segment: data for RFC 3986 and WHATWG, a
 *   separator for a back end that decodes before it splits the path (RFC 3986 §7.3).
 */
export type SecurityFindingCode = keyof typeof CODES;

/** Every finding code, in the order findings at the same offset are listed. */
export const securityFindingCodes: readonly SecurityFindingCode[] = Object.freeze(Object.keys(CODES) as SecurityFindingCode[]);

/**
 * How much a finding weighs for a server about to fetch the URL (SSRF, request smuggling through a
 * second reader), so that users need not pick codes by hand:
 * - `"high"`: refuse to fetch. The readers disagree on what is fetched or the input is no URI
 *   (syntax, controls, backslashes, several "@", hosts a WHATWG parser decodes or reads as an
 *   IPv4 address, differing hosts and resolutions, ports out of range), the host is no public
 *   address, or a file URI names a device;
 * - `"medium"`: refuse unless the application expects it. Credentials (userinfo, password),
 *   look-alike and remapped hosts (whole-script confusables, mixed scripts, characters outside
 *   UTS #39's General Security Profile, UTS #46 mappings), bidi
 *   controls, and path tricks a back end may read as traversal (encoded dot segments and
 *   separators, drive-relative file paths);
 * - `"low"`: worth knowing, not a reason to refuse: a host beyond ASCII (an IDN), bidi text that
 *   only displays oddly.
 * `checkFetchTarget` blocks at `"high"` unless told otherwise. docs/guide/security.md lists the table.
 */
export type SecuritySeverity = "high" | "medium" | "low";

/** The severity of every finding code ({@link SecuritySeverity}). */
export const securityFindingSeverity: Readonly<Record<SecurityFindingCode, SecuritySeverity>> = Object.freeze(
  Object.fromEntries(Object.entries(CODES).map(([code, [severity]]) => [code, severity])) as Record<SecurityFindingCode, SecuritySeverity>,
);

/** Where each code's rule is written (a finding's `cite`). */
const CITES = Object.fromEntries(Object.entries(CODES).map(([code, [, ...cite]]) => [code, cite as readonly string[]])) as Readonly<Record<SecurityFindingCode, readonly string[]>>;

/** Codes about the host a reader picks: their findings carry `whatwgHost`. */
const HOST_CODES: ReadonlySet<SecurityFindingCode> = new Set<SecurityFindingCode>([
  "syntax", "backslash", "missing-authority", "empty-host", "multiple-at", "percent-encoded-host", "encoded-host-delimiter",
  "non-ascii-host", "idna-mapped-host", "ipv4-number-form", "ipv4-number-invalid", "ip-literal-unsupported", "port-out-of-range", "host-differs",
  "non-public-address", "windows-device-path",
]);

/**
 * One risky thing about a reference. `offset` and `text` locate it in the input (for a node, in its
 * serialization), in UTF-16 code units, as in `iriBidiFindings`; a password in `text` shows as
 * "***" (RFC 3986 §7.5: the `"password"` finding's text is "***", its offset where it begins).
 */
export interface SecurityFinding {
  readonly code: SecurityFindingCode;
  /** How much it weighs for a fetch ({@link SecuritySeverity}; the code's, from one table). */
  readonly severity: SecuritySeverity;
  readonly component: SecurityComponent;
  readonly offset: number;
  readonly text: string;
  /** What is risky and what each reading makes of it, in words. */
  readonly message: string;
  /** Where the rule is written: RFC sections, and URL Standard anchors (https://url.spec.whatwg.org/#...). */
  readonly cite: readonly string[];
  /**
   * For findings about the host: the host a WHATWG URL parser reads (serialized as `URL#hostname`
   * gives it, `[...]` around IPv6), `null` when it fails on the input, and left out when the
   * reference has no authority of its own (a relative reference keeps its base's host).
   */
  readonly whatwgHost?: string | null;
  /**
   * For `"syntax"`: the error of the RFC 3986 (or RFC 3987) parse. When the input has a password,
   * the error is that of the input with the password masked (RFC 3986 §7.5): its `input` is the
   * masked text and its `offset` counts in it (`offset` of the finding counts in the input).
   */
  readonly error?: UriSyntaxError;
}

/** Options of {@link securityFindings}. */
export interface SecurityOptions {
  /**
   * The base a relative reference will be resolved against (its scheme is what matters: WHATWG
   * parsers treat http, https, ws, wss, ftp and file specially). When left out, a relative
   * reference is judged as against an http base, the common case on the web.
   */
  readonly base?: string | UriReference | undefined;
}

/** Whether a scheme's URIs need a non-empty host: RFC 9110 §4.2.1 (http, https), RFC 6455 §3 (ws, wss), and the URL Standard's other special ones but file (ftp). */
const needsHost = (scheme: string): boolean => isSpecialScheme(scheme) && scheme !== "file";

const TRIPLET = /%[0-9A-Fa-f]{2}/g;

/** A reference as both readings see it: components with their offsets in the text. */
interface Reading {
  readonly scheme: string; // the effective scheme (the base's for a relative reference), lowercase
  readonly special: boolean;
  readonly userinfo: { readonly text: string; readonly offset: number } | undefined;
  readonly host: { readonly text: string; readonly offset: number; readonly node: Host | undefined } | undefined;
  readonly port: { readonly text: string; readonly offset: number } | undefined;
  readonly path: { readonly text: string; readonly offset: number };
}

/** The message of each RFC 3987 §4 finding (iri/bidi.ts referenceFindings gives the codes). */
const BIDI_MESSAGES = {
  "bidi-formatting-character": "a bidi formatting character, invisible, that reorders what is shown (RFC 3987 §4.1: an IRI must not contain one)",
  "mixed-direction": "a part that mixes right-to-left and left-to-right characters displays in an order that depends on its surroundings (RFC 3987 §4.2)",
  "rtl-not-at-ends": "a part with right-to-left characters should start and end with one (RFC 3987 §4.2)",
} as const;

const describeHost = (h: string | null | undefined): string =>
  h === undefined ? "" : h === null ? "a WHATWG URL parser fails on the input" : `a WHATWG URL parser reads the host ${JSON.stringify(h)}`;

/**
 * The risky parts of a reference, as typed findings in text order: where a WHATWG URL parser
 * (browsers, Node's `URL`, `fetch`) would read another host than RFC 3986 does, what hides a host
 * or a path from a reader or a filter, and userinfo. The input need not be valid: text that is no
 * URI reference gets a `"syntax"` finding (with the `UriSyntaxError`) and the findings its raw text
 * gives, which explain what a browser would make of it. An empty list means none of these risks,
 * not that the reference is safe to fetch: check the address a host resolves to as well.
 *
 * A string is read as `URI-reference`, or with characters beyond ASCII as `IRI-reference`; a node
 * from `parse` is checked as its serialization. Anything else is a TypeError.
 *
 * @example
 * securityFindings("http://evil.com\\@good.com/").map((f) => f.code); // ["syntax", "backslash"]
 * securityFindings("http://0x7f.1/")[0]?.whatwgHost; // "127.0.0.1"
 */
export function securityFindings(input: string | UriReference, options?: SecurityOptions): readonly SecurityFinding[] {
  const base = baseSchemeOf(options);
  let text: string;
  if (typeof input === "string") text = input;
  else if (isReferenceNode(input)) text = serializeNode(input);
  else {
    referenceArgument(input, "input", "securityFindings"); // throws the TypeError that names the argument
    throw new TypeError(`securityFindings: the argument "input" must be a URI reference (a string, or a node from parse), got ${describeValue(input)}`);
  }
  const parsed = referenceArgument(text, "input", "securityFindings");
  const split = whatwgSplit(text, base.scheme, base.given);
  const out: SecurityFinding[] = [];
  // RFC 3986 §7.5: a finding's text shows the password (as either reader finds it) as "***"
  const pw = passwordRange(text);
  const hide = (found: string, offset: number): string => {
    if (pw === undefined || offset >= pw.end || offset + found.length <= pw.start) return found;
    const from = Math.max(pw.start, offset) - offset;
    const to = Math.min(pw.end, offset + found.length) - offset;
    return found.slice(0, from) + PASSWORD_MASK + found.slice(to);
  };
  const add = (code: SecurityFindingCode, component: SecurityComponent, offset: number, found: string, message: string, error?: UriSyntaxError, whatwgHost?: string | null): void => {
    const f: { -readonly [K in keyof SecurityFinding]: SecurityFinding[K] } = { code, severity: securityFindingSeverity[code], component, offset, text: hide(found, offset), message, cite: CITES[code] };
    if (whatwgHost !== undefined) f.whatwgHost = whatwgHost;
    else if (HOST_CODES.has(code) && split.authority !== undefined) f.whatwgHost = split.host;
    if (error !== undefined) f.error = error;
    out.push(Object.freeze(f));
  };
  const componentAt = (offset: number): SecurityComponent => componentOfOffset(split, offset);
  const slice = (r: Span): string => text.slice(r.start, r.end);

  // What a WHATWG parser removes or rereads, and the syntax error: only text that is no URI has them.
  if (!parsed.ok) {
    const e = parsed.error;
    const cp = text.codePointAt(e.offset);
    const at = cp === undefined ? "" : String.fromCodePoint(cp);
    const whatwg = describeHost(split.authority === undefined ? undefined : split.host);
    add("syntax", componentAt(e.offset), e.offset, at, `${e.shortMessage}${whatwg === "" ? "" : `; ${whatwg}`}`, maskedError(e, text));
    for (const r of split.edges) {
      add("edge-space-or-control", "reference", r.start, slice(r), "C0 controls and spaces at either end are no part of a URI (RFC 3986 §2, §C); a WHATWG URL parser removes them and reads the rest");
    }
    for (const r of split.tabs) {
      const component = componentAt(r.start);
      const scheme = component === "scheme" && split.scheme !== undefined ? `; it reads the scheme ${JSON.stringify(split.scheme)}` : "";
      add("tab-or-newline", component, r.start, slice(r), `a WHATWG URL parser removes every tab and newline before reading (RFC 3986 allows none)${scheme}`);
    }
    for (const r of runs(split.slashes)) {
      const where = split.authority !== undefined && r.start <= split.authority.end ? "authority" : componentAt(r.start);
      add("backslash", where, r.start, slice(r), `a WHATWG URL parser reads "\\" as "/" in a URL of a special scheme (or relative to one), so it can open or end the authority; RFC 3986 allows no "\\"${hostNote(split)}`);
    }
    for (const m of text.matchAll(/\p{Bidi_Control}/gu)) {
      add("bidi-formatting-character", componentAt(m.index), m.index, m[0], BIDI_MESSAGES["bidi-formatting-character"]);
    }
  }

  const reading = parsed.ok ? rfcReading(parsed.value, base.scheme) : splitReading(text, split, base.scheme);
  const node = parsed.ok ? parsed.value : undefined;

  // the authority
  if (split.scheme !== undefined && split.oddSlashes !== undefined && !/\\/.test(slice(split.oddSlashes)) && split.special && split.scheme !== "file") {
    const n = split.oddSlashes.end - split.oddSlashes.start;
    if (n < 2 && (node === undefined || node.authority === undefined)) {
      add("missing-authority", "authority", split.oddSlashes.start, slice(split.oddSlashes),
        `an ${split.scheme} URI needs "//" and an authority (RFC 9110 §4.2.1); RFC 3986 reads a path here, ${describeHost(split.host)}`);
    }
  }
  if (split.ats.length > 1 && split.authority !== undefined) {
    add("multiple-at", "authority", split.authority.start, slice(split.authority),
      `${split.ats.length} "@" in the authority: RFC 3986 ends the userinfo at the first one and then allows no other (§3.2.1); a WHATWG URL parser takes the last one, ${describeHost(split.host)}`);
  }
  // the userinfo RFC 3986 reads, or the one a WHATWG parser reads where RFC 3986 sees none ("http:user:pw@host")
  const userinfo = reading.userinfo ?? (split.userinfo === undefined || split.userinfo.end === split.userinfo.start ? undefined : { text: slice(split.userinfo), offset: split.userinfo.start });
  if (userinfo !== undefined) {
    const u = userinfo;
    add("userinfo", "userinfo", u.offset, u.text, "userinfo (RFC 3986 §3.2.1): a reader may take it for the host, and RFC 9110 §4.2.4 forbids it in http(s) URIs; do not show or forward it (§7.5)");
    const colon = u.text.indexOf(":");
    if (colon >= 0 && colon < u.text.length - 1) {
      add("password", "userinfo", u.offset + colon + 1, u.text.slice(colon + 1), "a password in the userinfo, in clear text (RFC 3986 §3.2.1 deprecates it; §7.5)");
    }
  }
  const hostFindings = out.length;
  if (reading.host !== undefined) hostChecks(reading, split, add);
  if (reading.host !== undefined) {
    const c = nonPublic(reading, split);
    if (c !== undefined) {
      const embedded = c.embedded === undefined ? "" : ` (${c.embedded} IPv6 carrying ${c.address ?? ""}, which the socket layer reaches)`;
      const what = c.address === undefined ? `the name ${JSON.stringify(c.host)}` : `the address ${c.host}${embedded}`;
      add("non-public-address", "host", reading.host.offset, reading.host.text,
        `${what} is a ${c.kind} address (RFC 6890), not a public one: a server that fetches URLs from its users must not connect to it (SSRF)`);
    }
  }
  if (reading.port !== undefined && /^[0-9]+$/.test(reading.port.text) && Number(reading.port.text) > 65535) {
    add("port-out-of-range", "port", reading.port.offset, reading.port.text, `port ${reading.port.text} is above 65535: RFC 3986 sets no bound (§3.2.3), ${describeHost(split.host)}`);
  }
  // the readings disagree on the host for a reason no finding above names
  if (node?.authority !== undefined && split.authority !== undefined && !out.slice(hostFindings).some((f) => HOST_CODES.has(f.code)) && !out.some((f) => f.code === "missing-authority")) {
    const rfc = rfcHostKey(node, reading);
    // opaque hosts keep their case in WHATWG URL; RFC 3986 hosts are case-insensitive (§3.2.2)
    if (reading.special ? rfc !== split.host : rfc?.toLowerCase() !== split.host?.toLowerCase()) {
      const h = reading.host;
      add("host-differs", "host", h?.offset ?? split.authority.start, h?.text ?? "", `RFC 3986 reads the host ${JSON.stringify(rfc ?? h?.text ?? "")}; ${describeHost(split.host)}`);
    }
  }

  // strict §5.2.2 against the URL Standard's special relative or authority state (options.base)
  if (node !== undefined && base.given && split.scheme === base.scheme && split.special && split.scheme !== "file" && split.authority === undefined) {
    const b = referenceArgument(base.text, "options.base", "securityFindings");
    const t = b.ok && b.value.kind === "URI" ? resolveReference(b.value, node) : undefined;
    if (t?.ok === true) {
      const target = serializeNode(t.value);
      const host = whatwgSplit(target, split.scheme, false).host;
      add("resolution-differs", "scheme", 0, text.slice(0, split.scheme.length + 1),
        `strict RFC 3986 resolution (§5.2.2) keeps this reference as it is: the target ${JSON.stringify(maskPassword(target))} is an ${split.scheme} URI without an authority (RFC 9110 §4.2.1 requires one), ${host === undefined || host === null ? "which a WHATWG URL parser fails on" : `which a WHATWG URL parser reads with the host ${JSON.stringify(host)}`}; against the base, a WHATWG URL parser reads the reference as relative and keeps the base's host`,
      );
    }
  }
  if (reading.scheme === "file") fileChecks(reading, add);
  pathChecks(reading, add);
  if (node !== undefined) {
    for (const b of referenceFindings(node)) add(b.code, b.component, b.offset, b.text, BIDI_MESSAGES[b.code]);
  }
  const order = new Map(securityFindingCodes.map((c, k) => [c, k]));
  out.sort((a, b) => a.offset - b.offset || (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0));
  return Object.freeze(out);
}

/**
 * The error of the parse, of `text` with its password masked (RFC 3986 §7.5: findings go to logs
 * and reports): its `input` is the masked text and its `offset` where the same character stands
 * there; the error itself when the text has no password.
 */
function maskedError(e: UriSyntaxError, text: string): UriSyntaxError {
  const m = maskPasswordAt(text, e.offset);
  if (m.text === text) return e;
  return withoutStack(() =>
    e instanceof InputTooLongError ? new InputTooLongError(m.text, e.rule, e.maxLength, text.length) : new UriSyntaxError(m.text, e.rule, m.offset, e.expected, e.shortMessage),
  );
}

/** The scheme of `options.base` (lowercase), "http" when there is none. */
function baseSchemeOf(options: unknown): { readonly scheme: string; readonly given: boolean; readonly text: string | UriReference } {
  if (options === undefined) return { scheme: "http", given: false, text: "" };
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`securityFindings: the argument "options" must be an object or undefined, got ${describeValue(options)}`);
  }
  const base = (options as { base?: unknown }).base; // read once
  if (base === undefined) return { scheme: "http", given: false, text: "" };
  let scheme: string | undefined;
  if (typeof base === "string") scheme = schemeAt(base.replace(/^[\u0000-\u0020]+/, "").replace(/[\t\n\r]/g, ""));
  else if (isReferenceNode(base)) scheme = base.scheme;
  else throw new TypeError(`securityFindings: options.base must be a URI (a string, or a node from parse) or undefined, got ${describeValue(base)}`);
  return scheme === undefined ? { scheme: "http", given: false, text: "" } : { scheme: scheme.toLowerCase(), given: true, text: base as string | UriReference };
}

/** The components of a parsed reference, with their offsets (as bidi.ts counts them). */
function rfcReading(ref: UriReference, baseScheme: string): Reading {
  const scheme = ref.scheme?.toLowerCase() ?? baseScheme;
  const l = layoutOf(ref);
  const part = (from: number, to: number): { text: string; offset: number } => ({ text: l.input.slice(from, to), offset: from - l.start });
  let userinfo: Reading["userinfo"];
  let host: Reading["host"];
  let port: Reading["port"];
  if (l.authorityStart >= 0) {
    const hs = l.hostStart;
    const he = l.hostEnd;
    if (hs > l.authorityStart) userinfo = part(l.authorityStart, hs - 1);
    host = { ...part(hs, he), node: ref.authority?.host };
    if (he < l.authorityEnd) port = part(he + 1, l.authorityEnd);
  }
  return { scheme, special: isSpecialScheme(scheme), userinfo, host, port, path: part(l.pathStart, l.pathEnd) };
}

/** The components as a WHATWG parser delimits them, for text that is no URI reference. */
function splitReading(text: string, s: WhatwgSplit, baseScheme: string): Reading {
  const part = (r: Span | undefined): { text: string; offset: number } | undefined => (r === undefined ? undefined : { text: text.slice(r.start, r.end), offset: r.start });
  let h = part(s.hostRange);
  let userinfo = part(s.userinfo);
  const scheme = s.scheme ?? baseScheme;
  // the URL Standard reads a file URL's authority whole as its host (no userinfo); RFC 3986 and
  // password.ts read a userinfo before its last "@", the password in it: the host is after it (§7.5)
  const at = scheme === "file" && h !== undefined ? h.text.lastIndexOf("@") : -1;
  if (h !== undefined && at >= 0) {
    userinfo = { text: h.text.slice(0, at), offset: h.offset };
    h = { text: h.text.slice(at + 1), offset: h.offset + at + 1 };
  }
  return {
    scheme,
    special: s.special,
    userinfo,
    host: h === undefined ? undefined : { ...h, node: undefined },
    port: part(s.port),
    path: part(s.path) ?? { text: "", offset: text.length },
  };
}

/** `f`, its answer for each argument kept (within one call of securityFindings). */
function once<A, R>(f: (a: A) => R): (a: A) => R {
  const memo = new Map<A, R>();
  return (a) => {
    if (memo.has(a)) return memo.get(a) as R;
    const r = f(a);
    memo.set(a, r);
    return r;
  };
}

/** Runs of adjacent offsets, as ranges. */
function runs(offsets: readonly number[]): Span[] {
  const out: Span[] = [];
  for (const o of offsets) {
    const last = out[out.length - 1];
    if (last !== undefined && last.end === o) out[out.length - 1] = { start: last.start, end: o + 1 };
    else out.push({ start: o, end: o + 1 });
  }
  return out;
}

const hostNote = (s: WhatwgSplit): string => (s.authority === undefined ? "" : `; ${describeHost(s.host)}`);

type Add = (code: SecurityFindingCode, component: SecurityComponent, offset: number, text: string, message: string) => void;

/** The findings about the host of a reading. */
function hostChecks(r: Reading, s: WhatwgSplit, add: Add): void {
  const h = r.host;
  if (h === undefined) return;
  const whatwg = describeHost(s.host);
  if (h.text === "") {
    if (needsHost(r.scheme)) {
      add("empty-host", "host", h.offset, "", `an empty host, which an ${r.scheme} URI may not have (RFC 9110 §4.2.1: reject it); ${whatwg}`);
    }
    return;
  }
  if (h.text.startsWith("[")) {
    if (h.node !== undefined && parseHost(h.text, r.special) === null) {
      add("ip-literal-unsupported", "host", h.offset, h.text, `an IP-literal RFC 3986 allows (§3.2.2) that WHATWG URL parsers do not (no IPvFuture); ${whatwg}`);
    }
    return;
  }
  if (isIPv4address(h.text)) return; // an IPv4address (RFC 3986 §3.2.2): the same address for every reader
  const triplets = [...h.text.matchAll(TRIPLET)];
  if (triplets.length > 0) {
    add("percent-encoded-host", "host", h.offset, h.text,
      `percent-encoded octets in the host: RFC 3986 keeps them as data (§3.2.2), ${r.special ? "a WHATWG URL parser decodes them before reading the host" : "software that decodes them reads another host"}; ${whatwg}`);
    const bad = triplets.filter((m) => FORBIDDEN_DOMAIN.test(String.fromCharCode(octetAt(m[0], 0))));
    if (bad.length > 0) {
      add("encoded-host-delimiter", "host", h.offset + (bad[0]?.index ?? 0), bad[0]?.[0] ?? "",
        `${bad.map((m) => m[0]).join(", ")} decode to a delimiter or a character no host may hold: a parser that decodes the host and re-reads it moves the authority (curl CVE-2022-27780, fast-uri CVE-2026-6322); ${whatwg}`);
    }
  }
  const decoded = triplets.length > 0 ? percentDecodeUtf8(h.text) : h.text;
  let ascii: string | null = decoded.toLowerCase();
  if (NON_ASCII.test(decoded)) {
    add("non-ascii-host", "host", h.offset, h.text,
      `a host beyond ASCII: it stands for its A-label (RFC 3987 §3.1 with IDNA), which a WHATWG URL parser reads (UTS #46); ${whatwg}`);
    ascii = domainToAscii(decoded);
    if (ascii !== null) {
      const u = uts46ToUnicode(ascii);
      const back = u.domain;
      if (!u.error && back !== decoded.normalize("NFC").toLowerCase()) {
        add("idna-mapped-host", "host", h.offset, h.text,
          `UTS #46 maps the host to other characters (${JSON.stringify(back)}): compatibility forms, full-width letters and dots, ignorable characters; ${whatwg}`);
      }
    }
  }
  // each distinct label is read once (a hostile host repeats one a million times)
  const uLabel = once((l: string): string => (isALabelCandidate(l) ? labelToUnicode(l) ?? l : l));
  // labels that mix scripts, U-labels of A-labels included
  const mixes = once((l: string): boolean => mixesScripts(uLabel(l)));
  const mixed = distinctLabels(decoded, true).filter(mixes).map(uLabel);
  if (mixed.length > 0) {
    add("mixed-scripts", "host", h.offset, h.text, `the label ${mixed.map((l) => JSON.stringify(l)).join(", ")} mixes scripts, as look-alikes of another name do (RFC 3987 §8)`);
  }
  // labels all of one other script that read as ASCII ones (U-labels of A-labels included)
  const unicodeLabels = distinctLabels(ascii ?? decoded, false).map(uLabel);
  const lookalikes = unicodeLabels.flatMap((l) => {
    const reads = asciiLookalike(l);
    return reads === undefined ? [] : [`${JSON.stringify(l)} is all ${scriptsOf(l)[0] ?? ""}, yet each of its characters looks like an ASCII one (it reads ${JSON.stringify(reads)})`];
  });
  if (lookalikes.length > 0) {
    add("whole-script-confusable", "host", h.offset, h.text,
      `the label ${lookalikes.join("; ")}: a whole-script confusable (UTS #39 §4) that can pass for an ASCII name; show its A-label`);
  }
  // characters UTS #39 §5 and RFC 5892's contexts keep from display (toDisplayString's check), in
  // each label's Unicode form even where the Bidi Rule fails it ("a\u05F4b": a gershayim after "a")
  const restricted = distinctLabels(ascii ?? decoded, false).flatMap((a) => {
    const l = isALabelCandidate(a) ? uts46ToUnicode(a).domain : a;
    const r = restrictedCharacter(l);
    return r === undefined ? [] : [`${JSON.stringify(l)}: ${r.reason}`];
  });
  if (restricted.length > 0) {
    add("restricted-host-character", "host", h.offset, h.text,
      `the label ${restricted.join("; ")}: browsers show it as its A-label, as a look-alike of another name or of a delimiter could be (RFC 3987 §8)`);
  }
  const numeric = r.special ? ascii : h.text.toLowerCase();
  if (numeric !== null && !FORBIDDEN_DOMAIN.test(numeric) && endsInANumber(numeric)) {
    const v4 = ipv4Parse(numeric).address;
    if (v4 !== null) {
      add("ipv4-number-form", "host", h.offset, h.text,
        `no IPv4address of RFC 3986 (four decimal octets), so a reg-name (§7.4), but ${r.special ? "a WHATWG URL parser" : "inet_aton-style code"} reads the IPv4 address ${serializeIpv4(v4)}; ${whatwg}`);
    } else if (r.special) {
      add("ipv4-number-invalid", "host", h.offset, h.text, `the last label is a number, so a WHATWG URL parser reads the host as an IPv4 address, and fails; RFC 3986 reads a reg-name (§3.2.2)`);
    }
  }
}

/**
 * The class of the host a client connects to, when it is no public address and no name other
 * than "localhost": the WHATWG host for a special scheme, the host as a generic client reads it
 * (IPv4 number forms too) otherwise.
 */
function nonPublic(r: Reading, s: WhatwgSplit): HostClass | undefined {
  const text = r.host?.text;
  if (text === undefined || text === "") return undefined;
  const host = r.special ? s.host : text.startsWith("[") || endsInANumber(text.toLowerCase()) || text.toLowerCase() === "localhost" ? parseHost(text, true) : null;
  if (typeof host !== "string" || host === "") return undefined;
  let c: HostClass;
  try {
    c = classOfHost(host);
  } catch {
    return undefined; // an IPv6 address ipaddr.js does not read (never for what parseHost serializes)
  }
  return c.kind === "public" || c.kind === "name" ? undefined : c;
}

/** The host as RFC 3986 reads it, in the form a WHATWG parser serializes hosts, for comparison. */
function rfcHostKey(ref: UriReference, r: Reading): string | null | undefined {
  const a = normalizeReference(ref).authority;
  if (a === undefined) return undefined;
  const h = a.host;
  if (h.kind === "IPv4address") return h.text;
  if (h.kind === "IPv6address") return `[${compressedIpv6(h.pieces)}]`;
  if (h.kind === "IPvFuture") return serializeNode(h);
  if (!r.special) return serializeNode(h).toLowerCase();
  const ascii = hostToAscii(h.text);
  const key = ascii.ok ? ascii.value.toLowerCase() : null;
  return r.scheme === "file" && key === "localhost" ? "" : key;
}

/** "." and "..": hosts of a UNC path that name devices (as does one that holds a forbidden domain code point). */
const DOT_HOST = /^\.{1,2}$/;

/** The findings of a file URI read as a Windows path (RFC 8089 Appendix E): device hosts, drive-relative paths. */
function fileChecks(r: Reading, add: Add): void {
  const h = r.host;
  if (h !== undefined && h.text !== "" && !h.text.startsWith("[")) {
    const decoded = percentDecodeUtf8(h.text);
    const bad = DOT_HOST.exec(decoded) ?? FORBIDDEN_DOMAIN.exec(decoded);
    if (bad !== null) {
      // (the character, not the host: a host read out of invalid text may hold a password)
      const what = DOT_HOST.test(decoded) ? JSON.stringify(decoded) : `a text with ${foundAt(bad[0], 0)}`;
      add("windows-device-path", "host", h.offset, h.text,
        `the host decodes to ${what}, which no host holds: as a Windows UNC path it names a device or a namespace ("\\\\?\\", "\\\\.\\") or holds controls; fileUriToPath refuses it, Node's URL fails on it`);
    }
  }
  const drive = /^\/?([A-Za-z](?::|%3A|\|))(?!\/|$)/i.exec(r.path.text);
  if (drive !== null && (h === undefined || h.text === "" || h.text.toLowerCase() === "localhost")) {
    add("drive-relative-path", "path", r.path.offset, r.path.text,
      `the path starts with the drive ${JSON.stringify(drive[1])} and no "/": as a Windows path it is relative to the current directory of that drive (RFC 8089 Appendix E.2); fileUriToPath refuses it`);
  }
}

/** The findings about the path: encoded dot segments and separators. */
function pathChecks(r: Reading, add: Add): void {
  const p = r.path;
  let start = 0;
  const sep = r.special ? /[/\\]/g : /\//g;
  const segments: [number, number][] = [];
  for (const m of p.text.matchAll(sep)) {
    segments.push([start, m.index]);
    start = m.index + 1;
  }
  segments.push([start, p.text.length]);
  for (const [s, e] of segments) {
    const seg = p.text.slice(s, e);
    if (!seg.includes("%")) continue;
    const dots = dotSegmentOf(seg); // seg holds a "%": a dot segment here is an encoded one
    if (dots !== undefined) {
      add("encoded-dot-segment", "path", p.offset + s, seg,
        `the segment ${JSON.stringify(seg)} is ${JSON.stringify(dots)}: RFC 3986 normalization (§6.2.2) and WHATWG URL parsers remove it as a dot segment, a check on the raw path does not see it`);
    }
    const slash = /%2f|%5c/i.exec(seg);
    if (slash !== null) {
      add("encoded-path-separator", "path", p.offset + s, seg,
        `${slash[0]} in a segment is data for RFC 3986 (§2.2) and WHATWG parsers, but a back end that decodes before it splits the path reads a separator (§7.3)`);
    }
  }
}
