// toDisplayString: RFC 3987 §3.2 for display, §4 bidi, §6.1 look-alikes, §8 spoofing, RFC 3986 §7.5.
import fc from "fast-check";
import { UriSyntaxError } from "../../src/errors";
import { isValid, parse, parseRule } from "../../src/parse";
import { serializeNode } from "../../src/transforms/serialize";
import { iriToUriOrThrow, toDisplayString, type DisplayOptions } from "../../src/iri/index";
import { readJson } from "../helpers/fixtures";
import { validFor } from "../helpers/generators";
import { runs } from "../helpers/runs";
import { passwordRange } from "../../src/password";
import { isSpecialScheme } from "../../src/core/scheme-table";

/** Whether a host, decoded, has a character beyond ASCII that is not in lower case and NFC, alone or composed with the one before. */
function casedBeyondAscii(host: string): boolean {
  let text = host;
  try {
    text = decodeURIComponent(host);
  } catch {
    // not UTF-8 throughout: as written
  }
  const beyond = (s: string): string => s.replace(/[\x00-\x7f]+/g, "");
  return beyond(text) !== beyond(text).normalize("NFC").toLowerCase() || beyond(text.normalize("NFC")) !== beyond(text.normalize("NFC")).toLowerCase();
}

interface DisplayFixture {
  readonly groups: readonly { readonly source: string; readonly cases: readonly (readonly [string, DisplayOptions, string])[] }[];
}
const fx = readJson<DisplayFixture>("iri", "display.json");

describe("toDisplayString", () => {
  const all = fx.groups.flatMap((g) => g.cases.map(([i, o, e]) => [g.source, i, o, e] as const));
  test.each(all)("%s: %j %j -> %j", (_, input, options, expected) => {
    expect(toDisplayString(input, options)).toBe(expected);
    expect(isValid(expected, "IRI-reference")).toBe(true);
    const node = parseRule(input, "IRI-reference");
    if (!node.ok) throw node.error;
    expect(toDisplayString(node.value, options)).toBe(expected);
  });

  test("text that is no IRI reference throws its UriSyntaxError", () => {
    expect(() => toDisplayString("http://a b/")).toThrow(UriSyntaxError);
  });

  test("the display of any URI or IRI is a valid IRI reference, and no ASCII is decoded", () => {
    fc.assert(
      fc.property(fc.oneof(validFor("URI-reference"), validFor("IRI-reference")), fc.boolean(), (input, idna) => {
        const shown = toDisplayString(input, { idna });
        expect(isValid(shown, "IRI-reference")).toBe(true);
        // §6.1 b: no combining mark is drawn on a delimiter or on the hex digit of a triplet
        expect([input, /[^A-Za-z0-9\u0080-\u{10FFFF}]\p{M}|%[0-9A-Fa-f]{2}\p{M}/u.test(shown)]).toEqual([input, false]);
        const ref = parseRule(input, "IRI-reference");
        if (!ref.ok) throw ref.error;
        // Without a password to mask and without A-labels to show as U-labels, mapping the
        // display back gives the URI the input maps to (hex case aside): only non-ASCII was decoded.
        // (An A-label in the display, for a label that mixes scripts, maps back as itself.)
        // (A password the URL Standard reads without "//", "ws:a:b@c", is masked too.)
        // (A special scheme's host with capitals beyond ASCII is shown as UTS #46 maps it, the
        // host a browser goes to: idn-display.json's "mapped" rows. Labels become A-labels and
        // A-labels U-labels only for a special scheme: any other scheme's host is exact.)
        const host = ref.value.authority?.host.text ?? "";
        const idnaMapped = isSpecialScheme((ref.value.scheme ?? "").toLowerCase()) && (/xn--/i.test(input) || /xn--/i.test(shown) || casedBeyondAscii(host));
        if (ref.value.authority?.userinfo?.includes(":") !== true && passwordRange(input) === undefined && !idnaMapped) {
          const upper = (s: string): string => s.replace(/%[0-9a-fA-F]{2}/g, (t) => t.toUpperCase());
          expect(upper(serializeNode(iriToUriOrThrow(shown)))).toBe(upper(serializeNode(iriToUriOrThrow(input))));
        }
      }),
      { numRuns: runs(2000) },
    );
  });
});
