// RFC 3986 §3.2.1 and §7.5: a "user:password" userinfo is deprecated, and the data after the
// first ":" should not be rendered as clear text.
import * as make from "../ast/make.js";
import type { UriReference } from "../ast/nodes.js";
import { charsets } from "../charsets.js";
import { encodeWith } from "../percent-encoding.js";
import { passwordRange } from "../password.js";

/** Options of {@link redactNodePassword} (and of uri-grammar/iri's toDisplayString, which masks the same way). */
export interface RedactOptions {
  /** What stands in for the password; `"***"` when left out. Characters `userinfo` does not allow are percent-encoded. */
  readonly mask?: string | undefined;
}

/**
 * The reference with the password of its userinfo (everything after the first ":", RFC 3986
 * §3.2.1) replaced by a fixed mask, `"***"` by default, whatever its length. An empty password
 * (`"user:"`) stays, as §3.2.1 allows showing it; a userinfo without ":" is unchanged. Where RFC
 * 3986 reads no userinfo but a WHATWG URL parser reads one, after a special scheme without "//"
 * (`"http:user:pw@host/"`: a path to RFC 3986, the special authority states' "user:pw@host"), that
 * password is masked in the path, as uri-grammar/iri's toDisplayString masks it (§7.5; fuzz round 17).
 *
 * @example
 * serialize(redactPassword(parseOrThrow("http://user:secret@h/"))); // "http://user:***@h/"
 */
export function redactNodePassword(node: UriReference, options: RedactOptions = {}): UriReference {
  const a = node.authority;
  const userinfo = a?.userinfo;
  if (a === undefined || userinfo === undefined) return pathPasswordRedacted(node, options);
  const colon = userinfo.indexOf(":");
  if (colon < 0 || colon === userinfo.length - 1) return node;
  const mask = encodeWith(options.mask ?? "***", charsets.userinfo);
  return make.uriReference({
    scheme: node.scheme,
    authority: make.authority(`${userinfo.slice(0, colon + 1)}${mask}`, make.withoutSpans(a).host, a.port),
    path: make.path(node.path.kind, node.path.text),
    query: node.query,
    fragment: node.fragment,
  });
}

/**
 * The reference with the password a WHATWG URL parser reads in its path masked (a reference with
 * no userinfo): the reference unchanged where passwordRange finds none there.
 */
function pathPasswordRedacted(node: UriReference, options: RedactOptions): UriReference {
  if (!node.path.text.includes("@")) return node;
  const L = make.layoutOf(node);
  const r = passwordRange(L.input.slice(L.start, L.pathEnd));
  const at = L.pathStart - L.start;
  if (r === undefined || r.start < at) return node;
  const path = node.path.text;
  const mask = encodeWith(options.mask ?? "***", charsets.userinfo);
  return make.uriReference({
    scheme: node.scheme,
    authority: node.authority,
    path: make.path(node.path.kind, `${path.slice(0, r.start - at)}${mask}${path.slice(r.end - at)}`),
    query: node.query,
    fragment: node.fragment,
  });
}
