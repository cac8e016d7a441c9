// What RFC 3986's rules build: the typed AST of src/ast/ (URI references §3, §4.1–§4.3;
// authority §3.2; hosts §3.2.2; the five path kinds §3.3), as semantics apart from the grammar.
// Every node rule's action reads the texts of the components inside its match; the URI
// reference family has an accelerator that finds them by their delimiters instead (Appendix B).
import * as make from "../../ast/make.js";
import type {
  AbsoluteUri, Authority, Host, HostKind, IPv4Host, IPv6Host, IPvFutureHost, Parsed, Path, PathKind, RegNameHost, RelativeRef, Uri, UriReference,
} from "../../ast/nodes.js";
import { semantics, type Match, type Semantics } from "../../abnf/semantics.js";
import { pathKindOf } from "../../ast/path-kind.js";
import { rfc3986 } from "./index.js";

/**
 * The texts of the components of a match: the first of each, in input order. A fixed shape,
 * filled from a match tree or by the delimiter splitter, read by the builders below.
 */
export class Components {
  scheme: string | undefined = undefined;
  authority: string | undefined = undefined;
  userinfo: string | undefined = undefined;
  host: string | undefined = undefined;
  port: string | undefined = undefined;
  ipv6: string | undefined = undefined;
  ipvFuture: string | undefined = undefined;
  ipv4: string | undefined = undefined;
  pathKind: PathKind | undefined = undefined;
  path: string | undefined = undefined;
  query: string | undefined = undefined;
  fragment: string | undefined = undefined;

  /** Records the text of a component rule (an RFC 3987 i-rule counts as its RFC 3986 rule), unless one was recorded already. */
  set(rule: string, text: string): void {
    const name = IRI_COMPONENTS[rule] ?? rule;
    switch (name) {
      case "scheme": this.scheme ??= text; break;
      case "authority": this.authority ??= text; break;
      case "userinfo": this.userinfo ??= text; break;
      case "host": this.host ??= text; break;
      case "port": this.port ??= text; break;
      case "IPv6address": this.ipv6 ??= text; break;
      case "IPvFuture": this.ipvFuture ??= text; break;
      case "IPv4address": this.ipv4 ??= text; break;
      case "query": this.query ??= text; break;
      case "fragment": this.fragment ??= text; break;
      case "path-abempty":
      case "path-absolute":
      case "path-noscheme":
      case "path-rootless":
      case "path-empty":
        if (this.path === undefined) {
          this.path = text;
          this.pathKind = name;
        }
        break;
      default:
        break;
    }
  }
}

/** The RFC 3987 rules that are components, by the RFC 3986 rule they stand for (RFC 3987 §2.2). */
const IRI_COMPONENTS: Readonly<Record<string, string>> = {
  iauthority: "authority", iuserinfo: "userinfo", ihost: "host", iquery: "query", ifragment: "fragment",
  "ipath-abempty": "path-abempty", "ipath-absolute": "path-absolute", "ipath-noscheme": "path-noscheme",
  "ipath-rootless": "path-rootless", "ipath-empty": "path-empty",
};

/** The components inside a match (and the match itself), depth first, in input order. */
export function componentsOf(m: Match): Components {
  const c = new Components();
  const walk = (x: Match): void => {
    c.set(x.rule, x.text);
    for (const child of x.children) walk(child);
  };
  walk(m);
  return c;
}

/** The authority and path of a `hier-part` or `relative-part` (RFC 3986 §3, §4.2). */
export interface HierPart {
  readonly authority: Authority | undefined;
  readonly path: Path;
}

/** A host from a `host`, `IP-literal` or host-kind match of `text` at `start`. */
export function buildHost(c: Components, text: string, start: number, own?: HostKind): Host {
  const s = make.span(start, start + text.length);
  if (own !== undefined) return make.host(own, text, s);
  if (c.ipv6 !== undefined) return make.host("IPv6address", c.ipv6, s);
  if (c.ipvFuture !== undefined) return make.host("IPvFuture", c.ipvFuture, s);
  if (c.ipv4 !== undefined) return make.host("IPv4address", text, s);
  return make.host("reg-name", text, s);
}

