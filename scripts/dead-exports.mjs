// Lists what in src/ nothing reaches, with the TypeScript compiler API (issue 31: "src/ smaller
// with nothing lost" starts with what is truly unused).
//
//   node scripts/dead-exports.mjs [--json] [--under src/dir]
//
// One program over tsconfig.test.json (src/, test/ and scripts/compile). Every identifier of every
// file is resolved to the declaration it names (through imports and re-exports); a name counts as
// used when a file other than its own names it. The public surface counts as used: every name the
// entries of package.json's "exports" and "bin" export (and the worker scripts bundle.mjs starts).
// The JavaScript files (scripts/, bench/, test/ .mjs/.js) import dist/, which this program does not
// see: a name that occurs there as a word counts as used too (a word match, so it may keep a name
// alive that is not; it never calls a used name dead).
//
// It prints, per file:
//   dead       an export nothing names, not even its own file: the declaration can go;
//   local      an export only its own file names: the `export` keyword can go (no line);
//   tests      an export only tests (or scripts) name: live only if its own file uses it too.
// and, over all src/: the top-level declarations no package entry reaches (unreached), and the
// optional parameters of internal functions that no call in src/ passes (param-unused).
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const asJson = args.includes("--json");
const underAt = args.indexOf("--under");
const under = underAt >= 0 ? path.resolve(root, args[underAt + 1]) : path.join(root, "src");

const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.test.json"), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  },
});
const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
const checker = program.getTypeChecker();
const srcDir = path.join(root, "src") + path.sep;
const isSrc = (f) => f.startsWith(srcDir) && !f.endsWith(".d.ts");
const isTest = (f) => !isSrc(f);

/** The src/ modules package.json and bundle.mjs name as entries. */
function entryFiles() {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const targets = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (subpath === "./package.json") continue;
    targets.push(typeof target === "string" ? target : target.default);
  }
  targets.push(pkg.main, ...Object.values(pkg.bin ?? {}));
  const bundle = readFileSync(path.join(root, "scripts/bundle.mjs"), "utf8");
  const workers = /const WORKERS = \[([^\]]*)\]/.exec(bundle)?.[1] ?? "";
  const splits = /const SPLIT_POINTS = \[([^\]]*)\]/.exec(bundle)?.[1] ?? "";
  for (const m of `${workers},${splits}`.matchAll(/"([^"]+)"/g)) targets.push(`./dist/bundle/${m[1]}.js`);
  return new Set(
    targets
      .filter((t) => typeof t === "string")
      .map((t) => path.join(root, t.replace(/^\.\/dist\/(bundle\/)?/, "src/").replace(/\.js$/, ".ts"))),
  );
}

/** Every word of the JavaScript files that import dist/ (scripts, bench, test helpers). */
function javascriptWords() {
  const words = new Set();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(mjs|cjs|js)$/.test(name)) {
        for (const w of readFileSync(full, "utf8").match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(w);
      }
    }
  };
  for (const dir of ["scripts", "bench", "test"]) walk(path.join(root, dir));
  return words;
}

const resolve = (symbol) => {
  let s = symbol;
  for (let i = 0; i < 16 && s && s.flags & ts.SymbolFlags.Alias; i++) s = checker.getAliasedSymbol(s);
  return s;
};

