// "uri-grammar/schemes": URI schemes as values (a grammar, a typed value, normalization and
// equivalence), the nine built-in ones, registries, and the operations that take a registry.
export { defineScheme, type Scheme, type SchemeSpec } from "./scheme.js";
export { SchemeError, shiftedError, type SchemeInput, type SchemeErrorCode, type SchemeErrorDetail } from "./kernel.js";
export { createRegistry, isRegistry, type SchemeRegistry, type SchemeParse, type SchemeValue } from "./registry.js";
export { equivalenceKey, toSchemeNormalizations, type EquivalenceKeyOptions } from "./operations.js";
export { loadGrammar, percentEncodedRules, type Departure } from "./load.js";
export { http, https, httpGrammar, ws, wss, wsGrammar, mailto, mailtoGrammar, urn, urnGrammar, uuidGrammar, file, fileScheme, fileGrammar, fileAppendixEGrammar, data, dataGrammar, tel, telGrammar, defaultRegistry, type BuiltInSchemeValue } from "./built-in.js";
export type { HttpUri } from "./http.js";
export type { WsUri } from "./ws.js";
export type { MailtoUri, MailtoAddress } from "./mailto.js";
export { parseUuid, type UrnUri, type Uuid, type UuidVariant } from "./urn.js";
export type { FileUri, FileWindowsParts, FileSchemeOptions } from "./file.js";
export { fileUriToPath, pathToFileUri, FilePathError, type FilePathOptions, type PathToFileUriOptions, type FilePathErrorCode } from "./file-path.js";
export { resolveFileReference } from "./file-resolve.js";
export type { DataUri } from "./data.js";
export type { TelUri } from "./tel.js";
