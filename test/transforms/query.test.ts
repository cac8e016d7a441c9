// Query parameters (RFC 3986 §3.4, RFC 1866 §8.2.1): fixtures and the round trip
// queryParams(buildQuery(pairs)) === pairs.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { isValid, parseOrThrow } from "../../src/parse";
import { buildQuery, queryParams, type QueryOptions, type QueryPair } from "../../src/transforms/query";
import { runs } from "../helpers/runs";

type JsonPair = readonly [string, string | null];
interface Fixture {
  readonly parse: { readonly source: string; readonly cases: readonly (readonly [string, QueryOptions, readonly JsonPair[]])[] };
  readonly build: { readonly source: string; readonly cases: readonly (readonly [readonly JsonPair[], QueryOptions, string])[] };
}
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/query/params.json"), "utf8")) as Fixture;
const toPairs = (json: readonly JsonPair[]): QueryPair[] => json.map(([k, v]) => [k, v ?? undefined]);

describe("queryParams", () => {
  test.each(fixture.parse.cases)(`${fixture.parse.source}: %j with %j`, (query, options, expected) => {
    expect(queryParams(query, options)).toEqual(toPairs(expected));
  });

  test("an absent query has no parameters; a parsed node's query reads directly", () => {
    expect(queryParams(undefined)).toEqual([]);
    expect(queryParams(parseOrThrow("foo://example.com:8042/over/there?name=ferret#nose").query)).toEqual([["name", "ferret"]]);
  });

  test.each(["", undefined, "a=1"])("options are checked whatever the query (%j): a separators that is no string is a TypeError naming the function", (query) => {
    expect(() => queryParams(query, { separators: 5 as unknown as string })).toThrow(new TypeError("queryParams: options.separators must be a string or undefined, got number 5"));
    expect(() => buildQuery([], { separators: 5 as unknown as string })).toThrow(/^buildQuery: options\.separators must be a string or undefined/);
  });
});

describe("buildQuery", () => {
  test.each(fixture.build.cases)(`${fixture.build.source}: %j with %j`, (pairs, options, expected) => {
    const text = buildQuery(toPairs(pairs), options);
    expect(text).toBe(expected);
    expect(isValid(text, "query")).toBe(true);
  });

  const text = fc.string({ unit: fc.oneof(fc.constantFrom("&", ";", "=", "+", "#", "%", " ", "?", "/", "a"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 8 });
  const pair: fc.Arbitrary<QueryPair> = fc.tuple(text, fc.option(text, { nil: undefined }));
  const opts: fc.Arbitrary<QueryOptions> = fc.record({ separators: fc.constantFrom("&", "&;", ";&", ";"), form: fc.boolean() });

  test("round trip: queryParams(buildQuery(pairs, o), o) equals pairs, and the text is a valid query", () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 6 }), opts, (pairs, o) => {
        fc.pre(pairs.every(([k, v]) => k !== "" || v !== undefined)); // ["", undefined] writes nothing
        const built = buildQuery(pairs, o);
        expect(isValid(built, "query")).toBe(true);
        expect(queryParams(built, o)).toEqual(pairs);
      }),
      { numRuns: runs(3000) },
    );
  });
});
