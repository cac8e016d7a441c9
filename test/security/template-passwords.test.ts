// Issue 32: no TemplateError tells a password (RFC 3986 §7.5). A server's template may carry a
// literal password ("http://svc:KEY@backend/{path}") while the URIs matched against it come from
// anyone: an error must neither quote that password (message, `template`, `input`, JSON,
// util.inspect) nor tell a character of it (`expected`, or an offset that moves on as a guess
// gets more of it right). The URI's own password is masked as the core masks it. Each case
// failed before the fix.
import { inspect } from "node:util";
import fc from "fast-check";
import { createRouter, expand, findAmbiguity, match, matchAll, matchOrThrow, parseTemplate, parseTemplateOrThrow, TemplateError } from "../../src/template";
import { maskPassword, maskPasswordAt, maskTemplatePasswordAt, PASSWORD_MASK, passwordRange } from "../../src/password";
import { isSpecialScheme } from "../../src/core/scheme-table";

/** The URL Standard's special schemes (#special-scheme), written out: the oracle. */
const URL_SPECIAL = new Set(["ftp", "file", "http", "https", "ws", "wss"]);
import { runs, seed } from "../helpers/runs";

const SECRET = "s3cr3tKEY";

/** Everything an error shows: its message, its fields (JSON), util.inspect. */
const shown = (e: unknown): string => {
  expect(e).toBeInstanceOf(TemplateError);
  const t = e as TemplateError;
  return [t.message, t.shortMessage, JSON.stringify(t), inspect(t), String(t.expected), t.input, t.template].join("\n");
};

/** What an error says, all of it, except its stack. */
const said = (e: TemplateError): unknown => ({ ...e, message: e.message });

describe("a template's literal password: no character of it in a TemplateError", () => {
  const template = `http://svc:${SECRET}@backend/{path}`;

  it("the finding of last session: `expected` was the password's next character", () => {
    const r = match(template, "http://svc:s3cr@backend/x");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.expected).not.toContain('"3"');
    expect(shown(r.error)).not.toContain(SECRET);
  });

  it("a guess that gets more of the password right is told nothing more (offset, expected, message)", () => {
    const errors = [...Array(SECRET.length).keys()].flatMap((k) =>
      ["", "!", "!@backend/x", "@backend/x"].map((tail) => {
        const r = match(template, `http://svc:${SECRET.slice(0, k)}${tail}`);
        expect(r.ok).toBe(false);
        return r.ok ? undefined : r.error;
      }),
    );
    for (const e of errors) {
      expect(e?.offset).toBe("http://svc:".length);
      expect(e?.expected).toEqual([]);
      expect(shown(e)).not.toContain(SECRET);
      expect(e?.template).toBe(maskPassword(template));
    }
  });

  it("the errors of two templates that differ in their password only are the same (property)", () => {
    const password = fc.stringMatching(/^[a-z0-9@:]{1,10}$/); // "@" and ":" too: the URL Standard reads a userinfo to its last "@"
    const tails = fc.constantFrom("", "!", "@", "@backend/x", "@backend", "@bXckend/x", ":1@backend/", "/x", "?q");
    fc.assert(
      fc.property(password, password, fc.integer({ min: 0, max: 1 }), fc.nat(12), fc.string({ maxLength: 3 }), tails, fc.constantFrom("http://svc:", "http://{user}:"), (p1, p2, whose, keep, noise, tail, head) => {
        const t1 = `${head}${p1}@backend/{path}`;
        const t2 = `${head}${p2}@backend/{path}`;
        const uri = `http://svc:${(whose === 0 ? p1 : p2).slice(0, keep)}${noise}${tail}`;
        // a URI with one of the passwords whole is a right guess, as a match would tell
        fc.pre(!uri.startsWith(`http://svc:${p1}@`) && !uri.startsWith(`http://svc:${p2}@`));
        const a = match(t1, uri);
        const b = match(t2, uri);
        if (a.ok || b.ok) return; // a URI that passes one password is a right guess
        expect(said(a.error)).toEqual(said(b.error));
      }),
      { numRuns: runs(200), seed: seed(3201) },
    );
  });

  it("every error of every template call: no password shown", () => {
    const withSecret = (t: string): string => t.replace("PW", SECRET);
    const errors: unknown[] = [];
    const result = (r: { ok: boolean; error?: unknown }): void => {
      expect(r.ok).toBe(false);
      errors.push(r.error);
    };
    result(parseTemplate(withSecret("http://u:PW@h/{x")));
    result(parseTemplate(withSecret("http://u:PW@h/{=x}")));
    result(parseTemplate(withSecret("http://u:P{W@h/")));
    result(expand(withSecret("http://u:PW@h/{x:2}"), { x: ["a", "b"] }));
    result(match(withSecret("http://u:PW@h/{x}"), "http://u:other@h/a"));
    result(match(withSecret("http://u:PW@h/{x}/{x}"), `http://u:${SECRET}@h/a/b`));
    result(matchAll(withSecret("http://u:PW@h/{x}"), "ftp://u:other@h/a"));
    result(match(withSecret("http://u:PW@h/{a}{b}/{a}"), withSecret("http://u:PW@h/xyz/q"), { maxReadings: 1 }));
    expect(() => parseTemplateOrThrow(withSecret("http://u:PW@h/{x"))).toThrow(TemplateError);
    expect(() => matchOrThrow(withSecret("http://u:PW@h/{x}"), "nope")).toThrow(TemplateError);
    try {
      matchOrThrow(withSecret("http://u:PW@h/{x}"), "nope");
    } catch (e) {
      errors.push(e);
      expect(inspect(e)).not.toContain(SECRET);
      expect((e as Error).stack).not.toContain(SECRET);
    }
    const router = createRouter([[withSecret("http://u:PW@h/{x}"), 1]] as const);
    expect(router.match("http://u:x@h/")).toBeUndefined();
    const added = router.add(withSecret("http://u:PW@h/{x"), 1);
    expect(added.ok).toBe(false);
    if (!added.ok) errors.push(added.error);
    for (const e of errors) expect(shown(e)).not.toContain(SECRET);
  });

  it("the ambiguity of a template with a password does not quote it", () => {
    const a = findAmbiguity(`http://u:${SECRET}@h/{a}{b}`);
    expect(a?.message).toContain("***");
    expect(a?.message).not.toContain(SECRET);
  });
});

