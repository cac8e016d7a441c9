// The automata the builder (src/abnf/automaton.ts) makes, held to the ones it made when this test
// was written (issues 30 and 33: the builder made cheaper without changing what it builds): every
// rule of every grammar in fixtures/abnf/rfc/, OData's, fixtures/engine/grammars.json's, and the
// unit automaton of each template of fixtures/template/rfc6570-examples.json, each built three
// ways: the whole engine's (Compiled with its policy), the core's (Compiled with CORE) and the
// fast path's (every edge kept). A digest of each automaton's positions (sets, options with their
// chains and leaves, instance, call, stub, labels, join), edges in order (target, context, before,
// after, count), start edges, instances, counters, flags and counts is compared with
// fixtures/engine/automata-digests.json; a rule the builder refuses is held to its error's code.
// A change meant to change automata writes the fixture anew with AUTOMATA_DIGESTS=write.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Analysis } from "../src/abnf/analysis";
import { buildAutomaton, type Automaton } from "../src/abnf/automaton";
import { calledRules, WHOLE_HOOKS } from "../src/abnf/automaton-size";
import { Compiled } from "../src/abnf/compiled";
import type { Expr } from "../src/abnf/expr";
import { GrammarError } from "../src/abnf/grammar-errors";
import { grammarFromAbnf, type Grammar } from "../src/abnf/index";
import { templateLanguage } from "../src/template/language";
import { parseTemplate, parseTemplateOrThrow } from "../src/template/template";
import { unitAutomata } from "../src/template/unit-expr";
import { FIXTURES, readJson } from "./helpers/fixtures";

const FIXTURE = path.join(FIXTURES, "engine", "automata-digests.json");

const leaf = (e: Expr): unknown => (e.type === "lit" ? ["lit", e.text, e.caseSensitive] : e.type === "range" ? ["range", e.lo, e.hi] : [e.type]);

