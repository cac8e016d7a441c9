// A URL as a fetch target (SSRF, OWASP's Server-Side Request Forgery Prevention), checked twice: as text (checkFetchTarget, from
// securityFindings' reading), and at connect time on the addresses the host resolves to (ssrfLookup), so DNS rebinding cannot pass.
import type { UriReference } from "../ast/nodes.js";
import { isReferenceNode } from "../ast/make.js";
import { describeValue, expectString, expectStrings, isArrayOf, quoted, readOptions } from "../describe.js";
import { serializeNode } from "../transforms/serialize.js";
import { classifyAddress, classifyHost, type HostClass, type HostClassKind } from "./address.js";
import { securityFindings, type SecurityFinding, type SecurityFindingCode, type SecuritySeverity } from "./findings.js";
import { whatwgSplit } from "./whatwg.js";

/** The classes of an address ({@link HostClassKind} without `"name"`). */
export type AddressKind = Exclude<HostClassKind, "name">;

const ADDRESS_KINDS: readonly AddressKind[] = ["loopback", "private", "link-local", "unique-local", "multicast", "unspecified", "reserved", "public"];

/** One address a resolver answers with, as `dns.lookup` gives it with `all: true`. */
export interface LookupAddress {
  readonly address: string;
  /** 4 or 6. */
  readonly family: number;
}

/** The options `dns.lookup` takes (Node's `dns.LookupOptions`), as an agent passes them. */
export interface LookupOptions {
  readonly family?: number | "IPv4" | "IPv6" | undefined;
  readonly hints?: number | undefined;
  readonly all?: boolean | undefined;
  readonly order?: "ipv4first" | "ipv6first" | "verbatim" | undefined;
  readonly verbatim?: boolean | undefined;
}

/**
 * A resolver, called as `dns.lookup` is with `all: true`: every address of the name. Node's
 * `dns.lookup` is one; a test passes a stub.
 */
export type Resolver = (
  hostname: string,
  options: LookupOptions & { readonly all: true },
  callback: (err: Error | null, addresses: readonly LookupAddress[]) => void,
) => void;

/**
 * The `lookup` {@link ssrfLookup} makes: `dns.lookup`'s signature, every overload (options as a
 * family number or an object, `all: true` for every address, the callback last), so that it is
 * the `lookup` option of `http.Agent`, `https.Agent`, `net.connect`, `tls.connect` and undici's
 * `connect`.
 */
export interface GuardedLookup {
  (hostname: string, callback: (err: Error | null, address: string, family: number) => void): void;
  (hostname: string, family: number, callback: (err: Error | null, address: string, family: number) => void): void;
  (hostname: string, options: LookupOptions & { readonly all: true }, callback: (err: Error | null, addresses: LookupAddress[]) => void): void;
  (hostname: string, options: LookupOptions, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void): void;
}

/** Options of {@link ssrfLookup}. */
export interface SsrfLookupOptions {
  /**
   * The classes of address a connection may go to (default `["public"]`). A test that serves on
   * 127.0.0.1 allows `"loopback"`; a proxy for a private network allows `"private"`.
   */
  readonly allow?: readonly AddressKind[] | undefined;
  /** The resolver (default: Node's `dns.lookup`). */
  readonly resolve?: Resolver | undefined;
}

/**
 * A connection refused by {@link ssrfLookup}: the name resolved to an address outside the allowed
 * classes (or to something that is no IP address). An agent's request fails with it (its
 * `'error'` event), before any byte is sent.
 */
export class AddressRefusedError extends Error {
  override readonly name = "AddressRefusedError";
  readonly code = "ERR_ADDRESS_REFUSED";
  /** The name that was looked up. */
  readonly hostname: string;
  /** The address it resolved to that was refused. */
  readonly address: string;
  /** Its class; `undefined` when the resolver answered with no IP address. */
  readonly kind: AddressKind | undefined;
  constructor(hostname: string, address: string, kind: AddressKind | undefined, allowed: readonly AddressKind[]) {
    expectString(hostname, "hostname", "AddressRefusedError");
    expectString(address, "address", "AddressRefusedError");
    expectStrings(allowed, "allowed", "AddressRefusedError");
    const what = kind === undefined ? "no IP address" : `a ${kind} address`;
    super();
    this.message = `Refused to connect to ${quoted(hostname, 200)}: it resolves to ${JSON.stringify(address.slice(0, 100))}, ${what}; allowed: ${allowed.join(", ")} (SSRF)`;
    this.hostname = hostname;
    this.address = address;
    this.kind = kind;
  }
}

