// RFC 3987 §3.1 (iriToUri) and §3.2 (uriToIri): the RFC's examples (§3.1, §3.2.1, §6.4, §7.4),
// the decisions of this library, and the shape of the results (nodes made by the library, the
// node their own text parses to, no spans).
import { isNode } from "../../src/ast/make";
import type { UriReference } from "../../src/ast/nodes";
import { UriSyntaxError } from "../../src/errors";
import { isValid, parse, parseRule } from "../../src/parse";
import { equivalentOrThrow } from "../../src/operations";
import { serializeNode } from "../../src/transforms/serialize";
import { IdnaError, iriToUri, iriToUriOrThrow, uriToIri, uriToIriOrThrow } from "../../src/iri/index";
import { readJson } from "../helpers/fixtures";

type Case = readonly [string, string, string | null];
interface MappingFixture {
  readonly groups: readonly { readonly source: string; readonly cases: readonly Case[] }[];
  readonly syntaxErrors?: { readonly source: string; readonly cases: readonly string[] };
  readonly idnaErrors?: { readonly source: string; readonly cases: readonly (readonly [string, string, string])[] };
}

const toUri = readJson<MappingFixture>("iri", "iri-to-uri.json");
const toIri = readJson<MappingFixture>("iri", "uri-to-iri.json");

/** A node as plain data, spans left out. */
const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === "span" ? undefined : v)));

/** Whether a node has a span anywhere. */
const hasSpan = (n: UriReference): boolean =>
  n.span !== undefined || n.path.span !== undefined || n.authority?.span !== undefined || n.authority?.host.span !== undefined;

/** The checks every result passes: a library node, no spans, the node its text parses to (host kind included). */
function expectWellMade(node: UriReference): void {
  expect(isNode(node)).toBe(true);
  expect(hasSpan(node)).toBe(false);
  const again = parseRule(serializeNode(node), "IRI-reference");
  expect(again.ok).toBe(true);
  if (again.ok) expect(plain(again.value)).toEqual(plain(node));
}

const cases = (fx: MappingFixture): [string, string, string, string | null][] =>
  fx.groups.flatMap((g) => g.cases.map(([a, b, c]) => [g.source, a, b, c] as [string, string, string, string | null]));

describe("iriToUri (RFC 3987 §3.1)", () => {
  test.each(cases(toUri))("%s: %j -> %j (idna: %j)", (_, input, expected, withIdna) => {
    const r = iriToUri(input);
    if (!r.ok) throw r.error;
    expect(serializeNode(r.value)).toBe(expected);
    expect(isValid(expected, "URI-reference")).toBe(true);
    expectWellMade(r.value);
    const i = iriToUri(input, { idna: true });
    if (!i.ok) throw i.error;
    expect(serializeNode(i.value)).toBe(withIdna ?? expected);
    expectWellMade(i.value);
    // §3.1: idempotent, and the identity on URIs
    expect(serializeNode(iriToUriOrThrow(r.value))).toBe(expected);
    expect(serializeNode(iriToUriOrThrow(i.value, { idna: true }))).toBe(withIdna ?? expected);
  });

  test("a node in gives a node out; a parsed node's spans are not carried over", () => {
    const node = parseRule("http://r\u00e9sum\u00e9.example.org/a", "IRI-reference");
    if (!node.ok) throw node.error;
    const out = iriToUriOrThrow(node.value);
    expect(serializeNode(out)).toBe("http://r%C3%A9sum%C3%A9.example.org/a");
    expectWellMade(out);
  });

  test("an IDNA host that becomes an IPv4 address gets that kind (RFC 3986 §3.2.2)", () => {
    const out = iriToUriOrThrow("http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/", { idna: true });
    expect(out.authority?.host.kind).toBe("IPv4address");
    expect(out.authority?.host).toMatchObject({ octets: [127, 0, 0, 1] });
  });

  const syntax = toUri.syntaxErrors;
  if (syntax !== undefined) {
    test.each(syntax.cases)(`${syntax.source}: %j`, (input) => {
      for (const options of [undefined, { idna: true }]) {
        const r = iriToUri(input, options);
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error).toBeInstanceOf(UriSyntaxError);
          expect(r.error).toMatchObject({ rule: "IRI-reference", input });
        }
      }
      expect(() => iriToUriOrThrow(input)).toThrow(UriSyntaxError);
    });
  }

  const idna = toUri.idnaErrors;
  if (idna !== undefined) {
    test.each(idna.cases)(`${idna.source}: %j -> %s at %j`, (input, code, label) => {
      const r = iriToUri(input, { idna: true });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toBeInstanceOf(IdnaError);
      expect(r.error).toMatchObject({ code, label });
      expect(r.error.message).toContain(JSON.stringify(label));
      // without IDNA the same IRI maps (the host percent-encoded)
      expect(iriToUri(input).ok).toBe(true);
      expect(() => iriToUriOrThrow(input, { idna: true })).toThrow(IdnaError);
    });
  }
});

