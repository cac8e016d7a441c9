// Build time: compiles the rules of a fixed grammar (RFC 3986, RFC 3987, a built-in scheme's)
// into the data of src/compiled/data.ts, from the one definition of each rule, with the
// engine's own automaton and labels: for each rule, its position automaton (src/abnf/automaton.ts)
// made deterministic over character classes, with the "expected" list the engine reports for
// every state (dfaLabels), then minimized. The result answers exactly what the engine answers:
// whole-string and longest-prefix matches, the failure offset, and what was expected there.
// test/compiled.test.ts compiles the grammars again and compares with src/compiled/.
import { WHOLE_HOOKS } from "../../src/abnf/automaton-size.js";
import { recursiveRules } from "../../src/abnf/analysis.js";
import { buildAutomaton, type Automaton } from "../../src/abnf/automaton.js";
import { Dfa, type DfaState } from "../../src/abnf/dfa.js";
import { dfaLabels } from "../../src/abnf/engine.js";
import { inOneOrder } from "../../src/abnf/automaton-size.js";
import type { Grammar } from "../../src/abnf/grammar.js";
import type { CompiledGrammarData, CompiledRuleData } from "../../src/compiled/data.js";

/** Code points past the last one. */
const END = 0x110000;

/** A symbol of the alphabet: one engine class, read through a representative code point. */
interface Symbol {
  readonly cp: number;
  readonly cls: number;
}

/** The digits of the packed strings: printable ASCII from "#" to "~", the backslash left out (91 digits). */
const digit = (d: number): string => String.fromCharCode(d + 35 + (d + 35 >= 92 ? 1 : 0));

/**
 * Numbers as a string of printable ASCII (see src/compiled/data.ts): a number below 90 is one
 * digit; a larger one is "~" (the digit 90) and two more (base 91, most significant first) for
 * its excess over 90. Most numbers of a table are small, so a table of more than 90 states
 * (IP-literal's 158) costs one character an entry, not two (issue 34: the bundles' weight). A
 * number equal to the one before it is "!": a row's runs of one target (the dead state's above
 * all) become runs of one character, which gzip takes in fewer bits than runs of the target's
 * digit mixed with the same digit elsewhere (the five main functions' bundle 90 bytes lighter).
 * ASCII, so that no bundler or minifier writes an escape sequence for a character: the module's
 * size is its length.
 */
const packed = (values: readonly number[]): string => {
  if (values.some((v) => !Number.isInteger(v) || v < 0 || v >= 90 + 91 * 91)) throw new Error("packed: a number out of range");
  return values.map((v, i) => (i > 0 && v === values[i - 1] ? "!" : v < 90 ? digit(v) : digit(90) + digit(Math.floor((v - 90) / 91)) + digit((v - 90) % 91))).join("");
};

/**
 * `[from, class, from, class, ...]` (a wide map, see src/compiled/data.ts) as text: each `from`
 * less the one before it (0 before the first), and each class, in base 36, comma-separated.
 */
const wideText = (wide: readonly number[]): string => wide.map((v, i) => (i % 2 === 0 ? v - (i === 0 ? 0 : (wide[i - 2] as number)) : v).toString(36)).join(",");

/** A rule's deterministic automaton, states split by the labels they are entered with, then minimized. */
interface MinimalDfa {
  /** Targets by state and class; state 0 is dead, 1 the start, {@link CALL} a call of the callee. */
  readonly table: number[][];
  /** For a state with a call: the state the match goes on in after the callee's match (0 for none). */
  readonly exits: number[];
  readonly accept: boolean[];
  readonly labels: string[][];
  /** The class of each US-ASCII code, and the wide intervals with theirs. */
  readonly ascii: number[];
  readonly wide: number[];
}

/**
 * The order a rule's states are written in (old numbers, by new number): the dead state 0 and
 * the start 1 first, then the others by which classes lead nowhere from them (their rows' dead
 * entries), then by their targets in the minimizer's numbering (rows alike side by side), the
 * old order among equals. Any numbering is the same automaton; this one puts rows of one shape
 * together, whose runs of the dead state ("!" after the first, see packed) then repeat from row
 * to row, and gzip takes them as repeats (issue 34: the five main functions' bundle 150 bytes
 * lighter than in the minimizer's order).
 */
function writeOrder(table: readonly (readonly number[])[]): number[] {
  // which classes are dead, then the targets (four digits each, so the text sorts as the numbers)
  const shape = table.map((row) => row.map((t) => (t === 0 ? "0" : "1")).join("") + row.map((t) => String(t + 1000)).join(""));
  const rest = table.map((_, s) => s).slice(2);
  rest.sort((a, b) => ((shape[a] as string) < (shape[b] as string) ? -1 : (shape[a] as string) > (shape[b] as string) ? 1 : a - b));
  return [0, 1, ...rest];
}

