// RFC 3986 §5.2 reference resolution: the §5.4 examples, own edge cases, base errors (§5.1),
// and agreement with the literal §5.2.2 transcription of test/helpers/resolve-reference.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import type { Uri } from "../../src/ast/nodes";
import { UriSyntaxError } from "../../src/errors";
import { isValid, parse, parseOrThrow, parseRule, parseRuleOrThrow } from "../../src/parse";
import { rule, type RuleName } from "../../src/rules/index";
import { normalize, resolve } from "../../src/operations";
import { normalizeReference } from "../../src/transforms/normalize";
import { resolveReference } from "../../src/transforms/resolve";
import { ResolveError } from "../../src/transforms/errors";
import { serializeNode } from "../../src/transforms/serialize";
import { recomposeLiteral, resolveLiteral, type LiteralComponents } from "../helpers/resolve-reference";
import { runs } from "../helpers/runs";
import { isReadOnlyNode } from "../helpers/read-only";

interface Group {
  readonly base: string;
  readonly options?: { readonly strict?: boolean };
  readonly note?: string;
  readonly cases: readonly (readonly [string, string])[];
}
interface ResolveFixture {
  readonly source: string;
  readonly groups: readonly Group[];
}
interface ErrorFixture {
  readonly source: string;
  readonly cases: readonly { base: string; ref: string; error: string; offset?: number; options?: { baseFragment: "error" } }[];
}

const dir = path.join(__dirname, "../../fixtures/resolve");
const load = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as T;
const resolveFixtures = ["rfc3986-5.4.1.json", "rfc3986-5.4.2.json", "own.json"].map((f) => [f, load<ResolveFixture>(f)] as const);

/**
 * The literal transcription's answer, with the one documented departure: a target without an
 * authority whose path begins with "//" gets a "/." prefix (see resolveReference).
 */
function expectedByLiteral(base: string, ref: string, strict: boolean): string {
  const t: LiteralComponents = resolveLiteral(base, ref, strict);
  if (t.authority === undefined && t.path.startsWith("//")) t.path = `/.${t.path}`;
  return recomposeLiteral(t);
}

const resolveText = (base: string, ref: string, strict = true): string => {
  const r = resolve(base, ref, { strict });
  if (!r.ok) throw r.error;
  return serializeNode(r.value);
};

describe("resolve: fixtures", () => {
  test("the RFC 3986 §5.4 fixtures hold all 42 examples", () => {
    const count = resolveFixtures
      .filter(([f]) => f.startsWith("rfc3986"))
      .flatMap(([, fx]) => fx.groups.filter((g) => g.options?.strict !== false).flatMap((g) => g.cases)).length;
    expect(count).toBe(42);
  });

  for (const [file, fx] of resolveFixtures) {
    for (const group of fx.groups) {
      const strict = group.options?.strict ?? true;
      describe(`${file} (${fx.source}): base ${group.base}${strict ? "" : ", non-strict"}`, () => {
        test.each(group.cases)("%j -> %j", (ref, expected) => {
          expect(resolveText(group.base, ref, strict)).toBe(expected);
          // the nodes version gives the same, and the literal transcription agrees
          const base = parseRuleOrThrow(group.base, { rule: "absolute-URI" });
          const r = resolveReference(base, parseOrThrow(ref), { strict });
          expect(r.ok && serializeNode(r.value)).toBe(expected);
          expect(expectedByLiteral(group.base, ref, strict)).toBe(expected);
          expect(isValid(expected, "URI")).toBe(true);
        });
      });
    }
  }
});

