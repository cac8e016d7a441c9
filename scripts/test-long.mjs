// `npm run test:long`: the property tests of `npm test`, run longer and from other seeds.
//
//   node scripts/test-long.mjs [--scale K] [--seed S] [--reduced | --differential] [jest arguments...]
//
//   --scale K       multiply every property's number of runs by K (default 5; PROPERTY_SCALE)
//   --seed S        shift every fixed seed by S and seed the others with it (default: from the
//                   clock, printed first; PROPERTY_SEED). Replay a failure with the same --seed.
//   --differential  only the suites that compare the backends with the reference recognizer
//                   (`npm run fuzz:differential`)
//   --whatwg        only the differential of uri-grammar/whatwg against Node's URL, at its full size
//                   (12,000 messy real URLs; `npm run test:whatwg`), printing the counts
//   --huge          only the suites with fixture cases marked "long" (giant inputs whose smaller
//                   twin runs in `npm test`: test/bounded-work's DFA budget on 20,000 characters),
//                   with those cases added (LONG_CASES=1); in .ci/run
//   --reduced       only the suites whose properties issue 18 made smaller in `npm test`
//                   (docs/testing.md lists them with both sizes); at --scale 5 each runs at least
//                   as many cases as before, except engine's long inputs (--scale 8 for those)
//
// Other arguments go to jest as they are (a path pattern picks suites). The sizes each property
// runs in `npm test` are written at the property (test/helpers/runs.ts says how they scale).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIFFERENTIAL = ["test/differential.test.ts", "test/iri-differential.test.ts", "test/all-rules-differential.test.ts", "test/whatwg/differential.test.ts"];
const WHATWG = ["test/whatwg/differential.test.ts"];
const HUGE = ["test/bounded-work.test.ts"];
const REDUCED = [
  ...DIFFERENTIAL,
  "test/abnf-reader.test.ts",
  "test/transforms/query-edit.test.ts",
  "test/transforms/normalize.test.ts",
  "test/iri/repair.test.ts",
  "test/iri/properties.test.ts",
  "test/engine.test.ts",
];

const args = process.argv.slice(2);
let scale = "5";
let seed = String(Date.now() % 1_000_000);
const jestArgs = [];
for (let k = 0; k < args.length; k++) {
  const a = args[k];
  if (a === "--scale" || a === "--seed") {
    const v = args[++k];
    if (v === undefined) throw new Error(`${a} needs a value`);
    if (a === "--scale") scale = v;
    else seed = v;
  } else if (a === "--differential") jestArgs.push(...DIFFERENTIAL);
  else if (a === "--reduced") jestArgs.push(...REDUCED);
  else if (a === "--huge") {
    jestArgs.push(...HUGE);
    process.env.LONG_CASES = "1";
  }
  else if (a === "--whatwg") {
    jestArgs.push(...WHATWG);
    process.env.WHATWG_DIFFERENTIAL = "full";
  }
  else jestArgs.push(a);
}
if (!(Number(scale) > 0)) throw new Error(`--scale must be a number above 0, got ${scale}`);
if (!Number.isSafeInteger(Number(seed))) throw new Error(`--seed must be a whole number, got ${seed}`);
console.log(`test:long: PROPERTY_SCALE=${scale} PROPERTY_SEED=${seed}${process.env.LONG_CASES === "1" ? " LONG_CASES=1" : ""}${jestArgs.length > 0 ? ` jest ${jestArgs.join(" ")}` : ""}`);
const r = spawnSync(process.execPath, [path.join(root, "node_modules", "jest", "bin", "jest.js"), ...jestArgs], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PROPERTY_SCALE: scale, PROPERTY_SEED: seed },
});
process.exitCode = r.status ?? 1;
