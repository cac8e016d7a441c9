// The loop CompiledRule.test (./dfa.ts) goes on in past its first character beyond US-ASCII, for the grammar of every RFC 3986 and RFC 3987 rule
// (./index.ts uriGrammar: validate, isValid, parseRule, the IRI entry) and its parts: a bundle of parse alone, or of the five functions, never makes
// that grammar and ships neither this loop nor its table (about 220 bytes gzipped), and there run reads such an input, with the same answers.
import { codeAt, type WideLoop } from "./dfa.js";

/** A rule's classes of the Basic Multilingual Plane, by its `[from, class, ...]` ranges (each rule decodes its own; rules that share a wide map share a table). */
const bmpByRanges = new WeakMap<readonly number[], Uint8Array>();
const bmpByText = new Map<string, Uint8Array>();

/**
 * The class of each code point below 0x10000 (64 KB a wide map; below 128 and the surrogates
 * unread): one load for a class, where run's binary search of the ranges took most of its time
 * on a path of CJK characters (a --cpu-prof of isValid on 1 MB of `http://例え.jp/セグメント...`).
 * A class is held in a byte: test/compiled-wide.test.ts holds every compiled rule under 256.
 */
function bmpOf(wide: readonly number[]): Uint8Array {
  let a = bmpByRanges.get(wide);
  if (a === undefined) {
    const key = wide.join();
    a = bmpByText.get(key);
    if (a === undefined) {
      a = new Uint8Array(0x10000);
      for (let j = 0; j < wide.length; j += 2) a.fill(wide[j + 1] as number, wide[j], wide[j + 2] ?? 0x10000);
      bmpByText.set(key, a);
    }
    bmpByRanges.set(wide, a);
  }
  return a;
}

/** The class of a code point of 0x10000 or more: the last range starting at or below it. */
function astralClass(wide: readonly number[], cp: number): number {
  let lo = 0;
  let hi = (wide.length >> 1) - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((wide[2 * mid] as number) <= cp) lo = mid;
    else hi = mid - 1;
  }
  return wide[2 * lo + 1] as number;
}

/**
 * {@link WideLoop}: test's loop from where it stopped, US-ASCII through the fast table and the
 * rest through the rule's table and {@link bmpOf}, with no more bookkeeping than test's loop
 * (handing the input to run cost about 10 ns a character on a path of CJK characters against
 * test's 3 on US-ASCII: the scaling bench's iri-long-path). A lone surrogate is no character
 * (false); a call (its row of the fast table keeps it) goes to run.
 */
export const wideLoop: WideLoop = (input, i, s, fast, table, k, info, wide) => {
  const n = input.length;
  const call = info.length << 7;
  const bmp = bmpOf(wide);
  for (; i < n; i++) {
    const c = codeAt(input, i);
    if (c < 128) s = fast[s | c] as number;
    else {
      if (s === call) break;
      let cls: number;
      if ((c & 0xf800) !== 0xd800) cls = bmp[c] as number;
      else {
        const d = codeAt(input, i + 1);
        // a lone surrogate is no character (past the end, d is NaN)
        if (c > 0xdbff || (d & 0xfc00) !== 0xdc00) break;
        cls = astralClass(wide, ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
        i++;
      }
      // the fast table's encoding: the next state shifted by 7, a call's the call row
      s = (table[(s >> 7) * k + cls] as number) << 7;
    }
    if (s === 0) return false;
  }
  return s === call ? undefined : i === n && ((info[s >> 7] as number) & 1) === 1;
};
