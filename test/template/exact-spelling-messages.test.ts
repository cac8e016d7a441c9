// Issue 30, criterion 4: "a non-canonical triplet in exact mode gets its own message naming the
// triplet and its canonical form". A no-match's message must be true: what its `expected` lists
// is what the template reads where the URI leaves it (a literal's triplet as the template writes
// it, RFC 6570 §3.1: "%7e" is not "%7E"; a UTF-8 continuation octet as its range, RFC 3629 §4),
// and a spelling RFC 3986 §6.2.2 calls equivalent is named, with the option that accepts it, only
// where the template reads that spelling there. Exact mode: no options.
import fc from "fast-check";
import { readJson } from "../helpers/fixtures";
import { runs, seed } from "../helpers/runs";
import { expand, match, type MatchOptions, type TemplateVariables } from "../../src/template/index";

interface Case {
  readonly template: string;
  readonly uri: string;
  readonly offset: number;
  readonly expected: readonly string[];
  readonly spelled: string | null;
  readonly option: "case" | "percentEncoding" | null;
}
const { cases } = readJson<{ cases: readonly Case[] }>("template", "exact-spelling-messages.json");

/** The advice a message gives: the text found, the spelling the template writes there, the option. */
const ADVICE = /found "([^"]+)", which the template writes "([^"]+)" here \(RFC 3986 §6\.2\.2\): match with \{ (case|percentEncoding): true \}/;

/** The texts a label of an expected list stands for, one or more to try (none for the end of input). */
function textsOf(label: string): string[] {
  if (label === "end of input") return [""];
  if (label === "value-char") return ["a", "~", "%2F", "%C3%A9"];
  if (label === "reserved-char") return ["a", "/", "%2f", "%c3"];
  // a quoted unit, or a range of two
  const m = /^"([^"]+)"(?:-"([^"]+)")?$/.exec(label);
  if (m === null) throw new Error(`not a label: ${label}`);
  return m[2] === undefined ? [m[1] as string] : [m[1] as string, m[2]];
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** RFC 3986 §6.2.2.1 (upper-case hex) and §6.2.2.2 (unreserved decoded), as the options ask: written here, not taken from src. */
function normalForm(uri: string, options: MatchOptions): string {
  return uri.replace(/%([0-9A-Fa-f]{2})/g, (t, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return options.percentEncoding === true && UNRESERVED.test(c) ? c : options.case === true ? `%${hex.toUpperCase()}` : t;
  });
}

/**
 * True when `uri` read under `template` gets past the unit that starts at `head`'s end: it
 * matches, it is in the template's language, or it leaves it later (with options, on the URI's
 * normal form, where the error's offset is read).
 */
function getsPast(template: string, uri: string, head: string, options: MatchOptions = {}): boolean {
  const r = match(template, uri, options);
  return r.ok || r.error.code !== "no-match" || r.error.expected.length === 0 || r.error.offset > normalForm(head, options).length;
}

/** Every statement of a no-match's error is true of the template (exact mode). */
function expectTrueMessage(template: string, uri: string): void {
  const r = match(template, uri);
  if (r.ok || r.error.code !== "no-match" || r.error.expected.length === 0) return;
  const { offset, expected, message } = r.error;
  const head = uri.slice(0, offset);
  for (const label of expected) {
    for (const text of textsOf(label)) {
      // "end of input": the URI cut there is in the language; a text: read at the offset, it is read
      expect([template, uri, label, text, text === "" ? getsPast(template, head, `${head}_`) : getsPast(template, head + text, head)]).toEqual([template, uri, label, text, true]);
    }
  }
  const advice = ADVICE.exec(message);
  if (advice === null) {
    expect(message).not.toMatch(/match with \{/);
    return;
  }
  const [, found, spelled, option] = advice as unknown as [string, string, string, string];
  expect(uri.startsWith(found, offset)).toBe(true);
  // the spelling named is equivalent (the same octet), and the template reads it there
  const octet = (s: string): number => (s.length === 3 ? parseInt(s.slice(1), 16) : s.charCodeAt(0));
  expect([found, spelled, octet(spelled) === octet(found) && spelled !== found]).toEqual([found, spelled, true]);
  expect([template, uri, spelled, getsPast(template, head + spelled, head)]).toEqual([template, uri, spelled, true]);
  // and the option named accepts it: the URI so far, with what was found, gets past the offset
  expect([template, uri, option, getsPast(template, head + found, head, { [option]: true })]).toEqual([template, uri, option, true]);
}

describe("exact mode's no-match: what it expects, and an equivalent spelling named where the template reads it", () => {
  it.each(cases.map((c) => [c.template, c.uri, c] as const))("%s on %s", (template, uri, c) => {
    const r = match(template, uri);
    expect(r.ok ? r : [r.error.code, r.error.offset, r.error.expected]).toEqual(["no-match", c.offset, c.expected]);
    if (r.ok) return;
    const advice = ADVICE.exec(r.error.message);
    expect(advice === null ? [null, null] : [advice[2], advice[3]]).toEqual([c.spelled, c.option]);
    // the option named matches the URI; where none is named, neither option does
    if (c.option !== null) expect(match(template, uri, { [c.option]: true }).ok).toBe(true);
    else expect([match(template, uri, { case: true }).ok, match(template, uri, { percentEncoding: true }).ok]).toEqual([false, false]);
    expectTrueMessage(template, uri);
  });
});

const OPS = ["", "+", "#", ".", "/", ";", "?", "&"] as const;
const LITERALS = ["", "/", "a", "-", "~", "%7e", "%7E", "%2f", "%2F", "%C3", "%c3%A9", "%41"] as const;
/** Templates of one to three expressions over x and y, with literal triplets in either case. */
const templateArb = fc
  .array(fc.tuple(fc.constantFrom(...LITERALS), fc.constantFrom(...OPS), fc.array(fc.tuple(fc.constantFrom("x", "y"), fc.constantFrom("", "", "*", ":1", ":3")), { minLength: 1, maxLength: 2 })), { minLength: 1, maxLength: 3 })
  .chain((parts) => fc.constantFrom(...LITERALS).map((tail) => parts.map(([lit, op, vs]) => `${lit}{${op}${vs.map(([n, m]) => n + m).join(",")}}`).join("") + tail));
const text = fc.string({ unit: fc.constantFrom("a", "~", "/", ",", "=", "é", "%41", "%7e", "%2F"), maxLength: 3 });
const valueArb = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { maxLength: 2 }) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("k", "m"), text, { maxKeys: 2 }) });
/** What a mutation puts in: characters, triplets of either case, UTF-8 octets, a lone "%". */
const pieceArb = fc.constantFrom("a", "A", "~", "/", ",", "=", "-", "%7e", "%7E", "%2f", "%2F", "%41", "%C3", "%c3", "%A9", "%a9", "%E0", "%80", "%");

describe("exact mode's no-match on generated templates and mutated expansions", () => {
  it("lists only what the template reads at the offset, and names an equivalent spelling only where it reads it", () => {
    fc.assert(
      fc.property(templateArb, fc.record({ x: valueArb, y: valueArb }), fc.nat(), fc.nat(2), pieceArb, (template, values, where, how, piece) => {
        const e = expand(template, values as TemplateVariables);
        if (!e.ok) return;
        const at = e.value.length === 0 ? 0 : where % (e.value.length + 1);
        // replace, insert or delete at `at`
        const uri = e.value.slice(0, at) + (how === 2 ? "" : piece) + e.value.slice(how === 1 ? at : at + 1);
        expectTrueMessage(template, uri);
      }),
      { numRuns: runs(600), seed: seed(12012) },
    );
  });
});
