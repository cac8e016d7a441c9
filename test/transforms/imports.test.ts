// STYLE.md §1: transforms never import parsers. Each file of src/transforms may import only
// src/ast/*, src/charsets.ts, src/errors.ts, src/result.ts, src/describe.ts, the one table of
// schemes' default ports (src/core/scheme-table.ts), the UTF-8 table (src/utf8-table.ts), the
// password masking (src/password.ts, which imports nothing) and its siblings.
import * as fs from "node:fs";
import * as path from "node:path";

const dir = path.join(__dirname, "../../src/transforms");
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts"));

describe("src/transforms imports", () => {
  test("there are transform files to check", () => {
    expect(files).toEqual(expect.arrayContaining(["resolve.ts", "normalize.ts", "serialize.ts", "remove-dot-segments.ts", "scheme-rules.ts"]));
  });

  test("src/password.ts, which transforms may import, imports nothing", () => {
    const text = fs.readFileSync(path.join(dir, "../password.ts"), "utf8");
    expect(text.match(/^\s*import\b|\bfrom\s+"|\bimport\s*\(/gm)).toBeNull();
  });

  test.each(files)("%s imports no parser", (file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const specifiers = [...text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)|^\s*import\s+"([^"]+)"/gm)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
    const bad = specifiers.filter((s) => !/^\.\/[\w-]+\.js$|^\.\.\/ast\/[\w-]+\.js$|^\.\.\/charsets\.js$|^\.\.\/errors\.js$|^\.\.\/result\.js$|^\.\.\/describe\.js$|^\.\.\/core\/scheme-table\.js$|^\.\.\/utf8-table\.js$|^\.\.\/percent-encoding\.js$|^\.\.\/password\.js$/.test(s));
    expect(bad).toEqual([]);
  });
});
