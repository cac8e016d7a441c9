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
