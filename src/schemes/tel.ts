// RFC 3966: the "tel" URI's record by grammar/tel.abnf (value: built-in.ts): §3 syntax (numbers, visual separators, parameters, their
// uniqueness and order), §5 (phone-context §5.1.5, isub §5.2, ext §5.3), §4 comparison.
import { telSchemeGrammar } from "../compiled/scheme-grammars.js";
import * as make from "../ast/make.js";
import type { Uri } from "../ast/nodes.js";
import { validateWith } from "../core/match.js";
import { percentDecode } from "../transforms/percent.js";
import { compiledRules, deepFreeze, octetsOf, shiftedError, type SchemeDefinition, type SchemeInput } from "./kernel.js";
import type { Departure, SchemeGrammarSource } from "./precompiled.js";
import { normalizePercent } from "../transforms/normalize.js";
import { octetAt } from "../percent-encoding.js";

/** A rule of grammar/tel.abnf, compiled. */
const telRule = compiledRules(telSchemeGrammar);

/** A tel URI (RFC 3966). */
export interface TelUri {
  readonly kind: "tel";
  /** The number as written (`global-number-digits` or `local-number-digits`). */
  readonly number: string;
  /** `true` for a global number (E.164, "+"), `false` for a local one (§5.1.4, §5.1.5). */
  readonly global: boolean;
  /** The number without visual separators (§5.1.1: "-", ".", "(", ")"), "%23" read as "#": "+12015550123". */
  readonly digits: string;
  /**
   * Every parameter in order (§3): the name lowercase (§4: comparisons are case-insensitive),
   * the value percent-decoded as UTF-8, `undefined` for a name without "=". ext, isub and
   * phone-context are among them. RFC 3966 gives parameter values no character encoding (and an
   * ISDN subaddress "may contain any octet value", §5.2), so octets that are not UTF-8 are no
   * error: each maximal ill-formed sequence decodes to U+FFFD, as the library's query and
   * segment decoding do; `rawParameters` has the exact text.
   */
  readonly parameters: readonly (readonly [name: string, value: string | undefined])[];
  /**
   * Every parameter in order as written (the value still percent-encoded; the name lowercase),
   * for what `parameters` cannot hold exactly (§5.4: "Entities that forward ... MUST NOT delete
   * or modify parameters they do not understand").
   */
  readonly rawParameters: readonly (readonly [name: string, raw: string | undefined])[];
  /** §5.3: the extension without visual separators, or `undefined`. */
  readonly extension: string | undefined;
  /** §5.2: the ISDN subaddress, percent-decoded as UTF-8 (U+FFFD for octets that are not, see `isdnSubaddressOctets`), or `undefined`. */
  readonly isdnSubaddress: string | undefined;
  /** §5.2: the ISDN subaddress's octets (it "may contain any octet value"), or `undefined`. */
  readonly isdnSubaddressOctets: readonly number[] | undefined;
  /** §5.1.5: the phone-context as written (a domain name or global number digits), or `undefined`. */
  readonly phoneContext: string | undefined;
}

const SECTION = "RFC 3966 §3";

/** The number's characters without visual separators, "%23" as "#" (§5.1.1). */
const withoutSeparators = (s: string): string => s.replace(/%23/g, "#").replace(/[-.()]/g, "");

/** How a parameter ranks in §3's order: isub or ext first, then phone-context, then the others. */
const rank = (name: string): number => (name === "isub" || name === "ext" ? 0 : name === "phone-context" ? 1 : 2);

/** A parameter value percent-decoded as UTF-8, U+FFFD for each maximal ill-formed sequence (see {@link TelUri.parameters}). */
const decodeValue = (raw: string): string => (percentDecode(raw, { replacement: true }) as { readonly value: string }).value;

