// uri-grammar/diagrams: each rule's railroad diagram is its definition drawn faithfully. Every
// reference is a box linked to its rule, every literal and range a terminal, every bounded
// repetition a loop labelled with its exact bounds, for every rule of every grammar.
import { alt, caseSensitive, core, grammar, Grammar, lit, many, many1, opt, printExpr, prose, range, ref, rep, rfc3986, seq, type Expr } from "../../src/abnf/index";
import { rfc3987 } from "../../src/grammars/rfc3987/index";
import * as schemes from "../../src/schemes/index";
import { diagram, diagramOf, diagramStyle, repetitionLabel } from "../../src/diagrams";
import * as abnf from "../../src/abnf/index";
import { isExpr } from "../../src/abnf/expr";
import { findAll, hasClass, items, mainLine, nonTerminals, parseSvg, repeatLabels, terminals, textOf, type El } from "./svg";

const schemeGrammars = Object.entries(schemes).filter((e): e is [string, Grammar] => e[1] instanceof Grammar);
const allGrammars: [string, Grammar][] = [["rfc3986", rfc3986], ["rfc3987", rfc3987], ["core", core], ...schemeGrammars];

/** What a diagram of `e` must show, counted from the definition. */
function expected(e: Expr, out = { refs: [] as string[], literals: [] as string[], ranges: [] as string[], labels: [] as string[], prose: 0 }) {
  switch (e.type) {
    case "ref":
      out.refs.push(e.name);
      break;
    case "lit":
      out.literals.push(printExpr(e));
      break;
    case "range":
      out.ranges.push(printExpr(e));
      break;
    case "prose":
      out.prose++;
      break;
    case "seq":
    case "alt":
      e.items.forEach((x) => expected(x, out));
      break;
    case "rep": {
      const label = repetitionLabel(e.min, e.max);
      if (e.min === 0 && e.max === 0) {
        out.labels.push(`empty (${printExpr(e)})`);
        break; // the item is not drawn
      }
      if (label !== undefined) out.labels.push(label);
      expected(e.item, out);
      break;
    }
  }
  return out;
}

const svgOf = (g: Grammar, name: string): El => parseSvg(diagram(g, name));

describe("every rule of every grammar is drawn from its definition", () => {
  it("covers the nine scheme grammars of uri-grammar/schemes", () => {
    expect(schemeGrammars.map(([k]) => k).sort()).toEqual(
      ["dataGrammar", "fileAppendixEGrammar", "fileGrammar", "httpGrammar", "mailtoGrammar", "telGrammar", "urnGrammar", "uuidGrammar", "wsGrammar"],
    );
  });

  const cases = allGrammars.flatMap(([gname, g]) => g.ruleNames.map((n) => [gname, n, g] as const));
  it.each(cases)("%s %s: references linked, literals, ranges and bounds shown", (_gname, name, g) => {
    const def = g.definition(name);
    if (def === undefined) throw new Error(name);
    const svg = svgOf(g, name);
    const want = expected(def.expr);
    const boxes = nonTerminals(svg);
    // every reference, in order, a box linked to the rule as the grammar spells it
    expect(boxes.map((b) => b.name)).toEqual(want.refs);
    expect(boxes.map((b) => b.href)).toEqual(want.refs.map((r) => `#${g.definition(r)?.name}`));
    for (const b of boxes) expect(g.has(b.name)).toBe(true);
    expect(terminals(svg, "literal")).toEqual(want.literals);
    // a range shows its %x form, then its characters where printable
    const ranges = terminals(svg, "range");
    expect(ranges).toHaveLength(want.ranges.length);
    ranges.forEach((t, k) => expect(t.split(" ")[0]).toBe(want.ranges[k]));
    expect(repeatLabels(svg)).toEqual(want.labels);
    expect(findAll(svg, (x) => x.tag === "g" && hasClass(x, "prose"))).toHaveLength(want.prose);
  });
});

