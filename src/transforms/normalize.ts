// RFC 3986 §6.2.2 syntax-based normalization (case §6.2.2.1, percent-encoding §6.2.2.2, dot
// segments §6.2.2.3) and §6.2.3 scheme-based normalization (ports §3.2.3, empty path).
import * as make from "../ast/make.js";
import type { Host, RelativeRef, Uri, UriReference } from "../ast/nodes.js";
import { NON_ASCII, type IriComponent, unreservedTable } from "../charsets.js";
import { DEFAULT_PORTS, emptyPathIsRoot } from "../core/scheme-table.js";
import { formatIpv6 } from "./ipv6.js";
import { dotSegmentOf, HEX_VALUES, TRIPLETS } from "../percent-encoding.js";
import { dotSegmentsRemoved } from "./remove-dot-segments.js";

/**
 * What §6.2.3 normalization needs to know about a scheme: the first layer of the one scheme
 * record (src/transforms/scheme-rules.ts `SchemeRules` adds what normalization and equivalence
 * ask of a scheme's values, uri-grammar/schemes `Scheme` its grammar).
 */
export interface SchemeNormalization {
  /** The scheme name, lowercase. */
  readonly name: string;
  /** The port an absent port stands for (RFC 3986 §6.2.3), 0–65535; a port written `"080"` is port 80 too. */
  readonly defaultPort?: number | undefined;
  /** `true` when, with an authority, the empty path means the same as `"/"` (RFC 9110 §4.2.3 for http). */
  readonly emptyPathIsRoot?: boolean | undefined;
}

/** The scheme definitions to normalize with: a list, or a map keyed by lowercase name. */
export type SchemeNormalizations = readonly SchemeNormalization[] | ReadonlyMap<string, SchemeNormalization>;

/**
 * The §6.2.3 facts of http and https (RFC 9110 §4.2.1–§4.2.3), ws and wss (RFC 6455 §3): default
 * ports 80, 443, 80, 443, and an empty path is "/" (the one table, src/core/scheme-table.ts).
 * Frozen; pass a list of your own to normalize or equivalent to add schemes. Facts, not schemes
 * (named so: parse's `options.schemes` takes schemes, `defaultRegistry` of uri-grammar/schemes).
 */
export const defaultSchemeNormalizations: readonly SchemeNormalization[] = /* @__PURE__ */ (() =>
  Object.freeze(
    (Object.keys(DEFAULT_PORTS) as (keyof typeof DEFAULT_PORTS)[]).map((name) =>
      Object.freeze({ name, defaultPort: DEFAULT_PORTS[name], emptyPathIsRoot: emptyPathIsRoot(name) }),
    ),
  ))();

/** Options of {@link normalizeReference}. Every step is on unless set to `false`; `ipv6` is opt-in. */
export interface NormalizeOptions {
  /** §6.2.2.1: scheme and host to lowercase (every host kind), percent-encoding hex to uppercase everywhere. */
  readonly case?: boolean | undefined;
  /** §6.2.2.2: decode percent-encoded unreserved characters (§2.3) in every component; reserved ones stay encoded. */
  readonly percentEncoding?: boolean | undefined;
  /** §6.2.2.3: remove dot segments (§5.2.4) from a URI's path and from a relative reference's path that begins with "/". */
  readonly dotSegments?: boolean | undefined;
  /** §3.2.3, §6.2.3: drop a ":" with an empty port, whatever the scheme. */
  readonly emptyPort?: boolean | undefined;
  /** §6.2.3: drop a port equal to the scheme's default port (from `schemes`). */
  readonly defaultPort?: boolean | undefined;
  /** §6.2.3: an empty path with an authority becomes "/" for schemes whose definition says so. */
  readonly emptyPath?: boolean | undefined;
  /** The scheme definitions §6.2.3 uses; {@link defaultSchemeNormalizations} when left out. */
  readonly schemes?: SchemeNormalizations | undefined;
  /** `"rfc5952"`: write IPv6 hosts in their RFC 5952 text form. `"keep"` (the default) leaves them as written but lowercase. */
  readonly ipv6?: "keep" | "rfc5952" | undefined;
  /**
   * RFC 3987 §5.3.2.2, opt-in: put the characters of every component in Unicode Normalization
   * Form C (`"re\u0301sume\u0301"` becomes `"résumé"`). §5.3.2.2 asks that IRIs be created in
   * NFC rather than normalized by third parties, so it is off unless asked for. ASCII
   * delimiters and percent-encoded octets are left as they are, and so is a run of characters
   * whose NFC would bring in ASCII (U+037E to ";"), so no delimiter is made or swallowed
   * (§5.1); see {@link nfcText}.
   */
  readonly nfc?: boolean | undefined;
}

