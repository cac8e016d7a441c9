// RFC 3966: the "tel" URI. §3 syntax (global and local numbers, visual separators, parameters
// and their uniqueness and order), §5 (phone-context §5.1.5, isub §5.2, ext §5.3), §4 comparison.
import { telData } from "./generated/grammars.js";
import { precompiledGrammar } from "./precompiled.js";
import { deepFreeze, defineScheme, shiftedError, type Scheme, type SchemeInput } from "./scheme.js";
import { percentDecode } from "../transforms/percent.js";
import { telDepartures, telSource } from "./sources.js";
import { normalizeTriplets } from "./text.js";

export { telDepartures };

/** The grammar of grammar/tel.abnf (RFC 3966 §3) with {@link telDepartures}. */
export const telGrammar = precompiledGrammar(telData, telSource.imports);

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
   * the value percent-decoded, `undefined` for a name without "=". ext, isub and phone-context
   * are among them.
   */
  readonly parameters: readonly (readonly [name: string, value: string | undefined])[];
  /** §5.3: the extension without visual separators, or `undefined`. */
  readonly extension: string | undefined;
  /** §5.2: the ISDN subaddress, percent-decoded, or `undefined`. */
  readonly isdnSubaddress: string | undefined;
  /** §5.1.5: the phone-context as written (a domain name or global number digits), or `undefined`. */
  readonly phoneContext: string | undefined;
}

const SECTION = "RFC 3966 §3";

/** The number's characters without visual separators, "%23" as "#" (§5.1.1). */
const withoutSeparators = (s: string): string => s.replace(/%23/g, "#").replace(/[-.()]/g, "");

/** How a parameter ranks in §3's order: isub or ext first, then phone-context, then the others. */
const rank = (name: string): number => (name === "isub" || name === "ext" ? 0 : name === "phone-context" ? 1 : 2);

function decodeValue(input: SchemeInput, value: string, at: number): string {
  const r = percentDecode(value);
  if (r.ok) return r.value;
  return input.fail({ code: "invalid-utf8", offset: at + r.error.offset, rule: "pvalue", section: SECTION, message: "the parameter value is not percent-encoded UTF-8" });
}

function buildTel(input: SchemeInput): TelUri {
  const { text } = input;
  // ";" delimits parameters and "MUST be percent encoded if [it appears] in tel URI parameter
  // values" (§3), so the parameters are the pieces between ";"s.
  const pieces = text.slice(4).split(";");
  const number = pieces[0] ?? "";
  const global = number.startsWith("+");
  const parameters: [string, string | undefined][] = [];
  let extension: string | undefined;
  let isdnSubaddress: string | undefined;
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
    const par = telGrammar.validate(`;${piece}`, "par");
    if (!par.ok) {
      const e = shiftedError(par.error, input.input, at);
      input.fail({ code: "unencoded-semicolon", offset: e.offset, rule: "par", expected: e.expected, section: SECTION, message: `";${piece}" is no parameter (a ";" inside a parameter value MUST be percent-encoded)`, syntaxError: e });
    }
    const rule = name === "ext" ? "extension" : name === "isub" ? "isdn-subaddress" : name === "phone-context" ? "context" : undefined;
    if (rule !== undefined) {
      const v = telGrammar.validate(`;${piece}`, rule);
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
    const value = raw === undefined ? undefined : decodeValue(input, raw, at + eq + 2);
    parameters.push([name, value]);
    if (name === "ext") extension = withoutSeparators(raw ?? "");
    else if (name === "isub") isdnSubaddress = value;
    else if (name === "phone-context") phoneContext = raw;
  }
  return deepFreeze({ kind: "tel", number, global, digits: withoutSeparators(number), parameters, extension, isdnSubaddress, phoneContext });
}

/**
 * A tel URI's comparison key (RFC 3966 §4): global or local; the digits without visual
 * separators; the parameters by name, whatever their order; the phone-context compared as a
 * host name (lowercase, a final "." aside) or digit by digit without separators; everything
 * else case-insensitive, percent-encodings of unreserved characters decoded (§3).
 */
function telKey(value: TelUri, fragment: string | undefined): string {
  const params = value.parameters.map(([n, v]): [string, string | null] => {
    if (v === undefined) return [n, null];
    if (n === "phone-context") {
      const pc = value.phoneContext ?? v;
      return [n, pc.startsWith("+") ? withoutSeparators(pc) : pc.toLowerCase().replace(/\.$/, "")];
    }
    if (n === "ext") return [n, value.extension ?? v];
    return [n, v.toLowerCase()];
  });
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([value.global, value.digits.toLowerCase(), params, fragment === undefined ? null : normalizeTriplets(fragment)]);
}

/**
 * The "tel" scheme (RFC 3966). Its value has the number with and without visual separators
 * and the parameters; §3's rules are checked: each parameter at most once, isub or ext first,
 * then phone-context, then the others in lexicographical order, never isub and ext together
 * (§5.3). Equivalence is §4's comparison (parameter order aside, case-insensitive).
 *
 * @example
 * tel.parseOrThrow("tel:+1-201-555-0123").digits;                       // "+12015550123"
 * tel.parseOrThrow("tel:863-1234;phone-context=+1-914-555").phoneContext; // "+1-914-555"
 */
export const tel: Scheme<TelUri> = defineScheme<TelUri>({
  name: "tel",
  grammar: telGrammar,
  rule: "telephone-uri",
  section: SECTION,
  captures: [],
  normalizeOptions: { dotSegments: false },
  build: buildTel,
  equivalentKey: (value, uri) => telKey(value, uri.fragment),
});
