// Terminal columns of text, as terminals draw it (UAX #11 East Asian Width, Unicode 15.1): wide
// and fullwidth characters take two columns, combining marks and other invisible characters none,
// and a grapheme cluster (UAX #29: an emoji sequence, a base with its marks) takes the width of its
// widest character. One function for every caret and figure: error.message (errors.ts
// caretExcerpt), the CLI's messages and its figure. It is in the main entry's bundle, so its
// tables stay ranges (the Unicode properties come from the engine's \p{...}).

/** East Asian Width W and F ranges outside the emoji, which `Emoji_Presentation` covers. Sorted. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], [0x2329, 0x232a], [0x2e80, 0x2e99], [0x2e9b, 0x2ef3], [0x2f00, 0x2fd5],
  [0x2ff0, 0x2fff], [0x3000, 0x303e], [0x3041, 0x3096], [0x3099, 0x30ff], [0x3105, 0x312f],
  [0x3131, 0x318e], [0x3190, 0x31e5], [0x31ef, 0x321e], [0x3220, 0x3247], [0x3250, 0x4dbf],
  [0x4e00, 0xa48c], [0xa490, 0xa4c6], [0xa960, 0xa97c], [0xac00, 0xd7a3], [0xf900, 0xfaff],
  [0xfe10, 0xfe19], [0xfe30, 0xfe52], [0xfe54, 0xfe66], [0xfe68, 0xfe6b], [0xff01, 0xff60],
  [0xffe0, 0xffe6], [0x16fe0, 0x16fe4], [0x16ff0, 0x16ff1], [0x17000, 0x187f7], [0x18800, 0x18cd5],
  [0x18d00, 0x18d08], [0x1aff0, 0x1affe], [0x1b000, 0x1b122], [0x1b132, 0x1b132], [0x1b150, 0x1b152],
  [0x1b155, 0x1b155], [0x1b164, 0x1b167], [0x1b170, 0x1b2fb], [0x1f200, 0x1f202], [0x1f210, 0x1f23b],
  [0x1f240, 0x1f248], [0x1f250, 0x1f251], [0x1f260, 0x1f265], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];

/** Characters that take no column: marks, format characters, conjoining Hangul vowels and finals. */
const ZERO = /[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]/u;
const EMOJI = /\p{Emoji_Presentation}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function inWide(cp: number): boolean {
  let lo = 0;
  let hi = WIDE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = WIDE[mid] as readonly [number, number];
    if (cp < from) hi = mid - 1;
    else if (cp > to) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The columns one character takes: 0, 1 or 2. */
export function charWidth(cp: number): number {
  const ch = String.fromCodePoint(cp);
  if (cp === 0xad) return 1; // SOFT HYPHEN is Cf, yet terminals draw it
  if (CONTROL.test(ch) || ZERO.test(ch)) return 0;
  if (EMOJI.test(ch) || inWide(cp)) return 2;
  return 1;
}

/** Made on first use: creating a Segmenter loads ICU's break data, some 10 ms at import. */
let graphemes: Intl.Segmenter | undefined;
const segmenter = (): Intl.Segmenter => (graphemes ??= new Intl.Segmenter("en", { granularity: "grapheme" }));

/** The columns of one grapheme cluster: its widest character; 2 for a pictograph made emoji by U+FE0F. */
function clusterWidth(cluster: string): number {
  let w = 0;
  for (const ch of cluster) w = Math.max(w, charWidth(ch.codePointAt(0) as number));
  if (w < 2 && cluster.includes("\ufe0f") && PICTOGRAPH.test(cluster)) w = 2;
  return w;
}

/** The columns `text` takes in a terminal. */
export function textWidth(text: string): number {
  // ASCII without controls: one column a character
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  return columnsOf(text)[text.length] as number;
}

/** Printable ASCII: between two of these there is always a grapheme cluster boundary (UAX #29 GB999). */
const safe = (c: number): boolean => c >= 0x20 && c <= 0x7e;

/**
 * How much text Intl.Segmenter is given at a time: its iteration takes time quadratic in the
 * length of the string segmented (V8), so long text is segmented in windows.
 */
const WINDOW = 256;

/**
 * The column at which each UTF-16 offset of `text` starts, `text.length + 1` entries. An offset
 * inside a grapheme cluster (after its first character) maps to the column after the cluster: a
 * combining mark belongs to the cell of the character before it. Linear in the length: printable
 * ASCII followed by printable ASCII is a cluster of its own; other text is segmented a window at
 * a time, starting at a cluster boundary and keeping all of the window's clusters but the last
 * (which may go on past it).
 */
export function columnsOf(text: string): readonly number[] {
  const n = text.length;
  const cols = new Array<number>(n + 1);
  let col = 0;
  let i = 0;
  while (i < n) {
    if (safe(text.charCodeAt(i)) && (i + 1 === n || safe(text.charCodeAt(i + 1)))) {
      cols[i++] = col++;
      continue;
    }
    for (let size = WINDOW; ; size *= 2) {
      let end = Math.min(n, i + size);
      // whole code points: a window cut between a surrogate pair would end a cluster early
      if (end < n && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
      const clusters = [...segmenter().segment(text.slice(i, end))];
      const keep = end === n ? clusters.length : clusters.length - 1;
      if (keep === 0) continue; // one cluster longer than the window: a bigger window
      for (let k = 0; k < keep; k++) {
        const { segment, index } = clusters[k] as Intl.SegmentData;
        const at = i + index;
        cols[at] = col;
        col += clusterWidth(segment);
        for (let j = 1; j < segment.length; j++) cols[at + j] = col;
      }
      const last = clusters[keep - 1] as Intl.SegmentData;
      i += last.index + last.segment.length;
      break;
    }
  }
  cols[n] = col;
  return cols;
}

/**
 * The column of the character at UTF-16 `offset` of `text`, where a caret under it goes: the
 * column at which the grapheme cluster holding the offset starts (a combining mark is drawn in
 * its base's cell, so the caret goes under the cluster, not the column after it). `offset` at
 * the end of the text is the text's width.
 *
 * @example
 * caretColumn("http://例え.jp/ x", 14); // 16: "例" and "え" take two columns each
 */
export function caretColumn(text: string, offset: number): number {
  const at = Math.max(0, Math.min(offset, text.length));
  if (/^[\x20-\x7e]*$/.test(text)) return at;
  const cluster = segmenter().segment(text).containing(at);
  return columnsOf(text)[cluster === undefined ? at : cluster.index] as number;
}
