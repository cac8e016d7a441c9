// A scheme's grammar from ABNF text of record: the loader, then the rules where the code departs from an RFC's ABNF (each with its
// reason). Not run at import: scripts/compile-grammars.mjs runs it over grammar/*.abnf into src/schemes/generated/grammars.ts.
import type { Expr } from "../abnf/expr.js";
import type { Grammar } from "../abnf/grammar.js";
import { grammarFromAbnf, type LoadOptions } from "../abnf/loader.js";
import { readAbnfExpr } from "../abnf/reader.js";
import type { Departure } from "./precompiled.js";
import { describeValue } from "../describe.js";

export { percentEncodedRules } from "./percent-encoded.js";
export type { Departure } from "./precompiled.js";

/** The grammar of ABNF text of record (which must load: it is ours), with the departures applied. */
export function loadGrammar(text: string, options: LoadOptions, departures: readonly Departure[] = []): Grammar {
  if (!Array.isArray(departures)) throw new TypeError(`loadGrammar: the argument "departures" must be an array, got ${describeValue(departures)}`);
  for (const d of departures as readonly unknown[]) {
    const x = d as Partial<Departure> | null;
    if (typeof x !== "object" || x === null || typeof x.rule !== "string" || typeof x.abnf !== "string") {
      throw new TypeError(`loadGrammar: each departure must be { rule, abnf, why }, got ${describeValue(d)}`);
    }
  }
  return loadOwnGrammar(text, options, departures);
}

/**
 * {@link loadGrammar} without its argument checks, for the package's own text and departures
 * (the schemes' and RFC 6570's, template/grammar.ts): loads the text, throws its error, applies each departure.
 */
export function loadOwnGrammar(text: string, options: LoadOptions, departures: readonly Departure[]): Grammar {
  const r = grammarFromAbnf(text, options);
  if (!r.ok) throw r.error;
  if (departures.length === 0) return r.value;
  const rules: Record<string, Expr> = {};
  for (const d of departures) {
    r.value.require(d.rule, "departure");
    const e = readAbnfExpr(d.abnf);
    if (!e.ok) throw e.error;
    rules[d.rule] = e.value;
  }
  return r.value.derive({ rules });
}
