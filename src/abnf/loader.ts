// ABNF text in, a Grammar out (RFC 5234, RFC 7405): the reader (reader.ts) turns the text into
// rule definitions; this file resolves their names against the RFC 5234 core rules and the
// grammars the caller imports, and reports, with line, column and caret, what the engine cannot
// run: an undefined rule, a rule defined only as prose that no import supplies, prose inside a
// rule's elements (which no import can supply), left recursion, a rule too large to compile.
import type { RuleCheck, RuleDefinition } from "./analysis.js";
import { alt, many, ref, referencedNames, sameExpr, type Expr } from "./expr.js";
import { checkDepth, Grammar, isGrammar, renameRefs, suggest, withImportedChecks } from "./grammar.js";
import { checkBudgets, type MatchBudgets } from "./calls.js";
import { describeValue, expectStrings, readOptions } from "../describe.js";
import { throwWithStack } from "../errors.js";
import { GrammarError } from "./grammar-errors.js";
import { loadWork } from "./load-work.js";
import { readAbnfRules, type AbnfRule } from "./reader.js";
import { AbnfError, errorAt } from "./reader-errors.js";
import { core } from "../grammars/core.js";
import type { Result } from "../result.js";

/** Options of {@link grammarFromAbnf}. */
export interface LoadOptions {
  /** A name for messages and docs, e.g. `"RFC 8141"`. */
  readonly name?: string | undefined;
  /**
   * Grammars whose rules the text refers to by name (e.g. `rfc3986.pick("pchar")`, or all of
   * `rfc3986`); the 16 core rules of RFC 5234 Appendix B.1 are always there. Only the rules the
   * text reaches are taken. A rule the text defines itself wins over an imported one of the
   * same name, and imported rules keep referring to their own grammar's rules (an imported
   * `pchar` still means RFC 3986's `unreserved` when the text defines another `unreserved`),
   * with their checks (a check in `checks` for the same rule replaces the import's).
   * A rule the text defines only as prose (`host = <host, see RFC 3986>`) is taken from the
   * imports. Prose inside a rule's elements (`a = "x" <something>`) has no name to import it
   * by: it is an error, "unsupplied-prose", unless nothing can reach it (RFC 3986's
   * `path-empty = 0<pchar>`, a zero repetition, which matches the empty string).
   */
  readonly imports?: readonly Grammar[] | undefined;
  /** Rules reported by name in "expected" lists (rules of one character are by default). */
  readonly tokens?: readonly string[] | undefined;
  /** See GrammarOptions.rare. */
  readonly rare?: readonly string[] | undefined;
  /**
   * Compile every rule when the text is loaded ({@link Grammar.compile}) instead of at each
   * rule's first use: loading costs more, first uses cost what later ones do, and a rule too
   * large to compile is the AbnfError "too-large-to-compile" at that rule. Default false: a
   * rule is compiled when used (with the rules it reaches; its first inputs are tested by the
   * engine's first tier, which builds nothing: see docs/guide/abnf.md), and one too large to compile
   * is matched by that tier, the general engine, within the match budgets.
   */
  readonly compile?: boolean | undefined;
  /**
   * Read RFC 9110 §5.6.1's list extension (`#element`, `1#element`, `<n>#<m>element`), which
   * RFC 5234 does not have (so it is off by default: a `#` is then a syntax error). `"sender"`
   * expands lists as §5.6.1.1 says a sender generates them, `1#element` being `element *( OWS
   * "," OWS element )`; `"recipient"` as §5.6.1.2 says a recipient accepts them, with empty
   * elements (`#element` is `[ element ] *( OWS "," OWS [ element ] )`). OWS is the text's or an
   * import's, else RFC 9110 §5.6.3's `OWS = *( SP / HTAB )`. A list whose element is an
   * unbounded list of the same kind is read as the one list it is (`1#( 1#( y ) )` as `1#y`),
   * so lists nested in lists do not double at each level.
   */
  readonly lists?: "sender" | "recipient" | undefined;
  /**
   * Rules checked in code, by name (see GrammarOptions.checks): a predicate on the text the
   * rule's ABNF matched, or a parsimmon parser. A rule the text defines only as prose
   * (`NID = <a registered namespace identifier>`) is supplied so, as an import would supply it.
   */
  readonly checks?: Readonly<Record<string, RuleCheck>> | undefined;
  /** See GrammarOptions.budgets. */
  readonly budgets?: MatchBudgets | undefined;
}

