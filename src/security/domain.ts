// The registrable domain of a host (the URL Standard's #host-registrable-domain, browsers' eTLD+1) and its public suffix, from
// the Public Suffix List (https://publicsuffix.org/) through tldts, its private section (github.io, ...) included as browsers do.
import { parse as tldtsParse } from "tldts";
import type { UriReference } from "../ast/nodes.js";
import { readOptions } from "../describe.js";
import { endsInANumber } from "../whatwg/host-address.js";
import { hostOf } from "./host-of.js";

/** Options of {@link registrableDomain} and {@link publicSuffix}. */
export interface DomainOptions {
  /**
   * `false`: the ICANN section of the list only (so "user.github.io" belongs to "github.io").
   * When left out, the private section counts too, as browsers count it (cookies, same-site):
   * "github.io" is a public suffix, "user.github.io" a registrable domain.
   */
  readonly privateDomains?: boolean | undefined;
}

function lookUp(uriOrHost: unknown, options: unknown, caller: string, part: "domain" | "publicSuffix"): string | undefined {
  const flag = readOptions<DomainOptions>(options, caller, { privateDomains: "boolean" }).privateDomains;
  const h = hostOf(uriOrHost, caller);
  // #host-public-suffix step 1: none for an address, nor for a host that ends in a number (#ends-in-a-number-checker), which
  // a special URL reads as an IPv4 address or refuses (#concept-host-parser): an opaque host such as "999.1.1.1" or "0x7f.1"
  if (h.host === null || h.host.startsWith("[") || endsInANumber(h.host)) return undefined;
  const found = tldtsParse(h.host, { allowPrivateDomains: flag !== false, extractHostname: false, validateHostname: false, detectIp: false, mixedInputs: false })[part] ?? undefined;
  // #host-public-suffix, #host-registrable-domain: a host's trailing dot stays ("example.com." has "com."; tldts drops it)
  return found === undefined || !h.host.endsWith(".") || h.host.endsWith("..") ? found : `${found}.`;
}

/**
 * The registrable domain of the host of a URI (or of a host written alone): the public suffix
 * and one label more ("example.co.uk" for "www.example.co.uk", "user.github.io" for
 * "a.user.github.io"), in A-labels, from the Public Suffix List as tldts bundles it.
 * `undefined` for an IP address, a single label ("localhost"), a host that is itself a public
 * suffix ("co.uk"), a host that ends in a number (URL Standard #ends-in-a-number-checker: no
 * public suffix is numeric), and input that names no host. So the opaque host of
 * "foo://999.1.1.1/" has none, although `classifyHost` calls it a name: no address (RFC
 * 3986 §3.2.2 reads it as a reg-name), so a client resolves it; two answers to two questions.
 * A URL that is not special has an opaque host, which the URL Standard gives no public suffix
 * (#host-public-suffix step 1); this reads it as the domain RFC 3986 names there
 * ("foo://www.example.com/" has "example.com"), a deliberate departure. A host's trailing dot stays ("example.com." for
 * "www.example.com.", URL Standard #host-registrable-domain): browsers keep the two hosts apart.
 * Two URLs are same-site when their schemes and registrable domains are equal (HTML's same-site,
 * for hosts that have one).
 *
 * The answer is only as new as the list: tldts ships a copy of the list when it is released (the
 * version in this package's lock is from November 2026), and a suffix added later (a new hosting
 * platform's domain in the private section) is unknown to it, so the customers of that platform
 * share one registrable domain until tldts is updated. Update tldts as you update other security
 * data; a host under an unknown top-level domain is read with the list's default rule ("*").
 *
 * @example
 * registrableDomain("https://www.example.co.uk/a"); // "example.co.uk"
 * registrableDomain("https://a.user.github.io/"); // "user.github.io"
 * registrableDomain("http://127.0.0.1/"); // undefined
 */
export function registrableDomain(uriOrHost: string | UriReference, options?: DomainOptions): string | undefined {
  return lookUp(uriOrHost, options, "registrableDomain", "domain");
}

/**
 * The public suffix of the host of a URI (or of a host written alone), from the Public Suffix
 * List (see {@link registrableDomain} for how the list's age matters): "co.uk" for
 * "www.example.co.uk", "github.io" for "user.github.io" (with the private section, the default),
 * the last label for a top-level domain the list does not know (its default rule "*").
 * `undefined` for an IP address, a host that ends in a number ("foo://999.1.1.1/", "foo://0x7f.1/":
 * see {@link registrableDomain}) and input that names no host. A host's trailing dot stays, as the
 * URL Standard's example table has it ("example.com." has "com.").
 *
 * @example
 * publicSuffix("https://www.example.co.uk/a"); // "co.uk"
 * publicSuffix("user.github.io", { privateDomains: false }); // "io"
 */
export function publicSuffix(uriOrHost: string | UriReference, options?: DomainOptions): string | undefined {
  return lookUp(uriOrHost, options, "publicSuffix", "publicSuffix");
}
