// Building URI references from parts and changing one part (RFC 3986 §3, §4.1, §5.3). Each new
// part is checked against its rule, and the path against what §3.3 asks given the other parts.
import * as make from "./ast/make.js";
import type { Authority, RelativeRef, Uri, UriReference } from "./ast/nodes.js";
import { pathKindOf } from "./ast/path-kind.js";
import { syntaxError, type UriSyntaxError } from "./errors.js";
import { referenceArgument, refused } from "./core/args.js";
import type { UriInput } from "./operations.js";
import { describeValue, parseRule, validate, type Result } from "./parse.js";
import { isUrlObject } from "./describe.js";
import type { RuleName } from "./rules/index.js";
import { NON_ASCII } from "./charsets.js";
import { maskPassword, maskPasswordAt } from "./password.js";
import { orThrow } from "./result.js";

/**
 * The parts of a URI reference, as text still percent-encoded; a part left out is absent. A part
 * with characters beyond ASCII is checked against its RFC 3987 rule (`ihost`, `ipath-abempty`,
 * `iquery`, ...), and the result is then an IRI, as `parse` gives for such text.
 */
export interface UriParts {
  /** `scheme` (§3.1); without it the result is a relative reference. */
  readonly scheme?: string | undefined;
  /** `userinfo` (§3.2.1); needs a host. */
  readonly userinfo?: string | undefined;
  /** `host` (§3.2.2): a reg-name, an IPv4 address, or an IP literal in brackets (`"[::1]"`). Gives the reference an authority. */
  readonly host?: string | undefined;
  /** `port` (§3.2.3): digits, or a whole number; needs a host. */
  readonly port?: string | number | undefined;
  /** The path (§3.3), `""` when left out. With a host it must be empty or begin with "/". */
  readonly path?: string | undefined;
  /** `query` (§3.4), without the "?". */
  readonly query?: string | undefined;
  /** `fragment` (§3.5), without the "#". */
  readonly fragment?: string | undefined;
}

/** A value, or the UriSyntaxError of the part that does not match its rule. */
export type Checked<T> = Result<T, UriSyntaxError>;

/** The RFC 3986 rules that RFC 3987 §2.2 restates with an "i" to take characters beyond ASCII. */
const IRI_PARTS = ["userinfo", "host", "path-abempty", "path-absolute", "path-noscheme", "path-rootless", "query", "fragment"] as const;

/**
 * The rule a part is checked against: RFC 3986's, or for a part with characters beyond ASCII
 * its RFC 3987 counterpart (§2.2), so that an IRI is built and edited as `parse` reads one: the
 * same node shapes, with those characters in the text (`scheme` and `port` have no such rule).
 */
const ruleFor = (rule: RuleName, text: string): RuleName =>
  NON_ASCII.test(text) && (IRI_PARTS as readonly string[]).includes(rule) ? (`i${rule as (typeof IRI_PARTS)[number]}` satisfies RuleName) : rule;

const check = (rule: RuleName, text: string | undefined): UriSyntaxError | undefined => {
  if (text === undefined) return undefined;
  const v = validate(text, ruleFor(rule, text));
  return v.ok ? undefined : delimiterNoted(rule, text, v.error);
};

/**
 * The delimiter that ends (scheme, userinfo) or starts (port, fragment) a part in a URI's text
 * (RFC 3986 §3), which a part is given without, and the section; the query's "?" is no error
 * ("??" is a query that starts with "?").
 */
const DELIMITERS: Partial<Record<RuleName, readonly [string, boolean, string]>> = {
  scheme: [":", true, "3.1"],
  userinfo: ["@", true, "3.2.1"],
  iuserinfo: ["@", true, "3.2.1"],
  port: [":", false, "3.2.3"],
  fragment: ["#", false, "3.5"],
  ifragment: ["#", false, "3.5"],
};