/** @internal The options of a call that asks for no step of its own (shared, empty): a registry's defaults apply, and nothing is read. */
export const NO_OPTIONS: NormalizeOptions = /* @__PURE__ */ Object.freeze({});

/** @internal The steps of {@link NormalizeOptions} (all but `schemes`) and what each holds: the one table normalize's options and a scheme's `normalizeOptions` are checked by. */
export const NORMALIZE_FIELDS = { case: "boolean", percentEncoding: "boolean", dotSegments: "boolean", emptyPort: "boolean", defaultPort: "boolean", emptyPath: "boolean", nfc: "boolean", ipv6: ["keep", "rfc5952"] } as const;

const UNRESERVED = unreservedTable;

/**
 * §6.2.2.1 and §6.2.2.2 in one pass: decode triplets of unreserved characters (`decode`) and
 * write the others with uppercase hex (`upper`). Text without "%" comes back as it is. The hex
 * digits are read off percent-encoding's tables (a loop over a path calls nothing per triplet).
 */
export function normalizePercent(text: string, decode: boolean, upper: boolean): string {
  let p = text.indexOf("%");
  if (p < 0 || (!decode && !upper)) return text;
  let out = "";
  let last = 0;
  while (p >= 0) {
    const hi = HEX_VALUES[text.charCodeAt(p + 1)] ?? -1;
    const lo = HEX_VALUES[text.charCodeAt(p + 2)] ?? -1;
    if (hi >= 0 && lo >= 0) {
      const b = (hi << 4) | lo;
      const keep = text.slice(p, p + 3);
      const repl = decode && b < 128 && UNRESERVED[b] === true ? String.fromCharCode(b) : upper ? (TRIPLETS[b] as string) : keep;
      if (repl !== keep) {
        out += text.slice(last, p) + repl;
        last = p + 3;
      }
      p = text.indexOf("%", p + 3);
    } else p = text.indexOf("%", p + 1);
  }
  return last === 0 ? text : out + text.slice(last);
}

function lookup(schemes: SchemeNormalizations, name: string): SchemeNormalization | undefined {
  if (!Array.isArray(schemes)) return (schemes as ReadonlyMap<string, SchemeNormalization>).get(name);
  for (const s of schemes as readonly SchemeNormalization[]) if (s.name === name) return s;
  return undefined;
}

/** The port with its leading zeros left out ("080" is port 80). */
const stripZeros = (digits: string): string => {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 0x30) i++;
  return i === 0 ? digits : digits.slice(i);
};

/**
 * A host's normal text (without brackets): an IP literal in lowercase, or an IPv6address in RFC
 * 5952 form (`rfc5952`); a reg-name decoded, NFC'd and lowercased as {@link normalizeReference}
 * says. A reg-name that decoding makes an IPv4address ("%31%32%37.0.0.1" is 127.0.0.1) is one in
 * the result (§3.2.2): the result's host kind is worked out when its host is read.
 */
