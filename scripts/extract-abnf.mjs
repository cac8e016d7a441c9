// Extracts the ABNF rules printed in a section of an RFC's text, as printed (for fixtures/abnf/rfc/):
//   node scripts/extract-abnf.mjs rfc5322.txt "3.  Syntax" "5.  Security" > out.abnf
// A rule starts on a line indented by one to eight spaces with "name =" or "name =/", and goes on
// over the lines indented further (and over blank lines and page breaks before such a line);
// page footers and headers, and figure captions, are left out. Rules are kept with their comments.
import { readFileSync } from "node:fs";
const [file, from = "", to = ""] = process.argv.slice(2);
let lines = readFileSync(file, "utf8").split(/\r?\n/);
// drop page footers/headers and form feeds
const out = [];
for (let i = 0; i < lines.length; i++) {
  const l = lines[i];
  if (/\[Page \d+\]\s*$/.test(l)) { // footer; skip until header line
    // remove trailing blanks already collected
    while (out.length && out[out.length - 1].trim() === "") out.pop();
    i++;
    while (i < lines.length && (lines[i].trim() === "" || lines[i].includes("\f"))) i++;
    // header
    i++;
    while (i + 1 < lines.length && lines[i].trim() === "" ) i++;
    i--;
    out.push("\u0000PAGE");
    continue;
  }
  out.push(l);
}
let inRange = from === "";
const rules = [];
let cur = null;
let indent = 3;
for (let i = 0; i < out.length; i++) {
  const l = out[i];
  if (!inRange && l.startsWith(from)) inRange = true;
  if (inRange && to !== "" && l.startsWith(to)) break;
  if (!inRange) continue;
  if (l === "\u0000PAGE") continue;
  const m = /^( {1,8})[A-Za-z][A-Za-z0-9-]*\s+=\/?(\s|$)/.exec(l);
  if (m && (!cur || l.search(/\S/) <= indent)) { cur = [l]; indent = m[1].length; rules.push(cur); continue; }
  if (/^\s+(Figure|Table) \d+:/.test(l)) { cur = null; continue; }
  if (cur && l.search(/\S/) > indent) { cur.push(l); continue; }
  if (cur && l.trim() === "") {
    // a blank line (or a page break) ends the rule unless the next text line continues it
    let j = i + 1; while (j < out.length && (out[j].trim() === "" || out[j] === "\u0000PAGE")) j++;
    const next = out[j] ?? "";
    if (next.search(/\S/) > indent + 3) continue;
    cur = null; continue;
  }
  cur = null;
}
process.stdout.write(rules.map((r) => r.join("\n")).join("\n") + "\n");
