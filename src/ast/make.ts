// The only place AST nodes are built. A node is a view: its text and its parts' offsets (as ada keeps a URL, STYLE.md §13), each part made when
// first read and kept, each field a getter. Constructors trust their input to be valid for its rule: none of them is exported from the package.
import type {
  Authority, Host, HostKind, IPv4Host, IPv6Host, IPvFutureHost, Node, Path, PathKind, RegNameHost, Span, UriReference,
} from "./nodes.js";
import { pathKindOf } from "./path-kind.js";
import { isIPv4address } from "../compiled/ipv4.js";

/** Spans with both offsets below this are shared (see {@link span}). */
const SHARED_SPAN_LIMIT = 256;
const sharedSpans: (Span | undefined)[][] = [];

/**
 * A frozen span. Spans are immutable values, so the short ones (both offsets below 256, which
 * covers the components of most URLs) are made once and shared, like interned strings: freezing
 * costs more than the rest of making one, and shared spans take no memory per parse. At most
 * 32,896 are ever kept.
 */
export function span(start: number, end: number): Span {
  if (end >= SHARED_SPAN_LIMIT || start > end) return Object.freeze({ start, end });
  const row = (sharedSpans[start] ??= []);
  return (row[end] ??= Object.freeze({ start, end }));
}

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

/** How Node.js's console shows a node: its fields, as `toJSON` gives them. */
const INSPECT = Symbol.for("nodejs.util.inspect.custom");
type Inspect = (depth: number, options: object, inspect: (x: unknown, o: object) => string) => string;
const inspectAs =
  (name: string) =>
  function (this: { toJSON(): object }, _depth: number, options: object, inspect?: (x: unknown, o: object) => string): string {
    const data = this.toJSON();
    return `${name} ${inspect === undefined ? JSON.stringify(data) : inspect(data, options)}`;
  };
/** A node's `toString`: its text, so that `String(node)` and `${node}` give the URI (WHATWG URL's toString gives its href), not "[object Object]". */
function textOf(this: { readonly text: string }): string {
  return this.text;
}
/**
 * `cls`, with Node's inspect hook and {@link textOf} as `toString` on its prototype (not
 * enumerable, as a class's methods). Each node class is constructed only through the value this
 * returns, so a bundle that makes no node of a class drops the class and the hooks together (a
 * statement that changes a prototype is kept by every bundle of the module).
 */
function inspectable<C extends abstract new (...args: never[]) => object>(cls: C, name: string): C {
  Object.defineProperty(cls.prototype, INSPECT, { value: inspectAs(name) as Inspect });
  Object.defineProperty(cls.prototype, "toString", { value: textOf });
  return cls;
}

// Nodes are read-only views: no own property, every field a getter over private state, no
// setter (assigning a field throws in strict code). They are not frozen: Object.freeze costs
// about 50 ns an object in V8, a third of parse with its components read (four nodes). A program
// can still define properties of its own on a node; isNode then says it is no node (below).
//
// A property a program defines on a node shadows its getter for every reader, the library's
// code included: the functions that read a node through its getters refuse a node with a
// property of its own, or holding a part that has one (isIntactNode), with their TypeError.
const untouched = (x: object): boolean => Reflect.ownKeys(x).length === 0;

// Every node class has private fields, which only its constructor installs: `#text in x` or
// `#input in x` is the proof that one of its constructors made the object (no field of its own
// for the proof: one store and one word less per node). A copy that keeps the prototype
// (`Object.create(Object.getPrototypeOf(n))`, a deep-clone utility), a Proxy around a node or a
// JSON round trip does not have them (see isNode). Fields of each class rather than a shared
// base class: no super() call on the parse path.

/**
 * Host kinds by number, as views keep them: with whether the node has spans, in one field of
 * the reference and authority nodes (a field less a node): `kinds` is the kind (-1: not worked
 * out yet) times 2, plus 1 with spans; `kinds >> 1` the kind, `kinds & 1` the spans.
 */
const HOST_KINDS: readonly HostKind[] = ["reg-name", "IPv4address", "IPv6address", "IPvFuture"];
/** A host kind's number. */
const hostCode = (k: HostKind): number => (k === "reg-name" ? 0 : k === "IPv4address" ? 1 : k === "IPv6address" ? 2 : 3);

/**
 * A host: `text` is the host without brackets, `start` where it begins in the parsed input (-1
 * when the node has no span).
 */