describe("RFC 3986 rules, drawn", () => {
  it("IPv6address: nine alternatives, the repetitions labelled with their bounds", () => {
    const svg = svgOf(rfc3986, "IPv6address");
    const [choice] = mainLine(svg);
    expect(mainLine(svg)).toHaveLength(1);
    expect(items(choice as El)).toHaveLength(9);
    expect(repeatLabels(svg)).toEqual([
      "exactly 6 times", "exactly 5 times", "exactly 4 times", "exactly 3 times",
      "at most 2 times", "exactly 2 times", "at most 3 times", "at most 4 times", "at most 5 times", "at most 6 times",
    ]);
    expect(nonTerminals(svg).filter((b) => b.name === "ls32")).toHaveLength(7);
    expect(new Set(nonTerminals(svg).map((b) => b.href))).toEqual(new Set(["#h16", "#ls32"]));
    const terms = [":", "::", ":", "::", ":", ":", "::", ":", ":", "::", ":", ":", "::", ":", ":", "::", ":", "::", ":", "::"];
    expect(terminals(svg)).toEqual(terms.map((t) => `"${t}"`));
    expect(terminals(svg).filter((t) => t === '"::"')).toHaveLength(8);
  });

  it("dec-octet: five alternatives, ranges with their digits, 2DIGIT exactly twice", () => {
    const svg = svgOf(rfc3986, "dec-octet");
    expect(items(mainLine(svg)[0] as El)).toHaveLength(5);
    expect(terminals(svg, "range")).toEqual(["%x31-39 '1'–'9'", "%x30-34 '0'–'4'", "%x30-35 '0'–'5'"]);
    expect(terminals(svg, "literal")).toEqual(['"1"', '"2"', '"25"']);
    expect(repeatLabels(svg)).toEqual(["exactly 2 times"]);
  });

  it("URI: scheme \":\" hier-part, then the query and the fragment each optional", () => {
    const svg = svgOf(rfc3986, "URI");
    const line = mainLine(svg);
    expect(line).toHaveLength(5);
    expect(line.slice(0, 3).map((x) => textOf(findAll(x, (y) => y.tag === "text")[0] as El))).toEqual(["scheme", '":"', "hier-part"]);
    // an optional part: a branch that skips (a group with only a path) and one that holds the part
    for (const [k, want] of [[3, ['"?"', "query"]], [4, ['"#"', "fragment"]]] as const) {
      const branches = items(line[k] as El);
      expect(branches).toHaveLength(2);
      expect(items(branches[0] as El)).toHaveLength(0);
      expect(findAll(branches[1] as El, (x) => x.tag === "text").map(textOf)).toEqual(want);
    }
  });

  it("segment-nz-nc: one loop of four alternatives, no label (1*)", () => {
    const svg = svgOf(rfc3986, "segment-nz-nc");
    const [loop] = mainLine(svg);
    expect(repeatLabels(svg)).toEqual([]);
    const [choice, back] = items(loop as El);
    expect(items(choice as El)).toHaveLength(4);
    expect(items(back as El)).toHaveLength(0); // the way back is bare
    expect(nonTerminals(svg).map((b) => b.name)).toEqual(["unreserved", "pct-encoded", "sub-delims"]);
    expect(terminals(svg)).toEqual(['"@"']);
  });

  it("h16 is 1 to 4 HEXDIG; port any number of DIGIT (a bypass and a loop)", () => {
    expect(repeatLabels(svgOf(rfc3986, "h16"))).toEqual(["1 to 4 times"]);
    const port = svgOf(rfc3986, "port");
    const [optional] = mainLine(port);
    const [skip, loop] = items(optional as El);
    expect(items(skip as El)).toHaveLength(0);
    expect(nonTerminals(loop as El)).toEqual([{ name: "DIGIT", href: "#DIGIT" }]);
    expect(repeatLabels(port)).toEqual([]);
  });
});

