// "uri-grammar/security": RFC 3986 §7 and RFC 3987 §8 as a check on untrusted input: where a
// WHATWG URL parser reads another host than RFC 3986, what hides a host or a path, userinfo.
export {
  securityFindings, securityFindingCodes,
  type SecurityFinding, type SecurityFindingCode, type SecurityComponent, type SecurityOptions,
} from "./security/findings.js";
