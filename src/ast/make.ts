// The only place AST nodes are built. Every node is frozen. Constructors trust their input to be
// valid for its rule (the parser, a transform or the builder guarantees that; none of them is
// exported from the package); they derive the convenience fields (octets, pieces, segments)
// from the raw text.
import type {
  Authority, Host, HostKind, IPv4Host, IPv6Host, IPvFutureHost, Node, Path, PathKind, RegNameHost, Span, UriReference,
} from "./nodes.js";

/** Spans with both offsets below this are shared (see {@link span}). */
const SHARED_SPAN_LIMIT = 256;
const sharedSpans: (Span | undefined)[][] = [];

/**
 * A frozen span. Spans are immutable values, so the short ones (both offsets below 256, which
 * covers the components of most URLs) are made once and shared, like interned strings: freezing
 * costs more than the rest of building a node, and shared spans take no memory per parse. At
 * most 32,896 are ever kept.
 */
export function span(start: number, end: number): Span {
  if (end >= SHARED_SPAN_LIMIT || start > end) return Object.freeze({ start, end });
  const row = (sharedSpans[start] ??= []);
  return (row[end] ??= Object.freeze({ start, end }));
}

// Every node is an instance of one class per node kind, created with its `span` field
// (undefined when it has none) and frozen: all nodes of a kind share one shape, and the class
// is the proof that the library made the node (see isNode).

/** The four octets of a valid `IPv4address` (RFC 3986 §3.2.2). */
export function ipv4Octets(text: string): [number, number, number, number] {
  const [a = "", b = "", c = "", d = ""] = text.split(".");
  return [Number(a), Number(b), Number(c), Number(d)];
}

