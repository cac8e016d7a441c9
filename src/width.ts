// Terminal columns of text (UAX #11 East Asian Width, Unicode 15.1; a UAX #29 grapheme cluster takes its widest character's), for every caret and
// figure (errors.ts caretExcerpt, the CLI). In the main entry's bundle, so its tables stay ranges (Unicode properties from the engine's \p{...}).

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
  return facts(cp) & 3;
}

/**
 * What the walk needs of a code point, as bits: its width (0-2), then {@link PLAIN}. The BMP's
 * answers are kept once met (64 KB, made on first use): a caret under text with marks or wide
 * characters asks for the same few characters again and again, and each answer takes regular
 * expressions.
 */
function facts(cp: number): number {
  if (cp >= 0x10000) return widthOf(cp) | (isPlain(cp) ? PLAIN : 0);
  const known = (bmpFacts ??= new Uint8Array(0x10000))[cp] as number;
  if (known !== 0) return known & 7;
  const f = widthOf(cp) | (isPlain(cp) ? PLAIN : 0);
  bmpFacts[cp] = f | 8;
  return f;
}

let bmpFacts: Uint8Array | undefined;

/**
 * A code point that forms a grapheme cluster of its own beside another such one (UAX #29: both
 * Grapheme_Cluster_Break Other, so GB999 breaks between them, and neither a pictograph joined by
 * ZWJ nor a regional indicator). Narrower than that, to stay true for later Unicode versions:
 * printable ASCII, and letters, digits, punctuation, symbols and spaces of the BMP but marks,
 * controls, format, private-use and unassigned characters, line and paragraph separators, Hangul
 * jamo and syllables (GB6-GB8), U+0E33 and U+0EB3 (SpacingMark), U+FF9E-U+FF9F (Extend) and
 * U+0D4E (Prepend); above the BMP, only the CJK ideographs of planes 2 and 3 (an emoji goes to
 * Intl.Segmenter with what is around it).
 */
const PLAIN = 4;
const NOT_PLAIN = /[\p{M}\p{C}\p{Zl}\p{Zp}\u1100-\u11ff\ua960-\ua97f\uac00-\ud7ff\u0e33\u0eb3\uff9e\uff9f\u0d4e]/u;
function isPlain(cp: number): boolean {
  return (cp < 0x10000 || (cp >= 0x20000 && cp < 0x40000)) && !NOT_PLAIN.test(String.fromCodePoint(cp));
}

function widthOf(cp: number): number {
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
  const n = cluster.length;
  if (n === 1) return charWidth(cluster.charCodeAt(0));
  let w = 0;
  for (let i = 0; i < n; i++) {
    const cp = cluster.codePointAt(i) as number;
    if (cp > 0xffff) i++;
    const c = charWidth(cp);
    if (c > w) w = c;
  }
  if (w < 2 && cluster.includes("\ufe0f") && PICTOGRAPH.test(cluster)) w = 2;
  return w;
}

/** Printable US-ASCII only (no controls): one column a character. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * How much text Intl.Segmenter is given at a time: its iteration takes time quadratic in the
 * length of the string segmented (V8), so long text is segmented in windows.
 */
const WINDOW = 256;

/**
 * The column at which each UTF-16 offset of `text` starts, `text.length + 1` entries. An offset
 * inside a grapheme cluster (after its first character) maps to the column after the cluster: a
 * combining mark belongs to the cell of the character before it. Linear in the length (see
 * {@link walk}).
 */
export function columnsOf(text: string): readonly number[] {
  const cols = new Array<number>(text.length + 1);
  walk(text, -1, cols);
  return cols;
}

/** Whether a code point is plain ({@link isPlain}). */
const plain = (cp: number): boolean => (facts(cp) & PLAIN) !== 0;

/**
 * Walks `text` cluster by cluster, adding up their columns, and returns the column at which the
 * cluster holding UTF-16 offset `stop` starts (the text's width when `stop` is not in it), writing
 * each offset's column into `cols` when given (see {@link columnsOf}). Linear in the length.
 * Between two plain code points ({@link isPlain}) a cluster surely ends, so a plain code point
 * followed by one is a cluster of its own, and only the runs between such sure boundaries go to
 * Intl.Segmenter, a window at a time: each window starts at a cluster boundary and keeps all of
 * its clusters but the last (which may go on past it) unless it ends where the run does.
 */
function walk(text: string, stop: number, cols: number[] | undefined): number {
  const n = text.length;
  let col = 0;
  let i = 0;
  let runEnd = 0;
  while (i < n) {
    const cp = text.codePointAt(i) as number;
    const next = cp > 0xffff ? i + 2 : i + 1;
    if (next === n || (plain(cp) && plain(text.codePointAt(next) as number))) {
      // a cluster of one code point
      const w = charWidth(cp);
      if (stop >= i && stop < next) return col;
      if (cols !== undefined) {
        cols[i] = col;
        if (next > i + 1) cols[i + 1] = col + w;
      }
      col += w;
      i = next;
      continue;
    }
    if (runEnd <= i) {
      // the first sure boundary after i
      let before = cp;
      for (runEnd = next; runEnd < n; runEnd += before > 0xffff ? 2 : 1) {
        const at = text.codePointAt(runEnd) as number;
        if (plain(before) && plain(at)) break;
        before = at;
      }
    }
    for (let size = WINDOW; ; size *= 2) {
      let end = Math.min(runEnd, i + size);
      // whole code points: a window cut between a surrogate pair would end a cluster early
      if (end < runEnd && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
      const clusters = [...segmenter().segment(text.slice(i, end))];
      const keep = end === runEnd ? clusters.length : clusters.length - 1;
      if (keep === 0) continue; // one cluster longer than the window: a bigger window
      for (let k = 0; k < keep; k++) {
        const { segment, index } = clusters[k] as Intl.SegmentData;
        const at = i + index;
        // (a cluster kept is whole: only the window's last may go on past it)
        if (stop >= at && stop < at + segment.length) return col;
        if (cols !== undefined) cols[at] = col;
        col += clusterWidth(segment);
        if (cols !== undefined) for (let j = 1; j < segment.length; j++) cols[at + j] = col;
      }
      const last = clusters[keep - 1] as Intl.SegmentData;
      i += last.index + last.segment.length;
      break;
    }
  }
  if (cols !== undefined) cols[n] = col;
  return col;
}

/**
 * The column of the character at UTF-16 `offset` of `text`, where a caret under it goes: the
 * column at which the grapheme cluster holding the offset starts (a combining mark is drawn in
 * its base's cell, so the caret goes under the cluster, not the column after it). `offset` at
 * the end of the text is the text's width. Reads the text up to that cluster only.
 *
 * @example
 * caretColumn("http://例え.jp/ x", 14); // 16: "例" and "え" take two columns each
 */
export function caretColumn(text: string, offset: number): number {
  const at = Math.max(0, Math.min(offset, text.length));
  if (PRINTABLE_ASCII.test(text)) return at;
  return walk(text, at, undefined);
}
