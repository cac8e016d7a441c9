// Helpers the rule files share: defining a rule and deriving its parser in one step.
import { definition, type ComponentRole, type Expr, type RuleDefinition } from "../abnf/expr.js";
import { toParser, type Builder, type RuleParser } from "../abnf/to-parser.js";
import { fromCaptures, type Components } from "./build.js";

type ComponentBuilder = (c: Components, text: string, start: number) => unknown;
const builders = new WeakMap<RuleDefinition, ComponentBuilder>();

/** How a node rule turns components into its value (`undefined` for rules whose value is their text). */
export const builderOf = (def: RuleDefinition): ComponentBuilder | undefined => builders.get(def);

export interface RuleOptions {
  readonly role?: ComponentRole;
  readonly token?: boolean;
  /**
   * For the fast path: finds the components of an input already known to match the rule by
   * its delimiters, instead of by regex capture groups.
   */
  readonly split?: (input: string) => Components;
}

const splitters = new WeakMap<RuleDefinition, (input: string) => Components>();

/** The rule's delimiter-based splitter, if it has one. */
export const splitterOf = (def: RuleDefinition): ((input: string) => Components) | undefined => splitters.get(def);

/** A rule whose value is the text it matched. */
export const textRule = (name: string, expr: Expr, options: RuleOptions = {}): RuleParser<string> =>
  toParser(definition(name, expr, options));

/** A rule whose value is an AST node built from the components it matched. */
export const nodeRule = <V>(
  name: string,
  expr: Expr,
  options: RuleOptions,
  build: (c: Components, text: string, start: number) => V,
): RuleParser<V> => {
  const builder: Builder<V> = (input, start, end, caps) => build(fromCaptures(input, caps), input.slice(start, end), start);
  const def = definition(name, expr, options);
  builders.set(def, build);
  if (options.split) splitters.set(def, options.split);
  return toParser(def, builder);
};
