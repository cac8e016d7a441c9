// The playground (issue 12, part 4): type a URI, see its components under the text, its AST with
// spans, the error with its caret, and the railroad diagram of the rule that failed. Plain DOM,
// no framework; scripts/playground.mjs bundles this file with the package into ../playground.js
// (a classic script, so the page also works from file://).
import { parseRule } from "uri-grammar";
import { alt, grammar, ref, rep, rfc3986, seq } from "uri-grammar/abnf";
import { rule as ruleParser } from "uri-grammar/rules";
import { diagram, diagramStyle } from "uri-grammar/diagrams";
import P from "parsimmon";

/** RFC 3987's grammar value (it holds RFC 3986's rules too), as every rule parser carries it. */
const rfc3987 = ruleParser("IRI").grammar;
const CORE = ["ALPHA", "DIGIT", "HEXDIG"];
const URI_RULES = rfc3986.ruleNames.filter((n) => !CORE.includes(n));
const IRI_RULES = rfc3987.ruleNames.filter((n) => !rfc3986.has(n));

/** The RFC 3987 rule for an RFC 3986 one ("URI-reference" -> "IRI-reference", "host" -> "ihost"), or the rule itself. */
function toIriRule(name) {
  const swapped = name.replace("URI", "IRI");
  if (swapped !== name && rfc3987.has(swapped)) return swapped;
  return IRI_RULES.includes(`i${name}`) ? `i${name}` : name;
}

/** The RFC 3986 rule for an RFC 3987 one, or `undefined` for the rules RFC 3987 adds (ucschar, iprivate). */
function toUriRule(name) {
  if (!IRI_RULES.includes(name)) return name;
  const swapped = name.replace("IRI", "URI");
  if (swapped !== name && rfc3986.has(swapped)) return swapped;
  return name.startsWith("i") && rfc3986.has(name.slice(1)) ? name.slice(1) : undefined;
}

const EXAMPLES = [
  ["RFC 3986 §3", "foo://example.com:8042/over/there?name=ferret#nose"],
  ["userinfo, IPv6", "https://anna@[2001:db8::7]:8080/a/b?q=1#top"],
  ["relative", "../g;x?y#s"],
  ["urn", "urn:example:animal:ferret:nose"],
  ["mailto", "mailto:chris@example.com?subject=hi"],
  ["error: IPv6", "https://[::1/"],
  ["error: space", "http://example.com/a b"],
  ["IRI", "http://r\u00e9sum\u00e9.example/D\u00fcrst?q=\u03b1\u03b2\u03b3"],
];

const $ = (id) => document.getElementById(id);
const h = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "for" || k === "title" || k === "type" || k === "tabindex") el.setAttribute(k, String(v));
    else el[k] = v;
  }
  for (const c of children.flat()) if (c !== undefined && c !== null && c !== false) el.append(c);
  return el;
};

// ---------------------------------------------------------------------------------------------
// Characters and columns: one column per code point (a span counts UTF-16 code units)

/** The input's code points, each with its UTF-16 offset, and the column of every offset. */
function columnsOf(input) {
  const cols = [];
  const colAt = new Array(input.length + 1);
  for (let i = 0; i < input.length; ) {
    const cp = input.codePointAt(i);
    const len = cp > 0xffff ? 2 : 1;
    for (let k = 0; k < len; k++) colAt[i + k] = cols.length;
    cols.push({ offset: i, text: input.slice(i, i + len), cp });
    i += len;
  }
  colAt[input.length] = cols.length;
  return { cols, colAt };
}

/** A character as the figure shows it: controls and spaces as visible symbols. */
function shown(cp, text) {
  if (cp === 0x20) return "\u2423";
  if (cp < 0x20) return String.fromCodePoint(0x2400 + cp);
  if (cp === 0x7f) return "\u2421";
  if ((cp >= 0x80 && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff)) return "\ufffd";
  return text;
}

// ---------------------------------------------------------------------------------------------
// Components: what the figure brackets and the AST lists, each with its span

