// repairUriReference and repairIriReference: tolerant input made valid by percent-encoding only.
import fc from "fast-check";
import { isValid } from "../../src/parse";
import { repairIriReference, repairUriReference, type Repair } from "../../src/iri/index";
import { readJson } from "../helpers/fixtures";
import { mutatedFor, validFor } from "../helpers/generators";
import { runs } from "../helpers/runs";

interface RepairFixture {
  readonly groups: readonly { readonly source: string; readonly cases: readonly (readonly [string, string, string | null])[] }[];
  readonly changes: { readonly source: string; readonly cases: readonly (readonly [string, readonly (readonly [number, string, string, string])[]])[] };
}
const fx = readJson<RepairFixture>("iri", "repair.json");

/** The input with each listed change made: it must give the repaired value, so the list says exactly what changed. */
function replay(input: string, r: Repair): string {
  let out = "";
  let at = 0;
  for (const c of r.changes) {
    expect(c.offset).toBeGreaterThanOrEqual(at);
    expect(input.slice(c.offset, c.offset + c.from.length)).toBe(c.from);
    out += input.slice(at, c.offset) + c.to;
    at = c.offset + c.from.length;
  }
  return out + input.slice(at);
}

/** Any UTF-16 text, with the characters that matter to URIs frequent. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("%", "/", "?", "#", ":", "@", "[", "]", " ", "\\", "|", "\"", "{", "}", "^", "`", "<", ">", "a", "1", "é", "\ud83d\ude00", "\ud800", "\udfff", "\ue000", "\u0080", "\t"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 40,
});
const pasted = fc.oneof(anyText, mutatedFor("URI-reference"), mutatedFor("IRI-reference"), fc.tuple(fc.constantFrom("http://", "//", "a:", "?", "#", "http://[::1]", "x:/"), anyText).map(([a, b]) => a + b));

describe("repairUriReference and repairIriReference", () => {
  const all = fx.groups.flatMap((g) => g.cases.map(([i, u, iri]) => [g.source, i, u, iri ?? u] as const));
  test.each(all)("%s: %j -> %j / %j", (_, input, uri, iri) => {
    const u = repairUriReference(input);
    expect(u.value).toBe(uri);
    expect(isValid(u.value, "URI-reference")).toBe(true);
    expect(replay(input, u)).toBe(uri);
    const i = repairIriReference(input);
    expect(i.value).toBe(iri);
    expect(isValid(i.value, "IRI-reference")).toBe(true);
    expect(replay(input, i)).toBe(iri);
    if (isValid(input, "URI-reference")) expect(u.changes).toEqual([]);
  });

  test.each(fx.changes.cases)(`${fx.changes.source}: %j`, (input, changes) => {
    expect(repairUriReference(input).changes.map((c) => [c.offset, c.from, c.to, c.component])).toEqual(changes);
  });

  test("the output always validates, and the change list is exactly the difference", () => {
    fc.assert(
      fc.property(pasted, (text) => {
        const u = repairUriReference(text);
        expect(isValid(u.value, "URI-reference")).toBe(true);
        expect(replay(text, u)).toBe(u.value);
        const i = repairIriReference(text);
        expect(isValid(i.value, "IRI-reference")).toBe(true);
        expect(replay(text, i)).toBe(i.value);
        // repairing again changes nothing
        expect(repairUriReference(u.value).changes).toEqual([]);
        expect(repairIriReference(i.value).changes).toEqual([]);
        // a URI reference is an IRI reference: the IRI repair never changes more
        expect(i.changes.length).toBeLessThanOrEqual(u.changes.length);
      }),
      { numRuns: runs(1500) },
    );
  });

  test("the identity on valid references", () => {
    fc.assert(
      fc.property(validFor("URI-reference"), (text) => {
        expect(repairUriReference(text)).toEqual({ value: text, changes: [] });
        expect(repairIriReference(text)).toEqual({ value: text, changes: [] });
      }),
      { numRuns: runs(1000) },
    );
    fc.assert(
      fc.property(validFor("IRI-reference"), (text) => {
        expect(repairIriReference(text)).toEqual({ value: text, changes: [] });
        // the URI repair changes exactly the non-ASCII characters
        expect(repairUriReference(text).changes.every((c) => c.from.codePointAt(0)! >= 0x80)).toBe(true);
      }),
      { numRuns: runs(1000) },
    );
  });
});
