// Issue 32, "Security round 3": the password in a finding's error, and the work of the findings
// on long IDN hosts (the fetch-target check is test/security/ssrf.test.ts, the command line's
// passwords test/cli/passwords.test.ts). Each case failed before its fix.
import fc from "fast-check";
import { UriSyntaxError } from "../../src/index";
import { securityFindings } from "../../src/security";
import { maskPassword, maskPasswordAt, passwordRange } from "../../src/password";
import { runs, seed } from "../helpers/runs";

describe("3. no password in a finding, its error included", () => {
  it("the issue's input: JSON.stringify of the findings holds no password", () => {
    const input = "http://u:SECRET@@h/";
    const findings = securityFindings(input);
    expect(findings.map((f) => f.code)).toContain("syntax");
    expect(JSON.stringify(findings)).not.toContain("SECRET");
    const syntax = findings.find((f) => f.code === "syntax");
    const error = syntax?.error;
    expect(error).toBeInstanceOf(UriSyntaxError);
    // the error is the parse's, of the text with its password masked, its offset moved there
    expect(error?.input).toBe(maskPassword(input));
    expect(error?.offset).toBe(maskPasswordAt(input, syntax?.offset ?? -1).offset);
    expect(error?.message).not.toContain("SECRET");
    expect(error?.shortMessage).toContain("Invalid");
  });

  it("an input longer than 2 MiB: the InputTooLongError holds no password either", () => {
    const input = `http://u:SECRET@h/${"a".repeat(2_097_152)}`;
    const findings = securityFindings(input);
    const error = findings.find((f) => f.code === "syntax")?.error;
    expect(error?.name).toBe("InputTooLongError");
    expect(error?.input.includes("SECRET")).toBe(false);
    expect(findings.some((f) => f.text.includes("SECRET") || f.message.includes("SECRET"))).toBe(false);
  });

  it("an error without a password is the parse's own, unchanged", () => {
    const findings = securityFindings("http://u@@h/");
    const e = findings.find((f) => f.code === "syntax")?.error;
    expect(e?.input).toBe("http://u@@h/");
    expect(e?.offset).toBe(findings.find((f) => f.code === "syntax")?.offset);
  });

  it("any text with a password: no finding holds it, in any field (property)", () => {
    const piece = fc.constantFrom("a", "@", ":", "/", "\\", "?", "#", "[", "]", "%", "%40", " ", "\t", "é", ".", "1", "%2e");
    fc.assert(
      fc.property(
        fc.constantFrom("http://", "https:", "ws:\\\\", "foo://", "//", "file://", " http://", "HTTP:/", "ftp:///"),
        fc.array(piece, { maxLength: 4 }),
        fc.array(piece, { maxLength: 6 }),
        (scheme, user, rest) => {
          const input = `${scheme}${user.join("").replace(/[:@/?#\\]/g, "")}:pw_SECRET_${rest.join("")}@host${rest.join("")}`;
          const pw = passwordRange(input);
          // only where the whole secret is the password, as either reader finds it
          fc.pre(pw !== undefined && input.indexOf("pw_SECRET_") >= pw.start && input.indexOf("pw_SECRET_") + 10 <= pw.end);
          const findings = securityFindings(input);
          const json = JSON.stringify(findings, (_k, v: unknown) => (v instanceof Error ? { ...v, message: v.message } : v));
          expect(json).not.toContain("SECRET");
        },
      ),
      { numRuns: runs(400), seed: seed(32) },
    );
  });
});