class IPvFutureNode implements IPvFutureHost {
  static made(x: object): boolean {
    return #text in x;
  }
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  constructor(text: string, start: number, end: number) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
  }
  get kind(): "IPvFuture" {
    return "IPvFuture";
  }
  get text(): string {
    return this.#text;
  }
  get version(): string {
    return this.#text.slice(1, this.#text.indexOf("."));
  }
  get address(): string {
    return this.#text.slice(this.#text.indexOf(".") + 1);
  }
  get span(): Span | undefined {
    return this.#start < 0 ? undefined : span(this.#start, this.#end);
  }
  toJSON(): object {
    return { kind: this.kind, text: this.text, version: this.version, address: this.address, span: this.span };
  }
}

class IPv4Node implements IPv4Host {
  static made(x: object): boolean {
    return #text in x;
  }
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  #octets: readonly [number, number, number, number] | undefined;
  constructor(text: string, start: number, end: number) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
  }
  get kind(): "IPv4address" {
    return "IPv4address";
  }
  get text(): string {
    return this.#text;
  }
  get octets(): readonly [number, number, number, number] {
    return (this.#octets ??= Object.freeze(ipv4Octets(this.#text)));
  }
  get span(): Span | undefined {
    return this.#start < 0 ? undefined : span(this.#start, this.#end);
  }
  toJSON(): object {
    return { kind: this.kind, text: this.text, octets: this.octets, span: this.span };
  }
}

class IPv6Node implements IPv6Host {
  static made(x: object): boolean {
    return #text in x;
  }
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  #pieces: readonly [number, number, number, number, number, number, number, number] | undefined;
  constructor(text: string, start: number, end: number) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
  }
  get kind(): "IPv6address" {
    return "IPv6address";
  }
  get text(): string {
    return this.#text;
  }
  get pieces(): readonly [number, number, number, number, number, number, number, number] {
    return (this.#pieces ??= Object.freeze(ipv6Pieces(this.#text)));
  }
  get span(): Span | undefined {
    return this.#start < 0 ? undefined : span(this.#start, this.#end);
  }
  toJSON(): object {
    return { kind: this.kind, text: this.text, pieces: this.pieces, span: this.span };
  }
}

class RegNameNode implements RegNameHost {
  static made(x: object): boolean {
    return #text in x;
  }
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  constructor(text: string, start: number, end: number) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
  }
  get kind(): "reg-name" {
    return "reg-name";
  }
  get text(): string {
    return this.#text;
  }
  get span(): Span | undefined {
    return this.#start < 0 ? undefined : span(this.#start, this.#end);
  }
  toJSON(): object {
    return { kind: this.kind, text: this.text, span: this.span };
  }
}

const MadeIPv4 = /* @__PURE__ */ inspectable(IPv4Node, "IPv4Host");
const MadeIPv6 = /* @__PURE__ */ inspectable(IPv6Node, "IPv6Host");
const MadeIPvFuture = /* @__PURE__ */ inspectable(IPvFutureNode, "IPvFutureHost");
const MadeRegName = /* @__PURE__ */ inspectable(RegNameNode, "RegNameHost");

/** A host of kind `k` (by number) whose text (no brackets) is `text`, with the span `[start, end)` (start -1: none). */
function hostOf(k: number, text: string, start: number, end: number): Host {
  switch (k) {
    case 1:
      return new MadeIPv4(text, start, end);
    case 2:
      return new MadeIPv6(text, start, end);
    case 3:
      return new MadeIPvFuture(text, start, end);
    default:
      return new MadeRegName(text, start, end);
  }
}

/** A host node of the given kind, without a span. `text` is the host without brackets; for `IPvFuture`, `"v" version "." address`. */
export function host(kind: HostKind, text: string): Host {
  return hostOf(hostCode(kind), text, -1, -1);
}

/**
 * The host `[start, end)` of `input`, parsed: its span is those offsets. With `brackets`, the
 * span holds an IP literal's brackets and the text is what they hold (a `host`); without, the
 * span is the text (an `IPv6address` or `IPvFuture` matched on its own).
 */
export function parsedHost(kind: HostKind, input: string, start: number, end: number, brackets = false): Host {
  const k = hostCode(kind);
  return brackets ? hostOf(k, input.slice(start + 1, end - 1), start, end) : hostOf(k, input.slice(start, end), start, end);
}

