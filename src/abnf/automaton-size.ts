// The size of a rule's automaton, counted without building it, and which rules a grammar's
// automata call instead of expanding in place (calledRules). The whole engine (grammar.ts) reads
// them: it refuses a rule too large to compile before any work that
// grows with its size, naming the limit and its cause (tooLarge), and calls the rules too large
// to expand in place. The automaton core alone (compiled.ts, dfa-engine.ts: a URI template's
// matcher) does not bundle them: its builder counts as it builds and refuses past the same
// limits as it goes (automaton.ts), and it calls the recursive rules only.
import { firstChars, recursiveRules, type Analysis, type RuleDefinition } from "./analysis.js";
import {
  COPY_LIMIT,
  countHere,
  EDGE_LIMIT,
  INSTANCE_LIMIT,
  joinHere,
  POSITION_LIMIT,
  STEP_LIMIT,
  alternativePlan,
  JOINS,
  COUNTS,
  rangeLabel,
  type AutomatonSize,
  type BuildHooks,
} from "./automaton.js";
import { codePoints, intersects } from "./charset.js";
import type { CompilePolicy } from "./compiled.js";
import { cycleCuts } from "./cycle-cuts.js";
import { Dfa } from "./dfa.js";
import { referencedNames, type Expr } from "./expr.js";
import { GrammarError } from "./grammar-errors.js";
import { END_OF_INPUT } from "./labels.js";
/**
 * The shape of a fragment as the builder makes it, in numbers: its size so far (what the
 * builder counts), how many positions can start it (`firsts`, not counting the empty match),
 * whether it matches "", how many positions can end it and how many edges those hold (each
 * still has one exit entry); and the lists of occurrences that match "" it holds: its empty
 * match's length (`empties`), its firsts' (`leads`: their total length, `leaders`: how many
 * are not empty) and its lasts' exit entries' (`befores`, `beforers`). All are exact but for
 * `firsts`, `edges` and what depends on them, upper bounds (the builder drops a second entry
 * to the same position).
 */
interface Shape {
  readonly positions: number;
  readonly instances: number;
  readonly steps: number;
  readonly edges: number;
  readonly copies: number;
  readonly firsts: number;
  readonly nullable: boolean;
  readonly lasts: number;
  readonly lastEdges: number;
  readonly empties: number;
  readonly leads: number;
  readonly leaders: number;
  readonly befores: number;
  readonly beforers: number;
}

/** A shape, its fields always in this order (the counting makes many: one object layout keeps it fast). */
function shapeOf(
  positions: number,
  instances: number,
  steps: number,
  edges: number,
  copies: number,
  firsts: number,
  nullable: boolean,
  lasts: number,
  lastEdges: number,
  empties: number,
  leads: number,
  leaders: number,
  befores: number,
  beforers: number,
): Shape {
  return { positions, instances, steps, edges, copies, firsts, nullable, lasts, lastEdges, empties, leads, leaders, befores, beforers };
}

/** `x` with other counts and ends (what a repetition's loop changes). */
const reshape = (x: Shape, nullable: boolean, empties: number): Shape =>
  shapeOf(x.positions, x.instances, x.steps, x.edges, x.copies, x.firsts, nullable, x.lasts, x.lastEdges, empties, x.leads, x.leaders, x.befores, x.beforers);

const EMPTY_SHAPE: Shape = {
  positions: 0,
  instances: 0,
  steps: 0,
  edges: 0,
  copies: 0,
  firsts: 0,
  nullable: true,
  lasts: 0,
  lastEdges: 0,
  empties: 0,
  leads: 0,
  leaders: 0,
  befores: 0,
  beforers: 0,
};
/** A join's fragment (automaton.ts concat). */
const JOIN_SHAPE = shapeOf(1, 0, 0, 0, 0, 1, false, 1, 1, 0, 0, 0, 0, 0);
/** A fragment that matches nothing, with what was counted making it. */
const deadShape = (x: { readonly positions: number; readonly instances: number; readonly steps: number; readonly edges: number; readonly copies: number }): Shape =>
  shapeOf(x.positions, x.instances, x.steps, x.edges, x.copies, 0, false, 0, 0, 0, 0, 0, 0, 0);
const isDead = (x: Shape): boolean => x.firsts === 0 && !x.nullable;

