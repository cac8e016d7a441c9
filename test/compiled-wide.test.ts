// The compiled rules on code points of 128 and above (fixtures/compiled/wide.json): test, failure
// and the engine give one answer on each side of the wide class ranges, on surrogate pairs and on
// lone surrogates; and test reads such an input in its own loop, without run's bookkeeping (a
// path of CJK characters cost run about 10 ns a character against test's 3 on US-ASCII: the
// scaling bench's iri-long-path family). That loop is src/compiled/wide.ts, which uriGrammar
// (src/compiled/index.ts) brings; without it (a bundle of parse alone) run reads such input.
import * as fs from "node:fs";
import * as path from "node:path";
import { matchWhole } from "../src/abnf/engine";
import { rfc3987 } from "../src/grammars/rfc3987/index";
import { uriGrammar } from "../src/compiled/index";
import { CompiledRule } from "../src/compiled/dfa";
import * as uriData from "../src/compiled/uri";
import * as schemeData from "../src/compiled/schemes";
import type { CompiledGrammarData } from "../src/compiled/data";

interface Row {
  readonly rule: string;
  readonly input: string;
  readonly valid: boolean;
  readonly offset?: number;
  readonly note: string;
}

const { rows } = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "compiled", "wide.json"), "utf8")) as { rows: Row[] };
const ruleOf = (name: string): CompiledRule => {
  const r = uriGrammar.rule(name);
  if (r === undefined) throw new Error(`no compiled rule ${name}`);
  return r;
};

describe("compiled rules on wide code points", () => {
  it.each(rows.map((r) => [r.note, r]))("%s", (_note, r) => {
    const rule = ruleOf(r.rule);
    const f = rule.failure(r.input);
    const engine = matchWhole(rfc3987.compiled, r.rule.toLowerCase(), r.input);
    expect([rule.test(r.input), f?.offset]).toEqual([r.valid, r.offset]);
    expect(f === undefined ? undefined : { offset: f.offset, expected: [...f.expected] }).toEqual(engine === undefined ? undefined : { offset: engine.offset, expected: [...engine.expected] });
  });

  it("test answers the same repeated past the first wide character (the loop's state carried across many of them)", () => {
    for (const r of rows.filter((x) => x.rule === "IRI-reference")) {
      const rule = ruleOf(r.rule);
      const long = r.input.replace(/^http:\/\/a\//, `http://a/${"é/a".repeat(50)}`);
      expect([r.input, rule.test(long)]).toEqual([r.input, rule.failure(long) === undefined]);
    }
  });

  // the wide loop (src/compiled/wide.ts) against run on every rule of RFC 3986 and RFC 3987:
  // strings of pieces around the wide class ranges, surrogate pairs, lone surrogates and IP
  // literals (a call), from a fixed seed
  it("test answers as run does on every rule, on strings mixing wide characters, surrogates and IP literals", () => {
    const pieces = ["a", "/", ":", "?", "#", "@", "%41", "%", "[", "]", "[::1]", "[v1.x]", "1.2.3.4", "é", "例", "\u00a0", "\ud7ff", "\ue000", "\uf8ff", "\ufdd0", "\ufffd", "\uffef", "\ud83d\ude00", "\udb40\udc00", "\udbbf\udffd", "\ud800", "\udc00", " ", "-", ".", "~", "http://", "//", "x:", "\u200e"];
    let seed = 12345;
    const next = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const differ: string[] = [];
    for (const name of uriGrammar.ruleNames) {
      const rule = uriGrammar.rule(name);
      if (rule === undefined) continue;
      for (let k = 0; k < 300; k++) {
        let s = "";
        for (let j = 1 + next(12); j > 0; j--) s += pieces[next(pieces.length)] as string;
        if (rule.test(s) !== (rule.failure(s) === undefined)) differ.push(`${name}: ${JSON.stringify(s)}`);
      }
    }
    expect(differ).toEqual([]);
  });

  // the wide loop's BMP table (src/compiled/wide.ts) holds a class in a byte, and its loop takes
  // the classes of the rule's own table: a class past 255 would wrap
  it("every compiled rule has fewer than 256 classes", () => {
    // the scheme grammars' data are JSON text
    const grammars = [...Object.values(uriData), ...Object.values(schemeData).map((x: unknown) => (typeof x === "string" && x.startsWith("{") ? (JSON.parse(x) as unknown) : x))].filter((g): g is CompiledGrammarData => typeof g === "object" && g !== null && "rules" in g);
    expect(grammars.length).toBeGreaterThan(3);
    expect(grammars.flatMap((g) => g.rules.filter((r) => r.classes > 255).map((r) => r.name))).toEqual([]);
  });

  // a bundle of parse alone (or of the five functions) never makes uriGrammar, so it has no wide
  // loop (src/compiled/wide.ts): there test hands the input to run at its first wide character,
  // with the same answers. The compiled modules loaded afresh, without src/compiled/index.ts.
  it("rules made without the wide loop answer the same, through run", () => {
    let fresh: { dfa: typeof import("../src/compiled/dfa"); data: typeof uriData } | undefined;
    jest.isolateModules(() => {
      fresh = { dfa: require("../src/compiled/dfa") as typeof import("../src/compiled/dfa"), data: require("../src/compiled/uri") as typeof uriData };
    });
    const { dfa, data } = fresh as NonNullable<typeof fresh>;
    const plain = new dfa.CompiledGrammar(data.IRI_REFERENCE_RULES, new dfa.CompiledGrammar(data.REFERENCE_RULES));
    const rule = plain.rule("IRI-reference") as InstanceType<typeof dfa.CompiledRule>;
    const inputs = rows.filter((r) => r.rule === "IRI-reference");
    for (const r of inputs) {
      expect([r.input, rule.test(r.input)]).toEqual([r.input, r.valid]);
      const long = r.input.replace(/^http:\/\/a\//, `http://a/${"é/a".repeat(50)}`);
      expect([long, rule.test(long)]).toEqual([long, ruleOf("IRI-reference").test(long)]);
    }
    // each input with a wide character and no IP literal: one run, from its start
    const wide = inputs.filter((r) => !r.input.includes("[") && /[^\0-\x7f]/.test(r.input)).map((r) => r.input);
    expect(wide.length).toBeGreaterThan(10);
    const run = jest.spyOn(dfa.CompiledRule.prototype, "run");
    try {
      for (const s of wide) rule.test(s);
      expect(run.mock.calls.map((c) => [c[0], c[1]])).toEqual(wide.map((s) => [s, 0]));
    } finally {
      run.mockRestore();
    }
  });

  it("test reads an IRI without an IP literal without calling run", () => {
    const rule = ruleOf("IRI-reference");
    const inputs = rows.filter((r) => r.rule === "IRI-reference" && !r.input.includes("[")).map((r) => r.input);
    rule.test("http://a/"); // the fast table made
    const run = jest.spyOn(CompiledRule.prototype, "run");
    try {
      for (const s of inputs) rule.test(s);
      expect(run).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
    }
  });
});
