// Semantics apart from syntax: actions by rule name turn a rule's Match (where it matched, and
// the captured rules inside it) into a value; accelerators give the same value straight from the
// input. RFC 3986's semantics (the typed AST) must give, for every structural rule, the same
// value through its actions on the engine's derivation as `parse` gives through its fast path
// (and, for the URI reference family, the Appendix B splitter). The types are checked too:
// this file is compiled by `npx tsc --noEmit -p tsconfig.test.json`, and the `@ts-expect-error`
// lines must fail to compile.
import fc from "fast-check";
import P from "parsimmon";
import {
  alt,
  grammar,
  grammarFromAbnf,
  lit,
  many,
  ref,
  rep,
  rfc3986,
  rfc3986Semantics,
  seededRandom,
  semantics,
  seq,
  UnknownRuleError,
  UriSyntaxError,
  type Match,
  type RuleParser,
} from "../src/abnf/index";
import { parse, type Host, type Path, type UriReference, type RuleName, type Result, parseRule } from "../src/index";
import { rfc3986Actions } from "../src/grammars/rfc3986/semantics";
import { mutate } from "./helpers/generators";
import { readJson } from "./helpers/fixtures";
import { Oracle, allStrings, hasNullableRecursionInRepetition, randomAbnf } from "./helpers/abnf-algebra";
import { runs, seed } from "./helpers/runs";

// RFC 8141 §2 (pchar from RFC 3986 §3.3).
const urn = grammar(
  {
    "assigned-name": seq(lit("urn"), lit(":"), ref("NID"), lit(":"), ref("NSS")),
    NID: seq(ref("alphanum"), rep(0, 30, ref("ldh")), ref("alphanum")),
    ldh: alt(ref("alphanum"), lit("-")),
    NSS: seq(ref("pchar"), many(alt(ref("pchar"), lit("/")))),
    alphanum: alt(ref("ALPHA"), ref("DIGIT")),
  },
  { name: "RFC 8141", imports: [rfc3986.pick("pchar")] },
);

interface Urn {
  readonly nid: string;
  readonly nss: string;
  /** The NSS's percent-encoded octets, as written. */
  readonly encoded: readonly string[];
}

const urnActions = {
  "assigned-name": (m: Match): Urn => ({
    nid: (m.first("NID")?.value() as string | undefined) ?? "",
    nss: m.first("NSS")?.text ?? "",
    encoded: m.all("pct-encoded").map((p) => p.text),
  }),
  // RFC 8141 §3.1: the NID compares case-insensitively (lower-cased)
  NID: (m: Match): string => m.text.toLowerCase(),
};

const urnSemantics = semantics(urn, urnActions, { captures: ["NSS", "pct-encoded"] });