/**
 * The order to write the classes of the rules that share one ASCII map in (old numbers, by new
 * number): the classes of US-ASCII alone, in the places they held, those that lead to the dead
 * state from the fewest states of these rules first (the old order among equals); the classes
 * of a wide map keep their numbers, so that rules whose wide maps were the same still share one
 * (most of RFC 3987's rules hold the same long map), and so do rules that shared an ASCII map.
 * Any numbering of the classes is the same automaton; in this one a row's dead entries gather at
 * its end, in one "!" run (see packed), alike from row to row (issue 34).
 */
function classOrder(group: readonly MinimalDfa[]): number[] {
  const dead: number[] = [];
  const wide = new Set<number>();
  for (const m of group) {
    for (const row of m.table) row.forEach((t, c) => (dead[c] = (dead[c] ?? 0) + (t === 0 ? 1 : 0)));
    m.wide.forEach((v, i) => i % 2 === 1 && wide.add(v));
  }
  const moved = dead.map((_, c) => c).filter((c) => !wide.has(c));
  moved.sort((a, b) => (dead[a] as number) - (dead[b] as number) || a - b);
  return dead.map((_, c) => (wide.has(c) ? c : (moved.shift() as number)));
}

/** `m` with its classes in `order` (see classOrder): its table's columns and its ASCII map. */
function byColumns(m: MinimalDfa, order: readonly number[]): MinimalDfa {
  const classes = (m.table[0] as number[]).length;
  const own = order.slice(0, classes);
  const renumber: number[] = [];
  own.forEach((old, c) => (renumber[old] = c));
  return { ...m, table: m.table.map((row) => own.map((old) => row[old] as number)), ascii: m.ascii.map((c) => renumber[c] as number) };
}

/** A table entry that calls the callee (see CompiledRuleData.call). */
export const CALL = -2;

/** A rule compiled on its own, called by the others instead of being expanded in them. */
interface Callee {
  readonly name: string;
  readonly dfa: MinimalDfa;
}

/** The callee's class of a code point. */
function calleeClass(c: Callee, cp: number): number {
  if (cp < 128) return c.dfa.ascii[cp] as number;
  const w = c.dfa.wide;
  let k = w[1] as number;
  for (let i = 0; i < w.length; i += 2) if ((w[i] as number) <= cp) k = w[i + 1] as number;
  return k;
}

/** A product state: an engine state, entered with these labels; `next` by symbol (-1 dead, CALL - e a call that goes on in e). */
interface Node {
  readonly state: DfaState;
  readonly labels: readonly string[];
  readonly next: number[];
}

/**
 * Replaces each way into the callee (an instance of its rule, entered from outside it) by a call:
 * the transition is marked {@link CALL} and goes on, after the callee's match, in the state the
 * expanded automaton reaches after it. Only where that is exact: the callee's language is
 * prefix-free (its match ends where it ends), and inside the instance the expanded automaton and
 * the callee's own go in step, with the same labels, dead where it is dead, leaving where the
 * callee accepts, always for the same state. Returns the nodes left (those outside the callee's
 * instances, renumbered), or undefined when some entry is not exact (the rule keeps its expansion).
 */
