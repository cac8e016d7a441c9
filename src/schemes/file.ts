// RFC 8089: the "file" URI scheme's record (value: ./built-in.ts): §2 syntax, Appendix E's nonstandard forms as an option, normalization
// to the common form (§2, Appendix B). File paths: ./file-path.ts; resolution under a drive letter: ./file-resolve.ts.
import { fileAppendixESchemeGrammar, fileSchemeGrammar } from "../compiled/scheme-grammars.js";
import * as make from "../ast/make.js";
import type { Host, Uri } from "../ast/nodes.js";
import { isIPv4address } from "../charsets.js";
import type { CompiledGrammar } from "../compiled/dfa.js";
import { decodeDotSegments, normalizePercent, type NormalizeOptions } from "../transforms/normalize.js";
import { dotSegmentsRemoved } from "../transforms/remove-dot-segments.js";
import { compiledRules, deepFreeze, SchemeRecord, type SchemeDefinition, type SchemeInput } from "./kernel.js";
import type { Departure, SchemeGrammarSource } from "./precompiled.js";

/**
 * The compiled grammar of RFC 8089 Appendix F (grammar/file-appendix-f.abnf: Appendix E's forms),
 * which the definition with Appendix E is given (src/schemes/file.ts), read when first needed: the
 * main entry's normalization, RFC 8089 §2 only, neither loads nor ships it.
 */
export type AppendixFGrammar = () => CompiledGrammar;

/** A file URI (RFC 8089). Text is as written (still percent-encoded). */
export interface FileUri {
  readonly kind: "file";
  /** The authority as written: `undefined` for "file:/path", `""` for "file:///path". */
  readonly authority: string | undefined;
  /**
   * The host of a non-local file (RFC 8089 §3), as written (an IP literal in brackets);
   * `undefined` for a local file: no authority, an empty one, or "localhost" (§2: "exactly as if
   * no authority were present").
   */
  readonly host: string | undefined;
  /** RFC 8089 §3: no file-auth, or "localhost" (a host that resolves to this machine cannot be told apart here). */
  readonly local: boolean;
  /** Appendix E.1 only: the userinfo, or `undefined`. */
  readonly userinfo: string | undefined;
  /** The path as written: "/path/to/file"; with Appendix E, also "c:/path" (E.2) or "//host/share/path" (E.3.2). */
  readonly path: string;
  /** With Appendix E: what a DOS or Windows path reads from the URI; `undefined` without the option. */
  readonly windows: FileWindowsParts | undefined;
}

/** The DOS and Windows parts of a file URI (RFC 8089 Appendix D.2, E.2, E.3). */
export interface FileWindowsParts {
  /** The drive letter as written ("c" of "file:///c:/x" or "file:c:/x"), or `undefined`. */
  readonly drive: string | undefined;
  /** A UNC string (E.3): its host, from the authority (E.3.1) or from the path (E.3.2), or `undefined`. */
  readonly unc: { readonly host: string; readonly form: "authority" | "path" } | undefined;
}

/** Options of {@link fileScheme}. */
export interface FileSchemeOptions {
  /**
   * `true`: also accept RFC 8089 Appendix E's nonstandard forms (E.1 userinfo, E.2 drive letters
   * "file:c:/path", E.3.2 UNC strings "file:////host/share/path"), read Windows parts, and
   * normalize drive letters to uppercase (E.2: compared case-insensitively).
   */
  readonly appendixE?: boolean | undefined;
}

export const DRIVE = /^\/?([A-Za-z]):(?:\/|$)/;

function buildFile(input: SchemeInput, appendixE: AppendixFGrammar | undefined): FileUri {
  const { uri } = input;
  const a = uri.authority;
  const hostText = a === undefined ? undefined : make.hostText(a.host);
  const path = uri.path.text;
  // RFC 8089 §2: "localhost" is "exactly as if no authority were present" (a userinfo, E.1, makes it a host like any other)
  let local = a === undefined || (a.userinfo === undefined && (hostText === "" || hostText?.toLowerCase() === "localhost"));
  let host = local ? undefined : hostText;
  let windows: FileWindowsParts | undefined;
  if (appendixE !== undefined) {
    let unc: FileWindowsParts["unc"];
    if (!local && hostText !== undefined) unc = { host: hostText, form: "authority" };
    else if (hostText === "" && path.startsWith("//")) {
      // E.3.2: unc-authority = 2*3"/" file-host; "it also further limits the definition of a
      // local file URI by excluding any file URI with a path that encodes a UNC string"
      const split = uncSplit(path, appendixE);
      if (split !== undefined) {
        unc = { host: split.host, form: "path" };
        local = false;
        host = split.host;
      }
    }
    windows = { drive: DRIVE.exec(path)?.[1], unc };
  }
  return deepFreeze({
    kind: "file",
    authority: a === undefined ? undefined : input.text.slice(a.span.start, a.span.end),
    host,
    local,
    userinfo: a?.userinfo,
    path,
    windows,
  });
}

