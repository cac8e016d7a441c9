// What a client connects to for a host (RFC 6890 special-purpose registries, RFC 4291 §2.5.5 IPv4-mapped and -compatible IPv6,
// RFC 6052 NAT64, RFC 3056 6to4, RFC 6761 §6.3 localhost), for SSRF checks: the host read as WHATWG clients do (host-of.ts), ipaddr.js's ranges.
import ipaddr from "ipaddr.js";
import { defineInput, maskPassword, PASSWORD_MASK } from "../password.js";
import { describeValue, expectString, quoted } from "../describe.js";
import type { UriReference } from "../ast/nodes.js";
import { orThrow, type Result } from "../result.js";
import { hostOf } from "./host-of.js";
import { parseHost } from "./whatwg.js";

/**
 * What a host is, for a client that connects to it:
 * - `"loopback"`: this machine (127.0.0.0/8, ::1; and the names "localhost" and "*.localhost", RFC 6761 §6.3);
 * - `"private"`: a private network (10/8, 172.16/12, 192.168/16; 100.64/10 shared address space, RFC 6598; fec0::/10 site-local);
 * - `"link-local"`: the local link (169.254/16, which holds cloud metadata services at 169.254.169.254; fe80::/10);
 * - `"unique-local"`: IPv6 unique local addresses (fc00::/7, RFC 4193);
 * - `"multicast"`: 224/4, ff00::/8;
 * - `"unspecified"`: 0.0.0.0/8 and ::, which many systems connect to as this machine;
 * - `"reserved"`: any other special-purpose block (documentation, benchmarking, 240/4, broadcast, ...; RFC 6890);
 * - `"public"`: a global unicast address;
 * - `"name"`: a domain name: what it connects to is up to DNS, so resolve it and classify the addresses.
 */
export type HostClassKind = "loopback" | "private" | "link-local" | "unique-local" | "multicast" | "unspecified" | "reserved" | "public" | "name";

/** How an IPv6 address carries the IPv4 address a client reaches through it. */
export type EmbeddedIpv4 = "ipv4-mapped" | "ipv4-compatible" | "ipv4-translated" | "nat64" | "6to4";

/** What {@link classifyHost} says about a host. */
export interface HostClass {
  readonly kind: HostClassKind;
  /** The host as a WHATWG parser reads it (`URL#hostname`): "127.0.0.1" for "0x7f.1", "[::ffff:7f00:1]" for "[::ffff:127.0.0.1]". */
  readonly host: string;
  /** The address the kind is about (an IPv6 address without brackets; for an IPv4 address carried in IPv6, that IPv4 address); `undefined` for a name. */
  readonly address: string | undefined;
  /** ipaddr.js's name for the range (`"loopback"`, `"carrierGradeNat"`, `"ipv4Mapped"`, `"unicast"`, ...), of `address`; `undefined` for a name. */
  readonly range: string | undefined;
  /** For an IPv6 address that carries an IPv4 address (and is classified as that address): how. */
  readonly embedded: EmbeddedIpv4 | undefined;
}

/**
 * An input quoted in a message, its password masked (RFC 3986 §7.5): read as a URI reference, or,
 * where that finds none, as an authority ("user:pw@host", a host given with its userinfo).
 */
function maskedInput(input: string): string {
  const uri = maskPassword(input);
  return uri !== input ? uri : maskPassword(input, PASSWORD_MASK, { rule: "authority" });
}

/** A host that cannot be classified: the input names none. */
export class HostError extends Error {
  override readonly name = "HostError";
  readonly code = "no-host";
  /** The input as given: readable, not enumerable (a logger does not print its password; the message masks it). */
  declare readonly input: string;
  constructor(input: string, why: string) {
    expectString(input, "input", "HostError");
    super();
    this.message = `No host to classify: ${why}: ${quoted(maskedInput(input), 200)}`; // masked: RFC 3986 §7.5
    defineInput(this, input);
  }
}

const V4_KINDS: Readonly<Record<string, HostClassKind>> = {
  unspecified: "unspecified", broadcast: "reserved", multicast: "multicast", linkLocal: "link-local", loopback: "loopback",
  carrierGradeNat: "private", private: "private", reserved: "reserved", as112: "reserved", amt: "reserved", unicast: "public",
};
const V6_KINDS: Readonly<Record<string, HostClassKind>> = {
  unspecified: "unspecified", linkLocal: "link-local", multicast: "multicast", loopback: "loopback", uniqueLocal: "unique-local",
  deprecatedSiteLocal: "private", unicast: "public",
};

