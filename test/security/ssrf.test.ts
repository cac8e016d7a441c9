// Issue 32, item 1: the SSRF check of uri-grammar/security. The classes of a resolved address
// (classifyAddress, the same as classifyHost's), the lookup hook at connect time (ssrfLookup:
// every overload of dns.lookup, used by an http.Agent and by undici's connect against a server on
// 127.0.0.1, with a stub resolver; DNS rebinding), and the one-call check of a URL (checkFetchTarget over
// fixtures/fetch/targets.json). No network but the loopback interface.
import fc from "fast-check";
import * as http from "node:http";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import * as undici from "undici";
import {
  AddressError, AddressRefusedError, checkFetchTarget, classifyAddress, classifyHost, securityFindingCodes, securityFindings, securityFindingSeverity, ssrfLookup,
  type FetchTargetOptions, type LookupAddress, type Resolver,
} from "../../src/security";
import { readJson } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";

/** A resolver that answers from a table, and counts its calls; a name answers its lists in turn (the last one again). */
function stubResolver(table: Readonly<Record<string, readonly (readonly LookupAddress[])[]>>): Resolver & { calls: number } {
  const asked = new Map<string, number>();
  const r = ((hostname, _options, callback) => {
    r.calls++;
    const answers = table[hostname];
    const k = asked.get(hostname) ?? 0;
    asked.set(hostname, k + 1);
    setImmediate(() => {
      if (answers === undefined) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
      else callback(null, answers[Math.min(k, answers.length - 1)] ?? []);
    });
  }) as Resolver & { calls: number };
  r.calls = 0;
  return r;
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe("classifyAddress: a resolved address, with classifyHost's classes", () => {
  it.each([
    ["127.0.0.1", "loopback"], ["127.255.0.9", "loopback"], ["::1", "loopback"],
    ["10.1.2.3", "private"], ["172.16.0.1", "private"], ["192.168.1.1", "private"], ["100.64.0.1", "private"],
    ["169.254.169.254", "link-local"], ["fe80::1", "link-local"], ["fe80::1%eth0", "link-local"], ["fe80::a:b%12", "link-local"],
    ["fd00:ec2::254", "unique-local"], ["224.0.0.1", "multicast"], ["ff02::1%lo0", "multicast"],
    ["0.0.0.0", "unspecified"], ["::", "unspecified"], ["192.0.2.1", "reserved"], ["2001:db8::1", "reserved"], ["255.255.255.255", "reserved"],
    ["::ffff:127.0.0.1", "loopback"], ["::ffff:7f00:1", "loopback"], ["::ffff:10.0.0.1", "private"], ["64:ff9b::a9fe:a9fe", "link-local"],
    ["8.8.8.8", "public"], ["93.184.215.14", "public"], ["2606:4700:4700::1111", "public"],
  ])("%s is %s", (address, kind) => {
    const r = classifyAddress(address);
    expect(r.ok && r.value.kind).toBe(kind);
    expect(r.ok && r.value.host).toBe(address);
  });

  it.each([
    ["127.1", "four decimal octets"], ["0x7f.0.0.1", "four decimal octets"], ["2130706433", "four decimal octets"], ["localhost", "IPv6"],
    ["[::1]", "brackets"], ["fe80::1%", "zone"], ["fe80::1%eth 0", "zone"], ["fe80::1%a%b", "zone"], ["", "IPv6"], ["1::2::3", "IPv6"], ["256.1.1.1", "IPv4"],
  ])("%j is an AddressError about addresses", (input, about) => {
    const r = classifyAddress(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(AddressError);
    expect(r.error.code).toBe("not-an-address");
    expect(r.error.message).toMatch(/^Not an IP address: /);
    expect(r.error.message).toContain(about);
    expect(r.error.message).not.toMatch(/authorit|port/i);
  });

  it("the issue's fe80::1%eth0, which classifyHost refuses as a host, is a link-local address", () => {
    expect(classifyHost("fe80::1%eth0").ok).toBe(false);
    expect(classifyAddress("fe80::1%eth0")).toMatchObject({ ok: true, value: { kind: "link-local", address: "fe80::1", host: "fe80::1%eth0" } });
  });

  it("refuses what is no string with a TypeError", () => {
    expect(() => classifyAddress(2130706433 as unknown as string)).toThrow(TypeError);
  });

  it("gives classifyHost's class for every address of fixtures/hosts/classify.json", () => {
    const fixture = readJson<{ groups: { cases: [string, string, string | null, string | null][] }[] }>("hosts", "classify.json");
    let n = 0;
    for (const [input, kind] of fixture.groups.flatMap((g) => g.cases)) {
      const h = classifyHost(input);
      if (!h.ok || h.value.address === undefined) continue; // a name ("localhost" is loopback without an address)
      const address = h.value.host.replace(/^\[|\]$/g, "");
      expect([input, classifyAddress(address).ok && (classifyAddress(address) as { value: { kind: string } }).value.kind]).toEqual([input, kind]);
      n++;
    }
    expect(n).toBeGreaterThan(20);
  });

  it("gives classifyHost's class for any IPv4 and IPv6 address (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (a) => {
        const h = classifyHost(a);
        const c = classifyAddress(a);
        expect(c.ok).toBe(true);
        expect(h.ok && c.ok && [h.value.kind, h.value.address]).toEqual(c.ok && [c.value.kind, c.value.address]);
      }),
      { numRuns: runs(2000), seed: seed(32) },
    );
  });
});