describe("Match: where a rule matched and the captured rules inside it", () => {
  const m = urnSemantics.match("assigned-name", "urn:ISBN:04%2F51%41");

  it("an empty match stands before its sibling that follows it, also inside a rule the edge enters (w = z z, z = a1 a2)", () => {
    // a1 matched "" before a2 in each z: the engine's edge into a2 enters z too, and a1 was
    // attached after a2 there ([a2, a1] in the second z and the first)
    const g = grammarFromAbnf('w = z z\nz = a1 a2\na1 = [ "x" ]\na2 = "y"\n');
    if (!g.ok) throw g.error;
    const tree = (x: Match): unknown => [x.rule, x.start, x.end, x.children.map(tree)];
    const s = semantics(g.value, {}, { captures: ["z", "a1", "a2"] });
    expect(tree(s.match("w", "yy"))).toEqual([
      "w",
      0,
      2,
      [
        ["z", 0, 1, [["a1", 0, 0, []], ["a2", 0, 1, []]]],
        ["z", 1, 2, [["a1", 1, 1, []], ["a2", 1, 2, []]]],
      ],
    ]);
    expect(tree(s.match("z", "y"))).toEqual(["z", 0, 1, [["a1", 0, 0, []], ["a2", 0, 1, []]]]);
  });

  it("text, start and end of the match, and its direct children in input order", () => {
    expect([m.rule, m.start, m.end, m.text]).toEqual(["assigned-name", 0, 19, "urn:ISBN:04%2F51%41"]);
    expect(m.children.map((c) => [c.rule, c.start, c.end, c.text])).toEqual([
      ["NID", 4, 8, "ISBN"],
      ["NSS", 9, 19, "04%2F51%41"],
    ]);
    expect(m.children[1]?.children.map((c) => [c.rule, c.start, c.end])).toEqual([
      ["pct-encoded", 11, 14],
      ["pct-encoded", 16, 19],
    ]);
  });

  it("first: depth first, in input order; all: every outermost one; names case-insensitive", () => {
    expect(m.first("pct-encoded")?.text).toBe("%2F");
    expect(m.first("PCT-ENCODED")?.text).toBe("%2F");
    expect(m.all("pct-encoded").map((c) => c.text)).toEqual(["%2F", "%41"]);
    expect(m.all("NSS")).toHaveLength(1);
    expect(m.first("ldh")).toBeUndefined(); // not captured
    expect(m.all("ldh")).toEqual([]);
  });

  it("value: the rule's action on it, else its text", () => {
    expect(m.value()).toEqual({ nid: "isbn", nss: "04%2F51%41", encoded: ["%2F", "%41"] });
    expect(m.first("NID")?.value()).toBe("isbn");
    expect(m.first("NSS")?.value()).toBe("04%2F51%41");
  });

  it("an empty match of a captured rule is a child too, at its offset", () => {
    const g = grammar({ z: seq(ref("a1"), ref("a2")), a1: many(lit("a")), a2: many(lit("a")) });
    const z = semantics(g, {}, { captures: ["a1", "a2"] }).match("z", "aa");
    // the derivation a backtracking matcher finds first: the first repetition as long as it can be
    expect(z.children.map((c) => [c.rule, c.start, c.end])).toEqual([
      ["a1", 0, 2],
      ["a2", 2, 2],
    ]);
  });

  it("an empty match before a rule's first character is a child before that rule's match, not after it", () => {
    // a1 matches "" and then a2 "b": a1 ends where a2 begins (RFC 5234 §3.1, in input order)
    const g = grammar({ z: seq(ref("a1"), ref("a2")), a1: many(lit("a")), a2: seq(ref("a3"), lit("b")), a3: many(lit("c")) });
    const z = semantics(g, {}, { captures: ["a1", "a2", "a3"] }).match("z", "b");
    expect(z.children.map((c) => [c.rule, c.start, c.end, c.children.map((d) => [d.rule, d.start, d.end])])).toEqual([
      ["a1", 0, 0, []],
      ["a2", 0, 1, [["a3", 0, 0]]],
    ]);
    // the same before a call of a recursive rule: c and c match "" before a's call at offset 1
    const r = grammarFromAbnf('a = *( "(" 2*( c / a ) ")" )\nc = *( "(" "y" ")" )\n');
    if (!r.ok) throw r.error;
    const top = semantics(r.value, {}, { captures: ["a", "c"] }).match("a", "(())");
    expect(top.children.map((c) => [c.rule, c.start, c.end])).toEqual([
      ["c", 1, 1],
      ["c", 1, 1],
      ["a", 1, 3],
      ["a", 3, 3],
    ]);
  });

  it("follows the alternative the input needs (RFC 5234 §3.2 is unordered)", () => {
    const g = grammar({ x: seq(alt(ref("p1"), ref("p2")), lit("b")), p1: lit("a"), p2: lit("ab") });
    const s = semantics(g, {}, { captures: ["p1", "p2"] });
    expect(s.match("x", "ab").children.map((c) => c.rule)).toEqual(["p1"]);
    expect(s.match("x", "abb").children.map((c) => c.rule)).toEqual(["p2"]);
  });

  it("match of a range of a bigger input: offsets are the input's", () => {
    const inner = urnSemantics.match("NSS", "<urn:x:a%20b>", 7, 12);
    expect([inner.start, inner.end, inner.text, inner.input]).toEqual([7, 12, "a%20b", "<urn:x:a%20b>"]);
    expect(inner.first("pct-encoded")?.start).toBe(8);
  });
});

/** A match as [rule, start, end, children], for comparing trees. */
type Shape = [string, number, number, Shape[]];
const shape = (m: Match): Shape => [m.rule, m.start, m.end, m.children.map(shape)];

/**
 * What is wrong with a match tree of `input`: the root must cover exactly the input, every child
 * lie inside its parent after its elder siblings, and every node's text match its rule (by the
 * reference recognizer).
 */
