// How an argument that was refused is named in a TypeError: a value in a few words, never the
// whole of a long string, never a password (RFC 3986 §7.5). Two ways to the same reading of a
// password: password.ts's passwordRange (maskPassword) for every export but uri-grammar/template's,
// and the template reader (maskTemplatePasswordAt: a URI reference's reading alone, without the
// other rules' readings, "http://user:pw" included since 2026-12-02) for the template entry's (the
// `Template` names here), whose bundles would not take passwordRange's rule readings. Each pair is
// written twice, once per way, so that a bundle keeps only the one its entry calls: one body for
// both (the reading as a parameter, or one wrapping the other) costs the template bundles bytes,
// or brings the template reader into the main entry's.
import { maskPassword, maskTemplatePasswordAt } from "./password.js";

/**
 * A value in words, for a TypeError: `null`, `undefined`, `an array`, `an object`, `a function`,
 * `a symbol` (not its description, which may be a URI with a password, or long: fuzz round 17), a
 * string quoted (cut at 40 characters), or its type and value. A URL object (WHATWG's `URL`, of any realm) is
 * named with what to pass instead: its text. A string's password is masked as
 * {@link maskPassword} reads it (RFC 3986 §7.5), "http://user:pw" included.
 */
export function describeValue(x: unknown): string {
  const t = typeof x;
  return x == null ? `${x}` : Array.isArray(x) ? "an array" : isUrlObject(x) ? "a URL object: pass url.href"
    : t === "function" || t === "symbol" ? `a ${t}` : t === "object" ? "an object" : t === "string" ? quoted(x as string) : `${t} ${String(x)}`;
}

/**
 * {@link describeValue} for uri-grammar/template's exports: the same words, a string's password
 * masked as the template reader reads it ({@link quotedTemplate}).
 */
export function describeTemplateValue(x: unknown): string {
  const t = typeof x;
  return x == null ? `${x}` : Array.isArray(x) ? "an array" : isUrlObject(x) ? "a URL object: pass url.href"
    : t === "function" || t === "symbol" ? `a ${t}` : t === "object" ? "an object" : t === "string" ? quotedTemplate(x as string) : `${t} ${String(x)}`;
}

/**
 * `text` quoted as JSON, cut at `max` characters (marked "…"): a long input never fills a message.
 * A password in it is masked first as {@link maskPassword} reads it (RFC 3986 §7.5): a URI given
 * where another argument goes is quoted in a TypeError, and a password past the cut would show in
 * part.
 */
