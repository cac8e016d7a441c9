// defineScheme against its grammar (fixtures/schemes/define-scheme.json, issue 23): a name the
// top rule contradicts is refused (RFC 3986 §3.1, compared case-insensitively), a scheme's
// validity does not depend on the case of the scheme in the input even with RFC 7405's %s, and
// input.fail refuses an offset outside the input as the scheme's bug (a TypeError).
import fc from "fast-check";
import { grammarFromAbnfOrThrow, rfc3986, seededRandom, type Grammar } from "../../src/abnf/index";
import { codePoints, hasCodePoint, literalCharSet } from "../../src/abnf/charset";
import { rulePrefixes } from "../../src/abnf/prefixes";
import { parse } from "../../src/index";
import { createRegistry, defaultRegistry, defineScheme, fileScheme, SchemeError, type Scheme, type SchemeInput } from "../../src/schemes/index";
import { readFixture } from "./helpers";
import { runs, seed } from "../helpers/runs";

interface Spec {
  readonly source: string;
  readonly abnf: string;
  readonly rule: string;
  readonly name: string;
}
type JsValue = number | string | boolean | null | { readonly js: "NaN" | "Infinity" | "-Infinity" | "undefined" };
interface Fixture {
  readonly contradicted: { readonly cases: readonly (Spec & { readonly begins: string | null })[] };
  readonly accepted: { readonly cases: readonly (Spec & { readonly valid: readonly string[]; readonly invalid: readonly string[] })[] };
  readonly caseAgrees: { readonly cases: readonly (Spec & { readonly groups: readonly { readonly inputs: readonly string[]; readonly valid: boolean; readonly text?: string }[] })[] };
  readonly failOffsets: Spec & { readonly input: string; readonly refused: readonly JsValue[]; readonly taken: readonly number[] };
}

const fixture = readFixture<Fixture>("define-scheme.json");
const grammarOf = (abnf: string) => grammarFromAbnfOrThrow(`${abnf}\n`, { imports: [rfc3986] });
const js = (v: JsValue): unknown => {
  if (typeof v !== "object" || v === null) return v;
  return { NaN, Infinity, "-Infinity": -Infinity, undefined }[v.js];
};
/** A scheme of the fixture's spec whose value is the text its grammar matched. */
const schemeOf = (c: Spec): Scheme<{ readonly kind: "t"; readonly text: string }> =>
  defineScheme({ name: c.name, grammar: grammarOf(c.abnf), rule: c.rule, section: c.source, build: (input: SchemeInput) => ({ kind: "t", text: input.text }) });

