// RFC 3986 §5.2.2: resolveAt writes most targets as one or two slices of its inputs (a reference
// with a scheme and no dot segment is the target; a merge whose parts hold no dot segment is the
// base's kept part and the reference; leading "./" and "../" segments cut the base's path). Here
// every such target is checked against resolveGeneral (the five components, §5.2.3 merge and
// §5.2.4 remove_dot_segments, then §5.3), against the literal transcription, against the string
// operation, and its offsets against those parse finds in its text: on the hard corpus of
// fixtures/corpus and on generated pairs, with the inputs also embedded in longer strings.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import type { ReferenceOffsets } from "../../src/ast/make";
import type { Node } from "../../src/ast/nodes";
import { referenceOffsets } from "../../src/core/values";
import { isValid, parseOrThrow, parseRuleOrThrow } from "../../src/parse";
import { rule } from "../../src/rules/index";
import { resolve } from "../../src/operations";
import { serializeNode } from "../../src/transforms/serialize";
import { resolveAt, resolveGeneral } from "../../src/transforms/resolve";
import { FIXTURES } from "../helpers/fixtures";
import { recomposeLiteral, resolveLiteral } from "../helpers/resolve-reference";
import { runs, seed } from "../helpers/runs";

/** A node's fields as JSON, without spans (a target has none; the parse of its text has). */
const fields = (n: Node): string => JSON.stringify(n, (k, v: unknown) => (k === "span" ? undefined : v));

/** The literal §5.2.2 answer, with the documented "/." guard of a "//" path without an authority. */
function literal(b: string, r: string, strict: boolean): string {
  const t = resolveLiteral(b, r, strict);
  if (t.authority === undefined && t.path.startsWith("//")) t.path = `/.${t.path}`;
  return recomposeLiteral(t);
}

/** The text `s` between `pre` and `post`, with the offsets of its parts in the longer string. */
function embedded(s: string, pre: string, post: string): [string, number, number, ReferenceOffsets] {
  const text = pre + s + post;
  return [text, pre.length, pre.length + s.length, referenceOffsets(text, pre.length, pre.length + s.length)];
}

/** Every way of resolving `r` against `b` gives one target, whose offsets are those of its text. */
function checkPair(b: string, r: string, strict: boolean, pre = "", post = ""): void {
  const [bs, bStart, bEnd, bo] = embedded(b, pre, post);
  const [rs, rStart, rEnd, ro] = embedded(r, post, pre);
  const fast = resolveAt(bs, bStart, bEnd, bo, rs, rStart, rEnd, ro, strict);
  const general = resolveGeneral(bs, bStart, bEnd, bo, rs, rStart, rEnd, ro, strict);
  const text = serializeNode(general);
  const viaStrings = pre === "" ? resolve(b, r, { strict }) : undefined;
  const got = {
    fast: serializeNode(fast),
    literal: literal(b, r, strict),
    strings: viaStrings === undefined ? text : viaStrings.ok && serializeNode(viaStrings.value),
    fastFields: fields(fast),
    parsedFields: fields(parseRuleOrThrow(text, { rule: "URI" })),
  };
  const want = { fast: text, literal: text, strings: text, fastFields: fields(general), parsedFields: fields(general) };
  // one expect per pair that differs (thousands of passing expects would take most of the time)
  if (JSON.stringify(got) !== JSON.stringify(want)) expect({ b, r, strict, pre, ...got }).toEqual({ b, r, strict, pre, ...want });
}

const lines = fs.readFileSync(path.join(FIXTURES, "corpus", "hard.txt"), "utf8").split("\n").filter((l) => l !== "" && isValid(l, "URI-reference"));
const corpusBases = lines.filter((l) => isValid(l, "URI"));
/** The kinds of reference a page holds: dot segments first, a query, an absolute path, and each corpus line. */
const REFS = ["../g", "g?y", "/a/b", "./", ".", "..", "../..", "./g/../h", ".././g", "..//g", "./.g", "../.", "?q", "#f", "", "//h/./p", "g:h", "g:./x"];

describe("resolve: fast paths agree with resolveGeneral", () => {
  test(`on the hard corpus: its ${corpusBases.length} URIs as bases, each with the typical references and three corpus lines, strict and not`, () => {
    expect(corpusBases.length).toBeGreaterThan(500);
    corpusBases.forEach((b, i) => {
      for (const r of REFS) checkPair(b, r, true);
      for (let k = 1; k <= 3; k++) checkPair(b, lines[(i * 7 + k * 131) % lines.length] as string, k !== 2);
    });
  });

  test("on the hard corpus, each input embedded in a longer string (offsets that do not start at 0)", () => {
    corpusBases.forEach((b, i) => {
      checkPair(b, REFS[i % REFS.length] as string, true, "x:y/", "?#");
      checkPair(b, lines[(i * 13) % lines.length] as string, i % 2 === 0, "//", "/./");
    });
  });

  const gen = (name: string): fc.Arbitrary<string> => fc.integer().map((s) => rule(name as "URI").generate(seededRandom(s)));
  const piece = (xs: readonly string[], max: number): fc.Arbitrary<string> => fc.array(fc.constantFrom(...xs), { maxLength: max }).map((a) => a.join(""));
  const base = fc.oneof(
    gen("absolute-URI"),
    fc.tuple(fc.constantFrom("http://a", "foo:", "foo://h", "x:/", "x:", "HTTP://a"), piece(["/", "a", "b", ".", "..", "./", "../", ".x", ";p"], 6), fc.constantFrom("", "?q", "?", "#f"))
      .map(([h, p, q]) => h + p + q)
      .filter((s) => isValid(s, "URI")),
  );
  const ref = fc.oneof(
    gen("URI-reference"),
    gen("relative-ref"),
    piece(["./", "../", ".", "..", "...", ".x", "g", "/", "//", "?y", "#s", "http:", "g:h", "a/", "%2E"], 8).filter((s) => isValid(s, "URI-reference")),
  );

  test("on generated pairs, strict and not, whole or embedded", () => {
    fc.assert(
      fc.property(base, ref, fc.boolean(), fc.constantFrom("", "a:b/"), (b, r, strict, pre) => checkPair(b, r, strict, pre, pre === "" ? "" : "#x")),
      { numRuns: runs(4000), seed: seed(19) },
    );
  });
});