describe("the URI's own password: masked as the core masks it", () => {
  it("a variable read two ways out of the URI's password is not quoted", () => {
    const r = match("http://{u}:{p}@h/{p}", `http://a:${SECRET}@h/other`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(shown(r.error)).not.toContain(SECRET);
  });

  it("a no-match after the password: the offset counts in the masked input", () => {
    const r = match("http://{u}:{p}@h/x", `http://a:${SECRET}@h/y`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.input).toBe(`http://a:${PASSWORD_MASK}@h/y`);
    expect(r.error.input[r.error.offset]).toBe("y");
    expect(r.error.shortMessage).toContain(`at offset ${r.error.offset}:`);
    expect(shown(r.error)).not.toContain(SECRET);
  });

  it("a template without a password: its errors are as they were", () => {
    const r = parseTemplate("http://h/{x");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.input).toBe("http://h/{x");
    expect(r.error.template).toBe("http://h/{x");
    expect(r.error.offset).toBe(11);
    const m = match("http://h/{x}", "http://g/a");
    expect(m.ok).toBe(false);
    if (m.ok) return;
    expect(m.error.offset).toBe(7);
    expect(m.error.expected).toEqual(['"h"']);
  });
});

/**
 * RFC 3986's reading of a URI reference's password, written out the way password.ts read it
 * before its pattern (AUTHORITY_START): the oracle the pattern is held to. Leading C0 controls
 * and spaces; a scheme name and ":" (a special one of the URL Standard's, any case, takes any run
 * of "/" and "\"; another needs "//"), or no scheme and two or more of "/" and "\"; the
 * authority to "/", "?" or "#"; the password after its first ":" up to its last "@", not empty.
 */
function writtenOut(text: string, read: (text: string) => { start: number; end: number } | undefined = readOut): { start: number; end: number } | undefined {
  const asWritten = read(text);
  if (asWritten !== undefined) return asWritten;
  // the URL Standard's reading: the text without its ASCII tabs and newlines, positions mapped back
  const positions = text.split("").map((c, i) => [c, i] as const).filter(([c]) => c !== "\t" && c !== "\n" && c !== "\r");
  const r = read(positions.map(([c]) => c).join(""));
  return r === undefined ? undefined : { start: positions[r.start]![1], end: positions[r.end - 1]![1] + 1 };
}

/**
 * passwordRange's reading (fuzz round 15): the template reader's (readOut, the tabs removed when
 * it finds none), else, where an authority has no "@", what follows its first ":" when that is no
 * port: where RFC 3986 (exactly two slashes) or the URL Standard (a special scheme but file, any
 * slashes) reads an authority, ended by "/", "?", "#" or "\\"; not an IP-literal's ":", not a
 * template's "{".
 */