function normalHost(literal: boolean, rfc5952: boolean, text: string, lower: boolean, decode: boolean, nfc: boolean): string {
  if (literal) return rfc5952 ? formatIpv6(make.ipv6Pieces(text)) : lower ? asciiLower(text) : text;
  // Decode first, so a decoded letter is lowercased too; then hex back to uppercase (§3.2.2:
  // "lowercase for registered names ..., while only using uppercase letters for percent-encodings").
  let t = normalizePercent(text, decode, false);
  // NFC (RFC 3987 §5.3.2.2) before case, so "O" U+0308 is the "Ö" it stands for; only ASCII
  // letters change case (§5.3.2.1: case of non-ASCII characters in a host belongs to IDNA,
  // not to generic normalization); then NFC again, since a lowercased letter can compose
  // where the uppercase one did not ("t" U+0308 is U+1E97, "T" U+0308 has no precomposed form).
  if (nfc) t = nfcText(t);
  if (lower) {
    t = normalizePercent(asciiLower(t), false, true);
    if (nfc) t = nfcText(t);
  }
  return t;
}

/**
 * Normalizes a URI reference (RFC 3986 §6.2.2 and §6.2.3) and returns a new node; the input is
 * not changed. The result means the same, parses, and normalizing it again changes nothing.
 *
 * - Case (§6.2.2.1): the scheme and the host text of every host kind to lowercase (a reg-name's
 *   percent-encodings excepted), the hex digits of every percent-encoding to uppercase.
 * - Percent-encoding (§6.2.2.2): a triplet of an unreserved character (§2.3) is decoded in every
 *   component; a reserved one (`%2F`, `%3F`, `%23`, `%40`, …) never is.
 * - Dot segments (§6.2.2.3): removed from the path of a URI, and from the path of a relative
 *   reference only when it begins with "/": in a relative-path reference ("../a") they say where
 *   the target is relative to a base, and removing them would change it (and could bring a ":"
 *   into the first segment, `"./a:b"`). A path that would then begin with "//" without an
 *   authority keeps a "/." prefix (see {@link resolveReference}).
 * - Ports (§3.2.3, §6.2.3): a ":" with an empty port is dropped for every scheme (§3.2.3 says
 *   normalizers should omit an empty port); a port equal to the scheme's `defaultPort` is dropped.
 * - Empty path (§6.2.3): "/" when there is an authority and the scheme's definition has
 *   `emptyPathIsRoot` (http, https, ws, wss in {@link defaultSchemeNormalizations}).
 * - Opt-in, `ipv6: "rfc5952"`: IPv6 hosts in RFC 5952 text.
 * - Opt-in, `nfc: true` (RFC 3987 §5.3.2.2): the characters in NFC after the decoding above (and
 *   again after the host's case), with no ASCII delimiter or triplet made or lost ({@link nfcText}).
 * The fragment gets the case and percent-encoding steps only (§6.2.3: no scheme-based
 * normalization), and so does the query. A relative reference has no scheme, so it gets no
 * default-port or empty-path step; its empty port is still dropped.
 *
 * The result is written once, from the texts of the parts (the node is a view: no part node is
 * made), and is its input's text itself when nothing changes.
 *
 * @example
 * serialize(normalizeReference(parseOrThrow("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"))); // "example://a/b/c/%7Bfoo%7D"
 * serialize(normalizeReference(parseOrThrow("http://example.com:80")));              // "http://example.com/"
 */
export function normalizeReference(node: Uri, options?: NormalizeOptions): Uri;
export function normalizeReference(node: RelativeRef, options?: NormalizeOptions): RelativeRef;
export function normalizeReference(node: UriReference, options?: NormalizeOptions): UriReference;
export function normalizeReference(node: UriReference, options: NormalizeOptions = {}): UriReference {
  return normalizeLayout(make.layoutOf(node), options, true, node);
}

/**
 * @internal {@link normalizeReference} without its one-scan check of a text in normal form
 * ({@link isNormalAt}): each step, one by one. What the check must agree with (tested in
 * test/transforms/normalize-fast-path.test.ts).
 */
export function normalizeStepByStep(node: UriReference, options: NormalizeOptions = {}): UriReference {
  return normalizeLayout(make.layoutOf(node), options, false, node);
}

/**
 * @internal §6.2.2 and §6.2.3 on the reference at `L` (a string's offsets as its match recorded
 * them, or a node's: `node`), read off the text at its offsets, with no part node made: one scan
 * tells a text in normal form ({@link isNormalAt}, with `check`), else each component's normal
 * text is written and the result made once from them (RFC 3986 §5.3). What {@link
 * normalizeReference} does, and what `normalize` does with a string, whose node is never made.
 */
