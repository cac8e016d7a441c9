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
  /** Each option name (a property of an exported function's options argument, an object type): its types, each with the functions ("entry name"). */
  readonly options: Map<string, { readonly type: ts.Type; readonly decl: ts.Declaration | undefined; readonly fns: string[] }[]>;
  readonly checker: ts.TypeChecker;
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
  const options: Reading["options"] = new Map();
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
      if (d !== undefined && symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) readOptionNames(checker, symbol, d, `${entry} ${exported.name}`, options);
    }
  }
  return { meanings, options, checker, deprecated, count };
}

/**
 * The options of the function `symbol` (an argument named options, or typed `...Options`; each
 * object member of a union), each property's type (undefined taken off) added to `out` under its name.
 */
function readOptionNames(checker: ts.TypeChecker, symbol: ts.Symbol, d: ts.Declaration, fn: string, out: Reading["options"]): void {
  for (const sig of checker.getTypeOfSymbolAtLocation(symbol, d).getCallSignatures()) {
    for (const p of sig.getParameters()) {
      const pd = p.valueDeclaration;
      if (pd === undefined || (ts.isParameter(pd) && pd.dotDotDotToken !== undefined)) continue;
      const whole = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(p, pd));
      for (const t of whole.isUnion() ? whole.types : [whole]) {
        if (!(t.flags & ts.TypeFlags.Object) || checker.isArrayType(t) || checker.isTupleType(t) || t.getCallSignatures().length > 0) continue;
        if (!/options/i.test(p.name) && !/Options/.test(checker.typeToString(t))) continue;
        for (const prop of t.getProperties()) {
          const declared = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(prop, prop.valueDeclaration ?? pd));
          // a type parameter (parse's rule: N) as what it stands for
          const type = declared.flags & ts.TypeFlags.TypeParameter ? (checker.getBaseConstraintOfType(declared) ?? declared) : declared;
          const decl = prop.valueDeclaration;
          const list = out.get(prop.name) ?? [];
          out.set(prop.name, list);
          const same = list.find((x) => x.type === type);
          if (same === undefined) list.push({ type, decl, fns: [fn] });
          else if (!same.fns.includes(fn)) same.fns.push(fn);
        }
      }
    }
  }
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

  // One option name, one meaning: two functions' options of one name take related types (one's
  // values are the other's, as a list of schemes is what a registry-or-list option takes), never
  // unrelated ones (checkFetchTarget's options.schemes, a list of names, beside parse's, scheme records).
  it("gives an option name related types in every function that has it", () => {
    const { checker } = reading;
    const related = (a: ts.Type, b: ts.Type): boolean => checker.isTypeAssignableTo(a, b) || checker.isTypeAssignableTo(b, a);
    const clashes: string[] = [];
    for (const [name, types] of reading.options) {
      for (const [i, a] of types.entries()) {
        for (const b of types.slice(i + 1)) {
          // (one declaration, as a generic interface's in two overloads, is one meaning)
          if ((a.decl === undefined || a.decl !== b.decl) && !related(a.type, b.type)) clashes.push(`${name}: ${checker.typeToString(a.type)} (${a.fns.join(", ")}) and ${checker.typeToString(b.type)} (${b.fns.join(", ")})`);
        }
      }
    }
    expect(clashes).toEqual([]);
    // (the check reads options: schemes is in several functions')
    expect(reading.options.get("schemes")?.flatMap((t) => t.fns)).toEqual(expect.arrayContaining([". parse", ". resolve", ". normalize", ". equivalent"]));
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