function treeProblems(root: Match, input: string, oracle: Oracle, known = new Map<string, boolean>()): string[] {
  const out: string[] = [];
  const matches = (rule: string, text: string): boolean => {
    const key = `${rule} ${text}`;
    let r = known.get(key);
    if (r === undefined) known.set(key, (r = oracle.matches(rule, text)));
    return r;
  };
  if (root.start !== 0 || root.end !== input.length || root.text !== input) out.push(`the root covers [${root.start}, ${root.end}) of ${JSON.stringify(input)}`);
  const stack: Match[] = [root];
  while (stack.length > 0 && out.length < 5) {
    const m = stack.pop() as Match;
    if (!matches(m.rule, m.text)) out.push(`${m.rule} [${m.start}, ${m.end}) ${JSON.stringify(m.text)} is no match of ${m.rule}`);
    let at = m.start;
    for (const c of m.children) {
      if (c.start < at || c.end > m.end || c.end < c.start) out.push(`${c.rule} [${c.start}, ${c.end}) does not follow at ${at} inside ${m.rule} [${m.start}, ${m.end})`);
      at = c.end;
      stack.push(c);
    }
  }
  return out;
}

describe("derivations through a nullable recursive rule inside a repetition (fixtures/engine/derivations.json)", () => {
  interface DerivationCase {
    readonly abnf: readonly string[];
    readonly rule: string;
    readonly input: string;
    readonly captures: readonly string[];
    readonly value: number;
    readonly tree: Shape;
    readonly why: string;
  }
  const { cases } = readJson<{ cases: readonly DerivationCase[] }>("engine", "derivations.json");
  const load = (lines: readonly string[]): ReturnType<typeof grammar> => {
    const r = grammarFromAbnf(lines.join("\n") + "\n");
    if (!r.ok) throw r.error;
    return r.value;
  };

  it.each(cases.map((c) => [c.abnf.join(" | "), c.input, c] as const))("%s on %j", (_abnf, _input, c) => {
    const g = load(c.abnf);
    expect(g.isValid(c.input, c.rule)).toBe(true);
    const sem = semantics(g, { [c.rule]: (m: Match) => m.text.length }, { captures: c.captures });
    expect(parse(c.input, { rule: c.rule, semantics: sem })).toEqual({ ok: true, value: c.value });
    expect(sem.parse(c.input, c.rule)).toEqual({ ok: true, value: c.value });
    expect(sem.rule(c.rule).parse(c.input)).toEqual({ status: true, value: c.value });
    expect(P.string("<").then(sem.rule(c.rule)).skip(P.string(">")).tryParse(`<${c.input}>`)).toBe(c.value);
    const m = sem.match(c.rule, c.input);
    expect(shape(m)).toEqual(c.tree);
    expect(treeProblems(m, c.input, new Oracle(c.abnf.join("\n") + "\n"))).toEqual([]);
  });

  it("random small grammars with nullable recursion inside repetitions: match ends, and its tree covers exactly the input", () => {
    let grammars = 0;
    let trees = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
        const random = seededRandom(seed);
        const text = randomAbnf(random);
        const loaded = grammarFromAbnf(text);
        if (!loaded.ok) return; // left-recursive
        const g = loaded.value;
        if (!hasNullableRecursionInRepetition(g)) return;
        grammars++;
        const oracle = new Oracle(text);
        const known = new Map<string, boolean>();
        const sem = semantics(g, {}, { captures: g.ruleNames });
        for (const rule of g.ruleNames) {
          const inputs = allStrings(["x", "y", "(", ")"], 3).filter((s) => g.isValid(s, rule));
          // and a few longer ones (short enough for the reference recognizer)
          if (inputs.length > 0) for (let k = 0; k < 3; k++) inputs.push(g.generate(rule, random, { maxRepeat: 3, maxDepth: 4, budget: 40 }));
          for (const s of inputs) {
            expect([text, rule, s, treeProblems(sem.match(rule, s), s, oracle, known)]).toEqual([text, rule, s, []]);
            trees++;
          }
        }
      }),
      { numRuns: runs(1000), seed: seed(5234) },
    );
    expect(grammars).toBeGreaterThan(250);
    expect(trees).toBeGreaterThan(4000);
  });
});