/** symbol -> the files that name it (other than in its own declaration's name). */
const users = new Map();
const note = (symbol, file) => {
  if (!symbol) return;
  let files = users.get(symbol);
  if (!files) users.set(symbol, (files = new Set()));
  files.add(file);
};
const isDeclarationName = (node) => {
  const p = node.parent;
  return p && (ts.isDeclaration(p) || ts.isExportSpecifier(p)) && p.name === node && !ts.isExportSpecifier(p);
};
for (const sf of program.getSourceFiles()) {
  if (sf.isDeclarationFile || sf.fileName.includes("node_modules")) continue;
  const file = path.resolve(sf.fileName);
  const visit = (node) => {
    if (ts.isIdentifier(node) && ts.isShorthandPropertyAssignment(node.parent)) {
      // `{ a }` names the local a.
      note(checker.getShorthandAssignmentValueSymbol(node.parent), file);
    }
    if (ts.isIdentifier(node) && ts.isBindingElement(node.parent) && ts.isObjectBindingPattern(node.parent.parent)) {
      // `const { a } = await import("./m.js")` names m's a.
      const key = node.parent.propertyName ?? node.parent.name;
      if (ts.isIdentifier(key) && (node === key || !node.parent.propertyName)) {
        const property = checker.getTypeAtLocation(node.parent.parent).getProperty(key.text);
        if (property) {
          note(property, file);
          note(resolve(property), file);
        }
      }
    }
    if (ts.isIdentifier(node) && !isDeclarationName(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      if (symbol) {
        // An export specifier `export { a as b }` names a in this file; an import names its target.
        note(symbol, file);
        const target = resolve(symbol);
        if (target !== symbol) note(target, file);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

const entries = entryFiles();
const jsWords = javascriptWords();
/** The symbols an entry exports (resolved), public by definition. */
const publicSymbols = new Set();
for (const entry of entries) {
  const sf = program.getSourceFile(entry);
  if (!sf) {
    console.error(`dead-exports: entry ${path.relative(root, entry)} is not in the program`);
    continue;
  }
  const module = checker.getSymbolAtLocation(sf);
  if (!module) continue;
  for (const e of checker.getExportsOfModule(module)) {
    publicSymbols.add(e);
    publicSymbols.add(resolve(e));
  }
}

const report = [];
for (const sf of program.getSourceFiles()) {
  const file = path.resolve(sf.fileName);
  if (!isSrc(file) || !file.startsWith(under)) continue;
  const module = checker.getSymbolAtLocation(sf);
  if (!module) continue;
  for (const e of checker.getExportsOfModule(module)) {
    const target = resolve(e);
    if (publicSymbols.has(e) || publicSymbols.has(target)) continue;
    const declarations = target.declarations ?? [];
    // Only what this file declares itself (re-exports are judged at their own declaration, and here
    // as the export specifier's alias).
    const own = declarations.some((d) => path.resolve(d.getSourceFile().fileName) === file);
    const named = new Set([...(users.get(e) ?? []), ...(own ? users.get(target) ?? [] : [])]);
    const others = [...named].filter((f) => f !== file);
    const srcUsers = others.filter(isSrc);
    if (srcUsers.length > 0) continue;
    const name = e.getName();
    const line = declarations[0] ? sf.getLineAndCharacterOfPosition(declarations[0].getStart()).line + 1 : 0;
    const where = `${path.relative(root, file)}:${own ? line : "re-export"}`;
    const localUse = named.has(file) || (e !== target && (users.get(e) ?? new Set()).has(file));
    const testUsers = others.filter(isTest).map((f) => path.relative(root, f));
    if (testUsers.length > 0) {
      report.push({ kind: localUse ? "tests+local" : "tests", name, where, by: testUsers.slice(0, 3) });
    } else if (jsWords.has(name)) {
      report.push({ kind: "js-word", name, where });
    } else {
      report.push({ kind: localUse ? "local" : "dead", name, where });
    }
  }
}

/** Top-level declarations that are not exported and no file names. */
for (const sf of program.getSourceFiles()) {
  const file = path.resolve(sf.fileName);
  if (!isSrc(file) || !file.startsWith(under)) continue;
  for (const stmt of sf.statements) {
    const exported = ts.getCombinedModifierFlags(stmt) & ts.ModifierFlags.Export;
    if (exported) continue;
    const names = ts.isVariableStatement(stmt)
      ? stmt.declarationList.declarations.map((d) => d.name)
      : ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt) || ts.isInterfaceDeclaration(stmt) ||
          ts.isTypeAliasDeclaration(stmt) || ts.isEnumDeclaration(stmt)
        ? [stmt.name]
        : [];
    for (const n of names) {
      if (!n || !ts.isIdentifier(n)) continue;
      const symbol = checker.getSymbolAtLocation(n);
      if (!symbol || (users.get(symbol)?.size ?? 0) > 0) continue;
      const line = sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
      report.push({ kind: "unused-local", name: n.text, where: `${path.relative(root, file)}:${line}` });
    }
  }
}

/**
 * Top-level declarations of src/ that no entry reaches: from what the entries export, and what
 * the top-level statements of the modules they import run, follow every name a declaration's
 * text uses to the top-level declaration it resolves to. What is left is reached only by tests
 * and scripts (or by nothing): code the package never runs.
 */
const topLevelOf = new Map(); // symbol -> its top-level statement
const statementsOf = new Map(); // statement -> the symbols of the top-level statements it names
for (const sf of program.getSourceFiles()) {
  const file = path.resolve(sf.fileName);
  if (!isSrc(file)) continue;
  for (const stmt of sf.statements) {
    const names = ts.isVariableStatement(stmt)
      ? stmt.declarationList.declarations.map((d) => d.name)
      : "name" in stmt && stmt.name && ts.isIdentifier(stmt.name)
        ? [stmt.name]
        : [];
    for (const n of names) {
      const symbol = ts.isIdentifier(n) ? checker.getSymbolAtLocation(n) : undefined;
      if (symbol) topLevelOf.set(symbol, stmt);
    }
  }
}
const namedBy = (stmt) => {
  let named = statementsOf.get(stmt);
  if (named) return named;
  named = new Set();
  const visit = (node) => {
    if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      for (const s of symbol ? [symbol, resolve(symbol)] : []) {
        const target = topLevelOf.get(s) ?? topLevelOf.get(resolve(s));
        if (target && target !== stmt) named.add(target);
        // a member named through a value (`x.f`, `new X().f`): its class or object is reached already
        for (const d of s.declarations ?? []) {
          const top = d.getSourceFile() && [...topLevelOf.values()].includes(d) ? d : undefined;
          if (top && top !== stmt) named.add(top);
        }
      }
      if (ts.isShorthandPropertyAssignment(node.parent)) {
        const v = checker.getShorthandAssignmentValueSymbol(node.parent);
        const target = v && (topLevelOf.get(v) ?? topLevelOf.get(resolve(v)));
        if (target) named.add(target);
      }
      if (ts.isBindingElement(node.parent) && ts.isObjectBindingPattern(node.parent.parent)) {
        // `const { f } = await import("./m.js")` names m's f
        const key = node.parent.propertyName ?? node.parent.name;
        const property = ts.isIdentifier(key) ? checker.getTypeAtLocation(node.parent.parent).getProperty(key.text) : undefined;
        const target = property && (topLevelOf.get(property) ?? topLevelOf.get(resolve(property)));
        if (target) named.add(target);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(stmt);
  statementsOf.set(stmt, named);
  return named;
};
const reached = new Set();
const work = [];
const reach = (stmt) => {
  if (stmt && !reached.has(stmt)) {
    reached.add(stmt);
    work.push(stmt);
  }
};
for (const symbol of publicSymbols) reach(topLevelOf.get(symbol));
// the modules an entry imports run their top-level statements that declare nothing
const modulesRun = new Set();
const runModule = (sf) => {
  if (!sf || modulesRun.has(sf)) return;
  modulesRun.add(sf);
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt) || ts.isExportDeclaration(stmt)) {
      const spec = stmt.moduleSpecifier;
      const m = spec && checker.getSymbolAtLocation(spec);
      const target = m?.declarations?.[0];
      if (target && ts.isSourceFile(target) && isSrc(path.resolve(target.fileName))) runModule(target);
    } else if (ts.isExpressionStatement(stmt) || ts.isIfStatement(stmt) || ts.isForOfStatement(stmt) || ts.isForStatement(stmt)) {
      reach(stmt);
    }
  }
};
for (const entry of entries) runModule(program.getSourceFile(entry));
// dynamic imports (`await import("./x.js")`) run their module too
for (const sf of program.getSourceFiles()) {
  if (!isSrc(path.resolve(sf.fileName))) continue;
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const m = checker.getSymbolAtLocation(node.arguments[0]);
      const target = m?.declarations?.[0];
      if (target && ts.isSourceFile(target)) runModule(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
while (work.length > 0) for (const next of namedBy(work.pop())) reach(next);
for (const [symbol, stmt] of topLevelOf) {
  if (reached.has(stmt)) continue;
  const sf = stmt.getSourceFile();
  const file = path.resolve(sf.fileName);
  if (!file.startsWith(under)) continue;
  const line = sf.getLineAndCharacterOfPosition(stmt.getStart()).line + 1;
  const lines = sf.getLineAndCharacterOfPosition(stmt.getEnd()).line + 2 - line;
  report.push({ kind: "unreached", name: `${symbol.getName()} (${lines} lines)`, where: `${path.relative(root, file)}:${line}` });
}

/**
 * Members of reached classes whose name no reached statement uses (as `x.name`, `{ name }`, a
 * string key...): by name, so a member called through an interface or an index counts as used.
 */
const namesUsed = new Set();
for (const stmt of reached) {
  const visit = (node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteral(node)) namesUsed.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(stmt);
}
for (const stmt of reached) {
  if (!ts.isClassDeclaration(stmt)) continue;
  const sf = stmt.getSourceFile();
  const file = path.resolve(sf.fileName);
  if (!file.startsWith(under)) continue;
  for (const member of stmt.members) {
    if (!member.name || ts.isConstructorDeclaration(member)) continue;
    const name = member.name.getText(sf);
    // a member used only inside its own declaration (recursion) is not used
    const uses = new Set();
    const count = (node) => {
      if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text === name.replace(/^["']|["']$/g, "") && node !== member.name) uses.add(node);
      ts.forEachChild(node, count);
    };
    for (const other of stmt.members) if (other !== member) count(other);
    const elsewhere = [...reached].some((r) => r !== stmt && namesUsed.has(name));
    if (uses.size > 0 || elsewhere) continue;
    // public members of a class an entry exports are the package's API
    const symbol = stmt.name && checker.getSymbolAtLocation(stmt.name);
    const isPrivate = ts.isPrivateIdentifier(member.name) || (ts.getCombinedModifierFlags(member) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
    if (symbol && publicSymbols.has(symbol) && !isPrivate) continue;
    const line = sf.getLineAndCharacterOfPosition(member.getStart()).line + 1;
    const lines = sf.getLineAndCharacterOfPosition(member.getEnd()).line + 2 - line;
    report.push({ kind: "unused-member", name: `${stmt.name?.text}.${name} (${lines} lines)`, where: `${path.relative(root, file)}:${line}` });
  }
}

/**
 * Optional parameters no call in src/ passes: of a function declared in src/ that no entry
 * exports and that is only ever called (never passed as a value), the parameters (a default or
 * `?`) every call leaves out; the code that reads them runs with the default alone.
 */
const calls = new Map(); // function symbol -> { src: highest argument count from src/, test: from tests, escapes }
const callInfo = (symbol) => {
  let c = calls.get(symbol);
  if (!c) calls.set(symbol, (c = { src: 0, test: 0, escapes: false, spread: false }));
  return c;
};
for (const sf of program.getSourceFiles()) {
  if (sf.isDeclarationFile || sf.fileName.includes("node_modules")) continue;
  const inSrc = isSrc(path.resolve(sf.fileName));
  const visit = (node) => {
    if (ts.isIdentifier(node) && !isDeclarationName(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      const target = symbol && resolve(symbol);
      if (target && target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable | ts.SymbolFlags.Method)) {
        const p = node.parent;
        const callee = ts.isPropertyAccessExpression(p) && p.name === node ? p : node;
        const call = callee.parent;
        const c = callInfo(target);
        if (ts.isCallExpression(call) && call.expression === callee) {
          const n = call.arguments.length;
          if (call.arguments.some((a) => ts.isSpreadElement(a))) c.spread = true;
          if (inSrc) c.src = Math.max(c.src, n);
          else c.test = Math.max(c.test, n);
        } else if (inSrc && !ts.isImportSpecifier(p) && !ts.isExportSpecifier(p) && !ts.isTypeQueryNode(p) && !(ts.isPropertyAccessExpression(p) && p.expression === node)) {
          c.escapes = true;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
for (const sf of program.getSourceFiles()) {
  const file = path.resolve(sf.fileName);
  if (!isSrc(file) || !file.startsWith(under)) continue;
  const visit = (node) => {
    let fn;
    let nameNode;
    if (ts.isFunctionDeclaration(node) && node.name) [fn, nameNode] = [node, node.name];
    else if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name)) [fn, nameNode] = [node, node.name];
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) [fn, nameNode] = [node.initializer, node.name];
    if (fn && fn.body) {
      const symbol = checker.getSymbolAtLocation(nameNode);
      const c = symbol && calls.get(symbol);
      const isPublic = symbol && (publicSymbols.has(symbol) || (ts.isMethodDeclaration(node) && !(ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Private) && !ts.isPrivateIdentifier(node.name)));
      if (c && !c.escapes && !c.spread && !isPublic && c.src > 0 && !(ts.isFunctionDeclaration(node) && node.body && ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Ambient)) {
        fn.parameters.forEach((p, i) => {
          if (!(p.initializer || p.questionToken) || p.dotDotDotToken) return;
          if (i < c.src) return;
          const line = sf.getLineAndCharacterOfPosition(p.getStart()).line + 1;
          const byTests = c.test > i ? " (tests pass it)" : "";
          report.push({ kind: "param-unused", name: `${nameNode.text}(${p.name.getText(sf)})${byTests}`, where: `${path.relative(root, file)}:${line}` });
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

report.sort((a, b) => a.where.localeCompare(b.where, "en", { numeric: true }) || a.name.localeCompare(b.name));
if (asJson) {
  console.log(JSON.stringify(report, null, 1));
} else {
  for (const r of report) console.log(`${r.kind.padEnd(12)} ${r.where.padEnd(44)} ${r.name}${r.by ? `  (${r.by.join(", ")})` : ""}`);
  const counts = {};
  for (const r of report) counts[r.kind] = (counts[r.kind] ?? 0) + 1;
  console.log(Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(", "));
}
