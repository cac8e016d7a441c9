// RFC 2397: the "data" URL scheme's record by grammar/data.abnf (value: built-in.ts): §3 syntax, the media type (default
// text/plain;charset=US-ASCII, §2), base64 (RFC 2045 §6.8) decoded strictly in pure code (no Buffer: it runs in browsers too).
import { dataSchemeGrammar } from "../compiled/scheme-grammars.js";
import { describeValue } from "../describe.js";
import { percentDecode } from "../transforms/percent.js";
import { octetAt } from "../percent-encoding.js";
import { compiledRules, decodedOrFail, deepFreeze, octetsOf, type SchemeDefinition, type SchemeInput } from "./kernel.js";
import type { SchemeGrammarSource } from "./precompiled.js";

/** A data URL (RFC 2397), with its data decoded. */
export interface DataUri {
  readonly kind: "data";
  /** `type "/" subtype`, lowercase (RFC 2045 §5.1: case-insensitive); "text/plain" when left out (§2). */
  readonly mediaType: string;
  /**
   * The parameters, in order: names decoded and lowercase, values decoded. When the media type
   * is left out, `charset` is "US-ASCII" unless given (§2: "defaults to
   * text/plain;charset=US-ASCII"; "text/plain can be omitted but the charset parameter supplied").
   */
  readonly parameters: readonly (readonly [name: string, value: string])[];
  /** The charset parameter's value, or `undefined`. */
  readonly charset: string | undefined;
  /** True when the URL has ";base64". */
  readonly base64: boolean;
  /** The data as written (percent-encoded; the base64 text when `base64`). */
  readonly data: string;
  /** The decoded octets (a new copy on each read: the value itself never changes). */
  readonly bytes: Uint8Array;
  /**
   * The octets decoded as text, in `charset` (the argument, else the `charset` parameter, else
   * US-ASCII). US-ASCII, ISO-8859-1 and windows-1252 (by their IANA names and aliases,
   * case-insensitively) are decoded here, the same on every platform: US-ASCII is 7-bit, so an
   * octet above 0x7F is U+FFFD; ISO-8859-1 maps each octet to the code point of its value
   * (0x80–0x9F are C1 controls); windows-1252 as the WHATWG Encoding Standard's index. (The
   * platform's TextDecoder reads all three labels as windows-1252, and Node as ISO-8859-1.) Any
   * other charset goes to the platform's TextDecoder, which writes U+FFFD for what does not
   * decode. A charset that TextDecoder does not know is a RangeError whose message starts
   * `data.text: the charset "…" is not one`; a charset argument that is not a string, a TypeError.
   */
  text(charset?: string): string;
}

/** What base64 decoding saw wrong, and where (an index into the decoded octets). */
interface Base64Failure {
  readonly code: "base64-character" | "base64-padding";
  readonly at: number;
  readonly message: string;
}

/** The value of a base64 character (RFC 2045 §6.8, Table 1), or -1. */
function sextet(c: number): number {
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 + 26;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 52;
  if (c === 0x2b) return 62;
  if (c === 0x2f) return 63;
  return -1;
}

/**
 * Strict base64 (RFC 2045 §6.8): only the 64 characters, in groups of four, "=" padding only at
 * the end and only to complete the last group. Bits left over after the last octet are not
 * checked (RFC 4648 §3.5 lets a decoder accept them).
 */
