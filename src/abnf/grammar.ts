// A grammar is a value: rule name -> definition (RFC 5234 §2.1: names are case-insensitive),
// references resolved by name inside it, never in a global table. Grammars are derived from one
// another by adding, overriding and renaming rules (as ohm's `<:` does), never edited. Every
// compiled form (automaton, DFA, regex, parsers) is made on first use and kept per grammar.
import { Analysis, deepestNesting, leftRecursion, MAX_DEPTH, recursiveRules, type RuleCheck, type RuleDefinition } from "./analysis.js";
import { calledRules, WHOLE_ENGINE } from "./automaton-size.js";
import { leapingBudget } from "./counter-leap.js";
import { Compiled } from "./compiled.js";
import { checkBudgets, type MatchBudgets } from "./calls.js";
import { Interpreter } from "./interpret.js";
import { EngineMatcher } from "./matcher.js";
import { MatchLimitError } from "./match-limit.js";
import { isGrammar, markGrammar } from "../core/brand.js";

/** True when `x` is a grammar the library made (core/brand.ts: every Grammar is marked when made): the one test, not `instanceof`, which a copy of a grammar's prototype or a Proxy of one passes. */
export { isGrammar };
import type { CompiledGrammar } from "../compiled/dfa.js";
import { validateWith, type Matcher, type Validation } from "../core/match.js";
import { alt, isExpr as madeExpr, ref, referencedNames, rep, RULE_NAME, sameExpr, seq, type Expr } from "./expr.js";
import { generateRule, type GenerateOptions, type Random } from "./generate.js";
import { GrammarError, type GrammarErrorCode } from "./grammar-errors.js";
import { maskPassword } from "../password.js";
import { loadWork } from "./load-work.js";
import type P from "parsimmon";
import { toParser } from "./parser.js";
import { printExpr, printRule } from "./print.js";
import { FastPath } from "./fast-path.js";
import type { UriSyntaxError } from "../errors.js";
import { suggest, UnknownRuleError } from "./unknown-rule.js";
import { describeValue, expectStrings } from "../describe.js";

export type { RuleDefinition, RuleCheck } from "./analysis.js";
export { suggest };

/** A rule as given to {@link grammar}: an expression, or one with options. */
export type RuleInput = Expr | { readonly expr: Expr; readonly token?: boolean | undefined };

/** Rules by name, as given to {@link grammar} or {@link Grammar.derive}. */
export type RuleInputs = Readonly<Record<string, RuleInput>>;

/** Options of {@link grammar}. */
export interface GrammarOptions {
  /** A name for messages and docs, e.g. `"RFC 3986"`. */
  readonly name?: string | undefined;
  /**
   * Grammars whose rules this one uses by name (e.g. `rfc3986.pick("pchar")`). Their rules are
   * part of the new grammar, with their checks (a check given in `checks` for the same rule
   * replaces the import's). Two imports may both define a rule only with the same definition,
   * and a rule defined here may not also be imported (derive a grammar to override one).
   */
  readonly imports?: readonly Grammar[] | undefined;
  /**
   * Rules that most inputs never use and that cost much to compile into the regex fast path
   * (RFC 3986's `IP-literal`): the fast path leaves them out unless the input holds a character
   * they can start with. Only a speed hint; answers are the same.
   */
  readonly rare?: readonly string[] | undefined;
  /**
   * Rules checked in code, by name: what the ABNF cannot say (a list of allowed names, a
   * prose value `<...>`), without rewriting the grammar. A predicate on the text the rule's ABNF
   * matched (the rule then matches only where it holds), or a parsimmon parser, which decides
   * alone where the rule ends (one end, its longest match). A rule defined only as prose has no
   * ABNF: its predicate is tried on every span from where it is called (each call costs its
   * text's length against the work limit; prefer a parser there), and so is one on a rule whose
   * ABNF can end at many offsets from one start (`y = 1*ALPHA` inside `x = 1*y`). A predicate
   * returns true or false (anything else is a TypeError); a check that throws makes the match
   * throw the GrammarError "check-threw", with what it threw as `cause`. The rule is matched by
   * call wherever it is used; where it fails, "expected" names it, as any rule.
   */
  readonly checks?: Readonly<Record<string, RuleCheck>> | undefined;
  /**
   * The budgets of a match of a rule that calls recursive ones (memoized calls): steps
   * (`steps` plus `stepsPerCharacter` per input character), ends of calls kept (`ends`) and
   * calls waiting at once (`depth`). A budget not given keeps its default ({@link WORK_BASE},
   * {@link WORK_PER_CHARACTER}, {@link KEPT_ENDS_LIMIT}, {@link CALL_DEPTH_LIMIT}); past one, the
   * match stops with a {@link MatchLimitError} naming it. Derived and picked grammars keep them.
   */
  readonly budgets?: MatchBudgets | undefined;
}

/** Changes of {@link Grammar.derive}. */
export interface DeriveOptions {
  readonly name?: string | undefined;
  /** New names for rules (references follow); a function, or a map from old name to new. */
  readonly rename?: ((name: string) => string) | Readonly<Record<string, string>> | undefined;
  /**
   * Rules to add as renamed copies, the originals kept: `{ URI: "IRI", pchar: "ipchar" }` adds
   * `IRI` and `ipchar`, and inside the copies a reference to a copied rule names its copy (so
   * `IRI` refers to `ipchar` where `URI` referred to `pchar`). Rules not copied keep referring
   * to the originals. Applied after `rename`, before `rules`.
   */
  readonly copy?: Readonly<Record<string, string>> | undefined;
  /** Rules to add, or to override (by their name after renaming). */
  readonly rules?: RuleInputs | undefined;
  readonly rare?: readonly string[] | undefined;
}

