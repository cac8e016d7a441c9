// A rule's parsimmon parser inside a bigger parsimmon grammar: at its offset it consumes the
// LONGEST prefix that matches the rule (ABNF has no ordered choice, and a parsimmon parser
// consumes one prefix; see RuleParser in src/abnf/parser.ts), and when nothing matches it fails
// at the end of the longest prefix that begins a match, naming what could have stood there.
// Then characters above U+FFFF on every backend: offsets are UTF-16 units, an error shows the
// whole character it stopped at, a lone surrogate never matches a range, and the generator never
// makes one.
import P from "parsimmon";
import { alt, caseSensitive, grammar, grammarFromAbnfOrThrow, lit, many, many1, range, ref, rep, seededRandom, seq, type Grammar } from "../src/abnf/index";
import { readJson } from "./helpers/fixtures";
import { Oracle, algebraFromAbnf, allStrings, hasLoneSurrogate } from "./helpers/abnf-algebra";

const DIGIT = range(0x30, 0x39);

// x: RFC 5234 §3.2 alternatives sharing a prefix; dec-octet: RFC 3986 §3.2.2; NID: RFC 8141 §2.
const g = grammar({
  x: alt(lit("a"), lit("ab")),
  xb: seq(ref("x"), lit("b")),
  "dec-octet": alt(DIGIT, seq(range(0x31, 0x39), DIGIT), seq(lit("1"), rep(2, 2, DIGIT)), seq(lit("2"), range(0x30, 0x34), DIGIT), seq(lit("25"), range(0x30, 0x35))),
  NID: seq(ref("alphanum"), rep(0, 30, ref("ldh")), ref("alphanum")),
  ldh: alt(ref("alphanum"), lit("-")),
  alphanum: alt(range(0x41, 0x5a), range(0x61, 0x7a), DIGIT),
});

