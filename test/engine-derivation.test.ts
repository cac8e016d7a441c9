// The preferred derivation of a match on the automaton core (derivation.ts deriveDfa, and live.ts
// deriveLive, its backward pass memoized; engine.ts derive serves a grammar's semantics with
// them), observed through where the occurrences of marker rules (rules that match only "") stand
// on its steps. Table-driven over fixtures/engine/derivation.json; then, on generated small
// grammars and inputs, checked against an independent reference: a backtracking enumeration of
// every parse in the builder's order (alternatives left to right, repetitions greedy), whose
// first whole parse is the preferred one.
import fc from "fast-check";
import { Analysis, type RuleDefinition } from "../src/abnf/analysis";
import { JOINS, type Edge } from "../src/abnf/automaton";
import { tagsOfInstances } from "../src/abnf/captures";
import { Compiled } from "../src/abnf/compiled";
import { deriveDfa, type Derivation } from "../src/abnf/derivation";
import { DfaBudget, type Dfa } from "../src/abnf/dfa";
import { testByDfa } from "../src/abnf/dfa-engine";
import { derive } from "../src/abnf/engine";
import { alt, lit, range, ref, rep, seq, type Expr } from "../src/abnf/expr";
import { GrammarError } from "../src/abnf/grammar-errors";
import { deriveLive, liveDfaOf, TOO_LARGE, type LiveDfa } from "../src/abnf/live";
import { rulesFromAbnf } from "./helpers/abnf-algebra";
import { readJson } from "./helpers/fixtures";
import { runs, seed } from "./helpers/runs";

interface Fixture {
  readonly grammars: readonly {
    readonly name: string;
    readonly abnf: readonly string[];
    readonly rule: string;
    readonly tags: readonly string[];
    readonly cases: readonly { readonly input: string; readonly markers: readonly (readonly [string, number])[] | null }[];
  }[];
  readonly refused: readonly { readonly name: string; readonly abnf: readonly string[]; readonly rule: string; readonly tags: readonly string[]; readonly code: string }[];
}

const fixture = readJson<Fixture>("engine", "derivation.json");

/** A grammar of rule definitions, analysed and compiled by the core alone. */
function coreGrammar(rules: Record<string, Expr>, budget?: DfaBudget): Compiled {
  const defs = new Map<string, RuleDefinition>(Object.entries(rules).map(([name, expr]) => [name.toLowerCase(), { name, expr, token: false }]));
  return new Compiled(new Analysis((n) => defs.get(n.toLowerCase()), [...defs.keys()]), [], budget);
}

/**
 * The marker occurrences a derivation's steps cross, in order: the index in `tags` of each one's
 * rule, then the offset of its step (an edge lists the occurrences that match "" on its way,
 * automaton.ts Edge.before and Edge.after).
 */
function eventsOf(d: Derivation, tags: readonly string[]): number[] {
  const tagOf = tagsOfInstances(d.automaton, tags);
  const out: number[] = [];
  for (const step of d.steps) for (const i of [...step.edge.before, ...step.edge.after]) if ((tagOf[i] as number) >= 0) out.push(tagOf[i] as number, step.at);
  return out;
}

/** The markers of a derivation as [marker name, offset] pairs; undefined (or TOO_LARGE) as given. */
function markersOf(d: Derivation | undefined | typeof TOO_LARGE, tags: readonly string[]): unknown {
  if (d === undefined || d === TOO_LARGE) return d;
  const events = eventsOf(d, tags);
  return Array.from({ length: events.length / 2 }, (_, i) => [tags[events[2 * i] as number], events[2 * i + 1]]);
}

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

describe("the markers of the preferred derivation (fixtures/engine/derivation.json)", () => {
  for (const g of fixture.grammars) {
    describe(g.name, () => {
      // as built, and with joins, whose edges carry the markers too
      it.each(g.cases.flatMap((x) => [false, true].map((joins) => [`${JSON.stringify(x.input)}${joins ? " (joins)" : ""}`, x, joins] as const)))("%s", (_name, x, joins) =>
        withJoins(joins, () => {
          const c = coreGrammar(rulesFromAbnf(g.abnf.join("\n") + "\n"));
          const full = c.derivationDfa(g.rule) as Dfa;
          const live = liveDfaOf(full);
          expect(testByDfa(c, g.rule, x.input)).toBe(x.markers !== null);
          if (x.markers === null) {
            if (live !== undefined) expect(deriveLive(live, x.input, 0, x.input.length)).toBeUndefined();
            return;
          }
          const d = deriveDfa(full, x.input, 0, x.input.length);
          expect(markersOf(d, g.tags)).toEqual(x.markers);
          expect(markersOf(derive(c, g.rule, x.input, 0, x.input.length), g.tags)).toEqual(x.markers);
          if (live !== undefined) expect(stepsOf(deriveLive(live, x.input, 0, x.input.length))).toEqual(stepsOf(d));
        }),
      );
    });
  }

  it.each(fixture.refused.map((x) => [x.name, x] as const))("refuses %s", (_name, x) => {
    const c = coreGrammar(rulesFromAbnf(x.abnf.join("\n") + "\n"));
    let error: unknown;
    try {
      tagsOfInstances((c.dfa(x.rule) as Dfa).automaton, x.tags);
    } catch (e) {
      error = e;
    }
    expect(error instanceof GrammarError ? error.code : error).toBe(x.code);
  });
});

