// fixtures/security/*.json: attack inputs from the published advisories and issues of peer
// parsers (url-parse, urijs, fast-uri, uri-js, whatwg-url and the WHATWG URL standard, Orange
// Tsai's SSRF research), each with the reading RFC 3986's grammar gives (a rejection offset, or
// the components), RFC 3987's, and what WHATWG URL made of it (recorded once, as data).
//
// Checked here: our reading of every input; that normalize never decodes a percent-encoded
// delimiter; that toDisplayString never shows a password; that resolve never climbs above the
// root; the ReDoS families answer (no timing assertion: they only have to finish). Node's live
// URL is compared with the recorded WHATWG reading and a difference is reported, not failed.
import type { UriReference } from "../../src/ast/nodes";
import { UriSyntaxError } from "../../src/errors";
import { normalize, parse, resolve, serialize, validate, parseRule } from "../../src/index";
import { percentDecode } from "../../src/components";
import { toDisplayString } from "../../src/iri/index";
import { iriToUri } from "../../src/iri/index";
import { jsonFiles, readJson } from "../helpers/fixtures";

interface Rejected {
  readonly result: "reject";
  readonly offset: number;
}
interface Accepted {
  readonly result: "accept";
  readonly kind: "URI" | "relative-ref";
  readonly scheme: string | null;
  readonly userinfo: string | null;
  readonly host: { readonly kind: string; readonly text: string } | null;
  readonly port: string | null;
  readonly path: string;
  readonly query: string | null;
  readonly fragment: string | null;
}
type Reading = Rejected | Accepted;

type WhatwgReading =
  | { readonly throws: true }
  | {
      readonly href: string;
      readonly username: string;
      readonly password: string;
      readonly hostname: string;
      readonly port: string;
      readonly pathname: string;
      readonly search: string;
      readonly hash: string;
    };

interface SecurityCase {
  readonly input: string;
  readonly base?: string;
  readonly category: string;
  readonly source: { readonly id: string; readonly url: string | null; readonly about: string; readonly origin: string };
  readonly note?: string;
  readonly rfc3986: Reading;
  readonly rfc3987: Reading | "same";
  readonly resolved?: string;
  readonly resolvedNormalized?: string;
  readonly normalized?: string;
  readonly display?: string | { readonly throws: string };
  readonly decode?: { readonly text: string; readonly error: string };
  readonly iriToUri?: string | { readonly error: string };
  readonly whatwg: WhatwgReading;
  readonly differs: boolean;
  readonly differsIn: readonly string[];
}

interface Sweep {
  readonly templates: readonly string[];
  readonly codePointRanges: readonly (readonly [number, number])[];
  readonly alsoInvalid: string;
}

interface SecurityFixture {
  readonly title: string;
  readonly whatwgRecordedWith: string;
  readonly sweep?: Sweep;
  readonly cases: readonly SecurityCase[];
}

type Part = string | { readonly repeat: string; readonly count: number };
type Summary =
  | Rejected
  | { readonly result: "accept"; readonly kind: string; readonly hostKind: string | null; readonly hostLength: number | null; readonly pathLength: number };
interface RedosCase {
  readonly generator: { readonly parts: readonly Part[] };
  readonly length: number;
  readonly category: "redos";
  readonly source: { readonly id: string; readonly url: string | null; readonly oldBehaviour: string };
  readonly rfc3986: Summary;
  readonly rfc3987: Summary | "same";
}

const CATEGORIES = ["host-confusion", "redos", "normalization-bypass", "path-traversal", "control-chars", "ip-forms", "userinfo-leak", "homograph"];

type Parsed = { readonly ok: true; readonly value: UriReference } | { readonly ok: false; readonly error: UriSyntaxError };

const readingOf = (r: Parsed): Reading => {
  if (!r.ok) return { result: "reject", offset: r.error.offset };
  const v = r.value;
  const a = v.authority;
  return {
    result: "accept",
    kind: v.kind,
    scheme: v.scheme ?? null,
    userinfo: a?.userinfo ?? null,
    host: a === undefined ? null : { kind: a.host.kind, text: a.host.text },
    port: a?.port ?? null,
    path: v.path.text,
    query: v.query ?? null,
    fragment: v.fragment ?? null,
  };
};

const uriReading = (input: string): Reading => readingOf(parse(input));
const iriReading = (input: string): Reading => readingOf(parseRule(input, "IRI-reference"));

