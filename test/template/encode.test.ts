// The expander's encoder (src/template/encode.ts) writes its octets with the platform's UTF-8
// encoder (encodeURIComponent, encodeURI) and a fix-up for the characters RFC 3986 §2.2/§2.3
// class differently. Held here to the package's own percent encoder (src/percent-encoding.ts,
// over the classes of src/charsets.ts) on every character class that matters, and its UTF-8
// sequence check to the package's UTF-8 table (src/utf8-table.ts) on every lead and second octet.
import fc from "fast-check";
import { tableOf } from "../../src/charsets";
import { RESERVED, UNRESERVED } from "../../src/compiled/charsets";
import { encodeWith } from "../../src/percent-encoding";
import { encodedCharLength, encodeValue, prefixOf } from "../../src/template/encode";
import { expand } from "../../src/template/index";
import { utf8Lead } from "../../src/utf8-table";
import { runs, seed } from "../helpers/runs";

const U = tableOf(UNRESERVED);
const U_R = tableOf(UNRESERVED, RESERVED);

/** Characters from every class: unreserved, reserved, "%" and triplets, other ASCII, 2-, 3- and 4-octet UTF-8, non-characters, surrogates. */
const unit = fc.oneof(
  fc.constantFrom("a", "Z", "0", "-", ".", "_", "~", "!", "'", "(", ")", "*", "[", "]", ":", "/", "?", "#", "@", "$", "&", "+", ",", ";", "=", "%", "%41", "%e2%82%ac", "%5B", "%25", "%2", "%zz", " ", '"', "<", ">", "\\", "^", "`", "{", "|", "}", "\x00", "\x7f"),
  fc.constantFrom("é", "\u0080", "\u07ff", "\u0800", "€", "\ufdd0", "\ufffe", "\uffff", "\ud83d\ude00", "\udbff\udfff", "\u{10000}"),
  fc.string({ unit: "binary", maxLength: 2 }),
);
const text = fc.array(unit, { maxLength: 10 }).map((u) => u.join(""));
const wellFormed = (s: string): boolean => !/\p{Cs}/u.test(s);

describe("encodeValue: the platform's UTF-8 encoder, fixed up to RFC 6570's U and U+R", () => {
  it("agrees with the package's percent encoder on U and U+R, and throws for a lone surrogate", () => {
    fc.assert(
      fc.property(text, (s) => {
        if (wellFormed(s)) {
          expect(encodeValue(s, false)).toBe(encodeWith(s, U));
          expect(encodeValue(s, true)).toBe(encodeWith(s, U_R, true));
        } else {
          expect(() => encodeValue(s, false)).toThrow(URIError);
          expect(() => encodeValue(s, true)).toThrow(URIError);
        }
      }),
      { numRuns: runs(3000), seed: seed(6571) },
    );
  });

  it("every ASCII character, alone and after a triplet", () => {
    for (let c = 0; c < 128; c++) {
      for (const s of [String.fromCharCode(c), `%4${String.fromCharCode(c)}`, `%${String.fromCharCode(c)}1`, `${String.fromCharCode(c)}%41`]) {
        expect([s, encodeValue(s, false)]).toEqual([s, encodeWith(s, U)]);
        expect([s, encodeValue(s, true)]).toEqual([s, encodeWith(s, U_R, true)]);
      }
    }
  });
});

describe("encodedCharLength: the platform's UTF-8 decoder agrees with the UTF-8 table", () => {
  const hex = (b: number): string => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  /** The table's answer: the sequence's length in code units, or 0. */
  const byTable = (s: string, i: number): number => {
    const octet = (k: number): number => (/^%[0-9A-Fa-f]{2}$/.test(s.slice(k, k + 3)) ? parseInt(s.slice(k + 1, k + 3), 16) : -1);
    const [count, lowest, highest] = utf8Lead(octet(i));
    if (count === 0) return 0;
    for (let k = 1; k <= count; k++) {
      const b = octet(i + 3 * k);
      if (k === 1 ? b < lowest || b > highest : b < 0x80 || b > 0xbf) return 0;
    }
    return 3 * (count + 1);
  };

  it("on every lead and second octet, with continuations in and out of range and cut short", () => {
    const rest = ["", "%80", "%BF", "%80%80", "%bf%8f", "%C0%80", "%7F%80", "%80%7F", "x", "%8"];
    let differ = 0;
    for (let a = 0; a < 256; a++) {
      for (let b = 0; b < 256; b++) {
        for (const r of rest) {
          const s = hex(a) + hex(b).toLowerCase() + r;
          if (encodedCharLength(s, 0) !== byTable(s, 0)) differ++;
        }
      }
    }
    expect(differ).toBe(0);
  });

  it("prefixOf counts a triplet sequence of one character as one character (RFC 6570 §2.4.1)", () => {
    expect(prefixOf("%E2%82%ACab", 1, true)).toBe("%E2%82%AC");
    expect(prefixOf("%E2%82%ACab", 2, true)).toBe("%E2%82%ACa");
    expect(prefixOf("%E2%82ab", 1, true)).toBe("%E2");
    expect(prefixOf("%C0%AFx", 1, true)).toBe("%C0");
    expect(prefixOf("%F0%9F%98%80z", 1, true)).toBe("%F0%9F%98%80");
    expect(prefixOf("%F0%9F%98%80z", 1, false)).toBe("%");
    expect(prefixOf("\ud83d\ude00z", 1, false)).toBe("\ud83d\ude00");
  });
});

describe("a lone surrogate in a value is a TypeError naming the variable and where it is (RFC 6570 §1.6)", () => {
  it.each([["a plain string", "a\ud800"], ["a list member", ["b", "a\ud800"]], ["a pair's value", { k: "a\ud800" }], ["a key", { "a\ud800": "v" }]])("%s", (_kind, x) => {
    expect(() => expand("{x}", { x })).toThrow(new TypeError('expand: the variable "x" holds a lone surrogate (code unit 1 of a string it holds), which has no UTF-8 form (RFC 6570 §1.6)'));
  });
});