/**
 * A part's error, saying so when it failed at the part's own delimiter (`"https:"`, `"#top"`,
 * as `URL`'s `protocol` and `hash` give them); the rule and offset stay the same.
 */
function delimiterNoted(rule: RuleName, text: string, e: UriSyntaxError): UriSyntaxError {
  const d = DELIMITERS[e.rule as RuleName];
  if (d === undefined) return e;
  const [delimiter, atEnd, section] = d;
  if (e.offset !== (atEnd ? text.length - 1 : 0) || text[e.offset] !== delimiter) return e;
  return syntaxError(text, e.rule, e.offset, e.expected, `${e.shortMessage}; give the ${rule} without its "${delimiter}" (RFC 3986 §${section})`);
}

/** A part given as an argument: a string, or undefined for "absent"; anything else is a TypeError naming it. */
function partArgument(x: unknown, name: string, caller: string, number = false): void {
  if (x === undefined || typeof x === "string" || (number && typeof x === "number")) return;
  throw new TypeError(`${caller}: the argument "${name}" must be a string${number ? " or a number" : ""} or undefined, got ${describeValue(x)}`);
}

/** A setter's input as a node (a string parsed first), the new part checked as an argument first. */
function setterInput<T extends UriReference>(input: T | string, part: unknown, name: string, caller: string, number = false): Checked<T> {
  const r = referenceArgument(input, "input", caller);
  if (r.ok) partArgument(part, name, caller, number);
  return r as Checked<T>;
}

/** A number is written in decimal; one that is not a whole number then fails the `port` rule. */
const portText = (port: string | number | undefined): string | undefined => (typeof port === "number" ? String(port) : port);

// a userinfo quoted as the authority it would make ("u:pw@"): no "@" ended it, so its password showed (RFC 3986 §7.5)
const needsHost = (text: string, at = ""): UriSyntaxError =>
  syntaxError(text + at, "authority", 0, ["a host: a userinfo or port needs one"]);

interface Assembly {
  readonly scheme: string | undefined;
  readonly authority: Authority | undefined;
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
}

function finish(a: Assembly): Checked<UriReference> {
  // §3.3: the rule the path must match, given a scheme and an authority or not ("" without an
  // authority is path-empty, which needs no check).
  const kind = pathKindOf(a.scheme !== undefined, a.authority !== undefined, a.path);
  const error = kind === "path-empty" ? undefined : check(kind, a.path);
  if (error) return { ok: false, error: authorityPathNoted(a.scheme === undefined ? error : maskedPathError(error, `${a.scheme}:`, a.path)) };
  return {
    ok: true,
    value: make.uriReference({
      scheme: a.scheme,
      authority: a.authority,
      path: make.path(kind, a.path),
      query: a.query,
      fragment: a.fragment,
    }),
  };
}

/**
 * The error of a path after `scheme:` with the password the URL Standard reads there masked
 * ("http:user:pw@h/" is http://user:pw@h/; RFC 3986 §7.5): the error of the masked path, its offset
 * moved there; the error itself when there is none.
 */
function maskedPathError(e: UriSyntaxError, scheme: string, path: string): UriSyntaxError {
  const m = maskPasswordAt(scheme + path, scheme.length + e.offset);
  return m.text === scheme + path ? e : syntaxError(m.text.slice(scheme.length), e.rule, m.offset - scheme.length, e.expected);
}

/**
 * A path that failed path-abempty at its first character (withHost("mailto:a@b", "x"): an
 * authority given to a URI whose path does not begin with "/"), said to be the path, quoted with
 * any password in it masked (withPath(ref, "http://user:pw@h/"), RFC 3986 §7.5); the rule and
 * offset stay the same.
 */
function authorityPathNoted(e: UriSyntaxError): UriSyntaxError {
  if (e.offset !== 0 || !/^i?path-abempty$/.test(e.rule)) return e;
  return syntaxError(e.input, e.rule, 0, e.expected, `${e.shortMessage}: the path ${JSON.stringify(maskPassword(e.input))} does not begin with "/", and with an authority (host) the path must be empty or begin with "/" (RFC 3986 §3.3)`);
}

