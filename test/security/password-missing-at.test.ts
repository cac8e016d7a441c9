// Fuzz round 15 (round 14's open question 1): an authority with no "@" whose text after its
// first ":" is not a port, "http://user:s3cr3tPW", is RFC 3986's host "user" and port
// "s3cr3tPW" (invalid) and most likely a userinfo whose "@host" is missing. SECURITY.md shows no
// text that may be a password, so that text is masked wherever input is shown; before, every
// error message quoted it. fixtures/passwords/missing-at.json: texts, their masked form, controls.
// The template reader (maskTemplatePasswordAt, what uri-grammar/template bundles) does not read
// this: it would cost every template bundle 68-75 bytes (SECURITY.md; fuzz round 16 measured).
import * as fs from "node:fs";
import * as path from "node:path";
import { parse, validate } from "../../src/index";
import { maskPassword, maskPasswordAt, passwordRange } from "../../src/password";
import { parse as whatwgParse } from "../../src/whatwg";
import { securityFindings, classifyAddress } from "../../src/security";

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

});
