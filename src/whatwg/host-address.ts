// The URL Standard's IPv4 and IPv6 host parsers (https://url.spec.whatwg.org/#concept-ipv4-parser, #concept-ipv6-parser, #ends-in-a-number-checker),
// written once: each returns the address and its validation errors in order (the address for src/security/whatwg.ts, the errors for ./parse.ts).
import { hexValue } from "../percent-encoding.js";
import type { WhatwgValidationError } from "./errors.js";

/** What a host parser returns: the address, or null for failure (the last error is then the one that made it fail). */
export interface HostAddressParse<T> {
  readonly address: T | null;
  readonly errors: readonly WhatwgValidationError[];
}

const isDigitCode = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** The IPv4 number parser (#ipv4-number-parser): the value and whether it was hex or octal, or null for failure. */
function ipv4Number(part: string): { readonly value: number; readonly nonDecimal: boolean } | null {
  if (part === "") return null;
  let radix = 10;
  let digits = part;
  if (digits.length >= 2 && (digits.startsWith("0x") || digits.startsWith("0X"))) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length >= 2 && digits.startsWith("0")) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === "") return { value: 0, nonDecimal: true };
  const valid = radix === 10 ? /^[0-9]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9A-Fa-f]+$/;
  // beyond 2^53 the value is inexact, but then far above any bound it is checked against
  return valid.test(digits) ? { value: parseInt(digits, radix), nonDecimal: radix !== 10 } : null;
}

/** The ends-in-a-number checker (#ends-in-a-number-checker). */
export function endsInANumber(input: string): boolean {
  if (input === "") return false;
  // the last label, the empty one after a final "." left out (without splitting a long host)
  const end = input.endsWith(".") ? input.length - 1 : input.length;
  const last = input.slice(input.lastIndexOf(".", end - 1) + 1, end);
  if (last !== "" && /^[0-9]+$/.test(last)) return true;
  return ipv4Number(last) !== null;
}

/** The IPv4 parser (#concept-ipv4-parser) on an ASCII host that ends in a number: the address as a number. */
export function ipv4Parse(input: string): HostAddressParse<number> {
  const errors: WhatwgValidationError[] = [];
  const fail = (e?: WhatwgValidationError): HostAddressParse<number> => ({ address: null, errors: e === undefined ? errors : [...errors, e] });
  const parts = input.split(".");
  if (parts[parts.length - 1] === "") {
    errors.push("IPv4-empty-part");
    if (parts.length > 1) parts.pop();
  }
  if (parts.length < 4) errors.push("IPv4-too-few-parts");
  if (parts.length > 4) return fail("IPv4-too-many-parts");
  const numbers: number[] = [];
  for (const part of parts) {
    const n = ipv4Number(part);
    if (n === null) return fail("IPv4-non-numeric-part");
    if (n.nonDecimal) errors.push("IPv4-non-decimal-part");
    numbers.push(n.value);
  }
  if (numbers.some((n) => n > 255)) errors.push("IPv4-out-of-range-part");
  for (let k = 0; k < numbers.length - 1; k++) if ((numbers[k] ?? 0) > 255) return fail();
  const last = numbers[numbers.length - 1] ?? 0;
  if (last >= 256 ** (5 - numbers.length)) return fail();
  let v = last;
  for (let k = 0; k < numbers.length - 1; k++) v += (numbers[k] ?? 0) * 256 ** (3 - k);
  return { address: v, errors };
}

/** The IPv4 serializer (#concept-ipv4-serializer). */
export const serializeIpv4 = (v: number): string => [24, 16, 8, 0].map((s) => Math.floor(v / 2 ** s) % 256).join(".");

/** The IPv6 parser (#concept-ipv6-parser) on the host without its brackets: eight pieces. */
export function ipv6Parse(input: string): HostAddressParse<number[]> {
  const errors: WhatwgValidationError[] = [];
  const fail = (e: WhatwgValidationError): HostAddressParse<number[]> => ({ address: null, errors: [...errors, e] });
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let piece = 0;
  let compress: number | null = null;
  let p = 0;
  const c = (): number => (p < input.length ? input.charCodeAt(p) : -1); // -1: the EOF code point
  if (c() === 0x3a) {
    if (input.charCodeAt(p + 1) !== 0x3a) return fail("IPv6-invalid-compression");
    p += 2;
    compress = ++piece;
  }
  while (c() !== -1) {
    if (piece === 8) return fail("IPv6-too-many-pieces");
    if (c() === 0x3a) {
      if (compress !== null) return fail("IPv6-multiple-compression");
      p++;
      compress = ++piece;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && hexValue(c()) >= 0) {
      value = value * 16 + hexValue(c());
      p++;
      length++;
    }
    if (c() === 0x2e) {
      if (length === 0) return fail("IPv4-in-IPv6-invalid-code-point");
      p -= length;
      if (piece > 6) return fail("IPv4-in-IPv6-too-many-pieces");
      let seen = 0;
      while (c() !== -1) {
        let v4: number | null = null;
        if (seen > 0) {
          if (c() === 0x2e && seen < 4) p++;
          else return fail("IPv4-in-IPv6-invalid-code-point");
        }
        if (!isDigitCode(c())) return fail("IPv4-in-IPv6-invalid-code-point");
        while (isDigitCode(c())) {
          const n = c() - 0x30;
          if (v4 === null) v4 = n;
          else if (v4 === 0) return fail("IPv4-in-IPv6-invalid-code-point");
          else v4 = v4 * 10 + n;
          if (v4 > 255) return fail("IPv4-in-IPv6-out-of-range-part");
          p++;
        }
        address[piece] = (address[piece] ?? 0) * 0x100 + (v4 ?? 0);
        seen++;
        if (seen === 2 || seen === 4) piece++;
      }
      if (seen !== 4) return fail("IPv4-in-IPv6-too-few-parts");
      break;
    } else if (c() === 0x3a) {
      p++;
      if (c() === -1) return fail("IPv6-invalid-code-point");
    } else if (c() !== -1) return fail("IPv6-invalid-code-point");
    if (length > 1 && value < 16 ** (length - 1)) errors.push("IPv6-piece-leading-zero");
    address[piece] = value;
    piece++;
  }
  if (compress !== null) {
    let swaps = piece - compress;
    piece = 7;
    while (piece !== 0 && swaps > 0) {
      const other = compress + swaps - 1;
      const t = address[piece] ?? 0;
      address[piece] = address[other] ?? 0;
      address[other] = t;
      piece--;
      swaps--;
    }
  } else if (piece !== 8) return fail("IPv6-too-few-pieces");
  return { address, errors };
}
