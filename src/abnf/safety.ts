// Decides whether a backtracking regex derived from a rule can take more than linear time. A
// backtracking matcher that fails explores every path of the expression that reads a prefix of
// the input; that work is linear when the number of such paths is bounded, and it is bounded
// exactly when the expression's position automaton (every path kept, see keepAll in
// automaton.ts) has neither
//   - exponential ambiguity (EDA): a position with two different cycles that read the same
//     word, found as a strongly connected component of the pair product that holds a
//     position paired with itself and a pair that differs; nor
//   - polynomial ambiguity (IDA): positions p != q in different cycles with p ->w p, p ->w q
//     and q ->w q for some word w. Here this is over-approximated: two cyclic components A and
//     B, with B reachable from A through positions whose characters both cycles can read.
// (Weideman, van der Merwe, Berglund, Watson: "Analyzing matching time behavior of
// backtracking regular expression matchers by using ambiguity of NFA", CIAA 2016.)
import { ACCEPT, type Automaton } from "./automaton.js";
import { intersects, union, type CodePointSet } from "./charset.js";

/** The largest cycle component the pair product is built for; larger ones count as unsafe. */
const COMPONENT_LIMIT = 400;

export type Safety = { readonly safe: true } | { readonly safe: false; readonly reason: string };

/** Strongly connected components of a graph given by successor lists (iterative Tarjan). */
export function components(n: number, succ: (v: number) => readonly number[]): number[][] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: { v: number; k: number; s: readonly number[] }[] = [{ v: root, k: 0, s: succ(root) }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const top = work[work.length - 1] as { v: number; k: number; s: readonly number[] };
      if (top.k < top.s.length) {
        const w = top.s[top.k++] as number;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          work.push({ v: w, k: 0, s: succ(w) });
        } else if (onStack[w] === 1) low[top.v] = Math.min(low[top.v] as number, index[w] as number);
      } else {
        work.pop();
        const parent = work[work.length - 1];
        if (parent !== undefined) low[parent.v] = Math.min(low[parent.v] as number, low[top.v] as number);
        if (low[top.v] === index[top.v]) {
          const comp: number[] = [];
          let w: number;
          do {
            w = stack.pop() as number;
            onStack[w] = 0;
            comp.push(w);
          } while (w !== top.v);
          out.push(comp);
        }
      }
    }
  }
  return out;
}

/** Whether the backtracking regex of an automaton (built with every path kept) runs in linear time. */
export function regexSafety(a: Automaton): Safety {
  if (a.hasCalls) return { safe: false, reason: "the rule is recursive" };
  const n = a.positions.length;
  const targets = a.follow.map((edges) => edges.filter((e) => e.to !== ACCEPT).map((e) => e.to));
  const sets = a.positions.map((p) => p.set);
  const comps = components(n, (v) => targets[v] ?? []);
  const compOf = new Int32Array(n);
  comps.forEach((c, k) => c.forEach((v) => (compOf[v] = k)));
  const cyclic = comps.filter((c) => c.length > 1 || (targets[c[0] as number] ?? []).includes(c[0] as number));

  // EDA, component by component.
  for (const comp of cyclic) {
    if (comp.length > COMPONENT_LIMIT) return { safe: false, reason: `a cycle of ${comp.length} positions is too large to analyse` };
    const eda = exponential(comp, a, sets, compOf);
    if (eda !== undefined) return { safe: false, reason: eda };
  }

  // IDA (over-approximated), for every ordered pair of distinct cyclic components.
  const alphabet = cyclic.map((c) => union(...c.map((v) => sets[v] as CodePointSet)));
  for (let i = 0; i < cyclic.length; i++) {
    for (let j = 0; j < cyclic.length; j++) {
      if (i === j) continue;
      const common = intersectSets(alphabet[i] as CodePointSet, alphabet[j] as CodePointSet);
      if (common.length === 0) continue;
      const to = new Set(cyclic[j]);
      const seen = new Uint8Array(n);
      const queue = [...(cyclic[i] as number[])];
      for (const v of queue) seen[v] = 1;
      let found = false;
      while (queue.length > 0 && !found) {
        const v = queue.pop() as number;
        for (const w of targets[v] ?? []) {
          if (seen[w] === 1 || !intersects(sets[w] as CodePointSet, common)) continue;
          if (to.has(w)) {
            found = true;
            break;
          }
          seen[w] = 1;
          queue.push(w);
        }
      }
      if (found) return { safe: false, reason: "two repetitions in a row can read the same characters (polynomial backtracking)" };
    }
  }
  return { safe: true };
}

/** A reason when the component has two different cycles on one word (exponential backtracking). */
function exponential(comp: readonly number[], a: Automaton, sets: readonly CodePointSet[], compOf: Int32Array): string | undefined {
  const inComp = new Set(comp);
  const k = compOf[comp[0] as number];
  const local = comp.map((v) =>
    (a.follow[v] ?? []).map((e, idx) => ({ to: e.to, idx })).filter((e) => e.to !== ACCEPT && inComp.has(e.to) && compOf[e.to] === k),
  );
  const indexOf = new Map(comp.map((v, i) => [v, i]));
  const m = comp.length;
  // pair (x, y) of local indices -> id; built from the diagonal outwards
  const ids = new Map<number, number>();
  const pairs: [number, number][] = [];
  const idOf = (x: number, y: number): number => {
    const key = x * m + y;
    let id = ids.get(key);
    if (id === undefined) {
      id = pairs.length;
      ids.set(key, id);
      pairs.push([x, y]);
    }
    return id;
  };
  for (let x = 0; x < m; x++) idOf(x, x);
  const succ: number[][] = [];
  const divergent: [number, number][] = []; // diagonal -> diagonal by two different parallel edges
  for (let p = 0; p < pairs.length; p++) {
    const [x, y] = pairs[p] as [number, number];
    const out: number[] = [];
    for (const e1 of local[x] ?? []) {
      for (const e2 of local[y] ?? []) {
        const x2 = indexOf.get(e1.to) as number;
        const y2 = indexOf.get(e2.to) as number;
        if (!intersects(sets[e1.to] as CodePointSet, sets[e2.to] as CodePointSet)) continue;
        const q = idOf(x2, y2);
        out.push(q);
        if (x === y && x2 === y2 && e1.idx !== e2.idx) divergent.push([p, q]);
      }
    }
    succ[p] = out;
    if (pairs.length > COMPONENT_LIMIT * COMPONENT_LIMIT) return "the cycle is too large to analyse";
  }
  const pcomps = components(pairs.length, (v) => succ[v] ?? []);
  const pcompOf = new Int32Array(pairs.length);
  pcomps.forEach((c, i) => c.forEach((v) => (pcompOf[v] = i)));
  for (const c of pcomps) {
    const hasDiagonal = c.some((v) => pairs[v]?.[0] === pairs[v]?.[1]);
    if (!hasDiagonal) continue;
    const hasOff = c.some((v) => pairs[v]?.[0] !== pairs[v]?.[1]);
    if (hasOff) return "a repetition can read the same characters in two ways (exponential backtracking)";
  }
  for (const [p, q] of divergent) {
    if (pcompOf[p] === pcompOf[q]) return "a repetition can read the same characters in two ways (exponential backtracking)";
  }
  return undefined;
}

function intersectSets(a: CodePointSet, b: CodePointSet): CodePointSet {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as readonly [number, number];
    const y = b[j] as readonly [number, number];
    const lo = Math.max(x[0], y[0]);
    const hi = Math.min(x[1], y[1]);
    if (lo <= hi) out.push([lo, hi]);
    if (x[1] < y[1]) i++;
    else j++;
  }
  return out;
}