function v4Class(host: string, a: ipaddr.IPv4, embedded: EmbeddedIpv4 | undefined): HostClass {
  const range = a.range();
  return { kind: V4_KINDS[range] ?? "reserved", host, address: a.toString(), range, embedded };
}

/** The IPv4 address an IPv6 address carries, and how, when a client reaching it reaches that IPv4 address. */
function embeddedIpv4(a: ipaddr.IPv6): [ipaddr.IPv4, EmbeddedIpv4] | undefined {
  const p = a.parts;
  const v4 = (hi: number, lo: number): ipaddr.IPv4 => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zero = (from: number, to: number): boolean => p.slice(from, to).every((x) => x === 0);
  const range = a.range();
  if (range === "ipv4Mapped") return [v4(p[6] ?? 0, p[7] ?? 0), "ipv4-mapped"];
  if (range === "rfc6145") return [v4(p[6] ?? 0, p[7] ?? 0), "ipv4-translated"];
  if (range === "rfc6052") return [v4(p[6] ?? 0, p[7] ?? 0), "nat64"];
  if (range === "6to4") return [v4(p[1] ?? 0, p[2] ?? 0), "6to4"];
  // ::a.b.c.d (RFC 4291 §2.5.5.1, deprecated), but not :: and ::1
  if (zero(0, 6) && ((p[6] ?? 0) !== 0 || (p[7] ?? 0) > 1)) return [v4(p[6] ?? 0, p[7] ?? 0), "ipv4-compatible"];
  return undefined;
}

/** The class of a host string as host-of.ts gives it. */
export function classOfHost(host: string): HostClass {
  if (host.startsWith("[")) {
    const a = ipaddr.IPv6.parse(host.slice(1, -1));
    const inner = embeddedIpv4(a);
    if (inner !== undefined) return v4Class(host, inner[0], inner[1]);
    const range = a.range();
    return { kind: V6_KINDS[range] ?? "reserved", host, address: a.toString(), range, embedded: undefined };
  }
  // the opaque host of a non-special scheme can hold numbers past 8 bits (999.1.1.1): no address
  if (/^[0-9]+(?:\.[0-9]+){3}$/.test(host) && ipaddr.IPv4.isValid(host)) return v4Class(host, ipaddr.IPv4.parse(host), undefined);
  const loopback = host === "localhost" || host.endsWith(".localhost") || host === "localhost." || host.endsWith(".localhost.");
  return { kind: loopback ? "loopback" : "name", host, address: undefined, range: undefined, embedded: undefined };
}

/**
 * What a client connects to for the host of a URI, or for a host written alone: loopback,
 * private, link-local, unique-local, multicast, unspecified, reserved or public for an address,
 * `"name"` for a domain (resolve it, and classify each address it resolves to, before you
 * connect: a name can point anywhere, and DNS can change between a check and a fetch). The host
 * is read as a WHATWG client (browsers, Node's URL, fetch) reads it: the IPv4 number forms of the
 * URL Standard (`0x7f.1`, `127.1`, `2130706433`, `0177.0.0.1`) are the address they stand for, and
 * an IPv6 address that carries an IPv4 address (IPv4-mapped `::ffff:127.0.0.1` and -compatible
 * `::127.0.0.1`, RFC 4291 §2.5.5; NAT64 `64:ff9b::/96`, RFC 6052; 6to4, RFC 3056) is classified as
 * that IPv4 address, as the socket layer reaches it. "localhost" and names under it are
 * loopback (RFC 6761 §6.3). The opaque host of a non-special URL (URL Standard
 * #concept-opaque-host-parser: no IPv4 parser) is an address only in RFC 3986 §3.2.2's dotted-decimal
 * form: "foo://999.1.1.1/" is a name (a reg-name), which registrableDomain and publicSuffix give
 * none for (it ends in a number). A string that is neither a URI with an authority nor a host is a
 * {@link HostError}.
 *
 * @example
 * classifyHost("http://[::ffff:127.0.0.1]/").value?.kind; // "loopback"
 * classifyHost("http://169.254.169.254/latest/meta-data/").value?.kind; // "link-local"
 * classifyHost("0x7f.1").value?.address; // "127.0.0.1"
 * classifyHost("https://example.com/").value?.kind; // "name"
 */
