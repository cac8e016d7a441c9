// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/** The costliest suites, costliest first (paths under test/). */
export const COSTLIEST = [
  "cli/jobs.test.ts",
  "engine.test.ts",
  "cli/commands.test.ts",
  "bounded-work.test.ts",
  "security/review-2026-11.test.ts",
  "consumers.test.ts",
  "transforms/normalize.test.ts",
  "loader.test.ts",
  "semantics.test.ts",
  "abnf-reader.test.ts",
  "template/match.test.ts",
  "readme.test.ts",
];

export default class CostliestFirst extends Base {
  sort(tests) {
    const rank = (t) => COSTLIEST.findIndex((p) => t.path.replaceAll("\\", "/").endsWith(`/test/${p}`));
    const listed = tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = tests.filter((t) => rank(t) < 0);
    return [...listed, ...super.sort(rest)];
  }
}
