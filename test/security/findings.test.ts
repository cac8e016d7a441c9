// uri-grammar/security: securityFindings on every input of fixtures/security/*.json (the
// advisories' attack inputs, the ReDoS families, and checks.json for the codes the advisories do
// not reach, with controls that must give none). Each case records the codes in text order; each
// finding about the host carries the host WHATWG URL reads, which must be the recorded one. The
// WHATWG reading is data (recorded once); the live comparison with this Node's URL only reports.
import fc from "fast-check";
import { parse, parseOrThrow, UriSyntaxError, parseRule, parseRuleOrThrow } from "../../src/index";
import { securityFindings, securityFindingCodes, type SecurityFinding } from "../../src/security";
import { whatwgSplit } from "../../src/security/whatwg";
import { maskPasswordAt, PASSWORD_MASK, passwordRange } from "../../src/password";
import { jsonFiles, readJson } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";

type Part = string | { readonly repeat: string; readonly count: number };
interface Case {
  readonly input?: string;
  readonly generator?: { readonly parts: readonly Part[] };
  readonly base?: string;
  readonly findings: readonly string[];
  readonly whatwg: { readonly throws: true } | { readonly hostname: string };
}

const inputOf = (c: Case): string => c.input ?? (c.generator?.parts ?? []).map((p) => (typeof p === "string" ? p : p.repeat.repeat(p.count))).join("");
const optionsOf = (c: Case): { base: string } | undefined => (c.base === undefined ? undefined : { base: c.base });
const label = (c: Case): string => (c.input !== undefined ? JSON.stringify(c.input) : `generated, ${inputOf(c).length} characters`) + (c.base === undefined ? "" : ` against ${c.base}`);

const files = jsonFiles("security");
const cases = files.flatMap((f) => readJson<{ cases: readonly Case[] }>("security", f).cases.map((c) => [f, c] as const));

/** A recorded host; redos.json records a long one as its first 40 characters and "… (N chars)". */
function sameHost(host: string | null, recorded: string | null): boolean {
  const cut = recorded === null ? null : /^(.*)… \((\d+) chars\)$/su.exec(recorded);
  if (cut === null || host === null) return host === recorded;
  return host.startsWith(cut[1] ?? "") && host.length === Number(cut[2]);
}

const COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "reference"];
/** The rules every finding keeps, whatever the input. */
function wellFormed(input: string, findings: readonly SecurityFinding[]): void {
  expect(Object.isFrozen(findings)).toBe(true);
  let last = -1;
  for (const f of findings) {
    expect(Object.isFrozen(f)).toBe(true);
    expect(securityFindingCodes).toContain(f.code);
    expect(COMPONENTS).toContain(f.component);
    expect(f.offset).toBeGreaterThanOrEqual(0);
    // the text at the offset, a password shown as "***" (RFC 3986 §7.5)
    const [before, after] = f.text.includes(PASSWORD_MASK) ? f.text.split(PASSWORD_MASK) : [f.text, undefined];
    const pw = passwordRange(input);
    if (after === undefined || pw === undefined) expect(input.slice(f.offset, f.offset + f.text.length)).toBe(f.text);
    else expect(input.slice(f.offset, pw.start) + PASSWORD_MASK + input.slice(pw.end, pw.end + (after ?? "").length)).toBe(f.text);
    expect(f.offset).toBeGreaterThanOrEqual(last);
    last = f.offset;
    expect(f.message.length).toBeGreaterThan(0);
    expect(f.cite.length).toBeGreaterThan(0);
    expect((f.code === "syntax") === (f.error !== undefined)).toBe(true);
  }
  const valid = parse(input).ok || parseRule(input, "IRI-reference").ok;
  const syntax = findings.filter((f) => f.code === "syntax");
  expect(syntax.length).toBe(valid ? 0 : 1);
  if (syntax[0] !== undefined) {
    expect(syntax[0].error).toBeInstanceOf(UriSyntaxError);
    // the error of the text with its password masked (RFC 3986 §7.5), its offset counted there
    const masked = maskPasswordAt(input, syntax[0].offset);
    if (syntax[0].error?.name !== "InputTooLongError") expect([syntax[0].error?.input, syntax[0].error?.offset]).toEqual([masked.text, masked.offset]);
  }
}

it("has fixtures, and every finding code is exercised by one", () => {
  expect(cases.length).toBeGreaterThan(150);
  const seen = new Set(cases.flatMap(([, c]) => c.findings));
  expect(securityFindingCodes.filter((code) => !seen.has(code))).toEqual([]);
  for (const code of seen) expect(securityFindingCodes).toContain(code);
});

describe.each(files)("%s", (file) => {
  const mine = cases.filter(([f]) => f === file).map(([, c]) => [label(c), c] as const);
  it.each(mine)("%s", (_name, c) => {
    const input = inputOf(c);
    const findings = securityFindings(input, optionsOf(c));
    expect(findings.map((f) => f.code)).toEqual(c.findings);
    wellFormed(input, findings);
    // the host WHATWG URL reads, where a finding names it, is the recorded one
    const recorded = "throws" in c.whatwg ? null : c.whatwg.hostname;
    for (const f of findings) if (f.whatwgHost !== undefined) expect(sameHost(f.whatwgHost, recorded)).toBe(true);
  });
});

