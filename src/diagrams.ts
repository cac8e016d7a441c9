// "uri-grammar/diagrams": a rule's railroad diagram as SVG markup, drawn from its definition (the Expr data the engine, the parsers, the regex and the
// printed ABNF come from) through railroad-diagrams' string output: no DOM needed, Node and browsers alike.
import railroad from "railroad-diagrams";
import { isExpr, type Expr, type Rep } from "./abnf/expr.js";
import { isGrammar, type Grammar } from "./abnf/grammar.js";
import { checkPrintable, printExpr, printRange } from "./abnf/print.js";
import { describeValue } from "./describe.js";
import { codePointName } from "./errors.js";

type Node = railroad.Node;

/** Options of {@link diagram} and {@link diagramOf}. */
export interface DiagramOptions {
  /**
   * Where a rule name links to. A template in which `{name}` stands for the rule's name
   * (URI-encoded; with a grammar, spelled as the rule's definition spells it), a function that
   * returns the link or `undefined` for none, or `false` for no links. Default: `"#{name}"`.
   */
  readonly href?: string | ((name: string) => string | undefined) | false | undefined;
  /**
   * True (the default) for a standalone SVG document: with the SVG namespace and a `<style>`
   * element holding {@link diagramStyle}. False for SVG to put inline in an HTML page that
   * includes {@link diagramStyle} once.
   */
  readonly standalone?: boolean | undefined;
  /** A `<title>` for the whole diagram (a tooltip, and what screen readers say). */
  readonly title?: string | undefined;
}

/**
 * The CSS the diagrams need, scoped to `svg.railroad-diagram`. Standalone diagrams hold it;
 * put it once in a page that shows diagrams made with `standalone: false`.
 *
 * Classes: `terminal` (with `literal`, `case-sensitive` or `range`), `nonterminal` (its box an `<a>`
 * when linked), `prose`, `repeat` (the label of a bounded repetition), and the package's
 * `comment`.
 */
export const diagramStyle: string = `svg.railroad-diagram { background-color: #fbfaf6; }
svg.railroad-diagram path { stroke-width: 2; stroke: #3a3a3a; fill: none; }
svg.railroad-diagram text { font: 600 13px ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; text-anchor: middle; fill: #1a1a1a; white-space: pre; }
svg.railroad-diagram text.comment { font: italic 11px ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; fill: #5a5a5a; }
svg.railroad-diagram rect { stroke-width: 2; stroke: #3a3a3a; fill: #ffffff; }
svg.railroad-diagram .terminal.literal rect { fill: #e3f2df; }
svg.railroad-diagram .terminal.case-sensitive rect { fill: #fbe3c2; stroke-dasharray: 6 2; }
svg.railroad-diagram .terminal.range rect { fill: #e1ebf8; }
svg.railroad-diagram .nonterminal rect { fill: #ffffff; }
svg.railroad-diagram .nonterminal a text { fill: #0b4fb3; text-decoration: underline; }
svg.railroad-diagram .nonterminal a:hover rect, svg.railroad-diagram .nonterminal a:focus rect { fill: #fff6cc; }
svg.railroad-diagram .prose rect { fill: #f2f2f2; stroke-dasharray: 3 3; }
svg.railroad-diagram .prose text { font-style: italic; font-weight: 400; }
svg.railroad-diagram .repeat text.comment { fill: #8a3b00; }
`;

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The most parts a diagram draws: railroad-diagrams takes a line's or a choice's items as
 * arguments, which overflow the stack at some 64,000 (a rule of that many concatenated strings).
 */
const DRAW_LIMIT = 16_384;

/**
 * A rule's railroad diagram as SVG markup: alternatives as branches, concatenation as a line,
 * `[x]` as a bypass, `*x` and `1*x` as loops, and bounded repetitions as loops labelled with
 * their bounds ("exactly 3 times", "1 to 4 times", "at most 6 times"). Rule names are boxes
 * linked to their rules, literals rounded boxes (`"ab"` matches any case, `%s"ab"` only that
 * case), ranges in `%x` notation with their characters where printable, prose `<...>` dashed.
 *
 * @example
 * import { rfc3986 } from "uri-grammar/abnf";
 * import { diagram } from "uri-grammar/diagrams";
 * const svg = diagram(rfc3986, "dec-octet", { href: "rfc3986.html#{name}" });
 * svg.startsWith("<svg"); // → true
 *
 * A rule deeper than the engine allows (400 levels) or of more than 16,384 parts is a
 * `GrammarError` ("too-deep", "too-large"), as in {@link diagramOf}.
 */
