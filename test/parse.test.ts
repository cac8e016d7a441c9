// fixtures/parse/*.json: each input's class checked against all four entry rules (as
// network-uri's testURIRef does), and its components against the AST, absent (null) vs empty ("").
import { equivalentOrThrow, normalizeOrThrow, parse, parseOrThrow, isValid, serialize, type RuleName, type UriReference, parseRule, parseRuleOrThrow } from "../src/index";
import { jsonFiles, readJson, type ParseCase, type ParseFixture } from "./helpers/fixtures";
import { isReadOnlyNode } from "./helpers/read-only";

const expectedMatches = (c: ParseCase["class"]): Record<string, boolean> => ({
  "URI-reference": c !== "invalid",
  URI: c === "URI" || c === "absolute-URI",
  "absolute-URI": c === "absolute-URI",
  "relative-ref": c === "relative-ref",
});

const components = (node: UriReference) => ({
  scheme: node.scheme ?? null,
  userinfo: node.authority?.userinfo ?? null,
  host: node.authority?.host.text ?? null,
  hostKind: node.authority?.host.kind ?? null,
  port: node.authority?.port ?? null,
  pathKind: node.path.kind,
  path: node.path.text,
  query: node.query ?? null,
  fragment: node.fragment ?? null,
});

const files = jsonFiles("parse");

it("has parse fixtures", () => expect(files.length).toBeGreaterThan(0));

describe.each(files.map((f) => [f]))("%s", (file) => {
  const fixture = readJson<ParseFixture>("parse", file);
  it.each(fixture.cases.map((c) => [`${JSON.stringify(c.input)} is ${c.class} (${c.source ?? fixture.source})`, c]))(
    "%s",
    (_title, c) => {
      for (const [ruleName, expected] of Object.entries(expectedMatches(c.class))) {
        expect([ruleName, isValid(c.input, ruleName as RuleName)]).toEqual([ruleName, expected]);
        expect([ruleName, parseRule(c.input, { rule: ruleName as RuleName }).ok]).toEqual([ruleName, expected]);
      }
      const r = parse(c.input);
      if (c.class === "invalid") {
        expect(r.ok).toBe(false);
        expect(() => parseOrThrow(c.input)).toThrow(/^Invalid URI-reference at offset \d+/);
        return;
      }
      if (!r.ok) throw r.error;
      expect(r.value.kind).toBe(c.class === "relative-ref" ? "relative-ref" : "URI");
      expect(r.value.span).toEqual({ start: 0, end: c.input.length });
      if (c.components) expect(components(r.value)).toEqual(c.components);
    },
  );
});

