// `options.schemes`, one policy for every function that takes it (issue 31, "one of each"): a
// registry, or a list of schemes made by defineScheme (read as createRegistry reads one), means
// the same everywhere; normalize and equivalent (and relativize's normalize) also take the §6.2.3
// facts of schemes, { name, defaultPort?, emptyPathIsRoot? }, in a list or a map; anything else is
// one TypeError, the same words from each function. Before, `parse(s, { schemes: [http] })` and
// `resolve` threw "must be a registry" while `normalize` read the same list as bare facts, so
// `normalize("URN:EXAMPLE:a", { schemes: [urn] })` left the NID as it was, and the registry of
// the same schemes lowercased it (RFC 8141 §3).
import { equivalent, equivalentOrThrow, normalize, normalizeOrThrow, relativize, relativizeOrThrow, resolve, resolveOrThrow, serialize } from "../src/operations";
import { isValid, parse, parseOrThrow, validate } from "../src/parse";
import { createRegistry, defaultRegistry, equivalenceKey, http, mailto, toSchemeNormalizations, urn } from "../src/schemes/index";

/** One call of a function that takes `schemes`, and what of its answer a test compares. */
interface Row {
  readonly name: string;
  /** Whether it takes §6.2.3 facts (a list or map of { name, defaultPort?, emptyPathIsRoot? }) too. */
  readonly facts: boolean;
  readonly call: (schemes: unknown) => unknown;
}

const shown = (r: unknown): unknown => {
  const x = r as { ok?: boolean; value?: unknown; error?: { code?: string; message: string } };
  if (typeof x === "object" && x !== null && "ok" in x) return x.ok ? shown(x.value) : { error: x.error?.code ?? x.error?.message };
  if (typeof x === "object" && x !== null && "generic" in x) {
    const p = x as { generic: unknown; scheme: unknown; schemeError?: { code: string } };
    return { generic: serialize(p.generic as never), scheme: p.scheme === undefined ? undefined : JSON.stringify(p.scheme), schemeError: p.schemeError?.code };
  }
  if (typeof x === "object" && x !== null && "kind" in x) return serialize(x as never);
  return x;
};

const ROWS: readonly Row[] = [
  { name: "parse", facts: false, call: (schemes) => shown(parse("URN:EXAMPLE:a", { schemes } as never)) },
  { name: "parseOrThrow", facts: false, call: (schemes) => shown(parseOrThrow("mailto:a@b?to=c@d", { schemes } as never)) },
  { name: "resolve", facts: false, call: (schemes) => shown(resolve("http://good.example/", "http:evil.example/x", { schemes } as never)) },
  { name: "resolveOrThrow", facts: false, call: (schemes) => shown(resolveOrThrow("http://good.example/", "urn:example:y", { schemes } as never)) },
  { name: "normalize", facts: true, call: (schemes) => shown(normalize("URN:EXAMPLE:a", { schemes } as never)) },
  { name: "normalizeOrThrow", facts: true, call: (schemes) => shown(normalizeOrThrow("HTTP://a:80", { schemes } as never)) },
  { name: "equivalent", facts: true, call: (schemes) => shown(equivalent("urn:ISBN:1", "urn:isbn:1", { schemes } as never)) },
  { name: "equivalentOrThrow", facts: true, call: (schemes) => equivalentOrThrow("mailto:a@EXAMPLE.com", "mailto:a@example.com", { schemes } as never) },
  { name: "relativize", facts: true, call: (schemes) => shown(relativize("urn:example:a", "URN:EXAMPLE:b", { normalize: { schemes } as never })) },
  { name: "relativizeOrThrow", facts: true, call: (schemes) => shown(relativizeOrThrow("http://a:80/b", "http://a/c", { normalize: { schemes } as never })) },
];

const SCHEMES = [http, urn, mailto];
const registry = createRegistry(SCHEMES);

