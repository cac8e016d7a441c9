// A small reader of the SVG markup uri-grammar/diagrams writes (elements, attributes, text; no
// DTDs, no CDATA), so tests can check a diagram's structure rather than its bytes. Throws on
// markup that is not well-formed: a tag closed out of order, an unclosed tag, a stray "<" or "&".

export interface El {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly (El | string)[];
}

const decode = (s: string): string =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (m, e: string) => {
    if (e.startsWith("#x")) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[e] ?? m;
  });

export function parseSvg(text: string): El {
  const token = /<\/([A-Za-z][\w:-]*)\s*>|<([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  const root: { tag: string; attrs: Record<string, string>; children: (El | string)[] } = { tag: "#root", attrs: {}, children: [] };
  const stack = [root];
  for (const m of text.matchAll(token)) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (m[6] !== undefined) throw new Error(`stray "<" at ${m.index}`);
    if (m[5] !== undefined) {
      if (/&(?!(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);)/.test(m[5])) throw new Error(`stray "&" at ${m.index}`);
      if (m[5].trim() !== "") top.children.push(decode(m[5]));
      continue;
    }
    if (m[1] !== undefined) {
      if (top.tag !== m[1]) throw new Error(`</${m[1]}> closes <${top.tag}> at ${m.index}`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (m[3] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[a[1] as string] = decode(a[2] as string);
    const el = { tag: m[2] as string, attrs, children: [] as (El | string)[] };
    top.children.push(el);
    if (m[4] !== "/") stack.push(el);
  }
  if (stack.length !== 1) throw new Error(`<${(stack[stack.length - 1] as El).tag}> is not closed`);
  const svg = root.children.filter((c): c is El => typeof c !== "string");
  if (svg.length !== 1 || svg[0]?.tag !== "svg") throw new Error("expected one <svg> element");
  return svg[0];
}

export const elements = (e: El): El[] => e.children.filter((c): c is El => typeof c !== "string");

/** Every element under `e` (depth first, `e` included) that `test` accepts. */
export function findAll(e: El, test: (x: El) => boolean): El[] {
  const out: El[] = [];
  const walk = (x: El): void => {
    if (test(x)) out.push(x);
    elements(x).forEach(walk);
  };
  walk(e);
  return out;
}

export const textOf = (e: El): string => e.children.map((c) => (typeof c === "string" ? c : textOf(c))).join("");

export const hasClass = (e: El, cls: string): boolean => (e.attrs.class ?? "").split(/\s+/).includes(cls);

/** The rule references of a diagram: the name each box shows and where it links (undefined: no link). */
export function nonTerminals(svg: El): { name: string; href: string | undefined }[] {
  return findAll(svg, (x) => x.tag === "g" && hasClass(x, "nonterminal")).map((g) => {
    const a = elements(g).find((x) => x.tag === "a");
    const text = findAll(g, (x) => x.tag === "text")[0];
    return { name: text === undefined ? "" : textOf(text), href: a?.attrs.href };
  });
}

/** The texts of the terminal boxes with the given class ("literal", "range", "case-sensitive"). */
export function terminals(svg: El, cls = "terminal"): string[] {
  return findAll(svg, (x) => x.tag === "g" && hasClass(x, "terminal") && hasClass(x, cls)).map((g) => textOf(findAll(g, (x) => x.tag === "text")[0] as El));
}

/** The labels of bounded repetitions. */
export function repeatLabels(svg: El): string[] {
  return findAll(svg, (x) => x.tag === "g" && hasClass(x, "repeat")).map((g) => textOf(findAll(g, (x) => x.tag === "text")[0] as El));
}

/** The drawn items of a diagram's main line: the children of its <g> other than paths (the start and end marks are paths). */
export function mainLine(svg: El): El[] {
  const g = elements(svg).find((x) => x.tag === "g") as El;
  return elements(g).filter((x) => x.tag !== "path");
}

/** The items (branches, or items in line) of a Choice or Sequence group: its children other than paths and titles. */
export const items = (g: El): El[] => elements(g).filter((x) => x.tag !== "path" && x.tag !== "title");
