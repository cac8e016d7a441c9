// The fast path of a rule's whole-string check: the anchored regex derived from its definition
// (regex.ts) where that regex is safe to run (safety.ts), else the lazy DFA (engine.ts). Both
// give the exact ABNF answer; the regex is the faster of the two on V8 for short inputs.
import { firstChars, type Analysis } from "./analysis.js";
import { buildAutomaton } from "./automaton.js";
import { automatonSize, CALL_POSITIONS, calledRules, tooLarge, WHOLE_HOOKS } from "./automaton-size.js";
import { union, type CodePointSet } from "./charset.js";
import type { Compiled } from "./compiled.js";
import { isWholeMatch } from "./engine.js";
import { referencedNames } from "./expr.js";
import { RegexCompiler, classSource } from "./regex.js";
import { regexSafety, type Safety } from "./safety.js";

/**
 * Grammars shipped with the library whose rules' regexes test/regex-safety.test.ts proves safe
 * with the same analysis: the verdict is recorded instead of recomputed at start-up (the
 * analysis takes tens of milliseconds on RFC 3986's URI-reference). Not reachable from the
 * public API: every other grammar is analysed.
 */
const verified = new WeakSet<Analysis>();

/**
 * @internal Records that every rule of a built-in grammar (its analysis: one per grammar value)
 * has a linear regex (checked by the tests).
 */
export function markRegexVerified(g: { readonly analysis: Analysis }): void {
  verified.add(g.analysis);
}

/** Whether a rule's regex is safe to run, computed by the analysis (never the recorded verdict). */
export function analyseRegexSafety(analysis: Analysis, key: string): Safety {
  const recursive = calledRules(analysis);
  if (reaches(analysis, key, recursive)) return { safe: false, reason: "the rule calls rules matched by call (recursive ones, or ones too large to expand in place)" };
  try {
    // counted repetitions (automaton.ts COUNTS) are analysed written out, in time that grows with
    // their counts: past CALL_POSITIONS positions so, the DFA answers
    const rule = analysis.rule(key);
    const counted = (): boolean => {
      const large = tooLarge(rule, automatonSize(analysis, recursive, new Set(), true, true)(rule));
      if (large !== undefined) throw large;
      return buildAutomaton(rule, analysis, recursive, { counted: true, hooks: WHOLE_HOOKS }).counters.length > 0;
    };
    // (every path kept: no joins, measured as such before it is built)
    const written = automatonSize(analysis, recursive, new Set(), false)(rule);
    // (the counted build only where the written-out form is too large to analyse: most rules are not)
    if (written.positions > CALL_POSITIONS && counted()) {
      return { safe: false, reason: `the rule has counted repetitions that would be more than ${CALL_POSITIONS} positions written out: the DFA answers` };
    }
    const large = tooLarge(rule, written);
    if (large !== undefined) throw large;
    return regexSafety(buildAutomaton(rule, analysis, recursive, { keepAll: true, hooks: WHOLE_HOOKS }));
  } catch (e) {
    return { safe: false, reason: e instanceof Error ? e.message : "the rule is too large to analyse" };
  }
}

interface RegexPlan {
  /** The complete source. */
  readonly source: string;
  /** The anchored regex without the rare rules. */
  readonly common: RegExp;
  /** Finds a character a rare rule can start with; `undefined` when `common` is complete. */
  readonly trigger: RegExp | undefined;
}

export class FastPath {
  #plan: RegexPlan | null | undefined;
  #full: RegExp | undefined;
  #safety: Safety | undefined;

  constructor(
    private readonly analysis: Analysis,
    /** The grammar's rare rules (GrammarOptions.rare). */
    private readonly rare: readonly string[],
    private readonly compiled: () => Compiled,
    private readonly key: string,
  ) {}

  /** Whether the derived regex is safe to run, and if not, why. */
  get safety(): Safety {
    this.#safety ??= verified.has(this.analysis) ? { safe: true, ambiguity: undefined } : analyseRegexSafety(this.analysis, this.key);
    return this.#safety;
  }

  /** True when a regex answers (else {@link test} runs the automaton, which can explain a failure itself). */
  get hasRegex(): boolean {
    return this.#regex() !== null;
  }

  /** The regex source, where one is derived and safe. */
  get source(): string | undefined {
    return this.#regex()?.source;
  }

  #regex(): RegexPlan | null {
    if (this.#plan !== undefined) return this.#plan;
    this.#plan = null;
    if (!this.safety.safe) return null;
    const analysis = this.analysis;
    try {
      const source = new RegexCompiler(analysis).rule(this.key);
      // Leave out rare rules that cannot match "" when they are used (exact: then the input
      // must hold a character one of them starts with for them to matter).
      const rare = this.rare.map((r) => r.toLowerCase()).filter((r) => r !== this.key && !analysis.nullable(analysis.rule(r).expr));
      const used = rare.filter((r) => reaches(analysis, this.key, new Set([r])));
      let common: RegExp;
      let trigger: RegExp | undefined;
      if (used.length === 0) common = new RegExp(`^(?:${source})$`);
      else {
        common = new RegExp(`^(?:${new RegexCompiler(analysis, new Set(used)).rule(this.key)})$`);
        trigger = new RegExp(classSource(firstSet(analysis, used)));
        this.#full = undefined;
      }
      this.#plan = { source, common, trigger };
    } catch {
      this.#plan = null; // too large for the regex engine: the DFA answers
    }
    return this.#plan;
  }

  /** True when the whole input matches the rule. */
  test(input: string): boolean {
    const plan = this.#regex();
    if (plan !== null) {
      try {
        if (plan.common.test(input)) return true;
        if (plan.trigger === undefined || !plan.trigger.test(input)) return false;
        this.#full ??= new RegExp(`^(?:${plan.source})$`);
        return this.#full.test(input);
      } catch {
        // the regex engine gave up (its backtracking stack): the DFA answers
      }
    }
    return isWholeMatch(this.compiled(), this.key, input);
  }
}

/** True when rule `key` refers, directly or not, to one of `targets` (itself included). */
function reaches(analysis: Analysis, key: string, targets: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length > 0) {
    const k = stack.pop() as string;
    if (targets.has(k)) return true;
    if (seen.has(k)) continue;
    seen.add(k);
    for (const name of referencedNames(analysis.rule(k).expr)) stack.push(name.toLowerCase());
  }
  return false;
}

/** The code points the rules can start with. */
function firstSet(analysis: Analysis, rules: readonly string[]): CodePointSet {
  return union(rules.map((r) => firstChars(analysis, analysis.rule(r).expr)));
}