function buildTel(input: SchemeInput): TelUri {
  const { text } = input;
  // ";" delimits parameters and "MUST be percent encoded if [it appears] in tel URI parameter
  // values" (§3), so the parameters are the pieces between ";"s.
  const pieces = text.slice(4).split(";");
  const number = pieces[0] ?? "";
  const global = number.startsWith("+");
  const parameters: [string, string | undefined][] = [];
  const rawParameters: [string, string | undefined][] = [];
  let extension: string | undefined;
  let isdnSubaddress: string | undefined;
  let isdnSubaddressOctets: number[] | undefined;
  let phoneContext: string | undefined;
  const seen = new Map<string, number>();
  let offset = 4 + number.length;
  let last: { name: string; rank: number } | undefined;
  for (const piece of pieces.slice(1)) {
    const at = offset;
    offset += piece.length + 1;
    const eq = piece.indexOf("=");
    const name = (eq < 0 ? piece : piece.slice(0, eq)).toLowerCase();
    const raw = eq < 0 ? undefined : piece.slice(eq + 1);
    // (phone-context is no par: its descriptor may hold "+", which §3 keeps out of parameter values)
    const par = validateWith(telRule(name === "phone-context" ? "context" : "par"), `;${piece}`);
    if (!par.ok) {
      const e = shiftedError(par.error, input.input, at);
      input.fail({ code: "unencoded-semicolon", offset: e.offset, rule: "par", expected: e.expected, section: SECTION, message: `";${piece}" is no parameter (a ";" inside a parameter value MUST be percent-encoded)`, syntaxError: e });
    }
    const rule = name === "ext" ? "extension" : name === "isub" ? "isdn-subaddress" : name === "phone-context" ? "context" : undefined;
    if (rule !== undefined) {
      const v = validateWith(telRule(rule), `;${piece}`);
      if (!v.ok) {
        const e = shiftedError(v.error, input.input, at);
        // the grammar read it as a generic parameter (pname "=" pvalue); §5 gives these names a syntax of their own
        input.fail({ code: "bad-parameter-value", offset: e.offset, rule, expected: e.expected, section: SECTION, message: `the ${name} parameter's value does not match ${rule} (RFC 3966 §3)`, syntaxError: e });
      }
    }
    const first = seen.get(name);
    if (first !== undefined) {
      input.fail({ code: "duplicate-parameter", offset: at, rule: "par", section: SECTION, message: `the parameter ${JSON.stringify(name)} appears twice (first at offset ${first}); each MUST NOT appear more than once` });
    }
    seen.set(name, at);
    if ((name === "ext" && seen.has("isub")) || (name === "isub" && seen.has("ext"))) {
      input.fail({ code: "isub-and-ext", offset: at, rule: "par", section: "RFC 3966 §5.3", message: "a tel URI has at most one of isdn-subaddress and extension, not both" });
    }
    const r = rank(name);
    if (last !== undefined && (r < last.rank || (r === 2 && last.rank === 2 && name < last.name))) {
      input.fail({
        code: "parameter-order",
        offset: at,
        rule: "par",
        section: SECTION,
        message: `${JSON.stringify(name)} comes after ${JSON.stringify(last.name)}: isdn-subaddress or extension first, then phone-context, then the other parameters in lexicographical order`,
      });
    }
    last = { name, rank: r };
    const value = raw === undefined ? undefined : decodeValue(raw);
    parameters.push([name, value]);
    rawParameters.push([name, raw]);
    if (name === "ext") extension = withoutSeparators(raw ?? "");
    else if (name === "isub") {
      isdnSubaddress = value;
      isdnSubaddressOctets = octetsOf(raw ?? ""); // a valid value: uric / paramchar, "%" HEXDIG HEXDIG or one ASCII character each
    } else if (name === "phone-context") phoneContext = raw;
  }
  return deepFreeze({ kind: "tel", number, global, digits: withoutSeparators(number), parameters, rawParameters, extension, isdnSubaddress, isdnSubaddressOctets, phoneContext });
}