describe("a name the top rule contradicts is a TypeError naming the scheme, the rule and what the rule's text must begin with", () => {
  it.each(fixture.contradicted.cases.map((c) => [`${c.name} against ${c.abnf}`, c] as const))("%s", (_title, c) => {
    const g = grammarOf(c.abnf);
    let thrown: unknown;
    try {
      defineScheme({ name: c.name, grammar: g, rule: c.rule, section: c.source, build: () => ({ kind: "t" }) });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    const message = (thrown as TypeError).message;
    expect(message).toMatch(/^defineScheme: /);
    expect(message).toContain(`the scheme "${c.name.toLowerCase()}"`);
    expect(message).toContain(`the rule "${c.rule}"`);
    if (c.begins !== null) expect(message).toContain(`must begin with ${c.begins}`);
  });
});

describe("a top rule that can begin with the name (in some case), or with something general, is taken", () => {
  it.each(fixture.accepted.cases.map((c) => [`${c.name} with ${c.abnf}`, c] as const))("%s", (_title, c) => {
    const s = schemeOf(c);
    for (const input of c.valid) expect([input, s.parse(input).ok]).toEqual([input, true]);
    for (const input of c.invalid) expect([input, s.parse(input).ok]).toEqual([input, false]);
  });

  const builtIns: Scheme[] = [...defaultRegistry, fileScheme({ appendixE: true })];
  it.each(builtIns.map((s) => [s.name, s.rule, s] as const))("the built-in scheme %s (%s), defined again with its own grammar, and in uppercase", (_name, _rule, b) => {
    const again = defineScheme({ name: b.name.toUpperCase(), grammar: b.grammar, rule: b.rule, section: b.section, build: () => ({ kind: "t" }) });
    for (let i = 0; i < 20; i++) {
      const text = b.generate(seededRandom(i), { maxRepeat: 3 });
      const upper = b.name.toUpperCase() + text.slice(b.name.length);
      expect([upper, again.parse(upper).ok, again.parse(text).ok]).toEqual([upper, true, true]);
    }
  });
});

describe("RFC 3986 §3.1: the case of the scheme in the input does not change validity, even under a %s literal (RFC 7405)", () => {
  for (const c of fixture.caseAgrees.cases) {
    describe(`${c.source}: ${c.abnf}`, () => {
      const s = schemeOf(c);
      const schemes = createRegistry([s]);
      it.each(c.groups.map((g) => [g.inputs.join(", "), g] as const))("%s", (_inputs, g) => {
        for (const input of g.inputs) {
          const own = s.parse(input);
          expect([input, own.ok]).toEqual([input, g.valid]);
          if (own.ok && g.text !== undefined) expect([input, own.value.text]).toEqual([input, g.text]);
          if (!own.ok) expect(own.error).toBeInstanceOf(SchemeError);
          const r = parse(input, { schemes });
          expect(r.ok).toBe(true);
          expect([input, r.ok && r.value.scheme !== undefined, r.ok && r.value.schemeError === undefined]).toEqual([input, g.valid, g.valid]);
        }
      });
    });
  }
});

describe("input.fail refuses an offset outside the input with a TypeError naming the scheme and the offset", () => {
  const c = fixture.failOffsets;
  const failing = (offset: unknown) =>
    defineScheme({ name: c.name, grammar: grammarOf(c.abnf), rule: c.rule, section: c.source, build: ({ fail }: SchemeInput) => fail({ code: "x", offset: offset as number }) });

  it.each(c.refused.map((v) => [JSON.stringify(v) ?? "undefined", v] as const))("refuses %s", (_shown, v) => {
    const offset = js(v);
    const s = failing(offset);
    const shown = typeof offset === "string" ? JSON.stringify(offset) : String(offset);
    for (const call of [() => s.parse(c.input), () => parse(c.input, { schemes: createRegistry([s]) })]) {
      expect(call).toThrow(TypeError);
      expect(call).toThrow(expect.objectContaining({ message: expect.stringMatching(/^input\.fail: /) }));
      expect(call).toThrow(expect.objectContaining({ message: expect.stringContaining(`the ${c.name} scheme`) }));
      expect(call).toThrow(expect.objectContaining({ message: expect.stringContaining(`offset ${typeof offset === "number" || typeof offset === "boolean" ? typeof offset + " " : ""}${shown}`) }));
    }
  });

  it.each(c.taken.map((v) => [v]))("takes %s, as a SchemeError at that offset", (offset) => {
    const r = failing(offset).parse(c.input);
    expect(r.ok || [r.error.code, r.error.offset, r.error.scheme]).toEqual(["x", offset, c.name]);
  });
});

// The refusal is only as safe as the analysis: it must never miss a way a rule's text can begin.
describe("the first-characters analysis (src/abnf/prefixes.ts) holds every beginning of every text a rule generates", () => {
  const rules: [string, Grammar, string][] = [
    ...["URI", "absolute-URI", "relative-ref", "URI-reference", "authority", "IPv6address"].map((r) => [`RFC 3986 ${r}`, rfc3986, r] as [string, Grammar, string]),
    ...[...defaultRegistry, fileScheme({ appendixE: true })].map((s) => [`${s.name} ${s.rule}`, s.grammar, s.rule] as [string, Grammar, string]),
    ...[...fixture.contradicted.cases, ...fixture.accepted.cases, ...fixture.caseAgrees.cases].map((c) => [c.abnf, grammarOf(c.abnf), c.rule] as [string, Grammar, string]),
  ];
  it.each(rules.map(([title, g, r]) => [title, g, r] as const))("%s", (_title, g, rule) => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 9 }), (n, k) => {
        const text = codePoints(g.generate(rule, seededRandom(n), { maxRepeat: 4 }));
        const begins = text.slice(0, k);
        const has = (p: readonly (readonly (readonly [number, number])[])[]): boolean => p.length === begins.length && begins.every((cp, i) => hasCodePoint(p[i] ?? [], cp));
        const all = rulePrefixes(g.analysis, rule, k);
        if (all !== "many" && !all.some(has)) return false;
        // cut down to the text's own beginning (what defineScheme asks), in both cases
        const within = [...begins.map((cp) => literalCharSet(cp, false)), ...Array.from({ length: k - begins.length }, () => literalCharSet(0x61, false))];
        const cut = rulePrefixes(g.analysis, rule, k, within);
        return cut === "many" || cut.some(has);
      }),
      { numRuns: runs(20), seed: seed(2311) },
    );
  });
});