/**
 * `a b` as the builder's concat makes it (a dead side makes the whole dead, with what was built
 * so far); `loop`: inside an unbounded repetition's body; `joins`: a join may be made.
 */
function concatShape(a: Shape, b: Shape, loop: boolean, joins: boolean): Shape {
  const positions = a.positions + b.positions;
  const instances = a.instances + b.instances;
  const steps = a.steps + b.steps;
  const edges = a.edges + b.edges;
  if (isDead(a) || isDead(b)) return shapeOf(positions, instances, steps, edges, a.copies + b.copies, 0, false, 0, 0, 0, 0, 0, 0, 0);
  // `a j b`, j a join (one position, its exit entry its list)
  if (joinHere(joins, loop, a.lasts, a.nullable, a.empties, b.firsts, b.nullable, b.empties)) return concatShape(concatShape(a, JOIN_SHAPE, loop, false), b, loop, false);
  // each of a's lasts: its list without the exit entry, and one entry per first of b (the empty one included)
  const cont = b.firsts + (b.nullable ? 1 : 0);
  const remade = a.lastEdges - a.lasts + a.lasts * cont;
  // cat copies two lists when neither is empty: a's empty match joins each first of b's (and
  // b's empty match), b's empty match the exit entry of each last of a's
  let copies = a.copies + b.copies;
  if (a.nullable && a.empties > 0) copies += b.leaders * a.empties + b.leads + (b.nullable && b.empties > 0 ? a.empties + b.empties : 0);
  if (b.nullable && b.empties > 0) copies += a.beforers * b.empties + a.befores;
  return shapeOf(
    positions,
    instances,
    steps,
    edges + remade,
    copies,
    a.firsts + (a.nullable ? b.firsts : 0),
    a.nullable && b.nullable,
    b.lasts + (b.nullable ? a.lasts : 0),
    b.lastEdges + (b.nullable ? remade : 0),
    a.nullable && b.nullable ? a.empties + b.empties : 0,
    a.leads + (a.nullable ? b.firsts * a.empties + b.leads : 0),
    a.leaders + (a.nullable ? (a.empties > 0 ? b.firsts : b.leaders) : 0),
    b.befores + (b.nullable ? a.befores + a.lasts * b.empties : 0),
    b.beforers + (b.nullable ? (b.empties > 0 ? a.lasts : a.beforers) : 0),
  );
}

/** Larger than any limit: the counting stops there. */
const tooMany = (x: Shape): boolean =>
  x.positions > POSITION_LIMIT || x.instances > INSTANCE_LIMIT || x.steps > STEP_LIMIT || x.edges > EDGE_LIMIT || x.copies > COPY_LIMIT;

/**
 * The size of the automaton of a rule, from its definition or expression, without building it: what
 * {@link buildAutomaton} counts against its limits, step for step (references to `calls` and
 * `stubs` are one position each, other references are counted in place): positions,
 * instances and steps exactly, edges and copies as upper bounds (the builder drops an entry
 * that a list already holds). So a rule too large to compile is refused when its grammar is
 * made, before any work that grows with its size, and a rule that passes never reaches the
 * builder's limits. Sizes are kept per expression: measuring every rule of a grammar costs
 * time linear in the size of its definitions (a repetition's copies are counted one by one
 * only while they change the shape, see iterateShape).
 */
