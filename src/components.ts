// "uri-grammar/components": working with one component: RFC 3986 §2.1 percent-encoding, §3.3
// path segments and §5.2.4 dot segments, §3.4 query parameters (the HTML form convention) read,
// built, and edited on a URI, §3.2.1/§7.5 passwords kept out of sight, RFC 5952 IPv6 text, and
// (deprecated here) the text people should read, now in uri-grammar/iri.
export { percentDecode, percentDecodeOrThrow, percentEncode, type DecodeOptions, type EncodeRule } from "./transforms/percent.js";
export { DecodeError, type DecodeErrorCode } from "./transforms/errors.js";
export { queryParams, buildQuery, type QueryPair, type QueryOptions } from "./transforms/query.js";
export { pathSegments, lastSegment, type SegmentOptions } from "./transforms/segments.js";
export { removeDotSegments } from "./transforms/remove-dot-segments.js";
export { formatIpv6 } from "./transforms/ipv6.js";
export {
  getQueryParam, getQueryParams, hasQueryParam, setQueryParam, appendQueryParam, deleteQueryParam, redactPassword,
} from "./operations.js";
import { toDisplayString as displayString, type DisplayOptions } from "./iri/display.js";
import type { UriReference } from "./ast/nodes.js";
export type { DisplayOptions };

/**
 * A reference as text for people to read: `toDisplayString` of `uri-grammar/iri`.
 *
 * @deprecated One name in one place (issue 23): import `toDisplayString` from `"uri-grammar/iri"`,
 * where the RFC 3987 display it does lives (and whose IDNA data this entry then need not carry).
 * This re-export stays for the 0.x minor versions after 0.1 and goes in 1.0.
 *
 * @example
 * toDisplayString("ftp://anon:pw@ftp.example.org/pub"); // "ftp://anon:***@ftp.example.org/pub"
 */
export function toDisplayString(input: string | UriReference, options?: DisplayOptions): string {
  return displayString(input, options);
}
export type { QueryEditOptions } from "./transforms/query-edit.js";
export type { RedactOptions } from "./transforms/display.js";
