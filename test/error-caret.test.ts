// The caret of error.message stands under the character a terminal shows at the error's offset
// (issue 21): columns by display width (src/width.ts: East Asian Width, combining marks, emoji
// clusters), the same function the CLI and its figure use. fixtures/error-caret.json.
import * as fs from "node:fs";
import * as path from "node:path";
import { parseRule, type RuleName } from "../src/index";
import { caretColumn } from "../src/width";
import { caretExcerpt } from "../src/errors";
import fc from "fast-check";
import { FIXTURES } from "./helpers/fixtures";

interface CaretCase {
  readonly input: string;
  readonly rule: RuleName;
  readonly offset: number;
  readonly column: number;
  readonly source: string;
}

const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, "error-caret.json"), "utf8")) as { cases: CaretCase[] };

describe("the caret of error.message, in terminal columns", () => {
  it.each(fixture.cases.map((c) => [c.input, c]))("%j", (_input, c) => {
    const r = parseRule(c.input, c.rule);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.offset).toBe(c.offset);
    const [, line = "", caret = ""] = r.error.message.split("\n");
    expect(caret.indexOf("^")).toBe(c.column);
    // the caret's column is where the character at the offset starts on the excerpt line
    expect(caret).toBe(`${" ".repeat(c.column)}^`);
    expect(caretColumn(line, line.length)).toBeGreaterThan(c.column); // the line's width
  });
});

describe("caretColumn", () => {
  it("is the column of the grapheme cluster that holds the offset", () => {
    expect(caretColumn("ab", 0)).toBe(0);
    expect(caretColumn("ab", 2)).toBe(2);
    expect(caretColumn("例え", 1)).toBe(2);
    expect(caretColumn("e\u0301x", 1)).toBe(0);
    expect(caretColumn("e\u0301x", 2)).toBe(1);
    expect(caretColumn("😀x", 2)).toBe(2);
    expect(caretColumn("😀x", 1)).toBe(0);
  });
});

// caretExcerpt shows printable US-ASCII as it is, one column a character (its fast path); the
// caret stands under the character at the offset, or at the nearer end for an offset outside.
describe("caretExcerpt of printable US-ASCII", () => {
  it("puts the caret under the character at the offset, the excerpt being the text around it", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 120 }), fc.integer({ min: -5, max: 130 }), (text, offset) => {
        // no userinfo password to mask in these: no "@"
        fc.pre(!text.includes("@"));
        const [line = "", caret = "", ...rest] = caretExcerpt(text, offset).split("\n");
        expect(rest).toEqual([]);
        const head = line.startsWith("  …") ? 1 : 0;
        const shown = line.slice(2 + head, line.endsWith("…") && !text.endsWith("…") ? -1 : undefined);
        expect(text.includes(shown)).toBe(true);
        const column = caret.indexOf("^") - 2;
        expect(caret).toBe(`  ${" ".repeat(column)}^`);
        const at = Math.max(0, Math.min(offset, text.length));
        // the character under the caret is the one at the (clamped) offset
        expect(line.slice(2)[column]).toBe(at < text.length ? text[at] : undefined);
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});
