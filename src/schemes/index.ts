// "uri-grammar/schemes": URI schemes as values (a grammar, a typed value, normalization and
// equivalence), the nine built-in ones, registries, and the operations that take a registry.
export { defineScheme, type Scheme, type SchemeSpec } from "./scheme.js";
export { SchemeError, shiftedError, type SchemeInput, type SchemeErrorCode, type SchemeErrorDetail } from "./kernel.js";
export { createRegistry, isRegistry, type SchemeRegistry, type SchemeParse, type SchemeValue } from "./registry.js";
export { defaultRegistry, type BuiltInSchemeValue } from "./defaults.js";
export { equivalenceKey, toSchemeNormalizations, type EquivalenceKeyOptions } from "./operations.js";
export { loadGrammar, percentEncodedRules, type Departure } from "./load.js";
export { http, https, httpGrammar, type HttpUri } from "./http.js";
export { ws, wss, wsGrammar, type WsUri } from "./ws.js";
export { mailto, mailtoGrammar, type MailtoUri, type MailtoAddress } from "./mailto.js";
export { urn, urnGrammar, uuidGrammar, parseUuid, type UrnUri, type Uuid, type UuidVariant } from "./urn.js";
export { file, fileScheme, fileGrammar, fileAppendixEGrammar, type FileUri, type FileWindowsParts, type FileSchemeOptions } from "./file.js";
export { fileUriToPath, pathToFileUri, FilePathError, type FilePathOptions, type PathToFileUriOptions, type FilePathErrorCode } from "./file-path.js";
export { resolveFileReference } from "./file-resolve.js";
export { data, dataGrammar, type DataUri } from "./data.js";
export { tel, telGrammar, type TelUri } from "./tel.js";
