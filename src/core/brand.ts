// What the core recognizes without importing it: grammars, semantics, registries and scheme records (src/abnf/grammar.ts, semantics.ts,
// src/schemes/registry.ts, kernel.ts) register here when made, so `parse(s, { grammar })`, `{ semantics }`, `{ schemes }` check it with none of them loaded. It imports nothing.

const grammars = new WeakSet<object>();
const semantics = new WeakSet<object>();
/** Each registry, with what it brings to normalize and equivalent (src/transforms/scheme-rules.ts's operations). */
const registries = new WeakMap<object, unknown>();
/** Each scheme record (src/schemes/kernel.ts: defineScheme's, the built-in schemes'), with the operations a registry brings. */
const schemeRecords = new WeakMap<object, unknown>();
/** The grammar values that hold RFC 3986's and RFC 3987's rules as the core compiles them. */
const builtIns = new WeakSet<object>();

/** @internal Called by each Grammar when it is made. */
export function markGrammar(g: object, builtIn = false): void {
  grammars.add(g);
  if (builtIn) builtIns.add(g);
}
/** @internal Called by each Semantics when it is made. */
export function markSemantics(s: object): void {
  semantics.add(s);
}
/**
 * @internal Called by each scheme registry when it is made, with the §6.2.3 operations it brings
 * (src/transforms/scheme-rules.ts): the main entry's normalize and equivalent call them on a
 * registry passed in, so that a bundle without a registry ships none of them.
 */
export function markRegistry(r: object, operations: unknown): void {
  registries.set(r, operations);
}
/** @internal Called by each scheme record when it is made, with the operations a registry of it brings ({@link markRegistry}). */
export function markScheme(s: object, operations: unknown): void {
  schemeRecords.set(s, operations);
}
/** @internal The operations a scheme record brought when it was made, or `undefined` for anything but a scheme record ({@link markScheme}). */
export const schemeOperations = (x: unknown): unknown => (typeof x === "object" && x !== null ? schemeRecords.get(x) : undefined);
/** @internal The operations a registry brought when it was made ({@link markRegistry}). */
export const registryOperations = (r: object): unknown => registries.get(r);

/** True when `x` is a grammar made by `grammar()`, `grammarFromAbnf()` or `derive()`. */
export const isGrammar = (x: unknown): boolean => typeof x === "object" && x !== null && grammars.has(x);
/** True when `x` is RFC 3986's or RFC 3987's grammar value, whose rules the core has compiled. */
export const isBuiltInGrammar = (x: unknown): boolean => typeof x === "object" && x !== null && builtIns.has(x);
/** True when `x` is a semantics made by `semantics()`. */
export const isSemantics = (x: unknown): boolean => typeof x === "object" && x !== null && semantics.has(x);
/** True when `x` is a registry made by `createRegistry` (or `with`/`without`). */
export const isBrandedRegistry = (x: unknown): boolean => typeof x === "object" && x !== null && registries.has(x);