/** The components of a parsed value, in two rows: [{ name, kind?, start, end, row }]. */
function componentsOf(value, rule, input) {
  if (typeof value === "string") return [{ name: rule, start: 0, end: input.length, row: 0 }];
  if (value === null || typeof value !== "object") return [];
  const out = [];
  const authorityParts = (a) => {
    if (a.userinfo !== undefined) out.push({ name: "userinfo", start: a.span.start, end: a.span.start + a.userinfo.length, row: 1 });
    out.push({ name: "host", kind: a.host.kind, start: a.host.span.start, end: a.host.span.end, row: 1 });
    if (a.port !== undefined) out.push({ name: "port", start: a.span.end - a.port.length, end: a.span.end, row: 1 });
  };
  const hier = (v, row) => {
    if (v.authority !== undefined) {
      out.push({ name: "authority", start: v.authority.span.start, end: v.authority.span.end, row });
      authorityParts(v.authority);
    }
    out.push({ name: "path", kind: v.path.kind, start: v.path.span.start, end: v.path.span.end, row });
  };
  switch (value.kind) {
    case "URI":
    case "relative-ref": {
      if (value.scheme !== undefined) out.push({ name: "scheme", start: value.span.start, end: value.span.start + value.scheme.length, row: 0 });
      hier(value, 0);
      if (value.query !== undefined) {
        const start = value.path.span.end + 1;
        out.push({ name: "query", start, end: start + value.query.length, row: 0 });
      }
      if (value.fragment !== undefined) out.push({ name: "fragment", start: value.span.end - value.fragment.length, end: value.span.end, row: 0 });
      return out;
    }
    case "authority":
      out.push({ name: "authority", start: value.span.start, end: value.span.end, row: 0 });
      authorityParts(value);
      return out;
    case "IPv4address":
    case "IPv6address":
    case "IPvFuture":
    case "reg-name":
      return [{ name: "host", kind: value.kind, start: value.span.start, end: value.span.end, row: 0 }];
    default:
      if (typeof value.kind === "string" && value.kind.includes("path")) return [{ name: "path", kind: value.kind, start: value.span.start, end: value.span.end, row: 0 }];
      if (value.path !== undefined) {
        hier(value, 0); // hier-part, relative-part: { authority, path }
        return out;
      }
      return [{ name: rule, start: 0, end: input.length, row: 0 }];
  }
}

// ---------------------------------------------------------------------------------------------
// The rule that failed, found with the public API only. From the rule checked, step down to a
// rule it names that, matched from some start before the error, fails at the same offset
// expecting everything the whole input's rule expected there (so the failure is all its own),
// where the text from the parent's start to that start matches what the parent's definition
// has before the named rule (so the step is one a derivation could take). The latest such start
// wins, then the first such rule; then again from there, until no rule does. A heuristic of the
// playground's, not the library's: the library reports the offset and what was expected.

/** What `e` can match before an occurrence of rule `child` in it, as an expression; `null` when `child` is not in it. */
function before(g, e, child) {
  switch (e.type) {
    case "ref":
      return g.definition(e.name)?.name === child ? seq() : null;
    case "seq": {
      const ways = [];
      e.items.forEach((item, i) => {
        const b = before(g, item, child);
        if (b !== null) ways.push(seq(...e.items.slice(0, i), b));
      });
      return ways.length === 0 ? null : ways.length === 1 ? ways[0] : alt(...ways);
    }
    case "alt": {
      const ways = e.items.map((item) => before(g, item, child)).filter((b) => b !== null);
      return ways.length === 0 ? null : ways.length === 1 ? ways[0] : alt(...ways);
    }
    case "rep": {
      const b = before(g, e.item, child);
      if (b === null) return null;
      return e.max === 1 ? b : seq(rep(0, e.max === Infinity ? Infinity : e.max - 1, e.item), b);
    }
    default:
      return null;
  }
}

const beforeGrammars = new Map();

/** The grammar whose rule "playground-before" is what `parent` can match before `child`, or `null` (made once per pair). */
function beforeGrammar(g, parent, child) {
  const key = `${g.name}\u0000${parent}\u0000${child}`;
  let pg = beforeGrammars.get(key);
  if (pg === undefined) {
    const e = before(g, g.definition(parent).expr, child);
    pg = e === null ? null : grammar({ "playground-before": e }, { imports: [g] });
    beforeGrammars.set(key, pg);
  }
  return pg;
}