describe("4. findings on long IDN hosts: each distinct label converted once", () => {
  const tr46 = require("tr46") as { toASCII: (d: string, o: object) => string | null; toUnicode: (d: string, o: object) => { domain: string; error: boolean } };
  /** The calls securityFindings makes to tr46 on `input`, and the code units they are given. */
  function tr46Work(input: string): { calls: number; units: number } {
    const work = { calls: 0, units: 0 };
    const a = jest.spyOn(tr46, "toASCII");
    const u = jest.spyOn(tr46, "toUnicode");
    try {
      securityFindings(input);
      for (const c of [...a.mock.calls, ...u.mock.calls]) {
        work.calls++;
        work.units += (c[0] as string).length;
      }
    } finally {
      a.mockRestore();
      u.mockRestore();
    }
    return work;
  }

  it("the issue's host, é. repeated: the work in tr46 does not grow with the number of labels", () => {
    const small = tr46Work(`http://${"é.".repeat(1000)}com/`);
    const large = tr46Work(`http://${"é.".repeat(64000)}com/`);
    expect(securityFindings(`http://${"é.".repeat(64000)}com/`).map((f) => f.code)).toEqual(["non-ascii-host"]);
    expect(large).toEqual(small);
    expect(large.units).toBeLessThan(100);
    // before: a call for the whole host and one per label (64,000 labels: more than 128,000 calls)
  });

  it("label by label is tr46 on the whole domain, whatever the labels (property)", () => {
    const { uts46ToAscii, uts46ToUnicode, UTS46 } = require("../../src/iri/idna") as typeof import("../../src/iri/idna");
    const label = fc.constantFrom("é", "a", "xn--9ca", "xn--a-", "XN--9CA", "\u05D0", "\u05D0a", "a\u05D0", "\u0661", "1", "", "-a", "ß", "\u2488", "Ａ", "\u200D", "a\u0301", "\u0301", "xn--", "İ", "\u3002", "ｅ", "%", "a b");
    const dot = fc.constantFrom(".", "\u3002", "\uFF0E", "\uFF61");
    fc.assert(
      fc.property(fc.array(fc.tuple(label, dot), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 40 }), (pieces, extra) => {
        const unit = pieces.map(([l, d]) => l + d).join("");
        // long enough to be converted label by label (1,024 code units and more)
        const domain = `${unit.repeat(Math.ceil(1024 / unit.length) + extra)}com`;
        expect(uts46ToAscii(domain)).toBe(tr46.toASCII(domain, UTS46));
        const ascii = tr46.toASCII(domain, UTS46) ?? domain;
        expect(uts46ToUnicode(ascii)).toEqual(tr46.toUnicode(ascii, UTS46));
        expect(uts46ToUnicode(domain)).toEqual(tr46.toUnicode(domain, UTS46));
      }),
      { numRuns: runs(60), seed: seed(3204) },
    );
  });

  it("runs of equal labels, in any order and length: the same answers as tr46 and split (property)", () => {
    const { distinctLabels, uts46ToAscii, uts46ToUnicode, UTS46 } = require("../../src/iri/idna") as typeof import("../../src/iri/idna");
    const label = fc.constantFrom("é", "É", "a", "xn--9ca", "\u05D0", "\u0661", "", "ß", "Ａ", "a\u0301", "\u0301", "İ", "ｅ", "%", "a\uD800");
    const dot = fc.constantFrom(".", ".", ".", "\u3002", "\uFF0E", "\uFF61");
    fc.assert(
      fc.property(fc.array(fc.tuple(label, fc.integer({ min: 1, max: 200 }), dot), { minLength: 1, maxLength: 12 }), (pieces) => {
        // each piece a run of one label, its length drawn; the domain long enough to be read in runs
        let domain = "";
        while (domain.length < 1100) for (const [l, n, d] of pieces) domain += (l + d).repeat(n);
        domain += "com";
        const ascii = uts46ToAscii(domain);
        expect(ascii).toBe(tr46.toASCII(domain, UTS46));
        expect(distinctLabels(domain, true)).toEqual([...new Set(domain.split(/[.\u3002\uFF0E\uFF61]/))]);
        expect(distinctLabels(domain, false)).toEqual([...new Set(domain.split("."))]);
        if (ascii !== null) {
          expect(distinctLabels(ascii, false)).toEqual([...new Set(ascii.split("."))]);
          expect(uts46ToUnicode(ascii)).toEqual(tr46.toUnicode(ascii, UTS46));
        }
        expect(uts46ToUnicode(domain)).toEqual(tr46.toUnicode(domain, UTS46));
      }),
      { numRuns: runs(25), seed: seed(3205) },
    );
  });
});
