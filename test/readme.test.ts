// The README's examples run: each ```js block is executed by plain Node against the built
// package, and every line `expression; // → value` asserts that the expression equals the value.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

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
const __check = (src, actual, expected) => { const a = actual(); try { __eq(a, expected); } catch { throw new Error(src + " gave " + JSON.stringify(a) + ", README says " + JSON.stringify(expected)); } };`;
  const imports = lines.filter((l) => l.startsWith("import "));
  const body = lines.filter((l) => !l.startsWith("import "));
  return { program: [...imports, check, ...body].join("\n"), assertions };
}

const tsBlocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

/** A ```ts block as a type-checked module: the same assertions, with a typed checker. */
function toTsProgram(block: string): string {
  const { program } = toProgram(block);
  return program.replace(
    "const __check = (src, actual, expected) =>",
    "const __check = (src: string, actual: () => unknown, expected: unknown): void =>",
  );
}

describe("SECURITY.md examples", () => {
  const security = fs.readFileSync(path.join(root, "SECURITY.md"), "utf8");
  const securityBlocks = [...security.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  it("has examples", () => expect(securityBlocks.length).toBeGreaterThanOrEqual(1));
  it.each(securityBlocks.map((b, i) => [i + 1, b]))("block %i runs and its results are as written", (_i, block) => {
    const { program, assertions } = toProgram(block);
    expect(assertions).toBeGreaterThan(0);
    execFileSync(process.execPath, ["--input-type=module", "-e", program], { cwd: root, encoding: "utf8", stdio: "pipe" });
  });
});

describe("README examples", () => {
  it("has examples", () => expect(blocks.length).toBeGreaterThanOrEqual(3));

  it.each(blocks.map((b, i) => [i + 1, b]))("block %i runs and its results are as written", (_i, block) => {
    const { program, assertions } = toProgram(block);
    expect(assertions).toBeGreaterThan(0);
    execFileSync(process.execPath, ["--input-type=module", "-e", program], { cwd: root, encoding: "utf8", stdio: "pipe" });
  });

  it("has TypeScript examples", () => expect(tsBlocks.length).toBeGreaterThanOrEqual(1));

  it.each(tsBlocks.map((b, i) => [i + 1, b]))("TypeScript block %i compiles under strict settings and runs as written", (_i, block) => {
    // inside the package directory, so that "uri-grammar" resolves to this package by its own name
    const dir = fs.mkdtempSync(path.join(root, ".readme-ts-"));
    try {
      fs.writeFileSync(path.join(dir, "example.mts"), toTsProgram(block));
      fs.writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            target: "ES2022", module: "nodenext", moduleResolution: "nodenext", strict: true, exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true, skipLibCheck: false, types: ["node"], outDir: "out", lib: ["ES2022"],
          },
          files: ["example.mts"],
        }),
      );
      execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { cwd: dir, encoding: "utf8", stdio: "pipe" });
      execFileSync(process.execPath, [path.join(dir, "out/example.mjs")], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      throw new Error(`${err.stdout ?? ""}${err.stderr ?? ""}${err.message}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows the error message that validate really gives", () => {
    const shown = /`v\.error\.message` reads:\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", `import { validate } from "uri-grammar"; process.stdout.write(validate("https://[::1/", "URI-reference").error.message);`],
      { cwd: root, encoding: "utf8" },
    );
    expect(shown).toBe(out);
  });
});

describe("README command-line examples", () => {
  // Every "$ command" in a plain ``` block runs in bash with `uri-grammar` as the built CLI, and
  // prints what the README shows under it (stdout and stderr together; a summary's seconds vary).
  const shim = fs.mkdtempSync(path.join(root, ".readme-cli-"));
  afterAll(() => fs.rmSync(shim, { recursive: true, force: true }));
  fs.writeFileSync(path.join(shim, "uri-grammar"), `#!/bin/sh\nexec "${process.execPath}" "${path.join(root, "dist", "cli.js")}" "$@"\n`, { mode: 0o755 });
  const examples: [string, string][] = [];
  // fenced blocks with no language, read line by line (a closing fence is "```" too)
  const plain: string[][] = [];
  let open: { lang: string; lines: string[] } | undefined;
  for (const line of readme.split("\n")) {
    if (line.startsWith("```")) {
      if (open === undefined) open = { lang: line.slice(3).trim(), lines: [] };
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
  const seconds = (s: string): string => s.replace(/\d+\.\d+ s$/gm, "N s");
  it("has examples", () => expect(examples.length).toBeGreaterThanOrEqual(8));
  it.each(examples)("$ %s", (command, shown) => {
    const r = require("node:child_process").spawnSync("bash", ["-c", `${command} 2>&1`], {
      cwd: root, encoding: "utf8", env: { ...process.env, PATH: `${shim}:${process.env["PATH"] ?? ""}`, NO_COLOR: "1" },
    }) as { stdout: string };
    expect(seconds(r.stdout.replace(/\n+$/, ""))).toBe(seconds(shown));
  });

  it("the main job prints the figure shown under the two commands", () => {
    const shown = /The first prints:\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
    const out = execFileSync(process.execPath, [path.join(root, "dist", "cli.js"), "parse", "foo://example.com:8042/over/there?name=ferret#nose"], { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(out.replace(/\n+$/, "")).toBe(shown);
  });
});
