// `options.schemes`, read in one place for every function that takes it (parse, resolve, normalize, equivalent, and relativize's `normalize`),
// and the §6.2.3 facts of a scheme record checked in one place for every entry that takes them (defineScheme, and `options.schemes`).
// The core knows schemes and registries by their brands (./brand.ts) and loads none of them.
import { isBrandedRegistry, markRegistry, schemeOperations } from "./brand.js";
import { describeValue } from "../describe.js";
import { isSchemeName } from "./scheme-table.js";
import type { SchemeNormalization } from "../transforms/normalize.js";

/**
 * The §6.2.3 facts of one scheme record, each field checked, for every entry that takes them
 * (defineScheme, and `options.schemes` of normalize and equivalent): a `name` (a scheme name, RFC
 * 3986 §3.1, kept in lowercase), a `defaultPort` (a whole number from 0 to 65535, or its digits),
 * and `emptyPathIsRoot` (a boolean). A TypeError of `caller` names a field as `field` words it.
 */
export function schemeFacts(name: unknown, port: unknown, root: unknown, field: (name: string) => string, caller: string): SchemeNormalization {
  const refuse = (f: string, must: string, got: unknown): TypeError => new TypeError(`${caller}: ${field(f)} must be ${must}, got ${describeValue(got)}`);
  if (typeof name !== "string" || !isSchemeName(name)) throw refuse("name", "a scheme name (RFC 3986 §3.1)", name);
  const defaultPort = typeof port === "string" && /^[0-9]+$/.test(port) ? Number(port) : port;
  if (defaultPort !== undefined && !(Number.isInteger(defaultPort) && (defaultPort as number) >= 0 && (defaultPort as number) <= 65535)) {
    throw refuse("defaultPort", "digits or a whole number from 0 to 65535", port);
  }
  if (root !== undefined && typeof root !== "boolean") throw refuse("emptyPathIsRoot", "true, false or undefined", root);
  return Object.freeze({ name: name.toLowerCase(), defaultPort: defaultPort as number | undefined, emptyPathIsRoot: root });
}

/** Schemes by name as the core asks for them (case-insensitive, RFC 3986 §3.1): a registry, or the lookup of a list, which is branded as one. */
export interface SchemesLookup extends Iterable<object> {
  get(name: string): object | undefined;
}

/** What a scheme record brings to read a list it is in (src/schemes/kernel.ts SCHEME_OPERATIONS holds {@link lookupOf}, so only a scheme loads it). */
interface ListReader {
  readonly lookupOf: typeof lookupOf;
}

/**
 * `options.schemes` of `caller` (not undefined), one policy for every function that takes it
 * (`what` names it otherwise: the argument `schemes` of equivalenceKey and toSchemeNormalizations): a
 * registry (`createRegistry`, `defaultRegistry`), given back, or a list of schemes made by
 * `defineScheme` ({@link lookupOf}, which the first scheme brings, so that a bundle of parse ships
 * none of it). normalize and equivalent read a list or map with {@link readFacts}.
 * Anything else is a TypeError (its words kept short: they ship in every bundle of parse).
 */
export function readSchemes(x: unknown, caller: string, what = "options.schemes"): SchemesLookup {
  if (isBrandedRegistry(x)) return x as SchemesLookup;
  if (Array.isArray(x)) {
    const reader = schemeOperations(x[0]) as ListReader | undefined;
    if (reader !== undefined) return reader.lookupOf(x, caller, false, what);
    // an empty list: no scheme of any name, as an empty map answers
    if (x.length === 0) return new Map();
  }
  throw new TypeError(`${caller}: ${what} must be a registry or a list of schemes (uri-grammar/schemes), got ${describeValue(x)}`);
}

/** Two schemes of one name given to `caller` (createRegistry's words). */
export const twoSchemesNamed = (caller: string, name: string): TypeError => new TypeError(`${caller}: two schemes are named ${JSON.stringify(name)}; use registry.with(scheme) to replace one`);

/**
 * A list of schemes given as `options.schemes`, read as `createRegistry` reads one (two of one name are
 * refused), into a lookup branded as a registry with the operations its schemes brought. With
 * `facts` (normalize and equivalent) the list may hold §6.2.3 facts too, each read by
 * {@link readFact}: the first of a name counts, and a scheme of that name replaces it.
 */
export function lookupOf(x: readonly unknown[], caller: string, facts = false, what = "options.schemes"): SchemesLookup {
  const byName = new Map<string, object>();
  let ops: unknown;
  // by index: a hole is refused, where forEach skipped it (a sparse array walked 2^32 - 1 indexes)
  for (let i = 0; i < x.length; i++) {
    const e: unknown = x[i];
    const own = schemeOperations(e);
    const where = `${what}[${i}]`;
    if (own === undefined && !facts) throw new TypeError(`${caller}: ${where} must be a scheme made by defineScheme, got ${describeValue(e)}`);
    const record = own === undefined ? readFact(e, where, caller) : (e as SchemeNormalization);
    const before = byName.get(record.name);
    if (own !== undefined && schemeOperations(before) !== undefined) throw twoSchemesNamed(`${caller}: ${what}`, record.name);
    if (before === undefined || own !== undefined) byName.set(record.name, record);
    ops ??= own;
  }
  const lookup: SchemesLookup = {
    get: (name) => {
      const s = byName.get(name.toLowerCase());
      return schemeOperations(s) === undefined ? undefined : s;
    },
    [Symbol.iterator]: () => byName.values(),
  };
  markRegistry(lookup, ops);
  return lookup;
}

/**
 * The §6.2.3 facts given to normalize or equivalent as `options.schemes`, by lowercase name: a map, each
 * under its name in lowercase, or a list that begins with no scheme, the first of a name counting
 * (a scheme further on makes it a list of schemes and facts: {@link lookupOf}, which it brings).
 * Each fact is an object, read field by field once ({@link schemeFacts}).
 */
export function readFacts(x: readonly unknown[] | ReadonlyMap<unknown, unknown>, caller: string): SchemesLookup | ReadonlyMap<string, SchemeNormalization> {
  const facts = new Map<string, SchemeNormalization>();
  const list = Array.isArray(x);
  // by index for a list (entries() visits a hole, where forEach skipped it: a sparse array walked 2^32 - 1 indexes)
  for (const [key, e] of x.entries()) {
    const reader = list ? (schemeOperations(e) as ListReader | undefined) : undefined;
    if (reader !== undefined) return reader.lookupOf(x as readonly unknown[], caller, true);
    const fact = readFact(e, list ? `options.schemes[${key}]` : `options.schemes.get(${describeValue(key)})`, caller);
    if (!list && (typeof key !== "string" || key.toLowerCase() !== fact.name)) {
      throw new TypeError(`${caller}: options.schemes, a map, must have each scheme under its name in lowercase, got ${describeValue(key)} for ${JSON.stringify(fact.name)}`);
    }
    if (!facts.has(fact.name)) facts.set(fact.name, fact);
  }
  return facts;
}

/** One §6.2.3 fact (at `where`): an object, read field by field once ({@link schemeFacts}). */
export function readFact(x: unknown, where: string, caller: string): SchemeNormalization {
  if (typeof x !== "object" || x === null || Array.isArray(x)) {
    throw new TypeError(`${caller}: ${where} must be an object { name, defaultPort?, emptyPathIsRoot? } or a scheme, got ${describeValue(x)}`);
  }
  const o = x as Record<string, unknown>;
  return schemeFacts(o.name, o.defaultPort, o.emptyPathIsRoot, (f) => `${where}.${f}`, caller);
}
