// RFC 6570 §2.3 and §2.4.2: the values a variable may have. A string (numbers, booleans and
// bigints are written as text), a list, or an associative array; null and undefined are
// undefined, and so is a list with no defined member or an array whose every value is
// undefined (§2.3). Any other JavaScript value is a TypeError naming the variable.
import { describeTemplateValue, expectTemplateOptions } from "../describe.js";

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

/**
 * A defined value as expansion reads it: text, a list of texts, or an associative array's pairs
 * (a list of `[name, value]`), never empty (an empty list or array is undefined, §2.3).
 */
export type Defined = string | readonly string[] | readonly (readonly [string, string])[];

/** The TypeError of a value §2.3 does not define, `what` saying where it stands. */
const notDefined = (what: string, x: unknown): never => {
  throw new TypeError(`${what} is ${typeof x === "number" ? x : describeTemplateValue(x)}: RFC 6570 §2.3 values are strings (or finite numbers, booleans, bigints) and lists or associative arrays of them`);
};

/** A member or pair value as text, or undefined; a TypeError for anything else. */
const scalar = (x: unknown, where: () => string): string | undefined =>
  typeof x === "string" ? x : x == null ? undefined : typeof x === "boolean" || typeof x === "bigint" || Number.isFinite(x) ? String(x) : notDefined(where(), x);

/** The variable `name`'s value as expansion reads it, or undefined (§2.3). */
export function classify(value: unknown, name: string, caller: string): Defined | undefined {
  const subject = (): string => `${caller}: the variable ${JSON.stringify(name)}`;
  if (typeof value !== "object" || value === null) return scalar(value, subject);
  const out: (string | readonly [string, string])[] = [];
  if (Array.isArray(value)) {
    // a hole is an undefined member (§2.3), so a long list is read by the indexes it holds: a
    // sparse array's length may run to 2^32 - 1 with no member at all (Object.keys gives the
    // indexes first, in ascending order, then any other key, which is no member: "1.5" or "-0" is
    // no index, so a key is one when it is written as the whole number below 2^32 it reads as)
    const keys = value.length > 65_536 ? Object.keys(value) : undefined;
    for (let j = 0, n = (keys ?? value).length; j < n; j++) {
      const k = keys ? +(keys[j] as string) : j;
      if (keys && (`${k >>> 0}` !== keys[j] || !(k < value.length))) break;
      const s = scalar(value[k], () => `${subject()} is a list whose member ${k}`);
      if (s !== undefined) out.push(s);
    }
  } else {
    const p = Object.getPrototypeOf(value) as unknown;
    for (const [k, v] of value instanceof Map ? (value as Map<unknown, unknown>) : p === Object.prototype || p === null ? Object.entries(value) : notDefined(subject(), value)) {
      if (typeof k !== "string") notDefined(`${subject()} is a Map whose key`, k);
      const s = scalar(v, () => `${subject()} is an associative array whose value for ${JSON.stringify(k)}`);
      if (s !== undefined) out.push([k as string, s]);
    }
  }
  return out.length ? (out as Defined) : undefined;
}

/** The variables argument as a lookup, or a TypeError. */
export function lookup(vars: unknown, caller: string): (name: string) => unknown {
  // no argument: no variables; anything else that is not an object (a Map is one; null and arrays
  // are not) is a mistake, told as describe.ts tells an options argument that is not an object
  if (vars instanceof Map) return (name) => (vars as Map<unknown, unknown>).get(name);
  expectTemplateOptions(vars, caller, "variables");
  const o = (vars ?? {}) as Record<string, unknown>;
  return (name) => (Object.hasOwn(o, name) ? o[name] : undefined);
}
