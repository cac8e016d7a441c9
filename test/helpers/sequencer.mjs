// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/**
 * The costliest suites, costliest first (paths under test/): CPU-s of a full `npm run test:slow`
 * on 2026-11-29 (a fresh jest cache, load 12 to 16), after the changes of that day to jobs and
 * engine. Every suite of 10 CPU-s or more is listed.
 */
export const COSTLIEST = [
  "cli/jobs.test.ts", // 69
  "readme.test.ts", // 60
  "security/huge-inputs.test.ts", // 50
  "template/bounds.test.ts", // 43
  "security/never-crash.test.ts", // 36
  "differential.test.ts", // 34
  "consumers.test.ts", // 33
  "bounded-work.test.ts", // 32
  "cli/commands.test.ts", // 32
  "security/review-2026-11.test.ts", // 29
  "compiled.test.ts", // 26
  "engine.test.ts", // 24
  "iri-differential.test.ts", // 24
  "abnf-reader.test.ts", // 23
  "schemes/properties.test.ts", // 22
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
