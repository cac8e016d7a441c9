// The HTML of the grammar reference: one page per grammar, a section per rule (its ABNF, its
// railroad diagram, the rules it uses and the rules that use it, the RFC section, the text of
// record), and the index page that links the grammars, the API reference and the playground.
import { readFileSync } from "node:fs";
import { sectionHref } from "./grammars.mjs";

export const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** ABNF text with the rule names it uses linked (`link(name)` gives the href, or undefined). */
export function linkAbnf(text, link) {
  const token = /;[^\n]*|%[sSiI]?"[^"]*"|"[^"]*"|%[xXdDbB][0-9A-Fa-f.-]+|<[^>\n]*>|[A-Za-z][A-Za-z0-9-]*|[\s\S]/g;
  let out = "";
  for (const m of text.matchAll(token)) {
    const t = m[0];
    const href = /^[A-Za-z]/.test(t) ? link(t) : undefined;
    if (href !== undefined) out += `<a href="${esc(href)}">${esc(t)}</a>`;
    else if (t.startsWith(";")) out += `<span class="c">${esc(t)}</span>`;
    else out += esc(t);
  }
  return out;
}

const squash = (s) => s.replace(/\s+/g, "");

/** `name = definition`, a long one with its top-level alternatives one to a line, as RFCs lay them out. */
export function printRule(name, expr, printExpr) {
  const head = `${name} = `;
  const one = head + printExpr(expr);
  if (expr.type !== "alt" || one.length <= 80) return one;
  return head + expr.items.map(printExpr).join(`\n${" ".repeat(head.length - 2)}/ `);
}

function layout({ title, body, up, description }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<meta name="description" content="${esc(description)}">
<link rel="stylesheet" href="${up}style.css">
</head>
<body>
<header class="_bar"><nav><a href="${up}index.html"><b>uri-grammar</b></a> <a href="${up}index.html#_grammars">Grammars</a> <a href="${up}api/index.html">API reference</a> <a href="${up}playground/index.html">Playground</a></nav></header>
${body}
</body>
</html>
`;
}

/**
 * The page of one grammar. `all` is every documented grammar (for links to a rule's home),
 * `sections` what src/ doc comments say of each rule, `diagram`/`sameExpr` from the package.
 */
export function grammarPage(g, { all, sections, diagram, sameExpr, referencedNames, printExpr, readExpr }) {
  const gr = g.grammar;
  const canon = (n) => gr.definition(n)?.name;
  const local = (n) => (canon(n) === undefined ? undefined : `#${encodeURIComponent(canon(n))}`);
  const usedBy = new Map(gr.ruleNames.map((n) => [n.toLowerCase(), []]));
  for (const n of gr.ruleNames) {
    for (const r of referencedNames(gr.definition(n).expr)) {
      const list = usedBy.get(r.toLowerCase());
      if (list !== undefined && !list.includes(n)) list.push(n);
    }
  }
  // where a rule comes from: the first of RFC 5234, RFC 3986, RFC 3987 that defines it the same way
  const homes = all.filter((x) => ["core", "rfc3986", "rfc3987"].includes(x.exportName));
  const homeOf = (name) => {
    const def = gr.definition(name);
    for (const h of homes) {
      const other = h.grammar.definition(name);
      if (other !== undefined && other.name === def.name && sameExpr(other.expr, def.expr)) return h;
    }
    return g;
  };
  const departures = new Map(g.departures.map((d) => [d.rule.toLowerCase(), d]));

  const sectionsHtml = gr.ruleNames.map((name) => {
    const key = name.toLowerCase();
    const def = gr.definition(name);
    const home = homeOf(name);
    const imported = home !== g;
    const info = sections.get(key);
    const fromRfcData = homes.includes(home);
    // the section a doc comment in src/grammars/ names, or for a scheme's own rule its grammar's
    const sectionText = fromRfcData ? info?.section : gr.name;
    const sectionLink = sectionText === undefined ? "" : (() => {
      const href = sectionHref(sectionText);
      return href === undefined ? ` <span class="sec">${esc(sectionText)}</span>` : ` <a class="sec" href="${esc(href)}">${esc(sectionText)}</a>`;
    })();
    const notes = [];
    if (fromRfcData && info !== undefined && info.note !== "") notes.push(`<p class="note">${esc(info.note)}</p>`);
    if (imported) notes.push(`<p class="home">The same rule as in <a href="${esc(home.slug)}.html#${encodeURIComponent(def.name)}">${esc(home.title)}</a>.</p>`);
    const dep = departures.get(key);
    const rec = g.record.rules.get(key) ?? (imported ? home.record.rules.get(key) : undefined);
    const recFile = g.record.rules.has(key) ? g.record.file : home.record.file;
    if (dep !== undefined) notes.push(`<p class="departure"><b>Departure from the RFC:</b> ${esc(dep.why)}</p>`);
    if (rec !== undefined && rec.expr !== undefined && rec.expr.type === "prose" && def.expr.type !== "prose") {
      notes.push(`<p class="home">${esc(recFile)} defines this rule in prose; the grammar supplies it as below.</p>`);
    } else if (g.derivedNote !== undefined && rec !== undefined && rec.expr !== undefined) {
      // the rule as the text of record (with its departure) has it, against the grammar's
      const meant = dep === undefined ? rec.expr : readExpr(dep.abnf);
      if (!sameExpr(meant, def.expr)) notes.push(`<p class="departure">${esc(g.derivedNote)}</p>`);
    }
    const printed = printRule(def.name, def.expr, (e) => printExpr(e));
    const record = rec !== undefined && squash(rec.text) !== squash(printed)
      ? `<details class="record"><summary>As written in <code>${esc(recFile)}</code></summary><pre class="abnf">${linkAbnf(rec.text, local)}</pre></details>\n`
      : "";
    const uses = referencedNames(def.expr).map((r) => canon(r) ?? r);
    const users = usedBy.get(key) ?? [];
    const names = (list) => (list.length === 0 ? `<span class="none">none</span>` : list.map((n) => `<a href="#${encodeURIComponent(n)}">${esc(n)}</a>`).join(" "));
    const svg = diagram(gr, name, { standalone: false, href: "#{name}", title: `${def.name}: railroad diagram` });
    return `<section class="rule" id="${esc(def.name)}">
<h2><a class="self" href="#${encodeURIComponent(def.name)}">${esc(def.name)}</a>${sectionLink}</h2>
${notes.join("\n")}${notes.length > 0 ? "\n" : ""}<pre class="abnf">${linkAbnf(printed, local)}</pre>
<div class="diagram">${svg}</div>
${record}<dl class="refs"><dt>Uses</dt><dd>${names(uses)}</dd><dt>Used by</dt><dd>${names(users)}</dd></dl>
</section>`;
  });

  const imports = [...new Set(gr.ruleNames.map(homeOf).filter((h) => h !== g))];
  const body = `<main class="grammar" data-grammar="${esc(g.exportName)}">
<h1>${esc(g.title)}</h1>
<p>${esc(g.about)}</p>
<p class="meta"><code>${esc(g.exportName)}</code> from <code>${esc(g.module)}</code> · ${gr.ruleNames.length} rules · ABNF of record: <code>${esc(g.record.file)}</code>${imports.length > 0 ? ` · rules from ${imports.map((h) => `<a href="${esc(h.slug)}.html">${esc(h.title)}</a>`).join(", ")}` : ""} · <a href="../index.html#_legend">how to read the diagrams</a></p>
<nav class="toc" aria-label="Rules"><h2 id="_rules">Rules</h2><ul>
${gr.ruleNames.map((n) => `<li><a href="#${encodeURIComponent(n)}">${esc(n)}</a></li>`).join("\n")}
</ul></nav>
${sectionsHtml.join("\n")}
</main>`;
  return layout({ title: `${g.title} · uri-grammar grammar reference`, body, up: "../", description: `Every rule of ${g.title}: ABNF, railroad diagram, uses and users.` });
}