/** The outcome of {@link Grammar.validate}. */
export type { Validation };

/**
 * A parsimmon `Parser` for one ABNF rule, with the forms derived from its definition.
 *
 * ABNF has no ordered choice, and a parsimmon parser must consume one prefix: at the current
 * offset this parser consumes the LONGEST prefix that matches the rule (so `skip(P.eof)` gives
 * exactly the ABNF whole-string answer). When nothing matches, the failure is reported at the
 * end of the longest prefix that begins a match, with the ABNF names and literals expected there.
 *
 * Its own `parse`/`tryParse` are answered by the engine (whole input; `"EOF"` in `expected`
 * where the input should end, as `P.eof` says it). A parser you compose around it (`P.seq(...)`)
 * is parsed by parsimmon, which keeps each input that fails in a module-wide line index.
 */
export type RuleParser<V> = P.Parser<V> & {
  /** The grammar the rule belongs to. */
  readonly grammar: Grammar;
  /** The definition every other form is derived from. */
  readonly definition: RuleDefinition;
  /** The ABNF rule name as defined, e.g. `"segment-nz-nc"`. */
  readonly abnfName: string;
  /** The right-hand side printed as ABNF. */
  readonly abnf: string;
  /** A regex source (no anchors, no capture groups) matching exactly the rule, where one is derived. */
  readonly pattern: string | undefined;
  /** Whole-string validation, with a typed error. */
  validate(input: string): Validation;
  /** Whole-string check. */
  isValid(input: string): boolean;
  /** A random string the rule matches. */
  generate(random: Random, options?: GenerateOptions): string;
};

/** A grammar's rules, by name (lowercase), with what is kept with them. */
interface Rules {
  readonly defs: ReadonlyMap<string, RuleDefinition>;
  readonly ruleNames: readonly string[];
  readonly rare: readonly string[];
  readonly checks: ReadonlyMap<string, RuleCheck>;
  readonly budgets: MatchBudgets;
}

/** A bare expression, as opposed to `{ expr, token }`. */
const isExpr = (x: RuleInput): x is Expr => typeof (x as { type?: unknown }).type === "string";

/** The default of `token`: a rule that matches exactly one character is named in "expected" lists. */
function definitionOf(name: string, input: RuleInput, analysisFor: (e: Expr) => boolean): RuleDefinition {
  if (typeof input !== "object" || input === null) {
    throw new GrammarError("bad-definition", `rule ${name}: expected an ABNF expression (lit, range, seq, alt, rep, opt, ref, prose)`, name);
  }
  const expr = isExpr(input) ? input : input.expr;
  if (!madeExpr(expr)) {
    throw new GrammarError("bad-definition", `rule ${name}: expected an ABNF expression made with lit, range, seq, alt, rep, opt, ref or prose`, name);
  }
  if (!isExpr(input) && input.token !== undefined && typeof input.token !== "boolean") {
    throw new GrammarError("bad-definition", `rule ${name}: "token" must be true, false or undefined`, name);
  }
  const token = isExpr(input) ? analysisFor(expr) : (input.token ?? analysisFor(expr));
  return Object.freeze({ name, expr, token });
}

/**
 * @internal Throws the "too-deep" GrammarError when the definitions nest deeper than the
 * analyses may recurse (see {@link MAX_DEPTH}); run before any analysis of new definitions.
 */
export function checkDepth(defs: ReadonlyMap<string, RuleDefinition>): void {
  const deep = deepestNesting(defs, MAX_DEPTH);
  if (deep !== undefined) {
    throw new GrammarError(
      "too-deep",
      `rule ${deep.rule} nests expressions and the rules it refers to more than ${MAX_DEPTH} levels deep; the engine cannot compile it (flatten the chain of rules)`,
      deep.rule,
    );
  }
}

/** Rules by name for an Analysis, each lookup counted as a step of loading (load-work.ts). */
function countedLookup(defs: ReadonlyMap<string, RuleDefinition>): (name: string) => RuleDefinition | undefined {
  return (n) => {
    loadWork.steps++;
    return defs.get(n.toLowerCase());
  };
}

/**
 * Adds (or overrides) `local` rules in `defs`. A rule's `token` default needs every rule in
 * place, so the rules go in as placeholders first. With `keepToken`, an override given as a
 * bare expression keeps the token flag of the rule it replaces.
 */
function withRules(defs: Map<string, RuleDefinition>, local: readonly (readonly [string, RuleInput])[], keepToken: boolean): void {
  const previous = new Map(defs);
  for (const [name, input] of local) {
    checkName(name);
    const expr = typeof input === "object" && input !== null ? (isExpr(input) ? input : input.expr) : undefined;
    const key = name.toLowerCase();
    defs.set(key, { name: previous.get(key)?.name ?? name, expr: expr ?? { type: "prose", text: "" }, token: false });
  }
  checkDepth(defs);
  const probe = new Analysis((n) => defs.get(n.toLowerCase()), [...defs.keys()]);
  const singleChar = (e: Expr): boolean => {
    try {
      return probe.charSet(e) !== null;
    } catch {
      return false; // an undefined reference: the grammar reports it
    }
  };
  for (const [name, input] of local) {
    const key = name.toLowerCase();
    const old = previous.get(key);
    const def = definitionOf(old?.name ?? name, input, singleChar);
    defs.set(key, keepToken && old !== undefined && isExpr(input) ? { ...def, token: old.token } : def);
  }
}