/** Where the host of the authority `[start, end)` of `input` begins: after "userinfo@" (neither host nor port holds an "@"). */
export function hostStartIn(input: string, start: number, end: number): number {
  const at = input.indexOf("@", start);
  return at >= 0 && at < end ? at + 1 : start;
}

/** Where the host that begins at `hostStart` ends, before ":port": an IP literal's colons are inside its brackets. */
export function hostEndIn(input: string, hostStart: number, end: number): number {
  if (input.charCodeAt(hostStart) === 0x5b) return input.indexOf("]", hostStart) + 1;
  const colon = input.indexOf(":", hostStart);
  return colon >= 0 && colon < end ? colon : end;
}

/**
 * The kind of the host `[start, end)` of `input`, by number (RFC 3986 §3.2.2): an IP literal by
 * its brackets ("v" after "[": IPvFuture), an `IPv4address` by its rule (compiled), else a
 * reg-name. Parsing leaves it unknown (-1) until the host is read.
 */
export function hostKindIn(input: string, start: number, end: number): number {
  const c = input.charCodeAt(start);
  if (c === 0x5b) return (input.charCodeAt(start + 1) | 0x20) === 0x76 ? 3 : 2;
  // an IPv4address is 7 to 15 characters, digits and dots
  return c >= 0x30 && c <= 0x39 && end - start >= 7 && end - start <= 15 && isIPv4address(input.slice(start, end)) ? 1 : 0;
}

/**
 * An authority: a view of `[start, end)` of `input` (RFC 3986 §3.2), whose host is of kind `k`.
 * With `spans`, its parts have spans (offsets into `input`).
 */
class AuthorityNode implements Authority {
  static made(x: object): boolean {
    return #input in x;
  }
  /** No own property on it or on the host it has made. */
  static intact(x: AuthorityNode): boolean {
    return untouched(x) && (x.#host === undefined || untouched(x.#host));
  }
  readonly #input: string;
  readonly #start: number;
  readonly #end: number;
  /** The host's kind by number, -1 until it is worked out (on the first read of the host), and the spans (see HOST_KINDS). */
  #kinds: number;
  /** Where the host begins (after "userinfo@") and ends (before ":port"). */
  readonly #hostStart: number;
  readonly #hostEnd: number;
  #host: Host | undefined;
  /** `hostStart` and `hostEnd` are where the host is, when the caller knows (-1: found here). */
  // every caller passes every argument (no defaults): a smaller constructor, which V8 inlines
  // into a caller's loop within its budget
  constructor(input: string, start: number, end: number, kinds: number, hostStart: number, hostEnd: number, given: Host | undefined) {
    if (hostStart < 0) {
      hostStart = hostStartIn(input, start, end);
      hostEnd = hostEndIn(input, hostStart, end);
    }
    this.#input = input;
    this.#start = start;
    this.#end = end;
    this.#kinds = kinds;
    this.#hostStart = hostStart;
    this.#hostEnd = hostEnd;
    this.#host = given;
  }
  get kind(): "authority" {
    return "authority";
  }
  get userinfo(): string | undefined {
    return this.#hostStart === this.#start ? undefined : this.#input.slice(this.#start, this.#hostStart - 1);
  }
  get host(): Host {
    if (this.#host === undefined) {
      // each field read once (a smaller getter, which V8 inlines into its caller's loop)
      const input = this.#input;
      const s = this.#hostStart;
      const e = this.#hostEnd;
      const f = this.#kinds;
      let k = f >> 1;
      if (k < 0) this.#kinds = ((k = hostKindIn(input, s, e)) << 1) | (f & 1);
      // an IP literal's text is inside its brackets (kinds 2 and 3)
      const b = k >> 1;
      const t = input.slice(s + b, e - b);
      // a parsed reg-name (the common host) made here, without a call
      this.#host = !(f & 1) ? hostOf(k, t, -1, -1) : k === 0 ? new MadeRegName(t, s, e) : hostOf(k, t, s, e);
    }
    return this.#host;
  }
  get port(): string | undefined {
    return this.#hostEnd === this.#end ? undefined : this.#input.slice(this.#hostEnd + 1, this.#end);
  }
  get span(): Span | undefined {
    return this.#kinds & 1 ? span(this.#start, this.#end) : undefined;
  }
  /** @internal The authority's text. */
  get text(): string {
    return this.#input.slice(this.#start, this.#end);
  }
  toJSON(): object {
    return { kind: this.kind, userinfo: this.userinfo, host: this.host, port: this.port, span: this.span };
  }
}
const MadeAuthority = /* @__PURE__ */ inspectable(AuthorityNode, "Authority");

/** The text of a host as it appears in a URI: IP literals in brackets (RFC 3986 §3.2.2). */
export const hostText = (h: Host): string => (h.kind === "IPv6address" || h.kind === "IPvFuture" ? `[${h.text}]` : h.text);

/** An authority node (RFC 3986 §3.2), without spans. */
export function authority(userinfo: string | undefined, h: Host, port: string | undefined): Authority {
  const text = `${userinfo === undefined ? "" : `${userinfo}@`}${hostText(h)}${port === undefined ? "" : `:${port}`}`;
  return new MadeAuthority(text, 0, text.length, hostCode(h.kind) << 1, -1, -1, h.span === undefined ? h : undefined);
}

/** The authority `[start, end)` of `input`, parsed: its parts' spans are offsets into `input`; its host's kind is worked out when the host is read, or given. */
export function parsedAuthority(input: string, start: number, end: number, hostKind?: HostKind): Authority {
  return new MadeAuthority(input, start, end, hostKind === undefined ? -1 : (hostCode(hostKind) << 1) | 1, -1, -1, undefined);
}

/**
 * The authority (RFC 3986 §3.2) without spans, for a reference built from parts of others: spans
 * point into the text a node was parsed from, not into the new reference.
 */
export function withoutSpans(a: Authority): Authority {
  if (a.span === undefined && a.host.span === undefined) return a;
  return authority(a.userinfo, host(a.host.kind, a.host.text), a.port);
}

/** The segments of a path's text (RFC 3986 §3.3): split on "/", dropping the empty one before a leading "/". */
export function segmentsOf(text: string): readonly string[] {
  if (text === "") return NO_SEGMENTS;
  return Object.freeze(text.charCodeAt(0) === 0x2f ? text.slice(1).split("/") : text.split("/"));
}

const NO_SEGMENTS: readonly string[] = /* @__PURE__ */ Object.freeze([]);

/** A path node: a view of `[start, end)` of `input`; `spans`: its span is those offsets. Its text is sliced when read, not kept (a field less). */
class PathNode<K extends PathKind = PathKind> implements Path<K> {
  static made(x: object): boolean {
    return #input in x;
  }
  readonly #kind: K;
  readonly #input: string;
  readonly #start: number;
  readonly #end: number;
  /** Bit 0: the node has a span (a reference's `kinds`, see HOST_KINDS). */
  readonly #spans: number;
  #segments: readonly string[] | undefined;