export function automatonSize(
  analysis: Analysis,
  calls: ReadonlySet<string>,
  stubs: ReadonlySet<string> = new Set(),
  /** Whether the builder makes joins (not when it keeps every path: keepAll). */
  joins = true,
  /** Whether the builder counts large repetitions (its `counted` setting, see {@link COUNTS}). */
  counts = false,
): (rule: RuleDefinition | Expr, written?: boolean) => AutomatonSize {
  /** Shapes by expression, outside and inside an unbounded repetition's body (see joinHere), outside and inside a counted one's. */
  const memo = [new Map<Expr, Shape>(), new Map<Expr, Shape>(), new Map<Expr, Shape>(), new Map<Expr, Shape>()] as const;
  const optionInstances = new Map<Expr, number>();
  const isCall = (e: Expr): boolean => e.type === "ref" && calls.has(e.name.toLowerCase());
  /** One character position (of `positions` characters, for a literal), opening `instances` occurrences. */
  const chars = (positions: number, instances: number): Shape => shapeOf(positions, instances, 1, positions - 1, 0, 1, false, 1, 1, 0, 0, 0, 0, 0);
  const NOTHING = deadShape({ positions: 0, instances: 0, steps: 1, edges: 0, copies: 0 });
  const EMPTY_STEP = shapeOf(0, 0, 1, 0, 0, 0, true, 0, 0, 0, 0, 0, 0, 0);
  /** The instances a character position's options open (automaton.ts options()). */
  const optionsOf = (e: Expr): number => {
    const known = optionInstances.get(e);
    if (known !== undefined) return known;
    let n = 0;
    if (e.type === "ref") n = 1 + optionsOf(analysis.rule(e.name).expr);
    else if (e.type === "alt") for (const item of e.items) if (!analysis.matchesNothing(item)) n += optionsOf(item);
    optionInstances.set(e, n);
    return n;
  };
  const step = (x: Shape): Shape =>
    shapeOf(x.positions, x.instances, x.steps + 1, x.edges, x.copies, x.firsts, x.nullable, x.lasts, x.lastEdges, x.empties, x.leads, x.leaders, x.befores, x.beforers);
  const shape = (e: Expr, loop: boolean, counting = false): Shape => {
    const slot = (loop ? 1 : 0) + (counting ? 2 : 0);
    const known = (memo[slot] as Map<Expr, Shape>).get(e);
    if (known !== undefined) return known;
    let n: Shape;
    if (analysis.matchesNothing(e)) n = NOTHING;
    else if (analysis.charSet(e) !== null && !isCall(e)) n = chars(1, optionsOf(e));
    else {
      switch (e.type) {
        case "lit": {
          const k = codePoints(e.text).length;
          n = k === 0 ? EMPTY_STEP : chars(k, 0);
          break;
        }
        case "range":
        case "prose":
          n = NOTHING;
          break;
        case "seq": {
          let x = EMPTY_SHAPE;
          for (const item of e.items) {
            x = concatShape(x, shape(item, loop, counting), loop, joins);
            if (isDead(x)) break;
          }
          n = step(x);
          break;
        }
        case "alt": {
          // the first entries of every alternative, the first empty match kept
          let x = deadShape(EMPTY_SHAPE);
          for (const item of alternativePlan(e, analysis, calls, WHOLE_HOOKS.past)) {
            const y = shape(item, loop, counting);
            x = shapeOf(
              x.positions + y.positions,
              x.instances + y.instances,
              x.steps + y.steps,
              x.edges + y.edges,
              x.copies + y.copies,
              x.firsts + y.firsts,
              x.nullable || y.nullable,
              x.lasts + y.lasts,
              x.lastEdges + y.lastEdges,
              x.nullable ? x.empties : y.empties,
              x.leads + y.leads,
              x.leaders + y.leaders,
              x.befores + y.befores,
              x.beforers + y.beforers,
            );
          }
          n = step(x);
          break;
        }
        case "rep":
          // the body of an unbounded repetition is built as one (joinHere)
          if (countHere(counts, counting, e.min, e.max, analysis.nullable(e.item), () => shape(e.item, false, true).positions)) {
            // built once inside a loop, with three joins (automaton.ts countedRepetition)
            const x = shape(e.item, true, true);
            n = isDead(x)
              ? e.min === 0
                ? shapeOf(x.positions, x.instances, x.steps + 1, x.edges, x.copies, 0, true, 0, 0, 0, 0, 0, 0, 0)
                : step(x)
              : shapeOf(x.positions + 3, x.instances, x.steps + 1, x.edges + 2 * x.firsts + x.lastEdges + x.lasts, x.copies, 1, e.min === 0, 1, 1, 0, 0, 0, 0, 0);
          } else n = step(repetitionShape(e.min, e.max, shape(e.item, loop, counting), e.max === Infinity ? shape(e.item, true, counting) : undefined, loop, joins));
          break;
        case "ref": {
          const key = e.name.toLowerCase();
          if (stubs.has(key) || calls.has(key)) n = chars(1, 1);
          else {
            // the occurrence opens an instance; its empty match lists the instance first
            const b = ruleShape(analysis.rule(e.name), loop, counting);
            const copies = b.copies + (b.nullable && b.empties > 0 ? 1 + b.empties : 0);
            const empties = b.nullable ? b.empties + 1 : 0;
            n = shapeOf(b.positions, b.instances + 1, b.steps + 1, b.edges, copies, b.firsts, b.nullable, b.lasts, b.lastEdges, empties, b.leads, b.leaders, b.befores, b.beforers);
          }
          break;
        }
      }
    }
    (memo[slot] as Map<Expr, Shape>).set(e, n);
    return n;
  };
  /**
   * The shape of a rule's expression, kept per definition across grammars when nothing is a
   * stub: a definition refers to rules by name, and every grammar that holds the same
   * definition object holds the same definitions for all the rules it reaches (grammar()
   * takes imported definitions as they are, with the rules they reach, and refuses a rule of
   * its own by an imported name; derive() and the loader make new definitions), so its shape
   * is the same in all of them: a grammar that imports RFC 3986's rules measures its own.
   */
  const ruleShape = (def: RuleDefinition, loop: boolean, counting: boolean): Shape => {
    if (stubs.size > 0 || !(calls === calledCache.get(analysis) || building.has(calls))) return shape(def.expr, loop, counting);
    // (kept by where the rule is built and by the join and count thresholds, which tests change)
    const key = `${loop ? 1 : 0} ${joins ? JOINS.cost : -1} ${counts ? (counting ? -2 : `${COUNTS.from} ${COUNTS.item} ${COUNTS.positions}`) : -1}`;
    let kept = ruleShapes.get(def);
    if (kept === undefined) {
      kept = new Map();
      ruleShapes.set(def, kept);
    }
    let x = kept.get(key);
    if (x === undefined) {
      x = shape(def.expr, loop, counting);
      kept.set(key, x);
    }
    return x;
  };
  // (the automaton of a rule whose expression is `e`: instance 0 is the rule itself)
  // (`written`: an expression's size with none of its repetitions counted, for countHere)
  return (rule, written = false) => {
    const x = "expr" in rule ? ruleShape(rule, false, false) : shape(rule, false, written);
    return { positions: x.positions, instances: x.instances + 1, steps: x.steps, edges: x.edges, copies: x.copies };
  };
}