describe("ssrfLookup: dns.lookup's signature, refusing what is not allowed", () => {
  const table = { "good.test": [[v4("93.184.215.14"), v6("2606:2800:21f:cb07:6820:80da:af6b:8b2c")]], "evil.test": [[v4("127.0.0.1")]], "mixed.test": [[v4("93.184.215.14"), v4("10.0.0.1")]], "scoped.test": [[v6("fe80::1%eth0")]] };
  const call = (lookup: ReturnType<typeof ssrfLookup>, host: string, options?: unknown): Promise<{ err: Error | null; address: unknown; family: unknown }> =>
    new Promise((resolve) => {
      const cb = (err: Error | null, address?: unknown, family?: unknown): void => resolve({ err, address, family });
      if (options === undefined) (lookup as (h: string, c: typeof cb) => void)(host, cb);
      else (lookup as (h: string, o: unknown, c: typeof cb) => void)(host, options, cb);
    });

  it("answers as dns.lookup does: the first address and its family, or every address with all: true", async () => {
    const lookup = ssrfLookup({ resolve: stubResolver(table) });
    expect(await call(lookup, "good.test")).toEqual({ err: null, address: "93.184.215.14", family: 4 });
    expect(await call(lookup, "good.test", 4)).toEqual({ err: null, address: "93.184.215.14", family: 4 });
    expect(await call(lookup, "good.test", { family: 0 })).toEqual({ err: null, address: "93.184.215.14", family: 4 });
    expect(await call(lookup, "good.test", { all: true })).toEqual({ err: null, address: table["good.test"][0], family: undefined });
  });

  it("passes the caller's options to the resolver, always with all: true", async () => {
    const seen: unknown[] = [];
    const resolve: Resolver = (h, o, cb) => {
      seen.push(o);
      cb(null, [v4("8.8.8.8")]);
    };
    const lookup = ssrfLookup({ resolve });
    await call(lookup, "x.test", { family: 6, hints: 1024, verbatim: true });
    await call(lookup, "x.test", 4);
    expect(seen).toEqual([{ all: true, family: 6, hints: 1024, verbatim: true }, { all: true, family: 4 }]);
  });

  it.each([
    ["evil.test", "127.0.0.1", "loopback"],
    ["mixed.test", "10.0.0.1", "private"],
    ["scoped.test", "fe80::1%eth0", "link-local"],
  ])("refuses %s (it resolves to %s, %s), in every form", async (host, address, kind) => {
    const lookup = ssrfLookup({ resolve: stubResolver(table) });
    for (const options of [undefined, 4, {}, { all: true }]) {
      const r = await call(lookup, host, options);
      expect(r.err).toBeInstanceOf(AddressRefusedError);
      expect(r.err).toMatchObject({ code: "ERR_ADDRESS_REFUSED", hostname: host, address, kind });
      expect(r.address).toBeUndefined();
    }
  });

  it("passes the resolver's error on, and refuses an answer with no address or something that is no address", async () => {
    const lookup = ssrfLookup({ resolve: stubResolver({ ...table, "none.test": [[]], "odd.test": [[v4("127.1")]] }) });
    expect((await call(lookup, "missing.test")).err).toMatchObject({ code: "ENOTFOUND" });
    expect((await call(lookup, "none.test")).err).toMatchObject({ code: "ENOTFOUND" });
    expect((await call(lookup, "odd.test")).err).toMatchObject({ code: "ERR_ADDRESS_REFUSED", kind: undefined });
  });

  it("allows the classes it is told to", async () => {
    const lookup = ssrfLookup({ allow: ["loopback"], resolve: stubResolver(table) });
    expect(await call(lookup, "evil.test")).toEqual({ err: null, address: "127.0.0.1", family: 4 });
    expect((await call(lookup, "good.test")).err).toMatchObject({ kind: "public" });
  });

  it("refuses bad options with a TypeError", () => {
    expect(() => ssrfLookup({ allow: ["name"] as never })).toThrow(TypeError);
    expect(() => ssrfLookup({ resolve: 1 as never })).toThrow(TypeError);
    expect(() => ssrfLookup(null as never)).toThrow(TypeError);
    expect(() => (ssrfLookup({ resolve: stubResolver(table) }) as (h: string) => void)("good.test")).toThrow(TypeError);
  });

  it("is the lookup of an https.Agent and an http.Agent as Node's types have it (type-checked), and Node's dns.lookup is a Resolver", () => {
    const agent = new https.Agent({ lookup: ssrfLookup({ allow: ["public"] }) });
    const plain = new http.Agent({ lookup: ssrfLookup() });
    expect(agent).toBeInstanceOf(https.Agent);
    expect(plain).toBeInstanceOf(http.Agent);
    agent.destroy();
    plain.destroy();
  });
});

