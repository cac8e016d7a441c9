// Captures on the automaton core (src/abnf/captures.ts, issue 30 "one engine"): where the
// occurrences of marker rules (rules that match only "") stand in the preferred derivation of a
// whole match, found by the tagged DFA's one forward pass when it decides, else by the
// derivation. Table-driven over fixtures/engine/captures.json; then, on generated small
// grammars and inputs, checked against an independent reference: a backtracking enumeration of
// every parse in the builder's order (alternatives left to right, repetitions greedy), whose
// first whole parse is the preferred one.
import fc from "fast-check";
import { Analysis, type RuleDefinition } from "../src/abnf/analysis";
import { COUNTS, JOINS, type Edge } from "../src/abnf/automaton";
import { capturesByDfa, capturesEach, derivationTags, TaggedDfa, tagsOfInstances, UNDECIDED, type Preference, type TagEvents } from "../src/abnf/captures";
import { Compiled } from "../src/abnf/compiled";
import { deriveDfa, type Derivation } from "../src/abnf/derivation";
import { DfaBudget, type Dfa } from "../src/abnf/dfa";
import { testByDfa } from "../src/abnf/dfa-engine";
import { alt, lit, range, ref, rep, seq, type Expr } from "../src/abnf/expr";
import { GrammarError } from "../src/abnf/grammar-errors";
import { deriveLive, liveDfaOf, livePaths, TOO_LARGE, type LiveDfa } from "../src/abnf/live";
import { rulesFromAbnf } from "./helpers/abnf-algebra";
import { readJson } from "./helpers/fixtures";
import { runs, seed } from "./helpers/runs";

interface Fixture {
  readonly grammars: readonly {
    readonly name: string;
    readonly abnf: readonly string[];
    readonly rule: string;
    readonly tags: readonly string[];
    readonly prefer?: readonly FixturePreference[];
    readonly cases: readonly { readonly input: string; readonly captures: readonly (readonly [string, number])[] | null; readonly decided: boolean }[];
  }[];
  readonly refused: readonly { readonly name: string; readonly abnf: readonly string[]; readonly rule: string; readonly tags: readonly string[]; readonly prefer?: readonly FixturePreference[]; readonly code: string }[];
}

/** A preference as the fixtures write it: `when` as the characters it holds. */
interface FixturePreference {
  readonly iterate: string;
  readonly stop: string;
  readonly when: string;
  readonly then?: string;
}

const preferences = (list: readonly FixturePreference[] = []): Preference[] =>
  list.map((p) => ({ iterate: p.iterate, stop: p.stop, when: [...p.when].map((ch) => [ch.codePointAt(0) as number, ch.codePointAt(0) as number] as const), then: p.then }));

const fixture = readJson<Fixture>("engine", "captures.json");

/** A grammar of rule definitions, analysed and compiled by the core alone. */
function coreGrammar(rules: Record<string, Expr>): Compiled {
  const defs = new Map<string, RuleDefinition>(Object.entries(rules).map(([name, expr]) => [name.toLowerCase(), { name, expr, token: false }]));
  return new Compiled(new Analysis((n) => defs.get(n.toLowerCase()), [...defs.keys()]));
}

/** Events as [marker name, offset] pairs. */
const named = (events: TagEvents | undefined | null, tags: readonly string[]): (readonly [string, number])[] | undefined | null =>
  events === undefined || events === null ? events : Array.from({ length: events.length / 2 }, (_, i) => [tags[events[2 * i] as number] as string, events[2 * i + 1] as number] as const);

/**
 * What the tagged DFA's pass alone answers ("none": no tagged DFA, the rule counts a
 * repetition); `strict` as capturesByDfa makes it when preferences are given.
 */
function taggedRun(c: Compiled, rule: string, tags: readonly string[], input: string, strict = false): TagEvents | undefined | typeof UNDECIDED | "none" {
  const dfa = c.dfa(rule) as Dfa;
  const t = TaggedDfa.of(dfa, tags, tagsOfInstances(dfa.automaton, tags), strict);
  return t === undefined ? "none" : t.run(input);
}

/** Runs `f` with every bounded repetition of two copies or more counted (automaton.ts COUNTS), when `counts`. */
function withCounts<T>(counts: boolean, f: () => T): T {
  const was = { ...COUNTS };
  if (counts) Object.assign(COUNTS, { from: 2, positions: 0 });
  try {
    return f();
  } finally {
    Object.assign(COUNTS, was);
  }
}

/** Runs `f` with automata built with a join between every two parts of a concatenation (automaton.ts JOINS), when `joins`. */
function withJoins<T>(joins: boolean, f: () => T): T {
  const was = JOINS.cost;
  if (joins) JOINS.cost = 0;
  try {
    return f();
  } finally {
    JOINS.cost = was;
  }
}

