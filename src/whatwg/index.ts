// uri-grammar/whatwg: text as people write it and browsers read it, by the URL Standard's basic URL parser (https://url.spec.whatwg.org/,
// through whatwg-url), given back as its RFC 3986 URI with each repair named by the Standard's validation errors.
export { parse, parseOrThrow, type WhatwgParse, type WhatwgRepair, type WhatwgRepairKind, type WhatwgComponent } from "./parse.js";
export { WhatwgUrlError, whatwgValidationErrors, type WhatwgUrlErrorCode, type WhatwgValidationError } from "./errors.js";
