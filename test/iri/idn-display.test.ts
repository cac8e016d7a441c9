// Host labels shown as Unicode only when UTS #39 §5's General Security Profile allows them: every
// character Identifier_Status=Allowed, none of the Allowed characters kept from display (combining
// overlays, punctuation IDNA2008 refuses), RFC 5892 Appendix A's contexts met, no mixed scripts.
// One check (restrictedCharacter) decides toDisplayString's display and securityFindings'
// "restricted-host-character"; fixtures/iri/idn-display.json holds Chromium's IDN spoof-checker
// vectors these rules decide, and the fuzz note's characters (the finding: "google.com⫽login").
import fc from "fast-check";
import { restrictedCharacter } from "../../src/iri/confusables";
import { ALLOWED_RUNS, KEPT_FROM_DISPLAY } from "../../src/iri/identifier-status-data";
import { toDisplayString } from "../../src/iri/index";
import { checkFetchTarget, securityFindings } from "../../src/security";
import { readJson } from "../helpers/fixtures";
import { runs } from "../helpers/runs";

type Rule = "safe" | "allowed" | "overlay" | "idna2008" | "context" | "numbers" | "marks" | "mixed-scripts";
interface IdnFixture {
  readonly chromium: { readonly cases: readonly { readonly domain: string; readonly unicode: string; readonly rule: Rule }[] };
  readonly fuzz: { readonly cases: readonly { readonly char: string; readonly rule: Rule }[] };
  readonly mapped: { readonly cases: readonly { readonly host: string; readonly shown: string; readonly code: string }[] };
  readonly opaque: { readonly cases: readonly { readonly input: string; readonly shown: string }[] };
}
const fx = readJson<IdnFixture>("iri", "idn-display.json");
const RESTRICTING: readonly Rule[] = ["allowed", "overlay", "idna2008", "context", "numbers", "marks"];
const codesOf = (input: string): string[] => securityFindings(input).map((f) => f.code);

describe("Chromium's IDN spoof-checker vectors", () => {
  test.each(fx.chromium.cases.map((c) => [c.domain, c.unicode, c.rule] as const))("%s (%s): %s", (domain, unicode, rule) => {
    // Chrome's verdict: shown as Unicode when safe, as it is (the A-label) otherwise
    expect(toDisplayString(`http://${domain}/`)).toBe(`http://${rule === "safe" ? unicode : domain}/`);
    const codes = codesOf(`http://${domain}/`);
    expect([domain, codes.includes("restricted-host-character")]).toEqual([domain, RESTRICTING.includes(rule)]);
    if (rule === "mixed-scripts") expect(codes).toContain("mixed-scripts");
    if (rule === "safe") expect(codes).not.toContain("mixed-scripts");
    // the same host written as Unicode is reported the same way
    expect(codesOf(`http://${unicode}/`).includes("restricted-host-character")).toBe(RESTRICTING.includes(rule));
  });
});

describe("the fuzz note's delimiter look-alikes in google.com?login.evil.com", () => {
  test.each(fx.fuzz.cases.map((c) => [c.char, c.rule] as const))("%s (%s)", (u, rule) => {
    const char = String.fromCodePoint(parseInt(u.slice(2), 16));
    const input = `http://google.com${char}login.evil.com/`;
    const shown = toDisplayString(input);
    expect(shown.includes(char)).toBe(false);
    expect(shown).toMatch(/^http:\/\/google\.(xn--[a-z0-9-]+|[a-z%0-9A-F]+)\.evil\.com\/$/);
    expect(restrictedCharacter(`com${char}login`)?.char).toBe(char);
    const reason = restrictedCharacter(`com${char}login`)?.reason ?? "";
    expect(reason).toContain(u);
    expect(reason).toMatch({ allowed: /Identifier_Status=Allowed/, overlay: /overlay/, idna2008: /IDNA2008/, context: /RFC 5892 Appendix A/ }[rule as "allowed"]);
    expect(codesOf(input)).toContain("restricted-host-character");
    const medium = checkFetchTarget(input, { blockAt: "medium" });
    expect(medium.verdict).toBe("block");
    expect(medium.reasons.map((r) => r.code)).toContain("restricted-host-character");
    // medium, as mixed scripts: a warning at the default blockAt ("high")
    expect(checkFetchTarget(input).warnings.map((r) => r.code)).toContain("restricted-host-character");
  });
});