/**
 * An immutable ABNF grammar. Build one with {@link grammar}, or derive one from another.
 *
 * @example
 * const g = grammar({ "NID": seq(ref("alphanum"), rep(0, 30, ref("ldh")), ref("alphanum")), ... });
 * g.validate("isbn", "NID").ok // true
 */
/**
 * `e` with every reference renamed by `rename` (the same object when nothing changes). Each
 * expression object is renamed once (`done`): one used twice (`seq(e, e)`) gives the same new
 * object twice, so the result shares its parts as `e` does. Here, not in expr.ts, to keep it
 * out of the automaton core (test/engine-core).
 */
export function renameRefs(e: Expr, rename: (name: string) => string, done = new Map<Expr, Expr>()): Expr {
  let r = done.get(e);
  if (r !== undefined) return r;
  r = e;
  if (e.type === "ref") {
    const name = rename(e.name);
    if (name !== e.name) r = ref(name);
  } else if (e.type === "seq" || e.type === "alt") {
    const items = e.items.map((x) => renameRefs(x, rename, done));
    if (!items.every((x, k) => x === e.items[k])) r = e.type === "seq" ? seq(...items) : alt(...items);
  } else if (e.type === "rep") {
    const item = renameRefs(e.item, rename, done);
    if (item !== e.item) r = rep(e.min, e.max, item);
  }
  done.set(e, r);
  return r;
}

export class Grammar {
  /** A name for messages and docs. */
  readonly name: string;
  /** Its rules, or (a grammar made on first use, {@link Grammar.lazy}) what makes them. */
  #rules: Rules | (() => Grammar);
  #analysis: Analysis | undefined;
  #compiled: Compiled | undefined;
  readonly #parsers = new Map<string, RuleParser<string>>();
  readonly #fast = new Map<string, FastPath>();
  readonly #matchers = new Map<string, Matcher>();
  /** The first tier of the engine's matches (interpret.ts), made on first need. */
  #interpreter: Interpreter | undefined;
  /** The rules compiled ahead ({@link compile}; lowercase names): their first tier is skipped. */
  readonly #ahead = new Set<string>();
  /** The rules as the core compiled them at build time (RFC 3986's and RFC 3987's grammar values). */
  #builtIn: CompiledGrammar | undefined;

  /** Use {@link grammar} or {@link Grammar.derive}. */
  private constructor(token: symbol, name: string, defs: ReadonlyMap<string, RuleDefinition> | (() => Grammar), rare: readonly string[] = [], checks: ReadonlyMap<string, RuleCheck> = new Map(), budgets: MatchBudgets = {}) {
    if (token !== MADE) throw new TypeError("Grammar: make grammars with grammar or grammarFromAbnf (or a grammar's derive or pick)");
    this.name = name;
    if (typeof defs === "function") this.#rules = defs;
    else {
      const ruleNames = Object.freeze([...defs.values()].map((d) => d.name));
      rare = Object.freeze(rare.filter((r) => defs.has(r.toLowerCase())).map((r) => (defs.get(r.toLowerCase()) as RuleDefinition).name));
      this.#rules = { defs, ruleNames, rare, checks, budgets };
      GrammarClass.#check(this);
    }
    markGrammar(this);
    Object.freeze(this);
  }

  /**
   * @internal A grammar whose rules `make` gives on first use (the built-in grammars: importing
   * a module that exports one builds nothing, issue 31). `make`'s grammar is checked as any;
   * this one takes its rules, its analysis and its compiled rules (see {@link useCompiled}).
   */
  static lazy(name: string, make: () => Grammar): Grammar {
    return new GrammarClass(MADE, name, make);
  }

  /** The rules, made now if they were not. */
  get #made(): Rules {
    const r = this.#rules;
    if (typeof r !== "function") return r;
    const g = r();
    this.#analysis ??= g.#analysis;
    this.#builtIn ??= g.#builtIn;
    return (this.#rules = g.#made);
  }

  /** Every rule name, as its definition spells it, in definition order. */
  get ruleNames(): readonly string[] {
    return this.#made.ruleNames;
  }

  /**
   * @internal Makes a built-in grammar answer with the rules the core compiled from its
   * definitions at build time (test/compiled.test.ts holds the two equal).
   */
  static useCompiled(g: Grammar, compiled: CompiledGrammar, uriRules = false): void {
    g.#builtIn = compiled;
    if (uriRules) markGrammar(g, true);
  }

  /** @internal The check of rule `key` (lowercase) in `g`, if it has one: an import brings it with the rule. */
  static checkOf(g: Grammar, key: string): RuleCheck | undefined {
    return g.#made.checks.get(key);
  }

  /** @internal Definitions as a grammar without the checks, for analyses while building one. */
  static fromDefinitionsUnchecked(defs: ReadonlyMap<string, RuleDefinition>): { readonly analysis: Analysis } {
    return { analysis: new Analysis(countedLookup(defs), [...defs.keys()]) };
  }

