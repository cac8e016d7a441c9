// Issue 31: "normalize(s)'s input visits at most 7 modules, never returning to one it left".
// Every function of src/ is compiled here with a call recorder at its entry and exit (the
// TypeScript compiler's own transform API), the main entry is loaded from that, and one call of
// normalize(s) is recorded: which modules its work enters, and whether it enters one again once
// that module has left the call stack (a module is left when its last call returns). Counted
// from the calls made, so a change that routes the input through one more module, or back into
// one it was done with, fails here.
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const SRC = path.resolve(__dirname, "../src");

/** A call entering or leaving a function of a module (its path under src/, without ".ts"). */
interface Step {
  readonly enter: boolean;
  readonly module: string;
}

const steps: Step[] = [];
let recording = false;
const trace = {
  enter: (module: string): void => void (recording && steps.push({ enter: true, module })),
  exit: (module: string): void => void (recording && steps.push({ enter: false, module })),
};

/** Wraps each function body of a module in `trace.enter(module); try { ... } finally { trace.exit(module) }`. */
function recorder(module: string): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (file) => {
    const f = context.factory;
    const call = (what: "enter" | "exit"): ts.Statement =>
      f.createExpressionStatement(f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier("__trace"), what), undefined, [f.createStringLiteral(module)]));
    const wrap = (body: ts.ConciseBody): ts.Block => {
      const inner = ts.isBlock(body) ? body.statements : [f.createReturnStatement(body)];
      return f.createBlock([call("enter"), f.createTryStatement(f.createBlock(inner, true), undefined, f.createBlock([call("exit")], true))], true);
    };
    const visit = (node: ts.Node): ts.Node => {
      const n = ts.visitEachChild(node, visit, context);
      if (ts.isFunctionDeclaration(n) && n.body !== undefined && n.asteriskToken === undefined) {
        return f.updateFunctionDeclaration(n, n.modifiers, n.asteriskToken, n.name, n.typeParameters, n.parameters, n.type, wrap(n.body));
      }
      if (ts.isFunctionExpression(n) && n.asteriskToken === undefined) {
        return f.updateFunctionExpression(n, n.modifiers, n.asteriskToken, n.name, n.typeParameters, n.parameters, n.type, wrap(n.body));
      }
      if (ts.isArrowFunction(n)) return f.updateArrowFunction(n, n.modifiers, n.typeParameters, n.parameters, n.type, n.equalsGreaterThanToken, wrap(n.body));
      if (ts.isMethodDeclaration(n) && n.body !== undefined && n.asteriskToken === undefined) {
        return f.updateMethodDeclaration(n, n.modifiers, n.asteriskToken, n.name, n.questionToken, n.typeParameters, n.parameters, n.type, wrap(n.body));
      }
      if (ts.isGetAccessorDeclaration(n) && n.body !== undefined) return f.updateGetAccessorDeclaration(n, n.modifiers, n.name, n.parameters, n.type, wrap(n.body));
      if (ts.isSetAccessorDeclaration(n) && n.body !== undefined) return f.updateSetAccessorDeclaration(n, n.modifiers, n.name, n.parameters, wrap(n.body));
      return n;
    };
    return ts.visitNode(file, visit) as ts.SourceFile;
  };
}

const loaded = new Map<string, { exports: unknown }>();

/** A module of src/, compiled with the recorder (its imports too; packages and Node's modules as they are). */
function load(file: string): unknown {
  const cached = loaded.get(file);
  if (cached !== undefined) return cached.exports;
  const module = path.relative(SRC, file).replace(/\.ts$/, "");
  const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    transformers: { before: [recorder(module)] },
  });
  const m = { exports: {} };
  loaded.set(file, m);
  const local = (spec: string): unknown => {
    if (!spec.startsWith(".")) return require(spec) as unknown;
    const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ""));
    return load(fs.existsSync(`${base}.ts`) ? `${base}.ts` : path.join(base, "index.ts"));
  };
  new Function("exports", "require", "module", "__filename", "__dirname", "__trace", outputText)(m.exports, local, m, file, path.dirname(file), trace);
  return m.exports;
}

/** The modules a call's work enters, in order, and those it enters again after leaving them. */
function journey(run: () => unknown): { modules: string[]; returns: string[] } {
  steps.length = 0;
  recording = true;
  try {
    run();
  } finally {
    recording = false;
  }
  const modules: string[] = [];
  const returns: string[] = [];
  const depth = new Map<string, number>();
  const left = new Set<string>();
  for (const { enter, module } of steps) {
    const d = depth.get(module) ?? 0;
    if (enter) {
      if (d === 0 && left.has(module)) returns.push(module);
      if (!modules.includes(module)) modules.push(module);
      depth.set(module, d + 1);
    } else {
      depth.set(module, d - 1);
      if (d === 1) left.add(module);
    }
  }
  return { modules, returns };
}

