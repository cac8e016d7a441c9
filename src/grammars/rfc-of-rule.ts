/**
 * The RFC an unknown rule's error names for the package's default grammar, which holds RFC
 * 3986's rules and those RFC 3987 §2.2 adds (IRI, IRI-reference, absolute-IRI, irelative-ref,
 * ucschar, iprivate and the rules named "i" then a lowercase letter, as spelled there; RFC 3986's
 * own names that start with an I are IP-literal, IPv4address, IPv6address and IPvFuture). A plain
 * call is an RFC 3986 call: RFC 3987 is named when the rule meant is one of its own.
 *
 * Kept apart from both grammars (no imports), so `parse`'s bundle does not carry them.
 */
export const rfcOfRule = (meant: string | undefined): string =>
  meant !== undefined && /^(?:i[a-z]|IRI|absolute-IRI$|ucschar$)/.test(meant) ? "RFC 3987" : "RFC 3986";
