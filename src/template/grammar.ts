// RFC 6570 §2 as a grammar value: the ABNF of record (grammar/rfc6570.abnf) read by the package's
// own loader, with RFC 3986's pct-encoded and RFC 3987's ucschar and iprivate supplied by name,
// and verified erratum 6937 applied. Loaded on first use, not at import (about 15 ms).
import { grammarFromAbnf, readAbnfExpr, rfc3986, rfc3987, type Expr, type Grammar } from "../abnf/index.js";
import { rfc6570Abnf } from "./abnf-text.js";

/** A rule where the code departs from the RFC's ABNF: the rule as the code has it, and why. */
export interface TemplateDeparture {
  readonly rule: string;
  /** Its right-hand side as the code has it, in ABNF. */
  readonly abnf: string;
  readonly why: string;
}

/**
 * Where the grammar departs from RFC 6570 §2 as printed: RFC 6570 erratum 6937 (status
 * Verified, https://www.rfc-editor.org/errata/eid6937) puts the apostrophe back among the
 * literals (`%x26 / %x28-3B` becomes `%x26-3B`): it is a sub-delim that §3.1 copies to the
 * URI, and the printed rule left it out by mistake.
 */
export const templateDepartures: readonly TemplateDeparture[] = Object.freeze([
  Object.freeze({
    rule: "literals",
    abnf: "%x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate / pct-encoded",
    why: "RFC 6570 erratum 6937 (verified): the apostrophe (%x27) is a literal; the printed rule's %x26 / %x28-3B left it out, although RFC 3986 allows it in a URI (sub-delims) and §3.1 copies it",
  }),
]);

let loaded: Grammar | undefined;

/**
 * The grammar of RFC 6570 §2 (its top rule `URI-Template`), read from the RFC's ABNF by the
 * package's loader, with erratum 6937 applied ({@link templateDepartures}). Made on the first
 * call and kept.
 *
 * @example
 * templateGrammar().isValid("http://example.com/~{username}/", "URI-Template") // true
 */
export function templateGrammar(): Grammar {
  if (loaded !== undefined) return loaded;
  const read = grammarFromAbnf(rfc6570Abnf, {
    name: "RFC 6570 §2",
    imports: [rfc3986.pick("pct-encoded"), rfc3987.pick("ucschar", "iprivate")],
  });
  if (!read.ok) throw read.error; // the text of record: it loads (test/template/grammar.test.ts)
  const rules: Record<string, Expr> = {};
  for (const d of templateDepartures) {
    const e = readAbnfExpr(d.abnf);
    if (!e.ok) throw e.error;
    rules[d.rule] = e.value;
  }
  loaded = read.value.derive({ rules });
  return loaded;
}
