// Issue 32, item 4: passwords found where they still leaked, looked for as an attacker would
// (messages, findings, errors of the security entry). Each case failed before its fix.
import { parse, validate } from "../../src/index";
import { classifyAddress, classifyHost, securityFindings } from "../../src/security";
import { maskPassword, passwordRange } from "../../src/password";
import { parse as whatwgParse } from "../../src/whatwg";
import { fileUriToPath, pathToFileUri, ws } from "../../src/schemes";
import { percentDecode } from "../../src/components";
import { buildUri, withUserinfo } from "../../src/uri-builder";
import { expand } from "../../src/template";

const SECRET = "s3cr3tPW";

describe("a password before a backslash: RFC 3986 reads it where the URL Standard ends the authority", () => {
  const input = `http://u:${SECRET}\\@h/`;

  it("is masked as either reader finds it", () => {
    expect(passwordRange(input)).toEqual({ start: 9, end: 9 + SECRET.length + 1 });
    expect(maskPassword(input)).toBe("http://u:***@h/");
    // both readers' passwords, both masked: the URL Standard's ends at the first "\"
    expect(maskPassword(`http://u:${SECRET}@h\\x@y/`)).toBe("http://u:***@y/");
  });

  it("no message, finding or finding's error holds it", () => {
    const r = parse(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).not.toContain(SECRET);
    expect(JSON.stringify(securityFindings(input))).not.toContain(SECRET);
    for (const rule of ["URI", "absolute-URI", "IRI"]) {
      const v = validate(input, rule);
      if (!v.ok) expect(v.error.message).not.toContain(SECRET);
    }
  });
});

describe("the security entry's errors quote their input masked", () => {
  it("classifyHost of a host given with its userinfo", () => {
    const r = classifyHost(`u:${SECRET}@h`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).not.toContain(SECRET);
    expect(r.ok || r.error.message.includes("u:***@h")).toBe(true);
  });

  it("classifyAddress of an authority, or of a URI", () => {
    for (const input of [`u:${SECRET}@h`, `http://u:${SECRET}@h/`, `u:${SECRET}@127.0.0.1`]) {
      const r = classifyAddress(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).not.toContain(SECRET);
    }
  });
});

describe("an error's input (the text as given) is not printed by a logger", () => {
  // util.inspect is what console.log and console.error print; JSON.stringify what most loggers
  // write. Each error keeps `input` readable, as given, and its message masked.
  const inspect = (e: unknown): string => require("node:util").inspect(e, { depth: 4 }) as string;
  const cases: readonly (readonly [string, () => unknown])[] = [
    ["parse (UriSyntaxError)", () => { const r = parse(`http://u:${SECRET}@h^/`); return r.ok ? undefined : r.error; }],
    ["a maxLength error (InputTooLongError)", () => { const r = parse(`http://u:${SECRET}@h/${"a".repeat(40)}`, { maxLength: 30 }); return r.ok ? undefined : r.error; }],
    ["uri-grammar/whatwg parse (WhatwgUrlError)", () => { const r = whatwgParse(`https://u:${SECRET}@exa mple.com/`); return r.ok ? undefined : r.error; }],
    ["a scheme's parse (SchemeError)", () => { const r = ws.parse(`ws://u:${SECRET}@h/#frag`); return r.ok ? undefined : r.error; }],
    ["fileUriToPath (FilePathError)", () => { const r = fileUriToPath(`http://u:${SECRET}@h/x`); return r.ok ? undefined : r.error; }],
    // fuzz, 2026-11-30: these three kept `input` enumerable
    ["percentDecode of a whole URI (DecodeError)", () => { const r = percentDecode(`http://u:${SECRET}@h/%zz`); return r.ok ? undefined : r.error; }],
    ["classifyHost (HostError)", () => { const r = classifyHost(`http://u:${SECRET}@[::1/`); return r.ok ? undefined : r.error; }],
    ["classifyAddress (AddressError)", () => { const r = classifyAddress(`http://u:${SECRET}@h/`); return r.ok ? undefined : r.error; }],
  ];
  it.each(cases)("%s", (_name, make) => {
    const e = make() as { input: string; message: string } | undefined;
    expect(e).toBeInstanceOf(Error);
    if (e === undefined) return;
    expect(e.input).toContain(SECRET);
    expect(Object.keys(e)).not.toContain("input");
    expect(JSON.stringify(e)).not.toContain(SECRET);
    expect(inspect(e)).not.toContain(SECRET);
    expect(e.message).not.toContain(SECRET);
  });
});

