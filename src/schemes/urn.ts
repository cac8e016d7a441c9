// RFC 8141: URNs' record by grammar/urn.abnf (value: ./built-in.ts): §2 syntax (NID, NSS, r-, q-, f-components), §3 equivalence; the
// "uuid" namespace (grammar/urn-uuid.abnf, RFC 9562 §4: variant §4.1, version §4.2), compared case-insensitively.
import { urnSchemeGrammar, uuidSchemeGrammar } from "../compiled/scheme-grammars.js";
import * as make from "../ast/make.js";
import type { Uri } from "../ast/nodes.js";
import type { CompiledRule } from "../compiled/dfa.js";
import { validateWith } from "../core/match.js";
import { compiledRules, deepFreeze, shiftedError, type SchemeDefinition, type SchemeInput } from "./kernel.js";
import type { SchemeGrammarSource } from "./precompiled.js";
import { normalizePercent } from "../transforms/normalize.js";

/** RFC 9562 §4's UUID, compiled. */
const uuidRule = (): CompiledRule => compiledRules(uuidSchemeGrammar)("UUID");

/** RFC 9562 §4.1, Table 1: the variant field, from the high bits of octet 8. */
export type UuidVariant =
  /** 0xxx: reserved, NCS backward compatibility (the Nil UUID). */
  | "ncs"
  /** 10xx: the variant RFC 9562 specifies. */
  | "rfc9562"
  /** 110x: reserved, Microsoft backward compatibility. */
  | "microsoft"
  /** 111x: reserved for future definition (the Max UUID). */
  | "future";

/** A UUID (RFC 9562 §4) as a URN's NSS holds it. */
export interface Uuid {
  /** As written. */
  readonly text: string;
  /** The 32 hex digits, lowercase, without dashes: the 16 octets, most significant first. */
  readonly hex: string;
  /** The version field (RFC 9562 §4.2): the high 4 bits of octet 6, 0–15 (meaningful for the RFC 9562 variant). */
  readonly version: number;
  readonly variant: UuidVariant;
  /** RFC 9562 §5.9: all 128 bits zero. */
  readonly nil: boolean;
  /** RFC 9562 §5.10: all 128 bits one. */
  readonly max: boolean;
}

/** A URN (RFC 8141 §2). Text is as written (still percent-encoded). */
export interface UrnUri {
  readonly kind: "urn";
  /** The namespace identifier as written; compare it lowercase (§2.1: case-insensitive). */
  readonly nid: string;
  /** The namespace specific string as written. */
  readonly nss: string;
  /** After "?+" (§2.3.1), up to "?=" or the end; `undefined` when there is none. */
  readonly rComponent: string | undefined;
  /** After "?=" (§2.3.2); `undefined` when there is none. */
  readonly qComponent: string | undefined;
  /** The fragment (§2.3.3); `undefined` when there is none. */
  readonly fComponent: string | undefined;
  /** For the "uuid" NID (RFC 9562 §4, Figure 4): the UUID. */
  readonly uuid: Uuid | undefined;
}

const VARIANTS: readonly UuidVariant[] = ["ncs", "ncs", "ncs", "ncs", "ncs", "ncs", "ncs", "ncs", "rfc9562", "rfc9562", "rfc9562", "rfc9562", "microsoft", "microsoft", "future", "future"];

/**
 * The fields of a UUID string (RFC 9562 §4), or `undefined` when `text` is not one.
 *
 * @example
 * parseUuid("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")?.version; // 1
 */
export function parseUuid(text: string): Uuid | undefined {
  if (typeof text !== "string" || !uuidRule().test(text)) return undefined;
  const hex = text.replace(/-/g, "").toLowerCase();
  return deepFreeze({
    text,
    hex,
    version: parseInt(hex.charAt(12), 16),
    variant: VARIANTS[parseInt(hex.charAt(16), 16)] as UuidVariant,
    nil: /^0+$/.test(hex),
    max: /^f+$/.test(hex),
  });
}

