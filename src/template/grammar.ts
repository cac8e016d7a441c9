// Templates as grammar values on the package's engine. RFC 6570 §2 (templateGrammar): the ABNF
// of record (grammar/rfc6570.abnf) read by the package's own loader, with RFC 3986's pct-encoded
// and RFC 3987's ucschar and iprivate supplied by name, and verified erratum 6937 applied; loaded
// on first use, not at import (about 15 ms). One template's language (grammarOf): the URIs its
// expansions make, derived from language.ts's data. Apart from the matcher, so that an app that
// matches does not bundle the ABNF engine's reader and algebra.
import { alt, caseSensitive, grammar, range, ref, rfc3986, rfc3987, seq, type Expr, type Grammar, type RuleInput } from "../abnf/index.js";
import { loadOwnGrammar } from "../schemes/load.js";
import type { Departure } from "../schemes/precompiled.js";
import { rfc6570Abnf } from "./abnf-text.js";
import { quoted, throwFrom } from "./errors.js";
import { templateLanguage, type TemplateLanguage } from "./language.js";
import { templateOf, type TemplateInput, type UriTemplate } from "./template.js";
import { encodedAsciiOctet } from "./units.js";
import { langExpr, utf8Expr } from "./unit-expr.js";

/** A rule where the code departs from the RFC's ABNF: the schemes' record (schemes/precompiled.ts). */
export type TemplateDeparture = Departure;

/**
 * Where the grammar departs from RFC 6570 §2 as printed: RFC 6570 erratum 6937 (status
 * Verified, https://www.rfc-editor.org/errata/eid6937) puts the apostrophe back among the
 * literals (`%x26 / %x28-3B` becomes `%x26-3B`): it is a sub-delim that §3.1 copies to the
 * URI, and the printed rule left it out by mistake.
 */
