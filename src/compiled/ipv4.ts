// Whether a host's text is an IPv4address: its own module, so that what reads a host's kind (the
// AST's nodes, on the parse path) does not load the character tables of src/charsets.ts.
import { referenceGrammar } from "./index.js";
import type { CompiledRule } from "./dfa.js";

let ipv4: CompiledRule | undefined;

/**
 * True when `text` is an `IPv4address` (RFC 3986 §3.2.2), by that rule's compiled automaton: a
 * host whose text matches it is an IPv4 address, not a reg-name, and a transform that changes a
 * reg-name's text (normalization decodes `%31`) gives the host the kind its new text parses to.
 */
export function isIPv4address(text: string): boolean {
  ipv4 ??= referenceGrammar.rule("IPv4address") as CompiledRule;
  return ipv4.test(text);
}