/**
 * Reads RFC 5234 ABNF text (with RFC 7405's `%s` and `%i`), in the layout RFCs print it in, and
 * returns its grammar: every rule gets the exact engine, a parsimmon parser, a regex where one is
 * safe, printed ABNF, generators and validation. Errors in the text (syntax, an undefined rule,
 * a rule defined twice with "=", "=/" before "=", left recursion, prose no import supplies, a
 * rule too large to compile) come back as an {@link AbnfError} with line, column and a caret.
 * Recursion that is not left recursion works (matched by memoized calls, in polynomial time,
 * see {@link Grammar.isLinear}; it has no regex).
 *
 * Rules are compiled when used (after their first inputs, which the engine's first tier
 * tests without compiling), each with the rules it reaches; a rule too large to
 * expand in place is called where it is referenced (RFC 5322's `fields`). A rule too large to
 * compile in its own definition (more than 200,000 character positions, as in `a =
 * 1000000"x"`; 4,000,000 edges, as in `a = *( 0*5000[ "x" ] )`; 1,000,000 rule occurrences or
 * 4,000,000 expressions to expand, as in `a = 3000000( e )` with `e = ""`) is matched by the
 * engine's general tier within the match budgets when it is used (a MatchLimitError past them),
 * and is the GrammarError "too-large" naming it when compiled; with `compile: true`, the AbnfError
 * "too-large-to-compile" at that rule when the text is loaded.
 *
 * @example
 * const r = grammarFromAbnf('NID = (alphanum) 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT\n');
 * if (r.ok) r.value.isValid("isbn", "NID"); // true
 */