  constructor(kind: K, input: string, start: number, end: number, spans: number) {
    this.#kind = kind;
    this.#input = input;
    this.#start = start;
    this.#end = end;
    this.#spans = spans;
  }
  get kind(): K {
    return this.#kind;
  }
  get text(): string {
    return this.#input.slice(this.#start, this.#end);
  }
  get segments(): readonly string[] {
    return (this.#segments ??= segmentsOf(this.text));
  }
  get span(): Span | undefined {
    return this.#spans & 1 ? span(this.#start, this.#end) : undefined;
  }
  toJSON(): { kind: K; text: string; segments: readonly string[]; span: Span | undefined } {
    return { kind: this.kind, text: this.text, segments: this.segments, span: this.span };
  }
}
const MadePath = /* @__PURE__ */ inspectable(PathNode, "Path");

/** A path node from its text, without a span. */
export const path = <K extends PathKind>(kind: K, text: string): Path<K> => new MadePath(kind, text, 0, text.length, 0);

/** The path `[start, end)` of `input`, parsed: its span is those offsets. */
export const parsedPath = <K extends PathKind>(kind: K, input: string, start: number, end: number): Path<K> => new MadePath(kind, input, start, end, 1);

/**
 * Where the parts of a URI reference are in its text (RFC 3986 Appendix B): indexes into the
 * string the reference was read from, -1 for a part that is absent.
 */
export interface ReferenceOffsets {
  /** The index of the ":" after the scheme, or -1 (a relative reference). */
  readonly schemeEnd: number;
  /** Where the authority begins (after "//"), or -1; it ends at `authorityEnd`. */
  readonly authorityStart: number;
  readonly authorityEnd: number;
  /** The host's kind, by number (reg-name 0, IPv4address 1, IPv6address 2, IPvFuture 3), when there is an authority; -1 when not worked out yet. */
  readonly hostKind: number;
  /** The index of the "?" before the query, or -1. */
  readonly queryStart: number;
  /** The index of the "#" before the fragment, or -1. */
  readonly fragmentStart: number;
}

/** The components of a URI reference, as {@link uriReference} takes them. */
export interface ReferenceParts {
  readonly scheme: string | undefined;
  readonly authority: Authority | undefined;
  readonly path: Path;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
}

/**
 * A URI reference: a view of `[start, end)` of `input`, with the offsets of its parts. Parsed
 * references have spans (offsets into the parsed input); references a transform made have none,
 * and their text is the text the transform wrote.
 */
class ReferenceNode {
  static made(x: object): boolean {
    return #input in x;
  }
  /** The reference's text, read from its own state. */
  static textOf(r: ReferenceNode): string {
    return r.#start === 0 && r.#end === r.#input.length ? r.#input : r.#input.slice(r.#start, r.#end);
  }
  /** The text of `x` when it is a reference node made by this file (the brand, no getter read), else `undefined`. */
  static brandedText(x: object): string | undefined {
    return #input in x ? (x.#start === 0 && x.#end === x.#input.length ? x.#input : x.#input.slice(x.#start, x.#end)) : undefined;
  }
  /** No own property on it or on the parts it has made. */
  static intact(x: ReferenceNode): boolean {
    return untouched(x) && (x.#authority === undefined || AuthorityNode.intact(x.#authority as AuthorityNode)) && (x.#path === undefined || untouched(x.#path));
  }
  readonly #input: string;
  readonly #start: number;
  readonly #end: number;
  readonly #schemeEnd: number;
  readonly #authorityStart: number;
  readonly #authorityEnd: number;
  /** The host's kind by number, -1 until worked out (see {@link hostKindIn}), and the spans (see HOST_KINDS). */
  #kinds: number;
  readonly #queryStart: number;
  readonly #fragmentStart: number;
  #authority: Authority | undefined;
  #path: Path | undefined;
  /** Where the host begins and ends, when the parse found them (-1: the authority finds them). */
  #hostStart: number;
  #hostEnd: number;

  // the offsets as numbers (ReferenceOffsets' fields, in order, then the host's bounds or -1):
  // every caller passes every argument, and no part node (see holding): a smaller constructor,
  // which V8 inlines into the parse path within its budget
  constructor(
    input: string, start: number, end: number,
    schemeEnd: number, authorityStart: number, authorityEnd: number, kinds: number, queryStart: number, fragmentStart: number,
    hostStart: number, hostEnd: number,
  ) {
    this.#input = input;
    this.#start = start;
    this.#end = end;
    this.#schemeEnd = schemeEnd;
    this.#authorityStart = authorityStart;
    this.#authorityEnd = authorityEnd;
    this.#kinds = kinds;
    this.#queryStart = queryStart;
    this.#fragmentStart = fragmentStart;
    this.#hostStart = hostStart;
    this.#hostEnd = hostEnd;
  }

  get kind(): "URI" | "relative-ref" {
    return this.#schemeEnd < 0 ? "relative-ref" : "URI";
  }
  get scheme(): string | undefined {
    return this.#schemeEnd < 0 ? undefined : this.#input.slice(this.#start, this.#schemeEnd);
  }
  get authority(): Authority | undefined {
    if (this.#authorityStart < 0) return undefined;
    return (this.#authority ??= new MadeAuthority(this.#input, this.#authorityStart, this.#authorityEnd, this.#kinds, this.#hostStart, this.#hostEnd, undefined));
  }
  get path(): Path {
    if (this.#path === undefined) {
      const a = this.#authorityStart >= 0 ? this.#authorityEnd : this.#schemeEnd >= 0 ? this.#schemeEnd + 1 : this.#start;
      const b = this.#queryStart >= 0 ? this.#queryStart : this.#fragmentStart >= 0 ? this.#fragmentStart : this.#end;
      // after an authority, path-abempty whatever it holds (RFC 3986 §3.3)
      const kind = this.#authorityStart >= 0 ? "path-abempty" : a === b ? "path-empty" : pathKindOf(this.#schemeEnd >= 0, false, this.#input.slice(a, a + 1));
      this.#path = new MadePath(kind, this.#input, a, b, this.#kinds);
    }
    return this.#path;
  }
  get query(): string | undefined {
    return this.#queryStart < 0 ? undefined : this.#input.slice(this.#queryStart + 1, this.#fragmentStart >= 0 ? this.#fragmentStart : this.#end);
  }
  get fragment(): string | undefined {
    return this.#fragmentStart < 0 ? undefined : this.#input.slice(this.#fragmentStart + 1, this.#end);
  }
  get span(): Span | undefined {
    return this.#kinds & 1 ? span(this.#start, this.#end) : undefined;
  }
  /** The reference's text (RFC 3986 §5.3 recomposition of its parts, which is the text it was read from). */
  get text(): string {
    return this.#start === 0 && this.#end === this.#input.length ? this.#input : this.#input.slice(this.#start, this.#end);
  }
  toJSON(): object {
    return { kind: this.kind, scheme: this.scheme, authority: this.authority, path: this.path, query: this.query, fragment: this.fragment, span: this.span };
  }

  /**
   * The parsed reference `input` at the offsets a run recorded (see {@link referenceFromRun}): the
   * authority begins after the second "/" and ends at the "/" after it, else at the "?", the "#"
   * or the end (RFC 3986 Appendix B); its host after the "@", and before the last ":" after it.
   */
  static fromRun(input: string, t: Int32Array): ReferenceNode {
    const slash = t[1] as number;
    const query = t[3] as number;
    const fragment = t[4] as number;
    let a0 = -1;
    let a1 = -1;
    let hs = -1;
    let he = -1;
    if (slash >= 0) {
      a0 = slash + 1;
      a1 = t[2] as number;
      if (a1 < 0) a1 = query >= 0 ? query : fragment >= 0 ? fragment : input.length;
      const at = t[5] as number;
      const colon = t[6] as number;
      hs = at >= 0 ? at + 1 : a0;
      he = colon > at ? colon : a1;
    }
    return new MadeReference(input, 0, input.length, t[0] as number, a0, a1, -1, query, fragment, hs, he);
  }

  /** `r`, holding the part nodes given (see {@link uriReference}). */
  static holding(r: ReferenceNode, authority: Authority | undefined, path: Path | undefined): ReferenceNode {
    r.#authority = authority;
    r.#path = path;
    return r;
  }

  static layout(r: ReferenceNode): Layout {
    let hs = -1;
    let he = -1;
    if (r.#authorityStart >= 0) {
      hs = r.#hostStart >= 0 ? r.#hostStart : hostStartIn(r.#input, r.#authorityStart, r.#authorityEnd);
      he = r.#hostStart >= 0 ? r.#hostEnd : hostEndIn(r.#input, hs, r.#authorityEnd);
      if (r.#kinds < 0) r.#kinds = (hostKindIn(r.#input, hs, he) << 1) | (r.#kinds & 1);
    }
    return {
      input: r.#input, start: r.#start, end: r.#end, schemeEnd: r.#schemeEnd, authorityStart: r.#authorityStart, authorityEnd: r.#authorityEnd,
      hostKind: r.#kinds >> 1, queryStart: r.#queryStart, fragmentStart: r.#fragmentStart, pathStart: r.#authorityStart >= 0 ? r.#authorityEnd : r.#schemeEnd >= 0 ? r.#schemeEnd + 1 : r.#start, pathEnd: r.#queryStart >= 0 ? r.#queryStart : r.#fragmentStart >= 0 ? r.#fragmentStart : r.#end, hostStart: hs, hostEnd: he,
    };
  }
}
const MadeReference = /* @__PURE__ */ inspectable(ReferenceNode, "UriReference");

/**
 * Where a reference's parts are in the string it is a view of (RFC 3986 Appendix B): its
 * offsets, with where its path begins and ends. The transforms read parts through it, without
 * making the part nodes.
 */
export interface Layout extends ReferenceOffsets {
  readonly input: string;
  readonly start: number;
  readonly end: number;
  readonly pathStart: number;
  readonly pathEnd: number;
  /** Where the host begins (after "userinfo@") and ends (before ":port"; an IP literal with its brackets), or -1 without an authority. */
  readonly hostStart: number;
  readonly hostEnd: number;
}

/** The layout of a reference node made by this file. */
export const layoutOf = (r: UriReference): Layout => ReferenceNode.layout(r as unknown as ReferenceNode);

/**
 * A reference written from the texts of its parts: RFC 3986 §5.3 recomposition, the one copy
 * (normalization, resolution and the schemes write through it). `authority` is the authority's
 * text, whose host is of kind `hostKind` (or its number; -1: worked out when the host is read).
 * No spans; the parts are made when read.
 */
export function referenceFromParts(
  scheme: string | undefined,
  authority: string | undefined,
  hostKind: HostKind | number,
  path: string,
  query: string | undefined,
  fragment: string | undefined,
): UriReference {
  let text = scheme === undefined ? "" : `${scheme}:`;
  const schemeEnd = scheme === undefined ? -1 : scheme.length;
  let authorityStart = -1;
  let authorityEnd = -1;
  if (authority !== undefined) {
    authorityStart = text.length + 2;
    text += `//${authority}`;
    authorityEnd = text.length;
  }
  text += path;
  const queryStart = query === undefined ? -1 : text.length;
  if (query !== undefined) text += `?${query}`;
  const fragmentStart = fragment === undefined ? -1 : text.length;
  if (fragment !== undefined) text += `#${fragment}`;
  const kind = typeof hostKind === "number" ? hostKind : hostCode(hostKind);
  return new MadeReference(text, 0, text.length, schemeEnd, authorityStart, authorityEnd, kind << 1, queryStart, fragmentStart, -1, -1) as unknown as UriReference;
}

/** The reference `text`, read at `o` (offsets into `text`), as a node without spans (the text a transform wrote). */
export function referenceAt(text: string, o: ReferenceOffsets): UriReference {
  return new MadeReference(text, 0, text.length, o.schemeEnd, o.authorityStart, o.authorityEnd, o.hostKind << 1, o.queryStart, o.fragmentStart, -1, -1) as unknown as UriReference;
}

/**
 * The whole of `input`, a URI or IRI reference, as a parsed node at the offsets its compiled
 * rule's run recorded (`CompiledRule.testReference`: the scheme's ":", the authority's bounds,
 * the "?" and "#", the "@" and the authority's last ":").
 */
export const referenceFromRun = (input: string, t: Int32Array): UriReference => ReferenceNode.fromRun(input, t) as unknown as UriReference;

/**
 * The reference `[start, end)` of `input`, already known to match `URI-reference` (or an IRI
 * rule), at the offsets given: a parsed node, whose spans are offsets into `input`. `hostStart`
 * and `hostEnd`, when the caller found them (after "userinfo@", before ":port"), spare the
 * node's readers the search for them; -1 (the default): the authority is searched when read.
 */
export function parsedReference(input: string, start: number, end: number, o: ReferenceOffsets, hostStart = -1, hostEnd = -1): UriReference {
  return new MadeReference(input, start, end, o.schemeEnd, o.authorityStart, o.authorityEnd, (o.hostKind << 1) | 1, o.queryStart, o.fragmentStart, hostStart, hostEnd) as unknown as UriReference;
}

/** A `URI` node when there is a scheme, a `relative-ref` node otherwise (RFC 3986 §4.1), written from its parts (RFC 3986 §5.3), without spans. */
export function uriReference(parts: ReferenceParts): UriReference {
  const { scheme, authority: a, path: p, query, fragment } = parts;
  const r = referenceFromParts(scheme, a === undefined ? undefined : authorityText(a), a === undefined ? 0 : a.host.kind, p.text, query, fragment);
  // the new reference keeps the part nodes it was given when they have no spans (they read the same)
  const keepAuthority = a !== undefined && a.span === undefined && a.host.span === undefined ? a : undefined;
  const keepPath = p.span === undefined ? p : undefined;
  return ReferenceNode.holding(r as unknown as ReferenceNode, keepAuthority, keepPath) as unknown as UriReference;
}

/** The text of an authority node made by this file (RFC 3986 §3.2). */
export function authorityText(a: Authority): string {
  return (a as unknown as AuthorityNode).text;
}

/** A getter of a node class, called on a node whatever properties a program defined on it. */
const getterOf = (proto: object, name: string): ((this: object) => string) => {
  const g = Object.getOwnPropertyDescriptor(proto, name)?.get;
  if (g === undefined) throw new Error(`make.ts: no getter ${name}`);
  return g as (this: object) => string;
};
const TEXT_GETTERS: ReadonlyMap<object, (this: object) => string> = /* @__PURE__ */ (() =>
  new Map([
    ReferenceNode.prototype, AuthorityNode.prototype, PathNode.prototype, IPv4Node.prototype, IPv6Node.prototype, IPvFutureNode.prototype, RegNameNode.prototype,
  ].map((p) => [p, getterOf(p, "text")] as const)))();

/** The text of `x` (RFC 3986 §5.3) when it is a URI reference node made by this file, read from its own state; else `undefined`. One brand check: what serialize asks first. */
export const referenceNodeText = (x: unknown): string | undefined => (typeof x === "object" && x !== null ? ReferenceNode.brandedText(x) : undefined);

/**
 * The text of a node made by this file, read from its own state (a property a program defined on
 * the node is not read): a reference's or an authority's text, a path's, a host's with an IP
 * literal in brackets (RFC 3986 §5.3, §3.2.2).
 */
export function nodeText(n: Node): string {
  const p = Object.getPrototypeOf(n) as object;
  if (p === ReferenceNode.prototype) return ReferenceNode.textOf(n as unknown as ReferenceNode);
  const t = (TEXT_GETTERS.get(p) as (this: object) => string).call(n);
  return p === IPv6Node.prototype || p === IPvFutureNode.prototype ? `[${t}]` : t;
}

/** The prototype of each node class, with its brand check: a node is an object made by this file. */
const NODE_CLASSES: ReadonlyMap<object, (x: object) => boolean> = /* @__PURE__ */ (() =>
  new Map<object, (x: object) => boolean>([
    [ReferenceNode.prototype, ReferenceNode.made], [AuthorityNode.prototype, AuthorityNode.made], [PathNode.prototype, PathNode.made],
    [IPv4Node.prototype, IPv4Node.made], [IPv6Node.prototype, IPv6Node.made], [IPvFutureNode.prototype, IPvFutureNode.made], [RegNameNode.prototype, RegNameNode.made],
  ]))();

/**
 * True when `x` is a node made by this library's constructors (by parsing, a transform or the
 * builder), and so valid by construction. An object that only looks like one (a spread copy
 * `{ ...uri, query: "x y" }`, a JSON round trip, a clone that keeps the prototype, a Proxy) is
 * not: nothing checked its parts. (A node on which a program defined a property: see
 * {@link isIntactNode}.)
 */
export const isNode = (x: unknown): x is Node => {
  if (typeof x !== "object" || x === null) return false;
  const made = NODE_CLASSES.get(Object.getPrototypeOf(x) as object);
  return made !== undefined && made(x);
};

/**
 * {@link isNode}, and no program defined a property of its own on `x` or on a part it has made
 * (such a property shadows a getter for every reader). The functions that read a node's fields
 * through its getters check this; those that read its offsets (serialize, resolve, normalize, and
 * equivalenceKey where a reference in normal form is its own key)
 * need not, and skip its cost (Reflect.ownKeys, some tens of nanoseconds a node).
 */
export const isIntactNode = (x: unknown): x is Node => {
  if (!isNode(x)) return false;
  const p = Object.getPrototypeOf(x) as object;
  return p === ReferenceNode.prototype ? ReferenceNode.intact(x as unknown as ReferenceNode) : p === AuthorityNode.prototype ? AuthorityNode.intact(x as unknown as AuthorityNode) : untouched(x);
};

/**
 * True when `x` is a URI reference node (`URI` or `relative-ref`, RFC 3986 §4.1) made by this
 * library and {@link isIntactNode}: what a function that takes a URI reference as text or as a
 * node asks of a node. The one copy of that question (issue 31).
 */
export const isReferenceNode = (x: unknown): x is UriReference => isIntactNode(x) && Object.getPrototypeOf(x) === ReferenceNode.prototype;

/** True when `x`'s prototype is a node class's (a node, or a copy that keeps the prototype): no brand check, no property check; cheap. */
export const hasNodePrototype = (x: object): boolean => NODE_CLASSES.has(Object.getPrototypeOf(x) as object);

/**
 * True when `x` is not a node but inherits from a node's class (a Proxy of a node, a copy made
 * with the node's prototype): reading a field through it runs a node's getter on an object that
 * is no node, which throws. A function that reads fields of an argument checks this first.
 */
export const isNodeShell = (x: unknown): boolean => {
  if (typeof x !== "object" || x === null || isNode(x)) return false;
  for (let p = Object.getPrototypeOf(x) as object | null; p !== null; p = Object.getPrototypeOf(p) as object | null) if (NODE_CLASSES.has(p)) return true;
  return false;
};

export { HOST_KINDS };
