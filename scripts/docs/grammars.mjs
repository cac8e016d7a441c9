// The grammars the reference documents, read from the built package (dist/), with what the page
// of each says about where its rules come from: the ABNF of record in grammar/, the RFC sections
// quoted in src/ doc comments, and the rules where the code departs from the RFC text.
import * as fs from "node:fs";
import * as path from "node:path";

/** The page name of a grammar export: `rfc3986` -> "rfc3986", `fileAppendixEGrammar` -> "file-appendix-e". */
export const slugOf = (exportName) =>
  exportName.replace(/Grammar$/, "").replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/**
 * Every grammar of the reference, in page order. `exportName` and `module` say where users get
 * it; `file` is its ABNF of record under grammar/.
 */
export async function loadGrammars(root) {
  const dist = (p) => import(path.join(root, "dist", p));
  const abnf = await dist("abnf/index.js");
  const schemes = await dist("schemes/index.js");
  const { rfc3987 } = await dist("grammars/rfc3987/index.js");
  const { mailtoDepartures, telDepartures, fileAppendixFDepartures } = await dist("schemes/built-in.js");
  const template = await dist("template/index.js");

  const mailtoNote =
    "RFC 6068 §2 item 1 applied to this rule mechanically (src/schemes/mailto.ts): a character the item does not require to be " +
    "percent-encoded stands as itself or percent-encoded, any other octet only percent-encoded, so the rule matches the text as a URI holds it.";

  const list = [
    {
      exportName: "rfc3986", module: "uri-grammar/abnf", grammar: abnf.rfc3986, file: "rfc3986.abnf",
      title: "RFC 3986: URI Generic Syntax",
      about: "Appendix A, the collected ABNF of STD 66, with the RFC 5234 core rules it uses. Every other grammar here builds on it.",
    },
    {
      exportName: "rfc3987", module: "src/grammars/rfc3987 (its rule names work with uri-grammar/rules, parse and validate)", grammar: rfc3987, file: "rfc3987.abnf",
      title: "RFC 3987: Internationalized Resource Identifiers",
      about: "§2.2: RFC 3986's grammar with the i-rules added as renamed copies (iunreserved and iquery widened, ucschar and iprivate new); RFC 3986's own rules are part of it.",
    },
    {
      exportName: "core", module: "uri-grammar/abnf", grammar: abnf.core, file: "rfc5234-core.abnf",
      title: "RFC 5234 Appendix B.1: core rules",
      about: "The sixteen core rules of ABNF, which every grammar loaded from ABNF text can use.",
    },
    { exportName: "httpGrammar", grammar: schemes.httpGrammar, file: "http.abnf", title: "http and https (RFC 9110 §4.2)", about: "The http and https URI schemes." },
    { exportName: "wsGrammar", grammar: schemes.wsGrammar, file: "ws.abnf", title: "ws and wss (RFC 6455 §3)", about: "The WebSocket URI schemes; the prose rules are RFC 3986's." },
    {
      exportName: "mailtoGrammar", grammar: schemes.mailtoGrammar, file: "mailto.abnf", title: "mailto (RFC 6068 §2)",
      about: "The mailto URI, with RFC 5322's addr-spec as a URI holds it (percent-encoded as RFC 6068 §2 requires).",
      departures: mailtoDepartures, derivedNote: mailtoNote,
    },
    { exportName: "urnGrammar", grammar: schemes.urnGrammar, file: "urn.abnf", title: "urn (RFC 8141 §2)", about: "URNs: namespace identifier, namespace-specific string, r-, q- and f-components." },
    { exportName: "uuidGrammar", grammar: schemes.uuidGrammar, file: "urn-uuid.abnf", title: "UUID (RFC 9562 §4)", about: "The string form of a UUID, the NSS of a urn:uuid: URN." },
    { exportName: "fileGrammar", grammar: schemes.fileGrammar, file: "file.abnf", title: "file (RFC 8089 §2)", about: "The file URI scheme." },
    {
      exportName: "fileAppendixEGrammar", grammar: schemes.fileAppendixEGrammar, file: "file-appendix-f.abnf",
      title: "file, nonstandard forms (RFC 8089 Appendices E and F)",
      about: "The nonstandard file URIs of Appendix E (user information, drive letters, UNC strings), by the collected rules of Appendix F.",
      departures: fileAppendixFDepartures,
    },
    { exportName: "dataGrammar", grammar: schemes.dataGrammar, file: "data.abnf", title: "data (RFC 2397 §3)", about: "The data URL scheme." },
    { exportName: "telGrammar", grammar: schemes.telGrammar, file: "tel.abnf", title: "tel (RFC 3966 §3)", about: "Telephone numbers.", departures: telDepartures },
    {
      exportName: "rfc6570", module: "uri-grammar/template (templateGrammar())", grammar: template.templateGrammar(), file: "rfc6570.abnf",
      title: "RFC 6570: URI Template",
      about: "§2, the syntax of URI Templates, read from the RFC's ABNF by the package's loader, with RFC 3986's pct-encoded and RFC 3987's ucschar and iprivate; parse, expand and match in uri-grammar/template use it.",
      departures: template.templateDepartures,
    },
  ];
  const scheme = new Set(Object.entries(schemes).filter(([, v]) => v instanceof abnf.Grammar).map(([k]) => k));
  for (const g of list) {
    g.slug = slugOf(g.exportName);
    g.module ??= "uri-grammar/schemes";
    g.departures ??= [];
    scheme.delete(g.exportName);
    g.record = recordOf(abnf, root, g.file);
  }
  // a scheme grammar exported without a page here is a mistake the generator refuses
  if (scheme.size > 0) throw new Error(`docs: no page for ${[...scheme].join(", ")}; add it to scripts/docs/grammars.mjs`);
  return { list, abnf };
}

