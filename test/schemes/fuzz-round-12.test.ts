// Fuzz round 12 (helper "fuzz"): a scheme's hooks, public methods of every scheme value, called
// with arguments of the wrong type (fuzz-11 item 7). `urn.normalize("urn:ab:c")` threw "Cannot read
// properties of undefined (reading 'nid')"; now each wrong argument is a TypeError naming the
// scheme, the hook and the argument, as the rest of the API refuses one. The calls are data in
// fixtures/schemes/hook-arguments.json; every one failed before the fix.
import { grammarFromAbnfOrThrow, rfc3986 } from "../../src/abnf/index";
import { isNode } from "../../src/ast/make";
import type { Uri } from "../../src/ast/nodes";
import { normalizeOrThrow, parseOrThrow, serialize } from "../../src/index";
import { createRegistry, defineScheme, file, fileScheme, mailto, tel, urn, type Scheme } from "../../src/schemes/index";
import { readJson } from "../helpers/fixtures";

interface HookFixture {
  readonly uris: Readonly<Record<string, readonly [string, string]>>;
  readonly otherUri: string;
  readonly wrong: { readonly normalize: readonly (readonly [string, string, string])[]; readonly equivalentKey: readonly (readonly [string, string])[]; readonly valueOf: readonly (readonly [string])[] };
}
const fixture = readJson<HookFixture>("schemes", "hook-arguments.json");

// a scheme of the user's with both hooks
const keyGrammar = grammarFromAbnfOrThrow('key-URI = "key:" 1*segment-nz\n', { imports: [rfc3986.pick("segment-nz")] });
interface KeyUri {
  readonly kind: "key";
  readonly name: string;
}
const key = defineScheme<KeyUri>({
  name: "key",
  grammar: keyGrammar,
  rule: "key-URI",
  section: "a test scheme",
  build: ({ uri }) => ({ kind: "key", name: uri.path.text }),
  normalize: (uri: Uri, value: KeyUri) => (value.name === value.name.toLowerCase() ? uri : (parseOrThrow(`key:${value.name.toLowerCase()}`) as Uri)),
  equivalentKey: (value: KeyUri) => value.name.toLowerCase(),
});

type Hooked = Scheme<unknown> & { valueOf(uri: Uri): { readonly value: unknown } | undefined };
const schemes: [string, Hooked, readonly [string, string]][] = [
  ["urn", urn as Hooked, fixture.uris["urn"] as [string, string]],
  ["mailto", mailto as Hooked, fixture.uris["mailto"] as [string, string]],
  ["tel", tel as Hooked, fixture.uris["tel"] as [string, string]],
  ["file", file as Hooked, fixture.uris["file"] as [string, string]],
  ["file (Appendix E)", fileScheme({ appendixE: true }) as Hooked, fixture.uris["file"] as [string, string]],
  ["key (defineScheme)", key as unknown as Hooked, ["key:AbC", "key:x"]],
];

const node = (s: string): Uri => parseOrThrow(s) as Uri;

/** The argument a fixture's word names, for `scheme` and its URI `text`. */
function argument(word: string, scheme: Hooked, text: string, second: string): unknown {
  switch (word) {
    case "node": return node(text);
    case "value": return scheme.valueOf(node(text))?.value;
    case "text": return text;
    case "number": return 5;
    case "undefined": return undefined;
    case "null": return null;
    case "empty-object": return {};
    case "array": return [text];
    case "spread-node": return { ...node(text) };
    case "other-node": return node(fixture.otherUri);
    case "other-value": return scheme.name === "urn" ? mailto.parseOrThrow("mailto:a@b") : urn.parseOrThrow("urn:ab:c");
    case "other-uri-value": return scheme.valueOf(node(second))?.value;
    default: throw new Error(`no argument ${word}`);
  }
}

/** The TypeError the call throws, or what it did instead. */
function thrown(f: () => unknown): unknown {
  try {
    return { returned: f() };
  } catch (e) {
    return e instanceof TypeError && /^[a-z]+\.(normalize|equivalentKey|valueOf): the argument "(uri|value|options)" must be /.test(e.message) ? "typed" : { threw: e instanceof Error ? `${e.name}: ${e.message}` : e };
  }
}

describe.each(schemes)("%s: each hook refuses a wrong argument with a TypeError", (_label, scheme, [text, second]) => {
  const hooks = scheme as unknown as {
    normalize(u: unknown, v: unknown, o: unknown): unknown;
    equivalentKey?(v: unknown, u: unknown): unknown;
    valueOf(u: unknown): unknown;
  };

  it.each(fixture.wrong.normalize.map((c) => [c.join(", "), c] as const))("normalize(%s)", (_n, [u, v, o]) => {
    expect(thrown(() => hooks.normalize(argument(u, scheme, text, second), argument(v, scheme, text, second), argument(o, scheme, text, second)))).toBe("typed");
  });

  if (scheme.equivalentKey !== undefined) {
    it.each(fixture.wrong.equivalentKey.map((c) => [c.join(", "), c] as const))("equivalentKey(%s)", (_n, [v, u]) => {
      expect(thrown(() => hooks.equivalentKey?.(argument(v, scheme, text, second), argument(u, scheme, text, second)))).toBe("typed");
    });
  }

  it.each(fixture.wrong.valueOf.map((c) => [c.join(", "), c] as const))("valueOf(%s)", (_n, [u]) => {
    expect(thrown(() => hooks.valueOf(argument(u, scheme, text, second)))).toBe("typed");
  });

  it("takes the right arguments: a node, its value (from valueOf or parse), options or none", () => {
    const n = node(text);
    const viaValueOf = scheme.valueOf(n)?.value;
    const viaParse = scheme.parse(text);
    expect(viaValueOf).toBeDefined();
    expect(viaParse.ok).toBe(true);
    for (const v of [viaValueOf, viaParse.ok ? viaParse.value : undefined]) {
      for (const o of [{}, undefined]) {
        const out = hooks.normalize(n, v, o);
        expect(isNode(out)).toBe(true);
      }
      if (scheme.equivalentKey !== undefined) expect(typeof hooks.equivalentKey?.(v, n)).toBe("string");
    }
    // a spanless node (a transform's) with the same text takes the same value
    const spanless = normalizeOrThrow(n, { case: false, percentEncoding: false, dotSegments: false, ipv6: "keep" }) as Uri;
    expect(serialize(spanless)).toBe(text);
    expect(isNode(hooks.normalize(spanless, viaValueOf, {}))).toBe(true);
  });

  it("normalization with a registry calls the hook as before", () => {
    const registry = createRegistry([scheme]);
    const once = serialize(normalizeOrThrow(text, { schemes: registry }));
    expect(serialize(normalizeOrThrow(once, { schemes: registry }))).toBe(once);
  });
});