export function quoted(text: string, max = 40): string {
  text = maskPassword(text);
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/**
 * {@link quoted} for uri-grammar/template: the password read as in a URI reference, by the
 * template reader (maskTemplatePasswordAt), "http://user:pw" included.
 */
export function quotedTemplate(text: string, max = 40): string {
  text = maskTemplatePasswordAt(text, 0).text;
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/**
 * Items in words, the one way every message lists them: `a`, `a or b`, `a, b or c` (`and` with
 * `conjunction`); `none` for no item.
 */
export function wordList(items: readonly string[], conjunction: "or" | "and" = "or", none = "nothing more"): string {
  if (items.length < 2) return items[0] ?? none;
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1] as string}`;
}

/** Throws a TypeError unless `x` is a string. */
export function expectString(x: unknown, name: string, caller: string): asserts x is string {
  if (typeof x !== "string") throw new TypeError(`${caller}: the argument "${name}" must be a string, got ${describeValue(x)}`);
}

/** Throws a TypeError unless `x` is an object (not null, not an array) or undefined: an options argument. */
export function expectOptions(x: unknown, caller: string, name = "options"): void {
  if (x !== undefined && (typeof x !== "object" || x === null || Array.isArray(x))) {
    throw new TypeError(`${caller}: the argument "${name}" must be an object or undefined, got ${describeValue(x)}`);
  }
}

/** {@link expectOptions} for uri-grammar/template (its options, expand's variables): a string quoted by {@link describeTemplateValue}. */
export function expectTemplateOptions(x: unknown, caller: string, name = "options"): void {
  if (x !== undefined && (typeof x !== "object" || x === null || Array.isArray(x))) {
    throw new TypeError(`${caller}: the argument "${name}" must be an object or undefined, got ${describeTemplateValue(x)}`);
  }
}

/** Throws a TypeError unless `x` is an array of strings. */
export function expectStrings(x: unknown, name: string, caller: string): asserts x is readonly string[] {
  if (!isArrayOf(x, (s) => typeof s === "string")) {
    throw new TypeError(`${caller}: ${name} must be an array of strings, got ${describeValue(x)}`);
  }
}

/**
 * Whether `x` is an array each of whose members passes `is`, a hole failing it: a sparse array
 * (`a.length = 2 ** 32 - 1`) is refused at its first hole, where `every` and `some`, which skip
 * holes, walked every index up to its length (minutes).
 */
export function isArrayOf(x: unknown, is: (member: unknown) => boolean): x is readonly unknown[] {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (!is(x[i])) return false;
  return true;
}

/**
 * Throws a TypeError unless each named field of `options` is undefined or of its kind: `"boolean"`,
 * `"string"`, or a list of the values allowed. Catches `{ level: "bogus" }` and `{ strict: "no" }`,
 * which would otherwise be read as a default.
 */
export function expectFields(options: object, fields: Readonly<Record<string, "boolean" | "string" | readonly string[]>>, caller: string): void {
  const o = options as Record<string, unknown>;
  // the options given (usually none), not every field known: this runs on every call
  for (const name of Object.keys(o)) {
    const kind = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const v = o[name];
    if (kind !== undefined && v !== undefined) expectField(v, kind, caller, name);
  }
}

/** Throws the TypeError of {@link expectFields} and {@link readOptions} unless `v` (not `undefined`) is of its kind. */
function expectField(v: unknown, kind: FieldKind, caller: string, field: string): void {
  const ok = kind === "any" ? true
    : kind === "object" ? typeof v === "object" && v !== null
      : typeof kind === "string" ? typeof v === kind
        : typeof v === "string" && kind.includes(v);
  if (!ok) {
    const want = kind === "boolean" ? "a boolean" : kind === "string" ? "a string" : kind === "number" ? "a number" : kind === "object" ? "an object"
      : (kind as readonly string[]).map((k) => JSON.stringify(k)).join(", ");
    throw new TypeError(`${caller}: options.${field} must be ${want} or undefined, got ${describeValue(v)}`);
  }
}

/** What {@link readOptions} reads from an options object that gives no field. */
const NO_OPTIONS: Readonly<Record<string, unknown>> = /* @__PURE__ */ Object.freeze({});

/** What a field of an options object may hold besides `undefined` (see {@link readOptions}). */
export type FieldKind = "boolean" | "string" | "number" | "object" | "any" | readonly string[];

/**
 * An options argument read once: each field named in `fields` is read exactly once
 * (a getter that answers differently on a second read cannot slip a value past the check), its
 * value checked against its kind (`"any"`: checked by the caller, on the copy), and a frozen
 * plain copy of the fields that are not `undefined` is returned. Fields not named are never
 * read. Throws the TypeError of {@link expectOptions} or {@link expectFields} otherwise.
 */
export function readOptions<T extends object>(x: unknown, caller: string, fields: Readonly<Record<string, FieldKind>>): T {
  expectOptions(x, caller);
  if (x === undefined) return NO_OPTIONS as T;
  let out: Record<string, unknown> | undefined;
  const o = x as Record<string, unknown>;
  for (const field of Object.keys(fields)) {
    const v = o[field];
    if (v === undefined) continue;
    expectField(v, fields[field] as FieldKind, caller, field);
    (out ??= {})[field] = v;
  }
  // no field given (the common `options = {}`): the one empty copy, not a new frozen object per call
  return (out === undefined ? NO_OPTIONS : Object.freeze(out)) as T;
}

/** A WHATWG URL object, of this realm or another (its class's Symbol.toStringTag is "URL", which Object.prototype.toString reads, so a subclass's instance too); never throws (a Proxy's trap may). */
export function isUrlObject(x: unknown): boolean {
  // (a primitive's tag is its type's: Null, Undefined, String, Number, ...)
  try {
    return Object.prototype.toString.call(x) === "[object URL]";
  } catch {
    return false;
  }
}