describe("captures (fixtures/engine/captures.json)", () => {
  for (const g of fixture.grammars) {
    describe(g.name, () => {
      // as built, and with joins, whose edges carry the markers too
      it.each(g.cases.flatMap((x) => [false, true].map((joins) => [`${JSON.stringify(x.input)}${joins ? " (joins)" : ""}`, x, joins] as const)))("%s", (_name, x, joins) =>
        withJoins(joins, () => {
          const c = coreGrammar(rulesFromAbnf(g.abnf.join("\n") + "\n"));
          expect(named(capturesByDfa(c, g.rule, x.input, g.tags, preferences(g.prefer)), g.tags)).toEqual(x.captures ?? undefined);
          const pass = taggedRun(c, g.rule, g.tags, x.input, g.prefer !== undefined);
          expect(pass !== UNDECIDED && pass !== "none").toBe(x.decided);
          if (x.decided) expect(named(pass as TagEvents | undefined, g.tags)).toEqual(x.captures ?? undefined);
        }),
      );
    });
  }

  it.each(fixture.refused.map((x) => [x.name, x] as const))("refuses %s", (_name, x) => {
    const c = coreGrammar(rulesFromAbnf(x.abnf.join("\n") + "\n"));
    let error: unknown;
    try {
      capturesByDfa(c, x.rule, "ab", x.tags, preferences(x.prefer));
    } catch (e) {
      error = e;
    }
    expect(error instanceof GrammarError ? error.code : error).toBe(x.code);
  });

  it("leaves a rule that calls a recursive one to the whole engine", () => {
    const c = coreGrammar({ nest: alt(seq(lit("("), ref("nest"), lit(")")), seq(ref("m"), lit("x"))), m: lit("") });
    expect(capturesByDfa(c, "nest", "(x)", ["m"])).toBeNull();
  });

  it("keeps its states within the grammar's DFA budget, and answers the same after forgetting them", () => {
    const c = coreGrammar(rulesFromAbnf("kv = ks key ke \"=\" vs value ve\nkey = 1*%x61-7A\nvalue = *%x61-7A\nks = \"\"\nke = \"\"\nvs = \"\"\nve = \"\"\n"));
    const tags = ["ks", "ke", "vs", "ve"];
    const t = TaggedDfa.of(c.dfa("kv") as Dfa, tags) as TaggedDfa;
    expect(t.run("ab=cd")).toEqual([0, 0, 1, 2, 2, 3, 3, 5]);
    const made = t.made;
    expect(t.run("ba=dc")).toEqual([0, 0, 1, 2, 2, 3, 3, 5]);
    expect(t.made).toBe(made); // the same states: nothing new was made
    c.budget.take(c.budget.limit); // past the limit: every DFA of the grammar forgets its states
    expect(c.budget.resets).toBe(1);
    expect(t.run("ab=cd")).toEqual([0, 0, 1, 2, 2, 3, 3, 5]);
    expect(t.made).toBeGreaterThan(made);
  });
});

