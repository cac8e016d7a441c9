// RFC 3987 §3.1 (ToASCII on each label of ireg-name) and §3.2 (ToUnicode back) by UTS #46, as the URL Standard's "domain to ASCII" (tr46). RFC 3987
// (2005) names IDNA2003's ToASCII with UseSTD3ASCIIRules on; browsers moved to UTS #46 with IDNA2008's tables, and so does this.
import tr46 from "tr46";
import { BIDI_CONTROL, hasRtlOrArabicNumber } from "./bidi.js";
import { percentDecode } from "../transforms/percent.js";
import type { Result } from "../result.js";
import { componentSets, NON_ASCII } from "../charsets.js";
import { hasCodePoint } from "../abnf/charset.js";

/**
 * Why a host has no A-label form: `"invalid-label"` when UTS #46 refuses one label on its own
 * (a character IDNA disallows, bad Punycode, a joiner out of context, a right-to-left label
 * that breaks RFC 5893's Bidi Rule, percent-encoded octets that are not UTF-8, or a result
 * RFC 3986's reg-name cannot hold); `"invalid-domain"` when every label passes alone but the
 * domain as a whole does not (RFC 5893's Bidi Rule across labels, an ASCII label such as
 * `xn--a` that is not valid Punycode).
 */
export type IdnaErrorCode = "invalid-label" | "invalid-domain";

/** A host that the IDNA step cannot convert (RFC 3987 §3.1: "The ToASCII operation may fail"). */
export class IdnaError extends Error {
  override readonly name = "IdnaError";
  readonly code: IdnaErrorCode;
  /** The label as it stands in the input (for `"invalid-domain"`, the whole host). */
  readonly label: string;
  /** The whole host, as it stands in the input. */
  readonly host: string;
  /** Why, in words. */
  readonly reason: string;

  constructor(code: IdnaErrorCode, label: string, host: string, reason: string) {
    super();
    this.message =
      code === "invalid-label"
        ? `Invalid IDNA label ${JSON.stringify(label)} in host ${JSON.stringify(host)}: ${reason}`
        : `Invalid IDNA domain ${JSON.stringify(host)}: ${reason}`;
    this.code = code;
    this.label = label;
    this.host = host;
    this.reason = reason;
  }
}

/** The UTS #46 flags browsers use (WHATWG URL, "domain to ASCII" with beStrict false). */
export const UTS46 = Object.freeze({
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDNSLength: false,
  ignoreInvalidPunycode: false,
});

/** A triplet of an octet of 0x80 or more: a percent-encoded part of a non-ASCII character. */
const ENCODED_NON_ASCII = /%[89A-Fa-f][0-9A-Fa-f]/;

/**
 * The longest label, in code points, that is ever given to Punycode: 253, the most a whole domain
 * name holds in text (RFC 1034 §3.1: 255 octets on the wire), so no label of a name DNS can look up
 * is refused. Labels longer than 63 octets are not DNS labels either (RFC 5890 §2.3.2.1), but
 * browsers convert them (UTS #46 with VerifyDnsLength off; web-platform-tests' toascii.json has a
 * 64-character one), and so does this library up to here. Punycode's time grows with a label's
 * length times its number of distinct characters: one label of 40,000 distinct CJK characters
 * took 2.9 s; bounded, every conversion is linear in the host.
 */
export const MAX_IDNA_LABEL = 253;
/** The dots UTS #46 maps to ".": they separate labels before conversion. */
export const IDNA_DOTS = /[.\u3002\uFF0E\uFF61]/;
const ACE_PREFIX = /^xn--/i;
/** A code unit UTS #46 maps to "." (U+002E, U+3002, U+FF0E, U+FF61): a label ends at each (IDNA_DOTS). */
const isIdnaDot = (c: number): boolean => c === 0x2e || c === 0x3002 || c === 0xff0e || c === 0xff61;

/**
 * True when some label of `domain` (split at every dot UTS #46 knows) would go through Punycode
 * (it holds a non-ASCII character, or begins with "xn--") and is longer than
 * {@link MAX_IDNA_LABEL} code points: IDNA refuses it rather than spend time quadratic in it.
 */
export function hasOverlongIdnaLabel(domain: string): boolean {
  if (domain.length <= MAX_IDNA_LABEL) return false;
  // UTF-16 length is at least the number of code points: only a run of more than
  // MAX_IDNA_LABEL code units without a dot can be such a label (no split of a long host)
  let start = 0;
  for (let i = 0; i <= domain.length; i++) {
    if (i < domain.length && !isIdnaDot(domain.charCodeAt(i))) continue;
    if (i - start > MAX_IDNA_LABEL) {
      const piece = domain.slice(start, i);
      if (NON_ASCII.test(piece) || ACE_PREFIX.test(piece)) {
        let n = 0;
        for (const _ of piece) if (++n > MAX_IDNA_LABEL) return true;
      }
    }
    start = i + 1;
  }
  return false;
}

