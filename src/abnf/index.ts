// "uri-grammar/abnf": the public algebra. Write ABNF rules as data, make grammars of them
// (or derive one grammar from another), give them semantics, and get from any rule a real
// parsimmon Parser, its regex source, its printed ABNF, random valid strings and validation
// with the same typed error as the URI rules.
export { lit, caseSensitive, range, seq, alt, rep, opt, many, many1, ref, prose } from "./expr.js";
export type { Expr, Lit, Range, Seq, Alt, Rep, Ref, Prose } from "./expr.js";
export { grammar, Grammar, type RuleInput, type RuleInputs, type GrammarOptions, type DeriveOptions, type Validation, type RuleParser } from "./grammar.js";
export type { RuleDefinition, RuleCheck } from "./analysis.js";
export { GrammarError, type GrammarErrorCode } from "./grammar-errors.js";
export { UnknownRuleError } from "./unknown-rule.js";
export { MatchLimitError, type MatchBudget } from "./match-limit.js";
export { CALL_DEPTH_LIMIT, KEPT_ENDS_LIMIT, WORK_BASE, WORK_PER_CHARACTER, type MatchBudgets } from "./calls.js";
export { semantics, Semantics, type Match, type Action, type Actions, type Accelerator, type SemanticsOptions, type ValueOf } from "./semantics.js";
export { seededRandom, type Random, type GenerateOptions } from "./generate.js";
export { printExpr } from "./print.js";
export { UriSyntaxError } from "../errors.js";
export { core, coreRules } from "../grammars/core.js";
export { rfc3986, rfc3986Rules } from "../grammars/rfc3986/index.js";
export { rfc3987 } from "../grammars/rfc3987/index.js";
export type { CodePointSet } from "./charset.js";
export { rfc3986Semantics } from "../grammars/rfc3986/semantics.js";
export { uriSemantics } from "../grammars/rfc3987/semantics.js";
export { grammarFromAbnf, grammarFromAbnfOrThrow, type LoadOptions } from "./loader.js";
export { readAbnf, readAbnfExpr, readAbnfRules, AbnfError, type ReadOptions, type AbnfErrorCode, type AbnfRuleEntry, type AbnfRule, type AbnfRef, type AbnfProse, type AbnfResult } from "./reader.js";
export type { AbnfErrorDetails } from "./reader-errors.js";
