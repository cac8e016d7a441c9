// ABNF text in, a Grammar out (issue "ABNF loader"): grammars cut from the RFCs in
// ../shared/spec/ load with the imports they need and agree with the independent reference
// recognizer on their examples, generated and mutated strings; errors in the ABNF itself are
// typed, with line and column; RFC 5234 §4's own ABNF, loaded, accepts every grammar/*.abnf file;
// grammar/rfc3986.abnf, loaded, agrees with the hand-written RFC 3986 rules.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import P from "parsimmon";
import { grammarFromAbnf, type Grammar } from "../src/abnf/index";
import { seededRandom } from "../src/abnf/generate";
import { rfc3986 } from "../src/grammars/rfc3986/index";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import { grammarFromAbnf as referenceOf } from "./helpers/abnf";
import { mutate } from "./helpers/generators";
import { runs, seed } from "./helpers/runs";

const root = path.resolve(__dirname, "..");
const read = (file: string): string => fs.readFileSync(path.join(root, file), "utf8");

interface Cut {
  name: string;
  file: string;
  extra?: string;
  extraFile?: string;
  fix?: [string, string][];
  imports: string[];
  reference: string[];
  rules: number;
  top: string[];
  accept: [string, string, string][];
  reject: [string, string, string][];
}

const cuts = (JSON.parse(read("fixtures/loader/rfc-cuts.json")) as { grammars: Cut[] }).grammars;

/** The cut's text as loaded (with its fixes), and the extra rules it needs. */
function textsOf(cut: Cut): { text: string; extra: string } {
  let text = read(cut.file);
  for (const [from, to] of cut.fix ?? []) text = text.replace(from, to);
  const extra = cut.extra ?? (cut.extraFile !== undefined ? read(cut.extraFile) : "");
  return { text, extra };
}

function load(cut: Cut): Grammar {
  const { text, extra } = textsOf(cut);
  const r = grammarFromAbnf(`${text}\n${extra}`, { name: cut.name, imports: cut.imports.length > 0 ? [rfc3986.pick(...cut.imports)] : [] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe.each(cuts.map((c) => [c.name, c]))("%s", (_name, cut) => {
  const g = load(cut);
  const { text, extra } = textsOf(cut);
  const reference = referenceOf(text, ...(extra === "" ? [] : [extra]), ...cut.reference.map(read));

  it(`loads with its ${cut.rules} rules (plus the imported ones it reaches)`, () => {
    const own = g.ruleNames.filter((n) => reference.rules.has(n.toLowerCase()) && text.includes(n));
    expect(own.length).toBeGreaterThanOrEqual(cut.rules);
  });

  it.each(cut.accept.map(([rule, s, source]) => [rule, s, source]))("accepts %s %j (%s)", (rule, s) => {
    expect(reference.matches(rule, s)).toBe(true);
    expect(g.isValid(s, rule)).toBe(true);
    expect(g.validate(s, rule).ok).toBe(true);
    expect(g.rule(rule).skip(P.eof).parse(s).status).toBe(true);
  });

  it.each(cut.reject.map(([rule, s, source]) => [rule, s, source]))("rejects %s %j (%s)", (rule, s) => {
    expect(reference.matches(rule, s)).toBe(false);
    expect(g.isValid(s, rule)).toBe(false);
    const v = g.validate(s, rule);
    expect(v.ok).toBe(false);
  });

  it.each(cut.top.map((r) => [r]))("%s: every backend agrees with the reference on generated and mutated strings", (rule) => {
    const pattern = g.pattern(rule);
    const regex = pattern === undefined ? undefined : new RegExp(`^(?:${pattern})$`);
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.boolean(), (seed, mutated) => {
        const generated = g.generate(rule, seededRandom(seed), { maxRepeat: 4 });
        const s = mutated ? mutate(generated, seed) : generated;
        const expected = reference.matches(rule, s);
        if (expected) valid++;
        else invalid++;
        expect([s, g.isValid(s, rule)]).toEqual([s, expected]);
        expect([s, g.validate(s, rule).ok]).toEqual([s, expected]);
        expect([s, g.rule(rule).skip(P.eof).parse(s).status]).toEqual([s, expected]);
        if (regex !== undefined) expect([s, regex.test(s)]).toEqual([s, expected]);
      }),
      { numRuns: runs(600), seed: seed(8141) },
    );
    expect(valid).toBeGreaterThan(100);
    expect(invalid).toBeGreaterThan(20);
  });
});

interface ErrorCase {
  abnf: string;
  code: string;
  line: number;
  column: number;
  source: string;
  /** A part the message must hold. */
  message?: string;
  /** A part the message must not hold. */
  noMessage?: string;
  /** Grammars of the library to import, by export name (rfc3986, rfc3987). */
  imports?: ("rfc3986" | "rfc3987")[];
  /** Options of grammarFromAbnf besides imports (compile). */
  options?: { compile?: boolean };
}

describe("errors in the ABNF itself (fixtures/loader/errors.json)", () => {
  const cases = (JSON.parse(read("fixtures/loader/errors.json")) as { cases: ErrorCase[] }).cases;
  it.each(cases.map((c) => [c.code, JSON.stringify(c.abnf), c]))("%s: %s", (_code, _text, c) => {
    const r = grammarFromAbnf(c.abnf, { imports: (c.imports ?? []).map((n) => ({ rfc3986, rfc3987 })[n]), ...c.options });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.error.code, r.error.line, r.error.column]).toEqual([c.code, c.line, c.column]);
    expect(r.error.name).toBe("AbnfError");
    const [first, line, caret] = r.error.message.split("\n");
    expect(first).toBe(r.error.shortMessage);
    expect(first).toContain(`line ${c.line}, column ${c.column}`);
    expect(caret?.indexOf("^")).toBeGreaterThan(0);
    expect(line?.length).toBeGreaterThan(0);
    if (c.message !== undefined) expect(r.error.shortMessage).toContain(c.message);
    if (c.noMessage !== undefined) expect(r.error.shortMessage).not.toContain(c.noMessage);
  });

  it("never throws for a string, and rejects a non-string with a TypeError", () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const r = grammarFromAbnf(s);
      expect(typeof r.ok).toBe("boolean");
    }), { numRuns: runs(500), seed: seed(5234) });
    expect(() => grammarFromAbnf(42 as unknown as string)).toThrow(TypeError);
  });
});

