// The names `--grammar` takes, in the order `--help` lists them: known without loading the
// grammars (./grammars.ts, which checks that it has exactly these), so that --help is fast.
export const grammarNames: readonly string[] = ["rfc3986", "rfc3987", "http", "https", "ws", "wss", "mailto", "urn", "file", "data", "tel", "uuid"];