describe("scheme grammars, drawn", () => {
  it("urn NID: 0*30 ldh is at most 30 times", () => {
    expect(repeatLabels(svgOf(schemes.urnGrammar, "NID"))).toEqual(["at most 30 times"]);
  });
  it("uuid UUID: exactly 4, 2, 2, 2 and 6 hexOctets", () => {
    const svg = svgOf(schemes.uuidGrammar, "UUID");
    expect(repeatLabels(svg)).toEqual(["exactly 4 times", "exactly 2 times", "exactly 2 times", "exactly 2 times", "exactly 6 times"]);
    expect(terminals(svg)).toEqual(['"-"', '"-"', '"-"', '"-"']);
  });
  it('file (Appendix F) unc-authority: 2*3"/" is 2 to 3 slashes', () => {
    const svg = svgOf(schemes.fileAppendixEGrammar, "unc-authority");
    expect(repeatLabels(svg)).toEqual(["2 to 3 times"]);
    expect(terminals(svg)).toEqual(['"/"']);
  });
  it("http-URI links authority, path-abempty and query into the grammar", () => {
    const svg = parseSvg(diagram(schemes.httpGrammar, "http-URI", { href: "http.html#{name}" }));
    expect(nonTerminals(svg)).toEqual([
      { name: "authority", href: "http.html#authority" }, { name: "path-abempty", href: "http.html#path-abempty" }, { name: "query", href: "http.html#query" },
    ]);
    expect(terminals(svg)).toEqual(['"http"', '"://"', '"?"']);
  });
  it("RFC 3987 ipath-empty (0<ipchar>) is drawn as empty, its prose not as a box", () => {
    const svg = svgOf(rfc3987, "ipath-empty");
    expect(repeatLabels(svg)).toEqual(["empty (0<ipchar>)"]);
    expect(findAll(svg, (x) => hasClass(x, "prose"))).toHaveLength(0);
  });
  it("RFC 3987 ucschar: ranges above U+FFFF in %x form, no glyphs", () => {
    const svg = svgOf(rfc3987, "ucschar");
    expect(items(mainLine(svg)[0] as El)).toHaveLength(17);
    expect(terminals(svg, "range")).toContain("%x10000-1FFFD");
    expect(terminals(svg, "range")).toContain("%xE1000-EFFFD");
    const titles = findAll(svg, (x) => x.tag === "title").map(textOf);
    expect(titles).toContain("U+10000 to U+1FFFD (65534 code points)");
  });
});

describe("literals, ranges, prose", () => {
  const one = (e: Expr): El => parseSvg(diagramOf(e));
  it('"ab" is case-insensitive, %s"aB" case-sensitive, each marked apart', () => {
    const svg = one(seq(lit("ab"), caseSensitive("aB"), caseSensitive("1")));
    expect(terminals(svg, "literal")).toEqual(['"ab"', '%s"aB"', '"1"']);
    expect(terminals(svg, "case-sensitive")).toEqual(['%s"aB"']);
    const titles = findAll(svg, (x) => x.tag === "title").map(textOf);
    expect(titles).toEqual(["case-insensitive: any case of these letters", "case-sensitive: only this case"]);
  });
  it("characters a quoted string cannot hold print as %x, as the ABNF printer does", () => {
    expect(terminals(one(lit("a\tb\"")))).toEqual(['"a" %x09 "b" %x22']);
    expect(terminals(one(lit("é")))).toEqual(["%xE9"]);
    expect(terminals(one(lit("😀")))).toEqual(["%x1F600"]);
  });
  it("markup characters are escaped and the SVG stays well-formed", () => {
    const svg = diagramOf(alt(lit("<a&b>"), lit("[*_`]"), range(0x3c), range(0x26), prose("x < y & z")));
    const el = parseSvg(svg);
    expect(terminals(el)).toEqual(['"<a&b>"', '"[*_`]"', "%x3C '<'", "%x26 '&'"]);
    expect(findAll(el, (x) => hasClass(x, "prose")).map(textOf)).toEqual(["prose: described in words, not in ABNF<x < y & z>"]);
  });
  it("ranges: printable characters shown, others as hex only, above U+FFFF too", () => {
    const t = (lo: number, hi?: number): string => terminals(one(range(lo, hi)))[0] as string;
    expect(t(0x30, 0x39)).toBe("%x30-39 '0'–'9'");
    expect(t(0x2f)).toBe("%x2F '/'");
    expect(t(0x27)).toBe(`%x27 "'"`);
    expect(t(0x20)).toBe("%x20 ' '");
    expect(t(0xe9)).toBe("%xE9 'é'");
    expect(t(0x0d)).toBe("%x0D");
    expect(t(0x00, 0x1f)).toBe("%x00-1F");
    expect(t(0x7f)).toBe("%x7F");
    expect(t(0xad)).toBe("%xAD");
    expect(t(0x21, 0xa0)).toBe("%x21-A0");
    expect(t(0x1f600)).toBe("%x1F600");
    expect(t(0x100000, 0x10fffd)).toBe("%x100000-10FFFD");
  });
  it("prose is a dashed box of its own class, not a link", () => {
    const svg = one(prose("host, see RFC 3986"));
    expect(nonTerminals(svg)).toEqual([]);
    expect(findAll(svg, (x) => x.tag === "g" && hasClass(x, "prose"))).toHaveLength(1);
    expect(findAll(svg, (x) => x.tag === "a")).toHaveLength(0);
  });
});