function decodeBase64(octets: readonly number[]): Uint8Array | Base64Failure {
  const n = octets.length;
  let pad = 0;
  while (pad < 2 && pad < n && octets[n - 1 - pad] === 0x3d) pad++;
  for (let i = 0; i < n - pad; i++) {
    if (sextet(octets[i] as number) < 0) {
      return octets[i] === 0x3d
        ? { code: "base64-padding", at: i, message: 'padding "=" stands only at the end of base64 data' }
        : { code: "base64-character", at: i, message: "not a base64 character (RFC 2045 §6.8: A-Z, a-z, 0-9, \"+\" and \"/\")" };
    }
  }
  if (n % 4 !== 0) {
    return { code: "base64-padding", at: n, message: `base64 data comes in groups of 4 characters, padded with "="; ${n % 4} left over` };
  }
  const out = new Uint8Array((n / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < n; i += 4) {
    const a = sextet(octets[i] as number);
    const b = sextet(octets[i + 1] as number);
    const c = i + 2 < n - pad ? sextet(octets[i + 2] as number) : 0;
    const d = i + 3 < n - pad ? sextet(octets[i + 3] as number) : 0;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >> 16;
    if (o < out.length) out[o++] = (v >> 8) & 0xff;
    if (o < out.length) out[o++] = v & 0xff;
  }
  return out;
}

/** The IANA Character Sets registry's names and aliases (lowercase) of US-ASCII, and WHATWG's label "ascii". */
const US_ASCII = new Set(["us-ascii", "iso-ir-6", "ansi_x3.4-1968", "ansi_x3.4-1986", "iso_646.irv:1991", "iso646-us", "us", "ibm367", "cp367", "csascii", "ascii"]);
/** The IANA names and aliases (lowercase) of ISO-8859-1. */
const ISO_8859_1 = new Set(["iso-8859-1", "iso_8859-1:1987", "iso-ir-100", "iso_8859-1", "latin1", "l1", "ibm819", "cp819", "csisolatin1"]);
/** The IANA names and aliases (lowercase) of windows-1252, and WHATWG's labels "cp1252" and "x-cp1252". */
const WINDOWS_1252 = new Set(["windows-1252", "cswindows1252", "cp1252", "x-cp1252"]);
/** windows-1252's 0x80–0x9F (WHATWG Encoding Standard, index-windows-1252; the five unassigned octets map to the C1 control of their value). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Octets as text in a charset (see {@link DataUri.text}). */
function decodeText(bytes: Uint8Array, charset: string): string {
  const label = charset.trim().toLowerCase();
  let map: ((b: number) => number) | undefined;
  if (US_ASCII.has(label)) map = (b) => (b < 0x80 ? b : 0xfffd);
  else if (ISO_8859_1.has(label)) map = (b) => b;
  else if (WINDOWS_1252.has(label)) map = (b) => (b >= 0x80 && b < 0xa0 ? (CP1252_HIGH[b - 0x80] as number) : b);
  if (map !== undefined) {
    let out = "";
    for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...Array.from(bytes.subarray(i, i + 8192), map));
    return out;
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new RangeError(`data.text: the charset ${JSON.stringify(charset)} is not one this platform's TextDecoder knows (RFC 2046 §4.1.2: a charset from the IANA registry)`);
  }
  return decoder.decode(bytes);
}

class DataValue implements DataUri {
  readonly kind = "data" as const;
  readonly mediaType: string;
  readonly parameters: readonly (readonly [string, string])[];
  readonly charset: string | undefined;
  readonly base64: boolean;
  readonly data: string;
  readonly #bytes: Uint8Array;

  constructor(mediaType: string, parameters: readonly (readonly [string, string])[], base64: boolean, data: string, bytes: Uint8Array) {
    this.mediaType = mediaType;
    this.parameters = deepFreeze(parameters);
    this.charset = parameters.find(([n]) => n === "charset")?.[1];
    this.base64 = base64;
    this.data = data;
    this.#bytes = bytes;
    Object.freeze(this);
  }

  get bytes(): Uint8Array {
    return this.#bytes.slice();
  }

