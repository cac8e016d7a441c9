// How many cases a property test runs, and from which seed.
//
// `npm test` runs the number written at each property: chosen so that each suite takes seconds
// on the 2-core machine CI uses (docs/testing.md lists the sizes). Two environment variables make
// the same properties run long (`npm run test:long`, and `.ci/run` after the README's command):
//   PROPERTY_SCALE=k  multiplies every property's number of runs by k (a positive number);
//   PROPERTY_SEED=s   shifts every fixed seed by s, and seeds the properties that have none,
//                     so a long run explores cases `npm test` never sees. A failure prints the
//                     seed fast-check used; rerun with the same PROPERTY_SEED to replay it.
//   LONG_CASES=1      adds the fixture cases marked "long": giant inputs whose smaller twin runs
//                     in `npm test` (`node scripts/test-long.mjs --huge`, in .ci/run).

function read(name: string, check: (n: number) => boolean): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  if (!check(n)) throw new Error(`${name} must be ${name === "PROPERTY_SCALE" ? "a number above 0" : "a whole number"}, got ${JSON.stringify(raw)}`);
  return n;
}

/** The factor every property's number of runs is multiplied by (1 in `npm test`). */
export const SCALE = read("PROPERTY_SCALE", (n) => Number.isFinite(n) && n > 0) ?? 1;
/** The shift of every seed (undefined in `npm test`: the seeds written in the tests). */
export const SEED_SHIFT = read("PROPERTY_SEED", (n) => Number.isSafeInteger(n));

/** The number of runs of a property that `npm test` runs `n` times. */
export function runs(n: number): number {
  return Math.max(1, Math.round(n * SCALE));
}

/** A property's fixed seed, shifted by PROPERTY_SEED when that is set. */
export function seed(s: number): number {
  return SEED_SHIFT === undefined ? s : (s + SEED_SHIFT) | 0;
}

/** Whether the fixture cases marked "long" run too (LONG_CASES=1: `node scripts/test-long.mjs --huge`). */
export const LONG_CASES = process.env["LONG_CASES"] === "1";