const TOO_LONG = `it is longer than ${MAX_IDNA_LABEL} characters, which no domain name is (RFC 1034 §3.1; a DNS label holds 63, RFC 5890 §2.3.2.1), and converting it would take time that grows with the square of its length`;

/**
 * UTS #46 ToASCII of one label, remembered: tr46 takes some 15–20 µs a call, and the same labels
 * come back again and again. A bounded map, emptied when full; the function is pure, so what it
 * remembers never changes an answer.
 */
const remembered = new Map<string, string | null>();
const REMEMBER_AT_MOST = 2048;
function labelAscii(label: string): string | null {
  let a = remembered.get(label);
  if (a === undefined) {
    a = tr46.toASCII(label, UTS46);
    if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
    remembered.set(label, a);
  }
  return a;
}

/**
 * True when `text`, the output of ToASCII on a label whose percent-encoding was already decoded,
 * holds only characters RFC 3986's reg-name allows literally: no "%" at all. A "%" there came
 * from a decoded "%25" or from a character UTS #46 maps to it (U+FF05 FULLWIDTH PERCENT SIGN,
 * U+FE6A SMALL PERCENT SIGN); written out, it would start a triplet the IRI never held
 * ("evil\uFF05\uFF12\uFF45com" would become "evil%2ecom", which §6.2.2.2 normalizes to
 * "evil.com"), a second decoding of the host.
 */
function isRegNameText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25 || c >= 0x80 || !hasCodePoint(componentSets.host.uri, c)) return false;
  }
  return true;
}

/**
 * The reg-name `host` with each label that holds a non-ASCII character, or a percent-encoded
 * octet of one, replaced by its A-label (UTS #46 ToASCII, after decoding the label's
 * percent-encoding as UTF-8), which must be letters, digits and "-" (UseSTD3ASCIIRules, as RFC
 * 3987 §3.1 asks; the URL Standard leaves it off, so `new URL` reads "(1)," out of "\u2474,"
 * where this is an IdnaError). Labels of ASCII alone stay as they are, as RFC 3490's ToASCII
 * leaves them, so a host with nothing to convert comes back unchanged. The domain as a whole is
 * then checked where that can add an error: when it is a Bidi domain name (RFC 5893 §1.4: a label
 * holds a character of Bidi_Class R, AL or AN), whose rule every label must then satisfy, or
 * when an ASCII label is an A-label, which only the whole-domain pass decodes and checks.
 */
export function hostToAscii(host: string): Result<string, IdnaError> {
  if (!NON_ASCII.test(host) && !ENCODED_NON_ASCII.test(host)) return { ok: true, value: host };
  const fail = (code: "invalid-label" | "invalid-domain", label: string, reason: string): Result<string, IdnaError> =>
    ({ ok: false, error: new IdnaError(code, label, host, reason) });
  const labels = host.split(".");
  const out: string[] = [];
  let wholeDomain = false;
  for (const label of labels) {
    if (!NON_ASCII.test(label) && !ENCODED_NON_ASCII.test(label)) {
      if (isALabelCandidate(label) && label.length > MAX_IDNA_LABEL) return fail("invalid-label", label, TOO_LONG);
      if (isALabelCandidate(label)) wholeDomain = true;
      out.push(label);
      continue;
    }
    const decoded = percentDecode(label);
    if (!decoded.ok) return fail("invalid-label", label, "its percent-encoded octets are not UTF-8");
    // UTS #46 mapping is close to NFKC_Casefold: test the mapped forms too
    if (hasRtlOrArabicNumber(decoded.value) || hasRtlOrArabicNumber(decoded.value.normalize("NFKC"))) wholeDomain = true;
    if (hasOverlongIdnaLabel(decoded.value)) return fail("invalid-label", label, TOO_LONG);
    const ascii = labelAscii(decoded.value);
    if (ascii === null) return fail("invalid-label", label, "UTS #46 processing refuses it (a disallowed character, a joiner or bidi rule broken, bad Punycode)");
    if (ascii === "") return fail("invalid-label", label, "it maps to nothing (UTS #46 ignores every character of it)");
    if (!isRegNameText(ascii)) return fail("invalid-label", label, `its A-label form ${JSON.stringify(ascii)} holds characters a reg-name cannot (RFC 3986 §3.2.2)`);
    // RFC 3987 §3.1 step 2: ToASCII with UseSTD3ASCIIRules: letters, digits and "-" only (RFC 1123
    // host names); without it "&\u00E9" became "xn--&-bga" and "\u2474," became "(1),"
    if (!STD3_LABELS.test(ascii)) {
      return fail("invalid-label", label, `UseSTD3ASCIIRules (RFC 3987 §3.1): its ASCII form ${JSON.stringify(ascii)} holds characters other than letters, digits and "-"`);
    }
    out.push(ascii);
  }
  const value = out.join(".");
  if (wholeDomain && tr46.toASCII(value, UTS46) === null) {
    const bad = out.find((l) => l !== "" && labelAscii(l) === null);
    return bad !== undefined
      ? fail("invalid-label", labels[out.indexOf(bad)] ?? bad, "UTS #46 processing refuses it")
      : fail("invalid-domain", host, "its labels pass one by one, but not together (RFC 5893's Bidi Rule applies to every label of a domain with a right-to-left label)");
  }
  return { ok: true, value };
}

