// Each rule's doc comment quotes its ABNF in a ```abnf block, character for character as in
// grammar/ (whitespace aside), and each rule is quoted exactly once in src/.
import * as fs from "node:fs";
import * as path from "node:path";
import { loadUriGrammar, RFC3986_ABNF_PATH, CORE_ABNF_PATH, ruleSourceText } from "./helpers/abnf";

const grammar = loadUriGrammar();
const files = [fs.readFileSync(RFC3986_ABNF_PATH, "utf8"), fs.readFileSync(CORE_ABNF_PATH, "utf8")];
const squash = (s: string): string => s.replace(/\s+/g, "");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sourceFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Every ```abnf block in a doc comment, with the leading " * " of each line removed. */
function abnfBlocks(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const file of sourceFiles(path.resolve(__dirname, "../src"))) {
    const src = fs.readFileSync(file, "utf8");
    for (const m of src.matchAll(/```abnf\n([\s\S]*?)```/g)) {
      const text = (m[1] ?? "").split("\n").map((l) => l.replace(/^\s*\* ?/, "")).join("\n");
      out.push({ file: path.relative(process.cwd(), file), text });
    }
  }
  return out;
}

const blocks = abnfBlocks();
const nameOf = (text: string): string => (/^\s*([A-Za-z][A-Za-z0-9-]*)\s*=/.exec(text)?.[1] ?? "");

describe("ABNF in doc comments", () => {
  it.each(grammar.ruleNames.map((n) => [n]))("%s is quoted once, exactly as in grammar/", (name) => {
    const quoted = blocks.filter((b) => nameOf(b.text).toLowerCase() === name.toLowerCase());
    expect(quoted.map((b) => b.file)).toHaveLength(1);
    const fileText = files.map((f) => (f.match(new RegExp(`^${name}\\s*=`, "m")) ? ruleSourceText(f, name) : "")).join("");
    expect(squash(quoted[0]?.text ?? "")).toBe(squash(fileText));
  });

  it("quotes no rule that grammar/ does not have", () => {
    for (const b of blocks) expect(grammar.ruleNames.map((n) => n.toLowerCase())).toContain(nameOf(b.text).toLowerCase());
  });
});
