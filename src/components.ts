// "uri-grammar/components": one component at a time: RFC 3986 §2.1 percent-encoding, §3.3 path segments and §5.2.4 dot segments, §3.4 query parameters
// (the HTML form convention), §3.2.1/§7.5 passwords kept out of sight, RFC 5952 IPv6 text. Text for people: uri-grammar/iri's toDisplayString.
export { percentDecode, percentDecodeOrThrow, percentEncode, type DecodeOptions, type EncodeRule } from "./transforms/percent.js";
export { DecodeError, type DecodeErrorCode } from "./transforms/errors.js";
export { queryParams, buildQuery, type QueryPair, type QueryOptions } from "./transforms/query.js";
export { pathSegments, lastSegment, type SegmentOptions } from "./transforms/segments.js";
export { removeDotSegments } from "./transforms/remove-dot-segments.js";
export { formatIpv6 } from "./transforms/ipv6.js";
export {
  getQueryParam, getQueryParams, hasQueryParam, setQueryParam, appendQueryParam, deleteQueryParam, redactPassword,
} from "./operations.js";
export type { QueryEditOptions } from "./transforms/query-edit.js";
export type { RedactOptions } from "./transforms/display.js";