describe("parse and rule()", () => {
  it("parse gives the action's value, or the same UriSyntaxError as validate", () => {
    expect(urnSemantics.parse("urn:example:a123,z456", "assigned-name")).toEqual({
      ok: true,
      value: { nid: "example", nss: "a123,z456", encoded: [] },
    });
    const bad = urnSemantics.parse("urn:a:b", "assigned-name");
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error).toBeInstanceOf(UriSyntaxError);
      const v = urn.validate("urn:a:b", "assigned-name");
      expect(v.ok ? undefined : [v.error.offset, v.error.expected]).toEqual([bad.error.offset, bad.error.expected]);
      expect(bad.error.offset).toBe(5);
    }
    expect(urnSemantics.parse("a/b", "NSS")).toEqual({ ok: true, value: "a/b" }); // no action: the text
  });

  it("rule() is a parsimmon parser of the action's value, at its offset inside a bigger grammar", () => {
    const bracketed = P.string("<").then(urnSemantics.rule("assigned-name")).skip(P.string(">"));
    expect(bracketed.tryParse("<urn:ab:c%41>")).toEqual({ nid: "ab", nss: "c%41", encoded: ["%41"] });
    const spans = P.string("<").then(semantics(urn, { NID: (m) => [m.start, m.end] }).rule("NID"));
    expect(spans.tryParse("<isbn")).toEqual([1, 5]);
    expect(urnSemantics.rule("NID")).toBe(urnSemantics.rule("NID"));
    expect(urnSemantics.rule("NID").abnfName).toBe("NID");
  });

  it("the grammar is untouched: semantics are a value apart", () => {
    expect(urnSemantics.grammar).toBe(urn);
    expect(urn.rule("NID").tryParse("ISBN")).toBe("ISBN"); // the grammar's own parser yields text
    const other = semantics(urn, { NID: (m) => m.text.length });
    expect(other.rule("NID").tryParse("ISBN")).toBe(4);
    expect(urnSemantics.rule("NID").tryParse("ISBN")).toBe("isbn");
  });

  it("names rules it does not know with an UnknownRuleError", () => {
    expect(() => semantics(urn, { nId2: () => 1 })).toThrow(UnknownRuleError);
    expect(() => semantics(urn, {}, { captures: ["nss2"] })).toThrow(UnknownRuleError);
    expect(() => semantics(urn, {}, { accelerators: { NSSS: () => "" } })).toThrow(/did you mean "NSS"\?/);
  });
});

describe("accelerators give the same values as the actions", () => {
  const split = (input: string, start: number, end: number): Urn => {
    const text = input.slice(start, end);
    const colon = text.indexOf(":", 4);
    const nss = text.slice(colon + 1);
    return { nid: text.slice(4, colon).toLowerCase(), nss, encoded: nss.match(/%[0-9A-Fa-f]{2}/g) ?? [] };
  };
  let calls = 0;
  const fast = semantics(urn, urnActions, {
    captures: ["NSS", "pct-encoded"],
    accelerators: {
      "assigned-name": (input, start, end) => {
        calls++;
        return split(input, start, end);
      },
    },
  });

  it("on generated assigned-names, by parse and by rule() inside a bigger parser", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
        const s = urn.generate("assigned-name", seededRandom(seed));
        const slow = urnSemantics.parse(s, "assigned-name");
        expect(slow.ok).toBe(true);
        expect(fast.parse(s, "assigned-name")).toEqual(slow);
        expect(urnSemantics.match("assigned-name", s).value()).toEqual(slow.ok && slow.value);
        const inside = P.string(" ").then(fast.rule("assigned-name")).skip(P.string(" "));
        expect(inside.tryParse(` ${s} `)).toEqual(slow.ok && slow.value);
      }),
      { numRuns: runs(1000), seed: seed(8141) },
    );
  });

  it("is called only on a range known to match", () => {
    calls = 0;
    expect(fast.parse("urn:a:b", "assigned-name").ok).toBe(false);
    expect(fast.rule("assigned-name").parse("urn:ab:").status).toBe(false);
    expect(calls).toBe(0);
    expect(fast.parse("urn:ab:c", "assigned-name").ok).toBe(true);
    expect(calls).toBe(1);
  });
});

describe("RFC 3986: the actions on the engine's derivation equal parse()", () => {
  const structural = Object.keys(rfc3986Actions) as (keyof typeof rfc3986Actions & RuleName)[];

  it("covers every rule that builds a node", () => {
    expect(structural).toEqual(expect.arrayContaining(["URI", "URI-reference", "authority", "host", "path", "path-empty", "IPv6address", "IPvFuture"]));
    expect(structural).toHaveLength(19);
  });

  it.each(structural.map((r) => [r]))("%s, on generated strings and their valid mutations", (rule) => {
    let compared = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 0x7fffffff }), (seed, maxRepeat, edit) => {
        const s = rfc3986.generate(rule, seededRandom(seed), { maxRepeat });
        for (const t of [s, mutate(s, edit)]) {
          const r = parseRule(t, { rule });
          if (!rfc3986.isValid(t, rule)) {
            expect(r.ok).toBe(false);
            continue;
          }
          expect(r.ok).toBe(true);
          const viaActions = rfc3986Semantics.match(rule, t).value();
          expect(r.ok && r.value).toEqual(viaActions);
          expect(rfc3986Semantics.parse(t, rule)).toEqual(r);
          compared++;
        }
      }),
      { numRuns: runs(300), seed: seed(3986) },
    );
    expect(compared).toBeGreaterThan(300);
  });

  it("the URI reference family's accelerator and action agree on a string with every component", () => {
    const s = "http://user:pw@[v1.fe:x]:8080/a/b;c?q=1&r#frag";
    const viaActions = rfc3986Semantics.match("URI-reference", s).value() as UriReference;
    const viaParse = parse(s);
    expect(viaParse).toEqual({ ok: true, value: viaActions });
    expect(viaActions.authority?.host.kind).toBe("IPvFuture");
    expect(viaActions.authority?.port).toBe("8080");
  });
});