/** True when `text` is what `parent` can match before `child`. */
function leadsTo(g, parent, child, text) {
  const pg = beforeGrammar(g, parent, child);
  return pg !== null && pg.isValid(text, "playground-before");
}

/** Where the longest match of what `parent` has before `child` ends in `text`, or -1 (the rule's parsimmon parser takes the longest match). */
function longestBefore(g, parent, child, text) {
  const pg = beforeGrammar(g, parent, child);
  if (pg === null) return -1;
  const r = P.seq(pg.rule("playground-before"), P.index).skip(P.all).parse(text);
  return r.status ? r.value[1].offset : -1;
}

const WINDOW = 160;

function failingRules(g, top, input, error) {
  const k = error.offset;
  const wanted = error.expected.filter((e) => e !== "end of input");
  const chain = [{ name: top, start: 0 }];
  let budget = 4000;
  const refsOf = (name) => {
    const out = [];
    const walk = (e) => {
      if (e.type === "ref") {
        const d = g.definition(e.name);
        if (d !== undefined && !out.includes(d.name)) out.push(d.name);
      } else if (e.type === "seq" || e.type === "alt") e.items.forEach(walk);
      else if (e.type === "rep") walk(e.item);
    };
    walk(g.definition(name).expr);
    return out;
  };
  for (let depth = 0; depth < 16; depth++) {
    const cur = chain[chain.length - 1];
    const children = refsOf(cur.name).filter((c) => !chain.some((x) => x.name === c));
    let found;
    // starts: the last WINDOW offsets before the error (a rule that fails is seldom longer;
    // this keeps long inputs fast), where the longest match of what comes before each rule
    // ends, and the parent's own start; the latest first
    const set = new Set();
    for (let s = k - 1; s > cur.start && s >= k - WINDOW; s--) set.add(s);
    for (const c of children) {
      const end = longestBefore(g, cur.name, c, input.slice(cur.start, k));
      if (end >= 0 && cur.start + end < k) set.add(cur.start + end);
    }
    if (cur.start < k) set.add(cur.start);
    const starts = [...set].sort((a, b) => b - a);
    for (const s of starts) {
      if (found !== undefined) break;
      for (const c of children) {
        if (budget-- <= 0) return chain;
        const v = g.validate(input.slice(s), c);
        if (v.ok || s + v.error.offset !== k || !wanted.every((w) => v.error.expected.includes(w))) continue;
        if (!leadsTo(g, cur.name, c, input.slice(cur.start, s))) continue;
        found = { name: c, start: s };
        break;
      }
    }
    if (found === undefined) break;
    chain.push(found);
  }
  return chain;
}

// ---------------------------------------------------------------------------------------------
// State

/**
 * What the page shows: the input, the rule and grammar; the span a click pinned; the rules from
 * the one checked to the one that failed, one opened from a diagram, and what the diagram shows.
 */
const state = { input: EXAMPLES[0][1], rule: "URI-reference", iri: false, pinned: undefined, chain: [], explored: undefined, failed: false, whyText: undefined };

/**
 * The state the address gives (`#input=...&rule=...&iri=1`), at load and when it changes on the
 * open page: what it leaves out keeps its value, but for the IRI setting, on only with `iri=1`
 * (or an IRI rule), as writeHash writes it.
 */
function readHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (q.has("input")) state.input = q.get("input");
  state.iri = q.get("iri") === "1";
  const r = q.get("rule");
  if (r !== null && rfc3987.has(r)) state.rule = rfc3987.definition(r).name;
  else if (!state.iri) state.rule = toUriRule(state.rule) ?? "URI-reference";
  if (!state.iri && IRI_RULES.includes(state.rule)) state.iri = true;
}

