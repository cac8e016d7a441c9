// RFC 8089: the "file" URI scheme as a value. §2 syntax (file:///path, file://host/path,
// file:/path, and "localhost", which means no authority); Appendix E's nonstandard forms as an
// option (E.1 userinfo, E.2 drive letters, E.3 UNC strings). Conversion to and from file paths
// is ./file-path.ts, resolution under a drive letter ./file-resolve.ts; the definition (what
// normalization knows without the grammar) ./builtin/file.ts.
import { Grammar } from "../abnf/grammar.js";
import { fileAppendixESchemeGrammar, fileSchemeGrammar } from "../compiled/index.js";
import { fileAppendixFData, fileData } from "./generated/grammars.js";
import { precompiledGrammar } from "./precompiled.js";
import { fileDefinition, type FileSchemeOptions, type FileUri } from "./builtin/file.js";
import { schemeOf, type Scheme } from "./scheme.js";
import { fileAppendixFDepartures, fileAppendixFSource, fileSource } from "./sources.js";
import { readOptions } from "../describe.js";

export { fileAppendixFDepartures };

/** The grammar of grammar/file.abnf (RFC 8089 §2), with RFC 3986's host and path-absolute. */
export const fileGrammar = precompiledGrammar(fileData, fileSource.imports);

/** The grammar of grammar/file-appendix-f.abnf (RFC 8089 Appendix F) with {@link fileAppendixFDepartures}. */
export const fileAppendixEGrammar = precompiledGrammar(fileAppendixFData, fileAppendixFSource.imports);
// their top rules as the build compiled them
Grammar.useCompiled(fileGrammar, fileSchemeGrammar());
Grammar.useCompiled(fileAppendixEGrammar, fileAppendixESchemeGrammar());

export type { FileSchemeOptions, FileUri, FileWindowsParts } from "./builtin/file.js";

/**
 * A "file" scheme: RFC 8089 §2 (the default), or with `{ appendixE: true }` the nonstandard
 * forms of its Appendix E (the Appendix F rules, less the E.2.2 vertical line, which is no URI).
 * Its normalization removes dot segments itself (see `normalizeFile`), so a "file:" URI that the
 * scheme rejects ("file:///a/../b?q": RFC 8089 has no query) gets the other §6.2.2 steps only.
 *
 * @example
 * fileScheme({ appendixE: true }).parseOrThrow("file:c:/path/to/file").windows?.drive; // "c"
 */
export function fileScheme(options: FileSchemeOptions = {}): Scheme<FileUri> {
  options = readOptions<FileSchemeOptions>(options, "fileScheme", { appendixE: "any" });
  const appendixE = options.appendixE === true;
  return schemeOf(fileDefinition(appendixE ? fileAppendixESchemeGrammar : undefined), appendixE ? fileAppendixEGrammar : fileGrammar);
}

export const file: Scheme<FileUri> = fileScheme();

/** @internal The file scheme with Appendix E's forms: what path conversion and resolution read a file URI with. */
export const fileE: Scheme<FileUri> = fileScheme({ appendixE: true });
