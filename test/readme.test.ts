// The README's and the guide's examples run: each ```js block is executed by plain Node against
// the built package, each ```ts block is compiled with every strict flag and then run, and every
// line `expression; // → value` asserts that the expression equals the value. Commands shown as
// "$ command" in a plain ``` block run in bash and print what is shown under them. Every relative
// link points at a file that exists. (Blocks only for show are ```sh or ```text.)
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runHere } from "./cli/helpers";
import { scratchDir, scratchPackageDir } from "./helpers/scratch";

const root = path.resolve(__dirname, "..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const guideDir = path.join(root, "docs", "guide");
const guidePages = fs.readdirSync(guideDir).filter((f) => f.endsWith(".md")).sort();
const guideText = (page: string): string => fs.readFileSync(path.join(guideDir, page), "utf8");

/** The bodies of the fenced blocks of one language (```js, ```ts). */
function blocksOf(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1] ?? "");
}

const blocks = blocksOf(readme, "js");

/** Turns `expr; // → value` lines into deep-equality assertions. */
export function toProgram(block: string): { program: string; assertions: number } {
  let assertions = 0;
  const lines = block.split("\n").map((line) => {
    const m = /^(.*?);\s*\/\/ → (.*)$/.exec(line);
    if (!m) return line;
    assertions++;
    return `__check(${JSON.stringify(m[1])}, () => (${m[1]}), ${m[2]});`;
  });
  const check = `import { deepStrictEqual as __eq } from "node:assert";
const __check = (src, actual, expected) => { const a = actual(); try { __eq(a, expected); } catch { throw new Error(src + " gave " + JSON.stringify(a) + ", the documentation says " + JSON.stringify(expected)); } };`;
  const imports = lines.filter((l) => l.startsWith("import "));
  const body = lines.filter((l) => !l.startsWith("import "));
  return { program: [...imports, check, ...body].join("\n"), assertions };
}

/** A ```ts block as a type-checked module: the same assertions, with a typed checker. */
function toTsProgram(block: string): string {
  const { program } = toProgram(block);
  return program.replace(
    "const __check = (src, actual, expected) =>",
    "const __check = (src: string, actual: () => unknown, expected: unknown): void =>",
  );
}

/**
 * The compiler options a ```ts example must pass: `strict` and every check beyond it that a
 * careful project turns on, so that no example dereferences a possibly-undefined value or leans
 * on a loose setting.
 */
export const STRICT_OPTIONS = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noPropertyAccessFromIndexSignature: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
  verbatimModuleSyntax: true,
  isolatedModules: true,
} as const;

/** Every ```js block of the README, SECURITY.md and the guide, in one list: one Node process runs them all ({@link jsResults}). */
const jsBlocks = [readme, fs.readFileSync(path.join(root, "SECURITY.md"), "utf8"), ...guidePages.map(guideText)].flatMap((text) => blocksOf(text, "js"));

/**
 * What each ```js block gave when one Node process imported them one after the other, each a
 * module of its own (one start-up and one load of the package, instead of one of each per
 * block): its error's text, or null when it ran and its assertions held. A block the run did
 * not reach (one that ended the process) has no entry and runs alone.
 */
