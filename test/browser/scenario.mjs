// The calls the browser test makes, once in headless Chromium (on the esbuild bundle) and once in
// Node (on the built package by its own name): plain ESM JavaScript, no Node or DOM API, so the
// same file runs in both. `lib` holds one namespace per subpath export and parsimmon as `P`.
// Every answer is JSON-ready, so the two runs compare with one deep equality.

/** What an error shows: its class, typed fields and message (a stack differs between engines). */
function errorOf(e) {
  if (!(e instanceof Error)) return { thrown: String(e) };
  const out = { name: e.name, message: e.message };
  for (const k of ["code", "offset", "rule", "expected", "found", "shortMessage"]) if (k in e) out[k] = e[k];
  return out;
}

/** A Result as data, with `show` applied to a value. */
function resultOf(r, show = (v) => v) {
  return r.ok ? { ok: true, value: show(r.value) } : { ok: false, error: errorOf(r.error) };
}

/** JSON with `undefined` kept apart from absence (the AST tells absent from empty). */
function plain(v) {
  return JSON.parse(JSON.stringify(v, (_k, x) => (x === undefined ? "<undefined>" : typeof x === "bigint" ? `${x}n` : x)));
}

export function run(lib) {
  const { main, rules, abnf, components, builder, iri, schemes, P } = lib;
  const ser = (n) => main.serialize(n);
  const out = {};

  // every subpath export loads, with the same names
  out.exports = Object.fromEntries(Object.entries(lib).filter(([k]) => k !== "P").map(([k, ns]) => [k, Object.keys(ns).sort()]));

  // parse: the typed AST with spans
  out.parse = plain(main.parseOrThrow("foo://example.com:8042/over/there?name=ferret#nose"));
  out.parseIpv6 = plain(main.parseOrThrow("ldap://[2001:db8::7]/c=GB?objectClass?one").authority.host);
  out.parseRule = plain(main.parseRuleOrThrow("[v1.x]", "host"));
  out.parseIri = plain(main.parseRuleOrThrow("http://r\u00e9sum\u00e9.example/D\u00fcrst", "IRI-reference"));

  // validate: the typed error, with its caret
  const v = main.validate("https://[::1/", "URI-reference");
  out.validate = { ...resultOf(v), isUriSyntaxError: !v.ok && v.error instanceof main.UriSyntaxError, caretLine: v.ok ? undefined : v.error.message.split("\n")[2] };
  out.isValid = [main.isValid("1:2:3:4:5:6:7::", "IPv6address"), main.isValid("256", "dec-octet"), main.isValid("http://a/b c")];

  // resolve (RFC 3986 §5.4), relativize
  const base = "http://a/b/c/d;p?q";
  out.resolve = ["g:h", "../g", "?y", "g;x?y#s", "../../../g", "/./g", "g/../h"].map((r) => resultOf(main.resolve(base, r), ser));
  out.resolveError = resultOf(main.resolve("/b/c", "g"));
  out.relativize = resultOf(main.relativize(base, "http://a/b/g"), ser);

  // normalize, equivalent (the "scheme" level with the built-in schemes, passed as a value)
  out.normalize = ["example://a/./b/../b/%63/%7bfoo%7d", "HTTP://www.Example.COM:80", "file://localhost/etc/fstab", "http://%31%32%37.0.0.1/"].map((s) => resultOf(main.normalize(s, { schemes: schemes.defaultRegistry }), ser));
  out.equivalent = [
    ["http://example.com", "http://example.com:80/"],
    ["urn:ISBN:0-395-36341-1", "urn:isbn:0-395-36341-1"],
    ["http://[::1]/", "http://[0:0::1]/"],
    ["http://a/b", "http://a/c"],
  ].map(([a, b]) => resultOf(main.equivalent(a, b, { schemes: schemes.defaultRegistry })));

  // IRIs: RFC 3987 §3.1 (with IDNA through tr46) and §3.2
  out.iriToUri = resultOf(iri.iriToUri("http://r\u00e9sum\u00e9.example.org/D\u00fcrst", { idna: true }), ser);
  out.iriToUriPlain = resultOf(iri.iriToUri("http://r\u00e9sum\u00e9.example.org/D\u00fcrst"), ser);
  out.uriToIri = resultOf(iri.uriToIri("http://xn--rsum-bpad.example.org/D%C3%BCrst", { idna: true }), ser);
  out.displayIri = iri.toDisplayString("http://xn--bcher-kva.example/");

  // schemes: mailto and urn:uuid as typed values
  out.mailto = plain(schemes.mailto.parseOrThrow("mailto:user@example.org?subject=caf%C3%A9&cc=b@example.org"));
  out.uuid = plain(schemes.urn.parseOrThrow("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"));
  out.uuidError = resultOf(schemes.urn.parse("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bfx"));
  const sp = main.parse("mailto:a@example.org", { schemes: schemes.defaultRegistry });
  out.registryParse = plain(sp.ok ? sp.value.scheme : errorOf(sp.error));

  // rule parsers composed with the caller's parsimmon
  const hostPort = P.seqMap(rules.host, P.string(":"), rules.port, (h, _c, p) => ({ host: h.kind, text: h.text, port: p }));
  out.composedHostPort = plain(hostPort.tryParse("[::1]:8080"));
  const list = P.sepBy1(rules.uri, P.string(" ")).map((us) => us.map(ser));
  out.composedList = plain(list.parse("http://a/b mailto:x@y urn:isbn:1"));
  const bad = list.parse("http://a/b :x");
  out.composedFailure = bad.status ? "parsed" : { offset: bad.index.offset, expected: [...bad.expected].sort() };
  out.isParser = P.isParser(rules.rule("segment-nz-nc"));

  // the algebra, components and the builder
  const g = abnf.grammarFromAbnf('version = 1*DIGIT "." 1*DIGIT');
  out.abnf = g.ok ? [g.value.isValid("1.25", "version"), g.value.isValid("1.", "version"), g.value.abnf("version")] : errorOf(g.error);
  out.components = [components.percentDecode("caf%C3%A9"), components.percentEncode("a b/c", "segment"), components.removeDotSegments("/a/b/c/./../../g")];
  out.builder = resultOf(builder.buildUri({ scheme: "https", host: "example.com", path: "/docs", query: "x=1" }), ser);

  // railroad diagrams (SVG text, no DOM), where the package exports them
  if (lib.diagrams !== undefined) out.diagram = lib.diagrams.diagram(abnf.rfc3986, "dec-octet", { href: "#{name}" });
  return out;
}
