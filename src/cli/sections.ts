// The section (RFC 3986, RFC 3987, RFC 5234 Appendix B.1) each rule's doc comment in src/grammars/ quotes: one reader for
// the grammar reference (scripts/docs/grammars.mjs, src/grammars/) and for the `rule` command (dist/grammars/).
import fs from "node:fs";
import path from "node:path";

/** What a rule's doc comment says: its section line ("RFC 3986 §3.2.2") and the prose after it. */
export interface RuleSection {
  readonly section: string;
  readonly note: string;
}

/** The rules one source file's doc comments quote: name (lowercase) -> section and note. */
export function sectionsInSource(src: string, out: Map<string, RuleSection> = new Map()): Map<string, RuleSection> {
  for (const m of src.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const lines = (m[1] ?? "").split("\n").map((l) => l.replace(/^\s*\* ?/, ""));
    const start = lines.findIndex((l) => l.trim() === "```abnf");
    if (start < 0) continue;
    const name = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*=/.exec(lines[start + 1] ?? "")?.[1];
    if (name === undefined) continue;
    const heading = lines.slice(0, start).join(" ").replace(/\s+/g, " ").trim();
    const h = /^(RFC \d+ (?:§\d+(?:\.\d+)*|Appendix [A-Z](?:\.\d+)*))\.?\s*(.*)$/.exec(heading);
    if (h === null) continue;
    out.set(name.toLowerCase(), { section: h[1] as string, note: h[2] ?? "" });
  }
  return out;
}

/**
 * The rules the doc comments of the built package's grammar modules quote: `home` is the folder of
 * the running cli.js, dist/ (tsc's build: dist/grammars/) or dist/bundle/ (the bin npm installs,
 * whose package ships the declaration files of dist/grammars/, which keep the doc comments).
 */
export function sectionsOfPackage(home: string): Map<string, RuleSection> {
  const own = path.join(home, "grammars");
  return fs.existsSync(own) ? sectionsUnder(own) : sectionsUnder(path.join(home, "..", "grammars"), true);
}

/** The rules the doc comments of every .ts or .js file under `dir` quote (declaration files left out unless `declarations`). */
export function sectionsUnder(dir: string, declarations = false): Map<string, RuleSection> {
  const out = new Map<string, RuleSection>();
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|js)$/.test(e.name) && (declarations || !e.name.endsWith(".d.ts"))) sectionsInSource(fs.readFileSync(p, "utf8"), out);
    }
  };
  walk(dir);
  return out;
}
