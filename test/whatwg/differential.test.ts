// uri-grammar/whatwg against Node's URL (Ada, another implementation of the URL Standard) on real
// URLs made messy (test/helpers/messy.ts): for every input both accept, the same scheme, host and
// port and the same percent-decoded username, password, path, query and fragment (ours read off
// the RFC 3986 node, so the RFC 3986 text stands for the same URL); for the rest, both refuse.
// And `new URL(href)` reads our RFC 3986 text as the same URL. `npm test` runs a sample of
// runs(1500) inputs; `npm run test:whatwg` runs 12,000 (docs/testing.md) and prints the counts.
import { parse } from "../../src/whatwg/index";
import { serialize } from "../../src/index";
import { messyInputs } from "../helpers/messy";
import { runs, seed } from "../helpers/runs";

const FULL = process.env["WHATWG_DIFFERENTIAL"] === "full";
const SIZE = FULL ? 12_000 : runs(1500);

/** WHATWG percent-decoding (#percent-decode): "%" and two hex digits is an octet, anything else its UTF-8; as a byte string. */
function decode(s: string): string {
  const bytes = Buffer.from(s, "utf8");
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    const hex = (k: number): boolean => /[0-9A-Fa-f]/.test(String.fromCharCode(bytes[k] ?? 0));
    if (b === 0x25 && i + 2 < bytes.length && hex(i + 1) && hex(i + 2)) {
      out.push(parseInt(String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0), 16));
      i += 2;
    } else out.push(b);
  }
  return Buffer.from(out).toString("latin1");
}

interface Reading {
  readonly scheme: string;
  readonly host: string;
  readonly port: string;
  readonly username: string;
  readonly password: string;
  readonly path: string;
  readonly query: string;
  readonly fragment: string;
}

function nodeReading(input: string): Reading | null {
  let u: URL;
  try {
    u = new URL(input);
  } catch {
    return null;
  }
  return {
    scheme: u.protocol.slice(0, -1), host: decode(u.hostname), port: u.port, username: decode(u.username), password: decode(u.password),
    path: decode(u.pathname), query: decode(u.search.slice(1)), fragment: decode(u.hash.slice(1)),
  };
}

type Ours = Extract<ReturnType<typeof parse>, { ok: true }>["value"];

function ourReading(v: Ours): Reading {
  const a = v.uri.authority;
  const userinfo = a?.userinfo;
  const colon = userinfo?.indexOf(":") ?? -1;
  return {
    scheme: v.uri.scheme,
    host: a === undefined ? "" : decode(serialize(a.host)),
    port: a?.port ?? "",
    username: decode(userinfo === undefined ? "" : colon < 0 ? userinfo : userinfo.slice(0, colon)),
    password: decode(userinfo === undefined || colon < 0 ? "" : userinfo.slice(colon + 1)),
    path: decode(v.uri.path.text),
    query: decode(v.uri.query ?? ""),
    fragment: decode(v.uri.fragment ?? ""),
  };
}

describe(`uri-grammar/whatwg and Node's URL on ${SIZE.toLocaleString("en-US")} messy real URLs`, () => {
  const inputs = messyInputs(SIZE, seed(21_2026));

  it("agree on every input: the same URL when both accept, refusal otherwise", () => {
    const counts = { inputs: inputs.length, bothAccept: 0, bothRefuse: 0, messy: 0, repaired: 0 };
    const disagree: string[] = [];
    for (const { input, kinds } of inputs) {
      if (kinds.length > 0) counts.messy++;
      const ours = parse(input);
      const theirs = nodeReading(input);
      if (!ours.ok || theirs === null) {
        if (!ours.ok && theirs === null) counts.bothRefuse++;
        else disagree.push(`${JSON.stringify(input)} [${kinds.join(", ")}]: ours ${ours.ok ? ours.value.href : ours.error.code}, Node ${theirs === null ? "refuses" : "accepts"}`);
        continue;
      }
      counts.bothAccept++;
      if (ours.value.repairs.length > 0) counts.repaired++;
      const mine = ourReading(ours.value);
      if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
        disagree.push(`${JSON.stringify(input)} [${kinds.join(", ")}]: ours ${JSON.stringify(mine)}, Node ${JSON.stringify(theirs)}`);
      }
      // Node reads our RFC 3986 text as the same URL
      const again = nodeReading(ours.value.href);
      if (JSON.stringify(again) !== JSON.stringify(theirs)) disagree.push(`${JSON.stringify(input)}: new URL(${JSON.stringify(ours.value.href)}) is ${JSON.stringify(again)}`);
    }
    if (FULL) console.log(`whatwg differential: ${JSON.stringify(counts)}, ${disagree.length} disagreements`);
    expect(disagree.slice(0, 20)).toEqual([]);
    expect(counts.bothAccept + counts.bothRefuse).toBe(inputs.length);
    expect(counts.messy).toBeGreaterThan(inputs.length * 0.8);
  });
});
