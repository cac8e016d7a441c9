// RFC 8089 Appendix E.2.1: resolving a reference against a file URI whose path begins with a
// drive letter (RFC 3986 §5.2 below the drive letter).
import * as make from "../ast/make.js";
import type { Path, Uri, UriReference } from "../ast/nodes.js";
import { pathKindOf } from "../ast/path-kind.js";
import type { UriSyntaxError } from "../errors.js";
import { referenceArgument } from "../core/args.js";
import { resolveReference } from "../transforms/resolve.js";
import type { Result } from "../result.js";
import { DRIVE, fileE } from "./file.js";
import type { SchemeError } from "./kernel.js";

/** A path node of the kind RFC 3986 §3.3 gives `text` (see {@link pathKindOf}), without a span. */
const pathFor = (hasScheme: boolean, hasAuthority: boolean, text: string): Path => make.path(pathKindOf(hasScheme, hasAuthority, text), text);

/**
 * Resolves a reference against a file URI (RFC 3986 §5.2) as RFC 8089 Appendix E.2.1 describes
 * it for DOS and Windows: when the base's path begins with a drive letter (after an empty or
 * absent authority, E.2), the drive letter is the root: a reference that begins with "/" is
 * resolved relative to it, and ".." never removes it. A reference with a scheme or an authority,
 * or whose path begins with a drive letter of its own ("/d:..."), resolves as RFC 3986 says
 * (`resolve`, which this leaves unchanged). The base is read with Appendix E's forms; one that
 * is no file URI is its {@link SchemeError}, a string that does not parse its UriSyntaxError.
 *
 * @example
 * serialize(resolveFileReference("file:///c:/foo.txt", "../bar.txt").value); // "file:///c:/bar.txt"
 * serialize(resolveFileReference("file:///c:/path/to/file.txt", "/some/other/thing.bmp").value); // "file:///c:/some/other/thing.bmp"
 */
export function resolveFileReference(base: string | UriReference, ref: string | UriReference): Result<Uri, SchemeError | UriSyntaxError> {
  const b = referenceArgument(base, "base", "resolveFileReference");
  const r = referenceArgument(ref, "ref", "resolveFileReference");
  if (!b.ok) return b;
  const f = fileE.parse(b.value);
  if (!f.ok) return f;
  if (!r.ok) return r;
  const baseUri = b.value as Uri;
  const reference = r.value;
  const root = f.value.windows?.drive === undefined || f.value.host !== undefined ? undefined : DRIVE.exec(baseUri.path.text)?.[0].replace(/\/$/, "");
  if (root === undefined || reference.scheme !== undefined || reference.authority !== undefined || /^\/[A-Za-z]:/.test(reference.path.text)) {
    return resolveReference(baseUri, reference) as Result<Uri, never>;
  }
  // RFC 3986 §5.2 below the drive letter: the base without it, then the drive letter put back
  const rest = baseUri.path.text.slice(root.length);
  const under = make.uriReference({ scheme: baseUri.scheme, authority: baseUri.authority, path: pathFor(true, baseUri.authority !== undefined, rest), query: baseUri.query, fragment: undefined }) as Uri;
  const t = resolveReference(under, reference);
  if (!t.ok) return t as Result<Uri, never>;
  const target = t.value;
  // (without the "/." that keeps a "//" path from reading as an authority: the drive letter does that)
  const below = target.path.text.replace(/^\/\.(?=\/\/)/, "");
  const path = (root.startsWith("/") || !below.startsWith("//") ? root : `/${root}`) + below;
  return {
    ok: true,
    value: make.uriReference({ scheme: target.scheme, authority: target.authority, path: pathFor(true, target.authority !== undefined, path), query: target.query, fragment: target.fragment }) as Uri,
  };
}