/** RFC 2396 §2.3 unreserved, tel's own `unreserved` (alphanum / mark): the characters RFC 3966 §3 makes equivalent to their percent-encoding. */
const UNRESERVED_2396 = /^[A-Za-z0-9\-_.!~*'()]$/;

/**
 * A parameter value as RFC 3966 compares it. §3: "Characters other than those in the
 * 'reserved' and 'unsafe' sets (see RFC 2396) are equivalent to their '% HEX HEX' percent
 * encoding", so a percent-encoded alphanum or mark is decoded, and a percent-encoded reserved
 * character (";", "/", "?", ":", "@", "&", "=", "+", "$", ",") stays encoded: "%2F" is not "/".
 * Any other octet stays encoded too (it is no character of a URI, RFC 2396 §2.1). §4:
 * comparisons are case-insensitive, so ASCII letters (and the hex digits of what stays encoded)
 * are lowercase; octets beyond ASCII compare as octets ("%C3%A9" is not "%C3%89").
 */
const comparableValue = (raw: string): string =>
  raw
    .replace(/%[0-9A-Fa-f]{2}/g, (t) => {
      const c = String.fromCharCode(octetAt(t, 0));
      return UNRESERVED_2396.test(c) ? c : t;
    })
    .toLowerCase();

/**
 * A tel URI's comparison key (RFC 3966 §4): global or local; the digits without visual
 * separators; the parameters by name, whatever their order; the phone-context compared as a
 * host name (lowercase, a final "." aside) or digit by digit without separators; the extension
 * without separators; any other value by {@link comparableValue} (§3's percent-encoding
 * equivalence, case-insensitive).
 */
function telKey(value: TelUri, fragment: string | undefined): string {
  const params = comparableParameters(value).map(([n, v]): [string, string | null] => [n, v ?? null]);
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([value.global, value.digits.toLowerCase(), params, fragment === undefined ? null : normalizePercent(fragment, true, true)]);
}

/** The parameters of a tel URI in §4's comparison form, by name: `[name, value written]`, the value `undefined` for a name alone. */
function comparableParameters(value: TelUri): [string, string | undefined][] {
  return value.rawParameters.map(([n, raw]): [string, string | undefined] => {
    if (raw === undefined) return [n, undefined];
    if (n === "phone-context") {
      const pc = value.phoneContext ?? raw;
      return [n, pc.startsWith("+") ? withoutSeparators(pc) : pc.toLowerCase().replace(/\.$/, "")];
    }
    if (n === "ext") return [n, value.extension ?? raw];
    return [n, comparableValue(raw)];
  });
}

/**
 * The tel URI's normal form: a dedupe key (two tel URIs are equivalent, §4, exactly when their
 * normal forms are equal): the number without visual separators (§5.1.1) in lowercase, "#" as
 * "%23"; the parameters in §3's order (isdn-subaddress or extension, then phone-context, then
 * the others by name), each in its comparison form (a phone-context host in lowercase without a
 * final ".", digits without separators; other values with §3's equivalent percent-encodings
 * decoded, in lowercase). The fragment gets the generic steps.
 */
function normalizeTel(uri: Uri, value: TelUri): Uri {
  const params = comparableParameters(value).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  // what follows "tel:" (a parameter value may hold a "?", which the generic syntax reads as the query's start)
  const rest = `${value.digits.toLowerCase().replace(/#/g, "%23")}${params.map(([n, v]) => (v === undefined ? `;${n}` : `;${n}=${v}`)).join("")}`;
  const current = uri.query === undefined ? uri.path.text : `${uri.path.text}?${uri.query}`;
  if (rest === current && uri.scheme === "tel") return uri;
  // the form is valid wherever the URI was (§3's rules, §5); should it not be, the URI stays
  if (!telRule("telephone-uri").test(`tel:${rest}`)) return uri;
  const ask = rest.indexOf("?");
  return make.referenceFromParts("tel", undefined, "reg-name", ask < 0 ? rest : rest.slice(0, ask), ask < 0 ? undefined : rest.slice(ask + 1), uri.fragment) as Uri;
}

/** The definition of the "tel" scheme (RFC 3966): what `tel` (src/schemes/built-in.ts) is with its grammar. */
export const telDefinition: SchemeDefinition<TelUri> = {
  name: "tel",
  rule: "telephone-uri",
  fragment: "allowed",
  matcherOf: telRule,
  section: SECTION,
  normalizeOptions: { dotSegments: false },
  build: buildTel,
  normalize: normalizeTel,
  equivalentKey: (value, uri) => telKey(value, uri.fragment),
};

/**
 * Where the code departs from RFC 3966 §3: three characters the RFC's rules name cannot stand in
 * a URI as themselves. "#" ends the part a scheme judges (RFC 3986 §3.5: it starts the fragment);
 * RFC 3966 §3 follows RFC 2396, whose §2.4.3 excludes "#" (delims) and "[", "]" (unwise) from
 * URIs, so they appear escaped: "#" as "%23", "[" and "]" through `pct-encoded`. And the prose
 * of §3 over its ABNF: "+", ";", "=" and "?" "MUST be percent encoded if they appear in tel URI
 * parameter values", which `param-unreserved` ("+") and `isdn-subaddress`'s `uric` (all four)
 * allow (security review, November 2026: "tel:+1;isub=a=b" was accepted).
 */
export const telDepartures: readonly Departure[] = Object.freeze([
  {
    rule: "phonedigit-hex",
    abnf: 'HEXDIG / "*" / "%23" / [ visual-separator ]',
    why: 'RFC 3986 §3.5: a "#" starts the fragment; RFC 2396 §2.4.3 (which RFC 3966 §3 follows) escapes it as "%23"',
  },
  {
    rule: "local-number-digits",
    abnf: '*phonedigit-hex (HEXDIG / "*" / "%23") *phonedigit-hex',
    why: 'RFC 3986 §3.5: a "#" starts the fragment; RFC 2396 §2.4.3 (which RFC 3966 §3 follows) escapes it as "%23"',
  },
  {
    rule: "param-unreserved",
    abnf: '"/" / ":" / "&" / "$"',
    why: 'RFC 3986 §3.3: "[" and "]" stand only around an IP literal, never in a path; paramchar has them as pct-encoded ("%5B", "%5D"). RFC 3966 §3: "+" MUST be percent-encoded in a parameter value ("%2B")',
  },
  {
    rule: "isdn-subaddress",
    abnf: '";isub=" 1*( "/" / ":" / "@" / "&" / "$" / "," / unreserved / pct-encoded )',
    why: 'RFC 3966 §3: "+", ";", "=" and "?" MUST be percent-encoded in parameter values; uric is reserved / unreserved / pct-encoded, reserved without them is "/" ":" "@" "&" "$" ","',
  },
]);

/** grammar/tel.abnf: RFC 3966 §3 (core rules only), with {@link telDepartures}. */
export const telSource: SchemeGrammarSource = { file: "tel.abnf", name: "RFC 3966 §3", rfc3986: [], departures: telDepartures };