/**
 * The file-host of an E.3.2 path, `unc-authority path-absolute` after the empty authority, and
 * the path after it; `undefined` when the path holds no host. Three slashes before a host are
 * read first ("file://///host/path", RFC 8089 E.3.2's Firefox form), then two.
 */
export function uncSplit(path: string, e: AppendixFGrammar): { readonly host: string; readonly rest: string } | undefined {
  for (const k of [3, 2]) {
    if (!path.startsWith("/".repeat(k))) continue;
    const after = path.slice(k);
    const slash = after.indexOf("/");
    if (slash <= 0) continue;
    const host = after.slice(0, slash);
    const rest = after.slice(slash);
    if (compiledRules(e)("file-host").test(host) && compiledRules(e)("path-absolute").test(rest)) return { host, rest };
  }
  return undefined;
}

/**
 * The address of an E.3.2 file-host that is an inline-IP (RFC 8089 Appendix F: `"%5B" (
 * IPv6address / IPvFuture ) "%5D"`), without the encoded brackets; `undefined` for any other
 * file-host. A reg-name may hold "%5B" and "%5D" too (RFC 3986 §3.2.2: pct-encoded), so the
 * brackets alone do not make an IP literal: "%5Bx%5D" is a reg-name.
 */
export function inlineIp(text: string, e: AppendixFGrammar): string | undefined {
  return compiledRules(e)("inline-IP").test(text) ? text.slice(3, -3) : undefined;
}

/** The host node of an E.3.2 file-host (an inline-IP "%5B" address "%5D", an IPv4address or a reg-name), in its §6.2.2.1 case. */
function fileHostNode(text: string, e: AppendixFGrammar): Host {
  const inner = inlineIp(text, e)?.toLowerCase();
  if (inner !== undefined) return make.host(inner.startsWith("v") ? "IPvFuture" : "IPv6address", inner);
  return make.host(isIPv4address(text) ? "IPv4address" : "reg-name", normalizePercent(text.toLowerCase(), false, true));
}

/**
 * RFC 3986 §5.2.4 on a file URI's path. With Appendix E (`drives`), a leading drive letter
 * ("/c:") is the root, which ".." never removes (E.2.1: "resolution of '..' dot segments ... can
 * be modified to not ever overwrite the drive letter"). A path that would then begin with "//"
 * (and did not before) keeps a "/." prefix, as the generic normalization does without an
 * authority (RFC 3986 §3.3): RFC 8089 §2's path-absolute cannot begin with "//", and after an
 * empty authority such a path would read as an E.3.2 UNC string.
 */
function removeFileDotSegments(path: string, drives: boolean): string {
  const drive = drives ? (/^\/[A-Za-z]:(?=\/|$)/.exec(path)?.[0] ?? "") : "";
  const rest = dotSegmentsRemoved(path.slice(drive.length));
  return drive === "" && rest.startsWith("//") && !path.startsWith("//") ? `/.${rest}` : drive + rest;
}

/**
 * The normal form (RFC 8089 §2, §3): a local file with the empty authority ("file:///path",
 * Appendix B's "most common format"), for "file:/path" and "file://localhost/path" alike; with
 * Appendix E, "file:c:/path" as "file:///C:/path" (E.2, drive letter uppercase) and a UNC string
 * in the path (E.3.2) as an authority (E.3.1), except for the host "localhost", which §2 would
 * read as no authority: "file:////localhost/s" stays a UNC string. Dot segments are removed here (the scheme turns
 * the generic step off): after a UNC host is read out of the path, so that ".." never climbs
 * into the host, and with {@link removeFileDotSegments}'s "/." prefix, so that the result stays
 * a file URI naming the same file. `options.dotSegments: false` leaves them.
 */
function normalizeFile(uri: Uri, value: FileUri, options: NormalizeOptions, appendixE: AppendixFGrammar | undefined): Uri {
  let authority = uri.authority;
  let path = uri.path.text;
  let uncPrefix = "";
  // a UNC string in the path is a value of the definition with Appendix E, which has its grammar
  const split = appendixE !== undefined && value.windows?.unc?.form === "path" ? uncSplit(path, appendixE) : undefined;
  if (split !== undefined) {
    const host = fileHostNode(split.host, appendixE as AppendixFGrammar);
    // "file://localhost/s" is the local "/s" (§2); the UNC string "\\localhost\s" stays in the path (E.3.2)
    if (host.kind === "reg-name" && host.text === "localhost") uncPrefix = "//localhost";
    else authority = make.authority(undefined, host, undefined);
    path = split.rest;
  } else if (value.local && (authority === undefined || authority.host.text !== "" || authority.port !== undefined)) {
    authority = make.authority(undefined, make.host("reg-name", ""), undefined);
    if (!path.startsWith("/")) path = `/${path}`;
  }
  // the generic steps left "%2E" segments encoded (the scheme turns their dot step off): they are dot segments here
  if (options.dotSegments !== false) path = removeFileDotSegments(decodeDotSegments(path), value.windows !== undefined);
  if (value.windows !== undefined) path = uncPrefix + path.replace(/^\/([a-z]):(?=\/|$)/, (_, d: string) => `/${d.toUpperCase()}:`);
  if (authority === uri.authority && path === uri.path.text) return uri;
  return make.uriReference({ scheme: uri.scheme, authority, path: make.path("path-abempty", path), query: uri.query, fragment: uri.fragment }) as Uri;
}