describe("uriToIri (RFC 3987 §3.2)", () => {
  test.each(cases(toIri))("%s: %j -> %j (idna: %j)", (_, input, expected, withIdna) => {
    const r = uriToIri(input);
    if (!r.ok) throw r.error;
    expect(serializeNode(r.value)).toBe(expected);
    expect(isValid(expected, "IRI-reference")).toBe(true);
    expectWellMade(r.value);
    const i = uriToIri(input, { idna: true });
    if (!i.ok) throw i.error;
    expect(serializeNode(i.value)).toBe(withIdna ?? expected);
    expectWellMade(i.value);
    // §3.2: the result maps back to the input, apart from the case of the hex digits of octets
    // 0x80 and above (which are re-encoded in uppercase) and the unreserved characters step 2
    // decodes; so it is equivalent to the input (RFC 3986 §6.2.2)
    const upper = input.replace(/%[89a-fA-F][0-9a-fA-F]/g, (t) => t.toUpperCase());
    const unreserved = upper.replace(/%([0-7][0-9a-fA-F])/g, (t, h: string) => {
      const c = String.fromCharCode(parseInt(h, 16));
      return /[A-Za-z0-9\-._~]/.test(c) ? c : t;
    });
    expect(serializeNode(iriToUriOrThrow(r.value))).toBe(unreserved);
    // (a relative-path reference whose "%2E" made a dot segment is the exception: normalization
    // keeps its dot segments, and makes none by decoding, so "%2E%2E/a" stays apart from "../a")
    const madeDotSegment = /(^|\/)(%2e|\.)(%2e|\.)?(\/|$)/i.test(input) && input.toLowerCase().includes("%2e") && !/^[a-z][a-z0-9+.-]*:|^\//i.test(input);
    expect(equivalentOrThrow(r.value, input)).toBe(!madeDotSegment);
    // and converting again changes nothing
    expect(serializeNode(uriToIriOrThrow(r.value))).toBe(expected);
  });

  test("a string is parsed as URI-reference: an IRI string is refused, an IRI node taken as it is", () => {
    const r = uriToIri("http://\u00e9.example/%C3%A9");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ rule: "URI-reference" });
    const node = parseRule("http://\u00e9.example/%C3%A9", "IRI-reference");
    if (!node.ok) throw node.error;
    expect(serializeNode(uriToIriOrThrow(node.value))).toBe("http://\u00e9.example/\u00e9");
    expect(() => uriToIriOrThrow("http://a b/")).toThrow(UriSyntaxError);
  });

  test("IP literal hosts and ports are never touched", () => {
    const out = uriToIriOrThrow("http://[v1.%C3%A9]:80/%C3%A9".replace("%C3%A9]", "x]"), { idna: true });
    expect(serializeNode(out)).toBe("http://[v1.x]:80/\u00e9");
    expect(out.authority?.host.kind).toBe("IPvFuture");
  });
});
