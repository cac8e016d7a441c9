// RFC 3987 §8 and UTS #39 (Unicode Security Mechanisms) for host labels shown to people: §4's whole-script confusables ("аррӏе", all Cyrillic,
// reads "apple") and §5's General Security Profile with RFC 5892's context rules (below), shown as A-labels as Chrome does. Mixed scripts: scripts.ts.
import { ASCII_LOOKALIKES } from "./confusables-data.js";
import { ALLOWED_RUNS, DECIMAL_ZEROS, KEPT_FROM_DISPLAY } from "./identifier-status-data.js";
import { scriptsOf } from "./scripts.js";
import { NON_ASCII } from "../charsets.js";
import { codePointName } from "../errors.js";

/**
 * The ASCII label a label can be read as, when it is a whole-script confusable of one (UTS #39
 * §4): its characters beyond ASCII all of one script other than Latin (Common and Inherited ones
 * aside), and its skeleton made only of characters of ASCII labels' skeletons, so that some ASCII
 * label has the same skeleton. `undefined` for any other label, ASCII ones included. The label is
 * a U-label: lower case, NFC (IDNA's mapping made it so).
 *
 * @example
 * asciiLookalike("аррӏе"); // "appie": all Cyrillic (а, р, ӏ palochka, е), each like an ASCII letter
 * asciiLookalike("пример"); // undefined: п, и, м look like no ASCII letter
 */
export function asciiLookalike(label: string): string | undefined {
  if (!NON_ASCII.test(label)) return undefined;
  const scripts = scriptsOf(label);
  if (scripts.length !== 1 || scripts[0] === "Latin") return undefined;
  let reads = "";
  for (const ch of label) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) {
      if (!/[a-z0-9-]/.test(ch)) return undefined;
      reads += ch;
      continue;
    }
    const k = ASCII_LOOKALIKES.get(cp);
    if (k === undefined) return undefined;
    reads += k.toLowerCase();
  }
  return reads;
}

// UTS #39 §5 "General Security Profile for Identifiers" for the labels a reader is shown: every
// character Identifier_Status=Allowed (identifier-status-data.ts, generated from Unicode's data),
// none of the Allowed characters that IDNA2008 or the eye still refuses in a label, the
// contextual rules of RFC 5892 Appendix A where a character is only right beside certain others,
// one decimal system (§5.3), and no stacked nonspacing marks nor one that looks like nothing
// beside its base (§5.4). Chrome's IDN spoof checker shows a label that fails them as its
// A-label; so does toDisplayString.

/** The run boundaries of ALLOWED_RUNS, decoded on first use. */
let allowedBounds: readonly number[] | undefined;

/** Whether a character beyond ASCII is Identifier_Status=Allowed (UTS #39 §3.1): a binary search of the runs. */
function isAllowed(cp: number): boolean {
  if (allowedBounds === undefined) {
    let at = 0;
    allowedBounds = ALLOWED_RUNS.split(",").map((d) => (at += parseInt(d, 36)));
  }
  const b = allowedBounds;
  let lo = 0;
  let hi = b.length; // the first boundary above cp is in [lo, hi]
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((b[mid] ?? 0) <= cp) lo = mid + 1;
    else hi = mid;
  }
  return lo % 2 === 1;
}

const WHY_KEPT = {
  overlay: "a combining overlay (Canonical_Combining_Class 1), drawn across the character before it",
  idna2008: "punctuation IDNA2008 does not allow in a label (RFC 5892 §2.1; UTS #46 does)",
} as const;

const GREEK = /\p{Script=Greek}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const KANA_OR_HAN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const DIGIT = /\p{Nd}/u;
const NONSPACING = /[\p{Mn}\p{Me}]/u;

/** Why a character stands where RFC 5892 Appendix A.3-A.7's context rule does not let it; `undefined` when it may, or has no such rule. */
function contextProblem(cp: number, before: string | undefined, after: string | undefined, kanaOrHan: boolean): string | undefined {
  switch (cp) {
    case 0xb7: // A.3 MIDDLE DOT: between two "l" (Catalan "l·l")
      return before === "l" && after === "l" ? undefined : "a middle dot not between two \"l\" (RFC 5892 Appendix A.3)";
    case 0x375: // A.4 GREEK LOWER NUMERAL SIGN (KERAIA): before a Greek character
      return after !== undefined && GREEK.test(after) ? undefined : "a Greek keraia not followed by a Greek character (RFC 5892 Appendix A.4)";
    case 0x5f3: // A.5 HEBREW PUNCTUATION GERESH, A.6 GERSHAYIM: after a Hebrew character
    case 0x5f4:
      return before !== undefined && HEBREW.test(before) ? undefined : "a Hebrew geresh or gershayim not after a Hebrew character (RFC 5892 Appendix A.5, A.6)";
    case 0x30fb: // A.7 KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han
      return kanaOrHan ? undefined : "a katakana middle dot in a label without Hiragana, Katakana or Han (RFC 5892 Appendix A.7)";
    default:
      return undefined;
  }
}

/** The digit zero of a decimal digit's system (DECIMAL_ZEROS: the last zero at or below it). */
function zeroOf(cp: number): number {
  let zero = 0x30;
  for (const z of DECIMAL_ZEROS) if (z <= cp) zero = z;
  return zero;
}