export function diagram(grammar: Grammar, name: string, options: DiagramOptions = {}): string {
  if (!isGrammar(grammar)) {
    const got = describeValue(grammar);
    // diagram("IPv4address"): a rule name where the grammar goes
    const hint = typeof grammar === "string" ? `; pass the grammar first, then the rule name: diagram(rfc3986, ${got}), with import { rfc3986 } from "uri-grammar/abnf"` : "";
    throw new TypeError(`diagram: the argument "grammar" must be a Grammar, got ${got}${hint}`);
  }
  if (typeof name !== "string") throw new TypeError(`diagram: the argument "name" must be a string, got ${describeValue(name)}`);
  const def = grammar.require(name, "diagram");
  // a reference links to the rule as the grammar spells it (names are case-insensitive)
  const canonical = (n: string): string => grammar.definition(n)?.name ?? n;
  checkPrintable(def.expr, DRAW_LIMIT, `rule ${def.name}`, "diagram", def.name);
  return render(def.expr, options, canonical, "diagram");
}

/**
 * The railroad diagram of one expression (no grammar: rule names link as written).
 *
 * @example
 * import { seq, lit, ref, opt } from "uri-grammar/abnf";
 * import { diagramOf } from "uri-grammar/diagrams";
 * diagramOf(seq(ref("scheme"), lit(":"), opt(ref("query")))).includes('href="#scheme"'); // → true
 */
export function diagramOf(expr: Expr, options: DiagramOptions = {}): string {
  if (!isExpr(expr)) throw new TypeError(`diagramOf: the argument "expr" must be an ABNF expression (made by lit, caseSensitive, range, seq, alt, rep, opt, many, many1, ref or prose), got ${describeValue(expr)}`);
  checkPrintable(expr, DRAW_LIMIT, "the expression", "diagramOf");
  return render(expr, options, (n) => n, "diagramOf");
}

/**
 * How a bounded repetition's loop is labelled, or `undefined` for none (`*x`, `1*x`, `[x]` and
 * `1x` need no label): `3DIGIT` "exactly 3 times", `1*4HEXDIG` "1 to 4 times", `*6x` "at most 6
 * times", `2*x` "2 or more times", `0x` "empty".
 */
export function repetitionLabel(min: number, max: number): string | undefined {
  const count = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n) && n >= 0;
  if (!count(min) || !(count(max) || max === Infinity) || max < min) {
    throw new RangeError(`repetitionLabel: expects whole numbers 0 <= min <= max (max may be Infinity), got ${describeValue(min)} and ${describeValue(max)}`);
  }
  if (min === max) return min === 0 ? "empty" : min === 1 ? undefined : `exactly ${min} times`;
  if (max === Infinity) return min <= 1 ? undefined : `${min} or more times`;
  if (min === 0) return max === 1 ? undefined : `at most ${max} times`;
  return `${min} to ${max} times`;
}

const escapeXml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function linker(option: DiagramOptions["href"], caller: string): (name: string) => string | undefined {
  if (option === false) return () => undefined;
  if (option === undefined) return (n) => `#${encodeURIComponent(n)}`;
  if (typeof option === "string") return (n) => option.split("{name}").join(encodeURIComponent(n));
  if (typeof option === "function") {
    return (n) => {
      const h = option(n);
      if (h !== undefined && typeof h !== "string") throw new TypeError(`${caller}: options.href returned ${describeValue(h)} for ${n}; return a string or undefined`);
      return h;
    };
  }
  throw new TypeError(`${caller}: options.href must be a string, a function or false, got ${describeValue(option)}`);
}

function render(expr: Expr, options: DiagramOptions, canonical: (name: string) => string, caller: string): string {
  if (typeof options !== "object" || options === null) throw new TypeError(`${caller}: the argument "options" must be an object, got ${describeValue(options)}`);
  const href = linker(options.href, caller);
  // a top-level concatenation is the diagram's own line
  const line = lineOf(expr, { href, canonical });
  const d = railroad.Diagram(...(line.length === 0 ? [railroad.Skip()] : line));
  const standalone = options.standalone ?? true;
  if (standalone) d.attrs = { xmlns: SVG_NS, ...d.attrs };
  const head: string[] = [];
  if (options.title !== undefined) head.push(`<title>${escapeXml(String(options.title))}</title>`);
  if (standalone) head.push(`<style>${diagramStyle}</style>`);
  d.children = head;
  return d.toString().trimEnd();
}

interface Context {
  readonly href: (name: string) => string | undefined;
  readonly canonical: (name: string) => string;
}

/** The items of a concatenation, nested ones in line (a sequence inside a sequence draws the same). */
function lineOf(e: Expr, cx: Context): Node[] {
  return e.type === "seq" ? e.items.flatMap((x) => lineOf(x, cx)) : [draw(e, cx)];
}

