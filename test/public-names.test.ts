// Issue 31: "the public surface has no deprecated name and no name with two meanings". Read with
// the TypeScript checker over every entry package.json exports (a new entry is read too): each
// exported name, value or type, is followed to its declaration; a name two entries export is one
// meaning when both reach the same declaration (a re-export), two when they reach two.
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import * as root from "../src/index";
import * as components from "../src/components";
import * as iri from "../src/iri/index";
import * as schemes from "../src/schemes/index";
import * as security from "../src/security";
import * as template from "../src/template/index";
import * as whatwg from "../src/whatwg/index";

const ROOT = path.resolve(__dirname, "..");

/**
 * The names that mean two things, each with why it stays: the list only shrinks (the test fails
 * on a name not here, and on a name here once it means one thing).
 */
const DECIDED: Readonly<Record<string, string>> = {
  // the lead's decision (2026-11-30): each entry's `parse` reads that entry's language, RFC 3986
  // in `uri-grammar`, the URL Standard in `uri-grammar/whatwg`; renaming a 0.1.0 verb costs more
  parse: "uri-grammar and uri-grammar/whatwg",
  parseOrThrow: "uri-grammar and uri-grammar/whatwg",
};

/** The entries' source files, from package.json's exports (dist/X.d.ts is src/X.ts). */
function entries(): Map<string, string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { exports: Record<string, string | { types?: string }> };
  const out = new Map<string, string>();
  for (const [name, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string" || target.types === undefined) continue;
    out.set(name, path.join(ROOT, target.types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts")));
  }
  return out;
}

interface Reading {
  /** Each exported name: where it is declared (file:line), and the entries that export it from there. */
  readonly meanings: Map<string, Map<string, string[]>>;
  /** Exported names whose declaration is marked `@deprecated`, with their entry. */
  readonly deprecated: string[];
  readonly count: number;
}

function read(): Reading {
  const files = entries();
  const program = ts.createProgram([...files.values()], { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true, noEmit: true, types: ["node"] });
  const checker = program.getTypeChecker();
  const meanings = new Map<string, Map<string, string[]>>();
  const deprecated: string[] = [];
  let count = 0;
  for (const [entry, file] of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) throw new Error(`no source for ${entry}: ${file}`);
    const module = checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${file} is no module`);
    for (const exported of checker.getExportsOfModule(module)) {
      count++;
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const d of symbol.declarations ?? []) {
        if (ts.getJSDocTags(d).some((t) => t.tagName.text === "deprecated")) deprecated.push(`${entry}: ${exported.name}`);
      }
      const d = symbol.declarations?.[0];
      const where = d === undefined ? "?" : `${path.relative(ROOT, d.getSourceFile().fileName)}:${d.getSourceFile().getLineAndCharacterOfPosition(d.getStart()).line + 1}`;
      const byWhere = meanings.get(exported.name) ?? new Map<string, string[]>();
      meanings.set(exported.name, byWhere);
      byWhere.set(where, [...(byWhere.get(where) ?? []), entry]);
    }
  }
  return { meanings, deprecated, count };
}

describe("the public surface (issue 31)", () => {
  const reading = read();

  it("reads every entry's names (the check is not empty)", () => {
    expect(entries().size).toBeGreaterThanOrEqual(12);
    expect(reading.count).toBeGreaterThan(400);
    // a name two entries re-export from one declaration is one meaning
    expect(reading.meanings.get("UriSyntaxError")?.size).toBe(1);
    expect([...(reading.meanings.get("UriSyntaxError")?.values() ?? [])].flat().length).toBeGreaterThan(1);
  });

  it("has no name with two meanings, but those decided", () => {
    const two = [...reading.meanings].filter(([, m]) => m.size > 1).map(([name, m]) => `${name}: ${[...m].map(([where, e]) => `${e.join(", ")} (${where})`).join("; ")}`);
    expect(two.filter((t) => !(t.slice(0, t.indexOf(":")) in DECIDED))).toEqual([]);
    // each decided name still means two things: once it means one, it leaves the list
    expect(Object.keys(DECIDED).filter((name) => (reading.meanings.get(name)?.size ?? 0) < 2)).toEqual([]);
  });

  it("has no deprecated name", () => {
    expect(reading.deprecated).toEqual([]);
  });
});

// One meaning of "schemes" (issue 31): options.schemes of every function, and the word in a name,
// mean scheme records (a registry, or a list of schemes from uri-grammar/schemes; core/schemes-option.ts
// readSchemes). A value exported under such a name is what options.schemes takes: `defaultSchemes`
// was the §6.2.3 facts of http, https, ws and wss, which parse refused ("options.schemes must be a
// registry or a list of schemes ..., got an array").
describe("an exported value named for schemes is scheme records", () => {
  const modules: Readonly<Record<string, object>> = { ".": root, "./schemes": schemes, "./security": security, "./iri": iri, "./components": components, "./whatwg": whatwg, "./template": template };
  const named = Object.entries(modules).flatMap(([entry, m]) =>
    Object.entries(m).filter(([name, v]) => /(schemes|registry)$/i.test(name) && typeof v !== "function").map(([name, v]) => [`${entry} ${name}`, v] as const));

  it("finds some (the check is not empty)", () => {
    expect(named.map(([n]) => n)).toContain("./schemes defaultRegistry");
  });

  it.each(named)("%s: parse takes it as options.schemes", (_, v) => {
    expect(root.parse("http://a/", { schemes: v } as never).ok).toBe(true);
  });
});