/** Shapes of rule definitions, for any grammar that holds them (see automatonSize's ruleShape). */
const ruleShapes = new WeakMap<RuleDefinition, Map<string, Shape>>();

/**
 * `next` applied `count` times from `x`, stopping at a dead shape or one past a limit. Once an
 * application leaves unchanged all that the next one depends on (the shape but its counts),
 * every further one adds the same amounts, which are added at once: copies of an element
 * without positions (`3000000( e )`, `e = ""`) are counted in constant time, and other copies
 * add a position each, so that the loop ends at the position limit.
 */
function iterateShape(count: number, x: Shape, next: (x: Shape) => Shape): Shape {
  for (let k = 0; k < count; k++) {
    const y = next(x);
    if (isDead(y)) return y;
    // past a limit, or when the application left unchanged all that the next one depends on: the
    // copies left add as many positions, occurrences and expressions again (exact), and at least
    // as many edges and copies
    if (
      tooMany(y) ||
      (y.firsts === x.firsts &&
        y.nullable === x.nullable &&
        y.lasts === x.lasts &&
        y.lastEdges === x.lastEdges &&
        y.empties === x.empties &&
        y.leads === x.leads &&
        y.leaders === x.leaders &&
        y.befores === x.befores &&
        y.beforers === x.beforers)
    ) {
      const left = count - k - 1;
      return shapeOf(
        y.positions + left * (y.positions - x.positions),
        y.instances + left * (y.instances - x.instances),
        y.steps + left * (y.steps - x.steps),
        y.edges + left * (y.edges - x.edges),
        y.copies + left * (y.copies - x.copies),
        y.firsts,
        y.nullable,
        y.lasts,
        y.lastEdges,
        y.empties,
        y.leads,
        y.leaders,
        y.befores,
        y.beforers,
      );
    }
    x = y;
  }
  return x;
}

