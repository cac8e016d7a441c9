// The exported rules are ordinary parsimmon parsers: a larger format can be built from them.
// Here, an HTTP Link header field value (RFC 8288 §3):
//   Link       = #link-value
//   link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
//   link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
import P from "parsimmon";
import * as rules from "../src/rules/index";
import { host, port, uriReference } from "../src/rules/index";
import type { UriReference } from "../src/index";

interface LinkValue {
  readonly target: UriReference;
  readonly params: Readonly<Record<string, string>>;
}

const ows = P.regexp(/[ \t]*/);
const token = P.regexp(/[!#$%&'*+.^_`|~0-9A-Za-z-]+/).desc("token");
const quotedString = P.regexp(/"((?:[^"\\]|\\.)*)"/, 1).map((s) => s.replace(/\\(.)/g, "$1")).desc("quoted-string");
const linkParam = P.seqMap(token, ows, P.alt(P.string("=").then(ows).then(P.alt(token, quotedString)), P.succeed("")), (k, _ws, v) => [k.toLowerCase(), v] as const);
const linkValue: P.Parser<LinkValue> = P.seqMap(
  P.string("<").then(uriReference).skip(P.string(">")),
  P.seq(ows, P.string(";"), ows).then(linkParam).many(),
  (target, params) => ({ target, params: Object.fromEntries(params) }),
);
const link = P.sepBy1(linkValue, P.seq(ows, P.string(","), ows)).trim(ows);

describe("an RFC 8288 Link header built from uriReference", () => {
  it("parses targets into the typed AST, with spans into the header", () => {
    const header = '<https://example.com/page?p=2>; rel="next", </page/0>; rel=prev;title="a \\"b\\""';
    const values = link.tryParse(header);
    expect(values).toHaveLength(2);
    const [next, prev] = values;
    expect(next?.target.kind).toBe("URI");
    expect(next?.target.authority?.host.text).toBe("example.com");
    expect(next?.target.query).toBe("p=2");
    expect(next?.params).toEqual({ rel: "next" });
    expect(prev?.target.kind).toBe("relative-ref");
    expect(prev?.target.path.segments).toEqual(["page", "0"]);
    expect(prev?.params).toEqual({ rel: "prev", title: 'a "b"' });
    const span = prev?.target.span;
    expect(span && header.slice(span.start, span.end)).toBe("/page/0");
  });

  it("reports a bad target at its offset inside the header, with what was expected", () => {
    const r = link.parse('<http://[::1/>; rel="next"');
    expect(r.status).toBe(false);
    if (r.status) return;
    expect(r.index.offset).toBe(12);
    expect(r.expected).toEqual(expect.arrayContaining(['"]"', "HEXDIG"]));
  });
});

describe("rules compose with parsimmon combinators", () => {
  it("host:port pairs", () => {
    const hostPort = P.seqMap(host, P.string(":").then(port), (h, p) => ({ h, p }));
    const list = P.sepBy(hostPort, P.string(","));
    const pairs = list.tryParse("[::1]:80,example.com:8080,10.0.0.1:");
    expect(pairs.map(({ h, p }) => [h.kind, h.text, p])).toEqual([
      ["IPv6address", "::1", "80"],
      ["reg-name", "example.com", "8080"],
      ["IPv4address", "10.0.0.1", ""],
    ]);
  });
});

describe("parse and tryParse on the library's own rule parsers", () => {
  it("keep no global state: a failed \"__proto__\" input leaves Object.prototype alone (parsimmon's parse caches inputs in an object)", () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const r = rules.rule("scheme").parse("__proto__");
    expect(r.status).toBe(false);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>)["0"]).toBeUndefined();
  });

  it("report parsimmon's index (offset, 1-based line and column) and what was expected", () => {
    const r = rules.rule("URI").parse("http://a/b c");
    expect(r.status).toBe(false);
    if (r.status) return;
    expect(r.index).toEqual({ offset: 10, line: 1, column: 11 });
    expect(r.expected).toContain("pchar");
    expect(rules.rule("fragment").parse("a\nb").status).toBe(false);
    const multi = rules.rule("fragment").parse("a?\r\nb");
    expect(!multi.status && multi.index).toEqual({ offset: 2, line: 1, column: 3 });
  });

  it("give the rule's value on success, and tryParse throws parsimmon's error on failure", () => {
    expect(rules.rule("IPv4address").parse("1.2.3.4")).toEqual({ status: true, value: rules.rule("IPv4address").tryParse("1.2.3.4") });
    expect(() => rules.rule("port").tryParse("8x")).toThrow(/Expected one of the following:[\s\S]*DIGIT, EOF/);
  });

  it("refuse what is not a string with a TypeError", () => {
    expect(() => rules.rule("port").parse(80 as unknown as string)).toThrow(TypeError);
    expect(() => rules.rule("port").parse(Buffer.from("80") as unknown as string)).toThrow(TypeError);
  });
});
