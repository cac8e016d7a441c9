// What the engine says was expected where a match stops: the labels of the positions that could
// have read the next character, named by the outermost token rule they enter (`HEXDIG`,
// `pchar`), else by their literal or range. The DFA runs (dfa-run.ts), the memoized calls
// (calls.ts) and the build-time compiler (scripts/compile/) all name positions this way.
import { ACCEPT, chainBelow, countAfter, optionLabel, type Automaton, type Edge, type Position } from "./automaton.js";
import { hasCodePoint } from "./charset.js";

/** The label the engine gives the end of the input in `expected`. */
export const END_OF_INPUT = "end of input";

const seen = new WeakMap<string[], Set<string>>();

/**
 * Appends `label` unless `out` holds it already. The labels of a list are kept in a set beside
 * it (made again when the list was grown otherwise), so that a list of n labels costs n, not
 * n²/2 (one rule of 150,000 alternatives: fuzz round 18).
 */
export const uniquePush = (out: string[], label: string): void => {
  let s = seen.get(out);
  if (s?.size !== out.length) seen.set(out, (s = new Set(out)));
  if (!s.has(label)) s.add(label), out.push(label);
};

/**
 * The labels of the target of `edge`: the outermost token rule the edge enters (e.g. `HEXDIG`,
 * `pchar`), else for each option of the target the outermost token under it or its literal.
 * A join's are those of the edges out of it, in their order, each target once (as if they
 * stood in place of the edge to it: automaton.ts). `met` holds the targets already walked behind
 * a join: a caller that names the labels of many edges at once passes one set to all of them, so
 * that a chain of joins behind every position of a state is walked once, not once per position.
 */
export function edgeLabels(a: Automaton, edge: Edge, out: string[], calleeLabels?: (key: string) => readonly string[] | undefined, met: Set<number> = new Set()): void {
  if (edge.to === ACCEPT) return;
  const pos = a.positions[edge.to];
  if (pos === undefined) return;
  const token = tokenEntered(a, pos.instance, edge.context);
  if (token !== undefined) {
    uniquePush(out, token);
    return;
  }
  if (pos.join === true) {
    // a walk, not a recursion: joins chain as deep as the rule is long
    const stack: { readonly edges: readonly Edge[]; i: number }[] = [{ edges: a.follow[edge.to] ?? [], i: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { readonly edges: readonly Edge[]; i: number };
      const e = top.edges[top.i++];
      if (e === undefined) {
        stack.pop();
        continue;
      }
      if (e.to === ACCEPT || met.has(e.to)) continue;
      met.add(e.to);
      const q = a.positions[e.to];
      if (q?.join === true && tokenEntered(a, q.instance, e.context) === undefined) stack.push({ edges: a.follow[e.to] ?? [], i: 0 });
      else edgeLabels(a, e, out, calleeLabels, met);
    }
    return;
  }
  if (pos.stub !== undefined) {
    for (const l of pos.labels ?? []) uniquePush(out, l);
    return;
  }
  if (pos.call !== undefined) {
    // (none from a call that can only match "" there: `s = 0( "b" r )` expects nothing)
    const inner = calleeLabels?.(pos.call);
    if (inner !== undefined) for (const l of inner) uniquePush(out, l);
    else uniquePush(out, a.instances[pos.instance]?.rule ?? pos.call);
    return;
  }
  for (const o of pos.options) {
    let label = optionLabel(o);
    for (const i of o.chain) {
      const inst = a.instances[i];
      if (inst?.token) {
        label = inst.rule;
        break;
      }
    }
    uniquePush(out, label);
  }
}

/** The outermost token rule an edge made in `context` enters on its way to a position of instance `inst`. */
export function tokenEntered(a: Automaton, inst: number, context: number): string | undefined {
  const chain = chainBelow(a.instances, inst, context);
  for (let i = chain.length - 1; i >= 0; i--) {
    const it = a.instances[chain[i] as number];
    if (it?.token) return it.rule;
  }
  return undefined;
}

/** The labels of an edge to a position that is no call, made once per edge and shared (frozen). */
const edgeLabelCache = new WeakMap<Edge, readonly string[]>();
export function edgeLabelsOf(a: Automaton, edge: Edge): readonly string[] {
  let labels = edgeLabelCache.get(edge);
  if (labels === undefined) {
    const out: string[] = [];
    edgeLabels(a, edge, out);
    labels = Object.freeze(out);
    edgeLabelCache.set(edge, labels);
  }
  return labels;
}

/**
 * Labels of the positions of a DFA state, entered from the state `prev` (its positions, sorted)
 * by code point `cp`, or from the start when `prev` is null. In an automaton with counted
 * repetitions (automaton.ts COUNTS) a state holds configurations (a position and its count) and
 * an edge is followed only where its count allows it, so that the labels are those of the
 * unrolled repetition. The targets behind joins are walked once, those of the first edges each
 * time (a chain of joins behind every position of a state is walked once, not once per position).
 */
export function dfaLabels(a: Automaton, prev: { readonly positions: ArrayLike<number>; readonly counts?: ArrayLike<number> | undefined } | null, cp: number): string[] {
  const out: string[] = [];
  const width = a.positions.length + 1;
  const met = new Set<number>();
  type Frame = { readonly edges: readonly Edge[]; i: number; readonly c: number; readonly first: boolean };
  const stack: Frame[] = [];
  if (prev === null) stack.push({ edges: a.start, i: 0, c: 0, first: true });
  else {
    const { positions, counts } = prev;
    const order = Array.from(positions, (_, k) => k);
    // (a state keeps its configurations by count then position: labels follow positions, as without counts)
    if (counts !== undefined) order.sort((x, y) => (positions[x] as number) - (positions[y] as number) || (counts[x] as number) - (counts[y] as number));
    for (let k = order.length - 1; k >= 0; k--) {
      const p = positions[order[k] as number] as number;
      if (hasCodePoint((a.positions[p] as Position).set, cp)) stack.push({ edges: a.follow[p] as readonly Edge[], i: 0, c: counts?.[order[k] as number] ?? 0, first: true });
    }
  }
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const e = top.edges[top.i++];
    if (e === undefined) {
      stack.pop();
      continue;
    }
    const ct = countAfter(a.counters, e.count, top.c);
    if (ct < 0 || e.to === ACCEPT) continue;
    if (!top.first) {
      if (met.has(ct * width + e.to)) continue;
      met.add(ct * width + e.to);
    }
    const q = a.positions[e.to] as Position;
    if (q.join === true && tokenEntered(a, q.instance, e.context) === undefined) stack.push({ edges: a.follow[e.to] as readonly Edge[], i: 0, c: ct, first: false });
    else edgeLabels(a, e, out);
  }
  return out;
}
