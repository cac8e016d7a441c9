// The component figure of a URI reference (RFC 3986 §3): a bracket per component under the text, the authority's parts
// (userinfo, host, port) over it; in terminal columns (width.ts), so IRIs with wide characters line up.
import type { Authority, UriReference } from "../ast/nodes.js";
import { drawable, type Colour, type Paint } from "./style.js";
import { columnsOf } from "../width.js";

/** A component as drawn: its name and its `[start, end)` in UTF-16 code units of the input. */
export interface Part {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** The components of a node, in input order: `above` the text and `below` it. */
export interface Parts {
  readonly above: readonly Part[];
  readonly below: readonly Part[];
}

const COLOURS: Readonly<Record<string, Colour>> = {
  scheme: "cyan",
  authority: "yellow",
  path: "green",
  query: "blue",
  fragment: "magenta",
  userinfo: "red",
  host: "yellow",
  port: "cyan",
};

/** The parts of an authority node: userinfo, host and port, where present. */
function authorityParts(a: Authority): Part[] {
  const span = a.span;
  const host = a.host.span;
  if (span === undefined || host === undefined) return [];
  const parts: Part[] = [];
  if (a.userinfo !== undefined) parts.push({ name: "userinfo", start: span.start, end: span.start + a.userinfo.length });
  parts.push({ name: "host", start: host.start, end: host.end });
  if (a.port !== undefined) parts.push({ name: "port", start: span.end - a.port.length, end: span.end });
  return parts;
}

/**
 * The components of a parsed URI reference, each with its span: the AST keeps spans on its
 * nodes, and the other components sit next to them (RFC 3986 §3: `scheme ":"`, `"?" query`,
 * `"#" fragment`). An empty path is left out: every reference has a path, and it has no delimiter
 * to point at.
 */
export function referenceParts(ref: UriReference): Parts {
  const span = ref.span;
  const path = ref.path.span;
  if (span === undefined || path === undefined) return { above: [], below: [] };
  const below: Part[] = [];
  if (ref.scheme !== undefined) below.push({ name: "scheme", start: span.start, end: span.start + ref.scheme.length });
  const a = ref.authority;
  if (a?.span !== undefined) below.push({ name: "authority", start: a.span.start, end: a.span.end });
  if (path.end > path.start) below.push({ name: "path", start: path.start, end: path.end });
  if (ref.query !== undefined) below.push({ name: "query", start: path.end + 1, end: path.end + 1 + ref.query.length });
  if (ref.fragment !== undefined) below.push({ name: "fragment", start: span.end - ref.fragment.length, end: span.end });
  return { above: a === undefined ? [] : authorityParts(a), below };
}

/** The parts of an authority parsed on its own (`--rule authority`): all below the text. */
export function authorityNodeParts(a: Authority): Parts {
  return { above: [], below: authorityParts(a) };
}

/** One thing drawn on a side: a bracket over columns `[from, to)` with its tick, or a single mark. */
export interface Item {
  readonly from: number;
  readonly to: number;
  readonly tick: number;
  readonly label: string;
  readonly colour: Colour | undefined;
}

/** Where a label goes: its row (0 next to the brackets) and first column. */
export interface Placement {
  readonly row: number;
  readonly start: number;
}

/**
 * The items of one side. A part with columns gets a bracket whose tick is at its middle column
 * (the left one of two); a part without columns (empty, or only combining marks) gets a single
 * mark on its delimiter: the "?" of an empty query, the "#" of an empty fragment, the ":" of an
 * empty port, the "@" after an empty userinfo, the "/" before an empty authority or host. Marks
 * that fall on one column share a label; one that would fall on a bracket goes to `notes`.
 */
export function sideItems(parts: readonly Part[], cols: readonly number[], notes: string[]): Item[] {
  const items: Item[] = [];
  const taken: [number, number][] = [];
  const marks = new Map<number, { names: string[]; colour: Colour | undefined }>();
  for (const p of parts) {
    const from = cols[p.start] as number;
    const to = cols[p.end] as number;
    if (to > from) {
      items.push({ from, to, tick: from + ((to - from - 1) >> 1), label: p.name, colour: COLOURS[p.name] });
      taken.push([from, to]);
      continue;
    }
    const empty = p.end === p.start;
    const at = empty && p.name === "userinfo" ? from : from - 1;
    const label = empty ? `${p.name} (empty)` : p.name;
    if (at < 0) {
      notes.push(`${label} at offset ${p.start}`);
      continue;
    }
    const m = marks.get(at);
    if (m === undefined) marks.set(at, { names: [label], colour: COLOURS[p.name] });
    else m.names.push(label);
  }
  for (const [at, m] of marks) {
    const label = m.names.join(", ");
    if (taken.some(([f, t]) => at >= f && at < t)) notes.push(`${label} at column ${at}`);
    else items.push({ from: at, to: at + 1, tick: at, label, colour: m.colour });
  }
  return items.sort((x, y) => x.from - y.from);
}

/**
 * Rows for the labels, so that no two things share a cell. Labels are placed from the rightmost
 * tick to the leftmost, each on the lowest row where it fits, a space apart from other labels:
 * centred on its tick (the middle character over the tick, the left one of two), or else
 * starting at its tick. A label on a lower row hangs from a vertical line that must cross no
 * other label. Two rules make the placement always succeed: a centred label never covers or
 * touches a tick still to be placed (all of which are left of it), and a label starting at its
 * tick covers none; so on a new row the line down to it is always clear.
 */
export function placeLabels(items: readonly Item[]): Placement[] {
  const order = items.map((_, k) => k).sort((a, b) => (items[b] as Item).tick - (items[a] as Item).tick);
  const labels: [number, number][][] = [];
  const lines: Set<number>[] = [];
  const placements = new Array<Placement>(items.length);
  const unplaced = new Set(items.map((it) => it.tick));
  for (const k of order) {
    const it = items[k] as Item;
    unplaced.delete(it.tick);
    const w = it.label.length;
    const centred = Math.max(0, it.tick - ((w - 1) >> 1));
    const fits = (row: number, start: number, centre: boolean): boolean => {
      const end = start + w;
      if ((labels[row] ?? []).some(([s, e]) => start - 1 < e && s < end + 1)) return false;
      for (const c of lines[row] ?? []) if (c >= start && c < end) return false;
      for (let r = 0; r < row; r++) if ((labels[r] ?? []).some(([s, e]) => it.tick >= s && it.tick < e)) return false;
      if (centre) for (const u of unplaced) if (u >= start - 1 && u <= end) return false;
      return true;
    };
    // A row past every label placed so far always fits (see above), so at most items.length + 1
    // rows are tried; the bound makes a broken invariant an error, never an endless loop.
    for (let row = 0; ; row++) {
      if (row > items.length) throw new Error(`figure: no row for the label ${JSON.stringify(it.label)}`);
      const start = fits(row, centred, true) ? centred : fits(row, it.tick, false) ? it.tick : undefined;
      if (start === undefined) continue;
      (labels[row] ??= []).push([start, start + w]);
      for (let r = 0; r < row; r++) (lines[r] ??= new Set()).add(it.tick);
      placements[k] = { row, start };
      break;
    }
  }
  return placements;
}

/** A grid of cells, each written once. */
class Grid {
  readonly #rows: ({ ch: string; colour: Colour | undefined } | undefined)[][] = [];