interface LoadCase {
  name: string;
  abnf: string;
  repeat?: { line: string; count: number };
  noReference?: boolean;
  accept: [string, string][];
  reject: [string, string][];
  source: string;
}

describe("texts that load, with what they accept and reject (fixtures/loader/cases.json)", () => {
  const cases = (JSON.parse(read("fixtures/loader/cases.json")) as { cases: LoadCase[] }).cases;
  const core = read("grammar/rfc5234-core.abnf");
  const textOf = (c: LoadCase): string => {
    const { repeat } = c;
    if (repeat === undefined) return c.abnf;
    return c.abnf + Array.from({ length: repeat.count }, (_x, k) => repeat.line.replace(/\{i\}/g, String(k + 1))).join("");
  };
  /** The core rules the text does not define itself (a text may define its own CHAR, as RFC 8259 does). */
  const coreFor = (text: string): string => {
    const own = new Set([...text.matchAll(/^[ \t]*([A-Za-z][A-Za-z0-9-]*)[ \t]*=/gm)].map((m) => (m[1] as string).toLowerCase()));
    return core.split(/\n(?=[A-Za-z])/).filter((r) => !own.has((/^[A-Za-z][A-Za-z0-9-]*/.exec(r)?.[0] ?? "").toLowerCase())).join("\n");
  };
  it.each(cases.map((c) => [c.name, c]))("%s", (_name, c) => {
    const text = textOf(c);
    const r = grammarFromAbnf(text);
    if (!r.ok) throw new Error(r.error.message);
    const g = r.value;
    const reference = c.noReference === true ? undefined : referenceOf(text, coreFor(text));
    for (const [want, list] of [[true, c.accept], [false, c.reject]] as const) {
      for (const [rule, s] of list) {
        if (reference !== undefined) expect([rule, s, reference.matches(rule, s)]).toEqual([rule, s, want]);
        expect([rule, s, g.isValid(s, rule), g.validate(s, rule).ok, g.rule(rule).skip(P.eof).parse(s).status]).toEqual([rule, s, want, want, want]);
        const pattern = g.pattern(rule);
        if (pattern !== undefined) expect([rule, s, new RegExp(`^(?:${pattern})$`).test(s)]).toEqual([rule, s, want]);
      }
    }
  });
});

