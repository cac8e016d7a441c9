// Build time: the generator of src/schemes/generated/grammars.ts. Loads each built-in scheme's
// ABNF of record (grammar/*.abnf, RFC 5234 with RFC 7405's %s) with the imports and departures its
// module states (`httpSource` in src/schemes/http.ts, ...), and writes what the loader made of it as expression data built with the
// algebra (expr.ts). Run by scripts/compile-grammars.mjs, and by test/schemes/precompiled.test.ts
// in memory to hold the committed module to the files. Nothing the package ships imports it.
import type { Expr } from "../../src/abnf/expr.js";
import { sameExpr } from "../../src/abnf/expr.js";
import type { Grammar } from "../../src/abnf/grammar.js";
import { readAbnfRules } from "../../src/abnf/reader.js";
import { core } from "../../src/grammars/core.js";
import * as dataModule from "../../src/schemes/data.js";
import * as fileModule from "../../src/schemes/file.js";
import * as httpModule from "../../src/schemes/http.js";
import { loadGrammar } from "../../src/schemes/load.js";
import * as mailtoModule from "../../src/schemes/mailto.js";
import { importsOf, type SchemeGrammarSource } from "../../src/schemes/precompiled.js";
import * as telModule from "../../src/schemes/tel.js";
import * as urnModule from "../../src/schemes/urn.js";
import * as wsModule from "../../src/schemes/ws.js";

/** The scheme modules that state the sources, by their file name in src/schemes/. */
const MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = { http: httpModule, ws: wsModule, mailto: mailtoModule, urn: urnModule, file: fileModule, data: dataModule, tel: telModule };

const isSource = (v: unknown): v is SchemeGrammarSource => typeof v === "object" && v !== null && typeof (v as SchemeGrammarSource).file === "string" && Array.isArray((v as SchemeGrammarSource).rfc3986);

/** Each source the scheme modules export (`httpSource`, ...), by its export in the generated module (`httpData`), with its module's file name (in MODULES' order, then by name). */
const SOURCES = Object.entries(MODULES).flatMap(([module, exports]) =>
  Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([name, v]) => (isSource(v) ? [{ data: name.replace(/Source$/, "Data"), module, name, source: v }] : [])),
);

/** The built-in scheme grammars by the name of their export in the generated module. */
export const precompiledSources: Readonly<Record<string, SchemeGrammarSource>> = Object.freeze(Object.fromEntries(SOURCES.map((s) => [s.data, s.source])));

/** The path of the generated module, from the package root. */
export const GENERATED_PATH = "src/schemes/generated/grammars.ts";

const hex = (n: number): string => `0x${n.toString(16).toUpperCase()}`;

/** `e` as TypeScript source made of the algebra's constructors; `used` collects their names. */
export function exprSource(e: Expr, used: Set<string> = new Set()): string {
  const call = (f: string, args: string): string => {
    used.add(f);
    return `${f}(${args})`;
  };
  switch (e.type) {
    case "lit":
      return call(e.caseSensitive ? "caseSensitive" : "lit", JSON.stringify(e.text));
    case "range":
      return call("range", e.lo === e.hi ? hex(e.lo) : `${hex(e.lo)}, ${hex(e.hi)}`);
    case "seq":
    case "alt":
      return call(e.type, e.items.map((x) => exprSource(x, used)).join(", "));
    case "rep": {
      const item = exprSource(e.item, used);
      if (e.min === 0 && e.max === 1) return call("opt", item);
      if (e.min === 0 && e.max === Infinity) return call("many", item);
      if (e.min === 1 && e.max === Infinity) return call("many1", item);
      return call("rep", `${e.min}, ${e.max === Infinity ? "Infinity" : e.max}, ${item}`);
    }
    case "ref":
      return call("ref", JSON.stringify(e.name));
    case "prose":
      return call("prose", JSON.stringify(e.text));
  }
}

