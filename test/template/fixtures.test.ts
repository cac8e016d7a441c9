// RFC 6570 as fixtures: every example table of §1.1, §1.2, §2.4 and §3.2 (expansion exact, and
// matched back: the values read expand to the same URI), the public uritemplate-test suite (an
// expected list allows any of its members; its negative tests refused), and every invalid form
// of §2 with its offset. The grammar of record (grammar/rfc6570.abnf) is the text the package
// loads.
import fc from "fast-check";
import * as fs from "node:fs";
import * as path from "node:path";
import { expand, match, parseTemplate, formatTemplateError, templateDepartures, templateGrammar, TemplateError, type TemplateVariables } from "../../src/template/index";
import { rfc6570Abnf } from "../../src/template/abnf-text";
import { FIXTURES, readJson } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";
import { hasCodePoint, type CodePointSet } from "../../src/abnf/charset";
import { IPRIVATE, UCSCHAR } from "../../src/compiled/charsets";
import { parseParts } from "../../src/template/parse";

type Vars = Record<string, unknown>;

interface RfcGroup {
  readonly section: string;
  readonly title: string;
  readonly variables?: Vars | string;
  readonly template?: string;
  readonly cases: readonly ([string, string] | { readonly variables: Vars; readonly expansion: string })[];
}
const rfc = readJson<{ variables: Record<string, Vars>; groups: RfcGroup[] }>("template", "rfc6570-examples.json");

/** Every RFC case as [section, template, variables, expansion]. */
const rfcCases: [string, string, Vars, string][] = rfc.groups.flatMap((g) =>
  g.cases.map((c): [string, string, Vars, string] => {
    if (Array.isArray(c)) {
      const vars = typeof g.variables === "string" ? (rfc.variables[g.variables] as Vars) : (g.variables as Vars);
      return [`§${g.section} ${g.title}`, c[0], vars, c[1]];
    }
    const x = c as { variables: Vars; expansion: string };
    return [`§${g.section} ${g.title}`, g.template as string, x.variables, x.expansion];
  }),
);

/** match, then expand what it read: the same URI, character for character. */
function roundTrip(template: string, uri: string): string | undefined {
  const m = match(template, uri);
  if (!m.ok) return undefined;
  const again = expand(template, m.value as TemplateVariables);
  return again.ok ? again.value : undefined;
}

describe("RFC 6570's example tables (fixtures/template/rfc6570-examples.json)", () => {
  it("has every table: 191 expansions", () => {
    expect(rfcCases).toHaveLength(191);
    expect(new Set(rfc.groups.map((g) => g.section))).toEqual(new Set(["1.1", "1.2", "2.4.1", "2.4.2", "3.2.1", "3.2.2", "3.2.3", "3.2.4", "3.2.5", "3.2.6", "3.2.7", "3.2.8", "3.2.9"]));
  });

  it.each(rfcCases)("%s: %s", (_section, template, vars, expansion) => {
    expect(expand(template, vars as TemplateVariables)).toEqual({ ok: true, value: expansion });
    expect(roundTrip(template, expansion)).toBe(expansion);
  });
});

interface Suite {
  readonly files: Record<string, Record<string, { readonly variables: Vars; readonly testcases: readonly [string, string | readonly string[] | false][] }>>;
}
const suite = readJson<Suite>("template", "uritemplate-test.json");
const suiteCases = Object.entries(suite.files).flatMap(([file, groups]) =>
  Object.entries(groups).flatMap(([name, g]) => g.testcases.map(([t, want]) => [`${file} ${name}`, t, g.variables, want] as const)),
);
const expansions = suiteCases.filter(([, , , want]) => want !== false);
const negatives = suiteCases.filter(([, , , want]) => want === false);

describe("uritemplate-test (fixtures/template/uritemplate-test.json)", () => {
  it("holds the suite: 223 expansions and 29 invalid templates", () => {
    expect([expansions.length, negatives.length]).toEqual([223, 29]);
  });

  it.each(expansions)("%s: %s", (_group, template, vars, want) => {
    const r = expand(template, vars as TemplateVariables);
    if (!r.ok) throw r.error;
    // a list is a set of equally valid expansions: RFC 6570 allows exactly one of them (the
    // order of the list, and of the associative array's pairs as given), which is ours
    if (Array.isArray(want)) expect(want).toContain(r.value);
    else expect(r.value).toBe(want);
    expect(roundTrip(template, r.value)).toBe(r.value);
  });

  it.each(negatives)("%s: %s is refused", (_group, template, vars) => {
    const r = expand(template, vars as TemplateVariables);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBeInstanceOf(TemplateError);
  });
});

interface InvalidCase {
  readonly template: string;
  readonly code: string;
  readonly offset: number;
  readonly why: string;
  readonly variables?: Vars;
}
const invalid = readJson<{ groups: { section: string; title: string; cases: InvalidCase[] }[]; valid: { template: string; why: string }[] }>("template", "invalid.json");

