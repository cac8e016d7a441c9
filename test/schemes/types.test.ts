// The types of schemes as a user compiles them (issue 23): each program of fixtures/schemes/types/
// is compiled against the built package under every strict flag (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess; no skipLibCheck) and run. A statement
// that does not compile, a `@ts-expect-error` line that does, or a failed assertion fails it.
// One tsc compiles them all (each is a module of its own), which reads Node's and the package's
// declarations once.
import * as fs from "node:fs";
import * as path from "node:path";
import { FIXTURES } from "../helpers/fixtures";
import { compileAndRunEach } from "../helpers/strict-program";

const dir = path.join(FIXTURES, "schemes/types");
const programs = fs.readdirSync(dir).filter((f) => f.endsWith(".mts")).sort();

let results: Map<string, string | undefined>;
beforeAll(() => {
  results = compileAndRunEach(Object.fromEntries(programs.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")])));
});

it("has programs", () => expect(programs.length).toBeGreaterThanOrEqual(1));

it.each(programs.map((f) => [f]))("%s compiles under strict settings and runs", (file) => {
  expect(results.has(file)).toBe(true);
  expect(results.get(file)).toBeUndefined();
});