/** Labels of letters, digits and "-" (STD3, RFC 1123 §2.1), separated by dots (UTS #46 maps U+3002 and others to one). */
const STD3_LABELS = /^[a-z0-9-]*(?:\.[a-z0-9-]*)*$/;

/** True when `label` starts with the ACE prefix "xn--" (RFC 5890 §2.3.2.1), in any case. */
export const isALabelCandidate = (label: string): boolean => label.length > 4 && label.slice(0, 4).toLowerCase() === "xn--" && !NON_ASCII.test(label);

/**
 * The U-label of an A-label when it converts cleanly: UTS #46 ToUnicode without error, back to
 * the same A-label by ToASCII (so mapping the IRI to a URI with IDNA gives this label again, up
 * to case), every character allowed in an ireg-name and none a bidi formatting character (§4.1);
 * `undefined` otherwise.
 */
export function labelToUnicode(label: string): string | undefined {
  if (!isALabelCandidate(label) || label.length > MAX_IDNA_LABEL) return undefined;
  const u = tr46.toUnicode(label, UTS46);
  if (u.error || u.domain.includes(".") || !NON_ASCII.test(u.domain)) return undefined;
  if (tr46.toASCII(u.domain, UTS46) !== label.toLowerCase()) return undefined;
  for (const ch of u.domain) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!hasCodePoint(componentSets.host.iri, cp) || BIDI_CONTROL.test(ch)) return undefined;
  }
  return u.domain;
}

/**
 * The host with each A-label that converts cleanly ({@link labelToUnicode}) replaced by its
 * U-label; unchanged when the domain as a whole fails UTS #46 (then none is converted).
 */
export function hostToUnicode(host: string): string {
  if (!/(^|\.)xn--/i.test(host)) return host;
  const labels = host.split(".");
  let changed = false;
  const out = labels.map((label) => {
    const u = labelToUnicode(label);
    if (u === undefined) return label;
    changed = true;
    return u;
  });
  if (!changed || hasOverlongIdnaLabel(host) || tr46.toUnicode(host, UTS46).error) return host;
  return out.join(".");
}

/** The A-label of one U-label (UTS #46 ToASCII), or `undefined` when it has none. */
export function labelToAscii(label: string): string | undefined {
  if (hasOverlongIdnaLabel(label)) return undefined;
  const a = tr46.toASCII(label, UTS46);
  return a === null || a === "" || a.includes(".") || !isRegNameText(a) ? undefined : a;
}

// ------------------------------------------------------------------------------------------
// UTS #46 on long domains, label by label: a domain of a million labels that repeat (a hostile
// host of 2 MiB, "é.é.é....com") converts each distinct label once.

/**
 * A domain as runs of equal adjacent labels: its distinct labels, and for each run the index of
 * its label in `distinct` and its length. A label equal to the one before it is compared in
 * place (no string made), so a hostile domain that repeats one label a million times costs one
 * pass and one run.
 */
export interface LabelRuns {
  readonly distinct: readonly string[];
  readonly label: readonly number[];
  readonly count: readonly number[];
  /** The number of labels. */
  readonly labels: number;
}

/** `text` as {@link LabelRuns}, split at "." alone, or at every {@link isIdnaDot} with `idnaDots`. */
function splitRuns(text: string, idnaDots: boolean): LabelRuns {
  const index = new Map<string, number>();
  const distinct: string[] = [];
  const label: number[] = [];
  const count: number[] = [];
  let labels = 0;
  let prev = "";
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length) {
      const c = text.charCodeAt(i);
      if (!(c === 0x2e || (idnaDots && isIdnaDot(c)))) continue;
    }
    labels++;
    const runs = label.length;
    if (runs > 0 && i - start === prev.length && text.startsWith(prev, start)) {
      count[runs - 1] = (count[runs - 1] as number) + 1;
    } else {
      prev = text.slice(start, i);
      let k = index.get(prev);
      if (k === undefined) {
        k = distinct.length;
        distinct.push(prev);
        index.set(prev, k);
      }
      label.push(k);
      count.push(1);
    }
    start = i + 1;
  }
  return { distinct, label, count, labels };
}

