// RFC 3629 §4: which octet sequences are UTF-8, one table every floor reads (percent-decoding, the IRI mappings, the CLI's line reader, templates).
// No imports: the command line reads it before it loads anything else.

/** A lead octet's sequence: its count of continuation octets and the bounds of its second octet. */
export type Utf8Lead = readonly [count: 0 | 1 | 2 | 3, lowest: number, highest: number];

const NO_SEQUENCE: Utf8Lead = /* @__PURE__ */ Object.freeze([0, 0, 0] as const);
const TWO: Utf8Lead = /* @__PURE__ */ Object.freeze([1, 0x80, 0xbf] as const);
const THREE: Utf8Lead = /* @__PURE__ */ Object.freeze([2, 0x80, 0xbf] as const);
const THREE_E0: Utf8Lead = /* @__PURE__ */ Object.freeze([2, 0xa0, 0xbf] as const); // no overlong forms
const THREE_ED: Utf8Lead = /* @__PURE__ */ Object.freeze([2, 0x80, 0x9f] as const); // no surrogates
const FOUR: Utf8Lead = /* @__PURE__ */ Object.freeze([3, 0x80, 0xbf] as const);
const FOUR_F0: Utf8Lead = /* @__PURE__ */ Object.freeze([3, 0x90, 0xbf] as const); // no overlong forms
const FOUR_F4: Utf8Lead = /* @__PURE__ */ Object.freeze([3, 0x80, 0x8f] as const); // nothing above U+10FFFF

/**
 * The UTF-8 validity table (RFC 3629 §4, the one copy every floor reads): what a well-formed
 * sequence that begins with octet `lead` is, as `[count of continuation octets, lowest second
 * octet, highest second octet]` (the octets after the second lie in 0x80–0xBF). Count 0: `lead`
 * begins no sequence (0x80–0xC1 and 0xF5–0xFF; RFC 3629 §10: no overlong "/" as %C0%AF).
 */
export function utf8Lead(lead: number): Utf8Lead {
  if (lead < 0xc2 || lead > 0xf4) return NO_SEQUENCE;
  if (lead <= 0xdf) return TWO;
  if (lead <= 0xef) return lead === 0xe0 ? THREE_E0 : lead === 0xed ? THREE_ED : THREE;
  return lead === 0xf0 ? FOUR_F0 : lead === 0xf4 ? FOUR_F4 : FOUR;
}

/** The bits of a lead octet that its code point keeps, by count of continuation octets. */
export const UTF8_LEAD_BITS: readonly number[] = /* @__PURE__ */ Object.freeze([0x7f, 0x1f, 0x0f, 0x07]);

