// uri-grammar/whatwg parse on fixtures/whatwg/parse.json: the RFC 3986 text, the repairs (kind,
// offset in the input, the URL Standard's validation error) and the errors; and the invariants
// every result keeps: href is a valid URI, its node is uri-grammar's parse of it, each repair's
// text stands at its offset, and new URL() reads href as the URL of the input.
import fc from "fast-check";
import { isValid, parse as parseRfc3986, parseRule, serialize } from "../../src/index";
import { parse, parseOrThrow, WhatwgUrlError, whatwgValidationErrors } from "../../src/whatwg/index";
import { whatwgSplit } from "../../src/security/whatwg";
import { readJson } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";

type Expected = string | { readonly error: string; readonly offset: number };
type Case = readonly [string, string | null, string, readonly (readonly [string, number, string | null])[]] | readonly [string, string | null, Expected];
/** Whether new URL() reads `a` and `b` as the same URL: the same components, percent-decoded. */
function sameUrl(a: string, b: string): boolean {
  const read = (s: string): string[] => {
    const u = new URL(s);
    const d = (x: string): string => Buffer.from(x.replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("latin1");
    return [u.protocol, d(u.hostname), u.port, d(u.username), d(u.password), d(u.pathname), d(u.search), d(u.hash)];
  };
  return JSON.stringify(read(a)) === JSON.stringify(read(b));
}

const fx = readJson<{ groups: readonly { readonly source: string; readonly cases: readonly Case[] }[] }>("whatwg", "parse.json");

describe("parse (uri-grammar/whatwg)", () => {
  const all = fx.groups.flatMap((g) => g.cases.map((c) => [g.source, c] as const));
  it.each(all)("%s: %j", (_source, c) => {
    const [input, base, expected] = c;
    const r = parse(input, base ?? undefined);
    if (typeof expected === "string") {
      if (!r.ok) throw r.error;
      expect(r.value.href).toBe(expected);
      expect(r.value.repairs.map((x) => [x.kind, x.offset, x.validationError ?? null])).toEqual(c[3]);
      expect(sameUrl(r.value.href, r.value.url)).toBe(true);
    } else {
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toBeInstanceOf(WhatwgUrlError);
      expect([r.error.code, r.error.offset]).toEqual([expected.error, expected.offset]);
      expect(r.error.message.split("\n")[0]).toBe(r.error.shortMessage);
    }
  });

  it("gives the node uri-grammar's parse gives for href, with its spans", () => {
    const v = parseOrThrow("HTTP://User@Example.COM:8080/a/../b?q#f");
    expect(v.href).toBe("http://User@example.com:8080/b?q#f");
    const again = parseRule(v.href, "URI");
    expect(again.ok && again.value).toEqual(v.uri);
    expect(serialize(v.uri)).toBe(v.href);
    expect(v.url).toBe(new URL("HTTP://User@Example.COM:8080/a/../b?q#f").href);
  });

  it("takes a base as a string or as a node, and refuses anything else with a TypeError", () => {
    const base = parseRfc3986("http://a/b/c/d;p?q");
    if (!base.ok) throw base.error;
    expect(parseOrThrow("../g", base.value).href).toBe("http://a/b/g");
    expect(parseOrThrow("../g", "http://a/b/c/d;p?q").href).toBe("http://a/b/g");
    expect(() => parse("a", 5 as unknown as string)).toThrow(TypeError);
    expect(() => parse(5 as unknown as string)).toThrow(/^parse: the argument "input" must be a string/);
    expect(() => parseOrThrow("http://[::1")).toThrow(WhatwgUrlError);
  });

  it("refuses an input or a base longer than the limit (2,097,152 code units, the longest URL Chromium accepts) with a typed error at the limit", () => {
    const long = `http://a/${"b".repeat(2_097_152)}`;
    const r = parse(long);
    expect(r.ok ? "parsed" : [r.error.code, r.error.offset]).toEqual(["invalid-URL-unit", 2_097_152]);
    const b = parse("c", long);
    expect(b.ok ? "parsed" : [b.error.code, b.error.offset, b.error.cause?.code, b.error.cause?.offset]).toEqual(["invalid-base", 2_097_152, "invalid-URL-unit", 2_097_152]);
    expect(parse(long.slice(0, 2_097_152)).ok).toBe(true); // at the limit: read (by the fast path)
  });

  it("names only validation errors of the URL Standard's table", () => {
    const text = fc.string({ unit: fc.constantFrom("http://", "//", "\\", "/", "?", "#", "@", ":", "[", "]", "%", "%2e", ".", "a", "A", "é", "例", "\u3002", " ", "\t", "\u0000", "0x", "xn--", "{", "|", "^", "`", "\"", "file:", "foo:"), maxLength: 14 });
    fc.assert(
      fc.property(text, (input) => {
        const r = parse(input, "http://example.com/a/b");
        if (!r.ok) {
          expect([...whatwgValidationErrors, "invalid-base"]).toContain(r.error.code);
          return;
        }
        expect(isValid(r.value.href, "URI")).toBe(true);
        for (const x of r.value.repairs) {
          expect(input.slice(x.offset, x.offset + x.from.length)).toBe(x.from);
          if (x.validationError !== undefined) expect(whatwgValidationErrors).toContain(x.validationError);
        }
      }),
      { numRuns: runs(1000), seed: seed(2104) },
    );
  });
});

describe("a Windows drive letter where a file URL's host stands (#file-host-state)", () => {
  // The URL Standard's definition, written out here: two code points, an ASCII alpha, then ":" or "|"
  // (#windows-drive-letter). The repairs of uri-grammar/whatwg and the split the security checks
  // read (src/security/whatwg.ts) must both take exactly these for a path, and agree with new URL().
  const firsts = ["a", "C", "z", "0", "9", "_", "-", "~", "é"];
  const seconds = [":", "|", "x", "0", "-"];
  const cases = firsts.flatMap((a) => seconds.map((b) => `${a}${b}`));
  it.each(cases)("file://%s/x", (host) => {
    const input = `file://${host}/x`;
    const drive = /^[A-Za-z]$/.test(host[0] ?? "") && (host[1] === ":" || host[1] === "|");
    const split = whatwgSplit(input, "", false);
    const r = parse(input);
    let url: URL | undefined;
    try {
      url = new URL(input);
    } catch {
      url = undefined;
    }
    expect(url !== undefined && url.host === "" && url.pathname.startsWith(`/${host[0] ?? ""}:`)).toBe(drive);
    expect(split.host === "").toBe(drive);
    expect(r.ok && r.value.repairs.some((x) => x.kind === "drive-letter" && x.component === "path")).toBe(drive);
    if (drive && r.ok) expect(r.value.href).toBe(`file:///${host[0] ?? ""}:/x`);
  });
});
