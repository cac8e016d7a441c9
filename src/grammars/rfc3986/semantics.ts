// What RFC 3986's rules build (src/ast/: references §3, §4.1–§4.3; authority §3.2; hosts §3.2.2; the path kinds §3.3), as semantics apart from the
// grammar: a node rule's action reads its components' texts; the URI reference family's accelerator finds them by delimiters (Appendix B).
import * as make from "../../ast/make.js";
import type {
  AbsoluteUri, Authority, Host, HostKind, IPv4Host, IPv6Host, IPvFutureHost, Parsed, Path, PathKind, RegNameHost, RelativeRef, Uri, UriReference,
} from "../../ast/nodes.js";
import { semantics, type Accelerator, type Match, type Semantics } from "../../abnf/semantics.js";
import { VALUE_BUILDERS, type ValueBuilder } from "../../core/values.js";
import { rfc3986 } from "./index.js";

/**
 * The components of a match: the first match of each component rule, in input order. A fixed
 * shape, filled from a match tree, read by the builders below.
 */
export class Components {
  scheme: Match | undefined = undefined;
  authority: Match | undefined = undefined;
  host: Match | undefined = undefined;
  ipv6: Match | undefined = undefined;
  ipvFuture: Match | undefined = undefined;
  ipv4: Match | undefined = undefined;
  pathKind: PathKind | undefined = undefined;
  path: Match | undefined = undefined;
  query: Match | undefined = undefined;
  fragment: Match | undefined = undefined;

  /** Records a component rule's match (an RFC 3987 i-rule counts as its RFC 3986 rule), unless one was recorded already. */
  set(m: Match): void {
    const name = IRI_COMPONENTS[m.rule] ?? m.rule;
    switch (name) {
      case "scheme": this.scheme ??= m; break;
      case "authority": this.authority ??= m; break;
      case "host": this.host ??= m; break;
      case "IPv6address": this.ipv6 ??= m; break;
      case "IPvFuture": this.ipvFuture ??= m; break;
      case "IPv4address": this.ipv4 ??= m; break;
      case "query": this.query ??= m; break;
      case "fragment": this.fragment ??= m; break;
      case "path-abempty":
      case "path-absolute":
      case "path-noscheme":
      case "path-rootless":
      case "path-empty":
        if (this.path === undefined) {
          this.path = m;
          this.pathKind = name;
        }
        break;
      default:
        break;
    }
  }