describe("a rule's parser consumes its longest match (RuleParser)", () => {
  it("x = \"a\" / \"ab\" followed by parsimmon's \"b\": the parser commits to \"ab\", unlike the ABNF rule x \"b\"", () => {
    const xThenB = P.seq(g.rule("x"), P.string("b"));
    expect(xThenB.parse("abb")).toEqual({ status: true, value: ["ab", "b"] });
    // "ab" is x "b" in ABNF (x = "a"), but the parser has taken the longest x, "ab", already.
    const r = xThenB.parse("ab");
    expect(r.status).toBe(false);
    if (!r.status) {
      expect(r.index.offset).toBe(2);
      expect(r.expected).toEqual(["'b'"]);
    }
    // The same sequence as an ABNF rule has the exact semantics.
    expect(g.validate("ab", "xb").ok).toBe(true);
    expect(g.rule("xb").parse("ab")).toEqual({ status: true, value: "ab" });
    expect(g.validate("abb", "xb").ok).toBe(true);
  });

  it("a rule that calls a recursive one ends further by the call than by its own characters: the longest end is taken, whatever order the ends came in", () => {
    // s's call of r ends at 4 before s's own "a" ends at 1 (calls.ts keeps a frame's ends
    // unsorted, and sorts them when one came out of order); s's longest match is still r's
    const h = grammar({ s: alt(ref("r"), lit("a")), r: seq(lit("a"), rep(0, 1, ref("r")), lit("b")), t: alt(lit("a"), ref("r")) }).compile();
    for (const rule of ["s", "t"]) {
      expect(P.seq(h.rule(rule), P.all).parse("aabbc")).toEqual({ status: true, value: ["aabb", "c"] });
      expect(P.seq(h.rule(rule), P.all).parse("aabc")).toEqual({ status: true, value: ["a", "abc"] });
      expect(h.isValid("aabb", rule)).toBe(true);
    }
  });

  it("two calls of recursive rules that fail at the same furthest offset: what both expected there is named", () => {
    // s's frame meets p's result and then q's, both read to offset 2 (calls.ts Landings.callee merges them)
    const text = 's = p / q\r\np = "a" [ p ] "b"\r\nq = "a" [ q ] "c"\r\n';
    const lazy = grammarFromAbnfOrThrow(text);
    const compiled = grammarFromAbnfOrThrow(text).compile();
    for (const h of [lazy, compiled]) {
      const r = h.validate("aa", "s");
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.offset).toBe(2);
        expect(r.error.expected).toEqual(['"a"', '"b"', '"c"']);
      }
      expect(h.isValid("aacc", "s")).toBe(true);
    }
  });

  it("parsimmon does not backtrack into it: P.alt(x, \"abc\") on \"abc\" fails after x's longest match", () => {
    const r = P.alt(g.rule("x"), P.string("abc")).parse("abc");
    expect(r.status).toBe(false);
    if (!r.status) expect(r.index.offset).toBe(2);
  });

  it("dec-octet, separated by dots: the longest octet each time, the RFC's alternative order notwithstanding", () => {
    const dotted = P.sepBy(g.rule("dec-octet"), P.string("."));
    expect(dotted.tryParse("1.25.255.0")).toEqual(["1", "25", "255", "0"]);
    const r = dotted.parse("1.256");
    expect(r.status).toBe(false);
    if (!r.status) {
      expect(r.index.offset).toBe(4);
      expect(r.expected).toEqual(expect.arrayContaining(['"0"-"5"', "'.'"]));
    }
  });

  it("inside delimiters, at an offset: the offsets are the bigger input's", () => {
    const bracketed = P.string("<").then(g.rule("NID")).skip(P.string(">"));
    expect(bracketed.tryParse("<isbn>")).toBe("isbn");
    expect(bracketed.tryParse("<a-------------------------------->".replace(/-+/, "-".repeat(30) + "b"))).toBe(`a${"-".repeat(30)}b`);
    const start = bracketed.parse("<-isbn>");
    expect(start.status).toBe(false);
    if (!start.status) {
      expect(start.index.offset).toBe(1);
      expect(start.expected).toEqual(["alphanum"]);
    }
    const short = bracketed.parse("<i>");
    expect(short.status).toBe(false);
    if (!short.status) {
      expect(short.index.offset).toBe(2);
      expect(short.expected).toEqual(expect.arrayContaining(["ldh", "alphanum"]));
    }
  });

  it("when nothing matches, it fails at the start with every beginning the rule has", () => {
    const x = g.rule("x").parse("c");
    expect(x.status).toBe(false);
    if (!x.status) {
      expect(x.index.offset).toBe(0);
      expect([...x.expected].sort()).toEqual(['"a"', '"ab"']);
    }
    const d = g.rule("dec-octet").parse("x");
    expect(d.status).toBe(false);
    if (!d.status) {
      expect(d.index.offset).toBe(0);
      expect(d.expected).toEqual(expect.arrayContaining(['"0"-"9"', '"1"-"9"', '"25"']));
    }
    // parse() is whole-input: after the longest match, parsimmon expects the end.
    const extra = g.rule("dec-octet").parse("256");
    expect(extra.status).toBe(false);
    if (!extra.status) {
      expect(extra.index.offset).toBe(2);
      expect(extra.expected).toEqual(expect.arrayContaining(['"0"-"5"', "EOF"]));
    }
  });

  const { grammars } = readJson<{ grammars: readonly { name: string; abnf: readonly string[]; rules: readonly string[]; alphabet: readonly string[] }[] }>(
    "engine",
    "grammars.json",
  );

  it.each(grammars.map((s) => [s.name, s] as const))(
    "%s: after a \"#\", the parser consumes exactly the reference's longest match, or fails where the reference's viable prefix ends",
    (_name, spec) => {
      const text = spec.abnf.join("\n") + "\n";
      const oracle = new Oracle(text);
      const gg = algebraFromAbnf([text]);
      const wrong: string[] = [];
      for (const rule of spec.rules) {
        const p = P.string("#").then(P.seq(gg.rule(rule), P.all));
        for (const s of allStrings(spec.alphabet, 3)) {
          const ends = [...oracle.reference.ends(rule, s, 0)].filter((e) => !hasLoneSurrogate(s.slice(0, e)));
          const r = p.parse(`#${s}`);
          const show = `${rule} "#" ${JSON.stringify(s)}`;
          if (ends.length > 0) {
            const longest = Math.max(...ends);
            if (!r.status) wrong.push(`${show}: failed at ${r.index.offset}, the longest match ends at ${1 + longest}`);
            else if (r.value[0] !== s.slice(0, longest)) wrong.push(`${show}: consumed ${JSON.stringify(r.value[0])}, the longest match is ${JSON.stringify(s.slice(0, longest))}`);
          } else {
            const offset = 1 + Math.max(0, oracle.viablePrefix(rule, s));
            if (r.status) wrong.push(`${show}: consumed ${JSON.stringify(r.value[0])}, the reference has no match`);
            else if (r.index.offset !== offset) wrong.push(`${show}: failed at ${r.index.offset}, the viable prefix ends at ${offset}`);
          }
          if (wrong.length >= 5) break;
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe("characters above U+FFFF, on every backend", () => {
  const EMOJI = "\u{1F600}"; // "\ud83d\ude00"
  const astral = grammar({
    emoji: range(0x1f600),
    wide: many1(range(0x10000, 0x1fffd)), // RFC 3987 §2.2 ucschar's first astral range
    any: range(0, 0x10ffff),
    anything: many(range(0, 0x10ffff)),
    surr: range(0xd7ff, 0xe000), // touches the surrogate block on both sides
    "upper-bmp": range(0xd000, 0xffff),
    "from-low-surrogates": range(0xdc00, 0x10ffff),
    word: lit(`a${EMOJI}b`),
    exact: caseSensitive(`A${EMOJI}`),
  });

  /** Every backend's answer for a whole-string match, and the validation's offset. */
  function answers(gr: Grammar, rule: string, input: string) {
    const source = gr.pattern(rule);
    const v = gr.validate(input, rule);
    const parsed = gr.rule(rule).skip(P.eof).parse(input);
    return {
      isValid: gr.isValid(input, rule),
      validate: v.ok,
      parser: parsed.status,
      regex: source === undefined ? "none" : new RegExp(`^(?:${source})$`).test(input),
      offset: v.ok ? undefined : v.error.offset,
      parserOffset: parsed.status ? undefined : parsed.index.offset,
    };
  }
  const yes = { isValid: true, validate: true, parser: true, regex: true, offset: undefined, parserOffset: undefined };
  const no = (offset: number) => ({ isValid: false, validate: false, parser: false, regex: false, offset, parserOffset: offset });

  it("every rule here has a regex (so every backend is exercised)", () => {
    for (const rule of astral.ruleNames) expect([rule, astral.pattern(rule) !== undefined]).toEqual([rule, true]);
  });

  it("offsets count UTF-16 units", () => {
    expect(answers(astral, "emoji", EMOJI)).toEqual(yes);
    expect(answers(astral, "emoji", EMOJI + EMOJI)).toEqual(no(2));
    expect(answers(astral, "wide", `${EMOJI}${EMOJI}a`)).toEqual(no(4));
    expect(answers(astral, "word", `a${EMOJI}c`)).toEqual(no(3));
    expect(answers(astral, "word", `A${EMOJI}B`)).toEqual(yes);
    expect(answers(astral, "exact", `a${EMOJI}`)).toEqual(no(0));
    expect(answers(astral, "exact", `A${EMOJI}`)).toEqual(yes);
    const inside = P.seq(P.string("x"), astral.rule("wide"), P.string("y")).parse(`x${EMOJI}${EMOJI}z`);
    expect(inside.status).toBe(false);
    if (!inside.status) {
      expect(inside.index.offset).toBe(5);
      expect(inside.expected).toEqual(expect.arrayContaining(["'y'"]));
    }
    expect(P.seq(astral.rule("wide"), P.all).tryParse(`${EMOJI}\u{10000}!`)).toEqual([`${EMOJI}\u{10000}`, "!"]);
  });

  it("an error's found shows the whole astral character it stopped at", () => {
    const v = astral.validate(EMOJI + EMOJI, "emoji");
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error.found).toBe(JSON.stringify(EMOJI));
      expect(v.error.shortMessage).toContain(`found "${EMOJI}"`);
    }
    const w = astral.validate(`${EMOJI}\u{1FFFE}`, "wide");
    expect(w.ok).toBe(false);
    if (!w.ok) {
      expect(w.error.offset).toBe(2);
      expect(w.error.found).toBe(JSON.stringify("\u{1FFFE}"));
    }
    // half a character is shown as what it is
    const h = astral.validate(`${EMOJI}\ud83d`, "wide");
    expect(h.ok).toBe(false);
    if (!h.ok) {
      expect(h.error.offset).toBe(2);
      expect(h.error.found).toBe(JSON.stringify("\ud83d"));
    }
  });

  const LONE = ["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d", "\ude00", "\ude00\ud83d"];

  it.each(["any", "surr", "upper-bmp", "from-low-surrogates"])("a lone surrogate never matches the range %s", (rule) => {
    for (const s of LONE) expect([s, answers(astral, rule, s)]).toEqual([s, no(0)]);
  });

  it("the range edges next to the surrogate block still match", () => {
    expect(answers(astral, "surr", "\ud7ff")).toEqual(yes);
    expect(answers(astral, "surr", "\ue000")).toEqual(yes);
    expect(answers(astral, "upper-bmp", "\uffff")).toEqual(yes);
    expect(answers(astral, "from-low-surrogates", "\ue000")).toEqual(yes);
    expect(answers(astral, "from-low-surrogates", EMOJI)).toEqual(yes);
    expect(answers(astral, "any", "\u{10FFFF}")).toEqual(yes);
  });

  it("a lone surrogate stops a repetition of every character where it stands", () => {
    expect(answers(astral, "anything", "ab\ud800cd")).toEqual(no(2));
    expect(answers(astral, "anything", `a${EMOJI}\udc00`)).toEqual(no(3));
    expect(answers(astral, "anything", "a\ud83d")).toEqual(no(1));
    expect(answers(astral, "anything", `${EMOJI}\u{10FFFF}\u0000`)).toEqual(yes);
  });

  it("a range of surrogates only matches nothing, on every backend", () => {
    const only = grammar({ s: range(0xd800, 0xdfff), t: seq(lit("a"), many(range(0xdc00, 0xdfff))) });
    for (const s of ["", ...LONE]) expect(answers(only, "s", s)).toEqual({ ...no(0), regex: only.pattern("s") === undefined ? "none" : false });
    expect(answers(only, "t", "a")).toEqual(yes);
    expect(answers(only, "t", "a\udc00")).toEqual(no(1));
    expect(() => only.generate("s", seededRandom(1))).toThrow(RangeError);
  });

  // The same rules as ABNF text, for the reference.
  const astralAbnf = [
    "emoji               = %x1F600",
    "wide                = 1*%x10000-1FFFD",
    "any                 = %x0-10FFFF",
    "anything            = *%x0-10FFFF",
    "surr                = %xD7FF-E000",
    "upper-bmp           = %xD000-FFFF",
    "from-low-surrogates = %xDC00-10FFFF",
    'word                = "a" %x1F600 "b"',
    'exact               = %s"A" %x1F600',
    "",
  ].join("\n");

  it("the generator never makes a lone surrogate, and what it makes matches", () => {
    const random = seededRandom(3987);
    const oracle = new Oracle(astralAbnf);
    for (const rule of ["emoji", "wide", "any", "anything", "surr", "upper-bmp", "from-low-surrogates", "word", "exact"]) {
      const wrong: string[] = [];
      for (let k = 0; k < 2000 && wrong.length < 5; k++) {
        const s = astral.generate(rule, random);
        if (hasLoneSurrogate(s)) wrong.push(`${rule}: ${JSON.stringify(s)} holds a lone surrogate`);
        if (!astral.isValid(s, rule) || !oracle.matches(rule, s)) wrong.push(`${rule}: ${JSON.stringify(s)} does not match`);
      }
      expect(wrong).toEqual([]);
    }
  });

  it("the printed grammar (toAbnf) means the same language to the reference", () => {
    // RFC 5234 §4: a quoted string holds %x20-21 / %x23-7E only, so a case-insensitive literal
    // with U+1F600 in it must be printed as quoted parts and a num-val ("a" %x1F600 "b"); a
    // dotted num-val alone (%x61.1F600.62) is case-sensitive (RFC 7405 §2.1).
    const printed = new Oracle(astral.toAbnf());
    const random = seededRandom(7405);
    const swap = (s: string): string => s.replace(/[A-Za-z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
    const wrong: string[] = [];
    for (const rule of astral.ruleNames) {
      for (let k = 0; k < 200; k++) {
        const s = astral.generate(rule, random);
        for (const t of [s, swap(s)]) {
          if (printed.matches(rule, t) !== astral.isValid(t, rule)) wrong.push(`${rule} = ${astral.abnf(rule)}: ${JSON.stringify(t)} ${astral.isValid(t, rule) ? "matches" : "does not match"} the rule, but not its printed ABNF`);
        }
        if (wrong.length > 0) break;
      }
    }
    expect(wrong).toEqual([]);
  });
});
