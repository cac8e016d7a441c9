// Building and changing URI references (src/uri-builder.ts): each part checked against its RFC
// 3986 rule with the parser's UriSyntaxError, paths against §3.3 and §4.2, results valid.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import type { UriReference } from "../../src/ast/nodes";
import { UriSyntaxError } from "../../src/errors";
import { isValid, parseOrThrow, type Result, parseRuleOrThrow } from "../../src/parse";
import { rule, type RuleName } from "../../src/rules/index";
import {
  buildUri, withFragment, withHost, withPath, withPort, withQuery, withScheme, withUserinfo, type UriParts,
} from "../../src/uri-builder";
import { serializeNode } from "../../src/transforms/serialize";
import { runs } from "../helpers/runs";
import { isReadOnlyNode } from "../helpers/read-only";

type Part = "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";
interface SetCase {
  readonly input: string;
  readonly part: Part;
  readonly value: string | number | null;
  readonly expected?: string;
  readonly rule?: string;
  readonly offset?: number;
}
interface Fixture {
  readonly build: { readonly source: string; readonly cases: readonly { parts: UriParts; expected: string }[] };
  readonly errors: { readonly source: string; readonly cases: readonly { parts: UriParts; rule: string; offset: number }[] };
  readonly set: { readonly source: string; readonly cases: readonly SetCase[] };
  readonly iri: {
    readonly source: string;
    readonly cases: readonly { parts: UriParts; expected: string }[];
    readonly errors: readonly { parts: UriParts; rule: string; offset: number }[];
  };
}
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/builder/build.json"), "utf8")) as Fixture;

function set(node: UriReference, part: Part, value: string | number | undefined): Result<UriReference, UriSyntaxError> {
  const text = typeof value === "number" ? String(value) : value;
  switch (part) {
    case "scheme":
      return withScheme(node, text);
    case "userinfo":
      return withUserinfo(node, text);
    case "host":
      return withHost(node, text);
    case "port":
      return withPort(node, value);
    case "path":
      return withPath(node, text);
    case "query":
      return withQuery(node, text);
    case "fragment":
      return withFragment(node, text);
  }
}

const expectOk = (r: Result<UriReference, UriSyntaxError>, expected: string): void => {
  if (!r.ok) throw r.error;
  expect(serializeNode(r.value)).toBe(expected);
  // the node is what parse gives for its text, component for component
  const reparsed = parseRuleOrThrow(expected, /[^\x00-\x7f]/.test(expected) ? "IRI-reference" : "URI-reference");
  expect(r.value.kind).toBe(reparsed.kind);
  expect(r.value.path.kind).toBe(reparsed.path.kind);
  expect(r.value.authority?.host.kind).toBe(reparsed.authority?.host.kind);
  expect(isReadOnlyNode(r.value)).toBe(true);
};

const expectError = (r: Result<UriReference, UriSyntaxError>, ruleName: string, offset: number): void => {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error).toBeInstanceOf(UriSyntaxError);
  expect({ rule: r.error.rule, offset: r.error.offset }).toEqual({ rule: ruleName, offset });
};

describe("buildUri", () => {
  test.each(fixture.build.cases)(`${fixture.build.source}: %j`, ({ parts, expected }) => {
    expectOk(buildUri(parts), expected);
  });

  test.each(fixture.errors.cases)(`${fixture.errors.source}: %j`, ({ parts, rule: ruleName, offset }) => {
    expectError(buildUri(parts), ruleName, offset);
  });

  test("rebuilding a parsed reference from its parts gives the same text", () => {
    const gen = fc.integer().map((seed) => rule("URI-reference").generate(seededRandom(seed)));
    fc.assert(
      fc.property(gen, (s) => {
        const n = parseOrThrow(s);
        const a = n.authority;
        const host = a === undefined ? undefined : serializeNode(a.host);
        const r = buildUri({ scheme: n.scheme, userinfo: a?.userinfo, host, port: a?.port, path: n.path.text, query: n.query, fragment: n.fragment });
        expectOk(r, s);
      }),
      { numRuns: runs(1000) },
    );
  });
});