export function normalizeLayout(L: make.Layout, options: NormalizeOptions, check: boolean, node?: UriReference): UriReference {
  // each field read once
  const lower = options.case !== false;
  const decode = options.percentEncoding !== false;
  const nfc = options.nfc === true;
  const rfc5952 = options.ipv6 === "rfc5952";
  const schemes = options.schemes ?? defaultSchemeNormalizations;
  const s = L.input;
  const hs = L.hostStart;
  const he = L.hostEnd;
  const literal = s.charCodeAt(hs) === 0x5b;

  let scheme = L.schemeEnd < 0 ? undefined : s.slice(L.start, L.schemeEnd);
  // The usual case: the text is in normal form already (one scan, no part read out), as it is. A
  // scheme in uppercase is not normal, so its facts are looked up under the name as written.
  // (RFC 5952 text changes IPv6 hosts only: any reference without an IP literal takes the check too)
  if (check && !nfc && (!rfc5952 || !literal) && isNormalAt(L, scheme === undefined ? undefined : lookup(schemes, scheme))) return unchangedReference(node, L);
  let def: SchemeNormalization | undefined;
  let lowerScheme: string | undefined;
  if (scheme !== undefined) {
    lowerScheme = asciiLower(scheme);
    def = lookup(schemes, lowerScheme);
  }

  // NFC (RFC 3987 §5.3.2.2) after the unreserved characters are decoded (§6.2.2.2), so that one
  // pass is normal: "%41" U+0301 is "A" U+0301 before it is "Á". nfcText leaves triplets as they
  // are, so their hex case can be set before or after it.
  const text = (t: string): string => (nfc ? nfcText(normalizePercent(t, decode, lower)) : normalizePercent(t, decode, lower));
  let same = true;
  const track = (before: string, after: string): string => {
    if (after !== before) same = false;
    return after;
  };
  if (scheme !== undefined && lower) scheme = track(scheme, lowerScheme as string);

  let authority: string | undefined;
  if (L.authorityStart >= 0) {
    const a0 = L.authorityStart;
    const a1 = L.authorityEnd;
    const userinfo = hs > a0 ? track(s.slice(a0, hs - 1), text(s.slice(a0, hs - 1))) : undefined;
    const rawHost = literal ? s.slice(hs + 1, he - 1) : s.slice(hs, he);
    // RFC 5952 text for an IPv6address, not an IPvFuture: the kind of an IP literal (by its "v")
    const host = track(rawHost, normalHost(literal, rfc5952 && literal && (L.hostKind >= 0 ? L.hostKind : make.hostKindIn(s, hs, he)) === 2, rawHost, lower, decode, nfc));
    let port = he < a1 ? s.slice(he + 1, a1) : undefined;
    if (port === "" && options.emptyPort !== false) port = undefined;
    if (port !== undefined && options.defaultPort !== false && def?.defaultPort !== undefined && stripZeros(port) === String(def.defaultPort)) {
      port = undefined;
    }
    if (port === undefined && he < a1) same = false;
    const hostPart = literal ? `[${host}]` : host;
    authority = `${userinfo === undefined ? "" : `${userinfo}@`}${hostPart}${port === undefined ? "" : `:${port}`}`;
  }

  // NFC neither makes nor removes "." or "/", so dot segments are the same before and after it
  const rawPath = s.slice(L.pathStart, L.pathEnd);
  let path = text(rawPath);
  const hasAuthority = authority !== undefined;
  if (options.dotSegments !== false && (scheme !== undefined || path.charCodeAt(0) === 0x2f)) {
    path = dotSegmentsRemoved(path, hasAuthority);
  } else if (path !== rawPath) {
    // where dot segments stay, decoding makes none: a "%2E" of a segment that would read "." or ".." stays encoded
    path = keepEncodedDotSegments(rawPath, path, lower);
  }
  if (path === "" && hasAuthority && options.emptyPath !== false && def?.emptyPathIsRoot === true) path = "/";
  track(rawPath, path);

  const rawQuery = L.queryStart < 0 ? undefined : s.slice(L.queryStart + 1, L.fragmentStart >= 0 ? L.fragmentStart : L.end);
  const query = rawQuery === undefined ? undefined : track(rawQuery, text(rawQuery));
  const rawFragment = L.fragmentStart < 0 ? undefined : s.slice(L.fragmentStart + 1, L.end);
  const fragment = rawFragment === undefined ? undefined : track(rawFragment, text(rawFragment));

  if (same) return unchangedReference(node, L);
  // the host's kind is worked out when the host is read (decoding can make a reg-name an IPv4address)
  return make.referenceFromParts(scheme, authority, -1, path, query, fragment);
}

