// The operations of uri-grammar/schemes that take a registry beside the main entry's (`{ schemes }`): the RFC 3986 §6.2.3
// equivalence key, and the registry as the scheme definitions normalization reads.
import { readOptions } from "../describe.js";
import { layoutOf, referenceNodeText } from "../ast/make.js";
import type { UriReference } from "../ast/nodes.js";
import { referenceOrThrow, referenceTextLayout } from "../core/args.js";
import type { SchemeNormalization } from "../transforms/normalize.js";
import { equivalenceKeyWithRules, normalEquivalenceKey, normalizationsOfSchemes, type EquivalenceKeyOptions } from "../transforms/scheme-rules.js";
import { defaultRegistry } from "./built-in.js";
import { readSchemes } from "../core/schemes-option.js";
import type { SchemeRegistry } from "./registry.js";
import type { Scheme } from "./scheme.js";

/** The argument `schemes`, read as `options.schemes` is (one policy): a registry, or a list of schemes read as createRegistry reads one. */
const schemesArgument = (x: unknown, caller: string): SchemeRegistry => readSchemes(x, caller, "schemes") as SchemeRegistry;

/**
 * The schemes (a registry, or a list of schemes) as the §6.2.3 scheme definitions `normalize` takes today (`{ schemes }`): each
 * scheme's default port and whether an empty path means "/", by lowercase name.
 */
export function toSchemeNormalizations(schemes: SchemeRegistry | readonly Scheme[] = defaultRegistry): ReadonlyMap<string, SchemeNormalization> {
  return normalizationsOfSchemes(schemesArgument(schemes, "toSchemeNormalizations"));
}

export type { EquivalenceKeyOptions };

/** The fields of equivalenceKey's options (one object: the key is made once per URI of a dedupe). */
const KEY_FIELDS = { ignoreFragment: "boolean", ipv6: ["keep", "rfc5952"], nfc: "boolean" } as const;

/**
 * What equivalence compares (RFC 3986 §6.2.3 with the schemes given, a registry or a list of schemes): for a URI valid under
 * a scheme that defines one (urn, mailto, tel), or whose normal form is (`"tel:+%31"`, RFC 3986
 * §6.2.2), the scheme's key (RFC 8141 §3, RFC 6068 §2, RFC 3966 §4); otherwise the text of its
 * normal form (`normalize(s, { schemes })`, IP literals by value). Two references are equivalent when their keys are equal, so equivalence is an
 * equivalence relation. A string that is no URI reference throws its UriSyntaxError.
 *
 * @example
 * equivalenceKey("URN:EXAMPLE:a123,z456?=xyz") === equivalenceKey("urn:example:a123,z456#789"); // true
 */
export function equivalenceKey(input: string | UriReference, schemes: SchemeRegistry | readonly Scheme[] = defaultRegistry, options?: EquivalenceKeyOptions): string {
  const reg = schemesArgument(schemes, "equivalenceKey");
  const o = readOptions<EquivalenceKeyOptions>(options, "equivalenceKey", KEY_FIELDS);
  // the usual case (a dedupe's every URI): a reference in normal form is its own key, read off its
  // offsets (a string's run, a node's private state) without making a node or reading a getter;
  // anything else, and a node a program defined properties on, goes the whole way
  const L = typeof input === "string" ? referenceTextLayout(input) : referenceNodeText(input) !== undefined ? layoutOf(input) : undefined;
  const key = L === undefined ? undefined : normalEquivalenceKey(L, reg, o);
  return key ?? equivalenceKeyWithRules(referenceOrThrow(input, "input", equivalenceKey), reg, o);
}