/** What getBuiltinModule gives for "dns", as far as this module uses it. */
interface DnsModule {
  readonly lookup: Resolver;
}

/**
 * Node's `dns.lookup`, taken at run time (`process.getBuiltinModule`, Node 20.16 and later) so
 * that the entry still loads where there is no Node (a browser build, which has no use for it).
 */
function nodeResolver(): Resolver {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const dns = p?.getBuiltinModule?.("dns") as DnsModule | undefined;
  if (dns === undefined) throw new TypeError("ssrfLookup: no options.resolve given, and this runtime has no Node dns module: pass a resolver");
  return dns.lookup;
}

function allowedKinds(x: unknown, caller: string): readonly AddressKind[] {
  if (x === undefined) return ["public"];
  if (!isArrayOf(x, (k) => ADDRESS_KINDS.includes(k as AddressKind))) {
    throw new TypeError(`${caller}: options.allow must be a list of address classes (${ADDRESS_KINDS.join(", ")}), got ${describeValue(x)}`);
  }
  return Object.freeze([...new Set(x as AddressKind[])]);
}

/** A resolver's address as text, read once; what cannot be read (a throwing getter or toString) is the empty string, no address. */
function addressText(x: unknown): string {
  try {
    const a = (x as { readonly address?: unknown } | null | undefined)?.address;
    return typeof a === "string" ? a : String(a);
  } catch {
    return "";
  }
}

/**
 * A `lookup` for `http.Agent`, `https.Agent` (and `net`/`tls.connect`, undici's `connect`) that
 * resolves a name as `dns.lookup` does and refuses the connection, with an
 * {@link AddressRefusedError}, when any address the name resolves to is outside the allowed
 * classes (`options.allow`, default `["public"]`; {@link classifyAddress} gives the class, IPv6
 * that carries IPv4 as that IPv4 address, zone indexes read). The socket connects to the address
 * this function answered with, and it answers with the text it checked (each address read once, as
 * a string; its family, 4 or 6, read from that text), so the address checked is the address
 * connected to: a name that resolves to a public address when a URL is checked and to 127.0.0.1
 * when it is fetched (DNS rebinding) is refused at the fetch. Every address is checked, not only the one answered, so a
 * name with a public and a private address is refused whichever the client would try.
 *
 * Node connects to an IP address written in the URL without calling `lookup`: check the URL with
 * {@link checkFetchTarget} first (it blocks a host that is an address outside the allowed
 * classes), and follow no redirect without checking its target the same way.
 *
 * @example
 * import https from "node:https";
 * const agent = new https.Agent({ lookup: ssrfLookup() });
 * https.get("https://example.com/", { agent }, (res) => res.resume());
 */
export function ssrfLookup(options?: SsrfLookupOptions): GuardedLookup {
  const o = readOptions<Record<string, unknown>>(options, "ssrfLookup", { allow: "any", resolve: "any" });
  const allow = allowedKinds(o["allow"], "ssrfLookup");
  const given = o["resolve"];
  if (given !== undefined && typeof given !== "function") throw new TypeError(`ssrfLookup: options.resolve must be a function (dns.lookup's signature) or undefined, got ${describeValue(given)}`);
  const resolve = (given as Resolver | undefined) ?? nodeResolver();
  const allowed = new Set<string>(allow);
  function lookup(hostname: string, a?: unknown, b?: unknown): void {
    const callback = (typeof a === "function" ? a : b) as (err: Error | null, address?: string | LookupAddress[], family?: number) => void;
    if (typeof callback !== "function") throw new TypeError(`lookup: the last argument must be a callback, got ${describeValue(b)}`);
    const asked: LookupOptions = typeof a === "number" ? { family: a } : typeof a === "object" && a !== null ? (a as LookupOptions) : {};
    const all = asked.all === true;
    const query: LookupOptions & { all: true } = { all: true };
    for (const k of ["family", "hints", "order", "verbatim"] as const) if (asked[k] !== undefined) Object.assign(query, { [k]: asked[k] });
    resolve(hostname, query, (err, addresses) => {
      if (err !== null && err !== undefined) {
        callback(err);
        return;
      }
      // each address read once, as text: the answer is what was checked (a getter or a toString
      // that answers a public address to the check and another to the socket cannot pass)
      const list: LookupAddress[] = [];
      for (const x of Array.isArray(addresses) ? (addresses as readonly unknown[]) : []) {
        const address = addressText(x);
        const c = classifyAddress(address);
        if (!c.ok || !allowed.has(c.value.kind)) {
          callback(new AddressRefusedError(hostname, address, c.ok ? (c.value.kind as AddressKind) : undefined, allow));
          return;
        }
        list.push({ address, family: address.includes(":") ? 6 : 4 });
      }
      const first = list[0];
      if (first === undefined) {
        const e = Object.assign(new Error(`lookup: ${JSON.stringify(hostname.slice(0, 200))} resolves to no address`), { code: "ENOTFOUND", hostname });
        callback(e);
        return;
      }
      if (all) callback(null, list);
      else callback(null, first.address, first.family);
    });
  }
  return lookup as GuardedLookup;
}