/** {@link finish} for a setter that keeps the scheme, so the result has the input's kind. */
const finishAs = <T extends UriReference>(_node: T, a: Assembly): Checked<Rebuilt<T>> => finish(a) as Checked<Rebuilt<T>>;

function authorityOf(userinfo: string | undefined, host: string | undefined, port: string | undefined): Checked<Authority | undefined> {
  if (host === undefined) {
    if (userinfo !== undefined) return { ok: false, error: needsHost(userinfo, "@") };
    if (port !== undefined) return { ok: false, error: needsHost(port) };
    return { ok: true, value: undefined };
  }
  const h = NON_ASCII.test(host) ? parseRule(host, "ihost") : parseRule(host, "host");
  if (!h.ok) return h;
  const error = check("userinfo", userinfo) ?? check("port", port);
  if (error) return { ok: false, error };
  return { ok: true, value: make.authority(userinfo, make.host(h.value.kind, h.value.text), port) };
}

const partsOf = (node: UriReference): Assembly => ({
  scheme: node.scheme,
  authority: node.authority === undefined ? undefined : make.withoutSpans(node.authority),
  path: node.path.text,
  query: node.query,
  fragment: node.fragment,
});

/**
 * What a setter gives for an input of type `T`: a `URI` stays a `Uri` and a relative reference a
 * `RelativeRef`, but nothing more: the new node has no spans (they pointed into the old text),
 * and a part the input type left out (an absolute-URI's fragment) may now be there.
 */
export type Rebuilt<T extends UriReference> = T extends Uri ? Uri : T extends RelativeRef ? RelativeRef : UriReference;

/** The names of URL's properties that buildUri's parts do not take, each with the part to give instead (RFC 3986 §3). */
const URL_NAMES: readonly (readonly [string, string])[] = [
  ["protocol", 'scheme, without its ":"'],
  ["hostname", "host"],
  ["pathname", "path"],
  ["search", 'query, without its "?"'],
  ["hash", 'fragment, without its "#"'],
  ["username", 'userinfo ("user", or "user:password", which RFC 3986 §3.2.1 deprecates)'],
  ["password", 'userinfo ("user:password", which RFC 3986 §3.2.1 deprecates)'],
];

/**
 * A URI reference from its parts (RFC 3986 §3), each checked against its rule (`scheme`,
 * `userinfo`, `host`, `port`, the path kind §3.3 requires, `query`, `fragment`); a part that
 * does not match gives the same {@link UriSyntaxError} as `parse`, with the offset in that part.
 * The result serializes (§5.3) to a valid URI reference.
 *
 * @example
 * const r = buildUri({ scheme: "foo", host: "example.com", port: 8042, path: "/over/there", query: "name=ferret", fragment: "nose" });
 * if (r.ok) serialize(r.value); // "foo://example.com:8042/over/there?name=ferret#nose"
 */
export function buildUri(parts: UriParts & { readonly scheme: string }): Checked<Uri>;
export function buildUri(parts: UriParts): Checked<UriReference>;
export function buildUri(parts: UriParts): Checked<UriReference> {
  if (isUrlObject(parts)) {
    throw new TypeError('buildUri: the argument "parts" must be an object of parts, got a URL object: parseOrThrow(url.href) gives its node, which the with* functions change');
  }
  if (typeof parts !== "object" || parts === null || make.isNodeShell(parts)) {
    throw new TypeError(`buildUri: the argument "parts" must be an object of parts, got ${refused(parts)}`);
  }
  // a name of URL's is a part that would be left out without a word: asked by `in`, no getter runs
  for (const [name, part] of URL_NAMES) {
    if (name in parts) throw new TypeError(`buildUri: parts.${name} is URL's name; give ${part}`);
  }
  // each field read once, then checked: what is checked is what is built (a getter that changes
  // its answer cannot slip a second value past the check)
  const p: UriParts = { scheme: parts.scheme, userinfo: parts.userinfo, host: parts.host, port: parts.port, path: parts.path, query: parts.query, fragment: parts.fragment };
  for (const k of ["scheme", "userinfo", "host", "path", "query", "fragment"] as const) partArgument(p[k], `parts.${k}`, "buildUri");
  partArgument(p.port, "parts.port", "buildUri", true);
  const error = check("scheme", p.scheme) ?? check("query", p.query) ?? check("fragment", p.fragment);
  if (error) return { ok: false, error };
  const authority = authorityOf(p.userinfo, p.host, portText(p.port));
  if (!authority.ok) return authority;
  return finish({ scheme: p.scheme, authority: authority.value, path: p.path ?? "", query: p.query, fragment: p.fragment });
}

