// Batch mode's line splitter in-process (src/cli/batch.ts splitLineBatches): the lines readline made of
// the same bytes, wherever the chunks break (inside CRLF, inside a UTF-8 sequence), and a line
// past the limit counted to its end with only its beginning kept.
import { isUtf8 } from "node:buffer";
import fc from "fast-check";
import { splitLineBatches } from "../../src/cli/batch";
import type { Line } from "../../src/cli/batch-types";
import { runs } from "../helpers/runs";

async function linesOf(chunks: readonly (Buffer | string)[], limit = 1000): Promise<Line[]> {
  const out: Line[] = [];
  async function* source(): AsyncGenerator<Buffer | string> {
    yield* chunks;
  }
  for await (const batch of splitLineBatches(source(), limit)) out.push(...batch);
  return out;
}

/** The bytes cut at the given offsets. */
const cut = (bytes: Buffer, at: readonly number[]): Buffer[] => {
  const points = [...new Set(at.map((k) => k % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
};

/** What readline (crlfDelay: Infinity) makes of the text: LF, CRLF and a lone CR end a line; a byte order mark first is left out. */
const expected = (text: string): string[] => {
  const t = text.startsWith("\ufeff") ? text.slice(1) : text;
  const lines = t.split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
};

describe("splitLineBatches", () => {
  test.each([
    ["LF, CRLF, a lone CR, an empty line, no break at the end", "a\r\nb\rc\n\nd", ["a", "b", "c", "", "d"]],
    ["a break at the end: no empty line after it", "a\n", ["a"]],
    ["only a break", "\n", [""]],
    ["nothing", "", []],
    ["a byte order mark first", "\ufeffhttp://a\n\ufeffx\n", ["http://a", "\ufeffx"]],
    ["CR, CR LF", "\r\r\n", ["", ""]],
  ])("%s", async (_what, text, lines) => {
    expect((await linesOf([Buffer.from(text)])).map((l) => l.text)).toEqual(lines);
  });

  test("the same lines wherever the chunks break (inside CRLF, inside UTF-8 sequences)", async () => {
    const piece = fc.constantFrom("a", "\n", "\r", "\r\n", "例", "😀", "é", "\t", "\ufeff");
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), async (ps, at) => {
        const text = ps.join("");
        const got = await linesOf(cut(Buffer.from(text), at));
        expect(got.map((l) => l.text)).toEqual(expected(text));
        expect(got.map((l) => l.length)).toEqual(expected(text).map((l) => l.length));
        expect(got.map((l) => l.tab)).toEqual(expected(text).map((l) => l.indexOf("\t")));
      }),
      { numRuns: runs(300) },
    );
  });

  test("a line with bytes that are not UTF-8 is marked notUtf8, wherever the chunks break; the others are not", async () => {
    const piece = fc.constantFrom<readonly number[]>([0x61], [0x0a], [0x0d], [0x0d, 0x0a], [0xe4, 0xbe, 0x8b], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbf, 0xbd], [0xff], [0xe4], [0xe4, 0xbe], [0xc3], [0xbf], [0xe0, 0x80], [0xed, 0xa0, 0x80]);
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 8 }), async (ps, at) => {
        const bytes = Buffer.from(ps.flat());
        const got = await linesOf(cut(bytes, at));
        // the lines of the bytes, split as readline splits text (CR and LF are never inside a sequence)
        const raw: Buffer[] = [];
        let from = 0;
        for (let i = 0; i < bytes.length; i++) {
          if (bytes[i] !== 0x0a && bytes[i] !== 0x0d) continue;
          raw.push(bytes.subarray(from, i));
          if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) i++;
          from = i + 1;
        }
        if (from < bytes.length) raw.push(bytes.subarray(from));
        expect(got.map((l) => l.notUtf8 === true)).toEqual(raw.map((b) => !isUtf8(b)));
        expect(got.map((l) => l.text)).toEqual(raw.map((b) => new TextDecoder().decode(b)));
      }),
      { numRuns: runs(500) },
    );
  });

  test("a line past the limit: its length and first tab counted to its end, only limit + 64 code units kept", async () => {
    const line = `${"x".repeat(100)}\t${"例".repeat(5000)}`;
    const chunks = cut(Buffer.from(`${line}\nnext\n`), [7, 300, 301, 302, 4000, 9000]);
    const [long, next] = await linesOf(chunks, 10);
    expect(long).toEqual({ text: line.slice(0, 74), length: line.length, tab: 100 });
    expect(next).toEqual({ text: "next", length: 4, tab: -1 });
  });
});
