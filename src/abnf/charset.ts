// Sets of Unicode code points as sorted, disjoint, inclusive intervals. Characters are code
// points (RFC 5234 §2.3 terminal values are non-negative integers; RFC 3987 ranges go above
// U+FFFF); the surrogates U+D800–U+DFFF are never characters, so no set holds them.

/** Sorted, disjoint, non-adjacent, inclusive code point intervals. */
export type CodePointSet = readonly (readonly [number, number])[];

export const EMPTY_SET: CodePointSet = /* @__PURE__ */ Object.freeze([]);

const SURROGATE_LO = 0xd800;
const SURROGATE_HI = 0xdfff;

/** Normalizes any list of intervals: sorted, merged, with the surrogates taken out. */
export function codePointSet(ranges: Iterable<readonly [number, number]>): CodePointSet {
  const sorted = [...ranges].filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  const push = (lo: number, hi: number): void => {
    if (lo > hi) return;
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  };
  for (const [lo, hi] of sorted) {
    if (hi < SURROGATE_LO || lo > SURROGATE_HI) push(lo, hi);
    else {
      push(lo, SURROGATE_LO - 1);
      push(SURROGATE_HI + 1, hi);
    }
  }
  // (frozen in place: an array made by push is packed, while one made by `map` was holey or
  // packed depending on whether V8 had optimized this function yet, so that sets made early in a
  // process and later had two maps, and code optimized on one deoptimized on the other)
  for (const r of out) Object.freeze(r);
  return Object.freeze(out);
}

export const union = (sets: readonly CodePointSet[]): CodePointSet => codePointSet(sets.flat());

/** True when `cp` is in the set (binary search). */
export function hasCodePoint(set: CodePointSet, cp: number): boolean {
  let lo = 0;
  let hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = set[mid] as readonly [number, number];
    if (cp < r[0]) hi = mid - 1;
    else if (cp > r[1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** True when the two sets share a code point. */
export function intersects(a: CodePointSet, b: CodePointSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as readonly [number, number];
    const y = b[j] as readonly [number, number];
    if (x[1] < y[0]) i++;
    else if (y[1] < x[0]) j++;
    else return true;
  }
  return false;
}

/** A code point's `%x` digits: uppercase hex, at least two (RFC 5234 §2.3). */
export const hex = (n: number): string => n.toString(16).toUpperCase().padStart(2, "0");

/** `%xLO-HI`, or `%xNN` for a single code point (RFC 5234 §2.3). */
export const printRange = (lo: number, hi: number): string => (lo === hi ? `%x${hex(lo)}` : `%x${hex(lo)}-${hex(hi)}`);

/** The number of code points in the set. */
export const setSize = (set: CodePointSet): number => set.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);

const literalSets = new Map<number, CodePointSet>();

/** The set of one character of a quoted string: both cases of an ASCII letter unless case-sensitive (RFC 5234 §2.3). */
export function literalCharSet(cp: number, caseSensitive: boolean): CodePointSet {
  const lower = cp | 0x20;
  const folds = !caseSensitive && lower >= 0x61 && lower <= 0x7a;
  const key = folds ? -lower : cp;
  let set = literalSets.get(key);
  if (set === undefined) {
    set = folds ? codePointSet([[lower & ~0x20, lower & ~0x20], [lower, lower]]) : codePointSet([[cp, cp]]);
    literalSets.set(key, set);
  }
  return set;
}

/** The code points of a string, in order (a lone surrogate comes out as itself). */
export function codePoints(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i) as number;
    out.push(cp);
    if (cp > 0xffff) i++;
  }
  return out;
}

/**
 * The code point at `i` for matching: a well-formed pair is one code point (two code units);
 * a lone surrogate is -1, which no set holds; past the end is -2.
 */
export function codePointAt(input: string, i: number): number {
  const c = input.charCodeAt(i);
  if (c !== c) return -2; // NaN: past the end
  if (c < SURROGATE_LO || c > SURROGATE_HI) return c;
  if (c <= 0xdbff) {
    const d = input.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
  }
  return -1;
}

