// The hard corpus (fixtures/corpus/, from shared/corpus): known validity for 2,606 lines, and on
// all 4,605 lines (mutations included) the fast path, the combinators and the reference agree.
import * as fs from "node:fs";
import * as path from "node:path";
import P from "parsimmon";
import { isValid, parse } from "../src/index";
import { viaEngine } from "./helpers/engine";
import { uriReference } from "../src/rules/index";
import { loadUriGrammar } from "./helpers/abnf";
import { FIXTURES } from "./helpers/fixtures";

const read = (name: string): string[] => fs.readFileSync(path.join(FIXTURES, "corpus", name), "utf8").split("\n").filter((l) => l !== "");

describe("hard corpus", () => {
  it("classifies the 2,606 lines of known validity as hard.expect.tsv says", () => {
    const lines = read("hard.expect.tsv");
    expect(lines).toHaveLength(2606);
    const wrong = lines.filter((line) => {
      const [mark, ...rest] = line.split("\t");
      return isValid(rest.join("\t"), "URI-reference") !== (mark === "V");
    });
    expect(wrong).toEqual([]);
  });

  it("agrees with the combinators and the reference recognizer on every line", () => {
    const grammar = loadUriGrammar();
    const lines = read("hard.txt");
    expect(lines).toHaveLength(4605);
    for (const s of lines) {
      const expected = grammar.matches("URI-reference", s);
      expect([s, isValid(s, "URI-reference")]).toEqual([s, expected]);
      expect([s, uriReference.skip(P.eof).parse(s).status]).toEqual([s, expected]);
      const viaRegex = parse(s);
      const viaCombinators = viaEngine("URI-reference", s);
      if (viaRegex.ok && viaCombinators.ok) expect(viaRegex.value).toEqual(viaCombinators.value);
      else expect(viaRegex.ok).toBe(viaCombinators.ok);
    }
  });
});
