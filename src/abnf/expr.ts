// The one-definition algebra: each ABNF rule (RFC 5234 §2–§4) is written once as data of this shape.
// The parsimmon parser (to-parser.ts), the regex source (to-regex.ts), the printed ABNF (to-abnf.ts)
// and random-string generation (generate.ts) are all derived from it.

/**
 * An ABNF expression (RFC 5234 §3). `guard` is the one node with no ABNF counterpart: a lookahead
 * that only the combinator backend uses, to make ordered choice agree with ABNF; every use is
 * listed in grammar/deviations.json.
 */
export type Expr =
  | { readonly type: "lit"; readonly text: string; readonly caseSensitive: boolean }
  | { readonly type: "range"; readonly lo: number; readonly hi: number }
  | { readonly type: "seq"; readonly items: readonly Expr[] }
  | { readonly type: "alt"; readonly items: readonly Expr[] }
  | { readonly type: "rep"; readonly min: number; readonly max: number; readonly item: Expr }
  | { readonly type: "ref"; readonly rule: RuleDefinition }
  | { readonly type: "prose"; readonly text: string }
  | { readonly type: "guard"; readonly item: Expr; readonly notFollowedBy: Expr; readonly deviation: string };

/**
 * What a rule contributes to the AST when it occurs inside a bigger rule:
 * - `"leaf"`: its matched text is recorded under its name (e.g. `scheme`, `query`);
 * - `"container"`: its text is recorded and the components inside it too (`authority`, `host`);
 * - `undefined`: nothing is recorded (e.g. `h16`, `dec-octet`).
 */
export type ComponentRole = "leaf" | "container" | undefined;

/** A named rule: its ABNF name, its definition, and how it is reported. */
export interface RuleDefinition {
  /** The rule name exactly as the RFC spells it, e.g. `"segment-nz-nc"`. */
  readonly name: string;
  readonly expr: Expr;
  readonly role: ComponentRole;
  /**
   * A token rule is reported by its name in error messages ("expected HEXDIG") when it fails
   * where it starts, instead of by the literals inside it.
   */
  readonly token: boolean;
}

/** Anything that carries a rule definition: a definition itself, or an exported rule parser. */
export interface HasDefinition {
  readonly definition: RuleDefinition;
}

const freeze = <T>(x: T): T => Object.freeze(x);

/** A quoted string: case-insensitive, RFC 5234 §2.3 (`%s"..."` of RFC 7405 when `caseSensitive`). */
export const lit = (text: string, caseSensitive = false): Expr => freeze({ type: "lit", text, caseSensitive });

/** `%xLO-HI` (RFC 5234 §2.3); one character when `hi` is left out. */
export const range = (lo: number, hi: number = lo): Expr => freeze({ type: "range", lo, hi });

/** Concatenation, RFC 5234 §3.1. */
export const seq = (...items: Expr[]): Expr => freeze({ type: "seq", items: freeze(items) });

/** Alternatives, RFC 5234 §3.2: unordered, whatever the backend does. */
export const alt = (...items: Expr[]): Expr => freeze({ type: "alt", items: freeze(items) });

/** `<min>*<max>item`, RFC 5234 §3.6–§3.7; `max` is `Infinity` for no limit. */
export const rep = (min: number, max: number, item: Expr): Expr => freeze({ type: "rep", min, max, item });

/** `[ item ]`, RFC 5234 §3.8: the same as `*1item`. */
export const opt = (item: Expr): Expr => rep(0, 1, item);

/** A reference to another rule. */
export const ref = (rule: HasDefinition | RuleDefinition): Expr =>
  freeze({ type: "ref", rule: "definition" in rule ? rule.definition : rule });

/** `<prose>`, RFC 5234 §4: matches nothing on its own (RFC 3986 uses it only in `0<pchar>`). */
export const prose = (text: string): Expr => freeze({ type: "prose", text });

/**
 * `item` that may not be followed by `notFollowedBy`: a lookahead for the combinator backend
 * only. The regex, ABNF printer and generator see `item` alone. `deviation` names the entry in
 * grammar/deviations.json that explains it.
 */
export const guard = (item: Expr, notFollowedBy: Expr, deviation: string): Expr =>
  freeze({ type: "guard", item, notFollowedBy, deviation });

/** Defines a rule (see {@link RuleDefinition}). */
export const definition = (
  name: string,
  expr: Expr,
  options: { readonly role?: ComponentRole; readonly token?: boolean } = {},
): RuleDefinition => freeze({ name, expr, role: options.role, token: options.token ?? false });
