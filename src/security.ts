// "uri-grammar/security": RFC 3986 §7 and RFC 3987 §8 as a check on untrusted input: where a
// WHATWG URL parser reads another host than RFC 3986, what hides a host or a path, userinfo;
// what a host or a resolved address is for a client that connects to it (SSRF), a URL as a fetch
// target and a `lookup` hook that checks the address connected to; and its registrable domain.
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
