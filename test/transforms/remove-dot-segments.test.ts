// RFC 3986 §5.2.4 remove_dot_segments: fixtures, agreement with the literal two-buffer
// transcription in test/helpers/resolve-reference.ts, and linear time on long inputs.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { dotSegmentOf } from "../../src/percent-encoding";
import { removeDotSegments } from "../../src/transforms/remove-dot-segments";
import { removeDotSegmentsLiteral } from "../helpers/resolve-reference";
import { runs } from "../helpers/runs";

interface Fixture {
  readonly groups: readonly { readonly source: string; readonly cases: readonly (readonly [string, string])[] }[];
}
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/resolve/remove-dot-segments.json"), "utf8")) as Fixture;

describe("removeDotSegments", () => {
  for (const group of fixture.groups) {
    describe(group.source, () => {
      test.each(group.cases)("%j -> %j", (input, expected) => {
        expect(removeDotSegments(input)).toBe(expected);
        expect(removeDotSegmentsLiteral(input)).toBe(expected);
      });
    });
  }

  test("agrees with the literal §5.2.4 transcription on paths made of dots, slashes and letters", () => {
    const piece = fc.constantFrom(".", "..", "/", "a", "b", "./", "../", "/.", "/..", "...", ".a", "%2E");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }).map((a) => a.join("")), (p) => {
        expect(removeDotSegments(p)).toBe(removeDotSegmentsLiteral(p));
      }),
      { numRuns: runs(5000) },
    );
  });

  test("the output of a path that begins with \"/\" has no \".\" or \"..\" segment and begins with \"/\"", () => {
    const piece = fc.constantFrom(".", "..", "/", "a", "./", "../", "/.", "/..");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((a) => `/${a.join("")}`), (p) => {
        const out = removeDotSegments(p);
        expect(out.startsWith("/")).toBe(true);
        expect(out.split("/").filter((s) => s === "." || s === "..")).toEqual([]);
      }),
      { numRuns: runs(2000) },
    );
  });

  test("is idempotent", () => {
    const piece = fc.constantFrom(".", "..", "/", "a", "./", "../", "/.", "/..");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((a) => a.join("")), (p) => {
        const once = removeDotSegments(p);
        expect(removeDotSegments(once)).toBe(once);
      }),
    );
  });

  // No clock: 1 MB inputs of each shape must finish within jest's timeout with the right result.
  // A version that slices the input buffer for each step copies ~10^11 characters here.
  test("handles 1 MB of \"/..\", of \"/.\", of \"/a\" and of \"a/../\" with the right results", () => {
    const n = 350_000;
    expect(removeDotSegments("/..".repeat(n))).toBe("/");
    expect(removeDotSegments("/.".repeat(n))).toBe("/");
    expect(removeDotSegments("/a".repeat(n) + "/..".repeat(n))).toBe("/");
    expect(removeDotSegments("/a".repeat(n))).toBe("/a".repeat(n));
    expect(removeDotSegments("a/../".repeat(n / 2))).toBe("/");
    expect(removeDotSegments(`${"../".repeat(n)}g`)).toBe("g");
  });
});

// The one reading of "is this segment '.' or '..'" (normalization's file-scheme step, the WHATWG
// front end's repairs, the security findings each wrote their own before).
const dotCases = (JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/resolve/dot-segment-of.json"), "utf8")) as { cases: [string, string | null][] }).cases;

describe("dotSegmentOf", () => {
  test.each(dotCases)("%j -> %j", (segment, expected) => {
    expect(dotSegmentOf(segment)).toBe(expected ?? undefined);
  });

  test("is the segment with each %2E read as \".\", when that is \".\" or \"..\" (RFC 3986 §2.3, §6.2.2.2)", () => {
    const piece = fc.constantFrom(".", "%2e", "%2E", "%2", "%", "e", "2", "a", "/", "%25");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }).map((a) => a.join("")), (seg) => {
        const read = seg.replace(/%2e/gi, ".");
        expect(dotSegmentOf(seg)).toBe(read === "." || read === ".." ? read : undefined);
      }),
      { numRuns: runs(2000) },
    );
  });
});
