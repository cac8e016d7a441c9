// RFC 8089: conversion between file URIs and POSIX and Windows file paths (Appendix D, E.2, E.3),
// as Node's url.fileURLToPath and url.pathToFileURL do it, in pure code (it runs in browsers too).
import { fileAppendixESchemeGrammar } from "../compiled/scheme-grammars.js";
import * as make from "../ast/make.js";
import type { UriReference } from "../ast/nodes.js";
import { referenceTextLayout } from "../core/args.js";
import { serializeNode } from "../transforms/serialize.js";
import { percentDecode, percentEncode } from "../transforms/percent.js";
import { dotSegmentsRemoved } from "../transforms/remove-dot-segments.js";
import type { Result } from "../result.js";
import { fileE, inlineIp, uncSplit } from "./file.js";
import type { SchemeError } from "./kernel.js";
import { normalizePercent } from "../transforms/normalize.js";
import { readOptions } from "../describe.js";
import { FORBIDDEN_DOMAIN } from "../charsets.js";
import { defineInput, maskPassword } from "../password.js";

/** Why a path and a file URI do not convert into each other. */
export type FilePathErrorCode =
  /** The URI is not a file URI (see `cause`). */
  | "not-a-file-uri"
  /** POSIX: the host is neither empty nor "localhost" (Node: ERR_INVALID_FILE_URL_HOST). */
  | "host-not-local"
  /** An encoded "/" (POSIX), or "/" or "\" (Windows), in the path or a UNC host (Node: ERR_INVALID_FILE_URL_PATH). */
  | "encoded-separator"
  /** Windows: no drive letter and no UNC host (Node: "File URL path must be absolute"), or a drive letter without "/" after it ("file:///C:../x" would be the drive-relative "C:..\x"). */
  | "not-absolute"
  /** The percent-encoded octets are not UTF-8 (RFC 8089 §4; Node: URIError). */
  | "invalid-utf8"
  /** pathToFileUri: the path is relative and the current directory is no absolute path of the same kind (see `cwd`). */
  | "relative-path"
  /** pathToFileUri: a Win32 namespaced path ("\\?\", "\\.\"), which RFC 8089 Appendix C leaves out. */
  | "namespaced-path"
  /** A NUL character (decoded "%00", in the path or a UNC host), which no file system path holds. */
  | "nul"
  /**
   * Windows: the host is a reg-name that decodes to "[" or "]" (RFC 3986 §3.2.2: "%5Bx%5D" is no
   * IP literal), which a UNC path would read as one; or to "?", ".", "..", a control or another
   * forbidden domain code point of the URL Standard, which would make a device or namespace path
   * ("file://%3F/C:/x" would be "\\?\C:\x") or one with controls.
   */
  | "invalid-host";

/**
 * A path and a file URI that do not convert into each other. The message says why; for
 * `"not-a-file-uri"` it is the file scheme's own message (with the offset and a caret), `cause`
 * the SchemeError itself.
 */
export class FilePathError extends Error {
  override readonly name = "FilePathError";
  readonly code: FilePathErrorCode;
  /**
   * The URI or path that was converted, as given (the message shows its password as "***", RFC
   * 3986 §7.5); readable, not enumerable, so `JSON.stringify` and `console.log` leave it out.
   */
  declare readonly input: string;
  /** The file URI's SchemeError, for `"not-a-file-uri"`. */
  override readonly cause: SchemeError | undefined;

  constructor(code: FilePathErrorCode, input: string, message: string, cause?: SchemeError) {
    // RFC 3986 §7.5: the message quotes the input with its password masked (input keeps it)
    super();
    this.message = cause === undefined ? `${message}: ${JSON.stringify(maskPassword(input))}` : `${message}: ${cause.message}`;
    this.code = code;
    defineInput(this, input);
    this.cause = cause;
  }
}

/** Options of {@link fileUriToPath} and {@link pathToFileUri}. */
export interface FilePathOptions {
  /** `true`: a Windows path ("C:\dir\file", "\\host\share\file"); `false` (the default): a POSIX path. */
  readonly windows?: boolean | undefined;
}

