// A password behind an ASCII tab or newline (fuzz round 11): the URL Standard removes them all
// before it reads (whatwg-url.bs, #concept-basic-url-parser), so "ht\ttp://u:pw@h/" has a password
// for `new URL`, uri-grammar/whatwg and every browser; masking must find it there too.
import * as fs from "node:fs";
import * as path from "node:path";
import { validate } from "../../src/index";
import { maskPassword, maskPasswordAt, maskTemplatePasswordAt } from "../../src/password";
import { parse as whatwgParse } from "../../src/whatwg";
import { expand } from "../../src/template";

const { rows } = JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/passwords/tab-newline.json"), "utf8")) as { rows: [string, string][] };
const SECRET = "s3cr3tPW";

describe("a password behind a tab or newline", () => {
  it.each(rows)("%j is masked as %j", (text, masked) => {
    expect(maskPassword(text)).toBe(masked);
    expect(maskTemplatePasswordAt(text, 0).text).toBe(masked);
    // an offset after the password moves with the mask
    const at = maskPasswordAt(text, text.length);
    expect([at.text, at.offset]).toEqual([masked, masked.length]);
  });

  it.each(rows)("the URL Standard reads a password in %j (so it is one)", (text) => {
    expect(new URL(text, "foo://base/").password).toBe(SECRET);
    const r = whatwgParse(text, "foo://base/");
    expect(r.ok && new URL(r.value.url).password).toBe(SECRET);
  });

  it.each(rows)("validate(%j) does not quote the password", (text) => {
    const v = validate(text);
    expect(v.ok).toBe(false);
    if (!v.ok) expect([v.error.message, JSON.stringify(v.error)]).toEqual([expect.not.stringContaining(SECRET), expect.not.stringContaining(SECRET)]);
  });

  it.each(rows)("expand of a template %j + {x} does not quote the password in its error", (text) => {
    const r = expand(`${text}{x`, { x: "1" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).not.toContain(SECRET);
    expect(r.error.template).toBe(maskPassword(`${text}{x`));
    expect(JSON.stringify(r.error)).not.toContain(SECRET);
  });

  it("a text without a tab or newline reads as before", () => {
    expect(maskPassword("http://u:pw@h/")).toBe("http://u:***@h/");
    expect(maskPassword("ht tp://u:pw@h/")).toBe("ht tp://u:pw@h/");
    expect(maskPassword("http:\t")).toBe("http:\t");
  });
});
