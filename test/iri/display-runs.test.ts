// toDisplayString reads combining marks and percent-encoded UTF-8 a run at a time (scaling bench,
// display-combining-marks: 1 MB of U+0301 took twice the ns a character of 1 KB, 600 ns and more).
// The display text is the same as before: fixture rows made by the build before the change, and
// decodeWhere and encodeNonAscii against plain per-character readings. The work a character is
// bounded by the bytes allocated on the JS heap a character, not by time (counted as in
// test/template/walk-allocation.test.ts: the heap's used size before and after, plus what each
// collection in between freed).
import v8 from "node:v8";
import fc from "fast-check";
import { toDisplayString, type DisplayOptions } from "../../src/iri/index";
import { decodeWhere } from "../../src/iri/utf8";
import { encodeNonAscii } from "../../src/transforms/percent";
import { encodeWith } from "../../src/percent-encoding";
import { NO_CHARACTERS, inTable, unreservedTable } from "../../src/charsets";
import { readJson } from "../helpers/fixtures";
import { runs } from "../helpers/runs";

interface RunsFixture {
  readonly cases: readonly (readonly [string, DisplayOptions, string | { readonly throws: string }])[];
}

const shown = (input: string, options: DisplayOptions): string | { throws: string } => {
  try {
    return toDisplayString(input, options);
  } catch (e) {
    return { throws: (e as Error).name };
  }
};

describe("toDisplayString a run at a time: the same text", () => {
  const fx = readJson<RunsFixture>("iri", "display-runs.json");
  it.each(fx.cases.map((c) => [JSON.stringify(c[0]), ...c] as const))("%s", (_, input, options, expected) => {
    expect(shown(input, options)).toEqual(expected);
  });
});

/** §3.2 decoding read a character at a time: what decodeWhere did before it decoded runs. */
function plainDecode(text: string, accept: (cp: number) => boolean, unreserved: boolean): string {
  const octet = (i: number): number => (/^%[0-9A-Fa-f]{2}/.test(text.slice(i, i + 3)) ? parseInt(text.slice(i + 1, i + 3), 16) : -1);
  const hex = (b: number): string => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  let out = "";
  let p = 0;
  while (p < text.length) {
    const b = octet(p);
    if (b < 0) {
      out += text[p];
      p += 1;
    } else if (b < 0x80) {
      out += unreserved && inTable(unreservedTable, b) ? String.fromCharCode(b) : text.slice(p, p + 3);
      p += 3;
    } else {
      // the longest run of triplets that is one well-formed UTF-8 sequence (TextDecoder's reading)
      const count = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
      const octets = [b];
      for (let k = 1; k <= count && octet(p + 3 * k) >= 0; k++) octets.push(octet(p + 3 * k));
      let cp = -1;
      if (count > 0 && octets.length === count + 1) {
        try {
          const s = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(octets));
          if ([...s].length === 1) cp = s.codePointAt(0) ?? -1;
        } catch {
          // not well-formed
        }
      }
      if (cp >= 0 && accept(cp)) {
        out += String.fromCodePoint(cp);
        p += 3 * (count + 1);
      } else if (cp >= 0) {
        out += octets.map(hex).join("");
        p += 3 * (count + 1);
      } else {
        out += hex(b);
        p += 3;
      }
    }
  }
  return out;
}

const PIECES = ["a", "/", "%", "%2", "%41", "%2e", "%7E", "%25", "%CC%81", "%cc%81", "%C3%A9", "%E6%97%A5", "%F0%9D%85%A5", "%ED%A0%80", "%C0%AF", "%E0%80%AF", "%F4%90%80%80", "%FF", "%C3", "%E6%97", "%80", "\u00E9", "\u0301"];
const textOf = fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 5 })), { maxLength: 12 }).map((xs) => xs.map(([p, k]) => p.repeat(k)).join(""));
const ACCEPTS: readonly ((cp: number) => boolean)[] = [() => true, () => false, (cp) => cp !== 0x301, (cp) => cp > 0xffff || cp < 0x100];

describe("decodeWhere a run at a time", () => {
  it("gives what a plain reading a character at a time gives", () => {
    fc.assert(
      fc.property(textOf, fc.integer({ min: 0, max: ACCEPTS.length - 1 }), fc.boolean(), (text, a, unreserved) => {
        const accept = ACCEPTS[a] as (cp: number) => boolean;
        expect(decodeWhere(text, accept, unreserved)).toBe(plainDecode(text, accept, unreserved));
      }),
      { numRuns: runs(3000) },
    );
  });
});

describe("encodeNonAscii a run at a time", () => {
  it("gives each character beyond ASCII encoded on its own (a lone surrogate as U+FFFD)", () => {
    const unit = fc.constantFrom("a", "/", "%", "\u00E9", "\u0301", "\u65E5", "\u{1D165}", "\uD800", "\uDC00", "\uFFFF");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 16 }), (units) => {
        const text = units.join("");
        let plain = "";
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          const d = text.charCodeAt(i + 1);
          const pair = c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
          plain += c < 0x80 ? text[i] : encodeWith(text.slice(i, pair ? i + 2 : i + 1), NO_CHARACTERS);
          if (pair) i++;
        }
        expect(encodeNonAscii(text)).toBe(plain);
      }),
      { numRuns: runs(2000) },
    );
  });
});

/** JS-heap bytes allocated by `f`, the least of three runs after two, and what it returned last. */
function allocated<R>(f: () => R): { bytes: number; out: R } {
  let out = f();
  out = f();
  let bytes = Infinity;
  for (let run = 0; run < 3; run++) {
    const profiler = new v8.GCProfiler();
    profiler.start();
    const before = v8.getHeapStatistics().used_heap_size;
    out = f();
    const after = v8.getHeapStatistics().used_heap_size;
    let freed = 0;
    for (const e of profiler.stop().statistics) freed += e.beforeGC.heapStatistics.usedHeapSize - e.afterGC.heapStatistics.usedHeapSize;
    bytes = Math.min(bytes, after - before + freed);
  }
  return { bytes, out };
}

const N = 1 << 16;

describe("toDisplayString's heap allocation a character", () => {
  // Before: 455 to 1,180 bytes a character (a string and a concatenation a decoded character, a
  // string a character in encodeNonAscii, an array destructured a UTF-8 sequence, NFKC and a
  // set of regex tests a character in allowedInIri); now the texts themselves, a few copies each.
  it.each([
    ["U+0301 after a letter in the path", `http://a/a${"\u0301".repeat(N)}`, `http://a/a${"\u0301".repeat(N)}`],
    ["%CC%81 (U+0301) first in the path: all kept encoded", `http://a/${"%CC%81".repeat(N)}`, `http://a/${"%CC%81".repeat(N)}`],
    ["U+0301 after a letter in the query", `http://a/?a${"\u0301".repeat(N)}`, `http://a/?a${"\u0301".repeat(N)}`],
    ["U+00E9 in the path", `http://a/${"\u00E9".repeat(N)}`, `http://a/${"\u00E9".repeat(N)}`],
    ["U+05D0 (Hebrew) in the path", `http://a/${"\u05D0".repeat(N)}`, `http://a/${"\u05D0".repeat(N)}`],
  ])("%s: under 100 bytes a character", (_, input, expected) => {
    const r = allocated(() => toDisplayString(input));
    expect(r.out).toBe(expected);
    expect(r.bytes / N).toBeLessThan(100);
  });
});