export function classifyHost(uriOrHost: string | UriReference): Result<HostClass, HostError> {
  const h = hostOf(uriOrHost, "classifyHost");
  if (h.host === null) return { ok: false, error: new HostError(typeof uriOrHost === "string" ? uriOrHost : "", h.why) };
  return { ok: true, value: Object.freeze(classOfHost(h.host)) };
}

/**
 * {@link classifyHost}, the class or the {@link HostError} thrown.
 *
 * @example
 * classifyHostOrThrow("http://10.0.0.1:8080/admin").kind; // "private"
 */
export const classifyHostOrThrow = /* @__PURE__ */ orThrow(classifyHost);

/** A string that is no IP address as a resolver returns one (what {@link classifyAddress} refuses). */
export class AddressError extends Error {
  override readonly name = "AddressError";
  readonly code = "not-an-address";
  /** The string as given: readable, not enumerable (a logger does not print its password; the message masks it). */
  declare readonly input: string;
  constructor(input: string, why: string) {
    expectString(input, "input", "AddressError");
    super();
    this.message = `Not an IP address: ${why}: ${quoted(maskedInput(input), 100)}`; // masked: RFC 3986 §7.5
    defineInput(this, input);
  }
}

/** RFC 4007 §11: a zone index after "%" (an interface name or number, as getaddrinfo writes it). */
// eslint-disable-next-line no-control-regex
const ZONE = /^[^\u0000-\u0020%\u007F]+$/;

/**
 * What a client connects to at a resolved address: the classes of {@link classifyHost}
 * (loopback, private, link-local, unique-local, multicast, unspecified, reserved, public; never
 * `"name"`), for an address in the form a resolver answers with (`dns.lookup`, getaddrinfo): an
 * IPv4 address as four decimal octets (RFC 791; RFC 3986 §3.2.2 `IPv4address`), or an IPv6
 * address in the text form of RFC 4291 §2.2, with or without a zone index after "%" (RFC 4007
 * §11: `fe80::1%eth0`, as Node's `dns.lookup` returns a scoped address), without brackets. An
 * IPv6 address that carries an IPv4 address (mapped, compatible, NAT64, 6to4) is classified as
 * that IPv4 address, as classifyHost does. Anything else, the URL Standard's IPv4 number forms
 * included (`127.1`, `0x7f.1`: no resolver answers with them), is an {@link AddressError}.
 * `host` is the address as given (zone included), `address` the address the class is about.
 *
 * @example
 * classifyAddress("127.0.0.1").value?.kind; // "loopback"
 * classifyAddress("fe80::1%eth0").value?.kind; // "link-local"
 * classifyAddress("::ffff:10.0.0.1").value?.kind; // "private"
 * classifyAddress("93.184.215.14").value?.kind; // "public"
 */
export function classifyAddress(address: string): Result<HostClass, AddressError> {
  if (typeof address !== "string") throw new TypeError(`classifyAddress: the argument "address" must be a string (an IP address as dns.lookup returns it), got ${describeValue(address)}`);
  if (address.length > 256) return { ok: false, error: new AddressError(address, "longer than any IP address with a zone index") };
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) {
    return { ok: true, value: Object.freeze(v4Class(address, ipaddr.IPv4.parse(address), undefined)) };
  }
  const percent = address.indexOf("%");
  const bare = percent < 0 ? address : address.slice(0, percent);
  if (percent >= 0 && !ZONE.test(address.slice(percent + 1))) {
    return { ok: false, error: new AddressError(address, "the zone index after \"%\" is empty or holds a space, a control or another \"%\" (RFC 4007 §11)") };
  }
  // read as the URL Standard's IPv6 parser reads it (as classifyHost does): ipaddr.js reads "::a.b.c.d" as
  // "::ffff:a.b.c.d" and takes "0177" and "0x7f" in a dotted tail, which RFC 4291 §2.2's decimal does not
  const v6 = bare.includes(":") && ipaddr.IPv6.isValid(bare) ? parseHost(`[${bare}]`, true) : null;
  if (v6 === null) {
    const why = bare.startsWith("[") ? "brackets, which belong to a URI's host: give the IPv6 address alone, as a resolver answers" : "neither an IPv4 address of four decimal octets nor an IPv6 address (RFC 4291 §2.2)";
    return { ok: false, error: new AddressError(address, why) };
  }
  const c = classOfHost(v6);
  return { ok: true, value: Object.freeze({ ...c, host: address }) };
}
