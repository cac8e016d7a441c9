// Path segments (RFC 3986 §3.3, decoding per §2.4) and the display form that hides a password
// (§3.2.1, §7.5).
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import { isValid, parseOrThrow, parseRuleOrThrow } from "../../src/parse";
import { rule } from "../../src/rules/index";
import { lastSegment, pathSegments } from "../../src/transforms/segments";
import { redactNodePassword, type RedactOptions } from "../../src/transforms/display";
import { serializeNode } from "../../src/transforms/serialize";
import { runs } from "../helpers/runs";

const load = <T>(rel: string): T => JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures", rel), "utf8")) as T;

describe("pathSegments and lastSegment", () => {
  const fx = load<{ source: string; cases: readonly (readonly [string, boolean, readonly string[], string | null])[] }>("percent/segments.json");
  test.each(fx.cases)(`${fx.source}: %j (decode %s)`, (p, decode, segments, last) => {
    expect(pathSegments(p, { decode })).toEqual(segments);
    expect(lastSegment(p, { decode })).toBe(last ?? undefined);
  });

  test("agree with the parser's segments, and accept a Path node", () => {
    const gen = fc.integer().map((seed) => rule("path").generate(seededRandom(seed)));
    fc.assert(
      fc.property(gen, (text) => {
        const node = parseRuleOrThrow(text, { rule: "path" });
        expect(pathSegments(node)).toEqual([...node.segments]);
        expect(lastSegment(node)).toBe(node.segments[node.segments.length - 1]);
        expect(pathSegments(text).join("/")).toBe(text.startsWith("/") ? text.slice(1) : text);
      }),
      { numRuns: runs(1000) },
    );
  });

  test("give a new array of their own: the parser's split is shared and frozen", () => {
    // pathSegments reads the split of ast/make (a path node's `segments`, kept per node); what
    // it returns is the caller's to change, and changing it changes neither the node nor a later call
    for (const text of ["/a/b", "a/b", "", "/"]) {
      const node = parseRuleOrThrow(text, { rule: "path" });
      const before = [...node.segments];
      for (const input of [text, node]) {
        const got = pathSegments(input);
        expect(Object.isFrozen(got)).toBe(false);
        got.push("x");
        expect(pathSegments(input)).toEqual(before);
      }
      expect(node.segments).toEqual(before);
    }
  });
});

describe("redactPassword", () => {
  const fx = load<{ source: string; cases: readonly (readonly [string, RedactOptions, string])[] }>("builder/redact.json");
  test.each(fx.cases)(`${fx.source}: %j with %j -> %j`, (input, options, expected) => {
    const node = parseOrThrow(input);
    expect(serializeNode(redactNodePassword(node, options))).toBe(expected);
    expect(serializeNode(node)).toBe(input); // the input node is unchanged
  });

  test("the display form is a valid reference and never holds the password", () => {
    const password = fc.stringMatching(/^[A-Za-z0-9]{4,10}$/);
    fc.assert(
      fc.property(fc.integer(), password, (seed, pw) => {
        const base = rule("URI").generate(seededRandom(seed));
        const node = parseOrThrow(base);
        fc.pre(node.authority !== undefined);
        const withPw = parseOrThrow(serializeNode(node).replace("//", `//user:${pw}Zq@`).replace(/@[^/?#]*@/, "@"));
        const shown = serializeNode(redactNodePassword(withPw));
        expect(isValid(shown, "URI-reference")).toBe(true);
        expect(shown).not.toContain(`${pw}Zq`);
        expect(redactNodePassword(withPw).authority?.userinfo).toBe("user:***");
      }),
      { numRuns: runs(500) },
    );
  });
});
