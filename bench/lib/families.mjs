// Input families of the scaling benchmark: each builds a string of exactly n characters.

/** n characters drawn from `alphabet` by a seeded generator (mulberry32), the same on every run. */
const random = (alphabet, n, seed) => {
  let a = seed >>> 0;
  let out = "";
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out += alphabet[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * alphabet.length)];
  }
  return out;
};

/** prefix + unit repeated (cut to fit) + suffix, n characters in all. */
const fill = (prefix, unit, n, suffix = "") => {
  const body = Math.max(0, n - prefix.length - suffix.length);
  return prefix + unit.repeat(Math.ceil(body / unit.length)).slice(0, body) + suffix;
};

export const FAMILIES = [
  // issue 22, item 4 (security review, November 2026): display copied the text shown so far once per combining mark (100 KB: 5 s)
  { name: "display-combining-marks", label: "IRI: `http://a/a` + U+0301 (a combining mark) repeated, shown by `toDisplayString`", rule: "IRI-reference", ops: ["parse", "display"], make: (n) => fill("http://a/a", "\u0301", n) },
  { name: "display-encoded-marks", label: "`http://a/` + `%CC%81` (U+0301 percent-encoded) repeated (whole triplets: up to 5 characters short of n), shown by `toDisplayString`", ops: ["parse", "display"], make: (n) => fill("http://a/", "%CC%81", n - ((n - 9) % 6)) },
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
  { name: "abnf-nested-brackets", label: 'loaded ABNF `e = t *( "+" t )`, `t = "x" / "(" e ")"`: `(`… `x` `)`… (LL(1), nested as deep as the input up to 150,000 levels, then `+x`… at the top: an odd length, n − 1 characters; a match refuses nesting past its depth budget, 200,000 calls waiting, with a MatchLimitError, so a deeper 1 MB input would time that error). Every open bracket keeps a waiting call until it closes; past 512 levels the engine parks them in typed-array records, so the collector has no frame objects to copy', grammar: 'e = t *( "+" t )\nt = "x" / "(" e ")"\n', rule: "e", make: (n) => { const d = Math.min((n - 1) >> 1, 150_000); return "(".repeat(d) + "x" + ")".repeat(d) + "+x".repeat(((n - 1) >> 1) - d); } },
  { name: "abnf-counted-repetition", label: 'loaded ABNF `x = *( 1*3"a" ) "b"`: `a`… then `c`', grammar: 'x = *( 1*3"a" ) "b"\n', rule: "x", make: (n) => fill("", "a", n, "c") },
  // Bounded engine work (issue 19 item 6): self calls read as loops (the large DFAs are in POLYNOMIAL_FAMILIES).
  { name: "abnf-self-loop", label: 'loaded ABNF `a = "x" *a`: `x`… (a self call read as a loop; cubic before: 2,000 characters took 48 s)', grammar: 'a = "x" *a\n', rule: "a", make: (n) => fill("", "x", n) },
  { name: "abnf-self-loop-list", label: 'loaded ABNF `a = "x" *( "," a )`: `x,x,`… `x` (a list as right recursion in a repetition, read as a loop; n − 1 characters, accepted)', grammar: 'a = "x" *( "," a )\n', rule: "a", make: (n) => fill("", "x,", n - 1, "x") },
];

/**
 * Families measured at their own sizes: DFAs whose states are many and large (linear, but each
 * character may read a state's positions, and the states made stay within the grammar's memory
 * budget: measured where they no longer fit it), and recursive grammars whose documented bound
 * is quadratic or cubic (Grammar.isLinear). Each gives `bound`, the power of n the
 * documentation states for the time of one call.
 */
