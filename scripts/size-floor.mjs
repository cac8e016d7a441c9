// How small `{ parse }` could be (issue 19's bundle targets): the package's own parse pipeline for
// URI-reference alone, bundled as scripts/size.mjs bundles the entries (esbuild, ESM, platform
// "browser", minified, gzip -9), next to what the main entry's `parse` ships and to fast-uri.
//
//   node scripts/size-floor.mjs            (needs dist/: npm run build)
//
// The floor keeps what a parse of a URI reference cannot do without: the compiled automaton of
// URI-reference (src/compiled/uri.ts) with the rules it calls and reads (IP-literal, and
// IPv4address, which tells a host's kind), only the labels of their "expected" lists, the
// automaton's runner (src/compiled/dfa.ts), the AST's views (src/ast/make.ts) and the syntax error
// with its diagnostic (src/core/match.ts, src/errors.ts). It drops the other 61 rules, which
// `parse(s, rule)` needs for every rule name it accepts. Prints a Markdown table.
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleBrowser, root } from "./browser-bundle.mjs";

const dist = (f) => path.join(root, "dist", f);
const { REFERENCE_RULES, IRI_REFERENCE_RULES, OTHER_RULES } = await import(pathToFileURL(dist("compiled/uri.js")).href);

/** A compiled grammar of no rules (what the parts a bundle does not name stand for). */
const EMPTY = '{ labels: [], labelSets: "", asciiMaps: [], wideMaps: [], rules: [] }';

const FLOOR_RULES = ["URI-reference", "IP-literal", "IPv4address"];
// the first part of src/compiled/uri.ts is these three rules alone (issue 34)
const data = REFERENCE_RULES;

// parse(s) of src/parse.ts without the other rules, the options and the input-length limit
const floorEntry = `
import { referenceGrammar } from ${JSON.stringify(dist("compiled/index.js"))};
import { referenceFromRun, parsedReference } from ${JSON.stringify(dist("ast/make.js"))};
import { referenceOffsets } from ${JSON.stringify(dist("core/values.js"))};
import { failureError } from ${JSON.stringify(dist("core/match.js"))};
const rule = referenceGrammar.rule("URI-reference");
const RUN = new Int32Array(7);
export function parse(s) {
  if (typeof s !== "string") throw new TypeError("parse: the input must be a string");
  const k = rule.testReference(s, RUN);
  if (k === 1) return { ok: true, value: referenceFromRun(s, RUN) };
  if (k === 2 && rule.test(s)) return { ok: true, value: parsedReference(s, 0, s.length, referenceOffsets(s, 0, s.length)) };
  return { ok: false, error: failureError(s, "URI-reference", rule.failure(s)) };
}`;

/** Replaces the compiled RFC 3986/3987 data that src/compiled/index.ts imports with `d` (and no other rule). */
const withData = (d) => ({
  name: "cut-data",
  setup(b) {
    b.onResolve({ filter: /^\.\/uri\.js$/ }, (a) => (a.importer.endsWith(path.join("compiled", "index.js")) ? { path: "cut-uri-data", namespace: "cut" } : undefined));
    b.onLoad({ filter: /.*/, namespace: "cut" }, () => ({ contents: `export const REFERENCE_RULES = JSON.parse(${JSON.stringify(JSON.stringify(d))}); export const IRI_REFERENCE_RULES = ${EMPTY}; export const OTHER_RULES = ${EMPTY};`, loader: "js" }));
  },
});

async function gz(options) {
  const r = await bundleBrowser({ minify: true, ...options });
  const out = r.outputFiles[0].contents;
  return { min: out.length, gzip: gzipSync(out, { level: 9 }).length, text: new TextDecoder().decode(out) };
}

const floor = await gz({ stdin: floorEntry, plugins: [withData(data)] });
const dataOnly = await gz({ stdin: `export const D = JSON.parse(${JSON.stringify(JSON.stringify(data))});` });
const allData = await gz({ stdin: `export { REFERENCE_RULES, IRI_REFERENCE_RULES, OTHER_RULES } from ${JSON.stringify(dist("compiled/uri.js"))};` });
const iriData = await gz({ stdin: `export { IRI_REFERENCE_RULES } from ${JSON.stringify(dist("compiled/uri.js"))};` });
const main = await gz({ stdin: `export { parse } from "uri-grammar";` });
const fastUri = await gz({ stdin: `export { parse } from "fast-uri";` });

