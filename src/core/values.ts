// What RFC 3986's and RFC 3987's rules build (src/ast/), from a span ALREADY KNOWN to match: parts found by their delimiters (RFC 3986 Appendix B),
// never by a derivation. The engine builds the same values by src/grammars/rfc3986/semantics.ts; test/differential.test.ts holds the two equal.
import * as make from "../ast/make.js";
import type { HostKind, PathKind, UriReference } from "../ast/nodes.js";
import type { CompiledRule } from "../compiled/dfa.js";
import { pathKindOf } from "../ast/path-kind.js";

/** The kind of the host `[start, end)` of `input` (RFC 3986 §3.2.2): an IP literal by its brackets, an IPv4address by its rule, else a reg-name. */
export const hostKindAt = (input: string, start: number, end: number): HostKind => make.HOST_KINDS[make.hostKindIn(input, start, end)] as HostKind;

/** The end of the authority that starts at `from`: the next "/", "?" or "#", or `end`. */
function authorityEnd(s: string, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x23) return i;
  }
  return end;
}

/**
 * RFC 3986 Appendix B: where the parts of the reference `[start, end)` of `s` are, for a span
 * known to match `URI-reference` (or `URI`, `absolute-URI`, `relative-ref`, or their RFC 3987
 * twins: their delimiters are ASCII). The first "#" starts the fragment, the first "?" before
 * it the query; a ":" before any "/", "?" or "#" ends a scheme (a relative reference's first
 * segment holds none, RFC 3986 §4.2); "//" after it starts an authority, which ends at the next
 * "/", "?" or "#". Found by `indexOf` (native code, whatever the string's representation).
 */
export function referenceOffsets(s: string, start: number, end: number): make.ReferenceOffsets {
  let fragmentStart = s.indexOf("#", start);
  if (fragmentStart >= end) fragmentStart = -1;
  const bound = fragmentStart >= 0 ? fragmentStart : end;
  let queryStart = s.indexOf("?", start);
  if (queryStart >= bound) queryStart = -1;
  const tail = queryStart >= 0 ? queryStart : bound;
  let schemeEnd = s.indexOf(":", start);
  if (schemeEnd >= tail) schemeEnd = -1;
  else if (schemeEnd >= 0) {
    const slash = s.indexOf("/", start);
    if (slash >= 0 && slash < schemeEnd) schemeEnd = -1;
  }
  const from = schemeEnd >= 0 ? schemeEnd + 1 : start;
  let authorityStart = -1;
  let authorityStop = -1;
  if (from + 1 < tail && s.charCodeAt(from) === 0x2f && s.charCodeAt(from + 1) === 0x2f) {
    authorityStart = from + 2;
    authorityStop = s.indexOf("/", authorityStart);
    if (authorityStop < 0 || authorityStop > tail) authorityStop = tail;
  }
  // the host's kind is worked out when the host is read (make.hostKindIn)
  return { schemeEnd, authorityStart, authorityEnd: authorityStop, hostKind: -1, queryStart, fragmentStart };
}

/** The reference `[start, end)` of `input`, known to match a URI reference rule. */
export const reference = (input: string, start: number, end: number): unknown => make.parsedReference(input, start, end, referenceOffsets(input, start, end));

/** Where testReference records the offsets of a run (the loop allocates nothing). */
const RUN = /* @__PURE__ */ new Int32Array(7);

/**
 * The whole of `input` as a node of `rule`, a rule whose strings are URI or IRI references
 * (`URI-reference`, `URI`, `absolute-URI`, `relative-ref` and their RFC 3987 twins), or
 * `undefined` when it does not match. One pass: the automaton records where the components are
 * as it reads (Appendix B's boundaries, see CompiledRule.testReference); where it cannot, the
 * delimiters are found by {@link referenceOffsets}.
 */
export function matchReference(rule: CompiledRule, input: string): UriReference | undefined {
  const k = rule.testReference(input, RUN);
  if (k === 1) return make.referenceFromRun(input, RUN);
  return k === 0 ? undefined : scannedReference(rule, input);
}

/** The whole of `input` as a node of `rule` when it matches, its parts found by Appendix B's scan (what a run could not record). */
function scannedReference(rule: CompiledRule, input: string): UriReference | undefined {
  if (rule.test(input)) return make.parsedReference(input, 0, input.length, referenceOffsets(input, 0, input.length));
  rule.forgetStop(); // the run answered 2: it recorded no stop for args.referenceResult
  return undefined;
}

/**
 * The layout of the whole of `input` as a reference of `rule` (its offsets, and where its path is:
 * what the transforms read, make.Layout), or `undefined` when it does not match: the node it
 * stands for is not made.
 */
