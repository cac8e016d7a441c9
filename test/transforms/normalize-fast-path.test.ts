// The one-scan check of a text already in normal form (isNormalAt, and a scheme's keepsNormalForm)
// answers for normalize without running the steps or judging the scheme: it must give exactly what
// the steps run one by one give (RFC 3986 §6.2.2, §6.2.3). Checked on the fixtures, a sample of
// real URLs, the hard corpus, a table of tricky components and generated references, with every
// registry kind and every option the check lets through.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import * as make from "../../src/ast/make";
import type { UriReference } from "../../src/ast/nodes";
import { normalize } from "../../src/operations";
import { parse } from "../../src/parse";
import { reference } from "../../src/core/values";
import { createRegistry, defaultRegistry, fileScheme } from "../../src/schemes/index";
import { isNormalAt, normalizeReference, normalizeStepByStep, defaultSchemeNormalizations, type NormalizeOptions } from "../../src/transforms/normalize";
import { equivalenceKeyWithRules, normalizeWithRules, normalizeWithRulesStepByStep, type SchemeRulesRegistry } from "../../src/transforms/scheme-rules";
import { serializeNode } from "../../src/transforms/serialize";
import { FIXTURES } from "../helpers/fixtures";
import { validFor } from "../helpers/generators";
import { runs, seed } from "../helpers/runs";

const lines = (...p: string[]): string[] => fs.readFileSync(path.join(FIXTURES, ...p), "utf8").split("\n").filter((l) => l !== "");
const jsonInputs = (...p: string[]): string[] => {
  const f = JSON.parse(fs.readFileSync(path.join(FIXTURES, ...p), "utf8")) as { groups: { cases: [string, string, ...unknown[]][] }[] };
  return f.groups.flatMap((g) => g.cases.flatMap(([input, expected]) => [input, expected]));
};

