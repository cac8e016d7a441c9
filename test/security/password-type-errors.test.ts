// Fuzz round 16's sweep, kept as a test: every export of every entry point (uri-grammar/template's
// since issue 30's bytes30 session 17, below, with its classes' methods), called with a URI holding a password in each argument position (the other arguments a URI, left
// out, or an empty object), shows the password in nothing it throws or returns as an error: the
// message, JSON.stringify, util.inspect. The no-"@" form ("http://user:pw", RFC 3986's host "user"
// and port "pw", which it refuses: most likely a userinfo whose "@host" is missing, SECURITY.md)
// showed in the TypeError of 72 exports that quote a string they refuse, 74 pairs of export and
// argument here (describe.ts `quoted` read a password as the template reader does, which does not
// read that form): `ref("http://user:pw")`, `resolve(a, b, "http://user:pw")`, any options
// argument given a URI. The "@" forms are controls, which passed before. uri-grammar/template's
// exports quoted the no-"@" form with the template reader, which did not read it (`expand(t,
// "http://user:pw")`, `match(t, uri, "http://user:pw")`, `createRouter("http://user:pw")`,
// `formatTemplateError`, the router's and UriTemplate's methods): it reads it now.
import { inspect } from "node:util";
import * as root from "../../src/index";
import * as rules from "../../src/rules/index";
import * as abnf from "../../src/abnf/index";
import * as components from "../../src/components";
import * as builder from "../../src/uri-builder";
import * as iri from "../../src/iri/index";
import * as schemes from "../../src/schemes/index";
import * as security from "../../src/security";
import * as diagrams from "../../src/diagrams";
import * as whatwg from "../../src/whatwg/index";
import * as template from "../../src/template/index";

const SECRET = "s3cr3tPW";
/** Texts holding the password: the no-"@" forms, then the "@" forms (controls). */
const TEXTS = [`http://user:${SECRET}`, `https://user:${SECRET}/a?b`, `//user:${SECRET}`, `http://user:${SECRET}@host/`, `//user:${SECRET}@host/p`];
/** What stands in the other argument positions. */
const FILLERS: readonly unknown[] = ["http://example.com/a/b", undefined, {}];

const templateExported = Object.entries(template as Record<string, unknown>).filter(([, v]) => typeof v === "function").map(([name, f]) => [`template:${name}`, f as (...args: unknown[]) => unknown] as const);
const entries = { root, rules, abnf, components, builder, iri, schemes, security, diagrams, whatwg };
const exported = Object.entries(entries).flatMap(([mod, ns]) =>
  Object.entries(ns as Record<string, unknown>).filter(([, v]) => typeof v === "function").map(([name, f]) => [`${mod}:${name}`, f as (...args: unknown[]) => unknown] as const),
);

/** Everything a thrown value or a Result's error shows: message, JSON, util.inspect (stack aside). */
function shown(e: unknown): string {
  if (!(e instanceof Error)) return inspect(e);
  const { stack: _stack, ...fields } = Object.getOwnPropertyDescriptors(e);
  return [e.message, JSON.stringify(e), inspect(Object.defineProperties(Object.create(Object.getPrototypeOf(e) as object), fields))].join("\n");
}

/** What `f` shows of `args` when it refuses them: what it throws, or the error of a Result it returns. */
function refusal(f: (...args: unknown[]) => unknown, args: unknown[]): string {
  const isClass = /^class\b/.test(Function.prototype.toString.call(f));
  try {
    const v: unknown = isClass ? Reflect.construct(f, args) : f(...args);
    if (typeof v === "object" && v !== null && (v as { ok?: unknown }).ok === false) return shown((v as { error: unknown }).error);
    return "";
  } catch (e) {
    return shown(e);
  }
}

describe("a password given to any export outside uri-grammar/template, in any argument position", () => {
  it("the sweep reaches the exports of every entry, those the finding named among them", () => {
    expect(new Set(exported.map(([key]) => key.split(":")[0]))).toEqual(new Set(Object.keys(entries)));
    expect(exported.map(([key]) => key)).toEqual(expect.arrayContaining(["root:resolve", "abnf:ref", "components:percentEncode", "security:checkFetchTarget"]));
  });

  it.each(TEXTS)("%j: no error shows it", (text) => {
    // by export and argument: the first message that shows it
    const leaks = new Map<string, string>();
    for (const [key, f] of [...exported, ...templateExported]) {
      const arity = Math.max(f.length, 1) + 1;
      for (let i = 0; i < arity; i++) {
        for (const filler of FILLERS) {
          const args: unknown[] = Array.from({ length: arity }, () => filler);
          args[i] = text;
          const s = refusal(f, args);
          if (s.includes(SECRET) && !leaks.has(`${key} argument ${i}`)) leaks.set(`${key} argument ${i}`, s.split("\n")[0]?.slice(0, 160) ?? "");
        }
      }
    }
    expect([...leaks].map(([where, message]) => `${where}: ${message}`)).toEqual([]);
  });
});

