// Generates src/iri/identifier-status-data.ts: the characters beyond ASCII whose UTS #39
// Identifier_Status is Allowed (UTS #39 §3.1: Identifier_Type Recommended or Inclusion), and,
// among them, those a host label still may not show as Unicode, each with its reason. The display
// rule of src/iri/restricted.ts (UTS #39 §5 "General Security Profile") reads them. The data is
// Unicode's, as ICU and the Unicode Character Database carry it, never a table typed by hand.
//
//   node scripts/gen-identifier-status.mjs USPOOF_CPP CONFUSABLES_TXT UCD_EXTRACTED_DIR
//
// Where the three files come from (Unicode 15.0, as scripts/gen-confusables.mjs's data):
// - USPOOF_CPP: icu/source/i18n/uspoof.cpp of Debian's ICU source (bookworm, icu_72.1.orig.tar.gz,
//   sha256 a2d2d382...1d68; http://deb.debian.org/debian/pool/main/i/icu/). ICU writes
//   Identifier_Status=Allowed there as two UnicodeSet patterns: the "recommended" set (generated
//   from Unicode's IdentifierStatus.txt and IdentifierType.txt) and the "inclusion" set.
// - CONFUSABLES_TXT: icu/source/data/unidata/confusables.txt of the same tarball (UTS #39 §4).
// - UCD_EXTRACTED_DIR: /usr/share/unicode/extracted of Debian's unicode-data 15.0.0-1
//   (`apt-get download unicode-data`), for DerivedCombiningClass.txt and DerivedNumericType.txt.
//     tar xzf icu_72.1.orig.tar.gz icu/source/i18n/uspoof.cpp icu/source/data/unidata/confusables.txt
//     dpkg-deb -x unicode-data_15.0.0-1_all.deb ud
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [uspoof, confusables, extracted] = process.argv.slice(2);
if (extracted === undefined) {
  throw new Error("usage: node scripts/gen-identifier-status.mjs USPOOF_CPP CONFUSABLES_TXT UCD_EXTRACTED_DIR");
}
const combining = path.join(extracted, "DerivedCombiningClass.txt");
const numericType = path.join(extracted, "DerivedNumericType.txt");
const sha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

// --- Identifier_Status=Allowed: ICU's two UnicodeSet patterns -----------------------------------

