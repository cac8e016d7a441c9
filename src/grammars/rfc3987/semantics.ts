// What RFC 3987's rules build: RFC 3986's typed AST (§2.2 changes which characters a component may hold, not its structure), so an IRI is a `URI`
// node with non-ASCII. One semantics for the whole RFC 3987 grammar value, URI and IRI rule names alike: the library's default.
import { semantics, type Semantics } from "../../abnf/semantics.js";
import { rfc3986Actions, rfc3986Captures, referenceAccelerators } from "../rfc3986/semantics.js";
import { VALUE_BUILDERS } from "../../core/values.js";
import { rfc3987 } from "./index.js";

/** RFC 3987 §2.2's i-rules build what the RFC 3986 rule they copy builds. */
const iriActions = {
  IRI: rfc3986Actions.URI,
  "ihier-part": rfc3986Actions["hier-part"],
  "IRI-reference": rfc3986Actions["URI-reference"],
  "absolute-IRI": rfc3986Actions["absolute-URI"],
  "irelative-ref": rfc3986Actions["relative-ref"],
  "irelative-part": rfc3986Actions["relative-part"],
  iauthority: rfc3986Actions.authority,
  ihost: rfc3986Actions.host,
  "ireg-name": rfc3986Actions["reg-name"],
  ipath: rfc3986Actions.path,
  "ipath-abempty": rfc3986Actions["path-abempty"],
  "ipath-absolute": rfc3986Actions["path-absolute"],
  "ipath-noscheme": rfc3986Actions["path-noscheme"],
  "ipath-rootless": rfc3986Actions["path-rootless"],
  "ipath-empty": rfc3986Actions["path-empty"],
};

/** The actions of RFC 3986 and RFC 3987, by rule name. */
export const uriActions = { ...rfc3986Actions, ...iriActions };

/**
 * The semantics of RFC 3986 and RFC 3987 over the RFC 3987 grammar value (which holds both): the
 * typed AST, with the core's delimiter builders for every node rule (their delimiters are ASCII).
 */
export const uriSemantics: Semantics<typeof uriActions> = semantics(rfc3987, uriActions, {
  captures: [...rfc3986Captures, "iuserinfo", "iquery", "ifragment"],
  accelerators: {
    ...referenceAccelerators,
    ...Object.fromEntries(Object.keys(iriActions).map((n) => [n, VALUE_BUILDERS.get(n.toLowerCase()) as (input: string, start: number, end: number) => unknown])),
  },
});
