// RFC 3986 §3.2.1 and §7.5: a password ("user:password", deprecated) must not be rendered as clear text. Where it stands, as RFC 3986 and the URL Standard
// read it; messages, findings and display forms mask it. No parser.

/** The mask a password is replaced with when nothing else is asked for. */
export const PASSWORD_MASK = "***";

/** A half-open range `[start, end)` of UTF-16 code units. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** How {@link passwordRange} reads a text. */
export interface PasswordReading {
  /**
   * The ABNF rule the text is (the command line's `--rule`): `"authority"` and `"iauthority"`
   * are read as the authority after "//" (and, where that finds no password, as a URI
   * reference), `"userinfo"` and `"iuserinfo"` as a userinfo (the password after its first
   * ":"); any other rule as a URI reference.
   */
  readonly rule?: string | undefined;
  /**
   * The text is the beginning of a longer one (a line cut short): an authority that runs to the
   * end of the text may go on, so whatever follows its first ":" is taken for the password.
   */
  readonly open?: boolean | undefined;
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
export function passwordRange(text: string, how: PasswordReading = {}): TextRange | undefined {
  const rule = how.rule?.toLowerCase();
  if (rule === "userinfo" || rule === "iuserinfo") {
    // RFC 3986 §3.2.1: userinfo = user [ ":" password ], no "@" in it
    const colon = text.indexOf(":");
    return colon < 0 || colon >= text.length - 1 ? undefined : { start: colon + 1, end: text.length };
  }
  if (rule === "authority" || rule === "iauthority") {
    // §3.2: the authority as it stands after "//"; else a URI reference's ("http://u:pw@h/" validated as an authority)
    const r = passwordRange(`//${text}`, { open: how.open });
    if (r !== undefined) return { start: r.start - 2, end: r.end - 2 };
  }
  return referencePassword(text, how.open === true) ?? untabbed(text, noPort);
}

/** {@link passwordRange} of a text read as a URI reference (no `rule`): what a URI Template's text is read as (RFC 6570 §1.1). */
export const referencePassword = (text: string, open: boolean): TextRange | undefined => untabbed(text, open ? openPassword : closedPassword);

/** The password of a text cut short inside the authority: its "@" may come later, so all after the ":" may be the password. */
const openPassword = (text: string): TextRange | undefined => openRange(text) ?? closedPassword(text);

/**
 * A reader of the range of `pattern`'s group in a text (its `d` flag gives the group's indices),
 * `undefined` where it does not match.
 */
const groupOf = (pattern: RegExp) => (text: string): TextRange | undefined => {
  const r = pattern.exec(text)?.indices?.[1];
  return r && { start: r[0], end: r[1] };
};

/**
 * `read(text)`, or where it finds no password, `read` of the text without its ASCII tabs and
 * newlines, which the URL Standard removes before it reads (#concept-basic-url-parser:
 * "ht\ttp://u:pw@h/" has a password), the range moved back onto the text.
 */
function untabbed(text: string, read: (text: string) => TextRange | undefined): TextRange | undefined {
  const r = read(text);
  if (r || !TAB.test(text)) return r;
  // the text without them in one native pass (a callback per character took seconds on 128 KiB:
  // test/security/huge-inputs); `at(k)`, where the k-th character kept stands in the text, is
  // counted only for the two ends of a password found
  const s = read(text.split(TAB).join(""));
  const at = (k: number): number => {
    let i = -1;
    while (k >= 0) TAB.test(text[++i] as string) || k--;
    return i;
  };
  return s && { start: at(s.start), end: at(s.end - 1) + 1 };
}

const TAB = /[\t\n\r]/;


/**
 * A URI reference's authority up to the password, and the password (the group): after leading C0
 * controls and spaces (which the URL Standard strips), a special scheme (#special-scheme, in any
 * case: its names are written here once, and scheme-table.ts isSpecialScheme reads them) and any
 * run of "/" and "\" (none at all in "http:user:pw@host"), another scheme (RFC 3986 §3.1) and "//", or no scheme and
 * two or more of "/" and "\" (a relative reference: against a special base, "\" is "/"); then the
 * authority as RFC 3986 reads it, up to "/", "?" or "#" ("\" no delimiter there: a special
 * scheme's, which the URL Standard ends at a "\" too, holds the same first ":" and any "@" of that
 * shorter one, so the password RFC 3986's reading finds covers the URL Standard's: in
 * "http://u:pw\@h/" both are masked), its first ":", and at least one character after it. Written
 * as patterns rather than with the scheme table, which they would bring into every bundle that
 * masks (uri-grammar/template's `{ expand }`); test/security/template-passwords.test.ts holds
 * them to a reading written out, and the special schemes to the URL Standard's list. `i` without
 * `u`: no non-ASCII character folds to an ASCII letter (ECMA-262 Canonicalize). A run of "/" and "\" is never given back (the look-aheads), and no
 * other part can give back what the next one reads, so a match is linear in the text.
 */
const userinfoPattern = (end: string): RegExp => new RegExp(String.raw`^[\0- ]*(?:(?:ftp|file|https?|wss?):[/\\]*(?![/\\])|[a-z][a-z\d+.-]*:\/\/+|[/\\]{2,}(?![/\\]))[^/?#:]*:([^/?#]+)` + end, "di");
/** {@link referencePassword} of a whole text: the password up to the userinfo's last "@" in the authority (the greedy run gives back to it). */
const closedPassword = /* @__PURE__ */ groupOf(/* @__PURE__ */ userinfoPattern("@"));
/**
 * An authority without "@" whose text after its first ":" is no port (RFC 3986 §3.2.3: port =
 * *DIGIT), and that text (the group): "http://user:pw" is RFC 3986's host "user" and port "pw",
 * which it refuses as the URL Standard does, and most likely a userinfo whose "@host" is missing,
 * so {@link passwordRange} takes it for a password (SECURITY.md: what may be a password is not
 * shown). Where both read an authority: after exactly "//" (or "\\", any mix), or a special scheme
 * but "file" (whose URLs have no port) and any run of "/" and "\\" (the URL Standard reads
 * "http:user:pw" as host and port); not an IP-literal's ":" ("[::1]:8x"), nor a port with a "{" (a
 * template's expression, RFC 6570: "http://h:{port}/"); the text ends at "/", "?", "#", "\\" or
 * the end. The special schemes but "file" are written again here (a pattern built from one list
 * costs every template bundle 8 bytes); test/security/template-passwords.test.ts holds both to
 * the URL Standard's list. The template reader ({@link uriPassword}) reads it too since issue
 * 30's bytes30 session 17 (65-71 bytes gzip in each bundle of uri-grammar/template, paid by
 * savings in them, bench/SIZE.md). Linear: nothing is given back but the last run, where it stops at "@" or
 * "{", and then fails.
 */
const noPort = /* @__PURE__ */ groupOf(/^[\0- ]*(?:(?:ftp|https?|wss?):[/\\]*(?![/\\])|(?:[a-z][a-z\d+.-]*:)?[/\\]{2}(?![/\\]))[^/?#:@[{\\]*:(\d*[^\d/?#@{\\][^/?#@{\\]*)(?![^/?#\\])/di);

/** The password of an authority that runs to the end of the text (passwordRange's `open`). */
const openRange = /* @__PURE__ */ groupOf(/* @__PURE__ */ userinfoPattern("$"));

/** `text` with its password ({@link passwordRange}) replaced by `mask`; unchanged when it has none. */
export function maskPassword(text: string, mask: string = PASSWORD_MASK, how: PasswordReading = {}): string {
  const r = passwordRange(text, how);
  return r === undefined ? text : text.slice(0, r.start) + mask + text.slice(r.end);
}

/**
 * `text` with its password masked, and `offset` moved to where the same character stands in the
 * masked text (an offset inside the password goes to the start of the mask).
 */
export function maskPasswordAt(text: string, offset: number, how: PasswordReading = {}): MaskedAt {
  return maskedAt(text, offset, passwordRange(text, how));
}

/**
 * {@link maskPasswordAt} for a URI Template's text (RFC 6570 §1.1: a URI reference with
 * expressions) or a URI matched against one, read as a URI reference ({@link uriPassword}): the
 * same mask as `maskPasswordAt(text, offset)`, "http://user:pw" included, without the readings of
 * other rules, so that a bundle of uri-grammar/template's `expand` keeps only this.
 */
export const maskTemplatePasswordAt = (text: string, offset: number): MaskedAt => maskedAt(text, offset, uriPassword(text));

/**
 * {@link passwordRange} of a whole text read as a URI reference (no `rule`): the password before
 * the userinfo's last "@", else that of an authority without "@" whose text after its first ":"
 * is no port (`"http://user:pw"`).
 */
export const uriPassword = (text: string): TextRange | undefined => untabbed(text, closedPassword) ?? untabbed(text, noPort);

/** A text with its password masked, and an offset in it moved with the mask. */
export interface MaskedAt {
  readonly text: string;
  readonly offset: number;
  /** The offset was inside the password (it is now the start of the mask). */
  readonly inPassword: boolean;
}

function maskedAt(text: string, offset: number, r: TextRange | undefined): MaskedAt {
  if (r === undefined) return { text, offset, inPassword: false };
  const inPassword = offset >= r.start && offset < r.end;
  return {
    text: text.slice(0, r.start) + PASSWORD_MASK + text.slice(r.end),
    offset: offset < r.start ? offset : inPassword ? r.start : offset - (r.end - r.start) + PASSWORD_MASK.length,
    inPassword,
  };
}

/**
 * Sets an error's `input` (the text as given, password included) as a property that can be read
 * but is not enumerable: `JSON.stringify`, `util.inspect` (so `console.log(error)`) and loggers
 * that copy an error's enumerable properties leave it out, so a password in it is not written to
 * a log by accident (RFC 3986 §7.5); the message shows the input with its password masked.
 */
export function defineInput(error: Error, input: string): void {
  Object.defineProperty(error, "input", { value: input, enumerable: false, writable: false, configurable: true });
}

/**
 * The passwords of the URIs written inside free text (ABNF text, a line of a file), each as
 * {@link passwordRange} reads a URI reference: the text is cut into runs between white space,
 * '"', "<" and ">" (none of which a URI holds, RFC 3986 §2; RFC 5234 quotes strings and prose
 * with them), and each run is read from every place a URI may start in it (URI_STARTS: a scheme
 * and its ":", or "//"), so "(http://u:pw@h/)", "see:http://u:pw@h" and two URIs joined by a ","
 * all have theirs found. A read that finds an authority's start (START_AUTHORITY) covers the text
 * up to the next "/", "?" or "#", where any authority read from there ends (RFC 3986 §3.2), and
 * the starts inside it are not read again: one that begins inside that authority reads a part of
 * it, whose first ":" is no earlier and whose last "@" is the same, so it finds no password the
 * first read did not (nor does the no-@ reading: what follows a later ":" is a part of what
 * follows the first). Linear: past a start's own characters, each character is read once.
 */
export function passwordsIn(text: string): TextRange[] {
  const out: TextRange[] = [];
  for (const m of text.matchAll(/[^\s"<>]+/g)) {
    const run = m[0];
    let covered = 0;
    for (const s of run.matchAll(URI_STARTS)) {
      const at = s.index as number;
      if (at < covered) continue;
      START_AUTHORITY.lastIndex = at;
      if (!START_AUTHORITY.test(run)) continue;
      DELIMITER.lastIndex = START_AUTHORITY.lastIndex;
      covered = DELIMITER.test(run) ? DELIMITER.lastIndex - 1 : run.length;
      const r = passwordRange(run.slice(at, covered));
      if (r !== undefined) out.push({ start: (m.index as number) + at + r.start, end: (m.index as number) + at + r.end });
    }
  }
  return out;
}

/** Where a URI may start inside a run of text: a scheme (at the start of a run of scheme characters) and its ":", or "//" (or "\\"). */
const URI_STARTS = /(?<![a-z\d+.-])[a-z][a-z\d+.-]*:|[/\\]{2}/gi;
/**
 * What one of {@link passwordRange}'s readings reads before an authority (PASSWORD's and NO_PORT's
 * starts, after their leading controls): a special scheme and any run of "/" and "\\", another
 * scheme and "//" or more, or a scheme or none and two of "/" and "\\" (two or more with none).
 */
const START_AUTHORITY = /(?:ftp|file|https?|wss?):[/\\]*(?![/\\])|[a-z][a-z\d+.-]*:(?:\/\/+|[/\\]{2}(?![/\\]))|[/\\]{2,}(?![/\\])/iy;
/** The "/", "?" or "#" that ends an authority (RFC 3986 §3.2). */
const DELIMITER = /[/?#]/g;

/**
 * Free text with the passwords of the URIs in it masked ({@link passwordsIn}), and `offset`
 * moved to where the same character stands in the masked text (an offset inside a password
 * goes to the start of its mask, and `inPassword` says so).
 */
export function maskPasswordsInAt(text: string, offset: number): MaskedAt {
  let masked = "";
  let last = 0;
  let moved = offset;
  let inPassword = false;
  for (const r of passwordsIn(text)) {
    masked += text.slice(last, r.start) + PASSWORD_MASK;
    if (offset >= r.end) moved -= r.end - r.start - PASSWORD_MASK.length;
    else if (offset >= r.start) (moved -= offset - r.start), (inPassword = true);
    last = r.end;
  }
  return { text: masked + text.slice(last), offset: moved, inPassword };
}