describe("repetitions", () => {
  it.each([
    [0, 0, "empty"], [1, 1, undefined], [3, 3, "exactly 3 times"], [0, 1, undefined], [0, Infinity, undefined], [1, Infinity, undefined],
    [2, Infinity, "2 or more times"], [1, 4, "1 to 4 times"], [0, 6, "at most 6 times"], [2, 3, "2 to 3 times"],
  ])("%s*%s is labelled %s", (min, max, label) => {
    expect(repetitionLabel(min, max)).toBe(label);
  });
  it("1x is the item itself; [x] and *x bypass it; 1*x and *x loop", () => {
    const shape = (e: Expr): string[] => mainLine(parseSvg(diagramOf(e))).map((x) => (x.attrs.class ?? items(x).length.toString()));
    expect(shape(rep(1, 1, ref("a")))).toEqual(["nonterminal"]);
    expect(shape(opt(ref("a")))).toEqual(["2"]); // a bypass and the item
    expect(shape(many(ref("a")))).toEqual(["2"]); // a bypass and a loop
    expect(shape(many1(ref("a")))).toEqual(["2"]); // the item and the way back
    expect(repeatLabels(parseSvg(diagramOf(many(ref("a")))))).toEqual([]);
    expect(repeatLabels(parseSvg(diagramOf(rep(0, 3, ref("a")))))).toEqual(["at most 3 times"]);
  });
});

