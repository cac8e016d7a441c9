// Each rule's doc comment quotes its ABNF in a ```abnf block, character for character as in
// grammar/ (whitespace aside), and each rule is quoted exactly once in src/.
import * as fs from "node:fs";
import * as path from "node:path";
import { loadIriGrammar, loadUriGrammar, RFC3986_ABNF_PATH, RFC3987_ABNF_PATH, CORE_ABNF_PATH, ruleSourceText } from "./helpers/abnf";

const uriNames = loadUriGrammar().ruleNames;
const grammar = { ruleNames: [...uriNames, ...loadIriGrammar().ruleNames.filter((n) => !uriNames.some((u) => u.toLowerCase() === n.toLowerCase()))] };
const files = [RFC3986_ABNF_PATH, CORE_ABNF_PATH, RFC3987_ABNF_PATH].map((f) => fs.readFileSync(f, "utf8"));
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
    // a rule two files define (RFC 3987 repeats RFC 3986's shared rules) reads the same in both
    const fileTexts = files.filter((f) => new RegExp(`^${name}\\s*=`, "m").test(f)).map((f) => squash(ruleSourceText(f, name)));
    expect(fileTexts.length).toBeGreaterThan(0);
    for (const t of fileTexts) expect(squash(quoted[0]?.text ?? "")).toBe(t);
  });

  it("quotes no rule that grammar/ does not have", () => {
    for (const b of blocks) expect(grammar.ruleNames.map((n) => n.toLowerCase())).toContain(nameOf(b.text).toLowerCase());
  });
});