describe("the memoized backward pass (live.ts)", () => {
  const c = coreGrammar(rulesFromAbnf(["r = *( \"a\" / \"b\" ) ms \"a\" *( \"a\" / \"b\" ) me \"b\"", "ms = \"\"", "me = \"\"", ""].join("\n")));
  const tags = ["ms", "me"];

  it("reads the preferred derivation: the first repetition as long as it may be", () => {
    // ms before the last "a" it may stand before, me before the final "b"
    const live = liveDfaOf(c.derivationDfa("r") as Dfa) as LiveDfa;
    const of = (s: string): unknown => markersOf(deriveLive(live, s, 0, s.length), tags);
    expect(of("abab")).toEqual([["ms", 2], ["me", 3]]);
    expect(of("aaab")).toEqual([["ms", 2], ["me", 3]]);
    expect(of("abbb")).toEqual([["ms", 0], ["me", 3]]);
    expect(of("bbbb")).toBeUndefined();
    expect(of("")).toBeUndefined();
    for (const s of ["abab", "aaab", "abbb"]) expect([s, stepsOf(deriveLive(live, s, 0, s.length))]).toEqual([s, stepsOf(deriveDfa(live.dfa, s, 0, s.length))]);
  });

  it("keeps its live sets between calls, within the grammar's DFA budget; once they would not fit it, derivation.ts's pass answers the same", () => {
    const live = liveDfaOf(c.derivationDfa("r") as Dfa) as LiveDfa;
    const pass = live.pass("abababab", 0, 8);
    expect(pass === undefined || pass === TOO_LARGE ? pass : pass.offsets).toEqual(Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    const made = live.made;
    live.pass("babababb", 0, 8);
    live.pass("abababab", 0, 8);
    expect(live.made).toBe(made); // the same sets: nothing new was made
    const used = c.budget.used;
    expect(used).toBeGreaterThan(0);
    c.budget.take(c.budget.limit); // past the limit: every DFA of the grammar forgets its states
    // the next set made passes the limit again: the pass gives way, from then on for good
    expect(deriveLive(live, "abababab", 0, 8)).toBe(TOO_LARGE);
    expect(live.made).toBeGreaterThan(made);
    expect(markersOf(derive(c, "r", "abababab", 0, 8), tags)).toEqual([["ms", 6], ["me", 7]]);
    expect(deriveLive(live, "ab", 0, 2)).toBe(TOO_LARGE);
  });

  it("reads code points past U+FFFF as one character, and no lone surrogate", () => {
    const u = coreGrammar(rulesFromAbnf(["r = *%x61-10FFFF ms %x61-10FFFF *%x61-10FFFF me %x62", "ms = \"\"", "me = \"\"", ""].join("\n")));
    const live = liveDfaOf(u.derivationDfa("r") as Dfa) as LiveDfa;
    const of = (s: string): unknown => markersOf(deriveLive(live, s, 0, s.length), tags);
    expect(of("a\u{1F600}ab")).toEqual([["ms", 3], ["me", 4]]);
    expect(of("\u{1F600}\u{1F600}b")).toEqual([["ms", 2], ["me", 4]]);
    for (const bad of ["a\uD83Dab", "a\uDE00ab", "\uDE00\uD83Dab", "ab\uD83D"]) expect([bad, of(bad), testByDfa(u, "r", bad)]).toEqual([bad, undefined, false]);
  });

  it("gives way to the derivation's own pass when its live sets would not fit the grammar's DFA budget", () => {
    // a budget of a few states: the first pass that would make it forget hands over, and so does every pass after it
    // read backward, a live set tells which of the next seven characters are "a": 128 of them
    const rules = rulesFromAbnf(["r = *( \"a\" / \"b\" ) ms 6( \"a\" / \"b\" ) \"a\" me *( \"a\" / \"b\" )", "ms = \"\"", "me = \"\"", ""].join("\n"));
    const small = coreGrammar(rules, new DfaBudget(400));
    const roomy = coreGrammar(rules);
    const live = liveDfaOf(small.derivationDfa("r") as Dfa) as LiveDfa;
    const inputs = ["abbbabbbbabbabaaabbbabaab", "aaaaaaaaaaaa", "babababababa", "babaaaaaaaab"];
    expect(deriveLive(live, inputs[0] as string, 0, (inputs[0] as string).length)).toBe(TOO_LARGE);
    for (const s of inputs) {
      expect([s, testByDfa(small, "r", s)]).toEqual([s, true]);
      expect([s, stepsOf(derive(small, "r", s, 0, s.length))]).toEqual([s, stepsOf(derive(roomy, "r", s, 0, s.length))]);
    }
    expect(markersOf(derive(small, "r", "babaaaaaaaab", 0, 12), tags)).toEqual([["ms", 4], ["me", 11]]); // the first repetition as long as it may be
    expect(live.pass("abbbabbbbab", 0, 11)).toBe(TOO_LARGE);
    expect(small.budget.resets).toBeGreaterThan(0);
  });
});

// ---- the independent reference: every parse, in the builder's order ----

interface Parse {
  readonly end: number;
  readonly events: readonly number[];
}

/** What the enumeration may still do before it gives up on an input (see {@link reference}). */
let budget = 0;
const TOO_MANY = new Error("too many parses to enumerate");

/**
 * Every parse of `e` at `at` in `input`, in the order a backtracking matcher tries them:
 * alternatives left to right; a repetition takes another copy before stopping (greedy), and
 * past its minimum, an unbounded one takes no copy that reads nothing. A marker (in `tags`)
 * adds an event at its offset.
 */
function* parses(e: Expr, input: string, at: number, rules: Record<string, Expr>, tags: readonly string[]): Generator<Parse> {
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
        for (const a of parses(e.items[i] as Expr, input, pos, rules, tags)) for (const b of from(i + 1, a.end)) yield { end: b.end, events: [...a.events, ...b.events] };
      };
      yield* from(0, at);
      return;
    }
    case "alt":
      for (const item of e.items) yield* parses(item, input, at, rules, tags);
      return;
    case "rep": {
      const copies = function* (k: number, pos: number): Generator<Parse> {
        if (k < e.max) {
          for (const a of parses(e.item, input, pos, rules, tags)) {
            if (k >= e.min && e.max === Infinity && a.end === pos) continue;
            for (const b of copies(k + 1, a.end)) yield { end: b.end, events: [...a.events, ...b.events] };
          }
        }
        if (k >= e.min) yield { end: pos, events: [] };
      };
      yield* copies(0, at);
      return;
    }
    case "ref": {
      const tag = tags.findIndex((t) => t.toLowerCase() === e.name.toLowerCase());
      const own = tag >= 0 ? [tag, at] : [];
      const def = Object.entries(rules).find(([k]) => k.toLowerCase() === e.name.toLowerCase())?.[1] as Expr;
      for (const p of parses(def, input, at, rules, tags)) yield { end: p.end, events: [...own, ...p.events] };
      return;
    }
    case "prose":
      return;
  }
}

