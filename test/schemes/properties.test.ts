// Properties of every built-in scheme (and file with Appendix E), over strings generated from
// its grammar and mutations of them:
//  - every string the scheme's grammar accepts is a valid RFC 3986 URI, with any fragment too;
//  - scheme normalization is idempotent, keeps the URI valid under its scheme and equivalent;
//  - equivalence is an equivalence relation (reflexive, symmetric, transitive).
import fc from "fast-check";
import { seededRandom, semantics } from "../../src/abnf/index";
import { rfc3986 } from "../../src/grammars/rfc3986/index";
import { equivalentOrThrow, isValid, normalizeOrThrow, parse, serialize } from "../../src/index";
import { defaultRegistry, equivalenceKey, mailto, mailtoGrammar } from "../../src/schemes/index";
import { mutate } from "../helpers/abnf-algebra";
import { allSchemes } from "./helpers";
import { runs } from "../helpers/runs";

const ALPHABET = [..."aZ09-._~!$&'()*+,;=:@/?#[]% ", "%2", "%41", "%C3%A9", "?+", "?=", ";ext=", "//"];
const seed = fc.integer({ min: 0, max: 0x7fffffff });

/** A random variant of a URI that means the same under RFC 3986 §6.2.2 (scheme case, hex case, an unreserved character encoded), or not (a letter's case); always a URI. */
function variant(s: string, r: (n: number) => number): string {
  const v = anyVariant(s, r);
  return isValid(v, "URI") ? v : s;
}

function anyVariant(s: string, r: (n: number) => number): string {
  switch (r(4)) {
    case 0: {
      const colon = s.indexOf(":");
      return s.slice(0, colon).toUpperCase() + s.slice(colon);
    }
    case 1:
      return s.replace(/%[0-9A-Fa-f]{2}/g, (t) => (r(2) === 0 ? t.toLowerCase() : t.toUpperCase()));
    case 2: {
      const at = s.indexOf(":") + 1 + r(Math.max(1, s.length - s.indexOf(":") - 1));
      const c = s.charAt(at);
      return /[A-Za-z0-9]/.test(c) ? `${s.slice(0, at)}%${c.charCodeAt(0).toString(16).toUpperCase()}${s.slice(at + 1)}` : s;
    }
    default: {
      const at = r(s.length);
      const c = s.charAt(at);
      return s.slice(0, at) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + s.slice(at + 1);
    }
  }
}

