// The layers of src/ (docs/guide/performance.md, "Layout"; the developers' guide: layers call
// downwards only, transforms never import parsers, the core never imports schemes), read from the
// import graph of the source: no file imports a file of a higher layer, and no files import one
// another in a cycle. Every file of src/ belongs to a layer, so a new file or folder is placed
// here on purpose. Type-only imports (erased when compiled) count for cycles, not for layers.
import * as fs from "node:fs";
import * as path from "node:path";

const SRC = path.resolve(__dirname, "../src");

/** The layers, lowest first: a file may import its own layer's files and lower layers' only. */
const LAYERS: readonly { readonly name: string; readonly files: readonly RegExp[] }[] = [
  { name: "compiled data and the code-point set algebra", files: [/^compiled\//, /^abnf\/charset\.ts$/] },
  {
    name: "foundation: results, errors, argument checks, character classes, the scheme table",
    files: [/^result\.ts$/, /^describe\.ts$/, /^width\.ts$/, /^utf8-table\.ts$/, /^percent-encoding\.ts$/, /^charsets\.ts$/, /^core\/scheme-table\.ts$/, /^password\.ts$/, /^errors\.ts$/],
  },
  { name: "AST nodes", files: [/^ast\//] },
  { name: "core: the match pipeline, values, arguments", files: [/^core\//] },
  { name: "transforms (RFC 3986 §5, §6 over nodes)", files: [/^transforms\//] },
  {
    // expression form -> automaton -> lazy DFA -> whole, longest and derivation (issue 30): what a
    // matcher on the automata alone imports; the reader, calls.ts and the messages layer on top
    name: "the ABNF engine's automaton core",
    files: [/^abnf\/(expr|analysis|automaton|grammar-errors|dfa|dfa-run|derivation|labels|compiled|dfa-engine|state-sets)\.ts$/],
  },
  { name: "the ABNF engine and the RFC grammars as values", files: [/^abnf\//, /^grammars\//, /^rules\//] },
  { name: "the scheme kernel: what a scheme is without its grammar value", files: [/^schemes\/kernel\.ts$/] },
  { name: "the main entry: parse, the operations, components, the builder", files: [/^parse\.ts$/, /^operations\.ts$/, /^index\.ts$/, /^components\.ts$/, /^uri-builder\.ts$/] },
  {
    name: "floors: schemes, IRIs, WHATWG, security, templates, diagrams",
    files: [/^schemes\//, /^iri\//, /^whatwg\//, /^security\//, /^security\.ts$/, /^template\//, /^diagrams\.ts$/],
  },
  { name: "the command line", files: [/^cli\//, /^cli\.ts$/, /^cli-worker\.ts$/] },
];

/**
 * Cycles that are known and owned by an open issue, each to be removed by it: the test fails on
 * any other cycle, and on one of these once it is gone (so the list only shrinks).
 */
const KNOWN_CYCLES: readonly { readonly files: readonly string[]; readonly owner: string }[] = [
];

interface Edge {
  readonly to: string;
  readonly typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(path.relative(SRC, p).split(path.sep).join("/"));
  }
  return out.sort();
}

/** The relative imports of a file: `import`, `export ... from`, side-effect and dynamic imports. */
function importsOf(file: string): Edge[] {
  const text = fs.readFileSync(path.join(SRC, file), "utf8");
  const edges: Edge[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?(?:[^;"]*?\sfrom\s+)?"(\.[^"]+)"|\bimport\(\s*"(\.[^"]+)"\s*\)/gm;
  for (const m of text.matchAll(pattern)) {
    const spec = m[3] ?? m[4] ?? "";
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, ".ts");
    edges.push({ to: target, typeOnly: m[2] !== undefined });
  }
  return edges;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)] as const));
const layerOf = (file: string): number => LAYERS.findIndex((l) => l.files.some((re) => re.test(file)));

/** The strongly connected components with more than one file (Tarjan), each sorted. */
function cycles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

describe("the import graph of src/", () => {
  it("reads the files and their imports (the check is not empty)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get("index.ts")?.map((e) => e.to)).toContain("parse.ts");
    expect(graph.get("whatwg/parse.ts")?.some((e) => e.to === "parse.ts")).toBe(true);
  });

  it("places every file in a layer", () => {
    expect(files.filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it("every import resolves to a file of src/", () => {
    const missing = files.flatMap((f) => (graph.get(f) ?? []).filter((e) => !graph.has(e.to)).map((e) => `${f} -> ${e.to}`));
    expect(missing).toEqual([]);
  });

  it("has no import from a lower layer to a higher one", () => {
    const upward: string[] = [];
    for (const f of files) {
      for (const e of graph.get(f) ?? []) {
        if (e.typeOnly || !graph.has(e.to)) continue;
        if (layerOf(e.to) > layerOf(f)) upward.push(`${f} (${LAYERS[layerOf(f)]?.name}) -> ${e.to} (${LAYERS[layerOf(e.to)]?.name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("has no file cycle, but the known ones their issues remove", () => {
    const known = KNOWN_CYCLES.map((c) => [...c.files].sort().join(" "));
    const found = cycles().map((c) => c.join(" "));
    expect(found.filter((c) => !known.includes(c))).toEqual([]);
    // a known cycle that is gone leaves the list
    expect(KNOWN_CYCLES.filter((c) => !found.includes([...c.files].sort().join(" "))).map((c) => `${c.files.join(" <-> ")} is gone: remove it from KNOWN_CYCLES (${c.owner})`)).toEqual([]);
  });
});
