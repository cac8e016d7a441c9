// The work of loading a grammar, counted (issue 33), so that a test can hold loading linear in
// the size of the text by counting, not by timing.

/**
 * @internal Steps of loading, never reset: one per rule entry read and merged (reader.ts), per
 * rule and reference the loader resolves (loader.ts), per reference a new grammar checks and
 * per rule an analysis looks up by name (grammar.ts: the depth and left-recursion checks run
 * when a grammar is made). A test reads it before and after a load (test/loader-work.test.ts).
 */
export const loadWork = { steps: 0 };
