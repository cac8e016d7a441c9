// RFC 3986 §2.1 percent-encoding with UTF-8 (RFC 3629): decode and encode fixtures, the decoder
// against the platform's TextDecoder (the WHATWG Encoding standard), and round trips.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { isValid } from "../../src/parse";
import type { RuleName } from "../../src/rules/index";
import { DecodeError } from "../../src/transforms/errors";
import { percentDecode, percentEncode, type EncodeRule } from "../../src/transforms/percent";
import { HEX_VALUES, hexValue } from "../../src/percent-encoding";
import { runs } from "../helpers/runs";

const dir = path.join(__dirname, "../../fixtures/percent");
interface DecodeFixture {
  readonly ok: { readonly source: string; readonly cases: readonly (readonly [string, string])[] };
  readonly errors: { readonly source: string; readonly cases: readonly (readonly [string, "bad-escape" | "invalid-utf8", number])[] };
  readonly replacement: { readonly source: string; readonly cases: readonly (readonly [string, string])[] };
}
interface EncodeFixture {
  readonly source: string;
  readonly cases: readonly (readonly [string, EncodeRule, string])[];
}
const decodeFx = JSON.parse(fs.readFileSync(path.join(dir, "decode.json"), "utf8")) as DecodeFixture;
const encodeFx = JSON.parse(fs.readFileSync(path.join(dir, "encode.json"), "utf8")) as EncodeFixture;

const RULES: readonly EncodeRule[] = [
  "segment", "segment-nz", "segment-nz-nc", "pchar", "path", "query", "fragment", "userinfo", "reg-name", "unreserved",
];

/** The string with each lone surrogate replaced by U+FFFD (what String.prototype.toWellFormed does). */
const wellFormed = (s: string): string => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** Strings of any UTF-16 code units, with lone surrogates and ASCII delimiters frequent. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("%", "/", "?", "#", ":", "@", "&", "=", "+", " ", "~", ".", "a", "Z", "\uD800", "\uDFFF", "é", "😀"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  ),
  maxLength: 20,
});

/** Does `encoded` match `rule`? For pchar and unreserved, a sequence of them. */
function matchesRule(encoded: string, rule: EncodeRule): boolean {
  if (rule === "pchar") return isValid(encoded, "segment");
  if (rule === "unreserved") return [...encoded.replace(/%[0-9A-F]{2}/g, "")].every((ch) => isValid(ch, "unreserved"));
  return isValid(encoded, rule as RuleName);
}

describe("hexValue: RFC 3986 §2.1's HEXDIG (RFC 5234 B.1, either case)", () => {
  it("reads 0-9, A-F and a-f on every code unit, and -1 for every other number it is given", () => {
    const HEXDIG = "0123456789abcdef";
    const wrong: number[] = [];
    for (let c = -2; c <= 0x10000; c++) {
      const ch = c >= 0 ? String.fromCharCode(c) : "";
      const want = /^[\dA-Fa-f]$/.test(ch) ? HEXDIG.indexOf(ch.toLowerCase()) : -1;
      if (hexValue(c) !== want || (c >= 0 && c < 128 && HEX_VALUES[c] !== want)) wrong.push(c);
    }
    expect([wrong, hexValue(Number.NaN), hexValue(0x10041), hexValue(0x10031)]).toEqual([[], -1, -1, -1]);
  });
});

