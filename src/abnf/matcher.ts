// The engine as a matcher of the one pipeline (src/core/match.ts), for a rule of a grammar the
// core has not compiled (a user's, a derived one, a loaded one): the fast path (the rule's
// regex where one is safe, else the lazy DFA) answers whether the input matches; the engine's
// whole match explains a rejection; its longest match serves the rule's parsimmon parser.
import type { Compiled } from "./compiled.js";
import { matchLongest, matchWhole } from "./engine.js";
import type { FastPath } from "./fast-path.js";
import type { Failure, Longest, Matcher } from "../core/match.js";

export class EngineMatcher implements Matcher {
  readonly #key: string;
  constructor(
    readonly name: string,
    private readonly compiled: () => Compiled,
    private readonly fast: () => FastPath,
  ) {
    this.#key = name.toLowerCase();
  }

  test(input: string): boolean {
    return this.fast().test(input);
  }

  failure(input: string): Failure | undefined {
    return matchWhole(this.compiled(), this.#key, input);
  }

  longest(input: string, start: number): Longest {
    return matchLongest(this.compiled(), this.#key, input, start);
  }

  /** Without a regex, the test runs the automaton, whose run explains a failure too: ask for the failure alone. */
  get explainsItself(): boolean {
    return !this.fast().hasRegex;
  }
}
