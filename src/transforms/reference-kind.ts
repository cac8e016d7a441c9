// RFC 3986 §4.1–§4.4: the kinds of URI reference (URI, network-path, absolute-path,
// relative-path) and the same-document reference, by syntax or against a base (§5.2).
import type { Uri, UriReference } from "../ast/nodes.js";
import { resolveReference } from "./resolve.js";
import { serializeNode, withoutFragment } from "./serialize.js";

/** The kind of a URI reference: §4.1 (URI), §4.2 (the three relative kinds), §4.4 (same-document). */
export type ReferenceKind = "URI" | "network-path" | "absolute-path" | "relative-path" | "same-document";

/**
 * The kind of a URI reference (RFC 3986 §4.1–§4.4):
 * - `"same-document"` (§4.4): a relative reference with an empty path and no query, i.e. `""` or
 *   `"#fragment"`. With a `base`, also any reference whose target (§5.2, strict) is the base
 *   apart from the fragment, compared as written (no §6 normalization): `"?q"` or `"d;p?q"`
 *   against `"http://a/b/c/d;p?q"`, or the base URI itself. A fragment of the base is ignored.
 * - `"URI"` (§4.1, §4.3): it has a scheme, with or without a fragment.
 * - `"network-path"` (§4.2): a relative reference that begins with "//".
 * - `"absolute-path"` (§4.2): one that begins with a single "/".
 * - `"relative-path"` (§4.2): any other relative reference.
 * `ref` is a reference node and `base` a URI node (§5.1): operations.ts `referenceKind` reads them
 * and throws the `TypeError` for anything else.
 *
 * @example
 * referenceKindOfNode(parseOrThrow("#top"));     // "same-document"
 * referenceKindOfNode(parseOrThrow("//h/x"));    // "network-path"
 * referenceKindOfNode(parseOrThrow("?q"), parseRuleOrThrow("http://a/b?q", "URI")); // "same-document"
 */
export function referenceKindOfNode(ref: UriReference, base?: Uri): ReferenceKind {
  if (base !== undefined) {
    // §4.4: "aside from its fragment component (if any), identical to the base URI".
    const stripped = withoutFragment(base);
    const r = resolveReference(stripped, ref);
    if (r.ok && serializeNode(withoutFragment(r.value)) === serializeNode(stripped)) return "same-document";
  }
  // §4.1: a reference with a scheme is a URI.
  if (ref.scheme !== undefined) return "URI";
  // §4.2: "//" begins a network-path reference ...
  if (ref.authority !== undefined) return "network-path";
  // ... a single "/" an absolute-path reference ...
  if (ref.path.text.charCodeAt(0) === 0x2f) return "absolute-path";
  // §4.4: an empty reference, or one with only a fragment.
  if (ref.path.text === "" && ref.query === undefined) return "same-document";
  // §4.2: anything else is a relative-path reference.
  return "relative-path";
}
