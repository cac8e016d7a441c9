// RFC 3987 §3.1 (mapping IRIs to URIs) and §3.2 (converting URIs to IRIs), on reference nodes. What §3.2 decodes and leaves encoded is
// uriToIri's doc, pinned by fixtures/iri/uri-to-iri.json.
import * as make from "../ast/make.js";
import type { UriReference } from "../ast/nodes.js";
import type { UriSyntaxError } from "../errors.js";
import { orThrow, type Result } from "../result.js";
import { readOptions } from "../describe.js";
import { referenceArgument } from "../core/args.js";
import { BIDI_CONTROL } from "./bidi.js";
import { componentSets, inTable, isIPv4address, unreservedTable, type IriComponent } from "../charsets.js";
import { hasCodePoint } from "../abnf/charset.js";
import { hostToAscii, hostToUnicode, type IdnaError } from "./idna.js";
import { decodeWhere } from "./utf8.js";
import { encodeNonAscii } from "../transforms/percent.js";
import { mapComponents } from "../transforms/normalize.js";

const IDNA_FIELD = { idna: "boolean" } as const;

/** Options of {@link iriToUri} and {@link uriToIri}. */
export interface IriMappingOptions {
  /**
   * {@link iriToUri}: `true` converts each label of a reg-name host that holds non-ASCII (or
   * percent-encoded non-ASCII) to its A-label (§3.1, UTS #46 ToASCII) instead of percent-encoding
   * it; a label that cannot be converted is an {@link IdnaError}. {@link uriToIri}: `true`
   * converts A-labels ("xn--...") back to U-labels (§3.2.1, UTS #46 ToUnicode) where that is
   * exact. `false` when left out: §3.1 and §3.2 make both a choice for schemes known to use
   * domain names.
   */
  readonly idna?: boolean | undefined;
}

/** A reference node with each component's text replaced, the host's kind following its new text. */
export function withComponents(
  ref: UriReference,
  f: (component: IriComponent, text: string) => string,
  hostText: (text: string) => string = (t) => f("host", t),
): UriReference {
  return mapComponents(ref, f, (t) => {
    const text = hostText(t);
    // An IDNA mapping can turn full-width digits into an IPv4 address (U+FF11 to "1"); the
    // node is the one its text parses to (RFC 3986 §3.2.2 "first-match-wins").
    return make.host(isIPv4address(text) ? "IPv4address" : "reg-name", text);
  });
}

/** §3.1 step 2 on a node: every ucschar and iprivate percent-encoded as UTF-8, nothing else changed. */
export function mapToUri(ref: UriReference, idna: boolean): Result<UriReference, IdnaError> {
  let failure: IdnaError | undefined;
  const host = (text: string): string => {
    if (!idna) return encodeNonAscii(text);
    const r = hostToAscii(text);
    if (r.ok) return r.value;
    failure = r.error;
    return encodeNonAscii(text);
  };
  const value = withComponents(ref, (_, text) => encodeNonAscii(text), host);
  return failure === undefined ? { ok: true, value } : { ok: false, error: failure };
}

/**
 * Characters that are allowed but that a reader cannot see, or would read as something else
 * (§6.1 b: "look-alikes of 'space', 'delims', and 'unwise'", which "should be avoided"): white
 * space (U+00A0, U+2028, U+3000, ...), default-ignorable characters (zero-width ones, U+00AD,
 * U+FEFF, the bidi formatting characters, variation selectors, tags), and characters whose
 * compatibility form (NFKC) holds an ASCII character that is not unreserved (U+FF0F FULLWIDTH
 * SOLIDUS, U+FE56 SMALL QUESTION MARK, U+2474 "(1)"), with the slash look-alikes that NFKC keeps
 * (U+2044, U+2215, U+2571, U+29F8, U+1735). Also the width variants, the two kinds of look-alike
 * §6.1 b names ("the full-width equivalents of Latin characters, half-width Katakana characters
 * for Japanese"): the characters of the Halfwidth and Fullwidth Forms block whose compatibility
 * form differs from them, which is exactly Unicode's Decomposition_Type Wide and Narrow apart from
 * U+3000 (white space already): U+FF21 FULLWIDTH LATIN CAPITAL LETTER A, U+FF11 FULLWIDTH DIGIT
 * ONE, U+FF71 HALFWIDTH KATAKANA LETTER A, U+FFA1 HALFWIDTH HANGUL LETTER KIYEOK. Other
 * look-alikes of letters and digits (U+FB01 "fi") are not among them: for the "many others" §6.1 b
 * leaves unnamed, §3.2 leaves the choice to the converter ("results may vary"), and this library
 * decodes and shows those.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;
const SLASH_LIKE = /[\u2044\u2215\u2571\u29F8\u1735]/u;
/** The Halfwidth and Fullwidth Forms block (U+FF00-U+FFEF) without its unassigned ends. */
const WIDTH_FORMS = /^[\uFF01-\uFFEE]$/u;

