// Arguments of the public functions of src/iri, as the rest of the package takes them (README,
// "One convention"): a reference is a string, parsed first, or a node this library made; anything
// else is a TypeError that names the argument.
import { readOptions, type FieldKind } from "../describe.js";

/**
 * The options object of `caller`, read once (describe.ts, readOptions): an object or undefined,
 * each named flag a boolean or undefined, each named string field a string or undefined.
 */
export function optionsOf<K extends string, S extends string = never>(
  x: unknown, caller: string, flags: readonly K[], strings: readonly S[] = [],
): { readonly [P in K]?: boolean | undefined } & { readonly [P in S]?: string | undefined } {
  const fields: Record<string, FieldKind> = {};
  for (const f of flags) fields[f] = "boolean";
  for (const f of strings) fields[f] = "string";
  return readOptions(x, caller, fields);
}
