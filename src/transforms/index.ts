// Pure transforms over the AST: RFC 3986 §5 (resolution, recomposition), §6 (normalization,
// comparison) and component helpers (§2.1 percent-encoding, §3.3 segments, §3.4 query, §7.5).
export { serialize } from "./serialize.js";
export { removeDotSegments } from "./remove-dot-segments.js";
export { resolveReference, type ResolveOptions } from "./resolve.js";
export {
  normalizeReference, defaultSchemes, type NormalizeOptions, type SchemeNormalization, type SchemeNormalizations,
} from "./normalize.js";
export { formatIpv6 } from "./ipv6.js";
export { equivalentReferences, type EquivalenceLevel, type EquivalenceOptions } from "./equivalent.js";
export { percentDecode, percentEncode, type DecodeOptions, type EncodeRule } from "./percent.js";
export { queryParams, buildQuery, type QueryPair, type QueryOptions } from "./query.js";
export { pathSegments, lastSegment, type SegmentOptions } from "./segments.js";
export { redactPassword, toDisplayString, type RedactOptions } from "./display.js";
export {
  ResolveError, DecodeError, type ResolveErrorCode, type DecodeErrorCode, type TransformResult,
} from "./errors.js";
