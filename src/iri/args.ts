// Arguments of the public functions of src/iri, as the rest of the package takes them (README,
// "One convention"): a reference is a string, parsed first, or a node this library made; anything
// else is a TypeError that names the argument.
import { describeValue } from "../describe.js";
export { referenceArgument as referenceOf, referenceOrThrow, unwrap } from "../core/args.js";

/** The options object of `caller`: an object or undefined, each named flag a boolean or undefined. */
export function optionsOf<K extends string>(
  x: unknown, caller: string, flags: readonly K[],
): { readonly [P in K]?: boolean | undefined } {
  if (x === undefined) return {};
  if (typeof x !== "object" || x === null || Array.isArray(x)) {
    throw new TypeError(`${caller}: the argument "options" must be an object or undefined, got ${describeValue(x)}`);
  }
  for (const flag of flags) {
    const v = (x as Record<string, unknown>)[flag];
    if (v !== undefined && typeof v !== "boolean") {
      throw new TypeError(`${caller}: options.${flag} must be a boolean or undefined, got ${describeValue(v)}`);
    }
  }
  return x as { readonly [P in K]?: boolean | undefined };
}