export function grammarFromAbnf(text: string, options: LoadOptions = {}): Result<Grammar, AbnfError> {
  if (typeof text !== "string") throw new TypeError(`grammarFromAbnf: the argument "text" must be a string, got ${describeValue(text)}`);
  // each field read once, then checked
  options = readOptions<LoadOptions>(options, "grammarFromAbnf", { imports: "any", name: "any", tokens: "any", rare: "any", compile: "boolean", lists: ["sender", "recipient"], checks: "object", budgets: "any" });
  const budgets = checkBudgets(options.budgets, "grammarFromAbnf");
  if (options.imports !== undefined && !Array.isArray(options.imports)) throw new TypeError(`grammarFromAbnf: options.imports must be an array of grammars, got ${describeValue(options.imports)}`);
  if (options.name !== undefined && typeof options.name !== "string") throw new TypeError(`grammarFromAbnf: options.name must be a string, got ${describeValue(options.name)}`);
  for (const f of ["tokens", "rare"] as const) if (options[f] !== undefined) expectStrings(options[f], `options.${f}`, "grammarFromAbnf");
  const read = readAbnfRules(text, { lists: options.lists });
  if (!read.ok) return read;
  const rules = read.value;
  const fail = (at: AbnfRule | { offset: number }, code: AbnfError["code"], detail: string): Result<Grammar, AbnfError> => ({
    ok: false,
    error: errorAt(text, at.offset, code, detail),
  });

  // Imported rules by name: the caller's imports first, then the core rules.
  const imported = new Map<string, { def: RuleDefinition; from: string; check?: RuleCheck | undefined }>();
  const imports = options.imports ?? [];
  // by index, not a copy: a sparse array (length 2^32 - 1) stops at its first hole
  for (let i = 0; i <= imports.length; i++) {
    const g = (i === imports.length ? core : imports[i]) as Grammar;
    // the one brand (src/core/brand.ts), as grammar()'s imports: a copy of a grammar's prototype
    // or a Proxy of one passes instanceof but has none of the grammar's private state
    if (!isGrammar(g)) throw new TypeError(`grammarFromAbnf: every import must be a Grammar (from grammar(), grammarFromAbnf() or derive()), got ${describeValue(g)}`);
    for (const n of g.ruleNames) {
      loadWork.steps++;
      const def = g.definition(n) as RuleDefinition;
      const key = n.toLowerCase();
      const seen = imported.get(key);
      if (seen === undefined) imported.set(key, { def, from: g.name, check: Grammar.checkOf(g, key) });
      else if (g !== core && !(seen.def.token === def.token && sameExpr(seen.def.expr, def.expr))) {
        const user = rules.get(key);
        if (user !== undefined) continue; // the text's own rule wins anyway
        return { ok: false, error: errorAt(text, 0, "import-conflict", `rule ${n} is defined differently by ${seen.from} and ${g.name}`) };
      }
    }
  }

  // RFC 9110 §5.6.3's OWS, which the list extension's expansion refers to, unless defined.
  if (options.lists !== undefined && !rules.has("ows") && !imported.has("ows")) {
    imported.set("ows", { def: { name: "OWS", expr: many(alt(ref("SP"), ref("HTAB"))), token: false }, from: "RFC 9110 §5.6.3" });
  }

  const checked = new Set(Object.keys(options.checks ?? {}).map((n) => n.toLowerCase()));
  // The text's own rules; a rule that is only prose is taken from the imports (or checked in code).
  const local = new Map<string, { rule: AbnfRule; expr: Expr }>();
  for (const [key, rule] of rules) {
    loadWork.steps++;
    if (rule.expr.type === "prose") {
      if (checked.has(key)) {
        local.set(key, { rule, expr: rule.expr });
        continue;
      }
      if (!imported.has(key)) {
        return fail(rule, "unsupplied-prose", `rule ${rule.name} is defined only as prose (<${rule.expr.text}>); supply it with options.imports (e.g. a grammar that defines ${rule.name})`);
      }
      continue;
    }
    const reached = reachedProse(rule.expr);
    if (reached !== undefined) {
      const at = rule.prose[reached] ?? rule;
      const text = rule.prose[reached]?.text ?? "";
      return fail(
        at,
        "unsupplied-prose",
        `rule ${rule.name} holds the prose value <${text}>, which matches nothing (RFC 5234 §4: prose is a last resort, not machine-interpretable); write out the ABNF it describes, or give it a rule of its own (name = <${text}>) and supply that rule with options.imports`,
      );
    }
    local.set(key, { rule, expr: rule.expr });
  }

  // Every reference must be defined by the text or an import.
  for (const { rule } of local.values()) {
    for (const r of rule.refs) {
      loadWork.steps++;
      const key = r.name.toLowerCase();
      if (local.has(key) || imported.has(key)) continue;
      const hint = suggest(r.name, [...[...local.values()].map((l) => l.rule.name), ...[...imported.values()].map((i) => i.def.name)]);
      return fail(r, "undefined-rule", `rule ${rule.name} refers to ${r.name}, which is not defined${hint ? ` (did you mean ${hint}?)` : ""}; define it, or import a grammar that does with options.imports`);
    }
  }

  // The imported rules the text reaches. Imported rules refer to their own grammar's rules: one
  // whose name the text also defines is taken in under a fresh name.
  const defs = new Map<string, RuleDefinition>();
  for (const [key, { rule, expr }] of local) defs.set(key, { name: rule.name, expr, token: false });
  const taken = new Map<string, string>(); // imported key -> name in the new grammar
  const fresh = (name: string): string => {
    let k = 2;
    while (local.has(`${name}-${k}`.toLowerCase()) || imported.has(`${name}-${k}`.toLowerCase())) k++;
    return `${name}-${k}`;
  };
  const nameFor = (key: string): string => {
    const known = taken.get(key);
    if (known !== undefined) return known;
    const def = (imported.get(key) as { def: RuleDefinition }).def;
    const name = local.has(key) ? fresh(def.name) : def.name;
    taken.set(key, name);
    return name;
  };
  const pending: string[] = [];
  // an imported rule taken in keeps its grammar's check, under its name here (fuzz round 18)
  const importedChecks: Record<string, RuleCheck> = {};
  const reach = (expr: Expr, fromImport: boolean): void => {
    for (const n of referencedNames(expr)) {
      loadWork.steps++;
      const key = n.toLowerCase();
      if (!fromImport && local.has(key)) continue;
      if (!imported.has(key) || taken.has(key)) continue;
      nameFor(key);
      pending.push(key);
    }
  };
  for (const { expr } of local.values()) reach(expr, false);
  for (const [key, rule] of rules) if (rule.expr.type === "prose" && !taken.has(key) && !checked.has(key)) {
    taken.set(key, (imported.get(key) as { def: RuleDefinition }).def.name);
    pending.push(key);
  }
  while (pending.length > 0) {
    loadWork.steps++;
    const key = pending.shift() as string;
    const { def, check } = imported.get(key) as { def: RuleDefinition; check?: RuleCheck | undefined };
    reach(def.expr, true);
    const expr = renameRefs(def.expr, (n) => taken.get(n.toLowerCase()) ?? n);
    const name = taken.get(key) as string;
    defs.set(name.toLowerCase(), { name, expr, token: def.token });
    if (check !== undefined) importedChecks[name] = check;
  }

  const tokens = new Set((options.tokens ?? []).map((t) => t.toLowerCase()));
  try {
    checkDepth(defs);
  } catch (e) {
    if (!(e instanceof GrammarError)) throw e;
    const at = e.rule === undefined ? undefined : local.get(e.rule.toLowerCase())?.rule;
    return { ok: false, error: errorAt(text, at?.offset ?? 0, "too-deep", e.message) };
  }
  const probe = Grammar.fromDefinitionsUnchecked(defs);
  for (const [key, d] of defs) {
    loadWork.steps++;
    if (!local.has(key)) continue;
    const single = probe.analysis.charSet(d.expr) !== null;
    // (written out, not spread: a spread object has a shape of its own, and the readers of a
    // grammar's definitions, optimized on one whose rules are all its own, were deoptimized by
    // one that also imports core rules, whose definitions are made as above)
    defs.set(key, { name: d.name, expr: d.expr, token: tokens.has(key) || single });
  }
  let g: Grammar;
  try {
    g = Grammar.fromDefinitions(options.name ?? "the ABNF grammar", defs, options.rare ?? [], withImportedChecks(importedChecks, options.checks), budgets);
  } catch (e) {
    if (!(e instanceof GrammarError)) throw e;
    const at = e.rule === undefined ? undefined : local.get(e.rule.toLowerCase())?.rule;
    const code = e.code === "left-recursion" ? "left-recursion" : e.code === "too-large" ? "too-large-to-compile" : e.code === "too-deep" ? "too-deep" : "undefined-rule";
    return { ok: false, error: errorAt(text, at?.offset ?? 0, code, e.message + (e.code === "left-recursion" ? shadowNote(e.detail, local, imported) : "")) };
  }
  if (options.compile === true) {
    try {
      g.compile();
    } catch (e) {
      if (!(e instanceof GrammarError) || e.code !== "too-large") throw e;
      const at = e.rule === undefined ? undefined : local.get(e.rule.toLowerCase())?.rule;
      return { ok: false, error: errorAt(text, at?.offset ?? 0, "too-large-to-compile", e.message) };
    }
  }
  return { ok: true, value: g };
}

