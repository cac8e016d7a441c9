/**
 * Tests for the independent ABNF reference recognizer (test/helpers/abnf.ts).
 *
 * Expected values are derived by hand from the ABNF in RFC 3986 Appendix A
 * (grammar/rfc3986.abnf), RFC 5234 (ABNF) and RFC 7405 (%s / %i strings).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  type AbnfExpr,
  canonicalAbnf,
  grammarFromAbnf,
  grammarFromRuleMaps,
  loadUriGrammar,
  parseAbnf,
  parseAbnfExpr,
  ruleIdentifier,
  ruleSourceText,
} from "./helpers/abnf";

const grammarDir = path.resolve(__dirname, "../grammar");
const rfc3986Text = fs.readFileSync(path.join(grammarDir, "rfc3986.abnf"), "utf8");
const coreText = fs.readFileSync(path.join(grammarDir, "rfc5234-core.abnf"), "utf8");
const g = loadUriGrammar();

/** Rule names as they appear at the start of lines (independent of the parser under test). */
function namesByRegex(text: string): string[] {
  return [...text.matchAll(/^([A-Za-z][A-Za-z0-9-]*)\s*=/gm)].map((m) => m[1]!);
}

function expectMatches(rule: string, yes: readonly string[], no: readonly string[]): void {
  for (const s of yes) expect([rule, s, g.matches(rule, s)]).toEqual([rule, s, true]);
  for (const s of no) expect([rule, s, g.matches(rule, s)]).toEqual([rule, s, false]);
}

const canon = (text: string): string => canonicalAbnf(parseAbnfExpr(text));

describe("loadUriGrammar: rule inventory", () => {
  test("every rule of rfc3986.abnf, then the core rules, in file order with original case", () => {
    const expected3986 = namesByRegex(rfc3986Text);
    expect(expected3986).toHaveLength(36);
    const core = ["ALPHA", "BIT", "CHAR", "CR", "CRLF", "CTL", "DIGIT", "DQUOTE", "HEXDIG", "HTAB", "LF", "LWSP", "OCTET", "SP", "VCHAR", "WSP"];
    expect(namesByRegex(coreText)).toEqual(core); // RFC 5234 Appendix B.1, all sixteen
    expect(g.ruleNames).toEqual([...expected3986, ...core]);
    expect(g.ruleNames.slice(0, 3)).toEqual(["URI", "hier-part", "URI-reference"]);
  });

  test("parseAbnf keeps lowercased keys and original spellings", () => {
    const rules = parseAbnf(rfc3986Text);
    expect(rules.ruleNames()).toEqual(namesByRegex(rfc3986Text));
    expect([...rules.keys()]).toEqual(namesByRegex(rfc3986Text).map((n) => n.toLowerCase()));
    expect(rules.get("ipv6ADDRESS")).toBe(rules.get("IPv6address"));
    expect(rules.originalName("ip-LITERAL")).toBe("IP-literal");
  });

  test("rule lookup is case-insensitive; unknown rules throw", () => {
    expect(g.matches("uri", "a:b")).toBe(true);
    expect(g.matches("HOST", "example.com")).toBe(true);
    expect(() => g.matches("no-such-rule", "x")).toThrow(/unknown ABNF rule "no-such-rule"/);
    expect(() => g.ends("no-such-rule", "x", 0)).toThrow(/unknown/);
    expect(() => g.ends("URI", "x", 2)).toThrow(RangeError);
  });

  test("the grammar's own shapes survive parsing", () => {
    expect(canonicalAbnf(g.rule("path-empty"))).toBe("0<pchar>");
    expect(canonicalAbnf(g.rule("ALPHA"))).toBe("%x41-5A / %x61-7A");
    expect(canonicalAbnf(g.rule("port"))).toBe("0*digit");
    expect(canonicalAbnf(g.rule("ls32"))).toBe("h16 \":\" h16 / ipv4address");
    expect(canonicalAbnf(g.rule("dec-octet"))).toBe(
      'digit / %x31-39 digit / "1" 2digit / "2" %x30-34 digit / "25" %x30-35',
    );
  });
});