/** A server on 127.0.0.1 for the describe block that calls this: its port, and how many requests it has answered with `reply`. */
function localServer(reply: (req: http.IncomingMessage) => string): { port: number; requests: number } {
  const state = { port: 0, requests: 0 };
  let server: http.Server | undefined;
  beforeAll(async () => {
    const s = http.createServer((req, res) => {
      state.requests++;
      res.end(reply(req));
    });
    server = s;
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    state.port = (s.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  });
  return state;
}

describe("at connect time: an http.Agent with the hook, against a server on 127.0.0.1", () => {
  const server = localServer((req) => `hello ${req.url ?? ""}`);

  /** GET through an agent whose lookup is `lookup`: the body and the address connected to, or the error. */
  function get(host: string, lookup: ReturnType<typeof ssrfLookup>): Promise<{ body?: string; remote?: string; error?: Error }> {
    const agent = new http.Agent({ lookup });
    return new Promise((resolve) => {
      const req = http.get({ host, port: server.port, path: "/x", agent }, (res) => {
        const remote = res.socket.remoteAddress;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => {
          agent.destroy();
          resolve({ body, remote });
        });
      });
      req.on("error", (error) => {
        agent.destroy();
        resolve({ error });
      });
    });
  }

  it("a name that resolves to 127.0.0.1 is refused before any request is sent", async () => {
    const before = server.requests;
    const r = await get("evil.test", ssrfLookup({ resolve: stubResolver({ "evil.test": [[v4("127.0.0.1")]] }) }));
    expect(r.error).toBeInstanceOf(AddressRefusedError);
    expect(r.error).toMatchObject({ hostname: "evil.test", address: "127.0.0.1", kind: "loopback" });
    expect(server.requests).toBe(before);
  });

  it("the same request succeeds where loopback is allowed, connected to the address checked", async () => {
    const before = server.requests;
    const r = await get("evil.test", ssrfLookup({ allow: ["loopback"], resolve: stubResolver({ "evil.test": [[v4("127.0.0.1")]] }) }));
    expect(r.error).toBeUndefined();
    expect(r.body).toBe("hello /x");
    expect(r.remote).toBe("127.0.0.1");
    expect(server.requests).toBe(before + 1);
  });

  it("DNS rebinding: a name that answers a public address to the check and 127.0.0.1 to the connection is refused", async () => {
    const resolve = stubResolver({ "rebind.test": [[v4("93.184.215.14")], [v4("127.0.0.1")]] });
    const lookup = ssrfLookup({ resolve });
    // the check a server makes first: the URL is fine, and the name resolves to a public address
    expect(checkFetchTarget(`http://rebind.test:${server.port}/x`).verdict).toBe("allow");
    const first = await new Promise<string>((ok, fail) => lookup("rebind.test", (err, address) => (err === null ? ok(address) : fail(err))));
    expect(first).toBe("93.184.215.14");
    expect(classifyAddress(first)).toMatchObject({ ok: true, value: { kind: "public" } });
    // the connection's own lookup gets 127.0.0.1, and the hook refuses it
    const before = server.requests;
    const r = await get("rebind.test", lookup);
    expect(resolve.calls).toBe(2);
    expect(r.error).toMatchObject({ code: "ERR_ADDRESS_REFUSED", address: "127.0.0.1", kind: "loopback" });
    expect(server.requests).toBe(before);
  });

  it("a name with a public and a loopback address is refused, whichever the client would try", async () => {
    const r = await get("both.test", ssrfLookup({ resolve: stubResolver({ "both.test": [[v4("93.184.215.14"), v4("127.0.0.1")]] }) }));
    expect(r.error).toMatchObject({ code: "ERR_ADDRESS_REFUSED", address: "127.0.0.1" });
  });
});

