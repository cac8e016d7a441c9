// The built package (dist/, made by `npm run build` before the tests) loads in plain Node by its
// own name through the "exports" map, with both `import` and `require`.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "..");
const node = (args: string[]): string => execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" }).trim();

const program = `
  const r = rules.ipv6address.parse("::ffff:1.2.3.4");
  const seg = rules.rule("segment-nz-nc").parse("a@b");
  const u = main.parse("http://a/b?c");
  console.log(JSON.stringify([r.value.pieces, seg.value, u.value.authority.host.text, rules.P === undefined]));
`;
const expected = JSON.stringify([[0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304], "a@b", "a", true]);

describe("the built package", () => {
  beforeAll(() => {
    expect(fs.existsSync(path.join(root, "dist/index.js"))).toBe(true);
  });

  it("loads with import", () => {
    const out = node(["--input-type=module", "-e", `import * as main from "uri-grammar"; import * as rules from "uri-grammar/rules"; ${program}`]);
    expect(out).toBe(expected);
  });

  it("loads with require", () => {
    const out = node(["--no-warnings", "-e", `const main = require("uri-grammar"); const rules = require("uri-grammar/rules"); ${program}`]);
    expect(out).toBe(expected);
  });

  const abnfProgram = `
    const g = abnf.grammar({ NID: abnf.seq(abnf.ref("alphanum"), abnf.rep(0, 30, abnf.ref("ldh")), abnf.ref("alphanum")),
      ldh: abnf.alt(abnf.ref("alphanum"), abnf.lit("-")), alphanum: abnf.alt(abnf.ref("ALPHA"), abnf.ref("DIGIT")) },
      { imports: [abnf.core.pick("ALPHA", "DIGIT")] });
    const loaded = abnf.grammarFromAbnf('x = 1*DIGIT "." 1*DIGIT').value;
    console.log(JSON.stringify([g.isValid("isbn", "NID"), g.rule("NID").tryParse("isbn"), loaded.isValid("1.25", "x"), typeof abnf.rfc3986.rule]));
  `;
  const abnfExpected = JSON.stringify([true, "isbn", true, "function"]);

  it("exposes the algebra at uri-grammar/abnf, with import and with require", () => {
    expect(node(["--input-type=module", "-e", `import * as abnf from "uri-grammar/abnf"; ${abnfProgram}`])).toBe(abnfExpected);
    expect(node(["--no-warnings", "-e", `const abnf = require("uri-grammar/abnf"); ${abnfProgram}`])).toBe(abnfExpected);
  });

  const iriProgram = `
    const u = iri.iriToUriOrThrow("http://r\u00e9sum\u00e9.example.org/D\u00fcrst", { idna: true });
    const i = iri.uriToIriOrThrow("http://www.example.org/D%C3%BCrst");
    console.log(JSON.stringify([main.serialize(u), main.serialize(i), iri.toDisplayString("http://xn--bcher-kva.example/"), typeof iri.IdnaError]));
  `;
  const iriExpected = JSON.stringify(["http://xn--rsum-bpad.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst", "http://b\u00fccher.example/", "function"]);

  it("exposes the RFC 3987 mappings at uri-grammar/iri, with import and with require", () => {
    expect(node(["--input-type=module", "-e", `import * as main from "uri-grammar"; import * as iri from "uri-grammar/iri"; ${iriProgram}`])).toBe(iriExpected);
    expect(node(["--no-warnings", "-e", `const main = require("uri-grammar"); const iri = require("uri-grammar/iri"); ${iriProgram}`])).toBe(iriExpected);
  });

  const schemesProgram = `
    const m = schemes.mailto.parseOrThrow("mailto:chris@example.com?subject=hi");
    const r = main.parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", { schemes: schemes.defaultRegistry });
    console.log(JSON.stringify([m.subject, r.value.scheme.uuid.version, main.equivalent("urn:ISBN:1", "urn:isbn:1", { schemes: schemes.defaultRegistry }).value, schemes.defaultRegistry.names.length]));
  `;
  const schemesExpected = JSON.stringify(["hi", 1, true, 9]);

  it("exposes the schemes at uri-grammar/schemes, with import and with require", () => {
    expect(node(["--input-type=module", "-e", `import * as main from "uri-grammar"; import * as schemes from "uri-grammar/schemes"; ${schemesProgram}`])).toBe(schemesExpected);
    expect(node(["--no-warnings", "-e", `const main = require("uri-grammar"); const schemes = require("uri-grammar/schemes"); ${schemesProgram}`])).toBe(schemesExpected);
  });

  it("exports single rules that compose with the user's own parsimmon", () => {
    const out = node([
      "--input-type=module",
      "-e",
      `import P from "parsimmon"; import { scheme } from "uri-grammar/rules";
       console.log(P.seq(scheme, P.string(":")).tryParse("urn:").join(""), P.isParser(scheme));`,
    ]);
    expect(out).toBe("urn: true");
  });

  // scripts/bundle.mjs: what package.json names is dist/bundle/, made from tsc's dist/ by esbuild.
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    exports: Record<string, string | { default: string }>;
    main: string;
    bin: Record<string, string>;
  };
  const entries = Object.entries(pkg.exports).filter(([k]) => k !== "./package.json").map(([k, v]) => [k, typeof v === "string" ? v : v.default] as const);

  it("names bundled files only, each bundled from the module tsc wrote, with the same exports", () => {
    for (const t of [pkg.main, ...Object.values(pkg.bin), ...entries.map(([, v]) => v)]) expect(t).toMatch(/^\.\/dist\/bundle\/.+\.js$/);
    const compare = entries.map(([, v]) => [v, v.replace("./dist/bundle/", "./dist/")]);
    const out = node(["--input-type=module", "-e", `
      const pairs = ${JSON.stringify(compare)};
      const diff = [];
      for (const [b, d] of pairs) {
        const [x, y] = [await import(new URL(b, "file://${root}/")), await import(new URL(d, "file://${root}/"))];
        const [kx, ky] = [Object.keys(x).sort().join(), Object.keys(y).sort().join()];
        if (kx !== ky) diff.push(b);
      }
      console.log(JSON.stringify(diff));`]);
    expect(out).toBe("[]");
  });

  // A stack trace, a profile and `console.log` show a function's or class's own name: each export
  // keeps the name it is exported by, in the bundled files (esbuild renames a top-level name that
  // two bundled modules declare, and names a class that refers to itself `_X`) as in tsc's.
  it("keeps each exported function's and class's name: .name is the name it is exported by", () => {
    const files = entries.flatMap(([, v]) => [v, v.replace("./dist/bundle/", "./dist/")]);
    const out = node(["--input-type=module", "-e", `
      const wrong = [];
      for (const f of ${JSON.stringify(files)}) {
        const m = await import(new URL(f, "file://${root}/"));
        for (const [name, value] of Object.entries(m)) if (typeof value === "function" && value.name !== name) wrong.push(f + " " + name + ": " + value.name);
      }
      console.log(JSON.stringify(wrong));`]);
    expect(JSON.parse(out)).toEqual([]);
  });

  it("shares one module of each kind between entries: an error class is the one every entry throws", () => {
    const out = node(["--input-type=module", "-e", `
      import { validate, UriSyntaxError } from "uri-grammar";
      import { rule } from "uri-grammar/rules";
      import { UnknownRuleError, rfc3986 } from "uri-grammar/abnf";
      const caught = (f) => { try { f() } catch (e) { return e } };
      const r = rfc3986.validate("http://[", "URI");
      console.log(JSON.stringify([caught(() => rule("segmnt")) instanceof UnknownRuleError, caught(() => validate("x", "hots")) instanceof UnknownRuleError,
        r.ok === false && r.error instanceof UriSyntaxError]));`]);
    expect(out).toBe(JSON.stringify([true, true, true]));
  });

  // What a bundle of a few functions ships is what their code names (bench/SIZE.md): the main
  // entry's normalization uses RFC 8089 §2's file grammar, not Appendix F's (as big as the other
  // eight scheme grammars together), which only uri-grammar/schemes' fileScheme({ appendixE })
  // reads; parse does not load the character tables of src/charsets.ts, and normalize and
  // equivalent load RFC 3986's alone (issue 34: RFC 3987's ranges, [[160,55295],...], stay out).
  it("ships a grammar's data, or a table, only in the bundles whose code uses it", () => {
    const out = node(["--input-type=module", "-e", `
      import * as esbuild from "esbuild";
      const m = await import(${JSON.stringify(path.join(root, "dist/compiled/schemes.js"))});
      const others = Object.entries(m).filter(([k]) => k !== "fileAppendixE").map(([, v]) => v).join("\\n");
      // a stretch of Appendix F's tables that no other grammar's data holds
      const marker = JSON.parse(m.fileAppendixE).rules.flatMap((r) => r.table.match(/[!#-&(-\\[\\]-~]{40}/g) ?? []).find((w) => !others.includes(w));
      const bundle = async (contents) => (await esbuild.build({ stdin: { contents, resolveDir: "${root}" }, bundle: true, minify: true, write: false, format: "esm", platform: "browser", logLevel: "silent" })).outputFiles[0].text;
      const main = await bundle('export { normalize, equivalent, serialize } from "./dist/bundle/index.js";');
      const schemes = await bundle('export { fileScheme } from "./dist/bundle/schemes/index.js";');
      const parse = await bundle('export { parse } from "./dist/bundle/index.js";');
      const tables = /\\[\\[160,55295\\]/;
      console.log(JSON.stringify([typeof marker, main.includes(marker), schemes.includes(marker), tables.test(parse), tables.test(main)]));`]);
    expect(JSON.parse(out)).toEqual(["string", false, true, false, false]);
  });

  // Node loads the whole static import graph of an entry, and compiling its source is most of a
  // cold start: the main entry's graph holds no built-in scheme grammar's data (82 KB of source,
  // src/compiled/schemes.ts), which only the scheme modules read (issue 34).
  it("loads no scheme grammar's data with the main entry in Node", () => {
    const graph = new Set<string>();
    const visit = (file: string): void => {
      if (graph.has(file)) return;
      graph.add(file);
      for (const m of fs.readFileSync(file, "utf8").matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) visit(path.resolve(path.dirname(file), m[1]!));
    };
    visit(path.join(root, "dist/bundle/index.js"));
    // and few files: Node reads and compiles them one by one (scripts/bundle.mjs merges the main
    // entry's chunks into chunks/core.js); the entry and its one chunk
    expect([...graph].map((f) => path.relative(path.join(root, "dist/bundle"), f))).toEqual(["index.js", path.join("chunks", "core.js")]);
    const texts = [...graph].map((f) => fs.readFileSync(f, "utf8"));
    expect(texts.some((t) => t.includes("REFERENCE_RULES"))).toBe(true);
    expect(texts.filter((t) => /var (http|fileAppendixE) = /.test(t))).toEqual([]);
    const schemes = new Set<string>();
    visit(path.join(root, "dist/bundle/schemes/index.js"));
    for (const f of graph) if (/var fileAppendixE = /.test(fs.readFileSync(f, "utf8"))) schemes.add(f);
    expect(schemes.size).toBe(1);
  });

  // The merged chunk is shared by every entry: a user's bundler keeps of it only what the code it
  // bundles calls, which needs every top-level statement of it to be free of side effects (a
  // prototype changed at import, a call not marked pure): bundled for its side effects alone
  // (from outside the package, so that "sideEffects": false does not drop it whole), it is empty.
  it("merges the main entry's chunks into one that has no side effects at import", () => {
    const out = node(["--input-type=module", "-e", `
      import * as esbuild from "esbuild";
      import * as fs from "node:fs";
      import * as os from "node:os";
      import * as path from "node:path";
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uri-grammar-core-"));
      fs.copyFileSync(${JSON.stringify(path.join(root, "dist/bundle/chunks/core.js"))}, path.join(dir, "core.js"));
      const r = await esbuild.build({ stdin: { contents: 'import "./core.js";', resolveDir: dir }, bundle: true, write: false, format: "esm", platform: "browser", logLevel: "silent", external: ["parsimmon", "tr46"] });
      fs.rmSync(dir, { recursive: true, force: true });
      console.log(JSON.stringify(r.outputFiles[0].text.replace(/^\\/\\/ .*\\n/gm, "").trim()));`]);
    expect(JSON.parse(out)).toBe("");
  });

  it("bundles into a user's app without a warning (no bare chunk imports for \"sideEffects\": false to drop)", () => {
    const files = entries.map(([, v]) => v);
    const out = node(["--input-type=module", "-e", `
      import * as esbuild from "esbuild";
      const warnings = [];
      for (const f of ${JSON.stringify(files)}) {
        const r = await esbuild.build({ stdin: { contents: "export * from " + JSON.stringify(new URL(f, "file://${root}/").pathname) + ";", resolveDir: "${root}" },
          bundle: true, write: false, format: "esm", platform: "browser", logLevel: "silent", external: ["tr46", "whatwg-url", "commander", "railroad-diagrams", "parsimmon", "tldts", "ipaddr.js", "node:*"] });
        warnings.push(...r.warnings.map((w) => f + ": " + w.text));
      }
      console.log(JSON.stringify(warnings));`]);
    expect(JSON.parse(out)).toEqual([]);
  });
});
