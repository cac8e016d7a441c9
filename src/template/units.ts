// What matching reads a URI as: units, each one ASCII character or one pct-encoded triplet
// (RFC 3986 §2.1), with the triplet's octet and the case of its two hex digits, since expansion
// writes uppercase hex (RFC 6570 §3.2.1) and copies a literal's triplets as they are (§3.1). The
// character classes of the values (§3.2.1: U and U+R) are sets of units, defined once here, with
// RFC 3629's UTF-8 table (read off src/utf8-table.ts), for both the matcher's automaton and the grammar on the engine.
import { utf8Lead } from "../utf8-table.js";
import { reservedTable, unreservedTable } from "../charsets.js";
import { hexValue } from "../percent-encoding.js";

/** Unit codes: 0..127 an ASCII character other than "%"; 0x100 + case * 0x100 + octet a triplet. */
export const UNIT_COUNT = 0x500;

export const isTriplet = (code: number): boolean => code >= 0x100;
export const octetOf = (code: number): number => code & 0xff;
/** True for a triplet whose hex letters are uppercase (what expansion writes). */
export const isUpperTriplet = (code: number): boolean => code >= 0x100 && code < 0x200;

/** The units of `s`, with the string offset of each (and of the end), or the offset of the first code unit no template expansion can hold. */
export interface Units {
  /** codes[k] for k < n (the array may be longer). */
  readonly codes: Int32Array;
  /** offsets[k]: where unit k starts in the string; offsets[n] = its length. */
  readonly offsets: Int32Array;
  readonly n: number;
}

/**
 * `s.charCodeAt(i)` through one bound function, whatever the string's representation (URIs
 * come flat, sliced or concatenated: written as a method call, the lookup goes megamorphic and
 * stays slow; src/compiled/dfa.ts says more).
 */
const codeAt = Function.prototype.call.bind(String.prototype.charCodeAt) as (s: string, i: number) => number;

/**
 * The code of the unit at offset `i` of `s` (a triplet's, 3 characters, when it is above 0xFF:
 * 0x100 + case bits * 0x100 + octet, case bit 1 the first hex digit lowercase, 2 the second), or
 * -1 for a character no expansion writes (beyond ASCII, or a "%" without two hex digits).
 */
export function unitAt(s: string, i: number): number {
  const c = codeAt(s, i);
  if (c !== 0x25) return c < 0x80 ? c : -1;
  const h = codeAt(s, i + 1);
  const l = codeAt(s, i + 2);
  const hv = hexValue(h);
  const lv = hexValue(l);
  return hv < 0 || lv < 0 ? -1 : 0x100 + ((h > 0x60 ? 1 : 0) + (l > 0x60 ? 2 : 0)) * 0x100 + ((hv << 4) | lv);
}

/** Buffers toUnits reuses (a match reads its units before the next one is made). */
let scratchCodes = new Int32Array(256);
let scratchOffsets = new Int32Array(257);

/**
 * `s` as units, or the offset of a character no expansion writes (beyond ASCII, or a "%"
 * without two hex digits). The arrays are shared: valid until the next call.
 */
export function toUnits(s: string, fresh = false): Units | number {
  const len = s.length;
  if (!fresh && scratchCodes.length < len) {
    scratchCodes = new Int32Array(Math.max(len, 2 * scratchCodes.length));
    scratchOffsets = new Int32Array(scratchCodes.length + 1);
  }
  const codes = fresh ? new Int32Array(len) : scratchCodes;
  const offsets = fresh ? new Int32Array(len + 1) : scratchOffsets;
  let n = 0;
  for (let i = 0; i < len; ) {
    const c = unitAt(s, i);
    if (c < 0) return i;
    offsets[n] = i;
    codes[n++] = c;
    i += c > 0xff ? 3 : 1;
  }
  offsets[n] = len;
  return { codes, offsets, n };
}

/** The unit codes of text known to be a valid expansion piece (a literal's expansion, a varname). */
export function unitsOf(s: string): number[] {
  // its own arrays: a template's automaton is built while a URI's units may be in use
  const u = toUnits(s, true);
  // (never reached: the reader accepts only such text; the text is not quoted, it may hold a template's password)
  if (typeof u === "number") throw new Error("internal: not URI text");
  return Array.from(u.codes.subarray(0, u.n));
}

