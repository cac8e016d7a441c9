// Query parameters: RFC 3986 §3.4 leaves the query's inner syntax to schemes; this is the
// key=value form of HTML (RFC 1866 §8.2.1: "&" or ";" between pairs, "+" for a space in forms).
import { charsets, type CharTable } from "../charsets.js";
import { percentDecode } from "./percent.js";
import { encodeWith } from "../percent-encoding.js";
import { describeValue, expectString, readOptions } from "../describe.js";

/** One query parameter: its decoded key, and its decoded value or `undefined` when there is no "=". */
export type QueryPair = readonly [key: string, value: string | undefined];

/** Options of {@link queryParams} and {@link buildQuery}. */
export interface QueryOptions {
  /** The characters between pairs, each one on its own: `"&"` (the default) or `"&;"` to accept ";" too (RFC 1866 §8.2.1). */
  readonly separators?: string | undefined;
  /** `true`: application/x-www-form-urlencoded, where "+" stands for a space. */
  readonly form?: boolean | undefined;
}

/** @internal The options of the query functions, each field read once: the separators ("&" when left out) and whether "+" is a space. */
export function queryOptions(options: unknown, caller: string): { readonly seps: string; readonly form: boolean } {
  const o = readOptions<QueryOptions>(options, caller, { separators: "string", form: "any" });
  return { seps: o.separators ?? "&", form: o.form === true };
}

/** @internal A key or value as written, with each "+" a space when `form` (application/x-www-form-urlencoded; RFC 1866 §8.2.1), before percent-decoding. */
export const formSpaces = (text: string, form: boolean): string => (form && text.includes("+") ? text.replace(/\+/g, " ") : text);

/** @internal A key or value as the text it encodes: with `form` "+" is a space; a malformed sequence is U+FFFD (as URLSearchParams reads it). */
export const decodeText = (text: string, form: boolean): string => {
  const t = formSpaces(text, form);
  const r = percentDecode(t, { replacement: true });
  return r.ok ? r.value : t;
};

/**
 * The parameters of a query, in order, repeated keys kept. `"a"` gives `["a", undefined]`, `"a="`
 * gives `["a", ""]`; empty pieces (`"a&&b"`) are skipped, and so is an empty or absent query.
 * Keys and values are percent-decoded as UTF-8, a malformed sequence becoming U+FFFD (as
 * URLSearchParams does); "+" is a space only with `form: true`.
 *
 * @example
 * queryParams("name=ferret&color&empty=&name=%C3%A9"); // [["name", "ferret"], ["color", undefined], ["empty", ""], ["name", "é"]]
 */
export function queryParams(query: string | undefined, options: QueryOptions = {}): QueryPair[] {
  if (query !== undefined) expectString(query, "query", "queryParams");
  const { seps, form } = queryOptions(options, "queryParams");
  const out: QueryPair[] = [];
  if (query === undefined || query === "") return out;
  let start = 0;
  const n = query.length;
  for (let i = 0; i <= n; i++) {
    if (i < n && !seps.includes(query.charAt(i))) continue;
    if (i > start) {
      const piece = query.slice(start, i);
      const eq = piece.indexOf("=");
      out.push(eq < 0 ? [decodeText(piece, form), undefined] : [decodeText(piece.slice(0, eq), form), decodeText(piece.slice(eq + 1), form)]);
    }
    start = i + 1;
  }
  return out;
}

const tables = new Map<string, CharTable>();

/**
 * @internal `query` (§3.4) without the characters that would be read as delimiters: "=", "+",
 * "#" and each separator ("%" is in no table, so it is always encoded). With `form`, a space is
 * kept, to be written "+" ({@link encodeText}).
 */
export function queryTable(seps: string, form: boolean): CharTable {
  const id = `${form ? "f" : "-"}${seps}`;
  let t = tables.get(id);
  if (t === undefined) {
    const a = [...charsets.query];
    for (const ch of `${seps}=+#`) {
      const c = ch.charCodeAt(0);
      if (c < 128) a[c] = false;
    }
    if (form) a[0x20] = true;
    tables.set(id, (t = Object.freeze(a)));
  }
  return t;
}

/** @internal A key or value as query text: UTF-8, percent-encoded where `table` says (§2.1, §2.5), "+" for a space in forms. */
export const encodeText = (text: string, table: CharTable, form: boolean): string => {
  const e = encodeWith(text, table);
  return form ? e.replace(/ /g, "+") : e;
};

/**
 * The query text for parameters (RFC 3986 §3.4): keys and values UTF-8 percent-encoded where
 * `query` does not allow a character, and where it does but the character would be read as a
 * delimiter ("=", "+", "#", and each separator). Pairs are joined with the first separator.
 * `[key, undefined]` gives `key` alone. With `form: true` a space is written "+". A pair
 * `["", undefined]` writes nothing that {@link queryParams} reads back.
 *
 * @example
 * buildQuery([["q", "a&b=c"], ["flag", undefined]]); // "q=a%26b%3Dc&flag"
 */
export function buildQuery(pairs: Iterable<QueryPair>, options: QueryOptions = {}): string {
  if (typeof pairs !== "object" || pairs === null || typeof (pairs as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function") {
    throw new TypeError(`buildQuery: the argument "pairs" must be an iterable of [key, value] pairs, got ${describeValue(pairs)}`);
  }
  const { seps, form } = queryOptions(options, "buildQuery");
  const table = queryTable(seps, form);
  const enc = (text: string): string => encodeText(text, table, form);
  const parts: string[] = [];
  for (const pair of pairs as Iterable<unknown>) {
    if (!Array.isArray(pair) || typeof pair[0] !== "string" || (pair[1] !== undefined && typeof pair[1] !== "string")) {
      throw new TypeError(`buildQuery: each pair must be [key, value] with a string key and a string or undefined value, got ${describeValue(pair)}`);
    }
    const [key, value] = pair as [string, string | undefined];
    parts.push(value === undefined ? enc(key) : `${enc(key)}=${enc(value)}`);
  }
  return parts.join(seps.charAt(0) || "&");
}
