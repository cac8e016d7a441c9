// The template reader (src/template/parse.ts) reads a template's text once: it checks it against
// RFC 6570 §2's grammar and splits it in the same pass. test/template/fixtures.test.ts holds its
// verdict, offsets and expected sets to the grammar of record on the engine; this file holds the
// split to the same grammar: every part it gives is what §2's rules say it is, and the parts tile
// the text in order.
import fc from "fast-check";
import * as fs from "node:fs";
import * as path from "node:path";
import { TEMPLATE_SYNTAX_PATH, templateSyntaxModule } from "../../scripts/compile/template-syntax";
import { templateGrammar } from "../../src/template/index";
import { parseParts, type TemplatePart } from "../../src/template/parse";
import { runs, seed } from "../helpers/runs";

/** Pieces that make well-formed templates often (and ill-formed ones sometimes): literal characters, triplets, expressions. */
const literal = fc.constantFrom("a", "/", "~", "'", "%41", "%c3%A9", "é", "\ud83d\ude00", "?", "=", "&", "[", "]", "!", "%", "{", "}");
const varname = fc.constantFrom("x", "X_1", "a.b", "%41", "v%2Fw", "0", "a.", ".a");
const modifier = fc.constantFrom("", "", "*", ":1", ":30", ":9999", ":10000", ":0");
const operator = fc.constantFrom("", "", "+", "#", ".", "/", ";", "?", "&", "=", "|");
const expression = fc
  .tuple(operator, fc.array(fc.tuple(varname, modifier).map(([n, m]) => n + m), { minLength: 1, maxLength: 3 }))
  .map(([op, specs]) => `{${op}${specs.join(",")}}`);
const template = fc.array(fc.oneof(literal, expression), { maxLength: 8 }).map((p) => p.join(""));

/** What §2's grammar says of each part of a template the reader accepted; an empty list when all agree. */
function disagreements(text: string, parts: readonly TemplatePart[]): string[] {
  const g = templateGrammar();
  const wrong: string[] = [];
  let at = 0;
  parts.forEach((p, k) => {
    if (p.start !== at || p.end <= p.start || text.slice(p.start, p.end) !== p.text) wrong.push(`part ${k} does not start where the one before ends, or is not the text there`);
    at = p.end;
    if (p.kind === "literal") {
      // a run of §2.1 literals, as long as it goes: the next part is an expression
      if (!g.isValid(p.text, "URI-Template") || p.text.includes("{")) wrong.push(`literal ${JSON.stringify(p.text)} is not a run of literals`);
      if (parts[k + 1]?.kind === "literal") wrong.push(`literal ${JSON.stringify(p.text)} is followed by another literal`);
      return;
    }
    if (!g.isValid(p.text, "expression")) wrong.push(`${p.text} is not an expression`);
    const body = p.text.slice(1 + p.operator.length, -1);
    if (p.varspecs.map((v) => text.slice(v.start, v.end)).join(",") !== body) wrong.push(`${p.text}'s varspecs are not its variable-list`);
    for (const v of p.varspecs) {
      const spec = text.slice(v.start, v.end);
      const modifier = spec.slice(v.name.length);
      if (!g.isValid(spec, "varspec") || !g.isValid(v.name, "varname")) wrong.push(`${spec} is not a varspec with the varname ${v.name}`);
      const want = modifier === "" ? [undefined, false] : modifier === "*" ? [undefined, true] : [Number(modifier.slice(1)), false];
      if (v.prefix !== want[0] || v.explode !== want[1] || (modifier !== "" && !g.isValid(modifier, "modifier-level4"))) wrong.push(`${spec}'s modifier is read as ${v.prefix}/${v.explode}`);
    }
  });
  if (at !== text.length) wrong.push(`the parts end at ${at}, the text at ${text.length}`);
  return wrong;
}

describe("the reader's split agrees with RFC 6570 §2's grammar (grammar/rfc6570.abnf on the engine)", () => {
  it("on generated templates: each part is what the grammar's rules say, and the parts tile the text", () => {
    let accepted = 0;
    fc.assert(
      fc.property(template, (text) => {
        const r = parseParts(text);
        if (!r.ok) return;
        accepted++;
        expect([text, disagreements(text, r.value)]).toEqual([text, []]);
      }),
      { numRuns: runs(1500), seed: seed(6571) },
    );
    // the generator reaches well-formed templates often enough for the property to say something
    expect(accepted).toBeGreaterThan(runs(1500) / 10);
  });

  it("on the RFC's own forms", () => {
    for (const text of ["", "http://example.com/~{username}/", "{/list*,path:4}{?keys*}x", "{+var:3}é{#x,hello.y}%20", "'{;x.y*}'"]) {
      const r = parseParts(text);
      expect([text, r.ok ? disagreements(text, r.value) : r.error.message]).toEqual([text, []]);
    }
  });
});

describe("the reader's automaton (src/template/syntax.ts)", () => {
  it("is what scripts/compile-template.mjs makes of grammar/rfc6570.abnf now", () => {
    const committed = fs.readFileSync(path.join(__dirname, "..", "..", TEMPLATE_SYNTAX_PATH), "utf8");
    // a stale module: run node scripts/compile-template.mjs
    expect(committed === templateSyntaxModule()).toBe(true);
  });

  it("reads a literal, a varname and a prefix of millions of characters in one pass (no backtracking, no RangeError)", () => {
    const long = "a".repeat(3_000_000);
    const r = parseParts(`${long}{${long}:12}x`);
    expect(r.ok ? r.value.map((p) => [p.kind, p.end - p.start]) : r.error.message).toEqual([["literal", 3_000_000], ["expression", 3_000_005], ["literal", 1]]);
  });
});