/** §6.1 b: whether a character is one of those above, not appropriate in an IRI. */
export function misleading(ch: string): boolean {
  const compatible = ch.normalize("NFKC");
  return INVISIBLE.test(ch) || SLASH_LIKE.test(compatible) || [...compatible].some((c) => c < "\x80" && !inTable(unreservedTable, c.charCodeAt(0))) ||
    (WIDTH_FORMS.test(ch) && compatible !== ch);
}

/**
 * §3.2 step 4: whether a decoded character may stand in the component (§2.2) and is appropriate
 * there: no bidi formatting character (§4.1), nothing {@link misleading} (§6.1 b).
 */
export function allowedInIri(component: IriComponent, cp: number): boolean {
  if (!hasCodePoint(componentSets[component].iri, cp)) return false;
  const ch = String.fromCodePoint(cp);
  return !BIDI_CONTROL.test(ch) && !misleading(ch);
}

/** §3.2 on a node: percent-encoded UTF-8 decoded where the character is allowed and appropriate (steps 3 and 4). */
export function mapToIri(ref: UriReference, idna: boolean): UriReference {
  return withComponents(
    ref,
    (component, text) => decodeWhere(text, (cp) => allowedInIri(component, cp), true),
    (text) => {
      const decoded = decodeWhere(text, (cp) => allowedInIri("host", cp), true);
      return idna ? hostToUnicode(decoded) : decoded;
    },
  );
}

/**
 * Maps an IRI reference to the URI reference it stands for (RFC 3987 §3.1): each character
 * beyond US-ASCII (every ucschar and iprivate) becomes its UTF-8 octets, percent-encoded in
 * uppercase hex; nothing else changes, so a URI maps to itself and mapping twice changes
 * nothing. With `{ idna: true }` the non-ASCII labels of a reg-name host become A-labels
 * (UTS #46 ToASCII) instead. A string is parsed as `IRI-reference` first; its UriSyntaxError, or
 * an {@link IdnaError}, is the error.
 *
 * @example
 * const r = iriToUri("http://r\u00E9sum\u00E9.example.org/D\u00FCrst");
 * if (r.ok) serialize(r.value); // "http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst"
 * // with { idna: true }: "http://xn--rsum-bpad.example.org/D%C3%BCrst"
 */
export function iriToUri(input: string | UriReference, options?: IriMappingOptions): Result<UriReference, UriSyntaxError | IdnaError> {
  const o = readOptions<IriMappingOptions>(options, "iriToUri", IDNA_FIELD);
  const r = referenceArgument(input, "input", "iriToUri", "IRI-reference");
  return r.ok ? mapToUri(r.value, o.idna === true) : r;
}

/** {@link iriToUri}, throwing its error. */
export const iriToUriOrThrow = /* @__PURE__ */ orThrow(iriToUri);

/**
 * Converts a URI reference to the IRI reference a person would rather read (RFC 3987 §3.2):
 * each percent-encoded sequence of well-formed UTF-8 whose character is allowed where it stands
 * (ucschar; iprivate only in the query) is decoded, as are percent-encoded unreserved characters
 * ("%41" to "A", step 2); everything else stays encoded: "%25", reserved characters, ASCII not
 * allowed in URIs, octets that are not UTF-8, characters the IRI grammar does not allow there,
 * bidi formatting characters (§4.1), and the characters §6.1 b calls not appropriate: white
 * space, invisible characters, look-alikes of delimiters ("%E2%80%8B", "%EF%BC%8F" stay) and the
 * full-width and half-width forms ("%EF%BC%A1", U+FF21 FULLWIDTH LATIN CAPITAL LETTER A, stays).
 * Mapping the result back with {@link iriToUri} gives an equivalent URI (RFC 3986 §6.2.2.2):
 * the input again, apart from decoded unreserved characters and the case of hex digits. With
 * `{ idna: true }` A-labels become U-labels where that is exact, spoofs included
 * ("xn--80ak6aa92e" becomes "аррӏе", Cyrillic that reads "apple"): this is a conversion, not a
 * judgement; to show a host to a reader, use `toDisplayString` (display.ts), which keeps such a label as
 * its A-label (UTS #39). A string is parsed as `URI-reference` first; a node (a URI or an IRI)
 * is taken as it is.
 *
 * @example
 * const r = uriToIri("http://www.example.org/D%C3%BCrst");
 * if (r.ok) serialize(r.value); // "http://www.example.org/D\u00FCrst"
 */
export function uriToIri(input: string | UriReference, options?: IriMappingOptions): Result<UriReference, UriSyntaxError> {
  const o = readOptions<IriMappingOptions>(options, "uriToIri", IDNA_FIELD);
  const r = referenceArgument(input, "input", "uriToIri", "URI-reference");
  return r.ok ? { ok: true, value: mapToIri(r.value, o.idna === true) } : r;
}

/** {@link uriToIri}, throwing its error. */
export const uriToIriOrThrow = /* @__PURE__ */ orThrow(uriToIri);