/** Why {@link checkFetchTarget} blocks a URL (or what it warns about). */
export interface FetchTargetReason {
  /**
   * A finding's code ({@link securityFindings}), or one of the check's own: `"relative-reference"`
   * (no scheme: nothing to fetch), `"scheme-not-allowed"`, `"credentials"` (userinfo, when
   * `options.credentials` is not true), `"no-host"`, `"address-not-allowed"` (the host is an
   * address outside `options.allow`).
   */
  readonly code: SecurityFindingCode | "relative-reference" | "scheme-not-allowed" | "credentials" | "no-host" | "address-not-allowed";
  readonly severity: SecuritySeverity;
  readonly message: string;
  /** The finding the reason is, when it is one. */
  readonly finding?: SecurityFinding;
}

/** What {@link checkFetchTarget} says. */
export interface FetchTargetCheck {
  readonly verdict: "allow" | "block";
  /** Why it is blocked (empty when it is allowed). */
  readonly reasons: readonly FetchTargetReason[];
  /** Findings below the blocking severity, and credentials allowed by `options.credentials`. */
  readonly warnings: readonly FetchTargetReason[];
  /** The host as a WHATWG client (fetch) reads it, classified; `undefined` when there is none. A `"name"` is for {@link ssrfLookup} to check when it resolves. */
  readonly host: HostClass | undefined;
  /** Every finding of {@link securityFindings}. */
  readonly findings: readonly SecurityFinding[];
}

/** Options of {@link checkFetchTarget}. */
export interface FetchTargetOptions {
  /**
   * The names of the schemes that may be fetched, compared without case (default `["http", "https"]`).
   * (Not `schemes`, which is scheme records everywhere else in the library: `checkFetchTarget` refuses that name.)
   */
  readonly allowedSchemes?: readonly string[] | undefined;
  /** The classes of address a host written as an address may be (default `["public"]`, as {@link SsrfLookupOptions.allow}). A name passes: its addresses are checked when it resolves. */
  readonly allow?: readonly AddressKind[] | undefined;
  /** `true`: userinfo (a user, a password) is allowed, and only warned about (default: it blocks; RFC 9110 §4.2.4). */
  readonly credentials?: boolean | undefined;
  /** The least severity that blocks (default `"high"`; `"medium"` also blocks look-alike hosts, bidi controls and encoded path tricks). */
  readonly blockAt?: SecuritySeverity | undefined;
}

const RANK: Readonly<Record<SecuritySeverity, number>> = { high: 3, medium: 2, low: 1 };

/**
 * Whether a server may fetch a URL a user gave it: `"block"` with the reasons, or `"allow"`. The
 * URL is read as RFC 3986 and as a WHATWG client (fetch, browsers, Node's URL) read it, and
 * blocked when: it is relative; its scheme is not in `options.allowedSchemes` (http and https); it has
 * userinfo (unless `options.credentials`); its host is missing, or an address outside
 * `options.allow` (public only, by default; `0x7f.1`, `[::ffff:127.0.0.1]` and "localhost" are
 * loopback); or a finding of {@link securityFindings} is at least `options.blockAt` severe (the
 * severity table, `securityFindingSeverity`: the readings differ, hosts a WHATWG parser decodes
 * or reads as numbers, controls, backslashes, ...). A host that is a name is allowed here: what
 * it connects to is decided when it resolves, so fetch it through an agent whose `lookup` is
 * {@link ssrfLookup} with the same `allow` (and check every redirect's target again).
 *
 * @example
 * checkFetchTarget("https://example.com/hook").verdict; // "allow"
 * checkFetchTarget("http://0x7f.1/").reasons.map((r) => r.code); // ["ipv4-number-form", "address-not-allowed"]
 * checkFetchTarget("http://169.254.169.254/latest/meta-data/").verdict; // "block"
 */
