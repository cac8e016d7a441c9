// uri-grammar: RFC 3986 as importable parsimmon rules, a typed AST, and transforms over it.
export { parse, parseOrThrow, validate, isValid, type ParseOptions, type GrammarParseOptions, type SemanticsParseOptions, type ValidateOptions, type Result, type Validation } from "./parse.js";
export { UriSyntaxError } from "./errors.js";
export { rule, ruleNames, isRuleName, type RuleName, type RuleValues, type RuleParser } from "./rules/index.js";
export type * from "./ast/nodes.js";
export * from "./transforms/index.js";
export * from "./api.js";