describe("at connect time: undici's connect with the hook, against a server on 127.0.0.1", () => {
  const server = localServer((req) => `hello ${req.url ?? ""} from ${req.socket.localAddress ?? ""}`);

  /** GET through an undici Agent whose connect lookup is `lookup` (the dispatcher of Node's fetch): the status and body, or the error. */
  async function get(host: string, lookup: ReturnType<typeof ssrfLookup>): Promise<{ status?: number; body?: string; error?: unknown }> {
    const agent = new undici.Agent({ connect: { lookup } });
    try {
      const r = await undici.request(`http://${host}:${server.port}/x`, { dispatcher: agent });
      return { status: r.statusCode, body: await r.body.text() };
    } catch (error) {
      return { error };
    } finally {
      await agent.close();
    }
  }

  it("a name that resolves to 127.0.0.1 is refused before any request is sent", async () => {
    const before = server.requests;
    const r = await get("evil.test", ssrfLookup({ resolve: stubResolver({ "evil.test": [[v4("127.0.0.1")]] }) }));
    expect(r.error).toBeInstanceOf(AddressRefusedError);
    expect(r.error).toMatchObject({ code: "ERR_ADDRESS_REFUSED", hostname: "evil.test", address: "127.0.0.1", kind: "loopback" });
    expect(server.requests).toBe(before);
  });

  it("the same request succeeds where loopback is allowed, connected to the address checked", async () => {
    const before = server.requests;
    const r = await get("evil.test", ssrfLookup({ allow: ["loopback"], resolve: stubResolver({ "evil.test": [[v4("127.0.0.1")]] }) }));
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ status: 200, body: "hello /x from 127.0.0.1" });
    expect(server.requests).toBe(before + 1);
  });

  it("DNS rebinding: a public address to the check, 127.0.0.1 to undici's connection, is refused", async () => {
    const resolve = stubResolver({ "rebind.test": [[v4("93.184.215.14")], [v4("127.0.0.1")]] });
    const lookup = ssrfLookup({ resolve });
    const first = await new Promise<string>((ok, fail) => lookup("rebind.test", (err, address) => (err === null ? ok(address) : fail(err))));
    expect(first).toBe("93.184.215.14");
    const before = server.requests;
    const r = await get("rebind.test", lookup);
    expect(resolve.calls).toBe(2);
    expect(r.error).toMatchObject({ code: "ERR_ADDRESS_REFUSED", address: "127.0.0.1", kind: "loopback" });
    expect(server.requests).toBe(before);
  });
});