/** `min*max item` as the builder's repetition makes it: `min` copies, then nested optional copies, or one looping copy. */
function repetitionShape(min: number, max: number, item: Shape, body: Shape | undefined, loop: boolean, joins: boolean): Shape {
  if (max === 0) return EMPTY_SHAPE;
  const frag = iterateShape(min, EMPTY_SHAPE, (x) => concatShape(x, item, loop, joins));
  if (isDead(frag)) return frag;
  let tail: Shape;
  if (max === Infinity) {
    const x = body ?? item;
    if (x.firsts === 0) tail = shapeOf(x.positions, x.instances, x.steps, x.edges, x.copies, 0, true, 0, 0, 0, 0, 0, 0, 0);
    else {
      // the copy's lasts go on to its firsts or end (an empty continuation: nothing copied)
      const remade = x.lastEdges - x.lasts + x.lasts * (x.firsts + 1);
      tail = shapeOf(x.positions, x.instances, x.steps, x.edges + remade, x.copies, x.firsts, true, x.lasts, remade, 0, x.leads, x.leaders, x.befores, x.beforers);
    }
  } else {
    // each optional copy before the rest, which may be empty; the first empty match is the copy's
    tail = iterateShape(max - min, EMPTY_SHAPE, (x) => {
      const one = concatShape(item, x, loop, joins);
      return reshape(one, true, one.nullable ? one.empties : 0);
    });
  }
  return concatShape(frag, tail, loop, joins);
}

/**
 * Past this many positions (or {@link CALL_EDGES} edges), a rule is matched by call wherever it
 * is referenced instead of being expanded in place: RFC 5322's `fields` expanded every rule it
 * reaches to 838,446 positions, though none of them holds more than 27,146 (`address`) once the
 * large ones are called. Small rules stay expanded, so that rules such as RFC 3986's (1,591
 * positions for URI-reference, all of it expanded) keep one DFA and a regex.
 */
export const CALL_POSITIONS = 4096;
/** See {@link CALL_POSITIONS}. */
export const CALL_EDGES = 262_144;

/** Per grammar: the rules matched by call (see {@link calledRules}). */
const calledCache = new WeakMap<Analysis, ReadonlySet<string>>();
/** The sets calledRules is deciding: their measures, too, hold in every grammar (see automatonSize's ruleShape). */
const building = new WeakSet<ReadonlySet<string>>();

/**
 * The rules (lowercase names) that the automata call instead of expanding in place: the
 * recursive ones (which cannot be expanded), and every rule whose own automaton, with the rules
 * it refers to decided first (callees before callers), would pass {@link CALL_POSITIONS} or
 * {@link CALL_EDGES}, so that no automaton grows with the product of a grammar's layers. A
 * rule's status depends only on the rules it reaches (so the measures kept per definition hold
 * in every grammar that holds it); a rule of one character is never called.
 * The set decides a rule when it is first asked about it (`has`), with the rules it reaches, and
 * no other: a rule's first use measures what it reaches, not the whole grammar (issue 33: about
 * 25 ms of RFC 5322's first use, 9-13 for `address`). Read whole (its size, an iteration), it
 * decides every rule first.
 */
export function calledRules(analysis: Analysis): ReadonlySet<string> {
  let called = calledCache.get(analysis);
  if (called === undefined) calledCache.set(analysis, (called = new CalledRules(analysis)));
  return called;
}

/** The set of {@link calledRules}, deciding each rule when first asked about it. */
class CalledRules extends Set<string> {
  readonly #analysis: Analysis;
  readonly #decided = new Set<string>();
  readonly #size: (rule: RuleDefinition) => AutomatonSize;
  #deciding = false;

  constructor(analysis: Analysis) {
    super([...cycleCuts(analysis), ...analysis.checks.keys()]);
    this.#analysis = analysis;
    building.add(this);
    this.#size = automatonSize(analysis, this, new Set(), true, true);
  }