/**
 * The events of the first whole parse, undefined when there is none; "skip" past 100,000 steps
 * of the enumeration (nested repetitions of items that match "" have exponentially many parses:
 * the test counts such inputs and checks that they are few).
 */
function reference(rules: Record<string, Expr>, rule: string, tags: readonly string[], input: string): readonly number[] | undefined | "skip" {
  budget = 100_000;
  try {
    for (const p of parses(rules[rule] as Expr, input, 0, rules, tags)) if (p.end === input.length) return p.events;
    return undefined;
  } catch (e) {
    if (e !== TOO_MANY) throw e;
    return "skip";
  }
}

describe("the preferred derivation agrees with the first parse enumerated in the builder's order", () => {
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
    ["as built", false],
    ["with a join between every two parts of a concatenation", true],
  ])(`on ${runs(300)} generated grammars, 8 inputs each, %s`, (_how, joins) => withJoins(joins, check));

  function check(): void {
    let skipped = 0;
    let matched = 0;
    let marked = 0;
    let memoized = 0;
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
          expect([s, "matches", testByDfa(c, "r", s)]).toEqual([s, "matches", want !== undefined]);
          // the derivation's markers are the first parse's, and the memoized backward pass
          // (live.ts) gives the same derivation, step by step
          const full = c.derivationDfa("r") as Dfa;
          const live = liveDfaOf(full);
          if (live !== undefined) memoized++;
          if (want === undefined) {
            if (live !== undefined) expect([s, "live", deriveLive(live, s, 0, s.length)]).toEqual([s, "live", undefined]);
            continue;
          }
          matched++;
          if (want.length > 0) marked++;
          const d = deriveDfa(full, s, 0, s.length);
          expect([s, "derived", eventsOf(d, TAGS)]).toEqual([s, "derived", want]);
          expect([s, "derive", eventsOf(derive(c, "r", s, 0, s.length), TAGS)]).toEqual([s, "derive", want]);
          if (live !== undefined) expect([s, "live", stepsOf(deriveLive(live, s, 0, s.length))]).toEqual([s, "live", stepsOf(d)]);
        }
      }),
      { numRuns: runs(300), seed: seed(30) },
    );
    // many inputs matched, with markers on the way, most through the memoized pass, and few
    // inputs had too many parses to enumerate
    expect([matched > 100, marked > 50, memoized > 1000, skipped < 24]).toEqual([true, true, true, true]);
  }
});