/**
 * Whether {@link normalizeFile} of RFC 8089 §2 (without Appendix E) gives back as it is every
 * file URI at `L` whose path the §6.2.2 steps leave as it is (no dot segment, no "%2E"), whatever
 * the scheme's value of it: one with an authority and no port whose host is empty (§2's
 * "file:///path") or is not "localhost" (§3: a non-local file), or one with a userinfo, which is
 * never local. "file:/path" and "file://localhost/path" get the empty authority.
 */
function keepsNormalFileForm(L: make.Layout): boolean {
  const s = L.input;
  const a0 = L.authorityStart;
  const a1 = L.authorityEnd;
  if (a0 < 0) return false;
  const hs = L.hostStart;
  const he = L.hostEnd;
  if (he < a1) return false;
  return hs > a0 || he - hs !== 9 || s.slice(hs, he).toLowerCase() !== "localhost";
}

/**
 * The definition of the "file" scheme: RFC 8089 §2, or, given `appendixE` (the compiled grammar
 * of Appendix F), its Appendix E forms too; see `fileScheme` in src/schemes/file.ts.
 */
export function fileDefinition(appendixE?: AppendixFGrammar): SchemeDefinition<FileUri> {
  return {
    name: "file",
    rule: "file-URI",
    section: appendixE !== undefined ? "RFC 8089 Appendix F" : "RFC 8089 §2",
    fragment: "allowed",
    matcherOf: compiledRules(appendixE ?? fileSchemeGrammar),
    build: (input: SchemeInput) => buildFile(input, appendixE),
    // RFC 3986 §6.2.2.3 is normalizeFile's step: the generic one would run before a UNC host is
    // read out of the path, and could make a path that begins with "//" after the authority
    normalizeOptions: { dotSegments: false },
    normalize: (uri: Uri, value: FileUri, options: NormalizeOptions) => normalizeFile(uri, value, options, appendixE),
    // Appendix E's forms (drive letters, UNC strings in the path) are judged
    ...(appendixE !== undefined ? {} : { keepsNormalForm: keepsNormalFileForm }),
  };
}

/** @internal The file scheme's record with Appendix E's forms: what path conversion and resolution read a file URI with. */
export const fileE = new SchemeRecord(fileDefinition(fileAppendixESchemeGrammar));

/** grammar/file.abnf: RFC 8089 §2, with RFC 3986's host and path-absolute. */
export const fileSource: SchemeGrammarSource = { file: "file.abnf", name: "RFC 8089 §2", rfc3986: ["host", "path-absolute"], departures: [] };

/**
 * Where the code departs from RFC 8089 Appendix F: it leaves out the vertical line of E.2.2
 * ("file:///c|/path"), which is not a URI. With a colon only, `file-absolute` is a `path-absolute`.
 */
export const fileAppendixFDepartures: readonly Departure[] = Object.freeze([
  {
    rule: "drive-letter",
    abnf: 'ALPHA ":"',
    why: 'RFC 8089 E.2.2: "[RFC3986] forbids the use of the vertical line"; "|" is not a URI character (RFC 3986 §2), so ALPHA "|" is left out',
  },
  {
    rule: "auth-path",
    abnf: "[ file-auth ] path-absolute / unc-authority path-absolute",
    why: 'RFC 8089 E.2.2: "[ file-auth ] file-absolute" serves only the vertical line; with ALPHA ":" a file-absolute is a path-absolute',
  },
  {
    rule: "local-path",
    abnf: "[ drive-letter ] path-absolute",
    why: "RFC 8089 E.2.2: file-absolute serves only the vertical line; with ALPHA \":\" it is a path-absolute",
  },
]);

/** grammar/file-appendix-f.abnf: RFC 8089 Appendix F, with {@link fileAppendixFDepartures}. */
export const fileAppendixFSource: SchemeGrammarSource = {
  file: "file-appendix-f.abnf",
  name: "RFC 8089 Appendix F",
  rfc3986: ["host", "path-absolute", "userinfo", "IPv4address", "IPv6address", "IPvFuture", "reg-name"],
  departures: fileAppendixFDepartures,
};