type Main = typeof import("../src/index");
const main = load(path.join(SRC, "index.ts")) as Main;

/**
 * [input, the step it is there for]. The bound (7 modules, none entered again) over
 * input already normal and input that each step changes: operations, core/args, core/values and
 * compiled/dfa (one match: the run's offsets, make.Layout), transforms/normalize (the text read at
 * those offsets, each component's normal text written), transforms/remove-dot-segments (called
 * once, for the path), ast/make (the one node, made at the end). No options: describe.ts is not
 * entered (nothing to check).
 */
const CASES: readonly (readonly [string, string])[] = [
  ["http://example.com/a/b?q#f", "none: already normal"],
  ["mailto:Joe@Example.COM", "none: already normal (a path's case is kept)"],
  ["HTTP://example.com/", "case: scheme to lowercase"],
  ["http://Example.COM/", "case: host to lowercase"],
  ["http://a/%7eb%c3%a9", "case and percent-encoding: hex to uppercase, unreserved decoded"],
  ["http://a/?q=%41#%7e", "percent-encoding: query and fragment"],
  ["http://u%7E%41@a/", "percent-encoding: userinfo"],
  ["http://%41.b/", "percent-encoding: reg-name decoded and lowercased"],
  ["http://%31%32%37.0.0.1/", "percent-encoding: a reg-name decoded to an IPv4address"],
  ["http://a/b/./c/../d", "dot segments"],
  ["foo:/a/..//b", "dot segments: a path kept from beginning with \"//\""],
  ["foo:A%2fb/../c", "dot segments after decoding"],
  ["/a/./b", "dot segments: an absolute-path reference"],
  ["../a/%2E%2e/b", "dot segments kept in a relative-path reference, their triplets too"],
  ["http://a:80/", "default port"],
  ["http://a:/", "empty port"],
  ["http://example.com", "empty path with an authority"],
  ["HTTP://Example.COM:80/a/./b/../c/%7euser?q#f", "every step at once"],
  // the run records an IP literal's offsets too (compiled/dfa reads on from its "]"): 7 modules
  // and 3 re-entries before (compiled/dfa's test again, ast/make's hostStartIn and hostEndIn)
  ["//[2001:DB8::1]/x", "case: an IPv6 literal's hex to lowercase"],
  ["http://[v1.FE]/", "case: an IPvFuture to lowercase"],
  ["http://u:p@[::1]:8080/a/../b?q#f", "dot segments, after an IP literal with a userinfo and a port"],
];

/**
 * The same with the built-in schemes (RFC 3986 §6.2.3), for the file scheme, whose normalization
 * removes dot segments itself: with the unchecked remove_dot_segments it no longer enters
 * describe.ts again for the public argument check (59 and 86 re-entries before); 58 and 85 -> 56
 * and 83 since normalize reads the host's bounds off the layout (no ast/make call for them).
 * Still far from the bound: the registry's path reads the scheme's value off a node.
 */
const WITH_SCHEMES: readonly (readonly [string, number, number])[] = [
  ["file:///a/./b/../c", 16, 56],
  ["FILE:///c:/a/../b", 16, 83],
];

describe("normalize(s)'s input (issue 31)", () => {
  it.each(CASES)("%s (%s): visits at most 7 modules, entering none it left again", (input) => {
    const normal = main.normalize(input); // first use: what is made once (the compiled rules' tables) is no part of the input's way
    const { modules, returns } = journey(() => main.normalize(input));
    expect({ input, modules: modules.length <= 7 ? 7 : modules, returns }).toEqual({ input, modules: 7, returns: [] });
    // the table's inputs are what it says: a step changes each one but the first two
    expect(normal.ok && normal.value.text !== input).toBe(!input.startsWith("http://example.com/a") && !input.startsWith("mailto:"));
  });

  it.each(WITH_SCHEMES)("%s with the built-in schemes: visits at most %d modules, entering one it left again at most %d times", (input, most, again) => {
    const { defaultRegistry } = load(path.join(SRC, "schemes/built-in.ts")) as typeof import("../src/schemes/built-in");
    main.normalize(input, { schemes: defaultRegistry });
    const { modules, returns } = journey(() => main.normalize(input, { schemes: defaultRegistry }));
    expect({ input, modules: modules.length <= most ? most : modules, returns: returns.length <= again ? again : returns }).toEqual({ input, modules: most, returns: again });
  });

  it("the recorder sees a module entered again after it left (the check can fail)", () => {
    // two calls in a row: the second enters again every module the first one left
    const { modules, returns } = journey(() => [main.normalize("http://a/b"), main.normalize("http://a/b")]);
    expect(modules).toEqual(["operations", "core/args", "core/values", "compiled/dfa", "transforms/normalize", "ast/make"]);
    expect(returns).toEqual(["operations", "core/args", "core/values", "compiled/dfa", "transforms/normalize", "ast/make"]);
  });
});
