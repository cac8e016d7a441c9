// RFC 3986 §6.2 comparison ladder: §6.2.1 simple string comparison, §6.2.2 syntax-based and
// §6.2.3 scheme-based normalization before comparing.
import type { UriReference } from "../ast/nodes.js";
import { mapComponents, normalizeReference, toNfc, type NormalizeOptions, type SchemeNormalizations } from "./normalize.js";
import { encodeNonAscii } from "./percent.js";
import { serializeNode, withoutFragment } from "./serialize.js";
import { NON_ASCII } from "../charsets.js";

/** The rungs of the RFC 3986 §6.2 ladder this package climbs. */
export type EquivalenceLevel = "simple" | "syntax" | "scheme";

/** Options of {@link equivalentReferences}. */
export interface EquivalenceOptions {
  /**
   * `"simple"`: the two references recomposed (§5.3) are the same string (§6.2.1).
   * `"syntax"`: the same after §6.2.2 normalization (case, percent-encoding, dot segments).
   * `"scheme"` (the default, the highest rung that needs no network access): the same after
   * §6.2.2 and §6.2.3 normalization (empty and default ports, empty path), with `schemes`.
   */
  readonly level?: EquivalenceLevel | undefined;
  /** The scheme definitions of the `"scheme"` level; `defaultSchemeNormalizations` when left out. */
  readonly schemes?: SchemeNormalizations | undefined;
  /**
   * `"rfc5952"`: IPv6 hosts compare by value, through their RFC 5952 form (`[::1]` is
   * `[0::1]`); the default at the `"scheme"` level. `"keep"`: as written (case aside); the
   * default at the `"syntax"` level.
   */
  readonly ipv6?: "keep" | "rfc5952" | undefined;
  /** RFC 3987 §5.3.2.2, opt-in: compare the characters in Unicode Normalization Form C (both levels above `"simple"`). */
  readonly nfc?: boolean | undefined;
  /** `true`: leave fragments out of the comparison, as §6.1 advises when the comparison selects a network action. */
  readonly ignoreFragment?: boolean | undefined;
}

const SYNTAX_ONLY: NormalizeOptions = /* @__PURE__ */ Object.freeze({ emptyPort: false, defaultPort: false, emptyPath: false });

/** RFC 3987 §3.1's character mapping, for comparison only: every non-ASCII character UTF-8 percent-encoded. */
const toUri = (r: UriReference): UriReference => (NON_ASCII.test(serializeNode(r)) ? mapComponents(r, (_, t) => encodeNonAscii(t)) : r);

/**
 * A reference as the comparison above `"simple"` sees it (RFC 3987 §5.3.2.3): in NFC when asked
 * (§5.3.2.2, as `toNfc` puts it: no delimiter made or swallowed, so no false positive, §5.1),
 * then mapped to a URI (§3.1).
 */
export const comparable = (r: UriReference, nfc: boolean): UriReference => toUri(nfc ? toNfc(r) : r);

/**
 * Whether two URI references are equivalent at a rung of RFC 3986's comparison ladder (§6.2),
 * by comparing their normal forms; so it is reflexive, symmetric and transitive. A `false`
 * can be a false negative (§6.1), a `true` never is a false positive. Relative references are
 * compared as they are; resolve them first to compare their targets (§6.1).
 *
 * @example
 * equivalentReferences(parseOrThrow("example://a/b/c/%7Bfoo%7D"), parseOrThrow("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")); // true
 */
export function equivalentReferences(a: UriReference, b: UriReference, options: EquivalenceOptions = {}): boolean {
  const x = options.ignoreFragment === true ? withoutFragment(a) : a;
  const y = options.ignoreFragment === true ? withoutFragment(b) : b;
  const level = options.level ?? "scheme";
  if (level === "simple") return serializeNode(x) === serializeNode(y);
  // An IP literal is one address however it is written: compared by value from the scheme rung
  // up (RFC 3986 §6.2.3 lets scheme-based normalization use what it knows of the host).
  const ipv6 = options.ipv6 ?? (level === "scheme" ? "rfc5952" : "keep");
  const normal: NormalizeOptions =
    level === "syntax" ? { ...SYNTAX_ONLY, ipv6 } : options.schemes === undefined ? { ipv6 } : { schemes: options.schemes, ipv6 };
  // RFC 3987 §5.3.2.3: above simple comparison, percent-encoding is aligned by mapping IRIs to
  // URIs (§3.1); simple comparison must not map (§5.3.1).
  const nfc = options.nfc === true;
  return serializeNode(normalizeReference(comparable(x, nfc), normal)) === serializeNode(normalizeReference(comparable(y, nfc), normal));
}
