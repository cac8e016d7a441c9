// RFC 3629 §4: which octet sequences are UTF-8, one table every floor reads (percent-decoding, the IRI mappings, the CLI's line reader, templates).
// No imports: the command line reads it before it loads anything else.

/** A lead octet's sequence: its count of continuation octets and the bounds of its second octet. */
export type Utf8Lead = readonly [count: 0 | 1 | 2 | 3, lowest: number, highest: number];

const NO_SEQUENCE: Utf8Lead = /* @__PURE__ */ Object.freeze([0, 0, 0] as const);

/**
 * The sequences of the lead octets 0xC2-0xF4: two octets below 0xE0, three below 0xF0, else
 * four; the second octet in 0x80-0xBF but after 0xE0 and 0xF0 (no overlong forms: 0xA0, 0x90 up),
 * 0xED (no surrogates: up to 0x9F) and 0xF4 (nothing above U+10FFFF: up to 0x8F). The length is
 * written as a number: esbuild keeps a pure call whose argument holds arithmetic (`0xf5 - 0xc2`)
 * in a bundle that does not use it (test/package.test.ts, the merged chunk free of side effects).
 */
const LEADS: readonly Utf8Lead[] = /* @__PURE__ */ Array.from({ length: 51 /* 0xC2-0xF4 */ }, (_, i) => {
  const b = i + 0xc2;
  return Object.freeze([b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3, b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80, b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf] as const);
});

/**
 * The UTF-8 validity table (RFC 3629 §4, the one copy every floor reads): what a well-formed
 * sequence that begins with octet `lead` is, as `[count of continuation octets, lowest second
 * octet, highest second octet]` (the octets after the second lie in 0x80–0xBF). Count 0: `lead`
 * begins no sequence (0x80–0xC1 and 0xF5–0xFF; RFC 3629 §10: no overlong "/" as %C0%AF).
 */
export function utf8Lead(lead: number): Utf8Lead {
  return lead < 0xc2 || lead > 0xf4 ? NO_SEQUENCE : (LEADS[lead - 0xc2] as Utf8Lead);
}

/** The bits of a lead octet that its code point keeps, by count of continuation octets. */
export const UTF8_LEAD_BITS: readonly number[] = /* @__PURE__ */ Object.freeze([0x7f, 0x1f, 0x0f, 0x07]);