describe("a label checked and shown as UTS #46 maps it (the label a browser goes to)", () => {
  const keep = ["mixed-scripts", "whole-script-confusable", "restricted-host-character"];
  test.each(fx.mapped.cases.map((c) => [c.host, c.shown, c.code] as const))("%s: %s (%s)", (host, shown, code) => {
    expect(toDisplayString(`http://${host}/`)).toBe(`http://${shown}/`);
    const codes = codesOf(`http://${host}/`).filter((c) => keep.includes(c));
    if (code === "safe") expect(codes).toEqual([]);
    else expect(codes).toContain(code);
  });

  // capitals of Cyrillic and Greek read as ASCII capitals ("ТАХІ" as "TAXI") where their lower
  // case does not: no label beyond ASCII is shown with a character UTS #46 would map
  test("a label shown beyond ASCII has no capital beyond ASCII, and gets none of the findings that keep a label from display", () => {
    const pool = [..."abAB\u00DC\u00FC\u0410\u0430\u0420\u0440\u04C0\u04CF\u0415\u0435\u0421\u0441\u041E\u043E\u0391\u03B1\u0399\u03B9\u039F\u03BFe\u0301", "I\u0307", "\u0307"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 6 }), fc.boolean(), (chars, encode) => {
        const label = chars.join("");
        const input = `http://${encode ? encodeURIComponent(label) : label}.example/`;
        const host = /^http:\/\/(.*)\.example\/$/.exec(toDisplayString(input))?.[1] ?? "";
        if (!/[^\x00-\x7f]/.test(host) || host.includes("%")) return; // not shown as Unicode, or only in part
        expect([label, /(?![\x00-\x7f])[\p{Lu}\p{Lt}]/u.test(host)]).toEqual([label, false]);
        expect([label, codesOf(input).filter((c) => keep.includes(c))]).toEqual([label, []]);
      }),
      { numRuns: runs(500) },
    );
  });
});

describe("a host of a scheme that is not special (an opaque host) is never mapped by UTS #46", () => {
  test.each(fx.opaque.cases.map((c) => [c.input, c.shown] as const))("%s: %s", (input, shown) => {
    expect(toDisplayString(input)).toBe(shown);
  });
});

describe("a mark that looks like nothing beside its base (UTS #39 §5.4)", () => {
  // "wi̇ki" reads "wiki", "pı̇" reads "pi": shown as A-labels, and reported
  it.each(["wi\u0307ki", "p\u0131\u0307", "\u0131\u0301nfo", "paypal\u0307"])("%j is shown as its A-label, with restricted-host-character", (label) => {
    const input = `http://${label}.example/`;
    expect(toDisplayString(input)).toMatch(/^http:\/\/xn--[a-z0-9-]+\.example\/$/);
    expect(codesOf(input)).toContain("restricted-host-character");
  });
  it("a dot above that shows stays Unicode: ė (Lithuanian)", () => {
    expect(toDisplayString("http://\u0117.example/")).toBe("http://\u0117.example/");
  });
});