function draw(e: Expr, cx: Context): Node {
  switch (e.type) {
    case "lit":
      return literal(e.text, e.caseSensitive, printExpr(e));
    case "range":
      return rangeNode(e.lo, e.hi);
    case "seq": {
      const line = lineOf(e, cx);
      return line.length === 0 ? railroad.Skip() : line.length === 1 ? (line[0] as Node) : railroad.Sequence(...line);
    }
    case "alt":
      if (e.items.length === 0) return railroad.Skip();
      if (e.items.length === 1) return draw(e.items[0] as Expr, cx);
      return railroad.Choice(0, ...e.items.map((x) => draw(x, cx)));
    case "rep":
      return repetition(e, cx);
    case "ref":
      return reference(e.name, cx);
    case "prose":
      return proseNode(e.text);
  }
}

function withClass(n: Node, cls: string, title?: string): Node {
  n.attrs.class = cls;
  if (title !== undefined && Array.isArray(n.children)) n.children.push(`<title>${escapeXml(title)}</title>`);
  return n;
}

/** A quoted string, as ABNF prints it: `"ab"` (any case), `%s"aB"` (this case), `%x..` for characters a quoted string cannot hold. */
function literal(text: string, caseSensitive: boolean, printed: string): Node {
  const letters = /[A-Za-z]/.test(text);
  const cls = caseSensitive && letters ? "terminal literal case-sensitive" : "terminal literal";
  const title = !letters ? undefined : caseSensitive ? "case-sensitive: only this case" : "case-insensitive: any case of these letters";
  return withClass(railroad.Terminal(printed), cls, title);
}

/**
 * A code point shown as itself: printable ASCII and the printable Latin-1 letters and signs
 * only (fixed, so that diagrams do not change with the Unicode version of the runtime, and every
 * font has them). Others show as hex only.
 */
function glyph(cp: number): string | undefined {
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa1 && cp <= 0xff && cp !== 0xad)) {
    const ch = String.fromCodePoint(cp);
    return ch === "'" ? `"'"` : `'${ch}'`;
  }
  return undefined;
}

/** `%x30-39 '0'–'9'`, `%x2F '/'`, `%x0D`, `%x10000-1FFFD`. */
function rangeNode(lo: number, hi: number): Node {
  const printed = printRange(lo, hi);
  const a = glyph(lo);
  const b = glyph(hi);
  const chars = lo === hi ? a : a !== undefined && b !== undefined ? `${a}–${b}` : undefined;
  const title = lo === hi ? codePointName(lo) : `${codePointName(lo)} to ${codePointName(hi)} (${hi - lo + 1} code points)`;
  return withClass(railroad.Terminal(chars === undefined ? printed : `${printed} ${chars}`), "terminal range", title);
}

function reference(name: string, cx: Context): Node {
  const target = cx.canonical(name);
  const link = cx.href(target);
  const n = withClass(railroad.NonTerminal(name), "nonterminal");
  if (link === undefined) return n;
  // the box and its name are the link, not the lines that lead to them
  const format = n.format;
  n.format = function (this: Node, x: number, y: number, width: number): Node {
    format.call(this, x, y, width);
    const kids = this.children as railroad.Child[];
    const box = kids.filter((k) => typeof k !== "string" && (k.tagName === "rect" || k.tagName === "text")).join("");
    this.children = [...kids.filter((k) => typeof k === "string" || (k.tagName !== "rect" && k.tagName !== "text")), `<a href="${escapeXml(link)}">${box}</a>\n`];
    return this;
  };
  return n;
}

function proseNode(text: string): Node {
  return withClass(railroad.NonTerminal(`<${text}>`), "prose", "prose: described in words, not in ABNF");
}

/** `[x]` a bypass; `*x`, `1*x` loops; bounded repetitions loops labelled with their bounds. */
function repetition(e: Rep, cx: Context): Node {
  const { min, max, item } = e;
  if (min === 1 && max === 1) return draw(item, cx);
  const label = repetitionLabel(min, max);
  if (min === 0 && max === 0) {
    // `0x`: matches the empty string only; the item is not drawn, as it is never matched
    return withClass(railroad.Comment(`empty (${printExpr(e)})`), "repeat", "matches the empty string only");
  }
  const inner = draw(item, cx);
  if (min === 0 && max === 1) return railroad.Optional(inner);
  const loopLabel = label === undefined ? undefined : withClass(railroad.Comment(label), "repeat", `ABNF: ${printExpr(e)}`);
  const loop = loopLabel === undefined ? railroad.OneOrMore(inner) : railroad.OneOrMore(inner, loopLabel);
  return min === 0 ? railroad.Optional(loop) : loop;
}