describe("the memoized backward pass (live.ts)", () => {
  const c = coreGrammar(rulesFromAbnf(["r = *( \"a\" / \"b\" ) ms \"a\" *( \"a\" / \"b\" ) me \"b\"", "ms = \"\"", "me = \"\"", ""].join("\n")));
  const tags = ["ms", "me"];

  it("reads the preferred derivation of an input the tagged run leaves undecided", () => {
    // the "a" after ms is the last "a" but one before the final "b"... the first reading takes
    // as many characters as it can into the first repetition: ms before the last "a" it may
    expect(taggedRun(c, "r", tags, "abab")).toBe(UNDECIDED);
    expect(capturesByDfa(c, "r", "abab", tags)).toEqual([0, 2, 1, 3]);
    expect(capturesByDfa(c, "r", "aaab", tags)).toEqual([0, 2, 1, 3]);
    expect(capturesByDfa(c, "r", "abbb", tags)).toEqual([0, 0, 1, 3]);
    expect(capturesByDfa(c, "r", "bbbb", tags)).toBeUndefined();
    expect(capturesByDfa(c, "r", "", tags)).toBeUndefined();
  });

  it("keeps its live sets between calls, within the grammar's DFA budget, and answers the same after forgetting them", () => {
    const live = liveDfaOf(c.dfa("r") as Dfa) as LiveDfa;
    const pass = live.pass("abababab", 0, 8);
    expect(pass === undefined || pass === TOO_LARGE ? pass : pass.offsets).toEqual(Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    const made = live.made;
    live.pass("babababb", 0, 8);
    live.pass("abababab", 0, 8);
    expect(live.made).toBe(made); // the same sets: nothing new was made
    const used = c.budget.used;
    expect(used).toBeGreaterThan(0);
    c.budget.take(c.budget.limit); // past the limit: every DFA of the grammar forgets its states
    expect(capturesByDfa(c, "r", "abababab", tags)).toEqual([0, 6, 1, 7]);
    expect(live.made).toBeGreaterThan(made);
  });

  it("reads code points past U+FFFF as one character, and no lone surrogate", () => {
    const u = coreGrammar(rulesFromAbnf(["r = *%x61-10FFFF ms %x61-10FFFF *%x61-10FFFF me %x62", "ms = \"\"", "me = \"\"", ""].join("\n")));
    expect(capturesByDfa(u, "r", "a\u{1F600}ab", tags)).toEqual([0, 3, 1, 4]);
    expect(capturesByDfa(u, "r", "\u{1F600}\u{1F600}b", tags)).toEqual([0, 2, 1, 4]);
    for (const bad of ["a\uD83Dab", "a\uDE00ab", "\uDE00\uD83Dab", "ab\uD83D"]) expect([bad, capturesByDfa(u, "r", bad, tags)]).toEqual([bad, undefined]);
  });

  it("gives way to the derivation's own pass when its live sets would not fit the grammar's DFA budget", () => {
    // a budget of a few states: the first pass that would make it forget hands over, and so does every pass after it
    // read backward, a live set tells which of the next seven characters are "a": 128 of them
    const rules = rulesFromAbnf(["r = *( \"a\" / \"b\" ) ms 6( \"a\" / \"b\" ) \"a\" me *( \"a\" / \"b\" )", "ms = \"\"", "me = \"\"", ""].join("\n"));
    const defs = new Map<string, RuleDefinition>(Object.entries(rules).map(([name, expr]) => [name.toLowerCase(), { name, expr, token: false }]));
    const small = new Compiled(new Analysis((n) => defs.get(n.toLowerCase()), [...defs.keys()]), [], new DfaBudget(400));
    const roomy = coreGrammar(rules);
    const live = liveDfaOf(small.dfa("r") as Dfa) as LiveDfa;
    const inputs = ["abbbabbbbabbabaaabbbabaab", "aaaaaaaaaaaa", "babababababa", "bbbbbbbbbbbb"];
    expect(taggedRun(roomy, "r", tags, inputs[0] as string)).toBe(UNDECIDED);
    for (const s of inputs) expect([s, capturesByDfa(small, "r", s, tags)]).toEqual([s, capturesByDfa(roomy, "r", s, tags)]);
    expect(capturesByDfa(roomy, "r", "babaaaaaaaab", tags)).toEqual([0, 4, 1, 11]); // the first repetition as long as it may be
    expect(live.pass("abbbabbbbab", 0, 11)).toBe(TOO_LARGE);
    expect(small.budget.resets).toBeGreaterThan(0);
  });
});

/** A derivation's steps as plain data (an edge by its place in the automaton's lists). */
function stepsOf(d: Derivation | undefined | typeof TOO_LARGE): unknown {
  if (d === undefined || d === TOO_LARGE) return d;
  const a = d.automaton;
  const where = (e: Edge): string => {
    const i = a.start.indexOf(e);
    if (i >= 0) return `start ${i}`;
    const p = a.follow.findIndex((l) => l.includes(e));
    return `${p} ${(a.follow[p] as readonly Edge[]).indexOf(e)}`;
  };
  return d.steps.map((x) => [where(x.edge), x.at, x.end, x.option]);
}

// ---- the independent reference: every parse, in the builder's order ----

interface Parse {
  readonly end: number;
  readonly events: readonly number[];
}

/**
 * Every parse of `e` at `at` in `input`, in the order a backtracking matcher tries them:
 * alternatives left to right; a repetition takes another copy before stopping (greedy), and
 * past its minimum, an unbounded one takes no copy that reads nothing. A marker (in `tags`)
 * adds an event at its offset.
 */
/** What the enumeration may still do before it gives up on an input (see {@link reference}). */
let budget = 0;
const TOO_MANY = new Error("too many parses to enumerate");

function* parses(e: Expr, input: string, at: number, rules: Record<string, Expr>, tags: readonly string[], prefer: ReadonlyMap<string, string> = new Map()): Generator<Parse> {
  if (--budget < 0) throw TOO_MANY;
  switch (e.type) {
    case "lit": {
      const piece = input.slice(at, at + e.text.length);
      if (piece.length === e.text.length && (e.caseSensitive ? piece === e.text : piece.toLowerCase() === e.text.toLowerCase())) yield { end: at + e.text.length, events: [] };
      return;
    }
    case "range": {
      const cp = input.codePointAt(at);
      if (cp !== undefined && cp >= e.lo && cp <= e.hi) yield { end: at + (cp > 0xffff ? 2 : 1), events: [] };
      return;
    }
    case "seq": {
      const from = function* (i: number, pos: number): Generator<Parse> {
        if (i === e.items.length) {
          yield { end: pos, events: [] };
          return;
        }
        const loop = thenLoop(e.items, i);
        if (loop !== undefined) {
          // `*( y item ) z m ( t A / B )` with a `then` preference: the stop into A, then another
          // copy, then the stop into B (the rest of the sequence after each)
          const { r, first, others } = loop;
          const stopInto = function* (ways: readonly Expr[], p: number): Generator<Parse> {
            for (const way of ways) {
              for (const x of parses(seq(e.items[i + 1] as Expr, e.items[i + 2] as Expr, way), input, p, rules, tags, prefer)) {
                for (const b of from(i + 4, x.end)) yield { end: b.end, events: [...x.events, ...b.events] };
              }
            }
          };
          const copies = function* (k: number, p: number): Generator<Parse> {
            if (k >= r.min) yield* stopInto([first], p);
            if (k < r.max) {
              for (const a of parses(r.item, input, p, rules, tags, prefer)) {
                if (k >= r.min && r.max === Infinity && a.end === p) continue;
                for (const b of copies(k + 1, a.end)) yield { end: b.end, events: [...a.events, ...b.events] };
              }
            }
            if (k >= r.min) yield* stopInto(others, p);
          };
          yield* copies(0, pos);
          return;
        }
        for (const a of parses(e.items[i] as Expr, input, pos, rules, tags, prefer)) for (const b of from(i + 1, a.end)) yield { end: b.end, events: [...a.events, ...b.events] };
      };
      yield* from(0, at);
      return;
    }
    case "alt":
      for (const item of e.items) yield* parses(item, input, at, rules, tags, prefer);
      return;
    case "rep": {
      // a repetition whose copies begin with a preference's `iterate` marker stops first when
      // the next character is one of the preference's
      const first = e.item.type === "seq" ? e.item.items[0] : undefined;
      const when = first?.type === "ref" ? prefer.get(first.name) : undefined;
      const copies = function* (k: number, pos: number): Generator<Parse> {
        const stopFirst = k >= e.min && when !== undefined && pos < input.length && when.includes(input[pos] as string);
        if (stopFirst) yield { end: pos, events: [] };
        if (k < e.max) {
          for (const a of parses(e.item, input, pos, rules, tags, prefer)) {
            if (k >= e.min && e.max === Infinity && a.end === pos) continue;
            for (const b of copies(k + 1, a.end)) yield { end: b.end, events: [...a.events, ...b.events] };
          }
        }
        if (k >= e.min && !stopFirst) yield { end: pos, events: [] };
      };
      yield* copies(0, at);
      return;
    }
    case "ref": {
      const tag = tags.findIndex((t) => t.toLowerCase() === e.name.toLowerCase());
      const own = tag >= 0 ? [tag, at] : [];
      const def = Object.entries(rules).find(([k]) => k.toLowerCase() === e.name.toLowerCase())?.[1] as Expr;
      for (const p of parses(def, input, at, rules, tags, prefer)) yield { end: p.end, events: [...own, ...p.events] };
      return;
    }
    case "prose":
      return;
  }
}

/** At item `i` of a sequence, a repetition with a `then` preference, `*( y3 item ) z3 m0 ( t3 A / B )` (or 4 and m1), its parts. */
function thenLoop(items: readonly Expr[], i: number): { r: Expr & { type: "rep" }; first: Expr; others: readonly Expr[] } | undefined {
  const r = items[i];
  const head = r?.type === "rep" && r.item.type === "seq" ? r.item.items[0] : undefined;
  if (r?.type !== "rep" || head?.type !== "ref" || !/^y[34]$/.test(head.name)) return undefined;
  const ways = items[i + 3];
  if (ways?.type !== "alt") throw new Error("a then loop is followed by its ways");
  return { r, first: ways.items[0] as Expr, others: ways.items.slice(1) };
}

/**
 * The events of every whole parse, each list once, in the order they first come (at most
 * `most`); "skip" past 100,000 steps of the enumeration (see {@link reference}).
 */
function referenceAll(rules: Record<string, Expr>, rule: string, tags: readonly string[], input: string, most: number, prefer?: ReadonlyMap<string, string>, steps = 100_000): string[] | "skip" {
  budget = steps;
  const out: string[] = [];
  try {
    for (const p of parses(rules[rule] as Expr, input, 0, rules, tags, prefer)) {
      if (p.end !== input.length) continue;
      const key = JSON.stringify(p.events);
      if (!out.includes(key)) out.push(key);
      if (out.length >= most) break;
    }
    return out;
  } catch (e) {
    if (e !== TOO_MANY) throw e;
    return "skip";
  }
}

/** The events of each reading capturesEach gives, each list once, in the order they first come (at most `most`). */
function eachOf(c: Compiled, rule: string, tags: readonly string[], input: string, most: number, prefer?: readonly Preference[], paths = 10_000): string[] | undefined | null {
  const all = capturesEach(c, rule, input, tags, prefer, paths);
  if (all === undefined || all === null) return all;
  const out: string[] = [];
  for (const events of all) {
    const key = JSON.stringify(events);
    if (!out.includes(key)) out.push(key);
    if (out.length >= most) break;
  }
  return out;
}

/**
 * "in order" when `got` (capturesEach's readings, each list of events once) are the reference's
 * first ones, in the reference's order, else what is wrong.
 */
function inOrder(got: string[] | undefined | null, want: readonly string[], most = 12): string | undefined | null | string[] {
  if (got === undefined || got === null) return got;
  const first = want.slice(0, most);
  return got.length === first.length && got.every((g, k) => g === first[k]) ? "in order" : [...got, "not the reference's:", ...first];
}

/** "among" when `got` begins with the reference's first reading and each of its readings is one of the reference's, else what is wrong. */
function among(got: string[] | undefined | null, want: readonly string[]): string | undefined | null | string[] {
  if (got === undefined || got === null) return got;
  return got[0] === want[0] && got.every((g) => want.includes(g)) ? "among" : [...got, "not among:", ...want];
}

/**
 * The events of the first whole parse, undefined when there is none; "skip" past 100,000 steps
 * of the enumeration (nested repetitions of items that match "" have exponentially many parses:
 * the tests count such inputs and check that they are few).
 */
function reference(rules: Record<string, Expr>, rule: string, tags: readonly string[], input: string, prefer?: ReadonlyMap<string, string>): readonly number[] | undefined | "skip" {
  budget = 100_000;
  try {
    for (const p of parses(rules[rule] as Expr, input, 0, rules, tags, prefer)) if (p.end === input.length) return p.events;
    return undefined;
  } catch (e) {
    if (e !== TOO_MANY) throw e;
    return "skip";
  }
}

describe("captures agree with every parse enumerated in the builder's order", () => {
  const TAGS = ["m0", "m1", "m2"];
  const leaf = fc.constantFrom<Expr>(lit("a"), lit("b"), lit("ab"), range(0x61, 0x62), ref("m0"), ref("m1"), ref("m2"), ref("z"));
  const expr = fc.letrec<{ e: Expr }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("e"), { minLength: 1, maxLength: 3 }).map((items) => seq(...items)),
      fc.array(tie("e"), { minLength: 1, maxLength: 3 }).map((items) => alt(...items)),
      fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom(1, 2, Infinity), tie("e")).map(([min, more, item]) => rep(min, more === Infinity ? Infinity : min + more, item)),
    ),
  })).e;
  const input = fc.array(fc.constantFrom("a", "b"), { maxLength: 5 }).map((cs) => cs.join(""));

  it.each([
    ["as built", 16],
    ["with a join between every two parts of a concatenation", 0],
  ])(`on ${runs(300)} generated grammars, 8 inputs each, %s`, (_how, cost) => {
    withJoins(cost === 0, check);
  });

  function check(): void {
    let skipped = 0;
    let decided = 0;
    let undecided = 0;
    fc.assert(
      fc.property(expr, fc.array(input, { minLength: 8, maxLength: 8 }), (r, inputs) => {
        const rules: Record<string, Expr> = { r, m0: lit(""), m1: lit(""), m2: lit(""), z: seq(ref("m1"), ref("m0")) };
        const c = coreGrammar(rules);
        for (const s of inputs) {
          const want = reference(rules, "r", TAGS, s);
          if (want === "skip") {
            skipped++;
            continue;
          }
          expect([s, capturesByDfa(c, "r", s, TAGS)]).toEqual([s, want]);
          // every reading, in the same order
          const every = referenceAll(rules, "r", TAGS, s, 400);
          if (every !== "skip") expect([s, "each", inOrder(eachOf(c, "r", TAGS, s, 12), every)]).toEqual([s, "each", want === undefined ? undefined : "in order"]);
          const pass = taggedRun(c, "r", TAGS, s);
          if (pass === UNDECIDED || pass === "none") undecided++;
          else {
            decided++;
            expect([s, "decided", pass]).toEqual([s, "decided", want]);
          }
          // and the derivation the undecided case reads gives them too, and the memoized
          // backward pass (live.ts) gives the same derivation, step by step
          const full = c.derivationDfa("r") as Dfa;
          const live = liveDfaOf(full);
          if (want !== undefined && testByDfa(c, "r", s) === true) {
            const d = deriveDfa(full, s, 0, s.length);
            expect([s, "derived", derivationTags(d, tagsOfInstances(full.automaton, TAGS))]).toEqual([s, "derived", want]);
            if (live !== undefined) expect([s, "live", stepsOf(deriveLive(live, s, 0, s.length))]).toEqual([s, "live", stepsOf(d)]);
          } else if (live !== undefined) expect([s, "live", deriveLive(live, s, 0, s.length)]).toEqual([s, "live", undefined]);
        }
      }),
      { numRuns: runs(300), seed: seed(30) },
    );
    // both ways are exercised, and few inputs had too many parses to enumerate
    expect([decided > 100, undecided > 10, skipped < 24]).toEqual([true, true, true]);
  }
});

