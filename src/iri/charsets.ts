// RFC 3987 §2.2: the characters each IRI component allows besides `pct-encoded` triplets, and
// RFC 3986 §3's for the same components, read from the grammar values as data (never restated).
// `ucschar` and `iprivate` are the two rules RFC 3987 adds; iquery alone admits iprivate.
import { hasCodePoint, type CodePointSet } from "../abnf/charset.js";
import { codePointSets } from "../charsets.js";
import { rfc3987 } from "../grammars/rfc3987/index.js";

/** The components of a reference that hold characters of their own (scheme and port are ASCII only). */
export type IriComponent = "userinfo" | "host" | "path" | "query" | "fragment";

const PCT: ReadonlySet<string> = new Set(["pct-encoded"]);
const inside = (name: string): CodePointSet => rfc3987.analysis.charsInside({ type: "ref", name }, PCT);

/** The two character classes RFC 3987 §2.2 adds: `ucschar` (in iunreserved) and `iprivate` (iquery only). */
export const ucschar: CodePointSet = inside("ucschar");
export const iprivate: CodePointSet = inside("iprivate");

/** What one component allows, as RFC 3986 and as RFC 3987 have it. */
export interface ComponentSets {
  readonly uri: CodePointSet;
  readonly iri: CodePointSet;
}

/**
 * By component: the single characters its rule allows besides `pct-encoded` (for the path, a
 * segment's characters and "/"; for the host, `reg-name`'s). `segmentNzNc` is the first segment
 * of a relative path, which may not hold ":" (RFC 3986 §4.2).
 */
export const componentSets: Readonly<Record<IriComponent | "segmentNzNc", ComponentSets>> = Object.freeze({
  userinfo: { uri: codePointSets.userinfo, iri: inside("iuserinfo") },
  host: { uri: codePointSets["reg-name"], iri: inside("ireg-name") },
  path: { uri: codePointSets.path, iri: inside("ipath") },
  segmentNzNc: { uri: codePointSets["segment-nz-nc"], iri: inside("isegment-nz-nc") },
  query: { uri: codePointSets.query, iri: inside("iquery") },
  fragment: { uri: codePointSets.fragment, iri: inside("ifragment") },
});

export { hasCodePoint };
export type { CodePointSet };
