// The typed AST of RFC 3986 (§3 components, §4.1 URI-reference, §4.2 relative-ref, §4.3 absolute-URI): read-only views (ast/make.ts) of raw,
// still percent-encoded text (the parser decodes nothing). Absent is `undefined`, empty is `""` (RFC 3986 §5.3 depends on the difference).

/** Half-open `[start, end)` in UTF-16 code units of the parsed input. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Parsed nodes always carry a span (their type is then `Parsed<T>`); nodes built by transforms leave it out. */
export interface Located {
  readonly span?: Span | undefined;
}

/** RFC 3986 §3.2.2: `IPv4address`, four dec-octets. */
export interface IPv4Host extends Located {
  readonly kind: "IPv4address";
  readonly text: string;
  /** The four octets, each 0–255. */
  readonly octets: readonly [number, number, number, number];
}

/** RFC 3986 §3.2.2: `IPv6address` inside an `IP-literal`; `text` is without the brackets. */
export interface IPv6Host extends Located {
  readonly kind: "IPv6address";
  readonly text: string;
  /** The eight 16-bit pieces, `::` expanded and an embedded IPv4 address folded into the last two. */
  readonly pieces: readonly [number, number, number, number, number, number, number, number];
}

/** RFC 3986 §3.2.2: `IPvFuture` inside an `IP-literal`: `"v" 1*HEXDIG "." 1*(...)`; `text` is without the brackets. */
export interface IPvFutureHost extends Located {
  readonly kind: "IPvFuture";
  readonly text: string;
  /** The hex digits after the `v`, as written. */
  readonly version: string;
  /** Everything after the first `.`. */
  readonly address: string;
}

/** RFC 3986 §3.2.2: `reg-name`, possibly empty, still percent-encoded. */
export interface RegNameHost extends Located {
  readonly kind: "reg-name";
  readonly text: string;
}

/** RFC 3986 §3.2.2 `host`. An exhaustive `switch` on `kind` covers every host. */
export type Host = IPv4Host | IPv6Host | IPvFutureHost | RegNameHost;
export type HostKind = Host["kind"];

/** RFC 3986 §3.2 `authority = [ userinfo "@" ] host [ ":" port ]`. */
export interface Authority extends Located {
  readonly kind: "authority";
  /** `undefined` when there is no `@`; `""` for `//@h`. */
  readonly userinfo: string | undefined;
  readonly host: Host;
  /** Kept as text: `undefined` when there is no `:`; `""` for `//h:`; `"0080"` stays as written. */
  readonly port: string | undefined;
  /** The authority as written (`userinfo@host:port`, the host in brackets where it has them), what `String(authority)` gives. */
  readonly text: string;
}

/** The five path kinds of RFC 3986 §3.3. */
export type PathKind = "path-abempty" | "path-absolute" | "path-noscheme" | "path-rootless" | "path-empty";

/** RFC 3986 §3.3 path. `segments` is `text` split on `"/"`, without the empty segment before a leading `"/"`. */
export interface Path<K extends PathKind = PathKind> extends Located {
  readonly kind: K;
  readonly text: string;
  readonly segments: readonly string[];
}

interface ReferenceFields extends Located {
  /**
   * The reference's text: RFC 3986 §5.3 recomposition of its parts, which for a parsed node is
   * the text it was read from (as a host's and a path's `text` are theirs). Not in `toJSON`,
   * which gives the parts.
   */
  readonly text: string;
  readonly authority: Authority | undefined;
  readonly path: Path;
  /** Without the `?`; `undefined` when there is no `?`. */
  readonly query: string | undefined;
  /** Without the `#`; `undefined` when there is no `#`. */
  readonly fragment: string | undefined;
}

/** RFC 3986 §3 `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`. */
export interface Uri extends ReferenceFields {
  readonly kind: "URI";
  readonly scheme: string;
}

/** RFC 3986 §4.2 `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`. */
export interface RelativeRef extends ReferenceFields {
  readonly kind: "relative-ref";
  readonly scheme: undefined;
}

/** RFC 3986 §4.1 `URI-reference = URI / relative-ref`. */
export type UriReference = Uri | RelativeRef;

/** RFC 3986 §4.3 `absolute-URI = scheme ":" hier-part [ "?" query ]`: a URI without a fragment. */
export type AbsoluteUri = Uri & { readonly fragment: undefined };

/** Every node kind of the AST. */
export type Node = UriReference | Authority | Host | Path;

/**
 * A node as `parse` gives it: it, and every node inside it, has its `span` (nodes built by
 * transforms have none). A `Parsed<T>` is a `T`, so it goes wherever a `T` does.
 *
 * @example
 * const r = parse("http://a/b");
 * if (r.ok) r.value.path.span.start; // 8: no `!` needed
 */
export type Parsed<T> = T extends Node ? { readonly [K in keyof T]-?: K extends "span" ? Span : Parsed<T[K]> } : T;
