// The shape of a compiled grammar: what scripts/compile-grammars.mjs writes into src/compiled/*.ts and src/compiled/dfa.ts reads. String
// literals ("packed", below) cost little to load and ship, and each rule is decoded on first use.

/**
 * One rule, compiled: a minimal deterministic automaton over character classes. Packed: small numbers as printable ASCII, digits "#" to "~"
 * without the backslash (91, "~" the last, 90); a number below 90 is one digit, a larger one "~" and two more (base 91, most significant
 * first) for its excess over 90; "!" is the number before it again (a table's runs of one target, the dead state's most of all).
 */
export interface CompiledRuleData {
  /** The rule's name as its definition spells it. */
  readonly name: string;
  /** States, the dead state 0 included; state 1 is the start. */
  readonly states: number;
  /** Character classes (the columns of `table`). */
  readonly classes: number;
  /** Index into {@link CompiledGrammarData.asciiMaps}: the class of each US-ASCII character. */
  readonly ascii: number;
  /** Index into {@link CompiledGrammarData.wideMaps}: the class of each code point above US-ASCII. */
  readonly wide: number;
  /** `states * classes` targets, by state then class (packed). */
  readonly table: string;
  /** Per state, `labelSet << 1 | accept` (packed). */
  readonly info: string;
  /**
   * A rule of the same grammar that this one calls instead of holding its automaton (RFC 3986's
   * `IP-literal`, which would otherwise take most of the states of every rule around a host).
   * A table entry equal to `states` (one past the last state) is a call: the callee matches
   * from the current character (its language is prefix-free, so its match ends where it ends),
   * then the rule goes on in the state `exits` gives for the state the call was made in
   * (`[state, exit, state, exit, ...]`); where the callee stops, the rule stops, with the
   * callee's labels. The compiler makes a call only where that is exact.
   */
  readonly call?: { readonly rule: string; readonly exits: readonly number[] } | undefined;
}

/** The compiled rules of one grammar, with the tables they share. */
export interface CompiledGrammarData {
  /** The labels of "expected" lists: ABNF rule names and quoted literals. */
  readonly labels: readonly string[];
  /** Lists of label indexes, in the order the engine reports them: each packed, a space between two. */
  readonly labelSets: string;
  /** The class of each US-ASCII code (packed, 128 characters). */
  readonly asciiMaps: readonly string[];
  /**
   * `[from, class, from, class, ...]`: code points from `from` (128 first) up to the next `from`
   * are in `class`; written as text, each `from` less the one before it (0 before the first) and
   * each class in base 36, comma-separated.
   */
  readonly wideMaps: readonly string[];
  readonly rules: readonly CompiledRuleData[];
  /**
   * Every rule's name in definition order, when the grammar is one part of a whole whose other
   * parts hold some of them (RFC 3986's and RFC 3987's rules: src/compiled/uri.ts); left out,
   * the names of `rules`.
   */
  readonly names?: readonly string[] | undefined;
}
