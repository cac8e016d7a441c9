// RFC 3987 §5 and §6.5: resolve, normalize and equivalent accept IRIs (strings with non-ASCII
// characters parse as IRI references); NFC is an opt-in step (§5.3.2.2); above simple comparison,
// an IRI and its URI mapping compare equal (§5.3.2.3), never under simple comparison (§5.3.1).
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import { equivalent, isValid, normalize, parseOrThrow, resolve, serialize, type EquivalenceLevel, parseRuleOrThrow } from "../../src/index";
import { rule } from "../../src/rules/index";
import { runs, seed } from "../helpers/runs";

interface Fixture {
  equivalent: { a: string; b: string; level: EquivalenceLevel; nfc?: boolean; expected: boolean; source: string }[];
  normalize: { input: string; nfc?: boolean; expected: string; source: string }[];
  resolve: { base: string; ref: string; expected: string; source: string }[];
}
const fx = JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/transforms/iri.json"), "utf8")) as Fixture;

describe("IRIs through the operations (fixtures/transforms/iri.json)", () => {
  it.each(fx.equivalent.map((c) => [c.source, c]))("equivalent: %s", (_s, c) => {
    const r = equivalent(c.a, c.b, { level: c.level, nfc: c.nfc === true });
    expect(r).toEqual({ ok: true, value: c.expected });
  });
  it.each(fx.normalize.map((c) => [c.source, c]))("normalize: %s", (_s, c) => {
    const r = normalize(c.input, { nfc: c.nfc === true });
    expect(r.ok && serialize(r.value)).toBe(c.expected);
    // a valid IRI reference, already normal
    expect(isValid(c.expected, "IRI-reference")).toBe(true);
    const again = normalize(c.expected, { nfc: c.nfc === true });
    expect(again.ok && serialize(again.value)).toBe(c.expected);
  });
  it.each(fx.resolve.map((c) => [c.source, c]))("resolve: %s", (_s, c) => {
    const r = resolve(c.base, c.ref);
    expect(r.ok && serialize(r.value)).toBe(c.expected);
  });
});

describe("properties on generated IRIs", () => {
  const iri = fc.integer({ min: 0, max: 0x7fffffff }).map((seed) => rule("IRI-reference").generate(seededRandom(seed), { maxRepeat: 4 }));
  const absolute = fc.integer({ min: 0, max: 0x7fffffff }).map((seed) => rule("absolute-IRI").generate(seededRandom(seed), { maxRepeat: 4 }));

  it("normalize (with and without NFC) gives an IRI reference that re-parses to the same node, and is idempotent", () => {
    fc.assert(
      fc.property(iri, fc.boolean(), (s, nfc) => {
        const once = normalize(s, { nfc });
        expect(once.ok).toBe(true);
        if (!once.ok) return;
        const text = serialize(once.value);
        expect(isValid(text, "IRI-reference")).toBe(true);
        const twice = normalize(text, { nfc });
        expect(twice.ok && serialize(twice.value)).toBe(text);
        expect(JSON.stringify(parseRuleOrThrow(text, "IRI-reference"), (k, v) => (k === "span" ? undefined : v))).toBe(JSON.stringify(once.value));
      }),
      { numRuns: runs(1500), seed: seed(3987) },
    );
  });

  it("resolve gives an IRI (and a URI whenever both inputs are URIs)", () => {
    fc.assert(
      fc.property(absolute, iri, (base, ref) => {
        const r = resolve(base, ref);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const text = serialize(r.value);
        expect(isValid(text, "IRI")).toBe(true);
        if (isValid(base, "URI") && isValid(ref, "URI-reference")) expect(isValid(text, "URI")).toBe(true);
      }),
      { numRuns: runs(1500), seed: seed(5234) },
    );
  });

  it("equivalence stays an equivalence relation on IRIs at every level", () => {
    const levels: EquivalenceLevel[] = ["simple", "syntax", "scheme"];
    fc.assert(
      fc.property(iri, iri, iri, fc.constantFrom(...levels), (a, b, c, level) => {
        const eq = (x: string, y: string): boolean => equivalent(x, y, { level }).ok === true && (equivalent(x, y, { level }) as { value: boolean }).value;
        expect(eq(a, a)).toBe(true);
        expect(eq(a, b)).toBe(eq(b, a));
        if (eq(a, b) && eq(b, c)) expect(eq(a, c)).toBe(true);
      }),
      { numRuns: runs(800), seed: seed(6874) },
    );
  });
});
