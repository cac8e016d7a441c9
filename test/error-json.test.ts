// Every error class the public entries export writes one JSON shape (JSON.stringify, a log line):
// its name first, its message, and its own enumerable fields. A new user logging
// JSON.stringify(r.error) of a ResolveError, a RelativizeError, an IdnaError or a DecodeError got
// {"name", "code", ...} without the message (Error's own message is not enumerable), while the
// syntax errors gave theirs only as shortMessage. A field an error keeps out of JSON (an input
// that holds a password, RFC 3986 §7.5) stays out. The table holds one error of each class; the
// last test fails when an entry exports an error class the table does not hold.
import * as fs from "node:fs";
import * as path from "node:path";
import { InputTooLongError, parse, relativize, resolve, UriSyntaxError } from "../src/index";
import { AbnfError, GrammarError, grammarFromAbnf, MatchLimitError, UnknownRuleError } from "../src/abnf/index";
import { DecodeError, percentDecode } from "../src/components";
import { IdnaError } from "../src/iri/index";
import { FilePathError, SchemeError } from "../src/schemes/index";
import { AddressError, AddressRefusedError, HostError } from "../src/security";
import { WhatwgUrlError, parse as whatwgParse } from "../src/whatwg/index";
import { match, TemplateError } from "../src/template/index";

/** The error of a Result, or what `f` throws. */
function errorOf(f: () => unknown): Error {
  try {
    const r = f() as { ok?: boolean; error?: unknown };
    if (r?.ok === false && r.error instanceof Error) return r.error;
  } catch (e) {
    if (e instanceof Error) return e;
  }
  throw new Error("no error");
}

const ERRORS: readonly (readonly [string, () => Error])[] = [
  ["UriSyntaxError", () => errorOf(() => parse("http://a b/"))],
  ["InputTooLongError", () => errorOf(() => parse("http://a/".repeat(4), { maxLength: 10 }))],
  ["ResolveError", () => errorOf(() => resolve("a/b", "g"))],
  ["RelativizeError", () => errorOf(() => relativize("a/b", "http://x/"))],
  ["AbnfError", () => errorOf(() => grammarFromAbnf("a = \n"))],
  ["GrammarError", () => new GrammarError("bad-definition", "rule a: expected an ABNF expression", "a")],
  ["MatchLimitError", () => new MatchLimitError("aaaa", "a", 0, 1000)],
  ["UnknownRuleError", () => new UnknownRuleError("hots", "RFC 3986", "validate", "host")],
  ["DecodeError", () => errorOf(() => percentDecode("%zz"))],
  ["IdnaError", () => new IdnaError("invalid-label", "a--b", "a--b.example", "hyphens in the third and fourth positions")],
  ["FilePathError", () => new FilePathError("host-not-local", "file://h/x", "not a local file")],
  ["SchemeError", () => new SchemeError("http", "http://", { code: "syntax", offset: 7, rule: "authority", section: "RFC 9110 §4.2.1", expected: ["host"] })],
  ["AddressError", () => new AddressError("x", "not an address")],
  ["AddressRefusedError", () => new AddressRefusedError("a.example", "127.0.0.1", "loopback", ["public"])],
  ["HostError", () => new HostError("mailto:a@b", "it has no authority")],
  ["WhatwgUrlError", () => errorOf(() => whatwgParse("http://[::1"))],
  ["TemplateError", () => errorOf(() => match("{?params*}", "?q=a&q=b"))],
];

describe("JSON.stringify of every exported error: its name first, its message and its own fields", () => {
  it.each(ERRORS)("%s", (name, make) => {
    const e = make();
    expect(e.name).toBe(name);
    const json = JSON.parse(JSON.stringify(e)) as Record<string, unknown>;
    expect(Object.keys(json)[0]).toBe("name");
    expect([json["name"], json["message"]]).toEqual([e.name, e.message]);
    // the rest: the fields the error has for a reader (enumerable), as JSON writes them
    const own = Object.fromEntries(Object.keys(e).filter((k) => k !== "name").map((k) => [k, (e as unknown as Record<string, unknown>)[k]]));
    expect(json).toEqual(JSON.parse(JSON.stringify({ name: e.name, message: e.message, ...own })));
  });

  // one `switch (error.code)` reads the error of any Result: every class has a code, as a field
  // JSON writes (UriSyntaxError and its subclasses had none)
  it.each(ERRORS)("%s has a string code among its fields", (_name, make) => {
    const e = make() as Error & { code?: unknown };
    expect([typeof e.code, Object.keys(e).includes("code")]).toEqual(["string", true]);
  });

  it("the syntax errors' codes: syntax, too-long, match-limit", () => {
    expect(ERRORS.filter(([n]) => ["UriSyntaxError", "InputTooLongError", "MatchLimitError"].includes(n)).map(([, make]) => (make() as UriSyntaxError).code)).toEqual(["syntax", "too-long", "match-limit"]);
  });

  it("an input that holds a password stays out, as before (RFC 3986 §7.5); the message masks it", () => {
    const e = errorOf(() => parse("http://u:secret@a b/"));
    expect(e).toBeInstanceOf(UriSyntaxError);
    const text = JSON.stringify(e);
    expect([text.includes("secret"), "input" in (JSON.parse(text) as object)]).toEqual([false, false]);
  });

  it("the table holds every error class an entry of package.json exports", () => {
    const root = path.resolve(__dirname, "..");
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { exports: Record<string, { types?: string } | string> };
    const exported = new Set<string>();
    for (const entry of Object.values(pkg.exports)) {
      if (typeof entry !== "object" || entry.types === undefined) continue;
      const source = path.join(root, entry.types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts"));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const m = require(source) as Record<string, unknown>;
      for (const [k, v] of Object.entries(m)) if (typeof v === "function" && v.prototype instanceof Error) exported.add(k);
    }
    expect([...exported].sort()).toEqual(ERRORS.map(([n]) => n).sort());
    expect([InputTooLongError, AbnfError, DecodeError, SchemeError, HostError, WhatwgUrlError, TemplateError].every((c) => typeof c === "function")).toBe(true);
  });
});
