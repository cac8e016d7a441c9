// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/**
 * The costliest suites, costliest first (paths under test/): CPU-s of each suite in a full
 * `npm run test:slow` on main at 450e83f (URI_GRAMMAR_CPU_LOG, 2026-12-03, load 4 to 10), with
 * the two suites changed since measured alone (huge-inputs and bounded-work: password.ts's
 * untabbed and the long step's 20,000 case): those that take 5.5 CPU-s or more.
 */
export const COSTLIEST = [
  "template/bounds.test.ts", // 33.2 (child processes with heap caps)
  "security/huge-inputs.test.ts", // 94.9 in that run; 16.2 alone since (63.7 alone before)
  "abnf-fuzz-round-18.test.ts", // 19.3: its grammars of 150,000 alternatives
  "cli/jobs.test.ts", // 18.6
  "consumers.test.ts", // 17.8 (and more in wall time: it waits for tsc and node)
  "template/router-limit.test.ts", // 17.1 (73 s of wall time in that run)
  "security/never-crash.test.ts", // 15.7
  "cli/commands.test.ts", // 13.7
  "bounded-work.test.ts", // 20.6 in that run; 12.8-14.2 alone since (18.6 alone before)
  "readme.test.ts", // 11.9
  "compiled.test.ts", // 11.5
  "template/match.test.ts", // 11.4
  "engine.test.ts", // 10.8
  "engine-pending-offsets.test.ts", // 9.3
  "cli/fuzz-round-13.test.ts", // 9.2
  "abnf-reader.test.ts", // 8.9
  "engine-first-tier.test.ts", // 8.7
  "iri-differential.test.ts", // 7.8
  "rules.test.ts", // 7.1
  "engine-counts.test.ts", // 6.9
  "differential.test.ts", // 6.6
  "public-names.test.ts", // 6.5
  "engine-automata-unchanged.test.ts", // 6.5 alone (builder-22, 2026-12-03: the builder's digests)
  "module-path.test.ts", // 6.2
  "schemes/types.test.ts", // 6.2
  "regex-safety.test.ts", // 6.1
  "schemes/properties.test.ts", // 6.0
  "transforms/normalize.test.ts", // 6.0
  "bundle-size.test.ts", // 5.7
  "browser/playground.test.ts", // 5.6 (Chromium's own processes not counted: more in wall time)
  "loader.test.ts", // 5.6
];

export default class CostliestFirst extends Base {
  sort(tests) {
    const rank = (t) => COSTLIEST.findIndex((p) => t.path.replaceAll("\\", "/").endsWith(`/test/${p}`));
    const listed = tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = tests.filter((t) => rank(t) < 0);
    return [...listed, ...super.sort(rest)];
  }
}
