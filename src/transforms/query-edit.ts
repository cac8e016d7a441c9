// Query parameters read and edited in place (RFC 3986 §3.4 query; the key=value convention of
// HTML forms, RFC 1866 §8.2.1): what is not edited keeps its text byte for byte (§2.4, §6.2.2.2).
import * as make from "../ast/make.js";
import type { UriReference } from "../ast/nodes.js";
import { expectString } from "../describe.js";
import { percentDecode } from "./percent.js";
import { decodeText, encodeText, formSpaces, queryOptions, queryTable, type QueryOptions } from "./query.js";

/**
 * Options of the query edits: those of `queryParams` and `buildQuery`. `separators` are the
 * characters between pairs (`"&"` by default, `"&;"` to accept ";" too, RFC 1866 §8.2.1; pairs
 * added are joined with the first); `form: true` reads and writes "+" as a space
 * (application/x-www-form-urlencoded), otherwise "+" is a plus sign both ways.
 */
export type QueryEditOptions = QueryOptions;

/** One piece of the query between separators, with the separator before it (`""` for the first). */
interface Piece {
  readonly sep: string;
  readonly text: string;
}

/** The pieces of a query, empty ones included (`"a&&b"` has three), in order. */
function pieces(query: string, seps: string): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  let sep = "";
  for (let i = 0; i < query.length; i++) {
    const ch = query.charAt(i);
    if (!seps.includes(ch)) continue;
    out.push({ sep, text: query.slice(start, i) });
    sep = ch;
    start = i + 1;
  }
  out.push({ sep, text: query.slice(start) });
  return out;
}

/** The pieces joined again: each keeps the separator before it, but the first one kept has none. */
const join = (kept: readonly Piece[]): string => kept.map((p, i) => (i === 0 ? p.text : p.sep + p.text)).join("");

/** The key of a piece as written: everything before the first "=". */
const rawKey = (text: string): string => {
  const eq = text.indexOf("=");
  return eq < 0 ? text : text.slice(0, eq);
};

/** The decoded value of a piece; `""` for a key without "=" (as URLSearchParams reads it). */
const valueOf = (text: string, form: boolean): string => {
  const eq = text.indexOf("=");
  return eq < 0 ? "" : decodeText(text.slice(eq + 1), form);
};

type Settings = ReturnType<typeof queryOptions>;

/**
 * Checks the arguments every function here takes besides the reference, a node that operations.ts
 * has read (a TypeError names a wrong one), and reads the options.
 */
function check(caller: string, key: unknown, options: unknown, value?: unknown): Settings {
  expectString(key, "key", caller);
  if (value !== undefined) expectString(value, "value", caller);
  return queryOptions(options, caller); // each field read once (a getter cannot answer one thing to the check and another to the use)
}

/**
 * A key as the text it encodes (§2.4), or `undefined` when its octets are not UTF-8: such a key
 * is no text, so no key given as a string is it ("%FF" is not U+FFFD, which is "%EF%BF%BD").
 */
const decodeKey = (text: string, form: boolean): string | undefined => {
  const r = percentDecode(formSpaces(text, form));
  return r.ok ? r.value : undefined;
};

/** Whether a piece holds the parameter `key`: empty pieces hold none; keys are compared as the UTF-8 they encode (§2.4). */
const holds = (p: Piece, key: string, s: Settings): boolean => p.text !== "" && decodeKey(rawKey(p.text), s.form) === key;

/** New text for the query (§2.1, §2.5), "+" for a space in forms. */
const encode = (text: string, s: Settings): string => encodeText(text, queryTable(s.seps, s.form), s.form);

const pairText = (key: string, value: string | undefined, s: Settings): string =>
  value === undefined ? encode(key, s) : `${encode(key, s)}=${encode(value, s)}`;

/** The reference with another query; the same node when the query does not change. */
function withQuery<R extends UriReference>(ref: R, query: string | undefined): R {
  if (query === ref.query) return ref;
  const a = ref.authority;
  return make.uriReference({
    scheme: ref.scheme,
    authority: a === undefined ? undefined : make.withoutSpans(a),
    path: make.path(ref.path.kind, ref.path.text),
    query,
    fragment: ref.fragment,
  }) as R;
}

/**
 * Every value of the parameter `key` in the reference's query (RFC 3986 §3.4), in order,
 * percent-decoded as UTF-8 (a malformed sequence becoming U+FFFD); `""` for a key without "="
 * (`"?flag"`). Keys are compared decoded: `"a%20b"` (and `"a+b"` with `form: true`) is the key
 * `"a b"`. Empty pieces (`"a&&b"`) hold no parameter.
 *
 * @example
 * getQueryParams(parseOrThrow("/s?tag=a&x=1&tag=caf%C3%A9"), "tag"); // ["a", "café"]
 */
export function getNodeQueryParams(ref: UriReference, key: string, options: QueryEditOptions = {}): string[] {
  const s = check("getQueryParams", key, options);
  if (ref.query === undefined) return [];
  return pieces(ref.query, s.seps)
    .filter((p) => holds(p, key, s))
    .map((p) => valueOf(p.text, s.form));
}

