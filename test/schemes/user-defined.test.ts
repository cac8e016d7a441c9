// A user extends the library with a scheme of their own, through the public API only
// (uri-grammar/abnf and uri-grammar/schemes), in about thirty lines, and gets what the built-in
// schemes get: parse and validate with typed errors, a registry, normalization and equivalence,
// the regex fast path, printed ABNF and random valid URIs.
import { alt, grammar, grammarFromAbnf, lit, opt, range, ref, rep, rfc3986, seededRandom, seq, many } from "../../src/abnf/index";
import { equivalentOrThrow, isValid, normalizeOrThrow, parse, parseOrThrow, serialize } from "../../src/index";
import { createRegistry, defaultRegistry, defineScheme, mailto } from "../../src/schemes/index";

// ---- 1. s3://bucket/key, written with the algebra (about 30 lines) -----------------------------
// Amazon S3 bucket names: 3 to 63 lowercase letters, digits, "." and "-", starting and ending
// with a letter or digit, no "..". The key is a path of RFC 3986 segments.
const s3Grammar = grammar(
  {
    "s3-URI": seq(lit("s3://"), ref("bucket"), opt(seq(lit("/"), ref("key")))),
    bucket: seq(ref("bucket-char"), rep(1, 61, alt(ref("bucket-char"), lit("."), lit("-"))), ref("bucket-char")),
    "bucket-char": alt(range(0x61, 0x7a), ref("DIGIT")),
    key: seq(ref("segment"), many(seq(lit("/"), ref("segment")))),
  },
  { name: "S3 URIs", imports: [rfc3986.pick("segment", "DIGIT")] },
);

interface S3Uri {
  readonly kind: "s3";
  readonly bucket: string;
  readonly key: string;
}

const s3 = defineScheme<S3Uri>({
  name: "s3",
  grammar: s3Grammar,
  rule: "s3-URI",
  section: "Amazon S3 User Guide, bucket naming rules",
  captures: ["bucket", "key"],
  build({ match, fail }) {
    const bucket = match.first("bucket")?.text ?? "";
    const dots = bucket.indexOf("..");
    if (dots >= 0) fail({ code: "bucket-name", offset: 5 + dots, rule: "bucket", message: 'a bucket name has no ".."' });
    return { kind: "s3", bucket, key: match.first("key")?.text ?? "" };
  },
});

// ---- 2. git+ssh://, loaded from ABNF text that names RFC 3986's rules ---------------------------
const loaded = grammarFromAbnf('git-ssh-URI = "git+ssh://" [ userinfo "@" ] host [ ":" port ] path-absolute\n', { name: "git+ssh", imports: [rfc3986] });
if (!loaded.ok) throw loaded.error;

const gitSsh = defineScheme({
  name: "git+ssh",
  grammar: loaded.value,
  rule: "git-ssh-URI",
  section: "git-clone(1), GIT URLS",
  defaultPort: 22,
  build: ({ uri }) => ({
    kind: "git+ssh" as const,
    user: uri.authority?.userinfo,
    host: uri.authority?.host.text ?? "",
    port: uri.authority?.port === undefined || uri.authority.port === "" ? 22 : Number(uri.authority.port),
    repository: uri.path.text.slice(1).replace(/\.git$/, ""),
  }),
});

const registry = defaultRegistry.with(s3, gitSsh);

