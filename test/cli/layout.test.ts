// The figure's layout in-process: terminal widths (UAX #11), and on generated URI and IRI
// references the properties that keep it readable: each bracket spans its component's columns,
// labels never share a cell, every label hangs from its own tick by an unbroken line.
import fc from "fast-check";
import { parse, parseRule } from "../../src/parse";
import { figure, placeLabels, referenceParts, sideItems, type Item, type Part } from "../../src/cli/figure";
import { drawable, plain } from "../../src/cli/style";
import { caretColumn, columnsOf } from "../../src/width";
import { validFor } from "../helpers/generators";
import type { UriReference } from "../../src/ast/nodes";
import { runs } from "../helpers/runs";

/** The columns `text` takes in a terminal: the caret's column at its end. */
const textWidth = (text: string): number => caretColumn(text, text.length);

describe("textWidth: terminal columns", () => {
  test.each([
    ["ASCII", "http://a/b", 10],
    ["empty", "", 0],
    ["Latin with a precomposed é", "résumé", 6],
    ["Latin with combining marks (U+0301)", "re\u0301sume\u0301", 6],
    ["CJK ideographs and kana (W)", "例え.テスト", 11],
    ["Hangul syllables (W)", "한국", 4],
    ["conjoining Hangul jamo: one syllable", "\u1100\u1161\u11a8", 2],
    ["fullwidth forms (F)", "ＡＢ", 4],
    ["halfwidth katakana (H)", "ｱｲ", 2],
    ["an emoji beyond U+FFFF", "😀", 2],
    ["a flag (two regional indicators)", "🇫🇷", 2],
    ["a ZWJ sequence", "👩‍💻", 2],
    ["a text-style pictograph, then made emoji by U+FE0F", "❤❤️", 3],
    ["zero-width space and joiner (Cf)", "a\u200bb\u200dc", 3],
    ["CJK Extension B (beyond U+FFFF)", "𠀋", 2],
  ])("%s: %j takes %i columns", (_what, text, width) => {
    expect(textWidth(text)).toBe(width);
    expect(columnsOf(text)[text.length]).toBe(width);
  });

  test("columnsOf: an offset inside a grapheme cluster maps to the column after it", () => {
    expect(columnsOf("?e\u0301x")).toEqual([0, 1, 2, 2, 3]);
    expect(columnsOf("a😀b")).toEqual([0, 1, 3, 3, 4]);
    expect(columnsOf("例/")).toEqual([0, 2, 3]);
  });
});

describe("columnsOf: long text, segmented a window at a time", () => {
  const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
  /** The columns from segmenting the whole string at once (quadratic in V8, so only on short text). */
  function reference(text: string): number[] {
    const cols = new Array<number>(text.length + 1);
    let col = 0;
    for (const { segment, index } of segmenter.segment(text)) {
      cols[index] = col;
      col += textWidth(segment);
      for (let k = 1; k < segment.length; k++) cols[index + k] = col;
    }
    cols[text.length] = col;
    return cols;
  }
  const piece = fc.constantFrom("a", "/", "例", "e\u0301", "\u0301", "🇫🇷", "🇫", "👩\u200d💻", "❤\ufe0f", "\u1100\u1161\u11a8", "x\u200d", "😀", "\u06001", "\r\n");
  test("the same columns as segmenting the whole text, across window edges (surrogate pairs, ZWJ sequences, flags)", () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 400 }), (ps) => {
      const text = ps.join("");
      expect(columnsOf(text)).toEqual(reference(text));
    }), { numRuns: runs(100) });
  });

  // Regression: a 100,000-character URI took seconds (Intl.Segmenter over the whole text, and
  // /[ ]+$/ on each label row, are quadratic); both are linear now.
  test("a 100,000-character path draws", () => {
    const text = `http://a/${"x".repeat(100000)}?q#f`;
    const lines = figure(text, referenceParts(parsed(text)), plain);
    expect(lines[0]).toBe(" ".repeat(6) + "host");
    expect(lines[2]).toBe(text);
    expect(columnsOf("例".repeat(100000))[100000]).toBe(200000);
  });
});

const parsed = (text: string): UriReference => reference(text);

/** The parsed reference of a generated string (IRI-reference when it is not a URI reference). */
function reference(text: string): UriReference {
  const r = parse(text);
  if (r.ok) return r.value;
  const i = parseRule(text, "IRI-reference");
  if (!i.ok) throw new Error(`generated ${JSON.stringify(text)} does not parse`);
  return i.value;
}

