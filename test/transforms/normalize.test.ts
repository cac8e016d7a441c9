// RFC 3986 §6.2.2 and §6.2.3 normalization: fixtures (the RFC's own examples first), each step
// switched off on its own, RFC 5952 IPv6 text, and properties (idempotent, parses, same kind).
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { seededRandom } from "../../src/abnf/generate";
import { charsets } from "../../src/charsets";
import { normalize } from "../../src/operations";
import { isValid, parse, parseOrThrow, parseRuleOrThrow } from "../../src/parse";
import { rule, type RuleName } from "../../src/rules/index";
import { defaultSchemeNormalizations, normalizeReference, type NormalizeOptions, type SchemeNormalization } from "../../src/transforms/normalize";
import { formatIpv6 } from "../../src/transforms/ipv6";
import { serializeNode } from "../../src/transforms/serialize";
import { nfcText } from "../../src/transforms/normalize";
import { runs, seed } from "../helpers/runs";
import { isReadOnlyNode } from "../helpers/read-only";

type Case = readonly [input: string, expected: string, options?: NormalizeOptions];
interface Fixture {
  readonly groups: readonly { readonly source: string; readonly cases: readonly Case[] }[];
}
const load = (file: string): Fixture =>
  JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/normalize", file), "utf8")) as Fixture;

const normalText = (input: string, options?: NormalizeOptions): string => serializeNode(normalizeReference(parseOrThrow(input), options));

describe.each(["rfc3986.json", "options.json"])("normalize: fixtures/normalize/%s", (file) => {
  for (const group of load(file).groups) {
    describe(group.source, () => {
      const cases = group.cases.map(([input, expected, options]) => ({ input, expected, options: options ?? {} }));
      test.each(cases)("$input -> $expected (options $options)", ({ input, expected, options }) => {
        expect(normalText(input, options)).toBe(expected);
        // the string API agrees given the same scheme facts (its default is the registry of
        // uri-grammar/schemes, tested in test/schemes), and the result is already normal
        const viaApi = normalize(input, { schemes: defaultSchemeNormalizations, ...options });
        expect(viaApi.ok && serializeNode(viaApi.value)).toBe(expected);
        expect(normalText(expected, options)).toBe(expected);
      });
    });
  }
});

describe("normalize: scheme definitions are values", () => {
  test("defaultSchemeNormalizations covers http, https, ws, wss and is frozen", () => {
    expect(defaultSchemeNormalizations.map((s) => [s.name, s.defaultPort])).toEqual([["http", 80], ["https", 443], ["ws", 80], ["wss", 443]]);
    expect(Object.isFrozen(defaultSchemeNormalizations)).toBe(true);
    expect(defaultSchemeNormalizations.every((s) => Object.isFrozen(s))).toBe(true);
  });

  test("a Map of definitions works as a list does", () => {
    const ftp: SchemeNormalization = { name: "ftp", defaultPort: 21 };
    const schemes = new Map([["ftp", ftp]]);
    expect(normalText("FTP://h:21", { schemes })).toBe("ftp://h");
    expect(normalText("FTP://h:21", { schemes: [ftp] })).toBe("ftp://h");
    expect(normalText("http://h:80", { schemes })).toBe("http://h:80");
  });

  test("the input node is not changed and the result is frozen without spans", () => {
    const node = parseOrThrow("HTTP://User@Example.COM:80/a/./b/%7e?%7e#%7e");
    const before = JSON.stringify(node);
    const out = normalizeReference(node);
    expect(JSON.stringify(node)).toBe(before);
    expect(serializeNode(out)).toBe("http://User@example.com/a/b/~?~#~");
    expect(isReadOnlyNode(out) && isReadOnlyNode(out.authority) && isReadOnlyNode(out.path)).toBe(true);
    expect(JSON.stringify(out)).not.toMatch(/"span"/);
  });

  test("a parse error comes back from the string API", () => {
    const r = normalize("http://a b/");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.offset).toBe(8);
  });
});

