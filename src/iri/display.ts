// The IRI a person should read (RFC 3987 §3.2 "for display", §4 bidi, §7.5–§7.6, §8 spoofing; RFC 3986 §7.5 passwords). Decoding never
// produces an ASCII character, so no delimiter is decoded ("%2F", "%3F", "%23", "%40", "%5C", "%25" stay as they are).
import * as make from "../ast/make.js";
import type { UriReference } from "../ast/nodes.js";
import { redactNodePassword, type RedactOptions } from "../transforms/display.js";
import type { IriComponent } from "../charsets.js";
import { readOptions } from "../describe.js";
import { referenceOrThrow } from "../core/args.js";
import { isSpecialScheme } from "../core/scheme-table.js";
import { partProblems, partsOf } from "./bidi.js";
import { isALabelCandidate, labelToAscii, labelToUnicode } from "./idna.js";
import { allowedInIri, mapToUri } from "./map.js";
import { asciiLookalike, restrictedCharacter } from "./confusables.js";
import { mixesScripts } from "./scripts.js";
import { decodeWhere } from "./utf8.js";
import { encodeNonAscii } from "../transforms/percent.js";

/** Options of {@link toDisplayString}. */
export interface DisplayOptions extends RedactOptions {
  /**
   * `true`: show the password as it is. Off by default: a password is masked (RFC 3986 §7.5),
   * in the userinfo and where a WHATWG URL parser reads one ("http:user:pw@host/").
   */
  readonly showPassword?: boolean | undefined;
  /**
   * `false`: leave A-labels ("xn--...") as they are. When left out, an A-label is shown as its
   * U-label, unless that label mixes scripts, is a whole-script confusable, holds a character UTS
   * #39 §5 or RFC 5892's contexts keep from display, or breaks the bidi rules.
   */
  readonly idna?: boolean | undefined;
}

/**
 * True when a decoded character is safe to show as itself: allowed and appropriate where it
 * stands ({@link allowedInIri}: §2.2, §4.1, and §6.1 b, no white space, invisible character,
 * look-alike of a delimiter or full-width or half-width form), and no private-use character.
 */
function displayable(component: IriComponent, cp: number): boolean {
  if (!allowedInIri(component, cp)) return false;
  return component !== "query" || allowedInIri("path", cp); // iprivate: no glyph anyone agrees on
}

/** Whether a combining mark after `text` has a character of its own to sit on: a character shown, or a letter or digit of the text (no hex digit of a triplet). */
function carriesMark(text: string): boolean {
  if (text === "") return false;
  if (text.charCodeAt(text.length - 1) >= 0x80) return true;
  return /[A-Za-z0-9]$/.test(text) && !/%[0-9A-Fa-f]{2}$/.test(text);
}

/** A run of combining marks (General_Category M), whole code points. */
const MARKS = /\p{M}+/gu;

/**
 * A decoded part with each combining mark that has nothing of its own to sit on (first in the
 * component, after a delimiter, after a triplet left encoded; see carriesMark) percent-encoded
 * again: it would be drawn on the delimiter ("/" U+0338 reads as another slash, "=" U+0338 as
 * "≠"), a look-alike of a delimiter (§6.1 b). `before` is the text shown before the part.
 *
 * Judged a run of marks at a time: a mark kept ends the text shown with a character beyond ASCII,
 * on which the next mark sits; a mark encoded ends it with a triplet, on which the next mark does
 * not. So the first mark of a run decides for the whole run, and the part is copied a run, not a
 * character, at a time (a string, a concatenation and two regex tests a character made 1 MB of
 * U+0301 slower a character than 1 KB).
 */