  /** The kind of the host recorded. */
  hostKind(): HostKind {
    return this.ipv6 !== undefined ? "IPv6address" : this.ipvFuture !== undefined ? "IPvFuture" : this.ipv4 !== undefined ? "IPv4address" : "reg-name";
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
  const stack: Match[] = [m];
  while (stack.length > 0) {
    const x = stack.pop() as Match;
    c.set(x);
    for (let i = x.children.length - 1; i >= 0; i--) stack.push(x.children[i] as Match);
  }
  return c;
}

/** The authority and path of a `hier-part` or `relative-part` (RFC 3986 §3, §4.2). */
export interface HierPart {
  readonly authority: Authority | undefined;
  readonly path: Path;
}

/** A host from a `host`, `IP-literal` or host-kind match `m`. */
function buildHost(c: Components, m: Match, own?: HostKind): Host {
  if (own !== undefined) return make.parsedHost(own, m.input, m.start, m.end);
  const kind = c.hostKind();
  return make.parsedHost(kind, m.input, m.start, m.end, kind === "IPv6address" || kind === "IPvFuture");
}

/** The path a match recorded, whichever of the five kinds it is, or an empty one at `at`. */
function buildPath(c: Components, input: string, at: number): Path {
  if (c.pathKind !== undefined && c.path !== undefined) return make.parsedPath(c.pathKind, input, c.path.start, c.path.end);
  return make.parsedPath("path-empty", input, at, at);
}

/** `hier-part` / `relative-part` matched as `m`. */
function buildHierPart(c: Components, m: Match): HierPart {
  const a = c.authority;
  const authority = a === undefined ? undefined : make.parsedAuthority(m.input, a.start, a.end, c.hostKind());
  return Object.freeze({ authority, path: buildPath(c, m.input, a === undefined ? m.start : a.end) });
}

/** `URI`, `absolute-URI`, `relative-ref` or `URI-reference` matched as `m`. */
function buildReference(c: Components, m: Match): UriReference {
  const a = c.authority;
  return make.parsedReference(m.input, m.start, m.end, {
    schemeEnd: c.scheme === undefined ? -1 : c.scheme.end,
    authorityStart: a === undefined ? -1 : a.start,
    authorityEnd: a === undefined ? -1 : a.end,
    hostKind: HOST_CODES[c.hostKind()],
    queryStart: c.query === undefined ? -1 : c.query.start - 1,
    fragmentStart: c.fragment === undefined ? -1 : c.fragment.start - 1,
  });
}

const HOST_CODES: Readonly<Record<HostKind, number>> = { "reg-name": 0, IPv4address: 1, IPv6address: 2, IPvFuture: 3 };

const reference = (m: Match): Parsed<UriReference> => buildReference(componentsOf(m), m) as Parsed<UriReference>;
const hierPart = (m: Match): Parsed<HierPart> => buildHierPart(componentsOf(m), m) as Parsed<HierPart>;
const hostOf = <H extends Host>(m: Match, own?: HostKind): Parsed<H> => buildHost(componentsOf(m), m, own) as Parsed<H>;
const pathOf =
  <K extends PathKind>(kind: K) =>
  (m: Match): Parsed<Path<K>> =>
    make.parsedPath(kind, m.input, m.start, m.end) as Parsed<Path<K>>;

/** Which RFC 3986 rule builds which AST node; every node has its span. Rules not named here yield their text. */
export const rfc3986Actions = {
  URI: (m: Match): Parsed<Uri> => reference(m) as Parsed<Uri>,
  "hier-part": hierPart,
  "URI-reference": reference,
  "absolute-URI": (m: Match): Parsed<AbsoluteUri> => reference(m) as Parsed<AbsoluteUri>,
  "relative-ref": (m: Match): Parsed<RelativeRef> => reference(m) as Parsed<RelativeRef>,
  "relative-part": hierPart,
  authority: (m: Match): Parsed<Authority> => make.parsedAuthority(m.input, m.start, m.end, componentsOf(m).hostKind()) as Parsed<Authority>,
  host: (m: Match): Parsed<Host> => hostOf<Host>(m),
  "IP-literal": (m: Match): Parsed<IPv6Host | IPvFutureHost> => hostOf<IPv6Host | IPvFutureHost>(m),
  IPvFuture: (m: Match): Parsed<IPvFutureHost> => hostOf<IPvFutureHost>(m, "IPvFuture"),
  IPv6address: (m: Match): Parsed<IPv6Host> => hostOf<IPv6Host>(m, "IPv6address"),
  IPv4address: (m: Match): Parsed<IPv4Host> => hostOf<IPv4Host>(m, "IPv4address"),
  "reg-name": (m: Match): Parsed<RegNameHost> => hostOf<RegNameHost>(m, "reg-name"),
  path: (m: Match): Parsed<Path> => buildPath(componentsOf(m), m.input, m.start) as Parsed<Path>,
  "path-abempty": pathOf("path-abempty"),
  "path-absolute": pathOf("path-absolute"),
  "path-noscheme": pathOf("path-noscheme"),
  "path-rootless": pathOf("path-rootless"),
  "path-empty": pathOf("path-empty"),
};

/** The rules of RFC 3986 that build nodes. */
const rfc3986NodeRules = [
  "URI", "hier-part", "URI-reference", "absolute-URI", "relative-ref", "relative-part", "authority", "host", "IP-literal", "IPvFuture",
  "IPv6address", "IPv4address", "reg-name", "path", "path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty",
] as const;

/** The captured component rules of RFC 3986 that have no action. */
export const rfc3986Captures = ["scheme", "userinfo", "port", "query", "fragment"] as const;

/** The delimiter builders of the core (src/core/values.ts), by rule, for a span known to match the rule. */
export const referenceAccelerators = Object.fromEntries(
  [...rfc3986NodeRules].map((n) => [n, VALUE_BUILDERS.get(n.toLowerCase()) as ValueBuilder]),
) as Readonly<Record<string, Accelerator<unknown>>>;

/** The semantics of RFC 3986: the typed AST, with the Appendix B splitter for URI references. */
export const rfc3986Semantics: Semantics<typeof rfc3986Actions> = semantics(rfc3986, rfc3986Actions, {
  captures: rfc3986Captures,
  accelerators: referenceAccelerators,
});