export const templateDepartures: readonly TemplateDeparture[] = /* @__PURE__ */ Object.freeze([
  /* @__PURE__ */ Object.freeze({
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
  // the text of record loads (test/template/grammar.test.ts); the departures by the schemes' loader
  return (loaded ??= loadOwnGrammar(rfc6570Abnf, { name: "RFC 6570 §2", imports: [rfc3986.pick("pct-encoded"), rfc3987.pick("ucschar", "iprivate")] }, templateDepartures));
}

/** One hex digit from `lo` to `hi` (nibble values): uppercase letters only, or either case. */
function hexDigits(lo: number, hi: number, upper: boolean): Expr {
  const parts: Expr[] = [];
  if (lo <= 9) parts.push(range(0x30 + lo, 0x30 + Math.min(hi, 9)));
  if (hi >= 10) {
    const a = Math.max(lo, 10) - 10;
    const b = hi - 10;
    parts.push(range(0x41 + a, 0x41 + b));
    if (!upper) parts.push(range(0x61 + a, 0x61 + b));
  }
  return parts.length === 1 ? (parts[0] as Expr) : alt(...parts);
}

/** The triplets of the octets `test` allows, as ABNF: `"%"` then the two hex digits. */
function tripletsExpr(test: (octet: number) => boolean, upper: boolean): Expr {
  const byHigh: Expr[] = [];
  for (let h = 0; h < 16; h++) {
    const lows: Expr[] = [];
    for (let l = 0; l < 16; ) {
      if (!test((h << 4) | l)) {
        l++;
        continue;
      }
      let m = l;
      while (m + 1 < 16 && test((h << 4) | (m + 1))) m++;
      lows.push(hexDigits(l, m, upper));
      l = m + 1;
    }
    if (lows.length > 0) byHigh.push(seq(hexDigits(h, h, upper), lows.length === 1 ? (lows[0] as Expr) : alt(...lows)));
  }
  return seq(caseSensitive("%"), byHigh.length === 1 ? (byHigh[0] as Expr) : alt(...byHigh));
}

/** The value characters of RFC 6570 §3.2.1 as rules, shared by every template's grammar. */
function valueRules(): Record<string, RuleInput> {
  const utf8 = (upper: boolean): Expr => utf8Expr((ranges) => tripletsExpr((o) => ranges.some((r) => o >= r[0] && o <= r[1]), upper));
  return {
    "value-char": { expr: alt(ref("unreserved"), ref("pct-ascii"), ref("pct-utf8")), token: true },
    "reserved-char": { expr: alt(ref("unreserved"), ref("reserved"), ref("pct-char")), token: true },
    "pct-ascii": tripletsExpr(encodedAsciiOctet, true),
    "pct-utf8": utf8(true),
    "pct-char": alt(utf8(false), ref("pct-encoded")),
  };
}

/**
 * The template's language as a grammar on the package's engine: rule `template` matches exactly
 * the URIs some values expand to, when the template names each variable once (a repeated
 * variable must have one value, which no grammar of this kind can say). Every prefix is written
 * with its max-length: a long one is a counted repetition (src/abnf/automaton.ts COUNTS), whose
 * size does not grow with it (`{x:9999}`).
 */
function toGrammar(lang: TemplateLanguage, name: string): Grammar {
  const rules: Record<string, RuleInput> = valueRules();
  for (const [k, v] of lang.rules) rules[k] = langExpr(v, caseSensitive, Infinity);
  return grammar(rules, { name, imports: [rfc3986.pick("unreserved", "reserved", "pct-encoded")] });
}

/**
 * What {@link grammarOf} keeps: the grammars of the last 16 templates it was asked for, by their
 * text, each with nothing else, and of 4,096 characters of template text in all (a template
 * longer than that is not kept: its caller holds its grammar). A grammar keeps some 3 KB a
 * character of its template once it has read a URI (310 KB for 20 expressions; measured, node
 * --expose-gc), so some 12 MB at most. Apart from the template cache (parse.ts), which does not
 * weigh them: a grammar kept with each cached template kept 161 MB for 1,000 such templates.
 */
export const GRAMMARS_KEPT = 16;
/** The characters of template text whose grammars {@link grammarOf} keeps in all. */
export const GRAMMAR_CHARACTERS_KEPT = 4096;

/** The grammars kept, by template text, each with the call that last asked for it. */
const grammars = new Map<string, { readonly grammar: Grammar; used: number }>();
let calls = 0;
let characters = 0;

/** How many grammars {@link grammarOf} keeps now, and of how many characters of template text in all. */
export function grammarsKept(): { readonly grammars: number; readonly characters: number } {
  return { grammars: grammars.size, characters };
}

/**
 * The template's language as a grammar on the package's engine (rule `template`): the URIs
 * some values expand to, each expression as the language of its expansions (RFC 6570 §3.2).
 * Its `abnf`, `toAbnf()`, railroad diagrams and errors are the engine's. Exact for a template
 * that names each variable once and whose prefix modifiers are at most 100; otherwise a
 * superset, which match narrows. Made on first use; the grammars of the last 16 templates, of 4,096
 * characters in all, are kept ({@link GRAMMARS_KEPT}; by text: the same text, the same grammar). A template text
 * that does not parse throws its TemplateError. The grammar's own calls throw what any grammar's
 * do: a template whose literal text is longer than the engine compiles (about 30,000 non-ASCII
 * characters, each of which the grammar spells in every percent-encoded form) throws the
 * engine's `GrammarError` (`too-large-to-compile`) from `validate`, `isValid` and `match`.
 *
 * @example
 * grammarOf("/users/{id}").abnf("template") // '%s"/users/" expression-1'
 */
export function grammarOf(template: TemplateInput<string>): Grammar {
  const t = templateOf(template, "grammarOf");
  if (!t.ok) throwFrom(t.error, grammarOf);
  const text = t.value.text;
  const kept = grammars.get(text);
  if (kept !== undefined) {
    kept.used = ++calls; // a hit writes a number: no entry is moved
    return kept.grammar;
  }
  const grammar = toGrammar(templateLanguage(t.value.parts), `template ${quoted(text)}`);
  if (text.length > GRAMMAR_CHARACTERS_KEPT) return grammar;
  grammars.set(text, { grammar, used: ++calls });
  characters += text.length;
  while (grammars.size > GRAMMARS_KEPT || characters > GRAMMAR_CHARACTERS_KEPT) {
    let oldest = text;
    let least = calls;
    for (const [k, e] of grammars) {
      if (e.used < least) {
        oldest = k;
        least = e.used;
      }
    }
    grammars.delete(oldest);
    characters -= oldest.length;
  }
  return grammar;
}