/** A table of components that each step changes, or nearly does (every combination is tried). */
function table(): string[] {
  const schemes = ["http:", "HTTP:", "https:", "file:", "File:", "mailto:", "urn:", "foo:", ""];
  const authorities = [
    undefined, "", "localhost", "LOCALHOST", "u@localhost", "h", "H", "h:", "h:80", "h:080", "h:443", ":80",
    "[::A]", "[V1.x]", "%c3%a9", "%C3%A9", "%31%32%37.0.0.1", "U:P@h",
  ];
  const paths = ["", "/", "/a/./b", "/a/../b", "/.", "/..", "/.a/b..", "/%2e/", "/%2E%2E", "a", "./a", "a/.", "//a", "/a%7e", "/%C3%A9", "/%c3%a9", "/%2F"];
  const tails = ["", "?", "?a/./b%7e", "#x%2e", "?%AB#%5b"];
  const out: string[] = [];
  for (const s of schemes) for (const a of authorities) for (const p of paths) for (const t of tails) {
    out.push(`${s}${a === undefined ? "" : `//${a}`}${p}${t}`);
  }
  return out;
}

const parsed = (texts: readonly string[]): UriReference[] =>
  [...new Set(texts)].flatMap((t) => {
    const r = parse(t);
    return r.ok ? [r.value] : [];
  });

const inputs = parsed([
  ...jsonInputs("normalize", "rfc3986.json"),
  ...jsonInputs("normalize", "options.json"),
  ...jsonInputs("schemes", "normalize.json"),
  ...lines("normalize", "real-sample.txt"),
  ...lines("corpus", "hard.txt"),
  ...table(),
]);

/** Options the check lets through (and the two it does not, which must not change anything either). */
const OPTIONS: readonly NormalizeOptions[] = [
  {}, { case: false }, { percentEncoding: false }, { dotSegments: false }, { emptyPort: false }, { defaultPort: false }, { emptyPath: false },
  { case: false, percentEncoding: false, dotSegments: false, emptyPort: false, defaultPort: false, emptyPath: false },
  { ipv6: "keep", nfc: false }, { ipv6: "rfc5952" }, { nfc: true },
];
/** With a registry: the default, a step its schemes turn off or add to, and one the check does not let through. */
const REGISTRY_OPTIONS: readonly NormalizeOptions[] = [
  {}, { dotSegments: false }, { percentEncoding: false, emptyPath: false }, { nfc: true }, { ipv6: "rfc5952" }, { ipv6: "keep" }, { ipv6: "rfc5952", dotSegments: false },
];

const REGISTRIES: readonly (readonly [string, SchemeRulesRegistry])[] = [
  ["defaultRegistry", defaultRegistry as unknown as SchemeRulesRegistry],
  ["a registry with the file scheme of Appendix E", createRegistry([fileScheme({ appendixE: true })]) as unknown as SchemeRulesRegistry],
];

/** A node as a test compares it: its kind, host kind, text, and no span. */
const view = (n: UriReference): string => `${n.kind} ${String(n.authority?.host.kind)} ${String(n.span)} ${serializeNode(n)}`;

/** The inputs on which `a` and `b` give different nodes, as [input, a's, b's]. */
function differences(a: (n: UriReference) => UriReference, b: (n: UriReference) => UriReference): string[][] {
  const out: string[][] = [];
  for (const n of inputs) {
    const x = view(a(n));
    const y = view(b(n));
    if (x !== y) out.push([serializeNode(n), x, y]);
  }
  return out;
}

describe("the one-scan check of a normal text agrees with the steps one by one", () => {
  it("has inputs of every kind, and tells most real URLs normal in one scan", () => {
    expect(inputs.length).toBeGreaterThan(10000);
    const real = parsed(lines("normalize", "real-sample.txt"));
    const normal = real.filter((n) => isNormalAt(make.layoutOf(n), defaultSchemeNormalizations.find((d) => d.name === n.scheme)));
    // a check that never says yes would be no fast path at all
    expect(normal.length / real.length).toBeGreaterThan(0.9);
  });

  it.each(OPTIONS.map((o) => [JSON.stringify(o), o] as const))("normalizeReference, options %s", (_name, o) => {
    expect(differences((n) => normalizeReference(n, o), (n) => normalizeStepByStep(n, o))).toEqual([]);
  });

  it("normalizeReference with scheme facts of one's own, or none", () => {
    for (const o of [{ schemes: [] }, { schemes: [{ name: "foo", defaultPort: 80, emptyPathIsRoot: true }] }]) {
      expect(differences((n) => normalizeReference(n, o), (n) => normalizeStepByStep(n, o))).toEqual([]);
    }
  });

  it.each(REGISTRIES)("normalizeWithRules with %s, with options that matter to it", (_name, reg) => {
    for (const o of REGISTRY_OPTIONS) {
      expect([o, differences((n) => normalizeWithRules(n, reg, o), (n) => normalizeWithRulesStepByStep(n, reg, o))]).toEqual([o, []]);
    }
  });

  it.each(REGISTRIES)("equivalenceKeyWithRules with %s: a normal text read off as its key is the key of the steps one by one", (_name, reg) => {
    const wrong: string[][] = [];
    let read = 0;
    for (const n of inputs) {
      for (const ipv6 of [undefined, "rfc5952", "keep"] as const) {
        const key = equivalenceKeyWithRules(n, reg, { ipv6 });
        // a scheme's own key (urn, mailto, tel) is not the normal form's text
        if (!key.startsWith("URI ")) continue;
        const steps = `URI ${serializeNode(normalizeWithRulesStepByStep(n, reg, { ipv6: ipv6 ?? "rfc5952" }))}`;
        if (key !== steps) wrong.push([serializeNode(n), String(ipv6), key, steps]);
        if (key === `URI ${serializeNode(n)}`) read++;
      }
    }
    expect(wrong).toEqual([]);
    // the inputs are mostly made not to be normal (the table), but a good share is
    expect(read).toBeGreaterThan(inputs.length / 3);
  });

  it("normalize(string) with its default options gives what every step gives (defaultSchemeNormalizations)", () => {
    const viaString = (n: UriReference): UriReference => {
      const r = normalize(serializeNode(n));
      if (!r.ok) throw r.error;
      return r.value;
    };
    expect(differences(viaString, (n) => normalizeStepByStep(n))).toEqual([]);
  });

  it("normalize(string, { schemes: defaultRegistry }) gives what every step and every scheme's judgement give", () => {
    const viaString = (n: UriReference): UriReference => {
      const r = normalize(serializeNode(n), { schemes: defaultRegistry });
      if (!r.ok) throw r.error;
      return r.value;
    };
    expect(differences(viaString, (n) => normalizeWithRulesStepByStep(n, defaultRegistry as unknown as SchemeRulesRegistry))).toEqual([]);
  });

  it("a text the check calls normal is kept by every step, alone or with others", () => {
    const changed: string[] = [];
    for (const n of inputs) {
      if (!isNormalAt(make.layoutOf(n), defaultSchemeNormalizations.find((d) => d.name === n.scheme))) continue;
      for (const o of OPTIONS.slice(0, 8)) if (serializeNode(normalizeStepByStep(n, o)) !== serializeNode(n)) changed.push(`${serializeNode(n)} ${JSON.stringify(o)}`);
    }
    expect(changed).toEqual([]);
  });

  it("on generated references (fast-check)", () => {
    fc.assert(
      fc.property(validFor("URI-reference"), (s) => {
        const n = parse(s);
        if (!n.ok) return;
        expect(view(normalizeWithRules(n.value, defaultRegistry as unknown as SchemeRulesRegistry))).toBe(view(normalizeWithRulesStepByStep(n.value, defaultRegistry as unknown as SchemeRulesRegistry)));
        expect(view(normalizeReference(n.value))).toBe(view(normalizeStepByStep(n.value)));
      }),
      { numRuns: runs(2000), seed: seed(19) },
    );
  });

  it("a node without spans, or a view of part of a longer text, gives what the steps give", () => {
    const NONE: NormalizeOptions = { case: false, percentEncoding: false, dotSegments: false, emptyPort: false, defaultPort: false, emptyPath: false };
    for (const t of ["http://a/b", "http://a", "file:///x", "file://localhost/x", "file://h/x", "mailto:a@b", "HTTP://A/b", "x/./y", "/a/b?c#d"]) {
      const n = parse(t);
      if (!n.ok) throw new Error(t);
      const withoutSpans = normalizeStepByStep(n.value, NONE);
      expect(withoutSpans.span).toBeUndefined();
      const inside = reference(`  ${t}  `, 2, 2 + t.length) as UriReference;
      expect(serializeNode(inside)).toBe(t);
      for (const node of [withoutSpans, inside]) {
        expect(view(normalizeWithRules(node, defaultRegistry as unknown as SchemeRulesRegistry))).toBe(view(normalizeWithRulesStepByStep(node, defaultRegistry as unknown as SchemeRulesRegistry)));
        expect(view(normalizeReference(node))).toBe(view(normalizeStepByStep(node)));
      }
    }
  });
});
