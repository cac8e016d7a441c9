// RFC 5952 §4 canonical text of an IPv6 address (RFC 3986 §3.2.2 allows every RFC 4291 form).
import { describeValue } from "../describe.js";

/**
 * The RFC 5952 text form of an IPv6 address given as its eight 16-bit pieces: lowercase hex
 * without leading zeros (§4.1, §4.3), the longest run of two or more zero pieces written "::"
 * (the first such run on a tie; a single zero piece is not compressed, §4.2), and an IPv4-mapped
 * address (`::ffff:0:0/96`) in mixed notation (§5).
 *
 * @example
 * formatIpv6([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]); // "2001:db8::1:0:0:1"
 */
export function formatIpv6(pieces: readonly number[]): string {
  if (!Array.isArray(pieces) || pieces.length !== 8 || !pieces.every((p) => Number.isInteger(p) && p >= 0 && p <= 0xffff)) {
    throw new TypeError(`formatIpv6: the argument "pieces" must be eight whole numbers from 0 to 0xFFFF, got ${describeValue(pieces)}`);
  }
  const p = (k: number): number => pieces[k] ?? 0;
  if (p(0) === 0 && p(1) === 0 && p(2) === 0 && p(3) === 0 && p(4) === 0 && p(5) === 0xffff) {
    const v4 = `${p(6) >> 8}.${p(6) & 255}.${p(7) >> 8}.${p(7) & 255}`;
    return `::ffff:${v4}`;
  }
  return compressedIpv6(pieces);
}

/**
 * Eight 16-bit pieces (checked by the caller) as lowercase hex without leading zeros, the longest
 * run of two or more zero pieces written "::" (the first on a tie): RFC 5952 §4.1–§4.3, which
 * the URL Standard's IPv6 serializer (#concept-ipv6-serializer) writes too, without §5's mixed
 * notation. The one copy: {@link formatIpv6} and uri-grammar/security's WHATWG host read it.
 */
export function compressedIpv6(pieces: readonly number[]): string {
  const p = (k: number): number => pieces[k] ?? 0;
  let bestStart = -1;
  let bestLength = 1; // a run must be longer than this to be compressed
  for (let k = 0; k < 8; ) {
    if (p(k) !== 0) {
      k++;
      continue;
    }
    let end = k;
    while (end < 8 && p(end) === 0) end++;
    if (end - k > bestLength) {
      bestStart = k;
      bestLength = end - k;
    }
    k = end;
  }
  const hex = (from: number, to: number): string => {
    const parts: string[] = [];
    for (let k = from; k < to; k++) parts.push(p(k).toString(16));
    return parts.join(":");
  };
  if (bestStart < 0) return hex(0, 8);
  return `${hex(0, bestStart)}::${hex(bestStart + bestLength, 8)}`;
}
