// RFC 6570 §2.3 and §2.4.2: the values a variable may have. A string (numbers, booleans and
// bigints are written as text), a list, or an associative array; null and undefined are
// undefined, and so is a list with no defined member or an array whose every value is
// undefined (§2.3). Any other JavaScript value is a TypeError naming the variable.
import { describeValue } from "../describe.js";

/** A value §2.3 treats as a string: text, or a number (finite), boolean or bigint written as text. */
export type TemplateScalar = string | number | boolean | bigint;

/** §2.3's list of values; a member that is null or undefined is undefined and left out (§3.2.1). */
export type TemplateList = readonly (TemplateScalar | null | undefined)[];

/**
 * §2.3's associative array of (name, value) pairs, in its order: an object's own enumerable string
 * keys (in JavaScript's order), or a Map (in insertion order) with string keys. A pair whose value
 * is null or undefined is undefined and left out.
 */
export type TemplateRecord =
  | { readonly [name: string]: TemplateScalar | null | undefined }
  | ReadonlyMap<string, TemplateScalar | null | undefined>;

/** The value of one variable: a string, a list, an associative array, or undefined. */
export type TemplateValue = TemplateScalar | TemplateList | TemplateRecord | null | undefined;

/** Values by variable name: an object (own properties only) or a Map. */
export type TemplateVariables = { readonly [name: string]: TemplateValue } | ReadonlyMap<string, TemplateValue>;

/** A defined associative array, its pairs as text. */
export class Pairs {
  constructor(readonly pairs: readonly (readonly [string, string])[]) {}
}

/** A defined value as expansion reads it: text, a list of texts, or pairs. */
export type Defined = string | readonly string[] | Pairs;

const plain = (x: object): boolean => {
  const p = Object.getPrototypeOf(x) as unknown;
  return p === Object.prototype || p === null;
};

/** A member or pair value as text, or undefined; a TypeError for anything else. */
function scalar(x: unknown, where: () => string): string | undefined {
  switch (typeof x) {
    case "string":
      return x;
    case "number":
      if (!Number.isFinite(x)) throw new TypeError(`${where()} is ${String(x)}; a number must be finite to be written in a URI`);
      return String(x);
    case "boolean":
    case "bigint":
      return String(x);
    case "undefined":
      return undefined;
    default:
      if (x === null) return undefined;
      throw new TypeError(`${where()} is ${describeValue(x)}; RFC 6570 §2.3 defines strings, lists of strings and associative arrays of strings, nothing nested`);
  }
}

/** The variable `name`'s value as expansion reads it, or undefined (§2.3). */
export function classify(value: unknown, name: string, caller: string): Defined | undefined {
  const subject = `${caller}: the variable ${JSON.stringify(name)}`;
  switch (typeof value) {
    case "string":
      return value;
    case "undefined":
      return undefined;
    case "object":
      if (value === null) return undefined;
      break;
    default:
      return scalar(value, () => subject);
  }
  if (Array.isArray(value)) {
    const out: string[] = [];
    let i = 0;
    for (const m of value as readonly unknown[]) {
      const k = i++;
      const s = scalar(m, () => `${subject} is a list whose member ${k}`);
      if (s !== undefined) out.push(s);
    }
    return out.length === 0 ? undefined : out;
  }
  const pairs: (readonly [string, string])[] = [];
  if (value instanceof Map) {
    for (const [k, v] of value as Map<unknown, unknown>) {
      if (typeof k !== "string") throw new TypeError(`${subject} is a Map with the key ${describeValue(k)}; the names of an associative array are strings`);
      const s = scalar(v, () => `${subject} is an associative array whose value for ${JSON.stringify(k)}`);
      if (s !== undefined) pairs.push([k, s]);
    }
  } else if (plain(value)) {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const s = scalar(o[k], () => `${subject} is an associative array whose value for ${JSON.stringify(k)}`);
      if (s !== undefined) pairs.push([k, s]);
    }
  } else {
    throw new TypeError(`${subject} is ${describeValue(value)} (not a plain object, array or Map); RFC 6570 §2.3 defines strings, lists and associative arrays`);
  }
  return pairs.length === 0 ? undefined : new Pairs(pairs);
}

/** The variables argument as a lookup, or a TypeError. */
export function lookup(vars: unknown, caller: string): (name: string) => unknown {
  // no argument: no variables; anything else that is not an object or a Map (null included) is a mistake
  if (vars === undefined) return () => undefined;
  if (vars instanceof Map) return (name) => (vars as Map<unknown, unknown>).get(name);
  if (typeof vars !== "object" || vars === null || Array.isArray(vars)) {
    throw new TypeError(`${caller}: the argument "variables" must be an object or a Map of values by name, got ${describeValue(vars)}`);
  }
  const o = vars as Record<string, unknown>;
  return (name) => (Object.hasOwn(o, name) ? o[name] : undefined);
}
