// Fuzz round 9 (helper "fuzz"): what uri-grammar/security got wrong on hostile input. Each case
// failed before its fix.
import { UriSyntaxError } from "../../src/index";
import { maskPassword } from "../../src/password";
import { withHost } from "../../src/uri-builder";
import { AddressError, checkFetchTarget, classifyAddress, classifyHost, publicSuffix, registrableDomain, securityFindings } from "../../src/security";

describe("classifyAddress reads an IPv6 address with a dotted IPv4 tail as RFC 4291 §2.2 writes it", () => {
  // ipaddr.js reads "::a.b.c.d" as "::ffff:a.b.c.d", so "::0.0.0.1" (which is ::1) was "unspecified"
  // and "::1.2.3.4" an IPv4-mapped address; classifyHost, through the URL Standard's IPv6 parser, was right
  it.each([
    ["::0.0.0.1", "loopback", "::1", undefined],
    ["::0.0.0.0", "unspecified", "::", undefined],
    ["::1.2.3.4", "public", "1.2.3.4", "ipv4-compatible"],
    ["::10.0.0.1", "private", "10.0.0.1", "ipv4-compatible"],
    ["0:0:0:0:0:0:127.0.0.1", "loopback", "127.0.0.1", "ipv4-compatible"],
    ["::ffff:127.0.0.1", "loopback", "127.0.0.1", "ipv4-mapped"],
  ])("%s is %s (%s), as classifyHost reads it", (address, kind, inner, embedded) => {
    const r = classifyAddress(address);
    expect(r.ok && [r.value.kind, r.value.address, r.value.embedded, r.value.host]).toEqual([kind, inner, embedded, address]);
    const h = classifyHost(`[${address}]`);
    expect(h.ok && [h.value.kind, h.value.address, h.value.embedded]).toEqual([kind, inner, embedded]);
  });

  // a dotted tail with a leading zero or a hexadecimal part is no RFC 4291 text form (nor inet_pton's,
  // nor the URL Standard's): ipaddr.js read "::ffff:0177.0.0.1" as 177.0.0.1, "public", where a reader
  // of octal sees 127.0.0.1; the plain IPv4 form "0177.0.0.1" is refused already
  it.each(["::ffff:0177.0.0.1", "::ffff:0127.0.0.1", "::ffff:010.0.0.1", "::ffff:0x7f.0.0.1", "::ffff:127.000.000.001", "::01.2.3.4", "fe80::0177.0.0.1%eth0"])(
    "%s is an AddressError, as 0177.0.0.1 is",
    (address) => {
      const r = classifyAddress(address);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(AddressError);
      expect(classifyHost(`[${address.replace(/%.*/, "")}]`).ok).toBe(false);
    },
  );
});

describe("a file URL that is no URI: its host checks quote no password (RFC 3986 §7.5)", () => {
  // The URL Standard reads a file URL's authority whole as its host (file URLs have no userinfo); where
  // the text is no URI reference, that host held the password password.ts finds before the last "@",
  // and the label checks quoted it: "the label \"u:SECRET\u200E@h\": U+200E is not ..."
  const forms = (pw: string): string[] => [pw, pw.toLowerCase(), pw.normalize("NFKC"), pw.normalize("NFKC").toLowerCase()];
  it.each([
    ["file://u:SECRET\u200E@h/ x", "restricted-host-character"],
    ["file://u:SECRET\u0430@h/ x", "mixed-scripts"],
    ["file://u:\uFF33\uFF25\uFF23\uFF32\uFF25\uFF34@h/ x", "idna-mapped-host"],
    ["file://u:SE\u0421R\u0415\u0422@h/ x", "mixed-scripts"],
    ["file://u:SECRET\u200E@h/%", "restricted-host-character"],
    ["\u0000file://u:SECRET\u200E@h/ x", "restricted-host-character"],
  ])("%j: no finding holds its password in any case or width", (input) => {
    const r = /^[\0 ]*file:\/\/u:([^@]+)@/.exec(input);
    const pw = r?.[1] ?? "";
    expect(pw.length).toBeGreaterThan(4);
    const json = JSON.stringify(securityFindings(input)) + JSON.stringify(checkFetchTarget(input, { allowedSchemes: ["file"] }));
    for (const f of forms(pw)) expect(json).not.toContain(f);
    // the password is reported as the valid file URL's is: userinfo and password, masked
    const codes = securityFindings(input).map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(["userinfo", "password"]));
  });

  it("a relative reference against a file base, likewise", () => {
    const json = JSON.stringify(securityFindings("//u:SECRET\u200E@h/ x", { base: "file:///" }));
    expect(json).not.toContain("SECRET");
  });

  it("the host checks still read the host after the userinfo", () => {
    const codes = securityFindings("file://u:pw@h\u0430x.com/ x").map((f) => f.code);
    expect(codes).toContain("mixed-scripts");
    expect(JSON.stringify(securityFindings("file://u:pw1234@h\u0430x.com/ x"))).not.toContain("pw1234");
  });
});

