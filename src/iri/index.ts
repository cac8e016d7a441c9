// RFC 3987 (IRIs) beyond the grammar: §3.1 and §3.2 mapping between IRIs and URIs (IDNA through UTS #46), §4 bidirectional-text findings,
// display for people (§3.2, §4, §7.6, §8), and tolerant input made valid by percent-encoding only.
export { iriToUri, iriToUriOrThrow, uriToIri, uriToIriOrThrow, type IriMappingOptions } from "./map.js";
export { IdnaError, type IdnaErrorCode } from "./idna.js";
export { iriBidiFindings, type BidiFinding, type BidiFindingCode } from "./bidi.js";
export { toDisplayString, type DisplayOptions } from "./display.js";
export { repairUriReference, repairIriReference, type Repair, type RepairChange, type RepairComponent, type RepairKind } from "./repair.js";
export type { IriComponent } from "../charsets.js";