/** Dotless i and j (U+0131, U+0237): with a mark above they read as i, j or their accented forms. */
const DOTLESS = /[\u0131\u0237]/u;
/** Letters a dot above turns into an i look-alike: Soft_Dotted ones (i, j, Cyrillic і, ...) hide it
 * in their own dot; l, Greek ι and Cyrillic ӏ (dotless i and l look-alikes) read as i with it. */
const DOT_HIDES = /[\p{Soft_Dotted}l\u03B9\u04CF]/u;

/**
 * UTS #39 §5.4: the first nonspacing mark (Mn, Me) of the label's NFD that repeats the mark
 * before it ("\u00E1\u0301" is a, U+0301, U+0301) or is the fifth of a row, or that looks like
 * nothing beside its base, which then reads as another letter (§5.4's base + mark that "look the
 * same as or confusingly similar to the base character alone"): U+0307 DOT ABOVE on a
 * Soft_Dotted letter (i, j, Cyrillic і, ...) hides in its dot, on l, ι or ӏ reads as i (Chromium
 * refuses l too), and dotless i or j with a mark
 * above (U+0300-U+0339, the range Chromium's IDN spoof checker refuses after U+0131) reads as i,
 * j, í, ...; with why.
 */
function stackedMark(label: string): RestrictedCharacter | undefined {
  let previous = "";
  let base = "";
  let row = 0;
  for (const char of label.normalize("NFD")) {
    if (!NONSPACING.test(char)) {
      row = 0;
      previous = "";
      base = char;
      continue;
    }
    row++;
    const u = codePointName(char.codePointAt(0) ?? 0);
    if (char === previous) return { char, reason: `${u} twice in a row (UTS #39 §5.4: no sequence of the same nonspacing mark)` };
    if (row > 4) return { char, reason: `${u} is the fifth nonspacing mark in a row (UTS #39 §5.4: no more than four)` };
    if (char === "\u0307" && DOT_HIDES.test(base)) return { char, reason: `${u} on "${base}" reads as i or hides in its dot (UTS #39 §5.4: a mark that looks like its base alone)` };
    if (DOTLESS.test(base) && char >= "\u0300" && char <= "\u0339") return { char, reason: `${u} on dotless "${base}" reads as a dotted letter (UTS #39 §5.4: a mark that looks like its base alone)` };
    previous = char;
  }
  return undefined;
}

/** The first character of a label that keeps it from being shown as Unicode, and why (see {@link restrictedCharacter}). */
export interface RestrictedCharacter {
  /** The character. */
  readonly char: string;
  /** Why it keeps the label from display: the rule and where it is written. */
  readonly reason: string;
}

/**
 * The first character of a host label, as shown (a U-label is UTS #46's output), that keeps the
 * label from being shown as Unicode, with why; `undefined` when there is none. Characters beyond
 * ASCII must be Identifier_Status=Allowed (UTS #39 §5, General Security Profile: "⫽" U+2AFD,
 * "ː" U+02D0 and "․" U+2024 are not), and none of the Allowed characters kept from display
 * (identifier-status-data.ts: combining overlays such as U+0338, IDNA2008's refused punctuation
 * such as U+2027 HYPHENATION POINT); those with a context rule of RFC 5892 Appendix A must stand
 * in it (U+00B7 only in "l·l", U+30FB only with Hiragana, Katakana or Han); the digits must be
 * of one decimal system (UTS #39 §5.3, which includes RFC 5892 A.8 and A.9: "7\u09EA9" mixes ASCII
 * and Bengali digits); and no nonspacing mark may follow itself, stand fifth in a row, or hide beside its base (U+0307
 * on i, dotless i with an accent: §5.4).
 * ASCII characters are the host grammar's (RFC 3986 §3.2.2). Each character is looked at once,
 * with its neighbours, and the label's NFD once: linear in the label's length.
 *
 * @example
 * restrictedCharacter("com\u2AFDlogin")?.char; // "\u2AFD"
 * restrictedCharacter("l\u00B7l"); // undefined (Catalan)
 * restrictedCharacter("b\u00FCcher"); // undefined
 */
export function restrictedCharacter(label: string): RestrictedCharacter | undefined {
  if (!NON_ASCII.test(label)) return undefined;
  const chars = [...label];
  const kanaOrHan = KANA_OR_HAN.test(label);
  let zero: number | undefined; // the decimal system of the first digit
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? "";
    const cp = char.codePointAt(0) ?? 0;
    const u = codePointName(cp);
    if (cp >= 0x80) {
      if (!isAllowed(cp)) return { char, reason: `${u} is not Identifier_Status=Allowed (UTS #39 §5, General Security Profile)` };
      const kept = KEPT_FROM_DISPLAY.get(cp);
      if (kept !== undefined) return { char, reason: `${u} is ${WHY_KEPT[kept]}` };
      const context = contextProblem(cp, chars[i - 1], chars[i + 1], kanaOrHan);
      if (context !== undefined) return { char, reason: `${u} is ${context}` };
    }
    if (DIGIT.test(char)) {
      zero ??= zeroOf(cp);
      if (zeroOf(cp) !== zero) return { char, reason: `${u} is a digit of another decimal system than the label's first digit (UTS #39 §5.3, mixed numbers)` };
    }
  }
  return stackedMark(label);
}