function callsOf(a: Automaton, callee: Callee, nodes: Node[], symbols: readonly Symbol[]): Node[] | undefined {
  const c = callee.dfa;
  // prefix-free: no accepting state of the callee can go on
  for (let q = 1; q < c.table.length; q++) if (c.accept[q] && (c.table[q] as number[]).some((t) => t !== 0)) return undefined;
  const insideInstance = a.instances.map(() => false);
  a.instances.forEach((inst, i) => {
    insideInstance[i] = inst.rule.toLowerCase() === callee.name.toLowerCase() || (inst.parent >= 0 && (insideInstance[inst.parent] as boolean));
  });
  const inside = nodes.map((n) => n.state.positions.length > 0 && [...n.state.positions].every((p) => insideInstance[(a.positions[p] as { instance: number }).instance]));
  const q0 = (c.table[1] as number[])[calleeClass(callee, 0x5b)] as number;
  const exitOf = new Map<number, number>();
  for (let i = 0; i < nodes.length; i++) {
    if (inside[i]) continue;
    const node = nodes[i] as Node;
    for (let sym = 0; sym < symbols.length; sym++) {
      const x = node.next[sym] as number;
      if (x < 0 || !inside[x]) continue;
      // the callee's state after the same first character
      const first = (c.table[1] as number[])[calleeClass(callee, (symbols[sym] as Symbol).cp)] as number;
      if (first === 0 || first !== q0) return undefined;
      // in step from (x, first)
      const paired = new Map<number, number>([[x, first]]);
      const todo = [x];
      let exit = -1;
      while (todo.length > 0) {
        const y = todo.pop() as number;
        const q = paired.get(y) as number;
        const yn = nodes[y] as Node;
        if (yn.labels.join("\u0000") !== (c.labels[q] as string[]).join("\u0000") || yn.state.accept) return undefined;
        for (let k = 0; k < symbols.length; k++) {
          const t = yn.next[k] as number;
          const u = (c.table[q] as number[])[calleeClass(callee, (symbols[k] as Symbol).cp)] as number;
          if (t < 0 || u === 0) {
            if (!(t < 0 && u === 0)) return undefined;
            continue;
          }
          if (inside[t]) {
            if (c.accept[u]) return undefined;
            const seen = paired.get(t);
            if (seen === undefined) {
              paired.set(t, u);
              todo.push(t);
            } else if (seen !== u) return undefined;
          } else {
            if (!c.accept[u] || (exit >= 0 && exit !== t)) return undefined;
            // the state after the callee's end has the labels of its own way in
            exit = t;
          }
        }
      }
      if (exit < 0) return undefined;
      exitOf.set(i * symbols.length + sym, exit);
    }
  }
  if (exitOf.size === 0) return undefined;
  // renumber the outside nodes reachable from the start, calls going to their exits
  const keep = new Map<number, number>([[0, 0]]);
  const order = [0];
  for (let j = 0; j < order.length; j++) {
    const i = order[j] as number;
    (nodes[i] as Node).next.forEach((t, sym) => {
      const e = exitOf.get(i * symbols.length + sym) ?? t;
      if (e >= 0 && !keep.has(e)) {
        keep.set(e, order.length);
        order.push(e);
      }
    });
  }
  return order.map((i) => {
    const n = nodes[i] as Node;
    return {
      state: n.state,
      labels: n.labels,
      next: n.next.map((t, sym) => {
        const e = exitOf.get(i * symbols.length + sym);
        if (e !== undefined) return CALL - (keep.get(e) as number);
        return t < 0 ? -1 : (keep.get(t) as number);
      }),
    };
  });
}

