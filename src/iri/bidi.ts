// RFC 3987 §4: bidirectional IRIs. §4.1: no bidi formatting characters; §4.2: each component all left-to-right (L), or starting and
// ending with right-to-left characters (R or AL) and holding no L. Bidi_Class from the Unicode Character Database (./bidi-classes.ts).
import { BIDI_AL, BIDI_AN, BIDI_L, BIDI_R } from "./bidi-classes.js";
import type { UriReference } from "../ast/nodes.js";
import * as make from "../ast/make.js";
import type { IriComponent } from "../charsets.js";
import { referenceOrThrow } from "../core/args.js";

/**
 * §4.1 names LRM, RLM, LRE, RLE, LRO, RLO and PDF (U+200E, U+200F, U+202A–U+202E). Unicode 6.3
 * (2013, after RFC 3987) added the isolates LRI, RLI, FSI and PDI (U+2066–U+2069) and ALM
 * (U+061C), which steer the Bidirectional Algorithm just as the older ones do and are just as
 * invisible; Unicode's Bidi_Control property is exactly those twelve, so that is the set used.
 */
export const BIDI_CONTROL = /\p{Bidi_Control}/u;
/** A combining mark (General_Category M): it draws on the character before it (§4.2's end of a component, §6.1 b's look-alikes in display.ts). */
export const MARK = /\p{M}/u;

/** True when code point `cp` is in `ranges` (sorted, flat: first, last, first, last, ...). */
function inFlatRanges(ranges: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < (ranges[2 * mid] as number)) hi = mid - 1;
    else if (cp > (ranges[2 * mid + 1] as number)) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The Bidi_Class of a code point as RFC 3987 §4 and RFC 5893 read it: `"L"`, `"R"` (R or AL), `"AN"`, or `undefined` (any other). */
export function bidiClassOf(cp: number): "L" | "R" | "AN" | undefined {
  if (inFlatRanges(BIDI_R, cp) || inFlatRanges(BIDI_AL, cp)) return "R";
  if (inFlatRanges(BIDI_L, cp)) return "L";
  return inFlatRanges(BIDI_AN, cp) ? "AN" : undefined;
}

/** The strong direction of a code point: `"L"` (Bidi_Class L), `"R"` (R or AL), or `undefined` (weak or neutral). */
export function strongDirection(ch: string): "L" | "R" | undefined {
  if (ch.charCodeAt(0) < 0x80) return /[A-Za-z]/.test(ch) ? "L" : undefined;
  if (BIDI_CONTROL.test(ch)) return undefined; // reported under §4.1, not counted under §4.2
  const c = bidiClassOf(ch.codePointAt(0) as number);
  return c === "AN" ? undefined : c;
}

/** A code unit at U+0590 (the Hebrew block, where Bidi_Class R begins) or above. */
const BEYOND_HEBREW = /[^\u0000-\u058F]/;

/** True when `text` holds a character of Bidi_Class R, AL or AN: RFC 5893 §1.4's "Bidi domain name" has one. */
export function hasRtlOrArabicNumber(text: string): boolean {
  if (!BEYOND_HEBREW.test(text)) return false; // no character of R, AL or AN comes before U+0590
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const c = bidiClassOf(cp);
    if (c === "R" || c === "AN") return true;
  }
  return false;
}

/** The §4.2 rules a part breaks: rule 1 (`"mixed-direction"`) and rule 2 (`"rtl-not-at-ends"`). */
export function partProblems(text: string): ("mixed-direction" | "rtl-not-at-ends")[] {
  // no character of R or AL comes before U+0590 (test/iri/bidi-classes.test.ts holds the tables to it)
  if (!BEYOND_HEBREW.test(text)) return [];
  let rtl = false;
  let ltr = false;
  for (const ch of text) {
    const d = strongDirection(ch);
    if (d === "R") rtl = true;
    else if (d === "L") ltr = true;
  }
  if (!rtl) return [];
  const out: ("mixed-direction" | "rtl-not-at-ends")[] = ltr ? ["mixed-direction"] : [];
  // The last character that is not a combining mark: a right-to-left word may end in a vowel
  // sign or other nonspacing mark, as RFC 5893's rule 3 allows for labels. Read from the end a
  // code point at a time, not from an array of every character of the part.
  const first = String.fromCodePoint(text.codePointAt(0) as number);
  let end = text.length;
  let last = "";
  while (end > 0) {
    const lo = text.charCodeAt(end - 1);
    const hi = end > 1 ? text.charCodeAt(end - 2) : 0;
    const size = lo >= 0xdc00 && lo <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff ? 2 : 1;
    last = text.slice(end - size, end);
    if (end - size === 0 || !MARK.test(last)) break;
    end -= size;
  }
  if (strongDirection(first) !== "R" || strongDirection(last) !== "R") out.push("rtl-not-at-ends");
  return out;
}