describe("types", () => {
  // Each statement must type-check as written; each @ts-expect-error line must not.
  const g = grammar({
    NID: seq(ref("alphanum"), rep(0, 30, ref("ldh")), ref("alphanum")),
    ldh: alt(ref("alphanum"), lit("-")),
    alphanum: alt(ref("ALPHA"), ref("DIGIT")),
  }, { imports: [rfc3986.pick("ALPHA", "DIGIT")] });

  it("a rule's parser and parse are typed by its action's return type, else string", () => {
    const n: number = semantics(g, { NID: (m) => m.text.length }).rule("NID").tryParse("isbn");
    expect(n).toBe(4);

    const s = semantics(g, { NID: (m) => ({ nid: m.text, at: m.start }), ldh: (m): "-" | "x" => (m.text === "-" ? "-" : "x") });
    const obj: { nid: string; at: number } = s.rule("NID").tryParse("ab");
    expect(obj).toEqual({ nid: "ab", at: 0 });
    const text: string = s.rule("alphanum").tryParse("a"); // no action
    expect(text).toBe("a");
    const dash: "-" | "x" = s.rule("ldh").tryParse("-");
    expect(dash).toBe("-");
    const parser: RuleParser<{ nid: string; at: number }> = s.rule("NID");
    expect(parser.abnfName).toBe("NID");

    const r: Result<{ nid: string; at: number }> = s.parse("isbn", "NID");
    if (r.ok) {
      const at: number = r.value.at;
      expect(at).toBe(0);
      // @ts-expect-error the value is an object, not a string
      const wrong: string = r.value;
      expect(typeof wrong).toBe("object");
    }

    // @ts-expect-error a number-valued rule is no string
    const notString: string = semantics(g, { NID: (m) => m.text.length }).rule("NID").tryParse("isbn");
    expect(notString).toBe(4);
    // @ts-expect-error a rule without an action yields a string, not a number
    const notNumber: number = s.rule("alphanum").tryParse("a");
    expect(notNumber).toBe("a");
    // @ts-expect-error the object has no field "nss"
    expect(s.rule("NID").tryParse("ab").nss).toBeUndefined();
  });

  it("parse() of the package: the node type of each RFC 3986 rule, and semantics of one's own", () => {
    const h = parseRule("[::1]", { rule: "host" });
    if (h.ok) {
      const host: Host = h.value;
      expect(host.kind).toBe("IPv6address");
      // @ts-expect-error a Host is no Path
      const path: Path = h.value;
      expect(path).toBe(host);
    }
    const p = parseRule("/a/b", { rule: "path-absolute" });
    const kind: string | undefined = p.ok ? p.value.kind : undefined;
    expect(kind).toBe("path-absolute");
    const seg = parseRule("abc", { rule: "segment" });
    const segText: string | undefined = seg.ok ? seg.value : undefined;
    expect(segText).toBe("abc");
    // @ts-expect-error "hots" is no RFC 3986 rule name
    expect(() => parseRule("x", { rule: "hots" })).toThrow(UnknownRuleError);

    const len = parse("isbn", { semantics: semantics(g, { NID: (m) => m.text.length }), rule: "NID" });
    const l: number | undefined = len.ok ? len.value : undefined;
    expect(l).toBe(4);
    const viaRfc: UriReference = rfc3986Semantics.rule("URI-reference").tryParse("a:b");
    expect(viaRfc.scheme).toBe("a");
    // @ts-expect-error URI-reference's value is no string
    const asText: string = rfc3986Semantics.rule("URI-reference").tryParse("a:b");
    expect(typeof asText).toBe("object");
  });
});
