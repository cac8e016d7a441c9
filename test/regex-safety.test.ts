// The regex fast path is used only where a backtracking regex runs in linear time. The analysis
// (analyseRegexSafety in src/abnf/fast-path.ts) must find every rule of the built-in grammars
// safe: this is the test that backs their recorded verdict (markRegexVerified), which spares the
// analysis at start-up. It must find the classic ReDoS shapes unsafe (and then no regex is
// derived; the lazy DFA, or the memoized engine for a recursive rule, answers), and it must not
// reject the shapes that only look dangerous (fixtures/engine/regex-safety.json). No timing
// assertions: a long adversarial input must simply be answered, correctly, inside jest's timeout.
import P from "parsimmon";
import { core, grammarFromAbnf, rfc3986, type Grammar } from "../src/abnf/index";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import { analyseRegexSafety } from "../src/abnf/fast-path";
import { readJson } from "./helpers/fixtures";
import { Oracle, algebraFromAbnf } from "./helpers/abnf-algebra";

interface SafetyCase {
  readonly name: string;
  readonly abnf: readonly string[];
  readonly rule: string;
  readonly verdict: "safe" | "unsafe" | "either";
  readonly kind?: "exponential" | "polynomial" | "recursive";
  readonly why: string;
  readonly source: string;
  readonly adversarial: { readonly unit: string; readonly repeat: number; readonly suffix: string; readonly offset: number };
}

const { cases } = readJson<{ cases: readonly SafetyCase[] }>("engine", "regex-safety.json");

describe("the built-in grammars: every rule's regex is safe (backs markRegexVerified)", () => {
  it.each([
    ["RFC 3986", rfc3986],
    ["RFC 3987 (with RFC 3986's rules)", rfc3987],
    ["RFC 5234 core rules", core],
  ] as [string, Grammar][])("%s", (_name, g) => {
    const unsafe: string[] = [];
    for (const rule of g.ruleNames) {
      const s = analyseRegexSafety(g.analysis, rule.toLowerCase());
      if (!s.safe) unsafe.push(`${rule}: ${s.reason}`);
      if (g.pattern(rule) === undefined) unsafe.push(`${rule}: no regex derived`);
    }
    expect(unsafe).toEqual([]);
    expect(g.ruleNames.length).toBeGreaterThan(10);
  });

  it("the recorded verdict is the analysis' own: a copy of RFC 3986 (not recorded) derives the same regexes", () => {
    const copy = rfc3986.derive({ name: "a copy" });
    for (const rule of ["URI-reference", "IPv6address", "authority", "path-abempty", "dec-octet"]) {
      expect([rule, copy.pattern(rule)]).toEqual([rule, rfc3986.pattern(rule)]);
    }
  });
});

const REASON = { exponential: /exponential/, polynomial: /polynomial/, recursive: /recursive/ } as const;

describe.each(cases.map((c) => [c.verdict, c.name, c] as const))("%s: %s", (verdict, _name, c) => {
  const text = c.abnf.join("\n") + "\n";
  const g = algebraFromAbnf([text]);
  const { unit, repeat, suffix, offset } = c.adversarial;

  it("gets the analysis' verdict" + (verdict === "either" ? " (either is right)" : ""), () => {
    const s = analyseRegexSafety(g.analysis, c.rule.toLowerCase());
    if (verdict === "either") return;
    expect(s.safe ? "safe" : `unsafe: ${s.reason}`).toMatch(verdict === "safe" ? /^safe$/ : REASON[c.kind ?? "exponential"]);
  });

  it(verdict === "unsafe" ? "has no regex" : verdict === "safe" ? "has a regex" : "has a regex only if the analysis found it safe", () => {
    const source = g.pattern(c.rule);
    if (verdict === "unsafe") expect(source).toBeUndefined();
    else if (verdict === "safe") expect(source).toBeDefined();
    else expect(source !== undefined).toBe(analyseRegexSafety(g.analysis, c.rule.toLowerCase()).safe);
  });

  it(`answers ${repeat} × ${JSON.stringify(unit)} then ${JSON.stringify(suffix)} correctly on every backend`, () => {
    // The fixture's offset is the whole repeated part; the reference confirms it on a short one.
    expect(offset).toBe(unit.length * repeat);
    const oracle = new Oracle(text);
    const short = unit.repeat(Math.min(repeat, 8)) + suffix;
    expect([oracle.matches(c.rule, short), oracle.viablePrefix(c.rule, short)]).toEqual([false, unit.length * Math.min(repeat, 8)]);
    expect(g.validate(short, c.rule)).toMatchObject({ ok: false, error: { offset: unit.length * Math.min(repeat, 8) } });

    // A regex the analysis wrongly allowed would not come back from the long input: don't run it.
    if (verdict === "unsafe" && g.pattern(c.rule) !== undefined) throw new Error("a regex was derived for an unsafe rule; not running it");
    const input = unit.repeat(repeat) + suffix;
    expect(g.isValid(input, c.rule)).toBe(false);
    const v = g.validate(input, c.rule);
    expect(v.ok ? undefined : v.error.offset).toBe(offset);
    const parsed = g.rule(c.rule).skip(P.eof).parse(input);
    expect(parsed.status ? undefined : parsed.index.offset).toBe(offset);
    // and the same input without the suffix is still a beginning of a match, or a match
    expect(g.validate(unit.repeat(repeat), c.rule).ok || !g.isValid(unit.repeat(repeat), c.rule)).toBe(true);
  });
});

// Counted repetitions (the engine counts 32 copies or more of an element of 16 positions or more)
// are analysed written out only up to CALL_POSITIONS (4,096) positions; past that the analysis
// refuses and the DFA answers. The counted build that tells whether a rule has them is made only
// for a rule whose written-out form is past that size, so these three sides of the line are held.
describe("counted repetitions: analysed written out up to 4,096 positions", () => {
  const element = '"a" "b" "c" "d" "e" "f" "g" "h" "i" "j" "k" "l" "m" "n" "o" "p" "q"'; // 17 positions
  const loaded = grammarFromAbnf(
    [`over = 300( ${element} )`, `under = 200( ${element} )`, `plain = 500( "a" "b" "c" "d" "e" "f" "g" "h" "i" "j" )`].join("\r\n") + "\r\n",
  );
  if (!loaded.ok) throw new Error(loaded.error.message);
  const g = loaded.value;
  it("refuses a counted rule of 5,100 positions written out, saying why", () => {
    const s = analyseRegexSafety(g.analysis, "over");
    expect(s.safe ? "safe" : s.reason).toMatch(/counted repetitions that would be more than 4096 positions written out/);
    expect(g.pattern("over")).toBeUndefined();
    expect(g.isValid("abcdefghijklmnopq".repeat(300), "over")).toBe(true);
    expect(g.isValid("abcdefghijklmnopq".repeat(299), "over")).toBe(false);
  });
  it("analyses a counted rule of 3,400 positions written out (safe)", () => {
    expect(analyseRegexSafety(g.analysis, "under").safe).toBe(true);
  });
  it("analyses an uncounted rule of 5,000 positions written out (elements under 16 positions are never counted)", () => {
    const s = analyseRegexSafety(g.analysis, "plain");
    expect(s.safe ? "safe" : s.reason).not.toMatch(/counted repetitions/);
  });
});