export function matchReferenceLayout(rule: CompiledRule, input: string): make.Layout | undefined {
  const k = rule.testReference(input, RUN);
  if (k === 0) return undefined;
  const n = input.length;
  const t = RUN;
  let schemeEnd = t[0] as number;
  let a0 = t[1] as number;
  let a1 = t[2] as number;
  let queryStart = t[3] as number;
  let fragmentStart = t[4] as number;
  let hs = -1;
  let he = -1;
  if (k === 2) {
    // the run could not record the offsets: Appendix B's scan finds them, and the host's bounds are read off the authority
    if (!rule.test(input)) return undefined;
    ({ schemeEnd, authorityStart: a0, authorityEnd: a1, queryStart, fragmentStart } = referenceOffsets(input, 0, n));
    if (a0 >= 0) {
      hs = make.hostStartIn(input, a0, a1);
      he = make.hostEndIn(input, hs, a1);
    }
  } else if (a0 >= 0) {
    // the run recorded the second "/" of "//" and the "/" after the authority, else it ends at the
    // "?", the "#" or the end (as ReferenceNode.fromRun reads them); and the "@" and the
    // authority's last ":"
    a0++;
    if (a1 < 0) a1 = queryStart >= 0 ? queryStart : fragmentStart >= 0 ? fragmentStart : n;
    const at = t[5] as number;
    const colon = t[6] as number;
    hs = at >= 0 ? at + 1 : a0;
    he = colon > at ? colon : a1;
  }
  return {
    input, start: 0, end: n, schemeEnd, authorityStart: a0, authorityEnd: a1, hostKind: -1, queryStart, fragmentStart,
    pathStart: a0 >= 0 ? a1 : schemeEnd >= 0 ? schemeEnd + 1 : 0,
    pathEnd: queryStart >= 0 ? queryStart : fragmentStart >= 0 ? fragmentStart : n,
    hostStart: hs, hostEnd: he,
  };
}

/** `hier-part` (`scheme` true) or `relative-part` over `[start, end)`: its authority and path (RFC 3986 §3, §4.2). */
const hierPart =
  (scheme: boolean) =>
  (input: string, start: number, end: number): unknown => {
    let pathStart = start;
    let authority: ReturnType<typeof make.parsedAuthority> | undefined;
    if (end - start >= 2 && input.charCodeAt(start) === 0x2f && input.charCodeAt(start + 1) === 0x2f) {
      const to = authorityEnd(input, start + 2, end);
      authority = make.parsedAuthority(input, start + 2, to);
      pathStart = to;
    }
    const kind = pathKindOf(scheme, authority !== undefined, input.slice(pathStart, Math.min(end, pathStart + 1)));
    return Object.freeze({ authority, path: make.parsedPath(kind, input, pathStart, end) });
  };

const authority = (input: string, start: number, end: number): unknown => make.parsedAuthority(input, start, end);

const host = (input: string, start: number, end: number): unknown => {
  const kind = hostKindAt(input, start, end);
  return make.parsedHost(kind, input, start, end, kind === "IPv6address" || kind === "IPvFuture");
};

const ownHost =
  (kind: HostKind) =>
  (input: string, start: number, end: number): unknown =>
    make.parsedHost(kind, input, start, end);

/** `IP-literal`: an IPv6address or IPvFuture in brackets. */
const ipLiteral = (input: string, start: number, end: number): unknown =>
  make.parsedHost((input.charCodeAt(start + 1) | 0x20) === 0x76 ? "IPvFuture" : "IPv6address", input, start, end, true);

/**
 * `path` (RFC 3986 §3.3), whichever of its alternatives matched first: path-abempty for an
 * empty path or one that begins with "/", else path-noscheme unless its first segment holds a
 * ":" (then path-rootless).
 */
const anyPath = (input: string, start: number, end: number): unknown => {
  let kind: PathKind;
  if (start === end || input.charCodeAt(start) === 0x2f) kind = "path-abempty";
  else {
    const slash = input.indexOf("/", start);
    const colon = input.indexOf(":", start);
    kind = colon >= 0 && colon < end && (slash < 0 || slash >= end || colon < slash) ? "path-rootless" : "path-noscheme";
  }
  return make.parsedPath(kind, input, start, end);
};

const ownPath =
  (kind: PathKind) =>
  (input: string, start: number, end: number): unknown =>
    make.parsedPath(kind, input, start, end);

/** A builder: the value of a rule over `[start, end)` of `input`, a span known to match it. */
export type ValueBuilder = (input: string, start: number, end: number) => unknown;

/** The builders of the rules that build nodes, by lowercase rule name (RFC 3987's i-rules build what their RFC 3986 rule builds). */
export const VALUE_BUILDERS: ReadonlyMap<string, ValueBuilder> = /* @__PURE__ */ (() =>
  new Map<string, ValueBuilder>([
    ["uri", reference], ["uri-reference", reference], ["absolute-uri", reference], ["relative-ref", reference],
    ["iri", reference], ["iri-reference", reference], ["absolute-iri", reference], ["irelative-ref", reference],
    ["hier-part", hierPart(true)], ["ihier-part", hierPart(true)], ["relative-part", hierPart(false)], ["irelative-part", hierPart(false)],
    ["authority", authority], ["iauthority", authority], ["host", host], ["ihost", host], ["ip-literal", ipLiteral],
    ["ipvfuture", ownHost("IPvFuture")], ["ipv6address", ownHost("IPv6address")], ["ipv4address", ownHost("IPv4address")],
    ["reg-name", ownHost("reg-name")], ["ireg-name", ownHost("reg-name")],
    ["path", anyPath], ["ipath", anyPath],
    ["path-abempty", ownPath("path-abempty")], ["ipath-abempty", ownPath("path-abempty")],
    ["path-absolute", ownPath("path-absolute")], ["ipath-absolute", ownPath("path-absolute")],
    ["path-noscheme", ownPath("path-noscheme")], ["ipath-noscheme", ownPath("path-noscheme")],
    ["path-rootless", ownPath("path-rootless")], ["ipath-rootless", ownPath("path-rootless")],
    ["path-empty", ownPath("path-empty")], ["ipath-empty", ownPath("path-empty")],
  ]))();

/** The value of the text of a rule without a builder: the text. */
export const textOf: ValueBuilder = (input, start, end) => (start === 0 && end === input.length ? input : input.slice(start, end));
