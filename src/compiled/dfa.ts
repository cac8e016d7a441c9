// The one matching loop of the compiled core: a rule compiled at build time (data.ts), a minimal deterministic automaton over character classes read a
// code point at a time, answers whole-string and longest-prefix matches in one linear pass and, where a match stops, what it expected (the engine's labels).
import type { CompiledGrammarData, CompiledRuleData } from "./data.js";

/** The label the engine gives the end of the input in `expected`. */
export const END_OF_INPUT = "end of input";

/**
 * `s.charCodeAt(i)`, through one bound function. Written `input.charCodeAt(i)`, the method is
 * looked up on the string's shape (its V8 map), and strings come in many shapes (one- or
 * two-byte; flat, sliced from a bigger string as every line of a `split` is, concatenated,
 * internalized): once more than four have reached that line before V8 optimizes the loop, the
 * optimized loop looks the method up and calls it for every character, about 2.5 times slower
 * for the life of the process. Which way a process went depended on what it ran before (in the
 * benchmark: building the samples, parsing IRIs or IP literals). A call of this one function is
 * the same call whatever the string, and V8 inlines it.
 */
export const codeAt = /* @__PURE__ */ (() => Function.prototype.call.bind(String.prototype.charCodeAt) as (s: string, i: number) => number)();

/** The value of a packed digit (data.ts): "#" to "~", the backslash left out. */
const digitValue = (c: number): number => c - 35 - (c > 92 ? 1 : 0);

/** The numbers of a packed string (data.ts): one digit each, "~" and two more digits for a number of 90 or more, or "!" for the number before again. */
export function unpack(text: string): number[] {
  const out: number[] = [];
  for (let j = 0, v = 0; j < text.length; out.push(v)) {
    const c = text.charCodeAt(j++);
    // "!" is the number before it again
    if (c !== 33) v = c === 126 ? 90 + digitValue(text.charCodeAt(j++)) * 91 + digitValue(text.charCodeAt(j++)) : digitValue(c);
  }
  return out;
}

/** Where a whole-string match stopped, and what the rule expected there. */
export interface DfaFailure {
  readonly offset: number;
  readonly expected: readonly string[];
}

/** The longest prefix match from a start offset (what a rule's parsimmon parser consumes). */
export interface DfaLongest {
  /** The end of the longest match, or -1 when there is none. */
  readonly end: number;
  /** How far the input could be read as the beginning of a match. */
  readonly furthest: number;
  /** What could have continued the input at `furthest`. */
  readonly expected: readonly string[];
}

/**
 * Where {@link CompiledRule.test} goes on when its US-ASCII loop stops short of the end (./wide.ts;
 * a grammar made without one hands the input to run): from offset `i` in state `s` of the fast
 * table's encoding (the state shifted by 7; `info.length << 7` the row of a call), with the rule's
 * fast table, table, number of classes, info and `[from, class, ...]` ranges above US-ASCII.
 * `undefined` where run must answer (a call).
 */
export type WideLoop = (input: string, i: number, s: number, fast: Uint16Array, table: Uint8Array | Uint16Array, classes: number, info: Uint16Array, wide: readonly number[]) => boolean | undefined;

/**
 * The wide loop, once {@link withWideLoop} has run (./index.ts, as it makes uriGrammar; then every
 * compiled rule's test reads through it; a bundle that never makes that grammar has none). One
 * value, not one per grammar: a field of each grammar, handed to its parts, cost `{ parse }`
 * about 15 bytes more gzipped.
 */
let wideLoop: WideLoop | undefined;

/** @internal `grammar`, once `loop` is the loop every compiled rule's test goes on in past US-ASCII. */
export function withWideLoop(grammar: CompiledGrammar, loop: WideLoop): CompiledGrammar {
  wideLoop = loop;
  return grammar;
}

/** A compiled grammar: its rules by lowercase name, decoded on first use. */
export class CompiledGrammar {
  readonly #data: CompiledGrammarData;
  readonly #index = new Map<string, number>();
  readonly #rules: (CompiledRule | undefined)[];
  #labelSets: (readonly string[])[] | undefined;

  /** Where a rule's callee is found when this grammar does not hold it (a scheme grammar calls RFC 3986's IP-literal). */
  readonly #calls: CompiledGrammar | undefined;
  /** The other parts of the whole this grammar is a part of (src/compiled/uri.ts): rules it does not hold are theirs. */
  readonly #parts: readonly CompiledGrammar[];

