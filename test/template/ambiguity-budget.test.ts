// findAmbiguity checks each candidate example it finds by matching it (RFC 6570 §1.4's
// ambiguity, two readings of one URI); up to 16 examples. Each match had a budget of its own, so a
// template whose variable stands in hundreds of varspecs (fuzz, round 10: "{x:1}{x:2}…" with 3,000
// varspecs took 37 s of CPU, "{x,x}"×1,500 47 s) paid sixteen budgets. The examples now share one,
// and a check that runs out makes the answer "not decided", never "not ambiguous".
import * as matching from "../../src/template/match";
import { findAmbiguity } from "../../src/template/index";

describe("findAmbiguity's example checks share one budget", () => {
  it.each([
    // (a "+" varspec after the 200 prefixes: {x:1}…{x:200} alone names one variable in U mode,
    // which ambiguity.ts's oneValueOneWay proves unambiguous without a search)
    ["{x:1}…{x:200}{+x}", `${Array.from({ length: 200 }, (_, i) => `{x:${i + 1}}`).join("")}{+x}`],
  ])("%s: the readings it tries, over all its examples, stay within one budget", (_name, template) => {
    const spy = jest.spyOn(matching, "readingsOf");
    try {
      const r = findAmbiguity(template);
      expect(r === undefined ? "not ambiguous" : r.decided ? "ambiguous" : "not decided").not.toBe("not ambiguous");
      // one budget of 2^23 units, each reading tried costing the URI's length plus the template's
      // parts (at least the 200 varspecs' parts): at most 2^23 / 200 readings in all
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2 ** 23 / 200);
    } finally {
      spy.mockRestore();
    }
  });

  it("{x:1}…{x:200} (one variable, U mode) is not ambiguous, answered without reading any example", () => {
    const spy = jest.spyOn(matching, "readingsOf");
    try {
      expect(findAmbiguity(Array.from({ length: 200 }, (_, i) => `{x:${i + 1}}`).join(""))).toBeUndefined();
      expect(spy.mock.calls.length).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });
});