/** The layout properties of one side. */
function checkSide(parts: readonly Part[], cols: readonly number[]): void {
  const notes: string[] = [];
  const items = sideItems(parts, cols, notes);
  // a component's bracket spans exactly its columns; one without columns is a mark on one column
  for (const p of parts) {
    const from = cols[p.start] as number;
    const to = cols[p.end] as number;
    const mine = items.filter((it) => it.label.split(", ").some((l) => l === p.name || l === `${p.name} (empty)`));
    if (to > from) expect(mine.map((it) => [it.from, it.to])).toEqual([[from, to]]);
    else if (mine.length === 1) expect((mine[0] as Item).to - (mine[0] as Item).from).toBe(1);
    else expect(notes.some((n) => n.includes(p.name))).toBe(true);
  }
  // brackets and marks do not overlap; ticks are inside their brackets
  const sorted = [...items].sort((a, b) => a.from - b.from);
  sorted.forEach((it, k) => {
    expect(it.tick >= it.from && it.tick < it.to).toBe(true);
    if (k > 0) expect(it.from).toBeGreaterThanOrEqual((sorted[k - 1] as Item).to);
  });
  const placed = placeLabels(items);
  placed.forEach((p, k) => {
    const it = items[k] as Item;
    // the label covers its tick's column: the line (or the bracket) ends in it
    expect(p.start <= it.tick && it.tick < p.start + it.label.length).toBe(true);
    placed.forEach((q, j) => {
      if (j === k) return;
      const other = items[j] as Item;
      // labels on one row keep a space between them
      if (q.row === p.row) expect(p.start + it.label.length < q.start || q.start + other.label.length < p.start).toBe(true);
      // this label's line (rows above its own) crosses no other label
      if (q.row < p.row) expect(it.tick >= q.start && it.tick < q.start + other.label.length).toBe(false);
    });
  });
}

function checkFigure(text: string): void {
  const ref = reference(text);
  const parts = referenceParts(ref);
  const shown = drawable(text);
  const cols = columnsOf(shown);
  checkSide(parts.above, cols);
  checkSide(parts.below, cols);
  // it draws (a cell drawn twice would throw), with the text as its own line
  const lines = figure(text, parts, plain);
  expect(lines).toContain(shown);
  for (const line of lines) expect(line).toBe(line.trimEnd());
}

describe("figure: layout properties", () => {
  test("on generated URI references", () => {
    fc.assert(fc.property(validFor("URI-reference"), checkFigure), { numRuns: runs(200) });
  });

  test("on generated IRI references (wide characters, combining marks, astral characters)", () => {
    fc.assert(fc.property(validFor("IRI-reference"), checkFigure), { numRuns: runs(200) });
  });

  test("on crowded references: short components, many of them empty", () => {
    const piece = fc.constantFrom("", "a", "ab", "例", "e\u0301");
    const crowded = fc
      .record({ scheme: fc.boolean(), auth: fc.boolean(), user: fc.option(piece), host: piece, port: fc.option(fc.constantFrom("", "1", "80")), path: piece, query: fc.option(piece), fragment: fc.option(piece) })
      .map((c) => {
        const authority = c.auth ? `//${c.user === null ? "" : `${c.user}@`}${c.host}${c.port === null ? "" : `:${c.port}`}` : "";
        const path = c.auth && c.path !== "" ? `/${c.path}` : c.path;
        return `${c.scheme ? "s:" : ""}${authority}${path}${c.query === null ? "" : `?${c.query}`}${c.fragment === null ? "" : `#${c.fragment}`}`;
      })
      .filter((s) => parseRule(s, "IRI-reference").ok);
    fc.assert(fc.property(crowded, checkFigure), { numRuns: runs(300) });
  });

  // Regression: a centred label once covered a tick still to be placed (the "host" label over the
  // "@" of an empty userinfo), so that tick's label fitted on no row and placeLabels looped forever.
  test("a centred label never covers a tick still to be placed, so every label finds a row", () => {
    const items: Item[] = [
      { from: 0, to: 1, tick: 0, label: "a", colour: undefined },
      { from: 1, to: 2, tick: 1, label: "a-long-label", colour: undefined },
    ];
    expect(placeLabels(items)).toEqual([{ row: 1, start: 0 }, { row: 0, start: 1 }]);
    expect(figure("http://@h", referenceParts(reference("http://@h")), plain)).toEqual([
      "userinfo (empty)",
      "       │host",
      "       ││",
      "http://@h",
      "└┬─┘   ├┘",
      " │ authority",
      "scheme",
    ]);
  });

  test("many one-column marks next to each other: one row per label at most", () => {
    const items: Item[] = Array.from({ length: 40 }, (_, k) => ({ from: k, to: k + 1, tick: k, label: `label-${k}`, colour: undefined }));
    const placed = placeLabels(items);
    expect(placed).toHaveLength(40);
    expect(Math.max(...placed.map((p) => p.row))).toBeLessThanOrEqual(40);
  });

  test("a label that cannot be centred starts at its tick, on another row, and hangs from a line", () => {
    expect(figure("a:b", referenceParts(reference("a:b")), plain)).toEqual(["a:b", "│ │", "│ path", "scheme"]);
  });
});