/**
 * The reference with another scheme (§3.1), or without one (`undefined`: a relative reference,
 * whose first path segment then must not contain ":", §4.2).
 *
 * @example
 * const r = withScheme(parseOrThrow("http://a/b/c/d;p?q"), "https");
 * if (r.ok) serialize(r.value); // "https://a/b/c/d;p?q"
 */
export function withScheme(input: UriInput, scheme: string): Checked<Uri>;
export function withScheme(input: UriInput, scheme: undefined): Checked<RelativeRef>;
export function withScheme(input: UriInput, scheme: string | undefined): Checked<UriReference>;
export function withScheme(input: UriInput, scheme: string | undefined): Checked<UriReference> {
  const r = setterInput(input, scheme, "scheme", "withScheme");
  if (!r.ok) return r;
  const error = check("scheme", scheme);
  return error ? { ok: false, error } : finish({ ...partsOf(r.value), scheme });
}

/**
 * The reference with another userinfo (§3.2.1), or without one (`undefined`). It needs an authority.
 *
 * @example
 * const r = withUserinfo(parseOrThrow("ftp://ftp.is.co.za/rfc/rfc1808.txt"), "anonymous");
 * if (r.ok) serialize(r.value); // "ftp://anonymous@ftp.is.co.za/rfc/rfc1808.txt"
 */
export function withUserinfo<T extends UriReference = UriReference>(input: T | string, userinfo: string | undefined): Checked<Rebuilt<T>> {
  const r = setterInput(input, userinfo, "userinfo", "withUserinfo");
  if (!r.ok) return r;
  const node = r.value;
  const parts = partsOf(node);
  const a = parts.authority;
  if (a === undefined) return userinfo === undefined ? finishAs(node, parts) : { ok: false, error: needsHost(userinfo, "@") };
  const error = check("userinfo", userinfo);
  if (error) return { ok: false, error };
  return finishAs(node, { ...parts, authority: make.authority(userinfo, a.host, a.port) });
}

/**
 * The reference with another host (§3.2.2; an IP literal in brackets), or without an authority
 * at all (`undefined`, which drops userinfo and port too).
 *
 * @example
 * const r = withHost(parseOrThrow("http://a/b/c/d;p?q"), "[2001:db8::7]");
 * if (r.ok) serialize(r.value); // "http://[2001:db8::7]/b/c/d;p?q"
 */
export function withHost<T extends UriReference = UriReference>(input: T | string, host: string | undefined): Checked<Rebuilt<T>> {
  const r = setterInput(input, host, "host", "withHost");
  if (!r.ok) return r;
  const node = r.value;
  const a = node.authority;
  const authority = host === undefined ? authorityOf(undefined, undefined, undefined) : authorityOf(a?.userinfo, host, a?.port);
  if (!authority.ok) return authority;
  return finishAs(node, { ...partsOf(node), authority: authority.value });
}

/**
 * The reference with another port (§3.2.3; digits or a whole number), or without one (`undefined`).
 * It needs an authority.
 *
 * @example
 * const r = withPort(parseOrThrow("http://a/b/c/d;p?q"), 8080);
 * if (r.ok) serialize(r.value); // "http://a:8080/b/c/d;p?q"
 */
