// The built-in scheme grammars are precompiled (src/schemes/generated/grammars.ts) from their ABNF
// of record in grammar/: regenerated here from the files, the module is the committed one, so
// grammar/ stays the one source of record; and each precompiled grammar means what loading its
// file means: the same rules in the same order, the same printed ABNF, the same answers.
import * as fs from "node:fs";
import * as path from "node:path";
import { seededRandom, type Grammar } from "../../src/abnf/index";
import { addrSpecGrammar, dataGrammar, fileAppendixEGrammar, fileGrammar, httpGrammar, telGrammar, urnGrammar, uuidGrammar, wsGrammar } from "../../src/schemes/built-in";
import { loadGrammar } from "../../src/schemes/load";
import { importsOf } from "../../src/schemes/precompiled";
import { GENERATED_PATH, precompile, precompiledSources, schemeGrammarsModule } from "../../scripts/compile/scheme-grammars";
import { GRAMMAR_DIR } from "./helpers";

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string): string => fs.readFileSync(path.join(GRAMMAR_DIR, file), "utf8");

/** The grammar each generated export builds, as the package exports it. */
const built: Readonly<Record<string, Grammar>> = {
  httpData: httpGrammar,
  wsData: wsGrammar,
  mailtoData: addrSpecGrammar,
  urnData: urnGrammar,
  uuidData: uuidGrammar,
  fileData: fileGrammar,
  fileAppendixFData: fileAppendixEGrammar,
  dataData: dataGrammar,
  telData: telGrammar,
};

describe("src/schemes/generated/grammars.ts", () => {
  it("is what the generator writes from grammar/ today", () => {
    // On a difference: node scripts/compile-grammars.mjs
    expect(fs.readFileSync(path.join(ROOT, GENERATED_PATH), "utf8")).toBe(schemeGrammarsModule(read));
  });

  it("covers every scheme file of grammar/ (the ABNF of record)", () => {
    const others = ["rfc3986.abnf", "rfc3987.abnf", "rfc5234-core.abnf", "rfc6570.abnf"];
    const files = fs.readdirSync(GRAMMAR_DIR).filter((f) => f.endsWith(".abnf") && !others.includes(f)).sort();
    expect(Object.values(precompiledSources).map((s) => s.file).sort()).toEqual(files);
    expect(Object.keys(built).sort()).toEqual(Object.keys(precompiledSources).sort());
  });

  it("is what the scheme modules build from, never ABNF text (no loader, no reader at import)", () => {
    // the scheme modules build their grammars from the data, never from ABNF text
    const dir = path.join(ROOT, "src/schemes");
    for (const f of ["http.ts", "ws.ts", "mailto.ts", "urn.ts", "file.ts", "data.ts", "tel.ts", "precompiled.ts", "percent-encoded.ts"]) {
      const src = fs.readFileSync(path.join(dir, f), "utf8");
      expect([f, /from "\.\/(load|abnf-text|precompile)\.js"|abnf\/(loader|reader)/.test(src)]).toEqual([f, false]);
    }
  });
});

describe.each(Object.entries(precompiledSources).map(([name, source]) => [source.file, name, source] as const))("%s", (_file, exportName, source) => {
  const loaded = loadGrammar(read(source.file), { name: source.name, imports: importsOf(source) }, source.departures);
  const pre = built[exportName] as Grammar;

  it("has the loaded grammar's name and rules, in the same order, with the same definitions and token flags", () => {
    expect(pre.name).toBe(loaded.name);
    expect(pre.ruleNames).toEqual(loaded.ruleNames);
    expect(pre.sameAs(loaded)).toBe(true);
    for (const n of loaded.ruleNames) expect([n, pre.require(n).token]).toEqual([n, loaded.require(n).token]);
  });

  it("prints every rule as the same ABNF", () => {
    for (const n of loaded.ruleNames) expect([n, pre.abnf(n)]).toEqual([n, loaded.abnf(n)]);
    expect(pre.toAbnf()).toBe(loaded.toAbnf());
  });

  it("writes only the file's own rules as data, and names the rest", () => {
    const p = precompile(read(source.file), source);
    expect(p.rules.length + p.imported.length).toBe(loaded.ruleNames.length);
    expect(p.rules.length).toBeGreaterThan(0);
  });

  it("gives the same answers on generated strings and on strings one edit away", () => {
    const random = seededRandom(0x5eed);
    // own rules of the file first: they are what the data holds
    const names = precompile(read(source.file), source).rules.map((r) => r.name);
    for (const n of names) {
      for (let k = 0; k < 12; k++) {
        const fromLoaded = loaded.generate(n, random, { maxRepeat: 3 });
        const fromPre = pre.generate(n, random, { maxRepeat: 3 });
        expect([n, fromLoaded, pre.isValid(fromLoaded, n)]).toEqual([n, fromLoaded, true]);
        expect([n, fromPre, loaded.isValid(fromPre, n)]).toEqual([n, fromPre, true]);
        // one character dropped, doubled or replaced: accepted or rejected alike, at the same offset with the same expectations
        for (const s of [fromLoaded, fromPre]) {
          if (s.length === 0) continue;
          const at = random(s.length);
          const variants = [s.slice(0, at) + s.slice(at + 1), s.slice(0, at) + s.charAt(at) + s.slice(at), `${s.slice(0, at)}#${s.slice(at + 1)}`, `${s}%`];
          for (const v of variants) {
            const a = loaded.validate(v, n);
            const b = pre.validate(v, n);
            expect([n, v, b.ok, b.ok ? undefined : b.error.message]).toEqual([n, v, a.ok, a.ok ? undefined : a.error.message]);
          }
        }
      }
    }
  });
});