/**
 * The whole text at `L` (a URI reference) normalized with no step asked for and `def` what §6.2.3
 * knows of its scheme, when one scan ({@link isNormalAt}) tells it is in normal form (the usual
 * case): the reference as it is, a node without spans (made from `L`, no part read out); else
 * `undefined` (then the node is normalized).
 */
export function normalText(L: make.Layout, def: SchemeNormalization | undefined): UriReference | undefined {
  return isNormalAt(L, def) ? unchangedReference(undefined, L) : undefined;
}

/**
 * A reference the steps leave as it is: `node` itself when it is a whole text without spans,
 * else its text at the same offsets, as a node without spans (a reference without an authority
 * has the host kind a written one gets, reg-name). Without `node` (a string's layout), that node
 * is made.
 */
export function unchangedReference(node: UriReference | undefined, L: make.Layout): UriReference {
  const hostKind = L.authorityStart < 0 ? 0 : L.hostKind;
  const whole = L.start === 0 && L.end === L.input.length;
  if (whole && node !== undefined && node.span === undefined) return node;
  const shift = (x: number): number => (x < 0 ? x : x - L.start);
  return make.referenceAt(whole ? L.input : L.input.slice(L.start, L.end), {
    schemeEnd: shift(L.schemeEnd), authorityStart: shift(L.authorityStart), authorityEnd: shift(L.authorityEnd), hostKind,
    queryStart: shift(L.queryStart), fragmentStart: shift(L.fragmentStart),
  });
}

/** The value of an uppercase hex digit (RFC 3986 §2.1 "0"-"9", "A"-"F"), or -1 (a lowercase one too: §6.2.2.1 makes it uppercase). */
const upperHexValue = (c: number): number => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1);

/** Whether `[from, to)` of `s` holds an ASCII uppercase letter, percent-encodings left out (their hex is checked on its own). */
function hasUpperIn(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) i += 2;
    else if (c >= 0x41 && c <= 0x5a) return true;
  }
  return false;
}

