// The indented tree of a parsed value: an AST node (RFC 3986 §3 components, with their spans in
// UTF-16 code units of the input) or, for a grammar of its own, the derivation of its rules.
import type { Authority, Host, Path, Span, UriReference } from "../ast/nodes.js";
import type { Match } from "../abnf/semantics.js";
import { isNode } from "../ast/make.js";
import { toJson, type Paint } from "./style.js";

const isPathKind = (k: string): boolean => k.startsWith("path-");

class Lines {
  readonly out: string[] = [];
  constructor(readonly paint: Paint) {}

  /** One line: a name, a kind, a span, then the text or value. */
  add(depth: number, name: string, kind: string | undefined, span: Span | undefined, value: string | undefined): void {
    const p = this.paint;
    const parts = [p("bold", name)];
    if (kind !== undefined && kind !== name) parts.push(p("cyan", kind));
    if (span !== undefined) parts.push(p("dim", `[${span.start}, ${span.end})`));
    if (value !== undefined) parts.push(value);
    this.out.push("  ".repeat(depth) + parts.join(" "));
  }
}

const str = (p: Paint, s: string): string => p("green", toJson(s));
const at = (start: number, length: number): Span => ({ start, end: start + length });

function host(l: Lines, h: Host, depth: number, name = "host"): void {
  const p = l.paint;
  l.add(depth, name, h.kind, h.span, str(p, h.text));
  switch (h.kind) {
    case "IPv4address":
      l.add(depth + 1, "octets", undefined, undefined, h.octets.join("."));
      break;
    case "IPv6address":
      l.add(depth + 1, "pieces", undefined, undefined, h.pieces.map((n) => n.toString(16)).join(":"));
      break;
    case "IPvFuture":
      l.add(depth + 1, "version", undefined, undefined, str(p, h.version));
      l.add(depth + 1, "address", undefined, undefined, str(p, h.address));
      break;
    default:
      break;
  }
}

function authority(l: Lines, a: Authority, input: string, depth: number, name = "authority"): void {
  const p = l.paint;
  const s = a.span;
  l.add(depth, name, "authority", s, s === undefined ? undefined : str(p, input.slice(s.start, s.end)));
  if (a.userinfo !== undefined) l.add(depth + 1, "userinfo", undefined, s && at(s.start, a.userinfo.length), str(p, a.userinfo));
  host(l, a.host, depth + 1);
  if (a.port !== undefined) l.add(depth + 1, "port", undefined, s && at(s.end - a.port.length, a.port.length), str(p, a.port));
}

function path(l: Lines, x: Path, depth: number, name = "path"): void {
  const p = l.paint;
  l.add(depth, name, x.kind, x.span, str(p, x.text));
  l.add(depth + 1, "segments", undefined, undefined, x.segments.length === 0 ? p("dim", "(none)") : x.segments.map((s) => str(p, s)).join(" "));
}

function reference(l: Lines, r: UriReference, input: string, depth: number, name: string = r.kind): void {
  const p = l.paint;
  const s = r.span;
  l.add(depth, name, r.kind, s, str(p, s === undefined ? input : input.slice(s.start, s.end)));
  if (r.scheme !== undefined) l.add(depth + 1, "scheme", undefined, s && at(s.start, r.scheme.length), str(p, r.scheme));
  if (r.authority !== undefined) authority(l, r.authority, input, depth + 1);
  path(l, r.path, depth + 1);
  const pathEnd = r.path.span?.end;
  if (r.query !== undefined) l.add(depth + 1, "query", undefined, pathEnd === undefined ? undefined : at(pathEnd + 1, r.query.length), str(p, r.query));
  if (r.fragment !== undefined) l.add(depth + 1, "fragment", undefined, s && at(s.end - r.fragment.length, r.fragment.length), str(p, r.fragment));
}

/**
 * Any value a rule yields: a node, a plain object of nodes (`hier-part`), or text. A node is
 * named by its component (`host IPv6address`), or by `root` when given (the rule asked for:
 * `IPv6address`, `ihost IPv6address`).
 */
function value(l: Lines, name: string, v: unknown, input: string, depth: number, root?: string): void {
  if (isNode(v)) {
    if (v.kind === "URI" || v.kind === "relative-ref") reference(l, v as UriReference, input, depth, root);
    else if (v.kind === "authority") authority(l, v as Authority, input, depth, root);
    else if (isPathKind(v.kind)) path(l, v as Path, depth, root);
    else host(l, v as Host, depth, root);
  } else if (typeof v === "string") {
    l.add(depth, name, undefined, depth === 0 ? at(0, input.length) : undefined, str(l.paint, v));
  } else if (typeof v === "object" && v !== null) {
    l.add(depth, name, undefined, depth === 0 ? at(0, input.length) : undefined, depth === 0 ? str(l.paint, input) : undefined);
    for (const [k, x] of Object.entries(v)) if (x !== undefined) value(l, k, x, input, depth + 1);
  } else {
    l.add(depth, name, undefined, undefined, String(v));
  }
}

/**
 * The tree of a value of an RFC 3986 or RFC 3987 rule, one line per component: its name, kind,
 * span `[start, end)` and text; components that are absent are left out, empty ones show `""`.
 * With `named`, the first line is named by `rule` (the rule asked for), the node's kind after it.
 */
export function astTree(rule: string, v: unknown, input: string, paint: Paint, named = false): string[] {
  const l = new Lines(paint);
  value(l, rule, v, input, 0, named ? rule : undefined);
  return l.out;
}

/** The tree of a derivation: each captured rule with its span and text, nested. */
export function matchTree(m: Match, paint: Paint): string[] {
  const l = new Lines(paint);
  const walk = (x: Match, depth: number): void => {
    l.add(depth, x.rule, undefined, { start: x.start, end: x.end }, str(paint, x.text));
    for (const c of x.children) walk(c, depth + 1);
  };
  walk(m, 0);
  return l.out;
}