/** The text of a C++ pattern constant: its u"..." pieces joined, C++ escapes undone ("\\u" is "\u"). */
function patternOf(source, name) {
  const at = source.indexOf(`*${name} =`);
  if (at < 0) throw new Error(`${uspoof}: no pattern ${name}`);
  const end = source.indexOf(";", at);
  const pieces = [...source.slice(at, end).matchAll(/u"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
  return pieces.join("").replace(/\\\\/g, "\\");
}

/** The code points of a UnicodeSet pattern of single characters and ranges ("[a-z\u00C0-\u00D6\-.]"). */
function readSet(pattern) {
  if (!pattern.startsWith("[") || !pattern.endsWith("]")) throw new Error(`not a UnicodeSet: ${pattern.slice(0, 40)}`);
  const body = pattern.slice(1, -1);
  const chars = [];
  const dashes = [];
  for (let i = 0; i < body.length; ) {
    let cp;
    if (body.startsWith("\\u", i)) {
      cp = parseInt(body.slice(i + 2, i + 6), 16);
      i += 6;
    } else if (body.startsWith("\\U", i)) {
      cp = parseInt(body.slice(i + 2, i + 10), 16);
      i += 10;
    } else if (body[i] === "\\") {
      cp = body.codePointAt(i + 1);
      i += 2;
    } else if (body[i] === "-" && chars.length > 0 && i + 1 < body.length) {
      dashes.push(chars.length);
      i += 1;
      continue;
    } else if (/[[\]{}^$&]/.test(body[i])) {
      throw new Error(`unexpected UnicodeSet syntax at ${body.slice(i, i + 20)}`);
    } else {
      cp = body.codePointAt(i);
      i += cp > 0xffff ? 2 : 1;
    }
    if (Number.isNaN(cp)) throw new Error(`bad escape at ${body.slice(i - 10, i)}`);
    chars.push(cp);
  }
  const out = new Set();
  for (let k = 0; k < chars.length; k++) {
    if (dashes.includes(k + 1)) {
      for (let cp = chars[k]; cp <= chars[k + 1]; cp++) out.add(cp);
      k++;
    } else out.add(chars[k]);
  }
  return out;
}

const spoof = readFileSync(uspoof, "utf8");
const recommended = readSet(patternOf(spoof, "recommendedPat"));
const inclusion = readSet(patternOf(spoof, "inclusionPat"));
if (recommended.size < 100000 || inclusion.size < 10) throw new Error(`${uspoof}: only ${recommended.size} + ${inclusion.size} characters read`);
const allowed = new Set([...recommended, ...inclusion]);
const icuVersion = /icu_?(\d+\.\d+)/i.exec(path.resolve(uspoof))?.[1] ?? "72.1";

// --- confusables.txt skeletons (UTS #39 §4), as scripts/gen-confusables.mjs reads them -----------

const confText = readFileSync(confusables, "utf8");
const confVersion = /^# Version: (\S+)/m.exec(confText)?.[1];
if (confVersion === undefined) throw new Error(`${confusables}: no "# Version:" line`);
const prototype = new Map();
for (const line of confText.split("\n")) {
  const m = /^([0-9A-F]+)\s*;\s*([0-9A-F ]+?)\s*;\s*MA\b/.exec(line);
  if (m !== null) prototype.set(parseInt(m[1], 16), String.fromCodePoint(...m[2].split(" ").map((h) => parseInt(h, 16))));
}
const skeleton = (s) => [...s.normalize("NFD")].map((ch) => prototype.get(ch.codePointAt(0)) ?? ch).join("").normalize("NFD");

// --- Canonical_Combining_Class=1 (Overlay), from the UCD ------------------------------------------

const cccText = readFileSync(combining, "utf8");
const cccVersion = /^# DerivedCombiningClass-(\S+)\.txt/m.exec(cccText)?.[1];
const overlays = new Set();
for (const line of cccText.split("\n")) {
  const m = /^([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*;\s*1\b/.exec(line);
  if (m === null) continue;
  for (let cp = parseInt(m[1], 16); cp <= parseInt(m[2] ?? m[1], 16); cp++) overlays.add(cp);
}
if (overlays.size < 10) throw new Error(`${combining}: only ${overlays.size} overlays read`);

// --- Numeric_Type=Decimal: the digit zeros of the decimal systems (UTS #39 §5.3) -----------------

// Decimal digits come in runs of ten, 0 to 9 (a Unicode stability policy), so a run's start and
// every tenth code point after it are zeros; kept: the systems with an Allowed digit, and ASCII's.
const numText = readFileSync(numericType, "utf8");
const zeros = [];
for (const line of numText.split("\n")) {
  const m = /^([0-9A-F]+)\.\.([0-9A-F]+)\s*;\s*Decimal\b/.exec(line);
  if (m === null) continue;
  const [first, last] = [parseInt(m[1], 16), parseInt(m[2], 16)];
  if ((last - first + 1) % 10 !== 0) throw new Error(`${numericType}: ${m[1]}..${m[2]} is no run of tens`);
  for (let z = first; z < last; z += 10) if (z === 0x30 || [...Array(10).keys()].some((d) => allowed.has(z + d))) zeros.push(z);
}
if (zeros[0] !== 0x30 || zeros.length < 10) throw new Error(`${numericType}: ${zeros.length} decimal systems read`);

// --- Allowed characters a label still may not show ----------------------------------------------

// RFC 3986 §3 and §3.2.2: the characters that end or split a host ("/" "?" "#" "@" ":" "." and "\",
// which a WHATWG parser reads as "/").
const DELIMITERS = new Set([..."/.:?#@\\"]);
// RFC 5892 §2.6 (Exceptions): the characters IDNA2008 admits though they are no letter, digit or
// mark (PVALID: U+00DF, U+03C2, U+06FD, U+06FE, U+0F0B, U+3007; CONTEXTO: U+00B7, U+0375, U+05F3,
// U+05F4, U+30FB; their contexts are src/iri/restricted.ts's).
const RFC5892_EXCEPTIONS = new Set([0xdf, 0x3c2, 0x6fd, 0x6fe, 0xf0b, 0x3007, 0xb7, 0x375, 0x5f3, 0x5f4, 0x30fb]);
// RFC 5892 §2.1 LetterDigits: the General_Category values IDNA2008 derives PVALID from.
const LETTER_DIGITS = /^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$/u;
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

// Only characters a U-label holds: UTS #46 leaves them as they are (it maps upper case, the Greek
// letters with prosgegrammeni among them, to others before any label is shown).
const tr46 = createRequire(import.meta.url)("tr46");
const UTS46 = { checkBidi: false, checkJoiners: false, checkHyphens: false, transitionalProcessing: false };
const inULabel = (ch) => tr46.toUnicode(`a${ch}`, UTS46).domain === `a${ch}`;
const kept = [];
for (const cp of [...allowed].sort((a, b) => a - b)) {
  if (cp < 0x80) continue;
  const ch = String.fromCodePoint(cp);
  if (!inULabel(ch)) continue;
  // a character of no script (Common, Inherited: the mixed-script test cannot see it) that
  // confusables.txt reads as a URL delimiter: none is Allowed in Unicode 15.0 (U+2AFD "//",
  // U+02D0 ":", U+2024 ".", U+1735 "/" are not); should newer data allow one, the display rule
  // needs a reason for it, so the script stops here
  if (NEUTRAL.test(ch) && [...skeleton(ch)].some((c) => DELIMITERS.has(c))) {
    throw new Error(`U+${ch.codePointAt(0).toString(16)} is Allowed, of no script, and reads as a URL delimiter: give it a reason in src/iri/confusables.ts`);
  }
  if (overlays.has(cp)) kept.push([cp, "overlay"]);
  else if (!LETTER_DIGITS.test(ch) && !RFC5892_EXCEPTIONS.has(cp)) kept.push([cp, "idna2008"]);
}

// --- the module -----------------------------------------------------------------------------------

/** Sorted code points as the boundaries of their runs: [first, last + 1, first, last + 1, ...]. */
function boundaries(points) {
  const out = [];
  for (const cp of points) {
    if (out.length > 0 && out[out.length - 1] === cp) out[out.length - 1] = cp + 1;
    else out.push(cp, cp + 1);
  }
  return out;
}
const nonAscii = [...allowed].filter((cp) => cp >= 0x80).sort((a, b) => a - b);
const bounds = boundaries(nonAscii);
// each boundary as its distance from the one before, base 36, comma-separated
const packed = bounds.map((b, i) => (b - (i === 0 ? 0 : bounds[i - 1])).toString(36)).join(",");
const wrap = (s, width) => (s.match(new RegExp(`.{1,${width}}(,|$)`, "g")) ?? []).map((l) => `  ${JSON.stringify(l)}`).join(" +\n");
const hex = (cp) => `0x${cp.toString(16).toUpperCase()}`;

const out = `// Generated by scripts/gen-identifier-status.mjs: do not edit; run the script on newer data instead.
// Sources (Unicode ${confVersion}):
// - UTS #39 Identifier_Status=Allowed (Identifier_Type Recommended or Inclusion, UTS #39 §3.1): the
//   "recommended" and "inclusion" UnicodeSet patterns of ICU ${icuVersion}'s icu/source/i18n/uspoof.cpp
//   (sha256 ${sha256(uspoof)}), from Debian's icu source package (bookworm, icu_72.1.orig.tar.gz);
// - confusables.txt ${confVersion} of the same package (UTS #39 §4; sha256 ${sha256(confusables)});
// - DerivedCombiningClass-${cccVersion}.txt (sha256 ${sha256(combining)}) and
//   DerivedNumericType-${cccVersion}.txt (sha256 ${sha256(numericType)}) of Debian's unicode-data.

/**
 * The characters beyond ASCII whose Identifier_Status is Allowed (UTS #39 §3.1, the General
 * Security Profile of §5), ${nonAscii.length} of them in ${bounds.length / 2} runs: the boundaries of the runs
 * ([first, last + 1, ...]), each as its distance from the one before in base 36.
 */
export const ALLOWED_RUNS =
${wrap(packed, 96)};

/**
 * The digit zero of each decimal system (Numeric_Type=Decimal) with an Allowed digit, and
 * ASCII's: a digit's system is the last zero at or below it (UTS #39 §5.3, mixed numbers).
 */
export const DECIMAL_ZEROS: readonly number[] = [${zeros.map(hex).join(", ")}];

/**
 * Allowed characters a host label still may not show as Unicode, with the reason:
 * - "overlay": Canonical_Combining_Class 1 (Overlay), drawn across the letter before it ("com" with
 *   U+0338 reads as "com/");
 * - "idna2008": no letter, digit or mark, nor one of RFC 5892 §2.6's exceptions: IDNA2008 does not
 *   allow it in a label (RFC 5892 §2.1), though UTS #46 does.
 */
export const KEPT_FROM_DISPLAY: ReadonlyMap<number, "overlay" | "idna2008"> = new Map([
${kept.map(([cp, why]) => `  [${hex(cp)}, ${JSON.stringify(why)}],`).join("\n")}
]);
`;
writeFileSync(path.join(root, "src/iri/identifier-status-data.ts"), out);
console.log(`src/iri/identifier-status-data.ts: ${nonAscii.length} Allowed characters beyond ASCII in ${bounds.length / 2} runs (${packed.length} characters packed); ${zeros.length} decimal systems; kept: ${kept.map(([cp, why]) => `${hex(cp)} ${why}`).join(", ")}`);