  override has(key: string): boolean {
    if (!this.#deciding && !this.#decided.has(key) && !super.has(key)) this.#decide(key);
    return super.has(key);
  }

  // (read whole, the set decides every rule first)
  override get size(): number {
    this.#decideAll();
    return super.size;
  }

  override values(): SetIterator<string> {
    this.#decideAll();
    return super.values();
  }

  override keys(): SetIterator<string> {
    return this.values();
  }

  override [Symbol.iterator](): SetIterator<string> {
    return this.values();
  }

  override entries(): SetIterator<[string, string]> {
    this.#decideAll();
    return super.entries();
  }

  override forEach(f: (value: string, key: string, set: Set<string>) => void, thisArg?: unknown): void {
    this.#decideAll();
    super.forEach(f, thisArg);
  }

  #decideAll(): void {
    if (this.#deciding) return;
    for (const k of this.#analysis.ruleKeys) this.has(k);
  }

  /** Decides `root` and the rules it reaches: callees before callers, an iterative post-order walk of the references. */
  #decide(root: string): void {
    const analysis = this.#analysis;
    const decided = this.#decided;
    this.#deciding = true;
    try {
      const stack: { key: string; refs: string[]; i: number }[] = [{ key: root, refs: referencedNames(analysis.rule(root).expr).map((n) => n.toLowerCase()), i: 0 }];
      const open = new Set([root]);
      while (stack.length > 0) {
        const top = stack[stack.length - 1] as { key: string; refs: string[]; i: number };
        if (top.i < top.refs.length) {
          const next = top.refs[top.i++] as string;
          if (decided.has(next) || open.has(next) || super.has(next)) continue;
          open.add(next);
          stack.push({ key: next, refs: referencedNames(analysis.rule(next).expr).map((n) => n.toLowerCase()), i: 0 });
          continue;
        }
        stack.pop();
        open.delete(top.key);
        decided.add(top.key);
        if (super.has(top.key)) continue;
        const def = analysis.rule(top.key);
        if (analysis.charSet(def.expr) !== null) continue;
        const n = this.#size(def);
        if (n.positions > CALL_POSITIONS || n.edges > CALL_EDGES || tooLarge(def, n) !== undefined) this.add(top.key);
      }
    } finally {
      this.#deciding = false;
    }
  }
}

/** The GrammarError "too-large" for a rule whose automaton would pass one of the builder's limits, or undefined. */
export function tooLarge(rule: RuleDefinition, size: AutomatonSize): GrammarError | undefined {
  const many = (n: number): string => (n === Infinity ? "too many" : n.toLocaleString("en-US"));
  const refuse = (detail: string): GrammarError => new GrammarError("too-large", `rule ${rule.name} ${detail}; it cannot be compiled`, rule.name);
  if (size.positions > POSITION_LIMIT) {
    return refuse(
      `expands to ${many(size.positions)} character positions and joins, more than the engine's limit of ${many(POSITION_LIMIT)}, in its own definition (a long string, a large bounded repetition, or groups nested many levels deep that each write a part twice, as RFC 9110 lists do; the rules it refers to that are large are called, not expanded)`,
    );
  }
  if (size.instances > INSTANCE_LIMIT) {
    return refuse(`expands to ${many(size.instances)} rule occurrences, more than the engine's limit of ${many(INSTANCE_LIMIT)} (a large bounded repetition of a rule that matches only the empty string?)`);
  }
  if (size.steps > STEP_LIMIT) {
    return refuse(`expands to ${many(size.steps)} expressions, more than the engine's limit of ${many(STEP_LIMIT)} (a large bounded repetition, even of something that matches nothing or only the empty string?)`);
  }
  if (size.copies > COPY_LIMIT) {
    return refuse(`copies more than ${many(COPY_LIMIT)} rule occurrences into the lists of those that match the empty string (a long chain of rules that can all match it, such as 5000( e ) with e = "")`);
  }
  if (size.edges > EDGE_LIMIT) {
    return refuse(`has more than ${many(EDGE_LIMIT)} edges (inside an unbounded repetition, a bounded repetition of an element that can match the empty string, such as *( 0*3000[ "x" ] ), links every copy to every later one)`);
  }
  return undefined;
}


/** The labels of what an expression can start with: token rules by name, literals, ranges (a stub's). */
export function startLabels(e: Expr, analysis: Analysis): string[] {
  const out = new Set<string>();
  const walk = (x: Expr): void => {
    switch (x.type) {
      case "lit":
        if (x.text !== "") out.add(JSON.stringify(x.text));
        return;
      case "range":
        out.add(rangeLabel(x.lo, x.hi));
        return;
      case "ref": {
        const def = analysis.rule(x.name);
        if (def.token) out.add(def.name);
        else walk(def.expr);
        return;
      }
      case "alt":
        for (const item of x.items) walk(item);
        return;
      case "seq":
        for (const item of x.items) {
          walk(item);
          if (!analysis.nullable(item)) return;
        }
        return;
      case "rep":
        if (x.max > 0) walk(x.item);
        return;
      case "prose":
        return;
    }
  };
  walk(e);
  return [...out];
}

/** What the whole engine's builds add to the core's (see BuildHooks): stubs, and merging alternatives past one that cannot start with their characters. */
export const WHOLE_HOOKS: BuildHooks = {
  stub: (def, analysis) => ({ set: firstChars(analysis, def.expr), labels: startLabels(def.expr, analysis) }),
  past: (head, set, analysis) => !analysis.nullable(head) && !intersects(firstChars(analysis, head), set),
};

/**
 * How the whole engine compiles a grammar's rules (grammar.ts): the rules too large to expand
 * in place are called ({@link calledRules}), and a rule too large to compile is refused before
 * it is built, its size named ({@link tooLarge}).
 */
export const WHOLE_ENGINE: CompilePolicy = {
  called: calledRules,
  hooks: WHOLE_HOOKS,
  // the rare rules that can start with a character as stubs (Compiled.reducedDfa)
  reduced(c, key) {
    const stubs = new Set(c.rare.filter((r) => r !== key && !c.analysis.nullable(c.analysis.rule(r).expr)));
    if (stubs.size === 0) return c.dfa(key);
    const a = c.build(key, stubs);
    return a.hasCalls ? null : a.hasStubs ? new Dfa(a, c.budget) : c.dfa(key);
  },
  check(rule, analysis, calls, stubs, counted) {
    const size = automatonSize(analysis, calls, stubs, true, counted)(rule);
    const large = tooLarge(rule, size);
    if (large !== undefined) throw large;
    return size;
  },
};

/**
 * The labels of an "expected" list in the one order every tier gives them (the first tier,
 * interpret.ts; the DFA and the memoized calls, engine.ts; the build-time compiler,
 * scripts/compile/): rule names first, alphabetically as ABNF compares them (RFC 5234 §2.1:
 * case-insensitive), then what stands for characters (literals, the rest of a literal read in
 * part, ranges) in the order of their characters, as a character table lists them, then the end
 * of the input. So RFC 3986's `pchar` on "^" expects `pct-encoded, sub-delims, unreserved, ":"
 * or "@"`. Why this order: the tiers find the same set, each in the order of its own walk (the
 * grammar's expressions, a DFA's positions merged by character class, a called rule's own
 * automaton), so the message for one rejected input changed once its rule compiled; and the
 * grammar's order is not one order: a label written in many rules stands at a different place in
 * each, and one compiled rule (RFC 3986's `IP-literal`) is called from grammars that write its
 * labels in other orders. A reader looks a name up as in an index and a character as in a table.
 */
export function inOneOrder(labels: readonly string[]): string[] {
  const out = labels.slice();
  if (out.length < 2) return out;
  const keys = new Map<string, { readonly kind: number; readonly text: string; readonly cps: readonly number[] }>();
  for (const l of out) keys.set(l, labelKey(l));
  return out.sort((x, y) => {
    const a = keys.get(x) as { readonly kind: number; readonly text: string; readonly cps: readonly number[] };
    const b = keys.get(y) as typeof a;
    if (a.kind !== b.kind) return a.kind - b.kind;
    if (a.kind === NAME && a.text !== b.text) return a.text < b.text ? -1 : 1;
    for (let i = 0; i < Math.min(a.cps.length, b.cps.length); i++) if (a.cps[i] !== b.cps[i]) return (a.cps[i] as number) - (b.cps[i] as number);
    if (a.cps.length !== b.cps.length) return a.cps.length - b.cps.length;
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

const NAME = 0;
const CHARACTERS = 1;
const END = 2;

/** How {@link inOneOrder} compares a label: its kind, a name lowercase, the code points a literal or range starts with. */
function labelKey(l: string): { readonly kind: number; readonly text: string; readonly cps: readonly number[] } {
  if (l === END_OF_INPUT) return { kind: END, text: l, cps: [] };
  if (l.startsWith('"')) {
    // a literal or the rest of one (`"://"`), a range of printable ASCII (`"0"-"9"`): the first quoted part
    let close = 1;
    while (close < l.length && l[close] !== '"') close += l[close] === "\\" ? 2 : 1;
    let text: string;
    try {
      text = JSON.parse(l.slice(0, close + 1)) as string;
    } catch {
      text = l; // (not made by this engine: compared by its text)
    }
    return { kind: CHARACTERS, text, cps: codePoints(text) };
  }
  const hex = /^%x([0-9A-Fa-f]+)/.exec(l);
  if (hex !== null) return { kind: CHARACTERS, text: l, cps: [parseInt(hex[1] as string, 16)] };
  return { kind: NAME, text: l.toLowerCase(), cps: [] };
}
