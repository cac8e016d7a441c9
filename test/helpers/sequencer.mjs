// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/**
 * The costliest suites, costliest first (paths under test/): CPU-s of each suite in a full
 * `npm run test:slow` on main at a588ecc with test/helpers/transform.cjs (URI_GRAMMAR_CPU_LOG,
 * load 17 to 25): those that take 5 CPU-s or more.
 */
export const COSTLIEST = [
  "security/huge-inputs.test.ts", // 16.3
  "bounded-work.test.ts", // 15.6
  "template/bounds.test.ts", // 13.5
  "cli/jobs.test.ts", // 12.8
  "consumers.test.ts", // 12.2 (and more in wall time: it waits for tsc and node)
  "security/never-crash.test.ts", // 10.7
  "cli/commands.test.ts", // 10.6
  "abnf-fuzz-round-18.test.ts", // not in that run (added 2026-12-02): 21 s wall alone at load 9, its grammars of 150,000 alternatives
  "template/match.test.ts", // 8.2
  "engine.test.ts", // 8.2
  "readme.test.ts", // 8.1
  "compiled.test.ts", // 7.0
  "abnf-reader.test.ts", // 6.2
  "differential.test.ts", // 5.6
  "loader.test.ts", // 5.3
  "bundle-size.test.ts", // 5.3
  "engine-first-tier.test.ts", // 5.2
  "schemes/types.test.ts", // 5.2
  "module-path.test.ts", // 5.0
  "browser/playground.test.ts", // 3.9 (Chromium's own processes not counted: more in wall time)
];

export default class CostliestFirst extends Base {
  sort(tests) {
    const rank = (t) => COSTLIEST.findIndex((p) => t.path.replaceAll("\\", "/").endsWith(`/test/${p}`));
    const listed = tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = tests.filter((t) => rank(t) < 0);
    return [...listed, ...super.sort(rest)];
  }
}