describe("percentDecode", () => {
  test.each(decodeFx.ok.cases)(`${decodeFx.ok.source}: %j -> %j`, (input, expected) => {
    expect(percentDecode(input)).toEqual({ ok: true, value: expected });
    expect(percentDecode(input, { replacement: true })).toEqual({ ok: true, value: expected });
  });

  test.each(decodeFx.errors.cases)(`${decodeFx.errors.source}: %j -> %s at %d`, (input, code, offset) => {
    const r = percentDecode(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(DecodeError);
    expect(r.error).toMatchObject({ code, offset, input });
    expect(r.error.message).toContain(`offset ${offset}`);
  });

  test.each(decodeFx.replacement.cases)(`${decodeFx.replacement.source}: %j -> %j`, (input, expected) => {
    expect(percentDecode(input, { replacement: true })).toEqual({ ok: true, value: expected });
  });

  const bytes = fc.array(
    fc.oneof(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0x80, max: 0xbf }), fc.constantFrom(0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xf5)),
    { maxLength: 12 },
  );
  const asTriplets = (b: readonly number[]): string => b.map((x) => `%${x.toString(16).padStart(2, "0")}`).join("");

  test("with replacement, gives what TextDecoder gives for the same octets", () => {
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    fc.assert(
      fc.property(bytes, (b) => {
        expect(percentDecode(asTriplets(b), { replacement: true })).toEqual({ ok: true, value: decoder.decode(Uint8Array.from(b)) });
      }),
      { numRuns: runs(5000) },
    );
  });

  test("without replacement, fails exactly when a fatal TextDecoder throws", () => {
    const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    fc.assert(
      fc.property(bytes, (b) => {
        let expected: string | undefined;
        try {
          expected = fatal.decode(Uint8Array.from(b));
        } catch {
          expected = undefined;
        }
        const r = percentDecode(asTriplets(b));
        if (expected === undefined) expect(r.ok).toBe(false);
        else expect(r).toEqual({ ok: true, value: expected });
      }),
      { numRuns: runs(5000) },
    );
  });
});

describe("percentEncode", () => {
  test.each(encodeFx.cases)(`${encodeFx.source}: %j for %s -> %j`, (input, rule, expected) => {
    expect(percentEncode(input, rule)).toBe(expected);
  });

  test("an unknown rule name is a TypeError", () => {
    expect(() => percentEncode("a", "host" as EncodeRule)).toThrow(TypeError);
  });

  test("without its rule, the TypeError says the rule is the argument after the text", () => {
    // A new user's first call, percentEncode("a b"), was told "unsupported rule undefined".
    const call = (): string => (percentEncode as (text: string) => string)("a b");
    expect(call).toThrow(TypeError);
    expect(call).toThrow('percentEncode: the rule is the argument after the text, e.g. percentEncode(text, "segment"): one of segment, segment-nz,');
    // A wrong rule keeps naming what it got.
    expect(() => percentEncode("a", "host" as EncodeRule)).toThrow('percentEncode: unsupported rule "host" (one of segment,');
  });

  test.each(RULES)("%s: the result always matches the rule", (rule) => {
    const nonEmpty = rule === "segment-nz" || rule === "segment-nz-nc";
    fc.assert(
      fc.property(anyText, (x) => {
        fc.pre(!nonEmpty || x !== "");
        expect(matchesRule(percentEncode(x, rule), rule)).toBe(true);
      }),
      { numRuns: runs(1000) },
    );
  });

  test.each(RULES)("%s: percentDecode(percentEncode(x)) is x, lone surrogates becoming U+FFFD", (rule) => {
    fc.assert(
      fc.property(anyText, (x) => {
        expect(percentDecode(percentEncode(x, rule))).toEqual({ ok: true, value: wellFormed(x) });
      }),
      { numRuns: runs(1000) },
    );
  });

  test("a well-formed string round-trips exactly, and characters the rule allows are left alone", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (x) => {
        expect(percentDecode(percentEncode(x, "query"))).toEqual({ ok: true, value: x });
        const unreservedOnly = x.replace(/[^A-Za-z0-9\-._~]/g, "");
        expect(percentEncode(unreservedOnly, "unreserved")).toBe(unreservedOnly);
      }),
      { numRuns: runs(1000) },
    );
  });

  test("agrees with encodeURIComponent on well-formed strings for the unreserved set, but for !'()*", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (x) => {
        const expected = encodeURIComponent(x).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
        expect(percentEncode(x, "unreserved")).toBe(expected);
      }),
      { numRuns: runs(1000) },
    );
  });
});