// Every reading (capturesEach), where no two ways between the same two positions read nothing:
// each marker stands before a character, so the readings of the reference and of the automaton
// are the same lists, in the same order. Backjumping skips only readings that agree with the last
// one up to the offset given.
describe("every reading, in order, with backjumping", () => {
  const TAGS = ["m0", "m1", "m2"];
  const leaf = fc.constantFrom<Expr>(lit("a"), lit("b"), range(0x61, 0x62), seq(ref("m0"), lit("a")), seq(ref("m1"), range(0x61, 0x62)), seq(ref("m2"), lit("b")));
  const expr = fc.letrec<{ e: Expr }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("e"), { minLength: 1, maxLength: 3 }).map((items) => seq(...items)),
      fc.array(tie("e"), { minLength: 1, maxLength: 3 }).map((items) => alt(...items)),
      fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom(1, 2, Infinity), tie("e")).map(([min, more, item]) => rep(min, more === Infinity ? Infinity : min + more, item)),
    ),
  })).e;
  const input = fc.array(fc.constantFrom("a", "b"), { maxLength: 6 }).map((cs) => cs.join(""));

  it.each([
    ["as built", false],
    ["with a join between every two parts of a concatenation", true],
  ])(`on ${runs(300)} generated grammars, 6 inputs each, %s`, (_how, joins) =>
    withJoins(joins, () => {
      let several = 0;
      let jumped = 0;
      let skipped = 0;
      fc.assert(
        fc.property(expr, fc.array(input, { minLength: 6, maxLength: 6 }), fc.array(fc.integer({ min: -1, max: 6 }), { minLength: 8, maxLength: 8 }), (r, inputs, jumps) => {
          const rules: Record<string, Expr> = { r, m0: lit(""), m1: lit(""), m2: lit("") };
          const c = coreGrammar(rules);
          for (const s of inputs) {
            const every = referenceAll(rules, "r", TAGS, s, 40);
            if (every === "skip") {
              skipped++;
              continue;
            }
            const got = eachOf(c, "r", TAGS, s, 40);
            expect([s, got]).toEqual([s, every.length === 0 ? undefined : every]);
            if (got === undefined || got === null || got.length < 2) continue;
            several++;
            // backjumping, on the paths themselves (edges and steps: readings may repeat events):
            // after a jump to k, the paths skipped part from the last one after k, the next one at or before it
            const dfa = c.dfa("r") as Dfa;
            const pass = (liveDfaOf(dfa) as LiveDfa).pass(s, 0, s.length);
            if (pass === undefined || pass === TOO_LARGE) throw new Error("no pass");
            const full = [...livePaths(dfa, pass, s, 200)].map((x) => x.join());
            if (full.length >= 200) continue;
            /** The offset of the choice where two paths part. */
            const parting = (x: string, y: string): number => {
              const a = x.split(",").map(Number);
              const b = y.split(",").map(Number);
              let d = 0;
              while (a[d] === b[d] && a[d + 1] === b[d + 1]) d += 2;
              return pass.offsets[a[d + 1] as number] as number;
            };
            const gen = livePaths(dfa, pass, s, 200);
            let at = 0;
            let step = gen.next();
            for (let x = 0; step.done !== true; x++) {
              const k = jumps[x % jumps.length] as number;
              const last = step.value.join();
              expect(last).toBe(full[at]);
              step = gen.next(k < 0 ? undefined : k);
              const next = step.done === true ? full.length : full.indexOf(step.value.join());
              expect(next).toBeGreaterThan(at);
              for (let q = at + 1; q < next; q++) {
                expect([s, k, "skipped", parting(full[q] as string, last) > k]).toEqual([s, k, "skipped", true]);
                jumped++;
              }
              if (k >= 0 && next < full.length) expect([s, k, "next", parting(full[next] as string, last) <= k]).toEqual([s, k, "next", true]);
              at = next;
            }
          }
        }),
        { numRuns: runs(300), seed: seed(4040) },
      );
      expect([several > 50, jumped > 20, skipped < 24]).toEqual([true, true, true]);
    }),
  );

  it("stops at the count it is given, and enumerates a rule that counts a repetition written out", () => {
    const c = coreGrammar(rulesFromAbnf(["r = *( m0 \"a\" / m1 \"a\" )", "m0 = \"\"", "m1 = \"\"", "s = m0 1*40( \"abcdefghijklmnop\" ) m1 \"b\"", "big = m0 0*9999( \"abcdefghijklmnop\" ) m1", ""].join("\n")));
    expect([...(capturesEach(c, "r", "aaaaaaaaaa", ["m0", "m1"], [], 5) as Iterable<TagEvents>)].length).toBe(5);
    expect([...(capturesEach(c, "r", "aaa", ["m0", "m1"]) as Iterable<TagEvents>)]).toEqual([
      [0, 0, 0, 1, 0, 2],
      [0, 0, 0, 1, 1, 2],
      [0, 0, 1, 1, 0, 2],
      [0, 0, 1, 1, 1, 2],
      [1, 0, 0, 1, 0, 2],
      [1, 0, 0, 1, 1, 2],
      [1, 0, 1, 1, 0, 2],
      [1, 0, 1, 1, 1, 2],
    ]);
    expect(capturesEach(c, "r", "aab", ["m0", "m1"])).toBeUndefined();
    // a counted repetition: enumerated written out
    expect((c.dfa("s") as Dfa).automaton.counters.length).toBe(1);
    expect([...(capturesEach(c, "s", "abcdefghijklmnop".repeat(2) + "b", ["m0", "m1"]) as Iterable<TagEvents>)]).toEqual([[0, 0, 1, 32]]);
    expect(capturesEach(c, "s", "abcdefghijklmnop".repeat(41) + "b", ["m0", "m1"])).toBeUndefined();
    // written out, 9,999 copies of 16 positions would pass 65,536 positions: refused before it is built
    let error: unknown;
    try {
      capturesEach(c, "big", "abcdefghijklmnop", ["m0", "m1"]);
    } catch (e) {
      error = e;
    }
    expect(error instanceof GrammarError ? error.code : error).toBe("too-large");
    expect(capturesByDfa(c, "big", "abcdefghijklmnop", ["m0", "m1"])).toEqual([0, 0, 1, 16]);
  });

  // Two ways between the same two positions (or to the end) that read nothing but cross
  // different markers are two readings: the builder keeps both (issue 30: `{a:1,a}{+a*}` on ""
  // lost the reading with every variable undefined)
  it("gives every reading whose ways read nothing but cross different markers", () => {
    const c = coreGrammar(
      rulesFromAbnf(
        [
          "r = m0 / m1",
          "o = [ m0 ] [ m1 ]",
          "p = [ m0 ] \"a\" [ m1 ]",
          "q = ( m0 / m1 ) \"a\" ( [ m0 ] / m2 )",
          "t = [ m0 / m1 m2 ] [ m0 ]",
          "m0 = \"\"",
          "m1 = \"\"",
          "m2 = \"\"",
          "",
        ].join("\n"),
      ),
    );
    // (each list of events once: ways that cross occurrences of the same rules are one reading)
    const every = (rule: string, input: string): TagEvents[] => [...new Set([...(capturesEach(c, rule, input, ["m0", "m1", "m2"]) as Iterable<TagEvents>)].map((x) => JSON.stringify(x)))].map((x) => JSON.parse(x) as TagEvents);
    expect(every("r", "")).toEqual([[0, 0], [1, 0]]);
    expect(every("o", "")).toEqual([[0, 0, 1, 0], [0, 0], [1, 0], []]);
    expect(every("p", "a")).toEqual([[0, 0, 1, 1], [0, 0], [1, 1], []]);
    expect(every("q", "a")).toEqual([[0, 0, 0, 1], [0, 0], [0, 0, 2, 1], [1, 0, 0, 1], [1, 0], [1, 0, 2, 1]]);
    expect(every("t", "")).toEqual([[0, 0, 0, 0], [0, 0], [1, 0, 2, 0, 0, 0], [1, 0, 2, 0], []]);
    // the first reading is the preferred one, as capturesByDfa gives it
    for (const [rule, input] of [["r", ""], ["o", ""], ["p", "a"], ["q", "a"], ["t", ""]] as const) expect([rule, capturesByDfa(c, rule, input, ["m0", "m1", "m2"])]).toEqual([rule, every(rule, input)[0]]);
  });

  // Empty ways that cross different markers multiply (2^30 for thirty optional markers in a
  // row): the automaton enumerated keeps them through joins, in linear size, where a build
  // that multiplied them was refused as too large after 6 s and 308 MB; inside a repetition,
  // where no join may stand first, it keeps at most 16 ways to a position.
  it("enumerates thirty optional markers in a row, and inside a repetition, without multiplying their ways", () => {
    const names = Array.from({ length: 30 }, (_, i) => `m${i}`);
    const opts = names.map((m) => `[ ${m} ]`).join(" ");
    const c = coreGrammar(rulesFromAbnf([`r = ${opts} "x"`, `s = *( ${opts} "y" )`, ...names.map((m) => `${m} = ""`), ""].join("\n")));
    const all = names.flatMap((_, i) => [i, 0]);
    // greedy: every marker, then every marker but the last, then but the one before it, …
    const many = [...(capturesEach(c, "r", "x", names, [], 40) as Iterable<TagEvents>)];
    expect(many.slice(0, 3)).toEqual([all, all.slice(0, -2), [...all.slice(0, -4), 29, 0]]);
    expect(new Set(many.map((x) => x.join())).size).toBe(40);
    const first = [...(capturesEach(c, "s", "yy", names, [], 3) as Iterable<TagEvents>)];
    expect([first.length, first[0]]).toEqual([3, [...all, ...names.flatMap((_, i) => [i, 1])]]);
  });
});

