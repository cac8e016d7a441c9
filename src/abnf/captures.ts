// The marker rules of an automaton: rules that match only the empty string (`open-id = ""`),
// whose occurrences the builder lists on the edges that cross them (automaton.ts Edge.before,
// Edge.after). A URI template's ambiguity check (src/template/ambiguity.ts) reads where they stand.
import type { Automaton } from "./automaton.js";
import { GrammarError } from "./grammar-errors.js";

/**
 * Per instance of the automaton, the index in `tags` of its rule (-1 for none; the first index
 * when a name is given twice). Throws the GrammarError "bad-definition" when an occurrence of a
 * marker rule holds a position: a marker must match only "".
 */
export function tagsOfInstances(a: Automaton, tags: readonly string[]): Int32Array {
  const ids = new Map<string, number>();
  tags.forEach((t, i) => {
    if (!ids.has(t.toLowerCase())) ids.set(t.toLowerCase(), i);
  });
  const tagOf = Int32Array.from(a.instances, (inst) => ids.get(inst.rule.toLowerCase()) ?? -1);
  // an instance is under a marker when it or one of its parents is one (parents come first)
  const under = new Uint8Array(a.instances.length);
  a.instances.forEach((inst, i) => {
    under[i] = (tagOf[i] as number) >= 0 || (inst.parent >= 0 && under[inst.parent] === 1) ? 1 : 0;
  });
  for (const p of a.positions) {
    const inside = under[p.instance] === 1 ? p.instance : p.options.flatMap((o) => o.chain).find((i) => under[i] === 1);
    if (inside === undefined || p.join === true) continue;
    let rule = inside;
    while (tagOf[rule] === -1) rule = (a.instances[rule] as { parent: number }).parent;
    const name = (a.instances[rule] as { rule: string }).rule;
    throw new GrammarError("bad-definition", `rule ${name} is asked for as a capture, but it can read a character: a capture is a rule that matches only the empty string`, name);
  }
  return tagOf;
}
