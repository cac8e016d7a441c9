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
import { parseOrThrow } from "../../src/index";
import { defaultRegistry, defineScheme, fileScheme } from "../../src/schemes/index";
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