/** An authority matched as `text` at `start` (RFC 3986 §3.2). */
export function buildAuthority(c: Components, text: string, start: number): Authority {
  const { userinfo, port } = c;
  const hostStart = start + (userinfo === undefined ? 0 : userinfo.length + 1);
  const hostText = text.slice(hostStart - start, port === undefined ? text.length : text.length - port.length - 1);
  return make.authority(userinfo, buildHost(c, hostText, hostStart), port, make.span(start, start + text.length));
}

/** The path a match recorded, whichever of the five kinds it is, or the rule's own kind. */
export function buildPath(c: Components, start: number, own?: PathKind, ownText?: string): Path {
  if (own !== undefined && ownText !== undefined) return make.path(own, ownText, make.span(start, start + ownText.length));
  if (c.pathKind !== undefined && c.path !== undefined) return make.path(c.pathKind, c.path, make.span(start, start + c.path.length));
  return make.path("path-empty", "", make.span(start, start));
}

/** `hier-part` / `relative-part` matched at `start`. */
export function buildHierPart(c: Components, start: number): HierPart {
  const a = c.authority;
  const authority = a === undefined ? undefined : buildAuthority(c, a, start + 2);
  const path = buildPath(c, a === undefined ? start : start + 2 + a.length);
  return Object.freeze({ authority, path });
}

/** `URI`, `absolute-URI`, `relative-ref` or `URI-reference` matched as `text` at `start`. */
export function buildReference(c: Components, text: string, start: number): UriReference {
  const scheme = c.scheme;
  const hierStart = scheme === undefined ? start : start + scheme.length + 1;
  const { authority, path } = buildHierPart(c, hierStart);
  return make.uriReference({ scheme, authority, path, query: c.query, fragment: c.fragment }, make.span(start, start + text.length));
}

let ipv4: RegExp | undefined;

/**
 * RFC 3986 Appendix B: the components of a string ALREADY KNOWN to match `URI-reference` (or
 * `URI`, `absolute-URI`, `relative-ref`), found by their delimiters rather than by a
 * derivation. Validity is the fast path's job; this only splits. Held equal to the derivation's
 * components by test/differential.test.ts and test/corpus.test.ts.
 *
 * A host that matches `IPv4address` (checked with that rule's derived pattern) is an IPv4
 * address, not a reg-name (RFC 3986 §3.2.2).
 */
export function splitReference(s: string): Components {
  ipv4 ??= new RegExp(`^(?:${rfc3986.pattern("IPv4address") ?? "(?!)"})$`);
  const c = new Components();
  const n = s.length;
  let pos = 0;
  // scheme ":" — a ":" before any "/", "?" or "#" can only end a scheme in a valid reference
  for (let i = 0; i < n; i++) {
    const ch = s.charCodeAt(i);
    if (ch === 0x3a) {
      c.scheme = s.slice(0, i);
      pos = i + 1;
      break;
    }
    if (ch === 0x2f || ch === 0x3f || ch === 0x23) break;
  }
  // the first "#" starts the fragment; the first "?" before it, the query
  const hash = s.indexOf("#", pos);
  const ask = s.indexOf("?", pos);
  const query = ask >= 0 && (hash < 0 || ask < hash) ? ask : -1;
  const pathEnd = query >= 0 ? query : hash >= 0 ? hash : n;
  // "//" authority, up to the next "/" (or the query or fragment)
  if (s.charCodeAt(pos) === 0x2f && s.charCodeAt(pos + 1) === 0x2f) {
    const from = pos + 2;
    const slash = s.indexOf("/", from);
    const to = slash >= 0 && slash < pathEnd ? slash : pathEnd;
    c.authority = s.slice(from, to);
    // neither host nor port holds an "@"; an IP literal's colons are inside "[...]"
    const at = s.indexOf("@", from);
    const hostStart = at >= 0 && at < to ? at + 1 : from;
    if (hostStart > from) c.userinfo = s.slice(from, at);
    const colon = s.lastIndexOf(":", to - 1);
    const hostEnd = colon >= hostStart && s.lastIndexOf("]", to - 1) < colon ? colon : to;
    if (hostEnd < to) c.port = s.slice(hostEnd + 1, to);
    const host = s.slice(hostStart, hostEnd);
    c.host = host;
    const first = host.charCodeAt(0);
    if (first === 0x5b) {
      const inner = host.slice(1, -1);
      if ((inner.charCodeAt(0) | 0x20) === 0x76) c.ipvFuture = inner;
      else c.ipv6 = inner;
    } else if (first <= 0x39 && host.length >= 7 && ipv4.test(host)) c.ipv4 = host;
    pos = to;
  }
  const path = s.slice(pos, pathEnd);
  c.path = path;
  c.pathKind = pathKindOf(c.scheme !== undefined, c.authority !== undefined, path);
  if (query >= 0) c.query = s.slice(query + 1, hash >= 0 ? hash : n);
  if (hash >= 0) c.fragment = s.slice(hash + 1);
  return c;
}