  text(charset?: string): string {
    if (charset !== undefined && typeof charset !== "string") throw new TypeError(`data.text: the argument "charset" must be a string, got ${describeValue(charset)}`);
    return decodeText(this.#bytes, charset ?? this.charset ?? "US-ASCII");
  }

  toJSON(): object {
    return { kind: this.kind, mediaType: this.mediaType, parameters: this.parameters, charset: this.charset, base64: this.base64, data: this.data };
  }
}

/** RFC 2045 §5.1: tspecials := "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <"> / "/" / "[" / "]" / "?" / "=" */
const TSPECIALS = new Set([..."()<>@,;:\\\"/[]?="].map((c) => c.charCodeAt(0)));

/** RFC 2045 §5.1: a token character is "any (US-ASCII) CHAR except SPACE, CTLs, or tspecials". */
const isTokenOctet = (b: number): boolean => b > 0x20 && b < 0x7f && !TSPECIALS.has(b);

/**
 * A type, subtype or attribute, decoded: RFC 2397 §3 writes RFC 2045's tokens "using URL escaped
 * encoding ... as necessary", so once decoded each octet must be a token character (a "%20" or
 * "%2F" is no more a token character than " " or "/"); an invalid-token SchemeError otherwise.
 */
function decodeToken(input: SchemeInput, text: string, at: number, rule: string): string {
  for (let i = 0; i < text.length; i++) {
    const encoded = text.charCodeAt(i) === 0x25;
    const b = encoded ? octetAt(text, i) : text.charCodeAt(i);
    if (!isTokenOctet(b)) {
      const what = b >= 0x80 ? "a non-ASCII octet" : b === 0x20 ? "a space" : b < 0x20 || b === 0x7f ? "a control character" : `the tspecial ${JSON.stringify(String.fromCharCode(b))}`;
      return input.fail({
        code: "invalid-token",
        offset: at + i,
        rule,
        section: "RFC 2397 §3, RFC 2045 §5.1",
        message: `the ${rule} holds ${what}${encoded ? ` (${text.slice(i, i + 3)})` : ""}; an RFC 2045 token is US-ASCII without SPACE, CTLs and tspecials`,
      });
    }
    if (encoded) i += 2;
  }
  return (percentDecode(text) as { readonly value: string }).value;
}

/**
 * A parameter value, decoded (UTF-8): RFC 2397 §3 replaces RFC 2045's quoted-string by escaping
 * ("parameter values should use the URL Escaped encoding instead of quoted string if the
 * parameter values contain any 'tspecial'"), so a value may hold any character, and quotes in it
 * are part of it.
 */
const decodeValue = (input: SchemeInput, text: string, at: number): string =>
  decodedOrFail(input, text, at, "value", "RFC 2397 §3", "the value is not percent-encoded UTF-8");

function buildData(input: SchemeInput): DataUri {
  const { text } = input;
  const comma = text.indexOf(",");
  // mediatype [ ";base64" ]: no token holds "," (tchar, pct-encoded), so the first "," ends it
  let head = text.slice(5, comma);
  const base64 = /;base64$/i.test(head);
  if (base64) head = head.slice(0, -7);
  const pieces = head.split(";");
  const typeText = pieces[0] ?? "";
  // left to right, so that the error is the first one
  let mediaType = "text/plain";
  if (typeText !== "") {
    const slash = typeText.indexOf("/");
    mediaType = `${decodeToken(input, typeText.slice(0, slash), 5, "type")}/${decodeToken(input, typeText.slice(slash + 1), 5 + slash + 1, "subtype")}`.toLowerCase();
  }
  let offset = 5 + typeText.length;
  const parameters: [string, string][] = [];
  for (const p of pieces.slice(1)) {
    const eq = p.indexOf("=");
    const at = offset + 1;
    parameters.push([decodeToken(input, p.slice(0, eq), at, "attribute").toLowerCase(), decodeValue(input, p.slice(eq + 1), at + eq + 1)]);
    offset += p.length + 1;
  }
  if (typeText === "" && !parameters.some(([n]) => n === "charset")) parameters.push(["charset", "US-ASCII"]);
  // the data's octets (RFC 2397 §2: "using ASCII encoding for octets inside the range of safe URL
  // characters and using the standard %xx hex encoding of URLs for octets outside that range"),
  // each with the offset it came from
  const data = text.slice(comma + 1);
  const start = comma + 1;
  const from: number[] = [];
  const octets = octetsOf(data, from, start);
  let bytes: Uint8Array;
  if (base64) {
    const d = decodeBase64(octets);
    if (!(d instanceof Uint8Array)) {
      return input.fail({ code: d.code, offset: from[d.at] ?? text.length, rule: "data", section: "RFC 2397 §3, RFC 2045 §6.8", message: d.message });
    }
    bytes = d;
  } else bytes = Uint8Array.from(octets);
  return new DataValue(mediaType, parameters, base64, data, bytes);
}

/** The definition of the "data" scheme (RFC 2397): what `data` (src/schemes/built-in.ts) is with its grammar. */
export const dataDefinition: SchemeDefinition<DataUri> = {
  name: "data",
  rule: "dataurl",
  fragment: "allowed",
  matcherOf: compiledRules(dataSchemeGrammar),
  section: "RFC 2397 §3",
  normalizeOptions: { dotSegments: false },
  build: buildData,
};

/** grammar/data.abnf: RFC 2397 §3, with RFC 3986's pchar and pct-encoded. */
export const dataSource: SchemeGrammarSource = { file: "data.abnf", name: "RFC 2397 §3", rfc3986: ["pchar", "pct-encoded"], departures: [] };
