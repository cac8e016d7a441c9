// A counted repetition of one class read as a counter (issue 33's fuzz finding: `x =
// 1000000"a"` took 8.6 s to accept 1,000,000 characters, `x = 1*1000000"a"` about 6 µs a
// character). The lazy DFA (dfa.ts) keeps a configuration's count in its states, so a run of n
// characters of the repetition's class makes n states, one per count. Where a state's only
// configuration that can read the class is the repetition's one position (p, c), and nothing
// the repetition leads to can read it either, reading a run of the class from that state is
// known without stepping (RFC 5234 §3.6: each character one more item): after i characters the
// state holds (p, c + i), and, once the count has reached the minimum, the configurations F
// that leaving the repetition reaches and its end (the same for every count: a count restarts
// at 1 when the repetition is entered again). So the run is read in one scan of the input and
// lands on the state a step-by-step run would reach, one character before the run's end or the
// repetition's maximum, from where the DFA steps on as before. The whole engine's DFAs leap
// (DfaBudget.leap, set by the grammar); the automaton core alone steps.
import type { Automaton, Counter, Position } from "./automaton.js";
import { codePointAt, intersects } from "./charset.js";
import { workLimit } from "./calls.js";
import { DfaBudget, type Dfa, type DfaState, type Leap } from "./dfa.js";
import { matchLimitError, type MatchBudgets } from "./match-limit.js";

/** Per DFA: the counter whose element is position p and nothing else, or -1 (null: the DFA has none). */
const single = new WeakMap<Dfa, Int32Array | null>();

function singles(dfa: Dfa): Int32Array | null {
  let out = single.get(dfa);
  if (out !== undefined) return out;
  const a: Automaton = dfa.automaton;
  out = null;
  a.counters.forEach((k, id) => {
    const p = a.positions[k.from];
    if (k.to - k.from !== 1 || p === undefined || p.join === true || p.stub !== undefined || p.set.length === 0) return;
    out ??= new Int32Array(a.positions.length).fill(-1);
    out[k.from] = id;
  });
  single.set(dfa, out);
  return out;
}

/** Fewer characters than this are stepped: a leap costs a scan and a state's lookup. */
const SHORTEST = 2;

/** See the file's comment: the {@link Leap} of the whole engine's DFAs. */
export const leapCounted: Leap = (dfa, s, input, k, cp) => {
  const counts = s.counts;
  if (counts === undefined) return undefined;
  const of = singles(dfa);
  if (of === null) return undefined;
  const a = dfa.automaton;
  const positions = s.positions;
  // the one configuration that reads cp, at a lone position of a counted repetition
  let at = -1;
  for (let i = 0; i < positions.length; i++) {
    if (!dfa.reads(positions[i] as number, cp)) continue;
    if (at >= 0) return undefined;
    at = i;
  }
  if (at < 0) return undefined;
  const p = positions[at] as number;
  const id = of[p] as number;
  const c = counts[at] as number;
  if (id < 0 || c < 1) return undefined;
  const set = (a.positions[p] as Position).set;
  // no other configuration may read any character of the class
  for (let i = 0; i < positions.length; i++) if (i !== at && intersects((a.positions[positions[i] as number] as Position).set, set)) return undefined;
  const { min, max } = a.counters[id] as Counter;
  // below the minimum the state after i characters is (p, c + i) alone while c + i - 1 < min;
  // from it on, (p, c + i) with F; the landing keeps p below its maximum (so that the next
  // character, in the run, is read by p and the DFA steps on from there)
  const below = c < min;
  if (!below && max === Infinity) return undefined; // (the count stays at the minimum: the DFA's states repeat)
  const most = Math.min(below ? min - c : Infinity, max - c - 1);
  if (most < SHORTEST) return undefined;
  // the run: how many characters of the class from k, up to most + 1; the landing is one before its last
  const n = input.length;
  let read = 0;
  let end = k;
  let before = k;
  // (a class of one or two intervals, as most are, compared inline)
  const [lo1, hi1] = set[0] as readonly [number, number];
  const [lo2, hi2] = set.length === 2 ? (set[1] as readonly [number, number]) : [lo1, hi1];
  const wide = set.length > 2;
  while (read <= most && end < n) {
    const u = input.charCodeAt(end);
    const x = u >= 0xd800 && u <= 0xdfff ? codePointAt(input, end) : u;
    if (x < 0 || (wide ? !dfa.reads(p, x) : !((x >= lo1 && x <= hi1) || (x >= lo2 && x <= hi2)))) break;
    before = end;
    end += x > 0xffff ? 2 : 1;
    read++;
  }
  const m = read - 1;
  if (m < SHORTEST) return undefined;
  if (below) return { state: dfa.stateOf(Int32Array.of(p), false, Int32Array.of(c + m)), end: before };
  // at or past the minimum: F and the end are those of one step, which reads cp by p alone
  const cls = cp < 128 ? (dfa.ascii[cp] as number) : dfa.classOf(cp);
  const one = s.next[cls] ?? dfa.step(s, cls, cp);
  if (one === null || one.counts === undefined) return undefined;
  const ps = one.positions;
  const cs = one.counts;
  const outP = new Int32Array(ps.length);
  const outC = new Int32Array(ps.length);
  // (p, c + 1) is the only configuration of p there; F may not read the class either
  let j = 0;
  let found = false;
  for (let i = 0; i < ps.length; i++) {
    const q = ps[i] as number;
    if (q === p && cs[i] === c + 1 && !found) {
      found = true;
      continue;
    }
    if (intersects((a.positions[q] as Position).set, set)) return undefined;
    outP[j] = q;
    outC[j++] = cs[i] as number;
  }
  if (!found) return undefined;
  // (p, c + m) in its place: configurations are sorted by count, then position (dfa.ts #configs)
  const cm = c + m;
  let i = 0;
  while (i < j && ((outC[i] as number) < cm || (outC[i] === cm && (outP[i] as number) < p))) i++;
  outP.copyWithin(i + 1, i, j);
  outC.copyWithin(i + 1, i, j);
  outP[i] = p;
  outC[i] = cm;
  return { state: dfa.stateOf(outP, one.accept, outC), end: before };
};

/**
 * The budget of the whole engine's DFAs: with {@link leapCounted}, and a run's work over counted
 * repetitions (DfaBudget.work: configurations read and made) held to the match's work budget
 * ({@link workLimit} of the input's length and the grammar's `budgets`): past it, a
 * {@link MatchLimitError} (budget "steps"). Two counted repetitions that read the same
 * characters make a state per split of the run, each holding a configuration per split below the
 * second's minimum (`x = 1*1000000"a" 66000*1000000"a"`: quadratic, 105 s on 32,000 characters).
 */
export function leapingBudget(budgets: MatchBudgets = {}): DfaBudget {
  const b = new DfaBudget();
  b.leap = leapCounted;
  b.spend = (dfa, input, k, spent) => {
    const limit = workLimit(input.length, budgets);
    if (spent > limit) throw matchLimitError(input, dfa.automaton.rule.name, k, limit);
  };
  return b;
}
