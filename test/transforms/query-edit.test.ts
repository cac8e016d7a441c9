// Query parameter reads and edits (RFC 3986 §3.4, RFC 1866 §8.2.1): fixtures, and properties:
// set then get gives the value, untouched pieces stay byte for byte, delete removes every
// occurrence, append adds at the end, every result parses back to itself, reads agree with
// queryParams and new text with buildQuery.
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import type { UriReference } from "../../src/ast/nodes";
import { isValid, parseOrThrow, parseRuleOrThrow } from "../../src/parse";
import { rule } from "../../src/rules/index";
import {
  appendNodeQueryParam, deleteNodeQueryParam, getNodeQueryParam, getNodeQueryParams, hasNodeQueryParam, setNodeQueryParam, type QueryEditOptions,
} from "../../src/transforms/query-edit";
import { buildQuery, queryParams } from "../../src/transforms/query";
import { getQueryParam } from "../../src/operations";
import { serializeNode } from "../../src/transforms/serialize";
import { readJson } from "../helpers/fixtures";
import { runs } from "../helpers/runs";
import { isReadOnlyNode } from "../helpers/read-only";

type ReadCase = readonly [ref: string, key: string, options: QueryEditOptions, first: string | null, all: readonly string[], has: boolean];
type EditCase = readonly [ref: string, key: string, value: string | null, options: QueryEditOptions, expected: string];
type DeleteCase = readonly [ref: string, key: string, options: QueryEditOptions, expected: string];
interface Group<C> {
  readonly source: string;
  readonly cases: readonly C[];
}

const read = readJson<{ source: string; groups: readonly Group<ReadCase>[] }>("query-edit", "read.json");
const edit = readJson<{ source: string; set: readonly Group<EditCase>[]; append: readonly Group<EditCase>[]; delete: readonly Group<DeleteCase>[] }>(
  "query-edit",
  "edit.json",
);

/** Lone surrogates as U+FFFD: UTF-8 cannot encode them (they are written as "%EF%BF%BD"). */
const wellFormed = (s: string): string => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** JSON of a node without its spans. */
const shape = (node: unknown): string => JSON.stringify(node, (k, v: unknown) => (k === "span" ? undefined : v));

/** The result's text, checked: a URI-reference that parses back to the same node, frozen, without spans (unless it is the input). */
function checked(input: UriReference, result: UriReference): string {
  const text = serializeNode(result);
  expect(isValid(text, "URI-reference")).toBe(true);
  if (result.query !== undefined) expect(isValid(result.query, "query")).toBe(true);
  expect(shape(parseOrThrow(text))).toBe(shape(result));
  expect(isReadOnlyNode(result)).toBe(true);
  if (result !== input) expect(shape(result)).toBe(JSON.stringify(result));
  // Everything but the query is left alone.
  expect([result.scheme, shape(result.authority), result.path.text, result.fragment]).toEqual([input.scheme, shape(input.authority), input.path.text, input.fragment]);
  return text;
}

describe("getQueryParam, getQueryParams, hasQueryParam: fixtures", () => {
  for (const g of read.groups) {
    test.each(g.cases)(`${g.source.slice(0, 60)}…: %j, key %j, %j`, (ref, key, options, first, all, has) => {
      const node = parseOrThrow(ref);
      expect(getNodeQueryParam(node, key, options)).toBe(first ?? undefined);
      expect(getNodeQueryParams(node, key, options)).toEqual(all);
      expect(hasNodeQueryParam(node, key, options)).toBe(has);
    });
  }
});

describe("setQueryParam, appendQueryParam, deleteQueryParam: fixtures", () => {
  for (const g of edit.set) {
    test.each(g.cases)(`set: ${g.source.slice(0, 50)}…: %j, %j = %j, %j`, (ref, key, value, options, expected) => {
      const node = parseOrThrow(ref);
      const out = setNodeQueryParam(node, key, value ?? undefined, options);
      expect(checked(node, out)).toBe(expected);
      expect(getNodeQueryParams(out, key, options)).toEqual([wellFormed(value ?? "")]);
    });
  }
  for (const g of edit.append) {
    test.each(g.cases)(`append: ${g.source.slice(0, 50)}…: %j, %j = %j, %j`, (ref, key, value, options, expected) => {
      const node = parseOrThrow(ref);
      const out = appendNodeQueryParam(node, key, value ?? undefined, options);
      expect(checked(node, out)).toBe(expected);
      expect(getNodeQueryParams(out, key, options)).toEqual([...getNodeQueryParams(node, key, options), value ?? ""]);
    });
  }
  for (const g of edit.delete) {
    test.each(g.cases)(`delete: ${g.source.slice(0, 50)}…: %j, %j, %j`, (ref, key, options, expected) => {
      const node = parseOrThrow(ref);
      const out = deleteNodeQueryParam(node, key, options);
      expect(checked(node, out)).toBe(expected);
      expect(hasNodeQueryParam(out, key, options)).toBe(false);
      if (!hasNodeQueryParam(node, key, options)) expect(out).toBe(node);
    });
  }
});