export function checkFetchTarget(url: string | UriReference, options?: FetchTargetOptions): FetchTargetCheck {
  const o = readOptions<Record<string, unknown>>(options, "checkFetchTarget", { allow: "any", allowedSchemes: "any", schemes: "any", credentials: "boolean", blockAt: ["high", "medium", "low"] });
  // options.schemes is scheme records in every other function (a registry or a list of schemes): here the names are allowedSchemes
  if (o["schemes"] !== undefined) throw new TypeError("checkFetchTarget: options.schemes is named options.allowedSchemes (a list of scheme names)");
  const allow = allowedKinds(o["allow"], "checkFetchTarget");
  const schemesGiven = o["allowedSchemes"];
  if (schemesGiven !== undefined && !isArrayOf(schemesGiven, (s) => typeof s === "string")) {
    throw new TypeError(`checkFetchTarget: options.allowedSchemes must be a list of scheme names or undefined, got ${describeValue(schemesGiven)}`);
  }
  const schemes = new Set(((schemesGiven as readonly string[] | undefined) ?? ["http", "https"]).map((s) => s.toLowerCase()));
  const credentials = o["credentials"];
  const blockAt = o["blockAt"];
  const threshold = RANK[(blockAt as SecuritySeverity | undefined) ?? "high"];

  let text: string;
  if (typeof url === "string") text = url;
  else if (isReferenceNode(url)) text = serializeNode(url);
  else throw new TypeError(`checkFetchTarget: the argument "url" must be a URI (a string, or a node from parse), got ${describeValue(url)}`);

  const findings = securityFindings(text);
  const reasons: FetchTargetReason[] = [];
  const warnings: FetchTargetReason[] = [];
  const split = whatwgSplit(text, "http", false);
  const scheme = split.scheme;
  if (scheme === undefined) {
    reasons.push({ code: "relative-reference", severity: "high", message: "a relative reference: a fetch target needs a scheme and a host (RFC 3986 §4.3)" });
  } else if (!schemes.has(scheme.toLowerCase())) {
    reasons.push({ code: "scheme-not-allowed", severity: "high", message: `the scheme ${JSON.stringify(scheme.slice(0, 64))} is not one of ${[...schemes].join(", ")}` });
  }
  const host = scheme === undefined ? undefined : classifyHost(text);
  for (const f of findings) {
    const reason: FetchTargetReason = { code: f.code, severity: f.severity, message: f.message, finding: f };
    if (f.code === "non-public-address") {
      // the host's class against options.allow: a warning when allowed, else the reason below
      if (host?.ok === true && allow.includes(host.value.kind as AddressKind)) warnings.push(reason);
      continue;
    }
    if (f.code === "userinfo" || f.code === "password") {
      if (credentials === true) warnings.push(reason);
      else reasons.push({ ...reason, code: f.code === "userinfo" ? "credentials" : f.code, severity: "high" });
      continue;
    }
    (RANK[f.severity] >= threshold ? reasons : warnings).push(reason);
  }
  if (host !== undefined && !host.ok) {
    reasons.push({ code: "no-host", severity: "high", message: host.error.message });
  } else if (host?.ok === true && host.value.kind !== "name" && !allow.includes(host.value.kind as AddressKind)) {
    const finding = findings.find((f) => f.code === "non-public-address");
    const reason = { code: "address-not-allowed", severity: "high", message: `the host ${host.value.host} is a ${host.value.kind} address; allowed: ${allow.join(", ")} (SSRF)` } as const;
    reasons.push(finding === undefined ? reason : { ...reason, finding });
  }
  return Object.freeze({
    verdict: reasons.length === 0 ? "allow" : "block",
    reasons: Object.freeze(reasons.map((r) => Object.freeze(r))),
    warnings: Object.freeze(warnings.map((r) => Object.freeze(r))),
    host: host?.ok === true ? host.value : undefined,
    findings,
  });
}
