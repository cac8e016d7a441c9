/** Jest runs the TypeScript sources through ts-jest in CommonJS mode; `tsc --noEmit` type-checks separately. */
export default {
  roots: ["<rootDir>/test"],
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "<rootDir>/tsconfig.test.json" }],
  },
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  setupFilesAfterEnv: ["<rootDir>/test/helpers/matchers.ts"],
  testTimeout: 120000,
};
