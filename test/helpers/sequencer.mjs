// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/**
 * The costliest suites, costliest first (paths under test/): CPU-s of a full `npm run test:slow`
 * on 2026-11-29 (a fresh jest cache, load 10 to 19), and for the suites changed on the evening
 * of 2026-11-29 (readme, cli/jobs, cli/commands, security/review-2026-11) their CPU-s alone with
 * --maxWorkers=1 after the change (load 9 to 15). Every suite of 10 CPU-s or more is listed.
 */
export const COSTLIEST = [
  "security/huge-inputs.test.ts", // 47
  "consumers.test.ts", // 38
  "cli/jobs.test.ts", // 36
  "security/never-crash.test.ts", // 36
  "bounded-work.test.ts", // 35
  "template/bounds.test.ts", // 26-43
  "differential.test.ts", // 29
  "cli/commands.test.ts", // 29
  "compiled.test.ts", // 26
  "security/review-2026-11.test.ts", // 22
  "schemes/properties.test.ts", // 22
  "engine.test.ts", // 21
  "iri-differential.test.ts", // 21
  "abnf-reader.test.ts", // 21
  "readme.test.ts", // 20
  "schemes/types.test.ts", // 18
  "template/match.test.ts", // 18
  "transforms/normalize.test.ts", // 16
  "loader.test.ts", // 15
  "bundle-size.test.ts", // 14
];

export default class CostliestFirst extends Base {
  sort(tests) {
    const rank = (t) => COSTLIEST.findIndex((p) => t.path.replaceAll("\\", "/").endsWith(`/test/${p}`));
    const listed = tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = tests.filter((t) => rank(t) < 0);
    return [...listed, ...super.sort(rest)];
  }
}
