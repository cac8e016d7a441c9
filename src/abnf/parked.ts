// The calls waiting in a match by memoized calls (calls.ts), kept as numbers in typed arrays and a
// few references in a plain array, a record per waiting call, instead of one object (and its
// pending offset, and its landings) per call. On input nested as deep as it is long (a frame per
// open bracket, all waiting at the deepest one) the objects all outlived the young generation,
// and the collector copied each of them twice: 42% of the time of a match 100,000 levels deep,
// where a character cost two to four times what it did 500 levels deep. A record here is written once when its
// call starts waiting and read once when the call it waits for is done; the typed arrays are
// outside the collector's heap and never copied, and they are made in chunks, never grown by
// copying, so that the memory of the waiting calls is their number times RECORD_BYTES, plus one
// chunk at most.

/** Records per chunk. */
export const CHUNK = 512;
const CHUNK_BITS = 9;

/**
 * 32-bit integers per record: offsets, indices into a state's or a list's positions, and two for
 * each counter that grows with the steps of one frame (orders, landings: {@link putCount}).
 */
export const INTS = 23;
/** References per record: the rule, the states followed, the labels its callees expected, and what is rare ({@link Rare}). */
export const REFS = 5;

/** The bytes a record costs (in chunks: {@link CHUNK} records at a time). */
export const RECORD_BYTES = 4 * INTS + 8 * REFS;

/**
 * Writes `v` (an integer from -2^31 to 2^53) as two integers at `i`: what it is modulo 2^31 and
 * how many 2^31 it holds. Not a double: a number read from a Float64Array is one, and written into
 * a field that held small integers it changed the field's kind, and the shape of every Frame
 * and pending offset, which deoptimized the code of the first passes again and again (RFC 8259
 * JSON nested 10,000 deep: 4 to 7 times slower on its first five passes).
 */
export function putCount(ints: Int32Array, i: number, v: number): void {
  const lo = v % 2147483648;
  ints[i] = lo;
  ints[i + 1] = (v - lo) / 2147483648;
}

/** The integer {@link putCount} wrote at `i` (a small integer, as it was, below 2^31). */
export function getCount(ints: Int32Array, i: number): number {
  const hi = ints[i + 1] as number;
  const lo = ints[i] as number;
  return hi === 0 ? lo : hi * 2147483648 + lo;
}

/** One chunk of records. */
export interface Chunk {
  readonly ints: Int32Array;
  /** Emptied (undefined) as each record is read, so that a chunk kept for another run holds nothing. */
  readonly refs: unknown[];
}

/**
 * Chunks of stores whose calls all completed, kept for the next: two (a match 1,000 levels deep
 * makes none), whatever grammar, RECORD_BYTES × CHUNK × SPARE_CHUNK_COUNT (127 KB) at most; and
 * the others held weakly ({@link weak}).
 */
const SPARE_CHUNKS: Chunk[] = emptyChunkList();
const SPARE_CHUNK_COUNT = 2;

/** An empty list of chunks, never pushed to: what {@link takeChunk} reads while none are weakly held. */
const NO_CHUNKS: Chunk[] = emptyChunkList();

/**
 * The other chunks of the stores that completed, for the next runs until the collector takes
 * them: one that runs after the current task has ended may (V8 keeps the target of a WeakRef
 * read alive until then), so that a loop of deep matches makes its chunks once, while a process
 * that goes on to other work keeps none. At most as many as the runs of the task held at once.
 * Making a chunk took 7% of a match of RFC 8259 JSON nested 10,000 deep. (Never undefined:
 * it holds NO_CHUNKS until a run gives chunks back, so that takeChunk calls deref on the first
 * run as on the next; and a field, not a module variable, as the first write to one that was
 * never written deoptimized the code that read it: Frame.descend and ascend, chunk.)
 */
const weak = { moreChunks: new WeakRef(NO_CHUNKS) };
// (written twice now, so that V8 holds the field as one that changes: the code that read it,
// optimized while it held what it was made with, deoptimized at the first change)
weak.moreChunks = new WeakRef(NO_CHUNKS);

/**
 * An empty list whose elements are objects: one made empty starts as a list of small integers,
 * and the code that read it (complete, where takeChunk is inlined) deoptimized when it first held a chunk.
 */
function emptyChunkList(): Chunk[] {
  const list: Chunk[] = [{ ints: new Int32Array(0), refs: [] }];
  list.pop();
  return list;
}

/**
 * A chunk kept by a run that completed, or a new one. (Every call here is made on the first
 * run, with or without spare chunks: one made only on a later run, the weakly held list's pop,
 * had no feedback and deoptimized the code complete was optimized to on the first.)
 */
function takeChunk(): Chunk {
  const more = weak.moreChunks.deref() ?? NO_CHUNKS;
  return SPARE_CHUNKS.pop() ?? more.pop() ?? newChunk();
}

function newChunk(): Chunk {
  // (the references' array left holey, as every cell is written before it is read: filling it
  // cost as much as making it; one cell written with undefined at once, so that a new chunk's
  // array holds references as a chunk's that was used does: made as one of small integers, a
  // new chunk met by the code that parks calls, optimized on used ones, deoptimized it, 'wrong map')
  const refs = new Array<unknown>(CHUNK * REFS);
  refs[0] = undefined;
  return { ints: new Int32Array(CHUNK * INTS), refs };
}

/** The records of the calls waiting in one run, as a stack: `top` records in use. */
export class Parked {
  /**
   * (Never undefined, and with elements of object kind from the start: see
   * {@link emptyChunkList}. A branch taken only on a store's first chunk had no feedback, as the
   * first calls of a function record none, and deoptimized complete on the next run's first.)
   */
  readonly #chunks: Chunk[] = emptyChunkList();
  top = 0;

  /** The chunk of record `i` (made, or taken from the spare ones, on first need). */
  chunk(i: number): Chunk {
    const c = i >> CHUNK_BITS;
    const chunks = this.#chunks;
    while (chunks.length <= c) chunks.push(takeChunk());
    return chunks[c] as Chunk;
  }

  /**
   * Gives the chunks back for other runs, once no record is in use (each record's references
   * were emptied as it was read). A run stopped by an error keeps them: they go with it.
   */
  release(): void {
    const chunks = this.#chunks;
    if (this.top !== 0 || chunks.length === 0) return;
    while (chunks.length > 0 && SPARE_CHUNKS.length < SPARE_CHUNK_COUNT) SPARE_CHUNKS.push(chunks.pop() as Chunk);
    if (chunks.length === 0) return;
    const more = weak.moreChunks.deref();
    // (into another list, the store's own never replaced: a field written once is held constant,
    // and the code that read it deoptimized when it changed)
    const into = more === undefined || more === NO_CHUNKS ? emptyChunkList() : more;
    for (let j = 0; j < chunks.length; j++) into.push(chunks[j] as Chunk);
    chunks.length = 0;
    if (into !== more) weak.moreChunks = new WeakRef(into);
  }
}

/**
 * The store of a run that has parked nothing (CallRun.parked): never written, its chunks none.
 * (A store, not undefined, so that the run's field holds one kind of object from the start.)
 */
export const NO_PARKED = new Parked();
