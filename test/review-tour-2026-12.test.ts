// What a new user met (tour of December 2026): the first calls of a user who knows Node's URL,
// each as a case that failed before its fix (fixtures/review/tour-2026-12.json holds the data).
import { parse, parseOrThrow, relativize, resolve, ResolveError, RelativizeError, serialize, UriSyntaxError, type UriReference } from "../src/index";
import { buildUri, withFragment, withHost, withPath, withPort, withScheme, withUserinfo } from "../src/uri-builder";
import { rfc3986, UnknownRuleError } from "../src/abnf/index";
import * as whatwg from "../src/whatwg/index";
import { readJson } from "./helpers/fixtures";

interface MessageCase {
  readonly call: string;
  readonly args: readonly unknown[];
  readonly includes?: readonly string[];
  readonly excludes?: readonly string[];
  readonly code?: string;
  readonly rule?: string;
  readonly offset?: number;
}
interface Section {
  readonly about: string;
  readonly cases: readonly MessageCase[];
  readonly controls: readonly MessageCase[];
}
const tour = readJson<{ parseWithBase: Section; resolveSwapped: Section; builderDelimiters: Section; builderUrlNames: Section; authorityPath: Section & { readonly succeeds: readonly { readonly call: string; readonly args: readonly unknown[]; readonly serialized: string }[] }; whatwgSwapped: Section; grammarNoRuleName: Section }>("review", "tour-2026-12.json");

const functions: Record<string, (...args: never[]) => unknown> = {
  parse, parseOrThrow, resolve, relativize, buildUri, withScheme, withFragment, withPort, withUserinfo, withHost, withPath,
  "whatwg.parse": whatwg.parse,
};

/** The error a call gives: thrown, or returned in a Result. */
function errorOf(c: MessageCase): Error {
  const f = functions[c.call];
  if (f === undefined) throw new Error(`no function ${c.call} in the test`);
  let r: unknown;
  try {
    r = (f as (...args: readonly unknown[]) => unknown)(...c.args);
  } catch (e) {
    if (e instanceof Error) return e;
    throw e;
  }
  const result = r as { ok: boolean; error?: Error };
  if (result.ok || result.error === undefined) throw new Error(`${c.call} gave no error`);
  return result.error;
}

function expectMessage(c: MessageCase, e: Error): void {
  for (const s of c.includes ?? []) expect(e.message).toContain(s);
  for (const s of c.excludes ?? []) expect(e.message).not.toContain(s);
}

const label = (c: MessageCase): string => `${c.call}(${c.args.map((a) => JSON.stringify(a)).join(", ")})`;

describe("parse given a base as its second argument (parseWithBase)", () => {
  it.each([...tour.parseWithBase.cases, ...tour.parseWithBase.controls].map((c) => [label(c), c] as const))("%s", (_l, c) => {
    const e = errorOf(c);
    expect(e).toBeInstanceOf(TypeError);
    expectMessage(c, e);
  });
});

describe("resolve and relativize with their arguments swapped (resolveSwapped)", () => {
  it.each([...tour.resolveSwapped.cases, ...tour.resolveSwapped.controls].map((c) => [label(c), c] as const))("%s", (_l, c) => {
    const e = errorOf(c);
    expect(e instanceof ResolveError || e instanceof RelativizeError).toBe(true);
    expect((e as ResolveError | RelativizeError).code).toBe(c.code);
    expectMessage(c, e);
  });
});

describe("a part given with its delimiter (builderDelimiters)", () => {
  it.each([...tour.builderDelimiters.cases, ...tour.builderDelimiters.controls].map((c) => [label(c), c] as const))("%s", (_l, c) => {
    const e = errorOf(c);
    expect(e).toBeInstanceOf(UriSyntaxError);
    const s = e as UriSyntaxError;
    expect({ rule: s.rule, offset: s.offset }).toEqual({ rule: c.rule, offset: c.offset });
    expectMessage(c, e);
    // the hint is part of the first line, which JSON.stringify of the error shows
    for (const h of c.includes ?? []) expect(s.shortMessage).toContain(h);
  });
});

/** `{ "$url": s }` in a fixture stands for `new URL(s)`. */
const withUrls = (args: readonly unknown[]): readonly unknown[] =>
  args.map((a) => (typeof a === "object" && a !== null && "$url" in a ? new URL((a as { $url: string }).$url) : a));

describe("buildUri given a URL or URL's property names (builderUrlNames)", () => {
  it.each(tour.builderUrlNames.cases.map((c) => [label(c), c] as const))("%s", (_l, c) => {
    const e = errorOf({ ...c, args: withUrls(c.args) });
    expect(e).toBeInstanceOf(TypeError);
    expectMessage(c, e);
  });
});

describe("a Grammar method that takes a rule name, called with none (grammarNoRuleName)", () => {
  it.each([...tour.grammarNoRuleName.cases, ...tour.grammarNoRuleName.controls].map((c) => [`rfc3986.${label(c)}`, c] as const))("%s", (_l, c) => {
    const method = (rfc3986 as unknown as Record<string, (...args: readonly unknown[]) => unknown>)[c.call];
    if (method === undefined) throw new Error(`no method ${c.call} on a Grammar`);
    let thrown: unknown;
    try {
      method.apply(rfc3986, [...c.args]);
    } catch (e) {
      thrown = e;
    }
    // still an UnknownRuleError (a TypeError), its suggestion the grammar's first rule when no name was given
    expect(thrown).toBeInstanceOf(UnknownRuleError);
    const e = thrown as UnknownRuleError;
    if (c.args.length === 0) expect(e.suggestion).toBe("URI");
    expectMessage(c, e);
  });
});

describe("an authority given to a URI whose path does not begin with \"/\" (authorityPath)", () => {
  it.each([...tour.authorityPath.cases, ...tour.authorityPath.controls].map((c) => [label(c), c] as const))("%s", (_l, c) => {
    const e = errorOf(c);
    expect(e).toBeInstanceOf(UriSyntaxError);
    const s = e as UriSyntaxError;
    expect({ rule: s.rule, offset: s.offset }).toEqual({ rule: c.rule, offset: c.offset });
    expectMessage(c, e);
    // the hint is part of the first line, which JSON.stringify of the error shows
    for (const h of c.includes ?? []) expect(s.shortMessage).toContain(h);
  });

  it.each(tour.authorityPath.succeeds.map((c) => [label(c), c] as const))("%s still succeeds", (_l, c) => {
    const f = functions[c.call] as (...args: readonly unknown[]) => { ok: boolean; value?: UriReference };
    const r = f(...c.args);
    expect(r.ok).toBe(true);
    expect(serialize(r.value as UriReference)).toBe(c.serialized);
  });
});

describe("uri-grammar/whatwg parse given (base, input) (whatwgSwapped)", () => {
  it.each([...tour.whatwgSwapped.cases, ...tour.whatwgSwapped.controls].map((c) => [label(c), c] as const))("%s", (_l, c) => {
    const e = errorOf(c);
    expect(e).toBeInstanceOf(whatwg.WhatwgUrlError);
    const w = e as whatwg.WhatwgUrlError;
    expect({ code: w.code, offset: w.offset }).toEqual({ code: c.code, offset: c.offset });
    expect(w.cause).toBeInstanceOf(whatwg.WhatwgUrlError);
    expectMessage(c, e);
    for (const h of c.includes ?? []) expect(w.shortMessage).toContain(h);
  });
});
