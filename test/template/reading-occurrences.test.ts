// A path read costs its occurrences (issue 30, "Bounded everywhere"; engine30 round 10). The
// matcher charged each path it read the URI's length plus the template's parts; but reading a
// path reads each of its varspecs (itemsOf, readingsOf's grouping, valuesOf, settled), and one
// expression may hold hundreds of them as one part: "{x,y,x,y,…}" of 1,000 varspecs on its
// expansion and a "," read 2,097 paths of 1,000 varspecs each within 2^22 units charged 2,001 a
// path (5.5-6.4 s of CPU, past the documented 3.5-4.5 s worst). And each path whose variable
// disagreed wrote the disagreement's message, each occurrence's expression and value, though
// only the last one is shown: a million characters a path there.
import * as matching from "../../src/template/match";
import { expandOrThrow, match } from "../../src/template/index";

/** The documented budget of one match's reading: 2^22 units. */
const READING_WORK = 2 ** 22;

describe("a path read is charged its occurrences", () => {
  it('"{x,y,x,y,…}" of 1,000 varspecs on its expansion and a ",": the occurrences read stay within the budget', () => {
    const template = "{" + Array(500).fill("x,y").join(",") + "}";
    const uri = expandOrThrow(template, { x: "a", y: "b" }) + ",";
    const spy = jest.spyOn(matching, "readingsOf");
    try {
      const r = match(template, uri);
      expect(r.ok ? "matched" : r.error.code).toMatch(/^(no-match|reading-limit)$/);
      // each path: the URI's length, the template's one part and its 1,000 varspecs
      const read = spy.mock.calls.reduce((n, [reads]) => n + uri.length + 1 + reads.length, 0);
      expect(spy.mock.calls.length).toBeGreaterThan(0);
      expect(read).toBeLessThanOrEqual(READING_WORK + uri.length + 1 + 1000);
    } finally {
      spy.mockRestore();
    }
  });

  it("the same template on its own expansion still reads", () => {
    const template = "{" + Array(500).fill("x,y").join(",") + "}";
    expect(match(template, expandOrThrow(template, { x: "a", y: "b" }))).toEqual({ ok: true, value: { x: "a", y: "b" } });
  });
});
