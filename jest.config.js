/**
 * Jest runs the TypeScript sources through ts-jest in CommonJS mode, transpiling only: the test
 * tsconfig sets `isolatedModules`, so ts-jest compiles each file on its own without type
 * information (ts-jest 29.4's recommended setting); `npm test` type-checks `src` and `test` with
 * `tsc` before jest starts. Two workers: one per core of the 2-core machine CI uses (measured in
 * docs/testing.md). The costliest suites start first (test/helpers/sequencer.mjs), so the two
 * workers end together; with URI_GRAMMAR_CPU_LOG set each suite logs its CPU time
 * (test/helpers/cpu-setup.ts; npm run test:slow prints the costliest). The global `expect` is
 * wrapped (test/helpers/fast-expect.ts): `toBe` and `toEqual` skip building jest's expectation
 * (~60 µs a call) when they surely pass, which property loops do thousands of times.
 */
export default {
  roots: ["<rootDir>/test"],
  // jest's Node environment; its module ends each worker without V8's slow heap teardown, which
  // made jest force-exit a worker at the end of every run (test/helpers/environment.mjs)
  testEnvironment: "<rootDir>/test/helpers/environment.mjs",
  maxWorkers: 2,
  // ts-jest, then every module (node_modules too) reads the built-in globals it names once, as
  // parameters: in jest's vm context each read of a global is a slow lookup (test/helpers/transform.cjs)
  transform: {
    "^.+\\.ts$": ["<rootDir>/test/helpers/transform.cjs", { tsconfig: "<rootDir>/tsconfig.test.json" }],
    "^.+\\.[cm]?js$": "<rootDir>/test/helpers/transform.cjs",
  },
  transformIgnorePatterns: [],
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  setupFilesAfterEnv: ["<rootDir>/test/helpers/fast-expect.ts", "<rootDir>/test/helpers/matchers.ts", "<rootDir>/test/helpers/seed-setup.ts", "<rootDir>/test/helpers/cpu-setup.ts"],
  testTimeout: 120000,
  testSequencer: "<rootDir>/test/helpers/sequencer.mjs",
};