/**
 * The distinct labels of `text`, in the order they first stand, split at "." alone or at every
 * code point UTS #46 maps to "." (`idnaDots`): `[...new Set(text.split(dots))]`, in one pass
 * that compares a label equal to the one before it in place.
 */
export function distinctLabels(text: string, idnaDots: boolean): readonly string[] {
  // the last long domain converted, or its conversion (ASCII: "." its only dot): split already
  const last = lastAscii;
  if (last !== undefined) {
    if (idnaDots && last.input !== undefined && last.domain === text) return last.input.distinct;
    if (last.runs !== undefined && last.value === text) return [...new Set(last.runs.distinct)];
  }
  return splitRuns(text, idnaDots).distinct;
}

/**
 * The labels of a long domain (split at {@link isIdnaDot}) as {@link LabelRuns}; `undefined` for a
 * short domain or one whose labels mostly differ (converted whole, as before).
 */
function labelRuns(domain: string): LabelRuns | undefined {
  if (domain.length < 1024) return undefined;
  const runs = splitRuns(domain, true);
  return runs.distinct.length * 2 > runs.labels ? undefined : runs;
}

/**
 * The domain `runs` describes with each distinct label replaced by `converted[k]`, joined with
 * ".": a run of equal labels is one `repeat`.
 */
function joinRuns(runs: LabelRuns, converted: readonly string[]): string {
  const parts = new Array<string>(runs.label.length);
  for (let r = 0; r < parts.length; r++) {
    const text = converted[runs.label[r] as number] as string;
    const n = runs.count[r] as number;
    parts[r] = n === 1 ? text : `${text}.`.repeat(n - 1) + text;
  }
  return parts.join(".");
}

/**
 * UTS #46 ToASCII with {@link UTS46} (tr46's `toASCII`), the same answer in time linear in the
 * domain's length plus the size of its distinct labels. UTS #46 processing maps each code point
 * on its own, and NFC does not reach across a full stop, so the domain's labels (split at the
 * code points mapped to ".") convert one by one; what depends on the whole domain is whether it
 * fails, through the Bidi Rule (RFC 5893: a label passes or fails by whether any label of the
 * domain is right-to-left), and that depends only on which labels it has: the distinct labels,
 * joined, fail exactly when the domain does. Where they pass, each label's conversion is the
 * same alone (the Bidi Rule only adds failures).
 */
export function uts46ToAscii(domain: string): string | null {
  if (lastAscii !== undefined && lastAscii.domain === domain) return lastAscii.value;
  const runs = labelRuns(domain);
  if (runs === undefined) return tr46.toASCII(domain, UTS46);
  let value: string | null = null;
  let converted: LabelRuns | undefined;
  if (tr46.toASCII(runs.distinct.join("."), UTS46) !== null) {
    const labels = runs.distinct.map((label) => tr46.toASCII(label, UTS46));
    if (labels.every((l): l is string => l !== null)) {
      value = joinRuns(runs, labels);
      converted = { ...runs, distinct: labels };
    } else value = tr46.toASCII(domain, UTS46);
  }
  lastAscii = { domain, input: runs, value, runs: converted };
  return value;
}

/**
 * The last long domain converted, its conversion, and the conversion's runs of labels:
 * securityFindings converts the host of a hostile input twice (as the URL Standard reads it,
 * and for its own checks), then converts the result back ({@link uts46ToUnicode}).
 */
let lastAscii: { readonly domain: string; readonly input: LabelRuns | undefined; readonly value: string | null; readonly runs: LabelRuns | undefined } | undefined;

/** UTS #46 ToUnicode with {@link UTS46} (tr46's `toUnicode`), label by label as {@link uts46ToAscii} says. */
export function uts46ToUnicode(domain: string): { readonly domain: string; readonly error: boolean } {
  // the last ToASCII's output: its labels are known already
  const runs = lastAscii !== undefined && lastAscii.runs !== undefined && lastAscii.value === domain ? lastAscii.runs : labelRuns(domain);
  if (runs === undefined) return tr46.toUnicode(domain, UTS46);
  // the output of each label is its own, whatever the others are; whether it fails is the domain's
  const error = tr46.toUnicode(runs.distinct.join("."), UTS46).error;
  return { domain: joinRuns(runs, runs.distinct.map((label) => tr46.toUnicode(label, UTS46).domain)), error };
}