  /** @internal Builds a grammar from definitions (used by {@link grammar}). */
  static fromDefinitions(name: string, defs: ReadonlyMap<string, RuleDefinition>, rare: readonly string[] = [], checks?: Readonly<Record<string, RuleCheck>>, budgets: MatchBudgets = {}): Grammar {
    return new GrammarClass(MADE, name, defs, rare, checksOf(checks, defs, name), budgets);
  }

  /**
   * Every reference defined, no left recursion, nesting the analyses can follow. Sizes are not
   * checked here: a rule is compiled when used enough (or by {@link compile}), and one too large
   * to compile is refused then, by name, while the grammar's other rules work.
   */
  static #check(g: Grammar): void {
    const { defs } = g.#made;
    checkDepth(defs); // first, before any analysis recurses through the definitions
    for (const def of defs.values()) {
      loadWork.steps++;
      for (const r of referencedNames(def.expr)) {
        loadWork.steps++;
        if (!defs.has(r.toLowerCase())) {
          const hint = suggest(r, g.ruleNames);
          throw new GrammarError(
            "undefined-rule",
            `rule ${def.name} refers to ${r}, which ${g.name} does not define${hint ? ` (did you mean ${hint}?)` : ""}; define it or import a grammar that does`,
            def.name,
            [r],
          );
        }
      }
    }
    const cycle = leftRecursion(g.analysis);
    if (cycle !== undefined) {
      throw new GrammarError(
        "left-recursion",
        `rule ${cycle[0]} is left-recursive (${cycle.join(" -> ")}): it can reach itself without matching a character; rewrite it with a repetition`,
        cycle[0],
        cycle,
      );
    }
  }

  /** @internal The static analyses of this grammar. */
  get analysis(): Analysis {
    const { defs, checks } = this.#made; // first: a lazy grammar takes the analysis of the one it made
    return (this.#analysis ??= new Analysis(countedLookup(defs), [...defs.keys()], checks));
  }

  /** @internal The compiled forms of this grammar. */
  get compiled(): Compiled {
    return (this.#compiled ??= new Compiled(this.analysis, this.rare.map((r) => r.toLowerCase()), leapingBudget(this.#made.budgets), this.#made.budgets, WHOLE_ENGINE));
  }

  /** @internal The rules of the fast-path hint. */
  get rare(): readonly string[] {
    return this.#made.rare;
  }

  /** True when the grammar defines `name` (case-insensitive, RFC 5234 §2.1). */
  has(name: string): boolean {
    return typeof name === "string" && this.#made.defs.has(name.toLowerCase());
  }

  /** The definition of a rule, or `undefined`. */
  definition(name: string): RuleDefinition | undefined {
    return typeof name === "string" ? this.#made.defs.get(name.toLowerCase()) : undefined;
  }

  /**
   * The definition of a rule; an {@link UnknownRuleError} (a TypeError) naming close matches when
   * there is none. `input`: the input argument of a caller taking (input, rule); when the rule is
   * unknown and the input is a rule name, the error says the arguments look swapped.
   */
  require(name: string, caller = "rule", input?: unknown): RuleDefinition {
    const def = this.definition(name);
    if (def !== undefined) return def;
    // a method taking the rule name first, called with none (from JavaScript): one message for all
    if (name === undefined && input === undefined && Object.hasOwn(NAME_FIRST, caller)) throw noRuleName(this, caller);
    const swapped = typeof input === "string" && typeof name === "string" && this.has(input) ? input : undefined;
    // no name in a call of (input, rule) (from JavaScript, the rule left out): the first rule as the example
    throw new UnknownRuleError(name, this.name, caller, name === undefined && input !== undefined ? this.ruleNames[0] : suggest(typeof name === "string" ? name : "", this.ruleNames), swapped);
  }

  /**
   * Compiles the named rules now (all of them when none is named), instead of at their first
   * use: each rule's automaton, the start of its lazy DFA, and its regex where one is safe,
   * with the automata of the rules it calls (the lazy DFA still makes its states as inputs
   * reach them). A server's start-up pays for the compilation then, so that no later input
   * does (without it, a rule's first inputs are tested by the engine's first tier, which
   * compiles nothing, and the rule is compiled at the use where that tier has taken as many
   * steps on it as compiling would cost: see docs/guide/abnf.md); the rules named skip the first tier. The
   * compiled forms live in this grammar value, in memory: nothing is saved for another
   * process. A rule too large to compile is the GrammarError "too-large" naming it, here
   * rather than when used. Returns this grammar.
   *
   * @example
   * const g = grammarFromAbnfOrThrow(text).compile("address", "date-time");
   */
  compile(...names: string[]): this {
    const keys = (names.length === 0 ? this.ruleNames : names).map((n) => this.require(n, "compile").name.toLowerCase());
    const compiled = this.compiled;
    const seen = new Set<string>();
    const stack = [...keys];
    while (stack.length > 0) {
      const key = stack.pop() as string;
      if (seen.has(key)) continue;
      seen.add(key);
      const a = compiled.automaton(key);
      void compiled.dfa(key)?.start;
      for (const p of a.positions) if (p.call !== undefined) stack.push(p.call);
    }
    for (const key of keys) {
      void this.#fastPath(this.require(key, "compile")).hasRegex;
      this.#ahead.add(key);
      const m = this.#matchers.get(key);
      if (m instanceof EngineMatcher) m.compiledAhead();
    }
    return this;
  }

  /**
   * A new grammar: this one with rules renamed (references follow), then rules added or
   * overridden. This grammar is unchanged. The new grammar is checked as {@link grammar}
   * checks one: a {@link GrammarError} when a rule is undefined, left-recursive or too large.
   *
   * @example
   * // RFC 3987: RFC 3986 with the i-rules renamed and two of them widened
   * const iri = rfc3986.derive({ rename: { unreserved: "iunreserved" }, rules: { iunreserved: alt(ref("ALPHA"), ...) } });
   */
  derive(options: DeriveOptions): Grammar {
    if (typeof options !== "object" || options === null || Array.isArray(options)) {
      throw new TypeError(`Grammar.derive: the argument "options" must be an object ({ rename, copy, rules, name, rare }), got ${describeValue(options)}`);
    }
    const map = options.rename;
    if (map !== undefined && typeof map !== "function" && (typeof map !== "object" || map === null || !Object.values(map).every((v) => typeof v === "string"))) {
      throw new TypeError(`Grammar.derive: options.rename must be a function or an object of new names by rule name, got ${describeValue(map)}`);
    }
    for (const f of ["copy", "rules"] as const) {
      const v = options[f];
      if (v !== undefined && (typeof v !== "object" || v === null || Array.isArray(v))) throw new TypeError(`Grammar.derive: options.${f} must be an object, got ${describeValue(v)}`);
    }
    if (options.copy !== undefined && !Object.values(options.copy).every((v) => typeof v === "string")) {
      throw new TypeError(`Grammar.derive: options.copy must map rule names to new names, got ${describeValue(options.copy)}`);
    }
    if (options.name !== undefined && typeof options.name !== "string") throw new TypeError(`Grammar.derive: options.name must be a string, got ${describeValue(options.name)}`);
    if (options.rare !== undefined) expectStrings(options.rare, "options.rare", "Grammar.derive");
    const rename = map === undefined ? (n: string) => n : typeof map === "function" ? map : (n: string) => map[n] ?? n;
    const defs = new Map<string, RuleDefinition>();
    const renamed = (n: string): string => {
      const def = this.#made.defs.get(n.toLowerCase());
      return rename(def === undefined ? n : def.name);
    };
    for (const def of this.#made.defs.values()) checkName(renamed(def.name));
    for (const def of this.#made.defs.values()) {
      const name = renamed(def.name);
      const key = name.toLowerCase();
      if (defs.has(key)) throw new GrammarError("duplicate-rule", `derive: two rules are renamed to ${name}`, name);
      defs.set(key, Object.freeze({ name, expr: renameRefs(def.expr, renamed), token: def.token }));
    }
    const copies = Object.entries(options.copy ?? {});
    if (copies.length > 0) {
      const target = new Map<string, string>();
      for (const [from, to] of copies) {
        const def = defs.get(from.toLowerCase());
        if (def === undefined) throw nameError("unknown-rule", `derive: copy names ${maskPassword(from)}, which the grammar does not define`, from);
        target.set(def.name.toLowerCase(), checkName(to));
      }
      for (const [fromKey, to] of target) {
        if (defs.has(to.toLowerCase())) throw new GrammarError("duplicate-rule", `derive: the copy ${to} would replace an existing rule`, to);
        const def = defs.get(fromKey) as RuleDefinition;
        const expr = renameRefs(def.expr, (n) => target.get(n.toLowerCase()) ?? n);
        defs.set(to.toLowerCase(), Object.freeze({ name: to, expr, token: def.token }));
      }
    }
    withRules(defs, Object.entries(options.rules ?? {}), true);
    // checks follow their rules' new names; a rule overridden by options.rules keeps its check
    const checks = new Map<string, RuleCheck>();
    for (const [key, check] of this.#made.checks) {
      const to = renamed(key).toLowerCase();
      if (defs.has(to)) checks.set(to, check);
    }
    return new GrammarClass(MADE, options.name ?? this.name, defs, [...(options.rare ?? this.rare.map(renamed))], checks, this.#made.budgets);
  }

  /**
   * The grammar of the named rules and every rule they refer to, for importing into another
   * grammar (`grammar(rules, { imports: [rfc3986.pick("pchar")] })`).
   */
  pick(...names: string[]): Grammar {
    const defs = new Map<string, RuleDefinition>();
    const visit = (n: string): void => {
      const def = this.require(n, "pick");
      const key = def.name.toLowerCase();
      if (defs.has(key)) return;
      defs.set(key, def);
      for (const r of referencedNames(def.expr)) visit(r);
    };
    for (const n of names) visit(n);
    // keep this grammar's order
    const ordered = new Map([...this.#made.defs.entries()].filter(([k]) => defs.has(k)));
    return new GrammarClass(MADE, `${this.name} (${names.join(", ")})`, ordered, this.rare, new Map([...this.#made.checks].filter(([k]) => ordered.has(k))), this.#made.budgets);
  }

  // ------------------------------------------------------------------------------------------
  // Derived forms

  /**
   * The rule as a parsimmon `Parser<string>` (its value is the text it matched), carrying its
   * ABNF, regex source and generator. Inside another parsimmon grammar it consumes its LONGEST
   * match at the current offset (ABNF has no ordered choice; see {@link RuleParser}).
   */
  rule(name: string): RuleParser<string> {
    const def = this.require(name, "rule");
    const key = def.name.toLowerCase();
    let p = this.#parsers.get(key);
    if (p === undefined) {
      p = toParser(this, def, undefined) as RuleParser<string>;
      this.#parsers.set(key, p);
    }
    return p;
  }

  /**
   * Checks that the whole input matches the rule, with exact ABNF semantics; on failure, a
   * {@link UriSyntaxError} with the offset where the input stops being the beginning of any
   * string of the rule and what could have stood there, or a {@link MatchLimitError} (a
   * UriSyntaxError) when the match passed its work budget (see {@link isLinear}).
   */
  validate(input: string, name: string): Validation {
    requireString(input, "validate");
    const m = this.#matcher(this.require(name, "validate", input));
    try {
      return validateWith(m, input);
    } catch (e) {
      if (e instanceof MatchLimitError) return { ok: false, error: e };
      throw e;
    }
  }

  /** @internal The rule as the one match pipeline takes it: compiled at build time, or the engine's. */
  matcher(name: string): Matcher {
    return this.#matcher(this.require(name, "matcher"));
  }

  /** The engine's first tier (made on first need): a rule's first inputs, and those past the compiled tier's budget (matcher.ts). */
  #general(): Interpreter {
    return (this.#interpreter ??= new Interpreter(this.analysis));
  }

  #matcher(def: RuleDefinition): Matcher {
    const key = def.name.toLowerCase();
    let m = this.#matchers.get(key);
    if (m === undefined) {
      m =
        this.#builtIn?.rule(key) ??
        new EngineMatcher(def.name, () => this.compiled, () => this.#fastPath(def), this.#ahead.has(key) ? undefined : this.#general(), this.#made.budgets, () => this.#general());
      this.#matchers.set(key, m);
    }
    return m;
  }

  /**
   * True when the rule is matched in time linear in the input whatever the input: it reaches no
   * recursive rule nor any rule too large to expand in place (which are matched by call, see
   * docs/guide/abnf.md), so one lazy DFA reads the input once (every rule of RFC 3986, RFC 3987
   * and the built-in schemes). Each character costs a table lookup once the DFA knows the state,
   * and at most the positions of one state and their edges when it makes one: at worst the
   * input's length times the size of the rule's automaton (at most 200,000 positions and
   * 4,000,000 edges: a larger rule is refused when it is used). Memory is bounded whatever the
   * input: the DFAs of a grammar keep at most 2,097,152 cells (8 to 16 MB) and forget their
   * states past that (`x = *( "a" / "b" ) "a" 20000( "a" / "b" )`, whose states hold up to 20,001
   * positions, reads 20,000 characters in about 2.5 s).
   *
   * False when it reaches a rule matched by call: then memoized calls match it, linear on
   * nesting that one character decides (`e = t *( "+" t )`, `t = "x" / "(" e ")"`) and where a
   * rule calls itself at the end of what it matches (`list = item [ "," list ]`, `a = "x" *a`,
   * read as loops), quadratic when each call can end at many offsets (`a = "x" a "x" / "x"`:
   * 1,001 characters, 505,006 steps), cubic on ambiguous recursion (`a = "x" [ a ] [ a ]`).
   * Every such match stops past its work budget (WORK_BASE, 2,000,000 steps, plus
   * WORK_PER_CHARACTER, 64, per character) with a {@link MatchLimitError}: time stays
   * proportional to the input; memory is bounded whatever the input by KEPT_ENDS_LIMIT
   * (4,000,000 ends of calls kept beyond the first of each) and CALL_DEPTH_LIMIT (200,000 calls
   * waiting at once), the same error past them. Semantics (a derivation of the match) make every call even where
   * matching reads a loop, within the same budget.
   *
   * @example
   * grammarFromAbnfOrThrow('list = item *( "," item )\nitem = 1*ALPHA\n').isLinear("list"); // true
   * grammarFromAbnfOrThrow('list = item [ "," list ]\nitem = 1*ALPHA\n').isLinear("list"); // false (linear all the same, read as a loop)
   */
  isLinear(name: string): boolean {
    const def = this.require(name, "isLinear");
    const root = def.name.toLowerCase();
    const called = calledRules(this.analysis);
    if (recursiveRules(this.analysis).has(root)) return false;
    const seen = new Set<string>([root]);
    const stack = [root];
    while (stack.length > 0) {
      const key = stack.pop() as string;
      // a rule too large to expand in place is matched by call (not the root: its own DFA reads it)
      if (key !== root && called.has(key)) return false;
      for (const r of referencedNames((this.#made.defs.get(key) as RuleDefinition).expr)) {
        const k = r.toLowerCase();
        if (!seen.has(k)) {
          seen.add(k);
          stack.push(k);
        }
      }
    }
    return true;
  }

  /** True when the whole input matches the rule ({@link validate} without the error). */
  isValid(input: string, name: string): boolean {
    requireString(input, "isValid");
    return this.#matcher(this.require(name, "isValid", input)).test(input);
  }

  /** @internal The fast path of a rule: its regex where one is derived, else the DFA. */
  fastPath(name: string): FastPath {
    return this.#fastPath(this.require(name, "fastPath"));
  }

  #fastPath(def: RuleDefinition): FastPath {
    const key = def.name.toLowerCase();
    let fp = this.#fast.get(key);
    if (fp === undefined) {
      fp = new FastPath(this.analysis, this.rare, () => this.compiled, key);
      this.#fast.set(key, fp);
    }
    return fp;
  }

  /**
   * The regex source (no anchors, no capture groups) that matches exactly what the rule
   * matches, where one is derived: not for a recursive rule, nor where a backtracking regex
   * could take more than linear time on some input.
   */
  pattern(name: string): string | undefined {
    return this.#fastPath(this.require(name, "pattern")).source;
  }

  /** The rule's right-hand side printed as ABNF (RFC 5234 §4); {@link toAbnf} prints the whole grammar. */
  abnf(name: string): string {
    return printExpr(this.require(name, "abnf").expr);
  }

  /** The whole grammar as ABNF text, one rule per line, in definition order. */
  toAbnf(): string {
    return [...this.#made.defs.values()].map(printRule).join("\n") + "\n";
  }

  /** A random string the rule matches (for property tests and fuzzing). */
  generate(name: string, random: Random, options?: GenerateOptions): string {
    const def = this.require(name, "generate");
    return generateRule(this.analysis, def, random, options);
  }

  /** True when both grammars define the same rules the same way. */
  sameAs(other: Grammar): boolean {
    if (!isGrammar(other)) throw new TypeError(`Grammar.sameAs: the argument "other" must be a Grammar, got ${describeValue(other)}`);
    if (other.#made.defs.size !== this.#made.defs.size) return false;
    for (const [k, d] of this.#made.defs) {
      const o = other.#made.defs.get(k);
      if (o === undefined || o.name !== d.name || o.token !== d.token || !sameExpr(o.expr, d.expr)) return false;
    }
    return true;
  }
}

// The class as its own body names it: esbuild (scripts/bundle.mjs) renames a class whose body
// names it to `_Grammar`, the name console.log, stack traces and `.name` would then show.
const GrammarClass = Grammar;
/** What the module passes its own constructor calls: a program's `new Grammar(…)` is refused. */
const MADE = Symbol("Grammar");

/**
 * @internal The checks of a grammar's imported rules (by their names in it), with the caller's
 * `checks` after them: the caller's check of a rule replaces the import's. A `checks` that is not
 * an object is passed on alone, for {@link checksOf} to refuse.
 */
export function withImportedChecks(imported: Readonly<Record<string, RuleCheck>>, checks: Readonly<Record<string, RuleCheck>> | undefined): Readonly<Record<string, RuleCheck>> | undefined {
  if (Object.keys(imported).length === 0 || (checks !== undefined && (typeof checks !== "object" || checks === null || Array.isArray(checks)))) return checks;
  const out: Record<string, RuleCheck> = {};
  const mine = new Set(Object.keys(checks ?? {}).map((n) => n.toLowerCase()));
  for (const [name, check] of Object.entries(imported)) if (!mine.has(name.toLowerCase())) out[name] = check;
  return Object.assign(out, checks);
}

/** GrammarOptions.checks, checked: each names a rule of the grammar and is a function or a parsimmon parser. */
function checksOf(checks: Readonly<Record<string, RuleCheck>> | undefined, defs: ReadonlyMap<string, RuleDefinition>, grammarName: string): ReadonlyMap<string, RuleCheck> {
  const out = new Map<string, RuleCheck>();
  if (checks === undefined) return out;
  if (typeof checks !== "object" || checks === null || Array.isArray(checks)) throw new TypeError(`options.checks must be an object of checks by rule name, got ${describeValue(checks)}`);
  for (const [name, check] of Object.entries(checks)) {
    const key = name.toLowerCase();
    if (!defs.has(key)) {
      const hint = suggest(name, [...defs.values()].map((d) => d.name));
      throw nameError("unknown-rule", `options.checks names ${maskPassword(name)}, which ${grammarName} does not define${hint ? ` (did you mean ${hint}?)` : ""}`, name);
    }
    const parser = typeof check === "object" && check !== null && typeof (check as { _?: unknown })._ === "function";
    if (typeof check !== "function" && !parser) throw new TypeError(`options.checks.${name} must be a function (text) => boolean or a parsimmon Parser, got ${describeValue(check)}`);
    out.set(key, check);
  }
  return out;
}

/**
 * A GrammarError about a name the caller gave, which may be a URI given where a rule name goes
 * (RFC 3986 §7.5): its message quotes the name masked (the caller's part), and where the name
 * holds a password, `rule` is readable as given but left out of JSON.stringify and util.inspect,
 * as an error's `input` is (password.ts defineInput) and UnknownRuleError's `ruleName`.
 */
function nameError(code: GrammarErrorCode, message: string, name: string): GrammarError {
  const e = new GrammarError(code, message, name);
  if (maskPassword(name) !== name) Object.defineProperty(e, "rule", { enumerable: false });
  return e;
}

function checkName(name: string): string {
  if (typeof name !== "string" || !RULE_NAME.test(name)) {
    throw nameError("bad-rule-name", `${JSON.stringify(typeof name === "string" ? maskPassword(name) : name)} is not an ABNF rule name (RFC 5234 §2.1: ALPHA *(ALPHA / DIGIT / "-"))`, String(name));
  }
  return name;
}

/**
 * The Grammar methods that take a rule name as their first argument, each with what follows the
 * name in its call (the example of {@link noRuleName}), and what the call gives where that helps.
 */
const NAME_FIRST: Readonly<Record<string, string>> = {
  rule: ")",
  pattern: ")",
  abnf: ") prints that rule's definition; toAbnf() prints the whole grammar",
  generate: ", random)",
  matcher: ")",
  fastPath: ")",
  isLinear: ")",
};

/**
 * `g.rule()` from JavaScript: the method says it takes a rule name, with the grammar's first rule
 * as the example and as `suggestion` (it said "has no rule undefined"). Made here, not in
 * UnknownRuleError, so that its text stays out of the main entry's bundle, which the class is in.
 */
function noRuleName(g: Grammar, caller: string): UnknownRuleError {
  const first = g.ruleNames[0];
  const e = new UnknownRuleError(undefined, g.name, caller, first);
  e.message = `${caller}: takes a rule name, e.g. ${caller}("${first ?? "name"}"${NAME_FIRST[caller] ?? ")"}`;
  return e;
}

function requireString(input: unknown, caller: string): asserts input is string {
  if (typeof input !== "string") {
    throw new TypeError(`${caller}: the argument "input" must be a string, got ${input === null ? "null" : typeof input}`);
  }
}

/**
 * Builds a grammar from rules by name (RFC 5234 §2.1 names; references by name with
 * {@link ref}), with the rules of `options.imports`. Throws a {@link GrammarError} when a name is
 * not an ABNF rule name, a reference is undefined, a rule is left-recursive, two imports
 * disagree on a rule. A rule too large for the engine to compile (more than 200,000 character
 * positions in its own definition, 4,000,000 edges, 1,000,000 rule occurrences or 4,000,000
 * expressions to expand) is the GrammarError `"too-large"` naming it when it is compiled
 * ({@link Grammar.compile}); used, it is matched by the engine's first tier, the general engine,
 * within the match budgets (a MatchLimitError past them; see docs/guide/abnf.md); the grammar's
 * other rules work.
 *
 * @example
 * // RFC 8141 §2: NID = (alphanum) 0*30(ldh) alphanum
 * const urn = grammar({
 *   "NID": seq(ref("alphanum"), rep(0, 30, ref("ldh")), ref("alphanum")),
 *   "ldh": alt(ref("alphanum"), lit("-")),
 *   "alphanum": alt(ref("ALPHA"), ref("DIGIT")),
 * }, { imports: [rfc3986.pick("ALPHA", "DIGIT")] });
 * urn.isValid("isbn", "NID"); // true
 */
export function grammar(rules: RuleInputs, options: GrammarOptions = {}): Grammar {
  if (typeof rules !== "object" || rules === null || Array.isArray(rules)) throw new TypeError(`grammar: the argument "rules" must be an object of rules by name, got ${describeValue(rules)}`);
  if (typeof options !== "object" || options === null || Array.isArray(options)) throw new TypeError(`grammar: the argument "options" must be an object, got ${describeValue(options)}`);
  if (options.imports !== undefined && !Array.isArray(options.imports)) throw new TypeError(`grammar: options.imports must be an array of grammars, got ${describeValue(options.imports)}`);
  if (options.name !== undefined && typeof options.name !== "string") throw new TypeError(`grammar: options.name must be a string, got ${describeValue(options.name)}`);
  if (options.rare !== undefined) expectStrings(options.rare, "options.rare", "grammar");
  const imported = new Map<string, RuleDefinition>();
  const from = new Map<string, string>();
  // an imported rule keeps its grammar's check (an allow-list dropped on import: fuzz round 18)
  const importedChecks: Record<string, RuleCheck> = {};
  for (const g of options.imports ?? []) {
    if (!isGrammar(g)) throw new TypeError("grammar: every import must be a Grammar");
    for (const n of g.ruleNames) {
      const def = g.definition(n) as RuleDefinition;
      const key = n.toLowerCase();
      const existing = imported.get(key);
      if (existing !== undefined && !(existing.token === def.token && sameExpr(existing.expr, def.expr))) {
        throw new GrammarError("import-conflict", `rule ${n} is defined differently by ${from.get(key) ?? "an import"} and ${g.name}`, n);
      }
      if (existing === undefined) {
        imported.set(key, def);
        from.set(key, g.name);
        const check = Grammar.checkOf(g, key);
        if (check !== undefined) importedChecks[def.name] = check;
      }
    }
  }
  const local = Object.entries(rules);
  const defs = new Map<string, RuleDefinition>();
  for (const [name] of local) {
    checkName(name);
    const key = name.toLowerCase();
    if (defs.has(key)) throw new GrammarError("duplicate-rule", `rule ${name} is defined twice (names are case-insensitive, RFC 5234 §2.1)`, name);
    if (imported.has(key)) {
      throw new GrammarError(
        "import-conflict",
        `rule ${name} is defined here and imported from ${from.get(key) ?? "an import"}; derive the imported grammar to override a rule`,
        name,
      );
    }
    defs.set(key, { name, expr: { type: "prose", text: "" }, token: false });
  }
  for (const [key, def] of imported) defs.set(key, def);
  withRules(defs, local, false);
  return Grammar.fromDefinitions(options.name ?? "the grammar", defs, options.rare ?? [], withImportedChecks(importedChecks, options.checks), checkBudgets(options.budgets, "grammar"));
}