/** Options of {@link pathToFileUri}. */
export interface PathToFileUriOptions extends FilePathOptions {
  /**
   * The directory a relative path is resolved against, as Node's `path.resolve` does: an absolute
   * POSIX path, or with `windows` an absolute Windows path (a drive path or a UNC path). When left
   * out, `process.cwd()` where there is one (Node, Deno, Bun); elsewhere a relative path is a
   * `"relative-path"` error.
   */
  readonly cwd?: string | undefined;
}

/**
 * What the host of a UNC path may not decode to: a forbidden domain code point of the URL
 * Standard (controls, space, "#", "%", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|",
 * DEL), which Node's URL refuses, or "." or "..": "\\\\?\\" and "\\\\.\\" open Win32's
 * device and namespace paths, which RFC 8089 Appendix C leaves out (pathToFileUri refuses them).
 */
const deviceHost = (decoded: string): boolean => /^\.{1,2}$/.test(decoded) || FORBIDDEN_DOMAIN.test(decoded);

const failPath = (code: FilePathErrorCode, input: string, message: string, cause?: SchemeError): Result<never, FilePathError> => ({
  ok: false,
  error: new FilePathError(code, input, message, cause),
});

/**
 * A path to convert, without its dot segments (RFC 3986 §5.2.4; first §6.2.2.2, so that "%2E" is
 * "." as Node's URL parser reads it), beginning with "/". With `drive` (a Windows path), a
 * leading drive letter is the root, which ".." never removes (RFC 8089 E.2.1; Node too).
 */
function pathToConvert(path: string, drive: boolean): string {
  const p = normalizePercent(path.startsWith("/") ? path : `/${path}`, true, true);
  const root = drive ? (/^\/[A-Za-z]:(?=\/|$)/.exec(p)?.[0] ?? "") : "";
  return root + dotSegmentsRemoved(p.slice(root.length));
}

/**
 * The file path a file URI names, as Node's `url.fileURLToPath` gives it (RFC 8089 Appendix D,
 * E.2, E.3): POSIX, the decoded path of a local URI; Windows (`{ windows: true }`), a drive path
 * ("file:///C:/a%20b" → "C:\a b") or a UNC path ("file://host/share/x" → "\\host\share\x"). The
 * URI is read with Appendix E's forms. Dot segments are removed (RFC 3986 §5.2.4, as Node's URL
 * parser does; "%2E" counts as "."): "file:///a/../b" → "/b"; in a Windows path ".." never
 * removes the drive letter (RFC 8089 E.2.1: "file:///c:/../b" → "c:\b") nor, in an E.3.2 UNC
 * string, the host. Unlike Node, "file:////host/share/x" (E.3.2) is a UNC path too, a POSIX path
 * has no drive letter ("file:///c:/../b" → "/b"), and a host is kept as written (no IDNA).
 *
 * The query and the fragment are ignored, as Node ignores them: "file:///x/y.js?v=1" (an ES
 * module loader's cache-busting query) is "/x/y.js". RFC 8089 §2 gives a file URI neither, so
 * they name nothing in the file system. A URI that is no file URI is a `"not-a-file-uri"` error
 * whose message is the file scheme's own (where and why), and whose `cause` is its SchemeError.
 *
 * @example
 * fileUriToPath("file:///path/to/file").value;                         // "/path/to/file"
 * fileUriToPath("file:///path/to/file.js?v=1#top").value;              // "/path/to/file.js"
 * fileUriToPath("file:///c:/path/to/file", { windows: true }).value;   // "c:\\path\\to\\file"
 */