/** A scheme and an authority that are normal (RFC 3986 §6.2.2.1) with nothing more to check: lowercase, no userinfo, port, IP literal or triplet (run from a layout's start: the scheme name, §3.1, is read, its case checked here). */
const NORMAL_HEAD = /[^A-Z:]*:\/\/[^A-Z%@:[/?#]*/y;

/**
 * Whether the reference at `L` is in the normal form that {@link normalizeReference} gives
 * (without `nfc` and `ipv6: "rfc5952"`), told in one scan of its text, with `def` what §6.2.3
 * knows of its scheme: a lowercase scheme and host (RFC 3986 §6.2.2.1), every percent-encoding
 * in uppercase hex and of a character that is not unreserved (§6.2.2.1, §6.2.2.2), no dot
 * segment in the path (§6.2.2.3), no empty port and no default one (§3.2.3, §6.2.3), no empty
 * path where the scheme says it is "/" (§6.2.3). Then each step, alone or with any of the others
 * (a scheme's `normalizeOptions` turn some off), leaves every component as it is. Exact one way:
 * `true` means the steps give the text back; `false` is said of some normal references too (a
 * relative-path reference's dot segments, which the step keeps), which the steps then work out.
 */
export function isNormalAt(L: make.Layout, def: SchemeNormalization | undefined): boolean {
  const s = L.input;
  const end = L.end;
  // §6.2.2.1, §6.2.2.2: every triplet in uppercase hex, and none of an unreserved character
  let p = s.indexOf("%", L.start);
  while (p >= 0 && p < end) {
    const hi = upperHexValue(s.charCodeAt(p + 1));
    const lo = upperHexValue(s.charCodeAt(p + 2));
    if (hi < 0 || lo < 0 || p + 3 > end || UNRESERVED[hi * 16 + lo] === true) return false;
    p = s.indexOf("%", p + 3);
  }
  const hasAuthority = L.authorityStart >= 0;
  // §6.2.2.1: the scheme and the host in lowercase; the usual authority (a reg-name without a
  // userinfo, a port or a triplet) with the scheme in one match
  let head = false;
  if (hasAuthority && L.schemeEnd >= 0) {
    NORMAL_HEAD.lastIndex = L.start;
    head = NORMAL_HEAD.test(s) && NORMAL_HEAD.lastIndex === L.authorityEnd;
  }
  if (!head) {
    if (L.schemeEnd >= 0 && hasUpperIn(s, L.start, L.schemeEnd)) return false;
    if (hasAuthority) {
      const a1 = L.authorityEnd;
      const hs = L.hostStart;
      const he = L.hostEnd;
      // §6.2.2.1: the host in lowercase (an IPv4address has no letter)
      if (L.hostKind !== 1 && hasUpperIn(s, hs, he)) return false;
      if (he < a1) {
        // §3.2.3: an empty port is dropped; §6.2.3: so is the scheme's default port
        if (he + 1 === a1) return false;
        if (def?.defaultPort !== undefined && stripZeros(s.slice(he + 1, a1)) === String(def.defaultPort)) return false;
      }
    }
  }
  const ps = L.pathStart;
  const pe = L.pathEnd;
  // §6.2.3: an empty path with an authority is "/" for such schemes
  if (ps === pe) return !(hasAuthority && def?.emptyPathIsRoot === true);
  // §6.2.2.3: no "." or ".." segment (and no path that would need a "/." before its "//", §3.3)
  if (!hasAuthority && s.charCodeAt(ps) === 0x2f && s.charCodeAt(ps + 1) === 0x2f) return false;
  let d = s.indexOf(".", ps);
  while (d >= 0 && d < pe) {
    if (d === ps || s.charCodeAt(d - 1) === 0x2f) {
      const e = s.charCodeAt(d + 1) === 0x2e && d + 1 < pe ? d + 2 : d + 1;
      if (e === pe || s.charCodeAt(e) === 0x2f) return false;
    }
    d = s.indexOf(".", d + 1);
  }
  return true;
}

/**
 * `decoded` (the path `raw` after the §6.2.2.1 and §6.2.2.2 steps) with each segment that reads
 * "." or ".." there but not in `raw` written as in `raw` (hex in uppercase with `upper`): a path
 * whose dot segments stay (a relative-path reference's; a scheme's that turns the step off,
 * RFC 8141 §3) never gets one that decoding made ("a/%2E%2E/b" is not "a/../b"). Decoding makes
 * no "/" ("%2F" is reserved), so the two have the same segments.
 */
export function keepEncodedDotSegments(raw: string, decoded: string, upper: boolean): string {
  if (!decoded.includes(".")) return decoded;
  const out = decoded.split("/");
  const before = raw.split("/");
  let changed = false;
  out.forEach((seg, i) => {
    const was = before[i] ?? seg;
    if ((seg === "." || seg === "..") && was !== seg) {
      out[i] = upper ? was.replace(/%2e/g, "%2E") : was;
      changed = true;
    }
  });
  return changed ? out.join("/") : decoded;
}

/**
 * `path` with each segment that is "." or ".." once its "%2E"s are decoded written as that dot
 * segment (RFC 3986 §2.3, §6.2.2.2: "%2E" is "."), for a scheme that removes dot segments itself
 * (the file scheme) after the generic steps left them encoded.
 */
export function decodeDotSegments(path: string): string {
  if (!/%2e/i.test(path)) return path;
  return path
    .split("/")
    .map((seg) => dotSegmentOf(seg) ?? seg)
    .join("/");
}

/** ASCII letters to lowercase, nothing else (RFC 3986 §6.2.2.1, RFC 3987 §5.3.2.1). */
const asciiLower = (s: string): string => (!/[A-Z]/.test(s) ? s : /^[\x00-\x7f]*$/.test(s) ? s.toLowerCase() : s.replace(/[A-Z]+/g, (m) => m.toLowerCase()));

/** A percent-encoded octet, or a run of ASCII letters and characters beyond ASCII: the pieces {@link nfcText} works on. */
const NFC_PIECE = /%[0-9A-Fa-f]{2}|[A-Za-z\u0080-\u{10FFFF}]+/gu;

/** Whether every ASCII character of `after` is one of `before`'s, in the same order (NFC brought none in). */
function keepsAscii(before: string, after: string): boolean {
  let i = 0;
  for (let j = 0; j < after.length; j++) {
    const c = after.charCodeAt(j);
    if (c >= 0x80) continue;
    while (i < before.length && before.charCodeAt(i) !== c) i++;
    if (i === before.length) return false;
    i++;
  }
  return true;
}

/**
 * RFC 3987 §5.3.2.2's Normalization Form C on the text of one component, such that no
 * delimiter is made or swallowed and the result is still allowed where it stands (§2.2): the
 * comparison ladder must strictly avoid false positives (RFC 3987 §5.1, RFC 3986 §6.1). NFC
 * alone breaks that: it makes U+037E GREEK QUESTION MARK the sub-delim ";" and U+1FEF GREEK
 * VARIA a "`" (which an IRI may not hold), and composes "=" U+0338 into U+2260 "≠" ("<" and ">"
 * likewise), the "=" of a query gone. So the text is cut at every ASCII character that is not a
 * letter and at every percent-encoded octet (RFC 3986 §2.1: its hex digits are no letters to
 * compose), and each piece in between, of ASCII letters and characters beyond ASCII, is put in
 * NFC alone; a piece whose NFC would bring in an ASCII character (U+037E, U+1FEF, U+212A KELVIN
 * SIGN to "K") stays as written. Letters take the combining marks after them ("e" U+0301 is
 * "é", §5.3.2.2's own example). Over all code points, those three are the only ones NFC maps to
 * ASCII, and letters, "<", "=" and ">" the only ASCII it composes with what follows (checked in
 * test/transforms/normalize.test.ts). The result is the same pieces in NFC or as written, so
 * applying it again changes nothing.
 */
export function nfcText(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text.replace(NFC_PIECE, (piece) => {
    if (piece.charCodeAt(0) === 0x25) return piece;
    const n = piece.normalize("NFC");
    return n === piece || keepsAscii(piece, n) ? n : piece;
  });
}

/**
 * The reference with the text of every component in NFC (RFC 3987 §5.3.2.2) as {@link nfcText}
 * puts it: the ASCII delimiters and the percent-encoded octets stay as they are, and so does a
 * run that NFC would turn into ASCII. The scheme, the port and IP literals are ASCII.
 */
export const toNfc = (node: UriReference): UriReference => mapComponents(node, (_, t) => nfcText(t));

/**
 * @internal The reference with the text of each component that holds characters of its own
 * mapped by `f` (scheme, port and IP literals are ASCII: they stay), a reg-name's new text made a
 * host by `host` (a reg-name, unless told otherwise): NFC, RFC 3987 §3.1 and §3.2 mappings.
 */
export function mapComponents(
  node: UriReference,
  f: (component: IriComponent, text: string) => string,
  host: (text: string) => Host = (t) => make.host("reg-name", f("host", t)),
): UriReference {
  const a = node.authority;
  const opt = (c: IriComponent, t: string | undefined): string | undefined => (t === undefined ? undefined : f(c, t));
  return make.uriReference({
    scheme: node.scheme,
    authority: a === undefined ? undefined : make.authority(opt("userinfo", a.userinfo), a.host.kind === "reg-name" ? host(a.host.text) : a.host, a.port),
    path: make.path(node.path.kind, f("path", node.path.text)),
    query: opt("query", node.query),
    fragment: opt("fragment", node.fragment),
  });
}