  constructor(data: CompiledGrammarData, calls?: CompiledGrammar, parts: readonly CompiledGrammar[] = []) {
    this.#data = data;
    this.#calls = calls;
    this.#parts = parts;
    data.rules.forEach((r, i) => this.#index.set(r.name.toLowerCase(), i));
    this.#rules = new Array<CompiledRule | undefined>(data.rules.length);
  }

  /** The rule of that name (any case), or `undefined` when the grammar (with its parts) has no compiled rule of that name. */
  rule(name: string): CompiledRule | undefined {
    const i = this.#index.get(name.toLowerCase());
    if (i === undefined) {
      for (const p of this.#parts) {
        const r = p.rule(name);
        if (r !== undefined) return r;
      }
      return undefined;
    }
    return (this.#rules[i] ??= new CompiledRule(this.#data.rules[i] as CompiledRuleData, this));
  }

  /** @internal A rule called by one of this grammar's, looked up in the grammar the calls go to. */
  callee(name: string): CompiledRule | undefined {
    return this.#calls?.rule(name);
  }

  /** The names of the compiled rules, as their definitions spell them, in definition order. */
  get ruleNames(): readonly string[] {
    return this.#data.names ?? this.#data.rules.map((r) => r.name);
  }

  /** @internal The labels of label set `i`, frozen and shared. */
  labelSet(i: number): readonly string[] {
    if (this.#labelSets === undefined) {
      const { labels, labelSets } = this.#data;
      // each set packed, a space between two (data.ts)
      this.#labelSets = labelSets.split(" ").map((s) => Object.freeze(unpack(s).map((l) => labels[l] as string)));
    }
    return this.#labelSets[i] as readonly string[];
  }

  /** @internal */
  asciiMap(i: number): Uint8Array {
    return Uint8Array.from(unpack(this.#data.asciiMaps[i] as string));
  }

  /** @internal */
  wideMap(i: number): readonly number[] {
    // each `from` less the one before it, and each class, in base 36 (data.ts)
    let from = 0;
    return (this.#data.wideMaps[i] as string).split(",").map((x, j) => (j & 1 ? parseInt(x, 36) : (from += parseInt(x, 36))));
  }
}

/** One compiled rule: a {@link Matcher} of the one pipeline. */
export class CompiledRule {
  /** The rule's name as its definition spells it. */
  readonly name: string;
  readonly #grammar: CompiledGrammar;
  readonly #classes: number;
  /** Targets by `state * classes + class`; 0 is the dead state. */
  readonly #table: Uint8Array | Uint16Array;
  /** Per state: `labelSet << 1 | accept`. */
  readonly #info: Uint16Array;
  readonly #ascii: Uint8Array;
  /** `[from, class, ...]` for code points of 128 and above. */
  readonly #wide: readonly number[];

  /** The called rule (see CompiledRuleData.call), and the state to go on in after a call, by state. */
  readonly #callee: CompiledRule | undefined;
  readonly #exits: Uint16Array | undefined;

  constructor(d: CompiledRuleData, g: CompiledGrammar) {
    this.name = d.name;
    this.#grammar = g;
    this.#classes = d.classes;
    const table = unpack(d.table);
    this.#table = d.states >= 255 ? Uint16Array.from(table) : Uint8Array.from(table);
    this.#info = Uint16Array.from(unpack(d.info));
    this.#ascii = g.asciiMap(d.ascii);
    this.#wide = g.wideMap(d.wide);
    if (d.call !== undefined) {
      const callee = g.rule(d.call.rule) ?? g.callee(d.call.rule);
      if (callee === undefined) throw new Error(`internal: compiled rule ${d.name} calls ${d.call.rule}, which is not compiled`);
      this.#callee = callee;
      this.#exits = new Uint16Array(d.states);
      const e = d.call.exits;
      for (let i = 0; i < e.length; i += 2) this.#exits[e[i] as number] = e[i + 1] as number;
    }
  }

  /** The class of a code point of 128 or more. */
  #wideClass(cp: number): number {
    const w = this.#wide;
    // the last `from` at or below cp (pairs: from, class)
    let lo = 0;
    let hi = (w.length >> 1) - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((w[2 * mid] as number) <= cp) lo = mid;
      else hi = mid - 1;
    }
    return w[2 * lo + 1] as number;
  }

  /**
   * Reads from `start` while the rule can go on, into `out`: [0] the offset where it stopped (the
   * input's end, or the first code point no string of the rule can have there), [1] the label
   * set and accept flag there (`labelSet << 1 | accept`), [2] the last offset at which the rule
   * could end (-1 when none).
   */
  run(input: string, start: number, out: Int32Array): void {
    const table = this.#table;
    const info = this.#info;
    const ascii = this.#ascii;
    const k = this.#classes;
    const call = info.length; // a table entry that calls the callee
    const n = input.length;
    let s = 1;
    let last = ((info[1] as number) & 1) === 1 ? start : -1;
    let i = start;
    while (i < n) {
      const c = codeAt(input, i);
      let t: number;
      let len = 1;
      if (c < 128) t = table[s * k + (ascii[c] as number)] as number;
      else {
        let cp = c;
        if (c >= 0xd800 && c <= 0xdfff) {
          const d = codeAt(input, i + 1);
          // a lone surrogate is no character
          if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) break;
          cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
          len = 2;
        }
        t = table[s * k + this.#wideClass(cp)] as number;
      }
      if (t === 0) break;
      if (t === call) {
        // the callee's match from here: where it ends, the rule goes on; where it stops, so does
        // the rule, with the callee's labels (its run set labelsOf)
        (this.#callee as CompiledRule).run(input, i, out);
        if ((out[2] as number) < 0) return void (out[2] = last);
        s = (this.#exits as Uint16Array)[s] as number;
        i = out[2] as number;
        if (((info[s] as number) & 1) === 1) last = i;
        continue;
      }
      s = t;
      i += len;
      if (((info[s] as number) & 1) === 1) last = i;
    }
    out[0] = i;
    out[1] = info[s] as number;
    out[2] = last;
    labelsOf = this.#grammar;
  }

  /**
   * The transitions on US-ASCII, by `state << 7 | code`, to the next state shifted the same way:
   * one load per character. 0 is the dead state; a call goes to the row after the last state,
   * whose every entry leads back to it (the loop stops for neither: it tests for them after the
   * input, or at a dead state). Made on the first test, for a rule of at most 511 states (every
   * rule of RFC 3986 and 3987 has fewer than 200).
   */
  #fast: Uint16Array = NOT_MADE;
  /** True when the rule has too many states for a fast table (then run answers). */
  #noFast = false;
  /** The row of a call in the fast table, shifted by 7. */
  #callRow = 0;

  /** Makes the fast table (or says there is none: {@link NOT_MADE}, and `#noFast`). */
  #makeFast(): Uint16Array {
    const states = this.#info.length;
    if (states > 511) {
      this.#noFast = true;
      return NOT_MADE;
    }
    const call = states << 7;
    const t = new Uint16Array((states + 1) << 7);
    const k = this.#classes;
    for (let s = 1; s < states; s++) {
      for (let c = 0; c < 128; c++) {
        const next = this.#table[s * k + (this.#ascii[c] as number)] as number;
        t[(s << 7) | c] = next === states ? call : next << 7;
      }
    }
    t.fill(call, call);
    this.#callRow = call;
    return (this.#fast = t);
  }

  /** True when the whole input matches the rule. */
  test(input: string): boolean {
    const n = input.length;
    const t = this.#fast;
    if (t === NOT_MADE) return this.#testFirst(input);
    let s = 128; // the start state, 1 << 7
    // the common case, US-ASCII without a call, without the bookkeeping of run. The loop calls
    // nothing and tests nothing of the state but the dead one (a test that is false until the
    // end, which the processor predicts): a call leads to a row that keeps it, found after the
    // loop, and what the loop cannot read (a character beyond US-ASCII, an IP literal) run reads.
    // A loop that instead skipped the write of a state that stays (most of a path, a query, a
    // host: the next lookup need not wait for this one) took about as long on flat strings
    // (1.02x this loop without its dead-state test) and 1.4x as long on the bench's sliced lines:
    // its branch on each character is mispredicted wherever the state changes (issue 34, the
    // bench's 4,000 URLs, paired rounds in one process). The table is told from NOT_MADE by identity, not by
    // its length: V8 gave `t.length` and `input.length` one feedback slot, and with a typed array
    // and a string seen there, the optimized code read the input's length through a map check
    // and as a double.
    let i = 0;
    for (; i < n; i++) {
      const c = codeAt(input, i);
      if (c >= 128) break;
      s = t[s | c] as number;
      if (s === 0) return false;
    }
    // past a character beyond US-ASCII: the wide loop (not in a bundle of parse alone: ./wide.ts);
    // past a call (an IP literal), or without the wide loop, run
    return i === n && s !== this.#callRow
      ? ((this.#info[s >> 7] as number) & 1) === 1
      : ((i < n ? wideLoop?.(input, i, s, t, this.#table, this.#classes, this.#info, this.#wide) : undefined) ?? this.#whole(input));
  }

  /** {@link test} before the fast table is made: makes it (or finds there is none), then tests. */
  #testFirst(input: string): boolean {
    if (this.#noFast || this.#makeFast().length === 0) return this.#whole(input);
    return this.test(input);
  }

  /**
   * The automaton of {@link test} with its states split by the phase of RFC 3986 Appendix B
   * that the input is in (the product of the two), and each transition on US-ASCII tagged with
   * the component boundary it crosses, by `state << 7 | code` as `next << 7 | tag`
   * ({@link DEAD_ENTRY} no transition, {@link CALL_ENTRY} a call, {@link LAZY_ENTRY} a row not
   * made yet). The minimal automaton cannot carry the tags itself: it merges states whose
   * futures agree but whose phases differ (after "/a" and after "/a?" every continuation is the
   * same, yet a "?" starts the query only in the first). A row is made the first time a run
   * reaches its state, so a process pays only for the states its inputs visit; `undefined` once
   * the split states would pass 511.
   */
  #tagged: Uint16Array = NOT_MADE;
  /** True once the split states would pass 511 (then the run does not record offsets). */
  #untagged = false;
  /** Per split state: `state * PHASES + phase` of the automaton's state and the phase. */
  #pairs: number[] = [];
  /** Per `state * PHASES + phase`: its split state, or -1. */
  #pairIds: Int16Array = NO_PAIR_IDS;
  /** Per split state: 1 where the rule may end. */
  #taggedAccept: Uint8Array = NO_ACCEPT;

  #startTagged(): Uint16Array {
    const t = new Uint16Array(64 << 7).fill(LAZY_ENTRY);
    this.#pairIds = new Int16Array(this.#info.length * PHASES).fill(-1);
    this.#pairs = [0, 1 * PHASES + P_START];
    this.#pairIds[1 * PHASES + P_START] = 1;
    this.#taggedAccept = new Uint8Array(64);
    this.#taggedAccept[1] = (this.#info[1] as number) & 1;
    return t;
  }

  /** Makes the row of split state `id`; the table (grown if it had to), or `undefined` when the split states would pass 511. */
  #makeRow(id: number): Uint16Array | undefined {
    let t = this.#tagged;
    const ids = this.#pairIds;
    const pairs = this.#pairs;
    const states = this.#info.length;
    const k = this.#classes;
    const pair = pairs[id] as number;
    const s = (pair / PHASES) | 0;
    const p = pair % PHASES;
    for (let c = 0; c < 128; c++) {
      const next = this.#table[s * k + (this.#ascii[c] as number)] as number;
      let entry = DEAD_ENTRY;
      if (next === states) entry = CALL_ENTRY;
      else if (next !== 0) {
        const step = phaseStep(p, c);
        const to = next * PHASES + (step >> 4);
        let nid = ids[to] as number;
        if (nid < 0) {
          nid = pairs.length;
          if (nid > 511) {
            this.#untagged = true;
            this.#tagged = NOT_MADE;
            return undefined;
          }
          ids[to] = nid;
          pairs.push(to);
          if (nid << 7 >= t.length) {
            const bigger = new Uint16Array(t.length * 2).fill(LAZY_ENTRY);
            bigger.set(t);
            t = this.#tagged = bigger;
            const accept = new Uint8Array(this.#taggedAccept.length * 2);
            accept.set(this.#taggedAccept);
            this.#taggedAccept = accept;
          }
          this.#taggedAccept[nid] = (this.#info[next] as number) & 1;
        }
        entry = (nid << 7) | (step & 15);
      }
      t[(id << 7) | c] = entry;
    }
    return t;
  }

  /**
   * {@link test}, for a rule whose strings are URI or IRI references, recording where the
   * components are into `o`: [0] the ":" after the scheme, [1] the second "/" of the "//" before
   * an authority, [2] the "/" that ends the authority (or, after an IP literal, where it ends),
   * [3] the "?" of the query, [4] the "#" of the fragment, [5] the "@" after the userinfo, [6] the
   * last ":" in the authority outside an IP literal (-1 for none). An authority without [2] ends at
   * the "?", the "#" or the end of the input (RFC 3986 Appendix B: the reader works that out,
   * ReferenceNode.fromRun, so this function stays small: see {@link #resume}). 0 when the input
   * does not match, 1 when it does and `o` holds its offsets, 2 when this run cannot tell (a
   * character beyond US-ASCII, a rule too big to split): then {@link test} answers, and RFC 3986
   * Appendix B's scan of the text finds the components. An IP literal is read by {@link test} and
   * the offsets after it by {@link #literalReference}.
   */
  testReference(input: string, o: Int32Array): 0 | 1 | 2 {
    o[0] = -1;
    o[1] = -1;
    o[2] = -1;
    o[3] = -1;
    o[4] = -1;
    o[5] = -1;
    o[6] = -1;
    let k = scan(this.#tagged, input, o, 0, 128); // the start state, 1 << 7
    // the first run, or a row not made yet: apart, so that what V8 inlines of the common path
    // stays small (see #resume)
    if (k === 4 /* SCAN_LAZY */) k = this.#resume(input, o);
    // (0, 2, or 1 when #resume read an IP literal and the offsets after it)
    if (k !== 3 /* the end of the input */) return k as 0 | 1 | 2;
    return this.#taggedAccept[(SCAN[1] as number) >> 7] === 1 ? 1 : 0;
  }

  /**
   * {@link failure} of `input`, right after {@link testReference} of `input` answered 0: read off
   * where its scan stopped ({@link SCAN}: the offset of a character no string of the rule has
   * there, or the end of the input in a state where the rule may not end, and the split state
   * there), without failure's second run over the input (a rejected input is read once, issue
   * 34: the error path); failure's run when the scan recorded no stop (an IP literal's call) or
   * {@link forgetStop} was called since (a run that answered 2).
   */
  failureOfReference(input: string): DfaFailure | undefined {
    const stop = SCAN[0] as number;
    return stop < 0 ? this.failure(input) : failureAt(input, stop, this.#info[((this.#pairs[(SCAN[1] as number) >> 7] as number) / PHASES) | 0] as number, this.#grammar);
  }

  /** Says that the last run recorded no stop (see {@link failureOfReference}). */
  forgetStop(): void {
    SCAN[0] = -1;
  }

  /**
   * {@link testReference} where its scan stopped at a call (the offset in {@link SCAN}[0]): at a
   * "[", the IP literal of an authority (RFC 3986 §3.2.2: "[" begins nothing else in a reference),
   * {@link test} answers, and the rest of the authority is read from the "]" (an optional ":"
   * and port, up to "/", "?", "#" or the end), then the "?" and "#" after it (RFC 3986 Appendix
   * B); the "@" before it is recorded already. Any other call answers 2, as before. So a
   * reference with an IP literal gets its offsets in this one module (issue 31: normalize(s)
   * enters no module twice).
   */
  #literalReference(input: string, o: Int32Array): 0 | 1 | 2 {
    const open = SCAN[0] as number;
    if (input.charCodeAt(open) !== 0x5b) return 2;
    if (!this.test(input)) {
      SCAN[0] = -1; // no stop recorded: failureOfReference runs failure
      return 0;
    }
    // after the "]": [ ":" port ], then the authority ends
    let i = input.indexOf("]", open) + 1;
    const colon = input.charCodeAt(i) === 0x3a ? i : -1;
    for (let c = input.charCodeAt(i); c === 0x3a || (c >= 0x30 && c <= 0x39); c = input.charCodeAt(++i));
    const fragment = input.indexOf("#", i);
    const query = input.indexOf("?", i);
    o[2] = i;
    o[3] = fragment >= 0 && query > fragment ? -1 : query;
    o[4] = fragment;
    o[6] = colon;
    return 1;
  }

  /**
   * {@link testReference}'s scan where it stopped at a row not made yet (or before the table was
   * started): makes the row, and reads on from the same character, until the scan ends. Its own
   * function, which runs only while a process meets new states: V8 counts the size of what it
   * inlines into an optimized function (about 920 bytes of bytecode in all), and with this code
   * inside testReference, the parse path (testReference, its scan, and the node's constructor)
   * passed it, so the node was made by a generic construct call (issue 34: about a tenth of
   * parse with its components read, seen in a profile).
   */
  #resume(input: string, o: Int32Array): number {
    let k = SCAN_LAZY;
    while (k === SCAN_LAZY) {
      if (this.#tagged === NOT_MADE) {
        if (this.#untagged) return 2;
        this.#tagged = this.#startTagged();
      } else if (this.#tagged[(SCAN[1] as number) | codeAt(input, SCAN[0] as number)] === CALL_ENTRY) return this.#literalReference(input, o);
      else if (this.#makeRow((SCAN[1] as number) >> 7) === undefined) return 2;
      // read the same character again, in the row now made
      k = scan(this.#tagged, input, o, SCAN[0] as number, SCAN[1] as number);
    }
    return k;
  }

  #whole(input: string): boolean {
    const r = RUN;
    this.run(input, 0, r);
    return r[0] === input.length && ((r[1] as number) & 1) === 1;
  }

  /** Where a whole-string match fails and what was expected there; `undefined` when the input matches. */
  failure(input: string): DfaFailure | undefined {
    const r = RUN;
    this.run(input, 0, r);
    return failureAt(input, r[0] as number, r[1] as number, labelsOf);
  }

  /** The longest match from `start`, how far the input could be read, and what was expected there. */
  longest(input: string, start: number): DfaLongest {
    const r = RUN;
    this.run(input, start, r);
    return { end: r[2] as number, furthest: r[0] as number, expected: labelsOf.labelSet((r[1] as number) >> 1) };
  }
}

/**
 * The loop of {@link CompiledRule.testReference}: reads `input` from offset `i` in split state
 * `state` (shifted by 7) over the tagged table `t` as it is, recording boundaries into `o`.
 * Returns 0 (no match: where the input stopped being one is in {@link SCAN}, for
 * failureOfReference), 2 (cannot tell), 3 at the end of the input, or
 * {@link SCAN_LAZY} at a row not made yet or a call, or when the table is not started (or was
 * given up on: #resume says which); the offset it stopped at is in {@link SCAN}[0], the state in
 * [1]. A function of the module, not a private method (no brand check), with one exit that
 * records the stop, and the constants written out: what V8 inlines of the parse path is counted
 * in bytes of bytecode (issue 34). The loop calls nothing and its table is one value: with the
 * call that makes a row inside it, and the table a phi of the field and the new row, V8 reloaded
 * and checked the table (and spilled the state) at every character. A character that leaves the
 * state as it is (most of a path, a query, a host) writes nothing, so the next lookup does not
 * wait for this one. Here, unlike in {@link CompiledRule.test}, that loop is kept: without it the
 * scan took 1.13x as long on the bench's URLs as flat strings and 0.96x on its sliced lines
 * (paired rounds in one process).
 */
function scan(t: Uint16Array, input: string, o: Int32Array, i: number, state: number): number {
  const n = input.length;
  let s = state;
  let k = 3; // the end of the input
  if (t === NOT_MADE) k = 4; // SCAN_LAZY
  else {
    for (; i < n; i++) {
      const c = codeAt(input, i);
      if (c >= 128) return 2;
      const e = t[s | c] as number;
      if (e === s) continue;
      const tag = e & 127;
      if (tag !== 0) {
        // one store for every boundary: the tag is the slot it records the offset in, plus one
        if (tag <= 7 /* T_COLON */) o[tag - 1] = i;
        else {
          // DEAD_TAG: no match; else a row not made yet, or a call (of the IP literal)
          k = tag === 125 /* DEAD_TAG */ ? 0 : 4 /* SCAN_LAZY */;
          break;
        }
      }
      s = e & 0xff80;
    }
  }
  SCAN[0] = i;
  SCAN[1] = s;
  return k;
}

/** The failure of a run that stopped at `stop` in a state of info `v` (`labelSet << 1 | accept`, label sets of `g`); `undefined` when that is a match of the whole input. */
function failureAt(input: string, stop: number, v: number, g: CompiledGrammar): DfaFailure | undefined {
  if (stop === input.length && (v & 1) === 1) return undefined;
  const expected = g.labelSet(v >> 1);
  return { offset: stop, expected: (v & 1) === 1 && stop < input.length && !expected.includes(END_OF_INPUT) ? [...expected, END_OF_INPUT] : expected };
}

// RFC 3986 Appendix B's reading of a URI reference, one character at a time:
//   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
// The phases: at the start, in what may be a scheme (or the first segment of a path), after the
// scheme's ":", after one "/" where a second starts an authority, in the authority, the path,
// the query, the fragment.
const P_START = 0;
const P_SCHEME = 1;
const P_AFTER_SCHEME = 2;
const P_SLASH = 3;
const P_AUTHORITY = 4;
const P_PATH = 5;
const P_QUERY = 6;
const P_FRAGMENT = 7;
const PHASES = 8;
// The boundaries a character crosses (the tags of testReference's transitions), each the slot of
// testReference's `o` that records where it is, plus one.
const T_SCHEME_END = 1;
/** The second "/" of the "//" before an authority. */
const T_AUTHORITY_START = 2;
/** The "/" that ends an authority (a "?" or "#" ending one is a T_QUERY or T_FRAGMENT). */
const T_AUTHORITY_END = 3;
const T_QUERY = 4;
const T_FRAGMENT = 5;
const T_AT = 6;
const T_COLON = 7;

/** The phase after US-ASCII code `c` in phase `p`, and the boundary it crosses: `phase << 4 | tag` (RFC 3986 Appendix B). */
function phaseStep(p: number, c: number): number {
  if (p === P_FRAGMENT) return P_FRAGMENT << 4;
  if (c === 0x23) return (P_FRAGMENT << 4) | T_FRAGMENT;
  if (p === P_QUERY) return P_QUERY << 4;
  if (c === 0x3f) return (P_QUERY << 4) | T_QUERY;
  switch (p) {
    case P_START:
      return c === 0x2f ? P_SLASH << 4 : c === 0x3a ? P_PATH << 4 : P_SCHEME << 4;
    case P_SCHEME:
      return c === 0x3a ? (P_AFTER_SCHEME << 4) | T_SCHEME_END : c === 0x2f ? P_PATH << 4 : P_SCHEME << 4;
    case P_AFTER_SCHEME:
      return c === 0x2f ? P_SLASH << 4 : P_PATH << 4;
    case P_SLASH:
      return c === 0x2f ? (P_AUTHORITY << 4) | T_AUTHORITY_START : P_PATH << 4;
    case P_AUTHORITY:
      return c === 0x2f ? (P_PATH << 4) | T_AUTHORITY_END : c === 0x40 ? (P_AUTHORITY << 4) | T_AT : c === 0x3a ? (P_AUTHORITY << 4) | T_COLON : P_AUTHORITY << 4;
    default:
      return P_PATH << 4;
  }
}

// Where a rule's tables are not made yet: empty tables, so that each field holds one type from
// the start. A field that starts undefined and later holds a table changes the shape V8 knows
// for every rule object when the first table is stored, and the optimized code of test and
// testReference, read by every rule, is thrown away then (and, seen in Node 20, sometimes not
// made again, leaving the loop in the interpreter: validate about five times slower).
const NOT_MADE = /* @__PURE__ */ new Uint16Array(0);
const NO_PAIR_IDS = /* @__PURE__ */ new Int16Array(0);
const NO_ACCEPT = /* @__PURE__ */ new Uint8Array(0);

/** In the tagged table of testReference, a row not made yet. */
const LAZY_ENTRY = 0xfffe;
/** In the tagged table of testReference, no transition: the input cannot go on (a tag, so the loop tests one thing per character). */
const DEAD_TAG = 125;
const DEAD_ENTRY = DEAD_TAG;
/** What {@link CompiledRule}'s scan returns at a row not made yet (3 at the end of the input: written out where it is read). */
const SCAN_LAZY = 4;
/** Where the scan of testReference leaves the offset and the state it stopped at. */
const SCAN = /* @__PURE__ */ new Int32Array(2);
/** In the tagged table of testReference, a call of the callee (tag 127: no state shifted by 7 bits is odd). */
const CALL_ENTRY = 0xffff;

/** Scratch space for one run's results (the loop allocates nothing). */
const RUN = /* @__PURE__ */ new Int32Array(3);
/** The grammar whose label sets the last run's [1] indexes: a callee's, when the run stopped inside a call. */
let labelsOf: CompiledGrammar;