describe("imports", () => {
  it("takes a rule defined only as prose from the imports", () => {
    const r = grammarFromAbnf('file-auth = "localhost" / host\nhost = <host, see [RFC3986], Section 3.2.2>\n', { imports: [rfc3986] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.isValid("[::1]", "file-auth")).toBe(true);
    expect(r.value.isValid("localhost", "file-auth")).toBe(true);
    const missing = grammarFromAbnf('a = b\nb = <b, defined elsewhere>\n');
    expect(!missing.ok && [missing.error.code, missing.error.line]).toEqual(["unsupplied-prose", 2]);
  });

  it("refuses prose inside a rule's elements, except where nothing can reach it (a zero repetition)", () => {
    const inline = grammarFromAbnf('a = "x" <something>\n');
    expect(!inline.ok && [inline.error.code, inline.error.line, inline.error.column]).toEqual(["unsupplied-prose", 1, 9]);
    expect(!inline.ok && inline.error.shortMessage).toMatch(/rule a holds the prose value <something>, which matches nothing \(RFC 5234 §4: prose is a last resort/);
    // RFC 3986's path-empty = 0<pchar>: zero repetitions match the empty string, the prose never stands anywhere
    for (const text of ["a = 0<pchar>\n", 'a = "x" 0*0<never>\n', 'a = "x" 0( <never> "y" )\n']) {
      const r = grammarFromAbnf(text);
      expect([text, r.ok]).toEqual([text, true]);
    }
    const empty = grammarFromAbnf("a = 0<pchar>\n");
    expect(empty.ok && [empty.value.isValid("", "a"), empty.value.isValid("x", "a")]).toEqual([true, false]);
  });

  it("keeps imported rules referring to their own grammar when the text redefines a name they use", () => {
    // the text's own unreserved is letters only; the imported pchar still means RFC 3986's
    const r = grammarFromAbnf('seg = 1*pchar\nunreserved = ALPHA\nword = 1*unreserved\n', { imports: [rfc3986] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.isValid("abc", "word")).toBe(true);
    expect(r.value.isValid("a1", "word")).toBe(false);
    expect(r.value.isValid("a1-~", "seg")).toBe(true);
    expect(r.value.ruleNames).toContain("unreserved-2");
  });

  it("brings in only the imported rules the text reaches, and the core rules of RFC 5234 always", () => {
    const r = grammarFromAbnf("x = DIGIT HEXDIG\n", { imports: [rfc3986] });
    expect(r.ok && [...r.value.ruleNames]).toEqual(["x", "DIGIT", "HEXDIG"]);
  });
});

describe("self-hosting", () => {
  const rfc5234 = grammarFromAbnf(read("fixtures/abnf/rfc/rfc5234-section4.abnf"), { name: "RFC 5234 §4" });

  it("RFC 5234 §4's ABNF of ABNF loads (it is recursive)", () => {
    expect(rfc5234.ok).toBe(true);
    expect(rfc5234.ok && rfc5234.value.pattern("rulelist")).toBeUndefined();
  });

  const files = fs.readdirSync(path.join(root, "grammar")).filter((f) => f.endsWith(".abnf"));
  it.each(files.map((f) => [f]))("RFC 5234 §4, loaded, accepts grammar/%s (with CRLF line ends, as §4's c-nl requires)", (file) => {
    if (!rfc5234.ok) throw new Error("RFC 5234 §4 did not load");
    const text = read(`grammar/${file}`).replace(/\r?\n/g, "\r\n");
    expect(rfc5234.value.validate(text, "rulelist")).toEqual({ ok: true, value: true });
    // and rejects it with one rule name started off column 1 (an indented rule only continues one)
    expect(rfc5234.value.isValid(text.replace(/\r\n([A-Za-z])/, "\r\n\t$1").replace(/^([A-Za-z])/, " $1"), "rulelist")).toBe(false);
  });

  it("grammar/rfc3986.abnf, loaded, agrees with the hand-written RFC 3986 rules on every rule", () => {
    // the same token rules as the hand-written grammar, so that "expected" lists name the same rules
    const tokens = rfc3986.ruleNames.filter((n) => rfc3986.definition(n)?.token === true);
    const r = grammarFromAbnf(read("grammar/rfc3986.abnf"), { name: "RFC 3986 (loaded)", tokens });
    if (!r.ok) throw new Error(r.error.message);
    const loaded = r.value;
    expect([...loaded.ruleNames].sort()).toEqual([...rfc3986.ruleNames].sort());
    for (const rule of rfc3986.ruleNames) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.boolean(), (seed, mutated) => {
          const generated = rfc3986.generate(rule, seededRandom(seed), { maxRepeat: 4 });
          const s = mutated ? mutate(generated, seed) : generated;
          const a = rfc3986.validate(s, rule);
          const b = loaded.validate(s, rule);
          expect([rule, s, b.ok]).toEqual([rule, s, a.ok]);
          if (!a.ok && !b.ok) expect([rule, s, b.error.offset, [...b.error.expected].sort()]).toEqual([rule, s, a.error.offset, [...a.error.expected].sort()]);
          expect([rule, s, loaded.pattern(rule) !== undefined]).toEqual([rule, s, rfc3986.pattern(rule) !== undefined]);
        }),
        { numRuns: runs(150), seed: seed(3986) },
      );
    }
  });
});

describe("isLinear: which rules a DFA answers in one pass, and which reach recursion", () => {
  const load = (text: string): Grammar => {
    const r = grammarFromAbnf(text);
    if (!r.ok) throw r.error;
    return r.value;
  };
  it.each([
    ["every rule of RFC 3986", rfc3986, rfc3986.ruleNames, []],
    ["a rule beside a recursive one", load('a = "x" b\nb = "y"\np = "(" *p ")"\n'), ["a", "b"], ["p"]],
    ["a rule that reaches a recursive one", load('top = "<" e ">"\ne = "x" / "(" e ")"\n'), [], ["top", "e"]],
  ] as [string, Grammar, string[], string[]][])("%s", (_what, g, linear, recursive) => {
    for (const n of linear) expect([n, g.isLinear(n)]).toEqual([n, true]);
    for (const n of recursive) expect([n, g.isLinear(n)]).toEqual([n, false]);
  });
});
