// Generates docs/ from the built package (run `npm run build` first):
//   docs/index.html           the grammars, how to read a diagram, the API reference, the playground
//   docs/grammar/<name>.html  every rule of every grammar: ABNF, railroad diagram, uses, used by
//   docs/style.css            the pages' style and the diagrams'
//   docs/api/                 the API reference (typedoc, typedoc.json)
// docs/playground/ is built apart and left alone.
//
//   node scripts/docs.mjs            write all of it
//   node scripts/docs.mjs --no-api   write the grammar reference only (no typedoc)
//   node scripts/docs.mjs --check    write nothing; exit 1 when a file of the grammar reference
//                                    is missing, stale or not made by this script
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { loadGrammars, sectionsFromSource } from "./docs/grammars.mjs";
import { grammarPage, indexPage, stylesheet } from "./docs/pages.mjs";
import { moduleNames } from "./docs/typedoc-plugin.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const docs = path.join(root, "docs");
const args = new Set(process.argv.slice(2));
for (const a of args) {
  if (!["--check", "--no-api"].includes(a)) {
    console.error(`docs: unknown option ${a} (use --check or --no-api)`);
    process.exit(2);
  }
}

if (!fs.existsSync(path.join(root, "dist", "diagrams.js"))) {
  console.error("docs: dist/diagrams.js is missing; run `npm run build` first");
  process.exit(2);
}

/** Every file of the grammar reference, by path under docs/. */
async function generate() {
  const { list, abnf } = await loadGrammars(root);
  const { diagram, diagramOf, diagramStyle } = await import(path.join(root, "dist", "diagrams.js"));
  const { sameExpr, referencedNames } = await import(path.join(root, "dist", "abnf", "expr.js"));
  const sections = await sectionsFromSource(root);
  const readExpr = (text) => {
    const r = abnf.readAbnfExpr(text);
    if (!r.ok) throw r.error;
    return r.value;
  };
  const files = new Map();
  for (const g of list) {
    files.set(`grammar/${g.slug}.html`, grammarPage(g, { all: list, sections, diagram, sameExpr, referencedNames, printExpr: abnf.printExpr, readExpr }));
  }

  const { lit, caseSensitive, range, seq, alt, opt, many, many1, rep, ref, prose, printExpr } = abnf;
  const examples = [
    [lit("ab"), 'a string; its letters match either case ("ab", "AB", "aB")'],
    [caseSensitive("aB"), "a string that matches in this case only (RFC 7405)"],
    [range(0x30, 0x39), "one character in a range of code points, with the characters shown where printable"],
    [ref("pchar"), "another rule (a link to it)"],
    [prose("described in words"), "prose: a rule described in words, supplied by another grammar"],
    [seq(ref("scheme"), lit(":")), "one after the other"],
    [alt(ref("IPv4address"), ref("reg-name")), "either (ABNF alternatives are unordered: any branch may match)"],
    [opt(seq(lit("?"), ref("query"))), "optional"],
    [many(ref("pchar")), "any number of times, none included"],
    [many1(ref("HEXDIG")), "once or more"],
    [rep(3, 3, ref("DIGIT")), "exactly 3 times: the loop is labelled"],
    [rep(1, 4, ref("HEXDIG")), "1 to 4 times"],
    [rep(0, 6, seq(ref("h16"), lit(":"))), "at most 6 times (none included)"],
    [rep(2, Infinity, ref("ALPHA")), "2 or more times"],
  ];
  const legend = examples.map(([e, text]) => [printExpr(e), text, diagramOf(e, { standalone: false, href: "grammar/rfc3986.html#{name}" })]);

  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const typedoc = JSON.parse(fs.readFileSync(path.join(root, "typedoc.json"), "utf8"));
  const names = moduleNames(pkg);
  const exportsList = typedoc.entryPoints.map((p) => {
    const d = p.replace(/^src\//, "").replace(/\.ts$/, "").replace(/\/index$/, "");
    return names.get(d) ?? `${pkg.name}/${d}`;
  });
  files.set("index.html", indexPage({ list, legend, exports: exportsList }));
  files.set("style.css", stylesheet(diagramStyle));
  return files;
}

/** The files under docs/ this script owns (all but api/ and playground/). */
function ownedOnDisk() {
  const out = [];
  const walk = (dir, rel) => {
    if (!fs.existsSync(dir)) return;
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel === "" ? d.name : `${rel}/${d.name}`;
      if (rel === "" && (d.name === "api" || d.name === "playground")) continue;
      if (d.name.endsWith(".md")) continue; // written by hand (docs/testing.md)
      if (d.isDirectory()) walk(path.join(dir, d.name), r);
      else out.push(r);
    }
  };
  walk(docs, "");
  return out;
}

const files = await generate();

if (args.has("--check")) {
  const problems = [];
  for (const [rel, text] of files) {
    const p = path.join(docs, rel);
    if (!fs.existsSync(p)) problems.push(`missing: docs/${rel}`);
    else if (fs.readFileSync(p, "utf8") !== text) problems.push(`stale: docs/${rel}`);
  }
  for (const rel of ownedOnDisk()) if (!files.has(rel)) problems.push(`not generated: docs/${rel}`);
  if (problems.length > 0) {
    console.error(`${problems.join("\n")}\nRegenerate with: npm run build && node scripts/docs.mjs --no-api`);
    process.exit(1);
  }
  console.log(`docs: ${files.size} files up to date`);
  process.exit(0);
}

for (const rel of ownedOnDisk()) if (!files.has(rel)) fs.rmSync(path.join(docs, rel));
for (const [rel, text] of files) {
  const p = path.join(docs, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  if (!fs.existsSync(p) || fs.readFileSync(p, "utf8") !== text) fs.writeFileSync(p, text);
}
console.log(`docs: wrote ${files.size} files of the grammar reference`);

if (!args.has("--no-api")) {
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve("typedoc/package.json")), "bin", "typedoc");
  execFileSync(process.execPath, [bin, "--options", path.join(root, "typedoc.json")], { cwd: root, stdio: "inherit" });
}
