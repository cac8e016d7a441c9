// "uri-grammar/security": RFC 3986 §7 and RFC 3987 §8 as a check on untrusted input: where a
// WHATWG URL parser reads another host than RFC 3986, what hides a host or a path, userinfo;
// what a host is for a client that connects to it (SSRF), and its registrable domain.
export {
  securityFindings, securityFindingCodes,
  type SecurityFinding, type SecurityFindingCode, type SecurityComponent, type SecurityOptions,
} from "./security/findings.js";
export { classifyHost, classifyHostOrThrow, HostError, type HostClass, type HostKind, type EmbeddedIpv4 } from "./security/address.js";
export { registrableDomain, publicSuffix, type DomainOptions } from "./security/domain.js";
