// The names `--grammar` takes, in the order `--help` lists them: known without loading the
// grammars (./grammars.ts, which checks that it has exactly these), so that --help is fast.
import { BUILT_IN_SCHEME_NAMES } from "../core/scheme-table.js";

export const grammarNames: readonly string[] = ["rfc3986", "rfc3987", ...BUILT_IN_SCHEME_NAMES, "uuid"];
