// The host a WHATWG client (browsers, Node's URL, fetch) reads out of a URI or a host alone, for classifyHost and registrableDomain:
// the URL Standard's host parser (#concept-host-parser) as whatwg.ts has it, so IPv4 number forms and IDNA are read as clients read them.
import type { UriReference } from "../ast/nodes.js";
import { isReferenceNode } from "../ast/make.js";
import { describeValue } from "../describe.js";
import { DEFAULT_MAX_LENGTH } from "../errors.js";
import { serializeNode } from "../transforms/serialize.js";
import { parseHost, whatwgSplit } from "./whatwg.js";

/** Where the host came from, and what it is; `host` is null when the input names no host a client could reach. */
export interface HostOf {
  /** The host as a WHATWG parser serializes it (`URL#hostname`): a domain in A-labels, a dotted IPv4 address, "[...]" IPv6. */
  readonly host: string | null;
  /** Why there is none, in words, when `host` is null. */
  readonly why: string;
}

/**
 * The host of `input`: a URI with an authority (a string or a node from parse; a relative
 * reference is read against an http base, as securityFindings does), else a host alone (a domain,
 * an IPv4 address in any form the URL Standard reads, an IPv6 address with or without brackets).
 */
export function hostOf(input: unknown, caller: string): HostOf {
  let text: string;
  if (typeof input === "string") text = input;
  else if (isReferenceNode(input)) text = serializeNode(input as UriReference);
  else throw new TypeError(`${caller}: the argument "uriOrHost" must be a URI (a string, or a node from parse) or a host, got ${describeValue(input)}`);
  if (text.length > DEFAULT_MAX_LENGTH) return { host: null, why: "the input is longer than 2 MiB" };
  const split = whatwgSplit(text, "http", false);
  if (split.authority !== undefined && (split.scheme !== undefined || text.trimStart().startsWith("//") || text.trimStart().startsWith("\\\\"))) {
    if (split.host === null) return { host: null, why: "a WHATWG URL parser fails on the authority of the URI" };
    if (split.host === undefined || split.host === "") return { host: null, why: "the URI has an empty host" };
    return { host: split.host, why: "" };
  }
  const h = text.trim();
  if (h.includes(":") && !h.startsWith("[")) {
    const v6 = parseHost(`[${h}]`, true); // an IPv6 address without its brackets
    if (v6 !== null) return { host: v6, why: "" };
    return { host: null, why: `the input is a URI without an authority ("//"), or a host with a port (or a userinfo): give the host alone, or the whole URI` };
  }
  if (h === "") return { host: null, why: "the host is empty" };
  const host = parseHost(h, true);
  return host === null || host === "" ? { host: null, why: "the input is no host a WHATWG URL parser reads (nor a URI with an authority)" } : { host, why: "" };
}
