// Compiles TypeScript projects one after the other in one Node process, as `tsc -p DIR
// --listFiles` would each: for every directory given, its exit code (0, or 2 when tsc reports an
// error), tsc's messages as it prints them on a pipe, and the files the program read. One
// process loads TypeScript once for all of them (test/consumers.test.ts compiles eleven).
// Usage: node compile-projects.mjs TYPESCRIPT_DIR PROJECT_DIR...; prints a JSON array.
import { createRequire } from "node:module";
import path from "node:path";

const [typescriptDir, ...dirs] = process.argv.slice(2);
const ts = createRequire(import.meta.url)(typescriptDir);

const results = dirs.map((dir) => {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => "\n" };
  const configErrors = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(dir, "tsconfig.json"), {}, {
    ...ts.sys,
    getCurrentDirectory: () => dir,
    onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d),
  });
  if (parsed === undefined) return { code: 1, output: ts.formatDiagnostics(configErrors, host).trim(), files: [] };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences, configFileParsingDiagnostics: parsed.errors });
  const emitted = program.emit();
  const diagnostics = ts.sortAndDeduplicateDiagnostics([...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics]);
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  return {
    code: errors.length === 0 ? 0 : 2,
    output: ts.formatDiagnostics(diagnostics, host).trim(),
    files: program.getSourceFiles().map((f) => f.fileName),
  };
});
process.stdout.write(JSON.stringify(results));
