// RFC 3986 §5.3 recomposition: serialize(parse(s)) === s for every entry rule, and each node's
// span covers exactly its serialization.
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import * as make from "../../src/ast/make";
import type { Node } from "../../src/ast/nodes";
import { parse, parseOrThrow, parseRule, parseRuleOrThrow } from "../../src/parse";
import { rule, type RuleName } from "../../src/rules/index";
import { serializeNode } from "../../src/transforms/serialize";
import { runs } from "../helpers/runs";

const gen = (name: RuleName): fc.Arbitrary<string> => fc.integer().map((seed) => rule(name).generate(seededRandom(seed)));

/** RFC 3986 §1.1.2 examples, and §5.3's point that an empty component differs from an absent one. */
const EXAMPLES: readonly string[] = [
  "ftp://ftp.is.co.za/rfc/rfc1808.txt",
  "http://www.ietf.org/rfc/rfc2396.txt",
  "ldap://[2001:db8::7]/c=GB?objectClass?one",
  "mailto:John.Doe@example.com",
  "news:comp.infosystems.www.servers.unix",
  "tel:+1-816-555-1212",
  "telnet://192.0.2.16:80/",
  "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
  "foo://example.com:8042/over/there?name=ferret#nose",
  "",
  "?",
  "#",
  "//",
  "//@:",
  "s:?#",
  "http://[v7.A:b]/",
];

const NODE_RULES: readonly RuleName[] = [
  "URI-reference", "URI", "absolute-URI", "relative-ref", "authority", "host", "IP-literal", "IPv4address", "reg-name", "path", "path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty",
];

describe("serialize", () => {
  test.each(EXAMPLES)("RFC 3986 §1.1.2 / §5.3: %j round-trips", (s) => {
    expect(serializeNode(parseOrThrow(s))).toBe(s);
  });

  test("hosts: IP literals are written in brackets (§3.2.2), the others as they are", () => {
    expect(serializeNode(make.host("IPv6address", "::1"))).toBe("[::1]");
    expect(serializeNode(make.host("IPvFuture", "v1.x"))).toBe("[v1.x]");
    expect(serializeNode(make.host("IPv4address", "192.0.2.16"))).toBe("192.0.2.16");
    expect(serializeNode(make.host("reg-name", "example.com"))).toBe("example.com");
    expect(serializeNode(make.authority("u", make.host("IPv6address", "::1"), "80"))).toBe("u@[::1]:80");
    expect(serializeNode(make.authority(undefined, make.host("reg-name", ""), undefined))).toBe("");
  });

  test("§5.3 keeps undefined and empty components apart", () => {
    const base = { scheme: "s", authority: undefined, path: make.path("path-empty", "") };
    expect(serializeNode(make.uriReference({ ...base, query: undefined, fragment: undefined }))).toBe("s:");
    expect(serializeNode(make.uriReference({ ...base, query: "", fragment: "" }))).toBe("s:?#");
    const auth = make.authority("", make.host("reg-name", ""), "");
    expect(serializeNode(make.uriReference({ ...base, authority: auth, query: undefined, fragment: undefined }))).toBe("s://@:");
  });

  test("URI-reference: serialize(parse(s)) === s on 2,000 generated references", () => {
    fc.assert(
      fc.property(gen("URI-reference"), (s) => {
        expect(serializeNode(parseOrThrow(s))).toBe(s);
      }),
      { numRuns: runs(2000) },
    );
  });

  test.each(NODE_RULES)("%s: serialize(parseRule(s, { rule })) === s on generated strings", (name) => {
    fc.assert(
      fc.property(gen(name), (s) => {
        const r = parseRule(s, { rule: name });
        expect(r.ok).toBe(true);
        if (r.ok) expect(serializeNode(r.value as Node)).toBe(s);
      }),
      { numRuns: runs(300) },
    );
  });

  // IPv6address and IPvFuture match the address without its brackets; a host node is written as
  // it stands in a URI (§3.2.2), so for these two rules serialize gives the input in brackets.
  test.each(["IPv6address", "IPvFuture"] as const)("%s: serialize(parseRule(s, { rule })) is s in brackets", (name) => {
    fc.assert(
      fc.property(gen(name), (s) => {
        expect(serializeNode(parseRuleOrThrow(s, { rule: name }))).toBe(`[${s}]`);
      }),
      { numRuns: runs(300) },
    );
  });

  test("input.slice(span) === serialize(node) for the reference, its authority, host and path", () => {
    fc.assert(
      fc.property(gen("URI-reference"), (s) => {
        const node = parseOrThrow(s);
        const parts: Node[] = [node, node.path];
        if (node.authority) parts.push(node.authority, node.authority.host);
        for (const part of parts) {
          expect(part.span).toBeDefined();
          if (part.span) expect(s.slice(part.span.start, part.span.end)).toBe(serializeNode(part));
        }
      }),
      { numRuns: runs(1500) },
    );
  });
});