describe("query edits: nodes and arguments", () => {
  test("the node kind is kept: a URI stays a URI, a relative reference relative; inputs are unchanged", () => {
    const u = parseRuleOrThrow("http://u@h:8/p?a=1#f", "URI");
    const before = JSON.stringify(u);
    const out = setNodeQueryParam(u, "a", "2");
    expect(out.kind).toBe("URI");
    expect(setNodeQueryParam(parseOrThrow("?a=1"), "a", "2").kind).toBe("relative-ref");
    expect(JSON.stringify(u)).toBe(before);
    expect(out.authority?.span).toBeUndefined();
    expect(out.authority?.host.span).toBeUndefined();
    expect(out.path.span).toBeUndefined();
  });

  test("arguments of the wrong type are TypeErrors that name them", () => {
    const node = parseOrThrow("/s?a=1");
    expect(() => getQueryParam({ ...node }, "a")).toThrow(/getQueryParam: the argument "input"/);
    expect(() => setNodeQueryParam(node, 1 as unknown as string, "x")).toThrow(/setQueryParam: the argument "key"/);
    expect(() => appendNodeQueryParam(node, "a", null as unknown as string)).toThrow(/appendQueryParam: the argument "value"/);
    expect(() => deleteNodeQueryParam(node, "a", "&" as unknown as QueryEditOptions)).toThrow(/deleteQueryParam: the argument "options"/);
    expect(() => hasNodeQueryParam(node, "a", { separators: 1 as unknown as string })).toThrow(TypeError);
  });

  test("the doc comments' examples", () => {
    expect(getNodeQueryParams(parseOrThrow("/s?tag=a&x=1&tag=caf%C3%A9"), "tag")).toEqual(["a", "café"]);
    expect(getNodeQueryParam(parseOrThrow("/s?q=a+b&q=c"), "q", { form: true })).toBe("a b");
    expect(hasNodeQueryParam(parseOrThrow("/s?debug&q=1"), "debug")).toBe(true);
    expect(serializeNode(setNodeQueryParam(parseOrThrow("/s?a=1&b=%7e&a=2"), "a", "x y"))).toBe("/s?a=x%20y&b=%7e");
    expect(serializeNode(appendNodeQueryParam(parseOrThrow("/s?a=1"), "tag", "a&b"))).toBe("/s?a=1&tag=a%26b");
    expect(serializeNode(deleteNodeQueryParam(parseOrThrow("/s?utm=1&q=x&utm=2#top"), "utm"))).toBe("/s?q=x#top");
  });
});

// ---------------------------------------------------------------------------------------------
// Properties.