describe("resolve: errors", () => {
  const fx = load<ErrorFixture>("errors.json");
  test.each(fx.cases)("$base + $ref -> $error", ({ base, ref, error, offset, options }) => {
    const r = resolve(base, ref, options ?? {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    if (error === "syntax") {
      expect(r.error).toBeInstanceOf(UriSyntaxError);
      expect((r.error as UriSyntaxError).offset).toBe(offset);
    } else {
      expect(r.error).toBeInstanceOf(ResolveError);
      expect((r.error as ResolveError).code).toBe(error);
      expect(r.error.message).toMatch(/§5\.1/);
    }
  });

  test.each(load<{ cases: [string, string, string][] }>("base-fragment.json").cases)("a base's fragment is ignored: %s + %s = %s (RFC 3986 §5.2.2)", (base, ref, target) => {
    const r = resolve(base, ref);
    expect(r.ok && serializeNode(r.value)).toBe(target);
  });

  test("resolveReference refuses a relative-ref node passed as a base (JavaScript callers)", () => {
    const r = resolveReference(parseOrThrow("/a/b") as unknown as Uri, parseOrThrow("g"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("base-not-absolute");
  });
});

describe("resolve: nodes", () => {
  test("inputs are left as they were; the result is frozen and carries no spans", () => {
    const base = parseRuleOrThrow("http://u@a:1/b/c/d;p?q", { rule: "URI" });
    const ref = parseOrThrow("../g?y#s");
    const before = JSON.stringify([base, ref]);
    const r = resolveReference(base, ref);
    expect(JSON.stringify([base, ref])).toBe(before);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(isReadOnlyNode(r.value)).toBe(true);
    expect(isReadOnlyNode(r.value.path)).toBe(true);
    expect(JSON.stringify(r.value)).not.toMatch(/"span"/);
    expect(r.value.path.kind).toBe("path-abempty");
    expect(r.value.path.segments).toEqual(["b", "g"]);
  });

  test("the result's path kind is the one parse gives the serialized result", () => {
    for (const [b, ref] of [["foo:a/b", "c"], ["foo:", "g"], ["foo:a", ".."], ["foo:/a", "b"], ["http://a", "g"], ["http://a/b", "?q"]] as const) {
      const r = resolve(b, ref);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.path.kind).toBe(parseOrThrow(serializeNode(r.value)).path.kind);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests. Bases: generated absolute-URIs, a pool of realistic bases, and bases whose
// path is made of dot segments. References: generated URI-references and relative-refs, and
// many strings over a small alphabet of dots, slashes and delimiters.

const gen = (name: RuleName): fc.Arbitrary<string> => fc.integer().map((seed) => rule(name).generate(seededRandom(seed)));

const BASE_POOL = [
  "http://a/b/c/d;p?q", "http://a", "http://a/", "https://example.com/over/there/index.html?x=1", "foo:", "foo:a/b",
  "foo:a", "foo:/a/b/", "foo:/", "foo://", "foo:///a//b", "file:///etc/passwd", "mailto:fred@example.com",
  "urn:example:animal:ferret:nose", "http://u:p@[::1]:8080/x/y?z", "http://a/./b/../c/", "s://h/a/b/c/d/e/f", "foo:.a/b",
];
const smallPath = (pieces: readonly string[], maxLength: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((a) => a.join(""));

const dottyBase = fc
  .tuple(fc.constantFrom("http://a", "foo:", "foo://h", "x:/", "x:"), smallPath(["/", "a", "b", ".", "..", "./", "../", ";p"], 6), fc.constantFrom("", "?q"))
  .map(([head, p, q]) => head + p + q)
  .filter((s) => isValid(s, "absolute-URI"));

const bases: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: gen("absolute-URI"), weight: 2 },
  { arbitrary: fc.constantFrom(...BASE_POOL), weight: 2 },
  { arbitrary: dottyBase, weight: 2 },
);

const dottyRef = smallPath(["./", "../", ".", "..", "g", ";x", "/", "//", "?y", "#s", "g:h", "%2E", "=", "a/", "h"], 8)
  .filter((s) => isValid(s, "URI-reference"));

const refs: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: gen("URI-reference"), weight: 1 },
  { arbitrary: gen("relative-ref"), weight: 2 },
  { arbitrary: dottyRef, weight: 5 },
);

const dotSegments = (p: string): string[] => p.split("/").filter((s) => s === "." || s === "..");

describe("resolve: properties", () => {
  test("agrees with the literal §5.2.2–§5.2.4 transcription on 10,000 (base, reference) pairs, strict and not", () => {
    fc.assert(
      fc.property(bases, refs, fc.boolean(), (b, ref, strict) => {
        const base = parseRuleOrThrow(b, { rule: "absolute-URI" });
        const r = resolveReference(base, parseOrThrow(ref), { strict });
        expect(r.ok).toBe(true);
        if (r.ok) expect(serializeNode(r.value)).toBe(expectedByLiteral(b, ref, strict));
      }),
      { numRuns: runs(10000) },
    );
  });

  test("every result serializes to a valid URI whose path has no dot segment of its own making", () => {
    fc.assert(
      fc.property(bases, refs, (b, ref) => {
        const base = parseRuleOrThrow(b, { rule: "absolute-URI" });
        const r = resolveReference(base, parseOrThrow(ref));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const text = serializeNode(r.value);
        const again = parseRule(text, { rule: "URI" });
        expect(again.ok).toBe(true);
        // A reference with an empty path (and no scheme or authority) takes the base path as it is
        // (§5.2.2); otherwise the path went through remove_dot_segments. A "/." prefix is the
        // documented guard against a path that would begin with "//" without an authority.
        const refNode = parseOrThrow(ref);
        const inherited = refNode.scheme === undefined && refNode.authority === undefined && refNode.path.text === "";
        const p = r.value.path.text;
        if (inherited) expect(p).toBe(base.path.text);
        else expect(dotSegments(r.value.authority === undefined && p.startsWith("/.//") ? p.slice(2) : p)).toEqual([]);
      }),
      { numRuns: runs(3000) },
    );
  });

  // Where this holds: §5.2.4 is not invariant under §2.3 decoding of "." ("a/%2E%2E/" gives "/",
  // "a/../" too, but "%2E%2E/" gives "%2E%2E/" and "../" gives ""), and a base's last segment is
  // dropped by §5.2.3 before its dot segments would count. So: no "%2E" anywhere, and no dot
  // segment in the base path.
  test("normalizing the result equals normalizing the result of resolving normalized inputs", () => {
    fc.assert(
      fc.property(bases, refs, (b, ref) => {
        fc.pre(!/%2e/i.test(b + ref) && dotSegments(parseOrThrow(b).path.text).length === 0);
        const direct = resolve(b, ref);
        const nb = normalize(b);
        const nr = normalize(ref);
        expect(direct.ok && nb.ok && nr.ok).toBe(true);
        if (!direct.ok || !nb.ok || !nr.ok) return;
        const viaNormal = resolveReference(nb.value as Uri, nr.value);
        expect(viaNormal.ok).toBe(true);
        if (viaNormal.ok) expect(serializeNode(normalizeReference(viaNormal.value))).toBe(serializeNode(normalizeReference(direct.value)));
      }),
      { numRuns: runs(3000) },
    );
  });
});