/** The index page: the grammars, how to read a diagram, the API reference, the playground. */
export function indexPage({ list, legend, exports }) {
  const grammars = list.map((g) => `<li><a href="grammar/${esc(g.slug)}.html">${esc(g.title)}</a> <span class="count">${g.grammar.ruleNames.length} rules</span><br><span class="about">${esc(g.about)}</span></li>`).join("\n");
  const legendRows = legend.map(([abnf, text, svg]) => `<tr><td><code>${esc(abnf)}</code></td><td>${esc(text)}</td><td class="diagram">${svg}</td></tr>`).join("\n");
  const body = `<main class="home">
<h1>uri-grammar</h1>
<p>RFC 3986 (URI Generic Syntax) and RFC 3987 (IRIs) as code you can import rule by rule, with the grammars of nine URI schemes. Each rule is written once, as data shaped like its ABNF; the parsers, the regex, the printed ABNF and the railroad diagrams below are all derived from that one definition.</p>
<h2 id="_grammars">Grammar reference</h2>
<p>Every rule of every grammar: its ABNF, its railroad diagram, the rules it uses and the rules that use it, and the RFC section it comes from.</p>
<ul class="grammars">
${grammars}
</ul>
<h2 id="_api">API reference</h2>
<p><a href="api/index.html">The API reference</a>, from the doc comments, for each entry point of the package: ${exports.map((e) => `<code>${esc(e)}</code>`).join(", ")}.</p>
<h2 id="_playground">Playground</h2>
<p><a href="playground/index.html">Try the parser in the browser</a>: parse, validate and resolve URIs and IRIs against any rule.</p>
<h2 id="_legend">How to read the diagrams</h2>
<p>Read a diagram from left to right along any path the lines allow; every path spells a string the rule matches. The diagrams come from <code>uri-grammar/diagrams</code>.</p>
<table class="legend">
<thead><tr><th>ABNF</th><th>Meaning</th><th>Diagram</th></tr></thead>
<tbody>
${legendRows}
</tbody>
</table>
</main>`;
  return layout({ title: "uri-grammar: grammar reference, API reference, playground", body, up: "", description: "RFC 3986 and RFC 3987 URI grammars with railroad diagrams, API reference and playground." });
}

/** The stylesheet of the pages: their own style (written once, in scripts/docs/pages.css), then the diagrams' own. */
export function stylesheet(diagramStyle) {
  const own = readFileSync(new URL("./pages.css", import.meta.url), "utf8");
  return `/* Generated by scripts/docs.mjs: the pages' style, then the diagrams' (uri-grammar/diagrams). */\n${own}${diagramStyle}`;
}
