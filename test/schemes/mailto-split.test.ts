// The mailto scheme finds the recipients of the path by their delimiters (src/schemes/
// mailto.ts: quoted local-parts "%22...%22", domain literals "%5B...%5D", "," and "@" outside
// them): on every URI the grammar accepts, those are the local-parts and domains of the grammar's
// own derivation (RFC 6068 §2 `to = addr-spec *("," addr-spec)`).
import fc from "fast-check";
import { seededRandom, semantics } from "../../src/abnf/index";
import { percentDecode } from "../../src/transforms/percent";
import { mailto, mailtoGrammar } from "../../src/schemes/built-in";
import { runs, seed } from "../helpers/runs";

const derivation = semantics(mailtoGrammar, {}, { captures: ["to", "addr-spec", "local-part", "domain"] });
const decoded = (s: string): string => {
  const r = percentDecode(s);
  return r.ok ? r.value : s;
};

describe("mailto recipients by delimiters equal the derivation's", () => {
  const check = (uri: string): void => {
    const m = derivation.match("mailtoURI", uri.split("#")[0] ?? uri);
    const to = m.first("to");
    const expected = (to === undefined ? [] : to.all("addr-spec")).map((a) => `${decoded(a.first("local-part")?.text ?? "")}@${decoded(a.first("domain")?.text ?? "")}`);
    const r = mailto.parse(uri);
    // a refusal on other grounds (UTF-8 that does not decode) leaves nothing to compare
    if (r.ok) expect([uri, r.value.to.map((a) => a.address)]).toEqual([uri, expected]);
  };

  it("on the RFC 6068 §6 examples with quoted local-parts and domain literals", () => {
    for (const uri of [
      "mailto:%22not%40me%22@example.org",
      "mailto:%22oh%5C%5Cno%22@example.org",
      "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
      "mailto:%22a,b%22@example.org,c@example.org",
      "mailto:x@%5B127.0.0.1%5D,y@%5Ba,b@c%5D",
      "mailto:%22%5C%22%22@example.org",
    ]) {
      expect(mailtoGrammar.isValid(uri, "mailtoURI")).toBe(true);
      check(uri);
    }
  });

  it("on generated mailto URIs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 1, max: 5 }), (n, reps) => check(mailtoGrammar.generate("mailtoURI", seededRandom(n), { maxRepeat: reps }))),
      { numRuns: runs(1500), seed: seed(6068) },
    );
  });
});
