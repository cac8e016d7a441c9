// Sets of automaton states as the lazy automata keep them (issue 30, "one engine"): sorted lists
// of state numbers, interned by hash (hashOf, sameInts, StateTable), read by membership
// (hasMember: a bit set in small automata, a binary search in large ones), and the reversed edge
// lists the backward passes walk (reverseEdges). The lazy DFA (dfa.ts), its memoized backward
// pass (live.ts) and a URI template's matcher (src/template/automaton.ts) all use these: one
// copy. Nothing here imports anything, so that importing it
// brings no other module of the engine.

/** A hash of a sorted state list and a flag (h × 31 + id, in 32 bits; plain arithmetic, which every engine inlines), and of counts after it when given. */
export function hashOf(positions: Int32Array | readonly number[], accept: boolean, counts?: Int32Array): number {
  let h = accept ? 1 : 0;
  for (let i = 0; i < positions.length; i++) h = ((h << 5) - h + (positions[i] as number)) | 0;
  if (counts !== undefined) for (let i = 0; i < counts.length; i++) h = ((h << 5) - h + (counts[i] as number)) | 0;
  return h;
}

/** Whether two lists hold the same numbers in the same order. */
export function sameInts(a: Int32Array, b: Int32Array | readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Past this many state numbers, an automaton's sets are searched rather than read as bit sets ({@link bitsOf}), but for the template matcher's sets as large as their bit set. */
export const BITS_LIMIT = 4096;

/** The bit set of a sorted state list, in `words` 32-bit words (0: none, undefined). */
export function bitsOf(sorted: Int32Array, words: number): Uint32Array | undefined {
  if (words === 0) return undefined;
  const bits = new Uint32Array(words);
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i] as number;
    bits[p >>> 5] = (bits[p >>> 5] as number) | (1 << (p & 31));
  }
  return bits;
}

/** Whether state `p` is in the set: its bits when it has them, else a binary search of its sorted list. */
export function hasMember(members: Int32Array, bits: Uint32Array | undefined, p: number): boolean {
  if (bits !== undefined) return (((bits[p >>> 5] as number) >>> (p & 31)) & 1) === 1;
  let lo = 0;
  let hi = members.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = members[mid] as number;
    if (v === p) return true;
    if (v < p) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * Edges reversed, as one array: per target t (below `size`), its sources `list[start[t]]` to
 * `list[start[t + 1] - 1]`, in the order `edges` lists the edges (it is called twice: to count,
 * then to fill). One array rather than one per state: an automaton of a million states would
 * otherwise make millions of small arrays.
 */
export function reverseEdges(size: number, edges: (add: (source: number, target: number) => void) => void): [Int32Array, Int32Array] {
  const start = new Int32Array(size + 1);
  edges((_s, t) => {
    start[t + 1] = (start[t + 1] as number) + 1;
  });
  for (let t = 0; t < size; t++) start[t + 1] = (start[t + 1] as number) + (start[t] as number);
  const list = new Int32Array(start[size] as number);
  const at = start.slice(0, size);
  edges((s, t) => {
    list[(at[t] as number)++] = s;
  });
  return [start, list];
}

/**
 * What a kept state costs besides its members and its row, in cells (a number or a table entry,
 * 4 to 8 bytes): the unit of the DFA budgets of a grammar (dfa.ts DfaBudget) and of a template's
 * automata (src/template/automaton.ts MEMO_LIMIT) alike.
 */
export const STATE_CELLS = 16;

/** A kept state of a lazy automaton: its hash, and the next kept state with the same hash. */
export interface Chained<S> {
  readonly hash: number;
  sameHash: S | undefined;
}

/** The states a lazy automaton keeps: by hash, the first kept (`get`), the others chained through `sameHash`. */
export class StateTable<S extends Chained<S>> extends Map<number, S> {
  /** The number of states kept. */
  kept = 0;

  keep(s: S): void {
    s.sameHash = this.get(s.hash);
    this.set(s.hash, s);
    this.kept++;
  }

  /** Forgets every state, `clear` told each (to let its row go), and unlinks them: nothing forgotten stays reachable through another. */
  forget(clear: (s: S) => void): void {
    for (const head of this.values()) {
      for (let s: S | undefined = head; s !== undefined; ) {
        const after: S | undefined = s.sameHash;
        clear(s);
        s.sameHash = undefined;
        s = after;
      }
    }
    this.clear();
    this.kept = 0;
  }
}