function minimalDfa(a: Automaton, callee?: Callee): MinimalDfa {
  // (the labels in the order the engine gives them, whichever tier: automaton-size.ts inOneOrder)
  const labelsOf = (prev: DfaState | null, cp: number): string[] => inOneOrder(dfaLabels(a, prev, cp));
  const d = new Dfa(a);
  // the alphabet: the engine's classes, each with a representative code point
  const cuts = new Set<number>([0, 128]);
  for (const p of a.positions) for (const [lo, hi] of p.set) cuts.add(lo).add(hi + 1);
  const wideCuts = [...cuts].filter((c) => c >= 128 && c < END).sort((x, y) => x - y);
  const symbols: Symbol[] = [];
  const asciiSymbol = new Array<number>(128);
  const bySymbolClass = new Map<number, number>();
  for (let c = 0; c < 128; c++) {
    const cls = d.ascii[c] as number;
    let s = bySymbolClass.get(cls);
    if (s === undefined) {
      s = symbols.length;
      symbols.push({ cp: c, cls });
      bySymbolClass.set(cls, s);
    }
    asciiSymbol[c] = s;
  }
  // wide intervals [wideCuts[i], wideCuts[i+1]): every code point in one is treated alike
  const wideSymbol: number[] = [];
  for (let i = 0; i < wideCuts.length; i++) {
    const lo = wideCuts[i] as number;
    const cls = d.classOf(lo);
    let s = bySymbolClass.get(cls);
    if (s === undefined) {
      s = symbols.length;
      symbols.push({ cp: lo, cls });
      bySymbolClass.set(cls, s);
    }
    wideSymbol.push(s);
  }

  // Product states: (engine state, the labels it is entered with). The labels of a failure are
  // those of the transition into the state where matching stopped, so they are part of the state.
  const keyOf = (s: DfaState, labels: readonly string[]): string => `${s.accept ? "+" : "-"}${s.positions.join(",")}|${labels.join("\u0000")}`;
  const nodes: Node[] = [];
  const ids = new Map<string, number>();
  const intern = (s: DfaState, labels: readonly string[]): number => {
    const k = keyOf(s, labels);
    let id = ids.get(k);
    if (id === undefined) {
      id = nodes.length;
      ids.set(k, id);
      nodes.push({ state: s, labels, next: [] });
    }
    return id;
  };
  intern(d.start, labelsOf(null, -1));
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node;
    for (const sym of symbols) {
      const t = d.step(node.state, sym.cls, sym.cp);
      node.next.push(t === null ? -1 : intern(t, labelsOf(node.state, sym.cp)));
    }
  }

  if (callee !== undefined) {
    const kept = callsOf(a, callee, nodes, symbols);
    if (kept !== undefined) {
      nodes.length = 0;
      nodes.push(...kept);
    }
  }

  // Moore's minimization: start from (accept, labels), split by where each symbol leads.
  let block = nodes.map((n) => `${n.state.accept ? "+" : "-"}${n.labels.join("\u0000")}`);
  let count = new Set(block).size;
  for (;;) {
    const sig = new Map<string, number>();
    const next = nodes.map((n, i) => {
      const k = `${block[i]}|${n.next.map((t) => (t === -1 ? "x" : t <= CALL ? `c${block[CALL - t] as string}` : block[t])).join(",")}`;
      let b = sig.get(k);
      if (b === undefined) {
        b = sig.size;
        sig.set(k, b);
      }
      return String(b);
    });
    block = next;
    if (sig.size === count) break;
    count = sig.size;
  }
  // number the blocks: 0 dead, 1 the start's, then in order of first appearance
  const number = new Map<string, number>([[block[0] as string, 1]]);
  for (const b of block) if (!number.has(b)) number.set(b, number.size + 1);
  const states = number.size + 1;
  const repOf = new Array<number>(states).fill(-1);
  nodes.forEach((_, i) => {
    const s = number.get(block[i] as string) as number;
    if (repOf[s] === -1) repOf[s] = i;
  });
  // columns: symbols that lead everywhere alike share a class
  const target = (t: number): number => (t === -1 ? 0 : t <= CALL ? CALL : (number.get(block[t] as string) as number));
  const column = (sym: number): string => repOf.map((r) => (r < 0 ? 0 : target((nodes[r] as Node).next[sym] as number))).join(",");
  const classOfColumn = new Map<string, number>();
  const symbolClass = symbols.map((_, sym) => {
    const c = column(sym);
    let k = classOfColumn.get(c);
    if (k === undefined) {
      k = classOfColumn.size;
      classOfColumn.set(c, k);
    }
    return k;
  });
  const classes = classOfColumn.size;
  const representative = new Array<number>(classes).fill(-1);
  symbolClass.forEach((k, sym) => {
    if (representative[k] === -1) representative[k] = sym;
  });
  const table: number[][] = [];
  const exits: number[] = [];
  const accept: boolean[] = [];
  const labels: string[][] = [];
  for (let s = 0; s < states; s++) {
    const r = repOf[s] as number;
    if (r < 0) {
      table.push(new Array<number>(classes).fill(0));
      exits.push(0);
      accept.push(false);
      labels.push([]);
      continue;
    }
    const node = nodes[r] as Node;
    table.push(representative.map((sym) => target(node.next[sym] as number)));
    const call = node.next.find((t) => t <= CALL);
    exits.push(call === undefined ? 0 : (number.get(block[CALL - call] as string) as number));
    accept.push(node.state.accept);
    labels.push([...node.labels]);
  }
  const ascii = asciiSymbol.map((sym) => symbolClass[sym] as number);
  const wide: number[] = [];
  wideCuts.forEach((lo, i) => {
    const k = symbolClass[wideSymbol[i] as number] as number;
    if (wide.length >= 2 && wide[wide.length - 1] === k) return; // same class as the interval before
    wide.push(lo, k);
  });
  return { table, exits, accept, labels, ascii, wide };
}

/** Rules that cannot be compiled (they call recursive rules, or match nothing), by name, with why. */
export type Uncompiled = ReadonlyMap<string, string>;

/**
 * The compiled data of the named rules of `g` (every rule when left out): rules that call a
 * recursive rule or match no string are left to the engine and listed in `skipped`.
 */
