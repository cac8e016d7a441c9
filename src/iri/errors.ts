// The typed failure of the IDNA step of RFC 3987 §3.1 (ToASCII on each label of ireg-name, here
// UTS #46 processing as WHATWG URL does it).

/**
 * Why a host has no A-label form: `"invalid-label"` when UTS #46 refuses one label on its own
 * (a character IDNA disallows, bad Punycode, a joiner out of context, a right-to-left label
 * that breaks RFC 5893's Bidi Rule, percent-encoded octets that are not UTF-8, or a result
 * RFC 3986's reg-name cannot hold); `"invalid-domain"` when every label passes alone but the
 * domain as a whole does not (RFC 5893's Bidi Rule across labels, an ASCII label such as
 * `xn--a` that is not valid Punycode).
 */
export type IdnaErrorCode = "invalid-label" | "invalid-domain";

/** A host that the IDNA step cannot convert (RFC 3987 §3.1: "The ToASCII operation may fail"). */
export class IdnaError extends Error {
  override readonly name = "IdnaError";
  readonly code: IdnaErrorCode;
  /** The label as it stands in the input (for `"invalid-domain"`, the whole host). */
  readonly label: string;
  /** The whole host, as it stands in the input. */
  readonly host: string;
  /** Why, in words. */
  readonly reason: string;

  constructor(code: IdnaErrorCode, label: string, host: string, reason: string) {
    super(
      code === "invalid-label"
        ? `Invalid IDNA label ${JSON.stringify(label)} in host ${JSON.stringify(host)}: ${reason}`
        : `Invalid IDNA domain ${JSON.stringify(host)}: ${reason}`,
    );
    this.code = code;
    this.label = label;
    this.host = host;
    this.reason = reason;
  }
}