describe("IRI parts (RFC 3987 §2.2)", () => {
  test.each(fixture.iri.cases)(`${fixture.iri.source}: %j`, ({ parts, expected }) => {
    expectOk(buildUri(parts), expected);
  });

  test.each(fixture.iri.errors)(`${fixture.iri.source}: %j`, ({ parts, rule: ruleName, offset }) => {
    expectError(buildUri(parts), ruleName, offset);
  });

  test("a setter given an IRI part makes an IRI whose text parses back to that part", () => {
    const gen = (name: RuleName): fc.Arbitrary<string> => fc.integer().map((seed) => rule(name).generate(seededRandom(seed)));
    const cases: [Part, fc.Arbitrary<string>][] = [
      ["userinfo", gen("iuserinfo")],
      ["host", gen("ihost")],
      ["path", gen("ipath-abempty")],
      ["query", gen("iquery")],
      ["fragment", gen("ifragment")],
    ];
    for (const [part, values] of cases) {
      fc.assert(
        fc.property(values, (value) => {
          const r = set(parseOrThrow("http://a/b?c#d"), part, value);
          if (!r.ok) throw r.error;
          const text = serializeNode(r.value);
          expect(isValid(text, "IRI")).toBe(true);
          const back = parseRuleOrThrow(text, "IRI");
          const got = { userinfo: back.authority?.userinfo, host: back.authority ? serializeNode(back.authority.host) : undefined, path: back.path.text, query: back.query, fragment: back.fragment };
          expect(got[part as keyof typeof got]).toBe(value);
        }),
        { numRuns: runs(200) },
      );
    }
  });
});

describe("with* setters", () => {
  test.each(fixture.set.cases)(`${fixture.set.source}: %j`, (c) => {
    const node = parseOrThrow(c.input);
    const r = set(node, c.part, c.value ?? undefined);
    if (c.expected !== undefined) expectOk(r, c.expected);
    else expectError(r, c.rule ?? "", c.offset ?? -1);
    expect(serializeNode(node)).toBe(c.input); // the input node is unchanged
  });

  const gen = (name: RuleName): fc.Arbitrary<string> => fc.integer().map((seed) => rule(name).generate(seededRandom(seed)));
  const values: Record<Part, fc.Arbitrary<string | undefined>> = {
    scheme: fc.option(gen("scheme"), { nil: undefined }),
    userinfo: fc.option(gen("userinfo"), { nil: undefined }),
    host: fc.option(fc.oneof(gen("host"), gen("IP-literal")), { nil: undefined }),
    port: fc.option(gen("port"), { nil: undefined }),
    path: fc.option(fc.oneof(gen("path-abempty"), gen("path-absolute"), gen("path-rootless"), gen("path-noscheme")), { nil: undefined }),
    query: fc.option(gen("query"), { nil: undefined }),
    fragment: fc.option(gen("fragment"), { nil: undefined }),
  };
  const parts = Object.keys(values) as Part[];

  test.each(parts)("%s: a valid value gives a valid reference holding it, or a UriSyntaxError from the path check", (part) => {
    fc.assert(
      fc.property(gen("URI-reference"), values[part], (s, value) => {
        const node = parseOrThrow(s);
        const r = set(node, part, value);
        if (!r.ok) {
          expect(r.error).toBeInstanceOf(UriSyntaxError);
          // a valid part is only refused for the path (§3.3, §4.2) or for a userinfo/port without a host
          expect(r.error.rule).toMatch(/^path-|^authority$/);
          return;
        }
        const text = serializeNode(r.value);
        expect(isValid(text, "URI-reference")).toBe(true);
        const back = parseOrThrow(text);
        const got: Record<Part, string | undefined> = {
          scheme: back.scheme,
          userinfo: back.authority?.userinfo,
          host: back.authority ? serializeNode(back.authority.host) : undefined,
          port: back.authority?.port,
          path: back.path.text,
          query: back.query,
          fragment: back.fragment,
        };
        expect(got[part]).toBe(part === "path" ? (value ?? "") : value);
      }),
      { numRuns: runs(800) },
    );
  });
});