describe("restrictedCharacter", () => {
  it.each([
    ["l\u00B7l", "RFC 5892 A.3: Catalan"],
    ["\u03B1\u0375\u03B2", "A.4: keraia before a Greek letter"],
    ["\u05D0\u05F3", "A.5: geresh after a Hebrew letter"],
    ["\u30AB\u30FB\u30AB", "A.7: katakana middle dot with Katakana"],
    ["\u0661\u0662", "RFC 5892 A.8, UTS #39 §5.3: Arabic-Indic digits alone"],
    ["\u06F1\u06F2", "A.9: Extended Arabic-Indic digits alone"],
    ["\u0915\u0967\u0968", "§5.3: Devanagari digits alone"],
    ["\u00E9\u0300", "§5.4: two different marks (NFD: e, U+0301, U+0300)"],
    ["\u0117", "§5.4: a dot above that shows (ė: e has no dot of its own)"],
    ["i\u0323", "§5.4: a dot below i (Vietnamese ị) does not hide"],
    ["\u0131", "dotless i alone (Turkish)"],
    ["b\u00FCcher", "Latin beyond ASCII"],
    ["B\u00DCCHER", "upper case is Allowed too (toDisplayString judges the label as UTS #46 maps it)"],
    ["example", "ASCII"],
    ["a_b", "ASCII is the host grammar's"],
  ])("%j: none (%s)", (label) => {
    expect(restrictedCharacter(label)).toBeUndefined();
  });

  it.each([
    ["\u03B1\u0375", "\u0375", "A.4: keraia at the end"],
    ["a\u05F3", "\u05F3", "A.5: geresh after Latin"],
    ["\u0661\u06F2", "\u06F2", "A.8: both kinds of digits"],
    ["\u06F2\u0661", "\u0661", "A.9: both kinds of digits"],
    ["a1\u0967", "\u0967", "§5.3: ASCII and Devanagari digits"],
    ["\u00E1\u0301", "\u0301", "§5.4: NFD is a, U+0301, U+0301"],
    ["a\u0300\u0301\u0302\u0303\u0304", "\u0304", "§5.4: a fifth mark in a row"],
    ["wi\u0307ki", "\u0307", "§5.4: a dot above hidden in i's own dot (i is Soft_Dotted)"],
    ["\u0456\u0307", "\u0307", "§5.4: in Cyrillic і's dot"],
    ["j\u0323\u0307", "\u0307", "§5.4: in j's dot, a dot below between"],
    ["p\u0131\u0307", "\u0307", "§5.4: dotless i with a dot above reads as i"],
    ["\u0131\u0301", "\u0301", "§5.4: dotless i with an acute reads as í"],
    ["paypal\u0307", "\u0307", "§5.4: l with a dot above reads as i (Chromium refuses it too)"],
    ["\u03B9\u0307", "\u0307", "§5.4: Greek iota, like a dotless i, with a dot above reads as i"],
    ["\u04CF\u0307", "\u0307", "§5.4: Cyrillic palochka, like l, with a dot above reads as i"],
    ["\u30AB\u2027\u30AB", "\u2027", "hyphenation point: IDNA2008 refuses it"],
    ["ab\u0338", "\u0338", "overlay"],
    ["\u00E9\u2AFD\u00E9", "\u2AFD", "not Allowed"],
  ])("%j: %j (%s)", (label, char) => {
    expect(restrictedCharacter(label)?.char).toBe(char);
  });

  it("reads each character once: a label of 200,000 characters with a rule at its end", () => {
    const long = "\u30AB".repeat(100_000) + "\u0661".repeat(99_999) + "\u06F1";
    expect(restrictedCharacter(long)?.char).toBe("\u06F1");
    expect(restrictedCharacter("a\u0300\u0301".repeat(100_000))).toBeUndefined();
    expect(restrictedCharacter("\u00E9".repeat(200_000))).toBeUndefined();
  });
});

describe("identifier-status-data (generated from ICU 72's uspoof.cpp, Unicode 15.0)", () => {
  it("holds runs of Allowed characters beyond ASCII, and the Allowed characters kept from display", () => {
    const bounds: number[] = [];
    let at = 0;
    for (const d of ALLOWED_RUNS.split(",")) bounds.push((at += parseInt(d, 36)));
    expect(bounds.slice(0, 4)).toEqual([0xb7, 0xb8, 0xc0, 0xd7]); // U+00B7 (the inclusion set), U+00C0-U+00D6
    expect(bounds.length % 2).toBe(0);
    for (let i = 1; i < bounds.length; i++) expect((bounds[i] ?? 0) > (bounds[i - 1] ?? 0)).toBe(true);
    expect(bounds[bounds.length - 1]).toBe(0x323b0); // U+31350-U+323AF, CJK Extension H
    expect([...KEPT_FROM_DISPLAY].map(([cp, why]) => `${cp.toString(16)} ${why}`)).toEqual(
      ["335 overlay", "338 overlay", "58a idna2008", "2010 idna2008", "2019 idna2008", "2027 idna2008", "30a0 idna2008"],
    );
  });
});

describe("one check, used twice", () => {
  // labels from characters each rule has an opinion on: Allowed letters of several scripts,
  // characters outside Allowed, kept ones, context characters, digits of three systems, marks
  const pool = [..."abl1ü\u00B7\u30FB\u30AB\u91CE\u0430\u03B1\u05D0\u05F3\u0375\u0661\u06F1\u0967\u0301\u0300\u0338\u2027\u2AFD\u02D0"];
  test("a host label toDisplayString shows as Unicode gets no restricted-host-character finding, and one that gets it is not shown", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 8 }), (chars) => {
        const label = chars.join("");
        const input = `http://${label}.example/`;
        const shown = toDisplayString(input);
        const restricted = codesOf(input).includes("restricted-host-character");
        if (restricted) expect([label, shown.includes(label)]).toEqual([label, false]);
        if (shown === input) expect([label, restricted]).toEqual([label, false]);
      }),
      { numRuns: runs(500) },
    );
  });
});