export function fileUriToPath(input: string | UriReference, options: FilePathOptions = {}): Result<string, FilePathError> {
  options = readOptions<FilePathOptions>(options, "fileUriToPath", { windows: "any" });
  const r = fileE.parse(withoutQueryAndFragment(input));
  const text = typeof input === "string" ? input : r.ok ? "" : r.error.input;
  if (!r.ok) return failPath("not-a-file-uri", text, "Not a file URI", r.error);
  const f = r.value;
  const shown = typeof input === "string" ? input : `file:${f.authority === undefined ? "" : `//${f.authority}`}${f.path}`;
  const decode = (p: string): Result<string, FilePathError> => {
    const d = percentDecode(p);
    return d.ok ? d : failPath("invalid-utf8", shown, "The percent-encoded octets of the path are not UTF-8");
  };
  if (options.windows !== true) {
    if (!f.local && f.windows?.unc?.form !== "path") return failPath("host-not-local", shown, 'The host of a file URI must be "localhost" or empty for a POSIX path');
    if (/%2f/i.test(f.path)) return failPath("encoded-separator", shown, 'The path of a file URI must not hold an encoded "/" for a POSIX path');
    const d = decode(pathToConvert(f.path, false));
    if (d.ok && d.value.includes("\0")) return failPath("nul", shown, "A path holds no NUL character");
    return d;
  }
  if (/%2f|%5c/i.test(f.path)) return failPath("encoded-separator", shown, 'The path of a file URI must not hold an encoded "/" or "\\" for a Windows path');
  const unc = f.windows?.unc;
  let rest = f.path;
  let host: string | undefined;
  if (unc !== undefined) {
    host = unc.host;
    if (unc.form === "path") rest = uncSplit(rest, fileAppendixESchemeGrammar)?.rest ?? rest;
  }
  const d = decode(pathToConvert(rest, true).replace(/\//g, "\\"));
  if (!d.ok) return d;
  if (d.value.includes("\0")) return failPath("nul", shown, "A path holds no NUL character");
  if (host !== undefined) {
    // an IP literal as "[address]" (E.3.1: in brackets; E.3.2: an inline-IP); a reg-name decoded
    const inline = unc?.form === "path" ? inlineIp(host, fileAppendixESchemeGrammar) : undefined;
    let name = host.startsWith("[") ? host : inline !== undefined ? `[${inline}]` : undefined;
    if (name === undefined) {
      const h = percentDecode(host);
      if (!h.ok) return failPath("invalid-utf8", shown, "The percent-encoded octets of the host are not UTF-8");
      if (/[[\]]/.test(h.value)) return failPath("invalid-host", shown, 'The host of a file URI is a reg-name that decodes to "[" or "]", which would read as an IP literal in a UNC path');
      if (/[/\\]/.test(h.value)) return failPath("encoded-separator", shown, 'The host of a file URI must not hold an encoded "/" or "\\" for a Windows path');
      if (h.value.includes("\0")) return failPath("nul", shown, "A path holds no NUL character");
      if (deviceHost(h.value)) {
        return failPath("invalid-host", shown, `The host of a file URI decodes to ${JSON.stringify(h.value)}, which no host holds (a forbidden domain code point of the URL Standard, or "." or ".."): a UNC path would name a device or a namespace ("\\\\?\\", "\\\\.\\")`);
      }
      name = h.value;
    }
    return { ok: true, value: `\\\\${name}${d.value}` };
  }
  const p = d.value.startsWith("\\") ? d.value : `\\${d.value}`;
  if (!/^\\[A-Za-z]:/.test(p)) return failPath("not-absolute", shown, "A file URI for a Windows path must have a drive letter or a UNC host");
  // "C:..\x", "C:x": relative to the current directory of drive C (pathToFileUri never makes one)
  if (!/^\\[A-Za-z]:\\/.test(p)) return failPath("not-absolute", shown, 'A file URI for a Windows path must have a drive letter followed by "/": without it the path is relative to the current directory of the drive');
  return { ok: true, value: p.slice(1) };
}

/**
 * The reference without its query and fragment (RFC 3986 §3.4, §3.5), for fileUriToPath: in a
 * valid reference the first "?" or "#" begins one of them (neither the authority nor the path
 * holds one). A string that is no valid reference is left as it is, for the scheme to refuse.
 */
function withoutQueryAndFragment(input: string | UriReference): string | UriReference {
  if (typeof input !== "string") {
    if (!make.isNode(input) || (input.query === undefined && input.fragment === undefined)) return input;
    input = serializeNode(input);
  }
  if (referenceTextLayout(input) === undefined) return input; // no URI-reference (RFC 3986 §4.1)
  const cut = input.search(/[?#]/);
  return cut < 0 ? input : input.slice(0, cut);
}

/** POSIX path.resolve of an absolute path, without a current directory: "." and ".." and repeated "/" go, a final "/" stays. */
function resolveSegments(segments: readonly string[]): string[] {
  const out: string[] = [];
  for (const s of segments) {
    if (s === "" || s === ".") continue;
    if (s === "..") out.pop();
    else out.push(s);
  }
  return out;
}

const encodeSegments = (segments: readonly string[]): string => segments.map((s) => percentEncode(s, "segment")).join("/");

/** The current directory of the process, where there is one (Node, Deno, Bun); `undefined` in a browser. */
function processCwd(): string | undefined {
  const p = (globalThis as { process?: { cwd?: () => unknown } }).process;
  try {
    const cwd = typeof p?.cwd === "function" ? p.cwd() : undefined;
    return typeof cwd === "string" ? cwd : undefined;
  } catch {
    return undefined; // process.cwd() throws when the directory was removed
  }
}

/** A Win32 namespaced path ("\\\\?\\" or "\\\\.\\" first): absolute as it stands, and no file URI has it (RFC 8089 Appendix C). */
const NAMESPACED = /^\\\\[?.]\\/;

/** The root of an absolute Windows path: "C:" of "C:\\x", "\\\\host\\share" of a UNC path; `undefined` for any other. */
function windowsRoot(p: string): string | undefined {
  const unc = /^\\\\[^\\]+\\[^\\]+/.exec(p);
  if (unc !== null) return unc[0];
  return /^[A-Za-z]:(?=\\)/.exec(p)?.[0];
}

/**
 * A path made absolute against `cwd` as Node's `path.resolve(cwd, path)` (POSIX) or
 * `path.win32.resolve(cwd, path)` (Windows) makes it, before its dot segments go: a relative path
 * is joined to `cwd`; on Windows "\\x" is on the drive (or UNC share) of `cwd`, and "D:x" is in `cwd`
 * when `cwd` is on drive D, else at "D:\\x". `undefined` when the path is relative and `cwd` is no
 * absolute path of the same kind.
 */
function absolutePath(path: string, windows: boolean, cwd: string | undefined): string | undefined {
  if (!windows) {
    if (path.startsWith("/")) return path;
    if (cwd === undefined || !cwd.startsWith("/")) return undefined;
    return path === "" ? cwd : `${cwd}/${path}`;
  }
  const p = path.replace(/\//g, "\\");
  if (windowsRoot(p) !== undefined || NAMESPACED.test(p)) return p;
  const c = cwd?.replace(/\//g, "\\");
  const root = c === undefined ? undefined : windowsRoot(c);
  const drive = /^([A-Za-z]):(.*)$/s.exec(p);
  if (drive !== null) {
    // "D:x": relative to the current directory of drive D, which is cwd when cwd is on D
    const [, letter = "", rest = ""] = drive;
    if (c !== undefined && root !== undefined && root.toLowerCase() === `${letter.toLowerCase()}:`) return `${letter}:${c.slice(2)}\\${rest}`;
    return `${letter}:\\${rest}`;
  }
  if (c === undefined || root === undefined) return undefined;
  if (p.startsWith("\\")) return root + p;
  return p === "" ? c : `${c}\\${p}`;
}

/**
 * The file URI of a file path, as Node's `url.pathToFileURL` makes it: "file:///" and the path
 * resolved ("." and ".." removed, a final separator kept) with every character a `segment` does
 * not allow percent-encoded as UTF-8 (RFC 8089 §4; RFC 3986 §2.1, §3.3), so the result is always
 * a valid URI (Node leaves a few such characters, and encodes some that RFC 3986 allows).
 * Windows (`{ windows: true }`): "C:\a b" → "file:///C:/a%20b", and a UNC path
 * "\\host\share\x" → "file://host/share/x" (RFC 8089 E.3.1).
 *
 * A relative path is resolved against `options.cwd`, as `pathToFileURL` resolves it against the
 * working directory (`path.resolve`); `cwd` defaults to `process.cwd()` where there is one. With
 * no such directory (a browser, or a `cwd` that is no absolute path of the kind asked for: a
 * POSIX working directory for a Windows path) it is a `"relative-path"` error.
 *
 * @example
 * pathToFileUri("/tmp/a b").value;                                   // "file:///tmp/a%20b"
 * pathToFileUri("C:\\dir\\file", { windows: true }).value;           // "file:///C:/dir/file"
 * pathToFileUri("src/index.ts", { cwd: "/home/u/app" }).value;       // "file:///home/u/app/src/index.ts"
 */
export function pathToFileUri(path: string, options: PathToFileUriOptions = {}): Result<string, FilePathError> {
  if (typeof path !== "string") throw new TypeError(`pathToFileUri: the argument "path" must be a string, got ${path === null ? "null" : typeof path}`);
  options = readOptions<PathToFileUriOptions>(options, "pathToFileUri", { windows: "any", cwd: "string" });
  if (path.includes("\0")) return failPath("nul", path, "A path holds no NUL character");
  const windows = options.windows === true;
  const cwd = options.cwd ?? processCwd();
  const absolute = absolutePath(path, windows, cwd);
  if (absolute === undefined) {
    const why = cwd === undefined
      ? "there is no current directory to resolve it against (pass options.cwd)"
      : `the current directory ${JSON.stringify(maskPassword(cwd))} is no absolute ${windows ? "Windows" : "POSIX"} path to resolve it against (pass options.cwd)`;
    return failPath("relative-path", path, `The path is relative and ${why}`);
  }
  if (absolute.includes("\0")) return failPath("nul", path, "A path holds no NUL character");
  if (!windows) {
    const segments = resolveSegments(absolute.split("/"));
    // as Node: a final "/" of the path given stays (path.resolve drops it, pathToFileURL puts it back)
    const trailing = segments.length > 0 && path.endsWith("/") ? "/" : "";
    return { ok: true, value: `file:///${encodeSegments(segments)}${trailing}` };
  }
  const p = absolute;
  if (NAMESPACED.test(p)) return failPath("namespaced-path", path, "A Win32 namespaced path has no file URI (RFC 8089 Appendix C)");
  const trailing = /[\\/]$/.test(path);
  // "s": a line break (or U+2028, U+2029) is a path character like any other, percent-encoded below
  const unc = /^\\\\([^\\]+)\\([^\\]+)(.*)$/s.exec(p);
  if (unc !== null) {
    // RFC 8089 E.3.1: the host-name as the authority, the share-name and object-names as segments
    const [, host = "", share = "", rest = ""] = unc;
    const segments = resolveSegments(rest.split("\\"));
    const hostText = /^\[[0-9A-Fa-f:.]+\]$/.test(host) ? host : percentEncode(host, "reg-name");
    const tail = segments.length > 0 ? `/${encodeSegments(segments)}${trailing ? "/" : ""}` : trailing ? "/" : "";
    return { ok: true, value: `file://${hostText}/${percentEncode(share, "segment")}${tail}` };
  }
  const drive = /^([A-Za-z]):\\(.*)$/s.exec(p);
  if (drive === null) return failPath("relative-path", path, 'The path is not absolute (a Windows path starts with a drive letter and "\\", or is a UNC path)');
  // RFC 8089 Appendix D.2: "the drive letter (e.g., "c:") is typically mapped into the first path segment"
  const segments = resolveSegments((drive[2] ?? "").split("\\"));
  const body = segments.length > 0 ? `/${encodeSegments(segments)}${trailing ? "/" : ""}` : "/";
  return { ok: true, value: `file:///${drive[1] ?? ""}:${body}` };
}
