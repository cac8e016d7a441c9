// Fuzz round 15 (round 14's open question 1): an authority with no "@" whose text after its
// first ":" is not a port, "http://user:s3cr3tPW", is RFC 3986's host "user" and port
// "s3cr3tPW" (invalid) and most likely a userinfo whose "@host" is missing. SECURITY.md shows no
// text that may be a password, so that text is masked wherever input is shown; before, every
// error message quoted it. fixtures/passwords/missing-at.json: texts, their masked form, controls.
// The template reader (maskTemplatePasswordAt, what uri-grammar/template bundles) reads it too
// since issue 30's bytes30 session 17 (it cost every template bundle 65-71 bytes, paid by savings
// in them, bench/SIZE.md): a TemplateError quoted it in its message, `template` and `input`.
import * as fs from "node:fs";
import * as path from "node:path";
import { parse, validate } from "../../src/index";
import { maskPassword, maskPasswordAt, passwordRange } from "../../src/password";
import { parse as whatwgParse } from "../../src/whatwg";
import { securityFindings, classifyAddress } from "../../src/security";
import { inspect } from "node:util";
import { createRouter, expand, findAmbiguity, match, matchAll, parseTemplate, TemplateError } from "../../src/template";
import { maskTemplatePasswordAt } from "../../src/password";

const { rows } = JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/passwords/missing-at.json"), "utf8")) as { rows: [string, string, string][] };
const SECRET = "s3cr3tPW";
const masked = rows.filter(([text, shown]) => text !== shown);

describe("an authority without \"@\" and a port that is no port", () => {
  it.each(rows)("%j is shown as %j (%s)", (text, shown) => {
    expect(maskPassword(text)).toBe(shown);
    const at = maskPasswordAt(text, text.length);
    expect([at.text, at.offset]).toEqual([shown, shown.length]);
  });

  it("the rules authority and userinfo read it too", () => {
    expect(maskPassword(`user:${SECRET}`, "***", { rule: "authority" })).toBe("user:***");
    expect(maskPassword("host:8080", "***", { rule: "authority" })).toBe("host:8080");
    expect(passwordRange(`user:${SECRET}`, { rule: "userinfo" })).toEqual({ start: 5, end: 13 });
  });

  const withSecret = masked.filter(([text]) => text.includes(SECRET));

  it.each(withSecret)("no error of parse, validate or the URL Standard's parser on %j quotes it", (text) => {
    const shownBy: string[] = [];
    const p = parse(text);
    if (!p.ok) shownBy.push(p.error.message, JSON.stringify(p.error));
    for (const rule of ["URI", "URI-reference", "absolute-URI", "IRI", "authority"]) {
      const v = validate(text, rule);
      if (!v.ok) shownBy.push(v.error.message, JSON.stringify(v.error));
    }
    const w = whatwgParse(text, "http://base.example/");
    if (!w.ok) shownBy.push(w.error.message, JSON.stringify(w.error));
    const a = classifyAddress(text);
    if (!a.ok) shownBy.push(a.error.message);
    shownBy.push(JSON.stringify(securityFindings(text)));
    expect(shownBy.length).toBeGreaterThan(1);
    for (const s of shownBy) expect(s).not.toContain(SECRET);
  });

  it.each(rows)("the template reader masks %j as %j (%s)", (text, shown) => {
    const at = maskTemplatePasswordAt(text, text.length);
    expect([at.text, at.offset]).toEqual([shown, shown.length]);
  });

  it.each(withSecret)("no TemplateError of a template or a URI %j quotes it (message, template, input, JSON, inspect)", (text) => {
    // the texts end their authority where a template's expression may follow: "/" unless it has one
    const t: string = /[/?#\\]/.test(text.replace(/^[^:]*:[/\\]*/, "")) ? text : `${text}/`;
    const errors: unknown[] = [];
    const refused = (r: { ok: boolean; error?: unknown }): void => {
      expect(r.ok).toBe(false);
      errors.push(r.error);
    };
    refused(parseTemplate(`${t}{x`));
    refused(parseTemplate(`${t}{=x}`));
    refused(expand(`${t}{x:2}` as string, { x: ["a", "b"] }));
    refused(match(`${t}{x}`, "nope"));
    refused(matchAll(`${t}{x}`, "nope"));
    refused(match("nope/{x}", text));
    refused(matchAll("nope/{x}", text));
    refused(match(`${t}{a}/{a}`, `${t}b/c`));
    // a variable read two ways, one of them the URI's password: its values are not shown
    refused(match("http://{u}:{p}/{p}", `http://user:${SECRET}/other`));
    const added = createRouter([["http://h/{y}", 0]] as [string, number][]).add(`${t}{x` as string, 1);
    refused(added);
    expect(() => createRouter([]).matchAll(text)).not.toThrow();
    const shownBy = errors.map((e) => {
      expect(e).toBeInstanceOf(TemplateError);
      const te = e as TemplateError;
      return [te.message, JSON.stringify(te), inspect(te), te.template, te.input].join("\n");
    });
    // findAmbiguity throws the TemplateError of a template RFC 6570 refuses (a space, a "\\")
    try {
      shownBy.push(findAmbiguity(`${t}{a}{b}`)?.message ?? "");
    } catch (e) {
      expect(e).toBeInstanceOf(TemplateError);
      shownBy.push((e as TemplateError).message, (e as TemplateError).template);
    }
    for (const s of shownBy) expect(s).not.toContain(SECRET);
  });
});