// checks.json holds the inputs of securityFindings (findings.test.ts), in a shape of its own
const files = jsonFiles("security").filter((f) => f !== "redos.json" && f !== "checks.json");
const fixtures = files.map((f) => [f, readJson<SecurityFixture>("security", f)] as const);
const allCases = fixtures.flatMap(([, fx]) => fx.cases);

/** The text of an accepted case our grammar (URI, else IRI) reads, or undefined. */
const validText = (c: SecurityCase): string | undefined => {
  const iri = c.rfc3987 === "same" ? c.rfc3986 : c.rfc3987;
  return c.rfc3986.result === "accept" || iri.result === "accept" ? c.input : undefined;
};
const validCases = allCases.filter((c) => validText(c) !== undefined);

const nodeOf = (text: string): UriReference => {
  const r = parse(text);
  if (r.ok) return r.value;
  const i = parseRule(text, "IRI-reference");
  if (i.ok) return i.value;
  throw new Error(`not a URI or IRI reference: ${JSON.stringify(text)}`);
};

// Percent-encoded octets that are not unreserved characters: normalization must leave them
// encoded (RFC 3986 §2.2, §2.4, §6.2.2.2); only the hex digits' case may change.
const ENCODED = /%[0-9A-Fa-f]{2}/g;
const UNRESERVED_BYTE = /^[A-Za-z0-9\-._~]$/;
const encodedDelimiters = (text: string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const m of text.match(ENCODED) ?? []) {
    const t = m.toUpperCase();
    if (UNRESERVED_BYTE.test(String.fromCharCode(parseInt(t.slice(1), 16)))) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return counts;
};
const count = (text: string, ch: string): number => text.split(ch).length - 1;
const isDotSegment = (s: string): boolean => {
  const d = s.replace(/%2e/gi, ".");
  return d === "." || d === "..";
};

// RFC 3986 §3.2.1: the password is everything after the first ":" of userinfo.
const passwordOf = (userinfo: string | undefined): string | undefined => {
  if (userinfo === undefined) return undefined;
  const colon = userinfo.indexOf(":");
  return colon < 0 || colon === userinfo.length - 1 ? undefined : userinfo.slice(colon + 1);
};

const liveWhatwg = (input: string, base?: string): WhatwgReading => {
  try {
    const u = base === undefined ? new URL(input) : new URL(input, base);
    return { href: u.href, username: u.username, password: u.password, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash };
  } catch {
    return { throws: true };
  }
};

it("has security fixtures, every case citing a source and naming a known category", () => {
  expect(files.length).toBeGreaterThan(0);
  for (const c of allCases) {
    expect(CATEGORIES).toContain(c.category);
    expect(c.source.id.length).toBeGreaterThan(0);
    expect(c.source.about.length).toBeGreaterThan(0);
    expect(typeof c.differs).toBe("boolean");
  }
});

describe.each(fixtures)("%s", (_file, fixture) => {
  describe.each(fixture.cases.map((c) => [`${c.category} ${JSON.stringify(c.input)}`, c] as const))("%s", (_name, c) => {
    it("is read as RFC 3986's grammar reads it", () => {
      expect(uriReading(c.input)).toEqual(c.rfc3986);
      const v = validate(c.input);
      expect(v.ok).toBe(c.rfc3986.result === "accept");
      if (!v.ok && c.rfc3986.result === "reject") expect(v.error.offset).toBe(c.rfc3986.offset);
    });

    it("is read as RFC 3987's grammar reads it", () => {
      expect(iriReading(c.input)).toEqual(c.rfc3987 === "same" ? c.rfc3986 : c.rfc3987);
    });

    if (c.resolved !== undefined && c.base !== undefined) {
      it("resolves against its base (RFC 3986 §5.2)", () => {
        const r = resolve(c.base!, c.input);
        expect(r.ok && serialize(r.value)).toBe(c.resolved);
        if (c.resolvedNormalized !== undefined) {
          const n = normalize(c.resolved!);
          expect(n.ok && serialize(n.value)).toBe(c.resolvedNormalized);
        }
      });
    }

    if (c.normalized !== undefined) {
      it("normalizes as RFC 3986 §6.2.2 and §6.2.3 say", () => {
        const n = normalize(c.input);
        expect(n.ok && serialize(n.value)).toBe(c.normalized);
      });
    }

    if (c.display !== undefined) {
      it("is displayed without its password", () => {
        const d = c.display!;
        if (typeof d === "string") expect(toDisplayString(c.input)).toBe(d);
        else expect(() => toDisplayString(c.input)).toThrow(UriSyntaxError);
      });
    }

    if (c.decode !== undefined) {
      it("refuses to decode malformed UTF-8 into ASCII", () => {
        const r = percentDecode(c.decode!.text);
        expect(r.ok ? r.value : r.error.code).toBe(c.decode!.error);
      });
    }

    if (c.iriToUri !== undefined) {
      it("maps to a URI (RFC 3987 §3.1 with IDNA) as recorded", () => {
        const m = iriToUri(c.input, { idna: true });
        const expected = c.iriToUri!;
        if (typeof expected === "string") expect(m.ok && serialize(m.value)).toBe(expected);
        else expect(m.ok ? serialize(m.value) : m.error.code).toBe(expected.error);
      });
    }
  });
});