let jsResults: ReadonlyMap<number, string | null> | undefined;
function runAllJs(): ReadonlyMap<number, string | null> {
  if (jsResults !== undefined) return jsResults;
  const dir = scratchPackageDir("readme-js-");
  try {
    const files = jsBlocks.map((block, k) => {
      const file = path.join(dir, `block-${k}.mjs`);
      fs.writeFileSync(file, toProgram(block).program);
      return file;
    });
    const runner = path.join(dir, "run-all.mjs");
    fs.writeFileSync(
      runner,
      `import { pathToFileURL } from "node:url";
import { appendFileSync } from "node:fs";
for (const [k, file] of process.argv.slice(2).entries()) {
  let error = null;
  try { await import(pathToFileURL(file).href); } catch (e) { error = e instanceof Error ? e.stack ?? e.message : String(e); }
  appendFileSync(${JSON.stringify(path.join(dir, "results.jsonl"))}, JSON.stringify([k, error]) + "\\n");
}
`,
    );
    spawnSync(process.execPath, [runner, ...files], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    const out = path.join(dir, "results.jsonl");
    const lines = fs.existsSync(out) ? fs.readFileSync(out, "utf8").split("\n").filter((l) => l !== "") : [];
    jsResults = new Map(lines.map((l) => JSON.parse(l) as [number, string | null]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return jsResults;
}

/** Runs a ```js block with Node, failing when it has no assertion or one does not hold. */
function runJs(block: string): void {
  const { program, assertions } = toProgram(block);
  expect(assertions).toBeGreaterThan(0);
  const k = jsBlocks.indexOf(block);
  const result = k < 0 ? undefined : runAllJs().get(k);
  if (result === null) return;
  if (typeof result === "string") throw new Error(result);
  execFileSync(process.execPath, ["--input-type=module", "-e", program], { cwd: root, encoding: "utf8", stdio: "pipe" });
}

/** Every ```ts block of the README and the guide, in one list: one tsc run compiles them all. */
const tsBlocks = [readme, ...guidePages.map(guideText)].flatMap((text) => blocksOf(text, "ts"));

/** The ```ts blocks compiled together (one tsc start-up instead of one each): the folder, and tsc's messages by file. */
let compiledTs: { readonly dir: string; readonly messages: ReadonlyMap<string, string>; readonly other: string } | undefined;
afterAll(() => {
  if (compiledTs !== undefined) fs.rmSync(compiledTs.dir, { recursive: true, force: true });
});

function compileTs(): NonNullable<typeof compiledTs> {
  if (compiledTs !== undefined) return compiledTs;
  // under the temp folder, with "uri-grammar" in its node_modules linked to this package
  const dir = scratchPackageDir("readme-ts-");
  // .mts files are modules whatever they hold: each block has its own scope, as a file of its own
  const files = tsBlocks.map((block, k) => {
    fs.writeFileSync(path.join(dir, `example-${k}.mts`), toTsProgram(block));
    return `example-${k}.mts`;
  });
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022", module: "nodenext", moduleResolution: "nodenext", ...STRICT_OPTIONS,
        skipLibCheck: false, types: ["node"], outDir: "out", lib: ["ES2022"],
      },
      files,
    }),
  );
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", dir, "--pretty", "false"], { cwd: dir, encoding: "utf8" });
  // "example-3.mts(4,7): error TS2322: ..." lines, and the lines that continue a message
  const messages = new Map<string, string>();
  const other: string[] = [];
  let current: string | undefined;
  for (const line of `${r.stdout}${r.stderr}`.split("\n").filter((l) => l !== "")) {
    const file = /^(example-\d+\.mts)\(/.exec(line)?.[1];
    if (file !== undefined || !line.startsWith(" ")) current = file;
    if (current === undefined) other.push(line);
    else messages.set(current, `${messages.get(current) ?? ""}${line}\n`);
  }
  if (r.status !== 0 && messages.size === 0 && other.length === 0) other.push(`tsc exited with ${String(r.status)}`);
  compiledTs = { dir, messages, other: other.join("\n") };
  return compiledTs;
}

/** Compiles a ```ts block under {@link STRICT_OPTIONS} (with the others: {@link compileTs}) and runs it. */
function runTs(block: string): void {
  expect(toProgram(block).assertions).toBeGreaterThan(0);
  const k = tsBlocks.indexOf(block);
  expect(k).toBeGreaterThanOrEqual(0);
  const { dir, messages, other } = compileTs();
  // a message of tsc about no one block (a library's types) fails every block
  expect({ block: k, tsc: `${messages.get(`example-${k}.mts`) ?? ""}${other}` }).toEqual({ block: k, tsc: "" });
  try {
    execFileSync(process.execPath, [path.join(dir, `out/example-${k}.mjs`)], { cwd: dir, encoding: "utf8", stdio: "pipe" });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${err.stdout ?? ""}${err.stderr ?? ""}${err.message}`);
  }
}

/** The "$ command" lines of a text's plain ``` blocks, each with the output shown under it. */
function commandExamples(text: string): [string, string][] {
  const examples: [string, string][] = [];
  // fenced blocks with no language, read line by line (a closing fence is "```" too)
  const plain: string[][] = [];
  let open: { lang: string; lines: string[] } | undefined;
  for (const line of text.split("\n")) {
    if (line.trimStart().startsWith("```")) {
      if (open === undefined) open = { lang: line.trimStart().slice(3).trim(), lines: [] };
      else {
        if (open.lang === "") plain.push(open.lines);
        open = undefined;
      }
    } else open?.lines.push(line);
  }
  for (const lines of plain) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (!line.startsWith("$ ")) continue;
      const out: string[] = [];
      for (let j = i + 1; j < lines.length && !(lines[j] ?? "").startsWith("$ "); j++) out.push(lines[j] ?? "");
      while (out.length > 0 && out[out.length - 1] === "") out.pop();
      examples.push([line.slice(2).replace(/\s+# .*$/, ""), out.join("\n")]);
    }
  }
  return examples;
}

// `uri-grammar` on the PATH of the commands: the built CLI
const shim = scratchDir("readme-cli-");
afterAll(() => fs.rmSync(shim, { recursive: true, force: true }));
fs.writeFileSync(path.join(shim, "uri-grammar"), `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, "dist", "cli.js")}" "$@"\n`, { mode: 0o755 });
const seconds = (s: string): string => s.replace(/\d+\.\d+ s$/gm, "N s");

describe("scratch folders", () => {
  it("are made under the system's temp folder, never in the repository (issue 31: one was committed)", () => {
    expect(path.relative(os.tmpdir(), shim).startsWith("..")).toBe(false);
    expect(fs.readdirSync(root).filter((f) => /^\.(readme|strict)-/.test(f))).toEqual([]);
    expect(execFileSync("git", ["ls-files", "--", ".readme-*", ".strict-ts-*"], { cwd: root, encoding: "utf8" })).toBe("");
  });
});

/**
 * A shown command as the arguments of one `uri-grammar` run and what `printf '...' |` pipes into
 * it, or `undefined` when it needs a shell: a word with a character the shell would read
 * ($, `, \, globs, redirections), or anything but `uri-grammar` (after one printf of plain text
 * and "\n").
 */
export function cliRun(command: string): { readonly args: string[]; readonly stdin?: string } | undefined {
  let rest = command;
  let stdin: string | undefined;
  const piped = /^printf '([^'\\%]*(?:\\n[^'\\%]*)*)' \| /.exec(rest);
  if (piped !== null) {
    stdin = (piped[1] as string).replaceAll("\\n", "\n");
    rest = rest.slice(piped[0].length);
  }
  if (!rest.startsWith("uri-grammar ")) return undefined;
  const args: string[] = [];
  const word = /\s+(?:"([^"$`\\]*)"|'([^']*)'|([^\s"'$`\\|;&<>()*?[\]{}~#]+))/y;
  word.lastIndex = "uri-grammar".length;
  while (word.lastIndex < rest.trimEnd().length) {
    const m = word.exec(rest);
    if (m === null) return undefined;
    args.push(m[1] ?? m[2] ?? (m[3] as string));
  }
  return stdin === undefined ? { args } : { args, stdin };
}

/**
 * Runs a shown command and compares what it prints (stdout and stderr together, as `2>&1`; a
 * summary's seconds vary). A `uri-grammar` command runs in this process (the command line's
 * `main`, test/cli/helpers.ts runHere) unless `real` or it needs a shell: then bash runs it, with
 * the built dist/cli.js on the PATH. The README's own commands run for real, the guide's in process.
 */
async function runCommand(command: string, shown: string, real = false): Promise<void> {
  const here = real ? undefined : cliRun(command);
  const printed = here !== undefined
    ? (await runHere(here.args, { stdin: here.stdin, env: { NO_COLOR: "1" }, merged: true })).stdout
    : spawnSync("bash", ["-c", `${command} 2>&1`], {
        cwd: root, encoding: "utf8", env: { ...process.env, PATH: `${shim}:${process.env["PATH"] ?? ""}`, NO_COLOR: "1" },
      }).stdout;
  expect(seconds(printed.replace(/\n+$/, ""))).toBe(seconds(shown));
}

describe("the commands shown in the guide, run in this process", () => {
  it("are read as the shell would read them, or left to bash", () => {
    expect(cliRun(`uri-grammar resolve "http://a/b/c/d;p?q" ../g`)).toEqual({ args: ["resolve", "http://a/b/c/d;p?q", "../g"] });
    expect(cliRun(`printf 'http://a/b\\nhttp://a b\\n' | uri-grammar resolve --base http://example.com/x/`)).toEqual({ args: ["resolve", "--base", "http://example.com/x/"], stdin: "http://a/b\nhttp://a b\n" });
    expect(cliRun(`uri-grammar match "http://example.com/~{username}/" 'x y'`)).toEqual({ args: ["match", "http://example.com/~{username}/", "x y"] });
    for (const shell of [`uri-grammar parse $HOME`, `uri-grammar parse "a$b"`, `uri-grammar parse a > f`, `uri-grammar parse a*`, `uri-grammar parse ~/x`, `echo a | uri-grammar parse`, `printf '%s' a | uri-grammar parse`, `uri-grammar parse "a`]) {
      expect([shell, cliRun(shell)]).toEqual([shell, undefined]);
    }
  });
  it("run most guide commands in this process (what runs in bash is what needs it)", () => {
    const all = guidePages.flatMap((p) => commandExamples(guideText(p)));
    expect(all.filter(([c]) => cliRun(c) !== undefined).length).toBeGreaterThanOrEqual(all.length - 1);
  });
});

/** The relative link targets of a Markdown text, outside code blocks and code spans. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? "")
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#"))
    .map((t) => t.replace(/#.*$/, ""));
}


describe("relative links", () => {
  const files = ["README.md", ...guidePages.map((p) => `docs/guide/${p}`)];
  it.each(files)("every relative link of %s resolves to a file", (file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const missing = relativeLinks(text).filter((target) => {
      const resolved = path.relative(root, path.resolve(path.dirname(path.join(root, file)), decodeURI(target)));
      return !fs.existsSync(path.join(root, resolved));
    });
    expect(missing).toEqual([]);
  });
  it("finds links (the check is not empty)", () => {
    expect(relativeLinks(readme).length).toBeGreaterThanOrEqual(5);
    expect(relativeLinks("[a](b.md) `[c](d.md)` [e](https://x) [f](#g) [h](i.md#j)")).toEqual(["b.md", "i.md"]);
  });
});

describe("SECURITY.md examples", () => {
  const securityBlocks = blocksOf(fs.readFileSync(path.join(root, "SECURITY.md"), "utf8"), "js");
  it("has examples", () => expect(securityBlocks.length).toBeGreaterThanOrEqual(1));
  it.each(securityBlocks.map((b, i) => [i + 1, b]))("block %i runs and its results are as written", (_i, block) => runJs(block));
});

describe("README examples", () => {
  const readmeTs = blocksOf(readme, "ts");
  it("has examples", () => expect(blocks.length).toBeGreaterThanOrEqual(3));
  it.each(blocks.map((b, i) => [i + 1, b]))("block %i runs and its results are as written", (_i, block) => runJs(block));
  it("has TypeScript examples", () => expect(readmeTs.length).toBeGreaterThanOrEqual(1));
  it.each(readmeTs.map((b, i) => [i + 1, b]))("TypeScript block %i compiles under strict settings and runs as written", (_i, block) => runTs(block));
});

describe("README command-line examples", () => {
  const examples = commandExamples(readme);
  it("has examples", () => expect(examples.length).toBeGreaterThanOrEqual(2));
  it("the README and the guide show at least eight commands", () => {
    const all = examples.length + guidePages.reduce((n, p) => n + commandExamples(guideText(p)).length, 0);
    expect(all).toBeGreaterThanOrEqual(8);
  });
  it.each(examples)("$ %s", (command, shown) => runCommand(command, shown, true));

  it("the main job prints the figure shown under the two commands", () => {
    const shown = /The first prints:\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
    const out = execFileSync(process.execPath, [path.join(root, "dist", "cli.js"), "parse", "foo://example.com:8042/over/there?name=ferret#nose"], { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(out.replace(/\n+$/, "")).toBe(shown);
  });
});

describe("the guide", () => {
  it("has a contents page and the pages it lists", () => {
    expect(guidePages).toContain("README.md");
    const listed = relativeLinks(guideText("README.md")).filter((t) => !t.includes("/"));
    for (const page of guidePages.filter((p) => p !== "README.md")) expect(listed).toContain(page);
  });
  it("the README links to every page of the guide", () => {
    const linked = relativeLinks(readme);
    for (const page of guidePages) expect(linked).toContain(page === "README.md" ? "docs/guide/" : `docs/guide/${page}`);
  });
  it("names the functions removed before 1.0 only in CHANGELOG.md, which says what replaces each", () => {
    const old = /\b(parseWithScheme|parseWithSchemeOrThrow|normalizeWithSchemes|equivalentWithSchemes|toDisplayIri)\b/;
    expect(readme).not.toMatch(old);
    for (const page of guidePages) expect(guideText(page)).not.toMatch(old);
    const changelog = fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
    for (const name of ["parseWithScheme", "parseWithSchemeOrThrow", "normalizeWithSchemes", "equivalentWithSchemes", "toDisplayIri"]) expect(changelog).toContain(`\`${name}`);
    expect(guideText("README.md")).toMatch(/## Where each job lives\n/);
  });

  it("shows the error message that validate really gives", () => {
    const shown = /`v\.error\.message` reads:\n\n```text\n([\s\S]*?)\n```/.exec(guideText("uri.md"))?.[1];
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", `import { validate } from "uri-grammar"; process.stdout.write(validate("https://[::1/", "URI-reference").error.message);`],
      { cwd: root, encoding: "utf8" },
    );
    expect(shown).toBe(out);
  });
});

describe.each(guidePages)("docs/guide/%s", (page) => {
  const text = guideText(page);
  const js = blocksOf(text, "js");
  const ts = blocksOf(text, "ts");
  const commands = commandExamples(text);
  it("has an assertion wherever it has code", () => {
    if (js.length + ts.length > 0) expect([...js, ...ts].reduce((n, b) => n + toProgram(b).assertions, 0)).toBeGreaterThan(0);
    expect(text).not.toMatch(/```(javascript|typescript|mjs|cjs|tsx)\n/);
  });
  if (js.length > 0) it.each(js.map((b, i) => [i + 1, b]))("block %i runs and its results are as written", (_i, block) => runJs(block));
  if (ts.length > 0) it.each(ts.map((b, i) => [i + 1, b]))("TypeScript block %i compiles under strict settings and runs as written", (_i, block) => runTs(block));
  if (commands.length > 0) it.each(commands)("$ %s", (command, shown) => runCommand(command, shown));
});
