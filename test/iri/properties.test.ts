// Properties of the RFC 3987 mappings over references generated from the grammars: §3.1
// ("produces URIs fully conforming to [RFC3986]", "an identity transformation for URIs and is
// idempotent", "Every URI is by definition an IRI"), §3.2 ("will always result in an IRI that
// maps back to the URI used as an input"), and the library's own promises (never a throw for a
// string, the node a text parses to, TypeErrors that name the argument).
import fc from "fast-check";
import { isNode } from "../../src/ast/make";
import type { UriReference } from "../../src/ast/nodes";
import { isValid, parse, parseOrThrow, parseRule } from "../../src/parse";
import { equivalentOrThrow } from "../../src/operations";
import { serializeNode } from "../../src/transforms/serialize";
import {
  iriBidiFindings, iriToUri, iriToUriOrThrow, repairIriReference, repairUriReference, toDisplayString, uriToIri, uriToIriOrThrow,
} from "../../src/iri/index";
import { mutatedFor, validFor } from "../helpers/generators";
import { runs } from "../helpers/runs";

const RUNS = { numRuns: runs(1000) };
const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === "span" ? undefined : v)));
/** Uppercases the hex digits of triplets of octets 0x80 and above (what §3.2 re-encodes). */
const upperHigh = (s: string): string => s.replace(/%[89a-fA-F][0-9a-fA-F]/g, (t) => t.toUpperCase());
/** Decodes each percent-encoded unreserved character (RFC 3986 §2.3), as §3.2 step 2 does. */
const decodeUnreserved = (s: string): string =>
  s.replace(/%([0-9a-fA-F]{2})/g, (t, h: string) => {
    const c = String.fromCharCode(parseInt(h, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : t;
  });
const BIDI_CONTROL = /\p{Bidi_Control}/u;
/**
 * What RFC 3987 §6.1 b calls not appropriate, as this test reads it: white space, default-ignorable
 * characters, characters whose compatibility form holds ASCII other than unreserved, the slash
 * look-alikes NFKC keeps, and the full-width and half-width forms it names (a character of
 * U+FF01-U+FFEE that NFKC changes). §3.2 step 4 leaves them encoded.
 */
const notAppropriate = (s: string): boolean =>
  [...s].some((ch) => {
    const k = ch.normalize("NFKC");
    return /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/u.test(ch) || /[\u2044\u2215\u2571\u29F8\u1735]/u.test(k) || /[^A-Za-z0-9\-._~\u0080-\u{10FFFF}]/u.test(k) ||
      (/^[\uff01-\uffee]$/u.test(ch) && k !== ch);
  });
/** Every character beyond US-ASCII as its UTF-8 octets (Node's encoder), each as uppercase %HH. */
const utf8Encoded = (s: string): string =>
  [...s].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch : [...Buffer.from(ch, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""))).join("");

/** The node its own text parses to, as an IRI reference (the host kind too), spans aside. */
function reparses(node: UriReference): boolean {
  const again = parseRule(serializeNode(node), "IRI-reference");
  return again.ok && JSON.stringify(plain(again.value)) === JSON.stringify(plain(node));
}

describe("iriToUri (RFC 3987 §3.1)", () => {
  test("maps every IRI reference to a valid URI reference, idempotently, as a node its text parses to", () => {
    fc.assert(
      fc.property(validFor("IRI-reference"), (iri) => {
        const u = iriToUriOrThrow(iri);
        const text = serializeNode(u);
        expect(isValid(text, "URI-reference")).toBe(true);
        expect(isNode(u)).toBe(true);
        expect(reparses(u)).toBe(true);
        expect(serializeNode(iriToUriOrThrow(text))).toBe(text);
        // §3.1 step 2 word for word: each non-ASCII character replaced by its UTF-8 octets as %HH
        expect(text).toBe(utf8Encoded(iri));
      }),
      RUNS,
    );
  });

  test("is the identity on URI references, which are all IRI references", () => {
    fc.assert(
      fc.property(validFor("URI-reference"), (uri) => {
        expect(isValid(uri, "IRI-reference")).toBe(true);
        expect(serializeNode(iriToUriOrThrow(uri))).toBe(uri);
        // with IDNA too, unless the host holds percent-encoded non-ASCII (which IDNA converts)
        const r = iriToUri(uri, { idna: true });
        const host = parseOrThrow(uri).authority?.host.text ?? "";
        if (!/%[89a-fA-F]/.test(host)) expect(r.ok && serializeNode(r.value)).toBe(uri);
        else if (r.ok) expect(r.value.authority?.host.text).toMatch(/(^|\.)xn--/);
        else expect(r.error).toMatchObject({ name: "IdnaError", code: "invalid-label" });
      }),
      RUNS,
    );
  });

  test("with IDNA: a valid URI reference or an IdnaError, never anything else", () => {
    fc.assert(
      fc.property(validFor("IRI-reference"), (iri) => {
        const r = iriToUri(iri, { idna: true });
        if (r.ok) {
          expect(isValid(serializeNode(r.value), "URI-reference")).toBe(true);
          expect(reparses(r.value)).toBe(true);
        } else expect(r.error.name).toBe("IdnaError");
      }),
      RUNS,
    );
  });
});

describe("uriToIri (RFC 3987 §3.2)", () => {
  test("maps every URI reference to a valid IRI reference that maps back to it (hex case and decoded unreserved characters aside) and is equivalent to it", () => {
    fc.assert(
      fc.property(validFor("URI-reference"), fc.boolean(), (uri, idna) => {
        const i = uriToIriOrThrow(uri, { idna });
        expect(isValid(serializeNode(i), "IRI-reference")).toBe(true);
        expect(reparses(i)).toBe(true);
        if (!idna) expect(serializeNode(iriToUriOrThrow(i))).toBe(upperHigh(decodeUnreserved(uri)));
        // a relative-path reference whose "%2E" decoded to a dot segment is the exception (as in
        // mapping.test.ts): normalization keeps its dot segments and makes none by decoding, so
        // "%2E#/" stays apart from ".#/"
        const madeDotSegment = /(^|\/)(%2e|\.)(%2e|\.)?([/?#]|$)/i.test(uri) && uri.toLowerCase().includes("%2e") && !/^[a-z][a-z0-9+.-]*:|^\//i.test(uri);
        if (!idna && !madeDotSegment) expect(equivalentOrThrow(i, uri)).toBe(true);
        expect(serializeNode(uriToIriOrThrow(i, { idna }))).toBe(serializeNode(i));
      }),
      RUNS,
    );
  });

  test("gives back the IRI that was mapped, wherever §3.2 can (no bidi formatting character, nothing §6.1 calls not appropriate, no percent-encoded non-ASCII in it)", () => {
    fc.assert(
      fc.property(validFor("IRI-reference"), (iri) => {
        const back = serializeNode(uriToIriOrThrow(iriToUriOrThrow(iri)));
        if (!BIDI_CONTROL.test(iri) && !notAppropriate(iri) && !/%[89a-fA-F]/.test(iri)) expect(back).toBe(decodeUnreserved(iri));
        // §3.2 step 4: what it decodes is never a bidi formatting character or not appropriate
        const decoded = back.replace(/[\x00-\x7f]/g, "");
        expect([iri, BIDI_CONTROL.test(decoded) || notAppropriate(decoded)]).toEqual([iri, false]);
        // and always: converting is stable, mapping back gives the same URI up to §3.2 step 2
        expect(serializeNode(iriToUriOrThrow(back))).toBe(upperHigh(decodeUnreserved(serializeNode(iriToUriOrThrow(iri)))));
      }),
      RUNS,
    );
  });

  test("URIs made from IRIs with characters §3.2 decodes: the IRI comes back", () => {
    const chars = fc.constantFrom("é", "ü", "\u05d0", "納", "\ud83d\ude00", "\u00a1", "\uf900", "\ufdcf", "\ufdf0", "\uffef", "\ud840\udc00", "\ufb01", "\u30a2");
    fc.assert(
      fc.property(fc.array(chars, { minLength: 1, maxLength: 4 }), fc.constantFrom("http://h/", "http://h/?", "#", "//", "//u@"), (cs, prefix) => {
        const iri = `${prefix}${cs.join("")}`;
        expect(serializeNode(uriToIriOrThrow(iriToUriOrThrow(iri)))).toBe(iri);
      }),
      RUNS,
    );
  });
});

describe("never a throw for a string; TypeErrors that name the argument", () => {
  const anyString = fc.oneof(fc.string({ unit: "binary" }), mutatedFor("IRI-reference"), mutatedFor("URI-reference"));

  test("the Result functions and the repairs, on any string", () => {
    fc.assert(
      fc.property(anyString, (s) => {
        for (const f of [iriToUri, uriToIri]) {
          const r = f(s);
          const r2 = f(s, { idna: true });
          expect(typeof r.ok).toBe("boolean");
          expect(typeof r2.ok).toBe("boolean");
        }
        repairUriReference(s);
        repairIriReference(s);
        // the plain-value functions throw only the UriSyntaxError of text that does not parse
        const valid = isValid(s, "IRI-reference");
        if (valid) {
          iriBidiFindings(s);
          toDisplayString(s);
        } else {
          expect(() => iriBidiFindings(s)).toThrow(expect.objectContaining({ name: "UriSyntaxError" }) as Error);
          expect(() => toDisplayString(s)).toThrow(expect.objectContaining({ name: "UriSyntaxError" }) as Error);
        }
      }),
      RUNS,
    );
  });

  test("wrong arguments", () => {
    const node = parseOrThrow("http://a/");
    const lookalike = { ...node };
    for (const [f, name] of [[iriToUri, "iriToUri"], [uriToIri, "uriToIri"], [iriToUriOrThrow, "iriToUriOrThrow"], [uriToIriOrThrow, "uriToIriOrThrow"]] as const) {
      expect(() => f(42 as never)).toThrow(new RegExp(`^${name.replace("OrThrow", "")}: the argument "input" must be`));
      // a spread copy of a node has none of its fields (they are getters of its class)
      expect(() => f(lookalike as never)).toThrow(/a copy of a node has none of its fields/);
      expect(() => f({ ...node, kind: "URI" } as never)).toThrow(/only looks like a node/);
      expect(() => f(node.path as never)).toThrow(/got a path-abempty node/);
      expect(() => f("http://a/", 1 as never)).toThrow(/the argument "options" must be an object/);
      expect(() => f("http://a/", { idna: "yes" } as never)).toThrow(/options\.idna must be a boolean/);
      expect(() => f(null as never)).toThrow(TypeError);
    }
    expect(() => iriBidiFindings(undefined as never)).toThrow(/^iriBidiFindings: the argument "input" must be an IRI reference/);
    expect(() => toDisplayString([] as never)).toThrow(/^toDisplayString: the argument "input" must be a URI reference .* got an array/);
    expect(() => toDisplayString("http://a/", { mask: 3 } as never)).toThrow(/options\.mask must be a string/);
    expect(() => repairUriReference(null as never)).toThrow(/^repairUriReference: the argument "text" must be a string, got null/);
    expect(() => repairIriReference({} as never)).toThrow(/^repairIriReference: the argument "text" must be a string/);
  });
});