describe("RFC 3986 rules, true ABNF semantics", () => {
  test("dec-octet", () => {
    expectMatches(
      "dec-octet",
      ["0", "9", "10", "99", "100", "192", "199", "200", "249", "250", "255"],
      ["", "256", "260", "300", "01", "00", "099", "1000", "-1", "a", " 1"],
    );
  });

  test("IPv4address", () => {
    expectMatches(
      "IPv4address",
      ["1.2.3.4", "0.0.0.0", "255.255.255.255", "192.168.0.1"],
      ["1.2.3", "1.2.3.4.5", "01.2.3.4", "256.1.1.1", "1.2.3.4.", "1..3.4", "a.b.c.d"],
    );
  });

  test("host: IP-literal / IPv4address / reg-name (reg-name takes what IPv4 rejects)", () => {
    expectMatches(
      "host",
      ["1.2.3.4", "1.2.3.4.5", "256.1.1.1", "01.1.1.1", "", "example.com", "a%20b", "[::1]", "[v7.x]", "!$&'()*+,;="],
      ["[::1", "::1", "a b", "a:b", "a@b", "%2", "%zz", "[1.2.3.4]", "é"],
    );
  });

  test("IPv6address: every RFC 3986 form", () => {
    expectMatches(
      "IPv6address",
      [
        "::",
        "::1",
        "1::",
        "1::2",
        "1:2:3:4:5:6:7::",
        "::ffff:1.2.3.4",
        "::1.2.3.4",
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
        "::1:2:3:4:5:6:7",
        "1::2:3:4:5:6:7",
        "1:2:3:4:5:6::7",
        "1:2:3:4:5::1.2.3.4",
        "FE80::abcd",
        "ffff:FFFF:0:0:0:0:0:0",
        "0001:02:003::",
      ],
      [
        "",
        "1:2:3:4:5:6:7:8:9",
        ":::",
        "1::2::3",
        "::ffff:256.1.1.1",
        "12345::",
        "1:2:3:4:5:6:7",
        "1::2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:8::",
        "1:2:3:4:5:6:7:1.2.3.4",
        ":1::",
        "1:",
        ":1",
        "1::2:",
        "fe80::1%25eth0",
        "g::",
        "::1.2.3",
        "1.2.3.4",
      ],
    );
  });

  test("IP-literal and IPvFuture (the leading \"v\" is case-insensitive)", () => {
    expectMatches("IP-literal", ["[::1]", "[v1.x]", "[V1F.a:b]", "[1:2:3:4:5:6:7:8]"], [
      "[fe80::1%25eth0]",
      "[fe80::1%eth0]",
      "[1.2.3.4]",
      "[]",
      "::1",
      "[::1]]",
      "[ ::1]",
    ]);
    expectMatches("IPvFuture", ["v1.x", "V1F.a:b", "vABC.!$&'()*+,;=:-._~", "v0.0"], [
      "v.x",
      "v1.",
      "v1x",
      "w1.x",
      "v1.x/y",
      "v1.x%20",
      "vg.x",
    ]);
  });

  test("port, path-empty, scheme, pct-encoded", () => {
    expectMatches("port", ["", "0080", "65536", "99999999999"], ["a", "-1", " "]);
    expectMatches("path-empty", [""], ["a", "/", " "]);
    expectMatches("scheme", ["a", "http", "A+b-c.d9"], ["", "1a", "+a", "a_b", "a:"]);
    expectMatches("pct-encoded", ["%20", "%aF", "%Ff"], ["%", "%2", "%g0", "%200", "20"]);
  });

  test("paths", () => {
    expectMatches("path-abempty", ["", "/", "//", "/a/b", "/a:b@c"], ["a", "a/b", "/?", "/#"]);
    expectMatches("path-absolute", ["/", "/a", "/a//b", "/a:b"], ["", "//", "//a", "a"]);
    expectMatches("path-noscheme", ["a", "a/b:c", "a@b", "./a:b"], ["", "a:b", ":a", "/a"]);
    expectMatches("path-rootless", ["a", "a:b", ":", "a/b"], ["", "/a"]);
    expectMatches("path", ["", "/", "//a", "a:b", "a/b", "/a"], ["?", "a#b", "a b"]);
    expectMatches("segment-nz-nc", ["a", "a@b%20"], ["", "a:b", "a/b"]);
  });

  test("URI-reference, URI, relative-ref, absolute-URI", () => {
    expectMatches(
      "URI-reference",
      ["a:b", "a:b:c", "//host", "?q", "#f", "", "/", "./a:b", "http://u:p@[::1]:80/a?b#c", "a:", "..", "%41"],
      ["1a:b", ":", "http://a b", "a:b#c#d", "http://[::1]x", "http://a@b@c", "http://host:x/", "%4"],
    );
    expectMatches(
      "URI",
      ["a:b", "a:b:c", "http://example.com/path?q#f", "http://[::1]:80/", "http://a:b@c", "a:", "mailto:a@b", "s://"],
      ["//host", "", "a", "1a:b", "http://host:x/", "http://a@b@c", "a:b#c#d", "a:b c"],
    );
    expectMatches("relative-ref", ["//host", "?q", "#f", "", "./a:b", "a/b:c", "//", "///a"], [
      "a:b",
      "1a:b",
      "a:b:c",
      "http://x",
    ]);
    expectMatches("absolute-URI", ["a:b", "a:b?c"], ["a:b#c", "//h"]);
  });

  test("reserved / unreserved / gen-delims / sub-delims are single characters", () => {
    expectMatches("unreserved", ["a", "Z", "0", "-", ".", "_", "~"], ["", "!", "%", "ab", "é"]);
    expectMatches("reserved", [":", "/", "?", "#", "[", "]", "@", "!", "="], ["", "a", "%", "~"]);
    expectMatches("HEXDIG", ["0", "a", "F", "f"], ["g", "", "00"]);
  });
});