describe("checkFetchTarget: block or allow, with the findings as reasons", () => {
  const fixture = readJson<{ cases: { input: string; options?: FetchTargetOptions; verdict: "allow" | "block"; reasons: string[] }[] }>("fetch", "targets.json");
  it.each(fixture.cases.map((c) => [`${JSON.stringify(c.input)}${c.options === undefined ? "" : ` ${JSON.stringify(c.options)}`}`, c] as const))("%s", (_name, c) => {
    const r = checkFetchTarget(c.input, c.options);
    expect([r.verdict, r.reasons.map((x) => x.code)]).toEqual([c.verdict, c.reasons]);
    expect(r.verdict === "allow").toBe(r.reasons.length === 0);
    expect(r.findings).toEqual(securityFindings(c.input));
    // every finding is a reason or a warning (non-public-address: a warning when options.allow has the class)
    const placed = [...r.reasons, ...r.warnings].flatMap((x) => (x.finding === undefined ? [] : [x.finding]));
    for (const f of r.findings) expect(placed).toContain(f);
  });

  it("every finding code has a severity, from the one table", () => {
    expect(Object.keys(securityFindingSeverity).sort()).toEqual([...securityFindingCodes].sort());
    for (const code of securityFindingCodes) expect(["high", "medium", "low"]).toContain(securityFindingSeverity[code]);
    for (const f of securityFindings("http://a@b@0x7f.1:99999/%2e%2e/é")) expect(f.severity).toBe(securityFindingSeverity[f.code]);
  });

  it("refuses bad arguments with a TypeError", () => {
    expect(() => checkFetchTarget(1 as never)).toThrow(TypeError);
    expect(() => checkFetchTarget("http://a/", { blockAt: "severe" as never })).toThrow(TypeError);
    expect(() => checkFetchTarget("http://a/", { allowedSchemes: "http" as never })).toThrow(TypeError);
    expect(() => checkFetchTarget("http://a/", { allow: ["name"] as never })).toThrow(TypeError);
    expect(() => checkFetchTarget("http://a/", { credentials: "yes" as never })).toThrow(TypeError);
  });

  // issue 31 (one meaning per name): options.schemes is scheme records (a registry or a list of
  // schemes) everywhere else; the names of schemes a fetch may use are options.allowedSchemes
  it("takes the scheme names as allowedSchemes, and refuses options.schemes naming it", () => {
    expect(checkFetchTarget("ftp://example.com/", { allowedSchemes: ["FTP"] }).verdict).toBe("allow");
    expect(checkFetchTarget("https://example.com/", { allowedSchemes: ["ftp"] }).reasons.map((r) => r.code)).toEqual(["scheme-not-allowed"]);
    for (const given of [["https"], [], "https", undefined]) {
      const call = (): unknown => checkFetchTarget("https://example.com/", { schemes: given } as never);
      if (given === undefined) {
        expect(call()).toMatchObject({ verdict: "allow" });
        continue;
      }
      expect(call).toThrow(TypeError);
      expect(call).toThrow("checkFetchTarget: options.schemes is named options.allowedSchemes (a list of scheme names)");
    }
  });

  it("holds no password in its reasons", () => {
    expect(JSON.stringify(checkFetchTarget("http://u:Hunter2Secret@@127.0.0.1/"))).not.toContain("Hunter2Secret");
  });
});
