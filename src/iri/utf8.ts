// RFC 3987 §3.2 steps 2–5 over component text: percent-encoded octets decoded when they form well-formed UTF-8 of a character allowed where it
// stands; of ASCII, only unreserved characters, only when asked (step 2). §3.1 step 2's encoding: transforms/percent.ts encodeNonAscii.
import { octetAt, triplet } from "../percent-encoding.js";
import { utf8Lead, UTF8_LEAD_BITS } from "../utf8-table.js";
import { inTable, unreservedTable } from "../charsets.js";

/**
 * The well-formed UTF-8 sequence whose lead triplet is at `i`, packed in one number: its code
 * point shifted left by two, or'd with its count of continuation octets (it ends at
 * `i + 3 * (count + 1)`); -1 for none (a lead octet that starts none, or a sequence cut short).
 * A number, not an object: decodeWhere reads one a decoded character.
 */
function packedSequenceAt(text: string, i: number): number {
  const lead = octetAt(text, i);
  const sequence = utf8Lead(lead); // RFC 3629 §4, the one table (src/utf8-table.ts)
  const count = sequence[0];
  if (count === 0) return -1;
  const lo = sequence[1];
  const hi = sequence[2];
  let cp = lead & (UTF8_LEAD_BITS[count] as number);
  let at = i + 3;
  for (let k = 0; k < count; k++, at += 3) {
    const b = octetAt(text, at);
    if (k === 0 ? b < lo || b > hi : b < 0x80 || b > 0xbf) return -1;
    cp = (cp << 6) | (b & 0x3f);
  }
  return (cp << 2) | count;
}

/**
 * §3.2 on one component's text: each percent-encoded UTF-8 sequence that is well-formed (step 3)
 * and whose character `accept` takes (step 4) becomes that character (step 5). Every other octet
 * of 0x80 or more stays encoded, written in uppercase as §3.2.1's third example shows. A triplet
 * of an ASCII octet stays exactly as written, except that with `unreserved` an unreserved
 * character is decoded (step 2 decodes every ASCII octet but "%", the reserved characters and
 * those not allowed in URIs, which leaves exactly RFC 3986's unreserved set).
 *
 * Triplets decoded in a row are decoded as one run by decodeURIComponent (each sequence of the run
 * is well-formed UTF-8, so it reads them as this function does and never throws), not a string
 * and a concatenation a character: 1 MB of "%CC%81" made two million small strings on the heap,
 * and the time a character grew with the input.
 */
export function decodeWhere(text: string, accept: (cp: number) => boolean, unreserved = false): string {
  let p = text.indexOf("%");
  if (p < 0) return text;
  let out = text.slice(0, p);
  const n = text.length;
  let run = -1; // where the triplets decoded in a row begin, or -1
  while (p < n) {
    const b = octetAt(text, p);
    let end = p + 3;
    let decoded = false;
    if (unreserved && b >= 0 && inTable(unreservedTable, b)) decoded = true; // RFC 3986 §2.3
    else if (b < 0x80) end = b < 0 ? p + 1 : p + 3; // not a triplet (never in valid text), or another ASCII octet: as it stands
    else {
      const seq = packedSequenceAt(text, p);
      if (seq >= 0) end = p + 3 * ((seq & 3) + 1);
      decoded = seq >= 0 && accept(seq >> 2);
    }
    if (decoded) {
      if (run < 0) run = p;
    } else {
      if (run >= 0) out += decodeURIComponent(text.slice(run, p));
      run = -1;
      // an ASCII octet as written; of 0x80 or more, each octet in uppercase (step 3: not part of
      // a well-formed sequence, its lead alone; or a character not taken)
      if (b < 0x80) out += text.slice(p, end);
      else for (let q = p; q < end; q += 3) out += triplet(octetAt(text, q));
    }
    p = end;
    if (p < n && text.charCodeAt(p) !== 0x25) {
      // text up to the next "%" as it stands (looked for only when a "%" does not follow at once)
      const next = text.indexOf("%", p);
      const stop = next < 0 ? n : next;
      if (run >= 0) out += decodeURIComponent(text.slice(run, p));
      run = -1;
      out += text.slice(p, stop);
      p = stop;
    }
  }
  return run >= 0 ? out + decodeURIComponent(text.slice(run, p)) : out;
}