describe("options.schemes: a registry and a list of the same schemes mean the same, in every function that takes it", () => {
  test.each(ROWS.map((r) => [r.name, r] as const))("%s", (_, row) => {
    const withRegistry = row.call(registry);
    expect(row.call([...SCHEMES])).toEqual(withRegistry);
    expect(row.call(Object.freeze([...SCHEMES]))).toEqual(withRegistry);
    // an empty list knows no scheme, as an empty registry
    expect(row.call([])).toEqual(row.call(createRegistry([])));
  });

  test("the answers differ from those without the schemes' rules (so the rows compare something)", () => {
    const differing = ROWS.filter((r) => JSON.stringify(r.call(registry)) !== JSON.stringify(r.call(createRegistry([]))));
    expect(differing.map((r) => r.name)).toEqual(ROWS.map((r) => r.name).filter((n) => n !== "resolveOrThrow"));
  });
});

describe("options.schemes: anything else is the same TypeError from each function", () => {
  const junk: readonly (readonly [string, unknown])[] = [
    ["a single scheme", http],
    ["a scheme's name", "http"],
    ["a number", 42],
    ["null", null],
    ["a plain object", {}],
    ["a set of schemes", new Set(SCHEMES)],
    ["a list holding a number", [http, 42]],
    ["a list holding a name", ["http"]],
    ["a list with a hole", [http, , urn]], // eslint-disable-line no-sparse-arrays
  ];
  const cases = ROWS.flatMap((r) => junk.map(([what, x]) => [r.name, what, r, x] as const));
  test.each(cases)("%s, %s", (name, _, row, x) => {
    const caller = name.startsWith("relativize") ? "relativize" : name.replace(/OrThrow$/, "");
    expect(() => row.call(x)).toThrow(TypeError);
    expect(() => row.call(x)).toThrow(new RegExp(`^${caller}: options\\.schemes(\\[\\d+\\])? must be`));
  });

  test("two schemes of one name are refused, as createRegistry refuses them", () => {
    for (const row of ROWS) expect(() => row.call([http, urn, http])).toThrow(/two schemes are named "http"/);
  });
});

describe("options.schemes: the §6.2.3 facts of schemes are for the functions that only normalize", () => {
  const facts = [{ name: "gopher", defaultPort: 70, emptyPathIsRoot: true }];
  test.each(ROWS.map((r) => [r.name, r] as const))("%s", (_, row) => {
    if (row.facts) {
      expect(() => row.call(facts)).not.toThrow();
      expect(() => row.call(new Map(facts.map((f) => [f.name, f])))).not.toThrow();
    } else {
      expect(() => row.call(facts)).toThrow(/options\.schemes must be a registry or a list of schemes/);
      expect(() => row.call(new Map())).toThrow(TypeError);
      expect(() => row.call([{ ...http }])).toThrow(/options\.schemes must be a registry or a list of schemes/);
      expect(() => row.call([urn, { ...http }])).toThrow(/options\.schemes\[1\] must be a scheme made by defineScheme/);
    }
  });

  test("facts beside schemes: each scheme brings its rules, each fact its port and path", () => {
    const schemes = [urn, ...facts];
    expect(serialize(normalizeOrThrow("URN:EXAMPLE:a", { schemes }))).toBe("urn:example:a");
    expect(serialize(normalizeOrThrow("GOPHER://h:70", { schemes }))).toBe("gopher://h/");
    expect(equivalentOrThrow("urn:ISBN:1", "urn:isbn:1", { schemes })).toBe(true);
  });

  test("a scheme in the list wins over a fact of its name (it knows the facts and its rules)", () => {
    expect(serialize(normalizeOrThrow("URN:EXAMPLE:a", { schemes: [{ name: "urn" }, urn] }))).toBe("urn:example:a");
  });
});