describe("options and arguments", () => {
  const g = grammar({ a: seq(ref("digit"), ref("b")), b: lit("x") }, { imports: [core.pick("DIGIT")] });

  it("links follow the grammar's spelling of a name (names are case-insensitive)", () => {
    expect(nonTerminals(parseSvg(diagram(g, "A")))).toEqual([{ name: "digit", href: "#DIGIT" }, { name: "b", href: "#b" }]);
  });
  it("href: a template, a function (undefined: no link) or false", () => {
    expect(nonTerminals(parseSvg(diagram(g, "a", { href: "/rules/{name}.html" }))).map((b) => b.href)).toEqual(["/rules/DIGIT.html", "/rules/b.html"]);
    expect(nonTerminals(parseSvg(diagram(g, "a", { href: (n) => (n === "b" ? "?rule=b" : undefined) }))).map((b) => b.href)).toEqual([undefined, "?rule=b"]);
    const none = parseSvg(diagram(g, "a", { href: false }));
    expect(findAll(none, (x) => x.tag === "a")).toHaveLength(0);
    expect(nonTerminals(none).map((b) => b.name)).toEqual(["digit", "b"]);
    expect(diagram(g, "a", { href: "x?a=1&b={name}" })).toContain('href="x?a=1&amp;b=b"');
  });
  it("the link is the box and its name, not the lines to it", () => {
    const a = findAll(parseSvg(diagram(g, "a")), (x) => x.tag === "a")[0] as El;
    expect(a.children.filter((c) => typeof c !== "string").map((c) => (c as El).tag)).toEqual(["rect", "text"]);
  });
  it("standalone (the default) holds the namespace and the style; inline holds neither", () => {
    const standalone = parseSvg(diagram(rfc3986, "URI"));
    expect(standalone.attrs.xmlns).toBe("http://www.w3.org/2000/svg");
    expect(findAll(standalone, (x) => x.tag === "style").map(textOf)).toEqual([diagramStyle]);
    const inline = parseSvg(diagram(rfc3986, "URI", { standalone: false, title: "URI <diagram>" }));
    expect(inline.attrs.xmlns).toBeUndefined();
    expect(findAll(inline, (x) => x.tag === "style")).toHaveLength(0);
    expect(textOf(elements0(inline))).toBe("URI <diagram>");
    expect(Number(inline.attrs.width)).toBeGreaterThan(0);
    expect(inline.attrs.viewBox).toBe(`0 0 ${inline.attrs.width} ${inline.attrs.height}`);
  });
  it("refuses what is not a grammar, a rule name or an expression with a TypeError", () => {
    expect(() => diagram({} as Grammar, "URI")).toThrow(/"grammar" must be a Grammar/);
    // a rule name where the grammar goes (diagram("IPv4address")): told to pass the grammar first
    const nameFirst = (): string => (diagram as unknown as (name: string) => string)("IPv4address");
    expect(nameFirst).toThrow('diagram: the argument "grammar" must be a Grammar, got "IPv4address"; pass the grammar first, then the rule name: diagram(rfc3986, "IPv4address"), with import { rfc3986 } from "uri-grammar/abnf"');
    expect(() => diagram({} as Grammar, "URI")).not.toThrow(/pass the grammar first/);
    expect(() => diagram(rfc3986, 3 as unknown as string)).toThrow(TypeError);
    expect(() => diagram(rfc3986, "segment-nz-cn")).toThrow(/segment-nz-nc/);
    expect(() => diagramOf({ type: "nope" } as unknown as Expr)).toThrow(TypeError);
    expect(() => diagram(rfc3986, "URI", { href: 3 as unknown as string })).toThrow(/options.href/);
    expect(() => diagram(rfc3986, "URI", { href: () => 3 as unknown as string })).toThrow(/options.href returned number 3/);
    expect(() => diagram(rfc3986, "URI", null as unknown as undefined)).toThrow(/"options"/);
  });
  it("names every expression constructor of uri-grammar/abnf when it refuses a non-expression", () => {
    // the constructors, found as the exports that make an expression from simple arguments
    const tries: unknown[][] = [["a"], [0x61], [lit("a")], [0, 1, lit("a")]];
    const makes = (f: (...a: unknown[]) => unknown): boolean =>
      tries.some((args) => {
        try {
          return isExpr(f(...args));
        } catch {
          return false;
        }
      });
    const constructors = Object.entries(abnf as Record<string, unknown>)
      .filter(([name, f]) => typeof f === "function" && /^[a-z]/.test(name) && makes(f as (...a: unknown[]) => unknown))
      .map(([name]) => name);
    expect(constructors).toEqual(expect.arrayContaining(["lit", "caseSensitive", "range", "seq", "alt", "rep", "opt", "many", "many1", "ref", "prose"]));
    let message = "";
    try {
      diagramOf("x" as unknown as Expr);
    } catch (e) {
      message = (e as Error).message;
    }
    const named = /\((?:made by )?([^)]*)\)/.exec(message)?.[1] ?? "";
    expect(named.split(/, | or /).sort()).toEqual([...constructors].sort());
  });
  it("is deterministic", () => {
    expect(diagram(rfc3986, "IPv6address")).toBe(diagram(rfc3986, "IPv6address"));
  });
});

function elements0(svg: El): El {
  return svg.children.find((c): c is El => typeof c !== "string" && c.tag === "title") as El;
}