describe("the builder's path error masks the password the URL Standard reads in a URI without \"//\"", () => {
  // "http:user:SECRET@h/" is http://user:SECRET@h/ to the URL Standard (password.ts masks it); RFC 3986
  // reads the path "user:SECRET@h/", which a host makes invalid, and the error quoted that path whole
  it.each([
    ["http:user:SECRET@h/", (u: string) => withHost(u, "x")],
    ["ftp:u:SECRET+,Z@h#f", (u: string) => withHost(u, "x")],
    ["ws:\\\\u:SECRET@h/p", (u: string) => withHost(u, "x")],
  ])("%j", (input, call) => {
    expect(maskPassword(input)).not.toContain("SECRET");
    const r = call(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(UriSyntaxError);
    expect(r.error.message).not.toContain("SECRET");
    expect(JSON.stringify(r.error)).not.toContain("SECRET");
    expect(r.error.found).not.toMatch(/[SECRT]/);
  });

  it("a path with no password is quoted as it was", () => {
    const r = withHost("mailto:u:SECRET@h", "x");
    expect(r.ok || r.error.message).toContain("u:SECRET@h");
  });
});

describe("registrableDomain and publicSuffix keep a host's trailing dot (URL Standard #host-public-suffix)", () => {
  // The Standard's example table (../shared/spec/whatwg-url.bs, #example-host-psl): "example.com."
  // has the public suffix "com." and the registrable domain "example.com."; the dot was dropped, so
  // "example.com." and "example.com", which browsers keep apart, gave one site
  it.each([
    ["com", "com", undefined],
    ["example.com", "com", "example.com"],
    ["www.example.com", "com", "example.com"],
    ["sub.www.example.com", "com", "example.com"],
    ["EXAMPLE.COM", "com", "example.com"],
    ["example.com.", "com.", "example.com."],
    ["github.io", "github.io", undefined],
    ["whatwg.github.io", "github.io", "whatwg.github.io"],
    ["\u0625\u062e\u062a\u0628\u0627\u0631", "xn--kgbechtv", undefined],
    ["example.\u0625\u062e\u062a\u0628\u0627\u0631", "xn--kgbechtv", "example.xn--kgbechtv"],
    ["sub.example.\u0625\u062e\u062a\u0628\u0627\u0631", "xn--kgbechtv", "example.xn--kgbechtv"],
    ["[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", undefined, undefined],
    ["com.", "com.", undefined],
    ["user.github.io.", "github.io.", "user.github.io."],
    ["https://a.b.example.co.uk./x", "co.uk.", "example.co.uk."],
  ])("%s: public suffix %s, registrable domain %s", (host, suffix, domain) => {
    expect([publicSuffix(host), registrableDomain(host)]).toEqual([suffix, domain]);
  });
});
