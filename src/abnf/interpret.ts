// The engine's first tier: a rule's first inputs are matched by reading its expressions as
// they are written (RFC 5234 §2–§4, the sets of offsets each one can end at), with nothing
// built ahead, so that the first use of a rule does not wait for its automaton (compiled.ts),
// whose build costs far more than a short input's match (RFC 5322's `address`: most of a
// second). Exact like every tier: an expression's ends are every offset some string it matches
// ends at (alternation unordered, a repetition stopping at any count), a rule's memoized by
// offset, so that the answer is the ABNF's whatever the grammar's order. It answers whether
// the whole input matches ({@link Interpreter.test}) and, for an input refused, where and why
// ({@link Interpreter.explain}: the failure the compiled tier gives, engine.ts matchWhole), never
// a derivation; within a number of steps it is given. Past them, on nesting deeper than
// {@link MAX_REF_DEPTH} rules, or where an input reaches a rule checked in code (a call of it
// that the rule's first characters do not rule out), it gives up and the compiled tier answers
// (matcher.ts decides when to stop trying): a grammar with checks keeps this tier for the
// inputs and rules that never reach them.

import { recursiveRules, type Analysis } from "./analysis.js";
import { inOneOrder, startLabels } from "./automaton-size.js";
import { codePointAt, codePointSet, codePoints, hasCodePoint, type CodePointSet } from "./charset.js";
import type { Expr, Rep } from "./expr.js";
import { END_OF_INPUT, uniquePush } from "./labels.js";
import type { Failure } from "../core/match.js";

/**
 * Where an expression can end, from one offset: a single offset (most matches), `-1` for
 * none, else an ascending array of two or more offsets without repeats.
 */
type Ends = number | readonly number[];

/** An expression as a function from an offset to its ends ({@link Ends}). */
type Reader = (at: number) => Ends;

/** How many rules a match may nest before this tier gives up (the compiled tier nests on an explicit stack). */
export const MAX_REF_DEPTH = 200;

/** Thrown inside a run to give up (caught by {@link Interpreter.test}). */
const GIVE_UP = new Error("first tier: gave up");

/** What a rule's memo holds at an offset while its call is running there: met again, the rule would loop. */
const RUNNING = -2;

/** The longest array of marks ({@link Interpreter}'s #marks) kept from one match to the next (offsets). */
const KEPT_MEMO = 4096;

/**
 * The slots of the memo table a first match makes ({@link Interpreter}'s #table), and the most
 * kept from one match to the next. Small, so that every grammar's first inputs double it: a
 * doubling is then code V8 has run and optimized before a large grammar's input first needs one
 * (made at 4,096 slots, no input of RFC 5322's doubled it, and OData's first that did deoptimized
 * the memoized reader #rehash is inlined into, with every call of it on the stack).
 */
const TABLE_SLOTS = 64;
const KEPT_SLOTS = 1 << 16;

/** True once an {@link Interpreter} of this process has read characters past ASCII (Interpreter's #primePastAscii). */
let primed = false;

/**
 * How many times {@link Interpreter}'s #primePastAscii reads its strings: twice the fewest that
 * left JSONPath's first pass after RFC 5322's rounds without a deoptimization (4; 2 left one).
 * The first Interpreter of a process takes 0.7 ms more for it (40 rounds took 1.2-2.7 ms).
 */
const PRIME_ROUNDS = 8;

/**
 * An expression's reader from several offsets at once (ascending, two or more), as {@link Ends}:
 * the union of its ends from each (Interpreter's #manyOf).
 */
type Many = (from: readonly number[]) => Ends;

/** The item of a sequence that is no repetition read from several offsets in one run (so that the sequence's list holds readers of one kind). */
const NOT_MANY: Many = () => -1;

/** A sequence's item not looked at yet for its {@link Many}. */
const PENDING_MANY: Many = () => -1;

/** Where the memo table holds no entry of the current run. */
const MISS = -1;

const NO_MEMO = new Int32Array(0);

const NO_ENDS: readonly number[] = [];

/** An offset past every offset of an input (one the first tier reads is at most 2^22 long), kept a small integer for V8. */
const PAST = 0x3fffffff;

/**
 * What a match can start with (Interpreter.guard), as bits: ASCII code unit c at bit c & 31 of
 * word c >> 5, bit 128 (bit 0 of word 4) for every other code unit, and {@link EMPTY} (bit 129)
 * for the end of the input, which only a match of "" can start at.
 */
type Guard = Int32Array;

/** Bit 129 (bit 1 of word 4): the expression can match "" (Interpreter.firsts), so start anywhere. */
const EMPTY = 2;

/**
 * The guard of an expression that can match "": every bit set, so that nothing is ruled out. A
 * guard is always an array of bits, never a marker of another type: V8's optimized readers
 * compare and read guards, and a value of a kind they had not met would deoptimize them.
 */
const ANY: Guard = Int32Array.of(-1, -1, -1, -1, -1);

/** A guard not made yet: made where a reader first needs it, so that a rule no call enters is not read. */
const PENDING: Guard = new Int32Array(0);

/**
 * A rule as this tier reads it: its reader, and its number `id`, which keys its memo entries in
 * the interpreter's memo table (Interpreter's #table: an end, -1 for none, {@link RUNNING}, or
 * -3 - k for the k-th of the run's lists, Interpreter.lists, by rule and offset).
 */
interface Rule {
  /**
   * The rule's expression, read where the rule is first referred to: so the readers never read a
   * grammar's definitions, whose objects differ in shape from one grammar to another (V8's code
   * optimized on one grammar's would deoptimize on another's).
   */
  readonly expr: Expr;
  read: Reader | undefined;
  /** The reader that also notes how far the input was read, and what was expected there ({@link Interpreter.explain}). */
  explain: Reader | undefined;
  /** The rule's furthest offset and labels by offset, in an explaining run (`explained` is its run). */
  far: Map<number, Far> | undefined;
  explained: number;
  readonly id: number;
  /**
   * The reader of a call of the rule, memoized by offset ({@link Interpreter}'s #memoized), and
   * the explaining one: made at its first call site and shared by the others (OData's first pass
   * reached 1,469 calls of 392 rules, each with a closure of its own).
   */
  call: Reader | undefined;
  explainCall: Reader | undefined;
  /**
   * True once the expression objects the rule holds twice were noted (Interpreter's #noteRule),
   * before its first reader, plain or explaining, was made: noted again for the other, its own
   * expression, visited already, was taken for one met twice, and read memoized by offset
   * inside the rule's memoized call.
   */
  noted: boolean;
}

/** How far a call read the input (the end of the longest prefix some string of it begins with, from its start), and what it expected there (-1: nothing read). */
interface Far {
  readonly at: number;
  readonly labels: readonly string[];
}

const NOTHING_READ: Far = { at: -1, labels: [] };

const NO_LABELS: readonly string[] = [];

/**
 * One grammar's first tier: each rule's expression read as a tree of functions, made when a
 * match first reaches the rule, and kept. Not reentrant (one match at a time; the engine is
 * synchronous).
 */
