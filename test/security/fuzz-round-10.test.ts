// Fuzz round 10 (helper "fuzz"): passwords in messages (RFC 3986 §7.5). Each case failed before
// its fix.
import { validate } from "../../src/index";
import { maskPassword } from "../../src/password";

describe("a message about a text validated as an authority masks a password that text holds as a URI", () => {
  // password.ts read an `authority` text only as the authority after "//": "http://u:pw@h/p" read
  // so has no userinfo (the authority is "http:"), and the message quoted the password whole, where
  // `host`, `path-abempty` and `relative-ref` (read as a URI reference) masked it: read the way
  // that shows the most, as passwordRange's doc says
  const inputs = ["http://u:S3CRETpw@h/p", "ftp://u:S3CRETpw@[::1]:21/", "foo://u:S3CRETpw@h%zz/", "http://u:S3CRETpw@h/ x", "http://u:S3CRETpw@", "http:u:S3CRETpw@h/", "//u:S3CRETpw@h/x y"];
  it.each(inputs.flatMap((s) => ["authority", "iauthority"].map((rule) => [s, rule] as const)))("%s as %s", (s, rule) => {
    const v = validate(s, rule);
    expect(v.ok).toBe(false);
    expect(v.ok ? "" : v.error.message).not.toContain("S3CRETpw");
    expect(maskPassword(s, "***", { rule })).not.toContain("S3CRETpw");
  });

  it("an authority's own password is masked as before", () => {
    expect(maskPassword("u:S3CRETpw@h", "***", { rule: "authority" })).toBe("u:***@h");
    const v = validate("u:S3CRETpw@h x", "authority");
    expect(v.ok ? "" : v.error.message).not.toContain("S3CRETpw");
  });
});
