// The URL Standard's validation errors (https://url.spec.whatwg.org/#validation-error): their
// names, and the steps of its host parsers that say which one stops a host (#concept-ipv6-parser,
// #concept-ipv4-parser, #concept-host-parser), for the errors and repairs of parse. The parsing
// itself is whatwg-url's; these steps only name what it did.

/** The validation errors of the URL Standard, by the names of its table (#validation-error). */
export type WhatwgValidationError =
  | "domain-to-ASCII" | "domain-percent-encoded" | "host-invalid-code-point"
  | "IPv4-empty-part" | "IPv4-too-few-parts" | "IPv4-too-many-parts" | "IPv4-non-numeric-part" | "IPv4-non-decimal-part" | "IPv4-out-of-range-part"
  | "IPv6-unclosed" | "IPv6-invalid-compression" | "IPv6-too-many-pieces" | "IPv6-multiple-compression" | "IPv6-invalid-code-point" | "IPv6-too-few-pieces"
  | "IPv6-piece-leading-zero" | "IPv4-in-IPv6-too-many-pieces" | "IPv4-in-IPv6-invalid-code-point" | "IPv4-in-IPv6-out-of-range-part" | "IPv4-in-IPv6-too-few-parts"
  | "invalid-URL-unit" | "special-scheme-missing-following-solidus" | "missing-scheme-non-relative-URL" | "invalid-reverse-solidus" | "invalid-credentials"
  | "host-missing" | "port-out-of-range" | "port-invalid" | "file-invalid-Windows-drive-letter" | "file-invalid-Windows-drive-letter-host";

/** Every validation error name, in the order of the Standard's table. */
export const whatwgValidationErrors: readonly WhatwgValidationError[] = Object.freeze([
  "domain-to-ASCII", "domain-percent-encoded", "host-invalid-code-point",
  "IPv4-empty-part", "IPv4-too-few-parts", "IPv4-too-many-parts", "IPv4-non-numeric-part", "IPv4-non-decimal-part", "IPv4-out-of-range-part",
  "IPv6-unclosed", "IPv6-invalid-compression", "IPv6-too-many-pieces", "IPv6-multiple-compression", "IPv6-invalid-code-point", "IPv6-too-few-pieces",
  "IPv6-piece-leading-zero", "IPv4-in-IPv6-too-many-pieces", "IPv4-in-IPv6-invalid-code-point", "IPv4-in-IPv6-out-of-range-part", "IPv4-in-IPv6-too-few-parts",
  "invalid-URL-unit", "special-scheme-missing-following-solidus", "missing-scheme-non-relative-URL", "invalid-reverse-solidus", "invalid-credentials",
  "host-missing", "port-out-of-range", "port-invalid", "file-invalid-Windows-drive-letter", "file-invalid-Windows-drive-letter-host",
] as const);

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

/**
 * The validation errors the IPv6 parser (#concept-ipv6-parser) signals on `input` (the host
 * without its brackets), in order; the last is the one that made it fail, when it failed
 * (`failed`). Follows the parser's steps, without building the address.
 */
export function ipv6Errors(input: string): { readonly errors: readonly WhatwgValidationError[]; readonly failed: boolean } {
  const errors: WhatwgValidationError[] = [];
  const fail = (e: WhatwgValidationError): { errors: WhatwgValidationError[]; failed: boolean } => ({ errors: [...errors, e], failed: true });
  let piece = 0;
  let compress: number | null = null;
  let p = 0;
  const c = (): string | undefined => input[p];
  if (c() === ":") {
    if (input[p + 1] !== ":") return fail("IPv6-invalid-compression");
    p += 2;
    compress = ++piece;
  }
  while (c() !== undefined) {
    if (piece === 8) return fail("IPv6-too-many-pieces");
    if (c() === ":") {
      if (compress !== null) return fail("IPv6-multiple-compression");
      p++;
      compress = ++piece;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && isHex(c())) {
      value = value * 16 + parseInt(c() ?? "0", 16);
      p++;
      length++;
    }
    if (c() === ".") {
      if (length === 0) return fail("IPv4-in-IPv6-invalid-code-point");
      p -= length;
      if (piece > 6) return fail("IPv4-in-IPv6-too-many-pieces");
      let seen = 0;
      while (c() !== undefined) {
        let v4: number | null = null;
        if (seen > 0) {
          if (c() === "." && seen < 4) p++;
          else return fail("IPv4-in-IPv6-invalid-code-point");
        }
        if (!isDigit(c())) return fail("IPv4-in-IPv6-invalid-code-point");
        while (isDigit(c())) {
          const n = Number(c());
          if (v4 === null) v4 = n;
          else if (v4 === 0) return fail("IPv4-in-IPv6-invalid-code-point");
          else v4 = v4 * 10 + n;
          if (v4 > 255) return fail("IPv4-in-IPv6-out-of-range-part");
          p++;
        }
        seen++;
        if (seen === 2 || seen === 4) piece++;
      }
      if (seen !== 4) return fail("IPv4-in-IPv6-too-few-parts");
      return { errors, failed: false };
    } else if (c() === ":") {
      p++;
      if (c() === undefined) return fail("IPv6-invalid-code-point");
    } else if (c() !== undefined) return fail("IPv6-invalid-code-point");
    if (length > 1 && value < 16 ** (length - 1)) errors.push("IPv6-piece-leading-zero");
    piece++;
  }
  if (compress === null && piece !== 8) return fail("IPv6-too-few-pieces");
  return { errors, failed: false };
}

/** The IPv4 number parser (#ipv4-number-parser): the value and whether it was hex or octal, or null for failure. */
function ipv4Number(part: string): { readonly value: number; readonly nonDecimal: boolean } | null {
  if (part === "") return null;
  let radix = 10;
  let digits = part;
  if (/^0[xX]/.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length > 1 && digits.startsWith("0")) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === "") return { value: 0, nonDecimal: true };
  const valid = radix === 10 ? /^[0-9]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9A-Fa-f]+$/;
  return valid.test(digits) ? { value: parseInt(digits, radix), nonDecimal: radix !== 10 } : null;
}

/**
 * The validation errors the IPv4 parser (#concept-ipv4-parser) signals on an ASCII host that ends
 * in a number, in order; `failed` when it returns failure (the last error, or none for a number
 * too big for the parts before it).
 */
export function ipv4Errors(input: string): { readonly errors: readonly WhatwgValidationError[]; readonly failed: boolean } {
  const errors: WhatwgValidationError[] = [];
  const parts = input.split(".");
  if (parts[parts.length - 1] === "") {
    errors.push("IPv4-empty-part");
    if (parts.length > 1) parts.pop();
  }
  if (parts.length < 4) errors.push("IPv4-too-few-parts");
  if (parts.length > 4) return { errors: [...errors, "IPv4-too-many-parts"], failed: true };
  const numbers: number[] = [];
  for (const part of parts) {
    const n = ipv4Number(part);
    if (n === null) return { errors: [...errors, "IPv4-non-numeric-part"], failed: true };
    if (n.nonDecimal && !errors.includes("IPv4-non-decimal-part")) errors.push("IPv4-non-decimal-part");
    numbers.push(n.value);
  }
  if (numbers.some((n) => n > 255)) errors.push("IPv4-out-of-range-part");
  if (numbers.slice(0, -1).some((n) => n > 255)) return { errors, failed: true };
  if ((numbers[numbers.length - 1] ?? 0) >= 256 ** (5 - numbers.length)) return { errors, failed: true };
  return { errors, failed: false };
}
