// RFC 7595 §3.2: a scheme's syntax refines the generic syntax, so a URI is parsed under RFC 3986, then under its scheme when a registry (a value
// passed in, made by src/schemes/registry.ts) has it. The core knows registries only by this shape.
import type { Parsed, Uri, UriReference } from "../ast/nodes.js";
import type { Result } from "../result.js";

/** What `parse(input, { schemes })` gives for a URI reference valid under RFC 3986. */
export interface SchemeParse<V = unknown, E extends Error = Error> {
  /** The generic RFC 3986 AST, always there. */
  readonly generic: Parsed<UriReference>;
  /** The scheme's typed value; `undefined` when the registry has no scheme of that name, for a relative reference, or when `schemeError` is set. */
  readonly scheme: V | undefined;
  /** Why the URI is not valid under its scheme (the generic AST stays valid); `undefined` otherwise. */
  readonly schemeError: E | undefined;
}

/** What the core asks of a registry: the scheme of a name, which reads a parsed URI. */
interface RegistryShape<V, E extends Error> {
  get(name: string): { fromUri(uri: Parsed<Uri>, input: string): Result<V, E> } | undefined;
}

/** The generic node `generic` of `input`, judged by the registry's scheme of its name, if any. */
export function schemeParse<V, E extends Error>(generic: Parsed<UriReference>, input: string, registry: RegistryShape<V, E>): SchemeParse<V, E> {
  const s = generic.kind === "URI" ? registry.get(generic.scheme) : undefined;
  if (s === undefined) return Object.freeze({ generic, scheme: undefined, schemeError: undefined });
  const r = s.fromUri(generic as Parsed<Uri>, input);
  return Object.freeze(r.ok ? { generic, scheme: r.value, schemeError: undefined } : { generic, scheme: undefined, schemeError: r.error });
}