// Preferences (captures.ts Preference): generated grammars with up to three repetitions
// `*( y<i> item last ) z<i> m<i>`, each stopping first when the next character is one of its set.
describe("captures with preferences agree with every parse enumerated in that order", () => {
  const TAGS = ["m0", "m1", "m2"];
  const WHEN = ["a", "b", "ab"];
  type Spec =
    | { readonly k: "leaf"; readonly e: Expr }
    | { readonly k: "seq" | "alt"; readonly items: readonly Spec[] }
    | { readonly k: "rep" | "prefer"; readonly min: number; readonly max: number; readonly item: Spec; readonly last: Expr }
    | { readonly k: "first"; readonly min: number; readonly max: number; readonly item: Spec; readonly last: Expr; readonly a: Spec; readonly b: Spec };
  const char = fc.constantFrom<Expr>(lit("a"), lit("b"), range(0x61, 0x62));
  const spec = fc.letrec<{ s: Spec }>((tie) => ({
    s: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom<Expr>(lit("a"), lit("b"), range(0x61, 0x62), ref("m0"), ref("m1"), ref("m2")).map((e): Spec => ({ k: "leaf", e })),
      fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((items): Spec => ({ k: "seq", items })),
      fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((items): Spec => ({ k: "alt", items })),
      fc
        .tuple(fc.constantFrom<"rep" | "prefer">("rep", "prefer", "prefer"), fc.integer({ min: 0, max: 1 }), fc.constantFrom(1, 2, Infinity), tie("s"), char)
        .map(([k, min, more, item, last]): Spec => ({ k, min, max: min + more, item, last })),
      fc
        .tuple(fc.integer({ min: 0, max: 1 }), fc.constantFrom(1, 2, Infinity), tie("s"), char, tie("s"), tie("s"))
        .map(([min, more, item, last, a, b]): Spec => ({ k: "first", min, max: min + more, item, last, a, b })),
    ),
  })).s;
  /** The expression of a spec: its first three preference loops with their markers, any more as plain repetitions (of a non-empty item). */
  const build = (x: Spec, n: { i: number; f: number }): Expr => {
    switch (x.k) {
      case "leaf":
        return x.e;
      case "seq":
        return seq(...x.items.map((y) => build(y, n)));
      case "alt":
        return alt(...x.items.map((y) => build(y, n)));
      case "first": {
        // another copy only after the first way on (a `then` preference), for the first two
        const item = seq(build(x.item, n), x.last);
        if (n.f >= 2) return seq(rep(x.min, x.max, item), alt(build(x.a, n), build(x.b, n)));
        const i = 3 + n.f++;
        return seq(rep(x.min, x.max, seq(ref(`y${i}`), item)), ref(`z${i}`), ref(`m${i - 3}`), alt(seq(ref(`t${i}`), build(x.a, n)), build(x.b, n)));
      }
      default: {
        const item = seq(build(x.item, n), x.last);
        if (x.k === "rep" || n.i >= WHEN.length) return rep(x.min, x.max, item);
        const i = n.i++;
        // a marker after it, so that where it stops shows
        return seq(rep(x.min, x.max, seq(ref(`y${i}`), item)), ref(`z${i}`), ref(`m${i}`));
      }
    }
  };
  const prefer: Preference[] = [
    ...WHEN.map((w, i) => ({ iterate: `y${i}`, stop: `z${i}`, when: [...w].map((ch) => [ch.charCodeAt(0), ch.charCodeAt(0)] as const) })),
    ...[3, 4].map((i) => ({ iterate: `y${i}`, stop: `z${i}`, when: [], then: `t${i}` })),
  ];
  const byName = new Map(WHEN.map((w, i) => [`y${i}`, w]));
  const input = fc.array(fc.constantFrom("a", "b"), { maxLength: 6 }).map((cs) => cs.join(""));
  /** A string of the language of `e` (or near it), drawn with the pseudo-random numbers of `next`. */
  const sample = (e: Expr, rules: Record<string, Expr>, next: () => number, depth = 0): string => {
    switch (e.type) {
      case "lit":
        return e.text;
      case "range":
        return String.fromCharCode(e.lo + Math.floor(next() * (e.hi - e.lo + 1)));
      case "seq":
        return e.items.map((x) => sample(x, rules, next, depth + 1)).join("");
      case "alt":
        return sample(e.items[Math.floor(next() * e.items.length)] as Expr, rules, next, depth + 1);
      case "rep": {
        const n = e.min + Math.floor(next() * (Math.min(e.max, e.min + 3) - e.min + 1));
        return depth > 12 ? "" : Array.from({ length: n }, () => sample(e.item, rules, next, depth + 1)).join("");
      }
      case "ref":
        return sample(rules[e.name] as Expr, rules, next, depth + 1);
      default:
        return "";
    }
  };

  it.each([
    ["as built", false, false],
    ["with a join between every two parts of a concatenation", true, false],
    ["with every repetition of two copies or more counted (automaton.ts COUNTS; half as many grammars)", false, true],
  ])(`on ${runs(300)} generated grammars, 8 inputs each, %s`, (_how, joins, counts) =>
    withJoins(joins, () => withCounts(counts, () => {
      let skipped = 0;
      let decided = 0;
      let preferred = 0;
      let counted = 0;
      fc.assert(
        fc.property(spec, fc.array(input, { minLength: 4, maxLength: 4 }), fc.integer({ min: 1, max: 0x7ffffffe }), (x, drawn, seedOf) => {
          const rules: Record<string, Expr> = { r: build(x, { i: 0, f: 0 }), m0: lit(""), m1: lit(""), m2: lit("") };
          for (const i of [0, 1, 2, 3, 4]) {
            rules[`y${i}`] = lit("");
            rules[`z${i}`] = lit("");
            rules[`t${i}`] = lit("");
          }
          const c = coreGrammar(rules);
          // random strings, and strings of the language (where readings are to choose from)
          let state = seedOf;
          const next = (): number => ((state = (state * 48271) % 0x7fffffff) - 1) / 0x7ffffffe;
          const inputs = [...drawn, ...Array.from({ length: 4 }, () => sample(rules.r as Expr, rules, next).slice(0, 8))];
          for (const s of inputs) {
            const want = reference(rules, "r", TAGS, s, byName);
            if (want === "skip") {
              skipped++;
              continue;
            }
            expect([s, capturesByDfa(c, "r", s, TAGS, prefer)]).toEqual([s, want]);
            if (JSON.stringify(want) !== JSON.stringify(reference(rules, "r", TAGS, s))) preferred++;
            if ((c.dfa("r") as Dfa).automaton.counters.length > 0) counted++;
            const every = referenceAll(rules, "r", TAGS, s, 400, byName, 3_000);
            // (with preferences, the others come in the depth-first order of each choice's
            // preferred ways, which is not always the reference's: only the first is checked for order)
            if (every !== "skip") expect([s, "each", among(eachOf(c, "r", TAGS, s, 12, prefer, 50), every)]).toEqual([s, "each", want === undefined ? undefined : "among"]);
            const pass = taggedRun(c, "r", TAGS, s, true);
            if (pass !== UNDECIDED && pass !== "none") {
              decided++;
              expect([s, "decided", pass]).toEqual([s, "decided", want]);
            }
          }
        }),
        { numRuns: runs(counts ? 150 : 300), seed: seed(3030) },
      );
      // the preferences changed some readings, some runs were decided in one pass (none counted:
      // no tagged run serves them), and few inputs had too many parses to enumerate
      expect([preferred > (counts ? 5 : 10), counts ? counted > 150 : decided > 100, skipped < 24]).toEqual([true, true, true]);
    })),
  );
});