function anchorMarks(before: string, part: string): string {
  MARKS.lastIndex = 0;
  let m = MARKS.exec(part);
  if (m === null) return part;
  let out = "";
  let recent = lastUnits(before);
  let at = 0;
  for (; m !== null; m = MARKS.exec(part)) {
    const run = m[0];
    if (m.index > at) {
      out += part.slice(at, m.index);
      recent = m.index - at >= 3 ? part.slice(m.index - 3, m.index) : lastUnits(recent + part.slice(at, m.index));
    }
    const piece = carriesMark(recent) ? run : encodeNonAscii(run);
    out += piece;
    recent = piece.length >= 3 ? piece.slice(piece.length - 3) : lastUnits(recent + piece);
    at = m.index + run.length;
  }
  return at < part.length ? out + part.slice(at) : out;
}

/**
 * The last three code units of a text, all that {@link carriesMark} reads (a triplet is three).
 * anchorMarks keeps them as it goes: asking carriesMark about the whole text shown so far for
 * each mark copied that text once per mark, time quadratic in the marks (100 KB of U+0301 took
 * 5 s to display; security review, November 2026). Callers pass the short tail of what they
 * have shown, never the growing text (slicing a string built by "+=" flattens all of it).
 */
const lastUnits = (text: string): string => (text.length <= 3 ? text : text.slice(text.length - 3));

/**
 * {@link displayable} for one component, each code point judged once a call: allowedInIri
 * normalizes the character (NFKC) and tests it against several sets, work that a text repeating
 * one character a million times did a million times.
 */
function displayableOnce(component: IriComponent): (cp: number) => boolean {
  let seen: Map<number, boolean> | undefined; // made at the first character decoded
  return (cp) => {
    seen ??= new Map();
    let ok = seen.get(cp);
    if (ok === undefined) seen.set(cp, (ok = displayable(component, cp)));
    return ok;
  };
}

/**
 * A component of a URI (all ASCII) as shown: each part (see partsOf in bidi.ts) decoded (its
 * stranded combining marks aside, see anchorMarks), unless the decoded part breaks §4.2, in which
 * case the whole part stays encoded (§4.2: "the whole component has to be mapped"). A path
 * segment goes through showSegment.
 */
function showComponent(component: IriComponent, text: string): string {
  const accept = displayableOnce(component); // one for all the segments of a path
  if (component === "path") return text.split("/").map((segment) => showSegment(segment, accept)).join("/");
  return showParts(component, text, accept);
}

function showParts(component: IriComponent, text: string, accept: (cp: number) => boolean): string {
  let out = "";
  let recent = ""; // the last code units of out (see lastUnits)
  let at = 0;
  for (const [s, e] of partsOf(component, text)) {
    const encoded = text.slice(s, e);
    const between = text.slice(at, s);
    out += between;
    recent = lastUnits(recent + between);
    const decoded = anchorMarks(recent, decodeWhere(encoded, accept));
    const shown = partProblems(decoded).length === 0 ? decoded : encoded;
    out += shown;
    recent = lastUnits(recent + shown);
    at = e;
  }
  return out + text.slice(at);
}

/**
 * A path segment as shown, or as written when, shown, it would read as the dot segment "." or
 * ".." (RFC 3986 §3.3, §5.2.4) that it is not: its compatibility form (NFKC), with "%2E" read as
 * "." (§2.3), is one ("%EF%BC%8E%EF%BC%8E" is U+FF0E FULLWIDTH FULL STOP twice; U+2024 ONE DOT
 * LEADER; U+2025 TWO DOT LEADER; U+FF0E, a width variant, is never decoded anyway). §6.1 b: a
 * look-alike.
 */
function showSegment(segment: string, accept: (cp: number) => boolean): string {
  const shown = showParts("path", segment, accept);
  // What reads as ".." after NFKC and "%2E" as "." is at most 6 code points ("%2E%2E"), all
  // ASCII, so its NFKD is itself; NFKC keeps NFKD, which maps no code point to nothing, so the
  // segment shown has at most 6 code points, 12 code units: a longer one is not normalized.
  return shown !== segment && shown.length <= 12 && /^\.\.?$/.test(shown.normalize("NFKC").replace(/%2E/gi, ".")) ? segment : shown;
}