describe("ends(): the full set of end positions", () => {
  test("segment on 'abc/def' ends at every prefix of 'abc'", () => {
    expect(g.ends("segment", "abc/def", 0)).toEqual(new Set([0, 1, 2, 3]));
    expect(g.ends("segment", "abc/def", 3)).toEqual(new Set([3]));
    expect(g.ends("segment", "abc/def", 4)).toEqual(new Set([4, 5, 6, 7]));
  });

  test("alternation is unordered union and repetition is not greedy", () => {
    expect(g.ends("path-abempty", "/a/b", 0)).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(g.ends("IPv6address", "1::2", 0)).toEqual(new Set([3, 4]));
    expect(g.ends("dec-octet", "255", 0)).toEqual(new Set([1, 2, 3]));
    expect(g.ends("dec-octet", "256", 0)).toEqual(new Set([1, 2]));
    expect(g.ends("IPv4address", "1.2.3.45", 0)).toEqual(new Set([7, 8]));
    expect(g.ends("h16", "xx12345", 2)).toEqual(new Set([3, 4, 5, 6]));
    expect(g.ends("host", "1.2.3.4", 0)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
    expect(g.ends("path-empty", "abc", 1)).toEqual(new Set([1]));
    expect(g.ends("pct-encoded", "%4", 0)).toEqual(new Set());
  });

  test("session() shares one memo across queries on the same input", () => {
    const s = g.session("http://h/p");
    expect(s.matches("URI")).toBe(true);
    expect(s.matches("relative-ref")).toBe(false);
    expect(s.ends("scheme", 0)).toEqual(new Set([1, 2, 3, 4]));
  });

  test("the character-class optimization does not change any result", () => {
    const plain = loadUriGrammar({ optimize: false });
    expect(plain).not.toBe(g);
    const alphabet = "aZv1F9:/?#[]@!$&'()*+,;=%-._~. \u00e9\u212a";
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const samples = ["::ffff:1.2.3.4", "[v1.x]", "http://[::1]:80/a?b#c", "1.2.3.4", "%41%4"];
    for (let k = 0; k < 150; k++) {
      let s = "";
      const len = rand(12);
      for (let i = 0; i < len; i++) s += alphabet[rand(alphabet.length)]!;
      samples.push(s);
    }
    for (const input of samples) {
      const a = g.session(input);
      const b = plain.session(input);
      for (const rule of g.ruleNames) {
        for (let start = 0; start <= input.length; start++) {
          const x = [...a.ends(rule, start)].sort((p, q) => p - q);
          const y = [...b.ends(rule, start)].sort((p, q) => p - q);
          if (x.join() !== y.join()) expect([rule, input, start, x]).toEqual([rule, input, start, y]);
        }
      }
    }
  });

  test("a few hundred characters are fast", () => {
    const long = `http://user:pw@[1:2:3:4:5:6:1.2.3.4]:8080/${"seg%20ment/".repeat(25)}x?${"k=v&".repeat(20)}#${"f/".repeat(20)}`;
    expect(long.length).toBeGreaterThan(300);
    expect(g.matches("URI-reference", long)).toBe(true);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 20; i++) g.matches("URI-reference", long + String(i));
    const perCallMs = Number(process.hrtime.bigint() - t0) / 1e6 / 20;
    expect(perCallMs).toBeLessThan(50);
  });
});