describe("the WHATWG reading of the host (src/security/whatwg.ts)", () => {
  it("is the recorded one for every fixture input with an authority of its own", () => {
    const wrong: string[] = [];
    for (const [, c] of cases) {
      const input = inputOf(c);
      const base = c.base === undefined ? "http" : (/^[a-z][a-z0-9+.-]*/i.exec(c.base)?.[0] ?? "http").toLowerCase();
      const host = whatwgSplit(input, base, c.base !== undefined).host;
      if (host === undefined) continue;
      const recorded = "throws" in c.whatwg ? null : c.whatwg.hostname;
      if (!sameHost(host, recorded)) wrong.push(`${label(c)}: ${JSON.stringify(host).slice(0, 80)}, recorded ${JSON.stringify(recorded).slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("is compared with this Node's URL on generated input (a difference is reported, not failed)", () => {
    const pieces = ["a", "B", "0", "1", "7", "9", "x", ".", ":", "@", "/", "\\", "?", "#", "[", "]", "%", "%2e", "%40", "%41", "0x", "255", "256", "ff", "::", " ", "\t", "é", "ｅ", "。", "-", "localhost", "v1", "C:", "\u200b"];
    const prefixes = ["http://", "https:", "http:/", "HTTP://", "ws://", "file://", "file:///", "foo://", "ftp://u:p@", "http://[", "http://a@b@"];
    const differences: string[] = [];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...pieces), { maxLength: 10 }), (prefix, rest) => {
        const input = prefix + rest.join("");
        let live: string | null;
        try {
          live = new URL(input).hostname;
        } catch {
          live = null;
        }
        const split = whatwgSplit(input, "http", false).host;
        const ours = split === undefined ? "" : split;
        // Node's ada accepts some A-labels the URL Standard's UTS #46 flags refuse (not valid Punycode)
        if (ours !== live && !/xn--/i.test(input)) differences.push(`${JSON.stringify(input)}: ${JSON.stringify(ours)}, Node ${JSON.stringify(live)}`);
      }),
      { numRuns: runs(3000), seed: seed(3986) },
    );
    if (differences.length > 0) console.info(`whatwg.ts and Node ${process.version}'s URL read ${differences.length} host(s) differently:\n${differences.slice(0, 20).join("\n")}`);
    expect(Array.isArray(differences)).toBe(true);
  });
});

describe("securityFindings as an API", () => {
  it("checks a node as its text", () => {
    for (const text of ["http://user:pw@0x7f.1/%2e%2e/x", "//[v1.x]/", "http://a/\u05d0b"]) {
      const node = parse(text).ok ? parseOrThrow(text) : parseRuleOrThrow(text, "IRI-reference");
      expect(securityFindings(node)).toEqual(securityFindings(text));
    }
  });

  it("judges a relative reference by its base's scheme, an http one when there is none", () => {
    expect(securityFindings("///evil.example").map((f) => f.code)).toEqual(["empty-host"]);
    expect(securityFindings("///evil.example", { base: "http://good.example/" }).map((f) => f.whatwgHost)).toEqual(["evil.example"]);
    expect(securityFindings("///evil.example", { base: "foo://good.example/" })).toEqual([]);
    expect(securityFindings("/\\evil.example", { base: parseOrThrow("https://good.example/") }).map((f) => f.code)).toEqual(["syntax", "backslash"]);
  });

  it("says what WHATWG URL reads, in the finding and its message", () => {
    const [f] = securityFindings("http://0x7f.1/");
    expect(f?.whatwgHost).toBe("127.0.0.1");
    expect(f?.message).toMatch(/127\.0\.0\.1/);
    expect(f?.cite).toContain("RFC 3986 §7.4");
    const [s, b] = securityFindings("http://evil.com\\@good.com/");
    expect(s?.error?.offset).toBe(15);
    expect(b).toMatchObject({ code: "backslash", offset: 15, text: "\\", whatwgHost: "evil.com" });
  });

  it.each([null, 42, {}, [], Symbol("s"), { kind: "URI" }, parseRuleOrThrow("[::1]", "host")])("refuses %p with a TypeError naming the argument", (x) => {
    expect(() => securityFindings(x as string)).toThrow(TypeError);
    expect(() => securityFindings(x as string)).toThrow(/"input"/);
  });

  it("refuses options that are not an object, and a base that is not a URI", () => {
    expect(() => securityFindings("a", 5 as unknown as undefined)).toThrow(/"options"/);
    expect(() => securityFindings("a", { base: 5 as unknown as string })).toThrow(/options\.base/);
  });

  it("keeps its rules on any string (spans inside the input, text order, one syntax finding exactly when invalid)", () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      fc.constantFrom("http://", "//", "@", ":", "/", "\\", "%2e", "%40", "[", "]", "0x7f", ".1", "\t", " ", "é", "\u202e", "\u05d0", "xn--"),
    );
    fc.assert(fc.property(fc.array(unit, { maxLength: 30 }).map((a) => a.join("")), (s) => wellFormed(s, securityFindings(s))), { numRuns: runs(1500), seed: seed(8) });
  });
});
