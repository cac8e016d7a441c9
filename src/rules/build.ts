// Turns the components a match recorded into AST nodes. Both backends feed this one function:
// the combinators with their captures, the fast path with its regex groups. Only texts are read;
// spans follow from the texts and the delimiters RFC 3986 puts between them (§3, §5.3).
import * as make from "../ast/make.js";
import type { Authority, Host, HostKind, Path, PathKind, UriReference } from "../ast/nodes.js";

/** Looks up the text a component rule matched (the first one, in input order), or `undefined`. */
export type Components = (ruleName: string) => string | undefined;

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
  const v6 = c("IPv6address");
  if (v6 !== undefined) return make.host("IPv6address", v6, s);
  const future = c("IPvFuture");
  if (future !== undefined) return make.host("IPvFuture", future, s);
  if (c("IPv4address") !== undefined) return make.host("IPv4address", text, s);
  return make.host("reg-name", text, s);
}

/** An authority matched as `text` at `start` (RFC 3986 §3.2). */
export function buildAuthority(c: Components, text: string, start: number): Authority {
  const userinfo = c("userinfo");
  const port = c("port");
  const hostStart = start + (userinfo === undefined ? 0 : userinfo.length + 1);
  const hostText = text.slice(hostStart - start, port === undefined ? text.length : text.length - port.length - 1);
  return make.authority(userinfo, buildHost(c, hostText, hostStart), port, make.span(start, start + text.length));
}

/** The path a match recorded, whichever of the five kinds it is, or the rule's own kind. */
export function buildPath(c: Components, start: number, own?: PathKind, ownText?: string): Path {
  if (own !== undefined && ownText !== undefined) return make.path(own, ownText, make.span(start, start + ownText.length));
  for (const kind of PATH_KINDS) {
    const text = c(kind);
    if (text !== undefined) return make.path(kind, text, make.span(start, start + text.length));
  }
  return make.path("path-empty", "", make.span(start, start));
}

/** `hier-part` / `relative-part` matched at `start`. */
export function buildHierPart(c: Components, start: number): HierPart {
  const a = c("authority");
  const authority = a === undefined ? undefined : buildAuthority(c, a, start + 2);
  const path = buildPath(c, a === undefined ? start : start + 2 + a.length);
  return Object.freeze({ authority, path });
}

/** `URI`, `absolute-URI`, `relative-ref` or `URI-reference` matched as `text` at `start`. */
export function buildReference(c: Components, text: string, start: number): UriReference {
  const scheme = c("scheme");
  const hierStart = scheme === undefined ? start : start + scheme.length + 1;
  const { authority, path } = buildHierPart(c, hierStart);
  return make.uriReference(
    { scheme, authority, path, query: c("query"), fragment: c("fragment") },
    make.span(start, start + text.length),
  );
}

/** Components from the combinator engine's captures: the first capture of each name. */
export function fromCaptures(input: string, caps: readonly { name: string; start: number; end: number }[]): Components {
  return (name) => {
    for (const cap of caps) if (cap.name === name) return input.slice(cap.start, cap.end);
    return undefined;
  };
}
