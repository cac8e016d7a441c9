// uri-grammar: RFC 3986 as importable parsimmon rules, a typed AST, and the operations users reach for (on a string or a node from parse; one that can
// fail returns a Result and has an ...OrThrow twin). Subpaths: /rules (a parser per rule), /abnf (grammars, ABNF), /ast, /components, /builder.
export {
  parse, parseOrThrow, parseRule, parseRuleOrThrow, validate, isValid,
  type ParseOptions, type SchemesParseOptions, type GrammarParseOptions, type SemanticsParseOptions, type ValidateOptions, type Validation,
} from "./parse.js";
export type { Result } from "./result.js";
export { UriSyntaxError, InputTooLongError, DEFAULT_MAX_LENGTH, type UriSyntaxErrorCode } from "./errors.js";
export {
  resolve, resolveOrThrow, relativize, relativizeOrThrow, normalize, normalizeOrThrow, equivalent, equivalentOrThrow,
  serialize, referenceKind, type UriInput, type ReferenceKind, type RelativizeOptions, type NormalizeOptions, type EquivalenceOptions,
  type SchemesOption, type ResolveWithSchemesOptions,
} from "./operations.js";
export { ResolveError, type ResolveErrorCode } from "./transforms/errors.js";
export { RelativizeError, type RelativizeErrorCode } from "./transforms/relativize.js";
export type { ResolveOptions } from "./transforms/resolve.js";
export { defaultSchemeNormalizations, type SchemeNormalization, type SchemeNormalizations } from "./transforms/normalize.js";
export type { EquivalenceLevel } from "./transforms/equivalent.js";
export type { CanonicalRuleName, RuleName, RuleNameAnyCase, RuleValues } from "./rules/index.js";
export type * from "./ast/nodes.js";