/** The rules of an ABNF file of record: name (lowercase) -> { text (verbatim, up to the first blank line), expr }. */
function recordOf(abnf, root, file) {
  const text = fs.readFileSync(path.join(root, "grammar", file), "utf8");
  const read = abnf.readAbnf(text);
  if (!read.ok) throw read.error;
  const out = new Map();
  for (const entry of read.value) {
    const key = entry.name.toLowerCase();
    const own = entry.text.split(/\n[ \t]*\n/)[0].replace(/\s+$/, "");
    const seen = out.get(key);
    out.set(key, seen === undefined ? { name: entry.name, text: own, exprs: [entry.expr] } : { ...seen, text: `${seen.text}\n${own}`, exprs: [...seen.exprs, entry.expr] });
  }
  const merged = abnf.readAbnfRules(text);
  if (!merged.ok) throw merged.error;
  for (const [key, rule] of merged.value) {
    const r = out.get(key);
    if (r !== undefined) r.expr = rule.expr;
  }
  return { file: `grammar/${file}`, rules: out };
}

/**
 * What the doc comments in src/grammars/ say of each rule they quote: the section line
 * ("RFC 3986 §3.2.2") and the prose after it. name (lowercase) -> { section, note }. The reader is
 * the built package's (dist/cli/sections.js), which the command line's `rule` uses too.
 */
export async function sectionsFromSource(root) {
  const { sectionsUnder } = await import(path.join(root, "dist", "cli", "sections.js"));
  return sectionsUnder(path.join(root, "src", "grammars"));
}

/** The RFC Editor's address of a section like "RFC 3986 §3.2.2" or "RFC 8089 Appendix F". */
export function sectionHref(section) {
  const m = /^RFC (\d+)(?: (?:§([\d.]+)|Appendix ([A-Z](?:\.\d+)*)))?/.exec(section);
  if (m === null) return undefined;
  const frag = m[2] !== undefined ? `#section-${m[2]}` : m[3] !== undefined ? `#appendix-${m[3]}` : "";
  return `https://www.rfc-editor.org/rfc/rfc${m[1]}${frag}`;
}
