// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/**
 * The costliest suites, costliest first (paths under test/): CPU-s of each suite in a full run
 * on main at b9f1e07 (URI_GRAMMAR_CPU_LOG, load 8 to 12), template/bounds as
 * measured alone after findAmbiguity's faster search: those that take 10 CPU-s or more.
 */
export const COSTLIEST = [
  "security/huge-inputs.test.ts", // 38
  "consumers.test.ts", // 32
  "bounded-work.test.ts", // 29
  "cli/jobs.test.ts", // 29
  "cli/commands.test.ts", // 28
  "security/never-crash.test.ts", // 26
  "differential.test.ts", // 21
  "template/match.test.ts", // 20
  "template/bounds.test.ts", // 20 (31 before findAmbiguity's faster search)
  "engine.test.ts", // 19
  "schemes/types.test.ts", // 14
  "compiled.test.ts", // 14
  "readme.test.ts", // 14
  "abnf-reader.test.ts", // 13
  "iri-differential.test.ts", // 12
  "bundle-size.test.ts", // 10
];

export default class CostliestFirst extends Base {
  sort(tests) {
    const rank = (t) => COSTLIEST.findIndex((p) => t.path.replaceAll("\\", "/").endsWith(`/test/${p}`));
    const listed = tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = tests.filter((t) => rank(t) < 0);
    return [...listed, ...super.sort(rest)];
  }
}