/** A reference by its delimiters, for `[start, end)` of `input` known to match. */
function splitAt(input: string, start: number, end: number): Parsed<UriReference> {
  const text = start === 0 && end === input.length ? input : input.slice(start, end);
  return buildReference(splitReference(text), text, start) as Parsed<UriReference>;
}

const reference = (m: Match): Parsed<UriReference> => buildReference(componentsOf(m), m.text, m.start) as Parsed<UriReference>;
const hierPart = (m: Match): Parsed<HierPart> => buildHierPart(componentsOf(m), m.start) as Parsed<HierPart>;
const hostOf = <H extends Host>(m: Match, own?: HostKind): Parsed<H> => buildHost(componentsOf(m), m.text, m.start, own) as Parsed<H>;
const pathOf =
  <K extends PathKind>(kind: K) =>
  (m: Match): Parsed<Path<K>> =>
    buildPath(componentsOf(m), m.start, kind, m.text) as Parsed<Path<K>>;

/** Which RFC 3986 rule builds which AST node; every node has its span. Rules not named here yield their text. */
export const rfc3986Actions = {
  URI: (m: Match): Parsed<Uri> => reference(m) as Parsed<Uri>,
  "hier-part": hierPart,
  "URI-reference": reference,
  "absolute-URI": (m: Match): Parsed<AbsoluteUri> => reference(m) as Parsed<AbsoluteUri>,
  "relative-ref": (m: Match): Parsed<RelativeRef> => reference(m) as Parsed<RelativeRef>,
  "relative-part": hierPart,
  authority: (m: Match): Parsed<Authority> => buildAuthority(componentsOf(m), m.text, m.start) as Parsed<Authority>,
  host: (m: Match): Parsed<Host> => hostOf<Host>(m),
  "IP-literal": (m: Match): Parsed<IPv6Host | IPvFutureHost> => hostOf<IPv6Host | IPvFutureHost>(m),
  IPvFuture: (m: Match): Parsed<IPvFutureHost> => hostOf<IPvFutureHost>(m, "IPvFuture"),
  IPv6address: (m: Match): Parsed<IPv6Host> => hostOf<IPv6Host>(m, "IPv6address"),
  IPv4address: (m: Match): Parsed<IPv4Host> => hostOf<IPv4Host>(m, "IPv4address"),
  "reg-name": (m: Match): Parsed<RegNameHost> => hostOf<RegNameHost>(m, "reg-name"),
  path: (m: Match): Parsed<Path> => buildPath(componentsOf(m), m.start) as Parsed<Path>,
  "path-abempty": pathOf("path-abempty"),
  "path-absolute": pathOf("path-absolute"),
  "path-noscheme": pathOf("path-noscheme"),
  "path-rootless": pathOf("path-rootless"),
  "path-empty": pathOf("path-empty"),
};

/** The captured component rules of RFC 3986 that have no action. */
export const rfc3986Captures = ["scheme", "userinfo", "port", "query", "fragment"] as const;

/** The Appendix B splitter, by rule, for a span known to match the rule. */
export const referenceAccelerators = { URI: splitAt, "URI-reference": splitAt, "absolute-URI": splitAt, "relative-ref": splitAt } as const;

/** The semantics of RFC 3986: the typed AST, with the Appendix B splitter for URI references. */
export const rfc3986Semantics: Semantics<typeof rfc3986Actions> = semantics(rfc3986, rfc3986Actions, {
  captures: rfc3986Captures,
  accelerators: referenceAccelerators,
});