describe.each(allSchemes.map(([label, s]) => [label, s]))("%s", (_label, scheme) => {
  const registry = defaultRegistry.with(scheme);
  const generated = (n: number, reps = 4): string => scheme.generate(seededRandom(n), { maxRepeat: 1 + (n % reps) });

  it("accepts only valid RFC 3986 URIs, with or without a fragment", () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 0, max: 3 }), (n, edits) => {
        let s = generated(n);
        const r = seededRandom(n);
        for (let k = 0; k < edits; k++) s = mutate(s, ALPHABET, r);
        if (!scheme.grammar.isValid(s, scheme.rule)) return;
        expect([s, isValid(s, "URI")]).toEqual([s, true]);
        if (s.includes("#")) return; // urn's namestring has its f-component
        const fragment = rfc3986.generate("fragment", seededRandom(n + 1));
        expect(isValid(`${s}#${fragment}`, "URI")).toBe(true);
        // the fragment is no part of the scheme's syntax, unless the scheme forbids one
        expect(scheme.isValid(`${s}#${fragment}`)).toBe(scheme.fragment === "allowed" && scheme.isValid(s));
      }),
      { numRuns: runs(250) },
    );
  });

  it("refuses a character beyond US-ASCII or a bidi control in any component, fragment included, as validate(s, \"URI\") and parse(s, { schemes }) do", () => {
    // RFC 3986 §2: a URI is US-ASCII; a scheme refines RFC 3986's URIs (RFC 7595 §3.2), so none
    // of its URIs holds any other character in any component (issue 31: the fragment, which no
    // scheme grammar reads, let them through)
    let checked = 0;
    fc.assert(
      fc.property(seed, (n) => {
        const s = `${generated(n)}${scheme.fragment === "allowed" ? "#f" : ""}`;
        if (!scheme.isValid(s)) return;
        for (let at = 0; at <= s.length; at++) {
          for (const c of ["\u00e9", "\u202e", "\u{1F600}", "\u00a0"]) {
            const t = s.slice(0, at) + c + s.slice(at);
            const generic = parse(t, { schemes: registry });
            const agreed = generic.ok && generic.value.schemeError === undefined && generic.value.scheme !== undefined;
            expect([t, scheme.isValid(t), scheme.validate(t).ok]).toEqual([t, false, false]);
            expect([t, agreed, isValid(t, "URI")]).toEqual([t, false, false]);
            checked++;
          }
        }
      }),
      { numRuns: runs(20) },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it("normalizes idempotently, to a URI valid under the scheme and equivalent to the input", () => {
    let checked = 0;
    fc.assert(
      fc.property(seed, fc.boolean(), (n, withFragment) => {
        let s = generated(n);
        if (withFragment && scheme.fragment === "allowed") s += `#${rfc3986.generate("fragment", seededRandom(n))}`;
        if (!scheme.isValid(s)) return;
        checked++;
        const once = normalizeOrThrow(s, { schemes: registry });
        const twice = normalizeOrThrow(once, { schemes: registry });
        expect([s, serialize(twice)]).toEqual([s, serialize(once)]);
        expect([s, serialize(once), scheme.validate(once).ok]).toEqual([s, serialize(once), true]);
        expect([s, equivalenceKey(once, registry)]).toEqual([s, equivalenceKey(s, registry)]);
        const v = variant(s, seededRandom(n));
        if (scheme.isValid(v)) expect(serialize(normalizeOrThrow(normalizeOrThrow(v, { schemes: registry }), { schemes: registry }))).toBe(serialize(normalizeOrThrow(v, { schemes: registry })));
      }),
      { numRuns: runs(300) },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it("keys a URI, valid under the scheme or not, as its normal form (fuzz round 17: \"tel:+%31\", refused, is \"tel:+1\", accepted)", () => {
    // RFC 3986 §6.2.3 climbs from §6.2.2: what the syntax rung finds equivalent stays so
    let refused = 0;
    fc.assert(
      fc.property(seed, fc.integer({ min: 1, max: 3 }), (n, edits) => {
        let s = generated(n);
        const r = seededRandom(n);
        for (let k = 0; k < edits; k++) s = mutate(s, [...ALPHABET, "./", "%2e", "%41", "%31"], r);
        if (!isValid(s, "URI")) return;
        if (!scheme.isValid(s)) refused++;
        const once = normalizeOrThrow(s, { schemes: registry });
        expect([s, equivalenceKey(once, registry)]).toEqual([s, equivalenceKey(s, registry)]);
        expect([s, equivalentOrThrow(s, once, { schemes: registry })]).toEqual([s, true]);
      }),
      { numRuns: runs(300) },
    );
    expect(refused).toBeGreaterThan(20);
  });

  it("compares by an equivalence relation", () => {
    fc.assert(
      fc.property(seed, (n) => {
        const r = seededRandom(n);
        const base = generated(n, 3);
        const pool = [base];
        for (let k = 0; k < 5; k++) pool.push(variant(pool[r(pool.length)] as string, r));
        const eq = pool.map((a) => pool.map((b) => equivalentOrThrow(a, b, { schemes: registry })));
        pool.forEach((a, i) => {
          expect([a, eq[i]?.[i]]).toEqual([a, true]);
          pool.forEach((b, j) => {
            expect([a, b, eq[j]?.[i]]).toEqual([a, b, eq[i]?.[j]]);
            pool.forEach((c, k) => {
              if (eq[i]?.[j] === true && eq[j]?.[k] === true) expect([a, b, c, eq[i]?.[k]]).toEqual([a, b, c, true]);
            });
          });
        });
        // the variants that only change the scheme's case or a hex digit's case are equivalent to the base
        const colon = base.indexOf(":");
        expect(equivalentOrThrow(base, base.slice(0, colon).toUpperCase() + base.slice(colon), { schemes: registry })).toBe(true);
        expect(equivalentOrThrow(base, base.replace(/%[0-9A-Fa-f]{2}/g, (t) => t.toLowerCase()), { schemes: registry })).toBe(true);
      }),
      { numRuns: runs(40) },
    );
  });
});

describe("mailto's recipients split by delimiters", () => {
  it("are the addr-specs of the grammar's derivation", () => {
    const derivation = semantics(mailtoGrammar, {}, { captures: ["to", "addr-spec", "local-part", "domain"] });
    fc.assert(
      fc.property(seed, (n) => {
        const s = mailto.generate(seededRandom(n), { maxRepeat: 1 + (n % 4) });
        const v = mailto.parse(s);
        if (!v.ok) return;
        const to = derivation.match("mailtoURI", s).first("to");
        const expected = (to === undefined ? [] : to.all("addr-spec")).map((a) => [a.first("local-part")?.text, a.first("domain")?.text].map((t) => decodeURIComponent(t ?? "")));
        expect([s, v.value.to.map((a) => [a.localPart, a.domain])]).toEqual([s, expected]);
      }),
      { numRuns: runs(300) },
    );
  });
});
