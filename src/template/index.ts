// "uri-grammar/template": URI Templates (RFC 6570). Parse a template with §2's grammar (read from
// the RFC's ABNF by the package's own loader), expand it (§3, all four levels), match a URI back
// to the variables whose expansion it is exactly, find where a template is ambiguous, and route a
// URI among many templates in one pass.
export { expand, expandOrThrow, type TemplateInput } from "./expand-text.js";
export {
  parseTemplate, parseTemplateOrThrow, match, matchOrThrow, matchAll, UriTemplate,
  type MatchOptions, type MatchResult, type MatchAllOptions, type TemplateReadings,
} from "./template.js";
export { TemplateError, formatTemplateError, type TemplateErrorCode } from "./errors.js";
export { templateGrammar, templateDepartures, grammarOf, type TemplateDeparture } from "./grammar.js";
export type { Operator, VarSpec, TemplateExpression, TemplateLiteral, TemplatePart } from "./parse.js";
export type { TemplateScalar, TemplateList, TemplateRecord, TemplateValue, TemplateVariables } from "./values.js";
export type { TemplateVariableName, VariablesOf, MatchOf, MatchedValue, MatchedRecord } from "./types.js";
export { findAmbiguity, type TemplateAmbiguity, type UndecidedAmbiguity, type AmbiguousVarSpec } from "./ambiguity.js";
export { createRouter, TemplateRouter, type Route, type RouteMatch, type RouteValue, type WidenedValue, type RouteAdded, type UnreachableRoute } from "./router.js";
