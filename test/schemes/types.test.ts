// The types of schemes as a user compiles them (issue 23): each program of fixtures/schemes/types/
// is compiled against the built package under every strict flag (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess; no skipLibCheck) and run. A statement
// that does not compile, a `@ts-expect-error` line that does, or a failed assertion fails it.
import * as fs from "node:fs";
import * as path from "node:path";
import { FIXTURES } from "../helpers/fixtures";
import { compileAndRun } from "../helpers/strict-program";

const dir = path.join(FIXTURES, "schemes/types");
const programs = fs.readdirSync(dir).filter((f) => f.endsWith(".mts")).sort();

it("has programs", () => expect(programs.length).toBeGreaterThanOrEqual(1));

it.each(programs.map((f) => [f]))("%s compiles under strict settings and runs", (file) => {
  compileAndRun(fs.readFileSync(path.join(dir, file), "utf8"));
});