export const POLYNOMIAL_FAMILIES = [
  { name: "abnf-nth-from-end", bound: 1, sizes: [131072, 524288, 1048576], label: 'loaded ABNF `x = *( "a" / "b" ) "a" 200( "a" / "b" )`: random `a`/`b` (a DFA state per set of the last 201 characters that were `a`, 2^201 of them, made and forgotten within the grammar\'s memory budget; at sizes where the states made no longer fit it: a smaller input, repeated, is answered from the states its first call made)', grammar: 'x = *( "a" / "b" ) "a" 200( "a" / "b" )\n', rule: "x", make: (n) => random("ab", n, 19) },
  { name: "abnf-nth-from-end-20000", bound: 1, sizes: [20480, 40960, 81920], label: 'loaded ABNF `x = *( "a" / "b" ) "a" 20000( "a" / "b" )`: random `a`/`b` (the issue\'s case: 20,000 characters took 25 s and 0.9 GB before the DFA\'s memory budget; each character reads a state of up to 20,001 positions, about 10,000 once 20,000 characters are read, so the time per character grows up to that size and is constant past it)', grammar: 'x = *( "a" / "b" ) "a" 20000( "a" / "b" )\n', rule: "x", make: (n) => random("ab", n, 19) },
  { name: "abnf-ambiguous-quadratic", bound: 2, sizes: [1025, 2049, 4097], label: 'loaded ABNF `a = "x" a "x" / "x"`: `x`… (an odd number: accepted; each call ends at every later offset of the same parity)', grammar: 'a = "x" a "x" / "x"\n', rule: "a", make: (n) => fill("", "x", n) },
  { name: "abnf-ambiguous-cubic", bound: 3, sizes: [200, 400, 800], label: 'loaded ABNF `a = "x" [ a ] [ a ]`: `x`… (the cubic worst case: two calls in a row, each ending at every later offset)', grammar: 'a = "x" [ a ] [ a ]\n', rule: "a", make: (n) => fill("", "x", n) },
];

// URI Templates (RFC 6570): match, one template (and one router), on URIs from 1 KB to 1 MB;
// linear for every template, ambiguous ones included (they run in the validate column).
FAMILIES.push(
  { name: "template-route", label: "template `/users/{id}/files{/path*}{?q}` (deterministic): a 1 MB id", template: "/users/{id}/files{/path*}{?q}", make: (n) => fill("/users/", "a", n, "/files/x?q=1") },
  { name: "template-adjacent", label: "template `{a}{b}` (ambiguous): `a`…", template: "{a}{b}", make: (n) => fill("", "a", n) },
  { name: "template-separator", label: "template `{x}-{y}` (ambiguous, values holding `-`): `a-`…", template: "{x}-{y}", make: (n) => fill("", "a-", n) },
  { name: "template-explode", label: "template `{/path*}{/x}` (an explode next to what it can hold): `/a`…", template: "{/path*}{/x}", make: (n) => fill("", "/a", n) },
  { name: "template-reserved", label: "template `{+path}/here`: `/a`… then `/here`", template: "{+path}/here", make: (n) => fill("", "/a", n, "/here") },
  { name: "template-prefix", label: "template `{a:3}{b}` (a prefix modifier, ambiguous): `a`…", template: "{a:3}{b}", make: (n) => fill("", "a", n) },
  { name: "template-no-match", label: "template `{a}{b}`: `a`… then ` ` (no match, found at the end)", template: "{a}{b}", make: (n) => fill("", "a", n, " ") },
  { name: "template-repeated", label: "template `{a}{a}` (a variable twice, ambiguous): `a`…, up to maxReadings (64) readings tried", template: "{a}{a}", make: (n) => fill("", "a", n) },
  { name: "template-router", label: "a router of 1,000 templates (`/api/v1/resource{i}/{id}/items{/item}{?page,limit}`): one with a 1 MB id", router: true, make: (n) => fill("/api/v1/resource777/", "a", n, "/items/9?page=2") },
);

export const SIZES = [1024, 10 * 1024, 100 * 1024, 1024 * 1024];
export const sizeLabel = (n) => (n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${n / 1024} KB`);
export const OPS = ["validate", "parse", "resolve", "normalize"];
/** Operations a family can name in its `ops` besides OPS: `display` is `toDisplayString(s)` of uri-grammar/iri. */
export const EXTRA_OPS = ["display"];
export const RESOLVE_BASE = "http://a/b/c/d;p?q";