test("a list of schemes types parse's value as a registry of them does", () => {
  const r = parse("urn:example:a", { schemes: [http, urn] });
  const v = r.ok ? r.value.scheme : undefined;
  expect(v?.kind === "urn" ? v.nid : undefined).toBe("example");
  expect(parseOrThrow("mailto:a@b", { schemes: [mailto, urn] }).scheme?.kind).toBe("mailto");
  expect(resolve("http://a/", "urn:example:b", { schemes: [urn] }).ok).toBe(true);
  expect(serialize(normalizeOrThrow("URN:EXAMPLE:a", { schemes: [urn] }))).toBe("urn:example:a");
});

test("validate and isValid take no schemes, in any shape: the message names parse and the scheme's own validate", () => {
  for (const x of [registry, [...SCHEMES], http, 42]) {
    expect(() => validate("http://a/", { schemes: x } as never)).toThrow(/^validate: options\.schemes is for parse/);
    expect(() => isValid("http://a/", { schemes: x } as never)).toThrow(/^isValid: options\.schemes is for parse/);
  }
});

// uri-grammar/schemes' own functions that take schemes read them by the same reader as
// options.schemes (issue 31, one policy): a registry or a list of schemes, anything else the
// option's TypeError in the same words, naming the argument `schemes`. Before, both refused a
// list ("the argument "registry" must be a registry from createRegistry, got an array").
describe("equivalenceKey and toSchemeNormalizations take their schemes as options.schemes is taken", () => {
  const ARGUMENT_ROWS: readonly (readonly [string, (schemes: unknown) => unknown])[] = [
    ["equivalenceKey", (schemes) => equivalenceKey("URN:EXAMPLE:a?=q#f", schemes as never)],
    ["toSchemeNormalizations", (schemes) => [...toSchemeNormalizations(schemes as never)].map(([name, s]) => [name, s.defaultPort, s.emptyPathIsRoot])],
  ];
  test.each(ARGUMENT_ROWS)("%s: a list of schemes means what a registry of them means", (_, call) => {
    expect(call([...SCHEMES])).toEqual(call(registry));
    expect(call(Object.freeze([...SCHEMES]))).toEqual(call(registry));
    expect(call([])).toEqual(call(createRegistry([])));
    expect(call([urn])).not.toEqual(call([]));
  });

  const junk: readonly (readonly [string, unknown])[] = [
    ["a single scheme", http],
    ["a scheme's name", "http"],
    ["a number", 42],
    ["null", null],
    ["a plain object", {}],
    ["a set of schemes", new Set(SCHEMES)],
    ["a list holding a number", [http, 42]],
    ["a list holding a name", ["http"]],
    ["a list with a hole", [http, , urn]], // eslint-disable-line no-sparse-arrays
    ["§6.2.3 facts", [{ name: "gopher", defaultPort: 70 }]],
    ["two schemes of one name", [http, urn, http]],
  ];
  /** The TypeError of `call`, its caller and the name of what it read taken off (`parse: options.schemes`, `equivalenceKey: schemes`). */
  const words = (call: () => unknown): string => {
    try {
      call();
    } catch (e) {
      expect(e).toBeInstanceOf(TypeError);
      return (e as Error).message.replace(/^[A-Za-z]+: (options\.)?schemes/, "");
    }
    throw new Error("no TypeError");
  };
  const cases = ARGUMENT_ROWS.flatMap(([name, call]) => junk.map(([what, x]) => [name, what, call, x] as const));
  test.each(cases)("%s, %s: parse's TypeError, in the same words", (name, _, call, x) => {
    expect(() => call(x)).toThrow(new RegExp(`^${name}: schemes(\\[\\d+\\])?[: ]`));
    expect(words(() => call(x))).toBe(words(() => parse("http://a/", { schemes: x } as never)));
  });

  test("undefined is the default registry", () => {
    expect(equivalenceKey("URN:EXAMPLE:a")).toBe(equivalenceKey("URN:EXAMPLE:a", defaultRegistry));
    expect(equivalenceKey("URN:EXAMPLE:a", undefined)).toBe(equivalenceKey("urn:example:a", defaultRegistry));
    expect(toSchemeNormalizations(undefined)).toEqual(toSchemeNormalizations(defaultRegistry));
  });
});
