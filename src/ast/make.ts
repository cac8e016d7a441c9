// The only place AST nodes are built. Every node is frozen. Constructors trust their input to be
// valid for its rule (the parser, or a caller that validated it, guarantees that); they derive
// the convenience fields (octets, pieces, segments) from the raw text.
import type {
  Authority, Host, HostKind, IPv4Host, IPv6Host, IPvFutureHost, Path, PathKind, RegNameHost, RelativeRef, Span, Uri, UriReference,
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

// Every node is created with its `span` field (undefined when it has none), so that all nodes of
// a kind share one shape.
const frozen = <T extends object>(node: T): T => Object.freeze(node);

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

/**
 * A host node of the given kind. `text` is the host without brackets. For `IPvFuture`, `text`
 * is `"v" version "." address`.
 */
export function host(kind: HostKind, text: string, s?: Span): Host {
  switch (kind) {
    case "IPv4address":
      return frozen<IPv4Host>({ kind, text, octets: Object.freeze(ipv4Octets(text)), span: s });
    case "IPv6address":
      return frozen<IPv6Host>({ kind, text, pieces: Object.freeze(ipv6Pieces(text)), span: s });
    case "IPvFuture": {
      const dot = text.indexOf(".");
      return frozen<IPvFutureHost>({ kind, text, version: text.slice(1, dot), address: text.slice(dot + 1), span: s });
    }
    case "reg-name":
      return frozen<RegNameHost>({ kind, text, span: s });
  }
}

/** An authority node (RFC 3986 §3.2). */
export const authority = (userinfo: string | undefined, h: Host, port: string | undefined, s?: Span): Authority =>
  frozen<Authority>({ kind: "authority", userinfo, host: h, port, span: s });

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

/** A path node from its text. */
/**
 * A path node. `segments` is computed on first read (splitting costs more than the rest of a
 * parse) and then kept; the node is frozen all the same, and serializes to JSON with it.
 */
class PathNode implements Path {
  readonly kind: PathKind;
  readonly text: string;
  readonly span: Span | undefined;
  #segments: readonly string[] | undefined;

  constructor(kind: PathKind, text: string, s: Span | undefined) {
    this.kind = kind;
    this.text = text;
    this.span = s;
    Object.freeze(this);
  }

  get segments(): readonly string[] {
    return (this.#segments ??= pathSegments(this.text));
  }

  toJSON(): { kind: PathKind; text: string; segments: readonly string[]; span: Span | undefined } {
    return { kind: this.kind, text: this.text, segments: this.segments, span: this.span };
  }
}

/** A path node from its text. */
export const path = (kind: PathKind, text: string, s?: Span): Path => new PathNode(kind, text, s);

/** The components of a URI reference, as {@link uriReference} takes them. */
export interface ReferenceParts {
  readonly scheme: string | undefined;
  readonly authority: Authority | undefined;
  readonly path: Path;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
}

/** A `URI` node when there is a scheme, a `relative-ref` node otherwise (RFC 3986 §4.1). */
export function uriReference(parts: ReferenceParts, s?: Span): UriReference {
  const { scheme, authority: a, path: p, query, fragment } = parts;
  return scheme === undefined
    ? frozen<RelativeRef>({ kind: "relative-ref", scheme: undefined, authority: a, path: p, query, fragment, span: s })
    : frozen<Uri>({ kind: "URI", scheme, authority: a, path: p, query, fragment, span: s });
}

/** The text of a host as it appears in a URI: IP literals in brackets (RFC 3986 §3.2.2). */
export const hostText = (h: Host): string =>
  h.kind === "IPv6address" || h.kind === "IPvFuture" ? `[${h.text}]` : h.text;
