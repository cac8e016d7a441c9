// uri-grammar/whatwg parse answers an http(s)/ws(s) URL that the URL Standard's parser gives back
// as it is (no validation error, already an RFC 3986 URI) without running the parser
// (src/whatwg/parse.ts isSerializedSpecial). The answer must be the parser's own, to the repair:
// here the two are compared on real URLs, on fixtures/whatwg/parse.json, and on variations of
// canonical URLs built to sit either side of each condition (case, ports, dot segments in all
// their spellings, "'" in a query, A-labels, hosts that end in a number, userinfo, ...), with the
// node's host kind and equivalence key (the fast path gives its node the host kind it checked).
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { serialize } from "../../src/index";
import { equivalenceKey } from "../../src/schemes/index";
import { parse } from "../../src/whatwg/index";
import { parseRead } from "../../src/whatwg/parse";
import { readJson } from "../helpers/fixtures";
import { corpusDir } from "../helpers/messy";
import { runs, seed } from "../helpers/runs";

const CORPUS = path.join(corpusDir(), "real");

/** What a whatwg parse says, as data. */
function answer(r: ReturnType<typeof parse>): unknown {
  if (!r.ok) return { error: r.error.code, offset: r.error.offset };
  return { href: r.value.href, url: r.value.url, uri: serialize(r.value.uri), kind: r.value.uri.kind, host: r.value.uri.authority?.host.kind, key: equivalenceKey(r.value.uri), repairs: r.value.repairs.map((x) => ({ ...x })) };
}

let fast = 0;
function same(input: string): void {
  const direct = parse(input);
  const read = parseRead(input, undefined);
  expect([input, answer(direct)]).toEqual([input, answer(read)]);
  if (direct.ok && direct.value.repairs.length === 0) fast++;
}

describe("the whatwg parse's fast path answers as the URL Standard's parser", () => {
  it("on real URLs", () => {
    const lines = fs.existsSync(CORPUS) ? fs.readdirSync(CORPUS).flatMap((f) => fs.readFileSync(path.join(CORPUS, f), "utf8").split("\n")).filter((l) => l !== "") : [];
    expect(lines.length).toBeGreaterThan(1000);
    const sample = lines.filter((_, i) => i % 13 === 0).slice(0, 3000);
    fast = 0;
    for (const s of sample) same(s);
    // most real URLs are serialized URLs already: the path is taken
    expect(fast).toBeGreaterThan(sample.length / 3);
  });

  it("on the fixtures", () => {
    const fx = readJson<{ groups: readonly { readonly cases: readonly (readonly [string, string | null, unknown])[] }[] }>("whatwg", "parse.json");
    for (const g of fx.groups) for (const [input, base] of g.cases) if (base === null) same(input);
  });

  // pieces on either side of each condition the fast path checks
  const SCHEMES = ["http", "https", "ws", "wss", "HTTP", "Https", "ftp", "file", "foo", "FILE"];
  const LABELS = ["a", "example", "a_b", "_", "xn--nxasmq6b", "xn--a", "xn--", "XN--a", "b-", "-c", "0", "12", "0x1f", "0x", "0X1", "ex_ample", "a%41", "é", "", "1.2.3.4", "255.255.255.255", "0.0.0.0", "01.2.3.4", "256.1.2.3", "1.2.3.4.", "1.2.3.4.5", "1.2.3.0x4"];
  const PORTS = ["", ":", ":80", ":443", ":0", ":00", ":080", ":8080", ":65535", ":65536", ":99999", ":1a"];
  const SEGMENTS = ["a", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", "...", "a.b", "%zz", "%41", "%", "a b", "'", "`", "{", "|", "\\", "@", ":", "~!$&()*+,;=", "é", "\t"];
  const RESTS = ["", "?", "?a=b", "?it's", "?a b", "?%41'", "?/?", "#", "#f", "#a b", "#`", "#'", "?q#f", "#a#b", "?{}"];
  const USERINFO = ["", "u@", "u:p@", "@"];

  it("on canonical URLs changed in one piece", () => {
    const inputs: string[] = [];
    for (const sc of ["http", "https", "ws", "wss"]) {
      const base = { sc, u: "", h: "example.com", p: "", pa: "/a/b", r: "?x=1#f" };
      const text = (b: typeof base): string => `${b.sc}://${b.u}${b.h}${b.p}${b.pa}${b.r}`;
      inputs.push(text(base));
      for (const x of SCHEMES) inputs.push(text({ ...base, sc: x }));
      for (const x of USERINFO) inputs.push(text({ ...base, u: x }));
      for (const x of LABELS) inputs.push(text({ ...base, h: x }), text({ ...base, h: `${x}.com` }), text({ ...base, h: `a.${x}` }));
      for (const x of PORTS) inputs.push(text({ ...base, p: x }));
      for (const x of SEGMENTS) inputs.push(text({ ...base, pa: `/${x}` }), text({ ...base, pa: `/a/${x}/b` }), text({ ...base, pa: `/a/${x}` }));
      inputs.push(text({ ...base, pa: "" }), text({ ...base, pa: "", r: "" }), text({ ...base, pa: "", r: "#f" }), text({ ...base, pa: "", p: ":81", r: "" }));
      for (const x of RESTS) inputs.push(text({ ...base, r: x }));
    }
    // file: an empty host, drive letters, "localhost"
    for (const h of ["", "localhost", "a", "LOCALHOST", "benchmark", "a.b_c", "1.2.3.4", "1.2.3", "a.0x1", "xn--a", "xn--nxasmq6b", "a:80", "C:", "c|", "a..b", "localhost.", "%61"]) {
      for (const x of [...SEGMENTS, "C:", "C|", "c:", "C:.", "C%3A"]) inputs.push(`file://${h}/${x}`, `file://${h}/${x}/b`, `file://${h}/a/${x}?q#f`);
      for (const x of RESTS) inputs.push(`file://${h}/a${x}`, `file://${h}${x}`);
    }
    inputs.push("file:", "file:/", "file://", "file:///", "file:////a", "file:/a", "File:///a", "file:///a/b/../c");
    fast = 0;
    for (const s of inputs) same(s);
    expect(fast).toBeGreaterThan(50);
  });

  it("on variations of canonical URLs", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SCHEMES), fc.constantFrom(...USERINFO), fc.array(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 4 }), fc.constantFrom(...PORTS),
        fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 4 }), fc.constantFrom(...RESTS),
        (sc, u, ls, p, ss, r) => {
          same(`${sc}://${u}${ls.join(".")}${p}${ss.length === 0 ? "" : `/${ss.join("/")}`}${r}`);
        },
      ),
      { numRuns: runs(1500), seed: seed(6455) },
    );
  });
});