describe("ABNF semantics on small grammars", () => {
  /** matches("r", input), checked to agree between the optimized and the plain evaluator */
  const m = (abnf: string, input: string): boolean => {
    const fast = grammarFromAbnf(abnf).matches("r", input);
    expect(grammarFromRuleMaps([parseAbnf(abnf)], { optimize: false }).matches("r", input)).toBe(fast);
    return fast;
  };

  test("char-val is case-insensitive (RFC 5234 §2.3), ASCII letters only", () => {
    expect(m('r = "abc"', "ABC")).toBe(true);
    expect(m('r = "abc"', "aBc")).toBe(true);
    expect(m('r = "a1"', "A1")).toBe(true);
    expect(m('r = "k"', "\u212a")).toBe(false); // KELVIN SIGN lowercases to "k" in JS
    expect(m('r = "s"', "\u017f")).toBe(false); // LATIN SMALL LETTER LONG S uppercases to "S"
    expect(m('r = "@"', "`")).toBe(false); // 0x40 vs 0x60 differ only in bit 0x20
  });

  test("%s and %i strings (RFC 7405), num-val series", () => {
    expect(m('r = %s"abc"', "abc")).toBe(true);
    expect(m('r = %s"abc"', "ABC")).toBe(false);
    expect(m('r = %S"aBc"', "aBc")).toBe(true);
    expect(m('r = %i"abc"', "AbC")).toBe(true);
    expect(m("r = %x61.62.63", "abc")).toBe(true);
    expect(m("r = %x61.62.63", "ABC")).toBe(false);
    expect(m("r = %d97.98", "ab")).toBe(true);
    expect(m("r = %b1100001", "a")).toBe(true);
    expect(m("r = %X4a", "J")).toBe(true);
  });

  test("num-val ranges and non-BMP code points", () => {
    expect(m("r = %x41-5A", "Q")).toBe(true);
    expect(m("r = %x41-5A", "q")).toBe(false);
    expect(m("r = %d48-57", "7")).toBe(true);
    expect(m("r = %b110000-111001", "0")).toBe(true);
    expect(m("r = %x10000-10FFFF", "\u{1F600}")).toBe(true);
    expect(m("r = %x10000-10FFFF", "\ud83d")).toBe(false);
    expect(grammarFromAbnf("r = %x10000-10FFFF").ends("r", "\u{1F600}x", 0)).toEqual(new Set([2]));
  });

  test("repetition forms", () => {
    const lens = (abnf: string): number[] =>
      [0, 1, 2, 3, 4, 5].filter((n) => grammarFromAbnf(abnf).matches("r", "a".repeat(n)));
    expect(lens('r = 2*3"a"')).toEqual([2, 3]);
    expect(lens('r = 3"a"')).toEqual([3]);
    expect(lens('r = *1"a"')).toEqual([0, 1]);
    expect(lens('r = ["a"]')).toEqual([0, 1]);
    expect(lens('r = 2*"a"')).toEqual([2, 3, 4, 5]);
    expect(lens('r = *"a"')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(lens('r = 0"a"')).toEqual([0]);
    expect(lens('r = 0*0"a"')).toEqual([0]);
    expect(lens('r = 2("a" / "aa")')).toEqual([2, 3, 4]);
    expect(lens('r = 2*2("" / "a")')).toEqual([0, 1, 2]);
    expect(lens('r = *("" / "a")')).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("no greediness, no ordered choice", () => {
    expect(m('r = *"a" "a"', "aaa")).toBe(true); // a greedy * would eat the last "a"
    expect(m('r = ("a" / "ab") "c"', "abc")).toBe(true); // PEG would commit to "a"
    expect(m('r = *("a" / "ab") "b"', "aabab")).toBe(true);
    expect(m('r = 1*4%x30-39 "0"', "12340")).toBe(true);
  });

  test("prose-val matches nothing; =/ adds alternatives; continuation lines and comments", () => {
    expect(m("r = <anything at all>", "anything at all")).toBe(false);
    expect(m("r = <x>", "")).toBe(false);
    expect(m("r = 0<x>", "")).toBe(true);
    expect(m("r = [<x>]", "")).toBe(true);
    const gr = grammarFromAbnf('r = "a" ; first\r\nr =/ "b"\r\n   / "c" ; continued\r\n; comment line\r\n\r\nr =/ s\ns = "d"');
    expect(["a", "b", "c", "d", "e"].map((s) => gr.matches("r", s))).toEqual([true, true, true, true, false]);
    expect(gr.ruleNames).toEqual(["r", "s"]);
    expect(m('r = "a"\n   ; comment inside\n   "b"', "ab")).toBe(true);
    // RFC texts break rules across pages: after a blank line, a line that starts no rule still continues one
    expect(m('r = "a"\n\n   "b"', "ab")).toBe(true);
  });
});

describe("malformed ABNF and bad grammars", () => {
  // The reader (src/abnf/reader.ts) has its own suite of error cases (test/abnf-reader.test.ts);
  // here: that the reference refuses what cannot be read, saying on which line.
  test.each([
    ['r = "a', /line 1/],
    ['r = ( "a"', /line 1/],
    ['r = [ "a" )', /line 1/],
    ['x = "1"\n\nr = = "a"', /line 3/],
    ['r = "a""b"', /line 1/],
    ["r = %x5A-41", /line 1/],
    ["r = %x41.42-43", /line 1/],
    ["r = %q41", /line 1/],
    ["r = %d1a", /line 1/],
    ["r = 3*2a", /line 1/],
    ["r = 2 a", /line 1/],
    ["r = <a", /line 1/],
    ['r = "a"\n  = "b"', /line 2/],
    ['r = "a"\nr = "b"', /line 2/],
    ['r =/ "a"', /line 1/],
    ['r = "a" )', /line 1/],
    ["r = \"a\t\"", /line 1/],
    ["= a", /line 1/],
  ])("parseAbnf(%j) throws", (text, pattern) => {
    expect(() => parseAbnf(text)).toThrow(pattern);
  });

  test("undefined references and left recursion are rejected when building a grammar", () => {
    expect(() => grammarFromAbnf("r = s")).toThrow(/references undefined rule "s"/);
    expect(() => grammarFromAbnf('r = r "x" / "y"')).toThrow(/left-recursive: r -> r/);
    expect(() => grammarFromAbnf('a = [b] "x"\nb = *c a\nc = "c"')).toThrow(/left-recursive: a -> b -> a/);
    expect(() => grammarFromAbnf('a = *a "x"')).toThrow(/left-recursive/);
    // right and nested recursion are fine
    const nested = grammarFromAbnf('p = "(" *p ")"\nr = "x" [r]');
    expect(nested.matches("p", "(()(()))")).toBe(true);
    expect(nested.matches("p", "(()")).toBe(false);
    expect(nested.matches("r", "xxx")).toBe(true);
  });

  test("the same rule in two rulelists is rejected", () => {
    expect(() => grammarFromAbnf('r = "a"', 'R = "b"')).toThrow(/more than one rulelist/);
  });
});

describe("parseAbnf structure", () => {
  test("AST shapes", () => {
    const rules = parseAbnf('r = a / b c\ns = [ "x" ] 2*3%x41-5A\nt = %s"Ab" / %d65.66 / <p q>');
    const r: AbnfExpr = {
      type: "alt",
      items: [
        { type: "ref", name: "a" },
        { type: "seq", items: [{ type: "ref", name: "b" }, { type: "ref", name: "c" }] },
      ],
    };
    expect(rules.get("r")).toEqual(r);
    expect(rules.get("s")).toEqual({
      type: "seq",
      items: [
        { type: "rep", min: 0, max: 1, item: { type: "str", text: "x", caseSensitive: false } },
        { type: "rep", min: 2, max: 3, item: { type: "range", lo: 0x41, hi: 0x5a } },
      ],
    });
    expect(rules.get("t")).toEqual({
      type: "alt",
      items: [
        { type: "str", text: "Ab", caseSensitive: true },
        { type: "str", text: "AB", caseSensitive: true },
        { type: "prose", text: "p q" },
      ],
    });
    expect(parseAbnfExpr("*DIGIT")).toEqual({ type: "rep", min: 0, max: Infinity, item: { type: "ref", name: "DIGIT" } });
  });
});

describe("ruleIdentifier", () => {
  test.each([
    ["URI-reference", "uriReference"],
    ["IPv6address", "ipv6address"],
    ["IP-literal", "ipLiteral"],
    ["segment-nz-nc", "segmentNzNc"],
    ["HEXDIG", "hexdig"],
    ["absolute-URI", "absoluteUri"],
    ["URI", "uri"],
    ["h16", "h16"],
    ["IPvFuture", "ipvfuture"],
    ["ls32", "ls32"],
    ["dec-octet", "decOctet"],
    ["path-abempty", "pathAbempty"],
  ])("%s -> %s", (name, id) => {
    expect(ruleIdentifier(name)).toBe(id);
  });

  test("identifiers of the URI grammar are distinct", () => {
    const ids = g.ruleNames.map(ruleIdentifier);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("canonicalAbnf", () => {
  test.each([
    ["a [b]", "a *1b", "a 0*1(b)", "(a) [ ( b ) ]", "a ; comment\n   *1b", "a\n [\n  b\n ]"],
    ['"ABC"', '"abc"', '%i"aBc"', '"a" "BC"', '("ab") "c"'],
    ['%s"abc"', "%x61.62.63", "%d97.98.99", "%x61 %x62 %x63", '%s"a" %s"b" %x63'],
    ["%x30-39", "%d48-57", "%b110000-111001", "%X30-39", "( %x30-39 )"],
    ['"25"', '%s"25"', "%x32.35", '"2" "5"', "%d50 %d53"],
    ["a / (b / c)", "a / b / c", "(a / b) / c", "((a) / (b / (c)))"],
    ["(a b) c", "a (b c)", "a b c", "((a) (b c))"],
    ["1*1x", "x", "1x", "(x)"],
    ["*x", "0*x", "*(x)"],
    ["A-B / c", "a-b / C"],
    ["<prose text>", "( <prose text> )"],
    ['%s"A" "1"', '%s"A1"', "%x41.31"],
  ])("equal: %j", (...texts: string[]) => {
    const first = canon(texts[0]!);
    for (const t of texts) expect([t, canon(t)]).toEqual([t, first]);
  });

  test.each([
    ["a / b", "b / a"],
    ["2x", "3x"],
    ["1*x", "*x"],
    ["*1x", "1*x"],
    ['"a"', '"b"'],
    ['"ab"', '%s"ab"'],
    ['"a"', "%x61"],
    ["a b", "a / b"],
    ["(a / b) c", "a / b c"],
    ["*(a b)", "*a b"],
    ["%x30-39", "%x30-38"],
    ["2(3x)", "6x"],
    ["0<pchar>", '""'],
    ["<a>", "<b>"],
    ["a", "b"],
    ['"a" "b"', '"a" / "b"'],
    ['%s"A" "b"', '%s"Ab"'],
  ])("different: %j vs %j", (x, y) => {
    expect(canon(x)).not.toBe(canon(y));
  });

  test("canonical text is itself ABNF and is a fixpoint, for every rule of the grammar", () => {
    for (const name of g.ruleNames) {
      const c = canonicalAbnf(g.rule(name));
      expect([name, canon(c)]).toEqual([name, c]);
    }
  });

  test("reformatting a rule of the RFC does not change its canonical form", () => {
    const reformatted =
      '6( h16 ":" ) ls32 / "::" 5(h16 ":") ls32 / [h16] "::" 4(h16 ":") ls32 / [*1(h16 ":") h16] "::" 3(h16 ":") ls32 /' +
      ' [*2(h16 ":") h16] "::" 2(h16 ":") ls32 / [*3(h16 ":") h16] "::" h16 ":" ls32 / [*4(h16 ":") h16] "::" ls32 /' +
      ' [*5(h16 ":") h16] "::" h16 / [*6(h16 ":") h16] "::"';
    expect(canon(reformatted)).toBe(canonicalAbnf(g.rule("IPv6address")));
    expect(canon(reformatted.replace("4(h16", "3(h16"))).not.toBe(canonicalAbnf(g.rule("IPv6address")));
  });
});

describe("ruleSourceText", () => {
  test("raw text from the rule name up to the next rule, comments included", () => {
    expect(ruleSourceText(rfc3986Text, "host")).toBe("host          = IP-literal / IPv4address / reg-name");
    const nc = ruleSourceText(rfc3986Text, "segment-nz-nc");
    expect(nc.startsWith("segment-nz-nc = 1*( unreserved")).toBe(true);
    expect(nc.endsWith('; non-zero-length segment without any colon ":"')).toBe(true);
    expect(ruleSourceText(rfc3986Text, "dec-octet")).toContain("; 250-255");
    expect(ruleSourceText(coreText, "digit")).toBe("DIGIT          =  %x30-39\n                       ; 0-9");
    expect(() => ruleSourceText(rfc3986Text, "nope")).toThrow(/not defined/);
  });

  test("each rule's source text parses back to the same rule", () => {
    for (const [text, names] of [
      [rfc3986Text, namesByRegex(rfc3986Text)],
      [coreText, namesByRegex(coreText)],
    ] as const) {
      for (const name of names) {
        const src = ruleSourceText(text, name);
        expect(src.startsWith(name)).toBe(true);
        const body = parseAbnf(src).get(name);
        expect(body).toBeDefined();
        expect([name, canonicalAbnf(body!)]).toEqual([name, canonicalAbnf(g.rule(name))]);
      }
    }
  });
});
