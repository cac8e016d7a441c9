// Derives a real parsimmon Parser from a definition: the engine of matcher.ts, wrapped in
// parsimmon's reply protocol, so that the parser composes with any other parsimmon parser.
import P from "parsimmon";
import type { RuleDefinition } from "./expr.js";
import { MatchState, ruleMatcher, type Capture, type Matcher } from "./matcher.js";
import { printExpr } from "./to-abnf.js";
import { nonCapturing } from "./to-regex.js";

/** Builds a rule's value from its match: the input, the matched span and the components inside it. */
export type Builder<V> = (input: string, start: number, end: number, caps: readonly Capture[]) => V;

/** A parsimmon `Parser` for one ABNF rule, carrying the rule's definition and its derived forms. */
export type RuleParser<V> = P.Parser<V> & {
  /** The definition every other form is derived from. */
  readonly definition: RuleDefinition;
  /** The ABNF rule name, e.g. `"segment-nz-nc"`. */
  readonly abnfName: string;
  /** The rule printed back as ABNF (right-hand side only). */
  readonly abnf: string;
  /** A regex source (no anchors, no capture groups) that matches exactly what the rule matches. */
  readonly pattern: string;
};

const matchedText: Builder<string> = (input, start, end) => input.slice(start, end);

/**
 * Wraps a definition as a parsimmon parser. On success the value is `build(...)` (by default the
 * matched text); on failure, parsimmon's `expected` lists the ABNF names and literals that could
 * have continued the input at the furthest offset reached.
 */
export function toParser<V = string>(def: RuleDefinition, build?: Builder<V>): RuleParser<V> {
  let matcher: Matcher | undefined; // compiled on first use, so that importing the rules is cheap
  const make = (build ?? matchedText) as Builder<V>;
  const parser = P<V>((input, i) => {
    matcher ??= ruleMatcher(def, true);
    const state = new MatchState(input);
    const end = matcher(state, i);
    if (end < 0) return P.makeFailure(state.furthest, state.expected);
    const reply = P.makeSuccess(end, make(input, i, end, state.caps));
    // parsimmon merges furthest failures of successful replies too (that is how "expected"
    // learns what could have continued); its type declares -1, its runtime reads the field.
    (reply as { furthest: number }).furthest = state.furthest;
    reply.expected = state.expected;
    return reply;
  });
  let pattern: string | undefined;
  return Object.defineProperties(parser, {
    definition: { value: def, enumerable: true },
    abnfName: { value: def.name, enumerable: true },
    abnf: { get: () => printExpr(def.expr), enumerable: true },
    pattern: { get: () => (pattern ??= nonCapturing(def)), enumerable: true },
  }) as RuleParser<V>;
}

/** The outcome of matching a whole string against a definition with the combinator engine. */
export type WholeMatch =
  | { readonly ok: true; readonly caps: readonly Capture[] }
  | { readonly ok: false; readonly offset: number; readonly expected: readonly string[] };

/** Runs the combinator engine over the whole input; on failure, the furthest offset and what was expected there. */
export function matchWhole(def: RuleDefinition, input: string): WholeMatch {
  const state = new MatchState(input);
  const end = ruleMatcher(def, true)(state, 0);
  if (end === input.length) return { ok: true, caps: state.caps };
  if (end >= 0) state.fail(end, "end of input");
  return { ok: false, offset: Math.max(state.furthest, 0), expected: state.expected };
}