/**
 * Where a component divides into the parts §4.2 checks one by one, as [start, end) offsets
 * (empty parts left out). §4.2 lets a scheme divide its components further, and its examples
 * (§4.4) need it: a host divides into labels (as RFC 3490 and RFC 5893 treat them), a path into
 * segments and each segment at "." (a name and its extensions, "KL.html" of Example 4), a query
 * at "&", ";" and "=" (names and values), userinfo at ":" (user and password); a fragment is one
 * part.
 */
export function partsOf(component: IriComponent, text: string): [number, number][] {
  const split = component === "host" ? /\./g : component === "path" ? /[/.]/g : component === "query" ? /[&;=]/g : component === "userinfo" ? /:/g : undefined;
  const out: [number, number][] = [];
  let start = 0;
  if (split !== undefined) {
    for (const m of text.matchAll(split)) {
      if (m.index > start) out.push([start, m.index]);
      start = m.index + 1;
    }
  }
  if (text.length > start) out.push([start, text.length]);
  return out;
}

/** What a {@link BidiFinding} is about. */
export type BidiFindingCode = "bidi-formatting-character" | "mixed-direction" | "rtl-not-at-ends";

/**
 * One problem with how a reference displays in bidirectional text (RFC 3987 §4):
 * - `"bidi-formatting-character"`: a bidi formatting character stands in the text (§4.1: an
 *   IRI MUST NOT contain one). `text` is the character.
 * - `"mixed-direction"`: a part holds both right-to-left and left-to-right characters (§4.2
 *   rule 1, SHOULD NOT). `text` is the part.
 * - `"rtl-not-at-ends"`: a part with right-to-left characters starts or ends with another kind
 *   (a digit, "%", a Latin letter; §4.2 rule 2, SHOULD; Examples 8 and 9 of §4.4). `text` is the
 *   part.
 *
 * A part that breaks both rules of §4.2 gives two findings.
 */
export interface BidiFinding {
  readonly code: BidiFindingCode;
  readonly component: IriComponent;
  /** Where `text` starts in the reference's text (its serialization), in UTF-16 code units. */
  readonly offset: number;
  readonly text: string;
}

/** The findings of one component whose text starts at `base` in the reference. */
function componentFindings(component: IriComponent, text: string, base: number, out: BidiFinding[]): void {
  for (const m of text.matchAll(/\p{Bidi_Control}/gu)) {
    out.push(Object.freeze({ code: "bidi-formatting-character", component, offset: base + m.index, text: m[0] }));
  }
  // §4.2 is about parts with right-to-left characters: a component without one has no part to check
  if (!hasRtlOrArabicNumber(text)) return;
  for (const [s, e] of partsOf(component, text)) {
    const part = text.slice(s, e);
    for (const code of partProblems(part)) out.push(Object.freeze({ code, component, offset: base + s, text: part }));
  }
}

/** The findings of a reference node, in the order of the text. */
export function referenceFindings(ref: UriReference): readonly BidiFinding[] {
  const out: BidiFinding[] = [];
  const l = make.layoutOf(ref);
  const part = (component: IriComponent, from: number, to: number): void => componentFindings(component, l.input.slice(from, to), from - l.start, out);
  if (l.authorityStart >= 0) {
    const hs = l.hostStart;
    if (hs > l.authorityStart) part("userinfo", l.authorityStart, hs - 1);
    if (l.hostKind === 0) part("host", hs, l.hostEnd); // a reg-name
  }
  part("path", l.pathStart, l.pathEnd);
  if (l.queryStart >= 0) part("query", l.queryStart + 1, l.fragmentStart >= 0 ? l.fragmentStart : l.end);
  if (l.fragmentStart >= 0) part("fragment", l.fragmentStart + 1, l.end);
  out.sort((x, y) => x.offset - y.offset);
  return Object.freeze(out);
}

/**
 * The bidirectional-text problems of an IRI reference (RFC 3987 §4.1, §4.2), as typed findings
 * in text order; none for a reference that displays the same in any context. A string is parsed
 * as `IRI-reference` first (its UriSyntaxError is thrown when it does not parse). Characters are
 * checked as they stand: a percent-encoded character is its "%" and hex digits, which is what a
 * reader sees (§4.4 Example 9).
 *
 * @example
 * iriBidiFindings("http://ab.cd.ef/\u05D0\u05D11/2\u05D2/x.html").map((f) => [f.code, f.text]);
 * // [["rtl-not-at-ends", "\u05D0\u05D11"], ["rtl-not-at-ends", "2\u05D2"]]
 */
export function iriBidiFindings(input: string | UriReference): readonly BidiFinding[] {
  return referenceFindings(referenceOrThrow(input, "input", iriBidiFindings, "IRI-reference"));
}
