// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/**
 * The costliest suites, costliest first (paths under test/): CPU-s of each suite alone with
 * --maxWorkers=1 on 2026-11-29 late in the evening (load 8 to 12), after the global expect's
 * fast path (test/helpers/fast-expect.ts): the top twenty of the last full run, measured again,
 * that still take 10 CPU-s or more.
 */
export const COSTLIEST = [
  "security/huge-inputs.test.ts", // 42-53
  "security/never-crash.test.ts", // 39-43
  "cli/jobs.test.ts", // 32
  "template/bounds.test.ts", // 31
  "bounded-work.test.ts", // 26-32
  "consumers.test.ts", // 27-29
  "cli/commands.test.ts", // 27
  "engine.test.ts", // 17-20
  "differential.test.ts", // 18
  "abnf-reader.test.ts", // 17
  "schemes/types.test.ts", // 16
  "readme.test.ts", // 15
  "template/match.test.ts", // 15
  "compiled.test.ts", // 14
  "iri-differential.test.ts", // 11
  "bundle-size.test.ts", // 11
];

export default class CostliestFirst extends Base {
  sort(tests) {
    const rank = (t) => COSTLIEST.findIndex((p) => t.path.replaceAll("\\", "/").endsWith(`/test/${p}`));
    const listed = tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = tests.filter((t) => rank(t) < 0);
    return [...listed, ...super.sort(rest)];
  }
}
