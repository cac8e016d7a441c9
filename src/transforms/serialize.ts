// RFC 3986 §5.3 component recomposition, for every node kind of the AST.
import * as make from "../ast/make.js";
import type { Node, UriReference } from "../ast/nodes.js";

/**
 * The text of any node (RFC 3986 §5.3): a URI reference recomposed from its components, an
 * authority, a host as it stands in a URI (IP literals in brackets, §3.2.2) or a path. For every
 * input `s` that a rule accepts, `serialize(parseOrThrow(s, { rule })) === s`; for the rules
 * `IPv6address` and `IPvFuture`, which match an address without its brackets, the result is `[s]`.
 *
 * @example
 * serialize(parseOrThrow("foo://example.com:8042/over/there?name=ferret#nose").authority!); // "example.com:8042"
 */
export function serializeNode(node: Node): string {
  // read from the node's own state, by its class (a node is a view of its text: §5.3
  // recomposition gives that text back); not through its kind and text getters, which a
  // property a program defines on the node would shadow
  return make.nodeText(node);
}

/** The reference without its fragment (RFC 3986 §4.4, §5.2.2, §6.1 leave it aside); the node itself when it has none. */
export function withoutFragment<R extends UriReference>(r: R): R {
  return r.fragment === undefined ? r : (make.uriReference({ scheme: r.scheme, authority: r.authority, path: r.path, query: r.query, fragment: undefined }) as R);
}
