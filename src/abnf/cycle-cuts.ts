// Which recursive rules the whole engine calls: enough of them to cut every reference cycle, the
// others expanded in place inside the automata of the ones called. Each call is a frame of the
// memoized calls (calls.ts) with its memo entry, so calling every rule of a cycle made RFC 9535
// JSONPath's filter expressions cost a frame per 1.3 characters (logical-expr, logical-or-expr,
// logical-and-expr, basic-expr, comparison-expr, comparable… each one a call per level).
import { cyclicComponents, firstChars, recursiveRules, type Analysis } from "./analysis.js";
import { setSize } from "./charset.js";
import { referencedNames } from "./expr.js";

/** The cuts computed per grammar (see {@link cycleCuts}). */
const cutsCache = new WeakMap<Analysis, ReadonlySet<string>>();

/**
 * The recursive rules (lowercase names) that automata call so that no reference cycle is left
 * among the rules expanded in place: a set that meets every cycle (recursiveRules is the union
 * of the cycles). Chosen within each cycle's component alone: a rule that refers to itself is
 * called, and so is one that can match "" (see below); a rule that refers to one rule of its
 * component is merged into that rule (every cycle through it passes there); else the rule with
 * the most references in times out of what is left is called (then the one that can start with
 * fewer characters, then by name), until no cycle remains; then each call that the others make
 * needless is dropped. So a rule's status depends only on the rules it reaches, as the sizes
 * kept per definition need (automaton-size.ts ruleShape). RFC 8259 JSON calls `value` alone
 * (arrays nest one frame per level, not two), RFC 9535 JSONPath `basic-expr`,
 * `function-argument` and `segments` of its 20 recursive rules, RFC 5322 `comment` (not
 * `ccontent`, which starts with any character).
 */
export function cycleCuts(analysis: Analysis): ReadonlySet<string> {
  const known = cutsCache.get(analysis);
  if (known !== undefined) return known;
  const recursive = recursiveRules(analysis);
  const cuts = new Set<string>();
  if (recursive.size > 0) {
    const refs = new Map<string, string[]>();
    const edges = (k: string): string[] => {
      let r = refs.get(k);
      if (r === undefined) refs.set(k, (r = [...new Set(referencedNames(analysis.rule(k).expr).map((n) => n.toLowerCase()))].filter((n) => recursive.has(n))));
      return r;
    };
    const ordered = [...recursive].sort();
    // how many characters a call can start with (a rule that matches "" starts anywhere): the
    // engine passes over the calls that cannot start at the next character (calls.ts)
    const startWidth = (k: string): number => {
      const e = analysis.rule(k).expr;
      return analysis.nullable(e) ? Infinity : setSize(firstChars(analysis, e));
    };
    const open = (k: string): boolean => recursive.has(k) && !cuts.has(k);
    const cyclic = (within: readonly string[], inside: (k: string) => boolean): string[][] => cyclicComponents(within, edges, inside);
    // every component of the recursive rules, cut on its own
    for (const component of cyclic(ordered, open)) {
      const member = new Set(component.sort());
      const chosen: string[] = [];
      // the component's graph, reduced as rules are cut or merged (a merged rule's references
      // are those of the rule it is merged into)
      const succ = new Map<string, Set<string>>();
      const pred = new Map<string, Set<string>>();
      for (const k of component) {
        succ.set(k, new Set());
        pred.set(k, new Set());
      }
      for (const k of component) for (const w of edges(k)) if (member.has(w)) {
        (succ.get(k) as Set<string>).add(w);
        (pred.get(w) as Set<string>).add(k);
      }
      const remove = (k: string): void => {
        for (const w of succ.get(k) as Set<string>) pred.get(w)?.delete(k);
        for (const w of pred.get(k) as Set<string>) succ.get(w)?.delete(k);
        succ.delete(k);
        pred.delete(k);
      };
      const cut = (k: string): void => {
        remove(k);
        cuts.add(k);
        chosen.push(k);
      };
      // rules that can start with more characters are merged away first (see startWidth)
      const order = [...component].sort((a, b) => startWidth(b) - startWidth(a) || (a < b ? -1 : 1));
      for (;;) {
        let changed = true;
        while (changed) {
          changed = false;
          for (const k of order) {
            if (!succ.has(k)) continue;
            const out = succ.get(k) as Set<string>;
            const into = pred.get(k) as Set<string>;
            // a rule that refers to itself is called; so is one that can match "", whose
            // derivations take an empty call as one iteration of a repetition around it, as they
            // did when every recursive rule was called (the DFA's take none)
            if (out.has(k) || startWidth(k) === Infinity) cut(k);
            else if (out.size === 0 || into.size === 0) remove(k);
            else if (out.size === 1) {
              // every cycle through k passes through the one rule it refers to, w: k is merged
              // into w, which is called if need be (w, not k: a rule called a level down reaches
              // less, so its automaton is smaller: JSONPath's basic-expr, not logical-expr)
              const w = out.values().next().value as string;
              remove(k);
              for (const u of into) {
                (succ.get(u) as Set<string>).add(w);
                (pred.get(w) as Set<string>).add(u);
              }
            } else continue;
            changed = true;
          }
        }
        if (succ.size === 0) break;
        // the rule on the most cycles by its references in and out (then the fewest characters
        // a call can start with, then the name)
        let best = "";
        let score = -1;
        let width = Infinity;
        for (const [k, out] of succ) {
          const s = out.size * (pred.get(k) as Set<string>).size;
          if (s < score) continue;
          const w = startWidth(k);
          if (s > score || w < width) {
            best = k;
            score = s;
            width = w;
          }
        }
        cut(best);
      }
      // drop the cuts the others make needless, the last chosen first
      for (let i = chosen.length - 1; i >= 0; i--) {
        const c = chosen[i] as string;
        if (startWidth(c) === Infinity) continue;
        cuts.delete(c);
        if (cyclic(component, (k) => member.has(k) && !cuts.has(k)).length > 0) cuts.add(c);
      }
    }
  }
  cutsCache.set(analysis, cuts);
  return cuts;
}