// The five functions of issue 34 (what a typical app imports), and what they are made of: their
// code with no compiled data at all (every automaton replaced by an empty module: the size
// without the 64 rules and the scheme grammars, which no bundle that keeps today's answers can
// drop), and the scheme grammars' data that normalize's and equivalent's default (every built-in
// scheme, RFC 3986 §6.2.3) reads.
const FIVE = "parse, resolve, normalize, serialize, equivalent";
const noData = {
  name: "no-data",
  setup(b) {
    b.onResolve({ filter: /^\.\/(uri|schemes)\.js$/ }, (a) => (a.importer.endsWith(path.join("compiled", "index.js")) ? { path: a.path, namespace: "empty" } : undefined));
    b.onLoad({ filter: /.*/, namespace: "empty" }, (a) => ({ contents: a.path.includes("uri") ? `export const REFERENCE_RULES = ${EMPTY}, IRI_REFERENCE_RULES = ${EMPTY}, OTHER_RULES = ${EMPTY};` : "export {};", loader: "js" }));
  },
};
const five = await gz({ stdin: `export { ${FIVE} } from "uri-grammar";` });
const fiveCode = await gz({ stdin: `export { ${FIVE} } from ${JSON.stringify(dist("index.js"))};`, plugins: [noData] });
const parseCode = await gz({ stdin: `export { parse } from ${JSON.stringify(dist("index.js"))};`, plugins: [noData] });
const SCHEME_KEYS = ["http", "ws", "mailto", "urn", "uuid", "file", "data", "tel"];
const schemeData = await gz({ stdin: `export { ${SCHEME_KEYS.join(", ")} } from ${JSON.stringify(dist("compiled/schemes.js"))};` });

// the floor must parse and explain as the package does
const mod = await import(`data:text/javascript;base64,${Buffer.from(floor.text).toString("base64")}`);
const { parse } = await import(pathToFileURL(dist("index.js")).href);
for (const s of ["http://a/b/c/d;p?q", "//[v1.x]:80/?#", "http://[::1]/", "a b", "http://host:port/", "http://[::1/"]) {
  const a = mod.parse(s);
  const b = parse(s);
  const same = a.ok ? b.ok && JSON.stringify(a.value) === JSON.stringify(b.value) : !b.ok && a.error.message === b.error.message;
  if (!same) throw new Error(`size-floor: the floor's parse differs from the package's on ${JSON.stringify(s)}`);
}

const kb = (n) => (n / 1000).toFixed(1);
console.log([
  "| bundle | minified | gzip -9 |",
  "| --- | ---: | ---: |",
  `| \`{ parse }\` of the main entry (URI-reference's automaton; parseRule reads the others) | ${kb(main.min)} KB | ${kb(main.gzip)} KB |`,
  `| the automata of the 64 rules alone (\`compiled/uri.js\`, its three parts) | ${kb(allData.min)} KB | ${kb(allData.gzip)} KB |`,
  `| IRI-reference's automaton alone (what a string beyond US-ASCII is read as: the five functions ship it) | ${kb(iriData.min)} KB | ${kb(iriData.gzip)} KB |`,
  `| floor: parse of URI-reference alone (${FLOOR_RULES.join(", ")}) | ${kb(floor.min)} KB | ${kb(floor.gzip)} KB |`,
  `| its automata alone | ${kb(dataOnly.min)} KB | ${kb(dataOnly.gzip)} KB |`,
  `| fast-uri's \`{ parse }\` | ${kb(fastUri.min)} KB | ${kb(fastUri.gzip)} KB |`,
  `| \`{ parse }\`'s code, no compiled data | ${kb(parseCode.min)} KB | ${kb(parseCode.gzip)} KB |`,
  `| \`{ ${FIVE} }\` of the main entry | ${kb(five.min)} KB | ${kb(five.gzip)} KB |`,
  `| their code, no compiled data | ${kb(fiveCode.min)} KB | ${kb(fiveCode.gzip)} KB |`,
  `| the scheme grammars \`{ schemes: defaultRegistry }\` reads (${SCHEME_KEYS.join(", ")}), data alone | ${kb(schemeData.min)} KB | ${kb(schemeData.gzip)} KB |`,
].join("\n"));
