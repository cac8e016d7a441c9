// The three implementations of every rule must give the same answers: the regex fast path and
// the combinators (both derived from one definition) and the independent reference recognizer
// with true ABNF semantics (test/helpers/abnf.ts). On 10,000 generated valid strings and 10,000
// one-character mutations per top-level rule, and with the same AST from both backends.
import fc from "fast-check";
import P from "parsimmon";
import { parse, isValid, type RuleName, parseRule } from "../src/index";
import { viaEngine } from "./helpers/engine";
import { rule } from "../src/rules/index";
import { loadUriGrammar } from "./helpers/abnf";
import { mutatedFor, validFor } from "./helpers/generators";
import { runs, seed } from "./helpers/runs";

const grammar = loadUriGrammar();
const RUNS = runs(2_000);
const TOP_LEVEL: RuleName[] = ["URI-reference", "URI", "absolute-URI", "relative-ref", "host", "IPv6address", "IPv4address", "authority"];

/** Holds the regex, the combinators and the engine to the reference on `input`; returns the reference's answer. */
function agree(name: RuleName, input: string): boolean {
  const reference = grammar.matches(name, input);
  const fast = isValid(input, name);
  const combinators = rule(name).skip(P.eof).parse(input);
  if (fast !== reference || combinators.status !== reference) {
    throw new Error(`${name} ${JSON.stringify(input)}: reference ${reference}, regex ${fast}, combinators ${combinators.status}`);
  }
  const viaRegex = parseRule(input, { rule: name });
  const viaCombinators = viaEngine(name, input);
  expect(viaRegex.ok).toBe(reference);
  if (viaRegex.ok && viaCombinators.ok) {
    expect(viaRegex.value).toEqual(viaCombinators.value);
    expect(combinators.status && combinators.value).toEqual(viaRegex.value);
  }
  if (!viaRegex.ok && !viaCombinators.ok) expect(viaRegex.error.offset).toBe(viaCombinators.error.offset);
  return reference;
}

describe.each(TOP_LEVEL.map((n) => [n]))("%s: regex, combinators and reference agree", (name) => {
  it(`on ${RUNS} generated valid strings`, () => {
    let accepted = 0;
    fc.assert(
      fc.property(validFor(name), (s) => {
        if (agree(name, s)) accepted++;
      }),
      { numRuns: RUNS, seed: seed(3986) },
    );
    expect(accepted).toBe(RUNS);
  });

  it(`on ${RUNS} one-character mutations`, () => {
    let rejected = 0;
    fc.assert(
      fc.property(mutatedFor(name), (s) => {
        if (!agree(name, s)) rejected++;
      }),
      { numRuns: RUNS, seed: seed(5234) },
    );
    expect(rejected).toBeGreaterThan(RUNS / 10); // the mutations do reach the rejecting paths
  });
});

it("agree on every rule for short strings over a small alphabet, exhaustively", () => {
  const alphabet = [..."a1:/.[]v%F@?#"];
  const inputs = [""];
  for (let len = 1; len <= 3; len++) {
    const prev = inputs.filter((s) => s.length === len - 1);
    for (const p of prev) for (const c of alphabet) inputs.push(p + c);
  }
  for (const name of ["URI-reference", "host", "authority", "path", "IP-literal", "IPvFuture", "hier-part", "ls32"] as RuleName[]) {
    for (const s of inputs) agree(name, s);
  }
});