describe("controls, spaces and other excluded characters are invalid anywhere, in a URI and in an IRI", () => {
  const sweeps = fixtures.flatMap(([, fx]) => (fx.sweep === undefined ? [] : [fx.sweep]));
  it("has a sweep", () => expect(sweeps.length).toBeGreaterThan(0));
  const rows = sweeps.flatMap((sw) => {
    const chars = [...sw.alsoInvalid];
    for (const [lo, hi] of sw.codePointRanges) for (let cp = lo; cp <= hi; cp++) chars.push(String.fromCodePoint(cp));
    return sw.templates.map((t) => [t, chars] as const);
  });
  it.each(rows)("inserted anywhere in %j", (template, chars) => {
    const wrong: string[] = [];
    for (const ch of chars) {
      for (let i = 0; i <= template.length; i++) {
        const input = template.slice(0, i) + ch + template.slice(i);
        for (const rule of ["URI-reference", "IRI-reference"] as const) {
          const v = validate(input, rule);
          if (v.ok || v.error.offset !== i) wrong.push(`${rule} ${JSON.stringify(input)}: ${v.ok ? "accepted" : `offset ${v.error.offset}`}, expected offset ${i}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("normalize never decodes a percent-encoded delimiter", () => {
  it.each(validCases.map((c) => [JSON.stringify(c.input), c] as const))("%s", (_name, c) => {
    const before = nodeOf(c.input);
    const n = normalize(c.input);
    expect(n.ok).toBe(true);
    if (!n.ok) return;
    const text = serialize(n.value);
    const after = nodeOf(text);
    // the structure stays: same components present, a host keeps its kind (a reg-name may become
    // an IPv4address by decoding %3x digits, RFC 3986 §6.2.2.2)
    expect(after.kind).toBe(before.kind);
    expect(after.authority === undefined).toBe(before.authority === undefined);
    expect(after.authority?.userinfo === undefined).toBe(before.authority?.userinfo === undefined);
    if (before.authority !== undefined && after.authority !== undefined) {
      const k = before.authority.host.kind;
      expect(after.authority.host.kind === k || (k === "reg-name" && after.authority.host.kind === "IPv4address")).toBe(true);
    }
    expect(after.query === undefined).toBe(before.query === undefined);
    expect(after.fragment === undefined).toBe(before.fragment === undefined);
    // no delimiter appears that was not there: raw delimiters never grow in number
    for (const ch of ["@", "?", "#", "[", "]", ":"]) expect(count(text, ch)).toBeLessThanOrEqual(count(c.input, ch));
    // every encoded non-unreserved octet stays encoded; only dot-segment removal may drop some
    const removesSegments = before.path.segments.some(isDotSegment);
    const inCounts = encodedDelimiters(c.input);
    const outCounts = encodedDelimiters(text);
    for (const [t, n0] of inCounts) {
      if (removesSegments) expect(outCounts.get(t) ?? 0).toBeLessThanOrEqual(n0);
      else expect(outCounts.get(t) ?? 0).toBe(n0);
    }
    for (const t of outCounts.keys()) expect(inCounts.has(t)).toBe(true);
  });
});

describe("toDisplayString never shows a password", () => {
  it.each(validCases.map((c) => [JSON.stringify(c.input), c] as const))("%s", (_name, c) => {
    const node = nodeOf(c.input);
    const shown = toDisplayString(c.input);
    const userinfo = node.authority?.userinfo;
    const password = passwordOf(userinfo);
    if (password === undefined) {
      // nothing to mask: still an IRI reference, with nothing invisible or space-like left bare
      // (RFC 3987 §6.1, §8), and the same reference once mapped back, up to hex case and
      // A-labels shown for hosts that mix scripts
      expect(validate(shown, "IRI-reference").ok).toBe(true);
      expect(shown).not.toMatch(/[\p{White_Space}\p{Default_Ignorable_Code_Point}]/u);
      const back = iriToUri(shown);
      const original = iriToUri(c.input);
      if (back.ok && original.ok && !/xn--/i.test(shown)) expect(serialize(back.value).toLowerCase()).toBe(serialize(original.value).toLowerCase());
      return;
    }
    const shownUserinfo = nodeOf(shown).authority?.userinfo;
    expect(shownUserinfo).toBe(`${userinfo!.slice(0, userinfo!.indexOf(":"))}:***`);
    expect(shown).not.toContain(`:${password}@`);
  });

  it("refuses (UriSyntaxError) what is not a URI or IRI reference, rather than guessing", () => {
    for (const c of allCases.filter((x) => validText(x) === undefined)) expect(() => toDisplayString(c.input)).toThrow(UriSyntaxError);
  });
});

describe("resolve never climbs above the root", () => {
  const BASES = ["http://h.example/a/b/c", "http://h.example/", "file:///srv/www/index.html"];
  it.each(validCases.map((c) => [JSON.stringify(c.input), c] as const))("%s", (_name, c) => {
    for (const base of BASES) {
      const r = resolve(base, c.input);
      if (!r.ok) continue; // e.g. a non-strict-only reference; resolution has nothing to say then
      // RFC 3986 §5.2.4: no "." or ".." segment is left, so nothing points above the root
      expect(r.value.path.segments.filter((s) => s === "." || s === "..")).toEqual([]);
      // and none after §6.2.2.2 decoding (%2E is ".") and §6.2.2.3 removal either
      const n = normalize(r.value);
      expect(n.ok).toBe(true);
      if (n.ok) expect(n.value.path.segments.filter(isDotSegment)).toEqual([]);
      if (c.rfc3986.result === "accept" && c.rfc3986.kind === "relative-ref" && c.rfc3986.host === null) {
        // a path-only reference keeps the base's authority: dot segments never reach it
        expect(r.value.authority?.host.text).toBe(nodeOf(base).authority?.host.text);
      }
    }
  });
});

describe("the recorded WHATWG readings", () => {
  it("say differs exactly when the readings disagree on more than the path", () => {
    for (const c of allCases) expect(c.differs).toBe(c.differsIn.some((d) => d !== "path"));
  });

  it("are compared with this Node's URL (a change is reported, not failed)", () => {
    const changed = allCases.filter((c) => JSON.stringify(liveWhatwg(c.input, c.base)) !== JSON.stringify(c.whatwg));
    if (changed.length > 0) {
      const lines = changed.map((c) => `  ${JSON.stringify(c.input)}: recorded ${JSON.stringify(c.whatwg)}, now ${JSON.stringify(liveWhatwg(c.input, c.base))}`);
      console.info(`WHATWG URL in ${process.version} reads ${changed.length} security fixture input(s) differently from the recorded data (${fixtures[0]?.[1].whatwgRecordedWith}):\n${lines.join("\n")}`);
    }
    expect(Array.isArray(changed)).toBe(true);
  });
});

describe("ReDoS families (answers only, no timing)", () => {
  const redos = readJson<{ readonly cases: readonly RedosCase[] }>("security", "redos.json").cases;
  const expand = (parts: readonly Part[]): string => parts.map((p) => (typeof p === "string" ? p : p.repeat.repeat(p.count))).join("");
  const summary = (r: Parsed): Summary =>
    r.ok
      ? {
          result: "accept",
          kind: r.value.kind,
          hostKind: r.value.authority?.host.kind ?? null,
          hostLength: r.value.authority?.host.text.length ?? null,
          pathLength: r.value.path.text.length,
        }
      : { result: "reject", offset: r.error.offset };

  it.each(redos.map((c) => [`${c.source.id}: ${JSON.stringify(c.generator.parts).slice(0, 80)}`, c] as const))("%s", (_name, c) => {
    const input = expand(c.generator.parts);
    expect(input.length).toBe(c.length);
    expect(summary(parse(input))).toEqual(c.rfc3986);
    const v = validate(input);
    expect(v.ok).toBe(c.rfc3986.result === "accept");
    if (!v.ok && c.rfc3986.result === "reject") expect(v.error.offset).toBe(c.rfc3986.offset);
    expect(summary(parseRule(input, "IRI-reference"))).toEqual(c.rfc3987 === "same" ? c.rfc3986 : c.rfc3987);
  });
});