// RFC 3987 §5.3.2.2 NFC that makes and swallows no delimiter (§5.1: no false positives), over
// every code point: what NFC does to ASCII, and that nfcText never lets it.
describe("NFC without new or lost ASCII (nfcText)", () => {
  const everyCodePoint = function* (): Generator<string> {
    for (let cp = 0x80; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
  };
  /** The ASCII characters of a text other than letters: what must come out of nfcText as it went in. */
  const escape = (t: string): string => t.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
  const delimiters = (t: string): string => t.replace(/[A-Za-z\u0080-\u{10FFFF}]+/gu, "");

  test("Unicode as Node has it: NFC maps U+037E, U+1FEF, U+212A to ASCII, and composes letters, \"<\", \"=\", \">\" with what follows", () => {
    const toAscii: string[] = [];
    const starters = new Set<string>();
    for (const ch of everyCodePoint()) {
      if (/[\x00-\x7f]/.test(ch.normalize("NFC"))) toAscii.push(`U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()}`);
      // every composite NFC can make decomposes canonically to its first character and more
      const d = ch.normalize("NFD");
      if (d.length > 1 && d.charCodeAt(0) < 0x80) starters.add(d.charAt(0));
    }
    expect(toAscii).toEqual(["U+37E", "U+1FEF", "U+212A"]);
    expect([...starters].filter((c) => !/[A-Za-z]/.test(c)).sort()).toEqual(["<", "=", ">"]);
  });

  test("every code point after \"=\", a letter and a triplet: no ASCII other than letters is made or lost, none is brought in, and once is enough", () => {
    const before = ["=", "a", "%CA"];
    for (const ch of everyCodePoint()) {
      for (const b of before) {
        const t = `${b}${ch}x`;
        const out = nfcText(t);
        if (out === t) continue;
        expect([t, delimiters(out)]).toEqual([t, delimiters(t)]);
        expect([t, out.replace(/[^\x00-\x7f]/gu, "").length <= t.replace(/[^\x00-\x7f]/gu, "").length]).toEqual([t, true]);
        expect([t, nfcText(out)]).toEqual([t, out]);
      }
    }
  });

  const cases: [string, string][] = [
    ["re\u0301sume\u0301", "r\u00E9sum\u00E9"],
    ["a=\u0338b", "a=\u0338b"],
    ["a\u037Eb", "a\u037Eb"],
    ["x\u1FEFy", "x\u1FEFy"],
    ["\u212A", "\u212A"],
    ["\u212Ae\u0301", "\u212Ae\u0301"],
    ["e\u0301/\u212A/e\u0301", "\u00E9/\u212A/\u00E9"],
    ["%CA\u0301", "%CA\u0301"],
    ["%C3%A9e\u0301", "%C3%A9\u00E9"],
    ["\uF900", "\u8C48"],
    ["\u1E0B\u0323", "\u1E0D\u0307"],
  ];
  test.each(cases.map(([input, expected]) => [escape(input), input, expected]))("%s", (_label, input, expected) => {
    expect(nfcText(input)).toBe(expected);
  });
});

describe("formatIpv6 (RFC 5952)", () => {
  test("pieces from parse, written back and parsed again, give the same pieces", () => {
    const gen = fc.integer().map((seed) => rule("IPv6address").generate(seededRandom(seed)));
    fc.assert(
      fc.property(gen, (text) => {
        const host = parseRuleOrThrow(text, { rule: "IPv6address" });
        const canonical = formatIpv6(host.pieces);
        const again = parseRuleOrThrow(canonical, { rule: "IPv6address" });
        expect(again.pieces).toEqual(host.pieces);
        expect(formatIpv6(again.pieces)).toBe(canonical);
        expect(canonical).toBe(canonical.toLowerCase());
        expect(canonical).not.toMatch(/(^|:)0[0-9a-f]/); // §4.1: no leading zeros
        expect(canonical.split("::").length).toBeLessThanOrEqual(2);
      }),
      { numRuns: runs(1000) },
    );
  });

  test("random pieces: the longest run of ≥2 zero pieces is compressed, the first on a tie (§4.2)", () => {
    const piece = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 8, maxLength: 8 }), (pieces) => {
        fc.pre(!(pieces.slice(0, 5).every((p) => p === 0) && pieces[5] === 0xffff));
        const text = formatIpv6(pieces);
        // the longest zero run, first on a tie
        let best = -1;
        let bestLen = 1;
        for (let k = 0; k < 8; k++) {
          let e = k;
          while (e < 8 && pieces[e] === 0) e++;
          if (e - k > bestLen) [best, bestLen] = [k, e - k];
        }
        const hex = pieces.map((p) => p.toString(16));
        const expected = best < 0 ? hex.join(":") : `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
        expect(text).toBe(expected);
      }),
      { numRuns: runs(2000) },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Properties on generated references, and on references built from a small alphabet that hits
// the rules (dot segments, triplets of unreserved and reserved characters, ports, case).

const gen = (name: RuleName): fc.Arbitrary<string> => fc.integer().map((seed) => rule(name).generate(seededRandom(seed)));
const small = fc
  .tuple(
    fc.constantFrom("", "http:", "HTTP:", "foo:", "Ws:"),
    fc.constantFrom("", "//", "//A.b", "//u:p@H:80", "//h:", "//[::A]:443", "//%41%2e"),
    fc.array(fc.constantFrom("/", ".", "..", "a", "%2E", "%2e", "%7E", "%2F", "%3a", "B", ":"), { maxLength: 8 }).map((a) => a.join("")),
    fc.constantFrom("", "?", "?%7e", "?a=%2F"),
    fc.constantFrom("", "#", "#%7E/./"),
  )
  .map((parts) => parts.join(""))
  .filter((s) => parse(s).ok);
const refs = fc.oneof(gen("URI-reference"), gen("URI"), small, small);

const OPTION_SETS: readonly NormalizeOptions[] = [
  {},
  { ipv6: "rfc5952" },
  { case: false },
  { percentEncoding: false },
  { dotSegments: false },
  { emptyPort: false, defaultPort: false, emptyPath: false },
];

describe("normalize: properties", () => {
  test.each(OPTION_SETS)("idempotent, parses, keeps its kind (options %j)", (options) => {
    fc.assert(
      fc.property(refs, (s) => {
        const once = normalizeReference(parseOrThrow(s), options);
        const text = serializeNode(once);
        const reparsed = parse(text);
        expect(reparsed.ok).toBe(true);
        if (!reparsed.ok) return;
        expect(reparsed.value.kind).toBe(once.kind);
        expect(reparsed.value.path.kind).toBe(once.path.kind);
        expect(serializeNode(normalizeReference(reparsed.value, options))).toBe(text);
        expect(serializeNode(normalizeReference(once, options))).toBe(text);
      }),
      { numRuns: runs(1500) },
    );
  });

  test("every remaining triplet has uppercase hex and stands for a character that is not unreserved, but the dots of a segment that would read \".\" or \"..\" where dot segments stay", () => {
    fc.assert(
      fc.property(refs, (s) => {
        const text = serializeNode(normalizeReference(parseOrThrow(s)));
        const kept = (at: number): boolean => {
          // the segment around `at`, once decoded, is a dot segment (one normalization made none of)
          const from = text.lastIndexOf("/", at) + 1;
          const to = [text.indexOf("/", at), text.indexOf("?", at), text.indexOf("#", at)].filter((x) => x >= 0).reduce((a, b) => Math.min(a, b), text.length);
          const seg = text.slice(from, to).replace(/%2E/g, ".");
          return seg === "." || seg === "..";
        };
        for (const m of text.matchAll(/%(..)/g)) {
          const hex = m[1] ?? "";
          expect(hex).toBe(hex.toUpperCase());
          const b = parseInt(hex, 16);
          if (b === 0x2e && kept(m.index ?? 0)) continue;
          expect(b < 128 && charsets.unreserved[b] === true).toBe(false);
        }
      }),
      { numRuns: runs(1500) },
    );
  });

  test("reserved triplets are never decoded: the count of each stays the same", () => {
    fc.assert(
      fc.property(refs, (s) => {
        const count = (t: string, re: RegExp): number => (t.match(re) ?? []).length;
        const text = serializeNode(normalizeReference(parseOrThrow(s), { dotSegments: false }));
        for (const re of [/%2F/gi, /%3F/gi, /%23/gi, /%40/gi, /%3A/gi]) expect(count(text, re)).toBe(count(s, re));
      }),
      { numRuns: runs(1000) },
    );
  });

  test("with every step off, the reference comes back as it was", () => {
    const off: NormalizeOptions = { case: false, percentEncoding: false, dotSegments: false, emptyPort: false, defaultPort: false, emptyPath: false };
    fc.assert(
      fc.property(refs, (s) => {
        expect(serializeNode(normalizeReference(parseOrThrow(s), off))).toBe(s);
      }),
      { numRuns: runs(1000) },
    );
  });

  test("relative-path references keep their dot segments", () => {
    fc.assert(
      fc.property(refs, (s) => {
        const node = parseOrThrow(s);
        fc.pre(node.kind === "relative-ref" && node.authority === undefined && !node.path.text.startsWith("/"));
        const out = normalizeReference(node, { percentEncoding: false, case: false });
        expect(out.path.text).toBe(node.path.text);
      }),
      { numRuns: runs(500) },
    );
  });
});

// RFC 3987 §5.3.2.2 with RFC 3986 §6.2.2: normalize with NFC on IRIs full of combining marks
// next to letters, delimiters and triplets, and of the characters NFC maps to ASCII.
const NFC_PIECES = [
  "\u0301", "\u0308", "\u0338", "\u0323", "\u0307", "\u030A", "\u0345", "\u037E", "\u1FEF", "\u212A", "\u2260", "\u00E9",
  "e", "E", "T", "t", "I", "O", "=", ";", "/", ".", "%41", "%CA", "%3D", "%2E",
];
const nfcRun = fc.array(fc.constantFrom(...NFC_PIECES), { maxLength: 6 }).map((a) => a.join(""));
const withMarks = fc
  .tuple(gen("IRI-reference"), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...NFC_PIECES)), { maxLength: 8 }))
  .map(([s, edits]) => edits.reduce((t, [at, piece]) => t.slice(0, at % (t.length + 1)) + piece + t.slice(at % (t.length + 1)), s));
const smallIri = fc
  .tuple(fc.constantFrom("", "http:", "HTTP:", "foo:"), fc.constantFrom("", "//", "//u@"), nfcRun, fc.constantFrom("", "/"), nfcRun,
    fc.constantFrom("", "?"), nfcRun, fc.constantFrom("", "#"), nfcRun)
  .map((parts) => parts.join(""));
const iris = fc.oneof(withMarks, smallIri, smallIri).filter((s) => isValid(s, "IRI-reference"));

describe("normalize with NFC: properties", () => {
  test.each<NormalizeOptions>([{ nfc: true }, { nfc: true, case: false }, { nfc: true, percentEncoding: false }, { nfc: true, dotSegments: false }])(
    "a valid IRI reference, normal after one pass (options %j)",
    (options) => {
      fc.assert(
        fc.property(iris, (s) => {
          const once = serializeNode(normalizeReference(parseRuleOrThrow(s, "IRI-reference"), options));
          expect([s, isValid(once, "IRI-reference")]).toEqual([s, true]);
          expect([s, serializeNode(normalizeReference(parseRuleOrThrow(once, "IRI-reference"), options))]).toEqual([s, once]);
          // the string API, with the registry's schemes, too
          const r = normalize(s, options);
          const text = r.ok ? serializeNode(r.value) : "";
          expect([s, isValid(text, "IRI-reference")]).toEqual([s, true]);
          const again = normalize(text, options);
          expect([s, again.ok && serializeNode(again.value)]).toEqual([s, text]);
        }),
        { numRuns: runs(1000), seed: seed(3987) },
      );
    },
  );
});