describe("uri-grammar/whatwg quotes no password in what it says failed (fuzz, 2026-11-30)", () => {
  // The URL Standard ends a special URL's authority at "\" and reads no userinfo in a file URL,
  // so the port or the host it refuses is the password as RFC 3986 reads it (and as the
  // excerpt masks it): the short message quoted it
  it.each([
    [`http://u:${SECRET}\\@h/`, "port-invalid", `the port "***" is not a number`],
    [`ws://u:${SECRET}\\x@h/`, "port-invalid", `the port "***" is not a number`],
    [`file://u:${SECRET}@h/c:/x`, "domain-to-ASCII", `"u:***@h" is no domain`],
    [`file://u:${SECRET}@1.2.3.4.5/`, "domain-to-ASCII", `"u:***@1.2.3.4.5" is no domain`],
  ])("%s", (input, code, words) => {
    const r = whatwgParse(input);
    expect(r.ok ? undefined : r.error.code).toBe(code);
    if (r.ok) return;
    expect(r.error.message).not.toContain(SECRET);
    expect(r.error.shortMessage).toContain(words);
    const b = whatwgParse("x", input);
    expect(b.ok ? undefined : b.error.cause?.message).toContain(words);
  });
});

describe("a userinfo set where there is no host: the error masks its password (fuzz round 4)", () => {
  // withUserinfo and buildUri refuse a userinfo without a host; the error quoted the userinfo
  // read as an authority, where no "@" ends it, so its password showed
  it.each([
    ["withUserinfo on a URI without an authority", () => withUserinfo("mailto:x", `alice:${SECRET}`)],
    ["withUserinfo on a relative reference", () => withUserinfo("/path", `alice:${SECRET}`)],
    ["buildUri with a userinfo and no host", () => buildUri({ scheme: "mailto", userinfo: `alice:${SECRET}`, path: "x" })],
  ])("%s", (_name, call) => {
    const r = call();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.input).toBe(`alice:${SECRET}@`); // the authority it would make, without its host
    expect(r.error.message).not.toContain(SECRET);
    expect(r.error.message).toContain("alice:***@");
  });
});

describe("a URI passed where another argument goes: the TypeError quotes it masked (fuzz round 4)", () => {
  // a careless call (the base as the options, the arguments swapped) is refused with a TypeError
  // that names the value it got: that value is the URI, password and all, and a log keeps it
  const url = `http://alice:${SECRET}@h.example/`;
  const long = `https://a-rather-long-user-name:${SECRET}@h.example/`; // the password past 40 characters' cut
  const refusal = (call: () => unknown): string => {
    try {
      const r = call() as { ok?: boolean; error?: Error };
      return r?.ok === false ? String(r.error?.message) : "no error";
    } catch (e) {
      expect(e).toBeInstanceOf(TypeError);
      return (e as Error).message;
    }
  };
  it.each([
    ["securityFindings(ref, base)", () => securityFindings("/x", url as never)],
    ["securityFindings(ref, long base)", () => securityFindings("/x", long as never)],
    ["parse(input, base)", () => parse("/x", url as never)],
    ["validate(rule, input): the arguments swapped", () => validate("URI", url)],
    ["validate(input, base)", () => validate("/x", url)],
    ["expand(template, uri)", () => expand("{x}", url as never)],
  ])("%s", (_name, call) => {
    const message = refusal(call);
    expect(message).not.toBe("no error");
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain(SECRET.slice(0, 3));
    expect(message).toContain("***");
  });
});

// fuzz round 15, a sweep of every export's typed calls (scripts/fuzz.mjs's call table) with
// inputs that hold a password, the oracle "no error message or JSON.stringify(error) holds a
// password RFC 3986 or the URL Standard reads": two values an error quoted or kept in clear
// beside an input it masked
describe("values beside the input: a URI passed as a rule name, or as pathToFileUri's cwd", () => {
  const uri = `http://u:${SECRET}@h/`;
  it("UnknownRuleError keeps the rule name readable but out of JSON.stringify and util.inspect when it holds a password", () => {
    let e: unknown;
    try {
      validate("http://x/", uri);
    } catch (thrown) {
      e = thrown;
    }
    expect(e).toBeInstanceOf(TypeError);
    const err = e as TypeError & { ruleName?: string };
    expect(err.ruleName).toBe(uri);
    expect([err.message, JSON.stringify(err), require("node:util").inspect(err)].join("\n")).not.toContain(SECRET);
    // a rule name without a password stays in JSON, as before
    let plain: unknown;
    try {
      validate("http://x/", "segmentNzNcx");
    } catch (thrown) {
      plain = thrown;
    }
    expect(JSON.stringify(plain)).toContain("segmentNzNcx");
  });

  it("pathToFileUri's relative-path error quotes the cwd masked", () => {
    const r = pathToFileUri("a/b", { cwd: `http://u:${SECRET}@h:99/` });
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.message, JSON.stringify(r.error)].join("\n")).not.toContain(SECRET);
    if (!r.ok) expect(r.error.message).toContain("http://u:***@h:99/");
  });
});