/**
 * A label the reader may trust as shown: no mixed scripts (§8), no whole-script confusable of an
 * ASCII label (UTS #39 §4: "аррӏе", all Cyrillic, reads "apple"), no character UTS #39 §5's
 * General Security Profile or RFC 5892's context rules keep from display (restrictedCharacter:
 * "com⫽login" reads as "com" and a path), no bidi problem (§4.2).
 */
const trustworthy = (label: string): boolean =>
  !mixesScripts(label) && asciiLookalike(label) === undefined && restrictedCharacter(label) === undefined && partProblems(label).length === 0;

/** The U-label of an A-label as shown, when it is {@link trustworthy}. */
function shownULabel(aLabel: string): string | undefined {
  const u = labelToUnicode(aLabel);
  return u !== undefined && [...u].every((ch) => displayable("host", ch.codePointAt(0) ?? 0)) && trustworthy(u) ? u : undefined;
}

/**
 * Whether the characters beyond ASCII of a decoded label are in lower case and NFC, as UTS #46
 * maps them: Cyrillic and Greek capitals read as ASCII ones ("СОМ" as "COM") where their lower
 * case does not, and confusables.txt's look-alikes are judged in lower case ("АРРӀЕ" is "аррӏе",
 * which reads "apple"). An ASCII capital with a mark composes to such a capital ("I\u0307" is
 * "İ", which UTS #46 maps to "i\u0307").
 */
function asMapped(label: string): boolean {
  // eslint-disable-next-line no-control-regex
  const beyond = (s: string): string => s.replace(/[\x00-\x7f]+/g, "");
  const composed = beyond(label.normalize("NFC"));
  return beyond(label) === beyond(label).normalize("NFC").toLowerCase() && composed === composed.toLowerCase();
}

/**
 * One label of a reg-name host (all ASCII) as shown: decoded, or an A-label converted to its
 * U-label; a label that is not {@link trustworthy} is shown as its A-label instead (as written,
 * percent-encoded, when it has none). A decoded label with capitals or not in NFC beyond ASCII
 * (see {@link asMapped}) is shown as UTS #46 maps it, the label a browser goes to and shows.
 * All of that when the scheme is `special`, one known to use domain names (RFC 3987 §3.1 converts
 * by ToASCII, §3.2.1 by ToUnicode, only for those). Any other scheme's host is an opaque host,
 * which the URL Standard's host parser keeps as written (whatwg-url.bs: "EXAMPLE.COM" stays so):
 * there a label is decoded when it is trustworthy and in lower case and NFC, and otherwise shown
 * as written (an A-label as itself), so the display never names another host.
 */
function showLabel(label: string, idna: boolean, special: boolean): string {
  if (idna && special && isALabelCandidate(label)) return shownULabel(label) ?? label;
  const decoded = anchorMarks("", decodeWhere(label, (cp) => displayable("host", cp)));
  if (decoded === label) return decoded;
  const mapped = asMapped(decoded);
  if (mapped && trustworthy(decoded)) return decoded;
  if (!special) return label;
  // its A-label; none when UTS #46 maps it to ASCII ("ⓖⓞⓞⓖⓛⓔ" to "google"): another reg-name
  const a = decoded.includes("%") ? undefined : labelToAscii(decoded);
  if (a === undefined || !isALabelCandidate(a)) return label;
  return mapped ? a : (shownULabel(a) ?? a);
}