export function compileGrammar(
  g: Grammar,
  options: {
    readonly names?: readonly string[];
    readonly callee?: string;
    /** The callee is compiled with another grammar (RFC 3986's IP-literal, for a scheme grammar that imports it): leave it out here. */
    readonly calleeElsewhere?: boolean;
  } = {},
): { data: CompiledGrammarData; skipped: Uncompiled } {
  const names = options.names ?? g.ruleNames;
  const labels: string[] = [];
  const labelIndex = new Map<string, number>();
  const labelSets: string[] = [];
  const labelSetIndex = new Map<string, number>();
  const asciiMaps: string[] = [];
  const asciiIndex = new Map<string, number>();
  const wideMaps: string[] = [];
  const wideIndex = new Map<string, number>();
  const rules: CompiledRuleData[] = [];
  const skipped = new Map<string, string>();
  const recursive = recursiveRules(g.analysis);
  let callee: Callee | undefined;
  if (options.callee !== undefined) {
    const def = g.definition(options.callee);
    if (def === undefined) throw new Error(`compileGrammar: ${g.name} has no rule ${options.callee}`);
    callee = { name: def.name, dfa: minimalDfa(buildAutomaton(def, g.analysis, recursive, { hooks: WHOLE_HOOKS })) };
  }
  const setOf = (list: readonly string[]): number => {
    const ids = list.map((l) => {
      let i = labelIndex.get(l);
      if (i === undefined) {
        i = labels.length;
        labels.push(l);
        labelIndex.set(l, i);
      }
      return i;
    });
    const k = ids.join(",");
    let s = labelSetIndex.get(k);
    if (s === undefined) {
      s = labelSets.length;
      labelSets.push(packed(ids));
      labelSetIndex.set(k, s);
    }
    return s;
  };
  // the callee is compiled with the rules that call it
  const wanted = [...names];
  const made: { readonly name: string; readonly m: MinimalDfa }[] = [];
  for (const name of wanted) {
    const def = g.definition(name);
    if (def === undefined) throw new Error(`compileGrammar: ${g.name} has no rule ${name}`);
    if (g.analysis.matchesNothing(def.expr)) {
      skipped.set(def.name, "matches no string");
      continue;
    }
    const a = buildAutomaton(def, g.analysis, recursive, { hooks: WHOLE_HOOKS });
    if (a.hasCalls) {
      skipped.set(def.name, "calls a recursive rule");
      continue;
    }
    const m = minimalDfa(a, callee !== undefined && def.name !== callee.name ? callee : undefined);
    made.push({ name: def.name, m });
    if (m.exits.some((e) => e !== 0) && options.calleeElsewhere !== true && !wanted.some((n) => n.toLowerCase() === (callee as Callee).name.toLowerCase())) wanted.push((callee as Callee).name);
  }
  // the classes of the rules that share an ASCII map ordered together (classOrder)
  const groups = new Map<string, MinimalDfa[]>();
  for (const { m } of made) {
    const key = packed(m.ascii);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [m]);
    else group.push(m);
  }
  const orders = new Map<MinimalDfa, number[]>();
  for (const group of groups.values()) {
    const order = classOrder(group);
    for (const m of group) orders.set(m, order);
  }
  for (const { name, m: minimal } of made) {
    const m = byColumns(minimal, orders.get(minimal) as number[]);
    const states = m.table.length;
    const classes = (m.table[0] as number[]).length;
    // a call is the number of states (one past the last state)
    // the states renumbered (writeOrder): new number by old
    const order = writeOrder(m.table);
    const renumber: number[] = [];
    order.forEach((old, s) => (renumber[old] = s));
    const table = order.flatMap((old) => (m.table[old] as number[]).map((t) => (t === CALL ? states : (renumber[t] as number))));
    const exits: number[] = [];
    order.forEach((old, s) => {
      const e = m.exits[old] ?? 0;
      if (e !== 0) exits.push(s, renumber[e] as number);
    });
    const info = order.map((old) => (setOf(m.labels[old] as string[]) << 1) | (m.accept[old] ? 1 : 0));
    const asciiText = packed(m.ascii);
    let ascii = asciiIndex.get(asciiText);
    if (ascii === undefined) {
      ascii = asciiMaps.length;
      asciiMaps.push(asciiText);
      asciiIndex.set(asciiText, ascii);
    }
    const wideKey = m.wide.join(",");
    let wide = wideIndex.get(wideKey);
    if (wide === undefined) {
      wide = wideMaps.length;
      wideMaps.push(wideText(m.wide));
      wideIndex.set(wideKey, wide);
    }
    const rule: CompiledRuleData = { name, states, classes, ascii, wide, table: packed(table), info: packed(info) };
    rules.push(exits.length === 0 ? rule : { ...rule, call: { rule: (callee as Callee).name, exits } });
  }
  // the label sets as one string, a space between two (no digit is a space)
  return { data: { labels, labelSets: labelSets.join(" "), asciiMaps, wideMaps, rules }, skipped };
}