/**
 * For a left-recursive cycle through a rule of the text that an import also defines: rule names
 * are case-insensitive (RFC 5234 §2.1), so `uri = URI` defines uri as itself and hides the
 * imported URI; say so, as the cycle alone reads like a bug in the import.
 */
function shadowNote(
  cycle: readonly string[],
  local: ReadonlyMap<string, { rule: AbnfRule }>,
  imported: ReadonlyMap<string, { def: RuleDefinition; from: string }>,
): string {
  for (const name of cycle) {
    const key = name.toLowerCase();
    const mine = local.get(key);
    const theirs = imported.get(key);
    if (mine === undefined || theirs === undefined) continue;
    return `. Rule names are case-insensitive (RFC 5234 §2.1): the rule ${mine.rule.name} defined here replaces ${theirs.def.name} from ${theirs.from}, so its reference to ${theirs.def.name} is a reference to itself; give the local rule another name to use the imported one`;
  }
  return "";
}

/**
 * The index (in text order, as the reader lists a rule's prose values) of the first prose value
 * inside `e` that a match can reach: all but those under a repetition of at most zero items
 * (RFC 3986's `path-empty = 0<pchar>`, which the engine matches as the empty string). An
 * expression object is read once as reachable and once as not: a list's element is one object
 * twice in its expansion (RFC 9110 §5.6.1), so lists nested 40 deep were a tree of 2^40 leaves;
 * a prose value is numbered by the first time it is met.
 */
function reachedProse(e: Expr): number | undefined {
  const numbers = new Map<Expr, number>();
  const seen = [new Set<Expr>(), new Set<Expr>()];
  let found: number | undefined;
  const walk = (x: Expr, reachable: boolean): void => {
    const visited = seen[reachable ? 1 : 0] as Set<Expr>;
    if (visited.has(x)) return;
    visited.add(x);
    loadWork.steps++;
    switch (x.type) {
      case "prose": {
        const k = numbers.get(x) ?? numbers.size;
        numbers.set(x, k);
        if (reachable && found === undefined) found = k;
        return;
      }
      case "seq":
      case "alt":
        for (const item of x.items) walk(item, reachable);
        return;
      case "rep":
        walk(x.item, reachable && x.max > 0);
        return;
      default:
        return;
    }
  };
  walk(e, true);
  return found;
}

/** {@link grammarFromAbnf}, throwing its {@link AbnfError}. */
export function grammarFromAbnfOrThrow(text: string, options: LoadOptions = {}): Grammar {
  const r = grammarFromAbnf(text, options);
  if (!r.ok) throwWithStack(r.error, grammarFromAbnfOrThrow);
  return r.value;
}
