// Input families of the scaling benchmark: each builds a string of exactly n characters.

/** prefix + unit repeated (cut to fit) + suffix, n characters in all. */
const fill = (prefix, unit, n, suffix = "") => {
  const body = Math.max(0, n - prefix.length - suffix.length);
  return prefix + unit.repeat(Math.ceil(body / unit.length)).slice(0, body) + suffix;
};

export const FAMILIES = [
  // issue 22, item 4 (security review, November 2026): display copied the text shown so far once per combining mark (100 KB: 5 s)
  { name: "display-combining-marks", label: "IRI: `http://a/a` + U+0301 (a combining mark) repeated, shown by `toDisplayIri`", rule: "IRI-reference", ops: ["parse", "display"], make: (n) => fill("http://a/a", "\u0301", n) },
  { name: "display-encoded-marks", label: "`http://a/` + `%CC%81` (U+0301 percent-encoded) repeated (whole triplets: up to 5 characters short of n), shown by `toDisplayIri`", ops: ["parse", "display"], make: (n) => fill("http://a/", "%CC%81", n - ((n - 9) % 6)) },
  { name: "long-path", label: "valid: long path (`http://example.com` + `/segment`…)", make: (n) => fill("http://example.com", "/segment", n) },
  { name: "long-query", label: "valid: long query (`http://example.com/search?` + `key=value&`…)", make: (n) => fill("http://example.com/search?", "key=value&", n) },
  { name: "long-path-bad-end", label: "invalid at the last character: long path + ` `", make: (n) => fill("http://example.com", "/segment", n, " ") },
  { name: "percent", label: "`%` repeated", make: (n) => fill("", "%", n) },
  { name: "ipv6-colons", label: "`:` repeated inside `[` (`http://[::…:]`)", make: (n) => fill("http://[", ":", n, "]") },
  { name: "dec-octets", label: "`1.` repeated (`http://1.1.1.…`)", make: (n) => fill("http://", "1.", n) },
  { name: "scheme-colons", label: "`a:` repeated", make: (n) => fill("", "a:", n) },
  { name: "dot-dot", label: "`/..` repeated", make: (n) => fill("", "/..", n) },
  { name: "at-signs", label: "`@` repeated (1 MB of `@` at the top size)", make: (n) => fill("", "@", n) },
  { name: "long-query-bad-end", label: "invalid at the last character: long query + ` `", make: (n) => fill("http://example.com/search?", "key=value&", n, " ") },
  { name: "userinfo-colons", label: "`a:` repeated after `http://`, no `@` (userinfo or host:port until the end)", make: (n) => fill("http://", "a:", n, "/") },
  { name: "ipv6-groups", label: "`1:` repeated inside `[` (`http://[1:1:…]`)", make: (n) => fill("http://[", "1:", n, "]") },
  { name: "pct-utf8-bad-end", label: "`%C3%A9` repeated in a path, a lone `%` at the end", make: (n) => fill("http://a/", "%C3%A9", n, "%") },
  { name: "iri-long-path", label: "valid IRI (`IRI-reference`): `http://例え.jp` + `/セグメント`…", rule: "IRI-reference", make: (n) => fill("http://例え.jp", "/セグメント", n) },
  { name: "iri-long-path-bad-end", label: "IRI (`IRI-reference`) invalid at the last character: long path + ` `", rule: "IRI-reference", make: (n) => fill("http://例え.jp", "/セグメント", n, " ") },
  { name: "iri-private-query-bad-end", label: "IRI (`IRI-reference`): U+E000 (iprivate) repeated in the query + ` `", rule: "IRI-reference", make: (n) => fill("http://a/?", "\ue000", n, " ") },
  // User grammars loaded from ABNF, with the shapes that make backtracking regexes blow up.
  { name: "abnf-overlapping-alternatives", label: 'loaded ABNF `x = *( "a" / "aa" ) "b"`: `a`… then `c`', grammar: 'x = *( "a" / "aa" ) "b"\n', rule: "x", make: (n) => fill("", "a", n, "c") },
  { name: "abnf-nested-repetition", label: 'loaded ABNF `x = *( 1*"a" "a" ) "b"`: `a`… then `c`', grammar: 'x = *( 1*"a" "a" ) "b"\n', rule: "x", make: (n) => fill("", "a", n, "c") },
  // Recursive loaded grammars: memoized calls, linear where the README says so.
  { name: "abnf-right-recursive-list", label: 'loaded ABNF `list = item [ "," list ]`, `item = 1*ALPHA`: `abc,`… (a self call as the last element, read as a loop)', grammar: 'list = item [ "," list ]\nitem = 1*ALPHA\n', rule: "list", make: (n) => fill("", "abc,", n, "a") },
  { name: "abnf-nested-brackets", label: 'loaded ABNF `e = t *( "+" t )`, `t = "x" / "(" e ")"`: `(`… `x` `)`… (LL(1), nested as deep as the input; an odd length, n − 1 characters). Every open bracket holds a frame of the engine until it closes: the steps are linear, but past some 10,000 levels the frames no longer fit in the cache and the collector copies them, so a character costs more at 100 KB than at 1 KB, and about the same at 1 MB as at 100 KB', grammar: 'e = t *( "+" t )\nt = "x" / "(" e ")"\n', rule: "e", make: (n) => "(".repeat((n - 1) >> 1) + "x" + ")".repeat((n - 1) >> 1) },
  { name: "abnf-counted-repetition", label: 'loaded ABNF `x = *( 1*3"a" ) "b"`: `a`… then `c`', grammar: 'x = *( 1*3"a" ) "b"\n', rule: "x", make: (n) => fill("", "a", n, "c") },
];

export const SIZES = [1024, 10 * 1024, 100 * 1024, 1024 * 1024];
export const sizeLabel = (n) => (n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${n / 1024} KB`);
export const OPS = ["validate", "parse", "resolve", "normalize"];
/** Operations a family can name in its `ops` besides OPS: `display` is `toDisplayIri(s)` of uri-grammar/iri. */
export const EXTRA_OPS = ["display"];
export const RESOLVE_BASE = "http://a/b/c/d;p?q";
