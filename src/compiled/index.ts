// RFC 3986, RFC 3987 and the RFC 5234 core rules they use, compiled (scripts/compile-grammars.mjs) in three parts, each a value so a bundle ships the
// parts its code names (issue 34): parse(s) reads the first alone. The built-in schemes' grammars are apart (./scheme-grammars.ts).
import { CompiledGrammar, withWideLoop } from "./dfa.js";
import { IRI_REFERENCE_RULES, OTHER_RULES, REFERENCE_RULES } from "./uri.js";
import { wideLoop } from "./wide.js";

/** URI-reference, the IP-literal it calls and IPv4address (RFC 3986 §4.1, §3.2.2): what `parse(s)` reads. */
export const referenceGrammar: CompiledGrammar = /* @__PURE__ */ new CompiledGrammar(REFERENCE_RULES);

/** IRI-reference (RFC 3987 §2.2): what a string argument with characters beyond US-ASCII is read as. */
export const iriReferenceGrammar: CompiledGrammar = /* @__PURE__ */ new CompiledGrammar(IRI_REFERENCE_RULES, referenceGrammar);

/**
 * Every rule of RFC 3986 and RFC 3987, and ALPHA, DIGIT, HEXDIG, in definition order: what the calls that name a rule read. Made, it
 * gives the compiled rules' test the loop that reads on past US-ASCII (./wide.ts): a bundle that never makes it (parse alone, the five
 * functions) ships no such loop, and its test hands such an input to run, with the same answers.
 */
export const uriGrammar: CompiledGrammar = /* @__PURE__ */ withWideLoop(/* @__PURE__ */ new CompiledGrammar(OTHER_RULES, referenceGrammar, [referenceGrammar, iriReferenceGrammar]), wideLoop);