describe("a password given to any export of uri-grammar/template, or a method of its classes, in any argument position", () => {
  // TemplateError's constructor is left out: it takes texts the package has masked (its doc comment)
  const functions = Object.entries(template as Record<string, unknown>).filter(([name, v]) => typeof v === "function" && name !== "TemplateError").map(([name, f]) => [name, f as (...args: unknown[]) => unknown] as const);
  const router = template.createRouter([["http://h/{x}", 1]]);
  const uriTemplate = template.parseTemplateOrThrow("http://h/{x}");
  const methods = (o: object, prefix: string): (readonly [string, (...args: unknown[]) => unknown])[] =>
    Object.getOwnPropertyNames(Object.getPrototypeOf(o)).filter((name) => name !== "constructor" && typeof (o as Record<string, unknown>)[name] === "function")
      .map((name) => [`${prefix}.${name}`, (...args: unknown[]) => ((o as Record<string, (...a: unknown[]) => unknown>)[name] as (...a: unknown[]) => unknown).apply(o, args)] as const);
  const callables = [...functions, ...methods(router, "router"), ...methods(uriTemplate, "UriTemplate")];

  it("the sweep reaches every export and the methods that take a URI or an options argument", () => {
    expect(functions.map(([name]) => name)).toEqual(expect.arrayContaining(["expand", "expandOrThrow", "parseTemplate", "match", "matchOrThrow", "matchAll", "createRouter", "formatTemplateError", "findAmbiguity", "grammarOf", "UriTemplate", "TemplateRouter"]));
    expect(callables.map(([name]) => name)).toEqual(expect.arrayContaining(["router.match", "router.matchAll", "router.add", "UriTemplate.match", "UriTemplate.matchAll", "UriTemplate.expand"]));
  });

  it.each(TEXTS)("%j: no error shows it", (text) => {
    const leaks = new Map<string, string>();
    for (const [key, f] of callables) {
      const arity = Math.max(f.length, 2) + 1;
      for (let i = 0; i < arity; i++) {
        for (const filler of [...FILLERS, "http://h/{x}"]) {
          const args: unknown[] = Array.from({ length: arity }, () => filler);
          args[i] = text;
          const s = refusal(f, args);
          if (s.includes(SECRET) && !leaks.has(`${key} argument ${i}`)) leaks.set(`${key} argument ${i}`, s.split("\n")[0]?.slice(0, 160) ?? "");
        }
      }
    }
    expect([...leaks].map(([where, message]) => `${where}: ${message}`)).toEqual([]);
  });
});

// fuzz round 17: a value that is not a string but carries one, swept the same way (arrays,
// objects, Maps, a boxed String, an Error, a URL object, a Proxy, a function or class named by
// it): only a Symbol showed it, its description quoted whole by `${typeof x} ${String(x)}` in
// describeValue (206 pairs of export and argument of every entry; 2 of them the template
// entry's). A symbol is now named "a symbol", as a function is "a function", by every entry
// (uri-grammar/template's since its bundles had the room, 2026-12-02)
describe("a Symbol whose description is a URI holding a password, given to any export of any entry", () => {
  it.each([`http://user:${SECRET}@host/`, `//user:${SECRET}@host/p`])("%j: no error shows it", (text) => {
    const leaks = new Map<string, string>();
    let refused = 0;
    for (const [key, f] of [...exported, ...templateExported]) {
      const arity = Math.max(f.length, 1) + 1;
      for (let i = 0; i < arity; i++) {
        for (const filler of FILLERS) {
          const args: unknown[] = Array.from({ length: arity }, () => filler);
          args[i] = Symbol(text);
          const s = refusal(f, args);
          if (s.includes("a symbol")) refused++;
          if (s.includes(SECRET) && !leaks.has(`${key} argument ${i}`)) leaks.set(`${key} argument ${i}`, s.split("\n")[0]?.slice(0, 160) ?? "");
        }
      }
    }
    expect([...leaks].map(([where, message]) => `${where}: ${message}`)).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });
});