/**
 * The first value of the parameter `key` (see {@link getNodeQueryParams}), `undefined` when there is
 * none; `""` for a key without "=" (use {@link hasNodeQueryParam} to tell `"?a"` from `"?a="`
 * apart by presence, not value).
 *
 * @example
 * getQueryParam(parseOrThrow("/s?q=a+b&q=c"), "q", { form: true }); // "a b"
 */
export function getNodeQueryParam(ref: UriReference, key: string, options: QueryEditOptions = {}): string | undefined {
  const s = check("getQueryParam", key, options);
  if (ref.query === undefined) return undefined;
  for (const p of pieces(ref.query, s.seps)) if (holds(p, key, s)) return valueOf(p.text, s.form);
  return undefined;
}

/**
 * Whether the query has the parameter `key` (compared decoded, see {@link getNodeQueryParams}).
 *
 * @example
 * hasQueryParam(parseOrThrow("/s?debug&q=1"), "debug"); // true
 */
export function hasNodeQueryParam(ref: UriReference, key: string, options: QueryEditOptions = {}): boolean {
  const s = check("hasQueryParam", key, options);
  if (ref.query === undefined) return false;
  return pieces(ref.query, s.seps).some((p) => holds(p, key, s));
}

/**
 * The reference with the parameter `key` set to `value` (RFC 3986 §3.4): the first occurrence
 * keeps its place and its key as written, and gets the new value; the other occurrences are
 * removed with the separator before them. Without an occurrence, the pair is appended as by
 * {@link appendNodeQueryParam}. `value` `undefined` writes the key alone, without "=". Every other
 * piece keeps its text byte for byte (its percent-encoding, "+" or "%20", empty pieces, a
 * trailing separator). The new value is percent-encoded as UTF-8 where `query` does not allow a
 * character, and for "&", "=", "+", "#", "%" and each separator; with `form: true` a space is
 * written "+". The result is a new node, without spans, whose text parses back to it.
 *
 * @example
 * serialize(setQueryParam(parseOrThrow("/s?a=1&b=%7e&a=2"), "a", "x y")); // "/s?a=x%20y&b=%7e"
 */
export function setNodeQueryParam(ref: UriReference, key: string, value: string | undefined, options: QueryEditOptions = {}): UriReference {
  const s = check("setQueryParam", key, options, value);
  if (ref.query === undefined) return withQuery(ref, pairText(key, value, s));
  const all = pieces(ref.query, s.seps);
  const first = all.findIndex((p) => holds(p, key, s));
  if (first < 0) return appendNodeQueryParam(ref, key, value, options);
  const kept: Piece[] = [];
  all.forEach((p, i) => {
    if (i === first) {
      // The key stays as written; only the value is new.
      const k = rawKey(p.text);
      kept.push({ sep: p.sep, text: value === undefined ? k : `${k}=${encode(value, s)}` });
    } else if (i < first || !holds(p, key, s)) kept.push(p);
  });
  return withQuery(ref, join(kept));
}

/**
 * The reference with the pair `key`=`value` added after every other piece of its query (RFC
 * 3986 §3.4), even when `key` is there already. It is joined with the first separator, unless
 * the query is empty (`"?"`, or none) or already ends with a separator (`"?a=1&"` gives
 * `"?a=1&k=v"`). Encoding as {@link setNodeQueryParam}; `value` `undefined` writes the key alone
 * (so the key `""` without a value writes an empty piece, which holds no parameter).
 *
 * @example
 * serialize(appendQueryParam(parseOrThrow("/s?a=1"), "tag", "a&b")); // "/s?a=1&tag=a%26b"
 */
export function appendNodeQueryParam(ref: UriReference, key: string, value: string | undefined, options: QueryEditOptions = {}): UriReference {
  const s = check("appendQueryParam", key, options, value);
  const pair = pairText(key, value, s);
  const q = ref.query;
  if (q === undefined || q === "" || s.seps.includes(q.charAt(q.length - 1))) return withQuery(ref, (q ?? "") + pair);
  return withQuery(ref, q + (s.seps.charAt(0) || "&") + pair);
}

/**
 * The reference without any occurrence of the parameter `key` (RFC 3986 §3.4), each removed
 * with the separator before it (the first piece with the one after it); every other piece keeps
 * its text byte for byte. When a deletion leaves no parameter (nothing, or only empty pieces:
 * `"?a=1&"`), the query is removed: no "?" (as URLSearchParams does). A reference without the
 * parameter is returned as it is, so an empty query (`"?"`) stays.
 *
 * @example
 * serialize(deleteQueryParam(parseOrThrow("/s?utm=1&q=x&utm=2#top"), "utm")); // "/s?q=x#top"
 */
export function deleteNodeQueryParam(ref: UriReference, key: string, options: QueryEditOptions = {}): UriReference {
  const s = check("deleteQueryParam", key, options);
  if (ref.query === undefined) return ref;
  const all = pieces(ref.query, s.seps);
  const kept = all.filter((p) => !holds(p, key, s));
  if (kept.length === all.length) return ref;
  // No parameter left (only empty pieces, if any): no query, rather than "?" or "?&".
  return withQuery(ref, kept.some((p) => p.text !== "") ? join(kept) : undefined);
}
