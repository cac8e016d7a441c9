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

/** The TypeError of a value §2.3 does not define, `what` saying where it stands. */
function notDefined(what: string, x: unknown): never {
  throw new TypeError(`${what} is ${typeof x === "number" ? x : describeValue(x)}; RFC 6570 §2.3 defines strings (numbers, booleans and bigints written as text, a number finite), lists of them and associative arrays of them (a plain object, or a Map with string keys), nothing nested`);
}

/** A member or pair value as text, or undefined; a TypeError for anything else. */
function scalar(x: unknown, where: () => string): string | undefined {
  if (typeof x === "string") return x;
  if (x === undefined || x === null) return undefined;
  if (typeof x === "boolean" || typeof x === "bigint" || (typeof x === "number" && Number.isFinite(x))) return String(x);
  return notDefined(where(), x);
}

/** The variable `name`'s value as expansion reads it, or undefined (§2.3). */
export function classify(value: unknown, name: string, caller: string): Defined | undefined {
  const subject = (): string => `${caller}: the variable ${JSON.stringify(name)}`;
  if (typeof value !== "object" || value === null) return scalar(value, subject);
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (let k = 0; k < value.length; k++) {
      const s = scalar(value[k], () => `${subject()} is a list whose member ${k}`);
      if (s !== undefined) out.push(s);
    }
    return out.length === 0 ? undefined : out;
  }
  const pairs: (readonly [string, string])[] = [];
  const entries: Iterable<readonly [unknown, unknown]> = value instanceof Map ? (value as Map<unknown, unknown>) : plain(value) ? Object.entries(value) : notDefined(subject(), value);
  for (const [k, v] of entries) {
    if (typeof k !== "string") notDefined(`${subject()} is a Map whose key`, k);
    const s = scalar(v, () => `${subject()} is an associative array whose value for ${JSON.stringify(k)}`);
    if (s !== undefined) pairs.push([k as string, s]);
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