/** The eight 16-bit pieces of a valid `IPv6address` (RFC 3986 §3.2.2; RFC 4291 §2.2 for `::`). */
export function ipv6Pieces(text: string): [number, number, number, number, number, number, number, number] {
  const toPieces = (part: string): number[] => {
    if (part === "") return [];
    const out: number[] = [];
    for (const group of part.split(":")) {
      if (group.includes(".")) {
        const [a, b, c, d] = ipv4Octets(group);
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(parseInt(group, 16));
    }
    return out;
  };
  const gap = text.indexOf("::");
  const head = toPieces(gap < 0 ? text : text.slice(0, gap));
  const tail = gap < 0 ? [] : toPieces(text.slice(gap + 2));
  const zeros = new Array<number>(Math.max(0, 8 - head.length - tail.length)).fill(0);
  const all = [...head, ...zeros, ...tail];
  return [all[0] ?? 0, all[1] ?? 0, all[2] ?? 0, all[3] ?? 0, all[4] ?? 0, all[5] ?? 0, all[6] ?? 0, all[7] ?? 0];
}

// Fields are declared in the order they read best (kind first, span last): JSON and the
// console show them in that order.

// Every node class has a private field, `#made`: the proof that one of its constructors made the
// object. A copy that keeps the prototype (`Object.create(Object.getPrototypeOf(n))`, a
// deep-clone utility), a Proxy around a node or a JSON round trip does not have it (see isNode).
// A field of each class rather than a shared base class: no super() call on the parse path.

/** The IPvFuture host node: `"v" version "." address` (RFC 3986 §3.2.2). */
class IPvFutureNode implements IPvFutureHost {
  readonly #made = true;
  static made(x: object): boolean {
    return #made in x;
  }
  readonly kind = "IPvFuture" as const;
  readonly text: string;
  readonly version: string;
  readonly address: string;
  readonly span: Span | undefined;
  constructor(text: string, span: Span | undefined) {
    const dot = text.indexOf(".");
    this.text = text;
    this.version = text.slice(1, dot);
    this.address = text.slice(dot + 1);
    this.span = span;
    Object.freeze(this);
  }
}

class IPv4Node implements IPv4Host {
  readonly #made = true;
  static made(x: object): boolean {
    return #made in x;
  }
  readonly kind = "IPv4address" as const;
  readonly text: string;
  readonly octets: readonly [number, number, number, number];
  readonly span: Span | undefined;
  constructor(text: string, span: Span | undefined) {
    this.text = text;
    this.octets = Object.freeze(ipv4Octets(text));
    this.span = span;
    Object.freeze(this);
  }
}

class IPv6Node implements IPv6Host {
  readonly #made = true;
  static made(x: object): boolean {
    return #made in x;
  }
  readonly kind = "IPv6address" as const;
  readonly text: string;
  readonly pieces: readonly [number, number, number, number, number, number, number, number];
  readonly span: Span | undefined;
  constructor(text: string, span: Span | undefined) {
    this.text = text;
    this.pieces = Object.freeze(ipv6Pieces(text));
    this.span = span;
    Object.freeze(this);
  }
}

class RegNameNode implements RegNameHost {
  readonly #made = true;
  static made(x: object): boolean {
    return #made in x;
  }
  readonly kind = "reg-name" as const;
  readonly text: string;
  readonly span: Span | undefined;
  constructor(text: string, span: Span | undefined) {
    this.text = text;
    this.span = span;
    Object.freeze(this);
  }
}

/**
 * A host node of the given kind. `text` is the host without brackets. For `IPvFuture`, `text`
 * is `"v" version "." address`.
 */
export function host(kind: HostKind, text: string, s?: Span): Host {
  switch (kind) {
    case "IPv4address":
      return new IPv4Node(text, s);
    case "IPv6address":
      return new IPv6Node(text, s);
    case "IPvFuture":
      return new IPvFutureNode(text, s);
    case "reg-name":
      return new RegNameNode(text, s);
  }
}

class AuthorityNode implements Authority {
  readonly #made = true;
  static made(x: object): boolean {
    return #made in x;
  }
  readonly kind = "authority" as const;
  readonly userinfo: string | undefined;
  readonly host: Host;
  readonly port: string | undefined;
  readonly span: Span | undefined;
  constructor(userinfo: string | undefined, host: Host, port: string | undefined, span: Span | undefined) {
    this.userinfo = userinfo;
    this.host = host;
    this.port = port;
    this.span = span;
    Object.freeze(this);
  }
}

/** An authority node (RFC 3986 §3.2). */
export const authority = (userinfo: string | undefined, h: Host, port: string | undefined, s?: Span): Authority =>
  new AuthorityNode(userinfo, h, port, s);

const spanlessAuthorities = new WeakMap<Authority, Authority>();

/**
 * The authority (RFC 3986 §3.2) without spans, for a reference built from parts of others: spans
 * point into the text a node was parsed from, not into the new reference. An authority with no
 * spans is returned as it is; nodes are immutable, so a copy is kept for the next call with the
 * same node. An authority with another userinfo or port is built from the copy's host.
 */
export function withoutSpans(a: Authority): Authority {
  if (a.span === undefined && a.host.span === undefined) return a;
  let copy = spanlessAuthorities.get(a);
  if (copy === undefined) {
    copy = authority(a.userinfo, host(a.host.kind, a.host.text), a.port);
    spanlessAuthorities.set(a, copy);
  }
  return copy;
}

/** The segments of a path's text (RFC 3986 §3.3): split on "/", dropping the empty one before a leading "/". */
export function pathSegments(text: string): readonly string[] {
  if (text === "") return NO_SEGMENTS;
  return Object.freeze(text.charCodeAt(0) === 0x2f ? text.slice(1).split("/") : text.split("/"));
}

const NO_SEGMENTS: readonly string[] = Object.freeze([]);

/**
 * A path node. `segments` is computed on first read (splitting costs more than the rest of a
 * parse) and then kept; the node is frozen all the same, and serializes to JSON with it.
 */
class PathNode<K extends PathKind = PathKind> implements Path<K> {
  readonly #made = true;
  static made(x: object): boolean {
    return #made in x;
  }
  readonly kind: K;
  readonly text: string;
  readonly span: Span | undefined;
  #segments: readonly string[] | undefined;

  constructor(kind: K, text: string, s: Span | undefined) {
    this.kind = kind;
    this.text = text;
    this.span = s;
    Object.freeze(this);
  }

  get segments(): readonly string[] {
    return (this.#segments ??= pathSegments(this.text));
  }

  toJSON(): { kind: K; text: string; segments: readonly string[]; span: Span | undefined } {
    return { kind: this.kind, text: this.text, segments: this.segments, span: this.span };
  }
}

/** A path node from its text. */
export const path = <K extends PathKind>(kind: K, text: string, s?: Span): Path<K> => new PathNode(kind, text, s);

/** The components of a URI reference, as {@link uriReference} takes them. */
export interface ReferenceParts {
  readonly scheme: string | undefined;
  readonly authority: Authority | undefined;
  readonly path: Path;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
}

class ReferenceNode {
  readonly #made = true;
  static made(x: object): boolean {
    return #made in x;
  }
  readonly kind: "URI" | "relative-ref";
  readonly scheme: string | undefined;
  readonly authority: Authority | undefined;
  readonly path: Path;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
  readonly span: Span | undefined;
  constructor(
    kind: "URI" | "relative-ref",
    scheme: string | undefined,
    authority: Authority | undefined,
    path: Path,
    query: string | undefined,
    fragment: string | undefined,
    span: Span | undefined,
  ) {
    this.kind = kind;
    this.scheme = scheme;
    this.authority = authority;
    this.path = path;
    this.query = query;
    this.fragment = fragment;
    this.span = span;
    Object.freeze(this);
  }
}

/** A `URI` node when there is a scheme, a `relative-ref` node otherwise (RFC 3986 §4.1). */
export function uriReference(parts: ReferenceParts, s?: Span): UriReference {
  const { scheme, authority: a, path: p, query, fragment } = parts;
  return new ReferenceNode(scheme === undefined ? "relative-ref" : "URI", scheme, a, p, query, fragment, s) as UriReference;
}

/** The prototype of each node class, with its brand check: a node is an object made by this file. */
const NODE_CLASSES: ReadonlyMap<object, (x: object) => boolean> = new Map<object, (x: object) => boolean>([
  [ReferenceNode.prototype, ReferenceNode.made], [AuthorityNode.prototype, AuthorityNode.made], [PathNode.prototype, PathNode.made],
  [IPv4Node.prototype, IPv4Node.made], [IPv6Node.prototype, IPv6Node.made], [IPvFutureNode.prototype, IPvFutureNode.made], [RegNameNode.prototype, RegNameNode.made],
]);

/**
 * True when `x` is a node made by this library's constructors (by parsing, a transform or the
 * builder), and so valid by construction. An object that only looks like one (a spread copy
 * `{ ...uri, query: "x y" }`, a JSON round trip, a clone that keeps the prototype, a Proxy) is
 * not: nothing checked its parts.
 */
export const isNode = (x: unknown): x is Node => {
  if (typeof x !== "object" || x === null) return false;
  const made = NODE_CLASSES.get(Object.getPrototypeOf(x) as object);
  return made !== undefined && made(x);
};

/** The text of a host as it appears in a URI: IP literals in brackets (RFC 3986 §3.2.2). */
export const hostText = (h: Host): string =>
  h.kind === "IPv6address" || h.kind === "IPvFuture" ? `[${h.text}]` : h.text;