// ---------------------------------------------------------------------------------------------
// Classes of units, as octet ranges of triplets (uppercase only, or any case) and ASCII characters

/** A set of units. */
export type UnitSet = Uint8Array;

function set(test: (code: number) => unknown): UnitSet {
  const s = new Uint8Array(UNIT_COUNT);
  for (let c = 0; c < UNIT_COUNT; c++) if (test(c)) s[c] = 1;
  return s;
}

type Range = readonly [number, number];

/**
 * UTF-8 sequences of more than one octet (RFC 3629 §4), each a list of octet ranges: the forms a
 * character beyond ASCII takes once pct-encoded. Read off the one UTF-8 table (utf8-table.ts):
 * the lead octets that begin the same form, then its second octet's bounds and 0x80–0xBF after.
 */
export const UTF8_SEQUENCES: readonly (readonly Range[])[] = ((): Range[][] => {
  const out: [number, number][][] = [];
  // the lead octets 0xC2-0xF4 (the others begin none), a form's run of them ended where the next differs
  for (let lead = 0xc2, form = ""; lead < 0xf5; lead++) {
    const [count, lo, hi] = utf8Lead(lead);
    if (form === (form = `${count} ${lo} ${hi}`)) (out[out.length - 1] as [number, number][])[0]![1] = lead;
    else out.push([[lead, lead], [lo, hi], ...Array.from({ length: count - 1 }, (): [number, number] => [0x80, 0xbf])]);
  }
  return out;
})();

/** Octets below 0x80 that expansion pct-encodes in U mode: every ASCII character but unreserved ones. */
export const encodedAsciiOctet = (o: number): boolean => o < 0x80 && !unreservedTable[o];

/** Uppercase triplets whose octet is in `r`. */
export const upperTriplets = (r: Range): UnitSet => set((c) => isUpperTriplet(c) && octetOf(c) >= r[0] && octetOf(c) <= r[1]);

/** U's one-unit characters: unreserved, and the uppercase triplet of an ASCII character that is not. */
export const U_SINGLE: UnitSet = set((c) => (c < 0x80 && unreservedTable[c]) || (isUpperTriplet(c) && encodedAsciiOctet(octetOf(c))));
/** U+R's units: unreserved and reserved characters, and every triplet (any octet, any case). */
export const R_ANY: UnitSet = set((c) => (c < 0x80 && (unreservedTable[c] || reservedTable[c])) || isTriplet(c));

/** The set of one unit. */
export const single = (code: number): UnitSet => set((c) => c === code);

// ---------------------------------------------------------------------------------------------
// Characters, for prefix counting (RFC 6570 §2.4.1)

/** The units of the octets that continue a UTF-8 sequence whose lead triplet is at k (any case), or 0. */
function sequenceAt(codes: Int32Array, k: number, n: number, upper: boolean): number {
  const lead = codes[k] as number;
  if (!isTriplet(lead) || (upper && !isUpperTriplet(lead))) return 0;
  const [count, lo, hi] = utf8Lead(octetOf(lead));
  if (count === 0 || k + count >= n) return 0;
  for (let i = 1; i <= count; i++) {
    const c = codes[k + i] as number;
    if (!isTriplet(c) || (upper && !isUpperTriplet(c)) || octetOf(c) < (i === 1 ? lo : 0x80) || octetOf(c) > (i === 1 ? hi : 0xbf)) return 0;
  }
  return count + 1;
}

/**
 * The units of the character of a value that starts at unit k, or 0 when no value of the mode
 * holds one there: in U mode an unreserved character, the uppercase triplet of another ASCII
 * character, or the uppercase triplets of one UTF-8 sequence; in U+R mode an unreserved or
 * reserved character, the triplets of one UTF-8 sequence (any case: §2.4.1 counts the decoded
 * character), or one other triplet.
 */
export function charLength(codes: Int32Array, k: number, n: number, reserved: boolean): number {
  if (k >= n) return 0;
  const c = codes[k] as number;
  if (c < 0x80) return unreservedTable[c] || (reserved && reservedTable[c]) ? 1 : 0;
  if (reserved) return sequenceAt(codes, k, n, false) || 1;
  if (!isUpperTriplet(c)) return 0;
  if (encodedAsciiOctet(octetOf(c))) return 1;
  return sequenceAt(codes, k, n, true);
}