const readAll = (text: string): { start: number; end: number } | undefined => writtenOut(text) ?? writtenOut(text, readNoPort);

function readNoPort(text: string): { start: number; end: number } | undefined {
  let at = 0;
  while (at < text.length && text.charCodeAt(at) <= 0x20) at++;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*/.exec(text.slice(at))?.[0] ?? "";
  const hasScheme = scheme !== "" && text[at + scheme.length] === ":";
  if (hasScheme) at += scheme.length + 1;
  const slashes = at;
  while (at < text.length && (text[at] === "/" || text[at] === "\\")) at++;
  if (!(hasScheme && URL_SPECIAL.has(scheme.toLowerCase()) && scheme.toLowerCase() !== "file") && at - slashes !== 2) return undefined;
  let end = at;
  while (end < text.length && !"/?#\\".includes(text[end] as string)) end++;
  const colon = text.indexOf(":", at);
  if (colon < 0 || colon >= end) return undefined;
  const port = text.slice(colon + 1, end);
  return /[@[{]/.test(text.slice(at, end)) || port === "" || /^\d+$/.test(port) ? undefined : { start: colon + 1, end };
}

function readOut(text: string): { start: number; end: number } | undefined {
  let at = 0;
  while (at < text.length && text.charCodeAt(at) <= 0x20) at++;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*/.exec(text.slice(at))?.[0] ?? "";
  const hasScheme = scheme !== "" && text[at + scheme.length] === ":";
  const special = !hasScheme || URL_SPECIAL.has(scheme.toLowerCase());
  if (hasScheme) at += scheme.length + 1;
  const slashes = at;
  while (at < text.length && (text[at] === "/" || (special && text[at] === "\\"))) at++;
  if (!(special && hasScheme) && at - slashes < 2) return undefined;
  let end = at;
  let lastAt = -1;
  for (; end < text.length && !"/?#".includes(text[end] as string); end++) if (text[end] === "@") lastAt = end;
  const colon = text.indexOf(":", at);
  return lastAt < 0 || colon < 0 || colon >= lastAt - 1 ? undefined : { start: colon + 1, end: lastAt };
}

describe("the template reader's masking (password.ts maskTemplatePasswordAt, what `{ expand }` bundles)", () => {
  it("masks as maskPasswordAt does, offsets moved alike, and finds the password a reading written out finds (property)", () => {
    const unit = fc.constantFrom("http", "HTTPS", "file", "FTP", "ws", "wss", "wsx", "foo", "a+b", "x", "1", ":", "/", "\\", "@", "?", "#", "{u}", "%41", " ", "\t", "\n", "\r", "\0", "pw", "é", "ſ", "h", "t", "p");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 14 }).map((u) => u.join("")), fc.nat(40), (text, offset) => {
        // the template reader reads a port that is no port too (issue 30, bytes30 session 17; it did not since fuzz round 15, for bytes)
        const own = writtenOut(text);
        expect(maskTemplatePasswordAt(text, offset)).toEqual(maskPasswordAt(text, offset));
        expect(passwordRange(text)).toEqual(readAll(text));
        if (own !== undefined) expect(passwordRange(text)).toEqual(own);
      }),
      { numRuns: runs(4000), seed: seed(3202) },
    );
  });

  it("knows the URL Standard's special schemes, in any case, and scheme-table.ts isSpecialScheme reads them (lowercase) there", () => {
    for (const name of [...URL_SPECIAL, "foo", "httpx", "wsx", "http+x", "ws.s", "f", "ftps", "fil"]) {
      for (const scheme of [name, name.toUpperCase()]) expect([scheme, passwordRange(`${scheme}:u:pw@h`)]).toEqual([scheme, URL_SPECIAL.has(name) ? { start: scheme.length + 3, end: scheme.length + 5 } : undefined]);
      // a port that is no port, without "//": the URL Standard reads an authority there (no port in file URLs)
      for (const scheme of [name, name.toUpperCase()]) expect([scheme, passwordRange(`${scheme}:u:pw`)]).toEqual([scheme, URL_SPECIAL.has(name) && name !== "file" ? { start: scheme.length + 3, end: scheme.length + 5 } : undefined]);
      expect([name, isSpecialScheme(name), isSpecialScheme(name.toUpperCase())]).toEqual([name, URL_SPECIAL.has(name), false]);
    }
    for (const notAName of ["", "//", "1http", "http:", " http", "http/", "ht tp", "\\"]) expect([notAName, isSpecialScheme(notAName)]).toEqual([notAName, false]);
  });
});
