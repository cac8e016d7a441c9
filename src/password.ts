// RFC 3986 §3.2.1 and §7.5: the password of a userinfo ("user:password", deprecated) must not be
// rendered as clear text. Where a password stands in text, as either reader finds it: RFC 3986's
// authority after "//", and the URL Standard's, which for a special scheme (http, https, ws,
// wss, ftp, file) begins after any run of "/" and "\" (none at all in "http:user:pw@host") and
// ends its userinfo at the last "@". Messages, findings and display forms mask it; no parser.

/** Schemes the URL Standard reads an authority of without "//" (#special-scheme). */
const SPECIAL = /^(?:https?|wss?|ftp|file)$/i;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The mask a password is replaced with when nothing else is asked for. */
export const PASSWORD_MASK = "***";

/** A half-open range `[start, end)` of UTF-16 code units. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Where the password of `text` stands, read the way that shows the most: after `scheme:` and
 * "//" (RFC 3986 §3.2), or for a special scheme after any run of "/" and "\" (the URL Standard's
 * special authority states), or after "//" (or "\\" mixes) at the start of a relative reference;
 * the authority ends at the first "/", "?" or "#" ("\" too where the URL Standard reads it as
 * "/"); the userinfo ends at its last "@" (the URL Standard's reading; RFC 3986 allows one);
 * the password follows its first ":". `undefined` when there is none, or it is empty. Leading
 * C0 controls and spaces are skipped, as the URL Standard strips them.
 */
export function passwordRange(text: string): TextRange | undefined {
  let at = 0;
  while (at < text.length && text.charCodeAt(at) <= 0x20) at++;
  const scheme = SCHEME.exec(text.slice(at, at + 64))?.[0];
  let special: boolean;
  if (scheme !== undefined) {
    special = SPECIAL.test(scheme.slice(0, -1));
    at += scheme.length;
  } else {
    special = true; // a relative reference: against a special base, "\" is "/"
  }
  const slashes = at;
  while (at < text.length && (text[at] === "/" || (special && text[at] === "\\"))) at++;
  const n = at - slashes;
  if (!(special && scheme !== undefined) && n < 2) return undefined; // no authority without "//"
  const start = at;
  let end = start;
  let lastAt = -1;
  for (; end < text.length; end++) {
    const c = text[end];
    if (c === "/" || c === "?" || c === "#" || (special && c === "\\")) break;
    if (c === "@") lastAt = end;
  }
  if (lastAt < 0) return undefined;
  const colon = text.indexOf(":", start);
  if (colon < 0 || colon >= lastAt - 1) return undefined;
  return { start: colon + 1, end: lastAt };
}

/** `text` with its password ({@link passwordRange}) replaced by `mask`; unchanged when it has none. */
export function maskPassword(text: string, mask: string = PASSWORD_MASK): string {
  const r = passwordRange(text);
  return r === undefined ? text : text.slice(0, r.start) + mask + text.slice(r.end);
}

/**
 * `text` with its password masked, and `offset` moved to where the same character stands in the
 * masked text (an offset inside the password goes to the start of the mask).
 */
export function maskPasswordAt(text: string, offset: number): { readonly text: string; readonly offset: number; readonly inPassword: boolean } {
  const r = passwordRange(text);
  if (r === undefined) return { text, offset, inPassword: false };
  const masked = text.slice(0, r.start) + PASSWORD_MASK + text.slice(r.end);
  if (offset < r.start) return { text: masked, offset, inPassword: false };
  if (offset >= r.end) return { text: masked, offset: offset - (r.end - r.start) + PASSWORD_MASK.length, inPassword: false };
  return { text: masked, offset: r.start, inPassword: true };
}