/**
 * The text of a reference for people to read (RFC 3987 §3.2 for display, §7.6): percent-encoded
 * UTF-8 is shown as the characters it encodes, except where that would mislead. Nothing ASCII
 * is ever decoded, so no delimiter is; the password is masked (RFC 3986 §7.5, as
 * `redactPassword`); characters that cannot be seen or look like delimiters or spaces stay
 * encoded (§6.1), as do a combining mark that would be drawn on a delimiter ("/%CC%B8"), a path
 * segment that would read as a dot segment ("%EF%BC%8E%EF%BC%8E"), private-use characters and
 * bidi formatting characters (§4.1); a part that
 * would break the bidi rules of §4.2 stays encoded whole; a host label that mixes scripts (Latin
 * with Cyrillic or Greek, §8) or that is a whole-script confusable of an ASCII label (all of one
 * script other than Latin, each character like an ASCII one: "аррӏе" reads "apple"; UTS #39 §4,
 * from Unicode's confusables.txt, as Chrome's IDN display policy does), or that holds a character
 * outside UTS #39 §5's General Security Profile (not Identifier_Status=Allowed: "⫽" U+2AFD), an
 * Allowed one still kept from display (a combining overlay, punctuation IDNA2008 refuses) or one
 * out of its RFC 5892 Appendix A context (U+00B7 outside "l·l"), or that mixes decimal systems
 * or stacks nonspacing marks (UTS #39 §5.3, §5.4), is shown as its A-label (the
 * check `securityFindings` reports as "restricted-host-character"), and other A-labels as
 * U-labels (`{ idna: false }` keeps them). A label with capitals beyond ASCII is shown and judged
 * as UTS #46 maps it, the label a browser goes to ("СОМ", Cyrillic, reads "COM"; "сом" does not).
 * A-labels and UTS #46 are for the special schemes (http, https, ws, wss, ftp, file), which use
 * domain names (RFC 3987 §3.1, §3.2.1); any other scheme's host is an opaque host that no browser
 * maps, so there a label kept from display or with such capitals stays as written,
 * percent-encoded, and an A-label stays an A-label.
 * The result is a valid IRI reference; render it left to right (§4.1: in
 * HTML, `dir="ltr"`). A string is parsed first, as `URI-reference` or, with characters beyond
 * ASCII, as `IRI-reference` (its UriSyntaxError is thrown when it does not parse), so IRIs are
 * shown the same way.
 *
 * @example
 * toDisplayString("http://user:pw@xn--bcher-kva.example/D%C3%BCrst?q=%2F"); // "http://user:***@b\u00FCcher.example/D\u00FCrst?q=%2F"
 * toDisplayString("http://xn--pypal-4ve.example/"); // "http://xn--pypal-4ve.example/" (Latin with a Cyrillic "\u0430")
 * toDisplayString("https://xn--80ak6aa92e.com/"); // "https://xn--80ak6aa92e.com/" (all Cyrillic, reads "apple")
 * toDisplayString("http://google.com\u2AFDlogin.evil.com/"); // "http://google.xn--comlogin-b63f.evil.com/" (U+2AFD is no Allowed character)
 */
export function toDisplayString(input: string | UriReference, options?: DisplayOptions): string {
  const o = readOptions<DisplayOptions>(options, "toDisplayString", { idna: "boolean", showPassword: "boolean", mask: "string" });
  const ref = referenceOrThrow(input, "input", toDisplayString, "either");
  const mapped = mapToUri(ref, false);
  const showPassword = o.showPassword === true;
  const uri = showPassword ? (mapped.ok ? mapped.value : ref) : redactNodePassword(mapped.ok ? mapped.value : ref, o);
  const idna = o.idna !== false;
  let out = uri.scheme === undefined ? "" : `${uri.scheme}:`;
  const a = uri.authority;
  if (a !== undefined) {
    out += "//";
    if (a.userinfo !== undefined) out += `${showComponent("userinfo", a.userinfo)}@`;
    // each distinct label is shown once (a hostile host repeats one a million times)
    const shown = new Map<string, string>();
    const special = uri.scheme !== undefined && isSpecialScheme(uri.scheme.toLowerCase());
    const label = (l: string): string => shown.get(l) ?? shown.set(l, showLabel(l, idna, special)).get(l) ?? l;
    out += a.host.kind === "reg-name" ? a.host.text.split(".").map(label).join(".") : make.hostText(a.host);
    if (a.port !== undefined) out += `:${a.port}`;
  }
  // (redactNodePassword masked a password a WHATWG URL parser reads in the path too: "http:user:pw@host/")
  out += showComponent("path", uri.path.text);
  if (uri.query !== undefined) out += `?${showComponent("query", uri.query)}`;
  if (uri.fragment !== undefined) out += `#${showComponent("fragment", uri.fragment)}`;
  return out;
}