export function withPort<T extends UriReference = UriReference>(input: T | string, port: string | number | undefined): Checked<Rebuilt<T>> {
  const r = setterInput(input, port, "port", "withPort", true);
  if (!r.ok) return r;
  const node = r.value;
  const text = portText(port);
  const parts = partsOf(node);
  const a = parts.authority;
  if (a === undefined) return text === undefined ? finishAs(node, parts) : { ok: false, error: needsHost(text) };
  const error = check("port", text);
  if (error) return { ok: false, error };
  return finishAs(node, { ...parts, authority: make.authority(a.userinfo, a.host, text) });
}

/**
 * The reference with another path (§3.3; `undefined` means `""`). With an authority the path
 * must be empty or begin with "/"; without one it cannot begin with "//"; in a relative
 * reference its first segment cannot contain ":" (§4.2).
 *
 * @example
 * const r = withPath(parseOrThrow("http://a/b/c/d;p?q"), "/g");
 * if (r.ok) serialize(r.value); // "http://a/g?q"
 */
export function withPath<T extends UriReference = UriReference>(input: T | string, path: string | undefined): Checked<Rebuilt<T>> {
  const r = setterInput(input, path, "path", "withPath");
  return r.ok ? finishAs(r.value, { ...partsOf(r.value), path: path ?? "" }) : r;
}

/**
 * The reference with another query (§3.4, without the "?"), or without one (`undefined`).
 *
 * @example
 * const r = withQuery(parseOrThrow("http://a/b/c/d;p?q"), "y");
 * if (r.ok) serialize(r.value); // "http://a/b/c/d;p?y"
 */
export function withQuery<T extends UriReference = UriReference>(input: T | string, query: string | undefined): Checked<Rebuilt<T>> {
  const r = setterInput(input, query, "query", "withQuery");
  if (!r.ok) return r;
  const error = check("query", query);
  return error ? { ok: false, error } : finishAs(r.value, { ...partsOf(r.value), query });
}

/**
 * The reference with another fragment (§3.5, without the "#"), or without one (`undefined`,
 * e.g. to make a base URI of it, §5.1).
 *
 * @example
 * const r = withFragment(parseOrThrow("http://a/b/c/d;p?q"), "s");
 * if (r.ok) serialize(r.value); // "http://a/b/c/d;p?q#s"
 */
export function withFragment<T extends UriReference = UriReference>(input: T | string, fragment: string | undefined): Checked<Rebuilt<T>> {
  const r = setterInput(input, fragment, "fragment", "withFragment");
  if (!r.ok) return r;
  const error = check("fragment", fragment);
  return error ? { ok: false, error } : finishAs(r.value, { ...partsOf(r.value), fragment });
}

/** {@link buildUri}, throwing its error. */
export const buildUriOrThrow = /* @__PURE__ */ orThrow(buildUri);
/** {@link withScheme}, throwing its error. */
export const withSchemeOrThrow = /* @__PURE__ */ orThrow(withScheme);
/** {@link withUserinfo}, throwing its error. */
export const withUserinfoOrThrow = /* @__PURE__ */ orThrow(withUserinfo);
/** {@link withHost}, throwing its error. */
export const withHostOrThrow = /* @__PURE__ */ orThrow(withHost);
/** {@link withPort}, throwing its error. */
export const withPortOrThrow = /* @__PURE__ */ orThrow(withPort);
/** {@link withPath}, throwing its error. */
export const withPathOrThrow = /* @__PURE__ */ orThrow(withPath);
/** {@link withQuery}, throwing its error. */
export const withQueryOrThrow = /* @__PURE__ */ orThrow(withQuery);
/** {@link withFragment}, throwing its error. */
export const withFragmentOrThrow = /* @__PURE__ */ orThrow(withFragment);
