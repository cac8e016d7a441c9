/**
 * Jest runs the TypeScript sources through ts-jest in CommonJS mode, transpiling only: the test
 * tsconfig sets `isolatedModules`, so ts-jest compiles each file on its own without type
 * information (ts-jest 29.4's recommended setting); `npm test` type-checks `src` and `test` with
 * `tsc` before jest starts. Two workers: one per core of the 2-core machine CI uses (measured in
 * docs/testing.md).
 */
export default {
  roots: ["<rootDir>/test"],
  testEnvironment: "node",
  maxWorkers: 2,
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "<rootDir>/tsconfig.test.json" }],
  },
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  setupFilesAfterEnv: ["<rootDir>/test/helpers/matchers.ts", "<rootDir>/test/helpers/seed-setup.ts"],
  testTimeout: 120000,
};