  set(row: number, col: number, ch: string, colour: Colour | undefined): void {
    const r = (this.#rows[row] ??= []);
    if (r[col] !== undefined) throw new Error(`figure: cell ${row}:${col} drawn twice`);
    r[col] = { ch, colour };
  }

  text(row: number, col: number, text: string, colour: Colour | undefined): void {
    for (let k = 0; k < text.length; k++) this.set(row, col + k, text[k] as string, colour);
  }

  get height(): number {
    return this.#rows.length;
  }

  line(row: number, paint: Paint): string {
    const cells = this.#rows[row] ?? [];
    // no trailing spaces: stop at the last drawn cell that is not one (a loop, not /[ ]+$/,
    // whose backtracking is quadratic on a long run of spaces)
    let end = cells.length;
    while (end > 0 && (cells[end - 1] === undefined || cells[end - 1]?.ch === " ")) end--;
    let out = "";
    let run = "";
    let colour: Colour | undefined;
    for (let c = 0; c < end; c++) {
      const cell = cells[c] ?? { ch: " ", colour: undefined };
      if (cell.colour !== colour) {
        out += paint(colour, run);
        run = "";
        colour = cell.colour;
      }
      run += cell.ch;
    }
    return out + paint(colour, run);
  }
}

/** The bracket row and label rows of one side, nearest the text first. */
function drawSide(items: readonly Item[], side: "above" | "below", paint: Paint): string[] {
  if (items.length === 0) return [];
  const grid = new Grid();
  const [left, right, tick] = side === "below" ? ["└", "┘", "┬"] : ["┌", "┐", "┴"];
  for (const it of items) {
    const w = it.to - it.from;
    for (let c = it.from; c < it.to; c++) {
      const ch = w === 1 ? "│" : c === it.tick ? (c === it.from ? "├" : tick) : c === it.from ? left : c === it.to - 1 ? right : "─";
      grid.set(0, c, ch, it.colour);
    }
  }
  const placements = placeLabels(items);
  items.forEach((it, k) => {
    const p = placements[k] as Placement;
    for (let r = 0; r < p.row; r++) grid.set(1 + r, it.tick, "│", it.colour);
    grid.text(1 + p.row, p.start, it.label, it.colour);
  });
  const out: string[] = [];
  for (let row = 0; row < grid.height; row++) out.push(grid.line(row, paint));
  return out;
}

/** The input with each below-the-text component in its colour. */
function paintText(input: string, parts: readonly Part[], paint: Paint): string {
  let out = "";
  let at = 0;
  for (const p of parts) {
    out += input.slice(at, p.start) + paint(COLOURS[p.name], input.slice(p.start, p.end));
    at = p.end;
  }
  return out + input.slice(at);
}

/**
 * The figure: label rows and brackets over the text, the text, brackets and label rows under
 * it, then a note for any mark that could not be drawn (none for the parts of a URI reference).
 *
 * @example
 * figure("foo://example.com:8042/over/there?name=ferret#nose", referenceParts(parseOrThrow(...)), plain)
 */
export function figure(text: string, parts: Parts, paint: Paint): string[] {
  const input = drawable(text);
  const cols = columnsOf(input);
  const notes: string[] = [];
  const above = drawSide(sideItems(parts.above, cols, notes), "above", paint).reverse();
  const below = drawSide(sideItems(parts.below, cols, notes), "below", paint);
  return [...above, paintText(input, parts.below, paint), ...below, ...notes.map((n) => paint("dim", `note: ${n}`))];
}
