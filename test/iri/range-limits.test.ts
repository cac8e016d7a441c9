// RFC 3987 §2.2 at the limits of every ucschar and iprivate range (and just outside them),
// through every function of src/iri: the grammar, iriToUri, uriToIri (which also leaves the
// characters §6.1 calls not appropriate encoded), the repairs; astral characters and lone
// surrogates included.
import { UriSyntaxError } from "../../src/errors";
import { isValid } from "../../src/parse";
import { serializeNode } from "../../src/transforms/serialize";
import { iriToUri, repairIriReference, repairUriReference, uriToIriOrThrow } from "../../src/iri/index";
import { readJson } from "../helpers/fixtures";

interface LimitsFixture {
  readonly source: string;
  readonly cases: readonly (readonly [string, string, boolean, boolean, boolean])[];
  readonly loneSurrogates: { readonly source: string; readonly units: readonly string[]; readonly replacement: string };
}
const fx = readJson<LimitsFixture>("iri", "range-limits.json");
const charOf = (u: string): string => String.fromCodePoint(parseInt(u.slice(2), 16));

describe(fx.source, () => {
  test.each(fx.cases)("%s (%s): ucschar %s, iprivate %s, appropriate %s", (cp, utf8, ucs, priv, appropriate) => {
    const c = charOf(cp);
    expect(isValid(c, "ucschar")).toBe(ucs);
    expect(isValid(c, "iprivate")).toBe(priv);

    // iriToUri: valid where the grammar says so, mapped to the UTF-8 octets
    const places: [string, string, boolean][] = [
      ["http://h/x", "", ucs], // path
      ["http://h/?", "", ucs || priv], // query
      ["http://h/#", "", ucs], // fragment
      ["http://", ".example/", ucs], // host
      ["http://", "@h/", ucs], // userinfo
    ];
    for (const [before, after, valid] of places) {
      const r = iriToUri(before + c + after);
      expect(r.ok).toBe(valid);
      if (r.ok) expect(serializeNode(r.value)).toBe(before + utf8 + after);
      else expect(r.error).toBeInstanceOf(UriSyntaxError);
      // uriToIri: decoded exactly where the character is allowed and appropriate (§3.2 step 4:
      // §2.2, §4.1, §6.1)
      expect(serializeNode(uriToIriOrThrow(before + utf8 + after))).toBe(before + (valid && appropriate ? c : utf8) + after);
      // the repairs: the URI one always encodes, the IRI one keeps what the grammar allows there
      expect(repairUriReference(before + c + after).value).toBe(before + utf8 + after);
      expect(repairIriReference(before + c + after).value).toBe(before + (valid ? c : utf8) + after);
    }
  });

  const s = fx.loneSurrogates;
  test.each(s.units)(`${s.source}: %s`, (u) => {
    const unit = String.fromCharCode(parseInt(u.slice(2), 16));
    for (const [before, after] of [["http://h/", "x"], ["http://h/?", ""], ["//", ".example"], ["#", "\ud83d\ude00"]] as const) {
      const text = before + unit + after;
      const r = iriToUri(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(UriSyntaxError);
      // the URI repair also encodes the astral character after the lone surrogate; the IRI repair keeps it
      expect(repairUriReference(text).value).toBe(before + s.replacement + (after === "\ud83d\ude00" ? "%F0%9F%98%80" : after));
      expect(repairIriReference(text).value).toBe(before + s.replacement + after);
      expect(repairUriReference(text).changes[0]).toMatchObject({ offset: before.length, from: unit, to: s.replacement });
    }
  });

  test("a surrogate pair is one astral character, not two lone surrogates", () => {
    expect(repairUriReference("x/\ud83d\ude00").value).toBe("x/%F0%9F%98%80");
    expect(repairIriReference("x/\ud83d\ude00").value).toBe("x/\ud83d\ude00");
    expect(repairIriReference("x/\ude00\ud83d").value).toBe("x/%EF%BF%BD%EF%BF%BD");
  });
});