describe("the AST", () => {
  it("keeps absent and empty apart (RFC 3986 §5.3)", () => {
    const a = parseOrThrow("http://h?");
    expect(a.query).toBe("");
    expect(a.fragment).toBeUndefined();
    expect(parseOrThrow("//@h").authority?.userinfo).toBe("");
    expect(parseOrThrow("//h").authority?.userinfo).toBeUndefined();
    expect(parseOrThrow("//h:").authority?.port).toBe("");
    expect(parseOrThrow("//h").authority?.port).toBeUndefined();
    expect(parseOrThrow("#").fragment).toBe("");
  });

  it("keeps raw text: nothing is decoded", () => {
    const u = parseOrThrow("http://%41@ex%61mple.com/%7euser?q=%20#%23");
    expect(u.authority?.userinfo).toBe("%41");
    expect(u.authority?.host.text).toBe("ex%61mple.com");
    expect(u.path.segments).toEqual(["%7euser"]);
    expect(u.query).toBe("q=%20");
    expect(u.fragment).toBe("%23");
  });

  it("gives IPv4 octets and the eight IPv6 pieces", () => {
    const v4 = parseOrThrow("http://192.0.2.16:80/").authority?.host;
    expect(v4?.kind === "IPv4address" && v4.octets).toEqual([192, 0, 2, 16]);
    const v6 = parseOrThrow("ldap://[2001:db8::7]/c=GB?objectClass?one").authority?.host;
    expect(v6?.kind === "IPv6address" && v6.pieces).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 7]);
    const mapped = parseOrThrow("//[::ffff:192.0.2.128]").authority?.host;
    expect(mapped?.kind === "IPv6address" && mapped.pieces).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0280]);
    const future = parseOrThrow("//[v7.a:b]").authority?.host;
    expect(future?.kind === "IPvFuture" && [future.version, future.address]).toEqual(["7", "a:b"]);
  });

  it("gives every node a span into the input", () => {
    const input = "foo://user@example.com:8042/over/there?name=ferret#nose";
    const u = parseOrThrow(input);
    const slice = (n: { span?: { start: number; end: number } } | undefined) => n?.span && input.slice(n.span.start, n.span.end);
    expect(slice(u)).toBe(input);
    expect(slice(u.authority)).toBe("user@example.com:8042");
    expect(slice(u.authority?.host)).toBe("example.com");
    expect(slice(u.path)).toBe("/over/there");
    const literal = parseOrThrow("//[::1]:8/x").authority?.host.span;
    expect(literal && "//[::1]:8/x".slice(literal.start, literal.end)).toBe("[::1]");
  });

  it("gives a reference its text, as its host and path have theirs (issue 31)", () => {
    for (const input of ["foo://example.com:8042/over/there?name=ferret#nose", "//h", "", "a:b", "?q#", "../x/./y"]) {
      const u = parseOrThrow(input);
      expect([input, u.text, u.authority?.host.text, u.path.text]).toEqual([input, input, u.authority === undefined ? undefined : serialize(u.authority.host).replace(/^\[|\]$/g, ""), serialize(u.path)]);
      const n = normalizeOrThrow(input);
      expect([input, n.text]).toEqual([input, serialize(n)]);
    }
    // not in toJSON, which gives the parts
    expect(Object.keys(JSON.parse(JSON.stringify(parseOrThrow("http://a/"))) as object)).not.toContain("text");
  });

  it("makes read-only nodes, whose own state the library reads", () => {
    const u = parseOrThrow("http://a/b?c#d");
    expect(isReadOnlyNode(u)).toBe(true);
    expect(isReadOnlyNode(u.authority)).toBe(true);
    expect(isReadOnlyNode(u.authority?.host)).toBe(true);
    expect(isReadOnlyNode(u.path)).toBe(true);
    expect(isReadOnlyNode(parseOrThrow("//[::1]").authority?.host) && isReadOnlyNode(parseOrThrow("//1.2.3.4").authority?.host) && isReadOnlyNode(parseOrThrow("//[v1.x]").authority?.host)).toBe(true);
    // a property a program defines would shadow a getter, and the library never reads one:
    // serialize reads the node's own state; the functions that read fields refuse such a node
    // (or one holding such a part) with their TypeError
    const v = parseOrThrow("http://a/b?c#d");
    Object.defineProperty(v, "scheme", { value: "javascript" });
    expect(serialize(v)).toBe("http://a/b?c#d");
    expect(() => normalizeOrThrow(v)).toThrow(TypeError);
    const w = parseOrThrow("http://a/b");
    if (w.authority) Object.defineProperty(w.authority.host, "text", { value: "evil.example" });
    expect(serialize(w)).toBe("http://a/b");
    expect(w.authority && serialize(w.authority.host)).toBe("a");
    expect(() => normalizeOrThrow(w)).toThrow(TypeError);
    expect(() => equivalentOrThrow(w, "http://a/b")).toThrow(TypeError);
    expect(Object.isFrozen(u.path.segments)).toBe(true);
    expect(Object.isFrozen(u.span)).toBe(true);
  });

  it("types the result by the entry rule", () => {
    const host = parseRuleOrThrow("1.2.3.4", { rule: "host" });
    expect(host.kind).toBe("IPv4address");
    const abs = parseRuleOrThrow("urn:example:animal:ferret:nose", { rule: "absolute-URI" });
    expect(abs.fragment).toBeUndefined();
    expect(parseRuleOrThrow("a@b", { rule: "segment-nz-nc" })).toBe("a@b");
    expect(parseRuleOrThrow("/a//b", { rule: "path" }).segments).toEqual(["a", "", "b"]);
  });
});