const KEYS = ["a", "b", "a b", "a+b", "é", "", "=", "&", ";", "%", "#"];
/** Keys and values: a few that collide with the pieces below, and random text (any UTF-16, lone surrogates too). */
const text: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...KEYS),
  fc.string({ unit: fc.oneof(fc.constantFrom("&", ";", "=", "+", "#", "%", " ", "?", "/", "a"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 6 }),
);
const PIECES = ["a=1", "a", "a=", "", "b=2", "a%20b=3", "a+b=4", "%61=5", "b=%7e", "b=%7E", "c=x+y", "c=%20", "=6", "a==7", "%C3%A9=8", "%C3=9", "k=a;b=c"];
const piece: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...PIECES), weight: 4 },
  { arbitrary: fc.integer().map((seed) => rule("query").generate(seededRandom(seed))), weight: 1 },
);
const query: fc.Arbitrary<string | undefined> = fc.option(
  fc.tuple(fc.array(fc.tuple(fc.constantFrom("&", "&", ";"), piece), { maxLength: 6 }), piece).map(([rest, first]) => first + rest.map(([s, p]) => s + p).join("")),
  { nil: undefined },
);
const refs: fc.Arbitrary<UriReference> = fc
  .tuple(fc.constantFrom("/s", "http://h/p", "", "mailto:a@b", "foo:", "//h", "http://h", "a/b"), query, fc.constantFrom(undefined, "", "f", "a=1&b"))
  .map(([head, q, f]) => parseOrThrow(`${head}${q === undefined ? "" : `?${q}`}${f === undefined ? "" : `#${f}`}`));
const opts: fc.Arbitrary<QueryEditOptions> = fc.record({ separators: fc.constantFrom("&", "&;", ";&"), form: fc.boolean() });

/** The pieces of a query as written, empty ones included. */
const piecesOf = (q: string | undefined, seps: string): string[] => (q === undefined ? [] : q.split(new RegExp(`[${seps.replace(/[\\\]^-]/g, "\\$&")}]`)));
/** Whether a piece holds `key`, by queryParams's reading of it. */
const holds = (p: string, key: string, o: QueryEditOptions): boolean => queryParams(p, { ...o, separators: "" })[0]?.[0] === key;

describe("query edits: properties", () => {
  test("reads agree with queryParams", () => {
    fc.assert(
      fc.property(refs, text, opts, (ref, key, o) => {
        const values = queryParams(ref.query, o)
          .filter(([k]) => k === key)
          .map(([, v]) => v ?? "");
        expect(getNodeQueryParams(ref, key, o)).toEqual(values);
        expect(getNodeQueryParam(ref, key, o)).toBe(values[0]);
        expect(hasNodeQueryParam(ref, key, o)).toBe(values.length > 0);
      }),
      { numRuns: runs(1000) },
    );
  });

  test("set then get gives the value; the first occurrence keeps its place, the other pieces their bytes", () => {
    fc.assert(
      fc.property(refs, text, fc.option(text, { nil: undefined }), opts, (ref, key, value, o) => {
        fc.pre(key !== "" || value !== undefined); // ["", undefined] is an empty piece, which holds no parameter
        const out = setNodeQueryParam(ref, key, value, o);
        checked(ref, out);
        expect(getNodeQueryParams(out, key, o)).toEqual([value ?? ""]);
        const seps = o.separators ?? "&";
        const before = piecesOf(ref.query, seps);
        const after = piecesOf(out.query, seps);
        const first = before.findIndex((p) => holds(p, key, o));
        if (first < 0) {
          // Appended: every piece before stays (a trailing empty one is taken by the pair).
          const kept = ref.query === "" || (ref.query !== undefined && seps.includes(ref.query.slice(-1))) ? before.slice(0, -1) : before;
          expect(after.slice(0, -1)).toEqual(kept);
          expect(after[after.length - 1]).toBe(buildQuery([[key, value]], o));
        } else {
          // The later occurrences are gone; every other piece is as it was, the first one keeps its key as written.
          const expected = before.filter((p, i) => i <= first || !holds(p, key, o));
          expect(after.length).toBe(expected.length);
          expected.forEach((p, i) => {
            if (i !== first) expect(after[i]).toBe(p);
          });
          const rawKey = (before[first] ?? "").split("=")[0] ?? "";
          expect(after[first]).toBe(value === undefined ? rawKey : `${rawKey}=${buildQuery([["", value]], o).slice(1)}`);
        }
      }),
      { numRuns: runs(1000) },
    );
  });

  test("delete removes every occurrence and nothing else; a query left without parameters is removed", () => {
    fc.assert(
      fc.property(refs, text, opts, (ref, key, o) => {
        const out = deleteNodeQueryParam(ref, key, o);
        checked(ref, out);
        expect(hasNodeQueryParam(out, key, o)).toBe(false);
        const seps = o.separators ?? "&";
        const kept = piecesOf(ref.query, seps).filter((p) => !holds(p, key, o));
        if (!hasNodeQueryParam(ref, key, o)) expect(out).toBe(ref);
        else if (kept.every((p) => p === "")) expect(out.query).toBeUndefined();
        else expect(piecesOf(out.query, seps)).toEqual(kept);
        // Other keys read the same.
        for (const [k] of queryParams(ref.query, o)) if (k !== key) expect(getNodeQueryParams(out, k, o)).toEqual(getNodeQueryParams(ref, k, o));
      }),
      { numRuns: runs(1000) },
    );
  });

  test("append adds the pair at the end, as buildQuery writes it, after every piece already there", () => {
    fc.assert(
      fc.property(refs, text, fc.option(text, { nil: undefined }), opts, (ref, key, value, o) => {
        fc.pre(key !== "" || value !== undefined); // ["", undefined] writes nothing to read back
        const out = appendNodeQueryParam(ref, key, value, o);
        checked(ref, out);
        expect(queryParams(out.query, o)).toEqual([...queryParams(ref.query, o), [key, value]]);
        const pair = buildQuery([[key, value]], o);
        expect(out.query?.endsWith(pair)).toBe(true);
        const q = ref.query ?? "";
        expect(out.query?.startsWith(q)).toBe(true);
      }),
      { numRuns: runs(1000) },
    );
  });

  test("edits compose: set, append and delete on the same key", () => {
    fc.assert(
      fc.property(refs, text, text, text, opts, (ref, key, v1, v2, o) => {
        const a = appendNodeQueryParam(setNodeQueryParam(ref, key, v1, o), key, v2, o);
        expect(getNodeQueryParams(a, key, o)).toEqual([v1, v2]);
        const d = deleteNodeQueryParam(a, key, o);
        expect(hasNodeQueryParam(d, key, o)).toBe(false);
        checked(ref, d);
      }),
      { numRuns: runs(1000) },
    );
  });
});