describe("a scheme of one's own, with the algebra (s3)", () => {
  it("parses into its typed value, and rejects with typed errors", () => {
    expect(s3.parseOrThrow("s3://my-bucket/photos/2024/cat.jpg")).toEqual({ kind: "s3", bucket: "my-bucket", key: "photos/2024/cat.jpg" });
    expect(s3.parseOrThrow("S3://logs")).toEqual({ kind: "s3", bucket: "logs", key: "" });
    const upper = s3.parse("s3://My-Bucket/x");
    expect(upper.ok || [upper.error.code, upper.error.offset, upper.error.expected]).toEqual(["syntax", 5, ["bucket-char"]]);
    const dots = s3.parse("s3://a..b/x");
    expect(dots.ok || [dots.error.code, dots.error.offset, dots.error.section]).toEqual(["bucket-name", 6, "Amazon S3 User Guide, bucket naming rules"]);
    expect(s3.parse("s3://ab").ok).toBe(false); // 3 characters at least
    const other = s3.parse("http://ab/x");
    expect(other.ok || other.error.code).toBe("scheme-mismatch");
  });

  it("works in a registry with the built-in schemes", () => {
    const r = parse("s3://bucket/key#frag", { schemes: registry });
    expect(r.ok && r.value.scheme).toEqual({ kind: "s3", bucket: "bucket", key: "key" });
    expect(r.ok && r.value.generic.fragment).toBe("frag");
    const bad = parse("s3://a..b/x", { schemes: registry });
    expect(bad.ok && [bad.value.generic.authority?.host.text, bad.value.schemeError?.code]).toEqual(["a..b", "bucket-name"]);
    const without = parse("s3://bucket/key", { schemes: defaultRegistry }); // the default registry has no s3
    expect(without.ok && without.value.scheme).toBeUndefined();
    expect(equivalentOrThrow("S3://bucket/%6Bey", "s3://bucket/key", { schemes: registry })).toBe(true);
  });

  it("gets the fast path, printed ABNF and random valid URIs", () => {
    expect(s3Grammar.pattern("s3-URI")).toEqual(expect.any(String));
    expect(s3Grammar.abnf("bucket")).toBe('bucket-char 1*61( bucket-char / "." / "-" ) bucket-char');
    expect(s3Grammar.toAbnf()).toContain('s3-URI = "s3://" bucket [ "/" key ]');
    for (let i = 0; i < 50; i++) {
      const u = s3.generate(seededRandom(i));
      expect(s3Grammar.isValid(u, "s3-URI")).toBe(true);
      expect(isValid(u, "URI")).toBe(true);
    }
  });
});

describe("a scheme of one's own, loaded from ABNF text (git+ssh)", () => {
  it("parses, normalizes with its default port, and compares", () => {
    expect(gitSsh.parseOrThrow("git+ssh://git@example.com/user/repo.git")).toEqual({ kind: "git+ssh", user: "git", host: "example.com", port: 22, repository: "user/repo" });
    expect(serialize(normalizeOrThrow("GIT+SSH://git@Example.COM:22/user/repo.git", { schemes: registry }))).toBe("git+ssh://git@example.com/user/repo.git");
    expect(equivalentOrThrow("git+ssh://example.com:022/r", "git+ssh://EXAMPLE.com/r", { schemes: registry })).toBe(true);
    const e = gitSsh.parse("git+ssh://example.com");
    expect(e.ok || [e.error.code, e.error.offset, e.error.expected]).toEqual(["syntax", 21, expect.arrayContaining(['":"', '"/"'])]);
    expect(gitSsh.grammar.pattern("git-ssh-URI")).toEqual(expect.any(String));
    expect(gitSsh.grammar.abnf("git-ssh-URI")).toBe('"git+ssh://" [ userinfo "@" ] host [ ":" port ] path-absolute');
  });
});

// The scheme value's type follows the registry (checked by `npm run typecheck`, which compiles
// this file: with `scheme` typed unknown, none of the property reads below would compile).
describe("the scheme value is typed by the registry", () => {
  it("the default registry gives the union of the built-ins, told apart by kind", () => {
    const v = parseOrThrow("mailto:chris@example.com?subject=hi", { schemes: defaultRegistry }).scheme;
    const subject: string | undefined = v?.kind === "mailto" ? v.subject : undefined;
    expect(subject).toBe("hi");
    const r = parse("urn:ISBN:0-395-36341-1", { schemes: defaultRegistry });
    const nid: string | undefined = r.ok && r.value.scheme?.kind === "urn" ? r.value.scheme.nid : undefined;
    expect(nid).toBe("ISBN");
  });

  it("with() adds the types of the schemes it adds, createRegistry has those it is given", () => {
    const r = parse("s3://my-bucket/a/b", { schemes: registry });
    const key: string | undefined = r.ok && r.value.scheme?.kind === "s3" ? r.value.scheme.key : undefined;
    expect(key).toBe("a/b");
    const g = parseOrThrow("git+ssh://git@example.com/org/repo.git", { schemes: registry }).scheme;
    expect(g?.kind === "git+ssh" ? g.repository : undefined).toBe("org/repo");
    const only = parseOrThrow("mailto:a@example.com", { schemes: createRegistry([mailto, s3]) }).scheme;
    const to: readonly string[] | undefined = only?.kind === "mailto" ? only.recipients.to : undefined;
    expect(to).toEqual(["a@example.com"]);
  });
});

