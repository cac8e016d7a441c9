// classifyHost, registrableDomain and publicSuffix (uri-grammar/security) on fixtures/hosts/, and
// that securityFindings reports every address classifyHost calls non-public.
import { classifyHost, classifyHostOrThrow, HostError, publicSuffix, registrableDomain, securityFindings } from "../../src/security";
import { parseOrThrow } from "../../src/index";
import { readJson } from "../helpers/fixtures";

interface ClassifyFixture {
  readonly groups: readonly { readonly source: string; readonly cases: readonly (readonly [string, string, string | null, string | null])[] }[];
  readonly errors: readonly { readonly source: string; readonly cases: readonly string[] }[];
}
const classify = readJson<ClassifyFixture>("hosts", "classify.json");
const registrable = readJson<{ groups: readonly { readonly source: string; readonly cases: readonly (readonly [string, string | null, string | null, string | null])[] }[] }>("hosts", "registrable.json");

describe("classifyHost", () => {
  const all = classify.groups.flatMap((g) => g.cases.map((c) => [g.source, ...c] as const));
  it.each(all)("%s: %j", (_source, input, kind, address, embedded) => {
    const c = classifyHostOrThrow(input);
    expect([c.kind, c.address ?? null, c.embedded ?? null]).toEqual([kind, address, embedded]);
    expect(Object.isFrozen(c)).toBe(true);
    // securityFindings reports the same hosts, when the input is a URI with an authority
    if (/^[a-z]+:\/\//i.test(input)) {
      const reported = securityFindings(input).some((f) => f.code === "non-public-address");
      expect(reported).toBe(kind !== "public" && kind !== "name");
    }
  });

  it.each(classify.errors.flatMap((g) => g.cases))("%j names no host: a HostError", (input) => {
    const r = classifyHost(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBeInstanceOf(HostError);
    expect(() => classifyHostOrThrow(input)).toThrow(HostError);
  });

  it("takes a node from parse, and refuses anything else with a TypeError", () => {
    expect(classifyHostOrThrow(parseOrThrow("http://[::ffff:127.0.0.1]/")).kind).toBe("loopback");
    expect(() => classifyHost(5 as unknown as string)).toThrow(/^classifyHost: the argument "uriOrHost"/);
  });
});

describe("registrableDomain and publicSuffix", () => {
  const all = registrable.groups.flatMap((g) => g.cases.map((c) => [g.source, ...c] as const));
  it.each(all)("%s: %j", (_source, input, domain, suffix, icannDomain) => {
    expect(registrableDomain(input) ?? null).toBe(domain);
    expect(publicSuffix(input) ?? null).toBe(suffix);
    expect(registrableDomain(input, { privateDomains: false }) ?? null).toBe(icannDomain);
  });

  it("refuses options that are not options", () => {
    expect(() => registrableDomain("a.b", { privateDomains: "yes" as unknown as boolean })).toThrow(TypeError);
    expect(() => publicSuffix("a.b", 5 as unknown as object)).toThrow(TypeError);
  });
});

describe("classifyHost and the domain lookups on a host that ends in a number", () => {
  // The URL Standard's ends-in-a-number checker (#ends-in-a-number-checker), written here from its
  // text: the last label (a final empty one left out) is all digits, or "0x"/"0X" and hex digits.
  const endsInANumber = (host: string): boolean => /(?:^|\.)(?:[0-9]+|0[xX][0-9A-Fa-f]*)\.?$/.test(host);
  const labels = ["1", "999", "0x7f", "0x", "09", "a", "example", "com", "0xg", "1a"];
  const hosts: string[] = [];
  for (const a of labels) for (const b of labels) for (const c of ["", ".1", ".com"]) for (const dot of ["", "."]) hosts.push(`${a}.${b}${c}${dot}`);

  it("holds both readings of foo://999.1.1.1/: a name to connect to (RFC 3986 §3.2.2 reg-name), no registrable domain", () => {
    expect(classifyHostOrThrow("foo://999.1.1.1/")).toMatchObject({ kind: "name", address: undefined });
    expect([registrableDomain("foo://999.1.1.1/"), publicSuffix("foo://999.1.1.1/")]).toEqual([undefined, undefined]);
  });

  it.each(["foo", "http"])("%s: an address or a host that ends in a number has no public suffix; any other name keeps the list's", (scheme) => {
    for (const h of hosts) {
      const input = `${scheme}://${h}/`;
      const c = classifyHost(input);
      const found = [registrableDomain(input), publicSuffix(input)];
      if (!c.ok) expect([input, found]).toEqual([input, [undefined, undefined]]);
      else if (c.value.address !== undefined || endsInANumber(c.value.host)) expect([input, found]).toEqual([input, [undefined, undefined]]);
      else expect([input, c.value.kind, publicSuffix(input) !== undefined]).toEqual([input, "name", true]);
    }
  });
});
