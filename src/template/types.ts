// The variables of a template written as a literal, read by TypeScript from its text (RFC 6570
// §2.2-§2.4 at the type level): expand accepts only those names, and match's result has them.
// For a template typed as plain `string`, any name (Record types).
import type { TemplateScalar, TemplateValue, TemplateVariables } from "./values.js";

type Operators = "+" | "#" | "." | "/" | ";" | "?" | "&" | "=" | "," | "!" | "@" | "|";

/** The bodies of the expressions of `T` (the text between each `{` and the next `}`). */
type Bodies<T extends string> = T extends `${string}{${infer B}}${infer Rest}` ? B | Bodies<Rest> : never;

/** A body's varspecs: the operator dropped, split at commas. */
type Specs<B extends string> = (B extends `${Operators}${infer L}` ? L : B) extends infer L extends string ? Split<L> : never;
type Split<L extends string> = L extends `${infer A},${infer Rest}` ? A | Split<Rest> : L;

/** A varspec's name: the modifier (`:n` or `*`) dropped. */
type NameOf<S extends string> = S extends `${infer N}:${string}` ? N : S extends `${infer N}*` ? N : S;

/** The names of varspecs with a prefix modifier (their values must be strings, §2.4.1). */
type PrefixedName<S extends string> = S extends `${infer N}:${string}` ? N : never;

/** The variable names of the template `T`, as a union of string literal types. */
export type TemplateVariableName<T extends string> = string extends T ? string : NameOf<Specs<Bodies<T>>>;

/** The names of `T` used with a prefix modifier somewhere (`{term:1}`). */
type PrefixedNames<T extends string> = PrefixedName<Specs<Bodies<T>>>;

/**
 * The variables `expand` takes for template `T`: each of its names, optional (an undefined
 * variable is left out, RFC 6570 §3.2.1); a name used with a prefix modifier takes only a string
 * (§2.4.1). For a template typed as `string`, any {@link TemplateVariables}.
 */
export type VariablesOf<T extends string> = string extends T
  ? TemplateVariables
  : { readonly [K in TemplateVariableName<T>]?: K extends PrefixedNames<T> ? TemplateScalar | null : TemplateValue };

/** An associative array as match reads it: an object, or a Map where JavaScript would reorder an object's keys. */
export type MatchedRecord = Readonly<Record<string, string>> | ReadonlyMap<string, string>;

/** A value as match reads it (RFC 6570 §3.2.1, decoded): a string, a list of strings, or an associative array. */
export type MatchedValue = string | readonly string[] | MatchedRecord;

/**
 * What `match` gives for template `T`: the defined variables by name (an undefined one is
 * absent); names used with a prefix modifier are strings.
 */
export type MatchOf<T extends string> = string extends T
  ? { readonly [name: string]: MatchedValue | undefined }
  : { readonly [K in TemplateVariableName<T>]?: K extends PrefixedNames<T> ? string : MatchedValue };
