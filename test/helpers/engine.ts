// The engine's own answer for a rule of RFC 3986 or RFC 3987 (the RFC 3987 grammar value holds both), without the fast path: the DFA's whole-string
// match and diagnostics, and the value built from the engine's derivation by the semantics'
// actions (never the regex, never the Appendix B splitter). Differential tests hold `parse`
// equal to it.
import { matchWhole } from "../../src/abnf/engine";
import { syntaxError, type UriSyntaxError } from "../../src/errors";
import { rfc3987 as rfc3986 } from "../../src/grammars/rfc3987/index";
import { uriSemantics as rfc3986Semantics } from "../../src/grammars/rfc3987/semantics";
import type { Result } from "../../src/result";

export function viaEngine(rule: string, input: string): Result<unknown, UriSyntaxError> {
  const def = rfc3986.require(rule);
  const failure = matchWhole(rfc3986.compiled, def.name.toLowerCase(), input);
  if (failure !== undefined) return { ok: false, error: syntaxError(input, def.name, failure.offset, failure.expected) };
  return { ok: true, value: rfc3986Semantics.match(def.name, input).value() };
}
