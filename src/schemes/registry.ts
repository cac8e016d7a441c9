// A registry of schemes (RFC 3986 §3.1: names are case-insensitive): an immutable value passed to parse, normalize and
// equivalent; no global table, no registration by importing: `with` makes a new registry.
import { describeValue } from "../describe.js";
import { isBrandedRegistry, markRegistry, schemeOperations } from "../core/brand.js";
import { twoSchemesNamed } from "../core/schemes-option.js";
import type { SchemeParse as CoreSchemeParse } from "../core/scheme-parse.js";
import type { Scheme } from "./scheme.js";
import { SCHEME_OPERATIONS, type SchemeError } from "./kernel.js";

/** What `parse(input, { schemes })` gives for a URI reference valid under RFC 3986. */
export type SchemeParse<V = unknown> = CoreSchemeParse<V, SchemeError>;

/** The value type of a scheme, or the union of them for a union of schemes. */
export type SchemeValue<S> = S extends Scheme<infer V> ? V : never;

/**
 * An immutable set of schemes by name. Make one with {@link createRegistry}. `V` is the union of
 * the schemes' value types (what `parse(input, { schemes })` may give as `scheme`): narrow it by
 * its `kind`.
 */
export interface SchemeRegistry<V = unknown> extends Iterable<Scheme<V>> {
  /** The schemes' names, lowercase, in the order they were given. */
  readonly names: readonly string[];
  /** The scheme of that name (case-insensitive, RFC 3986 §3.1), or `undefined`. */
  get(name: string): Scheme<V> | undefined;
  /** True when the registry has a scheme of that name. */
  has(name: string): boolean;
  /** A new registry with these schemes added; a scheme of the same name as one already there replaces it. */
  with<const T extends readonly Scheme<unknown>[]>(...schemes: T): SchemeRegistry<V | SchemeValue<T[number]>>;
  /** A new registry without the schemes of these names. */
  without(...names: string[]): SchemeRegistry<V>;
}

class Registry implements SchemeRegistry {
  // the value type is a compile-time promise made by createRegistry and with; at run time a
  // registry holds schemes of any value
  readonly names: readonly string[];
  readonly #byName: ReadonlyMap<string, Scheme>;

  /** @internal Use {@link createRegistry}: it checks each scheme. */
  constructor(token: symbol, byName: ReadonlyMap<string, Scheme>) {
    if (token !== MADE) throw new TypeError("SchemeRegistry: make registries with createRegistry (or a registry's with or without)");
    this.#byName = byName;
    this.names = Object.freeze([...byName.keys()]);
    markRegistry(this, SCHEME_OPERATIONS);
    Object.freeze(this);
  }

  get(name: string): Scheme | undefined {
    return typeof name === "string" ? this.#byName.get(name.toLowerCase()) : undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  with<const T extends readonly Scheme<unknown>[]>(...schemes: T): SchemeRegistry<unknown> {
    const next = new Map(this.#byName);
    for (const s of schemes) {
      checkScheme(s, "with");
      next.delete(s.name);
      next.set(s.name, s);
    }
    return new RegistryClass(MADE, next);
  }

  without(...names: string[]): SchemeRegistry {
    const next = new Map(this.#byName);
    for (const n of names) {
      if (typeof n !== "string") throw new TypeError(`without: every argument must be a scheme name (a string), got ${describeValue(n)}`);
      next.delete(n.toLowerCase());
    }
    return new RegistryClass(MADE, next);
  }

  [Symbol.iterator](): Iterator<Scheme> {
    return this.#byName.values();
  }
}

// The class as its own body names it: esbuild (scripts/bundle.mjs) renames a class whose body
// names it to `_Registry`, the name console.log, stack traces and `.name` would then show.
const RegistryClass = Registry;
/** What the module passes its own constructor calls: a program's `new (registry.constructor)(…)` is refused. */
const MADE = Symbol("SchemeRegistry");

function checkScheme(s: unknown, caller: string): asserts s is Scheme {
  // a scheme record (defineScheme's, or a built-in scheme) by its brand: a frozen look-alike with a name and a fromUri, a Proxy of a scheme or a copy of its prototype would fail later, in the library's code
  if (typeof s !== "object" || s === null || schemeOperations(s) === undefined) {
    throw new TypeError(`${caller}: every scheme must be made by defineScheme, got ${describeValue(s)}`);
  }
}

/**
 * A registry of the given schemes. Two schemes of the same name are a TypeError (use `with` to
 * replace one).
 *
 * @example
 * const schemes = createRegistry([http, https, mailto]);
 * schemes.get("HTTP") === http; // true
 * const more = schemes.with(urn); // schemes is unchanged
 */
export function createRegistry<S extends Scheme<unknown> = Scheme<never>>(schemes: Iterable<S> = []): SchemeRegistry<SchemeValue<S>> {
  if (typeof schemes !== "object" || schemes === null || typeof (schemes as Iterable<unknown>)[Symbol.iterator] !== "function") {
    throw new TypeError(`createRegistry: the argument "schemes" must be an iterable of schemes, got ${describeValue(schemes)}`);
  }
  const byName = new Map<string, Scheme>();
  for (const s of schemes) {
    checkScheme(s, "createRegistry");
    if (byName.has(s.name)) throw twoSchemesNamed("createRegistry", s.name);
    byName.set(s.name, s);
  }
  return new Registry(MADE, byName) as SchemeRegistry<SchemeValue<S>>;
}

/** True when `x` is a registry made by {@link createRegistry} (or `with`/`without`). */
export const isRegistry = (x: unknown): x is SchemeRegistry => isBrandedRegistry(x);
