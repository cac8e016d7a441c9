// Turns the components a match recorded into AST nodes. Both backends feed this one function:
// the combinators with their captures, the fast path with its regex groups. Only texts are read;
// spans follow from the texts and the delimiters RFC 3986 puts between them (§3, §5.3).
import * as make from "../ast/make.js";
import type { Authority, Host, HostKind, Path, PathKind, UriReference } from "../ast/nodes.js";
import { pathKindOf } from "../ast/path-kind.js";

/** The component rules a match records, each with a small code for the fast path's group table. */
const COMPONENT_CODES: Readonly<Record<string, number>> = {
  scheme: 1, authority: 2, userinfo: 3, host: 4, port: 5, IPv6address: 6, IPvFuture: 7, IPv4address: 8,
  "path-abempty": 9, "path-absolute": 10, "path-noscheme": 11, "path-rootless": 12, "path-empty": 13, query: 14, fragment: 15,
};

/** The code of a component rule (0 for a rule the builders do not read, such as reg-name). */
export const componentCode = (ruleName: string): number => COMPONENT_CODES[ruleName] ?? 0;

/**
 * The texts of the components a match recorded: the first of each, in input order. A fixed
 * shape, filled by either backend, read by the builders below.
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

  /** Records the text of the component with this code, unless one was recorded already. */
  set(code: number, text: string): void {
    switch (code) {
      case 1: this.scheme ??= text; break;
      case 2: this.authority ??= text; break;
      case 3: this.userinfo ??= text; break;
      case 4: this.host ??= text; break;
      case 5: this.port ??= text; break;
      case 6: this.ipv6 ??= text; break;
      case 7: this.ipvFuture ??= text; break;
      case 8: this.ipv4 ??= text; break;
      case 14: this.query ??= text; break;
      case 15: this.fragment ??= text; break;
      default:
        if (code >= 9 && code <= 13 && this.path === undefined) {
          this.path = text;
          this.pathKind = PATH_KINDS[code - 9];
        }
    }
  }
}

const PATH_KINDS: readonly PathKind[] = ["path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty"];

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
  return make.uriReference(
    { scheme, authority, path, query: c.query, fragment: c.fragment },
    make.span(start, start + text.length),
  );
}

/** Components from the combinator engine's captures. */
export function fromCaptures(input: string, caps: readonly { name: string; start: number; end: number }[]): Components {
  const c = new Components();
  for (const cap of caps) c.set(componentCode(cap.name), input.slice(cap.start, cap.end));
  return c;
}

/**
 * RFC 3986 Appendix B: the components of a string ALREADY KNOWN to match `URI-reference` (or
 * `URI`, `absolute-URI`, `relative-ref`), found by their delimiters rather than by capture
 * groups. Validity is the regex's job; this only splits. The components are held equal to the
 * combinators' captures by test/differential.test.ts and test/corpus.test.ts.
 *
 * `ipv4` is the anchored regex derived from the `IPv4address` definition: a host that matches it
 * is an IPv4 address, not a reg-name (RFC 3986 §3.2.2).
 */
export function splitReference(s: string, ipv4: RegExp): Components {
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