function writeHash() {
  const q = new URLSearchParams({ input: state.input, rule: state.rule });
  if (state.iri) q.set("iri", "1");
  try {
    history.replaceState(null, "", `#${q}`);
  } catch {
    // some file:// setups refuse; the page works without it
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering

function fillRules() {
  const select = $("rule");
  select.replaceChildren();
  const group = (label, names) => h("optgroup", { label }, names.map((n) => h("option", { value: n, textContent: n })));
  if (state.iri) {
    select.append(group("RFC 3987 (IRI)", IRI_RULES), group("shared with RFC 3986", URI_RULES.filter((n) => toIriRule(n) === n)), group("RFC 5234 core", CORE));
  } else {
    select.append(group("RFC 3986", URI_RULES), group("RFC 5234 core", CORE));
  }
  select.value = state.rule;
}

/** Highlights the characters of [start, end) in the figure (`kind`: "hover" or "pin"). */
function highlight(start, end, kind) {
  for (const el of document.querySelectorAll(`#figure .ch.${kind}`)) el.classList.remove(kind);
  document.querySelector(`#figure .empty-at.${kind}`)?.remove();
  if (start === undefined) return;
  for (const el of document.querySelectorAll("#figure .ch")) {
    const o = Number(el.dataset.offset);
    if (o >= start && o < end) el.classList.add(kind);
  }
  if (start === end) {
    // an empty span: a thin mark between two characters
    const m = h("div", { class: `empty-at ${kind}`, "aria-hidden": "true" });
    m.style.gridColumn = String(columnsOf(state.input).colAt[start] + 1);
    m.style.gridRow = "1";
    $("figure-grid").append(m);
  }
}

/** Wires hover, focus and click on an element that stands for a span. */
function spanControl(el, start, end) {
  el.dataset.start = String(start);
  el.dataset.end = String(end);
  el.addEventListener("mouseenter", () => highlight(start, end, "hover"));
  el.addEventListener("mouseleave", () => highlight(undefined, undefined, "hover"));
  el.addEventListener("focus", () => highlight(start, end, "hover"));
  el.addEventListener("blur", () => highlight(undefined, undefined, "hover"));
  el.addEventListener("click", () => {
    const same = state.pinned && state.pinned.start === start && state.pinned.end === end;
    for (const x of document.querySelectorAll(".pinned")) x.classList.remove("pinned");
    if (same) {
      state.pinned = undefined;
      highlight(undefined, undefined, "pin");
      return;
    }
    state.pinned = { start, end };
    el.classList.add("pinned");
    highlight(start, end, "pin");
    const input = $("input");
    input.setSelectionRange(start, end);
  });
  return el;
}

function renderFigure(input, components, error) {
  const { cols, colAt } = columnsOf(input);
  const grid = h("div", { id: "figure-grid", class: "grid" });
  cols.forEach((c, i) => {
    const cls = ["ch"];
    if (error) cls.push(c.offset < error.offset ? "ok" : c.offset === error.offset ? "bad" : "rest");
    if (c.cp === 0x20 || c.cp < 0x20 || c.cp === 0x7f) cls.push("special");
    const el = h("span", { class: cls.join(" "), "data-offset": c.offset, title: `offset ${c.offset}: U+${c.cp.toString(16).toUpperCase().padStart(4, "0")}` }, shown(c.cp, c.text));
    el.style.gridColumn = String(i + 1);
    el.style.gridRow = "1";
    grid.append(el);
  });
  // the column after the last character: end of input
  const end = h("span", { class: `ch end${error && error.offset === input.length ? " bad" : ""}`, "data-offset": input.length, title: `offset ${input.length}: end of input` }, "\u00a0");
  end.style.gridColumn = String(cols.length + 1);
  end.style.gridRow = "1";
  grid.append(end);

  for (const c of components) {
    const c0 = colAt[c.start];
    const c1 = colAt[c.end];
    const empty = c.start === c.end;
    const label = h("span", { class: "label" }, c.name, c.kind && c.kind !== c.name ? h("small", {}, c.kind) : undefined);
    const bracket = h("button", {
      type: "button",
      class: `part part-${c.name}${empty ? " empty" : ""}`,
      "data-part": c.name,
      "aria-label": `${c.name}${c.kind ? ` (${c.kind})` : ""}: ${empty ? "empty" : JSON.stringify(input.slice(c.start, c.end))}, offsets ${c.start} to ${c.end}`,
    }, h("span", { class: "bracket", "aria-hidden": "true" }), label);
    bracket.style.gridColumn = empty ? `${c0 + 1}` : `${c0 + 1} / ${c1 + 1}`;
    bracket.style.gridRow = String(2 + c.row);
    grid.append(spanControl(bracket, c.start, c.end));
  }
  if (error) {
    const caret = h("div", { class: "caret", "aria-hidden": "true" }, h("span", { class: "mark" }, "^"), h("span", { class: "label" }, `offset ${error.offset}`));
    caret.style.gridColumn = String(colAt[Math.min(error.offset, input.length)] + 1);
    caret.style.gridRow = "2";
    grid.append(caret);
  }
  const summary = error
    ? `The input, with the error at offset ${error.offset} marked.`
    : `Components: ${components.map((c) => `${c.name} ${c.start === c.end ? "(empty)" : JSON.stringify(input.slice(c.start, c.end))}`).join(", ")}.`;
  $("figure").replaceChildren(h("p", { class: "sr-only" }, summary), grid);
  state.pinned = undefined;
  requestAnimationFrame(() => staggerLabels(grid));
}

/** Moves a label down a line when it would overlap the one before it in the same row. */
function staggerLabels(grid) {
  if (!grid) return;
  const rows = new Map();
  for (const label of grid.querySelectorAll(".part .label, .caret .label")) {
    label.style.marginTop = "";
    label.classList.remove("lead");
    label.parentElement.style.height = "";
    const row = label.parentElement.style.gridRow;
    if (!rows.has(row)) rows.set(row, []);
    rows.get(row).push({ label, rect: label.getBoundingClientRect() });
  }
  for (const items of rows.values()) {
    items.sort((a, b) => a.rect.left - b.rect.left);
    const step = Math.max(...items.map((x) => x.rect.height)) + 2;
    const rightOf = [];
    for (const { label, rect } of items) {
      let level = 0;
      while (rightOf[level] !== undefined && rect.left < rightOf[level] + 6) level++;
      rightOf[level] = rect.right;
      if (level > 0) {
        // down a level, and the row taller by as much
        const part = label.parentElement;
        const base = part.offsetHeight;
        label.style.marginTop = `${level * step}px`;
        label.style.setProperty("--lead", `${level * step}px`);
        label.classList.add("lead");
        part.style.height = `${base + level * step}px`;
      }
    }
  }
}

function fieldRow(name, value, span) {
  const shownValue = value === undefined ? h("span", { class: "absent" }, "undefined") : h("code", { class: "value" }, JSON.stringify(value));
  const key = span
    ? spanControl(h("button", { type: "button", class: "key", "aria-label": `${name}, offsets ${span.start} to ${span.end}` }, name), span.start, span.end)
    : h("span", { class: "key" }, name);
  return h("li", { class: "field" }, key, ": ", shownValue, span ? h("span", { class: "span" }, ` [${span.start}, ${span.end})`) : undefined);
}

const FIELDS = ["scheme", "authority", "userinfo", "host", "port", "path", "text", "segments", "octets", "pieces", "version", "address", "query", "fragment"];

function nodeItem(label, node, input, extraKey) {
  const kids = [];
  const span = node.span;
  const title = h("span", { class: "node" },
    extraKey && extraKey !== label ? h("span", { class: "key" }, `${extraKey}: `) : undefined,
    span ? spanControl(h("button", { type: "button", class: "kind", "aria-label": `${label} node, offsets ${span.start} to ${span.end}` }, label), span.start, span.end) : h("span", { class: "kind" }, label),
    span ? h("span", { class: "span" }, ` [${span.start}, ${span.end})`) : undefined);
  const comps = new Map(componentsOf(node, label, input).map((c) => [c.name, c]));
  const spanOf = (name) => (comps.has(name) ? { start: comps.get(name).start, end: comps.get(name).end } : undefined);
  // fields in the AST's order; some (a path's segments) are getters on the node's prototype
  const keys = [...new Set([...FIELDS.filter((f) => f in node), ...Object.keys(node)])];
  for (const k of keys) {
    const v = node[k];
    if (k === "kind" || k === "span") continue;
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      kids.push(nodeItem(v.kind ?? k, v, input, k));
    } else if (k === "segments" && node.span) {
      let pos = node.span.start + (node.text.startsWith("/") ? 1 : 0);
      const segs = v.map((s) => {
        const b = spanControl(h("button", { type: "button", class: "seg", "aria-label": `segment ${JSON.stringify(s)}, offsets ${pos} to ${pos + s.length}` }, JSON.stringify(s)), pos, pos + s.length);
        pos += s.length + 1;
        return b;
      });
      kids.push(h("li", { class: "field" }, h("span", { class: "key" }, "segments"), ": [", segs.flatMap((s, i) => (i === 0 ? [s] : [", ", s])), "]"));
    } else if (Array.isArray(v)) {
      const hex = k === "pieces";
      kids.push(h("li", { class: "field" }, h("span", { class: "key" }, k), ": ", h("code", { class: "value" }, `[${v.map((x) => (hex ? `0x${x.toString(16)}` : JSON.stringify(x))).join(", ")}]`)));
    } else {
      kids.push(fieldRow(k, v, ["scheme", "userinfo", "port", "query", "fragment"].includes(k) && v !== undefined ? spanOf(k) : undefined));
    }
  }
  return h("li", {}, title, kids.length > 0 ? h("ul", {}, kids) : undefined);
}

function renderAst(value, rule, input) {
  const root = $("ast");
  if (value === undefined) {
    root.replaceChildren(h("p", { class: "muted" }, "No AST: the input does not match the rule."));
    return;
  }
  if (typeof value === "string") {
    root.replaceChildren(h("ul", { class: "tree" }, h("li", {}, h("span", { class: "node" },
      spanControl(h("button", { type: "button", class: "kind", "aria-label": `${rule}, offsets 0 to ${input.length}` }, rule), 0, input.length),
      h("span", { class: "span" }, ` [0, ${input.length})`), ": ", h("code", { class: "value" }, JSON.stringify(value))))));
    return;
  }
  root.replaceChildren(h("ul", { class: "tree" }, nodeItem(value.kind ?? rule, value, input)));
}

function renderError(error) {
  const box = $("error");
  if (error === undefined) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const expected = error.expected.map((e) => {
    const isRule = !e.startsWith('"') && e !== "end of input" && rfc3987.has(e);
    return isRule ? h("button", { type: "button", class: "chip rule", title: `show the diagram of ${e}`, onclick: () => showDiagram(e, true) }, e) : h("code", { class: "chip" }, e);
  });
  box.replaceChildren(
    h("h2", {}, "Error"),
    h("dl", { class: "facts" },
      h("dt", {}, "offset"), h("dd", { "data-field": "offset" }, String(error.offset)),
      h("dt", {}, "found"), h("dd", { "data-field": "found" }, h("code", {}, error.found)),
      h("dt", {}, "expected"), h("dd", { class: "chips", "data-field": "expected" }, expected)),
    h("p", {}, "As the library prints it (", h("code", {}, "error.message"), "):"),
    h("pre", { class: "message", "data-field": "message" }, error.message),
  );
}

function showDiagram(name, explore) {
  const g = rfc3987;
  const def = g.definition(name);
  if (def === undefined) return;
  if (explore && !state.chain.some((c) => c.name === def.name)) {
    state.explored = def.name;
    const failed = state.chain[state.chain.length - 1].name;
    $("diagram-why").textContent = state.failed ? `${def.name}, opened from a diagram; the rule that failed is ${failed}.` : `${def.name}, opened from a diagram.`;
  } else if (explore || state.whyText !== undefined) {
    $("diagram-why").textContent = state.whyText;
  }
  const crumbs = $("crumbs");
  crumbs.replaceChildren();
  const items = [...state.chain.map((c) => c.name)];
  if (state.explored && !items.includes(state.explored)) items.push(state.explored);
  crumbs.hidden = items.length < 2;
  items.forEach((n, i) => {
    if (i > 0) crumbs.append(h("span", { class: "sep", "aria-hidden": "true" }, " \u203a "));
    crumbs.append(h("button", { type: "button", class: `crumb${n === def.name ? " current" : ""}`, "aria-current": n === def.name ? "true" : undefined, onclick: () => showDiagram(n, false) }, n));
  });
  const svg = diagram(g, def.name, { standalone: false, href: (n) => `#diagram-${encodeURIComponent(n)}`, title: `Railroad diagram of ${def.name}` });
  $("diagram-name").textContent = def.name;
  $("diagram-abnf").textContent = `${def.name} = ${g.abnf(def.name)}`;
  const ref = rfc3986.has(def.name) ? "rfc3986" : "rfc3987";
  $("diagram-ref").href = `../grammar/${ref}.html#${encodeURIComponent(def.name)}`;
  $("diagram").innerHTML = svg;
}

function render() {
  const input = state.input;
  const rule = state.rule;
  writeHash();
  const r = parseRule(input, rule);
  const error = r.ok ? undefined : r.error;
  const status = $("status");
  status.className = r.ok ? "status ok" : "status bad";
  if (r.ok) {
    const what = r.value !== null && typeof r.value === "object" && typeof r.value.kind === "string" && r.value.kind !== rule ? ` (${r.value.kind})` : "";
    status.textContent = `\u2713 Valid ${rule}${what}`;
  } else {
    status.textContent = `\u2717 ${error.shortMessage}`;
  }
  $("figure-heading").textContent = r.ok ? "Components" : "Where it fails";
  $("figure-hint").hidden = !r.ok;
  renderFigure(input, r.ok ? componentsOf(r.value, rule, input) : [], error);
  renderAst(r.ok ? r.value : undefined, rule, input);
  renderError(error);
  state.explored = undefined;
  state.chain = r.ok ? [{ name: rfc3987.definition(rule).name, start: 0 }] : failingRules(rfc3987, rfc3987.definition(rule).name, input, error);
  const last = state.chain[state.chain.length - 1];
  $("diagram-heading").textContent = r.ok ? "Railroad diagram of the rule" : "Railroad diagram of the rule that failed";
  state.failed = !r.ok;
  state.whyText = r.ok
    ? `The input matches ${rule}; rule names in the diagram open their own diagrams.`
    : last.name === rule
      ? `${rule} fails at offset ${error.offset}; no one rule inside it takes the whole failure.`
      : `${last.name}, from offset ${last.start}, fails at offset ${error.offset} expecting what ${rule} expects there: the failure is inside it.`;
  $("diagram-why").textContent = state.whyText;
  showDiagram(last.name, false);
}

function init() {
  readHash();
  const style = document.createElement("style");
  style.textContent = diagramStyle;
  document.head.append(style);
  $("examples").append(...EXAMPLES.map(([label, text]) => h("button", { type: "button", class: "example", title: text, onclick: () => {
    state.input = text;
    if (/[^\x00-\x7f]/.test(text) && !state.iri) {
      state.iri = true;
      $("iri").checked = true;
      state.rule = toIriRule(state.rule);
      fillRules();
    }
    $("input").value = text;
    render();
  } }, label)));
  const input = $("input");
  input.value = state.input;
  $("iri").checked = state.iri;
  fillRules();
  input.addEventListener("input", () => {
    state.input = input.value;
    render();
  });
  $("rule").addEventListener("change", (e) => {
    state.rule = e.target.value;
    render();
  });
  $("iri").addEventListener("change", (e) => {
    state.iri = e.target.checked;
    state.rule = state.iri ? toIriRule(state.rule) : toUriRule(state.rule) ?? "URI-reference";
    fillRules();
    render();
  });
  $("diagram").addEventListener("click", (e) => {
    const a = e.target.closest("a");
    const href = a && (a.getAttribute("href") ?? a.getAttribute("xlink:href"));
    if (!href || !href.startsWith("#diagram-")) return;
    e.preventDefault();
    showDiagram(decodeURIComponent(href.slice("#diagram-".length)), true);
  });
  window.addEventListener("resize", () => staggerLabels($("figure-grid")));
  // a new address on the open page (a link, location.hash, back and forward); writeHash's
  // replaceState fires no hashchange
  window.addEventListener("hashchange", () => {
    readHash();
    input.value = state.input;
    $("iri").checked = state.iri;
    fillRules();
    render();
  });
  render();
  document.body.dataset.ready = "true";
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
