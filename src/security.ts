// "uri-grammar/security": RFC 3986 §7 and RFC 3987 §8 as a check on untrusted input: where a WHATWG URL parser reads another host than RFC 3986,
// what hides a host, a path or userinfo; what a host or resolved address is to a client (SSRF), a URL as a fetch target, a registrable domain.
export {
  securityFindings, securityFindingCodes, securityFindingSeverity,
  type SecurityFinding, type SecurityFindingCode, type SecurityComponent, type SecurityOptions, type SecuritySeverity,
} from "./security/findings.js";
export {
  classifyHost, classifyHostOrThrow, classifyAddress, HostError, AddressError, type HostClass, type HostClassKind, type EmbeddedIpv4,
} from "./security/address.js";
export {
  checkFetchTarget, ssrfLookup, AddressRefusedError,
  type AddressKind, type FetchTargetCheck, type FetchTargetOptions, type FetchTargetReason, type GuardedLookup, type LookupAddress, type LookupOptions,
  type Resolver, type SsrfLookupOptions,
} from "./security/fetch.js";
export { registrableDomain, publicSuffix, type DomainOptions } from "./security/domain.js";