/** What the generated module holds of one grammar. */
interface Precompiled {
  /** The text's own rules: name, expression, and the token flag where it is not the default. */
  readonly rules: readonly { readonly name: string; readonly expr: Expr; readonly token: boolean | undefined }[];
  readonly imported: readonly string[];
}

/**
 * What the loader makes of `text` with `source`'s imports and departures, split into the rules
 * the text defines and the names of those it takes from the imports or the core rules. Throws
 * when the result is not that (an imported rule renamed or changed on the way in).
 */
export function precompile(text: string, source: SchemeGrammarSource): Precompiled {
  const imports = importsOf(source);
  const g: Grammar = loadGrammar(text, { name: source.name, imports }, source.departures);
  const read = readAbnfRules(text);
  if (!read.ok) throw read.error;
  const own = (name: string): boolean => {
    const rule = read.value.get(name.toLowerCase());
    return rule !== undefined && rule.expr.type !== "prose"; // a prose rule is supplied by an import
  };
  const rules: { name: string; expr: Expr; token: boolean | undefined }[] = [];
  const imported: string[] = [];
  for (const name of g.ruleNames) {
    const def = g.require(name);
    if (own(name)) {
      // the token flag grammar() gives a bare expression: set for a rule of one character
      const byDefault = g.analysis.charSet(def.expr) !== null;
      rules.push({ name: def.name, expr: def.expr, token: def.token === byDefault ? undefined : def.token });
      continue;
    }
    const from = [...imports, core].map((i) => i.definition(name)).find((d) => d !== undefined);
    if (from === undefined || from.name !== def.name || from.token !== def.token || !sameExpr(from.expr, def.expr)) {
      throw new Error(`${source.file}: rule ${name} is not an import's rule as it stands; the generator cannot write it as a name`);
    }
    imported.push(def.name);
  }
  return { rules, imported };
}

const ruleKey = (name: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

/** The text of src/schemes/generated/grammars.ts, from the files of grammar/ that `read` returns by name. */
export function schemeGrammarsModule(read: (file: string) => string): string {
  const used = new Set<string>();
  const sources = new Map<string, string[]>(); // module -> the names of the sources it exports
  const blocks: string[] = [];
  for (const [exportName, source] of Object.entries(precompiledSources)) {
    const p = precompile(read(source.file), source);
    const at = SOURCES.find((s) => s.source === source) as (typeof SOURCES)[number];
    sources.set(at.module, [...(sources.get(at.module) ?? []), at.name]);
    const rules = p.rules.map((r) => {
      const expr = exprSource(r.expr, used);
      return `    ${ruleKey(r.name)}: ${r.token === undefined ? expr : `{ expr: ${expr}, token: ${r.token} }`},`;
    });
    blocks.push(
      [
        `/** grammar/${source.file} (${source.name}), loaded${source.departures.length > 0 ? " with its departures" : ""}: do not edit. */`,
        `export const ${exportName}: PrecompiledGrammar = {`,
        `  source: ${at.name},`,
        "  rules: {",
        ...rules,
        "  },",
        `  imported: [${p.imported.map((n) => JSON.stringify(n)).join(", ")}],`,
        "};",
      ].join("\n"),
    );
  }
  const files = Object.values(precompiledSources).map((s) => `grammar/${s.file}`);
  const header = [
    "// Generated by scripts/compile-grammars.mjs (scripts/compile/scheme-grammars.ts), do not edit: test/schemes/precompiled.test.ts holds it equal.",
    "// From the ABNF of record, each file loaded with the imports and departures its scheme module states:",
    `// ${files.join(", ")}.`,
    `import { ${[...used].sort().join(", ")} } from "../../abnf/expr.js";`,
    ...[...sources].sort(([a], [b]) => a.localeCompare(b)).map(([m, names]) => `import { ${names.sort().join(", ")} } from "../${m}.js";`),
    'import type { PrecompiledGrammar } from "../precompiled.js";',
  ];
  return `${header.join("\n")}\n\n${blocks.join("\n\n")}\n`;
}