export class Interpreter {
  readonly #rules = new Map<string, Rule>();
  /** The expression objects met twice ({@link #sharedReader}), read as rules without names. */
  readonly #shared = new Map<Expr, Rule>();
  /** The expression objects {@link #noteRule} visited. */
  readonly #seen = new Set<Expr>();
  readonly #tops = new Map<string, Reader>();
  readonly #explainTops = new Map<string, Reader>();
  /**
   * The readers made, by expression object, plain and explaining: an object used twice
   * (`seq(e, e)`, built in code) gets one reader, so making them is linear in the objects, not
   * in the tree they stand for. A reader keeps no state of its own between calls.
   */
  readonly #readers = [new Map<Expr, Reader>(), new Map<Expr, Reader>()] as const;
  /** The readers from several offsets at once made, by expression object, plain and explaining ({@link #manyOf}). */
  readonly #manys = [new Map<Expr, Many>(), new Map<Expr, Many>()] as const;
  /** What each expression read so far can start with ({@link #firsts}). */
  readonly #firstBits = new Map<Expr, Guard>();
  #input = "";
  /** The number of the current match: memo entries of other runs are stale. */
  #run = 0;
  #depth = 0;
  #depthLimit = MAX_REF_DEPTH;
  #limit = 0;
  /** The steps the last {@link test} or {@link explain} took (an expression entered, or an offset merged). */
  steps = 0;
  /**
   * Why the last {@link test} or {@link explain} gave up (`undefined` when it answered): past its
   * steps ("steps"), past the rules it may nest or JavaScript's stack ("depth"), or a grammar
   * reached a rule checked in code, which this tier does not run ("checks"), or a rule explained
   * that matches nothing, which the compiled tier explains without building ("nothing").
   */
  gaveUp: "steps" | "depth" | "checks" | "nothing" | undefined;
  /** Where the last call of a rule began when the run gave up (the offset a MatchLimitError names). */
  at = 0;
  /** While explaining: the furthest offset the current call read to, and what was expected there (labels.ts's names). */
  #far = -1;
  #labels: string[] = [];
  #called: ReadonlySet<string> = new Set();
  /**
   * The lists of ends the rules' memos hold in this run (Rule), after one that none holds: so the
   * array is made with the kind of elements it keeps (a fresh `[]` has another map, which V8's
   * code optimized on an earlier grammar meets with a deoptimization).
   */
  readonly #lists: (readonly number[])[] = [NO_ENDS];
  /**
   * The ends a repetition ({@link #rep}) reached while no two of its paths could meet, from the
   * repetition's own start in this stack up to {@link #top} (a repetition its item reads stacks
   * its own above, and is done with them when it returns): copied to a list of their number once
   * the repetition ends. Pushed onto a list of two, each such list was copied to room for 19 at
   * its third end (V8's growth), most of what the first tier allocated on RFC 5234's rulelist.
   */
  #pending: number[] = [0];
  #top = 0;
  /** Offsets of the input marked while merging ends ({@link #each}): an offset is marked when it holds {@link #mark}. */
  #marks = NO_MEMO;
  #mark = 0;
  /**
   * The memo of every rule, one table: four numbers a slot (the run that wrote it, the rule's id,
   * the offset, the value), open addressing, at most half full. Entries of other runs are free
   * slots. A memo of each rule's own, by offset, made a first pass allocate and zero each rule's
   * array anew at each growth (OData's 543 inputs: 1,348 typed arrays, 4.9 MB); the table is
   * made once and grows only with the calls of one input. Its memory: 16 bytes a slot, 32 at most
   * per call entered in one input (a call is a step, so within the input's budget); a table past
   * {@link KEPT_SLOTS} slots is not kept for the next input.
   */
  #table = NO_MEMO;
  #entries = 0;
  #ids = 0;
  /** How many times the table was doubled: a slot found before a doubling is found again after it. */
  #doublings = 0;

  constructor(private readonly analysis: Analysis) {
    if (!primed) {
      primed = true;
      this.#primePastAscii();
    }
  }

