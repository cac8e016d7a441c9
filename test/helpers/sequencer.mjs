// The order jest starts the suites in: the costliest first (measured CPU time, npm run test:slow),
// so that the two workers of `npm test` each take a long one at the start and end together on
// short ones, instead of one worker starting a long suite when the other is nearly done. Jest's
// own order needs the timings of an earlier run in its cache, which a clean checkout (.ci/run)
// has not: it then goes by file size. The suites not listed follow in jest's order.
import Sequencer from "@jest/test-sequencer";

const Base = Sequencer.default ?? Sequencer;

/**
 * The costliest suites, costliest first (paths under test/): CPU-s of each suite in a full run
 * on main at 5a823b9 (URI_GRAMMAR_CPU_LOG, load 9 to 14; cli/jobs and compiled from the run
 * before, schemes/types as measured alone after its programs were compiled by one tsc): those
 * that take 10 CPU-s or more, and three that did until 2026-11-30 (alone, --maxWorkers=1).
 */
export const COSTLIEST = [
  "security/huge-inputs.test.ts", // 49
  "consumers.test.ts", // 33
  "engine-captures.test.ts", // 22 s in a quiet full run at 0d0f2af (rev30's enumeration and live-pass tests)
  "cli/jobs.test.ts", // 29
  "security/never-crash.test.ts", // 26
  "bounded-work.test.ts", // 26
  "template/bounds.test.ts", // 25
  "cli/commands.test.ts", // 24
  "template/match.test.ts", // 20
  "engine.test.ts", // 19
  "abnf-reader.test.ts", // 18
  "readme.test.ts", // 16
  "semantics.test.ts", // 16
  "compiled.test.ts", // 14
  "differential.test.ts", // 11-16 alone (24 before the wrapped expect compared AST nodes by their data)
  "schemes/properties.test.ts", // 12
  "schemes/types.test.ts", // 11 (17 when each program had its own tsc)
  "loader.test.ts", // 10
  "transforms/normalize-fast-path.test.ts", // 10
  "engine-counts.test.ts", // 10
  "browser/playground.test.ts", // 10
  "iri-differential.test.ts", // 9-11 alone (16 before the same)
  "bundle-size.test.ts", // 9 alone (12 when each bundle had its own process)
];

export default class CostliestFirst extends Base {
  sort(tests) {
    const rank = (t) => COSTLIEST.findIndex((p) => t.path.replaceAll("\\", "/").endsWith(`/test/${p}`));
    const listed = tests.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
    const rest = tests.filter((t) => rank(t) < 0);
    return [...listed, ...super.sort(rest)];
  }
}