describe("RFC 6570 §2's invalid forms, with their offsets (fixtures/template/invalid.json)", () => {
  const cases = invalid.groups.flatMap((g) => g.cases.map((c) => [`§${g.section}`, c.template, c] as const));
  it.each(cases)("%s %j", (_section, template, c) => {
    const r = c.variables === undefined ? parseTemplate(template) : expand(template, c.variables as TemplateVariables);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect({ code: r.error.code, offset: r.error.offset, template: r.error.template }).toEqual({ code: c.code, offset: c.offset, template });
    // the message is one line (no bundle of the template's functions holds the excerpt's code);
    // formatTemplateError adds the template with a caret under the offset
    expect(r.error.message.split("\n")).toHaveLength(1);
    expect(formatTemplateError(r.error).split("\n")).toEqual([r.error.shortMessage, expect.any(String), expect.stringMatching(/^ *\^$/)]);
  });

  it.each(invalid.valid.map((v) => [v.template, v.why] as const))("%j is valid: %s", (template) => {
    expect(parseTemplate(template).ok).toBe(true);
  });

  it("a syntax error says what was expected, as the grammar's errors do", () => {
    const r = parseTemplate("{var:prefix}");
    expect(r.ok ? undefined : r.error.shortMessage).toBe('Invalid URI-Template at offset 5: expected "1"-"9", found "p"');
    const e = parseTemplate("{/id*");
    expect(e.ok ? undefined : [e.error.expected, e.error.found]).toEqual([['","', '"}"'], "end of input"]);
  });
});

describe("the grammar of record", () => {
  it("src/template/abnf-text.ts is grammar/rfc6570.abnf, character for character", () => {
    expect(rfc6570Abnf).toBe(fs.readFileSync(path.join(FIXTURES, "..", "grammar", "rfc6570.abnf"), "utf8"));
  });

  it("loads with the package's ABNF loader: §2's rules, RFC 3986's pct-encoded, RFC 3987's ucschar and iprivate", () => {
    const g = templateGrammar();
    for (const name of ["URI-Template", "literals", "expression", "operator", "op-level2", "op-level3", "op-reserve", "variable-list", "varspec", "varname", "varchar", "modifier-level4", "prefix", "max-length", "explode", "pct-encoded", "ucschar", "iprivate"]) {
      expect(g.has(name)).toBe(true);
    }
    expect(g.isValid("http://example.com/~{username}/", "URI-Template")).toBe(true);
  });

  it("applies erratum 6937 to literals, and only there", () => {
    expect(templateDepartures.map((d) => d.rule)).toEqual(["literals"]);
    expect(templateGrammar().isValid("'", "literals")).toBe(true);
    expect(templateGrammar().abnf("literals")).toContain("%x26-3B");
  });
});

describe("the one-pass reader agrees with RFC 6570 §2's grammar on the engine (grammar/rfc6570.abnf)", () => {
  it("on generated texts: the same verdict, and for a syntax error the same offset and expected set", () => {
    const unit = fc.constantFrom("{", "}", "a", "Z", "0", "_", ".", ",", ":", "*", "1", "9", "+", "#", "/", ";", "?", "&", "=", "!", "@", "|", "%", "%4", "%41", "%zz", " ", "'", '"', "<", "é", "\u0080", "\ud83d\ude00", "\ufdd0", "-", "~", "$");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }).map((u) => u.join("")), (text) => {
        const mine = parseTemplate(text);
        const v = templateGrammar().validate(text, "URI-Template");
        if (v.ok) expect(mine.ok || mine.error.code === "reserved-operator").toBe(true);
        else expect(mine.ok ? "ok" : [mine.error.code, mine.error.offset, mine.error.expected]).toEqual(["syntax", v.error.offset, v.error.expected]);
      }),
      { numRuns: runs(2000), seed: seed(6570) },
    );
  });
});

describe("the reader's literal characters beyond ASCII are RFC 3987's ucschar and iprivate (the package's table)", () => {
  it("on every code point from U+0080 to U+10FFFF, alone and between two literals", () => {
    const differ: string[] = [];
    const inTable = (cp: number): boolean => hasCodePoint(UCSCHAR as CodePointSet, cp) || hasCodePoint(IPRIVATE as CodePointSet, cp);
    const alone = (cp: number): void => {
      const r = parseParts(`a${String.fromCodePoint(cp)}b`);
      if (r.ok !== inTable(cp) || (!r.ok && r.error.offset !== 1)) differ.push(cp.toString(16));
    };
    // blocks of 256 the table allows whole are read as one literal; any other block code point by code point
    for (let block = 0x80; block <= 0x10ffff; block += 256) {
      const cps = [...Array(Math.min(256, 0x110000 - block)).keys()].map((k) => block + k).filter((cp) => cp < 0xd800 || cp > 0xdfff);
      if (cps.every(inTable)) {
        if (!parseParts(String.fromCodePoint(...cps)).ok) differ.push(`block ${block.toString(16)}`);
      } else cps.forEach(alone);
    }
    expect(differ).toEqual([]);
    for (const lone of ["\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800"]) {
      const r = parseParts(`a${lone}b`);
      expect([lone, r.ok ? "ok" : r.error.offset]).toEqual([lone, 1]);
    }
  });
});