  /**
   * Once a process, at its first grammar's first tier: reads characters past ASCII (one of the
   * BMP below and above the surrogates, a pair, lone surrogates) with a reader of one character,
   * of a run and of a run from several offsets, before any reader has run. Readers made by one
   * method share what V8 learns of them (whatever grammar made them), and a grammar's ASCII
   * inputs never take their branches past ASCII: V8 optimized the readers without those, and
   * the first character past ASCII a process met (JSONPath's after RFC 5322's inputs)
   * deoptimized them, with every call of theirs on the stack, and had them compiled again.
   */
  #primePastAscii(): void {
    const set = codePointSet([
      [0x41, 0x41],
      [0xe9, 0xe9],
      [0x20ac, 0x20ac],
      [0x1f600, 0x1f600],
    ]);
    const bmp = codePointSet([
      [0x41, 0x41],
      [0xe9, 0xe9],
      [0x20ac, 0x20ac],
    ]);
    // (A, é, €, U+E000, 😀, a lone lead surrogate, a lone trail surrogate; as V8 holds a string
    // written in the code, and one made at run time, in one byte a character where it fits, else
    // two: each is another map to V8's code, and a reader met with one it had not seen was
    // deoptimized too)
    const text = "A\u00e9\u20ac\ue000\ud83d\ude00\ud800x\udc00";
    const inputs = [text, String.fromCharCode(0x41, 0xe9, 0x78, 0xe9), [...text].join("")];
    this.#limit = PAST;
    const one = this.#charReader(set);
    const run = this.#runReader(set, 0, Infinity);
    const some = this.#runReader(set, 1, 2);
    const many = this.#runMany(bmp, 0);
    // (rounds enough that V8 keeps what it learns: it makes a function's record of the types met
    // only after the function has run a while, and learns nothing before)
    for (let round = 0; round < PRIME_ROUNDS; round++) {
      this.#input = inputs[round % inputs.length] as string;
      for (let at = 0; at <= this.#input.length; at++) {
        one(at);
        run(at);
        some(at);
        many([at]);
      }
      many([0, 1, 2, 3]);
    }
    this.#input = "";
    this.#limit = 0;
    this.steps = 0;
  }

  /** @internal Test hook: the next run is numbered `run + 1` (test/engine-first-tier.test.ts starts it near the wrap). */
  runsFrom(run: number): void {
    this.#run = run;
  }

  /** How many rules a match may nest on this tier ({@link MAX_REF_DEPTH}). */
  get maxDepth(): number {
    return MAX_REF_DEPTH;
  }

  /**
   * True when the whole `input` matches rule `key` (lowercase), false when it does not, and
   * `undefined` when this tier gave up: past `limit` steps, past `depthLimit` nested rules (at
   * most {@link MAX_REF_DEPTH}), or where the input reaches a rule checked in code (which the compiled tier runs).
   */
  test(key: string, input: string, limit: number, depthLimit = MAX_REF_DEPTH): boolean | undefined {
    const ends = this.#run1(key, input, limit, depthLimit, false);
    if (ends === undefined) return undefined;
    const n = input.length;
    return typeof ends === "number" ? ends === n : ends[ends.length - 1] === n;
  }

  /**
   * Where and why the whole `input` fails to match rule `key` (lowercase), as the compiled tier
   * says it (engine.ts matchWhole: the end of the longest prefix of the input some string of the
   * rule begins with, and the labels of what could stand there, labels.ts); `null` when it
   * matches; `undefined` when this tier gave up ({@link test}'s limits, and also when rule `key`
   * matches nothing, which the compiled tier explains by why).
   * `called`: the rules the compiled tier calls rather than expands in place (Compiled.called),
   * which it never names as tokens (labels.ts names the token rules an edge enters in place).
   */
  explain(key: string, input: string, limit: number, depthLimit = MAX_REF_DEPTH, called: ReadonlySet<string> = recursiveRules(this.analysis)): Failure | null | undefined {
    this.#called = called;
    this.#far = 0; // (the empty prefix is read by every rule: `0<pchar>` on "a" expects the end of input)
    this.#labels = [];
    const ends = this.#run1(key, input, limit, depthLimit, true);
    if (ends === undefined) return undefined;
    const n = input.length;
    const last = typeof ends === "number" ? ends : (ends[ends.length - 1] as number);
    if (last === n) return null;
    const expected = inOneOrder(this.#labels);
    if (last >= 0 && last === this.#far) uniquePush(expected, END_OF_INPUT);
    this.#labels = [];
    return { offset: this.#far, expected };
  }

  /** The ends of rule `key` from offset 0 of `input` ({@link test}), or `undefined` when this tier gave up. */
  #run1(key: string, input: string, limit: number, depthLimit: number, explain: boolean): Ends | undefined {
    this.gaveUp = undefined;
    this.at = 0;
    this.#input = input;
    if (this.#marks.length <= input.length) {
      this.#marks = new Int32Array(input.length + 1);
      this.#mark = 0;
    }
    if (this.#run === 0x7fffffff) this.#wrapRuns();
    this.#run++;
    this.#entries = 0;
    this.#top = 0;
    if (this.#table.length === 0) this.#table = new Int32Array(4 * TABLE_SLOTS);
    this.#depth = 0;
    this.#limit = limit;
    this.#depthLimit = Math.min(depthLimit, MAX_REF_DEPTH);
    this.steps = 0;
    try {
      const tops = explain ? this.#explainTops : this.#tops;
      let top = tops.get(key);
      if (top === undefined) tops.set(key, (top = this.#ref(key, explain)));
      return top(0);
    } catch (e) {
      // (a RangeError: JavaScript's stack ran out first, on a deep nesting of expressions)
      if (e === GIVE_UP || e instanceof RangeError) {
        this.gaveUp ??= this.steps > this.#limit ? "steps" : "depth";
        return undefined;
      }
      throw e;
    } finally {
      this.#input = "";
      // (a long input's memos are not kept for the next)
      this.#lists.length = 1;
      if (this.#table.length > 4 * KEPT_SLOTS) this.#table = NO_MEMO;
      if (this.#marks.length > KEPT_MEMO + 1) this.#marks = NO_MEMO;
      if (this.#pending.length > KEPT_MEMO) this.#pending = [0];
      if (explain) for (const rules of [this.#rules, this.#shared]) for (const r of rules.values()) r.far = undefined;
    }
  }

  /**
   * Numbers runs from 1 again, as {@link #nextMark} does its marks: the memo table's stamps are
   * 32-bit integers, so a number past 2^31 - 1 would be stored as another and match no entry
   * again. The table is cleared (an entry of an early run would be taken for the new run's) and
   * so are the rules' explained runs.
   */
  #wrapRuns(): void {
    this.#table.fill(0);
    for (const rules of [this.#rules, this.#shared]) for (const r of rules.values()) r.explained = -1;
    this.#run = 0;
  }

  /** Notes that the input was read up to `at`, with `labels` expected there (while explaining). */
  #reach(at: number, labels: readonly string[]): void {
    if (at > this.#far) {
      this.#far = at;
      this.#labels = labels.slice();
    } else if (at === this.#far) for (const l of labels) uniquePush(this.#labels, l);
  }

  /** Counts `n` steps; gives up past the limit. */
  #step(n: number): void {
    this.steps += n;
    if (this.steps > this.#limit) throw GIVE_UP;
  }

  /**
   * The reader of a reference to rule `key`: its expression's, memoized by offset; with
   * `explain`, the one that notes how far the input was read ({@link explain}).
   */
  #ref(key: string, explain = false): Reader {
    if (this.analysis.checks.has(key)) return explain ? this.#explainChecked(key) : (at) => this.#checked(at);
    const r = this.#rule(key);
    if (explain) return (r.explainCall ??= (at) => this.#explainRef(key, r, at));
    return (r.call ??= this.#memoized(r));
  }

  /** The reader of rule `r` (or of a shared expression, {@link #reader}), memoized by offset. */
  #memoized(r: Rule): Reader {
    return (at) => {
      if (++this.steps > this.#limit) throw GIVE_UP;
      // (what the rule can start with is checked where it is called, Interpreter.guard)
      if (r.read === undefined) {
        this.#noteRule(r);
        r.read = this.#reader(r.expr);
      }
      const slot = this.#find(r.id, at);
      if (slot !== MISS) {
        const v = this.#table[slot + 3] as number;
        if (v >= -1) return v;
        if (v === RUNNING) throw GIVE_UP; // (left recursion: the loader refuses it)
        return this.#lists[-3 - v] as readonly number[];
      }
      if (++this.#depth > this.#depthLimit) throw GIVE_UP;
      const doublings = this.#doublings;
      const entry = this.#enter(r, at);
      const ends = (r.read as Reader)(at);
      this.#keep(doublings === this.#doublings ? entry : this.#find(r.id, at), ends);
      this.#depth--;
      return ends;
    };
  }

  /**
   * A call of a rule checked in code, which this tier does not run (its check may be a parser,
   * or a predicate on each span of its ABNF, calls.ts): the run gives up, and the compiled tier
   * answers this input. Reached only where the rule's first characters allow a match ({@link #firsts}).
   */
  #checked(at: number): never {
    this.at = at;
    this.gaveUp = "checks";
    throw GIVE_UP;
  }

  /**
   * A call of checked rule `key` while explaining, where no guard rules a call out: where the
   * rule's first characters rule a match out, it read nothing and is what was expected there,
   * by its name (as the compiled tier's call of it says, calls.ts #checked); else {@link #checked}.
   */
  #explainChecked(key: string): Reader {
    const name = [this.analysis.rule(key).name];
    let guard = PENDING;
    return (at) => {
      this.#step(1);
      if (guard === PENDING) guard = this.#opaque(key) ? ANY : this.#guard(this.#rule(key).expr);
      if (starts(guard, unitAt(this.#input, at))) return this.#checked(at);
      this.#reach(at, name);
      return -1;
    };
  }

  /**
   * True when a match of checked rule `key` may start with anything: its check is a parser, or a
   * predicate on a rule that is only prose. A predicate on a rule's ABNF holds on some of its
   * matches, which start as the ABNF's do ({@link #firsts}).
   */
  #opaque(key: string): boolean {
    const check = this.analysis.checks.get(key);
    return check !== undefined && (typeof check !== "function" || this.#rule(key).expr.type === "prose");
  }

  /** Rule `key` (lowercase) as this tier reads it, made when first met. */
  #rule(key: string): Rule {
    let rule = this.#rules.get(key);
    if (rule === undefined) {
      rule = { expr: this.analysis.rule(key).expr, read: undefined, explain: undefined, far: undefined, explained: -1, id: this.#ids++, call: undefined, explainCall: undefined, noted: false };
      this.#rules.set(key, rule);
    }
    return rule;
  }

  /**
   * Marks rule `r` as running at `at` in the memo table (doubled first when it would be more than
   * half full): reached again there, the match gives up. Returns the entry's index.
   */
  #enter(r: Rule, at: number): number {
    this.at = at;
    if (2 * ++this.#entries > this.#table.length >> 2) this.#rehash();
    const table = this.#table;
    const mask = (table.length >> 2) - 1;
    const run = this.#run;
    let i = hashOf(r.id, at) & mask;
    while (table[4 * i] === run) i = (i + 1) & mask;
    table[4 * i] = run;
    table[4 * i + 1] = r.id;
    table[4 * i + 2] = at;
    table[4 * i + 3] = RUNNING;
    return 4 * i;
  }

  /** Memoizes `ends` in the memo table's entry at index `slot` (made by {@link #enter}). */
  #keep(slot: number, ends: Ends): void {
    if (typeof ends === "number") this.#table[slot + 3] = ends;
    else {
      this.#table[slot + 3] = -3 - this.#lists.length;
      this.#lists.push(ends);
    }
  }

  /** The index of the entry of rule `id` at offset `at` in this run's memo table, {@link MISS} when none. */
  #find(id: number, at: number): number {
    const table = this.#table;
    const mask = (table.length >> 2) - 1;
    const run = this.#run;
    let i = hashOf(id, at) & mask;
    while (table[4 * i] === run) {
      if (table[4 * i + 1] === id && table[4 * i + 2] === at) return 4 * i;
      i = (i + 1) & mask;
    }
    return MISS;
  }

  /** Doubles the memo table, moving this run's entries. */
  #rehash(): void {
    const old = this.#table;
    const table = new Int32Array(2 * old.length);
    const mask = (table.length >> 2) - 1;
    const run = this.#run;
    for (let j = 0; j < old.length; j += 4) {
      if (old[j] !== run) continue;
      let i = hashOf(old[j + 1] as number, old[j + 2] as number) & mask;
      while (table[4 * i] === run) i = (i + 1) & mask;
      for (let k = 0; k < 4; k++) table[4 * i + k] = old[j + k] as number;
    }
    this.#table = table;
    this.#doublings++;
  }

  /**
   * A call of rule `key` at `at` while explaining: its ends, memoized as in a test, and how far
   * it read and what it expected there, memoized beside them and merged into the caller's. The
   * labels are the call's own, as the compiled tier's (calls.ts): a token rule that read nothing
   * is named instead of what is inside it (labels.ts names the token an edge enters), and no
   * guard rules an alternative out (it would hide what the alternative expected).
   */
  #explainRef(key: string | undefined, r: Rule, at: number): Ends {
    this.#step(1);
    // (a shared expression, {@link #reader}, has its reader already, and no name)
    const def = key === undefined ? undefined : this.analysis.rule(key);
    if (r.explain === undefined && def !== undefined) {
      // (the rule asked for matches nothing: the compiled tier says why, engine.ts matchWhole;
      // a rule it calls that matches nothing is read by #reader as nothing)
      if (this.analysis.matchesNothing(def.expr)) {
        this.gaveUp = "nothing";
        throw GIVE_UP;
      }
      this.#noteRule(r);
      r.explain = this.#reader(def.expr, true);
    }
    const run = this.#run;
    if (r.explained !== run || r.far === undefined) {
      r.far = new Map();
      r.explained = run;
    }
    const outerFar = this.#far;
    const outerLabels = this.#labels;
    let ends: Ends;
    let mine: Far;
    const slot = this.#find(r.id, at);
    if (slot !== MISS) {
      const v = this.#table[slot + 3] as number;
      if (v === RUNNING) throw GIVE_UP;
      ends = v >= -1 ? v : (this.#lists[-3 - v] as readonly number[]);
      mine = r.far.get(at) ?? NOTHING_READ;
    } else {
      if (++this.#depth > this.#depthLimit) throw GIVE_UP;
      this.#enter(r, at);
      this.#far = -1;
      this.#labels = [];
      ends = (r.explain as Reader)(at);
      this.#keep(this.#find(r.id, at), ends);
      // (named where it starts, as labels.ts names the token an edge enters: past its start,
      // what the edges inside it enter; nor when the compiled tier calls it, or matches it whole)
      const named = def !== undefined && def.token && this.#far === at && this.#labels.length > 0 && this.#depth > 1 && !this.#called.has(def.name.toLowerCase());
      const labels = named ? [def.name] : this.#labels;
      mine = this.#far < 0 ? NOTHING_READ : { at: this.#far, labels };
      r.far.set(at, mine);
      this.#depth--;
    }
    this.#far = outerFar;
    this.#labels = outerLabels;
    if (mine.at >= 0) this.#reach(mine.at, mine.labels);
    return ends;
  }

  /** The reader of an expression; with `explain`, one that notes how far it read ({@link explain}). */
  #reader(e: Expr, explain = false): Reader {
    const made = this.#readers[explain ? 1 : 0];
    let r = made.get(e);
    if (r === undefined) {
      r = this.#makeReader(e, explain);
      if (this.#shared.has(e)) r = this.#sharedReader(e, r, explain);
      made.set(e, r);
    }
    return r;
  }

  /**
   * Notes the expression objects that rule `r`'s expression holds more than once, or that
   * another rule's expression read before holds too (`seq(x, x)` built in code; RFC 9110
   * §5.6.1's lists write their element twice, reader.ts listOf): each object is visited once,
   * before any reader of the rule is made, and a rule is noted once ({@link Rule}'s `noted`).
   */
  #noteRule(r: Rule): void {
    if (r.noted) return;
    r.noted = true;
    const e = r.expr;
    const seen = this.#seen;
    const stack = [e];
    while (stack.length > 0) {
      const x = stack.pop() as Expr;
      if (x.type !== "seq" && x.type !== "alt" && x.type !== "rep") continue;
      if (seen.has(x)) {
        if (!this.#shared.has(x)) this.#shared.set(x, { expr: x, read: undefined, explain: undefined, far: undefined, explained: -1, id: this.#ids++, call: undefined, explainCall: undefined, noted: false });
        continue;
      }
      seen.add(x);
      if (x.type === "rep") stack.push(x.item);
      else for (const item of x.items) stack.push(item);
    }
  }

  /**
   * The reader of an expression object that the grammar holds more than once ({@link #noteRule}):
   * its reader memoized by offset, as a rule's, so that lists nested k deep, a tree of 2^k copies
   * of the innermost element, are read in steps polynomial in the input, not exponential in k.
   */
  #sharedReader(e: Expr, plain: Reader, explain: boolean): Reader {
    const r = this.#shared.get(e) as Rule;
    if (!explain) {
      r.read = plain;
      return this.#memoized(r);
    }
    r.explain = plain;
    return (at) => this.#explainRef(undefined, r, at);
  }

  #makeReader(e: Expr, explain: boolean): Reader {
    // (while explaining, what matches nothing reads nothing: a prefix it read would be a prefix
    // of no string, and the compiled tier leaves it out of its automaton)
    if (explain && this.analysis.matchesNothing(e)) return () => -1;
    // (while explaining, only a string or a range is read as one set: the labels of what is made
    // of them come from its parts, and a part that matches nothing is none of them)
    const set = e.type === "prose" || (explain && e.type !== "lit" && e.type !== "range") ? null : this.analysis.charSet(e);
    if (set !== null) return this.#charReader(set, explain ? e : undefined);
    switch (e.type) {
      case "lit":
        return this.#litReader(e.text, e.caseSensitive, explain);
      case "range":
        return this.#charReader([[e.lo, e.hi]], explain ? e : undefined);
      case "prose":
        return () => -1; // (prose no import supplies matches nothing)
      case "ref":
        return this.#ref(e.name.toLowerCase(), explain);
      case "alt": {
        const items = e.items.map((x) => this.#reader(x, explain));
        const guards = e.items.map(() => (explain ? ANY : PENDING));
        return (at) => {
          if (++this.steps > this.#limit) throw GIVE_UP;
          const c = unitAt(this.#input, at);
          let out: Ends = -1;
          for (let k = 0; k < items.length; k++) {
            let guard = guards[k] as Guard;
            if (guard === PENDING) guard = guards[k] = this.#guard(e.items[k] as Expr);
            if (starts(guard, c)) out = this.#union(out, (items[k] as Reader)(at));
          }
          return out;
        };
      }
      case "seq": {
        const items = e.items.map((x) => this.#reader(x, explain));
        const guards = e.items.map(() => (explain ? ANY : PENDING));
        // (once the items read so far end at several offsets: the repetitions among the items
        // read from all of them at once, #repMany; the others from each, and where that takes many
        // steps from all of them at once, #lazyAll: made at the first list)
        let many: Many[] | undefined;
        let alls: (Many | undefined)[] | undefined;
        return (at) => {
          if (++this.steps > this.#limit) throw GIVE_UP;
          let cur: Ends = at;
          for (let k = 0; k < items.length; k++) {
            const item = items[k] as Reader;
            let guard = guards[k] as Guard;
            if (guard === PENDING) guard = guards[k] = this.#guard(e.items[k] as Expr);
            if (typeof cur !== "number") {
              many ??= e.items.map(() => PENDING_MANY);
              alls ??= e.items.map(() => undefined);
              let m = many[k] as Many;
              if (m === PENDING_MANY) {
                const x = e.items[k] as Expr;
                m = many[k] = this.#readsRep(x, explain) ? this.#manyOf(x, explain) : NOT_MANY;
                if (m === NOT_MANY) alls[k] = this.#lazyAll(x, explain);
              }
              cur = m !== NOT_MANY ? m(cur) : this.#each(item, cur, guard, alls[k]);
            }
            else if (starts(guard, unitAt(this.#input, cur))) cur = item(cur);
            else return -1;
            if (cur === -1) return -1;
          }
          return cur;
        };
      }
      case "rep": {
        const { min, max } = e;
        const set = explain ? null : this.analysis.charSet(e.item);
        if (set !== null) return this.#runReader(set, min, max);
        const item = this.#reader(e.item, explain);
        if (this.#nullable(e.item)) return (at) => this.#nullableRep(item, max, at);
        let guard = explain ? ANY : PENDING;
        if (max !== 1) {
          // (the item from a count's several offsets at once, where reading it from each takes many steps)
          const all = this.#lazyAll(e.item, explain);
          return (at) => {
            if (guard === PENDING) guard = this.#guard(e.item);
            return this.#rep(item, all, guard, min, max, at);
          };
        }
        // (an option, `[x]` or `0*1x`: the item's ends, which all lie past `at`, and `at` itself)
        return (at) => {
          if (++this.steps > this.#limit) throw GIVE_UP;
          if (guard === PENDING) guard = this.#guard(e.item);
          const ends = starts(guard, unitAt(this.#input, at)) ? item(at) : -1;
          return min > 0 ? ends : ends === -1 ? at : typeof ends === "number" ? [at, ends] : [at, ...ends];
        };
      }
    }
  }

  /**
   * The code units a match of `e` can start with, as a {@link Guard}; {@link ANY} when `e` can
   * match "" (then nothing is ruled out).
   */
  #guard(e: Expr): Guard {
    const bits = this.#firsts(e);
    return ((bits[4] as number) & EMPTY) === 0 ? bits : ANY;
  }

  /** True when `e` can match "" (analysis.ts nullable, read from {@link #firsts}). */
  #nullable(e: Expr): boolean {
    return ((this.#firsts(e)[4] as number) & EMPTY) !== 0;
  }

  /**
   * The code units a non-empty match of `e` can start with (analysis.ts firstChars, with every
   * code unit past ASCII as one: a few bits per expression, not a set), and {@link EMPTY} when it
   * can match "". A walk that reaches an expression again has followed a left recursion, which the
   * loader refuses: so each answer is final when made (an overflow of the stack keeps none).
   */
  #firsts(e: Expr): Guard {
    const known = this.#firstBits.get(e);
    if (known !== undefined) return known;
    if (e.type === "ref") {
      // (a call starts as its rule does: the rule's bits, not a copy)
      const key = e.name.toLowerCase();
      if (!this.#opaque(key)) {
        const bits = this.#firsts(this.#rule(key).expr);
        this.#firstBits.set(e, bits);
        return bits;
      }
    }
    // (no closure made per call, and no callback: this walk is first made hot by a large
    // grammar's first pass, and V8 compiles it then, its size inlined the cost)
    const out = new Int32Array(5);
    let empty = false;
    switch (e.type) {
      case "lit": {
        empty = e.text === "";
        if (empty) break;
        const c = e.text.charCodeAt(0);
        const lower = c | 0x20;
        addUnits(out, c, c);
        if (!e.caseSensitive && lower >= 0x61 && lower <= 0x7a) addUnits(out, c ^ 0x20, c ^ 0x20);
        break;
      }
      case "range":
        addUnits(out, e.lo, e.hi);
        break;
      case "seq":
      case "alt":
      case "rep": {
        // (what the items can start with, OR'ed in here, not by a method of its own: one that
        // only these call was not made hot by RFC 5322's rounds once a call's bits were its
        // rule's, and V8 compiled it during RFC 5234's first pass, which took a fifth longer.
        // A sequence's items up to the first that cannot match "", which it matches when all can;
        // an alternation matches "" when one can; a repetition when its item can, or from 0)
        const n = e.type === "rep" ? (e.max > 0 ? 1 : 0) : e.items.length;
        empty = e.type === "seq";
        for (let k = 0; k < n; k++) {
          const b = this.#firsts(e.type === "rep" ? e.item : (e.items[k] as Expr));
          for (let i = 0; i < 4; i++) out[i] = (out[i] as number) | (b[i] as number);
          out[4] = (out[4] as number) | ((b[4] as number) & 1);
          const nullable = ((b[4] as number) & EMPTY) !== 0;
          if (e.type !== "seq") empty ||= nullable;
          else if (!nullable) {
            empty = false;
            break;
          }
        }
        if (e.type === "rep" && e.min === 0) empty = true;
        break;
      }
      case "ref":
        // (a rule checked in code whose match may start anywhere, #opaque; else above)
        out.fill(-1);
        empty = true;
        break;
      default:
        break; // (prose no import supplies matches nothing)
    }
    if (empty) out[4] = (out[4] as number) | EMPTY;
    this.#firstBits.set(e, out);
    return out;
  }

  /** One character of `set`; with `explain`, the expression it reads, named by labels.ts's {@link startLabels} where it fails. */
  #charReader(set: CodePointSet, explain?: Expr): Reader {
    const ascii = asciiOf(set);
    const read = (at: number): number => {
      const c = unitAt(this.#input, at);
      if (c < 128) return c >= 0 && ascii[c] === 1 ? at + 1 : -1;
      // (a lone surrogate: no code point, no match)
      const cp = codePointAt(this.#input, at);
      return cp >= 0 && hasCodePoint(set, cp) ? at + (cp > 0xffff ? 2 : 1) : -1;
    };
    if (explain === undefined) return read;
    let labels: readonly string[] | undefined;
    return (at) => {
      const end = read(at);
      if (end < 0) this.#reach(at, (labels ??= startLabels(explain, this.analysis)));
      else this.#reach(end, NO_LABELS);
      return end;
    };
  }

  /**
   * `min*max` characters of `set` (RFC 5234 §3.6), read in one loop: the ends are the offsets
   * after each count from `min` on, up to the end of the run of the set's characters or `max`.
   * A step per character read, as {@link #rep} takes a step per count.
   */
  #runReader(set: CodePointSet, min: number, max: number): Reader {
    const ascii = asciiOf(set);
    return (at) => {
      const input = this.#input;
      // (the first end alone until there is a second: most runs end at one offset, and a list
      // per call was most of what a first pass allocated, its collections a share of its time)
      let first = min === 0 ? at : -1;
      let out: number[] | undefined;
      let end = at;
      let count = 0;
      while (count < max && end < input.length) {
        const c = input.charCodeAt(end);
        if (c < 128) {
          if (ascii[c] !== 1) break;
          end++;
        } else {
          // (a lone surrogate: no code point, no match)
          const cp = codePointAt(input, end);
          if (cp < 0 || !hasCodePoint(set, cp)) break;
          end += cp > 0xffff ? 2 : 1;
        }
        if (++count >= min) {
          if (first < 0) first = end;
          else if (out === undefined) out = [first, end];
          else out.push(end);
        }
      }
      if ((this.steps += Math.min(count + 1, max)) > this.#limit) throw GIVE_UP;
      return out ?? first;
    };
  }

  /**
   * Expression `e` read from several offsets at once ({@link Many}), made when first asked for,
   * one per expression object: a repetition's count, or the items of a sequence read so far,
   * that end at several offsets are the next item's starts. A repetition (not an option) whose
   * item cannot match "" is read from all of them at once ({@link #rep}, {@link #runMany});
   * anything else from each ({@link #each}, a rule's call memoized by offset), until that takes
   * many steps or ends for the starts ({@link #each}'s `rest`): then the starts left are read at
   * once ({@link #allOf}). Read from each, an item whose own repetition ends at every later
   * offset read the rest of the input anew from each of them (`*( 1*"a" "a" )`: about 1.5 n^2
   * steps on n letters); read from all, each offset is followed once.
   */
  #manyOf(e: Expr, explain: boolean): Many {
    const made = this.#manys[explain ? 1 : 0];
    let m = made.get(e);
    if (m === undefined) made.set(e, (m = this.#makeMany(e, explain)));
    return m;
  }

  #makeMany(e: Expr, explain: boolean): Many {
    if (this.#readsRep(e, explain)) return this.#repMany(e as Rep, explain);
    const item = this.#reader(e, explain);
    const all = this.#lazyAll(e, explain);
    let guard = explain ? ANY : PENDING;
    return (from) => {
      if (guard === PENDING) guard = this.#guard(e);
      return this.#each(item, from, guard, all);
    };
  }

  /** True where repetition `e` (not an option) is read from several offsets in one run ({@link #repMany}). */
  #readsRep(e: Expr, explain: boolean): boolean {
    if (e.type !== "rep" || e.max === 1 || this.#shared.has(e)) return false;
    const set = explain ? null : this.analysis.charSet(e.item);
    if (set === null) return !this.#nullable(e.item);
    return e.max === Infinity && (set.length === 0 || ((set[set.length - 1] as readonly [number, number])[1] as number) < 0xd800);
  }

  /** Repetition `e` ({@link #readsRep}) from several offsets at once, in one run: {@link #runMany} for a run of one class, else {@link #rep}. */
  #repMany(e: Rep, explain: boolean): Many {
    const { min, max } = e;
    const set = explain ? null : this.analysis.charSet(e.item);
    if (set !== null) return this.#runMany(set, min);
    const item = this.#reader(e.item, explain);
    const guard = explain ? ANY : this.#guard(e.item);
    const all = this.#lazyAll(e.item, explain);
    return (from) => {
      this.#step(from.length);
      return this.#rep(item, all, guard, min, max, from);
    };
  }

  /**
   * {@link #allOf}'s reader of `e`, made when first called (most lists are read from each start
   * to the end), or `undefined` where there is none.
   */
  #lazyAll(e: Expr, explain: boolean): Many | undefined {
    if (!this.#readsAll(e, explain)) return undefined;
    let made: Many | undefined;
    return (from) => (made ??= this.#allOf(e, explain) ?? this.#fromEach(e, explain))(from);
  }

  /** `e` read from each of several offsets ({@link #each}), where it cannot be read from all at once. */
  #fromEach(e: Expr, explain: boolean): Many {
    const item = this.#reader(e, explain);
    const guard = explain ? ANY : this.#guard(e);
    return (from) => this.#each(item, from, guard);
  }

  /** True where {@link #allOf} makes a reader of `e` from all the starts at once (see there). */
  #readsAll(e: Expr, explain: boolean): boolean {
    if (this.#shared.has(e) || (explain && this.analysis.matchesNothing(e))) return false;
    if (e.type === "prose" || ((!explain || e.type === "lit" || e.type === "range") && this.analysis.charSet(e) !== null)) return false;
    switch (e.type) {
      case "rep":
        return e.max === 1 ? !this.#nullable(e.item) : this.#readsRep(e, explain);
      case "seq":
      case "alt":
        return true;
      case "ref":
        return true; // (whether the rule can be read so is asked only when needed, #inlineMany: the rules that call themselves are found over the whole grammar)
      default:
        return false;
    }
  }

  /**
   * Expression `e` read from several offsets at once, the starts left where reading from each
   * took many steps ({@link #each}'s `rest`): a sequence's items, an alternation's, an option's
   * item, a rule's expression ({@link #inlineMany}), each from all the starts ({@link #manyOf});
   * `undefined` where `e` is read from each start whatever it takes: a character or string (one
   * end a start), an expression object met twice (memoized by offset, as a rule), a repetition
   * whose item can match "", a repetition of a bounded count of a run, and a rule that
   * {@link #inlineMany} does not read so.
   */
  #allOf(e: Expr, explain: boolean): Many | undefined {
    if (!this.#readsAll(e, explain)) return undefined;
    switch (e.type) {
      case "rep": {
        if (e.max !== 1) return this.#repMany(e, explain);
        // (an option: the item's ends from all the starts, and the starts themselves)
        const min = e.min;
        const item = e.item;
        let made: Many | undefined;
        const many: Many = (from) => (made ??= this.#manyOf(item, explain))(from);
        return (from) => {
          this.#step(from.length);
          const ends = many(from);
          return min > 0 ? ends : this.#union(from, ends);
        };
      }
      case "seq": {
        const items = e.items.map((x) => this.#reader(x, explain));
        const guards = e.items.map(() => (explain ? ANY : PENDING));
        const many = e.items.map(() => PENDING_MANY);
        return (from) => {
          this.#step(from.length);
          let cur: Ends = from;
          for (let k = 0; k < items.length; k++) {
            if (typeof cur !== "number") {
              let m = many[k] as Many;
              if (m === PENDING_MANY) m = many[k] = this.#manyOf(e.items[k] as Expr, explain);
              cur = m(cur);
            } else {
              let guard = guards[k] as Guard;
              if (guard === PENDING) guard = guards[k] = this.#guard(e.items[k] as Expr);
              if (!starts(guard, unitAt(this.#input, cur))) return -1;
              cur = (items[k] as Reader)(cur);
            }
            if (cur === -1) return -1;
          }
          return cur;
        };
      }
      case "alt": {
        const many = e.items.map(() => PENDING_MANY);
        return (from) => {
          this.#step(from.length);
          let out: Ends = -1;
          for (let k = 0; k < many.length; k++) {
            let m = many[k] as Many;
            if (m === PENDING_MANY) m = many[k] = this.#manyOf(e.items[k] as Expr, explain);
            out = this.#union(out, m(from));
          }
          return out;
        };
      }
      case "ref":
        return this.#inlineMany(e.name.toLowerCase(), explain);
      default:
        return undefined;
    }
  }

  /** True where {@link #inlineMany} reads rule `key` from several offsets at once (see there). */
  #inlines(key: string, explain: boolean): boolean {
    return !this.analysis.checks.has(key) && !recursiveRules(this.analysis).has(key) && !(explain && this.analysis.rule(key).token);
  }

  /**
   * A call of rule `key` from several offsets at once: its expression's {@link Many}, not
   * memoized (a memo holds the ends from one offset); `undefined` where the rule is read from
   * each start instead: one that calls itself (memoized, so that its recursion is read once an
   * offset), one checked in code, and a token rule while explaining (named by where a call of
   * it starts when it read nothing past it, {@link #explainRef}). Such a call nests as a call
   * does ({@link MAX_REF_DEPTH}). While explaining, what the rule reads is noted in its caller's
   * as it is read: the furthest offset and what was expected there, which is what
   * {@link #explainRef} merges into the caller's from a call's own.
   */
  #inlineMany(key: string, explain: boolean): Many | undefined {
    if (!this.#inlines(key, explain)) return undefined;
    const r = this.#rule(key);
    let inner: Many | undefined;
    return (from) => {
      if (inner === undefined) {
        // (the rule's readers made as a call makes them, #memoized and #explainRef)
        if (explain) {
          if (r.explain === undefined) {
            this.#noteRule(r);
            r.explain = this.#reader(r.expr, true);
          }
        } else if (r.read === undefined) {
          this.#noteRule(r);
          r.read = this.#reader(r.expr);
        }
        inner = this.#manyOf(r.expr, explain);
      }
      this.at = from[0] as number;
      if (++this.#depth > this.#depthLimit) throw GIVE_UP;
      const ends = inner(from);
      this.#depth--;
      return ends;
    };
  }

  /**
   * `min*` characters of `set` (each one code unit) from several offsets, ascending
   * ({@link #runReader}'s ends from each, merged): one scan, in which a start the scan reaches is
   * passed over (its ends are ends of the run being scanned, which began before it with as many
   * characters or more).
   */
  #runMany(set: CodePointSet, min: number): Many {
    const ascii = asciiOf(set);
    return (from) => {
      this.#step(from.length);
      const input = this.#input;
      const n = input.length;
      let first = -1;
      let out: number[] | undefined;
      let i = 0;
      let scanned = 0;
      while (i < from.length) {
        let end = from[i++] as number;
        let count = 0;
        if (min === 0) {
          if (first < 0) first = end;
          else (out ??= [first]).push(end);
        }
        while (end < n) {
          const c = input.charCodeAt(end);
          if (c < 128 ? ascii[c] !== 1 : !hasCodePoint(set, c)) break;
          end++;
          if (++count >= min) {
            if (first < 0) first = end;
            else (out ??= [first]).push(end);
          }
          while (i < from.length && (from[i] as number) <= end) i++;
        }
        scanned += count + 1;
      }
      if ((this.steps += scanned) > this.#limit) throw GIVE_UP;
      return out ?? first;
    };
  }

  /**
   * A quoted string: ASCII letters in either case unless `caseSensitive` (RFC 5234 §2.3, RFC 7405).
   * With `explain`, where it fails it notes how much of it was read and names the rest, as the
   * compiled tier names a literal's positions (automaton.ts optionLabel).
   */
  #litReader(text: string, caseSensitive: boolean, explain = false): Reader {
    const n = text.length;
    // (code unit k matches when, with the bits of masks[k] set, it is wants[k]: 0x20 makes an
    // ASCII letter lowercase, so a letter in either case matches. One path for every literal:
    // V8's readers optimized on one grammar's literals meet no branch new on another's.)
    const masks: number[] = [];
    const wants: number[] = [];
    for (let k = 0; k < n; k++) {
      const c = text.charCodeAt(k);
      const m = !caseSensitive && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a ? 0x20 : 0;
      masks.push(m);
      wants.push(c | m);
    }
    if (explain) {
      const cps = codePoints(text);
      return (at) => {
        const input = this.#input;
        let k = 0;
        while (k < n && at + k < input.length) {
          if ((input.charCodeAt(at + k) | (masks[k] as number)) !== wants[k]) break;
          k++;
        }
        if (k === n) {
          this.#reach(at + n, NO_LABELS);
          return at + n;
        }
        // (the compiled tier reads a literal by code points: a pair read by half is not read)
        let read = 0;
        let units = 0;
        while (read < cps.length && units + ((cps[read] as number) > 0xffff ? 2 : 1) <= k) units += (cps[read++] as number) > 0xffff ? 2 : 1;
        this.#reach(at + units, [JSON.stringify(text.slice(units))]);
        return -1;
      };
    }
    return (at) => {
      const input = this.#input;
      if (at + n > input.length) return -1;
      for (let k = 0; k < n; k++) if ((input.charCodeAt(at + k) | (masks[k] as number)) !== wants[k]) return -1;
      return at + n;
    };
  }

  /**
   * The ends of `item` from each of `from` where its `guard` lets it start, as {@link Ends}:
   * gathered, then merged once (merging each into the last would copy the list each time). Marks
   * each offset in {@link #marks} (no reader runs meanwhile, so the marks are this merge's alone),
   * then reads the marks in order where they are dense, else sorts the offsets kept.
   */
  #each(item: Reader, from: readonly number[], guard: Guard, rest?: Many): Ends {
    this.#step(from.length);
    // (until there are ends from two starts, the first start's are kept as they came, an
    // offset or the item's own list, and no list is made: as in #runReader)
    let first = -1;
    let list: readonly number[] | undefined;
    let all: number[] | undefined;
    const input = this.#input;
    const before = this.steps;
    const most = rest === undefined ? Infinity : 4 * (input.length - (from[0] as number)) + 256;
    const mostEnds = rest === undefined ? Infinity : 8 * from.length + 256;
    let gathered = 0;
    for (let k = 0; k < from.length; k++) {
      let ends: Ends;
      if ((this.steps - before > most || gathered > mostEnds) && from.length - k > 1) {
        // (read from each start, the item took more steps than four a character of the rest of
        // the input, or ended at more offsets than eight a start, each with room for 256: the
        // starts left are read at once, their ends merged as one start's)
        ends = (rest as Many)(from.slice(k));
        k = from.length;
      } else {
        const at = from[k] as number;
        if (!starts(guard, unitAt(input, at))) continue;
        ends = item(at);
      }
      if (typeof ends !== "number") {
        this.#step(ends.length);
        gathered += ends.length;
        if (all === undefined) {
          if (first < 0 && list === undefined) {
            list = ends;
            continue;
          }
          all = list === undefined ? [first] : list.slice();
        }
        for (let i = 0; i < ends.length; i++) all.push(ends[i] as number);
      } else if (ends >= 0) {
        if (all !== undefined) all.push(ends);
        else if (list !== undefined) (all = list.slice()).push(ends);
        else if (first < 0) first = ends;
        else all = [first, ends];
      }
    }
    if (all === undefined) return list ?? first;
    const n = all.length;
    if (n < 2) return n === 0 ? -1 : (all[0] as number);
    let k = 1;
    while (k < n && (all[k] as number) > (all[k - 1] as number)) k++;
    if (k === n) return all; // (already ascending, as from one start or starts whose ends do not meet)
    const marks = this.#marks;
    const mark = this.#nextMark();
    let lo = all[0] as number;
    let hi = lo;
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const x = all[i] as number;
      if (marks[x] !== mark) {
        marks[x] = mark;
        out.push(x);
        if (x < lo) lo = x;
        else if (x > hi) hi = x;
      }
    }
    const count = out.length;
    if (count === 1) return lo;
    if (hi - lo + 1 <= 4 * count) {
      let j = 0;
      for (let x = lo; x <= hi; x++) if (marks[x] === mark) out[j++] = x;
    } else out.sort((x, y) => x - y);
    return out;
  }

  /** A mark not in {@link #marks} yet. */
  #nextMark(): number {
    if (this.#mark === 0x7fffffff) {
      this.#marks.fill(0);
      this.#mark = 0;
    }
    return ++this.#mark;
  }

  /** The union of two {@link Ends}. */
  #union(a: Ends, b: Ends): Ends {
    if (typeof b === "number") {
      if (b < 0 || a === b) return a;
      if (typeof a === "number") return a < 0 ? b : [Math.min(a, b), Math.max(a, b)];
      return insert(a, b);
    }
    if (typeof a === "number") return a < 0 ? b : insert(b, a);
    this.#step(a.length + b.length);
    if (a === b) return a;
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      // (past its end, a list reads as an offset past every other, a small integer as they are)
      const x = i < a.length ? (a[i] as number) : PAST;
      const y = j < b.length ? (b[j] as number) : PAST;
      out.push(x <= y ? x : y);
      if (x <= y) i++;
      if (y <= x) j++;
    }
    return out;
  }

  /**
   * `min*max item` for an item that cannot match "" (RFC 5234 §3.6): the offsets reached after
   * each count of iterations, from `min` on; an offset reached again at a higher count is not
   * followed again (the lower count can do all the higher one can). From `at`, one offset or
   * several ({@link Ends}, ascending): the union of the ends from each, in one run, where each
   * count's offsets are those reached from every start at that count (so an offset is followed
   * first at its lowest count, whichever start reached it). A sequence's item that ends at many
   * offsets before a repetition, as RFC 5322's `word *(word / "." / CFWS)` (obs-phrase), ran
   * the repetition from each of them, over the rest of the phrase each time. A count's several
   * offsets are read from each ({@link #each}), or where that takes many steps from all of them
   * at once by `all` (the item's {@link #allOf}): read from each, an item whose own repetition
   * ends at every later offset (`*( 1*"a" "a" )`) read the rest of the input from each of them.
   */
  #rep(item: Reader, all: Many | undefined, guard: Guard, min: number, max: number, at: Ends): Ends {
    // the offsets reached at a count from the minimum on, ascending once two paths may meet
    // (while every count reached one offset, each further than the last, none was reached twice)
    // (the first offset alone until there is a second, as in #runReader; from then on on
    // #pending from `base`, and the list answered made once, of their number)
    const one = typeof at === "number";
    let first = min === 0 && one ? at : -1;
    const base = this.#top;
    if (min === 0 && !one) for (let i = 0; i < at.length; i++) this.#push(at[i] as number);
    let frontier: Ends = at;
    let met = !one;
    for (let count = 1; count <= max; count++) {
      this.#step(1);
      let next: Ends = typeof frontier !== "number" ? this.#each(item, frontier, guard, all) : starts(guard, unitAt(this.#input, frontier)) ? item(frontier) : -1;
      if (next === -1) break;
      if (count >= min) {
        if (!met && typeof next !== "number") {
          met = true;
          if (this.#top === base && first >= 0) this.#push(first);
        }
        if (met) {
          next = this.#fresh(next, base);
          if (next === -1) break;
        } else if (this.#top > base) this.#push(next as number);
        else if (first < 0) first = next as number;
        else {
          this.#push(first);
          this.#push(next as number);
        }
      }
      frontier = next;
    }
    if (this.#top === base) return first; // (-1 where met: a first end was moved to #pending then)
    const out = this.#pending.slice(base, this.#top);
    this.#top = base;
    return unEnds(out);
  }

  /**
   * Stacks `x` on {@link #pending}: the one store that grows it, so that V8's code for it has met
   * a growth (at a process's first runs) wherever a grammar's first pass grows it further; a store
   * of each caller's own that had not grown it before deoptimized its #rep at that pass.
   */
  #push(x: number): void {
    this.#pending[this.#top++] = x;
  }

  /**
   * The offsets of `ends` not among the repetition's ends on {@link #pending} from `base` (both
   * ascending, without repeats), which are added to them, kept ascending: the ends a repetition
   * reached first at this count.
   */
  #fresh(ends: Ends, base: number): Ends {
    const out = this.#pending;
    const n = this.#top;
    if (n === base || (typeof ends === "number" ? ends : (ends[0] as number)) > (out[n - 1] as number)) {
      // (all further than any reached before: the common case, a repetition moving on)
      if (typeof ends === "number") this.#push(ends);
      else for (let j = 0; j < ends.length; j++) this.#push(ends[j] as number);
      return ends;
    }
    // (one end is merged as a list of one: a path of its own would be code that a grammar's first
    // pass can be the first to run, which V8 pays with a deoptimization and a recompile)
    const next = typeof ends === "number" ? [ends] : ends;
    const fresh: number[] = [];
    // (from the first of the ends not below the first of `next`, found by halving: a scan from
    // the start read all of them at each count, uncounted, which a long phrase of RFC 5322 words
    // made quadratic; what is read from there on, and moved below, is counted)
    let i = lowerBound(out, next[0] as number, base, n);
    this.#step(n - i + next.length);
    for (let j = 0; j < next.length; j++) {
      const x = next[j] as number;
      while (i < n && (out[i] as number) < x) i++;
      if (i === n || out[i] !== x) fresh.push(x);
    }
    if (fresh.length === 0) return -1;
    // (merged from the back, in place; one path whichever list gives the next, since a branch of
    // its own that no grammar's inputs took before, RFC 5322's among them, deoptimized #fresh and
    // the #rep it is inlined into at OData's first pass)
    let k = n - 1;
    let f = fresh.length - 1;
    let w = n + fresh.length - 1;
    for (let x = 0; x <= f; x++) this.#push(0);
    while (f >= 0) {
      const o = k >= base ? (out[k] as number) : -1;
      const x = fresh[f] as number;
      const old = o > x ? 1 : 0;
      out[w] = old === 1 ? o : x;
      w -= 1;
      k -= old;
      f -= 1 - old;
    }
    return fresh.length === 1 ? (fresh[0] as number) : fresh;
  }

  /**
   * `min*max item` for an item that can match "": any count up to `max` can be padded with
   * empty iterations, so the ends are every offset reached in at most `max` iterations.
   */
  #nullableRep(item: Reader, max: number, at: number): Ends {
    const seen = new Set<number>([at]);
    let frontier: number[] = [at];
    for (let count = 1; count <= max && frontier.length > 0; count++) {
      this.#step(frontier.length);
      const next: number[] = [];
      for (const start of frontier) {
        const ends = item(start);
        if (typeof ends === "number") {
          if (ends >= 0 && !seen.has(ends)) {
            seen.add(ends);
            next.push(ends);
          }
        } else {
          this.#step(ends.length);
          for (const x of ends)
            if (!seen.has(x)) {
              seen.add(x);
              next.push(x);
            }
        }
      }
      frontier = next;
    }
    // (each end merged and sorted is a step, as in #each: a rule too large to compile is read
    // here within its whole budget, `*( 0*5000[ "x" ] )` on 31,251 characters, and its steps
    // took 900 ns each while only the starts were counted)
    this.#step(seen.size);
    return unEnds([...seen].sort((x, y) => x - y));
  }
}

/** False when no match guarded by `guard` (Interpreter.guard) can start with code unit `c` (-1: the end of the input, {@link unitAt}). */
function starts(guard: Guard, c: number): boolean {
  // (one path for every code unit: V8's optimized code meets no branch it has not seen)
  const k = c < 0 ? 129 : c < 128 ? c : 128;
  return (((guard[k >> 5] as number) >>> (k & 31)) & 1) === 1;
}

/**
 * The code unit of `input` at `at`, -1 past its end: read so, V8's optimized readers never read
 * out of bounds, which would deoptimize them (and every call of theirs on the stack) once each.
 */
const unitAt = (input: string, at: number): number => (at < input.length ? input.charCodeAt(at) : -1);

/** Per set of code points (analysis.ts keeps one per expression, charset.ts one per literal character): its ASCII code units, as a table. */
const asciiTables = new WeakMap<CodePointSet, Uint8Array>();

function asciiOf(set: CodePointSet): Uint8Array {
  let table = asciiTables.get(set);
  if (table === undefined) {
    table = new Uint8Array(128);
    for (const [lo, hi] of set) for (let c = lo; c <= Math.min(hi, 127); c++) table[c] = 1;
    asciiTables.set(set, table);
  }
  return table;
}

/** Sets the bits of code units `lo` to `hi` in `out` ({@link Guard}: every one past ASCII as 128). */
function addUnits(out: Guard, lo: number, hi: number): void {
  for (let c = Math.min(lo, 128); c <= Math.min(hi, 128); c++) out[c >> 5] = (out[c >> 5] as number) | (1 << (c & 31));
}

/** Where the memo table's probe for rule `id` at offset `at` starts (before its mask). */
function hashOf(id: number, at: number): number {
  return (Math.imul(id, 0x9e3779b1) ^ Math.imul(at + 1, 0x85ebca77)) >>> 7;
}

/** `xs` (ascending, no repeats) as {@link Ends}. */
function unEnds(xs: readonly number[]): Ends {
  if (xs.length === 0) return -1;
  // (the first read from every list, not from a list of one alone: no repetition of RFC 5322's
  // inputs read from several offsets ended at one, and OData's first that did deoptimized the
  // repetition's reader, #rep inlined, at a read V8 had never seen run)
  const first = xs[0] as number;
  return xs.length === 1 ? first : xs;
}

/** The first index of `xs` (ascending from `from` to `to`) from `from` whose element is not below `x` (`to` when none). */
function lowerBound(xs: readonly number[], x: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `xs` (ascending, no repeats, two or more) with `x` (not negative) added. */
function insert(xs: readonly number[], x: number): readonly number[] {
  let i = 0;
  while (i < xs.length && (xs[i] as number) < x) i++;
  if (xs[i] === x) return xs;
  const out = xs.slice();
  out.splice(i, 0, x);
  return out;
}