function buildUrn(input: SchemeInput): UrnUri {
  const { text, uri } = input;
  // assigned-name = "urn" ":" NID ":" NSS; the NSS holds no "?" (pchar, "/")
  const nidEnd = text.indexOf(":", 4);
  const nid = text.slice(4, nidEnd);
  const ask = text.indexOf("?", nidEnd);
  const nssEnd = ask < 0 ? text.length : ask;
  const nss = text.slice(nidEnd + 1, nssEnd);
  // Appendix C item 2: experimental namespaces ("X-" NIDs of RFC 3406) are removed, and "strings
  // conforming to URN syntax within experimental URN namespaces are not valid URNs"
  if (/^x-/i.test(nid)) {
    input.fail({
      code: "experimental-nid",
      offset: 4,
      rule: "NID",
      section: "RFC 8141 Appendix C",
      message: `the NID ${JSON.stringify(nid)} is an experimental namespace ("X-"), which RFC 8141 removed: such strings are not valid URNs (use the "example" namespace, RFC 6963)`,
    });
  }
  // §2.3.1: "The r-component ends with a "?=" sequence ... or a "#" character"; §2.3.2: the
  // q-component ends with "#".
  let rComponent: string | undefined;
  let qComponent: string | undefined;
  if (text.startsWith("?+", nssEnd)) {
    const q = text.indexOf("?=", nssEnd + 2);
    rComponent = text.slice(nssEnd + 2, q < 0 ? text.length : q);
    if (q >= 0) qComponent = text.slice(q + 2);
  } else if (text.startsWith("?=", nssEnd)) qComponent = text.slice(nssEnd + 2);
  for (const [value, rule, at, section] of [
    [rComponent, "r-component", nssEnd + 2, "RFC 8141 §2.3.1"],
    [qComponent, "q-component", text.length - (qComponent?.length ?? 0), "RFC 8141 §2.3.2"],
  ] as const) {
    if (value === undefined) continue;
    const v = validateWith(urnDefinition.matcherOf(rule), value);
    if (!v.ok) {
      const e = shiftedError(v.error, input.input, at);
      input.fail({ code: "syntax", offset: e.offset, rule, expected: e.expected, section, message: `the r-component ends at the first "?=" after "?+"; what follows does not match ${rule}`, syntaxError: e });
    }
  }
  let uuid: Uuid | undefined;
  if (nid.toLowerCase() === "uuid") {
    uuid = parseUuid(nss);
    if (uuid === undefined) {
      const v = validateWith(uuidRule(), nss);
      const e = v.ok ? undefined : shiftedError(v.error, input.input, nidEnd + 1);
      input.fail({ code: "invalid-uuid", offset: e?.offset ?? nidEnd + 1, rule: "UUID", expected: e?.expected ?? [], section: "RFC 9562 §4", syntaxError: e });
    }
  }
  return deepFreeze({ kind: "urn", nid, nss, rComponent, qComponent, fComponent: uri.fragment, uuid });
}

/** The NSS in its §3 comparison form: percent-encodings uppercase; a UUID (RFC 9562 §4: either case) lowercase. */
const comparableNss = (u: UrnUri): string => (u.uuid === undefined ? normalizePercent(u.nss, false, true) : u.nss.toLowerCase());

/** The definition of the "urn" scheme (RFC 8141): what `urn` (src/schemes/built-in.ts) is with its grammar. */
export const urnDefinition: SchemeDefinition<UrnUri> = {
  name: "urn",
  rule: "namestring",
  fragment: "allowed",
  matcherOf: compiledRules(urnSchemeGrammar),
  section: "RFC 8141 §2",
  normalizeOptions: { percentEncoding: false, dotSegments: false },
  build: buildUrn,
  normalize(uri: Uri, value: UrnUri): Uri {
    const text = `${value.nid.toLowerCase()}:${comparableNss(value)}`;
    if (text === uri.path.text) return uri;
    return make.uriReference({ scheme: uri.scheme, authority: undefined, path: make.path("path-rootless", text), query: uri.query, fragment: uri.fragment }) as Uri;
  },
  equivalentKey(value: UrnUri): string {
    return `urn:${value.nid.toLowerCase()}:${comparableNss(value)}`;
  },
};

/** grammar/urn.abnf: RFC 8141 §2, with RFC 3986's pchar and fragment. */
export const urnSource: SchemeGrammarSource = { file: "urn.abnf", name: "RFC 8141 §2", rfc3986: ["pchar", "fragment"], departures: [] };

/** grammar/urn-uuid.abnf: the UUID string of RFC 9562 §4. */
export const uuidSource: SchemeGrammarSource = { file: "urn-uuid.abnf", name: "RFC 9562 §4", rfc3986: [], departures: [] };
