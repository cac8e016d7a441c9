// Huge inputs: every export of every entry point (the call table of never-crash.test.ts) gets
// each input of hugeInputs() once, with its typed arguments, and must return its result or throw
// its typed error: linear work, and no recursion that grows with the input. `npm test` runs them
// at 128 KiB (a recursion per character or per segment overflows the stack long before that);
// `npm run fuzz -- --huge` runs them at 1 MiB on dist/, and .ci/run does so on every submission.
import * as root from "../../src/index";
import * as rules from "../../src/rules/index";
import * as abnf from "../../src/abnf/index";
import * as components from "../../src/components";
import * as builder from "../../src/uri-builder";
import * as iri from "../../src/iri/index";
import * as schemes from "../../src/schemes/index";
import * as security from "../../src/security";
import * as diagrams from "../../src/diagrams";
import * as whatwg from "../../src/whatwg/index";
import * as template from "../../src/template/index";
import * as ast from "../../src/ast/nodes";
import { callTable, type Modules } from "./call-table";
import { hugeInputs, runHuge, type Failure } from "./harness";

const m: Modules = { root, rules, abnf, components, builder, iri, schemes, security, diagrams, whatwg, template, ast };
const table = callTable(m);
const show = (failures: readonly Failure[]): string[] => [...new Set(failures.map((f) => `${f.key} (${f.kind} call ${f.index}): ${f.problem}`))];

describe("huge inputs: linear work, no recursion that grows with the input", () => {
  it.each(hugeInputs(128 << 10))("%s", (_name, input) => {
    expect(show(runHuge(m, table, input))).toEqual([]);
  });
});
