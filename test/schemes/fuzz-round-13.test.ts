// Fuzz round 13 (helper "fuzz"; fuzz-12 item 7, the lead's decision): `keepsNormalForm(layout)`, a
// method of every scheme value (marked @internal, but on the object), threw an untyped error on
// `null` (file's: "Cannot read properties of null (reading 'input')"), answered `true` for `{}`
// (file) and `false` for anything (the others). Now what is no layout is a TypeError naming the
// scheme, the method and the argument, as the other hooks refuse one (fuzz-round-12). The calls are
// data in fixtures/schemes/keeps-normal-form.json, over every scheme of the default registry,
// file with Appendix E, and a scheme of the user's.
import { grammarFromAbnfOrThrow, rfc3986 } from "../../src/abnf/index";
import * as make from "../../src/ast/make";
import type { Layout } from "../../src/ast/make";
import type { UriReference } from "../../src/ast/nodes";
import { equivalent, normalize, parseOrThrow, serialize } from "../../src/index";
import { createRegistry, defaultRegistry, defineScheme, fileScheme } from "../../src/schemes/index";
import { readJson } from "../helpers/fixtures";

interface Fixture {
  readonly wrong: readonly string[];
  readonly good: readonly { readonly uri: string; readonly file: boolean }[];
}
const fixture = readJson<Fixture>("schemes", "keeps-normal-form.json");

interface Keeps {
  readonly name: string;
  keepsNormalForm(layout: unknown): boolean;
}
const user = defineScheme<{ readonly kind: "key"; readonly name: string }>({
  name: "key",
  grammar: grammarFromAbnfOrThrow('key-URI = "key:" 1*segment-nz\n', { imports: [rfc3986.pick("segment-nz")] }),
  rule: "key-URI",
  section: "a test scheme",
  build: ({ uri }) => ({ kind: "key", name: uri.path.text }),
  normalize: (uri) => uri,
});
const schemes: [string, Keeps][] = [
  ...[...defaultRegistry].map((s) => [s.name, s as unknown as Keeps] as [string, Keeps]),
  ["file (Appendix E)", fileScheme({ appendixE: true }) as unknown as Keeps],
  ["key (defineScheme)", user as unknown as Keeps],
];

const layout = (uri: string): Layout => make.layoutOf(parseOrThrow(uri) as UriReference);

function argument(word: string): unknown {
  switch (word) {
    case "null": return null;
    case "undefined": return undefined;
    case "number": return 5;
    case "text": return "file:///a/b";
    case "empty-object": return {};
    case "array": return ["file:///a/b"];
    case "node": return parseOrThrow("file:///a/b");
    case "no-input": {
      const { input: _input, ...rest } = layout("file:///a/b");
      return rest;
    }
    default: throw new Error(`no argument ${word}`);
  }
}

function thrown(f: () => unknown): unknown {
  try {
    return { returned: f() };
  } catch (e) {
    return e instanceof TypeError && /^[a-z]+\.keepsNormalForm: the argument "layout" must be /.test(e.message) ? "typed" : { threw: e instanceof Error ? `${e.name}: ${e.message}` : e };
  }
}

describe.each(schemes)("%s.keepsNormalForm", (label, scheme) => {
  it.each(fixture.wrong.map((w) => [w]))("refuses %s with a TypeError", (w) => {
    expect(thrown(() => scheme.keepsNormalForm(argument(w)))).toBe("typed");
  });

  it.each(fixture.good.map((g) => [g.uri, g] as const))("answers on the layout of %s as before", (_uri, g) => {
    expect(scheme.keepsNormalForm(layout(g.uri))).toBe(label === "file" ? g.file : false);
  });
});

// A scheme's hooks as normalization and equivalence read what they return (fixtures/schemes/hook-returns.json):
// an equivalentKey that returned undefined, null or an object made every URI of the scheme equivalent
// to every other, silently; a normalize that returned a URI of another scheme was taken as the normal form.
interface Returns {
  readonly equivalentKey: { readonly wrong: readonly string[]; readonly good: readonly { readonly a: string; readonly b: string; readonly equivalent: boolean }[] };
  readonly normalize: { readonly wrong: readonly string[]; readonly good: readonly { readonly uri: string; readonly normal: string }[] };
}
const returns = readJson<Returns>("schemes", "hook-returns.json");
const keyGrammar = grammarFromAbnfOrThrow('key-URI = "key:" 1*segment-nz\n', { imports: [rfc3986.pick("segment-nz")] });

function returned(word: string): unknown {
  switch (word) {
    case "undefined": return undefined;
    case "null": return null;
    case "number": return 7;
    case "object": return { key: "a" };
    case "array": return ["a"];
    case "other-scheme-node": return parseOrThrow("http://h/");
    case "relative-node": return parseOrThrow("a/b");
    case "string": return "key:abc";
    default: throw new Error(`no return ${word}`);
  }
}

/** A registry with a "key" scheme whose hooks return `key` and `normal` (undefined: the right thing). */
function registryWith(key?: () => unknown, normal?: () => unknown) {
  const scheme = defineScheme<{ readonly kind: "key"; readonly name: string }>({
    name: "key",
    grammar: keyGrammar,
    rule: "key-URI",
    section: "a test scheme",
    build: ({ uri }) => ({ kind: "key", name: uri.path.text }),
    normalize: (normal ?? ((_uri: unknown, v: { readonly name: string }) => parseOrThrow(`key:${v.name.toLowerCase()}`))) as never,
    equivalentKey: (key ?? ((v: { readonly name: string }) => v.name.toLowerCase())) as never,
  });
  return createRegistry([scheme]);
}

const typedHook = (f: () => unknown, hook: string): unknown => {
  try {
    return { returned: f() };
  } catch (e) {
    return e instanceof TypeError && new RegExp(`the key scheme's ${hook} must return`).test(e.message) ? "typed" : { threw: e instanceof Error ? `${e.name}: ${e.message}` : e };
  }
};

describe("what a scheme's hooks return (fixtures/schemes/hook-returns.json)", () => {
  it.each(returns.equivalentKey.wrong.map((w) => [w]))("equivalentKey returning %s is a TypeError, not every URI equivalent", (w) => {
    const schemes = registryWith(() => returned(w));
    expect(typedHook(() => equivalent("key:a", "key:b", { schemes }), "equivalentKey")).toBe("typed");
  });

  it.each(returns.equivalentKey.good.map((g) => [`${g.a} ${g.b}`, g] as const))("equivalentKey as written: %s", (_n, g) => {
    expect(equivalent(g.a, g.b, { schemes: registryWith() })).toEqual({ ok: true, value: g.equivalent });
  });

  it.each(returns.normalize.wrong.map((w) => [w]))("normalize returning %s is a TypeError", (w) => {
    const schemes = registryWith(undefined, () => returned(w));
    expect(typedHook(() => normalize("key:AbC", { schemes }), "normalize")).toBe("typed");
  });

  it.each(returns.normalize.good.map((g) => [g.uri, g] as const))("normalize as written: %s", (_n, g) => {
    const r = normalize(g.uri, { schemes: registryWith() });
    expect(r.ok && serialize(r.value)).toBe(g.normal);
  });
});