/** A digest of everything an automaton holds (its rule and its counts of work aside from positions too). */
function digest(a: Automaton): string {
  const edges = (list: Automaton["start"]): unknown => list.map((e) => [e.to, e.context, e.before, e.after, e.count ?? null]);
  const text = JSON.stringify({
    instances: a.instances.map((i) => [i.rule, i.parent, i.token]),
    positions: a.positions.map((p) => [p.set, p.options.map((o) => [o.set, o.chain, leaf(o.leaf), o.index]), p.instance, p.call ?? null, p.stub ?? null, p.labels ?? null, p.join ?? null]),
    follow: a.follow.map(edges),
    start: edges(a.start),
    flags: [a.hasCalls, a.hasStubs, a.hasJoins],
    counters: a.counters.map((c) => [c.min, c.max === Infinity ? "inf" : c.max, c.from, c.to]),
    counted: a.counted,
  });
  return `${a.positions.length}:${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
}

const attempt = (f: () => Automaton): string => {
  try {
    return digest(f());
  } catch (e) {
    if (e instanceof GrammarError) return `error:${e.code}`;
    throw e;
  }
};

/** Each rule's automaton three ways (see the head of this file). */
function rowsOf(analysis: Analysis, whole: Compiled, rules: readonly string[], withCore = true): Record<string, string> {
  const core = new Compiled(analysis);
  const recursive = calledRules(analysis);
  const out: Record<string, string> = {};
  for (const key of rules) {
    out[`${key} whole`] = attempt(() => whole.automaton(key));
    if (withCore) out[`${key} core`] = attempt(() => core.automaton(key));
    out[`${key} every-edge`] = attempt(() => buildAutomaton(analysis.rule(key), analysis, recursive, { keepAll: true, hooks: WHOLE_HOOKS }));
  }
  return out;
}

const read = (f: string): string => fs.readFileSync(path.join(FIXTURES, "..", f), "utf8");
/**
 * Grammars not built the core's way: its builder expands recursive rules in place up to the
 * cycles it meets, which in these takes seconds to minutes (OData's functionExprParameters 5 s).
 */
const NO_CORE = new Set(["rfc/rfc5322-sections-3-4.abnf", "rfc/rfc9535-appendix-a.abnf", "odata"]);
const grammarRows = (name: string, g: Grammar): Record<string, string> => {
  const keys = g.analysis.ruleKeys.filter((k) => !calledRules(g.analysis).has(k));
  return rowsOf(g.analysis, g.compiled, keys, !NO_CORE.has(name));
};

interface RfcGrammar {
  readonly file: string;
  readonly extra?: string;
}
const extras = new Map(readJson<{ grammars: RfcGrammar[] }>("loader", "rfc-grammars.json").grammars.map((c) => [path.basename(c.file), c.extra]));
const sources: [string, () => string][] = [
  ...fs
    .readdirSync(path.join(FIXTURES, "abnf", "rfc"))
    .filter((f) => f.endsWith(".abnf"))
    .sort()
    .map((f): [string, () => string] => [`rfc/${f}`, () => read(`fixtures/abnf/rfc/${f}`) + (extras.get(f) === undefined ? "" : `\n${extras.get(f) as string}`)]),
  ["odata", () => read("fixtures/abnf/odata/odata-abnf-construction-rules.txt")],
  ...readJson<{ grammars: { name: string; abnf: string[] }[] }>("engine", "grammars.json").grammars.map((g): [string, () => string] => [`engine/${g.name}`, () => g.abnf.join("\n")]),
];
/** RFC 6570's example templates, and API routes of the shapes bench/lib/template.mjs times. */
const examples = readJson<{ groups: { template?: string; cases: unknown[] }[] }>("template", "rfc6570-examples.json").groups.flatMap((g) => [
  g.template,
  ...g.cases.map((c) => (Array.isArray(c) ? (c[0] as unknown) : undefined)),
]);
const routes = ["/api/v{version}/users/{id}{?fields,expand}", "/orgs/{org}/repos/{id}/comments{?page,per_page,sort}", "https://{host}/api/files{/id}{?q,limit,offset,order}", "/teams/{owner}/{name}/contents/{+path}{?ref}"];
const templates = [...new Set([...examples, ...routes])].filter((t): t is string => typeof t === "string" && parseTemplate(t).ok);

/** Every row: grammar (or template) name → rule and way → digest. */
function allRows(): Record<string, Record<string, string>> {
  const rows: Record<string, Record<string, string>> = {};
  for (const [name, text] of sources) {
    const loaded = grammarFromAbnf(text());
    // (a grammar that needs another RFC's rules does not load: a row says so)
    rows[name] = loaded.ok ? grammarRows(name, loaded.value) : { load: `error:${loaded.error.name}` };
  }
  for (const t of templates) {
    const whole = unitAutomata(templateLanguage(parseTemplateOrThrow(t).parts));
    const unbounded = unitAutomata(templateLanguage(parseTemplateOrThrow(t).parts), true);
    rows[`template ${t}`] = { ...rowsOf(whole.analysis, whole, ["template"]), "template unbounded": attempt(() => unbounded.automaton("template")) };
  }
  return rows;
}

describe("the automata the builder makes are the ones fixtures/engine/automata-digests.json holds", () => {
  const rows = allRows();
  if (process.env["AUTOMATA_DIGESTS"] === "write") fs.writeFileSync(FIXTURE, `${JSON.stringify({ description: "Digests of the automata of every rule of the fixture grammars and templates (test/engine-automata-unchanged.test.ts writes them with AUTOMATA_DIGESTS=write): positions:sha256 prefix, or error:code.", rows }, null, 1)}\n`);
  const want = (JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as { rows: Record<string, Record<string, string>> }).rows;

  it("covers the same grammars and templates", () => {
    expect(Object.keys(rows)).toEqual(Object.keys(want));
  });

  it.each(Object.keys(want).map((name) => [name]))("%s", (name) => {
    expect(rows[name]).toEqual(want[name]);
  });
});
