// Terminal columns of text, as terminals draw it (UAX #11 East Asian Width, Unicode 15.1): wide
// and fullwidth characters take two columns, combining marks and other invisible characters none,
// and a grapheme cluster (UAX #29: an emoji sequence, a base with its marks) takes the width of its
// widest character. One function for every caret and figure: error.message (errors.ts
// caretExcerpt), the CLI's messages and its figure. It is in the main entry's bundle, so its
// tables stay ranges (the Unicode properties come from the engine's \p{...}).

/**
 * East Asian Width W and F ranges outside the emoji, which `Emoji_Presentation` covers, sorted:
 * U+1100-115F, U+2329-232A, U+2E80-2E99, ..., U+20000-2FFFD, U+30000-3FFFD (45 ranges). Written
 * as a string to ship small: for each range, in base 36, its first code point less the last one of
 * the range before (0 before the first), then its last less its first. Read on first use.
 */
const WIDE_TEXT = "3cw,2n,3ii,1,28m,p,2,2g,d,5x,r,f,1,1q,3,2d,3,2u,6,16,2,2l,2,2d,a,1b,2,13,9,5f3,1t,h3g,4,1i,wq,s,hw,8mb,6l9,e7,lt,9,n,y,2,i,2,3,46,2n,3k,6,m4a,4,c,1,f,4qf,9,yd,17,8,6w8,e,2,82,g,0,u,2,3,0,f,3,9,az,cg5,2,e,17,5,8,8,1,f,5,2or,1ekd,3,1ekd";

/** {@link WIDE_TEXT} read: `[first, last, first, last, ...]`, made on first use. */
let wide: number[] | undefined;

function wideRanges(): number[] {
  if (wide === undefined) {
    let at = 0;
    wide = WIDE_TEXT.split(",").map((n) => (at += parseInt(n, 36)));
  }
  return wide;
}

/** Characters that take no column: marks, format characters, conjoining Hangul vowels and finals. */
const ZERO = /[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]/u;
// built with RegExp: esbuild writes these two property escapes as `new RegExp(...)` for the
// browser, which a bundler keeps unless marked pure (an app that never draws a caret drops them)
const EMOJI = /* @__PURE__ */ new RegExp("\\p{Emoji_Presentation}", "u");
const PICTOGRAPH = /* @__PURE__ */ new RegExp("\\p{Extended_Pictographic}", "u");
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function inWide(cp: number): boolean {
  const w = wideRanges();
  // lo: how many bounds are at most cp (the first of a range that holds it is, its last may be)
  let lo = 0;
  let hi = w.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((w[mid] as number) > cp) hi = mid;
    else lo = mid + 1;
  }
  return (lo & 1) === 1 || w[lo - 1] === cp;
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
