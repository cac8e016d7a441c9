// RFC 3987 §3.2 steps 2–5 over component text: percent-encoded octets decoded when they form well-formed UTF-8 of a character allowed where it
// stands; of ASCII, only unreserved characters, only when asked (step 2). §3.1 step 2's encoding: transforms/percent.ts encodeNonAscii.
import { octetAt, triplet } from "../percent-encoding.js";
import { utf8Lead, UTF8_LEAD_BITS } from "../utf8-table.js";
import { inTable, unreservedTable } from "../charsets.js";

/**
 * The well-formed UTF-8 sequence whose lead triplet is at `i`: its code point and where it
 * ends, or `undefined` (a lead octet that starts none, or a sequence cut short).
 */
export function sequenceAt(text: string, i: number): { readonly cp: number; readonly end: number } | undefined {
  const lead = octetAt(text, i);
  const [count, lo, hi] = utf8Lead(lead); // RFC 3629 §4, the one table (src/utf8-table.ts)
  if (count === 0) return undefined;
  let cp = lead & (UTF8_LEAD_BITS[count] as number);
  let at = i + 3;
  for (let k = 0; k < count; k++, at += 3) {
    const b = octetAt(text, at);
    if (k === 0 ? b < lo || b > hi : b < 0x80 || b > 0xbf) return undefined;
    cp = (cp << 6) | (b & 0x3f);
  }
  return { cp, end: at };
}

/**
 * §3.2 on one component's text: each percent-encoded UTF-8 sequence that is well-formed (step 3)
 * and whose character `accept` takes (step 4) becomes that character (step 5). Every other octet
 * of 0x80 or more stays encoded, written in uppercase as §3.2.1's third example shows. A triplet
 * of an ASCII octet stays exactly as written, except that with `unreserved` an unreserved
 * character is decoded (step 2 decodes every ASCII octet but "%", the reserved characters and
 * those not allowed in URIs, which leaves exactly RFC 3986's unreserved set).
 */
export function decodeWhere(text: string, accept: (cp: number) => boolean, unreserved = false): string {
  let p = text.indexOf("%");
  if (p < 0) return text;
  let out = text.slice(0, p);
  const n = text.length;
  while (p < n) {
    const b = octetAt(text, p);
    if (unreserved && b >= 0 && inTable(unreservedTable, b)) { // RFC 3986 §2.3
      out += String.fromCharCode(b);
      p += 3;
    } else if (b < 0x80) {
      // Not a triplet (never in valid text), or another ASCII octet: as it stands.
      out += text.slice(p, p + (b < 0 ? 1 : 3));
      p += b < 0 ? 1 : 3;
    } else {
      const seq = sequenceAt(text, p);
      if (seq !== undefined && accept(seq.cp)) {
        out += String.fromCodePoint(seq.cp);
        p = seq.end;
      } else if (seq !== undefined) {
        for (; p < seq.end; p += 3) out += triplet(octetAt(text, p));
      } else {
        out += triplet(b); // step 3: not part of a well-formed sequence
        p += 3;
      }
    }
    const next = text.indexOf("%", p);
    const end = next < 0 ? n : next;
    out += text.slice(p, end);
    p = end;
  }
  return out;
}
